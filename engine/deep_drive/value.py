"""Deep Drive cards' exact odds against a pool's average opponent (engine.policy ``pool_odds``).

The same dice as :func:`engine.deep_drive.odds.pa_odds` (DDB "How to Play", "Rare Chart", "Rare
Readings", "Reading the Results", the DEEP DRIVE section and the DEF Chart, whose odds this module
takes from :mod:`engine.deep_drive.odds`), summed by results, for a whole pool at once. A plate
appearance is a sum over the red/white reading and the mod die (990 of them: three equal dice
roll again, DDB "Rare Chart"): a reading 00-49 is on the batter's card, 50-99 on the pitcher's, and
what it gives depends on the other card only through its rare/never lines (does the reading stand
on this mod die?) and, for a DD, on the batter's DEEP DRIVE section. Both are linear, so:

- a batter against the pool's average pitcher (weighted by playing time) reads his own half
  against the pitchers' averaged lines, and the pitchers' averaged halves against his own lines;
- a pitcher against the average batter reads the batters' averaged halves (each DD with its own
  DEEP DRIVE section) against his lines, and his half against the batters' averaged responses.

Fielders are all rated 3 (``odds.uniform(3)``) and the park and team are the handbook's average
rows: a player's value does not hang on the team that drafts him.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.deep_drive.handbook import handbook_of
from engine.deep_drive.odds import RARE_CODES, deep_drive_odds, def_odds, uniform
from engine.policy import RESULTS

Vec = list[float]
_I = {r: i for i, r in enumerate(RESULTS)}
_N = len(RESULTS)
_OUT = _I["OUT"]
_RESULT_OF = {"HR": "HR", "TR": "3B", "DO": "2B", "SI+": "1B", "SI": "1B", "BB": "BB", "HBP": "HBP", "SO": "K"}
_RESULT_OF["ERR"] = "ERR"
CODES = (*RARE_CODES, "DEF", "OUT")  # what a card's 50 numbers read (PLAY_CODES)
MODS = range(10)
_PLAYS = 990  # 100 readings x 10 mod dice, less the ten where all three dice match


def _vec(odds: Mapping[str, float]) -> Vec:
    v = [0.0] * _N
    for code, p in odds.items():
        v[_I.get(_RESULT_OF.get(code, "OUT"), _OUT)] += p
    return v


def _add(into: Vec, w: float, v: Vec) -> None:
    for i, x in enumerate(v):
        into[i] += w * x


def half(card: Any) -> dict[str, list[int]]:
    """How many of the card's 50 readings read each code, on each mod die (three equal dice left out)."""
    counts = {code: [0] * 10 for code in CODES}
    for code, chance in card.chances.items():  # card.reading(roll), for every roll at once
        if chance.numbers is None:
            continue
        row = counts[code]
        for roll in range(chance.numbers.low, chance.numbers.high + 1):
            for mod in MODS:
                if not roll // 10 == roll % 10 == mod:
                    row[mod] += 1
    return counts


def lines(card: Any) -> dict[str, list[float]]:
    """For each rare code, on each mod die: 1 if the opposing card's reading stands, else 0 (DDB "Rare Readings")."""
    out = {}
    for code in RARE_CODES:
        line = card.chance(code)
        out[code] = [1.0 if line is None or line.allows(mod) else 0.0 for mod in MODS]
    return out


def _fielded(fielded: Mapping[str, float], stands: Mapping[str, list[float]]) -> Vec:
    """The DEF Chart's odds, a single checked against the other card's line with a fresh mod die."""
    v = [0.0] * _N
    for result, q in fielded.items():
        if result in ("SI+", "SI"):
            made = sum(stands[result]) / 10
            v[_I["1B"]] += q * made
            v[_OUT] += q * (1 - made)
        else:
            v[_I.get(_RESULT_OF.get(result, "OUT"), _OUT)] += q
    return v


