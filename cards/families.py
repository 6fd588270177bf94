"""The card-set rulesets (set.toml's ``ruleset``) and what reads each one's files.

The one place in cards/ that names them: generic code looks a set's family up here (its loader, its
card models by kind) and never compares a family's name. engine.rulesets pairs each family with the
game ruleset that plays its cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cards.models import Card


@dataclass(frozen=True)
class Family:
    name: str  # as set.toml's ruleset names it: "inside-pitch"
    loader: str  # the module that loads its sets: it has ``load`` and ``CARD_TYPES``
    text: str  # the module that lays out its cards in words and pictures (cards.text's front door)


FAMILIES = {
    f.name: f
    for f in (
        Family("inside-pitch", "cards.loader", "cards.inside_pitch.text"),
        Family("deep-drive", "cards.deep_drive.loader", "cards.deep_drive.text"),
    )
}
# What a set whose set.toml cannot say is read as (its problems are then reported by the loader).
DEFAULT = "inside-pitch"
NAMES = tuple(FAMILIES)


def family(name: str) -> Family:
    found = FAMILIES.get(name)
    if found is None:
        raise ValueError(f"a card set's ruleset is {' or '.join(NAMES)}, not {name!r}")
    return found


def loader(name: str) -> Callable[[str | Path], Any]:
    """The function that loads and validates a set of the family ``name`` (raises CardSetError)."""
    load: Callable[[str | Path], Any] = import_module(family(name).loader).load
    return load


def card_types(name: str) -> Mapping[str, type[Card]]:
    """The card models of the family ``name``, by kind ("batter", "pitcher", "ballpark")."""
    types: Mapping[str, type[Card]] = import_module(family(name).loader).CARD_TYPES
    return types


def of_card(card: Card) -> Family:
    """The family whose card models include ``card``'s type."""
    return _of_type(type(card))


@cache
def _of_type(card_type: type[Card]) -> Family:
    for name in NAMES:
        if card_type in card_types(name).values():
            return FAMILIES[name]
    raise ValueError(f"{card_type.__name__} is no card model of {' or '.join(NAMES)}")
