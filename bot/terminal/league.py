"""A season at the terminal: the main job when there is no Discord token.

``dugout run`` keeps a small league in the SQLite file named by DUGOUT_DATABASE:
the sample set's two hand-made teams, their rosters, auto-manager lineups and
rotations. Each run plays the next game at the terminal (you manage the home team
when stdin is a terminal), stores its result through the league store and prints
the standings, so the file grows into a season like a Discord league's would.

Nothing is lost and nothing gets stuck:

- Each answer is stored in the league file as it is given (``Store.save_decisions``,
  as the Discord session does). Ctrl-C, SIGTERM, a closed terminal (SIGHUP, or the end
  of input at a prompt), ``q`` at a prompt or a crash leave the game live; the next run
  resumes it where it stood and says so. A signal never cuts a store call in half: it
  is acted on while the terminal waits for an answer or paces the plays, or once the
  call in hand is over.
- The league is made in one transaction, and a game is scheduled and started in one,
  so a crash or a refused start leaves no half league and no half-made game.
- A live game has one owner (league.lease): the run takes the game's lease when it starts or
  resumes it, renews it while it plays (a heartbeat thread, and with every answer saved) and
  gives it back when it stops. A second ``dugout run`` on the same file says who plays the game
  and exits (status 1) without touching it; a lease whose process was killed is taken over. A run
  whose lease another process took over (it lapsed) stops at its next play or answer, saving nothing more.
- A saved lineup's hurt or resting player is replaced from the bench, and a rotation
  with nobody rested gets a spot starter (``Store.playable_setup``); the run says who.
"""

from __future__ import annotations

import asyncio
import errno
import secrets
import shlex
import signal
import sys
from collections.abc import Coroutine, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import fields
from pathlib import Path
from types import FrameType
from typing import Any, TextIO, TypeVar

from bot.terminal.game import WATCH_PACE, QuitGame, Terminal, team_cards
from bot.words.narrate import bases_text
from bot.words.standings_view import VIEW_NAMES, render_standings_png, section_text, sections
from cards import SAMPLE_SET
from cards.loader import load_set
from engine.boxscore import ordinal
from engine.game import PERSON_DEFAULT, AnyGame, Game
from engine.requests import DecisionError, ReplayMismatch
from engine.rulesets import for_family
from engine.scene import outs_text
from engine.setup import SetupError
from league import db
from league.errors import GameBusy, LeagueError, NotFound, NotOnSchedule, SettingsError
from league.lease import Heartbeat, Owner
from league.models import DH_RULE, GameRecord, League, LeagueRules, Replacement
from league.names import name_key
from league.settings import WHOLE_NUMBER, not_of, ruleset_title, settings_of
from league.setups import BENCH_USAGE
from league.standings import OVERALL, LeagueStandings, StandingsRow
from league.store import Store

LEAGUE = "Terminal League"
SAMPLE = "sample"
TEAMS = (("Harbor City", "HC"), ("Mesa Valley", "MV"))
# The signals that stop a game at the terminal, and how the goodbye line names them.
STOP_SIGNALS = {signal.SIGINT: "Ctrl-C", signal.SIGTERM: "SIGTERM", signal.SIGHUP: "the terminal closed"}

T = TypeVar("T")


