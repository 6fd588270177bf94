"""Calibrating a season's cards against the league's own games played with them.

The fit makes every card carry its player's rates against the league's average opponent,
read off the cards alone. What happens after the cards (range plays, errors, the fielders'
ratings, managers' intentional walks, parks, the rotation and bullpen a league uses) moves
the rates a little, the same way for everyone. So the generator writes the candidate set,
has a league play it (a :class:`LeaguePlayer`: ``dugout cards generate`` passes
``league.replay.play_season``, the league the fidelity benchmark plays), compares the
played league's rates with the real league's and fits again with each result's target
scaled (``seasons.fit.fit_season(adjust=...)``). Groups of scales, one number each for the
whole league (players keep their differences); where the two leagues differ (the DH in one only,
or leagues that did not meet: :func:`leagues_differ`) each league keeps its own level scales,
fitted from its own cards' games against its own real line (``Calibration.leagues``,
:class:`LeagueSplit`), and only the spread is shared:

- ``adjust``: the batting results (1B 2B 3B HR BB HBP K), everyone; per plate appearance, but
  2B and 3B per team game (:data:`PER_GAME`);
- ``pitchers``: the same results for pitchers batting (their own cards and the generic one),
  read from pitchers' plate appearances alone: what the games add to a batter (hits on
  balls in play the cards do not give) does not grow with his hitting, so the league-wide
  scale left pitchers hitting well above their real line;
- ``steals``: ``attempts`` (SB + CS per time on first) and ``success`` (SB / (SB + CS)),
  scaling the rate each runner's ATT and SB ratings are made from (``seasons.ratings``);
- ``gdp``: one scale on every card's GDP rating (batters' and pitchers'), from the league's
  GIDP per plate appearance;
- ``events``: the run makers off the batting line, per team game (:func:`event_rates`), one scale
  each: ``sf`` on every batter card's SF rating (the deep fly that scores the runner from third),
  ``wp`` on every pitcher card's WP range, ``e`` on every fielder's error number. Cards made at
  the real rates played 2023 with 10 % fewer sacrifice flies and 4 % fewer wild pitches and
  errors than the real season, 1970 with 11 % more sacrifice flies, 7 % fewer wild pitches and
  6 % fewer errors; each is part of the runs a batting line scores (a season without the
  column, SF before 1954, keeps its scale at 1);
- ``running``: ``br``, an offset on the league's average BR (every batter card's), from the
  league's runs per time on base (:func:`run_rate`): the batting line right, 2023's replays still
  scored fewer of their runners than the real league (0.977 of BaseRuns against 1.007). Its update
  is not real / k (:data:`BR_RESPONSE`, :func:`offset_recalibrate`);
- ``spread`` and ``pitcher_spread``: the players' spread about the league's rate, per result.
  The slope of each regular's played rate on his real rate (weighted least squares, batters
  and pitchers apart) is pooled like the scales; the next fit stretches every target about
  the league's rate by 1 / slope (``fit_season(spread=..., pitcher_spread=...)``), so played
  rates follow real ones with slope 1.

Each round's scale is real / k, where k (played per unit of scale) is pooled over the rounds
so far from the second on, weighted by their plate appearances (times on first, attempts):
the first, short round only finds the neighbourhood; the pooled later rounds (full seasons)
carry the precision. See docs/real-seasons/fit.md, "Calibration".
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

from seasons.stats import Batting, Pitching, Player, Season

# The results the fit takes targets for (its CATS without the outs, which are the rest).
RESULTS = ("1B", "2B", "3B", "HR", "BB", "HBP", "K")
STEALS = ("attempts", "success")
# The rare results, whose scales match the real count per team game (what the fidelity benchmark
# judges) rather than per plate appearance: the games play more plate appearances a game than the
# real season (fewer bunts, fewer outs on the bases; 1970 +0.65 %, 1927 +1.2 %), which a per-PA
# match passes on to every count a game, and a 2B or 3B scale hardly moves the plate appearances.
PER_GAME = ("2B", "3B")
# The calibration rounds' lengths as shares of the real schedule: a quarter season to find
# the neighbourhood, then a half and three full seasons pooled (about 3.5 seasons: the SE of
# the pooled HR rate near 0.9 %, SB near 1.2 %, 3B near 1.8 % in 1970).
CALIBRATION_SCHEDULE = (0.25, 0.5, 1.0, 1.0, 1.0)
POOL_FROM = 2  # rounds pooled from this one on (1-based)
# A season with few home runs gets more full rounds, so that the pooled rounds hold about this
# many real home runs (the pooled HR rate's SE near 1.2 %): 1927's 920 a season gave +4.4 % HR
# over 10 replays after the usual 3.5 seasons (SE 1.8 %); 1970 and 2023 already hold more.
MIN_POOLED_HR = 7000
# ... and about this many real triples, the rarest result the benchmark judges (the pooled 3B rate's
# SE near 1.8 %): 2023's 714 a season gave +4.4 % 3B over 10 replays after the usual 3.5 seasons.
MIN_POOLED_TRIPLES = 3000
MAX_ROUNDS = 9


def calibration_schedule(home_runs_per_season: int, triples_per_season: int | None = None) -> tuple[float, ...]:
    """:data:`CALIBRATION_SCHEDULE`, with full rounds added (at most :data:`MAX_ROUNDS` in all) until
    the pooled rounds hold :data:`MIN_POOLED_HR` of the season's home runs and (when given)
    :data:`MIN_POOLED_TRIPLES` of its triples."""
    schedule = list(CALIBRATION_SCHEDULE)

    def short() -> bool:
        seasons = sum(schedule[POOL_FROM - 1 :])
        few_triples = triples_per_season is not None and seasons * triples_per_season < MIN_POOLED_TRIPLES
        return seasons * home_runs_per_season < MIN_POOLED_HR or few_triples

    while len(schedule) < MAX_ROUNDS and short():
        schedule.append(1.0)
    return tuple(schedule)


def season_calibration_schedule(season: Season) -> tuple[float, ...]:
    """The season's rounds (:func:`calibration_schedule`). Where each league keeps its own scales
    (:func:`leagues_differ`), each is fitted from its own games, so the rounds must hold enough of
    the smaller league's home runs and triples, not of the two together: 1970, counted together,
    read its 3B +3.4 % over 10 replays with each league's scales."""
    own = sorted({t.league for t in season.teams.values()}) if leagues_differ(season) else []
    lines = [season.league_batting(league) for league in own] or [season.league_batting()]
    return calibration_schedule(len(lines) * min(b.hr for b in lines), len(lines) * min(b.triples for b in lines))


