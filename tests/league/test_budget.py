"""The bot's request budget, shared through the database (league.store.budget; issue 30).

Discord's global limit is the bot's, whatever process calls: every store on one database draws on
one count per bot and slot, and never grants more than the slot's budget between them.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from league.errors import SettingsError
from league.store import Store
from league.store.budget import KEEP_SLOTS
from tests.league.conftest import query

BOT, OTHER_BOT = 4242, 777


async def test_a_slot_grants_what_is_left_of_its_budget_then_nothing(store: Store) -> None:
    assert [await store.grant_requests(BOT, 100, 5, 12) for _ in range(4)] == [5, 5, 2, 0]
    assert await store.grant_requests(BOT, 101, 5, 12) == 5  # the next slot starts afresh
    assert await store.grant_requests(OTHER_BOT, 100, 5, 12) == 5  # another bot's budget is its own


async def test_two_stores_on_one_database_never_grant_more_than_the_budget(store: Store, db_path: Path) -> None:
    other = await Store.open(db_path)  # another process's store
    try:
        for slot in range(10, 13):
            grants = await asyncio.gather(*((store, other)[n % 2].grant_requests(BOT, slot, 3, 40) for n in range(30)))
            assert sum(grants) == 40 and all(0 <= g <= 3 for g in grants), grants
            assert {await s.grant_requests(BOT, slot, 3, 40) for s in (store, other)} == {0}
    finally:
        await other.close()
    assert query(db_path, "SELECT slot, used FROM request_budget WHERE bot = ? ORDER BY slot", (BOT,)) == [
        (10, 40),
        (11, 40),
        (12, 40),
    ]


async def test_slots_long_gone_are_pruned(store: Store, db_path: Path) -> None:
    for slot in (1, 2, 3 + KEEP_SLOTS):
        await store.grant_requests(BOT, slot, 1, 8)
    await store.grant_requests(OTHER_BOT, 1, 1, 8)
    rows = query(db_path, "SELECT bot, slot FROM request_budget ORDER BY bot, slot")
    assert rows == [(OTHER_BOT, 1), (BOT, 3 + KEEP_SLOTS)]  # BOT's slot 3 + KEEP_SLOTS pruned its own old ones


@pytest.mark.parametrize(("field", "args"), [("bot", (-1, 1, 1, 1)), ("wanted", (1, 1, True, 1))])
async def test_a_bad_request_is_refused_and_nothing_is_written(
    store: Store, db_path: Path, field: str, args: tuple[int, int, int, int]
) -> None:
    with pytest.raises(SettingsError, match=f"request budget's {field}"):
        await store.grant_requests(*args)
    assert query(db_path, "SELECT count(*) FROM request_budget") == [(0,)]
