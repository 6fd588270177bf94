"""Inside Pitch cards' exact odds against a pool's average opponent (engine.policy ``pool_odds``).

The same reading as :mod:`engine.inside_pitch.odds` (IP2021 "Pitcher Card", "Batter Card",
"Ballpark Card", "?7, ?8, ?9"; IP2007 §2-4), in floats and by results only, so that a whole card
set is read in a fraction of a second. It rests on the plate appearance being linear in the
pitcher's cells (as seasons.fit does): 2d6 on the pitcher's card picks one of 36 cells (WLD, a
foul with the bases empty, is read again: the other cells' weights are over the cells that end
the plate appearance), and each kind of cell has a *response*, what this batter gives on it:

- a blank, E?, ET?, EG?, RP or (S1) cell (a fresh pitcher): 2d6 on the batter's card;
- S1 a single, ** an out (whichever of the ** line: an out is an out here);
- @ and RP@: 2d6 on the ballpark card;
- K, K+, K(W) (a fresh pitcher: the K check), W, W+: a 1d20 check at or under his K or W rating
  (+10 for the plus), else his card; HR: the check against his HR rating, else his card; HR? the
  pitcher's range on 1d20 and then the HR check; (??) the pitcher's range on 1d20 for his S1 or
  **, else the card; HBP: the check against the batter's and pitcher's HBP added (none under 1).

So a batter against a mixture of pitcher cards (the pool's average pitcher, weighted by playing
time) gets the mixture of their cell weights applied to his responses, and a pitcher against the
average batter gets his own cell weights applied to the batters' averaged responses: exact, not
sampled. The park is neutral: the pool's ballpark cards averaged, with no K/W/HR adjustment (a
player's value should not hang on the park of the team that drafts him). Errors are the fielders'
(E? only marks the play), so ERR is 0 here; a rare play (a blank ballpark cell) counts as an out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cards.notation import (
    LEFT_HAND,
    RIGHT_HAND,
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
from engine.policy import RESULTS

Vec = list[float]
_I = {r: i for i, r in enumerate(RESULTS)}
_N = len(RESULTS)
_HIT = {HitKind.SINGLE: "1B", HitKind.DOUBLE: "2B", HitKind.TRIPLE: "3B", HitKind.HOME_RUN: "HR"}
_RANGE = {HitRangeKind.SINGLE: "1B", HitRangeKind.DOUBLE: "2B", HitRangeKind.TRIPLE: "3B", HitRangeKind.HOME_RUN: "HR"}
HANDS = (LEFT_HAND, RIGHT_HAND)
HBP_VALUES = range(-10, 11)  # a pitcher's HBP rating
PR = PitcherResult
_TO_CARD = {PR.BLANK, PR.ERROR, PR.THROWING_ERROR, PR.GROUND_ERROR, PR.RANGE_PLAY, PR.TIRED_SINGLE}
_PLAIN = {
    PR.SINGLE: "S1",
    PR.AUTO_OUT: "out",
    PR.BALLPARK: "park",
    PR.RANGE_PLAY_BALLPARK: "park",
    PR.STRIKEOUT: "K0",
    PR.STRIKEOUT_OR_WALK: "K0",  # a fresh pitcher: the K check
    PR.STRIKEOUT_PLUS: "K10",
    PR.WALK: "W0",
    PR.WALK_PLUS: "W10",
    PR.HOME_RUN: "HR",
}


def chance(target: int) -> float:
    """A 1d20 check at or under ``target`` (odds.chance, in floats)."""
    return min(20, max(0, target)) / 20


def _unit(result: str) -> Vec:
    v = [0.0] * _N
    v[_I[result]] = 1.0
    return v


def _mix(first: str, p: float, rest: Vec) -> Vec:
    v = [x * (1 - p) for x in rest]
    v[_I[first]] += p
    return v


def _add(into: Vec, w: float, v: Vec) -> None:
    for i, x in enumerate(v):
        into[i] += w * x


def _split_hit(into: Vec, w: float, ranges: HitRanges, hr: float) -> None:
    """IP2021 "?7, ?8, ?9": 1d20 on the hit ranges ([HR] then the HR check), a fly out above them."""
    covered = 0
    for kind, rng in ranges.entries:
        width = rng.high - rng.low + 1
        covered += width
        if kind is HitRangeKind.HOME_RUN_CHANCE:
            into[_I["HR"]] += w * width / 20 * hr
            into[_I["OUT"]] += w * width / 20 * (1 - hr)
        else:
            into[_I[_RANGE[kind]]] += w * width / 20
    into[_I["OUT"]] += w * (20 - covered) / 20


def _read(into: Vec, w: float, reading: Reading, ranges: HitRanges, hr: float) -> None:
    """One cell read with weight ``w`` (odds._reading); ``hr``: the batter's HR check."""
    if isinstance(reading, Walk):
        into[_I["BB"]] += w
    elif isinstance(reading, Strikeout):
        into[_I["K"]] += w
    elif isinstance(reading, Hit):
        into[_I[_HIT[reading.kind]]] += w
    elif isinstance(reading, StretchSingle):
        into[_I["1B"]] += w
    elif isinstance(reading, SplitHit):
        _split_hit(into, w, ranges, hr)
    elif isinstance(reading, HomeRunChance):
        into[_I["HR"]] += w * hr
        into[_I["OUT"]] += w * (1 - hr)
    elif isinstance(reading, (Out, PitcherOutRef, RarePlay)):
        into[_I["OUT"]] += w
    else:  # pragma: no cover - the notation has no other reading
        raise AssertionError(f"unhandled reading {reading!r}")


