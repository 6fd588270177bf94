"""``dugout play``: a game at the terminal, on a bundled sample set's cards.

Inside Pitch on the ``sample`` set by default; ``--ruleset deep-drive`` plays Deep Drive on
the ``deep-drive-sample`` set (the 2016 Chicago (N) and Cleveland teams), with the same
prompts, narration and box score. The Bench Usage Chart (DDB "Using the Bench") is a league
rule, rolled by the league before its games (league.store); one game here does not roll it,
and ``--help`` says so.

The play-by-play is printed as it happens, roll by roll (``bot.words.narrate``), with
the score after every half inning. When a side you manage must decide, the
question is shown with numbered options and the auto-manager's suggestion;
Enter takes the suggestion, and at the end of input (a closed or piped stdin)
the auto-manager manages the rest of the game. At the end come the line score
and the box score.

The game replays from its seed and decision log after every answer; the events
already printed are the same each time, so only the new ones are printed.
"""

from __future__ import annotations

import argparse
import random
import secrets
import select
import shlex
import sys
import time
from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol, TextIO

from bot.words.narrate import Line, Names, format_box_score, narrate
from cards import BUNDLED_SETS
from cards.deep_drive.loader import DeepDriveSet
from cards.loader import CardSet, load_any_set
from cards.models import Ballpark, Batter, Pitcher
from cards.notation import Position
from engine.boxscore import box_score, ordinal, walk
from engine.events import GameEnded, HalfInningStarted, PlateAppearanceEnded
from engine.game import ASKING_LEVELS, PERSON_DEFAULT, AnyGame, Game
from engine.lineup import auto_team
from engine.requests import Request
from engine.rulesets import DEFAULT_FAMILY, NAMES, families, family_of, for_family, rulesets
from engine.rulesets import ruleset as ruleset_named
from engine.setup import AnySetup, AnyTeamSetup, GameSetup, SetupError

MANAGE = {"none": set(), "away": {"away"}, "home": {"home"}, "both": {"away", "home"}}
WATCH_PACE = 0.3  # seconds after each plate appearance when a person watches at a terminal
TIME = ("t", "time")  # typed between plays: the manager calls time (Game.call_time)


class TeamNotFound(ValueError):
    pass


class LineInput(Protocol):
    """Where answers come from: stdin, or a wrapper around it."""

    def readline(self) -> str: ...

    def isatty(self) -> bool: ...


class QuitGame(Exception):
    """The person at a saving terminal stops the game: q at a prompt, or the end of input."""


AnySet = CardSet | DeepDriveSet


def load_cards(ruleset: str = DEFAULT_FAMILY) -> Any:
    """The card set games are played with: the bundled sample set of ``ruleset`` (set.toml's name)."""
    return load_any_set(BUNDLED_SETS / for_family(ruleset).sample_set)


# --- teams ---------------------------------------------------------------------------


def team_cards(cardset: AnySet, team: str) -> tuple[list[Batter], list[Pitcher]]:
    """A team's position players and pitchers (a pitcher's own batting card is not a position player)."""
    pitchers: list[Any] = [p for p in cardset.pitchers.values() if p.team == team]
    pitcher_keys = {(p.name, p.team, p.year) for p in pitchers}
    every: list[Any] = list(cardset.batters.values())
    batters = [b for b in every if b.team == team and (b.name, b.team, b.year) not in pitcher_keys]
    return batters, pitchers


def build_team(
    cardset: AnySet, team: str, designated_hitter: bool = False, sitting: Container[str] = ()
) -> AnyTeamSetup:
    """The auto-manager's team: the first pitcher with a START line starts, the rest are the bullpen.

    Deep Drive: the first STARTER by his Usage box starts; a pitcher bats with a batter card of his
    own name, else the set's "Pitcher At Bat" card. Players in ``sitting`` (by id: the Bench Usage
    Chart's, :func:`bench_usage`) are left out of the team."""
    batters, pitchers = team_cards(cardset, team)
    batters = [b for b in batters if b.id not in sitting]
    policy = for_family(cardset.info.ruleset).policy
    staff: list[Any] = [p for p in pitchers if p.id not in sitting]
    ace = next((p for p in staff if policy.is_starter(p)), None)
    if ace is None:
        raise SetupError(f"{team}: no {policy.starter_card}")
    pen = [p for p in staff if p is not ace]
    pen.sort(key=lambda p: policy.card_role(p) == "closer")  # the closer last, as the league orders a bullpen
    batting_card_for: Any = cardset.batting_card_for  # the set's own rule (either game's set)
    generic, own = policy.pitchers_batting(staff, batting_card_for)
    return auto_team(team, batters, ace, generic, designated_hitter, pen, own)


