"""Fitting Inside Pitch cards to a real season's rates (the method: docs/real-seasons/fit.md).

A plate appearance is a linear mixture over the pitcher card's cells: each kind of cell
(K, K+, W, W+, HR, HBP, S1, **, @, or a cell that sends the reader to the batter's card)
has a *response*, the outcome vector the batter gives on it. So a batter's odds against a
BFP-weighted mixture of pitcher cards equal the mixture of his odds (the "average pitcher"),
and a pitcher's against a PA-weighted mixture of batters' responses likewise. Batters are
fitted against the league's average pitcher card, pitchers against the league's average
batter, and the two averages are rebuilt from the fitted cards for a few rounds.
``engine.inside_pitch.odds`` gives the same figures exactly, as Fractions (tests check it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from seasons.calibrate import leagues_meet, player_league, uses_dh
from seasons.common import gets_batter_card, park_factor
from seasons.stats import Batting, Pitching, Player, Season

CATS = ("1B", "2B", "3B", "HR", "BB", "HBP", "K", "OUT")
_I = {c: i for i, c in enumerate(CATS)}
Vec = list[float]
# Pitcher-card cell kinds as the fit sees them (per batter side, of the 35 cells that end a PA).
KINDS = ("card", "K", "K+", "W", "W+", "HR", "S1", "**", "park")
HBP_VALUES = range(-10, 11)

# Platoon rule (Lahman has no splits): a batter facing a same-handed pitcher gets these
# multipliers on his rates relative to the opposite hand; switch hitters none. Scaled so his
# season line is kept given the league's share of his PA against each hand.
PLATOON = {
    "L": {"1B": 0.92, "2B": 0.90, "3B": 0.90, "HR": 0.80, "BB": 0.85, "HBP": 1.0, "K": 1.20},
    "R": {"1B": 0.96, "2B": 0.95, "3B": 0.95, "HR": 0.90, "BB": 0.92, "HBP": 1.0, "K": 1.10},
}
ANCHOR = 10  # the average batter's K and W ratings
HR_RATING_SCALE = 0.065  # HR per PA that earns an HR rating of 20; the card holds the rest
QUESTION_CELLS = ("?7", "?8", "?9", "?8")  # split-hit cells on every batter card (4 x 20 = 80 of 720)
SINGLE_FIELDS = (7, 8, 9, 6, 5, 4, 3, 8, 9, 7)
DOUBLE_FIELDS = (7, 8, 9)
TRIPLE_FIELDS = (8, 9)
OUT_CELLS = tuple(
    [
        "**1",
        "**2",
        "**3",
        "**4",
        "**5",
        "**6",
        "G6",
        "F8",
        "G4",
        "F7",
        "G5",
        "F9",
        "P4",
        "G3",
        "L6",
        "F8",
        "G6",
        "F7",
        "P2",
        "G4",
        "F9",
        "L4",
        "G5",
        "F8",
        "G6",
        "P5",
        "F7",
        "G4",
        "L5",
        "F9",
        "G3",
        "P6",
        "G6",
        "F8",
        "G4",
        "F7",
        "G5",
        "F9",
    ]
)
PITCHER_OUTS = ["F8", "G4", "G5", "G6", "F7", "F9"]
# Every generated pitcher card carries these cells against each side (Seaver-like layout):
FIXED_PITCHER_CELLS = ("WLD", "@", "@", "RP@", "RP", "RP", "E?", "ET?", "EG?", "HBP", "(??)", "(S1)", "HR?")
FREE_PITCHER_CELLS = 36 - len(FIXED_PITCHER_CELLS)
READ = 35  # cells that end a plate appearance (WLD is a foul with the bases empty)
GENERIC_PITCHER_BATTING = "pitcher-batting"


def _zero() -> Vec:
    return [0.0] * len(CATS)


def _unit(cat: str) -> Vec:
    v = _zero()
    v[_I[cat]] = 1.0
    return v


def _axpy(into: Vec, a: float, v: Vec) -> None:
    for i, x in enumerate(v):
        into[i] += a * x


def _p(target: int) -> float:
    return min(20, max(0, target)) / 20


@dataclass
class SeasonFit:
    batters: dict[str, dict[str, object]] = field(default_factory=dict)
    pitchers: dict[str, dict[str, object]] = field(default_factory=dict)
    ballparks: dict[str, dict[str, object]] = field(default_factory=dict)
    pitcher_batting: dict[str, object] = field(default_factory=dict)
    clipped: list[str] = field(default_factory=list)
    rounds: int = 0
    last_change: float = 0.0  # the largest change of the average pitcher's cell shares in the last round
    # What each card plays to against the league's average opponent (neutral park), per PA:
    achieved: dict[str, dict[str, Vec]] = field(default_factory=dict)
    targets: dict[str, dict[str, Vec]] = field(default_factory=dict)
    # The same for pitcher cards, by batter side, against the batters' own cards (their real
    # K/W/HR ratings, not the pinned average batter the pitchers were fitted against).
    pitcher_achieved: dict[str, dict[str, Vec]] = field(default_factory=dict)
    pitcher_targets: dict[str, dict[str, Vec]] = field(default_factory=dict)
    # The league's average pitcher card, per (pitcher's hand, batter's side): cell kinds' shares.
    average_pitcher: dict[tuple[str, str], dict[str, float]] = field(default_factory=dict)


# --- cards as the fit sees them --------------------------------------------------


@dataclass
class BatterSide:
    """One hand's half of a batter card: 36 readings, hit ranges, K/W/HR ratings."""

    cells: list[str]
    ranges: dict[str, int]  # S D T HR widths on 1d20, in that order from 1
    k: int
    w: int
    hr: int


def card_vector(cells: list[str], ranges: Mapping[str, int], hr_check: float) -> Vec:
    """A batter- or ballpark-card's outcome vector (``odds`` in floats; [HR] needs ``hr_check``)."""
    v = _zero()
    cell = 1 / 36
    for text in cells:
        if text.startswith("?"):
            covered = 0
            for kind, width in ranges.items():
                covered += width
                w = cell * width / 20
                if kind == "S":
                    v[0] += w
                elif kind == "D":
                    v[1] += w
                elif kind == "T":
                    v[2] += w
                elif kind == "HR":
                    v[3] += w
                else:  # [HR] on a ballpark card
                    v[3] += w * hr_check
                    v[7] += w * (1 - hr_check)
            v[7] += cell * (20 - covered) / 20
        elif text.startswith("[HR"):
            v[3] += cell * hr_check
            v[7] += cell * (1 - hr_check)
        elif text in ("W", "K"):
            v[_I["BB" if text == "W" else "K"]] += cell
        elif not text:  # a blank ballpark cell: a rare play (an out, for the fit)
            v[7] += cell
        elif text[0] == "S":
            v[0] += cell
        elif text[0] == "D":
            v[1] += cell
        elif text[0] == "T":
            v[2] += cell
        elif text[0] == "H":
            v[3] += cell
        else:  # outs, ** references, rare plays (a blank ballpark cell)
            v[7] += cell
    return v


