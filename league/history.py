"""A league's history (issue 28): every season's champion, final records and awards, the single-season and
career leaders, a player's seasons and a team's, for ``dugout history`` and ``/history`` alike.

The store reads the rows (league.store.history); this module puts them together. A player is followed across
card sets by his person (a card's ``person``, else its id), so his seasons on different cards are one career.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from league.awards import SeasonAward
from league.stats import (
    BATTING_LEADERS,
    LEADER_STATS,
    LOWER_IS_BETTER,
    PITCHING_LEADERS,
    BattingStats,
    PitchingStats,
    SeasonStats,
    StatsError,
    leaders,
)

if TYPE_CHECKING:
    from league.store import Store

# The stats the leaders pages show when none is asked for.
MAIN_STATS = ("hr", "rbi", "avg", "ops", "sb", "w", "so", "era", "s")
LEADERS_LIMIT = 5


@dataclass(frozen=True)
class SeasonRecord:
    """A team's regular season: its record, runs and whether it won the playoffs."""

    season: int
    team_id: int
    team: str  # abbreviation
    name: str
    group: str  # its division ("AL East"), else its league, else ''
    w: int
    l: int  # noqa: E741 - the standings' column
    runs_for: int
    runs_against: int
    champion: bool

    @property
    def pct(self) -> float:
        return self.w / (self.w + self.l) if self.w + self.l else 0.0


@dataclass(frozen=True)
class SeasonSummary:
    """One season on the history page: its champion, its best record and its awards."""

    season: int
    champion: SeasonRecord | None  # None: no playoffs, or not won yet
    best: SeasonRecord | None  # the best regular-season record (None: no game final)
    awards: tuple[SeasonAward, ...]


@dataclass(frozen=True)
class TeamSeason:
    record: SeasonRecord
    finish: int  # place in its division (or league, or the whole league), 1 the first
    of: int  # teams in that group


@dataclass(frozen=True)
class Leader:
    """One place on a leaders list: the player (card shown: his last), his season (None: career) and value."""

    person: str
    card_id: str
    name: str
    team: str
    season: int | None
    value: float | int


@dataclass
class PlayerSeason:
    """A player's regular season in the league, every team's line summed."""

    season: int
    teams: list[str] = field(default_factory=list)
    batting: BattingStats | None = None
    pitching: PitchingStats | None = None
    awards: list[str] = field(default_factory=list)


def _finish(records: Sequence[SeasonRecord]) -> dict[int, tuple[int, int]]:
    """Each team's place in its group by winning percentage (teams level share the place)."""
    out: dict[int, tuple[int, int]] = {}
    groups: dict[tuple[int, str], list[SeasonRecord]] = {}
    for r in records:
        groups.setdefault((r.season, r.group), []).append(r)
    for members in groups.values():
        for r in members:
            out[id(r)] = (1 + sum(1 for o in members if o.pct > r.pct), len(members))
    return out


async def history(store: Store, league_id: int) -> list[SeasonSummary]:
    """Every season's champion, best record and awards, the first season first."""
    league = await store.league(league_id)
    records = await store.season_records(league_id)
    awards = await store.awards(league_id)
    out = []
    for season in range(1, league.season + 1):
        mine = [r for r in records if r.season == season]
        best = max(mine, key=lambda r: (r.pct, r.w, -r.l, r.name), default=None) if mine else None
        out.append(
            SeasonSummary(
                season,
                next((r for r in mine if r.champion), None),
                best,
                tuple(a for a in awards if a.season == season),
            )
        )
    return out


async def team_seasons(store: Store, league_id: int, team_id: int) -> list[TeamSeason]:
    """A team's seasons: record, finish in its group, champion."""
    records = await store.season_records(league_id)
    places = _finish(records)
    return [TeamSeason(r, *places[id(r)]) for r in records if r.team_id == team_id]


def _check_stat(stat: str) -> None:
    if stat not in LEADER_STATS:
        raise StatsError(f"no leaders in {stat!r}; the stats are: {', '.join(LEADER_STATS)}")


async def season_leaders(store: Store, league_id: int, stat: str, limit: int = LEADERS_LIMIT) -> list[Leader]:
    """The best single seasons in ``stat`` over every season, rate stats with the season's qualifiers
    (league.stats.leaders)."""
    _check_stat(stat)
    every = await store.every_season_stats(league_id)
    persons = await store.persons(league_id, [p for s in every.values() for p in (*s.batting, *s.pitching)])
    return _season_ranked(every, persons, stat, limit)


def _season_ranked(every: Mapping[int, SeasonStats], persons: Mapping[str, str], stat: str, limit: int) -> list[Leader]:
    rows: list[Leader] = []
    for season, stats in every.items():
        for card_id, value in leaders(stats, stat, stats.team_games, limit):
            line = stats.batting.get(card_id) if stat in BATTING_LEADERS else stats.pitching.get(card_id)
            name = line.name if line is not None else card_id
            team = stats.player_team.get(card_id, "")
            rows.append(Leader(persons.get(card_id, card_id), card_id, name, team, season, value))
    return _ranked(rows, stat, limit)


def _ranked(rows: list[Leader], stat: str, limit: int) -> list[Leader]:
    sign = 1 if stat in LOWER_IS_BETTER else -1
    rows.sort(key=lambda r: (sign * r.value, r.name, r.season or 0, r.card_id))
    return rows[:limit]


