"""The daily news in Discord (league.news; docs/news.md): one embed a day, posted in the league's channel
with the day's summary or, for days moved on elsewhere, on its own."""

from __future__ import annotations

import discord

from bot.discord.embeds import BLUE
from bot.discord.layout import MESSAGE_TEXT, add_lines
from league.news import DayNews, claim_due
from league.store import Store

MORE = "More news than one message holds: `dugout news --day N` at the terminal shows the whole day."


def news_embed(news: DayNews) -> discord.Embed:
    """The day's news under its headings; a day too long for one message's embeds ends with a pointer to the rest."""
    embed = discord.Embed(title=news.title, colour=discord.Colour(BLUE))
    for heading, lines in news.sections():
        add_lines(embed, heading, lines)
    if len(embed) > MESSAGE_TEXT:
        while len(embed) > MESSAGE_TEXT - len(MORE):
            embed.remove_field(len(embed.fields) - 1)
        embed.set_footer(text=MORE)
    return embed


async def due_news_embeds(store: Store, league_id: int) -> list[discord.Embed]:
    """The embeds of the league's days not posted yet, claimed: post them now (they are never handed out again)."""
    return [news_embed(news) for news in await claim_due(store, league_id)]
