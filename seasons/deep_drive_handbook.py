"""Deep Drive's Season Handbook derived from a real season's league totals.

``derive(totals) -> str`` builds the handbook's TOML text (engine.deep_drive.handbook reads
it) from :class:`LeagueTotals`; ``totals_from_season(season)`` fills those from a Lahman
season; ``figures(handbook, totals)`` sets every chart's exact expectation (by enumerating
its cells) beside the real season's figure. ``python -m seasons.deep_drive_handbook 2016``
writes ``engine/deep_drive/tables/handbook-2016.toml`` and prints the figures.

The method, its assumptions and the 2016 figures: docs/deep-drive/handbook.md. Every number
the Lahman tables lack is a named constant below, stated there too.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.deep_drive.handbook import (
    AVERAGE,
    EVENT_GRADES,
    FIELDERS,
    MAX_RATING,
    MIN_RATING,
    PC_EVENTS,
    STEAL_LETTERS,
    WINDOW,
    Handbook,
    def_vector_mix,
    event_grade,
    parse_handbook,
    pc_rates,
    steal_attempt,
    steal_letter,
    steal_number,
    steal_success,
    window_hr,
)
from seasons.lahman import ATTRIBUTION, apportion
from seasons.stats import Player, Season

# --- the assumptions (Lahman lacks these; docs/deep-drive/handbook.md) --------------------------

DEF_SHARE = 0.10  # share of plate appearances a card set sends to the DEF Chart (the generator's P_DEF)
ROE_PER_ERROR = 0.6  # batters reaching on an error per error charged (no ROE column in Lahman)
PA_ON_SHARE = 0.43  # plate appearances with a runner on base, per plate appearance
PICKOFFS_PER_CS = 0.3  # pickoffs per caught stealing (no pickoff column in Lahman)
CHANCES_PER_TIME_ON_FIRST = 1.3  # plate appearances a runner on first spends with second open (kappa)
FIRST_BASE_SHARE = 0.05  # the first baseman's share of DEF balls (his putouts are mostly throws)
CATCHER_ROWS = 2  # DEF rows the catcher plays at least (his share by putouts less strikeouts is near 0)
# The DEF block order: a sweep from the first-base line to the third-base line (puts 63 at SS).
DEF_ORDER = ("P", "C", "1B", "RF", "2B", "CF", "SS", "3B", "LF")
BASE_CODES = {
    "P": ("G1", "G1", "P1", "G1h"),
    "C": ("P2", "G2"),
    "1B": ("G3", "G3", "L3", "P3"),
    "2B": ("G4", "G4", "L4", "P4", "G4h"),
    "RF": ("F9", "F9", "F9s"),
    "CF": ("F8", "F8", "F8s"),
    "SS": ("G6", "G6", "L6", "P6", "G6h"),
    "3B": ("G5", "G5", "L5", "P5"),
    "LF": ("F7", "F7", "F7s"),
}
# Rating mix at every position (share of play by card rating 1-5), until the generator's own.
RATING_MIX = {1: 0.10, 2: 0.20, 3: 0.40, 4: 0.20, 5: 0.10}
# Relative hit and error chances by effective rating -1..6 (hits: the handbook design's ladder).
HIT_LADDER = {-1: 2.1, 0: 1.8, 1: 1.5, 2: 1.2, 3: 1.0, 4: 0.8, 5: 0.6, 6: 0.45}
ERROR_LADDER = {-1: 2.4, 0: 2.0, 1: 1.6, 2: 1.3, 3: 1.0, 4: 0.75, 5: 0.5, 6: 0.35}
# Grades by exposure-weighted rate percentile: A (fewest) .. F (most).
EVENT_GRADE_SHARES = (0.10, 0.20, 0.40, 0.20, 0.10)
PICKOFF_GRADE_RATES = (0.25, 0.5, 1.0, 1.5, 1.75)  # pickoffs by grade over the league rate (assumed)
ON_BASE_CHECK = 10  # On-Base Event rolls that go to the Pitcher/Catcher Chart (widened if the events overflow)
# STEAL letters by success rate, attempt-weighted: A (best) .. F.
STEAL_LETTER_SHARES = (0.10, 0.20, 0.25, 0.20, 0.15, 0.10)
STEAL_SHRINK = 5.0  # attempts of league success added to a runner's own before grading
ATTEMPT_SHAPE = (1, 1, 2, 2, 3, 4, 5, 6, 7, 9)  # attempt cells per decade of the Stolen Base Chart
H_BAR = 20  # Deep Drive HR rolls of a typical batter eligible for Ballpark Effects


@dataclass(frozen=True)
class Runner:
    singles: int
    bb: int
    hbp: int
    sb: int
    cs: int

    @property
    def chances(self) -> float:
        return (self.singles + self.bb + self.hbp) * CHANCES_PER_TIME_ON_FIRST


@dataclass(frozen=True)
class LeagueTotals:
    """What the derivation reads: league totals and the per-player exposures the grades need."""

    year: int
    pa: int
    ab: int
    h: int
    hr: int
    so: int
    sf: int
    e: int
    team_games: int  # every team's games summed (two per game)
    wp: int
    bk: int
    pb: int
    sb: int
    cs: int
    fielder_chances: Mapping[str, float]  # DEF-ball share weights by position
    errors_by_position: Mapping[str, int]
    pitchers: Sequence[tuple[int, int, int]] = ()  # (BFP, WP, BK)
    catchers: Sequence[tuple[int, int]] = ()  # (InnOuts, PB)
    runners: Sequence[Runner] = ()
    parks: Mapping[str, tuple[float, int]] = field(default_factory=dict)  # park id -> (BPF/100, home games)
    team_park: Mapping[str, str] = field(default_factory=dict)  # team id -> its park id

    @property
    def babip(self) -> float:
        return (self.h - self.hr) / (self.ab - self.so - self.hr + self.sf)

    @property
    def pa_on(self) -> float:
        return self.pa * PA_ON_SHARE

    @property
    def po(self) -> float:
        return self.cs * PICKOFFS_PER_CS


def catcher_outs(player: Player, season: Season) -> int | None:
    """A catcher's inning-outs behind the plate (his passed balls' exposure): Lahman's InnOuts, or
    where the season lacks them (1911-53) his team's outs shared among its catchers by games caught."""
    f = player.fielding.get("C")
    if f is None:
        return None
    if f.inn_outs is not None:
        return f.inn_outs
    team = season.teams.get(player.team_id)
    if team is None or not f.g:
        return None
    caught = sum(
        p.fielding["C"].g for p in season.players.values() if p.team_id == player.team_id and "C" in p.fielding
    )
    return round(team.pitching.outs * f.g / caught) if caught else None


