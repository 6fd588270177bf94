"""The Discord bot: one discord.py client, its cogs, its persistent buttons and its live games.

``DugoutBot`` owns the league store and the live game sessions. Cogs are thin: they
check who asks, call ``league/`` and ``engine/``, and render. Every refusal a user can
act on (a ``UserError`` or a ``LeagueError``) is answered ephemerally; anything else is
logged as an error and the user is told that something broke.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from pathlib import Path
from typing import Any

import discord
from aiohttp.web import AppRunner
from discord import app_commands
from discord.ext import commands

from bot.discord import health
from bot.discord.checks import UserError
from bot.discord.layout import CONTENT_TEXT
from bot.discord.session import Sessions
from bot.shards import ALL, Shards
from bot.web.serve import start_from_env
from league.errors import LeagueError
from league.store import Store

log = logging.getLogger("bot")

COGS = (
    "bot.discord.cogs.league",
    "bot.discord.cogs.teams",
    "bot.discord.cogs.roster",
    "bot.discord.cogs.lineup",
    "bot.discord.cogs.games",
    "bot.discord.cogs.reports",
    "bot.discord.cogs.playoffs",
    "bot.discord.cogs.draft",
    "bot.discord.cogs.seasons",
    "bot.discord.cogs.history",
    "bot.discord.cogs.cards",
    "bot.discord.cogs.help",
)


# What the bot is invited with (README.md, "Discord"), each for what its code does; nothing more.
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,  # the channels it plays in
    send_messages=True,  # the day's summaries; the link to a game's new thread
    create_public_threads=True,  # each game's thread
    send_messages_in_threads=True,  # plays, questions and the scoreboard
    manage_threads=True,  # reopen a thread a moderator archived and locked; delete a thread whose game did not start
    embed_links=True,  # plays, scoreboards, box scores and standings are embeds
    attach_files=True,  # the pictures of cards, standings and the playoff bracket
    read_message_history=True,  # after a restart, the thread's last messages: no play is posted twice
)

# What stops the bot cleanly: Ctrl-C at a terminal, and SIGTERM (docker stop, systemd).
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)

# What a public "thinking..." says for the moment between an error and its deletion (reply_privately).
NOT_DONE = "Not done; the member who asked was told why."


class DugoutTree(app_commands.CommandTree["DugoutBot"]):
    async def on_error(self, interaction: discord.Interaction[DugoutBot], error: app_commands.AppCommandError) -> None:
        message = user_message(error)
        if message is None:
            await super().on_error(interaction, error)  # logs it: a bug, not the user's doing
            message = "Something went wrong on Dugout's side; nothing was changed. The bot's log has the details."
        await reply_privately(interaction, message)


def user_message(error: BaseException) -> str | None:
    """What to tell the user about an error he can act on; None for a bug."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        cause = error.__cause__ or getattr(error, "original", None)
        if cause is not None and cause is not error:
            return user_message(cause)
    if isinstance(error, UserError | LeagueError):
        return str(error)
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or "You may not use that command here."
    return None


