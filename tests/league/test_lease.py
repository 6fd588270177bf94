"""One owner for a live game (issue 26, league.lease): a lease in the database that one process holds
at a time, renewed while it plays, taken over once it lapses or its process is gone."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from league import db
from league.errors import GameBusy, GameError
from league.lease import Heartbeat, Owner
from league.models import GameRecord, League, Team
from league.store import Store
from tests.league.conftest import direct, query, unchanged

ROOT = Path(__file__).resolve().parents[2]
HOST = socket.gethostname()


@pytest.fixture
async def live(store: Store, league: League, ready: tuple[Team, Team]) -> GameRecord:
    hc, mv = ready
    return await store.start_game((await store.schedule_game(league.id, hc.id, mv.id)).id, seed=1)


async def test_two_store_connections_contend_and_the_second_is_told_who_holds_the_game(
    store: Store, live: GameRecord, db_path: Path
) -> None:
    first, second = Owner.this_process(), Owner.this_process()
    other = await Store.open(db_path)
    try:
        lease = await store.take_lease(live.id, first, now=1000.0)
        assert (lease.owner, lease.pid, lease.host, lease.taken_at) == (first.id, os.getpid(), HOST, 1000.0)
        busy = (
            rf"game {live.id} is being played by another dugout process \(pid {os.getpid()} on host {HOST}\) "
            r"since 1970-01-01 00:16:40 UTC; try again when it ends"
        )
        with unchanged(db_path):
            with pytest.raises(GameBusy, match=busy):
                await other.take_lease(live.id, second, now=1030.0)
            with pytest.raises(GameBusy, match="no longer this process's to play"):
                await other.renew_lease(live.id, second, now=1030.0)
        renewed = await store.renew_lease(live.id, first, now=1030.0)
        assert (renewed.taken_at, renewed.expires_at) == (1000.0, 1090.0)  # renewing keeps when it was taken
        await other.release_lease(live.id, second)  # not its lease: left alone
        assert (await other.game_lease(live.id)) == renewed
        await store.release_lease(live.id, first)
        assert await other.game_lease(live.id) is None
        assert (await other.take_lease(live.id, second, now=1031.0)).owner == second.id
    finally:
        await other.close()


async def test_a_lapsed_lease_is_taken_over_and_its_old_holder_may_not_go_on(
    store: Store, live: GameRecord, db_path: Path
) -> None:
    first, second = Owner.this_process(), Owner.this_process()
    await store.take_lease(live.id, first, seconds=60, now=1000.0)
    with unchanged(db_path), pytest.raises(GameBusy):
        await store.take_lease(live.id, second, now=1059.9)
    taken = await store.take_lease(live.id, second, now=1060.0)
    assert (taken.owner, taken.taken_at) == (second.id, 1060.0)
    with unchanged(db_path), pytest.raises(GameBusy, match=f"held by another dugout process \\(pid {os.getpid()}"):
        await store.renew_lease(live.id, first, now=1061.0)


async def test_only_a_live_game_has_an_owner(store: Store, league: League, ready: tuple[Team, Team]) -> None:
    hc, mv = ready
    scheduled = await store.schedule_game(league.id, hc.id, mv.id)
    with pytest.raises(GameError, match=f"game {scheduled.id} is scheduled; only a live game is played by someone"):
        await store.take_lease(scheduled.id, Owner.this_process())


HOLDER = """
import asyncio, sys, time
from league.lease import Owner
from league.store import Store

async def main():
    store = await Store.open(sys.argv[1])
    await store.take_lease(int(sys.argv[2]), Owner.this_process())
    print("taken", flush=True)
    time.sleep(600)

asyncio.run(main())
"""


async def test_a_killed_holder_leaves_nothing_stuck(store: Store, live: GameRecord, db_path: Path) -> None:
    """A holder killed on this host: its lease is taken over at once, without waiting for it to lapse.
    A holder on another host cannot be checked: its lease is honoured until it lapses."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(db_path), str(live.id)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "taken\n"
        with pytest.raises(GameBusy, match=f"pid {holder.pid} on host {HOST}"):
            await store.take_lease(live.id, Owner.this_process())
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    mine = Owner.this_process()
    assert (await store.take_lease(live.id, mine)).owner == mine.id

    with direct(db_path) as conn:
        conn.execute("UPDATE game_lease SET owner = 'elsewhere:1:x', host = 'elsewhere', pid = 1")
    with pytest.raises(GameBusy, match="pid 1 on host elsewhere"):
        await store.take_lease(live.id, mine)


async def test_the_heartbeat_keeps_the_lease_and_notices_when_it_is_lost(
    store: Store, live: GameRecord, db_path: Path
) -> None:
    owner = Owner.this_process()
    await store.take_lease(live.id, owner, seconds=0.3)
    with Heartbeat(db_path, live.id, owner, interval=0.05, seconds=0.3) as beat:
        await asyncio.sleep(0.8)  # well past the first expiry
        lease = await store.game_lease(live.id)
        assert lease is not None and lease.owner == owner.id and lease.expires_at > time.time()
        assert not beat.lost
        await store.take_lease(live.id, Owner.this_process(), now=time.time() + 10)  # lapsed and taken over
        await asyncio.sleep(0.3)
        assert beat.lost


@pytest.mark.parametrize("level", range(db.latest_version()))
async def test_every_earlier_database_level_upgrades_to_the_lease_and_schedule_tables(
    tmp_path: Path, level: int
) -> None:
    path = tmp_path / "old.sqlite3"
    conn = await db.connect(path)
    await db.upgrade(conn, db.migrations()[:level])
    await conn.close()
    async with await Store.open(path) as store:
        assert await store.version() == db.latest_schema()
    tables = {r[0] for r in query(path, "SELECT name FROM sqlite_schema WHERE type = 'table'")}
    assert {"game_lease", "season_schedule"} <= tables


async def test_upgrading_finds_the_seasons_that_were_scheduled(tmp_path: Path) -> None:
    """Migration 0011: a season with days of several games had a schedule made, and so did one with games on
    days still to come (two teams, a game a day, scheduled ahead); a game a run (a game a day, each on the
    day it was played) did not."""
    path = tmp_path / "old.sqlite3"
    conn = await db.connect(path)
    await db.upgrade(conn, db.migrations()[:10])
    await conn.close()
    with direct(path) as old:
        for league, day in ((1, 1), (2, 3), (3, 2)):
            old.execute(
                "INSERT INTO league (id, name, ruleset, day) VALUES (?, ?, 'IP2021', ?)", (league, f"L{league}", day)
            )
            for team in (1, 2, 3, 4):
                old.execute(
                    "INSERT INTO team (id, league_id, name, abbreviation) VALUES (?, ?, ?, ?)",
                    (league * 10 + team, league, f"T{team}", f"T{team}"),
                )
        games = [(1, 1, 11, 12), (1, 1, 13, 14), (1, 2, 11, 13), (2, 1, 21, 22), (2, 2, 22, 21)]
        games += [(3, 1, 31, 32), (3, 2, 32, 31), (3, 3, 31, 32)]  # day 3 is still to come
        old.executemany(
            "INSERT INTO game (league_id, season, day, away_team_id, home_team_id) VALUES (?, 1, ?, ?, ?)", games
        )
    async with await Store.open(path):
        pass
    assert query(path, "SELECT league_id, season, games FROM season_schedule ORDER BY league_id") == [
        (1, 1, 3),
        (3, 1, 3),
    ]
