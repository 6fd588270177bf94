"""Prompt buttons (being written)."""

from __future__ import annotations

from typing import Any

import discord


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dg:(?P<game>\d+):(?P<seq>\d+):(?P<choice>\w+)"):
    pass


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"dgs:(?P<game>\d+):(?P<seq>\d+):(?P<part>\d+)"):
    pass