# Pitchers' batting gets its own scales only from this many real and pooled played PA (a DH
# league's pitchers hardly bat: their scales stay the league's).
MIN_PITCHER_PA = 2000
# ... and within this factor of the league's scale either way: further down, pitchers' lines
# sit at the floor a batting card can hold (the pitcher and park cards' hits come whatever the
# batter), a lower scale no longer moves the pooled line and only takes hits from the pitchers
# who could hit (1970: the singles scale fell 0.61, 0.46, 0.39, 0.35 with the line unmoved).
PITCHER_SCALE_LIMIT = 1.25
# The spread: results measured per side (a pitcher's 1B, 2B and 3B targets are his hits on balls
# in play split by the league's shares, so they spread as one, "H"; HBP is too rare to measure).
SPREAD_RESULTS = ("1B", "2B", "3B", "HR", "BB", "K")
# The sides whose targets are stretched. The pitchers' spread was compressed (1970 H/BF and K/BF
# slopes 0.83), and so was the batters': the cards hold each batter's targets (the fit's own odds:
# OPS slope 0.99 on the targets, 1985 AL), but the games add hits and walks that are the same for
# everyone (fielding, errors, the parks) and the level scales then take them back in proportion, so a
# played rate follows the real one with a slope below 1 once the scales are in (1985 AL, the rounds
# after the first: 1B 0.74-0.80, 2B 0.77-0.80, 3B 0.80-0.87; the unscaled first round about 1).
# Replayed, the best hitters lost about .018 OPS (the slope .92-.94 on real OPS).
STRETCHED = ("batters", "pitchers")
PITCHER_SPREAD_RESULTS = ("H", "HR", "BB", "K")
# Who enters a round's slope: this many real PA (BF) and this many played in the round.
SPREAD_MIN_REAL = 300
SPREAD_MIN_PLAYED = 100
# The spread factor is kept within these bounds (a slope further off is noise or a fit
# problem a stretch cannot mend: a card cannot hold a target beyond its cells).
SPREAD_LIMITS = (0.8, 1.4)
# The run makers off the batting line with a scale each (:func:`event_rates`).
EVENTS = ("sf", "wp", "e")
# The event scales stay within these bounds: the played counts answer a scale at less than its
# rate (a fly that is not deep still scores on the throw about half the time; the ratings are
# small integers) and a far scale is a season the rules cannot follow, not one to chase.
EVENT_SCALE_LIMITS = (0.5, 2.0)
SPREAD_MIN_SE = 1e-3  # a round's slope weighs at most 1 / SPREAD_MIN_SE^2 (an exact line has SE 0)
# The running scale (``running``): an offset on the league's average BR (``seasons.ratings``),
# fitted so the played league's runners score as often as the real ones (:func:`run_rate`). The
# runs per time on base answer the offset weakly and not in proportion (BR moves only the runner
# checks; most runs score on hits and walks whatever the runner), so the update is not real / k:
# it takes the played rate as linear in the offset with a measured slope, BR_RESPONSE of the
# real rate per step (2023's bundled set with every card's BR one step up, one replay on the same
# seed: runs per time on base 0.3027 -> 0.3198, 0.0171 a step, 0.055 of the real 0.3131; R/G
# +4.3 %; see docs/real-seasons/fit.md, "Calibration"), pools the rounds' intercepts and solves
# for the offset, within BR_OFFSET_LIMITS (a step either way moves every runner; further is a
# season the running charts cannot follow).
BR_RESPONSE = 0.055
BR_OFFSET_LIMITS = (-1.0, 1.0)