_PITCHER_MARKS = ("games", "games_started", "w", "l", "s", "hld", "bs", "cg", "sho")


def add_batting(before: BattingStats | None, more: BattingStats, player: str) -> BattingStats:
    """Two batting lines summed, games too, for ``player``; named and teamed as the later one."""
    if before is None:
        return replace(more, player=player)
    total = before + more
    total.player, total.name, total.team, total.games = player, more.name, more.team, before.games + more.games
    return total


def add_pitching(before: PitchingStats | None, more: PitchingStats, player: str) -> PitchingStats:
    """Two pitching lines summed, games and decisions too, for ``player``; named and teamed as the later one."""
    if before is None:
        return replace(more, player=player)
    total = before + more
    total.player, total.name, total.team = player, more.name, more.team
    for mark in _PITCHER_MARKS:
        setattr(total, mark, getattr(before, mark) + getattr(more, mark))
    return total


def career_totals(
    every: Mapping[int, SeasonStats], persons: Mapping[str, str]
) -> tuple[SeasonStats, dict[str, str], int]:
    """Every season's lines summed by person, as one SeasonStats keyed by person; each person's latest card;
    and the most team games of a season (career rate stats need a full season's qualifying total)."""
    total = SeasonStats()
    card_of: dict[str, str] = {}
    games = 0
    for season in sorted(every):
        stats = every[season]
        games = max([games, *stats.team_games.values()])
        for card_id, b in stats.batting.items():
            person = persons.get(card_id, card_id)
            total.batting[person] = add_batting(total.batting.get(person), b, person)
        for card_id, p in stats.pitching.items():
            person = persons.get(card_id, card_id)
            total.pitching[person] = add_pitching(total.pitching.get(person), p, person)
        for card_id, team in stats.player_team.items():
            person = persons.get(card_id, card_id)
            card_of[person], total.player_team[person] = card_id, team
    return total, card_of, games


async def career_leaders(store: Store, league_id: int, stat: str, limit: int = LEADERS_LIMIT) -> list[Leader]:
    """The best careers in the league in ``stat``, every season summed by person; a rate stat needs the
    plate appearances (innings) that qualify in one full season of the league's longest."""
    _check_stat(stat)
    every = await store.every_season_stats(league_id)
    persons = await store.persons(league_id, [p for s in every.values() for p in (*s.batting, *s.pitching)])
    return _career_ranked(career_totals(every, persons), stat, limit)


def _career_ranked(careers: tuple[SeasonStats, dict[str, str], int], stat: str, limit: int) -> list[Leader]:
    total, card_of, games = careers
    team_games = {team: games for team in set(total.player_team.values())}
    rows = []
    for person, value in leaders(total, stat, team_games, limit):
        line = total.batting.get(person) if stat in BATTING_LEADERS else total.pitching.get(person)
        name = line.name if line is not None else person
        rows.append(Leader(person, card_of[person], name, total.player_team.get(person, ""), None, value))
    return rows


async def leader_boards(
    store: Store, league_id: int, stats: Sequence[str] = MAIN_STATS, limit: int = LEADERS_LIMIT
) -> tuple[dict[str, list[Leader]], dict[str, list[Leader]]]:
    """The best single seasons and the best careers in each of ``stats``, every season's stats read once (what
    :func:`season_leaders` and :func:`career_leaders` give one stat at a time)."""
    for stat in stats:
        _check_stat(stat)
    every = await store.every_season_stats(league_id)
    persons = await store.persons(league_id, [p for s in every.values() for p in (*s.batting, *s.pitching)])
    careers = career_totals(every, persons)  # summed once for every stat
    return (
        {stat: _season_ranked(every, persons, stat, limit) for stat in stats},
        {stat: _career_ranked(careers, stat, limit) for stat in stats},
    )


async def player_seasons(store: Store, league_id: int, card_id: str) -> list[PlayerSeason]:
    """Every regular season the player (his person, on any of the league's cards) played in the league, each
    team's line summed, with the awards he won."""
    cards = await store.cards_of_person(league_id, card_id)
    person = (await store.persons(league_id, [card_id]))[card_id]
    won = [a for a in await store.awards(league_id) if a.person == person]
    by_season: dict[int, PlayerSeason] = {}
    for card in cards:
        page = await store.player_page(league_id, card)
        for line in page.lines:
            if line.phase != "regular":
                continue
            mine = by_season.setdefault(line.season, PlayerSeason(line.season))
            if line.team not in mine.teams:
                mine.teams.append(line.team)
            if line.batting is not None:
                mine.batting = add_batting(mine.batting, line.batting, person)
            if line.pitching is not None:
                mine.pitching = add_pitching(mine.pitching, line.pitching, person)
    for season, played in by_season.items():
        played.awards = [a.title for a in won if a.season == season]
    return [by_season[s] for s in sorted(by_season)]


__all__ = [
    "LEADERS_LIMIT",
    "MAIN_STATS",
    "PITCHING_LEADERS",
    "Leader",
    "PlayerSeason",
    "SeasonRecord",
    "SeasonSummary",
    "TeamSeason",
    "career_leaders",
    "career_totals",
    "history",
    "leader_boards",
    "player_seasons",
    "season_leaders",
    "team_seasons",
]