def playable_teams(cardset: AnySet) -> list[str]:
    """Teams of the set that can field a lineup and a starter, in the set's order."""
    names = list(dict.fromkeys(p.team for p in cardset.pitchers.values()))
    playable = []
    for name in names:
        try:
            build_team(cardset, name)
        except SetupError:
            continue
        playable.append(name)
    return playable


def find_team(wanted: str, teams: Sequence[str]) -> str:
    """A team by its name, case-insensitive; a unique part of the name will do."""
    text = wanted.strip().lower()
    exact = [t for t in teams if t.lower() == text]
    if exact:
        return exact[0]
    partial = [t for t in teams if text in t.lower()]
    if len(partial) == 1:
        return partial[0]
    raise TeamNotFound(f"no single team matches {wanted!r}; the teams are: {', '.join(teams)}")


def home_park(cardset: AnySet, home: str) -> Ballpark:
    """The home team's ballpark card, else the set's first ballpark."""
    parks: list[Ballpark] = list(cardset.ballparks.values())  # type: ignore[arg-type]
    if not parks:
        raise SetupError("the card set has no ballpark")
    return next((p for p in parks if p.team == home), parks[0])


def build_setup(
    cardset: AnySet,
    away: str | None = None,
    home: str | None = None,
    designated_hitter: bool = False,
    throw_charts_2007: bool = False,
    options: Mapping[str, Any] | None = None,
) -> AnySetup:
    """The two teams' setup; ``options`` sets any other game option by name (the ruleset's options model)."""
    teams = playable_teams(cardset)
    away_name = find_team(away, teams) if away else None
    home_name = find_team(home, teams) if home else None
    rest = [t for t in teams if t not in (away_name, home_name)]
    away_name = away_name or (rest.pop(0) if rest else None)
    home_name = home_name or (rest.pop(0) if rest else None)
    if away_name is None or home_name is None:
        raise TeamNotFound(f"two teams are needed; the set has: {', '.join(teams) or 'none that can play'}")
    if away_name == home_name:
        raise TeamNotFound(f"{away_name} cannot play itself")
    rules = for_family(cardset.info.ruleset)
    # --throws-2007 is Inside Pitch's; another game's model leaves it out, as the flat options' engines did.
    game_options = rules.options.from_dict(
        {"designated_hitter": designated_hitter, "throw_charts_2007": throw_charts_2007, **(options or {})}
    )
    handbook = cardset.info.handbook  # Deep Drive's: Inside Pitch sets name none
    return GameSetup(
        build_team(cardset, away_name, designated_hitter),
        build_team(cardset, home_name, designated_hitter),
        home_park(cardset, home_name),
        game_options,
        ruleset=rules.name,
        # a set's own handbook file (set.toml handbook), else Dugout's default ("")
        handbook=(cardset.path / handbook).read_text(encoding="utf-8") if handbook not in ("", "default") else "",
    )