def batter_card(batter: Any, hand: Hand, hr: float) -> Vec:
    """2d6 on the batter's card against a pitcher throwing ``hand`` (IP2021 "Batter Card")."""
    v = [0.0] * _N
    ranges = batter.hit_ranges(hand)
    for row in batter.matrix:
        for cell in row:
            _read(v, 1 / 36, cell.against(hand), ranges, hr)
    return v


def ballpark_card(park: Any, hr: float) -> Vec:
    """2d6 on the ballpark card (IP2021 "Ballpark Card"): its cells are never split."""
    v = [0.0] * _N
    for row in park.matrix:
        for cell in row:
            _read(v, 1 / 36, cell.vs_left, park.hit_ranges, hr)
    return v


def neutral_park(ballparks: Sequence[Any]) -> tuple[Vec, Vec]:
    """The pool's ballpark cards averaged, as (odds with a failed HR check, the change a made one brings):
    a park's odds are linear in the batter's HR check. No park: every @ cell a fly out."""
    if not ballparks:
        return _unit("OUT"), [0.0] * _N
    base, made = [0.0] * _N, [0.0] * _N
    for park in ballparks:
        _add(base, 1 / len(ballparks), ballpark_card(park, 0.0))
        _add(made, 1 / len(ballparks), ballpark_card(park, 1.0))
    return base, [m - b for m, b in zip(made, base, strict=True)]


def responses(batter: Any, hand: Hand, park: tuple[Vec, Vec], hbp_values: Iterable[int] = HBP_VALUES) -> dict[Any, Vec]:
    """What the batter gives on each kind of pitcher cell, against a pitcher throwing ``hand``
    (an HBP cell for each pitcher's HBP rating in ``hbp_values``)."""
    ratings = batter.ratings(hand)
    hr = chance(ratings.hr)
    card = batter_card(batter, hand, hr)
    park_vec = list(park[0])
    _add(park_vec, hr, park[1])
    out: dict[Any, Vec] = {"card": card, "S1": _unit("1B"), "out": _unit("OUT"), "park": park_vec}
    out["K0"] = _mix("K", chance(ratings.k), card)
    out["K10"] = _mix("K", chance(ratings.k + 10), card)
    out["W0"] = _mix("BB", chance(ratings.w), card)
    out["W10"] = _mix("BB", chance(ratings.w + 10), card)
    out["HR"] = _mix("HR", hr, card)
    for value in hbp_values:
        total = batter.hbp + value
        out[("HBP", value)] = _mix("HBP", chance(total), card) if total >= 1 else card
    return out