def totals_from_season(season: Season) -> LeagueTotals:
    """The season's league totals, the players' exposures and the parks, keyed as a card set keys them."""
    b, p = season.league_batting(), season.league_pitching()
    fld: dict[str, dict[str, int]] = {pos: {"po": 0, "a": 0, "e": 0} for pos in FIELDERS}
    catchers: list[tuple[int, int]] = []
    for player in season.players.values():
        for pos, f in player.fielding.items():
            fld[pos]["po"] += f.po
            fld[pos]["a"] += f.a
            fld[pos]["e"] += f.e
            if pos == "C" and (outs := catcher_outs(player, season)):
                catchers.append((outs, f.pb))
    chances = {pos: float(fld[pos]["a"]) for pos in ("P", "2B", "3B", "SS")}
    chances |= {pos: float(fld[pos]["po"]) for pos in ("LF", "CF", "RF")}
    chances["C"] = float(max(fld["C"]["po"] - b.k, 0))
    known = sum(chances.values())
    chances["1B"] = known * FIRST_BASE_SHARE / (1 - FIRST_BASE_SHARE)
    pitchers = [
        (pl.pitching.bf, pl.pitching.wp, pl.pitching.bk)
        for pl in season.players.values()
        if pl.pitching and pl.pitching.bf
    ]
    runners = [
        Runner(pl.batting.singles, pl.batting.bb, pl.batting.hbp, pl.batting.sb, pl.batting.cs)
        for pl in season.players.values()
        if pl.batting
    ]
    parks = {f"{t.team_id.lower()}-{season.year}-park": (t.bpf / 100, t.g_home) for t in season.teams.values()}
    team_park = {
        f"{t.team_id.lower()}-{season.year}": f"{t.team_id.lower()}-{season.year}-park" for t in season.teams.values()
    }
    return LeagueTotals(
        year=season.year,
        pa=b.pa,
        ab=b.ab,
        h=b.h,
        hr=b.hr,
        so=b.k,
        sf=b.sf,
        e=sum(t.e for t in season.teams.values()),
        team_games=sum(t.g for t in season.teams.values()),
        wp=p.wp,
        bk=p.bk,
        pb=sum(pb for _, pb in catchers),
        sb=b.sb,
        cs=b.cs,
        fielder_chances=chances,
        errors_by_position={pos: fld[pos]["e"] for pos in FIELDERS},
        pitchers=pitchers,
        catchers=catchers,
        runners=runners,
        parks=parks,
        team_park=team_park,
    )


# --- the pieces (pure arithmetic, tested on hand-made numbers) ----------------------------------


def ladder_curve(mean: float, ladder: Mapping[int, float], mix: Mapping[int, float] = RATING_MIX) -> dict[int, float]:
    """Chance by effective rating -1..6, proportional to ``ladder``, whose ``mix``-weighted mean is ``mean``."""
    norm = sum(share * ladder[r] for r, share in mix.items()) / sum(mix.values())
    return {r: min(1.0, mean * ladder[r] / norm) for r in range(MIN_RATING, MAX_RATING + 1)}


