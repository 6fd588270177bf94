"""Exact odds of one plate appearance with the bases empty, by enumerating the dice.

The cards are read in the order :mod:`engine.inside_pitch.reading` reads them (IP2021
"Pitcher Card", "Batter Card", "Ballpark Card"; IP2007 §2-4): 2d6 on the pitcher's card,
the cell for the batter's side, a 1d20 check against the batter's K, W, HR or HBP with the
park's adjustments, and on a blank or a failed check 2d6 on the batter's card (or on the
ballpark card for @ and RP@), with its split hit ranges (IP2021 "?7, ?8, ?9"), [HR] checks
and ** references. A WLD cell with the bases empty is a foul ball (IP2021 "WLD"): the card
is read again, so the odds are conditioned on the other 35 cells' results.

Everything is a :class:`fractions.Fraction`: no sampling. The checks themselves are the
engine's (``reading.strikeout_check`` ...): a check succeeds on a 1d20 roll at or under the
rating plus modifiers, so it succeeds with probability clamp(target, 0, 20) / 20.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from cards.notation import (
    Hand,
    Hit,
    HitKind,
    HitRangeKind,
    HitRanges,
    HomeRunChance,
    Out,
    PitcherOutRef,
    PitcherResult,
    RarePlay,
    Reading,
    SplitHit,
    StretchSingle,
    Strikeout,
    Walk,
)
from engine.inside_pitch.reading import KIND_LETTER, _home_run_field

if TYPE_CHECKING:
    from cards.models import Ballpark, Batter, Pitcher


class Outcome(NamedTuple):
    """One result of the cards, as :mod:`reading` gives it (a ``Ball``, ``Direct`` or ``Rare``).

    ``kind``: K W HBP HR S D T S+ G F L P, or RARE (a blank ballpark cell). ``fielder``: the
    fielder's number for a ball (0 for the others). ``card``: the card whose 2d6 roll decided
    it ("pitcher" for a check, S1 or **, else "batter" or "ballpark"). ``trigger``: what the
    pitcher's cell turned on: "", "E?", "ET?", "EG?", "RP" or "RP@". ``home_run_chance``: a
    failed [HR] fly (IP2021 [HR8]).
    """

    kind: str
    fielder: int = 0
    card: str = "pitcher"
    trigger: str = ""
    home_run_chance: bool = False


Dist = dict[Outcome, Fraction]

HITS = ("S", "S+", "D", "T", "HR")
ONE = Fraction(1)
_TWENTIETH = [Fraction(n, 20) for n in range(21)]
_CELL = Fraction(1, 36)


def chance(target: int) -> Fraction:
    """A 1d20 check at or under ``target`` (rating plus modifiers)."""
    return _TWENTIETH[min(20, max(0, target))]


@dataclass
class Odds:
    """The probability of every :class:`Outcome` of one plate appearance (they sum to 1)."""

    outcomes: Dist = field(default_factory=dict)

    def of(self, *kinds: str) -> Fraction:
        """The probability of any of ``kinds`` ("S+" counts under "S+" only; see :meth:`category`)."""
        return sum((p for o, p in self.outcomes.items() if o.kind in kinds), Fraction(0))

    def category(self, name: str) -> Fraction:
        """A box-score category: 1B (S and S+), 2B, 3B, HR, BB, HBP, K, OUT (every ball caught), RARE."""
        return self.of(*_CATEGORY[name])

    def categories(self) -> dict[str, Fraction]:
        return {name: self.category(name) for name in _CATEGORY}

    def with_trigger(self, trigger: str) -> Fraction:
        return sum((p for o, p in self.outcomes.items() if o.trigger == trigger), Fraction(0))

    def from_card(self, card: str) -> Fraction:
        return sum((p for o, p in self.outcomes.items() if o.card == card), Fraction(0))


_CATEGORY = {
    "1B": ("S", "S+"),
    "2B": ("D",),
    "3B": ("T",),
    "HR": ("HR",),
    "BB": ("W",),
    "HBP": ("HBP",),
    "K": ("K",),
    "OUT": ("G", "F", "L", "P"),
    "RARE": ("RARE",),
}


@dataclass(frozen=True)
class _Matchup:
    pitcher: Pitcher
    batter: Batter
    park: Ballpark
    side: Hand
    hand: Hand
    tired: bool


def _add(into: Dist, dist: Dist, weight: Fraction, trigger: str = "") -> None:
    for outcome, p in dist.items():
        if trigger:
            outcome = outcome._replace(trigger=trigger)
        into[outcome] = into.get(outcome, Fraction(0)) + p * weight


def _reading(m: _Matchup, reading: Reading, card: str) -> Dist:
    """One batter- or ballpark-card reading (``reading._from_reading``)."""
    if isinstance(reading, Walk):
        return {Outcome("W", 0, card): ONE}
    if isinstance(reading, Strikeout):
        return {Outcome("K", 0, card): ONE}
    if isinstance(reading, Hit):
        if reading.kind is HitKind.HOME_RUN:
            return {Outcome("HR", 0, card): ONE}
        return {Outcome(KIND_LETTER[reading.kind], reading.fielder or 1, card): ONE}
    if isinstance(reading, Out):
        return {Outcome(KIND_LETTER[reading.kind], reading.fielder, card): ONE}
    if isinstance(reading, PitcherOutRef):
        out = m.pitcher.outs[reading.column - 1]
        return {Outcome(KIND_LETTER[out.kind], out.fielder, card): ONE}
    if isinstance(reading, SplitHit):
        ranges = m.park.hit_ranges if card == "ballpark" else m.batter.hit_ranges(m.hand)
        return _split_hit(m, ranges, reading.field, card)
    if isinstance(reading, StretchSingle):
        return {Outcome("S+", reading.field, card): ONE}
    if isinstance(reading, HomeRunChance):
        return _home_run_chance(m, _home_run_field(reading.field, m.side), card)
    if isinstance(reading, RarePlay):
        return {Outcome("RARE", 0, card): ONE}
    raise AssertionError(f"unhandled reading {reading!r}")


def _home_run_chance(m: _Matchup, field: int, card: str) -> Dist:
    hr = _hr_check(m)
    return _clean({Outcome("HR", 0, card): hr, Outcome("F", field, card, home_run_chance=True): ONE - hr})


def _hr_check(m: _Matchup) -> Fraction:
    return chance(m.batter.ratings(m.hand).hr + m.park.adjustments.hr)


def _split_hit(m: _Matchup, ranges: HitRanges, field: int, card: str) -> Dist:
    """IP2021 "?7, ?8, ?9": 1d20 on the hit ranges, a fly out outside them."""
    dist: Dist = {}
    covered = 0
    for kind, rng in ranges.entries:
        width = rng.high - rng.low + 1
        covered += width
        w = Fraction(width, 20)
        if kind is HitRangeKind.HOME_RUN:
            _add(dist, {Outcome("HR", 0, card): ONE}, w)
        elif kind is HitRangeKind.HOME_RUN_CHANCE:
            _add(dist, _home_run_chance(m, field, card), w)
        else:
            _add(dist, {Outcome(kind.value, field, card): ONE}, w)
    if covered < 20:
        _add(dist, {Outcome("F", field, card): ONE}, Fraction(20 - covered, 20))
    return _clean(dist)


def _clean(dist: Dist) -> Dist:
    return {o: p for o, p in dist.items() if p}


def batter_card_odds(m: _Matchup) -> Dist:
    """2d6 on the batter's card, the cell read against the pitcher's hand (IP2021 "Batter Card")."""
    dist: Dist = {}
    for row in m.batter.matrix:
        for cell in row:
            _add(dist, _reading(m, cell.against(m.hand), "batter"), _CELL)
    return dist


def ballpark_card_odds(m: _Matchup) -> Dist:
    """2d6 on the ballpark card (IP2021 "Ballpark Card"): ballpark cells are never split."""
    dist: Dist = {}
    for row in m.park.matrix:
        for cell in row:
            _add(dist, _reading(m, cell.vs_left, "ballpark"), _CELL)
    return dist


def _pitcher_cell(m: _Matchup, result: PitcherResult, card: Dist, park: Dist) -> Dist | None:
    """One pitcher-card cell (``reading.pitcher_result``); None for WLD."""
    pr = PitcherResult
    batter, pitcher = m.batter, m.pitcher
    adj = m.park.adjustments
    ratings = batter.ratings(m.hand)
    if result is pr.WILD:
        return None
    if result in (pr.BLANK, pr.ERROR, pr.THROWING_ERROR, pr.GROUND_ERROR, pr.RANGE_PLAY):
        trigger = "" if result is pr.BLANK else ("RP" if result is pr.RANGE_PLAY else str(result))
        out: Dist = {}
        _add(out, card, ONE, trigger)
        return out
    if result is pr.SINGLE:
        return {Outcome("S", 1): ONE}
    if result is pr.TIRED_SINGLE:
        return {Outcome("S", 1): ONE} if m.tired else card
    if result is pr.AUTO_OUT:
        return _auto_out(pitcher)
    if result is pr.SPLIT_CHECK:
        split = pitcher.split_checks.against(m.side)
        if split is None or split.range is None:
            return card
        w = Fraction(split.range.high - split.range.low + 1, 20)
        hit: Dist = _auto_out(pitcher) if split.result is pr.AUTO_OUT else {Outcome("S", 1): ONE}
        return _mix(hit, w, card)
    if result is pr.BALLPARK:
        return park
    if result is pr.RANGE_PLAY_BALLPARK:
        out = {}
        _add(out, park, ONE, "RP@")
        return out
    if result is pr.HIT_BY_PITCH:
        if batter.hbp + pitcher.hbp < 1:
            return card
        return _mix({Outcome("HBP"): ONE}, chance(batter.hbp + pitcher.hbp), card)
    if result in (pr.STRIKEOUT, pr.STRIKEOUT_PLUS) or (result is pr.STRIKEOUT_OR_WALK and not m.tired):
        plus = 10 if result is pr.STRIKEOUT_PLUS else 0
        return _mix({Outcome("K"): ONE}, chance(ratings.k + adj.k + plus), card)
    if result in (pr.WALK, pr.WALK_PLUS, pr.STRIKEOUT_OR_WALK):
        plus = 10 if result is pr.WALK_PLUS else 0
        return _mix({Outcome("W"): ONE}, chance(ratings.w + adj.w + plus), card)
    if result is pr.HOME_RUN:
        return _mix({Outcome("HR"): ONE}, _hr_check(m), card)
    if result is pr.HOME_RUN_RANGE:  # IP2021 "HR?": the range first, then the HR check
        rng = pitcher.home_run_ranges.against(m.side)
        if rng is None:
            return card
        return _mix({Outcome("HR"): ONE}, Fraction(rng.high - rng.low + 1, 20) * _hr_check(m), card)
    raise AssertionError(f"unhandled pitcher result {result}")


def _auto_out(pitcher: Pitcher) -> Dist:
    dist: Dist = {}
    for out in pitcher.outs:  # 1d6 on the ** line
        _add(dist, {Outcome(KIND_LETTER[out.kind], out.fielder): ONE}, Fraction(1, 6))
    return dist


def _mix(first: Dist, weight: Fraction, rest: Dist) -> Dist:
    dist: Dist = {}
    _add(dist, first, weight)
    _add(dist, rest, ONE - weight)
    return _clean(dist)


def plate_appearance_odds(pitcher: Pitcher, batter: Batter, ballpark: Ballpark, *, tired: bool = False) -> Odds:
    """Every card result's exact probability for this matchup with the bases empty."""
    hand = pitcher.throws
    m = _Matchup(pitcher, batter, ballpark, batter.side_against(hand), hand, tired)
    card = batter_card_odds(m)
    park = ballpark_card_odds(m)
    cells: dict[PitcherResult, int] = defaultdict(int)
    for row in pitcher.matrix:
        for cell in row:
            cells[cell.against(m.side)] += 1
    total: Dist = {}
    read = 36 - cells.pop(PitcherResult.WILD, 0)  # a foul: the card is read again
    if read == 0:
        raise ValueError(f"{pitcher.name}'s card is all WLD against this side: no plate appearance ends")
    for result, count in cells.items():
        dist = _pitcher_cell(m, result, card, park)
        assert dist is not None
        _add(total, dist, Fraction(count, read))
    return Odds(_clean(total))
