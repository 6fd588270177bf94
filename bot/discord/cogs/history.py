"""/history: the league's champions, final standings, awards, single-season and career leaders (issue 28), and
the awards' announcement in the league channel when a regular season ends. The words are bot.words.history's,
which dugout history prints."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import autocomplete
from bot.discord.app import DugoutBot
from bot.discord.checks import server_league
from bot.discord.layout import code_blocks, send_embeds
from bot.words.history import VIEW_NAMES, VIEWS, award_line, history_page
from league.awards import SeasonAward
from league.models import League
from league.stats import LEADER_STATS

VIEW_CHOICES = [app_commands.Choice(name=f"{v}: {VIEW_NAMES[v]}"[:100], value=v) for v in VIEWS]


def awards_embed(league_name: str, awards: Sequence[SeasonAward]) -> discord.Embed:
    """A regular season's awards, the real season's winner beside each where the cards' set names one."""
    embed = discord.Embed(title=f"{league_name}: the season {awards[0].season} awards")
    embed.description = "\n".join(award_line(a) for a in awards)
    return embed


def _channel(bot: DugoutBot, league: League) -> discord.TextChannel | None:
    """Where the league's news goes: its announcements channel, else its games channel."""
    for purpose in ("announcements", "games"):
        channel = bot.get_channel(league.channels[purpose]) if purpose in league.channels else None
        if isinstance(channel, discord.TextChannel):
            return channel
    return None


async def announce_awards(
    bot: DugoutBot, league: League, fallback: discord.TextChannel | discord.Webhook | None = None
) -> None:
    """Post the awards the league channel has not been told yet (a season just ended), once."""
    awards = await bot.store.awards_to_announce(league.id)
    where = _channel(bot, league) or fallback
    if not awards or where is None:
        return
    await where.send(embed=awards_embed(league.name, awards))
    await bot.store.mark_awards_announced(league.id, awards[0].season)


class HistoryCog(commands.Cog):
    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot

    @app_commands.command(name="history", description="The league's history: champions, standings, awards, leaders")
    @app_commands.describe(
        view="What to show (default: every season's champion and awards)",
        season="standings: one season's (default: every season's)",
        stat="leaders, career: one stat (default: the main ones)",
    )
    @app_commands.choices(view=VIEW_CHOICES)
    async def history(
        self,
        interaction: discord.Interaction,
        view: str = "champions",
        season: app_commands.Range[int, 1, 1000] | None = None,
        stat: str | None = None,
    ) -> None:
        league = await server_league(self.bot, interaction)
        text = await history_page(self.bot.store, league, view, season=season, stat=stat)
        title, _, body = text.partition("\n\n")
        embeds = [discord.Embed(title=title[:256], description=block) for block in code_blocks(body or "-")]
        await send_embeds(interaction, embeds)

    @history.autocomplete("stat")
    async def _stats(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return autocomplete.matching(((s, s) for s in LEADER_STATS), current)


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(HistoryCog(bot))
