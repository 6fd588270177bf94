"""Deep Drive ratings from a season: STEAL, RUN, defense 1-5, PB and T, Usage, Endurance, WP/BK/PO,
injury (the rules: docs/deep-drive/real-seasons.md).

Grades that the handbook's charts read (STEAL number and letter, WP, BK, PB) use the handbook's
own rules and cut points (``engine.deep_drive.handbook``), the same ones its derivation pooled,
so the league's totals come back out of the charts.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.deep_drive.handbook import Handbook, event_grade, steal_letter, steal_number
from seasons import ratings as ip
from seasons.deep_drive_handbook import Runner, catcher_outs, runner_success
from seasons.stats import Batting, Pitching, Player, Season

RATING_SHARES = (0.10, 0.20, 0.40, 0.20, 0.10)  # defense 1..5 by exposure (the handbook's RATING_MIX)
RUN_SHARES = (0.10, 0.20, 0.40, 0.20, 0.10)  # VS S avg F VF among regulars, by PA
RUNS = ("VS", "S", "avg", "F", "VF")
ERROR_WEIGHT = 1.0  # a fielder with no errors gains this many SDs of range on the league's rate
GDP_SPEED_WEIGHT = 0.2  # grounding into double plays counts against speed
T_STEP = 0.05  # one point of T per this much caught-stealing share below the league's
THIRD_MIN_STEAL = 3  # steals of third: STEAL number at least this and a letter A-C
CLOSER_ERA = 1969  # DDB "Closers": roughly 1969 on
INJURY_GRADE = {0: "A", 1: "B", 2: "C", 3: "D", 4: "D"}  # Inside Pitch's 0-7 injury rating; 5+ is F
AA_SHARE = 0.98  # a regular who played this share of his team's games (starts for a starter) is AA


def weighted_cuts(items: Sequence[tuple[float, float]], shares: Sequence[float]) -> list[float]:
    """Scores at which the exposure-weighted shares change grade (ascending): len(shares) - 1 cuts."""
    ordered = sorted(items)
    total = sum(w for _, w in ordered) or 1.0
    cuts, acc, target, k = [], 0.0, shares[0], 0
    for score, w in ordered:
        acc += w
        while k < len(shares) - 1 and acc / total >= target - 1e-12:
            cuts.append(score)
            k += 1
            target += shares[k]
    while len(cuts) < len(shares) - 1:
        cuts.append(math.inf)
    return cuts


def grade_of(score: float, cuts: Sequence[float]) -> int:
    """0 for the lowest grade: the number of cuts the score is above."""
    return sum(1 for c in cuts if score > c)


# --- fielding -----------------------------------------------------------------------------------


def fielding_score(player: Player, position: str, season: Season) -> tuple[float, float]:
    """(score, exposure in games): range per game as a z-score against the position's league,
    plus fewer errors than the league's rate (both regressed as Inside Pitch's ratings do)."""
    references, _ = ip._references(season)
    fielding = player.fielding[position]
    ref = references.get((ip._league_of(player, season), position), ip._average_reference())
    s = ip._sample(player, fielding, season, ref.by_innings)
    range_rate = ip._regress(s.chances, s.games, ref.range.rate, ip.REGRESS_GAMES)
    error_rate = ip._regress(s.errors, s.total_chances, ref.errors, ip.REGRESS_CHANCES)
    errors = (ref.errors - error_rate) / ref.errors if ref.errors > 0 else 0.0
    return ref.range.z(range_rate) + ERROR_WEIGHT * errors, s.games


@dataclass(frozen=True)
class Context:
    """The season-wide figures the ratings compare players with (built once per season)."""

    defense_cuts: dict[tuple[str | None, str], list[float]]
    run_cuts: dict[str | None, list[float]]
    league_success: float
    catcher_cs: dict[str | None, float | None]
    rest: int
    deep_starts: float  # batters faced per start at the league's 75th percentile: no asterisk above it
    relief_ip: float


def context(season: Season) -> Context:
    scores: dict[tuple[str | None, str], list[tuple[float, float]]] = {}
    for p in season.players.values():
        for pos, f in p.fielding.items():
            if f.g > 0:
                scores.setdefault((ip._league_of(p, season), pos), []).append(fielding_score(p, pos, season))
    defense = {k: weighted_cuts(v, RATING_SHARES) for k, v in scores.items()}
    runs: dict[str | None, list[tuple[float, float]]] = {}
    for p in season.players.values():
        if p.batting is not None and p.batting.pa >= ip.QUALIFY_PA and not ip._is_pitcher(p):
            lg = ip._league_of(p, season)
            runs.setdefault(lg, []).append((speed(p.batting, season.league_batting(lg)), float(p.batting.pa)))
    run_cuts = {k: weighted_cuts(v, RUN_SHARES) for k, v in runs.items()}
    b = season.league_batting()
    caught: dict[str | None, list[int]] = {}
    for p in season.players.values():
        c = p.fielding.get("C")
        if c is not None:
            acc = caught.setdefault(ip._league_of(p, season), [0, 0])
            acc[0] += c.cs
            acc[1] += c.sb + c.cs
    catcher_cs = {k: (v[0] / v[1] if v[0] > 0 and v[1] else None) for k, v in caught.items()}
    pitchers = [p.pitching for p in season.players.values() if p.pitching is not None and p.pitching.bf > 0]
    games = max((t.g for t in season.teams.values()), default=162)
    busy = sorted(p.gs for p in pitchers if p.gs >= 20)
    q75 = busy[(3 * len(busy)) // 4] if busy else games / 5
    per_start = sorted(p.bf / p.gs for p in pitchers if p.gs >= 10 and p.gs == p.g)
    relievers = [p for p in pitchers if p.gs == 0 and p.outs > 0]
    relief_ip = sum(p.outs for p in relievers) / 3 / max(1, sum(p.g for p in relievers))
    return Context(
        defense_cuts=defense,
        run_cuts=run_cuts,
        league_success=b.sb / (b.sb + b.cs) if b.sb + b.cs else 0.7,
        catcher_cs=catcher_cs,
        rest=max(2, round(games / q75) - 1),
        deep_starts=per_start[(3 * len(per_start)) // 4] if per_start else math.inf,
        relief_ip=relief_ip or 1.0,
    )


def defense(player: Player, position: str, season: Season, ctx: Context) -> int:
    """1-5 by where his score falls among the position's league, shares :data:`RATING_SHARES`."""
    score, _ = fielding_score(player, position, season)
    cuts = ctx.defense_cuts.get((ip._league_of(player, season), position), [])
    return 1 + grade_of(score, cuts) if cuts else 3


