"""/playoffs: the bracket (anyone), the format and the start (commissioners)."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.app import DugoutBot
from bot.discord.checks import UserError, require_commissioner, server_league
from bot.discord.cogs.history import announce_awards
from bot.discord.layout import add_lines
from bot.words.bracket import bracket_rounds, champion_line, render_bracket_png
from bot.words.playoff_format import choose_format
from league.models import League, Playoffs, Team
from league.playoffs import PRESETS

PRESET_CHOICES = [
    app_commands.Choice(name=f"{name}: {fmt.describe()}"[:100], value=name) for name, fmt in PRESETS.items()
]


def bracket_embed(playoffs: Playoffs, teams: dict[int, Team], league: League) -> discord.Embed:
    embed = discord.Embed(title=f"{league.name} playoffs", description=champion_line(playoffs, teams))
    for name, lines in bracket_rounds(playoffs, teams):
        add_lines(embed, name, lines)
    embed.set_footer(text=f"Format: {playoffs.format.describe()}"[:2048])
    return embed


class PlayoffsCog(commands.Cog):
    playoffs = app_commands.Group(name="playoffs", description="The playoffs: the bracket, the format, the start")

    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot

    async def _send_bracket(self, interaction: discord.Interaction, league: League, playoffs: Playoffs) -> None:
        teams = {t.id: t for t in await self.bot.store.teams(league.id)}
        picture = await asyncio.to_thread(render_bracket_png, playoffs, teams)
        await interaction.followup.send(
            embed=bracket_embed(playoffs, teams, league),
            file=discord.File(io.BytesIO(picture), filename=f"playoffs-{playoffs.season}.png"),
        )

    @playoffs.command(name="bracket", description="The playoff bracket: every series and the champion")
    async def bracket(self, interaction: discord.Interaction) -> None:
        league = await server_league(self.bot, interaction)
        playoffs = await self.bot.store.playoffs(league.id)
        if playoffs is None:
            fmt = await self.bot.store.playoff_format(league.id)
            raise UserError(
                f"The season {league.season} playoffs have not started (format {fmt.describe()}). "
                "A commissioner starts them with `/playoffs start` once every regular-season game is final."
            )
        await interaction.response.defer(thinking=True)
        await self._send_bracket(interaction, league, playoffs)

    @playoffs.command(name="format", description="Show or choose the playoff format: a preset, or your own rounds")
    @app_commands.describe(
        preset_name="A preset: mlb (12 teams, byes, 3-5-7-7), an era (world-series, lcs-5 …), top4, top2 or none",
        teams="Your own: teams that qualify in each league (division winners first; 1: the pennant winner)",
        rounds="Your own: each round's series length in order, e.g. 3,5,7,7 (a home pattern: 7:2-3-2)",
        byes="Your own: top seeds that skip the first round",
        reseed="Your own: reseed after each round instead of a fixed bracket",
    )
    @app_commands.rename(preset_name="preset")
    @app_commands.choices(preset_name=PRESET_CHOICES)
    async def format(
        self,
        interaction: discord.Interaction,
        preset_name: str | None = None,
        teams: app_commands.Range[int, 1, 32] | None = None,
        rounds: str | None = None,
        byes: app_commands.Range[int, 0, 31] = 0,
        reseed: bool = False,
    ) -> None:
        league = await server_league(self.bot, interaction)
        chosen = choose_format(preset_name, teams, rounds, byes, reseed)
        if chosen is None:
            fmt = await self.bot.store.playoff_format(league.id)
            await interaction.response.send_message(f"Playoff format: {fmt.describe()}", ephemeral=True)
            return
        require_commissioner(league, interaction)
        saved = await self.bot.store.set_playoff_format(league.id, chosen)
        await interaction.response.send_message(f"Playoff format set: {saved.describe()}")

    @playoffs.command(name="start", description="Seed the playoffs from the standings and schedule the first games")
    async def start(self, interaction: discord.Interaction) -> None:
        league = await server_league(self.bot, interaction)
        require_commissioner(league, interaction)
        playoffs = await self.bot.store.start_playoffs(league.id)  # refusals come before the public reply
        await interaction.response.defer(thinking=True)
        await self._send_bracket(interaction, league, playoffs)
        await announce_awards(self.bot, league, interaction.followup)  # a season without a schedule: decided now


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(PlayoffsCog(bot))
