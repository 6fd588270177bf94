"""The standings: won-lost records from final scores; overall, by division, by league with wild cards.

Order within a table: winning percentage; teams level on percentage are ordered as MLB breaks
ties since 2022, when tiebreaker games ended (MLB tiebreaker procedures):

1. head to head: winning percentage in the games the tied teams played among themselves
   (for three or more, each team's combined record against all the others tied);
2. winning percentage in intradivision games (each team's record against its own division;
   MLB applies this step to clubs of different divisions too; skipped when a tied team has no division);
3. winning percentage in intraleague games (against its own league, AL or NL; every game when
   the league is not split in two);
4. winning percentage in the last half of intraleague games (half of the fewest any tied team
   played, rounded up), then the last half plus one intraleague game, provided that game was not
   against another of the tied teams, and so on one game at a time until the tie is broken;
5. a draw: the teams still level in the order of the SHA-256 of ``draw`` and the team's key, so
   the draw is fixed by its seed (the store seeds it with the league and season) and not by the
   teams' names or the order the games were given.

A team with no games in a step's split (head to head, its division, its league) counts as .500 in it.
When three or more teams are tied, the first step that separates them puts the best team (or the
best few, still level, ranked among themselves from step 1) first; the rest are ranked again
from step 1 among just themselves (with two left, that is the two-team procedure).

Games behind are counted from the first team of each table: ((its W - W) + (L - its L)) / 2,
never below 0. The first team is the one with the best winning percentage; with uneven games
played a team below it can have the better won-lost margin (a 3-1 team behind a 1-0 leader is
-0.5 games "behind"): such a team shows 0 ("-"), like the leader, rather than a negative
figure, because its percentage still puts it below the leader.

Wild cards (:func:`leagues`): in each league (``subleagues``, or the whole league when it is not
split) the division winners come first, best percentage first; then the wild cards, the best
teams that did not win a division (MLB: three). With no divisions every team of the league is
in the wild-card race. A wild-card row's WC GB is signed: for a team holding a wild card,
minus the games it leads the first team out by (never below 0); for a team out, the games it
trails the last team in by (never below 0).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import ceil

from league.errors import LeagueError

LAST = 10  # games in the "last ten" column
OVERALL = "overall"
WILD_CARDS = 3  # per league, as MLB since 2022
HALF = Fraction(1, 2)


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


@dataclass(frozen=True)
class WildCardRow:
    """A team in its league's wild-card race; ``wc_gb`` is signed (see the module docstring):
    negative for a team holding a wild card (it leads the first team out by -wc_gb games)."""

    row: StandingsRow
    wc_gb: float
    has_wild_card: bool  # holds one of the league's wild cards (not the holds stat)

    @property
    def team(self) -> str:
        return self.row.team


@dataclass(frozen=True)
class LeagueStandings:
    """One league's standings (AL or NL; ``name`` None when the league is not split in two)."""

    name: str | None
    table: list[StandingsRow]  # every team of the league in order, games behind its leader
    divisions: dict[str, list[StandingsRow]]  # its division tables, each with games behind its own leader
    division_winners: list[StandingsRow]  # best percentage first, ties broken among the winners
    wild_card: list[WildCardRow]  # every team that did not win a division, in order
    wild_cards: int

    @property
    def seeds(self) -> list[str]:
        """The league's playoff teams in MLB's seeding: division winners, then the wild cards."""
        return [r.team for r in self.division_winners] + [w.team for w in self.wild_card if w.has_wild_card]


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


def _split_pct(w: int, games: int) -> Fraction:
    """A tie-break split's percentage: .500 when the team has no games in it."""
    return Fraction(w, games) if games else HALF


def standings(
    teams: Sequence[str],
    games: Sequence[FinalGame],
    divisions: Mapping[str, Sequence[str]] | None = None,
    subleagues: Mapping[str, Sequence[str]] | None = None,
    *,
    draw: str = "",
) -> dict[str, list[StandingsRow]]:
    """Tables keyed "overall" and by division name, each in standings order (see the module docstring).

    ``subleagues`` ("AL": [teams], "NL": [teams]) only changes the tie-breaks (intraleague
    record); :func:`leagues` gives each league's table and wild cards.
    """
    season = _Season(teams, games, divisions, subleagues, draw)
    tables = {OVERALL: season.table(season.teams)}
    for name, members in season.divisions.items():
        tables[name] = season.table(members)
    return tables


