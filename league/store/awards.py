"""The store of awards (league.awards): decided once when a regular season ends, kept for ever.

The regular season ends in the transaction that makes its last scheduled game final (a game played
or forfeited), or, for a season without a schedule, when its playoffs start; both decide the awards
if the season has none yet (table ``award_season``), so they are decided once and never change.
"""

from __future__ import annotations

from collections.abc import Iterable

from cards.loader import RealAward
from league import awards as rules
from league.cardpool import CardPool
from league.models import League, Playoffs
from league.standings import OVERALL
from league.store.base import Row, _season_of
from league.store.games import SELECT_SEASON_SCHEDULE
from league.store.playoffs import SELECT_ONE_UNFINISHED_REGULAR, PlayoffStore
from league.store.tables import _standings_of

# --- SQL (? placeholders; an optional filter "(CAST(? AS type) IS NULL OR column = ?)" takes the value twice)

# (league_id, season)
SELECT_AWARD_SEASON = "SELECT 1 FROM award_season WHERE league_id = ? AND season = ?"
INSERT_AWARD_SEASON = "INSERT INTO award_season (league_id, season) VALUES (?, ?)"
# (league_id, season, award, subleague, card_id, person, name, team_id, score, real_person, real_name)
INSERT_AWARD = """
INSERT INTO award (league_id, season, award, subleague, card_id, person, name, team_id, score, real_person, real_name)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
# (league_id, season, season): one season's or every season's
SELECT_AWARDS = """
SELECT award.*, team.name AS team_name, team.abbreviation AS team_key FROM award
LEFT JOIN team ON team.id = award.team_id
WHERE award.league_id = ? AND (CAST(? AS BIGINT) IS NULL OR award.season = ?)
ORDER BY award.season, CASE award.award WHEN 'mvp' THEN 1 WHEN 'cy_young' THEN 2 WHEN 'rookie' THEN 3 ELSE 4 END,
    award.subleague
