"""The season's awards: Most Valuable Player, Cy Young, Rookie and Reliever of the Year (docs/awards.md).

Pure: no I/O. The store (league.store.awards) reads the season's regular-season tables, decides the
awards once when the regular season ends and keeps them; this module says who wins, by the
formulas docs/awards.md states (each function names its section there).

Every award is decided within a league of two (AL, NL), or within the whole league when it has
no two, and against that league's own run environment: its runs, plate appearances and innings.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from cards.models import is_composite
from league.stats import BattingStats, PitchingStats, SeasonStats, qualifying_outs, qualifying_pa
from league.value import POSITION_RUNS

AWARDS = ("mvp", "cy_young", "rookie", "reliever")
AWARD_NAMES = {
    "mvp": "Most Valuable Player",
    "cy_young": "Cy Young Award",
    "rookie": "Rookie of the Year",
    "reliever": "Reliever of the Year",
}

# docs/awards.md "Batting runs": each event's run value, an out's taken as zero (wOBA's weights).
WEIGHTS = {"bb": 0.69, "hbp": 0.72, "single": 0.89, "doubles": 1.27, "triples": 1.62, "hr": 2.10}
# docs/awards.md "Position": runs a full season at each position is worth beside an average hitter's:
# league.value's POSITION_RUNS (FanGraphs' positional adjustment), a pitcher's games none.
# docs/awards.md "Fielding independent runs": FIP's weights of a home run, a walk or hit batter, a strikeout.
FIP_HR, FIP_BB, FIP_K = 13.0, 3.0, 2.0
# docs/awards.md "Reliever of the Year": runs a save, a hold and a blown save count for.
SAVE_RUNS, HOLD_RUNS, BLOWN_RUNS = 1.0, 0.5, -1.0


@dataclass(frozen=True)
class Award:
    """One award won: in ``subleague`` ('' for a league without two), by the player's card, with its score."""

    award: str
    subleague: str
    card_id: str
    name: str
    team: str  # his team's key (the last he played for)
    score: float


@dataclass(frozen=True)
class SeasonAward:
    """An award as the league keeps it: the season, its winner and, for a generated set, the real one."""

    season: int
    award: str
    subleague: str
    card_id: str
    person: str
    name: str
    team: str  # the team's abbreviation ('' for a team no longer in the league)
    team_name: str
    score: float
    real_person: str | None
    real_name: str | None

    @property
    def title(self) -> str:
        """ "AL Most Valuable Player", or the award alone in a league without two."""
        return f"{self.subleague} {AWARD_NAMES[self.award]}" if self.subleague else AWARD_NAMES[self.award]


@dataclass(frozen=True)
class Environment:
    """A league's season as the formulas read it: its runs per plate appearance and its ERA and FIP's constant."""

    runs: int
    pa: int
    weighted: float  # the league's events by WEIGHTS
    outs: int
    er: int
    fip_constant: float

    @property
    def runs_per_weight(self) -> float:
        return self.runs / self.weighted if self.weighted else 0.0

    @property
    def era(self) -> float:
        return 27 * self.er / self.outs if self.outs else 0.0


def weighted_events(b: BattingStats) -> float:
    singles = b.h - b.doubles - b.triples - b.hr
    return (
        WEIGHTS["bb"] * b.bb
        + WEIGHTS["hbp"] * b.hbp
        + WEIGHTS["single"] * singles
        + WEIGHTS["doubles"] * b.doubles
        + WEIGHTS["triples"] * b.triples
        + WEIGHTS["hr"] * b.hr
    )


def _fip_raw(p: PitchingStats) -> float:
    return FIP_HR * p.hr + FIP_BB * (p.bb + p.hbp) - FIP_K * p.k


def environment(stats: SeasonStats, members: Collection[str]) -> Environment:
    """The run environment of the teams ``members`` (keys): docs/awards.md "The league's run environment"."""
    batting = [stats.team_batting(t) for t in members if t in stats.team_games]
    pitching = [stats.team_pitching(t) for t in members if t in stats.team_games]
    outs, er = sum(p.outs for p in pitching), sum(p.er for p in pitching)
    era = 27 * er / outs if outs else 0.0
    fip_raw = sum(_fip_raw(p) for p in pitching)
    constant = era - 3 * fip_raw / outs if outs else 0.0
    return Environment(
        runs=sum(b.r for b in batting),
        pa=sum(b.pa for b in batting),
        weighted=sum(weighted_events(b) for b in batting),
        outs=outs,
        er=er,
        fip_constant=constant,
    )


def batting_runs(b: BattingStats, env: Environment) -> float:
    """Runs above an average hitter's in as many plate appearances: docs/awards.md "Batting runs"."""
    if not env.pa:
        return 0.0
    return (weighted_events(b) - b.pa * env.weighted / env.pa) * env.runs_per_weight