class PlayedLeague(Protocol):
    """What a played league gives the calibration: its team games and each card's batting counts."""

    @property
    def team_games(self) -> int: ...

    @property
    def batting(self) -> Mapping[str, Mapping[str, int]]: ...

    @property
    def pitching(self) -> Mapping[str, Mapping[str, int]]:  # card id -> bf h hr bb k hbp wp
        ...

    # and, read where present (``league.replay.LeagueTotals`` has it), ``errors``: the fielders' errors


class LeaguePlayer(Protocol):
    """Plays a set folder's league, ``games_per_team`` games a team, from ``seed`` (replayable)."""

    def __call__(self, set_folder: Path, games_per_team: int, seed: int) -> PlayedLeague: ...


# MLB's first regular season with interleague games: before it the AL and NL played apart.
FIRST_INTERLEAGUE = 1997


def leagues_meet(year: int) -> bool:
    """Whether the AL and NL met in the regular season (from 1997)."""
    return year >= FIRST_INTERLEAGUE


def uses_dh(year: int, league: str) -> bool:
    """The designated hitter: the AL from 1973, the NL in 2020 and from 2022."""
    if league == "AL":
        return year >= 1973
    return year == 2020 or year >= 2022


def leagues_differ(season: Season) -> bool:
    """Whether the season's two leagues need scales of their own: the DH in one of them only
    (1973-2021 but 2020), or leagues that did not meet (before 1997). One league, or two that met
    under one rule (2020, and from 2022), share one set of scales."""
    leagues = sorted({t.league for t in season.teams.values()})
    if len(leagues) != 2:
        return False
    return len({uses_dh(season.year, league) for league in leagues}) > 1 or not leagues_meet(season.year)


def player_league(player: Player, season: Season) -> str | None:
    """The league whose scales a player's cards take: the league of most of his plate appearances
    and batters faced together (his stints summed per league; a tie, or no stint with a known team,
    goes to the league of his card's team, the team he played most for)."""
    counts: dict[str, int] = {}
    for stint in player.stints:
        team = season.teams.get(stint.team_id)
        if team is None:
            continue
        line = (stint.batting.pa if stint.batting else 0) + (stint.pitching.bf if stint.pitching else 0)
        counts[team.league] = counts.get(team.league, 0) + line
    home = season.teams.get(player.team_id)
    fallback = home.league if home is not None else None
    if not counts or max(counts.values()) <= 0:
        return fallback
    best = max(counts.values())
    tied = sorted(league for league, n in counts.items() if n == best)
    return fallback if len(tied) > 1 and fallback in tied else tied[0]


def league_season(season: Season, league: str) -> Season:
    """The season as one league's: its teams, and the players whose league (:func:`player_league`) it
    is. ``league_batting()`` of it is ``season.league_batting(league)``."""
    return replace(
        season,
        leagues=(league,),
        teams={k: t for k, t in season.teams.items() if t.league == league},
        players={k: p for k, p in season.players.items() if player_league(p, season) == league},
    )


@dataclass(frozen=True)
class LeagueSplit:
    """What the calibration needs to keep each league's scales apart (:func:`leagues_differ`): the
    league of every card the league plays (:func:`player_league` of its player; a depth arm's or bat's,
    its team's), each league's pitchers' real batting and its share of the teams (every team plays the
    same schedule, so its share of the played team games)."""

    league_of: Mapping[str, str]  # card id -> "AL" / "NL"
    pitchers_real: Mapping[str, Batting]  # league -> its pitchers' real batting
    team_share: Mapping[str, float]  # league -> its teams / all teams


@dataclass
class LeagueView:
    """One league's part of a played league (a :class:`PlayedLeague`): its cards' lines, its share of
    the team games and its fielders' errors (``errors_by_card`` where the played league has it, else
    its share of the errors)."""

    team_games: int
    batting: dict[str, Mapping[str, int]]
    pitching: dict[str, Mapping[str, int]]
    errors: int