def staircase(rows: int, chance: Mapping[int, float]) -> list[int]:
    """Thresholds of a ``rows``-row staircase whose count of rows with t >= r is round(rows * chance[r])."""
    return thresholds({r: round(rows * chance[r]) for r in range(MIN_RATING, MAX_RATING + 1)})


def thresholds(counts: Mapping[int, int]) -> list[int]:
    """Rows' thresholds, high to low, such that #{t >= r} = counts[r] (counts made non-increasing in r)."""
    fixed: list[tuple[int, int]] = []
    for r in range(MIN_RATING, MAX_RATING + 1):
        c = counts[r] if not fixed else min(counts[r], fixed[-1][1])
        fixed.append((r, c))
    top = fixed[0][1]
    return [max(r for r, c in fixed if c >= j) for j in range(1, top + 1)]


def joint_counts(expected: Mapping[str, Mapping[int, float]]) -> dict[str, dict[int, int]]:
    """Whole row counts by position and rating whose sum over positions is the rounded sum of ``expected``
    at every rating (largest remainder, so rounding does not pile up across positions)."""
    names = list(expected)
    out: dict[str, dict[int, int]] = {p: {} for p in names}
    for r in range(MIN_RATING, MAX_RATING + 1):
        weights = [expected[p][r] for p in names]
        for p, c in zip(names, apportion(round(sum(weights)), weights), strict=True):
            out[p][r] = c
    return out


def grade_cuts(items: Sequence[tuple[float, float]], shares: Sequence[float]) -> list[float]:
    """Cut points of ``items`` ``(exposure, rate)``: where the ascending, exposure-weighted order
    crosses each cumulative share (one fewer cut than shares), halfway between the neighbouring rates."""
    ordered = sorted(items, key=lambda x: x[1])
    total = sum(x[0] for x in ordered)
    cuts: list[float] = []
    seen = 0.0
    last: float | None = None
    for bound in [total * sum(shares[: i + 1]) for i in range(len(shares) - 1)]:
        while ordered and seen + ordered[0][0] <= bound:
            exposure, last = ordered.pop(0)
            seen += exposure
        if not ordered:
            cuts.append(cuts[-1] if cuts else 0.0)
        elif last is None or last == ordered[0][1]:
            cuts.append(ordered[0][1])  # a tie across the bound: the tied rate, whose items go below it
        else:
            cuts.append((last + ordered[0][1]) / 2)  # halfway between neighbours: rounding cannot move anyone
    return cuts


def pool_by_grade(items: Sequence[tuple[float, float, str]], grades: Sequence[str]) -> tuple[list[float], list[float]]:
    """(count / exposure, share of exposure) per grade for items ``(exposure, count, grade)``."""
    exposure = dict.fromkeys(grades, 0.0)
    counts = dict.fromkeys(grades, 0.0)
    for exp, count, grade in items:
        exposure[grade] += exp
        counts[grade] += count
    total = sum(exposure.values()) or 1.0
    return [counts[g] / exposure[g] if exposure[g] else 0.0 for g in grades], [exposure[g] / total for g in grades]


def event_cells(rate: float, ratios: Sequence[float], check: int, shares: Sequence[float] | None = None) -> list[int]:
    """Pitcher/Catcher cells by grade: a grade takes its zone's first k rolls, k near
    100 * rate * ratio / (check / 100), never falling from A to F.

    ``rate`` is the event per PA with runners on. With ``shares`` (each grade's share of the
    exposure) single cells then move, one at a time, while that brings the exposure-weighted
    mean nearer the rate: rounding each grade alone can miss it by several per cent."""
    exact = [100 * rate * ratio * 100 / check for ratio in ratios]
    cells: list[int] = []
    for x in exact:
        k = round(x)
        cells.append(max(k, cells[-1]) if cells else k)
    if shares is None:
        return cells

    def score(ks: Sequence[int]) -> tuple[float, float]:
        # first the weighted mean's miss, then each grade's own distance from its exact count
        mean_miss = abs(sum(s * (k - x) for s, k, x in zip(shares, ks, exact, strict=True)))
        return round(mean_miss, 9), sum(s * abs(k - x) for s, k, x in zip(shares, ks, exact, strict=True))

    while True:
        best, best_score = None, score(cells)
        for g in range(len(cells)):
            for step in (-1, 1):
                trial = cells.copy()
                trial[g] += step
                ok = trial[g] >= 0 and all(a <= b for a, b in itertools.pairwise(trial))
                if ok and score(trial) < best_score:
                    best, best_score = trial, score(trial)
        if best is None:
            return cells
        cells = best


