"""The fake Discord speaks shards (issue 30): a session identified with ``shard: [id, count]`` gets only
the events of the guilds Discord puts on that shard (``(guild_id >> 22) % count``), direct messages on
shard 0; a session without ``shard`` gets everything. Proved with real discord.py clients."""

from __future__ import annotations

import discord
from discord import app_commands

from tests.fakediscord import FakeChannel, FakeDiscord
from tests.fakediscord.gateway import GatewaySession

COUNT = 2


class Hello(app_commands.Group, name="hello", description="Say hello"):
    @app_commands.command(description="Say hello")
    async def there(self, interaction: discord.Interaction) -> None:
        guild = interaction.guild.name if interaction.guild else "no guild"
        await interaction.response.send_message(f"Hello from shard {interaction.client.shard_id} in {guild}")


class ShardClient(discord.Client):
    """A client on one shard (or on every shard the fake holds, with ``shard_id`` None), its commands global."""

    def __init__(self, shard_id: int | None = None, shard_count: int | None = None) -> None:
        super().__init__(intents=discord.Intents.default(), shard_id=shard_id, shard_count=shard_count)
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(Hello())

    async def setup_hook(self) -> None:
        await self.tree.sync()


class QuickAutoSharded(discord.AutoShardedClient):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before each shard's IDENTIFY after the first (Discord's pace); the fake needs none."""


def events(session: GatewaySession, kind: str) -> list[dict[str, object]]:
    return [f["d"] for f in session.events if f["t"] == kind]


def guilds_created(session: GatewaySession) -> set[int]:
    return {int(str(d["id"])) for d in events(session, "GUILD_CREATE")}


def dm_channel(fake: FakeDiscord, user_id: int) -> FakeChannel:
    dm = FakeChannel(fake.ids.next(), "", type=1, guild_id=None, recipient_id=user_id)
    fake.world.channels[dm.id] = dm
    return dm


async def test_two_clients_on_two_shards_each_get_only_their_guilds_events(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    first_shard = (fake.guild_id >> 22) % COUNT
    other = fake.add_guild("Second Server", shard=1 - first_shard, shard_count=COUNT)
    second_id = other["general"].guild_id
    assert second_id is not None and (second_id >> 22) % COUNT != first_shard
    dm = dm_channel(fake, fake.manager_a.id)

    async with fake.running(ShardClient(0, COUNT)) as zero, fake.running(ShardClient(1, COUNT)) as one:
        by_shard = {0: zero, 1: one}
        mine, theirs = by_shard[first_shard], by_shard[1 - first_shard]
        assert [g.id for g in mine.guilds] == [fake.guild_id]
        assert [g.id for g in theirs.guilds] == [second_id]
        sessions = {s.shard[0]: s for s in fake.gateway.sessions if s.shard is not None}
        assert {n: s.shard for n, s in sessions.items()} == {0: [0, COUNT], 1: [1, COUNT]}
        assert guilds_created(sessions[first_shard]) == {fake.guild_id}
        assert guilds_created(sessions[1 - first_shard]) == {second_id}

        # A slash command in each server reaches the client of its shard only, and it answers.
        here_handle = await fake.slash(fake.manager_a, "hello", "there", channel=fake.general)
        there_handle = await fake.slash(fake.manager_a, "hello", "there", channel=other["general"])
        here, there = await here_handle.response(), await there_handle.response()
        assert here.text == f"Hello from shard {first_shard} in Dugout Test League"
        assert there.text == f"Hello from shard {1 - first_shard} in Second Server"
        asked_here = {int(str(d["id"])) for d in events(sessions[first_shard], "INTERACTION_CREATE")}
        asked_there = {int(str(d["id"])) for d in events(sessions[1 - first_shard], "INTERACTION_CREATE")}
        assert asked_here == {here_handle.id} and asked_there == {there_handle.id}

        # Messages: each server's on its shard; a direct message on shard 0 only.
        await fake.post_message(fake.manager_b, other["games"], "over here")
        await fake.post_message(fake.manager_b, dm, "psst")
        created = {n: [d["channel_id"] for d in events(s, "MESSAGE_CREATE")] for n, s in sessions.items()}
        assert str(other["games"].id) in created[1 - first_shard]
        assert str(other["games"].id) not in created[first_shard]
        assert str(dm.id) in created[0] and str(dm.id) not in created[1]


async def test_a_client_without_shards_gets_every_guild(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    other = fake.add_guild("Second Server", shard=0, shard_count=COUNT)
    async with fake.running(ShardClient()) as client:
        assert {g.id for g in client.guilds} == {fake.guild_id, other["games"].guild_id}
        [session] = fake.gateway.sessions
        assert session.shard is None
        reply = await (await fake.slash(fake.manager_a, "hello", "there", channel=other["games"])).response()
        assert reply.text == "Hello from shard None in Second Server"


async def test_an_auto_sharded_client_takes_the_count_gateway_bot_reports(no_error_logs: object) -> None:
    async with FakeDiscord(shard_count=COUNT) as fake:
        first_shard = (fake.guild_id >> 22) % COUNT
        other = fake.add_guild("Second Server", shard=1 - first_shard, shard_count=COUNT)
        with fake.point_client_here():
            client = QuickAutoSharded(intents=discord.Intents.default())
            async with fake.running(client):
                assert client.shard_count == COUNT and sorted(client.shards) == [0, 1]
                found = {g.id: g.shard_id for g in client.guilds}
                assert found == {fake.guild_id: first_shard, other["games"].guild_id: 1 - first_shard}
                assert sorted(s.shard for s in fake.gateway.sessions if s.shard) == [[0, COUNT], [1, COUNT]]
        assert fake.requests_to("GET", "/gateway/bot")
        assert not fake.unknown_routes and not fake.errors
