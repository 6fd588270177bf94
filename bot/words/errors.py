"""The refusal both front ends show: Discord ephemerally (bot.discord.app), the terminal on stderr."""

from __future__ import annotations


class UserError(Exception):
    """A refusal the user can act on: shown to him alone, and nothing was changed."""
