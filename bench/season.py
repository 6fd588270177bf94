"""A whole season auto-played and stored, timed: python -m bench.season [--teams 30] [--games 162].

Builds a league of bench-only teams (bench.synth: the sample set's two teams copied under
new ids) in a temporary database, schedules the season (Store.schedule_season), plays it
with league.autoplay and prints games per second, seconds for the season, peak memory
(ru_maxrss), the database's size (and per game) and how long the reports take at that
size: the standings, the leaders (one stat and the board), a player page and a team page.
``--new-season`` then plays the playoffs and times ``season new`` (league.seasons), with the
rosters kept and with a change of card set.

``--database-url postgresql://…`` (an empty database) plays the same season on PostgreSQL too, after
the SQLite file, and prints the two times side by side (``--postgresql`` starts a throwaway server for
it, as the tests do). Figures, not pass/fail.
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import pstats
import random
import resource
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import bench
from bench.synth import bench_league, write_bench_set, write_next_set
from league import db
from league.autoplay import DaySummary, advance
from league.stats import LEADER_STATS
from league.store import Store


async def _timed(call: Callable[[], Awaitable[Any]], repeat: int = 3) -> tuple[float, Any]:
    """The best of ``repeat`` calls, in milliseconds, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = await call()
        best = min(best, time.perf_counter() - start)
    return best * 1000, result


def _peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 / 1024 if sys.platform == "darwin" else peak / 1024  # bytes on macOS, KiB on Linux


async def run(
    teams: int,
    games: int,
    folder: Path,
    profile: Path | None,
    seed: int,
    new_season: bool = False,
    database: str | None = None,
) -> float:
    """The season on an SQLite file in ``folder`` (or the ``database`` URL); its seconds of play."""
    set_folder = write_bench_set(folder / "bench-set", teams)
    db_path: Path | str = database or folder / "season.sqlite3"
    print(f"--- {db.url_of(db_path).get_backend_name()}")
    store = await Store.open(db_path)
    try:
        start = time.perf_counter()
        league = await bench_league(store, set_folder, teams, games, seed=seed)
        scheduled = len(await store.games(league.id))
        print(f"league: {teams} teams, {scheduled} games scheduled, built in {time.perf_counter() - start:.1f} s")

        start = time.perf_counter()
        mark = [start, 0]

        def progress(summary: DaySummary, played: int, total: int) -> None:
            if summary.day % 20 == 0:  # the rate of the last stretch: a cost that grows with the season shows
                now = time.perf_counter()
                rate = (played - mark[1]) / (now - mark[0])
                print(f"  day {summary.day}: {played}/{total} games, {now - start:.1f} s, {rate:.0f} games/s lately")
                mark[:] = [now, played]

        profiler = cProfile.Profile() if profile else None
        start = mark[0] = time.perf_counter()
        if profiler:
            profiler.enable()
        days = await advance(store, league.id, to_end=True, progress=progress, rng=random.Random(seed))
        if profiler:
            profiler.disable()
            profiler.dump_stats(profile)
        seconds = time.perf_counter() - start
        played = sum(len(d.games) for d in days)
        print(f"season: {played} games in {len(days)} days, {seconds:.1f} s, {played / seconds:.1f} games/s")
        print(f"peak memory (ru_maxrss): {_peak_mb():.0f} MB")
        size = await _size(store, db_path)
        await store.close()
        print(f"database: {size / 1e6:.1f} MB, {size / max(played, 1) / 1000:.1f} KB per game")
        store = await Store.open(db_path)
        ms, table = await _timed(lambda: store.standings(league.id))
        print(f"standings: {ms:.0f} ms ({len(table['overall'])} teams)")
        ms, top = await _timed(lambda: store.leaders(league.id, "hr"))
        print(f"leaders (hr): {ms:.0f} ms (leader {top[0] if top else None})")
        ms, _ = await _timed(lambda: store.leader_board(league.id, list(LEADER_STATS)))
        print(f"leader board (all {len(LEADER_STATS)} stats): {ms:.0f} ms")
        if top:
            ms, _ = await _timed(lambda: store.player_page(league.id, top[0][0]))
            print(f"player page ({top[0][0]}): {ms:.0f} ms")
        team = (await store.teams(league.id))[0]
        ms, _ = await _timed(lambda: store.team_page(league.id, team.id))
        print(f"team page ({team.abbreviation}): {ms:.0f} ms")
        print(f"peak memory after the reports (ru_maxrss): {_peak_mb():.0f} MB")
        if new_season and database is None:  # timed on copies of the file
            store = await _time_new_season(store, league.id, set_folder, folder, seed)
        if profiler:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
    finally:
        await store.close()
    return seconds


