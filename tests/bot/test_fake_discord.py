"""The fake Discord harness, proved with a tiny discord.py client defined here.

The client is the real, unmodified discord.py: it logs in over REST, connects to the
fake Gateway, syncs an app_commands group to the guild and answers interactions.
Every test also fails on any ERROR log from discord.py and on any unknown route
(the `fake_discord` fixture).
"""

from __future__ import annotations

import io
import struct
import zlib

import discord
import pytest
from discord import app_commands

from tests.fakediscord import FakeDiscord
from tests.fakediscord.world import GUILD_ID

TEAMS = ["Cardinals", "Cubs", "Brewers", "Reds", "Pirates", "Cannons"]


def png(width: int, height: int) -> bytes:
    """A valid red PNG image of the given size."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


CARD_PNG = png(4, 3)


class AskView(discord.ui.View):
    """Persistent: no timeout, fixed custom_ids, so it answers clicks after a restart."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Yes", custom_id="demo:1:yes", style=discord.ButtonStyle.success)
    async def yes(self, interaction: discord.Interaction, button: discord.ui.Button[AskView]) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.display_name} said yes", view=None)

    @discord.ui.select(
        custom_id="demo:1:inning",
        placeholder="Inning",
        options=[discord.SelectOption(label=f"Inning {i}", value=str(i)) for i in range(1, 10)],
    )
    async def inning(self, interaction: discord.Interaction, select: discord.ui.Select[AskView]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"Inning {select.values[0]} chosen")


class RenameModal(discord.ui.Modal, title="Rename team"):
    name: discord.ui.TextInput[RenameModal] = discord.ui.TextInput(label="New name", custom_id="demo:rename:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Renamed to {self.name.value}", ephemeral=True)


class Demo(app_commands.Group, name="demo", description="Commands that prove the fake Discord"):
    @app_commands.command(description="Answer with an embed")
    async def ping(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Pong", description=f"Hello, {interaction.user.display_name}")
        await interaction.response.send_message(embed=embed)

    @app_commands.command(description="Ask a manager a question")
    @app_commands.checks.has_role("Manager")
    async def ask(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Swing away?", view=AskView(), ephemeral=True)

    @app_commands.command(description="Open a thread and post in it")
    @app_commands.describe(name="The thread's name", from_message="Start it from the answer (else from the channel)")
    async def thread(self, interaction: discord.Interaction, name: str, from_message: bool = True) -> None:
        if from_message:
            await interaction.response.send_message(f"Opening {name}")
            answer = await interaction.original_response()
            thread = await answer.create_thread(name=name)
        else:
            assert isinstance(interaction.channel, discord.TextChannel)
            await interaction.response.defer(ephemeral=True)
            thread = await interaction.channel.create_thread(name=name, type=discord.ChannelType.public_thread)
            await interaction.followup.send(f"Opened {thread.mention}", ephemeral=True)
        await thread.send("Play ball!")

    @app_commands.command(description="Pick a team")
    async def pick(self, interaction: discord.Interaction, team: str) -> None:
        await interaction.response.send_message(f"You picked {team}")

    @pick.autocomplete("team")
    async def pick_team(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=t, value=t.lower()) for t in TEAMS if current.lower() in t.lower()]

    @app_commands.command(description="Show a card picture")
    async def card(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        embed = discord.Embed(title="Ryan Howard").set_image(url="attachment://card.png")
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(CARD_PNG), filename="card.png"))

    @app_commands.command(description="Rename a team")
    async def rename(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(RenameModal())


class DemoTree(app_commands.CommandTree[discord.Client]):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.MissingRole):
            await interaction.response.send_message("Only managers may ask.", ephemeral=True)
            return
        await super().on_error(interaction, error)


class DemoClient(discord.Client):
    def __init__(self, *, restore_views: bool = False) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = DemoTree(self)
        self.tree.add_command(Demo())
        self.restore_views = restore_views

    async def setup_hook(self) -> None:
        if self.restore_views:
            self.add_view(AskView())
        guild = discord.Object(id=GUILD_ID)
        self.tree.copy_global_to(guild=guild)
        self.tree.clear_commands(guild=None)
        await self.tree.sync(guild=guild)


