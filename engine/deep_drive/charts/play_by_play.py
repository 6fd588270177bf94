"""DDB "Play-by-Play Chart": the words for a DEF Chart single or error, and what kind of error.

Table: ``play_by_play.toml``. :func:`play_by_play` reads SI+(pos), SI(pos) or ERR(pos) by the mod
die (and the white 1s die where an ERR row splits on it), with the runners and outs that some
readings depend on, and returns a :class:`PlayWords`: the words for front ends and, for errors,
a :class:`Misplay` the engine plays.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.deep_drive.charts.base import (
    POSITIONS,
    Position,
    Where,
    one_of,
    parse_range,
    read_table,
    roll_index,
    section,
    spans,
    text,
)


class Misplay(StrEnum):
    """The kind of an ERR reading (see ``play_by_play.toml`` for each one's meaning)."""

    SINGLE = "single"  # a DEF single: no error
    FUMBLE = "fumble"
    DROPPED_THROW = "dropped_throw"
    BAD_THROW = "bad_throw"
    WILD_THROW = "wild_throw"
    LEAD_RUNNER_BAD_THROW = "lead_runner_bad_throw"
    DROPPED_FOUL = "dropped_foul"
    DROPPED_POP = "dropped_pop"
    LINE_DRIVE_WILD_THROW = "line_drive_wild_throw"
    LINE_OUT = "line_out"
    PICKOFF_WILD_THROW = "pickoff_wild_throw"
    OUTFIELD = "outfield"
    DROPPED_FLY = "dropped_fly"


THROWING = frozenset(
    {
        Misplay.BAD_THROW,
        Misplay.WILD_THROW,
        Misplay.LEAD_RUNNER_BAD_THROW,
        Misplay.LINE_DRIVE_WILD_THROW,
        Misplay.PICKOFF_WILD_THROW,
    }
)


@dataclass(frozen=True)
class PlayWords:
    """One reading of the chart: the words, the kind, and who threw a ball that was dropped."""

    words: str
    kind: Misplay
    thrower: Position | None = None

    @property
    def error(self) -> bool:
        """An error is charged (a DEF single and a clean line out charge none)."""
        return self.kind not in (Misplay.SINGLE, Misplay.LINE_OUT)

    @property
    def throwing(self) -> bool:
        """A throwing error (the bad or wild throw is the fielder's own)."""
        return self.kind in THROWING

    @property
    def pa_continues(self) -> bool:
        """A dropped foul: nothing happens and the at bat goes on."""
        return self.kind is Misplay.DROPPED_FOUL

    @property
    def batter_out(self) -> bool:
        """The liner was caught: the batter is out whatever else happens."""
        return self.kind in (Misplay.LINE_DRIVE_WILD_THROW, Misplay.LINE_OUT)

    @property
    def runners_advance_one(self) -> bool:
        """Every runner takes one base on the play's wild throw after a caught liner."""
        return self.kind is Misplay.LINE_DRIVE_WILD_THROW


@dataclass(frozen=True)
class Reading:
    """A parsed reading: ``needs_runner_on`` and its ``otherwise`` reading."""

    play: PlayWords
    needs_runner_on: frozenset[int] = frozenset()
    otherwise: PlayWords | None = None


@dataclass(frozen=True)
class Row:
    """One mod-die row: a reading, or readings by the 1s die (``by_ones``, ten cells)."""

    reading: Reading | None
    by_ones: tuple[Reading, ...] = ()
    empty_or_two_out: int | None = None  # the 1s die to read instead (1: odd, 0: even)


CODES = tuple(
    f"{kind}({pos})"
    for kind, positions in (
        ("SI+", ("P", "1B", "2B", "3B", "SS", "LF", "CF", "RF")),
        ("SI", ("P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")),
        ("ERR", ("P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")),
    )
    for pos in positions
)


def _play(value: Any, key: str, where: Where, error: bool) -> PlayWords:
    if not isinstance(value, dict):
        raise where.error(key, "expected a table")
    kinds = [k.value for k in Misplay if k is not Misplay.SINGLE] if error else [Misplay.SINGLE.value]
    kind = Misplay(one_of(value.get("kind", "single"), kinds, where, key))
    thrower = value.get("thrower")
    if thrower is not None and kind is not Misplay.DROPPED_THROW:
        raise where.error(key, "only a dropped throw names its thrower")
    return PlayWords(
        words=text(value.get("words"), where, key),
        kind=kind,
        thrower=None if thrower is None else one_of(thrower, POSITIONS, where, key),
    )


def _reading(value: Any, key: str, where: Where, error: bool) -> Reading:
    if not isinstance(value, dict):
        raise where.error(key, "expected a table")
    known = {"kind", "words", "thrower", "needs_runner_on", "otherwise"}
    if extra := set(value) - known:
        raise where.error(key, f"unknown fields {', '.join(sorted(extra))}")
    play = _play(value, key, where, error)
    needs = value.get("needs_runner_on")
    otherwise = value.get("otherwise")
    if (needs is None) != (otherwise is None):
        raise where.error(key, "needs_runner_on and otherwise go together")
    if needs is None:
        return Reading(play)
    if not isinstance(needs, list) or not needs or any(b not in (1, 2, 3) for b in needs):
        raise where.error(key, f"needs_runner_on must list bases 1-3, found {needs!r}")
    return Reading(play, frozenset(needs), _play(otherwise, f"{key} otherwise", where, error))


def _ones(value: Any, key: str, where: Where, error: bool) -> tuple[Reading, ...]:
    if not isinstance(value, dict):
        raise where.error(key, "by_ones must be a table")
    if set(value) == {"odd", "even"}:
        odd = _reading(value["odd"], f"{key} odd", where, error)
        even = _reading(value["even"], f"{key} even", where, error)
        return tuple(odd if die % 2 else even for die in range(10))
    for sub in value:
        if sub in ("odd", "even"):
            raise where.error(f"{key} {sub}", "odd and even go together, without ranges")
        parse_range(sub, 1, where)
    return spans(value, where, 1, lambda v, k: _reading(v, f"{key} ones {k}", where, error))


def _row(value: Any, key: str, *, where: Where, error: bool) -> Row:
    if not isinstance(value, dict):
        raise where.error(key, "expected a table")
    if "by_ones" not in value:
        return Row(_reading(value, key, where, error))
    if extra := set(value) - {"by_ones", "empty_or_two_out"}:
        raise where.error(key, f"a row read by the 1s die has no fields {', '.join(sorted(extra))}")
    override = value.get("empty_or_two_out")
    if override is not None:
        override = {"odd": 1, "even": 0}[one_of(override, ("odd", "even"), where, f"{key} empty_or_two_out")]
    return Row(None, _ones(value["by_ones"], key, where, error), override)


def parse_play_by_play(doc: Mapping[str, Any], file: str) -> dict[str, tuple[Row, ...]]:
    plays_doc = section(doc, "plays", Where(file, "Play-by-Play Chart"))
    if set(plays_doc) != set(CODES):
        missing, extra = set(CODES) - set(plays_doc), set(plays_doc) - set(CODES)
        raise Where(file, "Play-by-Play Chart").error(
            "plays", f"missing {', '.join(sorted(missing)) or 'none'}; unknown {', '.join(sorted(extra)) or 'none'}"
        )
    plays: dict[str, tuple[Row, ...]] = {}
    aliases = {}
    for code in CODES:
        where = Where(file, f"Play-by-Play Chart {code}")
        table = plays_doc[code]
        if not isinstance(table, dict):
            raise where.error(code, "expected a table")
        if "same_as" in table:
            if len(table) != 1:
                raise where.error("same_as", "a row that is the same as another has nothing else")
            aliases[code] = one_of(table["same_as"], CODES, where, "same_as")
            continue
        error = code.startswith("ERR")
        plays[code] = spans(table, where, 1, functools.partial(_row, where=where, error=error))
    for code, target in aliases.items():
        if target not in plays or target[: target.index("(")] != code[: code.index("(")]:
            raise Where(file, f"Play-by-Play Chart {code}").error(
                "same_as", f"{target} is not a chart of the same kind"
            )
        plays[code] = plays[target]
    return plays


@functools.cache
def play_by_play_chart() -> dict[str, tuple[Row, ...]]:
    doc, file = read_table("play_by_play")
    return parse_play_by_play(doc, file)


def play_by_play(
    code: str, mod: int, ones: int | None = None, *, runners: Collection[int] = (), outs: int = 0
) -> PlayWords:
    """DDB "Play-by-Play Chart": ``code`` is SI+(pos), SI(pos) or ERR(pos); ``mod`` the mod die;
    ``ones`` the white 1s die, needed where an ERR row splits on it; ``runners`` the occupied
    bases (1-3) and ``outs`` the outs before the play, which some ERR readings depend on."""
    chart = play_by_play_chart()
    if code not in chart:
        raise ValueError(f"{code!r} is not on the Play-by-Play Chart")
    row = chart[code][roll_index(mod, 10, "the mod die")]
    reading = row.reading
    if reading is None:
        if ones is None:
            raise ValueError(f"{code} {mod} is read with the 1s die")
        die = roll_index(ones, 10, "the 1s die")
        if row.empty_or_two_out is not None and (not runners or outs >= 2):
            die = row.empty_or_two_out
        reading = row.by_ones[die]
    if reading.otherwise is not None and not reading.needs_runner_on & set(runners):
        return reading.otherwise
    return reading.play


def load_all() -> None:
    play_by_play_chart()
