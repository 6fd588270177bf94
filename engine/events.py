"""What happened, as data: the engine emits events, front ends turn them into words.

Every event is a frozen dataclass with a ``type`` tag and plain fields, so a
game's events serialise to JSON and compare equal after a replay.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

from engine.frozen import quick_init


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **asdict(self)}


@dataclass(frozen=True, slots=True)
class HalfInningStarted(Event):
    type: ClassVar[str] = "half_inning"
    inning: int
    top: bool
    batting: str  # "away" or "home"


@dataclass(frozen=True, slots=True)
class PlateAppearanceStarted(Event):
    type: ClassVar[str] = "plate_appearance"
    batter: str
    pitcher: str
    outs: int
    bases: tuple[str | None, str | None, str | None]
    batter_side: str  # "L" or "R"
    pitcher_hand: str


@dataclass(frozen=True, slots=True)
class Roll(Event):
    """Dice rolled: "2d6" values are (red, white) = (column, row)."""

    type: ClassVar[str] = "roll"
    dice: str
    values: tuple[int, ...]
    purpose: str


@dataclass(frozen=True, slots=True)
class Reading(Event):
    """A cell or chart read: card is "pitcher", "batter", "ballpark" or a chart name."""

    type: ClassVar[str] = "reading"
    card: str
    owner: str
    cell: str
    result: str


# Every game's card readings and rolls, made once and shared (an event is immutable): a game reads
# some 190 cells and rolls some 260 times, and a card's cells, the dice's values and the purposes
# repeat. Emptied when full, since some purposes name a player and a long-running bot meets many.
_MAX_SHARED = 100_000
_READINGS: dict[tuple[str, str, str, str], Reading] = {}
_ROLLS: dict[tuple[str, tuple[int, ...], str], Roll] = {}


def shared_reading(card: str, owner: str, cell: str, result: str) -> Reading:
    """``Reading(card, owner, cell, result)``, the same object each time it is read."""
    key = (card, owner, cell, result)
    event = _READINGS.get(key)
    if event is None:
        if len(_READINGS) >= _MAX_SHARED:
            _READINGS.clear()
        event = _READINGS[key] = Reading(card, owner, cell, result)
    return event


def shared_roll(dice: str, values: tuple[int, ...], purpose: str) -> Roll:
    """``Roll(dice, values, purpose)``, the same object each time it is rolled."""
    key = (dice, values, purpose)
    event = _ROLLS.get(key)
    if event is None:
        if len(_ROLLS) >= _MAX_SHARED:
            _ROLLS.clear()
        event = _ROLLS[key] = Roll(dice, values, purpose)
    return event


@dataclass(frozen=True, slots=True)
class Check(Event):
    """A rating check: success when roll <= rating + the modifiers (or as ``rule`` says)."""

    type: ClassVar[str] = "check"
    name: str
    rating: int
    modifiers: tuple[tuple[str, int], ...]
    roll: int
    success: bool

    @property
    def target(self) -> int:
        return self.rating + sum(value for _, value in self.modifiers)


@dataclass(frozen=True, slots=True)
class RunnerMoved(Event):
    """Bases are 0 (batter at the plate), 1-3, and 4 for home."""

    type: ClassVar[str] = "runner_moved"
    runner: str
    start: int
    end: int
    reason: str


# The reason of the ``RunnerMoved`` (0 to 2) that puts the extra-inning runner on second
# as an extra half inning starts (``GameOptions.extra_inning_runner``, OBR 7.01(b)).
EXTRA_INNING_RUNNER = "extra-inning runner"


@dataclass(frozen=True, slots=True)
class RunnerOut(Event):
    type: ClassVar[str] = "runner_out"
    runner: str
    base: int  # where he was put out (0 = the batter)
    how: str  # scorer's notation: "K", "6-3", "F8", "CS 2-6" …


@dataclass(frozen=True, slots=True)
class RunScored(Event):
    type: ClassVar[str] = "run"
    runner: str
    batter: str  # who was at the plate
    rbi: bool
    earned: bool  # he did not reach on an error; the box score's earned runs reconstruct the inning (OBR 9.16)


@dataclass(frozen=True, slots=True)
class ErrorCharged(Event):
    type: ClassVar[str] = "error"
    fielder: str
    position: str
    kind: str
    # A runner the error kept from being put out, when the rules know one (a throw to double
    # him off): the scorer counts that out when it rebuilds the inning (OBR 9.16(c)).
    missed_out: str = ""


@dataclass(frozen=True, slots=True)
class PlateAppearanceEnded(Event):
    """The scorer's result: K, BB, HBP, 1B, 2B, 3B, HR, GO, FO, LO, PO, DP, SF, E, FC, RP (rare)."""

    type: ClassVar[str] = "result"
    batter: str
    pitcher: str
    result: str
    notation: str  # e.g. "G6", "S8", "K"
    outs_made: int
    rbi: int


