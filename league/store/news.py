"""The store of the daily news (league.news): what one league day left behind, and the last day posted.

Reading a day is one snapshot: its injuries and returns, its roster moves, its final games' box scores,
and the season's totals as they stood at the end of that day (the season tables less the games played
after it), for the milestones. The last day posted is claimed in one write, so two posters (or a
restart) never post the same day twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from league import seasontables
from league.models import Injury, League, RosterMove, Team
from league.stats import SeasonStats
from league.store.base import _check_day, _season_of
from league.store.playoffs import PlayoffStore

# --- SQL (parameters are ? placeholders)

# (league_id, season, day): injuries suffered that day that cost days
SELECT_DAY_INJURIES = """
SELECT * FROM injury WHERE league_id = ? AND season = ? AND day = ? AND days > 0 ORDER BY id
"""
# (league_id, season, day): injuries whose last day missed was that day (he plays again the next)
SELECT_DAY_RETURNS = """
SELECT * FROM injury WHERE league_id = ? AND season = ? AND days > 0 AND day + days = ? ORDER BY id
"""
# (league_id, season, day)
SELECT_DAY_MOVES = "SELECT * FROM roster_move WHERE league_id = ? AND season = ? AND day = ? ORDER BY id"
# (league_id, season, day): the final games played on a day, box scores and all, forfeits left out
SELECT_DAY_BOXES = """
SELECT id, phase, away_team_id, home_team_id, box_score, box_z FROM game
WHERE league_id = ? AND season = ? AND status = 'final' AND forfeited_by IS NULL AND coalesce(played_day, day) = ?
ORDER BY id
"""
# (league_id, season, day): the regular season's final games played after a day
SELECT_BOXES_AFTER = """
SELECT box_score, box_z FROM game
WHERE league_id = ? AND season = ? AND phase = 'regular' AND status = 'final' AND forfeited_by IS NULL
    AND coalesce(played_day, day) > ?
"""
# (league_id)
SELECT_NEWS_POSTED = "SELECT season, day FROM league_news WHERE league_id = ?"
# (league_id, season, day)
UPSERT_NEWS_POSTED = """
INSERT INTO league_news (league_id, season, day) VALUES (?, ?, ?)
ON CONFLICT (league_id) DO UPDATE SET season = excluded.season, day = excluded.day
"""


@dataclass(frozen=True)
class DayGame:
    """A final game of the day: its id, phase, teams by abbreviation and box score (BoxScore.to_dict())."""

    id: int
    phase: str
    away: str
    home: str
    box: dict[str, Any]


@dataclass(frozen=True)
class DayRecord:
    """What a league day left behind, for league.news to tell."""

    league: League
    season: int
    day: int
    teams: dict[int, Team]
    names: dict[str, str]  # card id -> player's name, for the injuries and moves
    injuries: tuple[Injury, ...]
    returns: tuple[Injury, ...]
    moves: tuple[RosterMove, ...]
    games: tuple[DayGame, ...]
    totals: SeasonStats  # the regular season's totals now
    later: tuple[dict[str, Any], ...] = field(default=())  # box scores of regular games played after the day


class NewsStore(PlayoffStore):
    """A day's news, and the last day posted."""

    async def day_record(self, league_id: int, day: int, season: int | None = None) -> DayRecord:
        """Everything a day's news is made from (default: the current season)."""
        _check_day(day)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            year = _season_of(league, season)
            where = (league_id, year, day)
            teams = {t.id: t for t in await self._teams_of(league_id)}
            injuries = [Injury.from_row(r) for r in await self._all(SELECT_DAY_INJURIES, where)]
            returns = [Injury.from_row(r) for r in await self._all(SELECT_DAY_RETURNS, where)]
            moves = [RosterMove.from_row(r) for r in await self._all(SELECT_DAY_MOVES, where)]
            key = {t.id: t.abbreviation for t in teams.values()}
            games = [
                DayGame(r["id"], r["phase"], key[r["away_team_id"]], key[r["home_team_id"]], seasontables.stored_box(r))
                for r in await self._all(SELECT_DAY_BOXES, where)
            ]
            totals, _ = await self._season_stats(league, year, "regular")
            later = [seasontables.stored_box(r) for r in await self._all(SELECT_BOXES_AFTER, where)]
            pool = await self._league_pool(league)
        names = {
            card: pool.name(card) for card in {*(i.card_id for i in (*injuries, *returns)), *(m.card_id for m in moves)}
        }
        return DayRecord(
            league,
            year,
            day,
            teams,
            names,
            tuple(injuries),
            tuple(returns),
            tuple(moves),
            tuple(games),
            totals,
            tuple(later),
        )

    async def news_posted(self, league_id: int) -> tuple[int, int] | None:
        """(season, day) of the last day whose news was posted; None before the first."""
        async with self.transaction(write=False):
            await self._league(league_id)
            row = await self._one(SELECT_NEWS_POSTED, (league_id,))
        return None if row is None else (row["season"], row["day"])

    async def claim_news_day(self, league_id: int, season: int, day: int) -> bool:
        """Mark the day's news posted, if no day as late was marked before: True for the one caller that
        moved the mark on (it posts the day), False for any other (it was, or is being, posted)."""
        _check_day(day)
        async with self.transaction():
            await self._league(league_id)
            row = await self._one(SELECT_NEWS_POSTED, (league_id,))
            if row is not None and (row["season"], row["day"]) >= (season, day):
                return False
            await self._run(UPSERT_NEWS_POSTED, (league_id, season, day))
            return True