def league_view(played: PlayedLeague, split: LeagueSplit, league: str) -> LeagueView:
    """:class:`LeagueView` of ``league``: the cards :class:`LeagueSplit` puts in it."""
    mine = {c for c, lg in split.league_of.items() if lg == league}
    pitching = getattr(played, "pitching", None) or {}
    by_card = getattr(played, "errors_by_card", None)
    share = split.team_share.get(league, 0.0)
    if by_card is not None:
        errors = sum(n for c, n in by_card.items() if c in mine)
    else:
        errors = round(int(getattr(played, "errors", 0)) * share)
    return LeagueView(
        team_games=round(played.team_games * share),
        batting={c: line for c, line in played.batting.items() if c in mine},
        pitching={c: line for c, line in pitching.items() if c in mine},
        errors=errors,
    )


def dh_statement(year: int, leagues: Iterable[str]) -> bool | list[str]:
    """set.toml's ``designated_hitter`` for a season of these leagues: true when every one used the DH,
    false when none did, else the leagues that did (["AL"] from 1973 to 2021, but 2020): a league made
    from the set then plays each game by its home team's league's rule (league.store)."""
    named = sorted(set(leagues))
    using = [league for league in named if uses_dh(year, league)]
    if len(using) == len(named):
        return bool(named)
    return using or False


def uses_extra_inning_runner(year: int) -> bool:
    """A runner on second to start each extra half inning (OBR 7.01(b)): the regular season from 2020."""
    return year >= 2020


def games_per_team(season: Season) -> int:
    """The schedule's length: the most common number of games a team played."""
    counts: dict[int, int] = {}
    for team in season.teams.values():
        counts[team.g] = counts.get(team.g, 0) + 1
    return max(counts, key=lambda g: (counts[g], g))


def rates(b: Batting) -> dict[str, float]:
    """Per plate appearance (sacrifice bunts left out: they are the managers' calls).

    The played sacrifice flies count even where the real season scored them as sacrifice hits
    (:func:`seasons.stats.sac_flies_among_sacrifice_hits`): leaving them out measured 1927 right
    per PA but dropped its R/G to -2.3 % (3 replays); see docs/real-seasons/fit.md, "Rare results"."""
    pa = b.ab + b.bb + b.hbp + b.sf
    if pa <= 0:
        return dict.fromkeys(RESULTS, 0.0)
    counts = {"1B": b.singles, "2B": b.doubles, "3B": b.triples, "HR": b.hr, "BB": b.bb, "HBP": b.hbp, "K": b.k}
    return {k: v / pa for k, v in counts.items()}


def per_game(b: Batting, team_games: int) -> dict[str, float]:
    """The :data:`PER_GAME` results per team game."""
    counts = {"2B": b.doubles, "3B": b.triples}
    return {r: counts[r] / team_games if team_games > 0 else 0.0 for r in PER_GAME}


def real_team_games(season: Season) -> int:
    return sum(t.g for t in season.teams.values())


def times_on_first(b: Batting) -> int:
    """Singles, walks and hit batsmen: the times a runner stands on first with second open."""
    return b.singles + b.bb + b.hbp


def steal_rates(b: Batting) -> dict[str, float]:
    """Attempts (SB + CS) per time on first, and success SB / (SB + CS)."""
    attempts = b.sb + b.cs
    on_first = times_on_first(b)
    return {
        "attempts": attempts / on_first if on_first > 0 else 0.0,
        "success": b.sb / attempts if attempts > 0 else 0.0,
    }


def pitching_rates(p: Pitching) -> dict[str, float]:
    """A pitcher's :data:`PITCHER_SPREAD_RESULTS` per batter faced (H: hits on balls in play)."""
    if p.bf <= 0:
        return dict.fromkeys(PITCHER_SPREAD_RESULTS, 0.0)
    return {"H": (p.h - p.hr) / p.bf, "HR": p.hr / p.bf, "BB": p.bb / p.bf, "K": p.k / p.bf}


def played_pitching_rates(line: Mapping[str, int]) -> dict[str, float]:
    """The same from a played pitching line (bf h hr bb k)."""
    bf = line.get("bf", 0)
    if bf <= 0:
        return dict.fromkeys(PITCHER_SPREAD_RESULTS, 0.0)
    h, hr = line.get("h", 0), line.get("hr", 0)
    return {"H": (h - hr) / bf, "HR": hr / bf, "BB": line.get("bb", 0) / bf, "K": line.get("k", 0) / bf}


def weighted_slope(points: Sequence[tuple[float, float, float]]) -> tuple[float, float]:
    """The slope of y on x by weighted least squares over (x, y, weight), and its standard error.

    SE = sqrt(s2 / Sxx) with s2 = sum(w r^2) / (n - 2) scaled by n / sum(w) (weights relative
    to their mean, so they carry the played counts' precision, not their units). (0, inf)
    when the points cannot give a slope.
    """
    n = len(points)
    total = sum(w for _, _, w in points)
    if n < 3 or total <= 0:
        return 0.0, math.inf
    mx = sum(w * x for x, _, w in points) / total
    my = sum(w * y for _, y, w in points) / total
    sxx = sum(w * (x - mx) ** 2 for x, _, w in points)
    if sxx <= 0:
        return 0.0, math.inf
    b = sum(w * (x - mx) * (y - my) for x, y, w in points) / sxx
    a = my - b * mx
    s2 = sum(w * (y - a - b * x) ** 2 for x, y, w in points) / (n - 2)
    return b, math.sqrt(s2 / sxx)