async def test_client_connects_and_syncs_the_group_to_the_guild(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        assert client.user is not None and client.user.id == fake.bot_user.id
        guild = client.get_guild(fake.guild_id)
        assert guild is not None
        assert [c.name for c in guild.text_channels] == ["general", "league-office", "games"]
        assert {r.name for r in guild.roles} >= {"Commissioner", "Manager"}
        assert guild.me is not None and guild.me.guild_permissions.create_public_threads

        [demo] = fake.commands(fake.guild_id)
        assert demo["name"] == "demo" and demo["application_id"] == str(fake.application_id)
        subcommands = {o["name"]: o for o in demo["options"]}
        assert set(subcommands) == {"ping", "ask", "thread", "pick", "card", "rename"}
        assert subcommands["pick"]["options"][0]["autocomplete"] is True
        assert fake.commands() == []
        assert fake.requests_to("GET", "/users/@me") and fake.requests_to("GET", "/oauth2/applications/@me")
        assert len(fake.gateway.sessions) == 1
    assert fake.unknown_routes == []


async def test_slash_command_answers_with_an_embed(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        handle = await fake.slash(fake.manager_a, "demo", "ping", channel=fake.league_channel)
        reply = await handle.response()

        assert reply.type == 4 and not reply.ephemeral
        assert reply.embed is not None and reply.embed["title"] == "Pong"
        assert "Hello, Skipper A" in reply.text
        assert fake.messages_in(fake.league_channel) == [reply.message]
        # Discord echoes the answer over the Gateway: the client caches it.
        assert reply.message is not None
        await fake.wait_for(lambda: client.cached_messages)
        assert [m.id for m in client.cached_messages] == [reply.message.id]


async def test_persistent_button_answers_a_click_after_a_restart(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()):
        asked = await (await fake.slash(fake.manager_a, "demo", "ask", channel=fake.games_channel)).response()
    assert asked.ephemeral and asked.custom_ids == ["demo:1:yes", "demo:1:inning"]
    question = asked.message
    assert question is not None

    async with fake.running(DemoClient(restore_views=True)):
        reply = await (await fake.click(fake.manager_a, question, "demo:1:yes")).response()

    assert reply.type == 7 and reply.content == "Skipper A said yes" and reply.components == []
    assert question.content == "Skipper A said yes" and question.versions[0].content == "Swing away?"
    assert len(fake.gateway.sessions) == 2


async def test_select_defers_and_edits_the_message(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()):
        question = (await (await fake.slash(fake.manager_b, "demo", "ask")).response()).message
        assert question is not None
        handle = await fake.select(fake.manager_b, question, "demo:1:inning", ["7"])
        reply = await handle.response()
        assert reply.type == 6
        await fake.wait_for(lambda: question.content == "Inning 7 chosen")
        assert fake.requests_to("PATCH", r"/webhooks/\d+/.+/messages/@original")


async def test_a_stranger_gets_an_ephemeral_refusal(fake_discord: FakeDiscord, no_error_logs: list[object]) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()):
        reply = await (await fake.slash(fake.stranger, "demo", "ask")).response()
    assert reply.ephemeral and reply.flags & 64
    assert reply.content == "Only managers may ask." and reply.components == []
    assert no_error_logs == []


async def test_autocomplete_offers_choices(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()):
        choices = await fake.autocomplete(fake.manager_a, "demo", "pick", focused="team", value="ca")
        assert choices == [{"name": "Cardinals", "value": "cardinals"}, {"name": "Cannons", "value": "cannons"}]
        reply = await (await fake.slash(fake.manager_a, "demo", "pick", options={"team": "cubs"})).response()
        assert reply.content == "You picked cubs"


@pytest.mark.parametrize("from_message", [True, False])
async def test_thread_is_created_with_a_message_in_it(fake_discord: FakeDiscord, from_message: bool) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        options = {"name": "Game 1: Cubs at Reds", "from_message": from_message}
        handle = await fake.slash(fake.manager_a, "demo", "thread", options=options, channel=fake.games_channel)
        await handle.response()
        thread = await fake.wait_for(lambda: fake.thread_named("Game 1: Cubs at Reds"))
        [post] = await fake.wait_for(lambda: fake.messages_in(thread))

        assert thread.parent_id == fake.games_channel.id and thread.type == 11
        assert post.content == "Play ball!" and post.author_id == fake.bot_user.id
        cached = client.get_channel(thread.id)  # THREAD_CREATE reached the client
        assert isinstance(cached, discord.Thread) and cached.parent_id == fake.games_channel.id
        if from_message:
            assert handle.original is not None and handle.original.thread_id == thread.id
        else:
            assert handle.followups[0].ephemeral and thread.mention in handle.followups[0].content


async def test_uploaded_card_picture_is_recorded(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        reply = await (await fake.slash(fake.commissioner, "demo", "card")).response()

        assert reply.type == 5  # deferred, then the first followup replaced "thinking..."
        [picture] = reply.attachments
        assert (picture.filename, picture.content_type, picture.data) == ("card.png", "image/png", CARD_PNG)
        assert (picture.width, picture.height) == (4, 3)
        assert reply.embed is not None and reply.embed["image"]["url"] == picture.url
        # The client can fetch the message and download the file from the fake CDN.
        assert reply.message is not None
        channel = client.get_channel(fake.general.id)
        assert isinstance(channel, discord.TextChannel)
        fetched = await channel.fetch_message(reply.message.id)
        assert await fetched.attachments[0].read() == CARD_PNG


async def test_modal_is_shown_and_submitted(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()):
        asked = await fake.slash(fake.manager_b, "demo", "rename")
        modal = (await asked.response()).modal
        assert modal is not None and modal["title"] == "Rename team"
        submitted = await fake.submit_modal(fake.manager_b, asked, {"demo:rename:name": "Sluggers"})
        reply = await submitted.response()
        assert reply.ephemeral and reply.content == "Renamed to Sluggers"


async def test_client_resumes_after_the_gateway_drops(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        await fake.drop_gateway()
        said = await fake.post_message(fake.manager_b, fake.general, "anyone there?")  # perhaps while down
        [session] = fake.gateway.sessions
        await fake.wait_for(lambda: session.resumes == 1 and session.connected)
        await fake.wait_for(lambda: [m.id for m in client.cached_messages] == [said.id])
        reply = await (await fake.slash(fake.manager_a, "demo", "ping")).response()
        assert reply.embed is not None and reply.embed["title"] == "Pong"
        assert len(fake.gateway.sessions) == 1  # resumed, not identified again


async def test_discord_limits_and_unknown_routes_are_reported(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        channel = client.get_channel(fake.general.id)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as too_long:
            await channel.send("x" * 2001)
        assert too_long.value.code == 50035 and "at most 2000" in str(too_long.value)

        with pytest.raises(discord.NotFound):
            await client.http.request(discord.http.Route("GET", "/voice/regions"))
        assert fake.unknown_routes == ["GET /voice/regions"]
        fake.unknown_routes.clear()  # this one was on purpose


async def test_pointing_discord_py_here_is_undone_afterwards() -> None:
    route, websocket = discord.http.Route, discord.gateway.DiscordWebSocket
    before = route.BASE, websocket.DEFAULT_GATEWAY
    async with FakeDiscord() as fake:
        with fake.point_client_here():
            pointed = route.BASE, str(websocket.DEFAULT_GATEWAY)
        after = route.BASE, websocket.DEFAULT_GATEWAY
    assert pointed == (f"http://127.0.0.1:{fake.port}/api/v10", f"ws://127.0.0.1:{fake.port}/")
    assert after == before