@dataclass(frozen=True, slots=True)
class Decided(Event):
    type: ClassVar[str] = "decided"
    seq: int
    side: str
    kind: str
    choice: str
    by: str  # "manager", "auto", "timeout"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    type: ClassVar[str] = "game_over"
    away_runs: int
    home_runs: int
    innings: int


@dataclass(frozen=True, slots=True)
class Injury(Event):
    """A player checked on the injury chart (IP2021 "Injuries"), after a rare play.

    ``kind`` is the chart's result: "none" (stays in), "game" (out for this game),
    "game+1d6" / "game+2d6" / "game+1d20" (this game and ``days`` more), "15-day" or
    "60-day". ``days`` counts the days missed after this game. Taking him out of the
    lineup is left to the substitution rules; the event only records the injury.
    """

    type: ClassVar[str] = "injury"
    player: str  # the player's id
    name: str
    rating: int  # his INJ rating
    kind: str
    days: int

    @property
    def leaves_game(self) -> bool:
        return self.kind != "none"


@dataclass(frozen=True, slots=True)
class Substitution(Event):
    """A player comes into the game for another, who is out of it for good.

    ``kind``: "pinch_hitter", "pinch_runner", "defense" (a fielder replaced),
    "pitcher" (a pitching change), "injury" (replacing a hurt player) or
    "position" (a pinch hitter or runner already in the game takes a position:
    ``player_out`` is himself, or in a double switch the fielder who leaves).
    ``position`` is where the new man plays ("PH" and "PR" until he takes the
    field); ``spot`` his place in the batting order, 1-9, or 0 when he does not bat
    (a pitcher with the designated hitter).
    """

    type: ClassVar[str] = "substitution"
    team: str  # "away" or "home"
    kind: str
    player_in: str
    player_out: str
    position: str
    spot: int


@dataclass(frozen=True, slots=True)
class Fatigue(Event):
    """The pitcher's stamina (IP2021 "Fatigue"): "tired", "past pull" or "exhausted"."""

    type: ClassVar[str] = "fatigue"
    pitcher: str
    state: str
    batters_faced: int
    pull_count: int


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        HalfInningStarted,
        PlateAppearanceStarted,
        Roll,
        Reading,
        Check,
        RunnerMoved,
        RunnerOut,
        RunScored,
        ErrorCharged,
        PlateAppearanceEnded,
        Substitution,
        Fatigue,
        Decided,
        GameEnded,
        Injury,
    )
}
for _cls in EVENT_TYPES.values():
    quick_init(_cls)  # a game emits about a thousand events: see engine.frozen


def event_from_dict(data: dict[str, Any]) -> Event:
    cls = EVENT_TYPES[data["type"]]
    values = {}
    for f in fields(cls):
        if f.name in data:  # a field added since the event was written keeps its default
            values[f.name] = _tuples(data[f.name])
    return cls(**values)


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value