def bench_usage(cardset: AnySet, setup: AnySetup, seed: int) -> tuple[AnySetup, list[str]]:
    """DDB "Using the Bench" before one game (``dugout play --rule bench_usage=on``): per team, away
    first, three dice (red, white, green: seeded by the game's seed, so the same seed sits the same
    men) against its starters; who sits is left out and the team is made again without him (the
    auto-manager's lineup, another STARTER on the mound). The book's exception, as in a league: he
    plays when nobody else is rated at his position (any bench batter for the DH; another STARTER for
    the pitcher). Returns the setup and one line per man who sits, in the league's words."""
    policy = for_family(cardset.info.ruleset).policy
    if not policy.bench_chart:
        return setup, []
    rng = random.Random(f"bench-usage:{seed}")
    dh = setup.options.designated_hitter
    teams: dict[str, AnyTeamSetup] = {}
    notes: list[str] = []
    for side, team in (("away", setup.away), ("home", setup.home)):
        red, white, green = rng.randrange(10), rng.randrange(10), rng.randrange(10)
        starters: dict[str, Any] = {"P": team.pitcher}
        starters |= {s.position.value: s.batter for s in team.lineup if s.position is not Position.P}
        batters, pitchers = team_cards(cardset, team.name)
        playing = {s.batter.id for s in team.lineup}
        sitters = []
        for sitter in policy.bench_sitters(red, white, green, starters, designated_hitter=dh):
            if sitter.position == "P":
                others: list[Any] = [p for p in pitchers if p.id != sitter.player]
                if not any(policy.is_starter(p) for p in others):
                    continue
            else:
                position = Position(sitter.position)
                bench = [b for b in batters if b.id not in playing]
                if not any(position is Position.DH or b.fielding(position) for b in bench):
                    continue
            sitters.append(sitter)
        made = build_team(cardset, team.name, dh, {s.player for s in sitters}) if sitters else team
        teams[side] = made
        at = {s.position.value: s.batter.name for s in made.lineup}
        for sitter in sitters:
            name = starters[sitter.position].name
            instead = f"{made.pitcher.name} starts" if sitter.position == "P" else f"{at[sitter.position]} plays"
            instead += "" if sitter.position == "P" else f" {sitter.position}"
            notes.append(
                f"Bench Usage, {team.name}: {name} sits today; {instead} "
                f"({policy.bench_words(red, white, green, sitter)})"
            )
    return replace(setup, away=teams["away"], home=teams["home"]), notes


# --- the game at the terminal -----------------------------------------------------------


