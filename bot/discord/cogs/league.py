"""/league-create starts the server's league; /league shows it, sets its options, moves its calendar on."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import autocomplete
from bot.discord.app import DugoutBot
from bot.discord.checks import UserError, can_manage_server, guild_id, quoted, require_commissioner, server_league
from bot.discord.layout import messages
from bot.discord.news import due_news_embeds
from bot.discord.summaries import summary_embeds
from cards.loader import set_ruleset
from engine import rulesets
from engine.setup import SetupError
from league import autoplay
from league.cardpool import named_set, set_label, set_names
from league.errors import SeasonClosed
from league.models import League, LeagueRules
from league.settings import (
    WHOLE_NUMBER,
    every_setting,
    game_options_of,
    is_switch,
    owners_of,
    ruleset_title,
    settings_of,
)

log = logging.getLogger(__name__)
DEADLINE_CHECK_SECONDS = 60
# /league-create ruleset: the game a league plays (it gets the game's sample set when no set is named).
RULESET_CHOICES = [app_commands.Choice(name=r.title, value=r.name) for r in rulesets.rulesets()]


# How many set names a refusal lists (Discord's 2000 characters); quoted() shortens the name.
LISTED_SETS = 20


def set_folder(name: str) -> Path:
    """The folder of the card set a member named: by name alone (a bundled set or one in the operator's
    DUGOUT_CARD_SETS_DIR), never a path, so that every other text gets the same answer and no host path."""
    folder = named_set(name)
    if folder is None:
        names = set_names()
        listed = ", ".join(names[:LISTED_SETS])
        if len(names) > LISTED_SETS:
            listed += f" and {len(names) - LISTED_SETS} more"
        raise UserError(
            f"There is no card set named {quoted(name)}. The card sets are: {listed}"
            " (pick them from the list as you type)."
        )
    return folder


def set_family(ref: str) -> str:
    """The game a card set is for (set.toml's ruleset: "inside-pitch"), read from its set.toml alone."""
    return set_ruleset(set_folder(ref))


def choose_ruleset(ruleset: str | None, sets: list[str]) -> str:
    """The league's ruleset: the one asked for, else the card sets' own; a set of the other game is refused."""
    families = {ref: set_family(ref) for ref in sets}
    if ruleset is None:
        kinds = set(families.values())
        if len(kinds) > 1:
            raise UserError(
                "Those card sets are for different games ("
                + ", ".join(f"{ref}: {kind}" for ref, kind in families.items())
                + "); a league plays one."
            )
        return rulesets.for_family(kinds.pop()).name if kinds else rulesets.DEFAULT
    game = rulesets.ruleset(ruleset)
    wrong = [ref for ref, kind in families.items() if kind != game.family]
    if wrong:
        article = "an" if game.title[0] in "AEIOU" else "a"
        raise UserError(
            f"{', '.join(wrong)} {'is a card set' if len(wrong) == 1 else 'are card sets'} of the other game; "
            f"{article} {game.title} league plays {game.title} cards, such as {game.sample_set}."
        )
    return ruleset


def parse_setting(name: str, text: str, current: Any) -> Any:
    """A setting's new value, typed like its current one."""
    text = text.strip().lower()
    if isinstance(current, bool):
        if text in ("on", "yes", "true", "1"):
            return True
        if text in ("off", "no", "false", "0"):
            return False
        raise UserError(f"{name} is on or off; got {text!r}.")
    if name == "dh_leagues" and text in ("none", "off", "-"):
        return ""  # no leagues named: designated_hitter decides every game
    if isinstance(current, int):
        if is_switch(name) and text in ("on", "off"):  # switches kept as numbers: on is 1, off 0
            return int(text == "on")
        if not WHOLE_NUMBER.fullmatch(text):
            raise UserError(f"{name} is a whole number; got {quoted(text)}.")
        return int(text)
    return text


def league_embed(league: League) -> discord.Embed:
    embed = discord.Embed(title=league.name, description=f"Season {league.season}, day {league.day}")
    embed.add_field(name="Game", value=ruleset_title(league.ruleset))
    embed.add_field(name="Card sets", value=", ".join(set_label(ref) for ref in league.card_sets))
    embed.add_field(name="Commissioners", value=", ".join(f"<@{c}>" for c in league.commissioners) or "none")
    if league.channels:
        embed.add_field(name="Channels", value=", ".join(f"{p}: <#{c}>" for p, c in league.channels.items()))
    # Only the settings its game reads (settings_of): a Deep Drive league is not shown Inside Pitch's.
    own = set(settings_of(league.ruleset))
    options = {k: v for k, v in league.options.to_dict().items() if k in own}
    embed.add_field(name="Game options", value=_settings_text(options), inline=False)
    rules = {k: v for k, v in league.rules.to_dict().items() if k in own}
    embed.add_field(name="League rules", value=_settings_text(rules), inline=False)
    return embed


def _settings_text(values: dict[str, Any]) -> str:
    def shown(value: Any) -> str:
        return ("on" if value else "off") if isinstance(value, bool) else str(value) or "none"

    return "\n".join(f"`{name}`: {shown(value)}" for name, value in values.items())


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
        if ruleset is not None and ruleset not in rulesets.NAMES:
            raise UserError(
                f"Dugout plays {', '.join(ruleset_title(r) for r in rulesets.NAMES)}; pick one from the list."
            )
        named = card_sets or rulesets.ruleset(ruleset or rulesets.DEFAULT).sample_set
        sets = [s.strip() for s in named.split(",") if s.strip()]
        rules = choose_ruleset(ruleset, sets)  # refused here, privately, before the public deferral
        await interaction.response.defer(thinking=True)  # a season's teams take a while to sign
        store = self.bot.store
        pool = await store.card_sets(sets, by_name=True)
        options = pool.options()
        has_teams = any(s.team_entries for s in pool.sets)
        async with store.transaction():  # the league and its teams, or nothing
            league = await store.create_league(
                name, sets, guild_id=gid, commissioners=[interaction.user.id], options=options, ruleset=rules
            )
            made = await store.create_teams_from_sets(league.id) if teams and has_teams else []
        text = f"**{league.name}** is open: {ruleset_title(rules)}, with {', '.join(league.card_sets)}."
        if options is not None:
            text += f" {options.dh_text()[:-1]}, as the card set says."
            if options.extra_inning_runner:
                text += " Extra innings start with a runner on second (the rule since 2020)."
        if made:
            text += (
                f" Made {len(made)} teams from the card set, each with its roster, lineups, rotation and bullpen: "
                + ", ".join(t.abbreviation for t in made)
                + ". Next: give each team its manager."
            )
        else:
            text += " Next: `/team create` for each team."
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
        self._deadline_task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._deadline_task = asyncio.create_task(self._watch_deadlines(), name="league deadlines")

    async def cog_unload(self) -> None:
        if self._deadline_task is not None:
            self._deadline_task.cancel()

    async def _watch_deadlines(self) -> None:
        """Once a minute: a league whose deadline hour came plays its day (league rule deadline_hour_utc)."""
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

    async def post_news(self) -> int:
        """The news of days moved on without a post (at the terminal, while the bot was down) in each league's
        channel: days claimed in the league file are posted once only. The embeds posted, for tests."""
        posted = 0
        for league in await self.bot.store.all_leagues():
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
        due = [lg for lg in await self.bot.store.all_leagues() if autoplay.deadline_passed(lg.rules, since, now)]
        for league in due:
            try:  # one league's failure never costs the others their day
                played = await autoplay.advance(self.bot.store, league.id, 1)
                channel = self._summary_channel(league)
                if channel is not None:
                    text = f"The deadline passed: {league.name}'s day is played."
                    news = await due_news_embeds(self.bot.store, league.id)
                    await self._post_summary(channel, text, league.name, played, news)
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
        owners = owners_of(setting)
        if not owners:
            raise UserError(f"There is no setting {setting!r}; pick one from the list.")
        if league.ruleset not in owners:
            title, other = ruleset_title(league.ruleset), " and ".join(ruleset_title(r) for r in owners)
            raise UserError(
                f"{setting} is {other}'s; {league.name} plays {title}: pick one of its settings from the list."
            )
        if value is None:
            raise UserError(f"Give {setting} a value, e.g. `/league options setting:{setting} value:on`.")
        try:
            if setting in game_options_of(league.ruleset):
                data = league.options.to_dict()
                data[setting] = parse_setting(setting, value, data[setting])
                league = await self.bot.store.set_options(league.id, type(league.options).from_dict(data))
            else:
                rules = league.rules.to_dict()
                rules[setting] = parse_setting(setting, value, rules[setting])
                league = await self.bot.store.set_rules(league.id, LeagueRules.from_dict(rules))
        except SetupError as exc:
            raise UserError(str(exc)) from exc
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


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(LeagueCreateCog(bot))
    await bot.add_cog(LeagueCog(bot))
