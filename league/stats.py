"""Season statistics: box scores added up, per player and per team, and the league leaders.

The input is what the store keeps for every finished game: ``engine.boxscore.BoxScore.to_dict()``
(JSON), with the league's keys for the two teams, since the box itself only says "away" and "home".
Give the games in the order they were played: a player's team is the last team he played for.

The lines are ``engine.stats``' model (its counts and rates: AVG, OBP, SLG, OPS, ERA, WHIP, K/9)
with the player, his team, his games and a pitcher's decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from cards.models import is_composite
from engine.stats import BATTING_COUNTS, FIELDING_COUNTS, PITCHING_COUNTS, Batting, Fielding, Pitching
from league.errors import LeagueError

# A box line's decision lists its marks ("W", "L", "S", "HLD", "BS", or two such as "W, BS").
DECISIONS = {"W": "w", "L": "l", "S": "s", "HLD": "hld", "BS": "bs"}

# Qualifying for a rate title (OBR 9.22(a)): 3.1 plate appearances a team game for batters, rounded
# to the nearest whole number as MLB does (502 in 162 games), a half rounding up; an inning (3 outs) a
# team game for pitchers. Counted in tenths, so that 3.1 x 162 is not 502.2000000001.
PA_TENTHS_PER_TEAM_GAME = 31
OUTS_PER_TEAM_GAME = 3


def qualifying_pa(team_games: int) -> int:
    """Plate appearances a batter needs for a rate title after ``team_games`` games: 502 after 162."""
    return (PA_TENTHS_PER_TEAM_GAME * team_games + 5) // 10


def qualifying_outs(team_games: int) -> int:
    """Outs a pitcher needs for a rate title: an inning a team game."""
    return OUTS_PER_TEAM_GAME * team_games


class StatsError(LeagueError, ValueError):
    """A box score or a leaders request the stats cannot use; the message says what is wrong."""


def _repr(line: object, names: Iterable[str]) -> str:
    return f"{type(line).__name__}({', '.join(f'{name}={getattr(line, name)!r}' for name in names)})"


# The season lines print who they are for first, as before they extended engine.stats (a dataclass
# puts its base's fields first), so that what a stored league's stats print (tests/corpus) stays the same.
@dataclass(repr=False)
class BattingStats(Batting):
    player: str
    name: str
    team: str  # the team he last batted for
    games: int = 0

    def __repr__(self) -> str:
        return _repr(self, ("player", "name", "team", "games", *BATTING_COUNTS))


@dataclass(repr=False)
class PitchingStats(Pitching):
    player: str
    name: str
    team: str  # the team he last pitched for
    games: int = 0
    games_started: int = 0  # the first pitcher a team used in a game started it
    w: int = 0
    l: int = 0  # noqa: E741 - the scorer's column
    s: int = 0
    hld: int = 0  # holds
    bs: int = 0  # blown saves
    cg: int = 0  # complete games: he was his team's only pitcher in a finished game (complete_game)
    sho: int = 0  # shutouts: complete games in which he allowed no run

    def __repr__(self) -> str:
        games = ("games", "games_started", "w", "l", "s", "hld", "bs")
        return _repr(self, ("player", "name", "team", *games, *PITCHING_COUNTS, "cg", "sho"))


@dataclass(repr=False)
class FieldingStats(Fielding):
    player: str
    name: str
    team: str
    games: int = 0  # games in the box's fielding lines: starters, pitchers and anyone charged with an error
    positions: dict[str, int] = field(default_factory=dict)  # games at each position, as the box lists him

    def __repr__(self) -> str:
        return _repr(self, ("player", "name", "team", "games", *FIELDING_COUNTS, "positions"))


@dataclass
class SeasonStats:
    batting: dict[str, BattingStats] = field(default_factory=dict)
    pitching: dict[str, PitchingStats] = field(default_factory=dict)
    fielding: dict[str, FieldingStats] = field(default_factory=dict)
    player_team: dict[str, str] = field(default_factory=dict)  # the last team each player played for
    team_games: dict[str, int] = field(default_factory=dict)  # box scores each team appears in
    _team_batting: dict[str, BattingStats] = field(default_factory=dict, repr=False)
    _team_pitching: dict[str, PitchingStats] = field(default_factory=dict, repr=False)

    def team_batting(self, team: str) -> BattingStats:
        """The team's batting totals (every line it had, whoever is on it now); zeros before its first game."""
        return replace(self._team_batting[team]) if team in self._team_batting else BattingStats(team, team, team)

    def team_pitching(self, team: str) -> PitchingStats:
        """The team's pitching totals: one start a game, and its wins, losses and saves."""
        return replace(self._team_pitching[team]) if team in self._team_pitching else PitchingStats(team, team, team)


# --- adding up box scores -------------------------------------------------------------------


