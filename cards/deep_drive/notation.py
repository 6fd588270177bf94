"""Deep Drive card notation, parsed once at load time into typed values.

Every string on a Deep Drive card (a 00-99 range, "rare 4", "never", a fielding line such as
"C 4 PB:B T-1", a STEAL rating such as "3B" or "3B+" for a runner who steals third, a Usage box
such as "STARTER (4*)", an Endurance box such as "3/5") has one parser and one formatter here,
so a card written back reads the same. Anything else raises :class:`NotationError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from cards.notation import NotationError, Position, quote

__all__ = [
    "GRADES",
    "INJURY_GRADES",
    "OUT_CODES",
    "PLAY_CODES",
    "Chance",
    "Endurance",
    "Fielding",
    "NotationError",
    "Percentile",
    "Run",
    "Steal",
    "Usage",
    "parse_chance",
    "parse_endurance",
    "parse_fielding",
    "parse_percentile",
    "parse_steal",
    "parse_usage",
]

# The results a card's 50 numbers give (DDB "Reading the Results"), in the order a card prints them.
PLAY_CODES = ("DD", "SI+", "SI", "BB", "HBP", "SO", "DEF", "OUT")
# The results that put the batter on base or send the ball deep, whoever fields.
ON_BASE_CODES = ("DD", "SI+", "SI", "BB", "HBP")
# The DEEP DRIVE section's readings: home run, triple, double, and one deep fly out.
DEEP_DRIVE_CODES = ("HR", "TR", "DO", "F7d", "F8d", "F9d")
# Every out code of DDB "Outs Chart" a card's OUTS section may print (L1 comes only from the
# chart's 49/99 rule, never from a card).
OUT_CODES = frozenset(
    (
        *(f"F{f}{s}" for f in (7, 8, 9) for s in ("", "d", "s")),
        "G1", "G1h", "G1s", "G2", "G2s",
        *(f"G{f}{s}" for f in (3, 4, 5, 6) for s in ("", "h", "s")),
        "L3", "L4", "L5", "L6",
        "P1", "P2", "P3", "P4", "P5", "P6", "Pf", "Pm",
    )
)  # fmt: skip
# Letter grades: catchers' PB and pitchers' WP, BK and PO (A = rarely); steal success (A = most).
GRADES = ("A", "B", "C", "D", "F")
STEAL_GRADES = ("A", "B", "C", "D", "E", "F")
# Injury ratings (DDB "Cards"): AA is never hurt, F is hurt longest.
INJURY_GRADES = ("AA", "A", "B", "C", "D", "F")


class Run(StrEnum):
    """The RUN rating: blank on a card is an average runner ("avg")."""

    VERY_SLOW = "VS"
    SLOW = "S"
    AVERAGE = "avg"
    FAST = "F"
    VERY_FAST = "VF"

    @property
    def rank(self) -> int:
        """0 (VS) to 4 (VF): "slower than" compares ranks."""
        return _RUN_RANK[self]


_RUN_RANK = {run: i for i, run in enumerate(Run)}


@dataclass(frozen=True, slots=True)
class Percentile:
    """An inclusive range of red-and-white readings 00-99, printed "60-75" or "07"."""

    low: int
    high: int

    def __contains__(self, roll: object) -> bool:
        return isinstance(roll, int) and self.low <= roll <= self.high

    def __len__(self) -> int:
        return self.high - self.low + 1

    def __str__(self) -> str:
        return f"{self.low:02d}" if self.low == self.high else f"{self.low:02d}-{self.high:02d}"


_PERCENTILE = re.compile(r"^(\d{1,2})(?:\s*-\s*(\d{1,2}))?$")


def parse_percentile(text: str) -> Percentile:
    match = _PERCENTILE.match(text.strip())
    if not match:
        raise NotationError(f"{quote(text)} is not a 00-99 range (write it like '60-75' or '07')")
    low = int(match.group(1))
    high = int(match.group(2) or low)
    if low > high:
        raise NotationError(f"range {quote(text)} runs backwards")
    return Percentile(low, high)


@dataclass(frozen=True, slots=True)
class Chance:
    """One result on a card: its numbers, or "rare N" (the opposing card's reading stands only on a
    mod die of N or less), or "never" (DDB "Rare Readings"). ``numbers`` is None for rare and never."""

    numbers: Percentile | None = None
    rare: int | None = None  # 0-9 for "rare N"
    never: bool = False

    def __str__(self) -> str:
        if self.never:
            return "never"
        if self.rare is not None:
            return f"rare {self.rare}"
        return str(self.numbers)

    def allows(self, mod: int, never_as_rare_0: bool = False) -> bool:
        """Whether the opposing card's reading of this result stands on this mod die."""
        if self.never:
            return never_as_rare_0 and mod == 0
        if self.rare is not None:
            return mod <= self.rare
        return True


_RARE = re.compile(r"^rare\s+(\d)$", re.IGNORECASE)


def parse_chance(text: str) -> Chance:
    text = text.strip()
    if text.lower() == "never":
        return Chance(never=True)
    rare = _RARE.match(text)
    if rare:
        return Chance(rare=int(rare.group(1)))
    if not _PERCENTILE.match(text):
        raise NotationError(
            f"{quote(text)} is not a result's numbers (write them like '60-75' or '07', or 'rare 4' or 'never')"
        )
    return Chance(numbers=parse_percentile(text))