def responses(side: BatterSide, hbp: int, park: Vec) -> dict[str, Vec]:
    """The batter's outcome vector on each kind of pitcher cell (neutral park)."""
    card = card_vector(side.cells, side.ranges, 0.0)
    out: dict[str, Vec] = {"card": card, "S1": _unit("1B"), "**": _unit("OUT"), "park": park}
    for kind, cat, p in (
        ("K", "K", _p(side.k)),
        ("K+", "K", _p(side.k + 10)),
        ("W", "BB", _p(side.w)),
        ("W+", "BB", _p(side.w + 10)),
        ("HR", "HR", _p(side.hr)),
    ):
        v = [x * (1 - p) for x in card]
        v[_I[cat]] += p
        out[kind] = v
    for value in HBP_VALUES:
        p = _p(hbp + value) if hbp + value >= 1 else 0.0
        v = [x * (1 - p) for x in card]
        v[_I["HBP"]] += p
        out[f"HBP{value}"] = v
    return out


def mix(shares: Mapping[str, float], resp: Mapping[str, Vec]) -> Vec:
    v = _zero()
    for kind, share in shares.items():
        if share:
            _axpy(v, share, resp[kind])
    return v


# --- targets --------------------------------------------------------------------


def batting_rates(b: Batting, factor: float, adjust: Mapping[str, float]) -> Vec:
    """Per-PA rates (sacrifice bunts left out: the managers call those), home park out.

    Intentional walks are in: Inside Pitch's auto-manager never calls one (``engine.inside_pitch.manager``
    ``defense``), so a batter the real managers walked on purpose draws those walks from his card, or
    the league's walks come back through the BB scale to everyone alike (1985 AL: the 15 best hitters,
    15 IBB a 1000 PA against the league's 6.4, played 4 walks a 1000 PA short)."""
    pa = b.ab + b.bb + b.hbp + b.sf
    if pa <= 0:
        return _unit("OUT")
    hit = 1 / math.sqrt(factor)
    raw = {
        "1B": b.singles * hit,
        "2B": b.doubles * hit,
        "3B": b.triples * hit,
        "HR": b.hr * hit,
        "BB": b.bb,
        "HBP": b.hbp,
        "K": b.k,
    }
    return _finish({k: v / pa * adjust.get(k, 1.0) for k, v in raw.items()})


def _finish(rates: Mapping[str, float]) -> Vec:
    v = [max(0.0, rates.get(c, 0.0)) for c in CATS[:-1]]
    total = sum(v)
    if total > 1:
        v = [x / total for x in v]
        total = 1.0
    return [*v, 1 - total]


def pitching_rates(p: Pitching, factor: float, shares: Vec, adjust: Mapping[str, float]) -> Vec:
    """Per-batter-faced rates; non-HR hits split 1B/2B/3B by the league's ``shares`` (intentional
    walks in, as the batters': :func:`batting_rates`)."""
    bf = p.bf - p.sh
    if bf <= 0:
        return _unit("OUT")
    hit = 1 / math.sqrt(factor)
    singles_on = max(0, p.h - p.hr) * hit
    raw = {
        "1B": singles_on * shares[0],
        "2B": singles_on * shares[1],
        "3B": singles_on * shares[2],
        "HR": p.hr * hit,
        "BB": p.bb,
        "HBP": p.hbp,
        "K": p.k,
    }
    return _finish({k: v / bf * adjust.get(k, 1.0) for k, v in raw.items()})


def stretch(rates: Vec, centre: Vec, spread: Mapping[str, float]) -> Vec:
    """``rates`` moved about ``centre`` by each result's spread factor: centre + f x (rate - centre).

    Results without a factor keep their rate; a rate stretched below 0 is 0, and the outs are
    what is left (``_finish``)."""
    if not spread:
        return rates
    return _finish({c: centre[i] + spread.get(c, 1.0) * (rates[i] - centre[i]) for i, c in enumerate(CATS[:-1])})


def pitcher_spread_by_result(spread: Mapping[str, float]) -> dict[str, float]:
    """The calibration's pitchers' factors per result: "H" (hits on balls in play) to 1B, 2B, 3B."""
    out = {k: v for k, v in spread.items() if k != "H"}
    if "H" in spread:
        out |= dict.fromkeys(("1B", "2B", "3B"), spread["H"])
    return out


def platoon(rates: Vec, bats: str, same_share: float) -> tuple[Vec, Vec]:
    """(vs same-handed pitchers, vs opposite): the season line kept at ``same_share`` of PA."""
    if bats not in PLATOON:
        return list(rates), list(rates)
    mult = PLATOON[bats]
    opp = {c: rates[_I[c]] / (same_share * m + 1 - same_share) for c, m in mult.items()}
    same = {c: opp[c] * mult[c] for c in mult}
    return _finish(same), _finish(opp)


# --- fitting one batter side ------------------------------------------------------


def _nearest_rating(target: float, base: float, gain: float, lo: int = 0, hi: int = 20) -> int:
    if gain <= 0:
        return lo
    return max(lo, min(hi, round((target - base) / gain)))