def steal_rows(attempts: Sequence[int], success: Sequence[float]) -> list[list[str]]:
    """The Stolen Base Chart's 100 readings x letters: decade d has ``attempts[d]`` attempt cells
    (ones digits 0..a-1), of which the first are SB in the share ``success[letter]``, spread by
    cumulative rounding so every reach of decades keeps the letter's rate."""
    chart = [["-"] * len(success) for _ in range(100)]
    for j, s in enumerate(success):
        cum = 0
        for d, a in enumerate(attempts):
            sb = round(s * (cum + a)) - round(s * cum)
            for ones in range(a):
                chart[d * 10 + ones][j] = "SB" if ones < sb else "CS"
            cum += a
    return chart


def attempt_function(attempts: Sequence[int]) -> list[float]:
    """A(n) = sum of attempt cells in decades 0..n over 100."""
    return [sum(attempts[: n + 1]) / 100 for n in range(10)]


def nearest_steal(rate: float, a_of_n: Sequence[float]) -> int:
    """The STEAL number whose A(n) is nearest ``rate`` (ties: the lower)."""
    return min(range(len(a_of_n)), key=lambda n: (round(abs(a_of_n[n] - rate), 12), n))


def runner_success(r: Runner, league: float) -> float:
    """A runner's success rate shrunk toward the league's by :data:`STEAL_SHRINK` attempts."""
    return (r.sb + STEAL_SHRINK * league) / (r.sb + r.cs + STEAL_SHRINK)


def event_items(totals: LeagueTotals) -> dict[str, list[tuple[float, float, float]]]:
    """(exposure, count, rate) per pitcher (WP, BK per batter faced) and per catcher (PB per inning-out)."""
    return {
        "WP": [(float(bfp), float(wp), wp / bfp) for bfp, wp, _ in totals.pitchers],
        "BK": [(float(bfp), float(bk), bk / bfp) for bfp, _, bk in totals.pitchers],
        "PB": [(float(io), float(pb), pb / io) for io, pb in totals.catchers],
    }


def fit_attempts(runners: Sequence[Runner], target: float) -> tuple[list[int], float]:
    """Scale :data:`ATTEMPT_SHAPE` so the runners' predicted attempts come nearest ``target`` (SB + CS).

    Returns (attempt cells per decade, predicted attempts)."""
    best: tuple[float, list[int], float] | None = None
    for step in range(50, 201):
        scale = step / 100
        cells = [max(1 if d == 0 else 0, min(10, round(a * scale))) for d, a in enumerate(ATTEMPT_SHAPE)]
        a_n = attempt_function(cells)
        predicted = sum(r.chances * a_n[nearest_steal((r.sb + r.cs) / r.chances, a_n)] for r in runners if r.chances)
        miss = abs(predicted - target)
        if best is None or miss < best[0]:
            best = (miss, cells, predicted)
    assert best is not None
    return best[1], best[2]


def park_cells(pf: float, lo: float, hi: float) -> list[str]:
    """A Ballpark row: round(10 q) HR cells (q = (pf - lo) / (hi - lo)), then deep flies to left, center, right."""
    q = 0.5 if hi == lo else (pf - lo) / (hi - lo)
    n = max(0, min(10, round(10 * q)))
    return ["HR"] * n + [("F7d", "F8d", "F9d")[i % 3] for i in range(10 - n)]


def team_window(pf_team: float, lo: float, hi: float, h_bar: float = H_BAR) -> dict[str, int]:
    """A Batter Team row's cells: PARK = h(hi - lo)/F, HR = 10 - h + h lo/F, FO the rest (F = (1 + pf)/2)."""
    f = (1 + pf_team) / 2
    park = max(0, min(20, round(h_bar * (hi - lo) / f)))
    hr = max(0, min(20 - park, round(10 - h_bar + h_bar * lo / f)))
    return {"HR": hr, "PARK": park, "FO": 20 - park - hr}


def window_ranges(cells: Mapping[str, int]) -> dict[str, str]:
    """HR from 00 up, FO from 99 down, PARK between, over the window 00-09, 90-99."""
    order = list(WINDOW)
    hr = order[: cells["HR"]]
    fo = order[len(order) - cells["FO"] :] if cells["FO"] else []
    park = order[cells["HR"] : len(order) - cells["FO"]]
    return {k: _ranges(v) for k, v in (("HR", hr), ("PARK", park), ("FO", fo)) if v}


def _ranges(rolls: Sequence[int]) -> str:
    parts: list[str] = []
    start = prev = rolls[0]
    for r in [*rolls[1:], -9]:
        if r != prev + 1:
            parts.append(f"{start:02d}" if start == prev else f"{start:02d}-{prev:02d}")
            start = r
        prev = r
    return ", ".join(parts)


# --- the fixed charts Dugout authors (Lahman has no injuries, no odd plays) ----------------------