def position_runs(b: BattingStats | None, positions: Mapping[str, int], team_games: int) -> float:
    """docs/awards.md "Position": each position's runs for the share of his team's games he played there;
    the games he batted without a fielding line count as a designated hitter's."""
    if not team_games:
        return 0.0
    games = dict(positions)
    dh = (b.games if b is not None else 0) - sum(games.values())
    if dh > 0:
        games["DH"] = games.get("DH", 0) + dh
    return sum(POSITION_RUNS.get(pos, 0.0) * n for pos, n in games.items()) / team_games


def pitching_runs(p: PitchingStats, env: Environment) -> float:
    """Runs saved beside the league's average pitcher in his innings, half by earned runs and half by
    fielding-independent runs: docs/awards.md "Pitching runs"."""
    if not p.outs:
        return 0.0
    by_era = env.era * p.outs / 27 - p.er
    fip = 3 * _fip_raw(p) / p.outs + env.fip_constant
    by_fip = (env.era - fip) * p.outs / 27
    return (by_era + by_fip) / 2


def reliever_score(p: PitchingStats, env: Environment) -> float:
    """docs/awards.md "Reliever of the Year": pitching runs plus runs for saves, holds and blown saves."""
    return pitching_runs(p, env) + SAVE_RUNS * p.s + HOLD_RUNS * p.hld + BLOWN_RUNS * p.bs


def is_reliever(p: PitchingStats, team_games: int) -> bool:
    """Qualifies for Reliever of the Year: at most one start in ten games, in a quarter of his team's games."""
    return p.games_started * 10 <= p.games and p.games * 4 >= team_games and p.games > 0


def _name(stats: SeasonStats, player: str) -> str:
    line = stats.batting.get(player) or stats.pitching[player]
    return line.name


def _best(stats: SeasonStats, award: str, league: str, scores: Mapping[str, float]) -> list[Award]:
    """The best score's award (none when nobody qualified); a tie goes to the name, then the card id."""
    if not scores:
        return []
    winner = min(scores, key=lambda k: (-scores[k], _name(stats, k), k))
    team = stats.player_team[winner]
    return [Award(award, league, winner, _name(stats, winner), team, round(scores[winner], 2))]


def _qualifies(stats: SeasonStats, player: str, share: int = 1) -> bool:
    """A rate title's plate appearances or innings (league.stats), or ``1/share`` of them."""
    games = stats.team_games.get(stats.player_team[player], 0)
    b, p = stats.batting.get(player), stats.pitching.get(player)
    return (b is not None and b.pa * share >= qualifying_pa(games)) or (
        p is not None and p.outs * share >= qualifying_outs(games)
    )


def player_value(stats: SeasonStats, player: str, env: Environment) -> float:
    """docs/awards.md "Value": batting runs, position runs and pitching runs."""
    games = stats.team_games.get(stats.player_team[player], 0)
    b, p, f = stats.batting.get(player), stats.pitching.get(player), stats.fielding.get(player)
    runs = 0.0
    if b is not None:
        runs += batting_runs(b, env) + position_runs(b, f.positions if f is not None else {}, games)
    if p is not None:
        runs += pitching_runs(p, env)
    return runs


def decide(
    stats: SeasonStats,
    subleagues: Mapping[str, str],
    win_pct: Mapping[str, float],
    rookies: Collection[str],
) -> list[Award]:
    """Each award's winner in each league. ``subleagues``: team key -> its league ('' for none);
    ``win_pct``: each team's regular-season winning percentage; ``rookies``: the card ids in their first
    season (league.store.awards decides who, docs/awards.md "Rookie"). A league where nobody qualifies
    for an award has no winner of it."""
    out: list[Award] = []
    for league in sorted(set(subleagues.values())):
        members = {team for team, sub in subleagues.items() if sub == league}
        env = environment(stats, members)
        players = {p for p in (*stats.batting, *stats.pitching) if stats.player_team.get(p) in members}
        players = {p for p in players if not is_composite(p)}
        value = {p: player_value(stats, p, env) for p in players}
        pitchers = {k: stats.pitching[k] for k in players if k in stats.pitching}

        def games(player: str) -> int:
            return stats.team_games.get(stats.player_team[player], 0)

        # docs/awards.md "Most Valuable Player": value times the team-success factor.
        mvp = {k: v * (0.5 + win_pct.get(stats.player_team[k], 0.5)) for k, v in value.items() if _qualifies(stats, k)}
        cy = {k: pitching_runs(p, env) for k, p in pitchers.items() if p.outs >= qualifying_outs(games(k))}
        rookie = {k: v for k, v in value.items() if k in rookies and _qualifies(stats, k, share=2)}
        relief = {k: reliever_score(p, env) for k, p in pitchers.items() if is_reliever(p, games(k))}
        for award, scores in (("mvp", mvp), ("cy_young", cy), ("rookie", rookie), ("reliever", relief)):
            out += _best(stats, award, league, scores)
    return out
