"""/draft: the league's draft from its pool (league.draft): setup, start, pick, queue, board, pause, resume,
auto. The same service and words (bot.words.draft) as ``dugout draft`` at the terminal.

Each pick is announced in the league's channel (announcements, else games) with the player's line;
a background task makes the picks whose clock ran out (the team's queue, else the auto-drafter), so
the clock keeps time across a restart: the deadline is in the database, and the task's first round
after a start makes whatever fell due meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import autocomplete
from bot.discord.app import DugoutBot
from bot.discord.checks import UserError, find_team, my_team, require_commissioner, server_league
from bot.discord.layout import CONTENT_TEXT
from bot.words import draft as words
from bot.words.lookup import find_card
from league import draft
from league.models import League, Team
from league.value import player_values

log = logging.getLogger("bot.draft")

TICK_SECONDS = 15  # how often the clock is checked: a pick is late by this at most
MANY = 12  # a step that makes more picks than this shows the board instead of every line
PICTURE = "draft.png"
ALL = "all"


async def pool_players(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The draft's pool, best first by the cards' value: "Johnny Bench (C, 24.1 runs)"."""
    bot = autocomplete.bot_of(interaction)
    if interaction.guild_id is None or not (leagues := await bot.store.leagues(interaction.guild_id)):
        return []
    values = player_values(await bot.store.card_pool(leagues[0].id))
    left = await draft.available(bot.store, leagues[0].id)
    return autocomplete.matching(((f"{values[c].name} ({values[c].line()})", c) for c in left), current)


