"""The daily news in Discord (league.news; docs/news.md): one embed a day, posted in the league's channel
with the day's summary or, for days moved on elsewhere, on its own."""

from __future__ import annotations

import discord

from bot.discord.embeds import BLUE
from bot.discord.layout import add_lines
from league.news import DayNews, claim_due
from league.store import Store


def news_embed(news: DayNews) -> discord.Embed:
    embed = discord.Embed(title=news.title, colour=discord.Colour(BLUE))
    for heading, lines in news.sections():
        add_lines(embed, heading, lines)
    return embed


async def due_news_embeds(store: Store, league_id: int) -> list[discord.Embed]:
    """The embeds of the league's days not posted yet, claimed: post them now (they are never handed out again)."""
    return [news_embed(news) for news in await claim_due(store, league_id)]