ERROR_CHART = {
    "P": {"0": "E2", "1-2": "E1", "3-4": "E1", "5-9": "E1"},
    "C": {"0": "E2", "1-4": "E1", "5": "FOUL", "6-8": "E1", "9": "E1"},
    "1B": {"0-1": "E1", "2": "FOUL/E1", "3-6": "E1", "7": "E1", "8": "E1", "9": "E1/LD"},
    "2B": {"0-1": "E1", "2": "FOUL/E1", "3-5": "E1", "6": "E1", "7-8": "E2", "9": "E1/LD"},
    "3B": {"0-1": "E1", "2": "FOUL/E1", "3-5": "E1", "6-7": "E1", "8": "E2", "9": "E1/LD"},
    "SS": {"0-1": "E1", "2": "FOUL/E1", "3-5": "E1", "6-7": "E1", "8": "E2", "9": "E1/LD"},
    "LF": {"0": "E2", "1": "E1", "2-8": "E1", "9": "E1"},
    "CF": {"0": "E2", "1": "E1", "2-8": "E1", "9": "E1"},
    "RF": {"0": "E2", "1": "E1", "2-8": "E1", "9": "E1"},
}
IN_GAME_INJURY = (  # columns AA A B C D F
    ("00-01", "- G+15 G+20 G+30 G+45 G+60"),
    ("02-04", "- G+5 G+10 G+15 G+20 G+30"),
    ("05-09", "- G+2 G+4 G+7 G+10 G+15"),
    ("10-14", "- G G+1 G+3 G+5 G+7"),
    ("15-19", "- - G G+1 G+2 G+4"),
    ("20-29", "- - G G G+1 G+2"),
    ("30-39", "- - - G G G"),
    ("40-49", "- - - - G G"),
    ("50-99", "- - - - - -"),
)
TRAINING_ROOM = (  # columns AA A B C D F
    ("00", "0 10 15 20 30 60"),
    ("01-02", "0 5 8 12 15 25"),
    ("03-05", "0 2 4 6 8 12"),
    ("06-09", "0 1 2 3 4 6"),
    ("10-14", "0 0 1 2 3 4"),
    ("15-24", "0 0 0 1 1 2"),
    ("25-39", "0 0 0 0 1 1"),
    ("40-99", "0 0 0 0 0 0"),
)
ODD_PLAYS: tuple[tuple[str, str, str, str], ...] = (  # code, mod, words, outcome
    ("DD", "0-3", "A fan reaches over the rail; the umpires review it and the call stands.", "as-rolled"),
    ("DD", "4-7", "The ball rattles around the corner before anyone can pick it up.", "as-rolled"),
    ("DD", "8", "The batter flips his bat and words are exchanged; the benches stay put.", "as-rolled"),
    ("DD", "9", "The batter argues the call at the plate and is tossed after the play.", "eject-batter"),
    ("SI+", "0-4", "A bad hop off the lip of the infield grass.", "as-rolled"),
    ("SI+", "5-9", "The ball skips off the base bag and into the outfield.", "as-rolled"),
    ("SI", "0-4", "A broken-bat blooper drops in; the barrel helicopters toward third.", "as-rolled"),
    (
        "SI",
        "5-9",
        "The ball hits the runner's cleat on its way through, but the umpire rules it past the fielder.",
        "as-rolled",
    ),
    ("BB", "0-4", "A check swing is appealed down the line and the umpire says no.", "as-rolled"),
    ("BB", "5-8", "The pitcher loses his grip and the ball sails to the backstop on ball four.", "as-rolled"),
    ("BB", "9", "The manager comes out to argue ball four and is sent to the clubhouse.", "eject-manager"),
    ("HBP", "0-6", "The pitch grazes the jersey; the batter takes his base after a long look.", "as-rolled"),
    ("HBP", "7-9", "Both dugouts are warned after the batter is hit.", "as-rolled"),
    ("SO", "0-4", "The catcher holds the third strike on a pitch in the dirt and tags the batter.", "as-rolled"),
    ("SO", "5-8", "A foul tip is held by the catcher for strike three.", "as-rolled"),
    ("SO", "9", "The batter slams his helmet over the third-strike call and is ejected.", "eject-batter"),
    ("DEF", "0-4", "A bird swoops across the field as the ball is put in play.", "as-rolled"),
    ("DEF", "5-9", "The sun gets in the fielder's eyes for a moment.", "as-rolled"),
    ("OUT", "0-3", "The fielder crashes into the tarp but holds on.", "as-rolled"),
    ("OUT", "4-7", "Two fielders nearly collide; one waves the other off at the last moment.", "as-rolled"),
    ("OUT", "8-9", "The umpire is struck by the ball, but it is ruled a dead ball after the out is made.", "as-rolled"),
)


# --- the derivation ----------------------------------------------------------------------------


@dataclass
class Derived:
    """The handbook's TOML text and the numbers behind it (targets beside what the cells give)."""

    text: str
    targets: dict[str, float]
    notes: list[str]


