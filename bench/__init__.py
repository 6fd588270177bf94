"""Benchmarks: ``make bench`` (or ``python -m bench``) prints Dugout's figures.

Every benchmark takes options as the ``dugout`` commands do (:class:`Parser`): ``--help``, the same
names for the same things (``--ruleset``, ``--games``, ``--set``, ``--jobs``), and a bad option is one
line on stderr (exit 2), never a traceback.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import NoReturn


class Parser(argparse.ArgumentParser):
    """A benchmark's options; a mistake is one line naming it, and --help says the rest."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def parser(prog: str, description: str | None) -> Parser:
    return Parser(prog=prog, description=description, formatter_class=argparse.RawDescriptionHelpFormatter)


def at_least_one(text: str) -> int:
    """A count option (--games, --jobs ...): a whole number, 1 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is less than 1")
    return value


def card_set(text: str) -> Path:
    """--set: a bundled set's name (1970, 2016-deep-drive ...) or a set folder, as ``dugout`` takes it."""
    from cards import BUNDLED_SETS

    bundled = BUNDLED_SETS / text
    if "/" not in text and "\\" not in text and (bundled / "set.toml").is_file():
        return bundled
    return Path(text)
