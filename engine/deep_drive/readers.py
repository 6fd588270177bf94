"""The engine's one call site for each chart it reads from elsewhere.

The Baserunner Advancement Chart (and the other printed charts) come from
``engine.deep_drive.charts``; the season handbook's charts (DEF, Error, Ballpark Effects, the
Rare chart's injuries, the Odd Play Book) from ``engine.deep_drive.handbook``. The engine reads
them only through the functions here, with plain values, so each is wired in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from engine.deep_drive.charts import running
from engine.deep_drive.charts.running import FLY_CODES, Advance
from engine.deep_drive.handbook import Injury, handbook_of


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

    def in_game_injury(self, roll: int, grade: str) -> Injury: ...

    def odd_play(self, code: str, mod: int) -> tuple[str, str]: ...

    def steal_auto(self, mod: int, white: int, steal: int, letter: str, adjust: int = 0) -> str | None: ...

    def on_base_event(self, roll: int) -> bool: ...

    def pitcher_catcher(self, roll: int, *, wp: str, bk: str, po: str, pb: str) -> str | None: ...


# Handbooks made in Python and known by a name a setup's ``handbook`` may hold instead of TOML text
# (the rule tests' hand-made charts).
REGISTERED: dict[str, Handbook] = {}


def handbook_for(text: str) -> Handbook:
    """The handbook a game's setup carries (``GameSetup.handbook``: TOML text, "" for Dugout's default)."""
    if text in REGISTERED:
        return REGISTERED[text]
    return handbook_of(text)


def advancement(code: str, run: str, *, outs: int | None = None, from_base: int | None = None) -> str:
    """DDB "Baserunner Advancement Chart": "NO", "NO?", "YES?" or "YES" for a runner of this RUN.

    Hits (SI+, SI, DO) by ``outs``; fly outs (F7... F9d, DD-F7d...) by ``from_base``; a base the
    chart has no row for (a fly off the OUTS section, from first) is "NO".
    """
    if code in FLY_CODES and not code.startswith("DD-") and from_base == 1:
        return Advance.NO.value
    return running.advancement(code, run, outs=outs, from_base=from_base).value


def goes(cell: str) -> bool:
    """Automatic baserunning: the "?" is ignored."""
    return Advance(cell).goes