def def_rows(totals: LeagueTotals, error_scale: float = 1.0) -> tuple[list[tuple[str, str, str]], dict[str, float]]:
    """The DEF Chart's rows as (rolls, fielder, read), and the targets it was built to. ``error_scale``
    multiplies the error chances (the calibration's, fitted to the season's errors per team game)."""
    chances = dict(totals.fielder_chances)
    n = dict(
        zip(FIELDERS, apportion(100 - CATCHER_ROWS, [chances[p] if p != "C" else 0 for p in FIELDERS]), strict=True)
    )
    n["C"] = CATCHER_ROWS
    babip = totals.babip
    e_total = sum(totals.errors_by_position.values())
    eps = totals.e * ROE_PER_ERROR * error_scale / (totals.pa * DEF_SHARE)  # errors per DEF ball
    hit_curve = ladder_curve(babip, HIT_LADDER)
    hit_counts = joint_counts({p: {r: n[p] * h for r, h in hit_curve.items()} for p in FIELDERS})
    err_counts = joint_counts(
        {
            p: {r: e * 100 * totals.errors_by_position[p] / e_total for r, e in ladder_curve(eps, ERROR_LADDER).items()}
            for p in FIELDERS
        }
    )
    rows: list[tuple[str, str, str]] = []
    roll = 0
    for pos in DEF_ORDER:
        hits = thresholds(hit_counts[pos])
        errors = thresholds(err_counts[pos])
        reads: list[str] = []
        codes = BASE_CODES[pos]
        for j, t in enumerate(hits):
            base = codes[j % len(codes)]
            if pos == "C" or t - 1 < MIN_RATING:
                reads.append(f"{base} ({t}) SI")
            else:
                reads.append(f"{base} ({t - 1}) SI+ ({t}) SI")
        for j, t in enumerate(errors):
            reads.append(f"{codes[(j + 1) % len(codes)]} ({t}) ERR")
        reads = reads[: n[pos]]
        for j in range(n[pos] - len(reads)):
            reads.append(codes[j % len(codes)])
        if pos == "SS" and roll <= 63 < roll + n[pos]:
            # The book's own example row sits at 63 when the staircase has one like it.
            example = "G6 (0) SI+ (1) SI"
            if example in reads:
                reads.remove(example)
                reads.insert(63 - roll, example)
        for read in reads:
            rows.append((f"{roll:02d}", pos, read))
            roll += 1
    return rows, {"babip": babip, "errors_per_def_ball": eps}


