"""DDB "Rare Chart": three equal dice on a plate appearance's roll, and who gets hurt.

Table: ``rare.toml``. :func:`is_rare` spots the trigger, :func:`rare` reads the second roll,
:func:`injured_fielder` names the fielder hurt on a 00-09 reading. How long anyone is out is the
handbook's In-Game Injury chart; the odd plays are its Odd Play Book.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.deep_drive.charts.base import (
    OUTFIELDERS,
    POSITIONS,
    Position,
    Where,
    one_of,
    pick_one,
    read_table,
    roll_index,
    section,
    spans,
    text,
)


class RareKind(StrEnum):
    FIELDER_INJURED = "fielder_injured"
    BATTER_CHECK = "batter_check"
    PITCHER_CHECK = "pitcher_check"
    ODD_PLAY = "odd_play"


@dataclass(frozen=True)
class Rare:
    """The Rare Chart's second roll. In every case a normal play is then rolled and played."""

    kind: RareKind
    words: str


@dataclass(frozen=True)
class Injured:
    """Who is hurt on a fielder_injured reading: ``fielder``, or, when the play's code does not
    name one, None and ``pick_from`` (the fielders who handled the ball, one picked by a die)."""

    fielder: Position | None
    words: str
    pick_from: tuple[Position, ...] = ()


@dataclass(frozen=True)
class RareChart:
    rolls: tuple[Rare, ...]
    injured: Mapping[str, tuple[str, str]]  # play code -> (who, words)
    outfielder: tuple[Position, ...]
    infielder: tuple[Position, ...]


def parse_rare(doc: Mapping[str, Any], file: str) -> RareChart:
    where = Where(file, "Rare Chart")

    def roll(value: Any, key: str) -> Rare:
        if not isinstance(value, dict):
            raise where.error(key, "expected a table")
        kind = RareKind(one_of(value.get("result"), [k.value for k in RareKind], where, key))
        return Rare(kind, text(value.get("words"), where, key))

    rolls = spans(section(doc, "rolls", where), where, 2, roll)
    inj_where = where.sub("injured player")
    injured = {}
    for code, value in section(doc, "injured", where).items():
        if not isinstance(value, dict):
            raise inj_where.error(code, "expected a table")
        who = one_of(value.get("who"), ("outfielder", "infielder", *POSITIONS), inj_where, code)
        injured[code] = (who, text(value.get("words"), inj_where, code))
    of_where, if_where = where.sub("outfielder"), where.sub("infielder")
    outfielder = spans(section(doc, "outfielder", where), of_where, 1, lambda v, k: one_of(v, OUTFIELDERS, of_where, k))
    infield: tuple[Position, ...] = ("P", "1B", "2B", "3B", "SS")
    infielder = spans(section(doc, "infielder", where), if_where, 1, lambda v, k: one_of(v, infield, if_where, k))
    return RareChart(rolls, injured, outfielder, infielder)


@functools.cache
def rare_chart() -> RareChart:
    doc, file = read_table("rare")
    return parse_rare(doc, file)


def is_rare(red: int, white: int, mod: int) -> bool:
    """DDB "Rare Chart": the plate appearance's three dice all show the same number."""
    for die in (red, white, mod):
        roll_index(die, 10, "a die")
    return red == white == mod


def rare(roll: int) -> Rare:
    """DDB "Rare Chart": the red and white dice rolled again after three equal dice."""
    return rare_chart().rolls[roll_index(roll, 100, "the Rare Chart roll")]


def injured_fielder(code: str, mod: int, involved: Sequence[str] = ()) -> Injured:
    """DDB "Rare Chart" 00-09: who is hurt, by the normal play's code (HR, TR, DO, SI+, SI, SO,
    BB, HBP) and its mod die. Any other code hurts one of ``involved``, the fielders who handled
    the ball: the pitcher is left out unless nobody else handled it; :func:`pick_injured` picks."""
    roll_index(mod, 10, "the mod die")
    chart = rare_chart()
    if code in chart.injured:
        who, words = chart.injured[code]
        if who == "outfielder":
            return Injured(chart.outfielder[mod], words)
        if who == "infielder":
            return Injured(chart.infielder[mod], words)
        return Injured(who, words)  # type: ignore[arg-type]
    for fielder in involved:
        if fielder not in POSITIONS or fielder == "DH":
            raise ValueError(f"{fielder!r} is not a fielder")
    others = tuple(dict.fromkeys(f for f in involved if f != "P"))
    pool: tuple[Position, ...] = others or tuple(dict.fromkeys(involved))  # type: ignore[assignment]
    if not pool:
        raise ValueError(f"{code}: name the fielders who handled the ball")
    if len(pool) == 1:
        return Injured(pool[0], "A fielder is hurt making the play.")
    return Injured(None, "A fielder is hurt making the play.", pool)


def pick_injured(die: int, candidates: Sequence[Position]) -> Position:
    """One of the fielders involved, picked by one die split evenly (two: 0-4 and 5-9)."""
    return candidates[pick_one(die, len(candidates))]


def load_all() -> None:
    rare_chart()
