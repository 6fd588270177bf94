"""Sharded bot processes share the bot's request budget through the database (bot.discord.pacing; issue 30).

Discord's global limit (50 requests a second) is the bot's, not a process's: two pacers, each on its
own store of one database as two processes are, stay within the shared budget together.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from pathlib import Path

import pytest

from bot.discord.app import DugoutBot
from bot.discord.pacing import BATCH, PER_SLOT, SLOTS_PER_SECOND, Pacer, SharedBudget
from bot.shards import Shards
from league.errors import DatabaseError
from league.store import Store

BOT = 9001


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    if request.param == "sqlite":
        return tmp_path / "league.sqlite3"
    url: str = request.getfixturevalue("pg_store_url")
    return url


async def test_two_pacers_on_one_database_stay_within_the_budget_together(database: Path | str) -> None:
    stores = [await Store.open(database) for _ in range(2)]
    try:
        budgets = [SharedBudget(s, lambda: BOT) for s in stores]
        pacers = [Pacer(window=0.0, shared=b) for b in budgets]  # each would allow 40 a second on its own
        granted: Counter[int] = Counter()  # requests made, by the slot they were granted in
        stop = time.time() + 1.2

        async def game(pacer: Pacer, budget: SharedBudget, channel: int) -> None:
            while time.time() < stop:
                await pacer.slot(channel)
                granted[budget.slot] += 1

        await asyncio.gather(*(game(p, b, c) for p, b in zip(pacers, budgets, strict=True) for c in range(10)))
    finally:
        for s in stores:
            await s.close()
    assert granted and max(granted.values()) <= PER_SLOT, granted
    # A second seen from anywhere spans at most SLOTS_PER_SECOND + 1 slots: under Discord's 50.
    assert (SLOTS_PER_SECOND + 1) * PER_SLOT < 50
    assert sum(granted.values()) <= (len(granted) + 1) * PER_SLOT


async def test_a_spent_slot_waits_for_the_next_one(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "league.sqlite3") as store:
        budget = SharedBudget(store, lambda: BOT)
        await budget.take()
        taken = await store.grant_requests(BOT, budget.slot, PER_SLOT, PER_SLOT)  # another process takes the rest
        assert taken == PER_SLOT - BATCH
        for _ in range(BATCH - 1):  # what this process holds is still its own
            await budget.take()
        slot = budget.slot
        await budget.take()
        assert budget.slot == slot + 1 and time.time() * SLOTS_PER_SECOND >= slot + 1


async def test_without_the_database_a_process_paces_on_its_own_bucket(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await Store.open(tmp_path / "league.sqlite3") as store:

        async def unreachable(*args: int) -> int:
            raise DatabaseError("the database is busy (connection lost); try again in a moment")

        monkeypatch.setattr(store, "grant_requests", unreachable)
        budget = SharedBudget(store, lambda: BOT)
        pacer = Pacer(window=0.0, shared=budget)
        await asyncio.wait_for(pacer.slot(1), 1)  # the game goes on, on the process's own bucket
        assert budget.alone_until > time.time()
        assert await budget.take() is False  # and the database is left alone a while


async def test_a_sharded_bot_shares_the_budget_and_a_lone_one_keeps_its_own(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "league.sqlite3") as store:
        assert DugoutBot(store).sessions.pacer.shared is None
        sharded = DugoutBot(store, my_shards=Shards(frozenset({0}), 2))
        assert sharded.sessions.pacer.shared is not None