"""
# (league_id)
SELECT_UNANNOUNCED = "SELECT DISTINCT season FROM award WHERE league_id = ? AND announced = 0 ORDER BY season"
# (league_id, season)
UPDATE_ANNOUNCED = "UPDATE award SET announced = 1 WHERE league_id = ? AND season = ?"
# Every team's regular-season record in one season, its final games added up (the game_finals index covers
# them): (league_id, season, league_id, season)
SELECT_SEASON_RECORDS = """
SELECT season, team_id, sum(won) AS w, sum(lost) AS l, sum(runs) AS runs_for, sum(against) AS runs_against FROM (
    SELECT season, away_team_id AS team_id, CASE WHEN away_runs > home_runs THEN 1 ELSE 0 END AS won,
        CASE WHEN away_runs < home_runs THEN 1 ELSE 0 END AS lost, away_runs AS runs, home_runs AS against
    FROM game WHERE league_id = ? AND season = ? AND phase = 'regular' AND status = 'final'
    UNION ALL
    SELECT season, home_team_id, CASE WHEN home_runs > away_runs THEN 1 ELSE 0 END,
        CASE WHEN home_runs < away_runs THEN 1 ELSE 0 END, home_runs, away_runs
    FROM game WHERE league_id = ? AND season = ? AND phase = 'regular' AND status = 'final'
) AS game_result GROUP BY season, team_id
"""
# The season's records kept (league.store.history reads them): (league_id, league_id, season, league_id, season)
INSERT_SEASON_RECORDS = f"""
INSERT INTO season_record (league_id, season, team_id, w, l, runs_for, runs_against)
SELECT CAST(? AS BIGINT), season, team_id, w, l, runs_for, runs_against FROM ({SELECT_SEASON_RECORDS}) AS record
"""
# Who played in the league before a season (its regular seasons): (league_id, season, league_id, season)
SELECT_EARLIER_PLAYERS = """
SELECT DISTINCT card_id FROM season_batting WHERE league_id = ? AND season < ? AND phase = 'regular'
UNION SELECT DISTINCT card_id FROM season_pitching WHERE league_id = ? AND season < ? AND phase = 'regular'
"""


def data_id(pool: CardPool, card_id: str) -> str:
    """The player's id in a generated set's data: the card's person, else the id's first part (a generated
    card's id is ``{playerID}-{year}``, ``{playerID}-batting-{year}`` or ``{playerID}-pitching-{year}``)."""
    person = pool.person(card_id)
    return person if person != card_id else card_id.split("-", 1)[0]


def rookie_cards(pool: CardPool, cards: Iterable[str], earlier_persons: set[str]) -> set[str]:
    """docs/awards.md "Rookie": the cards whose player has no earlier regular season in the league and,
    when his card's set lists its rookies (a generated season), is on the list."""
    listed = {id(s): set(s.info.rookies) for s in pool.sets if s.info.rookies}
    home = {c.id: s for s in pool.sets for c in s.all_cards()} if listed else {}
    out = set()
    for card_id in cards:
        if pool.person(card_id) in earlier_persons:
            continue
        cardset = home.get(card_id)
        if cardset is not None and id(cardset) in listed and data_id(pool, card_id) not in listed[id(cardset)]:
            continue
        out.add(card_id)
    return out


def real_winner(pool: CardPool, won: rules.Award) -> RealAward | None:
    """The real season's winner of the award, as the set of the league winner's card names him (a league
    that moved on to next year's set compares each season with its own cards' year)."""
    for cardset in pool.sets:
        if cardset.info.awards and won.card_id in {c.id for c in cardset.all_cards()}:
            found = {(a.award, a.league): a for a in cardset.info.awards}
            return found.get((won.award, won.subleague)) or found.get((won.award, ""))
    return None


class AwardStore(PlayoffStore):
    """Each season's awards."""

    async def _season_over(self, league: League, season: int) -> bool:
        """Every game of the season's schedule is final (a season without a schedule ends at its playoffs)."""
        if await self._value(SELECT_SEASON_SCHEDULE, (league.id, season)) is None:
            return False
        return await self._one(SELECT_ONE_UNFINISHED_REGULAR, (league.id, season)) is None

    async def _advance_series(self, game_id: int) -> None:
        """After a final game (inside its transaction): the playoffs' series go on, and the game that ends
        the regular season decides its awards."""
        await super()._advance_series(game_id)
        record = await self._game(game_id)
        if record.phase == "regular":
            league = await self._league(record.league_id)
            if await self._season_over(league, record.season):
                await self._decide_awards(league, record.season)

    async def start_playoffs(self, league_id: int) -> Playoffs:
        """As :meth:`PlayoffStore.start_playoffs`; a season without a schedule gets its awards now."""
        async with self.transaction():
            playoffs = await super().start_playoffs(league_id)
            await self._decide_awards(await self._league(league_id), playoffs.season)
            return playoffs

    async def _decide_awards(self, league: League, season: int) -> None:
        if await self._one(SELECT_AWARD_SEASON, (league.id, season)) is not None:
            return  # decided once: a second call changes nothing
        stats, teams = await self._season_stats(league, season, "regular")
        finals = await self._final_rows(league.id, season, "regular")
        table = _standings_of(league, season, list(teams.values()), finals)[OVERALL]
        win_pct = {row.team: row.w / (row.w + row.l) if row.w + row.l else 0.5 for row in table}
        subleagues = {t.abbreviation: t.subleague or "" for t in teams.values()}
        pool = await self._league_pool(league)
        earlier = await self._all(SELECT_EARLIER_PLAYERS, (league.id, season) * 2)
        earlier_persons = {pool.person(r["card_id"]) for r in earlier}
        rookies = rookie_cards(pool, {*stats.batting, *stats.pitching}, earlier_persons)
        key = {t.abbreviation: t.id for t in teams.values()}
        for won in rules.decide(stats, subleagues, win_pct, rookies):
            truth = real_winner(pool, won)
            await self._run(
                INSERT_AWARD,
                (
                    league.id,
                    season,
                    won.award,
                    won.subleague,
                    won.card_id,
                    pool.person(won.card_id),
                    won.name,
                    key.get(won.team),
                    won.score,
                    truth.person if truth else None,
                    truth.name if truth else None,
                ),
            )
        await self._run(INSERT_AWARD_SEASON, (league.id, season))
        await self._run(INSERT_SEASON_RECORDS, (league.id, league.id, season, league.id, season))

    async def awards(self, league_id: int, season: int | None = None) -> list[rules.SeasonAward]:
        """The awards of one season, or of every season (None), by season, award and league."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            if season is not None:
                _season_of(league, season)
            rows = await self._all(SELECT_AWARDS, (league_id, season, season))
        return [_award(r) for r in rows]

    async def awards_to_announce(self, league_id: int) -> list[rules.SeasonAward]:
        """The awards of the first season whose awards the league channel has not been told yet."""
        async with self.transaction(write=False):
            row = await self._one(SELECT_UNANNOUNCED, (league_id,))
            if row is None:
                return []
            return [_award(r) for r in await self._all(SELECT_AWARDS, (league_id, row["season"], row["season"]))]

    async def mark_awards_announced(self, league_id: int, season: int) -> None:
        async with self.transaction():
            await self._run(UPDATE_ANNOUNCED, (league_id, season))


def _award(row: Row) -> rules.SeasonAward:
    return rules.SeasonAward(
        season=row["season"],
        award=row["award"],
        subleague=row["subleague"],
        card_id=row["card_id"],
        person=row["person"],
        name=row["name"],
        team=row["team_key"] or "",
        team_name=row["team_name"] or "",
        score=row["score"],
        real_person=row["real_person"],
        real_name=row["real_name"],
    )
