"""Inside Pitch card notation, parsed once at load time into typed values.

Every string printed on a card (a matrix cell, a 1d20 range, a fielding line,
a hit-range line) has exactly one parser here and one formatter, so a card
read from disk and written back gives the same text. Anything the parser does
not recognise raises :class:`NotationError`; nothing is silently treated as a
blank.

Symbol meanings follow the symbol key on the back cover of the 2007 book
(IP2007 "Symbol key") and the card key of the older rules summary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, StrEnum


class NotationError(ValueError):
    """A card string that is not valid Inside Pitch notation."""


# Messages quote a value at most this long: a megabyte cell or id is named, not echoed whole.
QUOTE_LIMIT = 40


def quote(value: object) -> str:
    """``repr(value)``, or a short prefix of it and its length when long, for problem messages."""
    if isinstance(value, str) and len(value) > QUOTE_LIMIT:
        return f"{value[:QUOTE_LIMIT]!r}… ({len(value)} characters)"
    text = repr(value)
    return text if len(text) <= QUOTE_LIMIT else f"{text[:QUOTE_LIMIT]}… ({len(text)} characters)"


# --- hands and positions -----------------------------------------------------


class Hand(StrEnum):
    """Which hand a pitcher throws with, or a batter's side of the plate."""

    LEFT = "L"
    RIGHT = "R"


class Bats(StrEnum):
    LEFT = "L"
    RIGHT = "R"
    SWITCH = "S"


# Python 3.11 reads an Enum's member off its class through the metaclass's __getattr__
# hook, several times slower than a global; the methods that the game calls on every
# pitch compare against these instead.
LEFT_HAND = Hand.LEFT
RIGHT_HAND = Hand.RIGHT


class Position(StrEnum):
    """Fielding positions; ``number`` is the scorer's number used on cards."""

    P = "P"
    C = "C"
    FIRST = "1B"
    SECOND = "2B"
    THIRD = "3B"
    SHORT = "SS"
    LEFT = "LF"
    CENTER = "CF"
    RIGHT = "RF"
    DH = "DH"

    @property
    def number(self) -> int:
        return _POSITION_NUMBER[self]

    @classmethod
    def from_number(cls, number: int) -> Position:
        return _NUMBER_POSITION[number]

    @property
    def is_outfield(self) -> bool:
        return self in _OUTFIELD

    @property
    def is_infield(self) -> bool:
        return self in _INFIELD


_POSITION_NUMBER = {
    Position.P: 1,
    Position.C: 2,
    Position.FIRST: 3,
    Position.SECOND: 4,
    Position.THIRD: 5,
    Position.SHORT: 6,
    Position.LEFT: 7,
    Position.CENTER: 8,
    Position.RIGHT: 9,
    Position.DH: 0,
}
_NUMBER_POSITION = {n: p for p, n in _POSITION_NUMBER.items() if n}
_OUTFIELD = frozenset({Position.LEFT, Position.CENTER, Position.RIGHT})
_INFIELD = frozenset({Position.FIRST, Position.SECOND, Position.THIRD, Position.SHORT})


