"""/league-create starts the server's league; /league shows it, sets its options, moves its calendar on."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import autocomplete
from bot.discord.app import DugoutBot
from bot.discord.checks import UserError, can_manage_server, guild_id, require_commissioner, server_league
from bot.discord.cogs.history import announce_awards
from bot.discord.layout import messages
from bot.discord.news import due_news_embeds
from bot.discord.summaries import summary_embeds
from bot.words.leagues import (
    card_set_names,
    change_setting,
    choose_ruleset,
    league_settings,
    open_league,
    set_folder,
    shown_value,
)
from bot.words.web import web_text
from cards.loader import set_ruleset
from engine import rulesets
from league import autoplay
from league.cardpool import set_label, set_names
from league.errors import DayMoved, SeasonClosed
from league.models import League
from league.settings import every_setting, ruleset_title, settings_of

log = logging.getLogger(__name__)
DEADLINE_CHECK_SECONDS = 60
# /league-create ruleset: the game a league plays (it gets the game's sample set when no set is named).
RULESET_CHOICES = [app_commands.Choice(name=r.title, value=r.name) for r in rulesets.rulesets()]


def league_embed(league: League) -> discord.Embed:
    embed = discord.Embed(title=league.name, description=f"Season {league.season}, day {league.day}")
    embed.add_field(name="Game", value=ruleset_title(league.ruleset))
    embed.add_field(name="Card sets", value=", ".join(set_label(ref) for ref in league.card_sets))
    embed.add_field(name="Commissioners", value=", ".join(f"<@{c}>" for c in league.commissioners) or "none")
    if league.channels:
        embed.add_field(name="Channels", value=", ".join(f"{p}: <#{c}>" for p, c in league.channels.items()))
    options, rules = league_settings(league)
    embed.add_field(name="Game options", value=_settings_text(options), inline=False)
    embed.add_field(name="League rules", value=_settings_text(rules), inline=False)
    return embed


def _settings_text(values: dict[str, Any]) -> str:
    return "\n".join(f"`{name}`: {shown_value(value)}" for name, value in values.items())


class LeagueCreateCog(commands.Cog):
    """``/league-create``, a command of its own: Discord honours a command's default permissions
    only on a top-level command or a whole group, never on a subcommand, so ``create`` cannot
    stay in /league (whose other commands everyone sees) and still be hidden from members
    without Manage Server. The check inside stays: a server's admins may change who sees it."""

    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="league-create", description="Start this server's league (Manage Server; you become its commissioner)"
    )
    @app_commands.describe(
        name="The league's name",
        card_sets="Card sets by name, comma-separated: a bundled set such as sample or 1970, or the bot operator's",
        teams="Make the teams the card sets list (a generated season's set has them); default yes",
        ruleset="The game the league plays: Inside Pitch or Deep Drive (default: the card sets' own)",
    )
    @app_commands.choices(ruleset=RULESET_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def create(
        self,
        interaction: discord.Interaction,
        name: str,
        card_sets: str | None = None,
        teams: bool = True,
        ruleset: str | None = None,
    ) -> None:
        gid = guild_id(interaction)
        existing = await self.bot.store.leagues(gid)
        if existing:
            raise UserError(f"This server already plays {existing[0].name}; Dugout runs one league per server.")
        if not can_manage_server(interaction):
            raise UserError("Starting a league needs the server's Manage Server permission.")
        sets = card_set_names(card_sets, ruleset)
        rules = choose_ruleset(ruleset, sets)  # refused here, privately, before the public deferral
        await interaction.response.defer(thinking=True)  # a season's teams take a while to sign
        league, text = await open_league(
            self.bot.store,
            name,
            sets,
            rules,
            teams=teams,
            next_step="/team create",
            guild_id=gid,
            commissioners=(interaction.user.id,),
        )
        await interaction.followup.send(text, embed=league_embed(league))

    @create.autocomplete("card_sets")
    async def _card_sets(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The card sets by name (bundled and the operator's); only those of the chosen game once ``ruleset``
        is filled in."""
        names = set_names()
        chosen = getattr(interaction.namespace, "ruleset", None)
        if chosen in rulesets.NAMES:
            names = [n for n in names if set_ruleset(set_folder(n)) == rulesets.family_of(chosen)]
        return autocomplete.list_choices(names, current)


class LeagueCog(commands.GroupCog, group_name="league", group_description="The server's league"):
    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot
        self._deadlines_since = datetime.now(UTC)
        # The day each of its leagues stood on at the last check: a deadline plays that day or nothing, so a day
        # another process played meanwhile (shards that overlap, a standby) is not played again.
        self._days_seen: dict[int, int] = {}
        self._deadline_task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._deadline_task = asyncio.create_task(self._watch_deadlines(), name="league deadlines")

    async def cog_unload(self) -> None:
        if self._deadline_task is not None:
            self._deadline_task.cancel()

    async def _watch_deadlines(self) -> None:
        """Once a minute: a league whose deadline hour came plays its day (league rule deadline_hour_utc)."""
        try:  # the days the leagues stand on before any deadline falls
            self._days_seen = {lg.id: lg.day for lg in await self._my_leagues()}
            self._deadlines_since = datetime.now(UTC)
        except Exception:
            log.exception("the leagues' days could not be read; the first deadline check reads them")
        while True:
            await asyncio.sleep(DEADLINE_CHECK_SECONDS)
            try:
                await self.run_deadlines(datetime.now(UTC))
            except Exception:  # a failed day is logged and tried again at the next deadline
                log.exception("the league deadline's auto-play failed")
            try:
                await self.post_news()
            except Exception:  # tried again in a minute
                log.exception("the daily news failed")

    async def _my_leagues(self) -> list[League]:
        """The leagues this process runs: every one, or a sharded process's shards' (bot.shards)."""
        return [lg for lg in await self.bot.store.all_leagues() if self.bot.my_shards.owns(lg.guild_id)]

    async def post_news(self) -> int:
        """The news of days moved on without a post (at the terminal, while the bot was down) in each league's
        channel: days claimed in the league file are posted once only. The embeds posted, for tests."""
        posted = 0
        for league in await self._my_leagues():
            channel = self._summary_channel(league)
            if channel is not None:
                embeds = await due_news_embeds(self.bot.store, league.id)
                for group in messages(embeds):
                    await channel.send(embeds=group)
                posted += len(embeds)
        return posted

    async def run_deadlines(self, now: datetime) -> list[League]:
        """Every league whose deadline fell since the last check plays its day's unstarted games and moves
        on; the summary goes to its announcements or games channel. The leagues that played, for tests."""
        since, self._deadlines_since = self._deadlines_since, now
        leagues = await self._my_leagues()
        seen, self._days_seen = self._days_seen, {lg.id: lg.day for lg in leagues}
        due = [lg for lg in leagues if autoplay.deadline_passed(lg.rules, since, now)]
        for league in due:
            try:  # one league's failure never costs the others their day
                day = seen.get(league.id, league.day)  # the day it stood on before the deadline fell
                played = await autoplay.advance(self.bot.store, league.id, 1, from_day=day)
                self._days_seen[league.id] = played[-1].next_day
                channel = self._summary_channel(league)
                if channel is not None:
                    text = f"The deadline passed: {league.name}'s day is played."
                    news = await due_news_embeds(self.bot.store, league.id)
                    await self._post_summary(channel, text, league.name, played, news)
                await announce_awards(self.bot, league)  # the day that ended the regular season
            except DayMoved:  # played by another process (or a commissioner) since the last check
                log.info("league %d: its day was played meanwhile; the deadline plays nothing", league.id)
            except SeasonClosed:  # nothing to play until a commissioner starts the playoffs: the day waits
                log.info("league %d: its season takes no game now; the deadline plays nothing", league.id)
            except Exception:
                log.exception("league %d: the deadline's auto-play failed", league.id)
        return due

    async def _post_summary(
        self,
        channel: discord.TextChannel | discord.Webhook,
        text: str | None,
        league_name: str,
        played: list[autoplay.DaySummary],
        news: Sequence[discord.Embed] = (),
    ) -> None:
        """The days' summary and their news in as many messages as Discord's limits need (its text in the first)."""
        groups = messages([*summary_embeds(league_name, played), *news])
        if not groups and text:
            await channel.send(text)
        for number, group in enumerate(groups):
            if number == 0 and text:
                await channel.send(text, embeds=group)
            else:
                await channel.send(embeds=group)

    @app_commands.command(description="The league: season, day, card sets, options and rules")
    async def info(self, interaction: discord.Interaction) -> None:
        league = await server_league(self.bot, interaction)
        await interaction.response.send_message(embed=league_embed(league))

    @app_commands.command(description="Show the league's settings, or change one (commissioners)")
    @app_commands.describe(setting="The game option or league rule to change", value="Its new value (on/off, a number)")
    async def options(
        self, interaction: discord.Interaction, setting: str | None = None, value: str | None = None
    ) -> None:
        league = await server_league(self.bot, interaction)
        if setting is None:
            await interaction.response.send_message(embed=league_embed(league), ephemeral=True)
            return
        require_commissioner(league, interaction)
        how = f"/league options setting:{setting} value:on"
        league = await change_setting(self.bot.store, league, setting, value, how)
        await interaction.response.send_message(f"{setting} is now {value}.", embed=league_embed(league))

    @options.autocomplete("setting")
    async def _setting_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:  # the league's own game's settings; every one when there is no league yet
            names = settings_of((await server_league(self.bot, interaction)).ruleset)
        except UserError:
            names = every_setting()
        return autocomplete.matching(((name, name) for name in names), current)

    @app_commands.command(
        name="advance-day", description="Play the day's unplayed games auto-managed, then move on (commissioners)"
    )
    @app_commands.describe(days="How many days (default 1)")
    async def advance_day(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 30] = 1) -> None:
        """Every game of the day not played live is auto-played (league.autoplay: the engine in a worker
        thread, so live games go on), the calendar moves on, and the day's summary is posted in the
        league's announcements channel (else its games channel, else here)."""
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        await self.bot.store.check_season_open(league.id)  # a closed season: what comes next, before the deferral
        await interaction.response.defer(thinking=True)
        played = await autoplay.advance(self.bot.store, league.id, days)
        league = await self.bot.store.league(league.id)
        games = sum(len(d.games) for d in played)
        done = f"{league.name} played {games} game{'s' if games != 1 else ''} and moves on to day {league.day}."
        channel = self._summary_channel(league)
        news = [] if channel is None else await due_news_embeds(self.bot.store, league.id)  # the league's channel's
        if channel is not None and channel.id != interaction.channel_id:
            await self._post_summary(channel, None, league.name, played, news)
            await interaction.followup.send(f"{done} The summary is in {channel.mention}.")
        else:
            await self._post_summary(interaction.followup, done, league.name, played, news)
        await announce_awards(self.bot, league, interaction.followup)  # the day that ended the regular season

    def _summary_channel(self, league: League) -> discord.TextChannel | None:
        for purpose in ("announcements", "games"):
            channel = self.bot.get_channel(league.channels[purpose]) if purpose in league.channels else None
            if isinstance(channel, discord.TextChannel):
                return channel
        return None

    @app_commands.command(description="Set the channel where games open their threads (commissioners)")
    @app_commands.describe(purpose="What the channel is for", channel="The channel")
    @app_commands.choices(
        purpose=[app_commands.Choice(name=p, value=p) for p in ("games", "announcements", "transactions")]
    )
    async def channel(self, interaction: discord.Interaction, purpose: str, channel: discord.TextChannel) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        await self.bot.store.set_channel(league.id, purpose, channel.id)
        await interaction.response.send_message(f"{league.name} uses {channel.mention} for {purpose}.")

    @app_commands.command(description="Add or remove a commissioner (commissioners)")
    @app_commands.describe(member="The member", remove="Remove instead of add")
    async def commissioner(
        self, interaction: discord.Interaction, member: discord.Member, remove: bool = False
    ) -> None:
        league = await server_league(self.bot, interaction)
        if not can_manage_server(interaction):  # the server's owners can always fix their league
            require_commissioner(league, interaction)
        if remove:
            await self.bot.store.remove_commissioner(league.id, member.id)
            await interaction.response.send_message(f"{member.mention} is no longer a commissioner.")
        else:
            await self.bot.store.add_commissioner(league.id, member.id)
            await interaction.response.send_message(f"{member.mention} is now a commissioner of {league.name}.")

    @app_commands.command(description="The league's web site: its address, listed or unlisted (commissioners)")
    @app_commands.describe(
        unlisted="Leave it off the site's index: its pages only at an address with a secret",
        renew="A new secret for an unlisted site: the old address stops working",
    )
    async def web(self, interaction: discord.Interaction, unlisted: bool | None = None, renew: bool = False) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        if unlisted is not None or renew:
            league = await self.bot.store.set_web(league.id, unlisted=unlisted, renew=renew)
        text = web_text(league, self.bot.web_url, "the bot serves no site until its host sets DUGOUT_WEB_PORT")
        await interaction.response.send_message(text, ephemeral=True)  # an unlisted site's secret: his alone


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(LeagueCreateCog(bot))
    await bot.add_cog(LeagueCog(bot))