def _allocate(units: Mapping[str, float]) -> tuple[dict[str, int], dict[str, int]]:
    """Hit units (of 720 = 36 cells x 20) to whole cells plus 1d20 widths on the ? cells."""
    q = len(QUESTION_CELLS)
    cells = {k: int(u // 20) for k, u in units.items()}
    rest = {k: (u - 20 * cells[k]) / q for k, u in units.items()}
    widths = {k: int(r) for k, r in rest.items()}
    spare = 20 - sum(widths.values())
    for k in sorted(rest, key=lambda k: rest[k] - widths[k], reverse=True):
        if spare <= 0:
            break
        if rest[k] - widths[k] >= 0.5:
            widths[k] += 1
            spare -= 1
    return cells, widths


def build_batter_side(card_units: Mapping[str, float], k: int, w: int, hr: int) -> tuple[BatterSide, bool]:
    """36 readings for card units by category (1B 2B 3B HR BB K); True when it had to clip."""
    hits = {"S": card_units["1B"], "D": card_units["2B"], "T": card_units["3B"], "HR": card_units["HR"]}
    cells, widths = _allocate(hits)
    walks, ks = round(card_units["BB"] / 20), round(card_units["K"] / 20)
    clipped = False
    room = 36 - len(QUESTION_CELLS)
    while sum(cells.values()) + walks + ks > room:
        clipped = True
        biggest = max(cells, key=lambda c: cells[c])
        if cells[biggest] > 0:
            cells[biggest] -= 1
        elif ks >= walks:
            ks -= 1
        else:
            walks -= 1
    readings: list[str] = []
    readings += [f"S{SINGLE_FIELDS[i % len(SINGLE_FIELDS)]}" for i in range(cells["S"])]
    readings += [f"D{DOUBLE_FIELDS[i % len(DOUBLE_FIELDS)]}" for i in range(cells["D"])]
    readings += [f"T{TRIPLE_FIELDS[i % len(TRIPLE_FIELDS)]}" for i in range(cells["T"])]
    readings += ["H"] * cells["HR"]
    readings += ["W"] * walks + ["K"] * ks
    readings += list(QUESTION_CELLS)
    readings += list(OUT_CELLS[: 36 - len(readings)])
    ranges = {k: widths[k] for k in ("S", "D", "T", "HR") if widths[k]}
    return BatterSide(readings, ranges, k, w, hr), clipped


def _best_rating(target: float, part: Callable[[int], float]) -> int:
    """The rating 0-20 whose share of the pitcher's cells comes nearest ``target``."""
    return min(range(21), key=lambda r: abs(part(r) - target))


def fit_batter_side(target: Vec, pitchers: Mapping[str, float], park: Vec, hbp: int) -> tuple[BatterSide, bool]:
    """A batter's card half against the average pitcher's cell shares ``pitchers`` (kinds + HBPn).

    K and W come from the pitcher's K/K+ and W/W+ cells through the batter's ratings, each
    rating the one that brings his rate nearest against the average pitcher; the batter card
    holds K or W cells only for what a rating of 20 cannot reach. (Letting the batter card
    carry K or W too leaves the split between the two cards free, and the rounds that rebuild
    the averages drift along it instead of settling.) The HR rating scales with HR per PA; the
    card holds the home runs the rating does not.
    """
    k_cells, k_plus = pitchers.get("K", 0.0), pitchers.get("K+", 0.0)
    w_cells, w_plus = pitchers.get("W", 0.0), pitchers.get("W+", 0.0)
    k = _best_rating(target[_I["K"]], lambda r: k_cells * _p(r) + k_plus * _p(r + 10))
    w = _best_rating(target[_I["BB"]], lambda r: w_cells * _p(r) + w_plus * _p(r + 10))
    hr = _hr_rating(target)
    clipped = False
    need: Vec = _zero()
    card_mass = 1.0
    for _ in range(3):  # the card's share depends on the ratings: solve, rebuild, solve again
        trial = BatterSide(["G6"] * 36, {}, k, w, hr)
        resp = responses(trial, hbp, park)
        base = mix(pitchers, resp)  # everything but the card's own content (the card is all outs)
        card_mass = sum(s * (1 - _check(kind, trial, hbp)) for kind, s in pitchers.items() if kind != "park")
        need = [(t - b) / card_mass if card_mass > 0 else 0.0 for t, b in zip(target, base, strict=True)]
        need[_I["OUT"]] = 0.0
        if need[_I["HR"]] < 0 and hr > 0:
            hr = max(0, hr - 1 - int(-need[_I["HR"]] * card_mass * 20 / max(1e-9, _hr_cells(pitchers))))
            continue
        break
    for cat, rating in (("K", k), ("BB", w)):
        if rating < 20:  # only a rating of 20 leaves the rest to the card
            need[_I[cat]] = 0.0
    units = {c: max(0.0, need[_I[c]]) * 720 for c in ("1B", "2B", "3B", "HR", "BB", "K")}
    if any(need[_I[c]] < -0.5 / 36 for c in ("1B", "2B", "3B", "HR")):
        clipped = True
    side, over = build_batter_side(units, k, w, hr)
    return side, clipped or over


def _hr_rating(target: Vec) -> int:
    """The batter's HR rating by its rule: 20 x HR/PA / HR_RATING_SCALE (the card holds the rest)."""
    return max(0, min(20, round(20 * target[_I["HR"]] / HR_RATING_SCALE)))


def _hr_cells(pitchers: Mapping[str, float]) -> float:
    return pitchers.get("HR", 0.0) / 20


def _check(kind: str, side: BatterSide, hbp: int) -> float:
    """The chance a cell of ``kind`` ends the PA without the batter's card."""
    if kind in ("S1", "**"):
        return 1.0
    if kind == "card":
        return 0.0
    if kind.startswith("HBP"):
        value = int(kind[3:])
        return _p(hbp + value) if hbp + value >= 1 else 0.0
    return {
        "K": _p(side.k),
        "K+": _p(side.k + 10),
        "W": _p(side.w),
        "W+": _p(side.w + 10),
        "HR": _p(side.hr),
    }[kind]


# --- fitting one pitcher side ---------------------------------------------------


@dataclass
class PitcherSide:
    counts: dict[str, int]  # free cells: K K+ W W+ HR S1 ** blank
    hr_range: int  # width of the HR? range (1d20)
    split: int  # (??): >0 "S1 1-n", <0 "** 1-n"
    hbp: int

    def shares(self) -> dict[str, float]:
        """Cell kinds' shares of the 35 read cells, as the batter sees them."""
        s: dict[str, float] = {k: 0.0 for k in KINDS}
        used = 0
        for kind, n in self.counts.items():
            if kind != "blank":
                s[kind] += n / READ
                used += n
        # the free cells left over are blank (the batter's card), whether or not counted yet
        s["card"] += (FREE_PITCHER_CELLS - used) / READ
        s["park"] += 3 / READ  # @ @ RP@
        s["card"] += 6 / READ  # RP RP E? ET? EG? (S1)
        s["HR"] += self.hr_range / 20 / READ
        s["card"] += (1 - self.hr_range / 20) / READ
        split = abs(self.split) / 20
        s["S1" if self.split > 0 else "**"] += split / READ
        s["card"] += (1 - split) / READ
        s[f"HBP{self.hbp}"] = 1 / READ
        return s

    def cells(self) -> list[str]:
        out = [k for k, n in self.counts.items() for _ in range(n) if k != "blank"]
        return out + list(FIXED_PITCHER_CELLS) + [""] * self.counts.get("blank", 0)


def fit_pitcher_side(target: Vec, resp: Mapping[str, Vec]) -> tuple[PitcherSide, bool]:
    """A pitcher's card half against the average batter's responses (one side of the plate)."""
    hits = (_I["1B"], _I["2B"], _I["3B"])

    def gain(kind: str, cat: int | tuple[int, ...]) -> float:
        idx = cat if isinstance(cat, tuple) else (cat,)
        return sum(resp[kind][i] - resp["card"][i] for i in idx) / READ

    # HBP: the one HBP cell, the pitcher's HBP rating added to the batter's
    hbp = min(HBP_VALUES, key=lambda v: abs(resp[f"HBP{v}"][_I["HBP"]] / READ - target[_I["HBP"]]))
    side = PitcherSide({"K": 0, "K+": 0, "W": 0, "W+": 0, "HR": 0, "S1": 0, "**": 0}, 0, 0, hbp)
    clipped = False
    for _ in range(4):
        for kind, cat in (("K", _I["K"]), ("W", _I["BB"])):
            side.counts[kind] = side.counts[kind + "+"] = 0
            now = mix(side.shares(), resp)[cat]
            g = gain(kind, cat)
            side.counts[kind] = max(0, round((target[cat] - now) / g)) if g > 0 else 0
        side.counts["HR"], side.hr_range = 0, 0
        now = mix(side.shares(), resp)[_I["HR"]]
        g = gain("HR", _I["HR"])
        need = max(0.0, (target[_I["HR"]] - now) / g) if g > 0 else 0.0
        side.counts["HR"] = int(need)
        side.hr_range = min(20, round((need - int(need)) * 20))
        side.counts["S1"] = side.counts["**"] = 0
        side.split = 0
        now_h = sum(mix(side.shares(), resp)[i] for i in hits)
        want = sum(target[i] for i in hits)
        kind = "S1" if want > now_h else "**"
        g = abs(gain(kind, hits))
        need = abs(want - now_h) / g if g > 0 else 0.0
        side.counts[kind] = int(need)
        frac = round((need - int(need)) * 20)
        side.split = frac if kind == "S1" else -frac
        # too many cells: K+ and W+ cells do more per cell
        for kind, plus in (("K", "K+"), ("W", "W+")):
            while sum(side.counts.values()) > FREE_PITCHER_CELLS and side.counts[kind] >= 2:
                side.counts[kind] -= 2
                side.counts[plus] += 1
        over = sum(side.counts.values()) - FREE_PITCHER_CELLS
        if over > 0:
            clipped = True
            for kind in ("S1", "**", "K", "W", "HR", "K+", "W+"):
                take = min(over, side.counts[kind])
                side.counts[kind] -= take
                over -= take
    side.counts["blank"] = FREE_PITCHER_CELLS - sum(side.counts.values())
    return side, clipped


# --- cards to TOML fields ---------------------------------------------------------


def _pair(left: list[str], right: list[str], fmt: str) -> list[list[str]]:
    """Two hands' 36 readings to a 6x6 matrix: shared readings print once, the rest split."""
    rest_l, rest_r = list(left), list(right)
    common: list[str] = []
    for text in left:
        if text in rest_r:
            rest_r.remove(text)
            rest_l.remove(text)
            common.append(text)
    cells = common + [fmt.format(a, b) for a, b in zip(rest_l, rest_r, strict=True)]
    return [cells[r * 6 : r * 6 + 6] for r in range(6)]


def _ranges_text(ranges: Mapping[str, int]) -> str:
    parts, low = [], 1
    for kind, width in ranges.items():
        if width > 0:
            high = low + width - 1
            parts.append(f"{kind}={low}" if width == 1 else f"{kind}={low}-{high}")
            low = high + 1
    return "; ".join(parts)


def batter_fields(vs_l: BatterSide, vs_r: BatterSide, hbp: int) -> dict[str, object]:
    return {
        "matrix": _pair(vs_l.cells, vs_r.cells, "{}/{}"),
        "hits_vs_lhp": _ranges_text(vs_l.ranges),
        "hits_vs_rhp": _ranges_text(vs_r.ranges),
        "vs_lhp": {"k": vs_l.k, "w": vs_l.w, "hr": vs_l.hr},
        "vs_rhp": {"k": vs_r.k, "w": vs_r.w, "hr": vs_r.hr},
        "hbp": max(0, min(20, hbp)),
    }


def _range(width: int) -> str:
    return "" if width <= 0 else ("1" if width == 1 else f"1-{width}")


def pitcher_fields(vs_l: PitcherSide, vs_r: PitcherSide) -> dict[str, object]:
    def split(s: PitcherSide) -> str:
        if s.split == 0:
            return ""
        return f"{'S1' if s.split > 0 else '**'} {_range(abs(s.split))}"

    # One HBP rating prints on the card: the sides' average (each side fitted its own).
    return {
        "matrix": _pair(vs_l.cells(), vs_r.cells(), "{}/{}"),
        "outs": list(PITCHER_OUTS),
        "home_run_ranges": {"vs_left": _range(vs_l.hr_range), "vs_right": _range(vs_r.hr_range)},
        "split_checks": {"vs_left": split(vs_l), "vs_right": split(vs_r)},
        "special_k": {},
        "hbp": round((vs_l.hbp + vs_r.hbp) / 2),
    }


# --- ballparks ------------------------------------------------------------------

PARK_RARE = 2  # blank ballpark cells: the rare play charts (IP2021 "Ballpark Card")
PARK_OUTS: tuple[str, ...] = tuple(
    [
        "**1",
        "**2",
        "**3",
        "**4",
        "**5",
        "**6",
        "G6",
        "G4",
        "F8",
        "F7",
        "F9",
        "G5",
        "P2",
        "G3",
        "L6",
        "G1",
        "F8",
        "G6",
        "P3",
        "F7",
        "G4",
        "F9",
        "L4",
        "G5",
        "P5",
        "F8",
        "G6",
        "F7",
        "G4",
        "F9",
        "G5",
        "P4",
    ]
)


def build_park(units: Mapping[str, float]) -> tuple[list[str], dict[str, int]]:
    """A ballpark card's 36 readings and H? ranges for hit units (of 720) by 1B 2B 3B HR."""
    hits = {"S": units["1B"], "D": units["2B"], "T": units["3B"], "[HR]": units["HR"]}
    cells, widths = _allocate(hits)
    room = 36 - len(QUESTION_CELLS) - PARK_RARE
    while sum(cells.values()) > room:
        biggest = max(cells, key=lambda c: cells[c])
        cells[biggest] -= 1
    readings: list[str] = []
    readings += [("S+" if i % 4 == 1 else "S") + str(SINGLE_FIELDS[i % 3]) for i in range(cells["S"])]
    readings += [f"D{DOUBLE_FIELDS[i % len(DOUBLE_FIELDS)]}" for i in range(cells["D"])]
    readings += [f"T{TRIPLE_FIELDS[i % len(TRIPLE_FIELDS)]}" for i in range(cells["T"])]
    readings += [("[HRp]", "[HR8]", "[HRo]")[i % 3] for i in range(cells["[HR]"])]
    readings += list(QUESTION_CELLS) + [""] * PARK_RARE
    readings += list(PARK_OUTS[: 36 - len(readings)])
    return readings, {k: widths[k] for k in ("S", "D", "T", "[HR]") if widths[k]}


# How hard a ballpark card pushes its hits, as a power of the home effect. Runs go about as the
# square of hits (OBP times SLG), so a park whose home games score ``home`` times the runs was
# given sqrt(home) times the league's hits. Played, that put back only 0.62 of the park's effect
# in log terms (2023, 10 replays, ``bench.teams``: the slope of log(home / road runs per game) on
# log(home); 1970 0.64): the added hits are the park card's, mostly singles, and walks and
# strikeouts do not move with them, so runs grow more slowly than the square. The cards' runs
# fell short in hitters' parks and ran over in pitchers' parks (the team's cards against its
# men's real lines: -4.3 % for Colorado, +4.4 % for San Diego; slope -0.34 on log BPF).
PARK_GAIN = 1.6


def park_hit_factor(bpf: float) -> float:
    """The ballpark card's hits over the neutral park's: its home effect (twice the team's factor's
    distance from 100, as the factor averages home and road games) to the power PARK_GAIN / 2."""
    home = max(0.6, 2 * bpf / 100 - 1)
    return float(home ** (PARK_GAIN / 2))


def park_fields(cells: list[str], ranges: Mapping[str, int], hr_adjust: int) -> dict[str, object]:
    return {
        "matrix": [cells[r * 6 : r * 6 + 6] for r in range(6)],
        "hit_ranges": _ranges_text(ranges),
        "adjustments": {"k": 0, "w": 0, "hr": hr_adjust},
    }


# --- the season ---------------------------------------------------------------------


def _is_pitcher(p: Player) -> bool:
    return p.pitching is not None and p.pitching.bf > 0 and (p.batting is None or p.pitching.bf > p.batting.pa)


def league_opponents(season: Season, p: Player) -> dict[str, float]:
    """Where the season's leagues differ on the designated hitter (1973-2021 but 2020) or did not meet
    (before 1997), a pitcher's line as it would read against the pooled league's average batter: per
    result, the pooled league's rate over the rate of the league he pitched in (by BFP; all its PA,
    the pitchers' own at bat included). Cards meet as batter x pitcher / league, so a pitcher fitted
    to his raw line against the pooled average counts his league's opponents twice in its games: the
    NL's men, who faced pitchers batting, came out too good and the AL's, who faced a DH, too poor
    (1985, two replays: NL R/G -4.6 %, AL +3.1 %). Leagues that play apart count it the same way:
    1927's AL, whose batters outhit the NL's, played +9.5 % in R/G and the NL +0.9 % (one replay).
    Leagues that meet (from 1997) share enough opponents to leave it. {} otherwise."""
    leagues = sorted({t.league for t in season.teams.values()})
    differ = len({uses_dh(season.year, league) for league in leagues}) > 1 or not leagues_meet(season.year)
    if len(leagues) < 2 or not differ or p.pitching is None:
        return {}
    pooled = batting_rates(season.league_batting(), 1.0, {})
    weights: dict[str, float] = {}
    for stint in p.stints:
        team = season.teams.get(stint.team_id)
        if team is not None and stint.pitching is not None and stint.pitching.bf:
            weights[team.league] = weights.get(team.league, 0.0) + stint.pitching.bf
    total = sum(weights.values())
    if not total:
        return {}
    out: dict[str, float] = {}
    for league, weight in weights.items():
        own = batting_rates(season.league_batting(league), 1.0, {})
        for cat in ("1B", "2B", "3B", "HR", "BB", "HBP", "K"):
            ratio = pooled[_I[cat]] / own[_I[cat]] if own[_I[cat]] > 0 else 1.0
            out[cat] = out.get(cat, 0.0) + weight / total * ratio
    return out


def _side_vs(bats: str, hand: str) -> str:
    if bats == "S":
        return "R" if hand == "L" else "L"
    return bats


def fit_season(
    season: Season,
    *,
    adjust: Mapping[str, float] | None = None,
    pitcher_adjust: Mapping[str, float] | None = None,
    league_adjust: Mapping[str, Mapping[str, float]] | None = None,
    league_pitcher_adjust: Mapping[str, Mapping[str, float]] | None = None,
    spread: Mapping[str, float] | None = None,
    pitcher_spread: Mapping[str, float] | None = None,
    rounds: int = 4,
    depth_arms: Sequence[Player] = (),
    depth_bats: Sequence[Player] = (),
) -> SeasonFit:
    """Every card of the season; ``adjust`` scales the targets per result (the calibration's),
    ``pitcher_adjust`` those of pitchers batting (own cards and the generic one; default ``adjust``).
    ``league_adjust`` and ``league_pitcher_adjust`` (the calibration's, where the leagues keep scales
    of their own: ``seasons.calibrate.leagues_differ``) replace them for the players of a league they
    name (``seasons.calibrate.player_league``: the league of most of his PA and BFP); the generic
    pitcher-batting card takes the league whose pitchers came to bat most.
    ``spread`` stretches the batters' targets (not pitchers batting) about the league's rate
    per result, ``pitcher_spread`` the pitchers' (H for 1B, 2B and 3B): see :func:`stretch`.
    ``depth_arms`` (``seasons.depth.pool_depth_arm``: composites of real pitchers, not in
    ``season.players``) are fitted like any pitcher, against the same average batters, but
    weigh nothing in the league's shares and average pitcher: their men already do.
    ``depth_bats`` (``seasons.depth.pool_depth_bat``) likewise: fitted like any batter against
    the final average pitcher, weighing nothing in the average batter."""
    adjust = adjust or {}
    pitcher_adjust = pitcher_adjust or adjust
    by_league = league_adjust or {}
    pitchers_by_league = league_pitcher_adjust or {}

    def own_adjust(p: Player) -> Mapping[str, float]:
        """The scales of the player's league (the set's, where the leagues share them)."""
        league = player_league(p, season) if by_league else None
        return by_league.get(league, adjust) if league is not None else adjust

    def own_pitcher_adjust(p: Player) -> Mapping[str, float]:
        league = player_league(p, season) if by_league else None
        if league is None or league not in by_league:
            return pitcher_adjust
        return pitchers_by_league.get(league) or by_league[league]

    spread = spread or {}
    pitching_spread = pitcher_spread_by_result(pitcher_spread or {})
    fit = SeasonFit()
    players = list(season.players.values())
    batters = [p for p in players if gets_batter_card(p)]
    pitchers = [p for p in players if p.pitching is not None and p.pitching.bf > 0]
    league = season.league_batting()
    # The league shares: PA against left-handed pitchers, and by batter side.
    bfp_l = sum(p.pitching.bf for p in pitchers if p.throws == "L" and p.pitching)
    bfp_all = sum(p.pitching.bf for p in pitchers if p.pitching) or 1
    share_lhp = bfp_l / bfp_all
    pa_by = {"L": 0, "R": 0, "S": 0}
    for p in players:
        if p.batting:
            pa_by[p.bats if p.bats in pa_by else "R"] += p.batting.pa
    pa_all = sum(pa_by.values()) or 1
    share_left_side = {"L": pa_by["L"] / pa_all, "R": (pa_by["L"] + pa_by["S"]) / pa_all}
    non_hr = max(1, league.h - league.hr)
    hit_shares = [league.singles / non_hr, league.doubles / non_hr, league.triples / non_hr]

    # The neutral park card, from the league's balls in play.
    lg = batting_rates(league, 1.0, {})
    in_play = max(1e-9, lg[_I["1B"]] + lg[_I["2B"]] + lg[_I["3B"]] + lg[_I["HR"]] + lg[_I["OUT"]])
    neutral_units = {c: lg[_I[c]] / in_play * 720 for c in ("1B", "2B", "3B", "HR")}
    park_cells, park_ranges = build_park(neutral_units)

    def park_vec(hr: int) -> Vec:
        return card_vector(park_cells, park_ranges, _p(hr))

    # Targets by hand, stretched about the league's (calibrated) rates.
    bat_centre = batting_rates(league, 1.0, adjust)
    pit_centre = pitching_rates(season.league_pitching(), 1.0, hit_shares, adjust)
    bat_targets: dict[str, dict[str, Vec]] = {}
    extra_bats = [p for p in depth_bats if p.batting is not None and p.batting.pa > 0]
    for p in [*batters, *extra_bats]:
        assert p.batting is not None
        scales = own_pitcher_adjust(p) if _is_pitcher(p) else own_adjust(p)
        rates = batting_rates(p.batting, park_factor(season, p, True), scales)
        if not _is_pitcher(p):
            centre = batting_rates(league, 1.0, own_adjust(p)) if by_league else bat_centre
            rates = stretch(rates, centre, spread)
        same_share = share_lhp if p.bats == "L" else 1 - share_lhp
        same, opp = platoon(rates, p.bats, same_share)
        bat_targets[p.player_id] = {"L": same if p.bats == "L" else opp, "R": same if p.bats == "R" else opp}
        if p.bats == "S":
            bat_targets[p.player_id] = {"L": rates, "R": rates}
    pit_targets: dict[str, dict[str, Vec]] = {}
    arms = [p for p in depth_arms if p.pitching is not None and p.pitching.bf > 0]
    arm_ids = {p.player_id for p in arms}
    for p in [*pitchers, *arms]:
        assert p.pitching is not None
        opponents = league_opponents(season, p)
        own = own_adjust(p)
        scales = {k: own.get(k, 1.0) * opponents.get(k, 1.0) for k in set(own) | set(opponents)}
        centre = pitching_rates(season.league_pitching(), 1.0, hit_shares, own) if by_league else pit_centre
        rates = stretch(
            pitching_rates(p.pitching, park_factor(season, p, False), hit_shares, scales), centre, pitching_spread
        )
        left = share_left_side[p.throws if p.throws in ("L", "R") else "R"]
        # the batter's platoon rule seen from the mound: same-side batters are the ones held down
        hand = p.throws if p.throws in ("L", "R") else "R"
        same_side_share = left if hand == "L" else 1 - left
        same, opp = platoon(rates, hand, same_side_share)
        pit_targets[p.player_id] = {hand: same, ("R" if hand == "L" else "L"): opp}

    # Round 0: a template average pitcher (shares of the 35 read cells).
    # The scale of K and W is set here: the average pitcher carries twice the league's rate in K
    # (W) cells, so the average batter rates 10 in K (W); the rounds keep that scale.
    k_cells = min(FREE_PITCHER_CELLS - 8, round(2 * lg[_I["K"]] * READ))
    w_cells = min(FREE_PITCHER_CELLS - 3 - k_cells, round(2 * lg[_I["BB"]] * READ))
    template = PitcherSide({"K": k_cells, "K+": 0, "W": w_cells, "W+": 0, "HR": 1, "S1": 0, "**": 2}, 10, 0, 0)
    template.counts["blank"] = FREE_PITCHER_CELLS - sum(template.counts.values())
    avg_pitcher = {(h, s): template.shares() for h in "LR" for s in "LR"}
    # The singles are pinned like K and W: the pitchers are fitted against an average batter
    # whose card gives the batters' own average line against the template pitcher, which has no
    # S1 or ** cells. So a league-average pitcher needs none, and hits stay on the batters' cards.
    no_hits = PitcherSide({**template.counts, "**": 0, "blank": template.counts["blank"] + 2}, 10, 0, 0)
    pinned_template = no_hits.shares()
    pinned_targets: dict[tuple[str, str], Vec] = {}
    pinned_w: dict[tuple[str, str], float] = {}
    pinned_hr: dict[tuple[str, str], float] = {}  # the average HR check, from the HR ratings' rule
    for p in batters:
        assert p.batting is not None
        for hand in "LR":
            key = (hand, _side_vs(p.bats, hand))
            weight = p.batting.pa * (share_lhp if hand == "L" else 1 - share_lhp)
            target = bat_targets[p.player_id][hand]
            _axpy(pinned_targets.setdefault(key, _zero()), weight, target)
            pinned_hr[key] = pinned_hr.get(key, 0.0) + weight * _p(_hr_rating(target))
            pinned_w[key] = pinned_w.get(key, 0.0) + weight
    for key, total in pinned_w.items():
        pinned_targets[key] = [x / total for x in pinned_targets[key]] if total else lg
        pinned_hr[key] = pinned_hr[key] / total if total else 0.0
    bat_sides: dict[str, dict[str, BatterSide]] = {}
    bat_hbp: dict[str, int] = {}
    pit_sides: dict[str, dict[str, PitcherSide]] = {}
    clipped_b: dict[str, bool] = {}
    clipped_p: dict[str, bool] = {}

    def fit_batter(p: Player) -> dict[str, BatterSide]:
        """Both hands' card halves against the average pitcher as it stands."""
        t = bat_targets[p.player_id]
        hbp_target = t["L"][_I["HBP"]] * share_lhp + t["R"][_I["HBP"]] * (1 - share_lhp)
        hbp = _fit_batter_hbp(hbp_target, avg_pitcher, p.bats, share_lhp)
        sides = {}
        any_clip = False
        for hand in "LR":
            mixture = avg_pitcher[(hand, _side_vs(p.bats, hand))]
            side, clip = fit_batter_side(t[hand], mixture, park_vec(10), hbp)
            side, clip = fit_batter_side(t[hand], mixture, park_vec(side.hr), hbp)
            sides[hand] = side
            any_clip = any_clip or clip
        bat_sides[p.player_id], bat_hbp[p.player_id], clipped_b[p.player_id] = sides, hbp, any_clip
        return sides

    for n in range(1, rounds + 1):
        fit.rounds = n
        # batters against the average pitcher of each hand
        resp_sum: dict[tuple[str, str], dict[str, Vec]] = {}
        resp_w: dict[tuple[str, str], float] = {}
        for p in batters:
            assert p.batting is not None
            sides = fit_batter(p)
            hbp = bat_hbp[p.player_id]
            for hand in "LR":
                key = (hand, _side_vs(p.bats, hand))
                # The average batter rates 10 in K and W: that pins the scale shared by the
                # pitchers' K/W cells and the batters' ratings (only their product is seen,
                # so without an anchor the rounds drift along it).
                anchored = BatterSide(sides[hand].cells, sides[hand].ranges, ANCHOR, ANCHOR, sides[hand].hr)
                resp = responses(anchored, hbp, park_vec(sides[hand].hr))
                acc = resp_sum.setdefault(key, {k: _zero() for k in resp})
                weight = p.batting.pa * (share_lhp if hand == "L" else 1 - share_lhp)
                for k, v in resp.items():
                    _axpy(acc[k], weight, v)
                resp_w[key] = resp_w.get(key, 0.0) + weight
        avg_batter = {
            key: _pinned_batter(
                {k: [x / resp_w[key] for x in v] for k, v in acc.items()},
                pinned_targets[key],
                pinned_template,
                pinned_hr[key],
            )
            for key, acc in resp_sum.items()
            if resp_w[key]
        }
        total_w = sum(resp_w.values())
        overall = {
            k: [sum(resp_sum[key][k][i] for key in resp_sum) / total_w for i in range(len(CATS))]
            for k in next(iter(resp_sum.values()))
        }
        # pitchers against the average batter of each side (the league's, where a side is thin)
        share_sum: dict[tuple[str, str], dict[str, float]] = {}
        share_w: dict[tuple[str, str], float] = {}
        for p in [*pitchers, *arms]:
            assert p.pitching is not None
            hand = p.throws if p.throws in ("L", "R") else "R"
            sides_p = {}
            any_clip = False
            for s in "LR":
                resp = avg_batter[(hand, s)] if resp_w.get((hand, s), 0.0) >= 0.1 * total_w else overall
                side_p, clip = fit_pitcher_side(pit_targets[p.player_id][s], resp)
                sides_p[s] = side_p
                any_clip = any_clip or clip
            printed = round((sides_p["L"].hbp + sides_p["R"].hbp) / 2)
            for s in "LR":
                sides_p[s].hbp = printed
            pit_sides[p.player_id], clipped_p[p.player_id] = sides_p, any_clip
            if p.player_id in arm_ids:
                continue  # his men are in the average already
            left = share_left_side[hand]
            for s in "LR":
                weight = p.pitching.bf * (left if s == "L" else 1 - left)
                acc_s = share_sum.setdefault((hand, s), {})
                for kind, share in sides_p[s].shares().items():
                    acc_s[kind] = acc_s.get(kind, 0.0) + weight * share
                share_w[(hand, s)] = share_w.get((hand, s), 0.0) + weight
        new_avg = dict(avg_pitcher)
        for key, acc_s in share_sum.items():
            if share_w[key]:
                new_avg[key] = {k: v / share_w[key] for k, v in acc_s.items()}
        fit.last_change = max(
            abs(new_avg[key].get(k, 0.0) - avg_pitcher[key].get(k, 0.0))
            for key in new_avg
            for k in set(new_avg[key]) | set(avg_pitcher[key])
        )
        avg_pitcher = new_avg

    fit.average_pitcher = avg_pitcher
    # The batter cards are fitted once more against the final average pitcher (depth bats too).
    for p in [*batters, *extra_bats]:
        fit_batter(p)
    for p in [*batters, *extra_bats]:
        sides = bat_sides[p.player_id]
        fit.batters[p.player_id] = batter_fields(sides["L"], sides["R"], bat_hbp[p.player_id])
        fit.targets[p.player_id] = bat_targets[p.player_id]
        fit.achieved[p.player_id] = {
            hand: mix(
                avg_pitcher[(hand, _side_vs(p.bats, hand))],
                responses(sides[hand], bat_hbp[p.player_id], park_vec(sides[hand].hr)),
            )
            for hand in "LR"
        }
        if clipped_b[p.player_id]:
            fit.clipped.append(
                f"{p.name} ({p.player_id}) batting: beyond what a card holds, clipped to the nearest card"
            )
    # The batters as they are (their own ratings), averaged per (pitcher's hand, batter's side).
    real_sum: dict[tuple[str, str], dict[str, Vec]] = {}
    real_w: dict[tuple[str, str], float] = {}
    for p in batters:
        assert p.batting is not None
        for hand in "LR":
            key = (hand, _side_vs(p.bats, hand))
            side = bat_sides[p.player_id][hand]
            resp = responses(side, bat_hbp[p.player_id], park_vec(side.hr))
            acc = real_sum.setdefault(key, {k: _zero() for k in resp})
            weight = p.batting.pa * (share_lhp if hand == "L" else 1 - share_lhp)
            for k, v in resp.items():
                _axpy(acc[k], weight, v)
            real_w[key] = real_w.get(key, 0.0) + weight
    # (a league without left-handed pitchers weighs their half at zero: it has no average)
    real_avg = {
        key: {k: [x / real_w[key] for x in v] for k, v in acc.items()}
        for key, acc in real_sum.items()
        if real_w[key] > 0
    }
    for p in [*pitchers, *arms]:
        sides_p = pit_sides[p.player_id]
        fit.pitchers[p.player_id] = pitcher_fields(sides_p["L"], sides_p["R"])
        hand = p.throws if p.throws in ("L", "R") else "R"
        fit.pitcher_targets[p.player_id] = pit_targets[p.player_id]
        fit.pitcher_achieved[p.player_id] = {
            s: mix(sides_p[s].shares(), real_avg[(hand, s)] if (hand, s) in real_avg else next(iter(real_avg.values())))
            for s in "LR"
        }
        if clipped_p[p.player_id]:
            fit.clipped.append(
                f"{p.name} ({p.player_id}) pitching: beyond what a card holds, clipped to the nearest card"
            )

    # The generic pitcher-batting card: every pitcher's batting pooled, no platoon.
    pooled = Batting()
    pitchers_pa: dict[str, int] = {}
    generic_adjust = pitcher_adjust
    for p in players:
        if _is_pitcher(p) and p.batting is not None:
            pooled = pooled + p.batting
            if by_league and (lg_of := player_league(p, season)) is not None:
                pitchers_pa[lg_of] = pitchers_pa.get(lg_of, 0) + p.batting.pa
    if pitchers_pa:
        batting_league = max(sorted(pitchers_pa), key=lambda lg_name: pitchers_pa[lg_name])
        if batting_league in by_league:
            generic_adjust = pitchers_by_league.get(batting_league) or by_league[batting_league]
    rates = batting_rates(pooled, 1.0, generic_adjust)
    generic = {}
    for hand in "LR":
        side, _ = fit_batter_side(rates, avg_pitcher[(hand, "R")], park_vec(0), 0)
        generic[hand] = side
    fit.pitcher_batting = batter_fields(generic["L"], generic["R"], 0)

    # Ballparks: the home park's effect (twice the team's factor's distance from 100, as the
    # factor averages home and road) put back on the park card's hits and its HR adjustment.
    lg_hits = sum(lg[_I[c]] for c in ("1B", "2B", "3B", "HR"))
    park_share = sum(avg_pitcher[key].get("park", 0.0) for key in avg_pitcher) / len(avg_pitcher)
    neutral_hits = sum(neutral_units.values()) / 720
    for team_id, team in season.teams.items():
        hits = park_hit_factor(team.bpf)
        delta = (hits - 1) * lg_hits / max(park_share, 1e-9)
        scale = max(0.2, (neutral_hits + delta) / neutral_hits) if neutral_hits else 1.0
        cells, ranges = build_park({c: u * scale for c, u in neutral_units.items()})
        hr_adjust = max(-10, min(10, round((hits - 1) * 8)))
        fit.ballparks[team_id] = park_fields(cells, ranges, hr_adjust)
    return fit


def _pinned_batter(
    avg: Mapping[str, Vec], target: Vec, template: Mapping[str, float], hr_check: float
) -> dict[str, Vec]:
    """The average batter the pitchers are fitted against, its card content pinned.

    ``avg`` is the fitted batters' average response on each cell kind. Its checks (the K, W,
    HR and HBP chances: how often each kind of cell ends the PA without the card) are kept,
    and its card is replaced by the one that gives ``target`` (the batters' average line)
    against ``template``, a pitcher with no S1 or ** cells. Without the pin the split of
    singles between the pitchers' S1 cells and the batters' cards is free, and the rounds
    drift onto the pitchers' cards, which flattens every batter's average. The HR check is
    pinned the same way, to ``hr_check``, the average chance of the batters' HR ratings as
    their rule gives them (20 x HR/PA / HR_RATING_SCALE): otherwise batters' ratings and the
    pitchers' HR cells drift apart together.
    """
    card = avg["card"]
    # each response is card * (1 - p) + p * unit: read p off the response's own category
    checks: dict[str, tuple[float, int]] = {}
    for kind, v in avg.items():
        if kind in ("card", "park"):
            continue
        if kind == "S1" or kind == "**":
            checks[kind] = (1.0, _I["1B" if kind == "S1" else "OUT"])
            continue
        cat = {"K": "K", "K+": "K", "W": "BB", "W+": "BB", "HR": "HR"}.get(kind, "HBP")
        i = _I[cat]
        p = (v[i] - card[i]) / (1 - card[i]) if card[i] < 1 else 1.0
        checks[kind] = (min(1.0, max(0.0, p)), i)
    if "HR" in checks:
        checks["HR"] = (hr_check, _I["HR"])
    fixed = _zero()
    card_mass = 0.0
    for kind, share in template.items():
        if not share:
            continue
        if kind == "card":
            card_mass += share
        elif kind == "park":
            _axpy(fixed, share, avg["park"])
        else:
            p, i = checks[kind]
            fixed[i] += share * p
            card_mass += share * (1 - p)
    rest = [max(0.0, (t - f) / card_mass) if card_mass > 0 else 0.0 for t, f in zip(target, fixed, strict=True)]
    total = sum(rest[:-1])
    pinned = [x / total for x in rest[:-1]] + [0.0] if total > 1 else [*rest[:-1], 1 - total]
    out: dict[str, Vec] = {"card": pinned, "park": list(avg["park"])}
    for kind, (p, i) in checks.items():
        v = [x * (1 - p) for x in pinned]
        v[i] += p
        out[kind] = v
    return out


def _fit_batter_hbp(
    target: float, avg_pitcher: Mapping[tuple[str, str], Mapping[str, float]], bats: str, lhp: float
) -> int:
    def rate(b: int) -> float:
        total = 0.0
        for hand, w in (("L", lhp), ("R", 1 - lhp)):
            for kind, share in avg_pitcher[(hand, _side_vs(bats, hand))].items():
                if kind.startswith("HBP"):
                    v = int(kind[3:])
                    total += w * share * (_p(b + v) if b + v >= 1 else 0.0)
        return total

    return min(range(21), key=lambda b: abs(rate(b) - target))