def season_stats(boxes: Iterable[tuple[str, str, dict[str, Any]]]) -> SeasonStats:
    """Season totals from (away team key, home team key, box score dict) for each game, in the order played."""
    stats = SeasonStats()
    for number, (away, home, box) in enumerate(boxes, start=1):
        where = f"box score {number} ({away} at {home})"
        if away == home:
            raise StatsError(f"{where}: a team cannot play itself")
        if not isinstance(box, Mapping):
            raise StatsError(f"{where}: expected the dict from BoxScore.to_dict(), got {type(box).__name__}")
        for side, team in (("away", away), ("home", home)):
            if not isinstance(box.get(side), Mapping):
                raise StatsError(f"{where}: no {side!r} team box")
            try:
                _add_team(stats, team, box[side], finished(box))
            except (KeyError, TypeError, ValueError) as error:
                raise StatsError(f"{where}, {side} side: not a box score line ({error!r})") from error
    return stats


def _count(line: Mapping[str, Any], name: str) -> int:
    value = line[name]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be a count, got {value!r}")
    return value


def finished(box: Mapping[str, Any]) -> bool:
    """The game ran to its end (its line score says final); a box without a line score is a final game's."""
    line = box.get("line")
    return not isinstance(line, Mapping) or line.get("final", True) is not False


def complete_game(pitching: Iterable[Mapping[str, Any]], done: bool) -> dict[str, int]:
    """The starter's CG (and SHO) for one team's pitching lines: the scorer's complete game is a finished
    game its starter pitched alone (a visiting starter who lost in eight innings has one too), and his
    shutout a complete game in which no run scored against him (OBR 9.18; its rare shared case, a reliever
    who came in before the first out and finished without a run, is left out). Empty when nobody earned either."""
    pitchers = list(pitching)
    if not done or not pitchers or len({str(line["player"]) for line in pitchers}) != 1:
        return {}
    return {"cg": 1, "sho": 1} if all(_count(line, "r") == 0 for line in pitchers) else {"cg": 1}


def _add_team(stats: SeasonStats, team: str, box: Mapping[str, Any], done: bool) -> None:
    stats.team_games[team] = stats.team_games.get(team, 0) + 1
    team_batting = stats._team_batting.setdefault(team, BattingStats(team, team, team))
    team_pitching = stats._team_pitching.setdefault(team, PitchingStats(team, team, team))
    team_batting.games += 1
    team_pitching.games += 1
    team_pitching.games_started += 1

    batted: set[str] = set()
    for line in box["batting"]:
        player = str(line["player"])
        season = stats.batting.setdefault(player, BattingStats(player, str(line["name"]), team))
        season.name, season.team = str(line["name"]), team
        stats.player_team[player] = team
        if player not in batted:
            season.games += 1
            batted.add(player)
        for name in BATTING_COUNTS:
            count = _count(line, name)
            setattr(season, name, getattr(season, name) + count)
            setattr(team_batting, name, getattr(team_batting, name) + count)

    pitched: set[str] = set()
    for order, line in enumerate(box["pitching"]):
        player = str(line["player"])
        pitcher = stats.pitching.setdefault(player, PitchingStats(player, str(line["name"]), team))
        pitcher.name, pitcher.team = str(line["name"]), team
        stats.player_team[player] = team
        if player not in pitched:
            pitcher.games += 1
            pitcher.games_started += order == 0
            pitched.add(player)
        for name in PITCHING_COUNTS:
            count = _count(line, name)
            setattr(pitcher, name, getattr(pitcher, name) + count)
            setattr(team_pitching, name, getattr(team_pitching, name) + count)
        for mark in str(line.get("decision") or "").split(","):
            decision = DECISIONS.get(mark.strip())
            if decision is not None:
                setattr(pitcher, decision, getattr(pitcher, decision) + 1)
                setattr(team_pitching, decision, getattr(team_pitching, decision) + 1)
    for mark, count in complete_game(box["pitching"], done).items():
        pitcher = stats.pitching[str(box["pitching"][0]["player"])]
        setattr(pitcher, mark, getattr(pitcher, mark) + count)
        setattr(team_pitching, mark, getattr(team_pitching, mark) + count)

    fielded: set[str] = set()
    for line in box["fielding"]:
        player = str(line["player"])
        fielder = stats.fielding.setdefault(player, FieldingStats(player, str(line["name"]), team))
        fielder.name, fielder.team = str(line["name"]), team
        stats.player_team[player] = team
        position = str(line["position"])
        if player not in fielded:
            fielder.games += 1
            fielder.positions[position] = fielder.positions.get(position, 0) + 1
            fielded.add(player)
        for name in FIELDING_COUNTS:
            setattr(fielder, name, getattr(fielder, name) + _count(line, name))


# --- leaders --------------------------------------------------------------------------------------

