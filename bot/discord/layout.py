"""Long text fitted to Discord's limits: lines split into fields, tables into code blocks, embeds into messages.

Discord refuses a message whose embed description is over 4096 characters, a field value
over 1024, more than 25 fields or 10 embeds, or more than 6000 characters of embeds in all.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

EMBED_TEXT = 4096
FIELD_TEXT = 1024
FIELDS = 25
MESSAGE_TEXT = 6000
CONTENT_TEXT = 2000  # a message's own text (content)
EMBEDS = 10
FENCE = len("```\n\n```")


def chunks(lines: Sequence[str], limit: int) -> list[str]:
    """The lines joined into pieces of at most ``limit`` characters, broken between lines."""
    pieces: list[str] = []
    current = ""
    for line in lines:
        line = line if len(line) <= limit else line[: limit - 1] + "…"
        if current and len(current) + 1 + len(line) > limit:
            pieces.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        pieces.append(current)
    return pieces


def code_block(text: str) -> str:
    return f"```\n{text}\n```"


def code_blocks(text: str, limit: int = EMBED_TEXT) -> list[str]:
    """A text table as code blocks of at most ``limit`` characters, broken at blank lines when it can be."""
    pieces: list[str] = []
    for paragraph in text.split("\n\n"):
        for piece in chunks(paragraph.split("\n"), limit - FENCE):
            if pieces and len(pieces[-1]) + 2 + len(piece) <= limit - FENCE:
                pieces[-1] += "\n\n" + piece
            else:
                pieces.append(piece)
    return [code_block(piece) for piece in pieces]


def add_lines(embed: discord.Embed, name: str, lines: Sequence[str], empty: str = "none") -> None:
    """One field of lines, continued in further fields when it is too long for one."""
    for number, value in enumerate(chunks(lines, FIELD_TEXT) or [empty]):
        if len(embed.fields) < FIELDS:
            embed.add_field(name=name if number == 0 else f"{name} (continued)", value=value, inline=False)


def messages(embeds: Sequence[discord.Embed]) -> list[list[discord.Embed]]:
    """The embeds in order, packed into as few messages as Discord's per-message limits allow."""
    packed: list[list[discord.Embed]] = []
    size = 0
    for embed in embeds:
        if not packed or len(packed[-1]) == EMBEDS or size + len(embed) > MESSAGE_TEXT:
            packed.append([])
            size = 0
        packed[-1].append(embed)
        size += len(embed)
    return packed


async def send_embeds(
    interaction: discord.Interaction, embeds: Sequence[discord.Embed], *, ephemeral: bool = False
) -> None:
    """The embeds as the answer, and in followups when one message cannot hold them all."""
    for number, group in enumerate(messages(embeds)):
        if number == 0 and not interaction.response.is_done():
            await interaction.response.send_message(embeds=group, ephemeral=ephemeral)
        else:
            await interaction.followup.send(embeds=group, ephemeral=ephemeral)
