"""One model of a stat line: a batting, a pitching and a fielding line's counts, their sums and their rates.

The box score's lines (``engine.boxscore``), the league's season lines (``league.stats``, whose season
tables ``league.seasontables`` keeps) and a real season's lines (``seasons.stats``) all extend these
three, each with who the line is for. A new stat is a field here; the box score counts it, the season
tables add it up (their SQL column lists and a migration), and the pages show it.

Rates follow the usual definitions:

- AVG = H / AB; OBP = (H + BB + HBP) / (AB + BB + HBP + SF); SLG = TB / AB; OPS = OBP + SLG.
- ERA = 9 × ER / IP; WHIP = (BB + H) / IP, with IP = outs / 3. With no outs recorded the rate
  is 0.00 if nothing was charged and infinite otherwise (the scorer's "inf").

A rate stat with no denominator is 0. The lines are keyword-only, so that a line that extends one
puts who it is for first: ``BattingLine("p1", "Sam Ortiz", "SS", 1, pa=4, ab=4, h=2)``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Self


def ratio(top: float, bottom: float) -> float:
    """``top / bottom``, 0 when there is no denominator."""
    return top / bottom if bottom else 0.0


def per_innings(top: int, outs: int, scale: int) -> float:
    """``scale`` × ``top`` per inning pitched (ERA: 9 × ER / IP); infinite when charged with no outs."""
    if outs:
        return scale * 3 * top / outs
    return math.inf if top else 0.0


def innings_pitched(outs: int) -> str:
    """Outs as innings the scorer's way: 19 outs is "6.1"."""
    return f"{outs // 3}.{outs % 3}"


def average(value: float) -> str:
    """A rate the scorer's way, to three places without the leading zero: ".312", ".000", "1.000", "1.234"."""
    return f"{value:.3f}".removeprefix("0")


def counts_of(line: type[Any]) -> tuple[str, ...]:
    """The names of a line model's counts, in their order (a column list's, a box score's)."""
    return tuple(f.name for f in fields(line))


class _Counts:
    """Adding lines up: a line's ``COUNTS`` are what adding adds (a model that extends one with more
    counts names them all in its own ``COUNTS``); who the line is for is not added."""

    COUNTS: ClassVar[tuple[str, ...]] = ()

    def add(self, other: _Counts) -> None:
        """Add ``other``'s counts to this line's, in place."""
        for name in self.COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def __add__(self, other: Self) -> Self:
        """A new line with both lines' counts summed (who it is for: this line's)."""
        total = replace(self)  # type: ignore[type-var]
        total.add(other)
        return total


@dataclass(kw_only=True)
class Batting(_Counts):
    """A batting line's counts."""

    pa: int = 0
    ab: int = 0
    r: int = 0
    h: int = 0
    doubles: int = 0
    triples: int = 0
    hr: int = 0
    rbi: int = 0
    bb: int = 0
    k: int = 0
    hbp: int = 0
    sf: int = 0
    sh: int = 0
    ci: int = 0  # reached on catcher's interference
    gidp: int = 0
    sb: int = 0
    cs: int = 0
    lob: int = 0

    @property
    def singles(self) -> int:
        return self.h - self.doubles - self.triples - self.hr

    @property
    def tb(self) -> int:
        return self.h + self.doubles + 2 * self.triples + 3 * self.hr

    @property
    def avg(self) -> float:
        return ratio(self.h, self.ab)

    @property
    def obp(self) -> float:
        return ratio(self.h + self.bb + self.hbp, self.ab + self.bb + self.hbp + self.sf)

    @property
    def slg(self) -> float:
        return ratio(self.tb, self.ab)

    @property
    def ops(self) -> float:
        return self.obp + self.slg


@dataclass(kw_only=True)
class Pitching(_Counts):
    """A pitching line's counts: innings as outs, ``bf`` batters faced."""

    outs: int = 0
    h: int = 0
    r: int = 0
    er: int = 0
    bb: int = 0
    k: int = 0
    hr: int = 0
    bf: int = 0
    hbp: int = 0
    wp: int = 0
    bk: int = 0

    @property
    def ip(self) -> str:
        """Innings the scorer's way: 136 outs is "45.1"."""
        return innings_pitched(self.outs)

    @property
    def innings(self) -> float:
        return self.outs / 3

    @property
    def era(self) -> float:
        return per_innings(self.er, self.outs, 9)

    @property
    def whip(self) -> float:
        return per_innings(self.bb + self.h, self.outs, 1)

    @property
    def k9(self) -> float:
        """Strikeouts per nine innings."""
        return per_innings(self.k, self.outs, 9)


@dataclass(kw_only=True)
class Fielding(_Counts):
    """A fielding line's counts."""

    e: int = 0


BATTING_COUNTS = Batting.COUNTS = counts_of(Batting)
PITCHING_COUNTS = Pitching.COUNTS = counts_of(Pitching)
FIELDING_COUNTS = Fielding.COUNTS = counts_of(Fielding)
