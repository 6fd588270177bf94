"""The permissions docs/discord.md asks for at the invite are the ones the bot uses (issue 26, "Discord").

Manage Threads was missing: without it the bot cannot reopen a thread a moderator archived and
locked, and moves the game to a new thread instead."""

from __future__ import annotations

from pathlib import Path

from bot.discord.app import INVITE_PERMISSIONS
from league.store import Store
from tests.bot.conftest import running_bot
from tests.bot.discord.test_faults import click_until, finish, game_threads, short_league
from tests.bot.discord.test_live_game import start_game
from tests.fakediscord import FakeDiscord

GUIDE = Path(__file__).resolve().parents[3] / "docs" / "discord.md"
NAMES = {"read_messages": "View Channels"}  # Discord's own words where the flag's name differs (view_channel)


def test_the_discord_guide_asks_for_each_permission_the_bot_uses() -> None:
    text = " ".join(GUIDE.read_text(encoding="utf-8").split()).lower()
    assert f"permissions={INVITE_PERMISSIONS.value}" in text
    granted = [name for name, on in INVITE_PERMISSIONS if on]
    assert "manage_threads" in granted
    for name in granted:
        assert NAMES.get(name, name.replace("_", " ")).lower() in text, name


async def test_with_the_invites_permissions_a_locked_thread_is_reopened(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    fake.bot_role.permissions = INVITE_PERMISSIONS.value
    scheduled = await short_league(fake, store)
    async with running_bot(fake, store):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=7)
        await click_until(fake, thread, lambda: len(fake.interactions) >= 3)  # /game start and two answers
        await fake.wait_for(lambda: any(c.startswith("dg:") for m in fake.messages_in(thread) for c in m.custom_ids))
    await fake.archive_thread(thread, locked=True)
    async with running_bot(fake, store):
        record = await finish(fake, store, scheduled.id, thread)
    assert record.status == "final"
    assert not thread.archived and not thread.locked and game_threads(fake) == [thread]  # no new thread
