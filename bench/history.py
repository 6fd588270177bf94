"""The history page at ten seasons (issue 28): how long ``dugout history`` (and /history) takes to put
together every season's champion, best record and awards of a 30-team league with 2,430 games a season.

The seasons are written straight into the tables (final games' scores, playoffs, awards), as a league that
played them keeps them: no game is played, so the figure is the page's alone. Figures, not pass/fail.
Usage: python -m bench.history [--seasons 10] [--runs 20]
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

import bench
from bench import Parser, at_least_one

TEAMS, GAMES_PER_TEAM = 30, 162
DIVISIONS = ("East", "Central", "West")
AWARDS = ("mvp", "cy_young", "rookie", "reliever")


def build_parser() -> Parser:
    parser = bench.parser("python -m bench.history", __doc__)
    parser.add_argument("--seasons", type=at_least_one, default=10, help="seasons the league has played (default 10)")
    parser.add_argument("--runs", type=at_least_one, default=20, help="times the page is made (default 20)")
    return parser


async def make_league(path: Path, seasons: int) -> int:
    """A 30-team AL/NL league whose ``seasons`` seasons are final: 2,430 games, a champion and eight awards each."""
    from league.store import Store
    from league.store.awards import INSERT_SEASON_RECORDS

    async with await Store.open(path) as store:
        league = await store.create_league("History League", ["sample"])
        teams = []
        for n in range(TEAMS):
            sub = "AL" if n < TEAMS // 2 else "NL"
            team = await store.create_team(
                league.id, f"Team {n + 1:02d}", f"T{n + 1:02d}", division=DIVISIONS[n % 3], subleague=sub
            )
            teams.append(team.id)
    rng = random.Random(1)
    with closing(sqlite3.connect(path)) as conn, conn:
        for season in range(1, seasons + 1):
            games = []
            for number in range(TEAMS * GAMES_PER_TEAM // 2):
                away, home = rng.sample(teams, 2)
                runs = rng.randint(0, 9), rng.randint(0, 9)
                if runs[0] == runs[1]:
                    runs = runs[0] + 1, runs[1]
                day = 1 + number // (TEAMS // 2)
                games.append((league.id, season, day, day, away, home, *runs))
            conn.executemany(
                "INSERT INTO game (league_id, season, day, played_day, away_team_id, home_team_id, status, setup, "
                "seed, line_score, box_score, away_runs, home_runs) VALUES (?, ?, ?, ?, ?, ?, 'final', '{}', 0, "
                "'{}', '{}', ?, ?)",
                games,
            )
            conn.execute(
                "INSERT INTO playoffs (league_id, season, format, started_day, champion_team_id) "
                "VALUES (?, ?, '{}', ?, ?)",
                (league.id, season, 200, rng.choice(teams)),
            )
            for award in AWARDS:
                for sub in ("AL", "NL"):
                    card = f"player-{season}-{award}-{sub}"
                    conn.execute(
                        "INSERT INTO award (league_id, season, award, subleague, card_id, person, name, team_id, "
                        "score) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            league.id,
                            season,
                            award,
                            sub,
                            card,
                            card,
                            f"Player {season} {award}",
                            rng.choice(teams),
                            40.0,
                        ),
                    )
            conn.execute("INSERT INTO award_season (league_id, season) VALUES (?, ?)", (league.id, season))
            # What the regular season's end keeps (league.store.awards), by the store's own statement.
            conn.execute(INSERT_SEASON_RECORDS, (league.id, league.id, season, league.id, season))
        conn.execute("UPDATE league SET season = ? WHERE id = ?", (seasons, league.id))
    return league.id


async def measure(path: Path, league_id: int, runs: int) -> list[float]:
    from bot.words.history import history_page
    from league.store import Store

    async with await Store.open(path) as store:
        league = await store.league(league_id)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            await history_page(store, league, "champions")
            times.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.sqlite3"
        league_id = asyncio.run(make_league(path, args.seasons))
        times = asyncio.run(measure(path, league_id, args.runs))
        # The last season still being played: its records are added up from its games on each read.
        with closing(sqlite3.connect(path)) as conn, conn:
            conn.execute("DELETE FROM season_record WHERE season = ?", (args.seasons,))
        playing = asyncio.run(measure(path, league_id, args.runs))
    games = TEAMS * GAMES_PER_TEAM // 2
    print(f"history page at {args.seasons} seasons ({TEAMS} teams, {games:,} games a season), {args.runs} runs:")
    for what, found in (("every season over", times), ("the last season being played", playing)):
        ms = sorted(t * 1000 for t in found)
        print(f"  {what}: median {statistics.median(ms):.1f} ms, best {ms[0]:.1f} ms, worst {ms[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