@dataclass(frozen=True, slots=True)
class Fielding:
    """A position with its defense 1-5; a catcher's PB grade and T, a pitcher's H."""

    position: Position
    defense: int
    passed_ball: str | None = None  # catchers: "PB:B"
    throwing: int | None = None  # catchers: "T-1", added to a base stealer's STEAL
    holding: int | None = None  # pitchers: "H+1", added to a base stealer's STEAL

    def __str__(self) -> str:
        if self.position is Position.DH:
            return "DH"
        text = f"{self.position.value} {self.defense}"
        if self.passed_ball is not None:
            text += f" PB:{self.passed_ball}"
        if self.throwing is not None:
            text += f" T{self.throwing:+d}"
        if self.holding is not None:
            text += f" H{self.holding:+d}"
        return text


_FIELDING = re.compile(
    r"^(?P<pos>P|C|1B|2B|3B|SS|LF|CF|RF)\s+(?P<def>\d)"
    r"(?:\s+PB:(?P<pb>[A-Z]))?(?:\s+T(?P<t>[+-]\d))?(?:\s+H(?P<h>[+-]\d))?$"
)


def parse_fielding(text: str) -> Fielding:
    text = " ".join(text.split())
    if text == "DH":
        return Fielding(Position.DH, 0)
    match = _FIELDING.match(text)
    if not match:
        raise NotationError(f"{quote(text)} is not a fielding line (write it like 'SS 3', 'C 4 PB:B T-1' or 'P 2 H+1')")
    position = Position(match.group("pos"))
    defense = int(match.group("def"))
    if not 1 <= defense <= 5:
        raise NotationError(f"{quote(text)}: defense is 1-5")
    pb, t, h = match.group("pb"), match.group("t"), match.group("h")
    if (pb is not None or t is not None) and position is not Position.C:
        raise NotationError(f"{quote(text)}: only a catcher has PB and T")
    if h is not None and position is not Position.P:
        raise NotationError(f"{quote(text)}: only a pitcher has H")
    if position is Position.C and pb is None:
        raise NotationError(f"{quote(text)}: a catcher has a passed ball grade, like 'C 4 PB:B'")
    if pb is not None and pb not in GRADES:
        raise NotationError(f"{quote(text)}: PB is one of {', '.join(GRADES)}")
    return Fielding(position, defense, pb, int(t) if t else None, int(h) if h else None)


@dataclass(frozen=True, slots=True)
class Steal:
    """STEAL: how often he runs (0-9, 0 almost never) and how well (A best to F); ``third`` is the
    superscript 3 that lets him steal third (DDB "Stealing Bases")."""

    rating: int
    grade: str
    third: bool = False

    def __str__(self) -> str:
        return f"{self.rating}{self.grade}{'+' if self.third else ''}"


_STEAL = re.compile(r"^(\d)([A-F])(\+|³|\^3)?$")


def parse_steal(text: str) -> Steal:
    match = _STEAL.match(text.strip())
    if not match:
        raise NotationError(
            f"{quote(text)} is not a STEAL rating (write it like '0F', '3B', or '5A+' for steals of third)"
        )
    return Steal(int(match.group(1)), match.group(2), match.group(3) is not None)


@dataclass(frozen=True, slots=True)
class Usage:
    """The Usage box: STARTER, RELIEVER or CLOSER, with the games of rest after a start and the
    asterisk that adds one when his Endurance fell to 0 (DDB "Starting Pitcher Rest")."""

    role: str
    rest: int | None = None
    tiring: bool = False  # the asterisk

    def __str__(self) -> str:
        if self.rest is None:
            return self.role
        return f"{self.role} ({self.rest}{'*' if self.tiring else ''})"


_USAGE = re.compile(r"^(STARTER|RELIEVER|CLOSER)(?:\s*\((\d)(\*)?\))?$")


def parse_usage(text: str) -> Usage:
    match = _USAGE.match(" ".join(text.split()).upper())
    if not match:
        raise NotationError(f"{quote(text)} is not a Usage box (write it like 'STARTER (4*)', 'RELIEVER' or 'CLOSER')")
    role, rest, star = match.groups()
    if role == "STARTER" and rest is None:
        raise NotationError(f"{quote(text)}: a STARTER has his games of rest, like 'STARTER (4)'")
    return Usage(role, int(rest) if rest else None, star is not None)


@dataclass(frozen=True, slots=True)
class Endurance:
    """The Endurance box: his endurance, and after a slash the one he starts with (a reliever who
    sometimes starts: "3/5")."""

    relief: int
    start: int | None = None

    def __str__(self) -> str:
        return str(self.relief) if self.start is None else f"{self.relief}/{self.start}"


_ENDURANCE = re.compile(r"^(\d{1,2})(?:\s*/\s*(\d{1,2}))?$")


def parse_endurance(text: str) -> Endurance:
    match = _ENDURANCE.match(text.strip())
    if not match:
        raise NotationError(f"{quote(text)} is not an Endurance (write it like '7' or '3/5')")
    return Endurance(int(match.group(1)), int(match.group(2)) if match.group(2) else None)