# --- 1d20 ranges -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Range:
    """An inclusive range of 1d20 rolls, printed "1-5" or "16"."""

    low: int
    high: int

    def __contains__(self, roll: object) -> bool:
        return isinstance(roll, int) and self.low <= roll <= self.high

    def overlaps(self, other: Range) -> bool:
        return self.low <= other.high and other.low <= self.high

    def __str__(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


_RANGE = re.compile(r"^(\d{1,2})(?:\s*-\s*(\d{1,2}))?$")


def parse_range(text: str) -> Range | None:
    """Parse a 1d20 range; an empty cell means "no range" and gives None."""
    text = text.strip()
    if not text:
        return None
    match = _RANGE.match(text)
    if not match:
        raise NotationError(f"{quote(text)} is not a 1d20 range (write it like '1-5' or '16')")
    low = int(match.group(1))
    high = int(match.group(2) or low)
    if not 1 <= low <= 20 or not 1 <= high <= 20:
        raise NotationError(f"range {quote(text)} is outside 1-20")
    if low > high:
        raise NotationError(f"range {quote(text)} runs backwards")
    return Range(low, high)


def format_range(value: Range | None) -> str:
    return "" if value is None else str(value)


def check_disjoint(named: list[tuple[str, Range | None]]) -> None:
    """Raise if two of the named 1d20 ranges share a roll."""
    present = [(name, r) for name, r in named if r is not None]
    for i, (name_a, a) in enumerate(present):
        for name_b, b in present[i + 1 :]:
            if a.overlaps(b):
                raise NotationError(f"ranges overlap: {name_a}={a} and {name_b}={b}")


# --- batted-ball readings (batter card, ballpark card, pitcher's ** line) ------


class HitKind(StrEnum):
    SINGLE = "S"
    DOUBLE = "D"
    TRIPLE = "T"
    HOME_RUN = "H"

    @property
    def bases(self) -> int:
        return {"S": 1, "D": 2, "T": 3, "H": 4}[self.value]


class OutKind(StrEnum):
    GROUND = "G"
    POP = "P"
    FLY = "F"
    LINE = "L"


@dataclass(frozen=True, slots=True)
class Hit:
    """S/D/T/H, optionally to a fielder: "S6" is a single past the shortstop."""

    kind: HitKind
    fielder: int | None = None

    def __str__(self) -> str:
        return f"{self.kind}{self.fielder or ''}"


@dataclass(frozen=True, slots=True)
class Out:
    """G/P/F/L to a fielder: "G4" is a ground ball to the second baseman."""

    kind: OutKind
    fielder: int

    def __str__(self) -> str:
        return f"{self.kind}{self.fielder}"


@dataclass(frozen=True, slots=True)
class Walk:
    def __str__(self) -> str:
        return "W"


@dataclass(frozen=True, slots=True)
class Strikeout:
    def __str__(self) -> str:
        return "K"


@dataclass(frozen=True, slots=True)
class PitcherOutRef:
    """ "**3": read column 3 of the pitcher's ** line for the batted ball."""

    column: int

    def __str__(self) -> str:
        return f"**{self.column}"


@dataclass(frozen=True, slots=True)
class SplitHit:
    """ "?8": 1d20 against the hit ranges (H?, LH?/RH?), otherwise a fly out to 8."""

    field: int

    def __str__(self) -> str:
        return f"?{self.field}"


@dataclass(frozen=True, slots=True)
class StretchSingle:
    """ "S+7": single to the outfielder; the batter tries for two (ballpark card)."""

    field: int

    def __str__(self) -> str:
        return f"S+{self.field}"


class HomeRunField(StrEnum):
    """Where a ballpark [HR] fly goes: a fixed field, or pull/opposite by batter side."""

    LEFT = "7"
    CENTER = "8"
    RIGHT = "9"
    PULL = "p"
    OPPOSITE = "o"


@dataclass(frozen=True, slots=True)
class HomeRunChance:
    """ "[HR8]", "[HRp]", "[HRo]": 1d20 against the batter's HR, else a fly out."""

    field: HomeRunField

    def __str__(self) -> str:
        return f"[HR{self.field}]"


@dataclass(frozen=True, slots=True)
class RarePlay:
    """A blank ballpark cell: roll on the rare play chart."""

    def __str__(self) -> str:
        return ""


Reading = Hit | Out | Walk | Strikeout | PitcherOutRef | SplitHit | StretchSingle | HomeRunChance | RarePlay

_HIT_OR_OUT = re.compile(r"^([SDTHGPFL])([1-9])?$")
_FIELDS = {7, 8, 9}


def _parse_one_reading(text: str, card: str) -> Reading:
    if text == "W":
        return Walk()
    if text == "K":
        return Strikeout()
    if m := re.fullmatch(r"\*\*([1-6])", text):
        return PitcherOutRef(int(m.group(1)))
    if m := re.fullmatch(r"\?([1-9])", text):
        field = int(m.group(1))
        if field not in _FIELDS:
            raise NotationError(f"{quote(text)}: split hits go to the outfield (?7, ?8 or ?9)")
        return SplitHit(field)
    if m := re.fullmatch(r"S\+([1-9])", text):
        if card != "ballpark":
            raise NotationError(f"{quote(text)}: S+ stretch singles appear only on ballpark cards")
        field = int(m.group(1))
        if field not in _FIELDS:
            raise NotationError(f"{quote(text)}: a stretch single goes to an outfielder (S+7, S+8, S+9)")
        return StretchSingle(field)
    if m := re.fullmatch(r"\[HR([789po])\]", text):
        if card != "ballpark":
            raise NotationError(f"{quote(text)}: [HR] readings appear only on ballpark cards")
        return HomeRunChance(HomeRunField(m.group(1)))
    if m := _HIT_OR_OUT.match(text):
        letter, number = m.group(1), m.group(2)
        fielder = int(number) if number else None
        if letter in "SDTH":
            if letter != "H" and fielder is None:
                raise NotationError(f"{quote(text)}: a hit needs the fielder's number, like S6 or D7")
            return Hit(HitKind(letter), fielder)
        if fielder is None:
            raise NotationError(f"{quote(text)}: an out needs the fielder's number, like G6 or F8")
        return Out(OutKind(letter), fielder)
    raise NotationError(f"unknown symbol {quote(text)}")


@dataclass(frozen=True, slots=True)
class SplitReading:
    """A batter-card cell: what it reads against left- and right-handed pitchers."""

    vs_left: Reading
    vs_right: Reading

    def against(self, pitcher: Hand) -> Reading:
        return self.vs_left if pitcher is LEFT_HAND else self.vs_right

    def __str__(self) -> str:
        return format_split(self.vs_left, self.vs_right)


def format_split(left: Reading, right: Reading) -> str:
    if left == right:
        return str(left)
    # The cards' short form "S/G6" shares one fielder number between two letters.
    if (
        isinstance(left, Hit | Out)
        and isinstance(right, Hit | Out)
        and left.fielder is not None
        and left.fielder == right.fielder
    ):
        return f"{left.kind}/{right}"
    return f"{left}/{right}"


def parse_reading(text: str, card: str = "batter") -> SplitReading:
    """Parse a batter- or ballpark-card cell (``card`` is "batter" or "ballpark").

    A "/" splits the cell by the pitcher's hand (left side against lefties). In
    the cards' short form "S/G6" the fielder number after the slash belongs to
    both sides. A blank cell is a rare play on a ballpark card and an error on a
    batter card.
    """
    text = text.strip()
    if not text:
        if card == "ballpark":
            return SplitReading(RarePlay(), RarePlay())
        raise NotationError("blank cell: a batter card has a reading in every cell")
    if "/" not in text:
        one = _parse_one_reading(text, card)
        return SplitReading(one, one)
    if card == "ballpark":
        raise NotationError(f"{quote(text)}: ballpark cells are not split by hand")
    parts = text.split("/")
    if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
        raise NotationError(f"{quote(text)}: a split cell has one reading on each side of '/'")
    left_text, right_text = parts[0].strip(), parts[1].strip()
    right = _parse_one_reading(right_text, card)
    if re.fullmatch(r"[SDTHGPFL]", left_text) and isinstance(right, Hit | Out):
        left_text += str(right.fielder or "")
    left = _parse_one_reading(left_text, card)
    if left == right:
        raise NotationError(f"{quote(text)}: both sides of the split read the same")
    return SplitReading(left, right)


def parse_out(text: str) -> Out:
    """One entry of a pitcher's ** line, e.g. "F8" or "G4"."""
    reading = _parse_one_reading(text.strip(), "batter")
    if not isinstance(reading, Out):
        raise NotationError(f"{quote(text)}: the ** line lists outs (G, P, F or L with a fielder)")
    return reading


# --- pitcher-card readings -----------------------------------------------------


class PitcherResult(Enum):
    """What a pitcher-card cell can say (IP2021 "Pitcher Card", IP2007 §2)."""

    BLANK = ""
    SINGLE = "S1"
    TIRED_SINGLE = "(S1)"
    AUTO_OUT = "**"
    WILD = "WLD"
    SPLIT_CHECK = "(??)"
    BALLPARK = "@"
    ERROR = "E?"
    THROWING_ERROR = "ET?"
    GROUND_ERROR = "EG?"
    HIT_BY_PITCH = "HBP"
    STRIKEOUT = "K"
    STRIKEOUT_PLUS = "K+"
    WALK = "W"
    WALK_PLUS = "W+"
    STRIKEOUT_OR_WALK = "K(W)"
    HOME_RUN = "HR"
    HOME_RUN_RANGE = "HR?"
    RANGE_PLAY = "RP"
    RANGE_PLAY_BALLPARK = "RP@"

    def __str__(self) -> str:
        return self.value


# The older card key prints the hit-by-pitch box as "HP".
_PITCHER_ALIASES = {"HP": PitcherResult.HIT_BY_PITCH}


def _parse_pitcher_one(text: str) -> PitcherResult:
    text = text.strip()
    if text in _PITCHER_ALIASES:
        return _PITCHER_ALIASES[text]
    try:
        return PitcherResult(text)
    except ValueError:
        raise NotationError(f"unknown pitcher-card symbol {quote(text)}") from None


@dataclass(frozen=True, slots=True)
class PitcherCell:
    """A pitcher-card cell: what it reads against left- and right-handed batters.

    "K/" is a strikeout chance against lefties and a blank against righties;
    "/W+" the other way round (IP2021 "Pitcher Card").
    """

    vs_left: PitcherResult
    vs_right: PitcherResult

    def against(self, batter_side: Hand) -> PitcherResult:
        return self.vs_left if batter_side is LEFT_HAND else self.vs_right

    def __str__(self) -> str:
        if self.vs_left is self.vs_right:
            return str(self.vs_left)
        return f"{self.vs_left}/{self.vs_right}"


def parse_pitcher_cell(text: str) -> PitcherCell:
    text = text.strip()
    if "/" not in text:
        one = _parse_pitcher_one(text)
        return PitcherCell(one, one)
    parts = text.split("/")
    if len(parts) != 2:
        raise NotationError(f"{quote(text)}: a split cell has one reading on each side of '/'")
    left, right = (_parse_pitcher_one(p) for p in parts)
    if left is right:
        raise NotationError(f"{quote(text)}: both sides of the split read the same")
    return PitcherCell(left, right)


# --- pitcher's (??) ranges -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class SplitCheck:
    """One side of a pitcher's ?? section: "** 1-12" or "S1 1-3"."""

    result: PitcherResult
    range: Range | None

    def __str__(self) -> str:
        return f"{self.result} {format_range(self.range)}".strip()


def parse_split_check(text: str) -> SplitCheck | None:
    text = text.strip()
    if not text:
        return None
    m = re.fullmatch(r"(\*\*|S1)\s+(.+)", text)
    if not m:
        raise NotationError(f"{quote(text)}: a ?? range reads '** 1-12' or 'S1 1-3'")
    result = PitcherResult.AUTO_OUT if m.group(1) == "**" else PitcherResult.SINGLE
    return SplitCheck(result, parse_range(m.group(2)))


# --- hit ranges (H?, LH?, RH?) -------------------------------------------------


class HitRangeKind(StrEnum):
    """What a 1d20 roll in a hit range gives.

    On a batter card HR is an automatic home run; on a ballpark card [HR] asks
    for a second 1d20 against the batter's HR rating (IP2021 "?7, ?8, ?9").
    """

    SINGLE = "S"
    DOUBLE = "D"
    TRIPLE = "T"
    HOME_RUN = "HR"
    HOME_RUN_CHANCE = "[HR]"


_HIT_RANGE_KINDS = {
    "batter": (HitRangeKind.SINGLE, HitRangeKind.DOUBLE, HitRangeKind.TRIPLE, HitRangeKind.HOME_RUN),
    "ballpark": (
        HitRangeKind.SINGLE,
        HitRangeKind.DOUBLE,
        HitRangeKind.TRIPLE,
        HitRangeKind.HOME_RUN_CHANCE,
    ),
}


@dataclass(frozen=True, slots=True)
class HitRanges:
    """ "S=1-5; D=6-8; T=9-11; HR=12-16": rolls above every range are fly outs."""

    entries: tuple[tuple[HitRangeKind, Range], ...]

    def lookup(self, roll: int) -> HitRangeKind | None:
        for kind, rng in self.entries:
            if roll in rng:
                return kind
        return None

    def __str__(self) -> str:
        return "; ".join(f"{kind}={rng}" for kind, rng in self.entries)


def parse_hit_ranges(text: str, card: str = "batter") -> HitRanges:
    allowed = _HIT_RANGE_KINDS[card]
    entries: list[tuple[HitRangeKind, Range]] = []
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue  # the books print empty slots, e.g. "S=1-7; ; T=8-12"
        if "=" not in part:
            raise NotationError(f"{quote(part)}: a hit range reads like 'S=1-5'")
        name, _, rng_text = part.partition("=")
        try:
            kind = HitRangeKind(name.strip())
        except ValueError:
            raise NotationError(f"{quote(part)}: unknown hit type {quote(name.strip())}") from None
        if kind not in allowed:
            names = ", ".join(k.value for k in allowed)
            raise NotationError(f"{quote(part)}: a {card} card's hit ranges use {names}")
        if any(k is kind for k, _ in entries):
            raise NotationError(f"{quote(part)}: {kind} is given twice")
        rng = parse_range(rng_text)
        if rng is None:
            raise NotationError(f"{quote(part)}: {kind} has no range (leave it out instead)")
        entries.append((kind, rng))
    check_disjoint([(str(k), r) for k, r in entries])
    return HitRanges(tuple(entries))


# --- fielding lines ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fielding:
    """A fielding line: "C - 5/2 (19) -2", "SS - 4 (4) +1", "LF - 2 (12) 0".

    Range (1-6) and error number (1d20) for everyone; the catcher adds his
    passed-ball rating after the slash and his arm; outfielders add an arm;
    middle infielders add a double-play pivot rating (IP2007 sample cards).
    """

    position: Position
    range: int = 0
    error: int = 0
    arm: int | None = None
    pivot: int | None = None
    passed_ball: int | None = None

    def __str__(self) -> str:
        if self.position is Position.DH:
            return "DH"
        rating = f"{self.range}/{self.passed_ball}" if self.passed_ball is not None else str(self.range)
        text = f"{self.position} - {rating} ({self.error})"
        extra = self.arm if self.arm is not None else self.pivot
        if extra is not None:
            text += f" {extra:+d}" if extra else " 0"
        return text


_FIELDING = re.compile(r"^(P|C|1B|2B|3B|SS|LF|CF|RF)\s*-?\s*(\d+)(?:/(\d+))?\s*\((\d+)\)(?:\s+([+-]?\d+))?$")


def parse_fielding(text: str) -> Fielding:
    text = text.strip()
    if text == "DH":
        return Fielding(Position.DH)
    m = _FIELDING.match(text)
    if not m:
        raise NotationError(
            f"{quote(text)} is not a fielding line (write it like 'SS - 4 (4) +1' or 'C - 5/2 (19) -2')"
        )
    position = Position(m.group(1))
    rng, pb, error, extra = m.group(2), m.group(3), int(m.group(4)), m.group(5)
    if not 1 <= int(rng) <= 6:
        raise NotationError(f"{quote(text)}: range must be 1-6")
    if not 0 <= error <= 20:
        raise NotationError(f"{quote(text)}: error number must be 0-20")
    fielding = Fielding(position, int(rng), error)
    if position is Position.C:
        if pb is None or extra is None:
            raise NotationError(f"{quote(text)}: a catcher's line gives range/passed-ball, error and arm")
        if not 1 <= int(pb) <= 6:
            raise NotationError(f"{quote(text)}: passed-ball rating must be 1-6")
        return Fielding(position, int(rng), error, arm=_bounded(extra, text, "arm"), passed_ball=int(pb))
    if pb is not None:
        raise NotationError(f"{quote(text)}: only catchers have a passed-ball rating")
    if position.is_outfield:
        if extra is None:
            raise NotationError(f"{quote(text)}: an outfielder's line ends with his arm")
        return Fielding(position, int(rng), error, arm=_bounded(extra, text, "arm"))
    if position in (Position.SECOND, Position.SHORT):
        if extra is None:
            raise NotationError(f"{quote(text)}: a middle infielder's line ends with his pivot rating")
        return Fielding(position, int(rng), error, pivot=_bounded(extra, text, "pivot"))
    if extra is not None:
        raise NotationError(f"{quote(text)}: {position} has no arm or pivot rating")
    return fielding


def _bounded(value: str, text: str, what: str) -> int:
    number = int(value)
    if not -5 <= number <= 5:
        raise NotationError(f"{quote(text)}: {what} rating must be -5 to +5")
    return number


# --- pitcher stamina -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stamina:
    """START or RELIEF line: "(36) 33 / 13" = games, tired at batters faced, pull."""

    tired: int
    pull: int
    games: int | None = None

    def __str__(self) -> str:
        games = f"({self.games}) " if self.games is not None else ""
        return f"{games}{self.tired} / {self.pull}"


def parse_stamina(text: str) -> Stamina:
    m = re.fullmatch(r"\s*(?:\((\d+)\)\s*)?(\d+)\s*/\s*(\d+)\s*", text)
    if not m:
        raise NotationError(f"{quote(text)}: a START/RELIEF line reads '(36) 33 / 13'")
    games = int(m.group(1)) if m.group(1) else None
    return Stamina(tired=int(m.group(2)), pull=int(m.group(3)), games=games)
