"""The engine's one call site for each chart it reads from elsewhere.

The Baserunner Advancement Chart (and the other printed charts) come from
``engine.deep_drive.charts``; the season handbook's charts (DEF, Error, Ballpark Effects, the
Rare chart's injuries, the Odd Play Book) from ``engine.deep_drive.handbook``. The engine reads
them only through the functions here, with plain values, so each is wired in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any, Protocol

# The columns of every RUN-rating chart, slowest first.
RUNS = ("VS", "S", "avg", "F", "VF")


class DefReading(Protocol):
    @property
    def fielder(self) -> str: ...

    @property
    def result(self) -> str: ...


class Handbook(Protocol):
    """What the engine reads from a Season Handbook (engine.deep_drive.handbook.Handbook)."""

    def read_def(self, roll: int, ratings: Mapping[str, int]) -> DefReading: ...

    def read_error(self, fielder: str, mod: int, white: int, *, empty_or_two_out: bool) -> str: ...

    def ballpark_effect(self, team: str, park: str, roll: int, mod: int, deep_fly: str) -> str: ...


# Handbooks registered by name (tests, a league's own); any other name is a file path, "" the default.
REGISTERED: dict[str, Handbook] = {}


def handbook_for(name: str) -> Handbook:
    """The handbook a game's options name: a registered one, a file, or Dugout's default ("")."""
    if name in REGISTERED:
        return REGISTERED[name]
    module: Any = import_module("engine.deep_drive.handbook")
    book: Handbook = module.default_handbook() if not name else module.load_handbook(name)
    return book


# DDB "Baserunner Advancement Chart". Hits by outs (0-1, 2); fly outs by the base the runner
# tags from. "DD-" marks a deep fly read off the DEEP DRIVE section.
_HITS = {
    "SI+": ("NO NO? YES? YES YES", "NO? YES? YES YES YES"),
    "SI": ("NO NO NO NO? YES?", "NO NO NO? YES? YES"),
    "DO": ("NO NO NO? YES? YES", "NO NO? YES? YES YES"),
}
_FLIES = {
    "DD-F": {3: "YES? YES YES YES YES", 2: "NO NO? YES? YES YES", 1: "NO NO NO NO? YES?"},
    "F7": {3: "NO NO? YES? YES YES", 2: "NO NO NO NO NO?"},
    "F8": {3: "NO? YES? YES YES YES", 2: "NO NO NO NO? YES?"},
    "F9": {3: "NO NO? YES? YES YES", 2: "NO NO NO? YES? YES"},
    "F7d": {3: "YES? YES YES YES YES", 2: "NO NO NO NO? YES?"},
    "F8d": {3: "YES? YES YES YES YES", 2: "NO NO NO? YES? YES"},
    "F9d": {3: "YES? YES YES YES YES", 2: "NO NO? YES? YES YES"},
}


def advancement(code: str, run: str, *, outs: int | None = None, from_base: int | None = None) -> str:
    """DDB "Baserunner Advancement Chart": "NO", "NO?", "YES?" or "YES" for a runner of this RUN.

    Hits (SI+, SI, DO) by ``outs``; fly outs (F7... F9d, DD-F7d...) by ``from_base``; a base the
    chart has no row for is "NO".
    """
    column = RUNS.index(run)
    if code in _HITS:
        assert outs is not None
        return _HITS[code][1 if outs >= 2 else 0].split()[column]
    row = _FLIES["DD-F" if code.startswith("DD-") else code]
    assert from_base is not None
    cells = row.get(from_base)
    return "NO" if cells is None else cells.split()[column]


def goes(cell: str) -> bool:
    """Automatic baserunning: the "?" is ignored."""
    return cell.startswith("YES")