async def _size(store: Store, where: Path | str) -> int:
    if not db.is_url(where):
        return Path(where).stat().st_size
    async with store.transaction(write=False) as conn:
        return int((await conn.fetchall("SELECT pg_database_size(current_database())"))[0][0])


async def _time_new_season(store: Store, league_id: int, set_folder: Path, folder: Path, seed: int) -> Store:
    """The playoffs played, then ``season new`` timed on a copy of the file (rosters kept) and on another
    (a change of card set: every rostered player takes his next-year card). Returns the store left open."""
    await store.start_playoffs(league_id)
    days = await advance(store, league_id, to_end=True, rng=random.Random(seed + 1))
    print(f"playoffs: {sum(len(d.games) for d in days)} games")
    next_set = write_next_set(set_folder, folder / "next-set")
    for label, card_set in (("rosters kept", None), ("a new card set", str(next_set))):
        copy = await store.backup(folder / f"new-season-{'cards' if card_set else 'kept'}.sqlite3")
        async with await Store.open(copy) as other:
            start = time.perf_counter()
            done = await other.new_season(league_id, card_set=card_set)
            seconds = time.perf_counter() - start
            moved = sum(c.kind == "new card" for c in done.opened.changes)
            print(f"season new ({label}): {seconds:.2f} s ({moved} players took a new card)")
    return store


def build_parser() -> bench.Parser:
    parser = bench.parser("python -m bench.season", __doc__)
    parser.add_argument("--teams", type=bench.at_least_one, default=30, help="teams in the league (default: 30)")
    parser.add_argument("--games", type=bench.at_least_one, default=162, help="games per team (default: 162)")
    parser.add_argument("--seed", type=int, default=1, help="the schedule's and the games' seed (default: 1)")
    parser.add_argument("--profile", type=Path, help="write a cProfile of the season's play to this file")
    parser.add_argument("--keep", type=Path, help="build the database in this folder and keep it")
    parser.add_argument(
        "--new-season", action="store_true", help="then play the playoffs and time 'season new' (docs/seasons.md)"
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--database-url", help="after the SQLite file, play the season on this empty PostgreSQL database too"
    )
    where.add_argument(
        "--postgresql", action="store_true", help="the same on a throwaway PostgreSQL server (tests/pgserver.py)"
    )
    return parser


def _both(args: Any, folder: Path, url: str | None) -> None:
    """The season on SQLite, then (given a URL) on PostgreSQL, and the two times side by side."""
    sqlite = asyncio.run(run(args.teams, args.games, folder, args.profile, args.seed, args.new_season))
    if url is None:
        return
    postgresql = asyncio.run(run(args.teams, args.games, folder / "pg", None, args.seed, False, url))
    print(f"season on PostgreSQL: {postgresql:.1f} s, {postgresql / sqlite:.2f} times SQLite's {sqlite:.1f} s")


def main(argv: list[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        folder = args.keep or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="dugout-bench-")))
        url = args.database_url
        if args.postgresql:
            from tests.pgserver import running_server  # the tests' throwaway server: a source checkout's

            url = stack.enter_context(running_server()).create_database("bench_season")
        _both(args, folder, url)


if __name__ == "__main__":
    main()
