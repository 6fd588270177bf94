"""Deep Drive cards as validated data (DDB "Cards").

A card file writes every value in the card's own notation ("60-75", "rare 4", "C 4 PB:B T-1", "3B+",
"STARTER (4*)", "3/5"); loading parses each string once into :mod:`cards.deep_drive.notation` values
and dumping writes the same text back. Messages name the field, so the loader can add the file and card.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, PlainSerializer, field_validator, model_validator

from cards.deep_drive.notation import (
    DEEP_DRIVE_CODES,
    GRADES,
    ON_BASE_CODES,
    OUT_CODES,
    PLAY_CODES,
    Chance,
    Endurance,
    Fielding,
    Percentile,
    Run,
    Steal,
    Usage,
    parse_chance,
    parse_endurance,
    parse_fielding,
    parse_percentile,
    parse_steal,
    parse_usage,
)
from cards.models import BatterStats, Card, PitcherStats
from cards.notation import LEFT_HAND, RIGHT_HAND, Bats, Hand, Position, quote

RULESET = "deep-drive"


def _notation(parser: Any) -> BeforeValidator:
    def parse(value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            value = f"{value:02d}" if parser is parse_percentile or parser is parse_chance else str(value)
        return parser(value) if isinstance(value, str) else value

    return BeforeValidator(parse)


_as_text = PlainSerializer(str, return_type=str)

ChanceText = Annotated[Chance, _notation(parse_chance), _as_text]
PercentileText = Annotated[Percentile, _notation(parse_percentile), _as_text]
FieldingText = Annotated[Fielding, _notation(parse_fielding), _as_text]
StealText = Annotated[Steal, _notation(parse_steal), _as_text]
UsageText = Annotated[Usage, _notation(parse_usage), _as_text]
EnduranceText = Annotated[Endurance, _notation(parse_endurance), _as_text]
Grade = Literal["A", "B", "C", "D", "F"]
InjuryGrade = Literal["AA", "A", "B", "C", "D", "F"]


def _check_chances(chances: dict[str, Chance], low: int) -> dict[str, Chance]:
    """Every result is a play code; the numbered ones cover low..low+49 once each (DDB "Reading the Results")."""
    unknown = [code for code in chances if code not in PLAY_CODES]
    if unknown:
        raise ValueError(f"{', '.join(unknown)} is not a result; a card's results are {', '.join(PLAY_CODES)}")
    taken: dict[int, str] = {}
    for code, chance in chances.items():
        if chance.numbers is None:
            continue
        for roll in range(chance.numbers.low, chance.numbers.high + 1):
            if not low <= roll <= low + 49:
                raise ValueError(f"{code} {chance}: this card's numbers run {low:02d}-{low + 49:02d}")
            if roll in taken:
                raise ValueError(f"{code} {chance} and {taken[roll]} both have {roll:02d}")
            taken[roll] = code
    missing = [roll for roll in range(low, low + 50) if roll not in taken]
    if missing:
        shown = ", ".join(f"{r:02d}" for r in missing[:5])
        raise ValueError(f"no result has {shown}; each of the 50 numbers needs one")
    return chances


def _check_outs(outs: list[str]) -> list[str]:
    """The OUTS section: one out code for each mod die 0-9 (DDB "Outs Chart")."""
    if len(outs) != 10:
        raise ValueError(f"OUTS has one out code for each mod die 0-9: 10 codes, not {len(outs)}")
    for mod, code in enumerate(outs):
        if code not in OUT_CODES:
            raise ValueError(f"OUTS {mod}: {quote(code)} is not an out code of the Outs Chart")
    return outs


def _check_positions(value: list[Fielding]) -> list[Fielding]:
    if not value:
        raise ValueError("list at least one position, like 'SS 3', 'C 4 PB:B T-1' or 'DH'")
    seen = [f.position for f in value]
    for pos in seen:
        if seen.count(pos) > 1:
            raise ValueError(f"position {pos} is listed twice")
    return value


class DeepDriveCard(Card):
    """What both kinds of Deep Drive card have: the 50 numbers, OUTS, positions, injury."""

    injury: InjuryGrade
    positions: list[FieldingText]
    chances: dict[str, ChanceText]
    outs: list[str]

    _check_outs = field_validator("outs")(_check_outs)
    _check_positions = field_validator("positions")(_check_positions)

    # The first of the card's 50 numbers: 0 for batters, 50 for pitchers.
    low: ClassVar[int] = 0

    def reading(self, roll: int) -> str:
        """The play code at a red-and-white reading on this card's half."""
        for code, chance in self.chances.items():
            if chance.numbers is not None and roll in chance.numbers:
                return code
        raise ValueError(f"{roll:02d} is not on {self.name}'s card")

    def chance(self, code: str) -> Chance | None:
        return self.chances.get(code)

    def out(self, mod: int) -> str:
        """The OUTS section's code at the mod die."""
        return self.outs[mod]

    def fielding(self, position: Position) -> Fielding | None:
        return next((f for f in self.positions if f.position is position), None)