class Stopped(Exception):
    """A stop signal arrived: the game stops where it stands (its answers are already stored)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class Signals:
    """SIGINT, SIGTERM and SIGHUP stop play by raising :class:`Stopped`, but only at safe points.

    A signal is noted when it arrives and raised inside :meth:`open` (the terminal waiting
    for an answer or pausing between plays) or at :meth:`check`; so it never cuts a store
    call or an answer half made. The first signal counts; later ones change nothing.
    """

    def __init__(self) -> None:
        self.signum: int | None = None
        self.opened = False
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> Signals:
        for signum in STOP_SIGNALS:
            self.previous[signum] = signal.signal(signum, self.handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)

    def handle(self, signum: int, frame: FrameType | None) -> None:
        if self.signum is not None:
            return
        self.signum = signum
        if self.opened:
            self.opened = False
            raise Stopped(signum)

    def check(self) -> None:
        if self.signum is not None:
            raise Stopped(self.signum)

    @contextmanager
    def open(self) -> Iterator[None]:
        """A stretch of waiting in which a signal stops play at once."""
        self.check()
        self.opened = True
        try:
            yield
        finally:
            self.opened = False

    def sleep(self, seconds: float) -> None:
        import time

        with self.open():
            time.sleep(seconds)


class Input:
    """stdin for the terminal: reading an answer is a point where a signal may stop play."""

    def __init__(self, inp: TextIO, signals: Signals) -> None:
        self.inp = inp
        self.signals = signals

    def readline(self) -> str:
        with self.signals.open():
            return self.inp.readline()

    def isatty(self) -> bool:
        return self.inp.isatty()

    def fileno(self) -> int:
        return self.inp.fileno()


# --- the league -----------------------------------------------------------------------------


def set_league_name(card_set: str = SAMPLE) -> str:
    """The terminal league of a card set: "Terminal League" for the sample set, "Terminal League 1970" for 1970."""
    return LEAGUE if card_set == SAMPLE else f"{LEAGUE} {Path(card_set).name}"


async def terminal_league(store: Store, card_set: str = SAMPLE) -> League:
    """The terminal's league, made on first use in one transaction: its teams signed, lineups and rotations set.

    The sample set's league has its two hand-made teams; any other set's league has the
    teams the set lists (a generated season's set: ``[[team]]`` entries), with the set's DH,
    and plays the set's game: a Deep Drive set (``deep-drive-sample``) makes a Deep Drive league.
    """
    async with store.transaction():
        try:
            return await store.find_league(set_league_name(card_set))
        except NotFound:
            pass
        if card_set != SAMPLE:
            pool = await store.card_sets([card_set])
            if not any(s.team_entries for s in pool.sets):
                raise SettingsError(f"card set {card_set!r} lists no teams; the terminal league plays a set's teams")
            league = await store.create_league(  # the set's game (set.toml ruleset)
                set_league_name(card_set), [card_set], options=pool.options(), ruleset=for_family(pool.family).name
            )
            await store.create_teams_from_sets(league.id)
            return league
        cards = load_set(SAMPLE_SET)
        league = await store.create_league(LEAGUE, ["sample"])
        for name, abbreviation in TEAMS:
            park = next((p.id for p in cards.ballparks.values() if p.team == name), None)
            team = await store.create_team(league.id, name, abbreviation, ballpark=park)
            batters, pitchers = team_cards(cards, name)
            for card in [*batters, *pitchers]:
                await store.sign(team.id, card.id)
            for hand in ("L", "R"):
                await store.save_auto_lineup(team.id, hand)
            await store.set_rotation(team.id, [p.id for p in pitchers if p.start is not None][:5])
        return league


async def start_next_game(
    store: Store,
    league: League,
    managed: set[str],
    seed: int,
    ask: str = PERSON_DEFAULT,
    owner: Owner | None = None,
) -> tuple[GameRecord, list[Replacement]]:
    """The league's next game, scheduled and started (its lease taken by ``owner``) in one transaction:
    a start that fails leaves no game.

    The teams take turns at home. A game left scheduled (a season's schedule, or an older Dugout's) is
    played first; a season whose regular season is over takes no other (league.errors.SeasonClosed), and
    a season with a schedule none but its own (league.errors.NotOnSchedule: a postponed one is named).
    """
    teams = await store.teams(league.id)
    played = await store.games(league.id, status="final")
    # Every pair of teams in turn; each time round the list the other team is at home.
    pairs = [(a, b) for i, a in enumerate(teams) for b in teams[i + 1 :]]
    away, home = pairs[len(played) % len(pairs)]
    if (len(played) // len(pairs)) % 2 == 1:
        away, home = home, away
    async with store.transaction():
        waiting = await store.games(league.id, status="scheduled")
        try:
            record = waiting[0] if waiting else await store.schedule_game(league.id, away.id, home.id)
        except NotOnSchedule as exc:  # a scheduled season whose games left are postponed: none is added
            postponed = [g for g in await store.games(league.id, status="postponed") if g.phase == "regular"]
            if not postponed:
                raise
            raise NotOnSchedule(
                f"game {postponed[0].id} (day {postponed[0].day}) is postponed, and the season's schedule has no "
                f"other game to play: a commissioner starts it in Discord with /game start game:{postponed[0].id} "
                "override:True"
            ) from exc
        setup, replacements = await store.playable_setup(record.id)
        asking = {side: ask for side in managed}
        # The terminal's player runs his own league: a game left over from another day is his to start.
        record = await store.start_game(
            record.id, setup=setup, seed=seed, managed=managed, asking=asking, override=True, told=replacements
        )
        if owner is not None:
            await store.take_lease(record.id, owner)
    return record, replacements


async def finish(store: Store, record: GameRecord, game: AnyGame, owner: Owner | None = None) -> None:
    """The result and the next league day, together; the owner's lease checked and given back with them."""
    async with store.transaction():
        if owner is not None:
            await store.renew_lease(record.id, owner)
        await store.finish_game(record.id, game.to_dict())
        await store.advance_day(record.league_id)
        if owner is not None:
            await store.release_lease(record.id, owner)


async def save_answers(store: Store, record: GameRecord, game: AnyGame, printed: int, owner: Owner) -> None:
    """An answer saved (and how far the screen got) only while the game is still this run's to play."""
    async with store.transaction():
        await store.renew_lease(record.id, owner)
        await store.save_decisions(record.id, game)
        await store.record_posted(record.id, printed)


def where(game: AnyGame) -> str:
    """Where a game stands, for the line that resumes it."""
    setup, state = game.setup, game.state
    teams = f"{setup.away.name} at {setup.home.name}"
    score = f"{setup.away.name} {state.away.runs}, {setup.home.name} {state.home.runs}"
    if game.over:
        return f"{teams}, played out to the end: {score}"
    half = "top" if state.top else "bottom"
    outs = outs_text(state.outs)
    bases = bases_text([runner.id if runner else None for runner in state.bases])
    return f"{teams}, {half} of the {ordinal(max(state.inning, 1))}, {outs}, {bases}; {score}"


# --- the run ------------------------------------------------------------------------------------


class TerminalRun:
    """One ``dugout run`` at the terminal: the store calls run one by one on an event loop of their
    own, between which the game is played in plain (blocking) code that signals can stop."""

    def __init__(
        self,
        runner: asyncio.Runner,
        signals: Signals,
        path: Path | str,
        out: TextIO,
        inp: TextIO,
        pace: float,
        ask: str = PERSON_DEFAULT,
        card_set: str = SAMPLE,
        rules: Mapping[str, int] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.ask = ask
        self.rules = dict(rules or {})  # --rule: league rules to set before the game
        self.options = dict(options or {})  # --option: game options to set before the game
        self.card_set = card_set
        self.runner = runner
        self.signals = signals
        self.path = path
        self.out = out
        self.inp = inp
        self.pace = pace
        self.interactive = inp.isatty()
        self.record: GameRecord | None = None
        self.owner = Owner.this_process()  # the lease of the game this run plays (league.lease)
        self.leased: int | None = None  # the game whose lease it holds

    def call(self, coro: Coroutine[Any, Any, T]) -> T:
        return self.runner.run(coro)

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def settle(self, store: Store, league: League, live: bool) -> League:
        """The ``--option`` and ``--rule`` settings, kept in the league: all of them or, when one is not
        its game's or not valid (SettingsError, the message says which), none. A ``live`` game goes on
        with the settings it started with (its stored setup), so the run says they start with the next."""
        if not (self.options or self.rules):
            return league
        other = not_of(league.ruleset, [*self.options, *self.rules])
        if other:
            raise SettingsError(
                f"{', '.join(other)} {'is' if len(other) == 1 else 'are'} not a setting of {league.name}, which "
                f"plays {ruleset_title(league.ruleset)}; its settings: {', '.join(settings_of(league.ruleset))}"
            )
        try:
            options = type(league.options).from_dict({**league.options.to_dict(), **self.options})
            rules = LeagueRules.from_dict({**league.rules.to_dict(), **self.rules})
        except (SetupError, ValueError) as exc:
            raise SettingsError(str(exc)) from exc
        later = " (from the next game: the live one keeps its own)" if live else ""
        if self.options:
            league = self.call(store.set_options(league.id, options))
            shown = ", ".join(f"{name} {_shown(v)}" for name, v in self.options.items())
            self.say(f"Game options: {shown}{later}.")
        if self.rules:
            league = self.call(store.set_rules(league.id, rules))
            self.say(
                "League rules: " + ", ".join(f"{name} {value}" for name, value in self.rules.items()) + f"{later}."
            )
        return league

    def play(self) -> int:
        store = self.call(Store.open(self.path))
        try:
            league = self.call(terminal_league(store, self.card_set))
            live = self.call(store.games(league.id, status="live"))
            if live:  # another run playing it refuses this one here, before anything is changed
                self.call(store.take_lease(live[0].id, self.owner))
                self.leased = live[0].id
            league = self.settle(store, league, bool(live))
            record, game = self.resume(store, live[0]) if live else self.start(store, league)
            self.record = record
            self.signals.check()

            beat = Heartbeat(self.path, record.id, self.owner)

            def still_ours() -> None:
                # The heartbeat could not renew the lease and another process took the game over: its
                # plays and answers are no longer this run's to show or save.
                if beat.lost:
                    raise GameBusy(
                        f"game {record.id} was taken over by another dugout process; this run stops without saving more"
                    )

            def pace(seconds: float) -> None:
                self.signals.sleep(seconds)
                still_ours()

            def saved(game: AnyGame) -> None:
                still_ours()
                self.call(save_answers(store, record, game, terminal.printed, self.owner))

            terminal = Terminal(game, self.out, Input(self.inp, self.signals), self.pace, pace, saved)
            if live:
                # The engine plays ahead of the screen: go on from the last play shown, not the last computed.
                terminal.printed = min(record.posted, len(game.events)) if record.posted else len(game.events)
            try:
                with beat:
                    terminal.run()
            except Stopped:
                self.call(store.record_posted(record.id, terminal.printed))
                raise
            except QuitGame as stop:
                self.call(store.record_posted(record.id, terminal.printed))
                why = "No more input" if str(stop) == "end of input" else "Quit"
                self.say()
                self.say(f"{why}: {self.saved_line()}")
                return 0
            self.call(finish(store, record, game, self.owner))
            self.leased = self.record = None
            self.call(print_standings(store, league.id, self.out))
            self.say(f"\nStored in {db.shown(self.path)}. Run again for the next game.")
            return 0
        finally:
            if self.leased is not None:  # stopped or failed: the next run may resume it at once
                with suppress(LeagueError):
                    self.call(store.release_lease(self.leased, self.owner))
            self.call(store.close())

    def start(self, store: Store, league: League) -> tuple[GameRecord, AnyGame]:
        managed = {"home"} if self.interactive else set()
        seed = secrets.randbelow(1_000_000)
        record, replacements = self.call(start_next_game(store, league, managed, seed, self.ask, self.owner))
        self.leased = record.id
        game = self.call(store.load_game(record.id))
        setup = game.setup
        self.say(f"{league.name}, day {league.day}: {setup.away.name} at {setup.home.name}. Seed {game.seed}.")
        if league.options.dh_leagues:  # two leagues' rules: say which this game plays
            self.say(f"{league.options.dh_text()} Here: {'with' if setup.options.designated_hitter else 'without'} it.")
        # A lineup turned to this park's DH rule, and (DDB "Using the Bench") the men the Bench Usage
        # Chart sits are told first, each in its own words; then who fills in for whoever cannot play.
        told = [r for r in replacements if r.rule == DH_RULE or r.text.startswith(BENCH_USAGE)]
        for replacement in told:
            self.say(f"{replacement.text}.")
        others = [r for r in replacements if r not in told]
        if others:
            self.say("Not everyone can play today; the auto-manager fills in:")
            for replacement in others:
                self.say(f"  {replacement.text}")
        if managed:
            often = "every pitch" if self.ask == "every" else "when it matters (t between plays calls time)"
            self.say(
                f"You manage {setup.home.name}, asked {often}. Enter takes the suggestion; q quits and saves the game."
            )
        return record, game

    def resume(self, store: Store, record: GameRecord) -> tuple[GameRecord, AnyGame]:
        try:
            game = self.call(store.load_game(record.id))
        except (ReplayMismatch, DecisionError):
            game = self.replay_what_still_fits(store, record)
        answers = sum(1 for d in game.log if d.by != "auto")
        self.say(f"Resuming {where(game)} (game {record.id}, {answers} answers stored).")
        if game.managed and not self.interactive:
            # Nobody at a terminal to answer: the auto-manager plays on, so the run cannot wait forever.
            for side in sorted(game.managed):
                game.set_managed(side, False)
            self.call(store.save_decisions(record.id, game))
            self.say("No terminal on stdin: the auto-manager manages the rest of the game.")
        elif game.managed:
            self.say("Enter takes the suggestion; q quits and saves the game.")
        return record, game

    def replay_what_still_fits(self, store: Store, record: GameRecord) -> AnyGame:
        """A live game stored by an older Dugout whose rules asked other questions: it goes on from
        the longest start of its log that still replays (stored anew), so the run is never stuck."""
        data = record.game_dict()
        log = data["log"]
        for keep in range(len(log) - 1, -1, -1):
            try:
                game = Game.from_dict({**data, "log": log[:keep]})
            except (ReplayMismatch, DecisionError):
                continue
            self.call(store.save_progress(record.id, game.to_dict()))
            self.say(
                f"Game {record.id} was stored by another version of Dugout: its first {keep} of "
                f"{len(log)} decisions still replay, and it goes on from there."
            )
            return game
        raise AssertionError("a game with no decisions always replays")

    def saved_line(self) -> str:
        game = f"game {self.record.id}" if self.record else "the game"
        resume = resume_command(self.card_set, self.path)
        return f"{game} is saved as it stood in {db.shown(self.path)}; {resume} resumes it."


def resume_command(card_set: str, database: Path | str) -> str:
    """The exact ``dugout run`` that plays this league's game again: a plain run plays the sample set's
    league in the default file, so another set's league needs its --set, and another file its --database."""
    import argparse

    from bot.terminal.files import database_path  # what a run without --database would open (it reads .env too)

    words = ["dugout", "run"]
    if card_set != SAMPLE:
        words += ["--set", card_set]
    default = database_path(argparse.Namespace())
    if db.is_url(database) or db.is_url(default) or Path(default).resolve() != Path(database).resolve():
        words += ["--database", str(database)]
    return shlex.join(words)


async def print_standings(store: Store, league_id: int, out: TextIO) -> None:
    """The standings after games: each division (or league, or the one table) with its own games behind."""
    tables = await store.league_standings(league_id)
    overall = (await store.standings(league_id))[OVERALL]
    print("\nStandings", file=out)
    shown = sections("division", tables, overall)
    if len(shown) == 1:  # one table (no divisions, no leagues): no title of its own
        print(section_text(shown[0]), file=out)
    else:
        print_views(tables, overall, "division", out)


def print_views(leagues: list[LeagueStandings], overall: list[StandingsRow], view: str, out: TextIO) -> None:
    """A view of the standings (bot.words.standings_view) as text tables, each under its title."""
    for number, section in enumerate(sections(view, leagues, overall)):
        print(f"{'' if number == 0 else chr(10)}{section.title}", file=out)
        print(section_text(section), file=out)


def standings(
    database: Path | str,
    league_name: str | None,
    view: str,
    wild_cards: int,
    picture: Path | None,
    out: TextIO,
    season: int | None = None,
) -> int:
    """``dugout standings``: a league's standings from the league file (``season``: a past one's final
    standings), and the picture if asked."""
    if db.missing(database):
        raise NotFound(f"no league file at {database}; dugout run makes one, or give --database")

    async def read() -> tuple[League, list[LeagueStandings], list[StandingsRow]]:
        store = await Store.open(database, upgrade=False)
        try:
            league = await pick_league(store, league_name)
            tables = await store.league_standings(league.id, season, wild_cards=wild_cards)
            overall = (await store.standings(league.id, season))[OVERALL]
            return league, tables, overall
        finally:
            await store.close()

    league, tables, overall = asyncio.run(read())
    year = season or league.season
    when = f"day {league.day}" if year == league.season else "final"
    print(f"{league.name} standings, season {year}, {when}: {VIEW_NAMES[view]}\n", file=out)
    print_views(tables, overall, view, out)
    if picture is not None:
        title = f"{league.name} standings, " + (f"day {league.day}" if year == league.season else f"season {year}")
        picture.write_bytes(render_standings_png(title, sections(view, tables, overall)))
        print(f"\nwrote the picture to {picture}", file=out)
    return 0


async def pick_league(store: Store, name: str | None, guild: int | None = None) -> League:
    """The league a terminal command reads, by one rule for all of them (``--league``'s help, cli.LEAGUE_HELP).

    The league named (any case, spaces as typed); else the file's only league (the terminal league,
    or one Discord server's); else its only terminal league (no Discord server); else the league a
    plain ``dugout run`` plays. ``guild`` looks only among that Discord server's leagues."""
    leagues = await store.all_leagues() if guild is None else await store.leagues(guild)
    where, holder = ("this file", "the file") if guild is None else (f"server {guild}'s leagues", f"server {guild}")
    names = ", ".join(repr(lg.name) for lg in leagues) or "none"
    if name is not None:
        found = [lg for lg in leagues if name_key(lg.name) == name_key(name)]
        if not found:
            raise NotFound(f"no league called {name!r} in {where}; it has: {names}")
        if len(found) > 1:
            raise NotFound(f"{len(found)} leagues are called {name!r} (one per Discord server); rename one")
        return found[0]
    if len(leagues) == 1:
        return leagues[0]
    terminal = [lg for lg in leagues if lg.guild_id is None]
    if len(terminal) == 1:
        return terminal[0]
    default = [lg for lg in terminal if lg.name == LEAGUE]
    if default:
        return default[0]
    if not leagues:
        made_by = "dugout run makes the terminal league" if guild is None else "/league-create makes one"
        raise NotFound(f"{holder} has no league in this file: {made_by}")
    raise NotFound(f"{holder} has {len(leagues)} leagues; name one with --league ({names})")


RULE_WORDS = {"on": 1, "yes": 1, "true": 1, "off": 0, "no": 0, "false": 0}


def _shown(value: Any) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def parse_rules(texts: Sequence[str]) -> dict[str, int]:
    """``--rule NAME=VALUE`` values as league rules (``LeagueRules``): a whole number, or on/off for 1/0."""
    known = {f.name for f in fields(LeagueRules)}
    rules: dict[str, int] = {}
    for text in texts:
        name, _, value = text.partition("=")
        name, value = name.strip().replace("-", "_"), value.strip().lower()
        if name not in known:
            raise ValueError(f"there is no league rule {name!r}; the rules are {', '.join(sorted(known))}")
        if value in RULE_WORDS:
            rules[name] = RULE_WORDS[value]
        elif WHOLE_NUMBER.fullmatch(value):
            rules[name] = int(value)
        else:
            raise ValueError(f"--rule {name}= takes a whole number or on/off, e.g. --rule {name}=on; not {value!r}")
    return rules


def run(
    database: Path | str,
    pace: float | None = None,
    ask: str = PERSON_DEFAULT,
    card_set: str = SAMPLE,
    rules: Mapping[str, int] | None = None,
    options: Mapping[str, Any] | None = None,
) -> int:
    """``dugout run`` without a token: the terminal league's live game if there is one, else its next.

    Exit status: 0 when the game is over or stopped with q or the end of input; 128 + the
    signal's number when a signal stopped it (130 for Ctrl-C); 1 when the league refuses
    to start a game (the message says why; nothing is left half made).
    """
    out, inp = sys.stdout, sys.stdin
    if pace is None:
        pace = WATCH_PACE if inp.isatty() and out.isatty() else 0.0
    with Signals() as signals, asyncio.Runner() as runner:
        this = TerminalRun(runner, signals, database, out, inp, pace, ask, card_set, rules or {}, options or {})
        try:
            return this.play()
        except Stopped as stop:
            with suppress(OSError):  # a closed terminal cannot be written to
                print(f"\nStopped ({STOP_SIGNALS[signal.Signals(stop.signum)]}): {this.saved_line()}", file=out)
            return 128 + stop.signum
        except LeagueError as exc:
            print(f"dugout run: {exc}", file=sys.stderr)
            return 1
        except OSError as exc:
            if exc.errno in (errno.EIO, errno.EPIPE):  # the terminal went away mid-line
                return 128 + signal.SIGHUP
            raise