class Terminal:
    """Prints a game as it goes and asks the managed sides' questions on ``inp``."""

    def __init__(
        self,
        game: AnyGame,
        out: TextIO,
        inp: LineInput,
        pace: float = 0.0,
        sleep: Callable[[float], None] | None = None,
        saved: Callable[[AnyGame], None] | None = None,
    ) -> None:
        """``saved`` stores the game after each answer (``dugout run``'s league file); with it,
        q at a prompt or the end of input stops the game (QuitGame) instead of handing it over."""
        self.game = game
        self.saved = saved
        self.names = Names.of(game.setup)
        self.out = out
        self.inp = inp
        self.pace = pace
        self.sleep = sleep or time.sleep
        self.printed = 0  # events[:printed] are on the screen
        self.scoreboards: set[int] = set()  # half-inning ends already shown, by event index
        self.time_wanted = False  # t typed while the plays went by
        self.typed_ahead: str | None = None  # another line typed then: the answer to the next question

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def run(self) -> None:
        game = self.game
        while True:
            self.show_new_events(final=game.pending is None)
            if game.pending is None:
                break
            self.decide(game.pending)
        self.say()
        self.say(format_box_score(box_score(game)))

    def show_new_events(self, final: bool) -> None:
        """Print the events not printed yet, a plate appearance at a time, with the score at the end
        of each half inning. After a play in which the manager typed t, he calls time: his next call
        comes in full, right after the plays printed (``Game.call_time`` takes back what follows)."""
        while True:
            events = self.game.events
            stop = next(
                (i + 1 for i in range(self.printed, len(events)) if isinstance(events[i], PlateAppearanceEnded)),
                len(events),
            )
            for index in range(self.printed, stop):
                if index > 0 and isinstance(events[index], HalfInningStarted | GameEnded):
                    self.show_lines(index, final=True)
                    if index not in self.scoreboards:
                        self.scoreboards.add(index)
                        self.scoreboard(index)
            last = stop == len(events)
            self.show_lines(stop, final=final or not last)
            if self.time_wanted:
                self.call_time()
            elif last:
                return

    def call_time(self) -> None:
        self.time_wanted = False
        sides = [side for side, level in self.game.asking.items() if level != "never"]
        for side in sides:
            self.game.call_time(side, seen=self.printed)
        if self.saved is not None:
            self.saved(self.game)
        if sides:
            self.say("  -- Time! Your next call comes with every play and substitution. --")

    def pause(self) -> None:
        """The pace between plays; a manager at a terminal may type t (and Enter) meanwhile to call time."""
        self.sleep(self.pace)
        if not self.inp.isatty():
            return
        fileno = getattr(self.inp, "fileno", None)
        try:
            ready = select.select([fileno()], [], [], 0)[0] if fileno is not None else []
        except (OSError, TypeError, ValueError):  # an input without a file descriptor
            return
        if ready:
            line = self.inp.readline()
            if line.strip().lower() in TIME:
                self.time_wanted = True
            elif self.typed_ahead is None:
                self.typed_ahead = line  # typed ahead of the question: it answers it

    def can_call_time(self) -> bool:
        """Plays go by at a pace on a terminal: there is a moment to type t."""
        return self.pace > 0 and self.inp.isatty()

    def show_lines(self, stop: int, final: bool) -> None:
        lines, self.printed = narrate(self.game.events[:stop], self.names, self.printed, final)
        for line in lines:
            self.show(line)

    def show(self, line: Line) -> None:
        if line.kind == "half_inning":
            self.say()
            self.say(line.text)
        elif line.kind == "plate_appearance":
            self.say(line.text)
        elif line.kind in ("result", "game_over"):
            self.say(f"  {line.text}")
            if self.pace > 0:
                self.pause()
        else:
            self.say(f"    {line.text}")

    def scoreboard(self, index: int) -> None:
        """The score once the half inning before ``index`` is over."""
        events = self.game.events
        half = next((e for e in reversed(events[:index]) if isinstance(e, HalfInningStarted)), None)
        if half is None:
            return
        line = walk(self.game.setup, events[:index]).line
        which = "top" if half.top else "bottom"
        self.say(
            f"-- End of the {which} of the {ordinal(half.inning)}: "
            f"{line.away.name} {line.away.r}, {line.home.name} {line.home.r} --"
        )

    def decide(self, request: Request) -> None:
        options = request.options
        suggested = request.option_keys().index(request.suggestion) + 1
        self.say()
        self.say(f"{self.names.team(request.side)} manager: {request.prompt}")
        # Substitutions can run to dozens of options: list them only when asked.
        listed_apart = self.game.rules.narration.is_substitution
        changes = [n for n, o in enumerate(options, start=1) if listed_apart(o.key) and n != suggested]
        self.list_options(request, suggested, hide=set(changes))
        if changes:
            if len(changes) == 1:
                self.say("  ... and 1 more, a pitching change or substitution: type ? to list it")
            else:
                self.say(f"  ... and {len(changes)} pitching changes and substitutions: type ? to list them")
        quits = ", q quits and saves" if self.saved else ""
        if self.game.asking.get(request.side) == "matters" and self.can_call_time():
            quits += "; between plays, t calls time"
        while True:
            print(f"Your choice [1-{len(options)}, Enter = {suggested}{quits}]: ", end="", file=self.out, flush=True)
            answer = self.typed_ahead if self.typed_ahead is not None else self.inp.readline()
            self.typed_ahead = None
            if answer == "" and self.saved is not None:
                raise QuitGame("end of input")
            if answer == "":
                self.say()
                self.say("(No more input: the auto-manager manages the rest of the game.)")
                for side in sorted(self.game.managed):
                    self.game.set_managed(side, False)
                return
            answer = answer.strip()
            if not self.inp.isatty():
                self.say(answer)  # echo piped answers so the transcript reads like a session
            if answer == "?":
                self.list_options(request, suggested, hide=set())
                continue
            if answer.lower() in TIME:
                self.say("This is your call now: every option is listed (? lists the substitutions).")
                continue
            if self.saved is not None and answer.lower() in ("q", "quit"):
                raise QuitGame("q")
            choice = self.parse_answer(answer, request)
            if choice is not None:
                self.game.choose(request.side, choice, seq=request.seq)
                if self.saved is not None:
                    self.saved(self.game)  # stored before anything that follows from it is shown
                return
            self.say(
                f"{answer!r} is not one of the choices: type a number from 1 to {len(options)}, "
                f"or press Enter for {suggested} ({options[suggested - 1].label})."
            )

    def list_options(self, request: Request, suggested: int, hide: set[int]) -> None:
        for number, option in enumerate(request.options, start=1):
            if number not in hide:
                note = "  (suggested)" if number == suggested else ""
                self.say(f"  {number}) {option.label}{note}")

    @staticmethod
    def parse_answer(answer: str, request: Request) -> str | None:
        """Enter = the suggestion; a number picks an option; an option's key works too."""
        if answer == "":
            return request.suggestion
        if answer.isdigit() and 1 <= int(answer) <= len(request.options):
            return request.options[int(answer) - 1].key
        keys = {key.lower(): key for key in request.option_keys()}
        return keys.get(answer.lower())


