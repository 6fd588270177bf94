"""``dugout sim``: a league's unplayed games auto-played at the terminal (league.autoplay).

A progress bar on stderr (plain text: redrawn in place at a terminal, a line every tenth
of the way otherwise), each day's games when only a few days are played, then the standings.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import TextIO

from bot.season import pick_league, print_standings
from league import autoplay
from league.autoplay import DaySummary
from league.errors import LeagueError
from league.store import Store

BAR = 30
SHOW_DAYS = 3  # print each day's games when this many days or fewer are played


class ProgressBar:
    """``[#########.....] 1200/2430 games, day 81`` on ``out``."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.tty = out.isatty()
        self.shown = -1

    def __call__(self, day: DaySummary, played: int, total: int) -> None:
        tenth = played * 10 // total if total else 10
        if not self.tty and tenth == self.shown:
            return
        self.shown = tenth
        filled = played * BAR // total if total else BAR
        line = f"[{'#' * filled}{'.' * (BAR - filled)}] {played}/{total} games, day {day.day}"
        print(f"\r{line}" if self.tty else line, end="" if self.tty else "\n", file=self.out, flush=True)

    def done(self) -> None:
        if self.tty and self.shown >= 0:
            print(file=self.out, flush=True)


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
    path: Path, days: int | None, to_end: bool, league_name: str | None, out: TextIO, err: TextIO
) -> int:
    async with await Store.open(path) as store:
        league = await pick_league(store, league_name)
        bar = ProgressBar(err)
        try:
            played = await autoplay.advance(store, league.id, days, to_end=to_end, progress=bar)
        finally:
            bar.done()
        if len(played) <= SHOW_DAYS:
            for day in played:
                print_day(day, out)
        league = await store.league(league.id)
        games = sum(len(d.games) for d in played)
        print(f"\n{league.name}: {games} games played in {len(played)} days; today is day {league.day}.", file=out)
        print_standings(await store.standings(league.id), out)
    return 0


def run(path: Path, *, days: int | None, to_end: bool, league_name: str | None = None) -> int:
    if days is not None and days < 1:
        print("dugout sim: --days is at least 1", file=sys.stderr)
        return 2
    try:
        return asyncio.run(simulate(path, days, to_end, league_name, sys.stdout, sys.stderr))
    except LeagueError as exc:
        print(f"dugout sim: {exc}", file=sys.stderr)
        return 1
