"""Reading the cards: pitcher card, then batter or ballpark card, to a result.

Follows IP2021 "Pitcher Card", "Batter Card" and "Ballpark Card" (IP2007 §2-4).
The result is what the cards say before fielders get involved; range plays,
error checks, Special K and runner advancement come after (see ``plays``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cards.notation import (
    Hand,
    Hit,
    HitKind,
    HitRangeKind,
    HomeRunChance,
    HomeRunField,
    Out,
    OutKind,
    PitcherOutRef,
    PitcherResult,
    RarePlay,
    Reading,
    SplitHit,
    StretchSingle,
    Strikeout,
    Walk,
)
from engine.events import Reading as ReadingEvent
from engine.events import shared_reading
from engine.frozen import quick_init

if TYPE_CHECKING:
    from cards.models import Batter, Pitcher
    from engine.inside_pitch.cards import IPGame


@quick_init
@dataclass(frozen=True, slots=True)
class Ball:
    """A batted ball as the cards give it: kind S D T H G P F L or S+ (stretch), and the fielder."""

    kind: str
    fielder: int
    source: str  # "batter", "ballpark" or "pitcher" (** line, S1)
    home_run_chance: bool = False  # a failed [HR] fly: the range play makes it a double (IP2021 [HR8])
    # Set by range, error and rare plays (``fielding``, ``rare``) for the hit and out rules:
    # advance: every runner moves exactly this many bases and the batter takes the hit's
    # bases, with no extra-base tries or throws (a D3/D5 off a range play, a pop-up that
    # drops for a single: 1 base, 2 with two out). ``bases.advance_exactly`` plays it.
    advance: int | None = None
    # caught_at_wall: an [HR] fly run down on RP@; the runners on second and third each
    # move up one base, with no throw (IP2021 "[HR8], [HRo], [HRp]").
    caught_at_wall: bool = False
    # throw_error_check: ET? on a hit or fly out to the outfield (error type #8). A throw
    # the play draws from the outfielder is checked for an error (``throws.make_throw``).
    throw_error_check: bool = False
    # foul: the catcher's pop-up off a range play is a foul ball (IP2021 range chart):
    # the at bat goes on; ``fielding.foul_ball(g, ab, batter)`` plays it.
    foul: bool = False

    @property
    def is_hit(self) -> bool:
        return self.kind in ("S", "D", "T", "H", "S+")

    @property
    def notation(self) -> str:
        return f"S+{self.fielder}" if self.kind == "S+" else f"{self.kind}{self.fielder}"


@quick_init
@dataclass(frozen=True, slots=True)
class Direct:
    """A result that needs no fielder: K, W, HBP, HR (from a rating check or an H cell)."""

    kind: str  # "K", "W", "HBP", "HR"
    notation: str
    # Which card it was read off: "pitcher" (a rating check), "batter" or "ballpark" (a W or
    # K cell). Special K may turn a W read off the batter or ballpark card into a K.
    source: str = "pitcher"


@dataclass(frozen=True, slots=True)
class Rare:
    """A blank ballpark cell: the rare play charts."""


@quick_init
@dataclass(frozen=True, slots=True)
class Triggers:
    """What the pitcher card turned on for the rest of the at bat."""

    range_play: bool = False
    error: PitcherResult | None = None  # E?, ET? or EG?
    tired_reading: bool = False  # (??), (S1) or K(W) read while tired (IP2021 "Exhausted")


CardResult = Ball | Direct | Rare
NO_TRIGGERS = Triggers()


@dataclass(slots=True)
class AtBat:
    """Who is facing whom, with the numbers the checks need."""

    batter: Batter
    pitcher: Pitcher
    batter_side: Hand
    tired: bool
    runners_on: bool
    park_k: int
    park_w: int
    park_hr: int
    k_scale: float = 1.0  # sacrifice bunts halve the K rating (IP2021 "Sacrifice bunt"; ``bunts``)
    # The offense called the hit and run (IP2021 "Hit and run"; IP2007 §12.2): the batter's
    # HR and W ratings are halved, GDP -2 and the runners' BR +2 on the plays that use them,
    # every line out doubles up a runner, and a strikeout sends the runner from first.
    hit_and_run: bool = False

    @property
    def pitcher_hand(self) -> Hand:
        return self.pitcher.throws


# The letter of each batted-ball kind as a plain str, for ``Ball.kind`` (a dict is
# quicker than Enum.value, and the cards' readings are turned into balls on every play).
KIND_LETTER: dict[HitKind | OutKind, str] = {kind: kind.value for kind in (*HitKind, *OutKind)}

FIELD_FOR_SIDE = {
    (HomeRunField.PULL, Hand.RIGHT): 7,
    (HomeRunField.PULL, Hand.LEFT): 9,
    (HomeRunField.OPPOSITE, Hand.RIGHT): 9,
    (HomeRunField.OPPOSITE, Hand.LEFT): 7,
}


def halved_on_hit_and_run(ab: AtBat, rating: int) -> int:
    """IP2021 "Hit and run" (IP2007 §12.2): the batter's HR and W ratings are cut in half, rounded down."""
    return rating // 2 if ab.hit_and_run else rating