def spread_slopes(
    real: Mapping[str, Mapping[str, float]],
    played: Mapping[str, Mapping[str, float]],
    played_counts: Mapping[str, float],
    real_counts: Mapping[str, float],
    results: Sequence[str],
) -> dict[str, tuple[float, float]]:
    """Per result, (slope, SE) of played rate on real rate over the players (card ids) with
    :data:`SPREAD_MIN_REAL` real and :data:`SPREAD_MIN_PLAYED` played PA (BF), weighted by
    their played PA (the played rate's noise goes as 1 / PA)."""
    ids = [
        c
        for c in sorted(played)
        if c in real and real_counts.get(c, 0) >= SPREAD_MIN_REAL and played_counts.get(c, 0) >= SPREAD_MIN_PLAYED
    ]
    return {r: weighted_slope([(real[c][r], played[c][r], float(played_counts[c])) for c in ids]) for r in results}


def pooled_spread(
    rounds: Sequence[tuple[Mapping[str, float], Mapping[str, tuple[float, float]]]],
    current: Mapping[str, float],
    results: Sequence[str],
) -> dict[str, float]:
    """The spread factors that give slope 1, from rounds of (factors played with, (slope, SE)).

    A round's slope is taken as k x factor; k is pooled with weights 1 / SE^2 and the new factor
    is 1 / k, within :data:`SPREAD_LIMITS` (:func:`pooled_recalibrate` with a real "rate" of 1)."""
    out = dict(current)
    for r in results:
        usable = [
            (factors, {r: slopes[r][0]}, 1 / max(slopes[r][1], SPREAD_MIN_SE) ** 2)
            for factors, slopes in rounds
            if r in slopes and slopes[r][0] > 0 and slopes[r][1] < math.inf
        ]
        if usable:
            got = pooled_recalibrate(usable, {r: 1.0}, {r: current.get(r, 1.0)})[r]
            out[r] = min(max(got, SPREAD_LIMITS[0]), SPREAD_LIMITS[1])
    return out


def pooled_slope_se(rounds: Sequence[Mapping[str, tuple[float, float]]], result: str) -> float:
    """The SE of the pooled slope (inverse-variance pooling of the rounds' SEs)."""
    inv = sum(1 / max(s[result][1], SPREAD_MIN_SE) ** 2 for s in rounds if result in s and s[result][1] < math.inf)
    return 1 / math.sqrt(inv) if inv > 0 else math.inf


def played_batting(played: PlayedLeague, card_ids: Iterable[str] | None = None) -> Batting:
    """The played lines summed as one Batting (only ``card_ids``' lines when given)."""
    wanted = None if card_ids is None else set(card_ids)
    total = Batting()
    for card_id, line in played.batting.items():
        if wanted is not None and card_id not in wanted:
            continue
        total = total + Batting(
            pa=line["pa"], ab=line["ab"], r=line["r"], h=line["h"], doubles=line["doubles"],
            triples=line["triples"], hr=line["hr"], bb=line["bb"], k=line["k"], hbp=line["hbp"],
            sf=line["sf"], sh=line["sh"], gidp=line["gidp"], sb=line["sb"], cs=line["cs"],
        )  # fmt: skip
    return total


def pooled_recalibrate(
    rounds: Sequence[tuple[Mapping[str, float], Mapping[str, float], float]],
    real: Mapping[str, float],
    current: Mapping[str, float],
) -> dict[str, float]:
    """The scales that give ``real``, from rounds of (scales played with, rates played, weight).

    Played rates are taken as proportional to the scale (k x scale): k is pooled as
    sum(weight x played) / sum(weight x scale) over the rounds that played the result, and
    the new scale is real / k. One round: its scale times real / played. A result no round
    played (or with no real rate) keeps its ``current`` scale.
    """
    out = dict(current)
    for result in real:
        played_sum = scale_sum = 0.0
        for scales, played, weight in rounds:
            if played.get(result, 0.0) > 0:
                played_sum += weight * played[result]
                scale_sum += weight * scales.get(result, 1.0)
        if played_sum > 0 and real[result] > 0:
            out[result] = real[result] * scale_sum / played_sum
    return out


def run_rate(b: Batting) -> float:
    """Runs per time on base: (R - HR) / (H + BB + HBP - HR), the runners who came home (the
    batter's own home runs left out)."""
    on_base = b.h + b.bb + b.hbp - b.hr
    return (b.r - b.hr) / on_base if on_base > 0 else 0.0


