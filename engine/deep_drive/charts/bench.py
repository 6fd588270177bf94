"""DDB "Bench Usage Chart" and "Post-Game Injuries": dice to positions, against injury grades.

Table: ``bench.toml``. :func:`bench_usage` turns the three pre-game dice into the positions that
may have to sit and the grade each needs to play anyway; :func:`post_game` turns the red and
white dice into the position and inning to check on the handbook's Training Room chart. The
book's exception (nobody else on the roster rated at the position) is the caller's to apply,
as is ignoring the DH in a game without one.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.deep_drive.charts.base import (
    GRADES,
    POSITIONS,
    Grade,
    Position,
    Where,
    integer,
    one_of,
    read_table,
    roll_index,
    section,
)


@dataclass(frozen=True)
class BenchCall:
    """A starter who sits out unless his injury rating is ``at_least`` or sturdier."""

    position: Position
    at_least: Grade
    dice: str  # how his number showed: "three", "two", "green", "red_or_white"

    def sits(self, grade: str) -> bool:
        """Whether a starter of injury rating ``grade`` must sit (or skip his start)."""
        if grade not in GRADES:
            raise ValueError(f"injury rating must be one of {', '.join(GRADES)}, not {grade!r}")
        return GRADES.index(grade) > GRADES.index(self.at_least)


@dataclass(frozen=True)
class PostGameCheck:
    """The player at ``position`` when ``inning`` began is checked on the Training Room chart."""

    position: Position
    inning: int


@dataclass(frozen=True)
class BenchChart:
    positions: tuple[Position, ...]
    at_least: Mapping[str, Grade]
    inning_for_zero: int


def parse_bench(doc: Mapping[str, Any], file: str) -> BenchChart:
    where = Where(file, "Bench Usage Chart")
    positions = doc.get("positions")
    if not isinstance(positions, list) or len(positions) != 10:
        raise where.error("positions", "expected ten positions, one for each die number 0-9")
    named = tuple(one_of(p, POSITIONS, where, f"positions {i}") for i, p in enumerate(positions))
    if len(set(named)) != 10:
        raise where.error("positions", "a position is named twice")
    usage = section(doc, "bench_usage", where)
    shows = ("three", "two", "green", "red_or_white")
    if set(usage) != set(shows):
        raise where.error("bench_usage", f"expected the rows {', '.join(shows)}")
    at_least = {show: one_of(usage[show], GRADES, where, show) for show in shows}
    post_where = Where(file, "Post-Game Injuries")
    post = section(doc, "post_game", post_where)
    return BenchChart(named, at_least, integer(post.get("inning_for_zero"), post_where, "inning_for_zero", 10, 10))


@functools.cache
def bench_chart() -> BenchChart:
    doc, file = read_table("bench")
    return parse_bench(doc, file)


def bench_usage(red: int, white: int, green: int) -> tuple[BenchCall, ...]:
    """DDB "Bench Usage Chart": the three dice rolled before a game, to the starters who may sit.
    All three equal: one call at AA. Two equal: one call at A, and the odd die's own call (B for
    the green die, C for red or white). All different: three calls."""
    chart = bench_chart()
    dice = {"red": roll_index(red, 10, "the red die"), "white": roll_index(white, 10, "the white die")}
    dice["green"] = roll_index(green, 10, "the green die")
    counts = Counter(dice.values())
    calls = []
    for number, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        if count == 3:
            show = "three"
        elif count == 2:
            show = "two"
        else:
            show = "green" if dice["green"] == number else "red_or_white"
        calls.append(BenchCall(chart.positions[number], chart.at_least[show], show))
    return tuple(calls)


def post_game(red: int, white: int) -> PostGameCheck:
    """DDB "Post-Game Injuries": the red die names the position, the white die the inning (0 the 10th)."""
    chart = bench_chart()
    inning = roll_index(white, 10, "the white die") or chart.inning_for_zero
    return PostGameCheck(chart.positions[roll_index(red, 10, "the red die")], inning)


def load_all() -> None:
    bench_chart()