def home_run_check(g: IPGame, ab: AtBat, why: str) -> bool:
    """1d20 against the batter's HR rating plus the park's HR adjustment (IP2021 "HR")."""
    rating = halved_on_hit_and_run(ab, ab.batter.ratings(ab.pitcher_hand).hr)
    return g.check(f"HR ({why})", rating, [("ballpark HR", ab.park_hr)] if ab.park_hr else [])


def strikeout_check(g: IPGame, ab: AtBat, plus: bool) -> bool:
    """IP2021 "K", "K+": 1d20 against the batter's K rating (times ``k_scale``), the park's K, +10 on K+."""
    mods = [("ballpark K", ab.park_k)] if ab.park_k else []
    if plus:
        mods.append(("K+", 10))
    rating = int(ab.batter.ratings(ab.pitcher_hand).k * ab.k_scale)
    return g.check("K", rating, mods)


def walk_check(g: IPGame, ab: AtBat, plus: bool) -> bool:
    """IP2021 "W", "W+": 1d20 against the batter's W rating, the park's W, +10 on W+."""
    mods = [("ballpark W", ab.park_w)] if ab.park_w else []
    if plus:
        mods.append(("W+", 10))
    return g.check("W", halved_on_hit_and_run(ab, ab.batter.ratings(ab.pitcher_hand).w), mods)


def hit_by_pitch_check(g: IPGame, ab: AtBat) -> bool:
    """IP2021 "HBP": 1d20 against batter HBP + pitcher HBP; no chance (and no roll) when the sum is under 1."""
    batter, pitcher = ab.batter, ab.pitcher
    return batter.hbp + pitcher.hbp >= 1 and g.check("HBP", batter.hbp, [("pitcher HBP", pitcher.hbp)])


class _PitcherResults:
    """``PitcherResult``'s members as plain class attributes, for ``pitcher_result``.

    Python 3.11 reads an Enum's members several times slower than a plain class's
    attributes, and ``pitcher_result`` compares against a dozen of them on every pitch.
    """

    BLANK = PitcherResult.BLANK
    SINGLE = PitcherResult.SINGLE
    TIRED_SINGLE = PitcherResult.TIRED_SINGLE
    AUTO_OUT = PitcherResult.AUTO_OUT
    WILD = PitcherResult.WILD
    SPLIT_CHECK = PitcherResult.SPLIT_CHECK
    BALLPARK = PitcherResult.BALLPARK
    ERROR = PitcherResult.ERROR
    THROWING_ERROR = PitcherResult.THROWING_ERROR
    GROUND_ERROR = PitcherResult.GROUND_ERROR
    HIT_BY_PITCH = PitcherResult.HIT_BY_PITCH
    STRIKEOUT = PitcherResult.STRIKEOUT
    STRIKEOUT_PLUS = PitcherResult.STRIKEOUT_PLUS
    WALK = PitcherResult.WALK
    WALK_PLUS = PitcherResult.WALK_PLUS
    STRIKEOUT_OR_WALK = PitcherResult.STRIKEOUT_OR_WALK
    HOME_RUN = PitcherResult.HOME_RUN
    HOME_RUN_RANGE = PitcherResult.HOME_RUN_RANGE
    RANGE_PLAY = PitcherResult.RANGE_PLAY
    RANGE_PLAY_BALLPARK = PitcherResult.RANGE_PLAY_BALLPARK