def catcher_extras(player: Player, hb: Handbook, ctx: Context, season: Season) -> tuple[str, int]:
    """PB grade (per inning-out, the handbook's cut points; the innings ``catcher_outs`` gives where the
    season lacks them) and T (caught-stealing share against the league's, regressed, one point per
    :data:`T_STEP`, clipped to ±2)."""
    c = player.fielding["C"]
    outs = catcher_outs(player, season)
    pb = event_grade(c.pb / outs, hb.cuts["pb"]) if outs else "C"
    league = ctx.catcher_cs.get(ip._league_of(player, season))
    t = 0
    if league is not None:
        share = ip._regress(c.cs, c.sb + c.cs, league, ip.REGRESS_STEALS)
        t = max(-2, min(2, round((league - share) / T_STEP)))
    return pb, t


def positions(player: Player, season: Season, hb: Handbook, ctx: Context, pitcher_card: bool) -> list[str]:
    """Fielding lines, most games first (up to four, each from 5 games); a pitcher card lists P only."""
    if pitcher_card:
        return [f"P {defense(player, 'P', season, ctx) if 'P' in player.fielding else 3}"]
    played = sorted((f for f in player.fielding.values() if f.g > 0 and f.position != "P"), key=lambda f: -f.g)
    listed = [f for f in played if f.g >= ip.LISTED_GAMES] or played[:1]
    lines = []
    for f in listed[: ip.MAX_POSITIONS]:
        line = f"{f.position} {defense(player, f.position, season, ctx)}"
        if f.position == "C":
            pb, t = catcher_extras(player, hb, ctx, season)
            line += f" PB:{pb}" + (f" T{t:+d}" if t else "")
        lines.append(line)
    return lines or ["DH"]


# --- running --------------------------------------------------------------------------------------


def speed(b: Batting, league: Batting) -> float:
    """Inside Pitch's speed score (runs per time on base, triples per ball in play, attempts per time
    on first) less :data:`GDP_SPEED_WEIGHT` times his double plays per time on first over the league's."""
    base = ip._speed(b, league)
    lg = league.gidp / max(1, ip._times_on_first(league))
    if lg <= 0:
        return base
    mine = ip._regress(b.gidp, ip._times_on_first(b), lg, ip.REGRESS_PA)
    return base - GDP_SPEED_WEIGHT * math.log(max(mine, 1e-9) / lg)


def run(b: Batting, season: Season, league: str | None, ctx: Context) -> str:
    cuts = ctx.run_cuts.get(league)
    if not cuts:
        return "avg"
    return RUNS[grade_of(speed(b, season.league_batting(league)), cuts)]


