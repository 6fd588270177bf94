"""Every day's games played: the league's unplayed games auto-managed, a day at a time.

:func:`play_day` plays every game of the league's current day (and any left over from
earlier days) that is still 'scheduled', both sides managed by the engine's auto-manager,
then moves the calendar on (:meth:`Store.advance_day`: injuries count down). Each game:

- its setup as the store makes it (:meth:`Store.playable_setup`): saved lineups, a hurt or
  resting player replaced by the auto-manager's rule, the rotation's next rested starter or
  a spot starter;
- a random seed, and ``engine.game.Game(setup, seed)`` played to the end with nobody asked,
  off the event loop (a worker thread: live games in Discord go on meanwhile);
- started and finished in ONE transaction (:meth:`Store.play_auto_game`), so a kill leaves
  each game stored whole or not at all; running the day again plays the games still scheduled.

A game that is live (being played in Discord) is left alone, and so are its teams' other
games of the day: they stay scheduled and are played on a later run of :func:`play_day`
once the live game is final (a team plays one game at a time), or by their managers before
that (a scheduled game whose day has passed may start without a commissioner: ``Store.check_start``),
so no game is stranded on a past day. The day still moves on: a live game is a game someone is
playing, and the rest of the league does not wait for it.
A game the store cannot set up at all (a team with no saved lineup, a home team with no
park) is left scheduled too, with the store's reason in the summary; the rest of the day
is played, and the game is tried again on each later day until it is fixed and played.

:func:`advance` does that day after day (or to the end of the season) and reports progress.
"""

from __future__ import annotations

import asyncio
import random
import weakref
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from engine.game import Game
from league.errors import DayMoved, GameError, LeagueError
from league.models import GameRecord, LeagueRules, Replacement
from league.store import Store


@dataclass(frozen=True)
class PlayedGame:
    """One auto-played game as a day's summary shows it."""

    game_id: int
    away: str
    home: str
    away_runs: int
    home_runs: int
    innings: int
    winning_pitcher: str | None
    losing_pitcher: str | None
    save: str | None
    notes: tuple[str, ...]  # notable lines: "Walt Pruett 2 HR", "Gus Hadley 10 K", "… shutout"
    replacements: tuple[str, ...]  # lineup and rotation changes (Replacement.text)
    scheduled_innings: int = 9  # the league's game length (GameOptions.innings)

    def score(self) -> str:
        """ "Mesa Valley 3, Harbor City 5" with "(10)" for extra innings (or a shortened game)."""
        extra = f" ({self.innings})" if self.innings != self.scheduled_innings else ""
        return f"{self.away} {self.away_runs}, {self.home} {self.home_runs}{extra}"

    def pitchers(self) -> str:
        """ "W: Pruett, L: Alcazar, S: Hadley" (what the box score decided)."""
        parts = [f"{mark}: {name}" for mark, name in (("W", self.winning_pitcher), ("L", self.losing_pitcher))]
        if self.save:
            parts.append(f"S: {self.save}")
        return ", ".join(p for p in parts if not p.endswith("None"))


@dataclass(frozen=True)
class DaySummary:
    """What :func:`play_day` did on one league day."""

    league_id: int
    season: int
    day: int  # the day played
    games: tuple[PlayedGame, ...]
    left: tuple[str, ...]  # games not played and why (live now, or waiting for a team's live game)

    @property
    def next_day(self) -> int:
        return self.day + 1


Progress = Callable[[DaySummary, int, int], None]  # (the day's summary, games played so far, games planned)


def _notes(box: Mapping[str, Any]) -> list[str]:
    """Notable lines: two or more home runs, three or more hits, ten or more strikeouts, a no-hitter, a shutout."""
    notes = []
    for side, other in (("away", "home"), ("home", "away")):
        team = box[side]
        for b in team["batting"]:
            if b["hr"] >= 2:
                notes.append(f"{b['name']} {b['hr']} HR")
            if b["h"] >= 3:
                notes.append(f"{b['name']} {b['h']} for {b['ab']}")
        pitching = team["pitching"]
        for p in pitching:
            if p["k"] >= 10:
                notes.append(f"{p['name']} {p['k']} K")
        if sum(p["h"] for p in pitching) == 0 or sum(p["r"] for p in pitching) == 0:
            what = "no-hitter" if sum(p["h"] for p in pitching) == 0 else "shutout"
            if len(pitching) == 1:
                notes.append(f"{pitching[0]['name']} pitches a {what}")
            else:
                notes.append(f"{team['name']} combine on a {what} of {box[other]['name']}")
    return notes


