"""/help: one line per command, read from the command tree."""

from __future__ import annotations

from league.store import Store
from tests.bot.conftest import ask, running_bot
from tests.fakediscord import FakeDiscord


async def test_help_lists_every_synced_command_privately(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    async with running_bot(fake, store):
        reply = await ask(fake, fake.stranger, "help")  # no league needed
        assert reply.ephemeral and reply.embed is not None and reply.embed["title"] == "Dugout commands"
        lines = "\n".join(e["description"] for e in reply.embeds).splitlines()
        synced = sorted(c["name"] for c in fake.commands(fake.guild_id))
        assert [line.split("**")[1] for line in lines] == [f"/{name}" for name in synced]
        roster = next(line for line in lines if line.startswith("**/roster**"))
        assert "`trade-answer`" in roster and "`il`" in roster
        assert any(line.startswith("**/standings**: The standings") for line in lines)