def leagues(
    teams: Sequence[str],
    games: Sequence[FinalGame],
    divisions: Mapping[str, Sequence[str]] | None = None,
    subleagues: Mapping[str, Sequence[str]] | None = None,
    *,
    wild_cards: int = WILD_CARDS,
    draw: str = "",
) -> list[LeagueStandings]:
    """Each league's standings with its division winners and wild cards (``wild_cards`` per league).

    The leagues come in name order ("AL", "NL"); one, named None, when ``subleagues`` is empty.
    Every team must then be in a league, and every division in one league.
    """
    if wild_cards < 0:
        raise StandingsError(f"the number of wild cards cannot be negative (got {wild_cards})")
    season = _Season(teams, games, divisions, subleagues, draw)
    if season.subleagues:
        missing = [t for t in season.teams if season.league_of[t] is None]
        if missing:
            raise StandingsError(
                f"some teams are in a league (AL or NL) and some are not; give these one: {', '.join(missing)}"
            )
        groups: dict[str | None, list[str]] = {name: teams for name, teams in season.subleagues.items()}
    else:
        groups = {None: season.teams}
    return [season.league(name, members, wild_cards) for name, members in sorted(groups.items(), key=_league_key)]


def _league_key(item: tuple[str | None, list[str]]) -> str:
    return item[0] or ""


def games_behind(leader: StandingsRow | _Record, row: StandingsRow | _Record) -> float:
    """((leader W - W) + (L - leader L)) / 2, never below 0 (see the module docstring)."""
    return max(0.0, ((leader.w - row.w) + (row.l - leader.l)) / 2)


def _check_teams(teams: Sequence[str]) -> list[str]:
    if isinstance(teams, str):
        raise StandingsError("teams must be a list of team keys, not a single string")
    team_list = list(teams)
    if len(set(team_list)) != len(team_list):
        twice = sorted({t for t in team_list if team_list.count(t) > 1})
        raise StandingsError(f"each team may be listed once; listed twice: {', '.join(twice)}")
    return team_list


def _check_groups(
    what: str, groups: Mapping[str, Sequence[str]] | None, teams: list[str]
) -> tuple[dict[str, list[str]], dict[str, str | None]]:
    """Divisions or leagues: name -> teams, and each team's group (None for none)."""
    checked: dict[str, list[str]] = {}
    group_of: dict[str, str | None] = dict.fromkeys(teams)
    for name, members in (groups or {}).items():
        if name == OVERALL:
            raise StandingsError(f"a {what} cannot be called {OVERALL!r}: that table holds the whole league")
        if isinstance(members, str):
            raise StandingsError(f"{what} {name!r} must list its teams, not a single string")
        unknown = [t for t in members if t not in group_of]
        if unknown:
            raise StandingsError(f"{what} {name!r} lists teams that are not in the league: {', '.join(unknown)}")
        checked[name] = list(dict.fromkeys(members))
        for team in checked[name]:
            if group_of[team] is not None:
                raise StandingsError(f"{team} is in two {what}s, {group_of[team]!r} and {name!r}; give it one")
            group_of[team] = name
    return checked, group_of