def derive(totals: LeagueTotals, error_scale: float = 1.0) -> Derived:
    """Every chart of the handbook from ``totals``, as TOML text; ``error_scale``: :func:`def_rows`."""
    notes: list[str] = []
    out: list[str] = []
    w = out.append
    w(f"# Dugout's Deep Drive Season Handbook, derived from the {totals.year} AL and NL league totals")
    w("# by seasons/deep_drive_handbook.py (docs/deep-drive/handbook.md: method, assumptions, figures).")
    w(f"# {ATTRIBUTION}")
    w("")
    w("[about]")
    w(f'name = "Dugout {totals.year}"')
    w(f"season = {totals.year}")
    w('source = "Lahman Baseball Database (SABR)"')
    w('licence = "CC BY-SA 3.0"')
    w("")

    # DEF Chart
    rows, targets = def_rows(totals, error_scale)
    w("[def]")
    w("rows = [")
    for rolls, pos, read in rows:
        w(f'  {{ rolls = "{rolls}", fielder = "{pos}", read = "{read}" }},')
    w("]")
    w("")

    # Error Chart
    for pos in FIELDERS:
        w(f'[error."{pos}"]')
        for rng, cell in ERROR_CHART[pos].items():
            w(f'"{rng}" = "{cell}"')
    w("")

    # On-Base Event and Pitcher/Catcher
    pa_on = totals.pa_on
    rates = {"WP": totals.wp / pa_on, "PB": totals.pb / pa_on, "BK": totals.bk / pa_on, "PO": totals.po / pa_on}
    ratios: dict[str, list[float]] = {}
    cuts: dict[str, list[float]] = {}
    shares: dict[str, Sequence[float]] = {"PO": EVENT_GRADE_SHARES}
    for event, items in event_items(totals).items():
        cut = grade_cuts([(e, r) for e, _, r in items], EVENT_GRADE_SHARES)
        pooled, shares[event] = pool_by_grade([(e, c, event_grade(r, cut)) for e, c, r in items], EVENT_GRADES)
        league = sum(x[1] for x in items) / sum(x[0] for x in items)
        ratios[event] = [x / league for x in pooled]
        cuts[event.lower()] = cut
    ratios["PO"] = list(PICKOFF_GRADE_RATES)
    check = ON_BASE_CHECK
    while True:
        cells = {e: event_cells(rates[e], ratios[e], check, shares[e]) for e in PC_EVENTS}
        if sum(c[-1] for c in cells.values()) <= 100:
            break
        check += 5
        notes.append(f"On-Base Event check widened to {check} rolls")
    w("[on_base_event]")
    w(f'check = "{100 - check:02d}-99"')
    w("")
    w("[pitcher_catcher]")
    w("rows = [")
    start = 0
    for e in PC_EVENTS:
        c = cells[e]
        if c[-1] == 0:
            continue
        grades = ", ".join(f"{g} = {k}" for g, k in zip(EVENT_GRADES, c, strict=True))
        w(f'  {{ rolls = "{start:02d}-{start + c[-1] - 1:02d}", event = "{e}", {grades} }},')
        start += c[-1]
    if start < 100:
        w(f'  {{ rolls = "{start:02d}-99", event = "-" }},')
    w("]")
    w("")

    # Stolen Base Chart
    runners = [r for r in totals.runners if r.chances > 0]
    attempts, predicted = fit_attempts(runners, totals.sb + totals.cs)
    league_s = totals.sb / (totals.sb + totals.cs)
    graded = [(float(r.sb + r.cs), float(r.sb), runner_success(r, league_s)) for r in runners if r.sb + r.cs]
    # A = best: the cuts ascend in success, so the shares are taken from F up.
    cut = grade_cuts([(e, k) for e, _, k in graded], STEAL_LETTER_SHARES[::-1])
    cuts["steal_success"] = cut
    pooled, _ = pool_by_grade([(e, c, steal_letter(k, cut)) for e, c, k in graded], STEAL_LETTERS)
    sb_chart = steal_rows(attempts, pooled)
    w("[stolen_base]")
    w("# columns A B C D E F; reading = tens (mod die in automatic mode) and the white die")
    w("rows = [")
    for reading, cells_sb in enumerate(sb_chart):
        w(f'  {{ rolls = "{reading:02d}", read = "{" ".join(cells_sb)}" }},')
    w("]")
    w("")
    targets |= {f"steal_success_{L}": s for L, s in zip(STEAL_LETTERS, pooled, strict=True)}
    targets["steal_attempts_predicted"] = predicted

    # Injuries
    w("[in_game_injury]")
    w("# columns AA A B C D F: - none, G out for the game, G+N the game and N more")
    w("rows = [")
    for rolls, read in IN_GAME_INJURY:
        w(f'  {{ rolls = "{rolls}", read = "{read}" }},')
    w("]")
    w("")
    w("[training_room]")
    w("# columns AA A B C D F: games to sit")
    w("rows = [")
    for rolls, read in TRAINING_ROOM:
        w(f'  {{ rolls = "{rolls}", read = "{read}" }},')
    w("]")
    w("")

    # Ballpark Effects: park factors normalised to a games-weighted mean of 1.
    games = sum(g for _, g in totals.parks.values()) or 1
    mean = sum(pf * g for pf, g in totals.parks.values()) / games if totals.parks else 1.0
    pfs = {park: pf / mean for park, (pf, _) in totals.parks.items()}
    lo = min(pfs.values(), default=1.0)
    hi = max(pfs.values(), default=1.0)
    w("[ballpark]")
    w("teams = [")
    for team, park in [(AVERAGE, None), *sorted(totals.team_park.items())]:
        window = window_ranges(team_window(pfs[park] if park else 1.0, lo, hi))
        cols = ", ".join(f'{k} = "{v}"' for k, v in window.items())
        w(f'  {{ team = "{team}", {cols} }},')
    w("]")
    w("parks = [")
    for park, pf in [(AVERAGE, 1.0), *sorted(pfs.items())]:
        w(f'  {{ park = "{park}", read = "{" ".join(park_cells(pf, lo, hi))}" }},')
    w("]")
    w("")

    # Odd Play Book
    w("[odd_play]")
    w("plays = [")
    for code, mod, words, outcome in ODD_PLAYS:
        w(f'  {{ code = "{code}", mod = "{mod}", words = "{words}", outcome = "{outcome}" }},')
    w("]")
    w("")

    # The generator's cut points
    w("# Grade cut points: WP and BK per batter faced, PB per inning-out (A below the first cut);")
    w("# steal_success: a runner's shrunk success rate (F below the first cut, A above the last).")
    w("[cuts]")
    for name, values in cuts.items():
        w(f"{name} = [{', '.join(repr(v) for v in values)}]")
    w("")

    targets |= {f"{e}_per_pa_on": r for e, r in rates.items()}
    targets["sb"] = totals.sb
    targets["cs"] = totals.cs
    targets["attempt_cells"] = sum(attempts)
    targets |= {f"park_factor:{p}": pf for p, pf in pfs.items()}
    return Derived(text="\n".join(out), targets=targets, notes=notes)


# --- the figures ---------------------------------------------------------------------------------


def average_mix() -> dict[str, dict[int, float]]:
    return {pos: dict(RATING_MIX) for pos in FIELDERS}


