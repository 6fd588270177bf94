"""The rulesets Dugout plays, each a package behind one small interface.

The game object (engine.game) owns what every ruleset shares: the dice, the decision log,
requests, replay and events; the inning loop (engine.innings) is shared too. A ruleset supplies
the rules that run on it: its plate appearance and its hooks on the loop, its per-game state,
which questions matter to a person, the words and context of a request, and its card models.
A setup names its ruleset; a stored game replays with the one it names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from cards.models import CardModel
    from engine.events import Event, Reading, Roll
    from engine.game import Game
    from engine.policy import LeaguePolicy
    from engine.setup import GameOptions

    # A ruleset's hooks take its own game (IPGame, DDGame, options model and all): held here with
    # every type left open, as engine.game calls them.
    HookGame: TypeAlias = Game[Any, Any, Any, Any]

# The registry: the one place outside a ruleset's packages that names the rulesets. Generic code
# reaches a ruleset through :func:`ruleset` (a stored game's name) or :func:`for_family` (a card
# set's set.toml ruleset) and never compares a name with one of these.
INSIDE_PITCH = "inside-pitch-2021"
DEEP_DRIVE = "deep-drive-1.2.5"
# Each ruleset's package (engine.<package>.ruleset defines RULESET), in the order front ends list them.
PACKAGES = {INSIDE_PITCH: "inside_pitch", DEEP_DRIVE: "deep_drive"}
NAMES = tuple(PACKAGES)
# The ruleset of a game stored before Deep Drive (its setup names none), and a front end's default.
DEFAULT = INSIDE_PITCH
DEFAULT_FAMILY = DEFAULT.rsplit("-", 1)[0]  # its card sets' (set.toml) name: "inside-pitch"


def _nothing(g: HookGame) -> None:
    """A hook a ruleset need not supply: nothing happens there."""


def _always(g: HookGame) -> bool:
    return True


@dataclass(frozen=True)
class Narration:
    """A ruleset's own words for its events and questions (engine.<package>.words): pure text, which
    the words both front ends print (bot.words.narrate) and their question layouts read."""

    # Readings told in words of their own, by chart: (the reading, its owner's name, the roll read
    # or None, the play's events so far) -> the line.
    readings: Mapping[str, Callable[[Reading, str, Roll | None, Sequence[Event]], str]]
    error_type: Callable[[str], str | None]  # an error chart's result code: its type's name ("#5"), if it has one
    is_substitution: Callable[[str], bool]  # an option's key: a pitching change or substitution (listed apart)


@dataclass(frozen=True)
class Ruleset:
    name: str  # "inside-pitch-2021": what a stored game names
    family: str  # the card sets it reads (set.toml's ruleset): "inside-pitch"
    title: str  # for people: "Inside Pitch"
    plate_appearance: Callable[[HookGame], None]  # one batter, from the calls before the pitch to the next man up
    follow_ups: frozenset[str]  # request kinds that finish a change a person began
    matters: Callable[[HookGame, str, str, str], bool]  # (game, side, kind, suggestion): ask a person at "matters"?
    words: Callable[[HookGame, str, str], str]  # (game, kind, prompt): the request's words
    context: Callable[[HookGame], dict[str, Any]]  # where the game stands, as a request's data
    batter: type[CardModel]
    pitcher: type[CardModel]
    ballpark: type[CardModel]
    policy: LeaguePolicy  # its league's rules between games: rest, spot starters, bench, injuries
    sample_set: str  # the bundled set a game plays when none is named: "sample"
    generator: str  # the module that turns a real season into this game's set (seasons.<package>.generate)
    narration: Narration  # its words for its events and questions
    options: type[GameOptions]  # its options model: the shared options and its own (a league's settings)

    @property
    def package(self) -> str:
        """The ruleset's package name ("inside_pitch"): engine.<package>, cards.<package>, seasons.<package>."""
        return PACKAGES[self.name]

    # Hooks on the inning loop (engine.innings), each called with the game. ``new_state`` makes the
    # ruleset's own per-game state (kept as ``Game.ruleset_state`` and saved with a checkpoint, so it
    # must be copyable with copy.deepcopy); ``start_game`` follows it at the first pitch or situation.
    new_state: Callable[[HookGame], Any] = _nothing
    start_game: Callable[[HookGame], None] = _nothing
    start_half: Callable[[HookGame], None] = _nothing  # after the half began (and its extra-inning runner)
    end_half: Callable[[HookGame], None] = _nothing  # after a half the game goes on from
    extra_inning_runner: Callable[[HookGame], bool] = _always  # may the due extra-inning runner be placed?


class UnknownRuleset(ValueError):
    """A ruleset name Dugout does not play; the message lists those it does."""


def ruleset(name: str) -> Ruleset:
    """The ruleset called ``name`` (imported on first use)."""
    package = PACKAGES.get(name)
    if package is None:
        raise UnknownRuleset(f"Dugout plays {' and '.join(NAMES)}, not {name!r}")
    rules: Ruleset = import_module(f"engine.{package}.ruleset").RULESET
    return rules


def for_family(family: str) -> Ruleset:
    """The ruleset that plays a card set whose set.toml names ``family`` ("deep-drive")."""
    for name in NAMES:
        if name.rsplit("-", 1)[0] == family:
            return ruleset(name)
    raise UnknownRuleset(f"Dugout plays {' and '.join(families())} card sets, not {family!r}")


def families() -> tuple[str, ...]:
    """The card-set rulesets ("inside-pitch", "deep-drive"), as set.toml and ``--ruleset`` name them."""
    return tuple(name.rsplit("-", 1)[0] for name in NAMES)


def rulesets() -> tuple[Ruleset, ...]:
    """Every ruleset Dugout plays, in the order front ends list them."""
    return tuple(ruleset(name) for name in NAMES)


def family_of(name: str) -> str:
    """The card-set ruleset ("inside-pitch") of a game ruleset name ("inside-pitch-2021")."""
    if name not in PACKAGES:
        raise UnknownRuleset(f"Dugout plays {' and '.join(NAMES)}, not {name!r}")
    return name.rsplit("-", 1)[0]