# --- the command ---------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--manage",
        choices=sorted(MANAGE),
        default=None,
        help="the side(s) you manage; the auto-manager plays the rest "
        "(default: home when stdin is a terminal, otherwise none: just watch)",
    )
    add_ask_argument(parser)
    parser.add_argument("--seed", type=int, default=None, help="the dice seed (default: a random one, printed)")
    parser.add_argument(
        "--ruleset",
        choices=families(),
        default=DEFAULT_FAMILY,
        help=f"the game, played on its sample set (default: {DEFAULT_FAMILY}, the sample set; deep-drive: the "
        "deep-drive-sample set)",
    )
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="bench_usage=on: Deep Drive's Bench Usage Chart before the game, as a league's rule rolls it "
        "before each of its games (dugout run --rule bench_usage=on); its dice follow the seed",
    )
    parser.add_argument("--away", default=None, help="the visiting team (default: the first team of the set)")
    parser.add_argument("--home", default=None, help="the home team (default: the next team of the set)")
    parser.add_argument(
        "--pace",
        type=float,
        default=None,
        help=f"seconds to pause after each plate appearance (default: {WATCH_PACE} at a terminal, otherwise 0)",
    )
    parser.add_argument("--dh", action="store_true", help="play with the designated hitter")
    parser.add_argument(
        "--throws-2007",
        action="store_true",
        help="throws from the outfield by the 2007 book's 3d6 Outfield Throw Chart (default: the 2021 2d6 charts)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="set a game option by name, e.g. --option special_k_outs_only or --option innings=7 "
        "(on/off for the rules options; repeat for several; see each ruleset's options model, Ruleset.options)",
    )


def add_ask_argument(parser: argparse.ArgumentParser) -> None:
    """How often the person at the terminal is asked (engine.game.Game.asking)."""
    parser.add_argument(
        "--ask",
        choices=[level for level in ASKING_LEVELS if level != "never"],
        default=PERSON_DEFAULT,
        help="every: every call before every pitch; matters (default): only when it matters (runners on, "
        "a tiring pitcher, late and close ...: see README), the auto-manager answering the rest; "
        "type t between plays to call time for the full menu",
    )


# Each game option's type, from its default: every ruleset's (the game's own are checked once it is known).
OPTION_TYPES: dict[str, type[Any]] = {
    name: type(value) for rules in NAMES for name, value in ruleset_named(rules).options().to_dict().items()
}


def parse_options(texts: Sequence[str]) -> dict[str, Any]:
    """``--option`` values as options fields: NAME alone is on; on/off, a number or a word otherwise."""
    from league.settings import WHOLE_NUMBER

    options: dict[str, Any] = {}
    for text in texts:
        name, _, value = text.partition("=")
        name, value = name.strip().replace("-", "_"), value.strip().lower() or "on"
        kind = OPTION_TYPES.get(name)
        if kind is None:
            raise SetupError(f"unknown game option {name!r}; the options are {', '.join(OPTION_TYPES)}")
        if kind is bool:
            if value not in ("on", "off", "yes", "no", "true", "false", "1", "0"):
                raise SetupError(f"{name} is on or off, not {value!r}")
            options[name] = value in ("on", "yes", "true", "1")
        elif kind is int:
            if not WHOLE_NUMBER.fullmatch(value):
                raise SetupError(f"{name} is a whole number, not {value!r}")
            options[name] = int(value)
        else:
            options[name] = value
    return options