def figures(hb: Handbook, totals: LeagueTotals) -> list[tuple[str, float, float]]:
    """(figure, the handbook's exact expectation, the real season's) for the season's own players
    graded by the handbook's rules: each chart's cells enumerated, no dice rolled.

    DEF: the rating mix :data:`RATING_MIX` at every position. Pitcher/Catcher: every pitcher and
    catcher graded by ``hb.cuts`` (pickoffs: :data:`EVENT_GRADE_SHARES`, no data). Steals: every
    runner's STEAL number (:func:`steal_number`) and letter (:func:`steal_letter`)."""
    vec = def_vector_mix(hb, average_mix())
    def_pa = totals.pa * DEF_SHARE
    rows = [
        ("BABIP on DEF balls", vec["SI"] + vec["SI+"], totals.babip),  # errors count as outs, as in BABIP
        ("reached on error per PA", vec["ERR"] * DEF_SHARE, totals.e * ROE_PER_ERROR / totals.pa),
        # The engine charges one error per ERR reading (a dropped foul, a wild double-off throw
        # included) and none elsewhere in automatic play: the errors on which the batter does not
        # reach (1 - ROE_PER_ERROR of them) have no source in the book's rules.
        ("errors per team-game", vec["ERR"] * def_pa / totals.team_games, totals.e / totals.team_games),
    ]
    pc = pc_expected(hb, totals)
    for event, count in (("WP", totals.wp), ("PB", totals.pb), ("BK", totals.bk), ("PO", totals.po)):
        rows.append((f"{event} per PA with runners on", pc[event], count / totals.pa_on))
    attempts = sb = 0.0
    league_s = totals.sb / (totals.sb + totals.cs)
    for r in totals.runners:
        if not r.chances:
            continue
        n = steal_number(hb, (r.sb + r.cs) / r.chances)
        letter = steal_letter(runner_success(r, league_s), hb.cuts["steal_success"])
        tries = r.chances * steal_attempt(hb, n)
        attempts += tries
        sb += tries * steal_success(hb, letter, n)
    rows += [
        ("steal attempts (SB + CS)", attempts, float(totals.sb + totals.cs)),
        ("SB", sb, float(totals.sb)),
        ("CS", attempts - sb, float(totals.cs)),
        ("SB %", sb / attempts if attempts else 0.0, league_s),
    ]
    return rows


def pc_expected(hb: Handbook, totals: LeagueTotals) -> dict[str, float]:
    """Each event's chance per PA with runners on, exposure-weighted over the season's graded players."""
    by_grade = {g: pc_rates(hb, g) for g in EVENT_GRADES}
    out: dict[str, float] = {}
    for event, items in event_items(totals).items():
        cut = hb.cuts[event.lower()]
        _, shares = pool_by_grade([(e, c, event_grade(r, cut)) for e, c, r in items], EVENT_GRADES)
        out[event] = sum(share * by_grade[g].get(event, 0.0) for g, share in zip(EVENT_GRADES, shares, strict=True))
    out["PO"] = sum(
        share * by_grade[g].get("PO", 0.0) for g, share in zip(EVENT_GRADES, EVENT_GRADE_SHARES, strict=True)
    )
    return out


def park_figures(hb: Handbook, totals: LeagueTotals, h_bar: float = H_BAR) -> list[tuple[str, float, float]]:
    """(park, HR of an eligible average-team batter over his 100 DD rolls relative to neutral, target PF)."""
    out = []
    base = window_hr(hb, AVERAGE, AVERAGE)
    games = sum(g for _, g in totals.parks.values()) or 1
    mean = sum(pf * g for pf, g in totals.parks.values()) / games
    for park, (pf, _) in sorted(totals.parks.items()):
        got = (h_bar - 10 + window_hr(hb, AVERAGE, park)) / (h_bar - 10 + base)
        out.append((park, got, pf / mean))
    return out


def main(argv: Sequence[str]) -> int:
    from seasons.lahman import load_season

    year = int(argv[0]) if argv else 2016
    path = Path(argv[1]) if len(argv) > 1 else Path("engine/deep_drive/tables") / f"handbook-{year}.toml"
    totals = totals_from_season(load_season(year))
    derived = derive(totals)
    hb = parse_handbook(derived.text, source=str(path))
    path.write_text(derived.text, encoding="utf-8")
    print(f"wrote {path}")
    for note in derived.notes:
        print(f"note: {note}")
    for name, got, real in figures(hb, totals):
        print(f"{name:45s} handbook {got:10.5f}   {year} {real:10.5f}")
    vec = def_vector_mix(hb, average_mix())
    print("average-defense DEF vector: " + ", ".join(f"{k} {v:.4f}" for k, v in vec.items()))
    print("A(n): " + " ".join(f"{steal_attempt(hb, n):.2f}" for n in range(10)))
    for park, got, pf in park_figures(hb, totals):
        print(f"{park:16s} HR factor {got:.3f}  target {pf:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
