"""What every Deep Drive chart shares: loading a table, naming a bad cell, ranges of rolls,
and the plain values the readers take (run ratings, positions, injury grades).

A table is read once from ``engine/deep_drive/tables/<name>.toml``. Its parser turns it into
frozen values and refuses anything it cannot use with a :class:`ChartError` that names the
file, the chart and the cell. Roll ranges are keys such as ``"00-14"`` (the red and white
dice, 00-99) or ``"0-2"`` (one die, 0-9); a chart's ranges must cover every roll exactly once.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal, TypeVar, get_args

T = TypeVar("T")

Run = Literal["VS", "S", "avg", "F", "VF"]
# Slowest first: a chart's columns run in this order.
RUNS: tuple[Run, ...] = get_args(Run)

Position = Literal["P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF", "DH"]
POSITIONS: tuple[Position, ...] = get_args(Position)
OUTFIELDERS: tuple[Position, ...] = ("LF", "CF", "RF")

Grade = Literal["AA", "A", "B", "C", "D", "F"]
# Injury grades, sturdiest first: AA is never hurt, F is hurt longest.
GRADES: tuple[Grade, ...] = get_args(Grade)


class ChartError(ValueError):
    """A chart table that cannot be used: which file, which chart, which cell, and why."""

    def __init__(self, file: str, chart: str, cell: str, problem: str) -> None:
        self.file = file
        self.chart = chart
        self.cell = cell
        self.problem = problem
        super().__init__(f"{file}: {chart}, cell {cell}: {problem}")


@dataclass(frozen=True)
class Where:
    """A chart inside a table file, for error messages."""

    file: str
    chart: str

    def error(self, cell: str, problem: str) -> ChartError:
        return ChartError(self.file, self.chart, cell, problem)

    def sub(self, chart: str) -> Where:
        """A sub-table of this chart (the rundown table inside the Choice Chart...)."""
        return Where(self.file, f"{self.chart} / {chart}")


def read_table(name: str) -> tuple[dict[str, Any], str]:
    """The table ``tables/<name>.toml`` as a dict, with the file name its errors cite."""
    file = f"{name}.toml"
    text = resources.files("engine.deep_drive").joinpath("tables", file).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text), file
    except tomllib.TOMLDecodeError as error:
        raise ChartError(file, "(whole file)", "-", f"not TOML: {error}") from error


def section(doc: Mapping[str, Any], key: str, where: Where) -> dict[str, Any]:
    """The sub-table ``key`` of ``doc``, which must be a table."""
    value = doc.get(key)
    if not isinstance(value, dict):
        raise where.error(key, "missing, or not a table")
    return value


def text(value: Any, where: Where, cell: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise where.error(cell, f"expected words, found {value!r}")
    return value


def one_of(value: Any, allowed: Iterable[T], where: Where, cell: str) -> T:
    """``value`` if it is one of ``allowed`` (the run ratings, a chart's cell words...)."""
    options = tuple(allowed)
    if value not in options:
        raise where.error(cell, f"{value!r} is not one of {', '.join(map(str, options))}")
    return value  # type: ignore[no-any-return]


def some_of(value: Any, allowed: Iterable[T], where: Where, cell: str) -> frozenset[T]:
    """A list each of whose items is one of ``allowed``."""
    if not isinstance(value, list):
        raise where.error(cell, f"expected a list, found {value!r}")
    return frozenset(one_of(item, allowed, where, cell) for item in value)


def integer(value: Any, where: Where, cell: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise where.error(cell, f"expected a whole number {low}..{high}, found {value!r}")
    return value


def flag(value: Any, where: Where, cell: str) -> bool:
    if not isinstance(value, bool):
        raise where.error(cell, f"expected true or false, found {value!r}")
    return value


def parse_range(key: str, digits: int, where: Where) -> range:
    """``"05-41"`` or ``"05"`` (two digits: a percentile roll) or ``"0-2"`` (one die)."""
    parts = key.split("-")
    if len(parts) > 2 or not all(len(part) == digits and part.isdigit() for part in parts):
        raise where.error(key, f"not a range of {digits}-digit rolls")
    low, high = int(parts[0]), int(parts[-1])
    if high < low:
        raise where.error(key, "the range runs backwards")
    return range(low, high + 1)


def spans(
    table: Mapping[str, Any], where: Where, digits: int, parse: Callable[[Any, str], T], size: int | None = None
) -> tuple[T, ...]:
    """A chart read by roll: ``table`` maps ranges to cells; the result has one cell per roll
    (100 for two dice, 10 for one, or ``size``: outs 0-2). Every roll must be covered exactly once."""
    size = 10**digits if size is None else size
    cells: list[T | None] = [None] * size
    owner: list[str] = [""] * size
    for key, value in table.items():
        cell = parse(value, key)
        for roll in parse_range(key, digits, where):
            if roll >= size:
                raise where.error(key, f"runs past {size - 1:0{digits}d}")
            if cells[roll] is not None:
                raise where.error(key, f"roll {roll:0{digits}d} is also in {owner[roll]}")
            cells[roll], owner[roll] = cell, key
    missing = [f"{roll:0{digits}d}" for roll, cell in enumerate(cells) if cell is None]
    if missing:
        raise where.error(", ".join(missing[:5]), "no range covers these rolls")
    return tuple(cell for cell in cells if cell is not None)


def roll_index(roll: int, size: int, what: str) -> int:
    """Check a roll a reader is given: 0..size-1."""
    if isinstance(roll, bool) or not isinstance(roll, int) or not 0 <= roll < size:
        raise ValueError(f"{what} must be 0..{size - 1}, not {roll!r}")
    return roll


def run_rating(run: str) -> Run:
    """Check a run rating a reader is given."""
    if run not in RUNS:
        raise ValueError(f"run rating must be one of {', '.join(RUNS)}, not {run!r}")
    return run


def pick_one(die: int, count: int) -> int:
    """One of ``count`` candidates by one die, 0-9 split into equal shares as far as ten allows:
    two candidates take 0-4 and 5-9 (the book's example), three 0-3, 4-6, 7-9."""
    roll_index(die, 10, "die")
    if count < 1:
        raise ValueError("nobody to pick from")
    return die * count // 10