def cell_weights(pitcher: Any, side: Hand) -> dict[Any, float]:
    """The pitcher's cells against a batter on ``side``, as shares of the kinds :func:`responses` answers."""
    counts: dict[PitcherResult, int] = {}
    for row in pitcher.matrix:
        for cell in row:
            result = cell.against(side)
            counts[result] = counts.get(result, 0) + 1
    read = 36 - counts.pop(PR.WILD, 0)  # a foul: the card is read again
    if read == 0:
        raise ValueError(f"{pitcher.name}'s card is all WLD against this side: no plate appearance ends")
    weights: dict[Any, float] = {}

    def add(key: Any, w: float) -> None:
        if w:
            weights[key] = weights.get(key, 0.0) + w

    for result, count in counts.items():
        share = count / read
        if result in _TO_CARD:
            add("card", share)
        elif result in _PLAIN:
            add(_PLAIN[result], share)
        elif result is PR.HIT_BY_PITCH:
            add(("HBP", pitcher.hbp), share)
        elif result is PR.SPLIT_CHECK:
            split = pitcher.split_checks.against(side)
            w = 0.0 if split is None or split.range is None else (split.range.high - split.range.low + 1) / 20
            add("out" if split is not None and split.result is PR.AUTO_OUT else "S1", share * w)
            add("card", share * (1 - w))
        elif result is PR.HOME_RUN_RANGE:  # IP2021 "HR?": the range first, then the HR check
            rng = pitcher.home_run_ranges.against(side)
            w = 0.0 if rng is None else (rng.high - rng.low + 1) / 20
            add("HR", share * w)
            add("card", share * (1 - w))
        else:  # pragma: no cover - every PitcherResult is handled above
            raise AssertionError(f"unhandled pitcher result {result}")
    return weights


def _apply(weights: Mapping[Any, float], resp: Mapping[Any, Vec]) -> Vec:
    v = [0.0] * _N
    for key, w in weights.items():
        _add(v, w, resp[key])
    return v


def pool_odds(
    batters: Sequence[Any], pitchers: Sequence[Any], ballparks: Sequence[Any], weights: Mapping[str, float]
) -> dict[str, tuple[float, ...]]:
    """engine.policy ``pool_odds`` for Inside Pitch cards (see the module's docstring)."""
    park = neutral_park(ballparks)
    # The average pitcher: per hand, his cells' shares against each batter side; and the hands' shares.
    arm: dict[tuple[Hand, Hand], dict[Any, float]] = {(h, s): {} for h in HANDS for s in HANDS}
    hand_weight = dict.fromkeys(HANDS, 0.0)
    own: dict[str, dict[Hand, dict[Any, float]]] = {}
    for p in pitchers:
        own[p.id] = {s: cell_weights(p, s) for s in HANDS}
        w = weights.get(p.id, 1.0)
        hand_weight[p.throws] += w
        for s in HANDS:
            for key, share in own[p.id][s].items():
                arm[p.throws, s][key] = arm[p.throws, s].get(key, 0.0) + w * share
    for (h, _s), shares in arm.items():
        for key in shares:
            shares[key] /= hand_weight[h] or 1.0
    arms = sum(hand_weight.values())
    hbp_values = sorted({p.hbp for p in pitchers})
    # The average batter: per pitcher's hand and batter side, the responses averaged, and the sides' shares.
    bat: dict[tuple[Hand, Hand], dict[Any, Vec]] = {}
    side_weight = {(h, s): 0.0 for h in HANDS for s in HANDS}
    out: dict[str, tuple[float, ...]] = {}
    for b in batters:
        w = weights.get(b.id, 1.0)
        v = [0.0] * _N
        for h in HANDS:
            s = b.side_against(h)
            resp = responses(b, h, park, hbp_values)
            if arms:
                _add(v, hand_weight[h] / arms, _apply(arm[h, s], resp))
            side_weight[h, s] += w
            into = bat.setdefault((h, s), {})
            for key in arm[h, s]:  # the kinds of cell the pool's pitchers have against his side
                _add(into.setdefault(key, [0.0] * _N), w, resp[key])
        out[b.id] = tuple(v)
    for p in pitchers:
        # bat[h, s] holds the batters' weighted sums: his shares applied to them, over all batters' weight.
        h = p.throws
        total = side_weight[h, LEFT_HAND] + side_weight[h, RIGHT_HAND]
        v = [0.0] * _N
        for s in HANDS:
            if side_weight[h, s]:
                _add(v, 1 / total, _apply(own[p.id][s], bat[h, s]))
        out[p.id] = tuple(v)
    return out
