"""A Deep Drive card's 50 numbers from a player's rates (the method: docs/deep-drive/real-seasons.md).

Each card holds half of every plate appearance (DDB "How to Play": 00-49 the batter's, 50-99
the pitcher's), so a result's count is 50·(2·rate − league rate): a league-average batter
against a league-average pitcher gets the league's rates. The results a card's numbers give
are the DDB play codes: DD (read on the batter's DEEP DRIVE section), SI+, SI, BB, HBP, SO,
DEF (read on the handbook's DEF Chart, whose own singles and errors are taken out of the
card's singles) and OUT (the rest).

Everything here is arithmetic on plain numbers; ``seasons.deep_drive.generate`` feeds it a
season.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from seasons.lahman import apportion
from seasons.stats import Batting, Pitching

CODES = ("DD", "SI+", "SI", "BB", "HBP", "SO", "DEF", "OUT")
RARE_ABLE = ("DD", "SI+", "SI", "BB", "HBP", "SO")  # results that may read "rare N" or "never"
NUMBERS = 50  # a card's numbers (00-49 or 50-99)
DEF_SHARE = 0.10  # the league's plate appearances sent to the DEF Chart (the handbook's P_DEF)
DD_HIT_SHARE = 0.70  # rolls of a DEEP DRIVE section that are hits (HR, TR, DO); the rest his deep fly
SI_PLUS_SHARE = 0.50  # of a card's singles, the SI+ (runners likely to take two bases)
SECTION = 100


@dataclass(frozen=True)
class Rates:
    """Per plate appearance (batters) or batter faced (pitchers): the outcomes a card must give."""

    hr: float
    tr: float
    do: float
    si: float  # singles
    bb: float
    hbp: float
    so: float

    @property
    def bip(self) -> float:
        """Balls in play, hits among them (all but HR, BB, HBP, SO)."""
        return max(0.0, 1 - self.hr - self.bb - self.hbp - self.so)

    @property
    def xbh(self) -> float:
        return self.hr + self.tr + self.do


def batting_rates(b: Batting, factor: float = 1.0) -> Rates:
    """Per PA (sacrifice bunts left out: the managers call those). Intentional walks stay among the
    walks: Deep Drive has no intentional walk (the book names none, the auto-manager calls none), so
    a card that left them out would take a star's intentional walks from him and the calibration's
    BB scale would hand them to everyone. Singles, doubles and triples lose the home park as Inside
    Pitch's do (÷√factor, Lahman's BPF); home runs keep it, because the handbook's Ballpark Effects
    take the home half out in play."""
    pa = b.ab + b.bb + b.hbp + b.sf
    if pa <= 0:
        return Rates(0, 0, 0, 0, 0, 0, 0)
    hit = 1 / math.sqrt(factor)
    return Rates(
        hr=b.hr / pa,
        tr=b.triples * hit / pa,
        do=b.doubles * hit / pa,
        si=b.singles * hit / pa,
        bb=b.bb / pa,
        hbp=b.hbp / pa,
        so=b.k / pa,
    )


def pitching_rates(p: Pitching, shares: Sequence[float], factor: float = 1.0) -> Rates:
    """Per batter faced, intentional walks among the walks as for batters (sacrifice bunts left out);
    hits other than home runs split into 1B, 2B, 3B by the league's ``shares`` (Lahman has no doubles
    or triples allowed)."""
    bf = p.bf - p.sh
    if bf <= 0:
        return Rates(0, 0, 0, 0, 0, 0, 0)
    other = max(0, p.h - p.hr) / math.sqrt(factor)
    return Rates(
        hr=p.hr / bf,
        tr=other * shares[2] / bf,
        do=other * shares[1] / bf,
        si=other * shares[0] / bf,
        bb=p.bb / bf,
        hbp=p.hbp / bf,
        so=p.k / bf,
    )


def code_rates(
    r: Rates, league: Rates, def_vector: Mapping[str, float], si_plus: float = SI_PLUS_SHARE
) -> dict[str, float]:
    """The rate each play code must reach (DD, SI+, SI, BB, HBP, SO, DEF; OUT the rest).

    DEF takes :data:`DEF_SHARE` of the league's balls in play, as this player's balls in play go
    (a strikeout pitcher sends fewer to the fielders); its singles (``def_vector``'s SI and SI+,
    the handbook's average-defense shares) come out of the card's singles. DD carries the extra-base
    hits at :data:`DD_HIT_SHARE` of its rolls. ``si_plus`` is the SI+ share of the singles (the
    calibration's, fitted to the league's runs: ``seasons.deep_drive.generate``)."""
    dfn = DEF_SHARE * r.bip / league.bip if league.bip > 0 else 0.0
    singles = r.si - dfn * (def_vector["SI"] + def_vector["SI+"])
    out = {
        "DD": r.xbh / DD_HIT_SHARE,
        "SI+": singles * si_plus,
        "SI": singles * (1 - si_plus),
        "BB": r.bb,
        "HBP": r.hbp,
        "SO": r.so,
        "DEF": dfn,
    }
    out["OUT"] = 1 - sum(out.values())
    return out


@dataclass(frozen=True)
class Counts:
    numbers: dict[str, int]  # CODES -> how many of the 50 numbers
    exact: dict[str, float]  # 50·(2·rate − league), before rounding
    clipped: bool  # the results other than OUT wanted more than the 50 numbers (scaled down)


def card_counts(rates: Mapping[str, float], league: Mapping[str, float]) -> Counts:
    """Each code's count 50·(2·rate − league), negatives at 0, whole numbers by largest remainder
    (OUT is what the others leave; if they leave less than nothing they are scaled down)."""
    exact = {c: NUMBERS * (2 * rates[c] - league[c]) for c in CODES if c != "OUT"}
    wanted = {c: max(0.0, v) for c, v in exact.items()}
    clipped = False
    total = sum(wanted.values())
    if total > NUMBERS:
        wanted = {c: v * NUMBERS / total for c, v in wanted.items()}
        clipped = True
    wanted["OUT"] = NUMBERS - sum(wanted.values())
    exact["OUT"] = NUMBERS - sum(exact.values())
    whole = apportion(NUMBERS, [wanted[c] for c in CODES])
    return Counts(dict(zip(CODES, whole, strict=True)), exact, clipped)


def rare_line(rate: float, league: float, had_any: bool) -> str | None:
    """A result the card gives no numbers: "never" when the player never had it; otherwise
    "rare N", so that the other card's reading stands on mod dice 0..N: his rate against an
    average opponent is then half the league's times (N+1)/10, so N+1 = round(20·rate/league).
    None: the other card's reading should always stand (no line)."""
    if not had_any:
        return "never"
    if league <= 0:
        return None
    k = round(20 * rate / league)
    if k >= 10:
        return None
    return f"rare {max(0, k - 1)}"


def ranges(counts: Mapping[str, int], low: int) -> dict[str, str]:
    """The codes' numbers laid out in :data:`CODES` order from ``low`` ("00-05" ...)."""
    out: dict[str, str] = {}
    at = low
    for code in CODES:
        n = counts.get(code, 0)
        if n <= 0:
            continue
        out[code] = f"{at:02d}" if n == 1 else f"{at:02d}-{at + n - 1:02d}"
        at += n
    return out


DEEP_FLY = {"R": "F7d", "L": "F9d", "S": "F8d"}  # the side he pulls to (switch hitters: center)


def deep_section(hr: float, tr: float, do: float, bats: str) -> dict[str, str]:
    """The DEEP DRIVE section: :data:`DD_HIT_SHARE` of the 100 rolls split HR, TR, DO as his own
    extra-base hits go (largest remainder), then his deep fly; HR from 00 up (DDB "Ballpark
    Effects" reads 00-09 and 90-99)."""
    hits = round(SECTION * DD_HIT_SHARE)
    weights = [hr, tr, do] if hr + tr + do > 0 else [0.0, 0.0, 1.0]
    split = apportion(hits, weights)
    counts = dict(zip(("HR", "TR", "DO"), split, strict=True))
    counts[DEEP_FLY.get(bats, "F8d")] = SECTION - hits
    out: dict[str, str] = {}
    at = 0
    for code, n in counts.items():
        if n > 0:
            out[code] = f"{at:02d}" if n == 1 else f"{at:02d}-{at + n - 1:02d}"
            at += n
    return out


def chances(
    rates: Mapping[str, float], league: Mapping[str, float], low: int, had: Mapping[str, bool]
) -> tuple[dict[str, str], Counts]:
    """A card's ``chances`` table: numbers, and "rare N"/"never" for the results left without any."""
    counts = card_counts(rates, league)
    table = ranges(counts.numbers, low)
    for code in RARE_ABLE:
        if counts.numbers[code] == 0:
            line = rare_line(rates[code], league[code], had.get(code, True))
            if line is not None:
                table[code] = line
    return {c: table[c] for c in CODES if c in table}, counts
