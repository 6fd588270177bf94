"""``dugout sim``: a league's unplayed games auto-played at the terminal (league.autoplay); and
``dugout schedule make``, which schedules the season it plays (as ``/schedule make`` does in Discord).

A progress bar on stderr (plain text: redrawn in place at a terminal, a line every tenth
of the way otherwise), each day's games when only a few days are played, then the standings.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any, TextIO

from bot.terminal.league import pick_league, print_standings, terminal_league
from bot.terminal.news import print_news
from bot.words.glossary import plural
from bot.words.history import awards_announcement
from league import autoplay
from league.autoplay import DaySummary
from league.errors import LeagueError, SettingsError
from league.news import day_news
from league.store import Store

BAR = 30
SHOW_DAYS = 3  # print each day's games when this many days or fewer are played


class ProgressBar:
    """``[#########.....] 1200/2430 games, day 81`` on ``out``."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.tty = out.isatty()
        self.shown = -1
        self.line = self.printed = ""  # the latest state, and the latest line printed

    def __call__(self, day: DaySummary, played: int, total: int) -> None:
        tenth = played * 10 // total if total else 10
        filled = played * BAR // total if total else BAR
        self.line = f"[{'#' * filled}{'.' * (BAR - filled)}] {played}/{total} games, day {day.day}"
        if not self.tty and tenth == self.shown:
            return
        self.shown = tenth
        self.printed = self.line
        print(f"\r{self.line}" if self.tty else self.line, end="" if self.tty else "\n", file=self.out, flush=True)

    def done(self) -> None:
        """The last line counts every game played, even one the tenths skipped (the total grows as playoff
        series schedule their next games)."""
        if self.tty and self.shown >= 0:
            print(file=self.out, flush=True)
        elif self.line and self.line != self.printed:
            print(self.line, file=self.out, flush=True)


def print_day(day: DaySummary, out: TextIO) -> None:
    print(f"\nDay {day.day}", file=out)
    for game in day.games:
        pitchers = f"  ({game.pitchers()})" if game.pitchers() else ""
        print(f"  {game.score()}{pitchers}", file=out)
        for note in game.notes:
            print(f"    {note}", file=out)
        for text in game.replacements:
            print(f"    change: {text}", file=out)
    if not day.games:
        print("  no games", file=out)
    for why in day.left:
        print(f"  not played: {why}", file=out)


async def simulate(
    path: Path | str, days: int | None, to_end: bool, league_name: str | None, out: TextIO, err: TextIO
) -> int:
    async with await Store.open(path) as store:
        league = await pick_league(store, league_name)
        if await store.last_scheduled_day(league.id) is None:
            # Moving the calendar over days without games would only change the league's day.
            await store.check_season_open(league.id)  # its regular season or playoffs over: what comes next
            season_games = [g for g in await store.games(league.id) if g.season == league.season]
            if season_games:
                # Games dugout run played one by one are no schedule: say how a season gets one first.
                raise LeagueError(
                    f"season {league.season} of {league.name} has no game scheduled ({len(season_games)} played): "
                    "dugout schedule make schedules a season, before its first game (a new league file: "
                    "--database); once a scheduled season is played out, dugout playoffs start seeds its playoffs"
                )
            raise LeagueError(
                f"season {league.season} of {league.name} has no games scheduled: dugout schedule make schedules it"
            )
        bar = ProgressBar(err)
        try:
            played = await autoplay.advance(store, league.id, days, to_end=to_end, progress=bar)
        finally:
            bar.done()
        if len(played) <= SHOW_DAYS:  # a day's games and its news; over a longer run they would flood the screen
            for day in played:
                print_day(day, out)
                print_news(await day_news(store, league.id, day.day, day.season), out, empty=False)
        league = await store.league(league.id)
        games = sum(len(d.games) for d in played)
        said = f"{plural(games, 'game')} played in {plural(len(played), 'day')}"
        print(f"\n{league.name}: {said}; today is day {league.day}.", file=out)
        await print_standings(store, league.id, out)
        closed = await store.season_closed(league.id)
        if closed is not None:
            awards = awards_announcement(league.name, await store.awards(league.id, league.season))
            if awards:  # the regular season is over: its awards, as the league channel is told
                print(f"\n{awards}", file=out)
            print(f"\n{closed[0].upper()}{closed[1:]}.", file=out)
    return 0


def run(path: Path | str, *, days: int | None, to_end: bool, league_name: str | None = None) -> int:
    if days is not None and days < 1:
        print("dugout sim: --days is at least 1", file=sys.stderr)
        return 2
    try:
        return asyncio.run(simulate(path, days, to_end, league_name, sys.stdout, sys.stderr))
    except LeagueError as exc:
        print(f"dugout sim: {exc}", file=sys.stderr)
        return 1


async def schedule(
    path: Path | str,
    league_name: str | None,
    card_set: str | None,
    games: int | None,
    *,
    series_length: int,
    off_days: int | None,
    first_day: int | None,
    seed: int,
    out: TextIO,
) -> int:
    async with await Store.open(path) as store:
        own_set = card_set if league_name is None else None  # the set's terminal league, made if need be
        if games is None:  # asked before anything is made: a refused command leaves the file as it was
            if own_set is not None:
                pool = await store.card_sets([own_set])
            else:
                pool = await store.card_pool((await pick_league(store, league_name)).id)
            games = pool.season_games()
            if games is None:
                raise SettingsError("the card sets do not say how long a season is: give --games (games a team)")
        if own_set is not None:
            league = await terminal_league(store, own_set)
        else:
            league = await pick_league(store, league_name)
        made = [g for g in await store.games(league.id) if g.season == league.season]
        if made:
            raise SettingsError(
                f"season {league.season} of {league.name} already has {len(made)} games: a season is scheduled "
                "once, before its first game (another league file, --database, starts a new league)"
            )
        planned = await store.schedule_season(
            league.id, games, series_length=series_length, off_days=off_days, first_day=first_day, seed=seed
        )
        if not planned:
            raise SettingsError("that schedule has no games; give each team at least one game")
        days = sorted({g.day for g in planned})
        print(
            f"Season {league.season} of {league.name}: {len(planned)} games, {games} a team, "
            f"from day {days[0]} to day {days[-1]}.\n"
            "dugout sim --to-end plays them all, auto-managed; dugout run plays the next one with you managing.",
            file=out,
        )
    return 0


def run_schedule(
    path: Path | str, league_name: str | None, card_set: str | None, games: int | None, **options: Any
) -> int:
    try:
        return asyncio.run(schedule(path, league_name, card_set, games, out=sys.stdout, **options))
    except LeagueError as exc:
        print(f"dugout schedule: {exc}", file=sys.stderr)
        return 1
