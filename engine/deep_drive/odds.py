"""Exact result probabilities of a Deep Drive plate appearance, by enumerating the dice.

``pa_odds(batter, pitcher, hb)`` walks every red/white/green reading of the plate appearance
(1000 outcomes), every fresh roll of the DEEP DRIVE section and of the DEF Chart, the
outfielders' rules and Ballpark Effects, the rare and never lines, and returns each final
result's probability. No dice are rolled. What it covers and how it reads the book:

- DDB "How to Play": 00-49 reads the batter card, 50-99 the pitcher card.
- DDB "Rare Chart": three equal dice go to the Rare Chart and a normal play is rolled again, so
  those ten outcomes carry the same odds as the rest: P(x) = (sum over the 990 others) / 990.
- DDB "Rare Readings": a rolled DD, SI+, SI, BB, HBP or SO stands against the other card's
  "rare N" line only on a mod die of N or less, never against "never" (or "rare 0" with the
  optional rule); otherwise it is an out from the OUTS of the card holding that line. A DEF
  single is checked the same way against the other card's line for the single it became
  (SI+ against SI+, SI against SI), with the DEF roll's own mod die, after the fielder.
- DDB "Reading the Results": DD and DEF re-roll all three dice; OUT reads the rolled card's
  OUTS by the mod die; a line out at 49 or 99 is an L1 (DDB "Outs Chart", note).
- DDB "Outfielders and Deep Drives", after DDB "Ballpark Effects" (Dugout's order: the park
  changes the reading first, the outfielders then act on what stands). A robbed home run is the
  robbing outfielder's deep fly out.

Fielders are given as each position's rating shares (``{"SS": {3: 1.0}, ...}``), so one call can
average over a league's rating mix. Fatigue, strategies and the base state are not part of a
plate appearance's result and are left out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from engine.deep_drive.handbook import AVERAGE, DEF_RESULTS, FIELDERS, Handbook

OUTFIELD = ("LF", "CF", "RF")
FLY_OF = {"LF": "F7", "CF": "F8", "RF": "F9"}
RARE_CODES = ("DD", "SI+", "SI", "BB", "HBP", "SO")
# What :func:`summary` sums: hits by bases, walks, hit batters, strikeouts, errors, other outs.
SUMMARY = ("HR", "3B", "2B", "1B", "BB", "HBP", "SO", "ERR", "OUT")
_SUMMARY_OF = {"HR": "HR", "TR": "3B", "DO": "2B", "SI+": "1B", "SI": "1B", "BB": "BB", "HBP": "HBP", "SO": "SO"}
_SUMMARY_OF["ERR"] = "ERR"

Ratings = Mapping[str, Mapping[int, float]]


class ChanceLike(Protocol):
    def allows(self, mod: int, never_as_rare_0: bool = False) -> bool: ...


class CardLike(Protocol):
    def reading(self, roll: int) -> str: ...
    def chance(self, code: str) -> ChanceLike | None: ...
    def out(self, mod: int) -> str: ...


class BatterLike(CardLike, Protocol):
    def deep(self, roll: int) -> str: ...


def outfielder(mod: int) -> str:
    """DDB "Outfielders and Deep Drives": mod 0-2 left, 3-6 center, 7-9 right."""
    return "LF" if mod <= 2 else "CF" if mod <= 6 else "RF"


def uniform(rating: int) -> dict[str, dict[int, float]]:
    """Every fielder rated ``rating``."""
    return {pos: {rating: 1.0} for pos in FIELDERS}


def _share(ratings: Ratings, pos: str, test: Callable[[int], bool]) -> float:
    return sum(w for r, w in ratings[pos].items() if test(r))


def _add(into: dict[str, float], code: str, p: float) -> None:
    if p:
        into[code] = into.get(code, 0.0) + p


def deep_drive_odds(
    batter: BatterLike, hb: Handbook, ratings: Ratings, *, team: str = AVERAGE, park: str = AVERAGE
) -> dict[str, float]:
    """The DEEP DRIVE section read with a fresh roll: HR, TR, DO or an out code, with its chance."""
    section = [batter.deep(r) for r in range(100)]
    fly = next(c for c in section if c.startswith("F"))
    eligible = section[9] == "HR" and section[90] == fly  # DDB "Ballpark Effects"
    tr = [r for r in range(100) if section[r] == "TR"]
    do = [r for r in range(100) if section[r] == "DO"]
    first_fly = section.index(fly)
    # The outfielders' shares of good (4-5) and poor (1-2) ratings, by the mod die's outfielder.
    good_of = {of: _share(ratings, of, lambda r: r >= 4) for of in OUTFIELD}
    poor_of = {of: _share(ratings, of, lambda r: r <= 2) for of in OUTFIELD}
    out: dict[str, float] = {}
    for roll in range(100):
        code = section[roll]
        edge = eligible and (roll < 10 or roll >= 90)
        if not edge and not _outfielders_act(code, roll, tr, do, first_fly):
            _add(out, code, 1 / 100)  # the reading stands on every mod die
            continue
        for mod in range(10):
            p = 1 / 1000
            code = section[roll]
            if edge:
                cell = hb.teams.get(team, hb.teams[AVERAGE])[roll]
                if cell == "FO":
                    code = fly
                elif cell == "PARK":
                    code = hb.parks.get(park, hb.parks[AVERAGE])[mod]
            of = outfielder(mod)
            good, poor = good_of[of], poor_of[of]
            if roll == 0 and code == "HR":
                _add(out, FLY_OF[of] + "d", p * good)
                _add(out, "HR", p * (1 - good))
            elif roll == 99 and code.startswith("F"):  # wins over the lowest-fly rule on a one-number fly
                _add(out, "HR", p * poor)
                _add(out, code, p * (1 - poor))
            elif code == "TR" and tr and roll == tr[-1]:
                _add(out, "DO", p * good)
                _add(out, "TR", p * (1 - good))
            elif code == "DO" and do and roll in (do[0], do[-1]):
                up = poor if roll == do[0] else 0.0
                down = good if roll == do[-1] else 0.0
                _add(out, "TR", p * up)
                _add(out, FLY_OF[of] + "s", p * down)
                _add(out, "DO", p * (1 - up - down))
            elif code.startswith("F") and roll == first_fly and code == section[roll]:
                _add(out, "DO", p * poor)
                _add(out, code, p * (1 - poor))
            else:
                _add(out, code, p)
    return out


def _outfielders_act(code: str, roll: int, tr: list[int], do: list[int], first_fly: int) -> bool:
    """Whether one of the outfielders' rules below may change this reading (the section's edges)."""
    return (
        (roll == 0 and code == "HR")
        or (roll == 99 and code.startswith("F"))
        or (code == "TR" and roll == tr[-1])
        or (code == "DO" and roll in (do[0], do[-1]))
        or (code.startswith("F") and roll == first_fly)
    )


def def_odds(hb: Handbook, ratings: Ratings) -> dict[str, float]:
    """The DEF Chart read with a fresh roll: an out code, "SI+", "SI" or "ERR", with its chance."""
    out: dict[str, float] = {}
    for row in hb.def_rows:
        for rating, w in ratings[row.fielder].items():
            result = row.read(rating)
            _add(out, result, w / 100)
    return out


def pa_odds(
    batter: BatterLike,
    pitcher: CardLike,
    hb: Handbook,
    ratings: Ratings | None = None,
    *,
    team: str = AVERAGE,
    park: str = AVERAGE,
    never_as_rare_0: bool = False,
) -> dict[str, float]:
    """Each final result's exact chance: "HR" "TR" "DO" "SI+" "SI" "BB" "HBP" "SO" "ERR" or an out code.

    ``ratings``: the fielders' rating shares by position (default: everyone 3); ``team`` and
    ``park``: the batter's team and the park for Ballpark Effects (default: the average rows)."""
    ratings = ratings if ratings is not None else uniform(3)
    deep = deep_drive_odds(batter, hb, ratings, team=team, park=park)
    fielded = def_odds(hb, ratings)
    out: dict[str, float] = {}
    for roll in range(100):
        card, other = (batter, pitcher) if roll < 50 else (pitcher, batter)
        code = card.reading(roll)
        for mod in range(10):
            if roll // 10 == roll % 10 == mod:
                continue  # DDB "Rare Chart": played as a fresh roll, so it carries the same odds
            p = 1 / 990
            if code in RARE_CODES:
                line = other.chance(code)
                if line is not None and not line.allows(mod, never_as_rare_0):
                    _add(out, _line_out(other.out(mod), roll), p)
                    continue
            if code == "DD":
                for result, q in deep.items():
                    _add(out, result, p * q)
            elif code == "DEF":
                for result, q in fielded.items():
                    if result in ("SI+", "SI"):
                        line = other.chance(result)
                        for mod2 in range(10):  # the DEF roll's own mod die
                            if line is not None and not line.allows(mod2, never_as_rare_0):
                                _add(out, other.out(mod2), p * q / 10)
                            else:
                                _add(out, result, p * q / 10)
                    else:
                        _add(out, result, p * q)
            elif code == "OUT":
                _add(out, _line_out(card.out(mod), roll), p)
            else:
                _add(out, code, p)
    return out


def _line_out(code: str, roll: int) -> str:
    """DDB "Outs Chart" note: line outs read at 49 or 99 go to the pitcher (L1)."""
    return "L1" if roll in (49, 99) and code.startswith("L") else code


def summary(odds: Mapping[str, float]) -> dict[str, float]:
    """Results summed into :data:`SUMMARY`: HR, 3B, 2B, 1B (SI+ and SI), BB, HBP, SO, ERR, OUT."""
    out = dict.fromkeys(SUMMARY, 0.0)
    for code, p in odds.items():
        out[_SUMMARY_OF.get(code, "OUT")] += p
    return out


__all__ = ["DEF_RESULTS", "SUMMARY", "deep_drive_odds", "def_odds", "outfielder", "pa_odds", "summary", "uniform"]