class DraftCog(commands.GroupCog, group_name="draft", group_description="The league's draft from its pool"):
    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._watch_clocks(), name="draft clocks")

    async def cog_unload(self) -> None:
        # Stopped between rounds, never cancelled inside one: a pick's transaction is never cut off.
        if self._task is not None:
            self._stop.set()
            await self._task

    async def _watch_clocks(self) -> None:
        """Every TICK_SECONDS once the bot is ready: the picks whose clock ran out (the first round after a
        start makes those that fell due while the bot was down)."""
        while not self._stop.is_set():
            if self.bot.is_ready():
                try:
                    await self.run_clocks(time.time())
                except Exception:  # a failed round is logged and tried again at the next
                    log.exception("the draft clocks could not be run")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), TICK_SECONDS if self.bot.is_ready() else 1)

    async def run_clocks(self, now: float) -> list[draft.Progress]:
        """Every running draft's due picks, each announced in its league's channel. What was done, for tests."""
        mine = None
        if self.bot.my_shards.sharded:  # only this process's shards' drafts (bot.shards)
            mine = {lg.id for lg in await self.bot.store.all_leagues() if self.bot.my_shards.owns(lg.guild_id)}
        done = await draft.tick(self.bot.store, now, mine)
        for progress in done:
            league = await self.bot.store.league(progress.draft.league_id)
            channel = self._channel(league)
            if channel is not None:
                await self._announce(channel, league, progress, now)
        return done

    def _channel(self, league: League) -> discord.TextChannel | None:
        for purpose in ("announcements", "games"):
            channel = self.bot.get_channel(league.channels[purpose]) if purpose in league.channels else None
            if isinstance(channel, discord.TextChannel):
                return channel
        return None

    async def _teams(self, league: League) -> dict[int, Team]:
        return {t.id: t for t in await self.bot.store.teams(league.id)}

    async def _text(self, league: League, progress: draft.Progress, now: float) -> str:
        """The picks a step made, a line each (many: their count), and where the draft stands."""
        teams = await self._teams(league)
        pool = await self.bot.store.card_pool(league.id)
        if len(progress.picks) > MANY:
            lines = [f"{len(progress.picks)} picks were made; `/draft board` shows them all."]
        else:
            lines = [words.pick_line(p, teams, pool) for p in progress.picks]
        lines.append(words.status_line(league.name, progress.draft, teams, now))
        text = "\n".join(lines)
        return text if len(text) <= CONTENT_TEXT else text[: CONTENT_TEXT - 1] + "…"

    async def _announce(
        self, channel: discord.abc.Messageable, league: League, progress: draft.Progress, now: float
    ) -> None:
        await channel.send(await self._text(league, progress, now))

    async def _reply(
        self, interaction: discord.Interaction, league: League, progress: draft.Progress, now: float
    ) -> None:
        """The answer in the channel asked in; the league's channel hears of the picks too, if it is another.
        ``now``: the time the step was made at (its clock's time left is reckoned from it)."""
        text = await self._text(league, progress, now)
        if interaction.response.is_done():
            await interaction.followup.send(text)
        else:
            await interaction.response.send_message(text)
        channel = self._channel(league)
        if progress.picks and channel is not None and channel.id != interaction.channel_id:
            await channel.send(text)

    # --- commands ------------------------------------------------------------------------

    @app_commands.command(description="Set up the season's draft (commissioners)")
    @app_commands.describe(
        order="random, standings (the reverse of last season's), or the teams comma-separated",
        style="snake (even rounds go back up the order) or straight",
        rounds="Rounds (default: the roster room every team has)",
        clock="Time for a pick, 2m to 12h: 90m, 4h, 1h30m (default 4h)",
        seed="The random order's seed",
    )
    @app_commands.choices(style=[app_commands.Choice(name=s, value=s) for s in ("snake", "straight")])
    async def setup(
        self,
        interaction: discord.Interaction,
        order: str = "random",
        style: str = "snake",
        rounds: app_commands.Range[int, 1, 100] | None = None,
        clock: str = "4h",
        seed: int | None = None,
    ) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        chosen: str | list[int] = order.strip().lower()
        if chosen not in ("random", "standings"):
            chosen = [(await find_team(self.bot, league, t.strip())).id for t in order.split(",") if t.strip()]
        made = await draft.setup(
            self.bot.store,
            league.id,
            by=interaction.user.id,
            order=chosen,
            style=style,
            rounds=rounds,
            clock=clock,
            seed=seed,
        )
        await interaction.response.send_message(
            words.status_line(league.name, made, await self._teams(league), time.time())
        )

    @app_commands.command(description="Start the draft: the first pick's clock runs (commissioners)")
    async def start(self, interaction: discord.Interaction) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        await interaction.response.defer(thinking=True)  # teams on auto pick at once
        now = time.time()
        await self._reply(
            interaction, league, await draft.start(self.bot.store, league.id, now, by=interaction.user.id), now
        )

    @app_commands.command(description="Pick a player for the team on the clock (its manager, or a commissioner)")
    @app_commands.describe(player="The player (from the pool: cards on no roster)")
    @app_commands.autocomplete(player=pool_players)
    async def pick(self, interaction: discord.Interaction, player: str) -> None:
        league = await server_league(self.bot, interaction)
        store = self.bot.store
        pool = await store.card_pool(league.id)
        card_id = find_card(pool, player, await draft.available(store, league.id), "in the draft's pool")
        now = time.time()
        progress = await draft.pick(store, league.id, card_id, now, by=interaction.user.id)
        await self._reply(interaction, league, progress, now)

    @app_commands.command(description="Your team's queue: the players it takes when its clock runs out")
    @app_commands.describe(
        action="show, add or remove", player="The player to add or remove", team="The team (default: yours)"
    )
    @app_commands.choices(action=[app_commands.Choice(name=a, value=a) for a in ("show", "add", "remove")])
    @app_commands.autocomplete(player=pool_players, team=autocomplete.teams)
    async def queue(
        self, interaction: discord.Interaction, action: str = "show", player: str | None = None, team: str | None = None
    ) -> None:
        league = await server_league(self.bot, interaction)
        store = self.bot.store
        found = await find_team(self.bot, league, team) if team else await my_team(self.bot, league, interaction)
        pool = await store.card_pool(league.id)
        user = interaction.user.id
        if action == "show":
            ids = await draft.queue(store, league.id, found.id, by=user)
        elif not player:
            raise UserError(f"Name the player to {action}.")
        elif action == "add":
            card_id = find_card(pool, player, await draft.available(store, league.id), "in the draft's pool")
            ids = await draft.queue_add(store, league.id, found.id, card_id, by=user)
        else:
            queued = await draft.queue(store, league.id, found.id, by=user)
            ids = await draft.queue_remove(
                store, league.id, found.id, find_card(pool, player, queued, "in the queue"), by=user
            )
        await interaction.response.send_message(words.queue_text(found, ids, pool), ephemeral=True)

    @app_commands.command(description="The draft board: every pick, as a picture and as text")
    async def board(self, interaction: discord.Interaction) -> None:
        league = await server_league(self.bot, interaction)
        store = self.bot.store
        current = await draft.current(store, league.id)
        await interaction.response.defer(thinking=True)
        picks = await store.draft_picks(current.id)
        teams = await self._teams(league)
        pool = await store.card_pool(league.id)
        title = f"{league.name}: season {current.season} draft"
        picture = await asyncio.to_thread(words.render_board_png, title, current, picks, teams, pool)
        latest = [words.pick_line(p, teams, pool) for p in picks[-8:]]
        text = "\n".join([*latest, words.status_line(league.name, current, teams, time.time())])
        embed = discord.Embed(title=title, description=text[:4000])
        embed.set_image(url=f"attachment://{PICTURE}")
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(picture), filename=PICTURE))

    @app_commands.command(description="Stop the draft's clock; it keeps the time left (commissioners)")
    async def pause(self, interaction: discord.Interaction) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        now = time.time()
        paused = await draft.pause(self.bot.store, league.id, now, by=interaction.user.id)
        teams = await self._teams(league)
        await interaction.response.send_message(words.status_line(league.name, paused, teams, now))

    @app_commands.command(description="Run the draft's clock again from the time it kept (commissioners)")
    async def resume(self, interaction: discord.Interaction) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        await interaction.response.defer(thinking=True)
        now = time.time()
        progress = await draft.resume(self.bot.store, league.id, now, by=interaction.user.id)
        await self._reply(interaction, league, progress, now)

    @app_commands.command(description="Hand a team's picks to the auto-drafter; 'all' drafts the whole league now")
    @app_commands.describe(team="The team, or 'all' (commissioners: every pick made now)", on="False takes them back")
    @app_commands.autocomplete(team=autocomplete.teams)
    async def auto(self, interaction: discord.Interaction, team: str, on: bool = True) -> None:
        league = await server_league(self.bot, interaction)
        store = self.bot.store
        user = interaction.user.id
        now = time.time()
        if team.strip().lower() == ALL:
            require_commissioner(league, interaction)
            await draft.current(store, league.id)  # refused before the deferral: a league with no draft
            await interaction.response.defer(thinking=True)
            progress = await draft.auto_all(store, league.id, now, by=user)
        else:
            found = await find_team(self.bot, league, team)
            if not (user in found.managers or user in league.commissioners):
                raise UserError(f"Only the manager of {found.name} (or a commissioner) may do that.")
            await draft.current(store, league.id)
            await interaction.response.defer(thinking=True)
            progress = await draft.set_auto(store, league.id, found.id, on, now, by=user)
        await self._reply(interaction, league, progress, now)


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(DraftCog(bot))
