"""The refusal both front ends show: Discord ephemerally (bot.discord.app), the terminal on stderr."""

from __future__ import annotations


class UserError(Exception):
    """A refusal the user can act on: shown to him alone, and nothing was changed."""


SHOWN = 40  # how much of a user's text a refusal repeats


def quoted(text: str) -> str:
    """A user's text in a reply: quoted, and cut short when long."""
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "…")
