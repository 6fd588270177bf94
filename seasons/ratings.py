"""Every card rating that is not the hitting or pitching matrix, from a real season.

``batter_ratings`` gives a batter card's fielding lines, running (BR, ATT, SB), bunting
(BNT), SF, GDP and injury ratings; ``pitcher_ratings`` a pitcher card's fielding line,
START/RELIEF staminas, HLD and SB, GDP, the WP / PB? and BK / PO / POE 1d20 ranges and
injury rating. Both return the card's TOML fields in the cards' own notation, ready to be
merged with the hitting fields that ``seasons.fit`` makes.

Each rating is read from the player's statistics *relative to his league*: the player
whose rates equal the league's gets the position's (or the game's) average rating, and
the rest are scaled either in the dice's own units (an error number is a 1d20 chance, a
catcher's arm moves a 1d20 steal roll) or, where the statistic has no such unit (range
factor, outfield assists, speed), by the league's spread of that statistic among the
players with enough games. Small samples are pulled toward the league rate by adding a
fixed number of league-average games (or chances). docs/real-seasons/ratings.md states
every rule and constant.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from seasons.stats import Batting, Fielding, Pitching, Player, Season

# --- the game's averages (what the league-average player gets) ------------------------

# Range (1d6) and error number (1d20) of the league-average fielder at each position, read
# off the rule books' and the sample set's cards.
RANGE_AVERAGE = {"P": 3, "C": 4, "1B": 2, "2B": 4, "3B": 4, "SS": 4, "LF": 3, "CF": 4, "RF": 3}
ERROR_AVERAGE = {"P": 5, "C": 10, "1B": 9, "2B": 8, "3B": 9, "SS": 8, "LF": 8, "CF": 6, "RF": 8}
# The engine's errors at a position per team game, per point of the fielder's error number
# there. The book fixes what an error number does (a 1d20 chance on each error check), and the
# engine's error checks at each position come at a rate of their own, so a league's errors per
# game at a position give the number its average fielder needs: E/G / this. Measured over
# auto-played seasons (1927, 1970 and 2023, one replay each, then corrected by a second round
# with the numbers this rule gave). A pitcher's errors grow less than in proportion to his
# number, so pitchers fall short (about 0.55 of the real E/G at 0.0078 a point).
ERRORS_PER_POINT = {
    "P": 0.0043,
    "C": 0.0067,
    "1B": 0.0069,
    "2B": 0.0194,
    "3B": 0.0149,
    "SS": 0.0185,
    "LF": 0.0100,
    "CF": 0.0135,
    "RF": 0.0087,
}
PASSED_BALL_AVERAGE = 3  # the catcher blocks a PB? on 1d6 at most this: half get by (the books' catchers)
BR_AVERAGE = 3  # 0-6, the middle of the scale
SF_AVERAGE = 2  # 0-6: 1d6 at most this is a deep fly
COMBINED_GDP_AVERAGE = 3  # batter GDP + pitcher GDP + pivot, against 1d6
BATTER_GDP_AVERAGE = 2
PITCHER_GDP_AVERAGE = COMBINED_GDP_AVERAGE - BATTER_GDP_AVERAGE  # the pivot averages 0
DEFAULT_INJURY = 1  # part-timers, call-ups and relievers: no games-missed evidence

# --- how the game's dice meet the statistics -------------------------------------------

# Strategy rolls (1d20, one per plate appearance while strategy applies) a runner on first
# with second open sees, on average, per time he reaches first; the share of plate
# appearances with a man on first and fewer than two out (the bunt's chances) and with
# anyone on base (wild pitches, balks); how often a strategy roll is read at all (the run
# difference plus the inning at most 10); and the share of sacrifice tries that end as a
# sacrifice. Estimates from play-by-play era averages; the fidelity bench calibrates them.
ROLLS_PER_TIME_ON_FIRST = 1.4
STRATEGY_APPLIES = 0.85
BUNT_SITUATION_SHARE = 0.18
SACRIFICE_SUCCESS = 0.7
RUNNERS_ON_SHARE = 0.45
# Pitcher-card WLD cells assumed per card (each 2d6 cell is 1/36 of plate appearances).
WLD_CELLS = 1  # as seasons.fit makes them
MIN_PB_ROLLS = 2  # the wildest pitcher still leaves his catcher two PB? rolls
# A strategy roll of 20 is the pickoff attempt (BK / PO / POE).
PICKOFF_ROLL_SHARE = 1 / 20
# Hit and run calls a runner with ATT a on rolls a+1..a+2; it is a steal only when the
# batter strikes out.
HIT_AND_RUN_ROLLS = 2

# --- regression to the league (weights in league-average units added) ------------------

REGRESS_GAMES = 60  # range factor, outfield assists, double plays, passed balls
REGRESS_CHANCES = 250  # fielding percentage
REGRESS_STEALS = 40  # catchers' caught-stealing share
REGRESS_ATTEMPTS = 10  # a runner's stolen-base success
REGRESS_TIMES_ON_FIRST = 20  # a runner's attempt rate
REGRESS_PA = 200  # SF, GIDP and SH rates
REGRESS_TIMES_ON_BASE = 40  # runs scored per time on base
REGRESS_BALLS_IN_PLAY = 150  # triples per ball in play
REGRESS_BFP = 300  # a pitcher's WP, BK and GIDP rates

QUALIFY_GAMES = 20  # fielders whose spread sets the scale
QUALIFY_PA = 150  # batters whose speed scores set the BR scale
LISTED_GAMES = 5  # a position is listed on the card from this many games (the main one always)
MAX_POSITIONS = 4
FULL_SEASON_PA_PER_GAME = 3.7  # a regular plays every day when he plays
REGULAR_SHARE = 0.4  # ... and played in at least this share of his team's games
STARTER_SHARE = 0.5  # a starter: at least half his games were starts, and ...
STARTER_MIN_GS = 10
ROTATION = 5  # a healthy starter's share of the team's games: 1 in 5
# Injury rating by the share of games (starts for a starter) missed: below 10 % INJ 0
# (a regular's rest days), then one step at each of these shares.
INJURY_STEPS = (0.1, 0.16, 0.22, 0.3, 0.4, 0.5, 0.6)
INJURY_SLACK_STARTS = 2  # a starter's rotation turns skipped without an injury

# Fatigue: a starter tires at 5 % above his batters faced per start, a reliever at 20 %
# above his per relief appearance; the pull (runs + hits + unintentional walks) at 15 %
# (starters) or 50 % (relievers) above his per-appearance figure.
TIRED_START = 1.05
TIRED_RELIEF = 1.2
PULL_START = 1.15
PULL_RELIEF = 1.5
RELIEF_BFP_DEFAULT = 6.0  # league relievers' batters per relief appearance when none relieved
START_BFP_DEFAULT = 28.0
# A starter's lines are set for his batters per start moved away from the league's by this
# factor (tired and pull alike). Replays showed the game narrows the spread: the pull, the
# late pinch hitter and the late change of a tired pitcher end a workhorse's and a five-inning
# man's starts alike, so with lines at their own figures the starters' batters per start in
# replays moved only 0.54 (1970) and 0.74 (2023) of a batter for each batter of real spread.
START_SPREAD = 1.5

# Speed score weights (BR): runs per time on base, triples per ball in play, steal attempts.
SPEED_WEIGHTS = (0.4, 0.3, 0.3)
BR_PER_SD = 1.2


def _round(x: float) -> int:
    """Round half up (Python's round() goes to the even neighbour)."""
    return math.floor(x + 0.5)


def _clamp(x: int, low: int, high: int) -> int:
    return max(low, min(high, x))


def _rate(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator > 0 else 0.0


def _regress(count: float, exposure: float, league_rate: float, weight: float) -> float:
    """The rate count/exposure pulled toward league_rate by ``weight`` units of exposure."""
    return (count + league_rate * weight) / (exposure + weight)


def _ratio(value: float, league: float) -> float:
    return value / league if league > 0 else 1.0


def error_number(position: str, rate: float, position_rate: float, errors_per_game: float | None) -> int:
    """A fielder's error number (1-20) from his (regressed) errors per chance at ``position``.

    The position's average number is the league's errors there per team game over what one
    point of the number gives in the engine (ERRORS_PER_POINT), so the engine's E/G follows
    the era's; his errors per chance over the position's league rate scale it. Without a
    league (``errors_per_game`` None) the book's average number stands in.
    """
    if errors_per_game is None:
        average = float(ERROR_AVERAGE[position])
    else:
        average = errors_per_game / ERRORS_PER_POINT[position]
    return _clamp(_round(average * _ratio(rate, position_rate)), 1, 20)


def _league_of(player: Player, season: Season) -> str | None:
    team = season.teams.get(player.team_id)
    return team.league if team is not None else None


def _team_games(player: Player, season: Season) -> int:
    """His team's games (the longest schedule among the teams he played for)."""
    games = [season.teams[s.team_id].g for s in player.stints if s.team_id in season.teams]
    team = season.teams.get(player.team_id)
    if team is not None:
        games.append(team.g)
    return max(games, default=162)


def _is_pitcher(player: Player) -> bool:
    pa = player.batting.pa if player.batting else 0
    return player.pitching is not None and player.pitching.bf > 0 and player.pitching.bf > pa


# --- fielding ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Sample:
    """One fielder's numbers at a position, in the units the league reference uses."""

    games: float  # exposure, in games (or nine-inning games where innings are known)
    chances: float  # range chances (PO + A, adjusted by position)
    assists: float
    double_plays: float
    passed_balls: float
    errors: int
    total_chances: int  # PO + A + E
    steals: int  # catchers: SB + CS against
    caught: int


@dataclass(frozen=True)
class _Scale:
    """A league rate and the spread of the regressed rates of its qualified players."""

    rate: float
    sd: float

    def z(self, value: float) -> float:
        return (value - self.rate) / self.sd if self.sd > 0 else 0.0


@dataclass(frozen=True)
class _PositionReference:
    by_innings: bool
    range: _Scale
    assists: _Scale
    double_plays: float
    passed_balls: float
    errors: float
    errors_per_game: float | None  # the position's errors per team game in the league
    caught: float | None  # catchers' CS share (None: the league has no CS)
    steals_per_game: _Scale  # catchers, where CS is missing


def _sample(player: Player, fielding: Fielding, season: Season, by_innings: bool) -> _Sample:
    position = fielding.position
    if position == "P" and player.pitching is not None and player.pitching.outs > 0:
        games: float = player.pitching.outs / 27
    elif by_innings and fielding.inn_outs is not None:
        games = fielding.inn_outs / 27
    else:
        games = float(fielding.g)
    chances = float(fielding.po + fielding.a)
    if position == "1B":
        chances = float(fielding.a)  # a first baseman's putouts are mostly other men's throws
    elif position == "C":
        chances = max(0.0, chances - _catcher_strikeouts(player, fielding, season))
    return _Sample(
        games=games,
        chances=chances,
        assists=float(fielding.a),
        double_plays=float(fielding.dp),
        passed_balls=float(fielding.pb),
        errors=fielding.e,
        total_chances=fielding.po + fielding.a + fielding.e,
        steals=fielding.sb + fielding.cs,
        caught=fielding.cs,
    )


def _catcher_strikeouts(player: Player, fielding: Fielding, season: Season) -> float:
    """The strikeouts a catcher caught (a putout each), by his share of his team's games or innings."""
    team = season.teams.get(player.team_id)
    if team is None:
        return 0.0
    if fielding.inn_outs is not None and team.pitching.outs > 0:
        share = fielding.inn_outs / team.pitching.outs
    else:
        share = _rate(fielding.g, team.g)
    return team.pitching.k * min(1.0, share)


def _scale(samples: list[_Sample], count: Callable[[_Sample], float]) -> _Scale:
    """The league rate (totals over games) and the spread of the qualified fielders' regressed rates.

    The spread is the median absolute deviation scaled to a normal SD (x 1.4826), so a few
    extreme men do not widen everyone else's scale; the plain SD where that is 0.
    """
    games = sum(s.games for s in samples)
    rate = _rate(sum(count(s) for s in samples), games)
    qualified = [s for s in samples if s.games >= QUALIFY_GAMES]
    if len(qualified) < 3:
        return _Scale(rate, 0.0)
    values = sorted(_regress(count(s), s.games, rate, REGRESS_GAMES) for s in qualified)
    middle = statistics.median(values)
    spread = 1.4826 * statistics.median(abs(v - middle) for v in values)
    return _Scale(rate, spread or statistics.pstdev(values))


_CACHE: dict[int, tuple[Season, dict[tuple[str | None, str], _PositionReference], dict[str | None, float]]] = {}


def _references(season: Season) -> tuple[dict[tuple[str | None, str], _PositionReference], dict[str | None, float]]:
    """Per (league, position) fielding references and per league BR speed spread, built once a season."""
    cached = _CACHE.get(id(season))
    if cached is not None and cached[0] is season:
        return cached[1], cached[2]
    by_position: dict[tuple[str | None, str], list[tuple[Player, Fielding]]] = {}
    for player in season.players.values():
        league = _league_of(player, season)
        for fielding in player.fielding.values():
            if fielding.g > 0:
                by_position.setdefault((league, fielding.position), []).append((player, fielding))
    team_games: dict[str | None, int] = {}
    for team in season.teams.values():
        team_games[team.league] = team_games.get(team.league, 0) + team.g
    references = {
        key: _position_reference(season, entries, team_games.get(key[0], 0)) for key, entries in by_position.items()
    }
    leagues = {_league_of(p, season) for p in season.players.values()}
    speed = {league: _speed_spread(season, league) for league in leagues}
    if len(_CACHE) > 4:
        _CACHE.clear()
    _CACHE[id(season)] = (season, references, speed)
    return references, speed


def _position_reference(season: Season, entries: list[tuple[Player, Fielding]], team_games: int) -> _PositionReference:
    # Per nine innings only where every fielder there has innings; per game otherwise.
    by_innings = all(f.inn_outs is not None and (f.inn_outs > 0 or f.g == 0) for _, f in entries)
    samples = [_sample(p, f, season, by_innings) for p, f in entries]
    games = sum(s.games for s in samples)
    steals = sum(s.steals for s in samples)
    caught = sum(s.caught for s in samples)
    return _PositionReference(
        by_innings=by_innings,
        range=_scale(samples, lambda s: s.chances),
        assists=_scale(samples, lambda s: s.assists),
        double_plays=_rate(sum(s.double_plays for s in samples), games),
        passed_balls=_rate(sum(s.passed_balls for s in samples), games),
        errors=_rate(sum(s.errors for s in samples), sum(s.total_chances for s in samples)),
        errors_per_game=sum(s.errors for s in samples) / team_games if team_games else None,
        caught=_rate(caught, steals) if caught > 0 else None,
        steals_per_game=_scale(samples, lambda s: float(s.steals)),
    )


def _average_reference() -> _PositionReference:
    return _PositionReference(False, _Scale(0, 0), _Scale(0, 0), 0, 0, 0, None, None, _Scale(0, 0))


def fielding_line(player: Player, position: str, season: Season, errors: float = 1.0) -> str:
    """His fielding line at ``position`` in card notation ("SS - 4 (8) +1", "C - 4/4 (10) -1").

    ``errors`` (the calibration's error scale) multiplies the league's errors per game the
    position's average error number is made from."""
    references, _ = _references(season)
    fielding = player.fielding.get(position, Fielding(position))
    ref = references.get((_league_of(player, season), position), _average_reference())
    s = _sample(player, fielding, season, ref.by_innings)

    range_rate = _regress(s.chances, s.games, ref.range.rate, REGRESS_GAMES)
    rng = _clamp(_round(RANGE_AVERAGE[position] + ref.range.z(range_rate)), 1, 6)
    error_rate = _regress(s.errors, s.total_chances, ref.errors, REGRESS_CHANCES)
    per_game = None if ref.errors_per_game is None else errors * ref.errors_per_game
    error = error_number(position, error_rate, ref.errors, per_game)

    if position == "C":
        pb_rate = _regress(s.passed_balls, s.games, ref.passed_balls, REGRESS_GAMES)
        # The league's catchers let 1 - average/6 of PB? rolls by; he lets that times his PB ratio.
        by = (6 - PASSED_BALL_AVERAGE) * _ratio(pb_rate, ref.passed_balls)
        pb = _clamp(_round(6 - by), 1, 6)
        if ref.caught is not None:
            # Each point of arm is one in twenty steal rolls: his CS share above the league's.
            share = _regress(s.caught, s.steals, ref.caught, REGRESS_STEALS)
            arm = _round(-20 * (share - ref.caught))
        else:
            steals_rate = _regress(s.steals, s.games, ref.steals_per_game.rate, REGRESS_GAMES)
            arm = _round(ref.steals_per_game.z(steals_rate))
        return f"C - {rng}/{pb} ({error}) {_signed(_clamp(arm, -5, 5))}"
    if position in ("LF", "CF", "RF"):
        assists = _regress(s.assists, s.games, ref.assists.rate, REGRESS_GAMES)
        arm = _clamp(_round(-ref.assists.z(assists)), -3, 3)  # the arm is added to runners' BR
        return f"{position} - {rng} ({error}) {_signed(arm)}"
    if position in ("2B", "SS"):
        dps = _regress(s.double_plays, s.games, ref.double_plays, REGRESS_GAMES)
        pivot = _round(COMBINED_GDP_AVERAGE * (_ratio(dps, ref.double_plays) - 1))
        return f"{position} - {rng} ({error}) {_signed(_clamp(pivot, -3, 3))}"
    return f"{position} - {rng} ({error})"


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def fielding_lines(player: Player, season: Season, pitcher_card: bool = False, errors: float = 1.0) -> list[str]:
    """The card's fielding lines, most-played position first; "DH" for a batter who never fielded.

    A pitcher's card lists his P line only. ``errors``: see :func:`fielding_line`.
    """
    if pitcher_card:
        return [fielding_line(player, "P", season, errors)]
    played = sorted((f for f in player.fielding.values() if f.g > 0), key=lambda f: -f.g)
    if not played:
        return ["DH"]
    listed = [f for f in played if f.g >= LISTED_GAMES] or played[:1]
    return [fielding_line(player, f.position, season, errors) for f in listed[:MAX_POSITIONS]]


# --- running, bunting, SF, GDP ---------------------------------------------------------


def _times_on_first(b: Batting) -> int:
    return b.singles + b.bb + b.hbp


def _speed_components(b: Batting, league: Batting) -> tuple[float, float, float]:
    """Log ratios to the league: runs per time on base, triples per ball in play, attempts per time on first."""
    lg_runs = _rate(league.r - league.hr, league.h + league.bb + league.hbp - league.hr)
    lg_triples = _rate(league.triples, league.ab - league.hr - league.k)
    lg_attempts = _rate(league.sb + league.cs, _times_on_first(league))

    def log_ratio(count: float, exposure: float, lg: float, weight: float) -> float:
        if lg <= 0:
            return 0.0
        return math.log(_regress(max(count, 0), max(exposure, 0), lg, weight) / lg)

    return (
        log_ratio(b.r - b.hr, b.h + b.bb + b.hbp - b.hr, lg_runs, REGRESS_TIMES_ON_BASE),
        log_ratio(b.triples, b.ab - b.hr - b.k, lg_triples, REGRESS_BALLS_IN_PLAY),
        log_ratio(b.sb + b.cs, _times_on_first(b), lg_attempts, REGRESS_TIMES_ON_FIRST),
    )


def _speed(b: Batting, league: Batting) -> float:
    return sum(w * c for w, c in zip(SPEED_WEIGHTS, _speed_components(b, league), strict=True))


def _speed_spread(season: Season, league: str | None) -> float:
    lg = season.league_batting(league)
    scored = [
        (p.batting.pa, _speed(p.batting, lg))
        for p in season.players.values()
        if p.batting is not None
        and p.batting.pa >= QUALIFY_PA
        and not _is_pitcher(p)
        and _league_of(p, season) == league
    ]
    if len(scored) < 3:
        return 0.0
    total = sum(w for w, _ in scored)
    mean = sum(w * v for w, v in scored) / total
    return math.sqrt(sum(w * (v - mean) ** 2 for w, v in scored) / total)


def _base_running(b: Batting, league: Batting, spread: float, offset: float = 0.0) -> int:
    """BR: the league's average runner at :data:`BR_AVERAGE` plus ``offset`` (the calibration's
    running scale, ``seasons.calibrate``), each standard deviation of speed :data:`BR_PER_SD` steps.

    The offset is added before the rounding, so a fraction of a step moves that share of the
    runners up (or down) one step; BR stays 0-6."""
    z = _speed(b, league) / spread if spread > 0 else 0.0
    return _clamp(_round(BR_AVERAGE + offset + BR_PER_SD * z), 0, 6)


def stealing(b: Batting, league: Batting, steals: Mapping[str, float] | None = None) -> tuple[int | str, int]:
    """ATT and SB: the steal jump from attempts per time on first, success from SB / (SB + CS).

    ``steals`` holds the calibration's scales (``seasons.calibrate``): ``attempts`` multiplies
    the runner's attempts per time on first, ``success`` his success share, before they are
    made into ratings (the league's games give fewer chances to run than the model above
    counts: runners blocked, strategy rolls not made, HLD; the scale finds how many fewer).
    """
    scale = steals or {}
    attempts = b.sb + b.cs
    on_first = _times_on_first(b)
    lg_on_first = _times_on_first(league)
    lg_attempts = _rate(league.sb + league.cs, lg_on_first)
    lg_k = _rate(league.k, league.pa)
    per_time = _regress(attempts, on_first, lg_attempts, REGRESS_TIMES_ON_FIRST) * scale.get("attempts", 1.0)
    per_roll = per_time / (ROLLS_PER_TIME_ON_FIRST * STRATEGY_APPLIES)
    # Hit and run rolls also send him, when the batter strikes out.
    per_roll -= HIT_AND_RUN_ROLLS / 20 * lg_k
    att: int | str = _clamp(_round(20 * per_roll), 0, 20)
    if attempts == 0 and on_first >= REGRESS_TIMES_ON_FIRST + 10:
        att = "N"
    lg_success = _rate(league.sb, league.sb + league.cs) if league.cs > 0 else 0.7
    success = _regress(b.sb, attempts, lg_success, REGRESS_ATTEMPTS) * scale.get("success", 1.0)
    return att, _clamp(_round(20 * success), 2, 19)


# Rolls of the strategy die that call a sacrifice, by BNT (IP2021 bunting chart).
_BUNT_ROLLS_POSITION = {5: 4, 4: 3, 3: 2, 2: 1}
_BUNT_ROLLS_PITCHER = {5: 10, 4: 8, 3: 6, 2: 2}


def _bunting(b: Batting, league: Batting, pitcher: bool, scale: float = 1.0) -> int:
    """BNT from sacrifices per plate appearance: the bunting chart's rolls that give his rate.
    ``scale`` (the calibration's, ``seasons.inside_pitch.calibrate``) multiplies the rolls before the
    chart is read: the situations above are estimates, the league's games count the bunts."""
    lg_rate = _rate(league.sh, league.pa)
    rate = _regress(b.sh, b.pa, lg_rate, REGRESS_PA) if b.sh > 0 else 0.0
    rolls = scale * 20 * rate / (BUNT_SITUATION_SHARE * STRATEGY_APPLIES * SACRIFICE_SUCCESS)
    chart = _BUNT_ROLLS_PITCHER if pitcher else _BUNT_ROLLS_POSITION
    if rolls < min(chart.values()) / 2:
        return 1 if b.sh > 0 else 0
    return min(chart, key=lambda bnt: (abs(chart[bnt] - rolls), bnt))


def _sacrifice_fly(b: Batting, league: Batting, scale: float = 1.0) -> int:
    """SF (1d6 at most it: a deep fly, the runner on third scores without a throw) from sacrifice
    flies per plate appearance; ``scale`` (the calibration's) multiplies the rating before it is
    rounded, so the league's average SF becomes SF_AVERAGE x scale."""
    lg_rate = _rate(league.sf, league.pa)
    rate = _regress(b.sf, b.pa, lg_rate, REGRESS_PA)
    return _clamp(_round(scale * SF_AVERAGE * _ratio(rate, lg_rate)), 0, 6)


def _batter_gdp(b: Batting, league: Batting, scale: float = 1.0) -> int:
    """The batter's share of the combined GDP; ``scale`` (the calibration's) multiplies the
    rating before it is rounded, as it does the pitcher's, so the league's average combined
    GDP becomes COMBINED_GDP_AVERAGE x scale (a roll of 1d6 at or under it turns two)."""
    lg_rate = _rate(league.gidp, league.pa)
    rate = _regress(b.gidp, b.pa, lg_rate, REGRESS_PA)
    combined = COMBINED_GDP_AVERAGE * _ratio(rate, lg_rate)
    return _clamp(_round(scale * (combined - PITCHER_GDP_AVERAGE)), -3, 6)


# --- injury --------------------------------------------------------------------------


def _injury_by_share(missed: float) -> int:
    return sum(1 for step in INJURY_STEPS if missed >= step)


def injury_rating(player: Player, season: Season) -> int:
    """INJ 0-7 from the share of games missed by a regular (starts, for a starter); others 1."""
    team_games = _team_games(player, season)
    pitching = player.pitching
    if _is_pitcher(player) and pitching is not None:
        if pitching.gs >= STARTER_MIN_GS and pitching.gs >= STARTER_SHARE * pitching.g:
            expected = team_games / ROTATION
            missed = max(0.0, expected - INJURY_SLACK_STARTS - pitching.gs) / expected
            return _injury_by_share(missed)
        return DEFAULT_INJURY
    b = player.batting
    if b is None or b.g == 0:
        return DEFAULT_INJURY
    if b.pa / b.g >= FULL_SEASON_PA_PER_GAME and b.g >= REGULAR_SHARE * team_games:
        return _injury_by_share(max(0, team_games - b.g) / team_games)
    return DEFAULT_INJURY


# --- the batter card -------------------------------------------------------------------


def batter_ratings(
    player: Player,
    season: Season,
    *,
    steals: Mapping[str, float] | None = None,
    gdp: float = 1.0,
    sf: float = 1.0,
    e: float = 1.0,
    br: float = 0.0,
    sh: float = 1.0,
) -> dict[str, object]:
    """The batter card's injury, positions, br, bnt, att, sb, gdp and sf fields (``steals``: see
    :func:`stealing`; ``gdp``, ``sf`` and ``e``: the calibration's GDP, SF and error scales, see
    :func:`_batter_gdp`, :func:`_sacrifice_fly` and :func:`fielding_line`; ``br``: its offset on
    the league's average BR, see :func:`_base_running`; ``sh``: its bunting scale, see :func:`_bunting`)."""
    league = _league_of(player, season)
    lg = season.league_batting(league)
    b = player.batting or Batting()
    _, speed = _references(season)
    att, sb = stealing(b, lg, steals)
    return {
        "injury": injury_rating(player, season),
        "positions": fielding_lines(player, season, errors=e),
        "br": _base_running(b, lg, speed.get(league, 0.0), br),
        "bnt": _bunting(b, lg, _is_pitcher(player), sh),
        "att": att,
        "sb": sb,
        "gdp": _batter_gdp(b, lg, gdp),
        "sf": _sacrifice_fly(b, lg, sf),
    }


def pitcher_batting_ratings(season: Season, league: str | None = None) -> dict[str, object]:
    """The generic "pitcher-batting" card's ratings: every pitcher's batting pooled, an average P line."""
    pitchers = [
        p for p in season.players.values() if _is_pitcher(p) and (league is None or _league_of(p, season) == league)
    ]
    pooled = sum((p.batting for p in pitchers if p.batting is not None), Batting())
    team = next((t.team_id for t in season.teams.values() if league is None or t.league == league), "")
    generic = Player("pitcher-batting", "Pitcher (generic)", "R", "R", team, pooled, Pitching(g=1), {}, ())
    ratings = batter_ratings(generic, season)
    ratings["injury"] = DEFAULT_INJURY
    ratings["positions"] = [f"P - {RANGE_AVERAGE['P']} ({ERROR_AVERAGE['P']})"]
    ratings["bnt"] = _bunting(pooled, season.league_batting(league), pitcher=True)
    return ratings


# --- the pitcher card ------------------------------------------------------------------


@dataclass(frozen=True)
class _Usage:
    start_bfp: float  # league batters faced per start
    relief_bfp: float  # per relief appearance


def _league_usage(season: Season, league: str | None) -> _Usage:
    pitchers = _league_pitchers(season, league)
    starters = [p for p in pitchers if p.gs > 0 and p.gs == p.g]
    relievers = [p for p in pitchers if p.gs == 0]
    start = _rate(sum(s.bf for s in starters), sum(s.gs for s in starters)) or START_BFP_DEFAULT
    relief = _rate(sum(r.bf for r in relievers), sum(r.g for r in relievers)) or RELIEF_BFP_DEFAULT
    return _Usage(start, relief)


def _league_pitchers(season: Season, league: str | None) -> list[Pitching]:
    return [
        p.pitching
        for p in season.players.values()
        if p.pitching is not None and p.pitching.bf > 0 and _league_of(p, season) == league
    ]


def staminas(p: Pitching, usage: _Usage) -> tuple[str | None, str | None]:
    """START and RELIEF lines, "(games) tired / pull", from batters faced per start and per relief game
    (a starter's spread from the league's widened by START_SPREAD)."""
    relief_games = p.g - p.gs
    # Split his batters faced between starts and relief at the league's per-game figures.
    if p.gs > 0 and relief_games > 0:
        guess_relief = relief_games * usage.relief_bfp
        guess_start = p.gs * usage.start_bfp
        start_bfp = p.bf * guess_start / (guess_start + guess_relief)
    else:
        start_bfp = p.bf if p.gs > 0 else 0.0
    relief_bfp = p.bf - start_bfp
    # Runs + hits + unintentional walks, the pull count, in the same shares.
    rhw = p.r + p.h + p.bb - p.ibb
    start = relief = None
    if p.gs > 0:
        real = start_bfp / p.gs
        per = max(1.0, usage.start_bfp + START_SPREAD * (real - usage.start_bfp))
        pull = rhw * _rate(start_bfp, p.bf) / p.gs * per / real
        start = f"({p.gs}) {max(1, _round(per * TIRED_START))} / {max(1, _round(pull * PULL_START))}"
    if relief_games > 0:
        per = relief_bfp / relief_games
        pull = rhw * _rate(relief_bfp, p.bf) / relief_games
        relief = f"({relief_games}) {max(1, _round(per * TIRED_RELIEF))} / {max(1, _round(pull * PULL_RELIEF))}"
    return start, relief


def _range_text(low: int, size: int) -> str | None:
    if size <= 0 or low > 20:
        return None
    high = min(20, low + size - 1)
    return str(low) if high == low else f"{low}-{high}"


def _per_runner_on_pa(count: float, bfp: float, league_rate: float) -> float:
    """A pitcher's events per batter faced with men on, his rate regressed to the league's."""
    return _regress(count, bfp, league_rate, REGRESS_BFP) / RUNNERS_ON_SHARE


def pitcher_extras(player: Player, season: Season, gdp: float = 1.0, wp: float = 1.0) -> dict[str, object]:
    """WP / PB? ranges, BK / PO / POE ranges, HLD and SB, GDP (``gdp`` and ``wp``: the calibration's
    scales; ``wp`` multiplies the WP rolls before they are rounded, and where WP and PB? then need
    more than the die's 20 faces both shrink alike, as they do unscaled)."""
    p = player.pitching or Pitching()
    league = _league_of(player, season)
    lg = season.league_pitching(league)
    # WLD: 1/36 of plate appearances per WLD cell, with men on; 1d20 for WP, then PB?.
    wld = WLD_CELLS / 36
    lg_wp = _rate(lg.wp, lg.bf)
    wp_rolls = wp * 20 * _per_runner_on_pa(p.wp, p.bf, lg_wp) / wld
    pb_league = sum(
        f.pb for q in season.players.values() if _league_of(q, season) == league for f in q.fielding.values()
    )
    # A PB? roll gets by the league-average catcher (6 - average) times in 6. Lahman charges
    # passed balls to catchers, so every pitcher of a league gets the league's PB? size.
    pb_rolls = 20 * _rate(pb_league, lg.bf) / RUNNERS_ON_SHARE / wld * 6 / (6 - PASSED_BALL_AVERAGE)
    # Where the league's WP and PB need more than the die's 20 faces, both shrink alike.
    fit = min(1.0, 20 / (wp * 20 * lg_wp / RUNNERS_ON_SHARE / wld + pb_rolls)) if lg_wp > 0 or pb_rolls > 0 else 1.0
    wp_size = _clamp(_round(wp_rolls * fit), 0, 20 - MIN_PB_ROLLS)
    pb_size = _clamp(_round(pb_rolls * fit), 0, 20 - wp_size)
    # Pickoff attempts come on strategy rolls of 20 with men on.
    attempt = PICKOFF_ROLL_SHARE * STRATEGY_APPLIES
    bk_rate = _per_runner_on_pa(p.bk, p.bf, _rate(lg.bk, lg.bf))
    bk_size = _clamp(_round(20 * bk_rate / attempt), 0, 10)
    left = player.throws == "L"
    po_size = 3 if left else 2  # Lahman keeps no pickoffs: lefties pick off more
    poe_size = 1
    # HLD (added to the runner's ATT) and SB (added to his SB): Lahman keeps no steals
    # against pitchers. Lefties hold runners better; a wild pitcher lets them run more.
    wild = _ratio(_regress(p.wp, p.bf, _rate(lg.wp, lg.bf), REGRESS_BFP), _rate(lg.wp, lg.bf))
    hold = (-1 if left else 0) + (1 if wild >= 1.5 else 0)
    steal = 1 if wild >= 1.5 else 0
    return {
        "wild_pitch": _range_text(1, wp_size),
        "passed_ball": _range_text(wp_size + 1, pb_size),
        "balk": _range_text(1, bk_size),
        "pickoff": _range_text(bk_size + 1, po_size),
        "pickoff_error": _range_text(bk_size + po_size + 1, poe_size),
        "hold": hold,
        "steal": steal,
        "gdp": _pitcher_gdp(p, lg, gdp),
    }


def _pitcher_gdp(p: Pitching, lg: Pitching, scale: float = 1.0) -> int:
    lg_rate = _rate(lg.gidp, lg.bf)
    if lg_rate > 0:
        ratio = _ratio(_regress(p.gidp, p.bf, lg_rate, REGRESS_BFP), lg_rate)
    else:
        # No GIDP against pitchers this season: ground-ball pitchers give up fewer home
        # runs, so the league's home-run rate over his (regressed), kept within 2/3-3/2.
        lg_hr = _rate(lg.hr, lg.bf)
        if lg_hr <= 0:
            return _round(scale * PITCHER_GDP_AVERAGE)
        ratio = lg_hr / _regress(p.hr, p.bf, lg_hr, REGRESS_BFP)
        ratio = max(2 / 3, min(1.5, ratio))
    return _clamp(_round(scale * (COMBINED_GDP_AVERAGE * ratio - BATTER_GDP_AVERAGE)), -3, 6)


def pitcher_ratings(
    player: Player, season: Season, *, gdp: float = 1.0, wp: float = 1.0, e: float = 1.0
) -> dict[str, object]:
    """The pitcher card's injury, positions, start, relief, wild_pitch, passed_ball, hold,
    steal, gdp, balk, pickoff and pickoff_error fields (ranges absent when empty; ``gdp``, ``wp``
    and ``e``: the calibration's GDP, WP and error scales)."""
    p = player.pitching or Pitching()
    start, relief = staminas(p, _league_usage(season, _league_of(player, season)))
    if start is None and relief is None:
        relief = "1 / 0"  # never pitched: the card still needs a line
    fields: dict[str, object] = {
        "injury": injury_rating(player, season),
        "positions": fielding_lines(player, season, pitcher_card=True, errors=e),
    }
    if start is not None:
        fields["start"] = start
    if relief is not None:
        fields["relief"] = relief
    fields.update({k: v for k, v in pitcher_extras(player, season, gdp, wp).items() if v is not None})
    return fields
