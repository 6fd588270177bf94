"""Inside Pitch cards as validated data.

On disk a card is a TOML table whose cells, ranges and fielding lines are
written in the cards' own notation ("S/G6", "1-12", "C - 5/2 (19) -2") and
whose ratings are integers. Loading parses every string once into the typed
values of :mod:`cards.notation`; dumping writes the same notation back, so a
card round-trips unchanged.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Literal, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    field_validator,
    model_validator,
)

from cards.notation import (
    LEFT_HAND,
    RIGHT_HAND,
    Bats,
    Fielding,
    Hand,
    HitRanges,
    NotationError,
    Out,
    PitcherCell,
    Position,
    Range,
    SplitCheck,
    SplitReading,
    Stamina,
    check_disjoint,
    format_range,
    parse_fielding,
    parse_hit_ranges,
    parse_out,
    parse_pitcher_cell,
    parse_range,
    parse_reading,
    parse_split_check,
    parse_stamina,
)

T = TypeVar("T")

# A generated set's composite cards (seasons.depth: DEPTH_ARM_ID, DEPTH_BAT_ID): the innings or at bats
# of every man its roster had no place for, pooled into one card ("BAL depth arms 1970"). No real
# player's id has "-depth-" in it (a Lahman id has no hyphen), so the id alone says it.
COMPOSITE_ID = re.compile(r"-depth-(arms|bats)(-batting|-pitching)?-\d{4}$")


def is_composite(card_id: str) -> bool:
    """Is this a generated set's composite card (many men's innings or at bats), not a real player?"""
    return COMPOSITE_ID.search(card_id) is not None


# As cards.notation.LEFT_HAND: Enum members as globals for the methods read on every pitch.
_SWITCH = Bats.SWITCH
_BATS_LEFT = Bats.LEFT


def _notation(parser: Any) -> BeforeValidator:
    """Run a notation parser on strings; typed values (already parsed) pass through."""

    def parse(value: Any) -> Any:
        if isinstance(value, str):
            return parser(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return parser(str(value))  # a bare 16 in TOML is the range "16"
        return value

    return BeforeValidator(parse)


_as_text = PlainSerializer(lambda v: "" if v is None else str(v), return_type=str)

RangeText = Annotated[Range | None, _notation(parse_range), PlainSerializer(format_range, return_type=str)]
FieldingText = Annotated[Fielding, _notation(parse_fielding), _as_text]
OutText = Annotated[Out, _notation(parse_out), _as_text]
StaminaText = Annotated[Stamina, _notation(parse_stamina), _as_text]
SplitCheckText = Annotated[SplitCheck | None, _notation(parse_split_check), _as_text]
PitcherCellText = Annotated[PitcherCell, _notation(parse_pitcher_cell), _as_text]
BatterCellText = Annotated[SplitReading, _notation(lambda s: parse_reading(s, "batter")), _as_text]
BallparkCellText = Annotated[SplitReading, _notation(lambda s: parse_reading(s, "ballpark")), _as_text]
BatterHitsText = Annotated[HitRanges, _notation(lambda s: parse_hit_ranges(s, "batter")), _as_text]
BallparkHitsText = Annotated[HitRanges, _notation(lambda s: parse_hit_ranges(s, "ballpark")), _as_text]

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=80)]


class CardModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


def _matrix(rows: list[list[T]]) -> list[list[T]]:
    if len(rows) != 6 or any(len(row) != 6 for row in rows):
        shape = ", ".join(str(len(r)) for r in rows)
        raise ValueError(f"the matrix has 6 rows of 6 cells; this one has {len(rows)} rows ({shape})")
    return rows


# --- ratings shared by several cards ------------------------------------------


class SplitRanges(CardModel):
    """A 1d20 range for each batter side (pitcher's HR?, Special K)."""

    vs_left: RangeText = None
    vs_right: RangeText = None

    def against(self, batter_side: Hand) -> Range | None:
        return self.vs_left if batter_side is LEFT_HAND else self.vs_right


class BattingRatings(CardModel):
    """K, W and HR ratings against one hand of pitcher."""

    k: int = Field(ge=0, le=20)
    w: int = Field(ge=0, le=20)
    hr: int = Field(ge=0, le=20)


class BatterStats(CardModel):
    games: int | None = Field(default=None, ge=0)
    at_bats: int | None = Field(default=None, ge=0)
    runs: int | None = Field(default=None, ge=0)
    rbi: int | None = Field(default=None, ge=0)
    home_runs: int | None = Field(default=None, ge=0)
    stolen_bases: int | None = Field(default=None, ge=0)
    average: str | None = Field(default=None, pattern=r"^[01]?\.\d{3}$")


class PitcherStats(CardModel):
    wins: int | None = Field(default=None, ge=0)
    losses: int | None = Field(default=None, ge=0)
    saves: int | None = Field(default=None, ge=0)
    era: str | None = Field(default=None, pattern=r"^\d{1,2}\.\d{2}$")
    innings: int | None = Field(default=None, ge=0)
    hits: int | None = Field(default=None, ge=0)
    strikeouts: int | None = Field(default=None, ge=0)
    walks: int | None = Field(default=None, ge=0)
    home_runs: int | None = Field(default=None, ge=0)


class BallparkStats(CardModel):
    runs_per_game: str | None = Field(default=None, pattern=r"^\d{1,2}\.\d{2}$")
    batting_average: str | None = Field(default=None, pattern=r"^[01]?\.\d{3}$")
    slugging: str | None = Field(default=None, pattern=r"^[0-3]?\.\d{3}$")
    home_runs: int | None = Field(default=None, ge=0)


class Card(CardModel):
    """Fields every card has."""

    kind: ClassVar[str]  # "batter", "pitcher" or "ballpark", as a card table names it: each card class's own
    id: Id
    name: str = Field(min_length=1)
    team: str = Field(min_length=1)
    year: int = Field(ge=1871, le=2100)
    handmade: bool = False  # true for cards Dugout made up, not from a published set
    # The player the card shows, the same across card sets (a generated card's Lahman playerID), so a
    # league follows him from one season's set to the next; without it the card's person is its id.
    person: Id | None = None

    @property
    def person_id(self) -> str:
        """Who the card shows: its ``person``, else its id."""
        return self.person or self.id


# --- batter --------------------------------------------------------------------


class Batter(Card):
    """A batter's card (IP2007 "Sample hitters card")."""

    kind: ClassVar[str] = "batter"  # as a card table names it (cards.loader)

    bats: Bats
    injury: int = Field(ge=0, le=7)
    positions: list[FieldingText]  # checked below, with a card maker's message
    matrix: list[list[BatterCellText]]
    hits_vs_lhp: BatterHitsText  # LH? (a card with one H? line gives it for both)
    hits_vs_rhp: BatterHitsText  # RH?
    vs_lhp: BattingRatings
    vs_rhp: BattingRatings
    br: int = Field(ge=0, le=6)
    bnt: int = Field(ge=0, le=5)
    att: int | Literal["N", "H"]
    sb: int = Field(ge=0, le=20)
    gdp: int = Field(ge=-3, le=6)
    sf: int = Field(ge=0, le=6)
    hbp: int = Field(ge=0, le=20)
    stats: BatterStats | None = None

    _check_matrix = field_validator("matrix")(_matrix)

    @field_validator("att", mode="before")
    @classmethod
    def _att(cls, value: Any) -> Any:
        # One message instead of one per member of the int | "N" | "H" union.
        if isinstance(value, str):
            value = value.strip()
            if value.isdigit():
                value = int(value)  # a CSV cell
        if value in ("N", "H") or (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 20):
            return value
        raise ValueError("ATT is 0-20, N (never runs) or H (hit and run only)")

    @field_validator("positions")
    @classmethod
    def _positions(cls, value: list[Fielding]) -> list[Fielding]:
        if not value:
            raise ValueError("list at least one fielding line, like 'SS - 4 (4) +1', or 'DH'")
        seen = [f.position for f in value]
        for pos in seen:
            if seen.count(pos) > 1:
                raise ValueError(f"position {pos} is listed twice")
        return value

    def cell(self, column: int, row: int) -> SplitReading:
        """The reading at the red die (column) and white die (row), both 1-6."""
        return self.matrix[row - 1][column - 1]

    def fielding(self, position: Position) -> Fielding | None:
        return next((f for f in self.positions if f.position is position), None)

    def ratings(self, pitcher: Hand) -> BattingRatings:
        return self.vs_lhp if pitcher is LEFT_HAND else self.vs_rhp

    def hit_ranges(self, pitcher: Hand) -> HitRanges:
        return self.hits_vs_lhp if pitcher is LEFT_HAND else self.hits_vs_rhp

    def side_against(self, pitcher: Hand) -> Hand:
        """Switch hitters bat from the side opposite the pitcher's arm (IP2021 "Pitcher Card")."""
        bats = self.bats
        if bats is _SWITCH:
            return RIGHT_HAND if pitcher is LEFT_HAND else LEFT_HAND
        return LEFT_HAND if bats is _BATS_LEFT else RIGHT_HAND


# --- pitcher -------------------------------------------------------------------


class SplitChecks(CardModel):
    """The ?? section: per batter side, the result (** or S1) and its 1d20 range."""

    vs_left: SplitCheckText = None
    vs_right: SplitCheckText = None

    def against(self, batter_side: Hand) -> SplitCheck | None:
        return self.vs_left if batter_side is LEFT_HAND else self.vs_right


class Pitcher(Card):
    """A pitcher's card (IP2007 "Sample pitchers card")."""

    kind: ClassVar[str] = "pitcher"  # as a card table names it (cards.loader)

    throws: Hand
    # The side he bats from with the generic pitchers' card (a generated set's, from the data);
    # left out, the generic card's own side. His own batting card ("##") has its own.
    bats: Bats | None = None
    injury: int = Field(ge=0, le=7)
    positions: list[FieldingText]  # checked below, with a card maker's message
    own_batting_card: bool = False  # "##" after the name
    # A generated set's depth arm: the innings of many men pooled into one card (seasons.depth),
    # who never rests and takes the auto-manager's early and middle relief (Dugout's rule).
    depth_arm: bool = False
    start: StaminaText | None = None
    relief: StaminaText | None = None
    hbp: int = Field(ge=-10, le=10)
    outs: list[OutText]  # the ** line, columns 1-6
    matrix: list[list[PitcherCellText]]
    home_run_ranges: SplitRanges = SplitRanges()  # HR? LHB / RHB
    split_checks: SplitChecks = SplitChecks()  # ?? LHB / RHB
    special_k: SplitRanges = SplitRanges()
    wild_pitch: RangeText = None  # WP
    passed_ball: RangeText = None  # PB?
    hold: int = Field(ge=-10, le=10)  # HLD, left of the / in the SB cell
    steal: int = Field(ge=-10, le=10)  # SB, right of the /
    gdp: int = Field(ge=-3, le=6)
    balk: RangeText = None  # BK
    pickoff: RangeText = None  # PO
    pickoff_error: RangeText = None  # POE
    stats: PitcherStats | None = None

    _check_matrix = field_validator("matrix")(_matrix)

    @field_validator("outs")
    @classmethod
    def _six_outs(cls, value: list[Out]) -> list[Out]:
        if len(value) != 6:
            raise ValueError(f"the ** line has 6 outs; this one has {len(value)}")
        return value

    @field_validator("positions")
    @classmethod
    def _pitches(cls, value: list[Fielding]) -> list[Fielding]:
        if not any(f.position is Position.P for f in value):
            raise ValueError("a pitcher's card lists P among its positions")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Pitcher:
        if self.start is None and self.relief is None:
            raise ValueError("a pitcher needs a START or a RELIEF line")
        try:
            check_disjoint([("WP", self.wild_pitch), ("PB?", self.passed_ball)])
            check_disjoint([("BK", self.balk), ("PO", self.pickoff), ("POE", self.pickoff_error)])
        except NotationError as exc:
            raise ValueError(str(exc)) from None
        return self

    def cell(self, column: int, row: int) -> PitcherCell:
        """The reading at the red die (column) and white die (row), both 1-6."""
        return self.matrix[row - 1][column - 1]

    def fielding(self) -> Fielding:
        return next(f for f in self.positions if f.position is Position.P)


# --- ballpark ------------------------------------------------------------------


class BallparkAdjustments(CardModel):
    k: int = Field(ge=-10, le=10)
    w: int = Field(ge=-10, le=10)
    hr: int = Field(ge=-10, le=10)


class Ballpark(Card):
    """A ballpark card (IP2007 "Sample ballpark card")."""

    kind: ClassVar[str] = "ballpark"  # as a card table names it (cards.loader)

    hit_ranges: BallparkHitsText  # H?
    matrix: list[list[BallparkCellText]]
    adjustments: BallparkAdjustments
    stats: BallparkStats | None = None

    _check_matrix = field_validator("matrix")(_matrix)

    def cell(self, column: int, row: int) -> SplitReading:
        return self.matrix[row - 1][column - 1]


AnyCard = Batter | Pitcher | Ballpark