@dataclass
class _Season:
    """The season's records, built once, and the tie-breaks over them."""

    team_input: Sequence[str]
    game_input: Sequence[FinalGame]
    division_input: Mapping[str, Sequence[str]] | None
    subleague_input: Mapping[str, Sequence[str]] | None
    draw: str
    teams: list[str] = field(init=False)
    divisions: dict[str, list[str]] = field(init=False)
    subleagues: dict[str, list[str]] = field(init=False)
    division_of: dict[str, str | None] = field(init=False)
    league_of: dict[str, str | None] = field(init=False)
    records: dict[str, _Record] = field(init=False)
    results: dict[str, list[str]] = field(init=False)  # "W"/"L" in day order
    beat: Counter[tuple[str, str]] = field(init=False)  # (winner, loser): wins
    in_division: dict[str, list[int]] = field(init=False)  # [w, l] against its own division
    in_league: dict[str, list[tuple[str, bool]]] = field(init=False)  # (opponent, won) in day order

    def __post_init__(self) -> None:
        self.teams = _check_teams(self.team_input)
        self.divisions, self.division_of = _check_groups("division", self.division_input, self.teams)
        self.subleagues, self.league_of = _check_groups("league", self.subleague_input, self.teams)
        for name, members in self.divisions.items():
            both = sorted({str(self.league_of[t]) for t in members if self.league_of[t] is not None})
            if len(both) > 1:
                raise StandingsError(
                    f"division {name!r} has teams of more than one league ({', '.join(both)}); "
                    "a division belongs to one league"
                )
        self.records = {team: _Record() for team in self.teams}
        self.results = {team: [] for team in self.teams}
        self.beat = Counter()
        self.in_division = {team: [0, 0] for team in self.teams}
        self.in_league = {team: [] for team in self.teams}
        for game in sorted(self.game_input, key=lambda g: g.day):  # stable: a doubleheader keeps the order given
            for team in (game.away, game.home):
                if team not in self.records:
                    raise StandingsError(f"day {game.day}: {team!r} is not one of the teams ({', '.join(self.teams)})")
            self._count(game)

    def _count(self, game: FinalGame) -> None:
        away, home = self.records[game.away], self.records[game.home]
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
        winner, loser = game.winner, game.loser
        self.results[winner].append("W")
        self.results[loser].append("L")
        self.beat[winner, loser] += 1
        if self.division_of[winner] is not None and self.division_of[winner] == self.division_of[loser]:
            self.in_division[winner][0] += 1
            self.in_division[loser][1] += 1
        if self.league_of[winner] == self.league_of[loser]:
            self.in_league[winner].append((loser, True))
            self.in_league[loser].append((winner, False))

    # --- order -------------------------------------------------------------------------

    def order(self, teams: Sequence[str]) -> list[str]:
        by_pct: dict[Fraction, list[str]] = {}
        for team in teams:
            by_pct.setdefault(self.records[team].pct, []).append(team)
        return [team for pct in sorted(by_pct, reverse=True) for team in self.break_tie(by_pct[pct])]

    def break_tie(self, tied: list[str]) -> list[str]:
        """Teams level on percentage in order (the module docstring's steps)."""
        if len(tied) <= 1:
            return list(tied)
        for values in self._steps(tied):
            best = max(values[t] for t in tied)
            top = [t for t in tied if values[t] == best]
            if len(top) < len(tied):
                return self.break_tie(top) + self.break_tie([t for t in tied if values[t] != best])
        return sorted(tied, key=lambda t: hashlib.sha256(f"{self.draw}/{t}".encode()).hexdigest())

    def _steps(self, tied: list[str]) -> Iterator[dict[str, Fraction]]:
        among = set(tied)
        head_to_head = {}
        for team in tied:
            w = sum(self.beat[team, other] for other in among if other != team)
            l = sum(self.beat[other, team] for other in among if other != team)  # noqa: E741
            head_to_head[team] = _split_pct(w, w + l)
        yield head_to_head
        if all(self.division_of[t] is not None for t in tied):
            yield {t: _split_pct(self.in_division[t][0], sum(self.in_division[t])) for t in tied}
        yield {t: _split_pct(sum(won for _, won in self.in_league[t]), len(self.in_league[t])) for t in tied}
        yield from self._last_half(tied, among)

    def _last_half(self, tied: list[str], among: set[str]) -> Iterator[dict[str, Fraction]]:
        """The last half of intraleague games, then one more game at a time (not against the tied)."""
        fewest = min(len(self.in_league[t]) for t in tied)
        if fewest == 0:
            return
        half = ceil(fewest / 2)
        base = {t: self.in_league[t][-half:] for t in tied}
        earlier = {t: [g for g in reversed(self.in_league[t][:-half]) if g[0] not in among] for t in tied}
        for more in range(max(len(e) for e in earlier.values()) + 1):
            window = {t: base[t] + earlier[t][:more] for t in tied}
            yield {t: _split_pct(sum(won for _, won in window[t]), len(window[t])) for t in tied}

    # --- tables ------------------------------------------------------------------------

    def table(self, teams: Sequence[str]) -> list[StandingsRow]:
        order = self.order(teams)
        leader = self.records[order[0]] if order else _Record()
        return [self.row(team, leader) for team in order]

    def row(self, team: str, leader: _Record) -> StandingsRow:
        record, results = self.records[team], self.results[team]
        last = results[-LAST:]
        return StandingsRow(
            team=team,
            w=record.w,
            l=record.l,
            pct=float(record.pct),
            gb=games_behind(leader, record),
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

    def league(self, name: str | None, members: list[str], wild_cards: int) -> LeagueStandings:
        inside = set(members)
        divisions = {d: self.table(teams) for d, teams in self.divisions.items() if teams and teams[0] in inside}
        winners = [table[0].team for table in divisions.values() if table]
        table = self.table(members)
        by_team = {row.team: row for row in table}
        winner_rows = [replace(by_team[t], gb=0.0) for t in self.order(winners)]
        rest = self.order([t for t in members if t not in set(winners)])
        return LeagueStandings(
            name=name,
            table=table,
            divisions=divisions,
            division_winners=winner_rows,
            wild_card=self._wild_card(rest, by_team, wild_cards),
            wild_cards=wild_cards,
        )

    def _wild_card(self, rest: list[str], by_team: dict[str, StandingsRow], wild_cards: int) -> list[WildCardRow]:
        records = self.records
        last_in = records[rest[wild_cards - 1]] if 0 < wild_cards <= len(rest) else None
        first_out = records[rest[wild_cards]] if wild_cards < len(rest) else None
        rows = []
        for place, team in enumerate(rest):
            holds = place < wild_cards
            if holds:
                wc_gb = -games_behind(records[team], first_out) if first_out is not None else 0.0
            else:
                wc_gb = games_behind(last_in, records[team]) if last_in is not None else 0.0
            rows.append(WildCardRow(row=by_team[team], wc_gb=wc_gb or 0.0, has_wild_card=holds))
        return rows


def _streak(results: list[str]) -> str:
    if not results:
        return "-"
    latest, length = results[-1], 0
    for result in reversed(results):
        if result != latest:
            break
        length += 1
    return f"{latest}{length}"
