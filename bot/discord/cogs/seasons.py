"""/season: open the next season (commissioners), show a season (anyone), a team's keepers; docs/seasons.md.

The same service and words as ``dugout season`` at the terminal (Store.new_season, league.seasons)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import autocomplete
from bot.discord.app import DugoutBot
from bot.discord.checks import find_team, require_commissioner, require_manager, server_league
from bot.discord.layout import chunks
from bot.words.lookup import find_cards
from league.models import League
from league.seasons import keepers_text, new_season_text, season_text

MESSAGE_LIMIT = 2000


class SeasonsCog(commands.Cog):
    season = app_commands.Group(name="season", description="The league's seasons: open the next, show one")

    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot

    def _announcements(self, league: League) -> discord.TextChannel | None:
        """The league's announcements channel, else its games channel (as the day's summary)."""
        for purpose in ("announcements", "games"):
            channel = self.bot.get_channel(league.channels[purpose]) if purpose in league.channels else None
            if isinstance(channel, discord.TextChannel):
                return channel
        return None

    @season.command(name="new", description="Close the finished season and open the next (commissioners)")
    @app_commands.describe(cards="A card set the players take their new cards from (e.g. next year's)")
    async def new(self, interaction: discord.Interaction, cards: str | None = None) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        # The refusals (season not over, no such set) come before the public reply; loading a new set takes a
        # moment, so the change itself comes after the deferral.
        await self.bot.store.check_new_season(league.id, card_set=cards)
        await interaction.response.defer(thinking=True)
        done = await self.bot.store.new_season(league.id, card_set=cards, by=interaction.user.id)
        pieces = chunks(new_season_text(done).splitlines(), MESSAGE_LIMIT)
        channel = self._announcements(league)
        if channel is not None and channel.id != interaction.channel_id:
            for piece in pieces:
                await channel.send(piece)
            await interaction.followup.send(f"Season {done.opened.number} is open; the news is in {channel.mention}.")
            return
        for piece in pieces:
            await interaction.followup.send(piece)

    @season.command(name="keepers", description="Show or mark the players a team keeps before a redraft")
    @app_commands.describe(
        team="The team",
        players="Players it keeps first, comma-separated (its managers or a commissioner); none: show them",
    )
    @app_commands.autocomplete(team=autocomplete.teams)
    async def keepers(self, interaction: discord.Interaction, team: str, players: str | None = None) -> None:
        league = await server_league(self.bot, interaction)
        found = await find_team(self.bot, league, team)
        store = self.bot.store
        pool = await store.card_pool(league.id)
        if players is not None:
            require_manager(found, league, interaction)
            roster = [e.card_id for e in await store.roster(found.id)]
            await store.set_keepers(found.id, find_cards(pool, players, roster, f"on the {found.name} roster"))
        kept = [pool.name(card_id) for card_id in await store.keepers(found.id)]
        text = keepers_text(found.name, kept, league.rules.keepers, bool(league.rules.redraft))
        await interaction.response.send_message(text[:MESSAGE_LIMIT], ephemeral=players is None)

    @season.command(name="show", description="A season: its number, card sets, state and champion")
    @app_commands.describe(number="The season (default: the current one)")
    async def show(self, interaction: discord.Interaction, number: app_commands.Range[int, 1] | None = None) -> None:
        league = await server_league(self.bot, interaction)
        record = await self.bot.store.season(league.id, number)
        pieces = chunks(season_text(record).splitlines(), MESSAGE_LIMIT)
        await interaction.response.send_message(pieces[0], ephemeral=True)
        for piece in pieces[1:]:
            await interaction.followup.send(piece, ephemeral=True)


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(SeasonsCog(bot))