class Batter(DeepDriveCard):
    """A Deep Drive batter card: 00-49, DEEP DRIVE, STEAL and RUN."""

    kind: ClassVar[str] = "batter"  # as a card table names it (cards.loader)

    bats: Bats
    deep_drive: dict[str, PercentileText]
    steal: StealText = Steal(0, "F")
    run: Run = Run.AVERAGE
    stats: BatterStats | None = None

    @field_validator("chances")
    @classmethod
    def _chances(cls, value: dict[str, Chance]) -> dict[str, Chance]:
        return _check_chances(value, 0)

    @field_validator("deep_drive")
    @classmethod
    def _deep_drive(cls, value: dict[str, Percentile]) -> dict[str, Percentile]:
        """HR, TR, DO then one deep fly out, in that order, covering 00-99 (the outfielders' rules read
        the section's edges: DDB "Outfielders and Deep Drives")."""
        unknown = [code for code in value if code not in DEEP_DRIVE_CODES]
        if unknown:
            raise ValueError(f"{', '.join(unknown)} is not a DEEP DRIVE reading ({', '.join(DEEP_DRIVE_CODES)})")
        flies = [code for code in value if code.startswith("F")]
        if len(flies) != 1:
            raise ValueError("DEEP DRIVE has one deep fly out (F7d, F8d or F9d)")
        order = sorted(value, key=DEEP_DRIVE_CODES.index)
        expected = 0
        for code in order:
            numbers = value[code]
            if numbers.low != expected:
                raise ValueError(f"DEEP DRIVE {code} {numbers}: should start at {expected:02d} (HR, TR, DO, fly)")
            expected = numbers.high + 1
        if expected != 100:
            raise ValueError(f"DEEP DRIVE ends at {expected - 1:02d}; it covers 00-99")
        return value

    def on_base_numbers(self) -> int:
        """How many of his 50 numbers put him on base or send the ball deep (DD, SI+, SI, BB, HBP)."""
        return sum(len(c.numbers) for code, c in self.chances.items() if code in ON_BASE_CODES and c.numbers)

    def deep(self, roll: int) -> str:
        """The DEEP DRIVE reading at a red-and-white roll."""
        for code, numbers in self.deep_drive.items():
            if roll in numbers:
                return code
        raise ValueError(f"{roll:02d} is not in {self.name}'s DEEP DRIVE section")

    @property
    def deep_fly(self) -> str:
        """His deep fly out (F7d, F8d or F9d)."""
        return next(code for code in self.deep_drive if code.startswith("F"))

    def deep_range(self, code: str) -> Percentile | None:
        return self.deep_drive.get(code)

    def side_against(self, pitcher: Hand) -> Hand:
        """Switch hitters bat from the side opposite the pitcher's arm."""
        if self.bats is Bats.SWITCH:
            return RIGHT_HAND if pitcher is LEFT_HAND else LEFT_HAND
        return LEFT_HAND if self.bats is Bats.LEFT else RIGHT_HAND


class Pitcher(DeepDriveCard):
    """A Deep Drive pitcher card: 50-99, Usage, Endurance, WP, BK, PO."""

    kind: ClassVar[str] = "pitcher"  # as a card table names it (cards.loader)

    throws: Hand
    # The side he bats from with the generic "Pitcher At Bat" card (a generated set's, from the data);
    # left out, the generic card's own side. His own batting card has its own.
    bats: Bats | None = None
    usage: UsageText
    endurance: EnduranceText
    wp: Grade
    bk: Grade
    po: Grade
    stats: PitcherStats | None = None
    # True: the batter card of his name, team and year is a two-way player's own (a generated season's
    # batter who also pitched, e.g. a DH), signed as a batter; he bats with the generic card when he pitches.
    two_way: bool = False
    low: ClassVar[int] = 50

    @field_validator("chances")
    @classmethod
    def _chances(cls, value: dict[str, Chance]) -> dict[str, Chance]:
        return _check_chances(value, 50)

    @model_validator(mode="after")
    def _pitches(self) -> Pitcher:
        if self.fielding(Position.P) is None:
            raise ValueError("a pitcher card lists P with his defense, like 'P 3' or 'P 3 H-1'")
        return self

    @property
    def holding(self) -> int:
        """H: added to a base stealer's STEAL (DDB "Cards")."""
        line = self.fielding(Position.P)
        return line.holding or 0 if line else 0

    def endurance_as(self, starting: bool) -> int:
        """The number he enters with: the one after the slash when a reliever starts (DDB "Pitcher Endurance")."""
        if starting and self.endurance.start is not None:
            return self.endurance.start
        return self.endurance.relief


class Ballpark(Card):
    """A ballpark: Deep Drive reads parks on the Season Handbook's Ballpark Effects chart, by id."""

    kind: ClassVar[str] = "ballpark"  # as a card table names it (cards.loader)

    ruleset: Literal["deep-drive"] = "deep-drive"


__all__ = ["GRADES", "RULESET", "Ballpark", "Batter", "DeepDriveCard", "Pitcher"]