def offset_recalibrate(
    rounds: Sequence[tuple[float, float, float]],
    real: float,
    slope: float,
    current: float,
    limits: tuple[float, float],
) -> float:
    """The offset that plays ``real``, from rounds of (offset played with, rate played, weight).

    The played rate is taken as a + slope x offset with the slope measured (not fitted: rounds a
    fraction of a step apart cannot measure it against their noise); a is pooled as the weighted
    mean of played - slope x offset and the new offset is (real - a) / slope, within ``limits``.
    No usable round, no real rate or no slope: ``current``."""
    usable = [(o, p, w) for o, p, w in rounds if p > 0 and w > 0]
    if not usable or real <= 0 or slope <= 0:
        return current
    total = sum(w for _, _, w in usable)
    intercept = sum(w * (p - slope * o) for o, p, w in usable) / total
    return min(max((real - intercept) / slope, limits[0]), limits[1])


def gdp_rate(b: Batting) -> float:
    """Grounded into double plays per plate appearance."""
    return b.gidp / b.pa if b.pa > 0 else 0.0


def event_rates(sf: int, wp: int, e: int, team_games: int) -> dict[str, float]:
    """Sacrifice flies, wild pitches and errors (:data:`EVENTS`) per team game.

    Per game, not per plate appearance, as the rare hits are (:data:`PER_GAME`): each needs men on
    base (a runner on third and fewer than two out for a sacrifice fly), and how often the games
    give those chances is part of what the scales answer for."""
    counts = {"sf": sf, "wp": wp, "e": e}
    return {k: counts[k] / team_games if team_games > 0 else 0.0 for k in EVENTS}


def real_event_rates(season: Season) -> dict[str, float]:
    """:func:`event_rates` of the real season (a column Lahman lacks is 0: no scale from it)."""
    errors = sum(t.e for t in season.teams.values())
    return event_rates(season.league_batting().sf, season.league_pitching().wp, errors, real_team_games(season))


def played_event_rates(played: PlayedLeague) -> dict[str, float]:
    """:func:`event_rates` of a played league (its pitchers' wild pitches, its fielders' errors)."""
    pitching = getattr(played, "pitching", None) or {}
    wp = sum(line.get("wp", 0) for line in pitching.values())
    sf = sum(line.get("sf", 0) for line in played.batting.values())
    return event_rates(sf, wp, int(getattr(played, "errors", 0)), played.team_games)