def _check_game_options(options: Mapping[str, Any], ruleset: str) -> None:
    """Refuse an option the game's engine never reads (the other game's), as a league does."""
    from league.settings import not_of, owners_of

    other = not_of(ruleset, list(options))
    if other:
        owner = family_of(owners_of(other[0])[0])  # parse_options knows every name: some game has it
        raise SetupError(
            f"--option {', '.join(other)}: not an option of {ruleset_named(ruleset).title}, whose engine would "
            f"never read it; add --ruleset {owner} to play the other game"
        )


def _bench_usage_rule(texts: Sequence[str], ruleset: str) -> bool:
    """``--rule`` for one game: only bench_usage means anything without a league (its other rules are
    rest and injuries between games), and only in Deep Drive."""
    from bot.terminal.league import parse_rules  # bot.terminal.league plays its games with this module's Terminal

    rules = parse_rules(texts)
    for name in rules:
        if name != "bench_usage":
            raise ValueError(f"--rule {name} is a league's rule between games; one game takes only bench_usage")
    if rules.get("bench_usage") and not for_family(ruleset).policy.bench_chart:
        charted = [r for r in rulesets() if r.policy.bench_chart]
        raise ValueError(
            f"--rule bench_usage is {' and '.join(r.title for r in charted)}'s Bench Usage Chart; "
            f"add --ruleset {' or '.join(r.family for r in charted)}"
        )
    return bool(rules.get("bench_usage"))


def play(args: argparse.Namespace) -> int:
    """Run ``dugout play``; defaults that depend on the terminal are settled here."""
    out, inp = sys.stdout, sys.stdin
    interactive = inp.isatty()
    manage = args.manage or ("home" if interactive else "none")
    pace = args.pace if args.pace is not None else (WATCH_PACE if interactive and out.isatty() else 0.0)
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    ruleset = getattr(args, "ruleset", DEFAULT_FAMILY)
    cardset = load_cards(ruleset)
    rules = getattr(args, "rule", None) or []
    try:
        bench = _bench_usage_rule(rules, ruleset)
        options = parse_options(args.option)
        _check_game_options(options, for_family(ruleset).name)
        setup = build_setup(cardset, args.away, args.home, args.dh, args.throws_2007, options)
        setup, sat = bench_usage(cardset, setup, seed) if bench else (setup, [])
    except (TeamNotFound, SetupError, ValueError) as exc:
        print(f"dugout play: {exc}", file=sys.stderr)
        return 2
    game = Game(setup, seed, asking={side: args.ask for side in MANAGE[manage]})
    print(f"{setup.away.name} at {setup.home.name}, {setup.ballpark.name}. Seed {seed}.", file=out)
    for line in sat:
        print(f"{line}.", file=out)
    for team in (setup.away, setup.home):
        order = [(team.pitcher.name if s.position is Position.P else s.batter.name, s.position) for s in team.lineup]
        print(f"{team.name}: " + ", ".join(f"{name} {position}" for name, position in order), file=out)
    if MANAGE[manage]:
        names = {"away": setup.away.name, "home": setup.home.name}
        managed = " and ".join(names[side] for side in sorted(MANAGE[manage]))
        often = "every pitch" if args.ask == "every" else "when it matters (t between plays calls time)"
        print(f"You manage {managed}, asked {often}. Enter takes the suggestion.", file=out)
    try:
        Terminal(game, out, inp, pace).run()
    except KeyboardInterrupt:
        print("\nGame abandoned.", file=out)
        return 130
    again = ["dugout", "play", "--seed", str(seed), "--away", setup.away.name, "--home", setup.home.name]
    again += ["--ruleset", ruleset] if ruleset != DEFAULT_FAMILY else []
    again += ["--dh"] if args.dh else []
    again += ["--rule", "bench_usage=on"] if bench else []
    again += ["--ask", args.ask] if args.ask != PERSON_DEFAULT else []
    again += ["--throws-2007"] if args.throws_2007 else []
    for option in args.option:
        again += ["--option", option]
    print(f"\nThe same dice again: {shlex.join(again)}", file=out)
    return 0
