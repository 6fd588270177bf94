"""End-to-end fixtures: the real Dugout bot against the fake Discord, on a fresh league file."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import DugoutBot
from league.store import Store
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import fake_discord, no_error_logs  # noqa: F401  (fixtures for every bot test)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with await Store.open(tmp_path / "league.sqlite3") as opened:
        yield opened


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, store: Store) -> AsyncIterator[DugoutBot]:
    """Dugout logged in to the fake Discord, its commands synced to the fake guild."""
    bot = DugoutBot(store, guild_id=fake.guild_id)
    async with fake.running(bot):
        yield bot
