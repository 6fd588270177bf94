"""Cards in words and pictures, for any ruleset: the front door to each ruleset's card text.

Each card-set family lays out its own cards (``cards.<package>.text``, named by
:mod:`cards.families`); this module finds a card's family and asks its text module, so the
front ends never ask which ruleset a card is from. A text module supplies ``card_name``,
``render_card``, ``stat_pairs``, ``card_facts``, ``roster_line`` and ``picture``; the picture
is the sections below, pure data that ``bot/words/cardimage.py`` draws without knowing the
ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from types import ModuleType

from cards.families import of_card
from cards.models import Card


@dataclass(frozen=True)
class Pairs:
    """Labels across a shaded top row, their values under them."""

    pairs: list[tuple[str, str]]


@dataclass(frozen=True)
class Table:
    """A ruled table, its first row and/or first column shaded as headings."""

    rows: list[list[str]]
    head_row: bool = True
    head_col: bool = False


@dataclass(frozen=True)
class Matrix:
    """The 6x6 dice matrix (red die across, white die down), under a pitcher's ** line if given."""

    cells: list[list[str]]
    outs: list[str] | None = None


@dataclass(frozen=True)
class ModDice:
    """A column headed ``title``: a mod die face for each (die, reading) row."""

    title: str
    rows: list[tuple[str, str]]


@dataclass(frozen=True)
class Note:
    """A line of plain words."""

    text: str


@dataclass(frozen=True)
class Beside:
    """Two sections side by side: a narrow left one (``narrow``) or two halves; no right one leaves it blank."""

    left: Pairs | Table | ModDice
    right: Pairs | Table | ModDice | None
    narrow: bool = False


Section = Pairs | Table | Matrix | ModDice | Note | Beside


def _text(card: Card) -> ModuleType:
    return import_module(of_card(card).text)


def card_name(card: Card) -> str:
    """The name as printed on the card."""
    name: str = _text(card).card_name(card)
    return name


def render_card(card: Card) -> str:
    """The card as text, laid out like the printed card (terminal, Discord code blocks)."""
    text: str = _text(card).render_card(card)
    return text


def stat_pairs(card: Card) -> list[tuple[str, str]]:
    """The card's stat line as (label, value) pairs; none for a card without stats."""
    pairs: list[tuple[str, str]] = _text(card).stat_pairs(card)
    return pairs


def card_facts(card: Card) -> list[tuple[str, str]]:
    """The card's key ratings as (name, value), for a summary beside its picture (an embed's fields)."""
    facts: list[tuple[str, str]] = _text(card).card_facts(card)
    return facts


def roster_line(card: Card) -> str:
    """What the card's player plays, for his line on a roster ("throws R, starter")."""
    line: str = _text(card).roster_line(card)
    return line


def picture(card: Card) -> list[Section]:
    """The card's sections as drawn under its name band, top to bottom (the stat line last)."""
    sections: list[Section] = _text(card).picture(card)
    return sections