# What a pitcher-card cell's reading event says ("blank" for a blank cell).
_CELL_TEXT = {result: str(result) or "blank" for result in PitcherResult}
# A card cell's name in a reading event, "red-white", by the two dice.
_CELL = tuple(tuple(f"{red}-{white}" for white in range(7)) for red in range(7))


def read_pitcher_card(g: IPGame, ab: AtBat) -> tuple[CardResult, Triggers] | None:
    """One roll on the pitcher's card. None means a foul ball: roll again (WLD)."""
    red, white = g.two_d6("pitcher card")
    result = ab.pitcher.cell(red, white).against(ab.batter_side)
    g.emit(shared_reading("pitcher", ab.pitcher.name, _CELL[red][white], _CELL_TEXT[result]))
    return pitcher_result(g, ab, result)


def pitcher_result(g: IPGame, ab: AtBat, result: PitcherResult) -> tuple[CardResult, Triggers] | None:
    pr = _PitcherResults
    pitcher = ab.pitcher
    blank = NO_TRIGGERS
    if result is pr.BLANK:
        return read_batter_card(g, ab), blank
    if result is pr.SINGLE:
        return Ball("S", 1, "pitcher"), blank
    if result is pr.TIRED_SINGLE:  # IP2021 "(S1)"
        if ab.tired:
            return Ball("S", 1, "pitcher"), Triggers(tired_reading=True)
        return read_batter_card(g, ab), blank
    if result is pr.AUTO_OUT:  # IP2021 "**": the ** line, no Special K
        return auto_out(g, ab), blank
    if result is pr.WILD:
        return None  # the caller plays the wild pitch / passed ball and rolls again
    if result is pr.SPLIT_CHECK:  # IP2021 "(??)"
        split = pitcher.split_checks.against(ab.batter_side)
        triggers = Triggers(tired_reading=ab.tired)
        if split is not None and split.range is not None:
            roll = g.d20("?? range")
            if roll in split.range:
                if split.result is pr.AUTO_OUT:
                    return auto_out(g, ab), triggers
                return Ball("S", 1, "pitcher"), triggers
        return read_batter_card(g, ab), triggers
    if result is pr.BALLPARK:
        return read_ballpark_card(g, ab), blank
    if result in (pr.ERROR, pr.THROWING_ERROR, pr.GROUND_ERROR):
        return read_batter_card(g, ab), Triggers(error=result)
    if result is pr.HIT_BY_PITCH:
        if hit_by_pitch_check(g, ab):
            return Direct("HBP", "HBP"), blank
        return read_batter_card(g, ab), blank
    if result in (pr.STRIKEOUT, pr.STRIKEOUT_PLUS) or (result is pr.STRIKEOUT_OR_WALK and not ab.tired):
        triggers = NO_TRIGGERS  # K and K+ are no tired readings, nor K(W) unless he is tired
        if strikeout_check(g, ab, plus=result is pr.STRIKEOUT_PLUS):
            return Direct("K", "K"), triggers
        return read_batter_card(g, ab), triggers
    if result in (pr.WALK, pr.WALK_PLUS, pr.STRIKEOUT_OR_WALK):
        triggers = Triggers(tired_reading=result is pr.STRIKEOUT_OR_WALK)
        if walk_check(g, ab, plus=result is pr.WALK_PLUS):
            return Direct("W", "W"), triggers
        return read_batter_card(g, ab), triggers
    if result is pr.HOME_RUN:
        if home_run_check(g, ab, "pitcher card"):
            return Direct("HR", "HR"), blank
        return read_batter_card(g, ab), blank
    if result is pr.HOME_RUN_RANGE:  # IP2021 "HR?": the park does not move this range
        rng = pitcher.home_run_ranges.against(ab.batter_side)
        if rng is not None:
            roll = g.d20("HR? range")
            if roll in rng and home_run_check(g, ab, "HR?"):
                return Direct("HR", "HR"), blank
        return read_batter_card(g, ab), blank
    if result is pr.RANGE_PLAY:
        return read_batter_card(g, ab), Triggers(range_play=True)
    if result is pr.RANGE_PLAY_BALLPARK:
        return read_ballpark_card(g, ab), Triggers(range_play=True)
    raise AssertionError(f"unhandled pitcher result {result}")


