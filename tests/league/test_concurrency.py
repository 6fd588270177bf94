"""Many tasks, and two connections, changing one league at once: every change lands, none is lost."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from league import db
from league.errors import DatabaseError, RosterError
from league.models import League, LeagueRules, Team
from league.store import Store
from tests.league.conftest import HC_PLAYERS, MV_PLAYERS, intact, query

ADVANCES = 10


async def _churn(stores: list[Store], league: League, teams: tuple[Team, Team]) -> None:
    """Sign everyone, release every third player already signed, advance the day: all at once."""
    hc, mv = teams
    first, second = stores[0], stores[-1]
    for card_id in HC_PLAYERS[::3]:
        await first.sign(hc.id, card_id)
    jobs: list[Awaitable[Any]] = []
    for n, card_id in enumerate(HC_PLAYERS):
        store = stores[n % len(stores)]
        jobs.append(store.release(hc.id, card_id) if n % 3 == 0 else store.sign(hc.id, card_id))
    for n, card_id in enumerate(MV_PLAYERS):
        jobs.append(stores[(n + 1) % len(stores)].sign(mv.id, card_id))
    for n in range(ADVANCES):
        jobs.append((first if n % 2 else second).advance_day(league.id))
    await asyncio.gather(*jobs)


async def _check(store: Store, db_path: Path, league: League, teams: tuple[Team, Team]) -> None:
    hc, mv = teams
    kept = [c for n, c in enumerate(HC_PLAYERS) if n % 3]
    assert sorted(e.card_id for e in await store.roster(hc.id)) == sorted(kept)
    assert sorted(e.card_id for e in await store.roster(mv.id)) == sorted(MV_PLAYERS)
    assert (await store.league(league.id)).day == 1 + ADVANCES
    signed_first = len(HC_PLAYERS[::3])
    kinds = query(db_path, "SELECT kind, count(*) FROM roster_move GROUP BY kind ORDER BY kind")
    assert kinds == [("release", signed_first), ("sign", signed_first + len(kept) + len(MV_PLAYERS))]
    intact(db_path)


async def test_many_tasks_through_one_store_lose_nothing(
    store: Store, db_path: Path, league: League, teams: tuple[Team, Team]
) -> None:
    await _churn([store], league, teams)
    await _check(store, db_path, league, teams)


async def test_two_connections_to_one_file_lose_nothing(
    store: Store, db_path: Path, league: League, teams: tuple[Team, Team]
) -> None:
    other = await Store.open(db_path)
    try:
        await _churn([store, other], league, teams)
        await _check(other, db_path, league, teams)
    finally:
        await other.close()


async def test_two_teams_racing_for_one_card_one_gets_him(
    store: Store, db_path: Path, league: League, teams: tuple[Team, Team]
) -> None:
    hc, mv = teams
    other = await Store.open(db_path)
    try:
        for card_id in HC_PLAYERS[:8]:
            results = await asyncio.gather(
                store.sign(hc.id, card_id), other.sign(mv.id, card_id), return_exceptions=True
            )
            errors = [r for r in results if isinstance(r, BaseException)]
            assert len(errors) == 1 and isinstance(errors[0], RosterError), results
        assert query(db_path, "SELECT count(*) FROM roster") == [(8,)]
        assert query(db_path, "SELECT count(*) FROM roster_move") == [(8,)]
    finally:
        await other.close()


async def test_the_roster_limit_holds_under_a_rush(
    store: Store, db_path: Path, league: League, teams: tuple[Team, Team]
) -> None:
    hc, _ = teams
    await store.set_rules(league.id, LeagueRules(roster_limit=5))
    other = await Store.open(db_path)
    try:
        results = await asyncio.gather(
            *((store if n % 2 else other).sign(hc.id, card_id) for n, card_id in enumerate(HC_PLAYERS[:12])),
            return_exceptions=True,
        )
    finally:
        await other.close()
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(refused) == 7 and all(isinstance(r, RosterError) for r in refused)
    assert len(await store.roster(hc.id)) == 5


async def test_a_failed_operation_does_not_spoil_the_others(
    store: Store, db_path: Path, league: League, teams: tuple[Team, Team]
) -> None:
    hc, mv = teams
    await store.sign(hc.id, HC_PLAYERS[0])
    results = await asyncio.gather(
        store.sign(mv.id, HC_PLAYERS[0]),  # refused: on Harbor City
        store.sign(mv.id, MV_PLAYERS[0]),
        store.advance_day(league.id),
        return_exceptions=True,
    )
    assert isinstance(results[0], RosterError)
    assert [e.card_id for e in await store.roster(mv.id)] == [MV_PLAYERS[0]]
    assert (await store.league(league.id)).day == 2


@pytest.mark.sqlite_only("SQLite's write lock, held by another connection")
async def test_a_writer_waits_its_turn_and_gives_up_with_a_clear_error(
    store: Store, db_path: Path, league: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 300)
    patient = await Store.open(db_path)
    try:
        with closing(sqlite3.connect(db_path)) as holder:
            holder.execute("BEGIN IMMEDIATE")  # another process writing
            asyncio.get_running_loop().call_later(0.1, holder.commit)
            assert (await patient.advance_day(league.id)).day == 2  # waited for it
            holder.execute("BEGIN IMMEDIATE")
            with pytest.raises(DatabaseError, match="the database is busy"):
                await patient.advance_day(league.id)
            holder.rollback()
        assert (await patient.advance_day(league.id)).day == 3
    finally:
        await patient.close()