BATTING_LEADERS: dict[str, Callable[[BattingStats], float | int]] = {
    "avg": lambda b: b.avg,
    "obp": lambda b: b.obp,
    "slg": lambda b: b.slg,
    "ops": lambda b: b.ops,
    "h": lambda b: b.h,
    "doubles": lambda b: b.doubles,
    "triples": lambda b: b.triples,
    "hr": lambda b: b.hr,
    "rbi": lambda b: b.rbi,
    "r": lambda b: b.r,
    "bb": lambda b: b.bb,
    "sb": lambda b: b.sb,
    "tb": lambda b: b.tb,
    "k": lambda b: b.k,  # batters' strikeouts
}
PITCHING_LEADERS: dict[str, Callable[[PitchingStats], float | int]] = {
    "era": lambda p: p.era,
    "whip": lambda p: p.whip,
    "w": lambda p: p.w,
    "s": lambda p: p.s,
    "hld": lambda p: p.hld,
    "so": lambda p: p.k,  # pitchers' strikeouts
    "ip": lambda p: p.outs,  # innings pitched, ranked by outs
    "outs": lambda p: p.outs,  # the same, by its older name
    "l": lambda p: p.l,
    "k9": lambda p: p.k9,  # strikeouts per nine innings
    "cg": lambda p: p.cg,
    "sho": lambda p: p.sho,
}
RATE_STATS = frozenset({"avg", "obp", "slg", "ops", "era", "whip", "k9"})  # need the qualifying minimum
LOWER_IS_BETTER = frozenset({"era", "whip"})
LEADER_STATS = (*BATTING_LEADERS, *PITCHING_LEADERS)


def leaders(
    stats: SeasonStats, stat: str, team_games: Mapping[str, int], limit: int = 10
) -> list[tuple[str, float | int]]:
    """The top ``limit`` (player id, value) for a stat in LEADER_STATS, best first.

    Rate stats need a qualifying total by the games the player's (last) team has played: 3.1 plate
    appearances a game, rounded (:func:`qualifying_pa`), for AVG, OBP, SLG and OPS; 1 inning (3 outs)
    a game for ERA, WHIP and K/9. Counting
    stats have no minimum but leave out players with none. Ties go by name, then player id.
    A generated set's composite cards (``cards.models.is_composite``: many men's innings pooled) lead nothing.
    """
    if limit < 0:
        raise StatsError(f"limit must be 0 or more; got {limit}")
    rate = stat in RATE_STATS
    rows: list[tuple[str, str, float | int]] = []  # (player, name, value)
    if stat in BATTING_LEADERS:
        value_of_batter = BATTING_LEADERS[stat]
        for b in stats.batting.values():
            if is_composite(b.player):
                continue
            if rate and not (b.pa and b.pa >= qualifying_pa(_games_for(team_games, b.team))):
                continue
            rows.append((b.player, b.name, value_of_batter(b)))
    elif stat in PITCHING_LEADERS:
        value_of_pitcher = PITCHING_LEADERS[stat]
        for p in stats.pitching.values():
            if is_composite(p.player):
                continue
            if rate and not (p.outs and p.outs >= qualifying_outs(_games_for(team_games, p.team))):
                continue
            rows.append((p.player, p.name, value_of_pitcher(p)))
    else:
        raise StatsError(f"no leaders for {stat!r}; the stats are: {', '.join(LEADER_STATS)}")
    if not rate:
        rows = [row for row in rows if row[2]]
    sign = 1 if stat in LOWER_IS_BETTER else -1
    rows.sort(key=lambda row: (sign * row[2], row[1], row[0]))
    return [(player, value) for player, _, value in rows[:limit]]


def team_leaders(stats: SeasonStats, stat: str, limit: int = 10) -> list[tuple[str, float | int]]:
    """The top ``limit`` (team key, value) for a stat in LEADER_STATS by the teams' totals, best first.

    Every team with a game counts, zeros too, with no qualifying minimum (a team's plate appearances and
    innings are its games'); ties go by team key.
    """
    if limit < 0:
        raise StatsError(f"limit must be 0 or more; got {limit}")
    rows: list[tuple[str, float | int]]
    if stat in BATTING_LEADERS:
        rows = [(team, BATTING_LEADERS[stat](stats.team_batting(team))) for team in stats.team_games]
    elif stat in PITCHING_LEADERS:
        rows = [(team, PITCHING_LEADERS[stat](stats.team_pitching(team))) for team in stats.team_games]
    else:
        raise StatsError(f"no leaders for {stat!r}; the stats are: {', '.join(LEADER_STATS)}")
    sign = 1 if stat in LOWER_IS_BETTER else -1
    rows.sort(key=lambda row: (sign * row[1], row[0]))
    return rows[:limit]


def _games_for(team_games: Mapping[str, int], team: str) -> int:
    if team not in team_games:
        raise StatsError(f"team_games has no count for {team!r}; give the games played by every team")
    return team_games[team]