def steal(b: Batting, hb: Handbook, ctx: Context, scales: Mapping[str, float] | None = None) -> str:
    """STEAL: the number whose attempt chance is nearest his attempts per chance, the letter from his
    shrunk success (the handbook's rules), "+" for steals of third (number 3+, letter A-C).

    ``scales`` (the calibration's ``attempts`` and ``success``, ``seasons.calibrate``) multiply his
    attempts per chance and his success rate (at most 1) before they are graded."""
    scales = scales or {}
    runner = Runner(b.singles, b.bb, b.hbp, b.sb, b.cs)
    if runner.chances <= 0:
        return "0F" if b.cs else "0C"
    n = steal_number(hb, scales.get("attempts", 1.0) * (b.sb + b.cs) / runner.chances)
    success = min(1.0, scales.get("success", 1.0) * runner_success(runner, ctx.league_success))
    letter = steal_letter(success, hb.cuts["steal_success"])
    third = n >= THIRD_MIN_STEAL and letter in "ABC"
    return f"{n}{letter}{'+' if third else ''}"


# --- pitchers ------------------------------------------------------------------------------------


def usage(p: Pitching, year: int, ctx: Context, start_bfp: float) -> str:
    """STARTER when half his games were starts (and 3 or more); CLOSER (1969 on) with 10 saves, or 5
    and most relief games finished; else RELIEVER. Rest: the era's (games per full turn less one);
    the asterisk unless his batters per start reach the league's 75th percentile."""
    starter = p.gs >= 3 and p.gs >= 0.5 * p.g
    star = "*" if start_bfp < ctx.deep_starts else ""
    if starter:
        return f"STARTER ({ctx.rest}{star})"
    relief = p.g - p.gs
    if year >= CLOSER_ERA and (p.sv >= 10 or (p.sv >= 5 and p.gf >= 0.6 * relief)):
        return "CLOSER" + (f" ({ctx.rest}{star})" if p.gs else "")
    return "RELIEVER" + (f" ({ctx.rest}{star})" if p.gs else "")


def split_bfp(p: Pitching, season: Season, league: str | None) -> tuple[float, float]:
    """(batters faced per start, per relief game), his total split at the league's per-game figures."""
    lg = ip._league_usage(season, league)
    relief_games = p.g - p.gs
    if p.gs > 0 and relief_games > 0:
        s, r = p.gs * lg.start_bfp, relief_games * lg.relief_bfp
        starts = p.bf * s / (s + r)
    else:
        starts = float(p.bf) if p.gs > 0 else 0.0
    return (starts / p.gs if p.gs else 0.0), ((p.bf - starts) / relief_games if relief_games else 0.0)


def endurance(p: Pitching, per_start: float, per_relief: float) -> str:
    """DDB "Pitcher Endurance": a starter loses a point per inning, per nine batters and for the first
    run, so his number is innings + batters/9 + 1 of his average start; a reliever loses one per
    inning, so his is his innings per relief game (rounded half up). Swingmen: relief/start."""
    per_inning = p.bf * 3 / p.outs if p.outs else 4.3
    start = max(1, min(15, math.floor(per_start / per_inning + per_start / 9 + 1 + 0.5))) if p.gs else None
    relief = max(0, min(9, math.floor(per_relief / per_inning + 0.5)))
    starter = p.gs >= 3 and p.gs >= 0.5 * p.g
    if starter or (start is not None and p.g == p.gs):
        return str(start)
    return f"{relief}/{start}" if start is not None else str(relief)


def pitcher_grades(p: Pitching, hb: Handbook) -> dict[str, str]:
    """WP and BK per batter faced on the handbook's cut points; PO C (Lahman has no pickoffs)."""
    bf = max(1, p.bf)
    return {"wp": event_grade(p.wp / bf, hb.cuts["wp"]), "bk": event_grade(p.bk / bf, hb.cuts["bk"]), "po": "C"}


# --- injury --------------------------------------------------------------------------------------


def injury(player: Player, season: Season) -> str:
    """From Inside Pitch's games-missed rating (0-7): 0 A, 1 B, 2 C, 3-4 D, 5+ F; AA for a regular who
    missed almost nothing (:data:`AA_SHARE` of his team's games, or of a full rotation's starts)."""
    rating = ip.injury_rating(player, season)
    games = ip._team_games(player, season) or 162
    if ip._is_pitcher(player) and player.pitching is not None:
        if player.pitching.gs >= AA_SHARE * games / ip.ROTATION:
            return "AA"
    elif player.batting is not None and player.batting.g >= AA_SHARE * games:
        return "AA"
    return INJURY_GRADE.get(rating, "F")


def had(r: Mapping[str, float]) -> dict[str, bool]:
    return {k: v > 0 for k, v in r.items()}