def _decided(box: Mapping[str, Any], mark: str) -> str | None:
    for side in ("away", "home"):
        for p in box[side]["pitching"]:
            if mark in p["decision"].replace(" ", "").split(","):
                return str(p["name"])
    return None


def summarize(record: GameRecord, replacements: Sequence[Replacement] = ()) -> PlayedGame:
    """A final game's line in a day's summary, from its stored box score (the decisions, notable lines)."""
    box = record.box_score or {}
    line = record.line_score or {}
    return PlayedGame(
        game_id=record.id,
        away=box["away"]["name"],
        home=box["home"]["name"],
        away_runs=record.away_runs or 0,
        home_runs=record.home_runs or 0,
        innings=int(line.get("innings", 9)),
        winning_pitcher=_decided(box, "W"),
        losing_pitcher=_decided(box, "L"),
        save=_decided(box, "S"),
        notes=tuple(_notes(box)),
        replacements=tuple(r.text for r in replacements),
        scheduled_innings=int(((record.setup or {}).get("options") or {}).get("innings", 9)),
    )


# The engine's worker: one thread, so the games of a round are played one at a time in order (CPU work
# in two Python threads only fights over the GIL), off the event loop that runs live games and the store.
_ENGINE = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dugout-autoplay")


def _rounds(games: Sequence[GameRecord]) -> list[list[GameRecord]]:
    """The games in rounds in which each team plays at most once, in day and id order: a round's
    setups do not depend on each other (a team's rest and rotation change only with its own games)."""
    rounds: list[list[GameRecord]] = []
    seen: list[set[int]] = []
    for game in games:
        teams = {game.away_team_id, game.home_team_id}
        # after the last round this team plays in, so a make-up game comes before today's
        later = max((i + 1 for i, s in enumerate(seen) if s & teams), default=0)
        if later == len(rounds):
            rounds.append([])
            seen.append(set())
        rounds[later].append(game)
        seen[later] |= teams
    return rounds


# One day played at a time per league: a commissioner's /league advance-day and the deadline never
# play the same day twice at once.
_DAY_LOCKS: weakref.WeakKeyDictionary[Store, dict[int, asyncio.Lock]] = weakref.WeakKeyDictionary()


async def play_day(
    store: Store, league_id: int, *, rng: random.Random | None = None, from_day: int | None = None
) -> DaySummary:
    """Play the day's scheduled games (and earlier days' left over) auto-managed, then advance the calendar.

    The calendar moves on only from the day the run began on (another process may run the league's deadline
    too: ``Store.advance_day``'s ``from_day``); ``from_day``, the day the caller means to play: DayMoved at
    once when the league stands on another."""
    async with _DAY_LOCKS.setdefault(store, {}).setdefault(league_id, asyncio.Lock()):
        return await _play_day(store, league_id, rng or random.SystemRandom(), from_day)