def auto_out(g: IPGame, ab: AtBat) -> Ball:
    column = g.d6("** line")
    out = ab.pitcher.outs[column - 1]
    g.emit(ReadingEvent("** line", ab.pitcher.name, str(column), str(out)))
    return Ball(KIND_LETTER[out.kind], out.fielder, "pitcher")


def _from_reading(g: IPGame, ab: AtBat, reading: Reading, source: str) -> CardResult:
    if isinstance(reading, Walk):
        return Direct("W", "W", source)
    if isinstance(reading, Strikeout):
        return Direct("K", "K", source)
    if isinstance(reading, Hit):
        if reading.kind is HitKind.HOME_RUN:
            return Direct("HR", str(reading))  # H on a card is automatic (IP2021 "S, D, T, H")
        return Ball(KIND_LETTER[reading.kind], reading.fielder or 1, source)
    if isinstance(reading, Out):
        return Ball(KIND_LETTER[reading.kind], reading.fielder, source)
    if isinstance(reading, PitcherOutRef):  # IP2021 "**1 … **6": a reference, not an automatic out
        out = ab.pitcher.outs[reading.column - 1]
        g.emit(ReadingEvent("** line", ab.pitcher.name, str(reading.column), str(out)))
        return Ball(KIND_LETTER[out.kind], out.fielder, source)
    if isinstance(reading, SplitHit):
        return split_hit(g, ab, reading.field, source)
    if isinstance(reading, StretchSingle):
        return Ball("S+", reading.field, source)
    if isinstance(reading, HomeRunChance):
        field = _home_run_field(reading.field, ab.batter_side)
        if home_run_check(g, ab, str(reading)):
            return Direct("HR", f"HR{field}")
        return Ball("F", field, source, home_run_chance=True)
    if isinstance(reading, RarePlay):
        return Rare()
    raise AssertionError(f"unhandled reading {reading!r}")


def _home_run_field(field: HomeRunField, side: Hand) -> int:
    if field in (HomeRunField.PULL, HomeRunField.OPPOSITE):
        return FIELD_FOR_SIDE[(field, side)]
    return int(field.value)


def split_hit(g: IPGame, ab: AtBat, field: int, source: str) -> CardResult:
    """?7-?9: 1d20 against the hit ranges; outside all of them a fly out (IP2021 "?7, ?8, ?9")."""
    if source == "ballpark":
        ranges = g.setup.ballpark.hit_ranges
        owner = g.setup.ballpark.name
    else:
        ranges = ab.batter.hit_ranges(ab.pitcher_hand)
        owner = ab.batter.name
    roll = g.d20(f"?{field} hit range")
    kind = ranges.lookup(roll)
    g.emit(
        ReadingEvent("H?" if source == "ballpark" else "LH?/RH?", owner, str(roll), kind.value if kind else "fly out")
    )
    if kind is None:
        return Ball("F", field, source)
    if kind is HitRangeKind.HOME_RUN:
        return Direct("HR", f"HR{field}")
    if kind is HitRangeKind.HOME_RUN_CHANCE:
        if home_run_check(g, ab, f"?{field} [HR]"):
            return Direct("HR", f"HR{field}")
        return Ball("F", field, source, home_run_chance=True)
    return Ball(kind.value, field, source)


def read_batter_card(g: IPGame, ab: AtBat) -> CardResult:
    red, white = g.two_d6("batter card")
    reading = ab.batter.cell(red, white).against(ab.pitcher_hand)
    g.emit(shared_reading("batter", ab.batter.name, _CELL[red][white], str(reading)))
    return _from_reading(g, ab, reading, "batter")


def read_ballpark_card(g: IPGame, ab: AtBat) -> CardResult:
    park = g.setup.ballpark
    red, white = g.two_d6("ballpark card")
    reading = park.cell(red, white).vs_left
    g.emit(shared_reading("ballpark", park.name, _CELL[red][white], str(reading) or "blank"))
    return _from_reading(g, ab, reading, "ballpark")