@dataclass
class Calibration:
    """The scales fitted so far and the rounds they came from."""

    adjust: dict[str, float] = field(default_factory=dict)  # batting results, everyone
    pitchers: dict[str, float] = field(default_factory=dict)  # batting results, pitchers batting
    steals: dict[str, float] = field(default_factory=dict)  # attempts, success
    gdp: dict[str, float] = field(default_factory=dict)  # "gdp": the GDP ratings' scale
    events: dict[str, float] = field(default_factory=dict)  # EVENTS: SF ratings, WP ranges, error numbers
    running: dict[str, float] = field(default_factory=dict)  # "br": the offset on the league's average BR
    spread: dict[str, float] = field(default_factory=dict)  # batters' targets about the league, per result
    pitcher_spread: dict[str, float] = field(default_factory=dict)  # pitchers' (H HR BB K)
    # per round: the scales it played with, what it played, its weights
    history: list[dict[str, tuple[dict[str, float], dict[str, float], float]]] = field(default_factory=list)
    # per round: (spread factors played with, (slope, SE) per result), batters' and pitchers'
    slopes: list[dict[str, tuple[dict[str, float], dict[str, tuple[float, float]]]]] = field(default_factory=list)
    # Where the leagues differ (:func:`leagues_differ`, given a :class:`LeagueSplit`): each league's own
    # scales (its adjust, pitchers, steals, gdp, events, running and their rounds), fitted to its own
    # real line from its own cards' games; this object then keeps only the spread (one for everyone).
    leagues: dict[str, Calibration] = field(default_factory=dict)

    def update(
        self,
        played: PlayedLeague,
        pitcher_cards: Iterable[str],
        season: Season,
        pitchers_real: Batting,
        *,
        batters_by_card: Mapping[str, Batting] | None = None,
        pitchers_by_card: Mapping[str, Pitching] | None = None,
        split: LeagueSplit | None = None,
    ) -> None:
        """Add one played round and refit every scale from the rounds pooled (:data:`POOL_FROM` on).

        ``batters_by_card`` (non-pitchers' real lines by card id) and ``pitchers_by_card``
        (pitchers' by pitcher card id) give the spread; without them it stays as it is.
        ``split``, where the season's leagues differ (:func:`leagues_differ`), keeps the scales per
        league (:attr:`leagues`): each league's are refitted from its own cards' played lines
        against its own real line; the spread stays one for everyone."""
        self._update_spread(played, batters_by_card, pitchers_by_card)
        if split is None or not leagues_differ(season):
            self._update_levels(played, pitcher_cards, season, pitchers_real)
            return
        cards = set(pitcher_cards)
        for league in sorted(split.team_share):
            sub = self.leagues.setdefault(league, type(self)())
            sub._update_levels(
                league_view(played, split, league),
                [c for c in cards if split.league_of.get(c) == league],
                league_season(season, league),
                split.pitchers_real.get(league, Batting()),
            )

    def for_league(self, league: str | None) -> Calibration:
        """The scales a card of ``league`` takes: that league's where they are kept apart, else these."""
        return self.leagues.get(league, self) if league is not None else self

    def _update_spread(
        self,
        played: PlayedLeague,
        batters_by_card: Mapping[str, Batting] | None,
        pitchers_by_card: Mapping[str, Pitching] | None,
    ) -> None:
        """One round's slopes of played on real rates, and the spread factors pooled from them."""
        round_slopes: dict[str, tuple[dict[str, float], dict[str, tuple[float, float]]]] = {}
        if batters_by_card:
            lines = {c: played_batting(played, [c]) for c in batters_by_card if c in played.batting}
            round_slopes["batters"] = (
                dict(self.spread),
                spread_slopes(
                    {c: rates(b) for c, b in batters_by_card.items()},
                    {c: rates(b) for c, b in lines.items()},
                    {c: float(b.ab + b.bb + b.hbp + b.sf) for c, b in lines.items()},
                    {c: float(b.pa) for c, b in batters_by_card.items()},
                    SPREAD_RESULTS,
                ),
            )
        pitching = getattr(played, "pitching", None) or {}
        if pitchers_by_card and pitching:
            round_slopes["pitchers"] = (
                dict(self.pitcher_spread),
                spread_slopes(
                    {c: pitching_rates(p) for c, p in pitchers_by_card.items()},
                    {c: played_pitching_rates(line) for c, line in pitching.items()},
                    {c: float(line.get("bf", 0)) for c, line in pitching.items()},
                    {c: float(p.bf) for c, p in pitchers_by_card.items()},
                    PITCHER_SPREAD_RESULTS,
                ),
            )
        self.slopes.append(round_slopes)
        start = POOL_FROM - 1 if len(self.slopes) >= POOL_FROM else 0
        pooled_slopes = self.slopes[start:]
        for side, results, attr in (
            ("batters", SPREAD_RESULTS, "spread"),
            ("pitchers", PITCHER_SPREAD_RESULTS, "pitcher_spread"),
        ):
            rounds = [r[side] for r in pooled_slopes if side in r]
            if rounds and side in STRETCHED:
                setattr(self, attr, pooled_spread(rounds, getattr(self, attr), results))

    def _update_levels(
        self, played: PlayedLeague, pitcher_cards: Iterable[str], season: Season, pitchers_real: Batting
    ) -> None:
        """One round's league rates, and every level scale refitted against ``season``'s real line."""
        everyone = played_batting(played)
        pitching_batters = played_batting(played, pitcher_cards)
        self.history.append(
            {
                "adjust": (dict(self.adjust), rates(everyone), float(everyone.pa)),
                "per_game": (dict(self.adjust), per_game(everyone, played.team_games), float(played.team_games)),
                "pitchers": (
                    dict(self.pitchers or self.adjust),
                    rates(pitching_batters),
                    float(pitching_batters.pa),
                ),
                "attempts": (dict(self.steals), steal_rates(everyone), float(times_on_first(everyone))),
                "success": (dict(self.steals), steal_rates(everyone), float(everyone.sb + everyone.cs)),
                "gdp": (dict(self.gdp), {"gdp": gdp_rate(everyone)}, float(everyone.pa)),
                "events": (dict(self.events), played_event_rates(played), float(played.team_games)),
                "running": (
                    dict(self.running),
                    {"runs": run_rate(everyone)},
                    float(everyone.h + everyone.bb + everyone.hbp - everyone.hr),
                ),
            }
        )
        start = POOL_FROM - 1 if len(self.history) >= POOL_FROM else 0
        pooled = self.history[start:]
        real = season.league_batting()

        def group(key: str) -> list[tuple[Mapping[str, float], Mapping[str, float], float]]:
            return [r[key] for r in pooled]

        self.adjust = pooled_recalibrate(group("adjust"), rates(real), self.adjust)
        self.adjust |= pooled_recalibrate(
            group("per_game"),
            per_game(real, real_team_games(season)),
            {r: self.adjust[r] for r in PER_GAME if r in self.adjust},
        )
        if min(pitchers_real.pa, sum(w for _, _, w in group("pitchers"))) >= MIN_PITCHER_PA:
            pitchers = pooled_recalibrate(group("pitchers"), rates(pitchers_real), self.pitchers or self.adjust)
            self.pitchers = {
                k: min(
                    max(v, self.adjust.get(k, 1.0) / PITCHER_SCALE_LIMIT), self.adjust.get(k, 1.0) * PITCHER_SCALE_LIMIT
                )
                for k, v in pitchers.items()
            }
        real_steals = steal_rates(real)
        attempts = pooled_recalibrate(group("attempts"), {"attempts": real_steals["attempts"]}, self.steals)
        success = pooled_recalibrate(group("success"), {"success": real_steals["success"]}, self.steals)
        self.steals = {"attempts": attempts.get("attempts", 1.0), "success": success.get("success", 1.0)}
        # Lahman has no GIDP before 1939 in some leagues: a real rate of 0 leaves the scale alone.
        gdp = pooled_recalibrate(group("gdp"), {"gdp": gdp_rate(real)}, self.gdp)
        if "gdp" in gdp:
            self.gdp = {"gdp": gdp["gdp"]}
        # No SF column before 1954 (but as sacrifice hits): a real rate of 0 leaves its scale alone.
        events = pooled_recalibrate(group("events"), real_event_rates(season), self.events)
        self.events = {k: min(max(v, EVENT_SCALE_LIMITS[0]), EVENT_SCALE_LIMITS[1]) for k, v in events.items()}
        real_runs = run_rate(real)
        br = offset_recalibrate(
            [(scales.get("br", 0.0), rate["runs"], w) for scales, rate, w in group("running")],
            real_runs,
            BR_RESPONSE * real_runs,
            self.running.get("br", 0.0),
            BR_OFFSET_LIMITS,
        )
        self.running = {"br": br}

    def round_report(self, season: Season) -> str:
        """The last round's league rates against the real ones: played / real - 1 per result, with
        the binomial SE of the played count (how far a round's measurement can wander); each league's
        against its own where they are kept apart."""
        if self.leagues:
            return "; ".join(
                f"{league}: {sub.round_report(league_season(season, league))}"
                for league, sub in sorted(self.leagues.items())
            )
        if not self.history:
            return ""
        scales, played, pa = self.history[-1]["adjust"]
        _, played_games, _ = self.history[-1]["per_game"]
        real = rates(season.league_batting())
        real_games = per_game(season.league_batting(), real_team_games(season))
        parts = []
        for r in RESULTS:
            if real.get(r, 0.0) > 0 and pa > 0:
                se = math.sqrt(max(played[r], 1e-12) * pa) / (real[r] * pa)
                text = f"{r} {played[r] / real[r] - 1:+.1%}"
                if r in PER_GAME and real_games[r] > 0:
                    text += f" a PA, {played_games[r] / real_games[r] - 1:+.1%} a game"
                parts.append(f"{text} (SE {se:.1%}, scale {scales.get(r, 1.0):.3f})")
        return ", ".join(parts)

    def spread_report(self) -> str:
        """The pooled slopes and their SEs, per side and result (the rounds the factors came from)."""
        start = POOL_FROM - 1 if len(self.slopes) >= POOL_FROM else 0
        parts = []
        for side, results in (("batters", SPREAD_RESULTS), ("pitchers", PITCHER_SPREAD_RESULTS)):
            rounds = [r[side][1] for r in self.slopes[start:] if side in r]
            for result in results:
                se = pooled_slope_se(rounds, result)
                if se < math.inf:
                    last = rounds[-1][result][0] if rounds else 0.0
                    parts.append(f"{side} {result} slope {last:.2f} (pooled SE {se:.3f})")
        return ", ".join(parts)

    def describe(self) -> str:
        """The scales, readably: one list, or where the leagues keep their own, "AL: ...; NL: ..."
        followed by the spread they share."""
        if self.leagues:
            own = "; ".join(f"{league}: {sub.describe()}" for league, sub in sorted(self.leagues.items()))
            return f"{own}; both leagues: {self._describe_spread() or 'no spread'}"
        parts = self._describe_levels()
        if spread := self._describe_spread():
            parts.append(spread)
        return ", ".join(parts)

    def _describe_levels(self) -> list[str]:
        parts = [f"{k} {v:.3f}" for k, v in sorted(self.adjust.items())]
        parts += [f"pitchers' {k} {v:.3f}" for k, v in sorted(self.pitchers.items())]
        parts += [f"steal {k} {v:.3f}" for k, v in sorted(self.steals.items())]
        parts += [f"gdp {v:.3f}" for v in self.gdp.values()]
        parts += [f"{k} {self.events[k]:.3f}" for k in EVENTS if k in self.events]
        parts += [f"br {v:+.3f}" for v in self.running.values()]
        return parts

    def _describe_spread(self) -> str:
        parts = [f"spread {k} {v:.3f}" for k, v in sorted(self.spread.items())]
        parts += [f"pitchers' spread {k} {v:.3f}" for k, v in sorted(self.pitcher_spread.items())]
        return ", ".join(parts)
