"""Placeholder while the cog is written."""

from __future__ import annotations

from bot.app import DugoutBot


async def setup(bot: DugoutBot) -> None:
    pass