async def reply_privately(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral answer, whether or not the interaction was answered already.

    Discord fixes a reply's visibility when it is deferred: the first followup after a
    deferral replaces the "thinking..." message and keeps its visibility, whatever flags
    it sends. Commands therefore refuse before they defer (``/game start`` does). For an
    error that still comes after a public deferral, the "thinking..." message is first
    ended with a neutral word (so the next followup is a message of its own, which may be
    ephemeral), the reason goes to the user alone, and the public message is deleted.
    """
    if len(message) > CONTENT_TEXT:  # a refusal that quotes a member's long text must still be sent
        message = message[: CONTENT_TEXT - 1] + "…"
    response = interaction.response
    if not response.is_done():
        await response.send_message(message, ephemeral=True)
        return
    if response.type is discord.InteractionResponseType.deferred_channel_message:
        original = await interaction.original_response()
        if original.flags.loading and not original.flags.ephemeral:
            await interaction.edit_original_response(content=NOT_DONE)
            await interaction.followup.send(message, ephemeral=True)
            await interaction.delete_original_response()
            return
    await interaction.followup.send(message, ephemeral=True)


class DugoutBot(commands.Bot):
    """Dugout in Discord. ``guild_id`` syncs the commands to one server at once (else globally).

    ``my_shards`` are the servers whose leagues this process runs (bot.shards; :func:`make_bot` gives a
    sharded process the discord.py client that connects those shards only)."""

    def __init__(self, store: Store, *, guild_id: int | None = None, my_shards: Shards = ALL, **options: Any) -> None:
        # Dugout has no voice: say nothing about the voice libraries it does not install.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.default()  # no privileged intents: Dugout reads no message content
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=DugoutTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,
        )
        self.store = store
        self.my_shards = my_shards
        self.sync_guild_id = guild_id
        self.sessions = Sessions(self)
        self._resumed = False
        self._heartbeat: asyncio.Task[None] | None = None
        self._site: AppRunner | None = None
        self.web_url: str | None = None  # the league site's address people see (DUGOUT_WEB_URL), when served

    async def setup_hook(self) -> None:
        self._site, self.web_url = await start_from_env(self.store, os.environ)  # bot.web, DUGOUT_WEB_PORT
        for cog in COGS:
            await self.load_extension(cog)
        from bot.discord.prompts import CallTimeButton, ChoiceButton, ChoiceSelect

        self.add_dynamic_items(ChoiceButton, ChoiceSelect, CallTimeButton)
        if self.sync_guild_id is not None:
            guild = discord.Object(id=self.sync_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def runs_league(self, league_id: int) -> bool:
        """Is this league this process's to run (its live games, deadlines, draft clock, news)? bot.shards."""
        if not self.my_shards.sharded:
            return True
        return self.my_shards.owns((await self.store.league(league_id)).guild_id)

    async def on_ready(self) -> None:
        # Once per process: READY comes again after a reconnect that could not resume.
        if not self._resumed:
            self._resumed = True
            resumed = await self.sessions.resume_all()
            self.sessions.keep()
            log.info("ready as %s; resumed %d live game(s)", self.user, resumed)
            if (path := health.heartbeat_path()) is not None:  # for the image's HEALTHCHECK (bot.discord.health)
                self._heartbeat = asyncio.create_task(health.beat(self, path))

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.sessions.message_deleted(payload.channel_id, payload.message_id)

    async def close(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        await self.sessions.stop_all()
        if self._site is not None:
            await self._site.cleanup()
        await super().close()


class ShardedDugoutBot(DugoutBot, commands.AutoShardedBot):
    """Dugout on some of the bot's shards: one gateway connection per shard, one discord.py client."""


def make_bot(store: Store, *, guild_id: int | None = None, my_shards: Shards = ALL) -> DugoutBot:
    """The bot for ``my_shards``: the plain client unsharded (as ever), else discord.py's AutoShardedBot
    connecting those shards (Discord sends each its servers' events and commands only)."""
    if not my_shards.sharded:
        return DugoutBot(store, guild_id=guild_id)
    assert my_shards.ids is not None
    return ShardedDugoutBot(
        store, guild_id=guild_id, my_shards=my_shards, shard_ids=sorted(my_shards.ids), shard_count=my_shards.count
    )


async def run_bot(token: str, database: Path | str, guild_id: int | None = None, *, shards: Shards = ALL) -> None:
    """Open the store and run the bot until it is stopped: Ctrl-C (SIGINT) or SIGTERM (``docker stop``)
    closes it cleanly, each live game stopped between steps (all it did is saved; the next start resumes it).

    The handlers are installed here whatever the process inherited: a non-interactive shell starts a
    background job with SIGINT ignored, and SIGTERM's default ends the process at once, mid-step."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    installed = []
    for signum in STOP_SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows; a loop outside the main thread
            loop.add_signal_handler(signum, stop.set)
            installed.append(signum)
    try:
        async with await Store.open(database) as store:
            bot = make_bot(store, guild_id=guild_id, my_shards=shards)
            if shards.sharded:
                log.info("this process runs %s", shards.describe())
            async with bot:
                running = asyncio.create_task(bot.start(token), name="dugout bot")
                stopping = asyncio.create_task(stop.wait(), name="dugout stop signal")
                await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
                stopping.cancel()
                if not running.done():
                    log.info("stopping: the live games stop between steps, saved; the next start resumes them")
                    await bot.close()
                await running  # its error (a refused token, no network) is the caller's to report
    finally:
        for signum in installed:
            loop.remove_signal_handler(signum)
