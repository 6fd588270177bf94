"""The OUTS section: ten out codes, one per mod die (DDB "Outs Chart").

Lahman has no batted-ball types, so each card starts from a league default of outs in play
(:data:`OUT_MIX`: grounders, flies, pop-ups, liners) and tilts it by what the player's line
does say: double plays grounded into (grounders, and hard ones: DDB "G#h" are the double-play
balls), sacrifice flies (flies, and deep ones) and sacrifice bunts (slow grounders, which move
runners up). A ratio is the player's rate over the league's, regressed toward 1 by
:data:`REGRESS` plate appearances; a season without the column leaves it at 1.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass

from seasons.lahman import apportion

OUT_MIX = {"G": 0.48, "F": 0.33, "P": 0.12, "L": 0.07}  # shares of outs in play, the modern league's
HARD_SHARE = 0.35  # grounders that are hard (G#h, the double-play balls) on a league-average card
REGRESS = 200.0  # plate appearances (batters faced) of league rate added before a ratio is taken
# Fielders in the order a side's grounders, flies and liners fill them (R pulls to the left side).
GROUNDERS = {"R": ("6", "5", "4", "6", "3", "1", "5"), "L": ("4", "3", "6", "4", "5", "1", "3")}
GROUNDERS["S"] = ("6", "4", "5", "3", "6", "1", "4")
FLIES = {"R": ("7", "8", "9"), "L": ("9", "8", "7"), "S": ("8", "7", "9")}
LINERS = {"R": ("6", "5", "4", "3"), "L": ("4", "3", "6", "5"), "S": ("6", "4", "5", "3")}
POPS = ("P6", "P4", "Pf", "P5", "P3", "Pm")


@dataclass(frozen=True)
class Tilt:
    """The player's ratios to the league: double plays, sacrifice flies, sacrifice bunts (1 = league)."""

    gdp: float = 1.0
    sf: float = 1.0
    sh: float = 1.0


def ratio(count: float, exposure: float, league_count: float, league_exposure: float) -> float:
    """His rate over the league's, regressed by :data:`REGRESS`; 1 when the league has none."""
    if league_count <= 0 or league_exposure <= 0:
        return 1.0
    lg = league_count / league_exposure
    return ((count + REGRESS * lg) / (max(exposure, 0) + REGRESS)) / lg


def dither(card_id: str) -> float:
    """A fixed number in [0, 1) for a card (from its id), for :func:`outs_section`."""
    return zlib.crc32(card_id.encode("utf-8")) / 2**32


def type_counts(tilt: Tilt) -> dict[str, int]:
    """How many of the ten mod dice are grounders, flies, pop-ups and liners."""
    g = OUT_MIX["G"] * math.sqrt(tilt.gdp)
    f = OUT_MIX["F"] * math.sqrt(tilt.sf)
    weights = {"G": g, "F": f, "P": OUT_MIX["P"], "L": OUT_MIX["L"]}
    counts = dict(zip(weights, apportion(10, list(weights.values())), strict=True))
    for kind in ("G", "F"):  # every card keeps a grounder and a fly
        if counts[kind] == 0:
            counts[max(counts, key=lambda k: counts[k])] -= 1
            counts[kind] = 1
    return counts


def outs_section(tilt: Tilt, side: str, hard_scale: float = 1.0, dither: float = 0.5) -> list[str]:
    """The ten codes, mod die 0-9. ``side``: "R", "L" or "S" (pitchers: "S", batters of both sides).
    ``hard_scale`` multiplies :data:`HARD_SHARE` (the calibration's GDP scale: ``seasons.calibrate``).
    The hard grounders' count is floor(grounders x share + ``dither``): 0.5 rounds; a fixed number in
    [0, 1) per card (the generator's :func:`dither`) makes the league's share follow the scale
    smoothly instead of in whole grounders."""
    side = side if side in GROUNDERS else "S"
    n = type_counts(tilt)
    hard_share = HARD_SHARE * hard_scale * tilt.gdp
    hard = min(n["G"] - 1, max(0, math.floor(n["G"] * hard_share + dither))) if n["G"] > 1 else 0
    slow = 1 if n["G"] - hard >= 3 or (tilt.sh > 1.5 and n["G"] - hard >= 2) else 0
    grounders = []
    for i in range(n["G"]):
        fielder = GROUNDERS[side][i % len(GROUNDERS[side])]
        kind = "h" if i < hard else "s" if i < hard + slow else ""
        grounders.append(f"G{fielder}{kind}")
    deep = min(n["F"], max(0, round(n["F"] * 0.25 * tilt.sf)))
    shallow = 1 if n["F"] - deep >= 3 else 0
    flies = []
    for i in range(n["F"]):
        kind = "d" if i < deep else "s" if i < deep + shallow else ""
        flies.append(f"F{FLIES[side][i % 3]}{kind}")
    pops = [POPS[i % len(POPS)] for i in range(n["P"])]
    liners = [f"L{LINERS[side][i % 4]}" for i in range(n["L"])]
    # Interleave so that neighbouring mod dice differ in kind.
    groups = [grounders, flies, pops, liners]
    out: list[str] = []
    while any(groups):
        for g in groups:
            if g:
                out.append(g.pop(0))
    return out
