"""/card: show a card as a picture laid out like the printed card."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import autocomplete
from bot.discord.app import DugoutBot
from bot.discord.checks import server_cards
from bot.words.cardimage import KIND_COLOR, render_card_png
from bot.words.lookup import find_card
from cards.models import Card
from cards.text import card_facts
from league.cardpool import CardPool


def card_embed(card: Card, source: str) -> discord.Embed:
    """The card's name, team and year and its key ratings, around the picture ``<card id>.png``."""
    r, g, b = KIND_COLOR[card.kind]
    embed = discord.Embed(
        title=card.name, description=f"{card.year} {card.team}", colour=discord.Colour.from_rgb(r, g, b)
    )
    for name, value in card_facts(card):
        embed.add_field(name=name, value=value)
    if card.handmade:
        embed.add_field(name="Hand-made", value="Dugout made this card up; it is not from a published set.")
    embed.set_image(url=f"attachment://{card.id}.png")
    embed.set_footer(text=f"Card {card.id}, from {source}")
    return embed


class CardCog(commands.GroupCog, group_name="card", group_description="Players' and ballparks' cards"):
    def __init__(self, bot: DugoutBot) -> None:
        self.bot = bot

    async def _pool(self, interaction: discord.Interaction) -> tuple[CardPool, str]:
        """The server's league's cards, else the bundled sample set; and where they come from."""
        pool, league = await server_cards(self.bot, interaction)
        if league is None:
            return pool, "the sample set (this server plays no league)"
        return pool, f"{league.name}'s card sets ({pool.describe()})"

    @app_commands.command(description="Show a card as a picture, laid out like the printed card")
    @app_commands.describe(card="The player or ballpark: pick from the list, or type part of the name")
    @app_commands.autocomplete(card=autocomplete.cards)
    async def show(self, interaction: discord.Interaction, card: str) -> None:
        pool, source = await self._pool(interaction)
        every = (c.id for s in pool.sets for c in s.all_cards())
        shown = pool.card(find_card(pool, card, every, f"in {source}"))  # refusals before the reply is deferred
        await interaction.response.defer(thinking=True)
        picture = await asyncio.to_thread(render_card_png, shown)
        await interaction.followup.send(
            embed=card_embed(shown, source), file=discord.File(io.BytesIO(picture), filename=f"{shown.id}.png")
        )


async def setup(bot: DugoutBot) -> None:
    await bot.add_cog(CardCog(bot))