def _reads(
    v: Vec,
    counts: Mapping[str, Sequence[float]],
    stands: Mapping[str, Sequence[float]],
    fielded: Vec,
    dd_made: float,
    dd_vec: Vec,
) -> None:
    """Add to ``v`` the readings ``counts[code][mod]`` of one card's half against the other card's
    ``stands[code][mod]`` (does the reading stand?). A DD that stands reads the batter's DEEP DRIVE
    section: ``dd_made`` is how many DD readings stand, ``dd_vec`` their results (each DD's count x
    whether it stands x the batter's DEEP DRIVE odds, summed); ``fielded``: a DEF reading's odds."""
    for code in RARE_CODES:
        if code == "DD":
            continue
        made = sum(n * s for n, s in zip(counts[code], stands[code], strict=True))
        v[_I[_RESULT_OF[code]]] += made / _PLAYS
        v[_OUT] += (sum(counts[code]) - made) / _PLAYS
    _add(v, 1 / _PLAYS, dd_vec)
    v[_OUT] += (sum(counts["DD"]) - dd_made) / _PLAYS
    _add(v, sum(counts["DEF"]) / _PLAYS, fielded)
    v[_OUT] += sum(counts["OUT"]) / _PLAYS


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def pool_odds(
    batters: Sequence[Any], pitchers: Sequence[Any], weights: Mapping[str, float], handbook: str = ""
) -> dict[str, tuple[float, ...]]:
    """engine.policy ``pool_odds`` for Deep Drive cards (see the module's docstring)."""
    hb = handbook_of(handbook)
    ratings = uniform(3)
    fielded = def_odds(hb, ratings)
    # The average pitcher: his half and his lines, averaged by weight.
    p_half = {code: [0.0] * 10 for code in CODES}
    p_lines = {code: [0.0] * 10 for code in RARE_CODES}
    p_own = {}
    total = sum(weights.get(p.id, 1.0) for p in pitchers) or 1.0
    for p in pitchers:
        w = weights.get(p.id, 1.0) / total
        p_own[p.id] = (half(p), lines(p))
        for code, row in p_own[p.id][0].items():
            for mod in MODS:
                p_half[code][mod] += w * row[mod]
        for code, row2 in p_own[p.id][1].items():
            for mod in MODS:
                p_lines[code][mod] += w * row2[mod]
    p_fielded = _fielded(fielded, p_lines)
    # The average batter: his half, his lines, and per mod die his DD readings that stand (a DD of his
    # half against a pitcher's line: count x DEEP DRIVE odds; a pitcher's DD against his line: his line x them).
    b_half = {code: [0.0] * 10 for code in CODES}
    b_lines = {code: [0.0] * 10 for code in RARE_CODES}
    b_deep = [[0.0] * _N for _ in MODS]
    b_dd_resp = [[0.0] * _N for _ in MODS]
    out: dict[str, tuple[float, ...]] = {}
    b_total = sum(weights.get(b.id, 1.0) for b in batters) or 1.0
    deep_of: dict[tuple[Any, ...], Vec] = {}
    for b in batters:
        w = weights.get(b.id, 1.0) / b_total
        section = tuple(b.deep_drive.items())  # many cards share a DEEP DRIVE section: read each once
        deep = deep_of.get(section) or deep_of.setdefault(section, _vec(deep_drive_odds(b, hb, ratings)))
        own_half, own_lines = half(b), lines(b)
        v = [0.0] * _N
        made = _dot(own_half["DD"], p_lines["DD"])  # his half against the pitchers' lines
        _reads(v, own_half, p_lines, p_fielded, made, [x * made for x in deep])
        made = _dot(p_half["DD"], own_lines["DD"])  # the pitchers' half against his lines
        _reads(v, p_half, own_lines, _fielded(fielded, own_lines), made, [x * made for x in deep])
        out[b.id] = tuple(v)
        for code in CODES:
            for mod in MODS:
                b_half[code][mod] += w * own_half[code][mod]
        for code in RARE_CODES:
            for mod in MODS:
                b_lines[code][mod] += w * own_lines[code][mod]
        for mod in MODS:
            _add(b_deep[mod], w * own_half["DD"][mod], deep)
            _add(b_dd_resp[mod], w * own_lines["DD"][mod], deep)
    b_fielded = _fielded(fielded, b_lines)
    for p in pitchers:
        own_half, own_lines = p_own[p.id]
        v = [0.0] * _N
        dd_vec = [0.0] * _N  # the batters' half against his lines
        for mod in MODS:
            _add(dd_vec, own_lines["DD"][mod], b_deep[mod])
        _reads(v, b_half, own_lines, _fielded(fielded, own_lines), _dot(b_half["DD"], own_lines["DD"]), dd_vec)
        dd_vec = [0.0] * _N  # his half against the batters' lines
        for mod in MODS:
            _add(dd_vec, own_half["DD"][mod], b_dd_resp[mod])
        _reads(v, own_half, b_lines, b_fielded, _dot(own_half["DD"], b_lines["DD"]), dd_vec)
        out[p.id] = tuple(v)
    return out