async def _play_day(store: Store, league_id: int, rng: random.Random, from_day: int | None) -> DaySummary:
    league = await store.league(league_id)
    if from_day is not None and league.day != from_day:
        raise DayMoved(f"{league.name} moved on to day {league.day} meanwhile: day {from_day} is not played again")
    scheduled = await store.scheduled_through(league_id, league.day)
    live = await store.games(league_id, status="live")
    teams = {t.id: t.name for t in await store.teams(league_id)}
    busy = {team: g for g in live for team in (g.away_team_id, g.home_team_id)}
    left = [
        f"game {g.id} ({teams[g.away_team_id]} at {teams[g.home_team_id]}) is being played live; left alone"
        for g in live
        if g.day <= league.day
    ]
    ready = []
    for game in scheduled:
        blocker = busy.get(game.away_team_id) or busy.get(game.home_team_id)
        if blocker is None:
            ready.append(game)
        else:
            left.append(
                f"game {game.id} ({teams[game.away_team_id]} at {teams[game.home_team_id]}) waits until "
                f"live game {blocker.id} is final"
            )
    summaries: list[PlayedGame] = []
    for round_ in _rounds(ready):
        setups = []
        async with store.transaction(write=False):  # one snapshot for the round's setups
            for game in list(round_):
                try:
                    setups.append(await store.playable_setup(game.id))
                except LeagueError as exc:  # no lineup at all, no park…: the rest of the day is played
                    round_.remove(game)
                    matchup = f"{teams[game.away_team_id]} at {teams[game.home_team_id]}"
                    left.append(f"game {game.id} ({matchup}) cannot be played: {exc}")
        # The engine plays the round's games one after another in its worker thread while the store
        # writes those already played: the next game is being played while this one is stored.
        loop = asyncio.get_running_loop()
        playing = [loop.run_in_executor(_ENGINE, Game, setup, rng.getrandbits(62)) for setup, _ in setups]
        try:
            for record, (_, replacements), future in zip(round_, setups, playing, strict=True):
                try:
                    final = await store.play_auto_game(
                        record.id, await future, override=record.day != league.day, told=replacements
                    )
                except GameError as exc:  # started live meanwhile (a manager was quicker): it is theirs to play
                    matchup = f"{teams[record.away_team_id]} at {teams[record.home_team_id]}"
                    left.append(f"game {record.id} ({matchup}) was not auto-played: {exc}")
                    continue
                summaries.append(summarize(final, replacements))
        finally:
            for future in playing:
                future.cancel()  # a failed store stops the games not yet begun
    await store.advance_day(league_id, from_day=league.day)
    return DaySummary(league_id, league.season, league.day, tuple(summaries), tuple(left))


async def advance(
    store: Store,
    league_id: int,
    days: int | None = None,
    *,
    to_end: bool = False,
    progress: Progress | None = None,
    rng: random.Random | None = None,
    from_day: int | None = None,
) -> list[DaySummary]:
    """:func:`play_day` for ``days`` days, or (``to_end``) until the season has no scheduled game left
    (or only games waiting for a live game); ``progress`` is called after each day.

    Refused (:class:`league.errors.SeasonClosed`, saying what comes next) once the season takes no
    game: its regular season over and its playoffs not begun, or its champion crowned. ``from_day``: the day
    the first day played must be (:func:`play_day`), DayMoved if the league stands on another."""
    if (days is None) == (not to_end):
        raise ValueError("advance either a number of days or to the end of the season")
    if days is not None and days < 1:
        raise ValueError("advance by at least one day")
    # A closed season has no game to play and none to come: say what comes next instead of moving its days on.
    await store.check_season_open(league_id)
    league = await store.league(league_id)
    last = league.day + days - 1 if days is not None else await store.last_scheduled_day(league_id)
    total = 0 if last is None else len(await store.scheduled_through(league_id, last))
    played = 0
    out: list[DaySummary] = []
    while True:
        if days is not None and len(out) == days:
            break
        if to_end:
            last = await store.last_scheduled_day(league_id)
            if last is None or (out and not out[-1].games and last <= out[-1].day):
                break  # nothing scheduled, or only games that wait for a live game
        summary = await play_day(store, league_id, rng=rng, from_day=None if out else from_day)
        played += len(summary.games)
        out.append(summary)
        if played >= total:  # games scheduled since the count (a playoff series' next games): count again
            upto = last if days is not None else await store.last_scheduled_day(league_id)
            total = played + (0 if upto is None else len(await store.scheduled_through(league_id, upto)))
        if progress is not None:
            progress(summary, played, max(total, played))
    return out


def deadline_passed(rules: LeagueRules, since: datetime, now: datetime) -> bool:
    """Whether the league's daily deadline (``rules.deadline_hour_utc``, UTC) fell after ``since`` and by ``now``.

    The bot checks from the moment it started: a deadline that passed while it was down is
    not made up (a commissioner's /league advance-day does that), so a restart never plays a day twice.
    """
    if rules.deadline_hour_utc >= 24:
        return False
    moment = now.replace(hour=rules.deadline_hour_utc, minute=0, second=0, microsecond=0)
    if moment > now:
        moment -= timedelta(days=1)
    return since < moment <= now
