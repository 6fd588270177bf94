"""The fake Discord harness, proved with a tiny discord.py client defined here.

The client is the real, unmodified discord.py: it logs in over REST, connects to the
fake Gateway, syncs an app_commands group to the guild and answers interactions.
Every test also fails on any ERROR log from discord.py and on any unknown route
(the `fake_discord` fixture).
"""

from __future__ import annotations

import asyncio
import io
import json
import struct
import time
import zlib

import aiohttp
import discord
import pytest
from discord import app_commands

from tests.fakediscord import FakeChannel, FakeDiscord
from tests.fakediscord.ratelimits import Limit, RateLimiter
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


# --- faults, rate limits and counting (issue 13) ---------------------------------------------


async def general(client: discord.Client, fake: FakeDiscord) -> discord.TextChannel:
    channel = client.get_channel(fake.general.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def a_thread(client: discord.Client, fake: FakeDiscord) -> tuple[discord.Thread, FakeChannel]:
    """A thread the client opened in #games, with one message of its own in it."""
    games = client.get_channel(fake.games_channel.id)
    assert isinstance(games, discord.TextChannel)
    thread = await games.create_thread(name="Cubs at Reds", type=discord.ChannelType.public_thread)
    await thread.send("Play ball!")
    return thread, fake.channel(thread.id)


async def test_a_503_answers_with_discords_body_once_and_the_next_call_goes_through(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        channel = await general(client, fake)
        fault = fake.fail("POST /channels/{id}/messages", status=503)
        with pytest.raises(discord.DiscordServerError) as failed:
            await channel.send("first")  # discord.py retries 500/502/504 itself, not 503
        assert failed.value.status == 503 and failed.value.text == "503: Service Unavailable"
        assert fake.messages_in(fake.general) == [] and fault.spent
        await channel.send("second")
        assert [m.content for m in fake.messages_in(fake.general)] == ["second"]
        posts = fake.requests_to("POST", rf"/channels/{fake.general.id}/messages")
        assert [(r.status, r.fault) for r in posts] == [(503, True), (200, False)]


async def test_a_fault_can_name_a_4xx_error_and_a_channel(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        message = await (await general(client, fake)).send("scoreboard")
        fake.fail("PATCH /channels/{id}/messages/{id}", status=404, code=10008, channel=fake.league_channel)
        fake.fail("PATCH /channels/{id}/messages/{id}", status=404, code=10008, times=2, channel=fake.general)
        for _ in range(2):
            with pytest.raises(discord.NotFound) as gone:
                await message.edit(content="inning 2")
            assert (gone.value.code, gone.value.text) == (10008, "Unknown Message")
        await message.edit(content="inning 3")
        assert fake.message(message.id).content == "inning 3" and fake.message(message.id).edits == 1
        assert [f.hits for f in fake.faults] == [0, 2]
        with pytest.raises(ValueError, match="serves no route"):
            fake.fail("POST /channels/{id}/message")


@pytest.mark.parametrize("from_message", [True, False])
async def test_thread_creation_fails_once(fake_discord: FakeDiscord, from_message: bool) -> None:
    fake = fake_discord
    route = "POST /channels/{id}/messages/{id}/threads" if from_message else "POST /channels/{id}/threads"
    async with fake.running(DemoClient()) as client:
        games = client.get_channel(fake.games_channel.id)
        assert isinstance(games, discord.TextChannel)
        starter = await games.send("Cubs at Reds") if from_message else None
        fake.fail(route, status=503)
        with pytest.raises(discord.DiscordServerError):
            await (starter.create_thread(name="Game 1") if starter else games.create_thread(name="Game 1"))
        assert fake.threads == []
        await (starter.create_thread(name="Game 1") if starter else games.create_thread(name="Game 1"))
        assert [t.name for t in fake.threads] == ["Game 1"]


async def test_an_interaction_callback_that_fails_is_retried_by_discord_py(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()):
        fake.fail("POST /interactions/{id}/{token}/callback", status=503)
        reply = await (await fake.slash(fake.manager_a, "demo", "ping")).response(timeout=5)
        assert reply.embed is not None and reply.embed["title"] == "Pong"
        callbacks = fake.rest_calls(0, channels=[fake.general])
        assert [(r.route, r.status) for r in callbacks] == [
            ("POST /interactions/{id}/{token}/callback", 503),  # discord.py's webhook adapter waits 1 s, tries again
            ("POST /interactions/{id}/{token}/callback", 200),
        ]


async def test_a_followup_that_fails_is_retried_by_discord_py(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()):
        fake.fail("POST /webhooks/{id}/{token}", status=502)
        reply = await (await fake.slash(fake.commissioner, "demo", "card")).response(timeout=5)
        assert reply.embed is not None and reply.embed["title"] == "Ryan Howard"
        assert [r.status for r in fake.rest_calls(0) if r.route == "POST /webhooks/{id}/{token}"] == [502, 200]


async def test_after_carries_the_call_out_and_fails_anyway(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        channel = await general(client, fake)
        fake.fail("POST /channels/{id}/messages", status=503, after=True)
        with pytest.raises(discord.DiscordServerError):
            await channel.send("posted, though the bot is told otherwise")
        assert [m.content for m in fake.messages_in(fake.general)] == ["posted, though the bot is told otherwise"]


@pytest.mark.parametrize("after", [False, True])
async def test_a_dropped_connection_gives_no_answer(fake_discord: FakeDiscord, after: bool) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        channel = await general(client, fake)
        fake.fail("POST /channels/{id}/messages", disconnect=True, after=after)
        with pytest.raises(aiohttp.ServerDisconnectedError):
            await channel.send("lost on the way")
        assert [m.content for m in fake.messages_in(fake.general)] == (["lost on the way"] if after else [])
        [dropped] = fake.requests_to("POST", rf"/channels/{fake.general.id}/messages")
        assert dropped.status == -1 and dropped.fault
        await channel.send("again")  # a new connection


async def test_a_held_answer_times_the_caller_out_while_discord_carries_it_out(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        channel = await general(client, fake)
        fake.hold("POST /channels/{id}/messages", 0.3)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(channel.send("slow"), 0.05)
        assert fake.messages_in(fake.general) == []
        await fake.wait_for(lambda: fake.messages_in(fake.general), timeout=2)


async def test_a_deleted_message_is_gone_for_the_bot(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        message = await (await general(client, fake)).send("scoreboard")
        await fake.wait_for(lambda: client.cached_messages)
        await fake.delete_message(message.id)
        await fake.wait_for(lambda: not client.cached_messages)  # MESSAGE_DELETE reached the client
        with pytest.raises(discord.NotFound) as gone:
            await message.edit(content="inning 2")
        assert gone.value.code == 10008 and fake.messages_in(fake.general) == []


async def test_posting_in_an_archived_thread_unarchives_it_and_edits_are_refused(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        thread, fake_thread = await a_thread(client, fake)
        [first] = fake.messages_in(fake_thread)
        await fake.archive_thread(fake_thread)
        await fake.wait_for(lambda: client.get_channel(thread.id) is None)  # discord.py drops archived threads
        with pytest.raises(discord.HTTPException) as refused:
            await thread.get_partial_message(first.id).edit(content="edited")
        assert (refused.value.status, refused.value.code, refused.value.text) == (400, 50083, "Thread is archived")
        await thread.send("Top of the 2nd")
        assert not fake_thread.archived
        await fake.wait_for(lambda: client.get_channel(thread.id) is not None)  # THREAD_UPDATE: active again
        await thread.get_partial_message(first.id).edit(content="edited")


async def test_a_locked_archived_thread_refuses_posts_until_the_bot_unarchives_it(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        thread, fake_thread = await a_thread(client, fake)
        await fake.archive_thread(fake_thread, locked=True)
        with pytest.raises(discord.HTTPException) as refused:
            await thread.send("Top of the 2nd")
        assert (refused.value.status, refused.value.code) == (400, 50083)
        await thread.edit(archived=False)  # the bot has Manage Threads
        assert (fake_thread.archived, fake_thread.locked) == (False, True)
        await thread.send("Top of the 2nd")
        fake.bot_role.permissions &= ~discord.Permissions(manage_threads=True).value
        with pytest.raises(discord.Forbidden) as forbidden:
            await thread.send("Bottom of the 2nd")  # locked: only Manage Threads posts
        assert forbidden.value.code == 50013
        assert [m.content for m in fake.messages_in(fake_thread)] == ["Play ball!", "Top of the 2nd"]


async def test_a_deleted_thread_is_an_unknown_channel(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        thread, fake_thread = await a_thread(client, fake)
        await fake.delete_thread(fake_thread)
        await fake.wait_for(lambda: client.get_channel(thread.id) is None)  # THREAD_DELETE reached the client
        for call in (thread.send("Top of the 2nd"), client.fetch_channel(thread.id)):
            with pytest.raises(discord.NotFound) as gone:
                await call
            assert (gone.value.code, gone.value.text) == (10003, "Unknown Channel")
        assert fake.threads == [] and [m.content for m in fake.messages_in(fake_thread)] == ["Play ball!"]


async def raw(fake: FakeDiscord, session: aiohttp.ClientSession, method: str, path: str) -> aiohttp.ClientResponse:
    headers = {"Authorization": "Bot fake-bot-token"}
    body = {"content": "hi"} if method == "POST" else None
    async with session.request(method, fake.api_url + path, json=body, headers=headers) as response:
        await response.read()
        return response


async def test_rate_limit_headers_count_down_and_a_burst_gets_a_429(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    fake.rate_limiter = RateLimiter()
    async with aiohttp.ClientSession() as session:
        path = f"/channels/{fake.general.id}/messages"
        answers = [await raw(fake, session, "POST", path) for _ in range(6)]
        assert [a.status for a in answers] == [200] * 5 + [429]
        assert [a.headers["X-RateLimit-Remaining"] for a in answers[:5]] == ["4", "3", "2", "1", "0"]
        assert {a.headers["X-RateLimit-Limit"] for a in answers} == {"5"}
        assert len({a.headers["X-RateLimit-Bucket"] for a in answers}) == 1
        reset_after = float(answers[0].headers["X-RateLimit-Reset-After"])
        assert 4.5 < reset_after <= 5.0
        assert abs(float(answers[0].headers["X-RateLimit-Reset"]) - time.time() - reset_after) < 0.5
        limited = answers[-1]
        body = json.loads(await limited.text())
        assert body["message"] == "You are being rate limited." and body["global"] is False
        assert 4 < body["retry_after"] <= 5.0 and limited.headers["Retry-After"] == "5"
        assert (limited.headers["X-RateLimit-Scope"], limited.headers["Via"]) == ("user", "1.1 google")
        # Another channel is another bucket.
        other = await raw(fake, session, "POST", f"/channels/{fake.league_channel.id}/messages")
        assert other.status == 200 and other.headers["X-RateLimit-Remaining"] == "4"
    assert len(fake.rate_limited()) == 1 and len(fake.messages_in(fake.general)) == 5


async def test_the_global_limit_is_fifty_a_second_and_says_so(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    fake.rate_limiter = RateLimiter()
    async with aiohttp.ClientSession() as session:
        channels = [fake.general.id, fake.league_channel.id, fake.games_channel.id]
        answers = [await raw(fake, session, "GET", f"/channels/{channels[n % 3]}") for n in range(51)]
    assert [a.status for a in answers] == [200] * 50 + [429]
    limited = answers[-1]
    assert limited.headers["X-RateLimit-Global"] == "true" and limited.headers["X-RateLimit-Scope"] == "global"
    assert "X-RateLimit-Bucket" not in limited.headers
    body = json.loads(await limited.text())
    assert body["global"] is True and 0 < body["retry_after"] <= 1


async def test_discord_py_waits_on_the_headers_and_gets_no_429() -> None:
    """A burst of seven posts in one channel: discord.py sends five, reads Remaining 0, waits
    Reset-After, sends the rest; shorter windows (0.5 s) than Discord's keep the test quick."""
    limiter = RateLimiter(route_limits={"POST /channels/{id}/messages": Limit(5, 0.5)})
    async with FakeDiscord(rate_limits=limiter) as fake, fake.running(DemoClient()) as client:
        channel = await general(client, fake)
        began = asyncio.get_running_loop().time()
        await asyncio.gather(*(channel.send(f"play {n}") for n in range(7)))
        took = asyncio.get_running_loop().time() - began
        assert fake.rate_limited() == [] and len(fake.messages_in(fake.general)) == 7
        posts = fake.requests_to("POST", rf"/channels/{fake.general.id}/messages")
        assert posts[5].at - posts[0].at >= 0.45 and took >= 0.45


async def test_rest_calls_count_what_the_bot_did_in_a_channel(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        since = fake.mark()
        message = await (await general(client, fake)).send("scoreboard")
        await message.edit(content="inning 2")
        await (await fake.slash(fake.manager_a, "demo", "ping", channel=fake.general)).response()
        await (await fake.slash(fake.manager_a, "demo", "ping", channel=fake.league_channel)).response()
        in_general = fake.calls_by_route(since, channels=[fake.general])
        assert in_general == {
            "POST /channels/{id}/messages": 1,
            "PATCH /channels/{id}/messages/{id}": 1,
            "POST /interactions/{id}/{token}/callback": 1,
        }
        assert len(fake.rest_calls(since)) == 4
        assert len(fake.rest_calls(since, channels=[fake.general], interactions=False)) == 2
        assert fake.rest_calls(since - 1)[0].route == fake.requests[since - 1].route  # login calls before the mark


async def test_a_fault_can_let_calls_through_first_and_pick_its_calls(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(DemoClient()) as client:
        channel = await general(client, fake)
        fake.fail("POST /channels/{id}/messages", skip=1, where=lambda r: (r.json or {})["content"].startswith("Final"))
        await channel.send("Final: first")  # let through
        await channel.send("a play")  # not one of its calls
        with pytest.raises(discord.DiscordServerError):
            await channel.send("Final: second")
        await channel.send("Final: third")  # spent
        assert [m.content for m in fake.messages_in(fake.general)] == ["Final: first", "a play", "Final: third"]
