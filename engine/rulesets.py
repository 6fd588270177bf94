"""The rulesets Dugout plays, each a package behind one small interface.

The game object (engine.game) owns what every ruleset shares: the dice, the decision log,
requests, replay and events. A ruleset supplies the rules that run on it: how a game is
played, which questions matter to a person, the words and context of a request, and its
card models. A setup names its ruleset; a stored game replays with the one it names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cards.models import CardModel
    from engine.game import Game
    from engine.policy import LeaguePolicy

INSIDE_PITCH = "inside-pitch-2021"
DEEP_DRIVE = "deep-drive-1.2.5"
# Each ruleset's package (engine.<package>.ruleset defines RULESET).
PACKAGES = {INSIDE_PITCH: "inside_pitch", DEEP_DRIVE: "deep_drive"}
NAMES = tuple(PACKAGES)


@dataclass(frozen=True)
class Ruleset:
    name: str  # "inside-pitch-2021": what a stored game names
    family: str  # the card sets it reads (set.toml's ruleset): "inside-pitch"
    title: str  # for people: "Inside Pitch"
    play_game: Callable[[Game], None]  # half innings until the game ends or stops (Game.until)
    follow_ups: frozenset[str]  # request kinds that finish a change a person began
    matters: Callable[[Game, str, str, str], bool]  # (game, side, kind, suggestion): ask a person at "matters"?
    words: Callable[[Game, str, str], str]  # (game, kind, prompt): the request's words
    context: Callable[[Game], dict[str, Any]]  # where the game stands, as a request's data
    batter: type[CardModel]
    pitcher: type[CardModel]
    ballpark: type[CardModel]
    policy: LeaguePolicy  # its league's rules between games: rest, spot starters, bench, injuries


class UnknownRuleset(ValueError):
    """A ruleset name Dugout does not play; the message lists those it does."""


def ruleset(name: str) -> Ruleset:
    """The ruleset called ``name`` (imported on first use)."""
    package = PACKAGES.get(name)
    if package is None:
        raise UnknownRuleset(f"Dugout plays {' and '.join(NAMES)}, not {name!r}")
    rules: Ruleset = import_module(f"engine.{package}.ruleset").RULESET
    return rules


def family_of(name: str) -> str:
    """The card-set ruleset ("inside-pitch") of a game ruleset name ("inside-pitch-2021")."""
    if name not in PACKAGES:
        raise UnknownRuleset(f"Dugout plays {' and '.join(NAMES)}, not {name!r}")
    return name.rsplit("-", 1)[0]
