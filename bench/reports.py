"""Stored games' size and the reports' speed at a whole season's size.

``python -m bench.reports [games] [database]``: a 30-team league whose season of ``games``
final games (default 2,430: 162 a team) is stored through ``Store.finish_game``, then the
database's size a game (after VACUUM) and how long /standings, /stats leaders, a player
page and a team page take to read. Figures, not pass/fail: quote them in notes.

The games are the sample set's two teams played auto-managed (``Game(setup, seed)``), booked
to the league's 30 teams in turn (:func:`store_games`): the sample set has cards for two
teams only, so the 30 teams have no rosters and the same cards play for several teams.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bot.terminal import build_setup
from cards import SAMPLE_SET
from cards.loader import load_set
from engine.game import RULESET, Game
from engine.setup import GameSetup
from league import compact, sql
from league.models import League, Team
from league.stats import LEADER_STATS
from league.store import Store

TEAMS = 30


def round_robin(teams: Sequence[Team], games: int) -> list[tuple[int, Team, Team]]:
    """(day, away, home) for ``games`` games: every team once a day, opponents rotating (the circle method)."""
    ring = list(teams)
    out: list[tuple[int, Team, Team]] = []
    day = 0
    while len(out) < games:
        day += 1
        half = len(ring) // 2
        for i in range(half):
            a, b = ring[i], ring[-1 - i]
            out.append((day, a, b) if day % 2 else (day, b, a))
            if len(out) == games:
                break
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return out


async def store_games(
    store: Store,
    league: League,
    schedule: Sequence[tuple[int, Team, Team]],
    setup: GameSetup,
    *,
    first_seed: int = 0,
    phase: str = "regular",
) -> list[int]:
    """Each game of ``schedule`` played auto-managed from ``setup`` and stored by ``Store.finish_game``.

    The game is set live directly (its teams need no rosters: a bench and a test fixture's
    shortcut, not the league's way), with its setup stored by reference as start_game does.
    """
    ids = []
    setup_dict = setup.to_dict()
    for n, (day, away, home) in enumerate(schedule):
        record = await store.schedule_game(league.id, away.id, home.id, day=day)
        seed = first_seed + n
        async with store.transaction():
            snapshot_id, cards = await store._snapshot_for(league)
            packed = compact.dumps(compact.pack_setup(setup_dict, cards))
            params = (day, RULESET, packed, seed, "[]", "{}", None, None, record.id)
            await store._run(sql.START_GAME, params)
            await store._run(sql.UPDATE_GAME_SNAPSHOT, (snapshot_id, record.id))
            if phase != "regular":
                await store._run("UPDATE game SET phase = ? WHERE id = ?", (phase, record.id))
        await store.finish_game(record.id, Game(setup, seed).to_dict())
        ids.append(record.id)
    return ids


async def league_of(store: Store, teams: int = TEAMS) -> tuple[League, list[Team]]:
    league = await store.create_league("Bench League", ["sample"])
    made = []
    for n in range(teams):
        park = "harbor-city-bowl-1970" if n % 2 else "mesa-valley-field-1970"
        made.append(await store.create_team(league.id, f"Team {n + 1}", f"T{n + 1}", ballpark=park))
    return league, made


def timed(seconds: list[float]) -> str:
    seconds.sort()
    return f"p50 {seconds[len(seconds) // 2] * 1000:.1f} ms, max {seconds[-1] * 1000:.1f} ms"


async def main(games: int, path: Path) -> None:
    store = await Store.open(path)
    league, teams = await league_of(store)
    setup = build_setup(load_set(SAMPLE_SET), "Harbor City", "Mesa Valley")
    start = time.perf_counter()
    await store_games(store, league, round_robin(teams, games), setup)
    elapsed = time.perf_counter() - start
    print(f"stored {games} games in {elapsed:.1f} s ({games / elapsed:.0f} games/s, play and store)")
    async with store._lock:
        await store._conn.execute("VACUUM")
    size = path.stat().st_size
    print(f"database after VACUUM: {size / 1e6:.2f} MB, {size / games / 1000:.2f} KB a game")

    async def standings() -> None:
        await store.standings(league.id)

    async def leaders() -> None:
        await store.leader_board(league.id, LEADER_STATS, limit=5)

    player = "hc-rudy-kasprzak-1970"

    async def player_page() -> None:
        await store.player_page(league.id, player)

    async def team_page() -> None:
        await store.team_page(league.id, teams[0].id)

    for name, report in (
        ("/standings", standings),
        ("/stats leaders (every stat)", leaders),
        ("player page", player_page),
        ("team page", team_page),
    ):
        seconds = []
        for _ in range(20):
            t0 = time.perf_counter()
            await report()
            seconds.append(time.perf_counter() - t0)
        print(f"{name}: {timed(seconds)}")
    await store.close()


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2430
    with tempfile.TemporaryDirectory() as folder:
        target = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(folder) / "bench.sqlite3"
        asyncio.run(main(count, target))
