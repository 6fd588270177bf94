"""The standings: won-lost records from final scores, overall and by division.

Order within a table: winning percentage, then for teams level on percentage

1. head to head: winning percentage in the games the tied teams played among themselves (a team that
   has not played any of the others counts as .500). When that splits a tie of three or more, the
   teams still level are compared again among just themselves;
2. run differential over the whole season;
3. the team key, alphabetically, so the order never depends on the order games were given.

Games behind are counted from the first team of each table: ((its W - W) + (L - its L)) / 2.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from league.errors import LeagueError

LAST = 10  # games in the "last ten" column
OVERALL = "overall"


class StandingsError(LeagueError, ValueError):
    """A game or division the standings cannot use; the message says which and why."""


@dataclass(frozen=True)
class FinalGame:
    day: int
    away: str
    home: str
    away_runs: int
    home_runs: int

    def __post_init__(self) -> None:
        if self.away == self.home:
            raise StandingsError(f"day {self.day}: {self.away!r} cannot play itself")
        if self.away_runs < 0 or self.home_runs < 0:
            raise StandingsError(f"day {self.day}, {self.away} at {self.home}: runs cannot be negative")
        if self.away_runs == self.home_runs:
            raise StandingsError(
                f"day {self.day}, {self.away} at {self.home}: a final score cannot be tied "
                f"({self.away_runs}-{self.home_runs}); baseball games are played until one side wins"
            )

    @property
    def winner(self) -> str:
        return self.away if self.away_runs > self.home_runs else self.home

    @property
    def loser(self) -> str:
        return self.home if self.away_runs > self.home_runs else self.away


@dataclass(frozen=True)
class StandingsRow:
    team: str
    w: int
    l: int  # noqa: E741 - the standings column
    pct: float
    gb: float
    home_w: int
    home_l: int
    away_w: int
    away_l: int
    runs_for: int
    runs_against: int
    run_differential: int
    streak: str  # "W3", "L1", or "-" before the first game
    last_ten: str  # "7-3"


@dataclass
class _Record:
    w: int = 0
    l: int = 0  # noqa: E741
    home_w: int = 0
    home_l: int = 0
    away_w: int = 0
    away_l: int = 0
    runs_for: int = 0
    runs_against: int = 0

    @property
    def pct(self) -> Fraction:
        return Fraction(self.w, self.w + self.l) if self.w + self.l else Fraction(0)


def standings(
    teams: Sequence[str],
    games: Sequence[FinalGame],
    divisions: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, list[StandingsRow]]:
    """Tables keyed "overall" and by division name, each in standings order (see the module docstring)."""
    team_list = _check_teams(teams)
    tables: dict[str, list[str]] = {OVERALL: team_list}
    for name, members in (divisions or {}).items():
        tables[name] = _check_division(name, members, team_list)
    records = {team: _Record() for team in team_list}
    results: dict[str, list[str]] = {team: [] for team in team_list}  # "W"/"L" in day order
    for game in sorted(games, key=lambda g: g.day):  # stable: a doubleheader keeps the order given
        for team in (game.away, game.home):
            if team not in records:
                raise StandingsError(f"day {game.day}: {team!r} is not one of the teams ({', '.join(team_list)})")
        _count(records, game)
        results[game.winner].append("W")
        results[game.loser].append("L")
    return {name: _table(members, records, results, games) for name, members in tables.items()}


def _check_teams(teams: Sequence[str]) -> list[str]:
    if isinstance(teams, str):
        raise StandingsError("teams must be a list of team keys, not a single string")
    team_list = list(teams)
    if len(set(team_list)) != len(team_list):
        twice = sorted({t for t in team_list if team_list.count(t) > 1})
        raise StandingsError(f"each team may be listed once; listed twice: {', '.join(twice)}")
    return team_list


def _check_division(name: str, members: Sequence[str], teams: list[str]) -> list[str]:
    if name == OVERALL:
        raise StandingsError(f"a division cannot be called {OVERALL!r}: that table holds the whole league")
    if isinstance(members, str):
        raise StandingsError(f"division {name!r} must list its teams, not a single string")
    unknown = [t for t in members if t not in teams]
    if unknown:
        raise StandingsError(f"division {name!r} lists teams that are not in the league: {', '.join(unknown)}")
    return list(dict.fromkeys(members))


def _count(records: dict[str, _Record], game: FinalGame) -> None:
    away, home = records[game.away], records[game.home]
    away.runs_for += game.away_runs
    away.runs_against += game.home_runs
    home.runs_for += game.home_runs
    home.runs_against += game.away_runs
    if game.winner == game.home:
        home.w, home.home_w = home.w + 1, home.home_w + 1
        away.l, away.away_l = away.l + 1, away.away_l + 1
    else:
        away.w, away.away_w = away.w + 1, away.away_w + 1
        home.l, home.home_l = home.l + 1, home.home_l + 1


def _table(
    teams: list[str], records: dict[str, _Record], results: dict[str, list[str]], games: Sequence[FinalGame]
) -> list[StandingsRow]:
    order: list[str] = []
    by_pct: dict[Fraction, list[str]] = {}
    for team in teams:
        by_pct.setdefault(records[team].pct, []).append(team)
    for pct in sorted(by_pct, reverse=True):
        order += _break_tie(by_pct[pct], records, games)
    leader = records[order[0]] if order else _Record()
    return [_row(team, records[team], results[team], leader) for team in order]


def _break_tie(tied: list[str], records: dict[str, _Record], games: Sequence[FinalGame]) -> list[str]:
    """Teams level on percentage in order: head to head among them, then run differential, then key."""
    if len(tied) == 1:
        return tied
    among = set(tied)
    head_to_head = {team: _Record() for team in tied}
    for game in games:
        if game.away in among and game.home in among:
            head_to_head[game.winner].w += 1
            head_to_head[game.loser].l += 1
    split: dict[Fraction, list[str]] = {}
    for team in tied:
        record = head_to_head[team]
        split.setdefault(record.pct if record.w + record.l else Fraction(1, 2), []).append(team)
    if len(split) > 1:  # head to head separated some: compare those still level among themselves
        return [team for pct in sorted(split, reverse=True) for team in _break_tie(split[pct], records, games)]
    return sorted(tied, key=lambda t: (-(records[t].runs_for - records[t].runs_against), t))


def _row(team: str, record: _Record, results: list[str], leader: _Record) -> StandingsRow:
    last = results[-LAST:]
    return StandingsRow(
        team=team,
        w=record.w,
        l=record.l,
        pct=float(record.pct),
        gb=((leader.w - record.w) + (record.l - leader.l)) / 2,
        home_w=record.home_w,
        home_l=record.home_l,
        away_w=record.away_w,
        away_l=record.away_l,
        runs_for=record.runs_for,
        runs_against=record.runs_against,
        run_differential=record.runs_for - record.runs_against,
        streak=_streak(results),
        last_ten=f"{last.count('W')}-{last.count('L')}",
    )


def _streak(results: list[str]) -> str:
    if not results:
        return "-"
    latest, length = results[-1], 0
    for result in reversed(results):
        if result != latest:
            break
        length += 1
    return f"{latest}{length}"
