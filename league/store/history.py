"""The store of a league's history (league.history): every season's records and champions, and a
player's or the league's lines over all its seasons, read from the games and season tables."""

from __future__ import annotations

from league.history import SeasonRecord
from league.models import Team
from league.stats import SeasonStats
from league.store.awards import SELECT_SEASON_RECORDS, AwardStore

# --- SQL (parameters are ? placeholders)

# The records kept at each regular season's end (league.store.awards): (league_id)
SELECT_KEPT_RECORDS = "SELECT * FROM season_record WHERE league_id = ? ORDER BY season, team_id"
# (league_id)
SELECT_CHAMPIONS = "SELECT season, champion_team_id FROM playoffs WHERE league_id = ? ORDER BY season"


def _group(team: Team) -> str:
    """The table a team finishes in: its division named with its league ("AL East", as the standings name
    it), else its league, else '' (the whole league)."""
    if team.division is None:
        return team.subleague or ""
    if team.subleague is not None and not team.division.startswith(f"{team.subleague} "):
        return f"{team.subleague} {team.division}"
    return team.division


class HistoryStore(AwardStore):
    """A league's seasons, all of them."""

    async def season_records(self, league_id: int) -> list[SeasonRecord]:
        """Every team's regular-season record in every season it played, with the champions marked."""
        async with self.transaction(write=False):
            await self._league(league_id)
            teams = {t.id: t for t in await self._teams_of(league_id)}
            league = await self._league(league_id)
            champions = {r["season"]: r["champion_team_id"] for r in await self._all(SELECT_CHAMPIONS, (league_id,))}
            rows = list(await self._all(SELECT_KEPT_RECORDS, (league_id,)))
            kept = {r["season"] for r in rows}
            for season in range(1, league.season + 1):  # a season still played, or ended before they were kept
                if season not in kept:
                    rows += await self._all(SELECT_SEASON_RECORDS, (league_id, season) * 2)
            rows.sort(key=lambda r: (r["season"], r["team_id"]))
        return [
            SeasonRecord(
                season=r["season"],
                team_id=r["team_id"],
                team=teams[r["team_id"]].abbreviation,
                name=teams[r["team_id"]].name,
                group=_group(teams[r["team_id"]]),
                w=r["w"],
                l=r["l"],
                runs_for=r["runs_for"],
                runs_against=r["runs_against"],
                champion=champions.get(r["season"]) == r["team_id"],
            )
            for r in rows
            if r["team_id"] in teams
        ]

    async def champions(self, league_id: int) -> dict[int, int | None]:
        """Each season whose playoffs started: its champion's team id (None while they are played)."""
        async with self.transaction(write=False):
            await self._league(league_id)
            return {r["season"]: r["champion_team_id"] for r in await self._all(SELECT_CHAMPIONS, (league_id,))}

    async def every_season_stats(self, league_id: int) -> dict[int, SeasonStats]:
        """Each season's regular-season stats (league.stats), from season 1 to the current one."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            return {
                season: (await self._season_stats(league, season, "regular"))[0]
                for season in range(1, league.season + 1)
            }

    async def persons(self, league_id: int, card_ids: list[str]) -> dict[str, str]:
        """The player each card is across card sets (its ``person``, else its id)."""
        async with self.transaction(write=False):
            pool = await self._league_pool(await self._league(league_id))
        return {card_id: pool.person(card_id) for card_id in card_ids}

    async def cards_of_person(self, league_id: int, card_id: str) -> list[str]:
        """The card and every other card of the league's sets that is the same person, ``card_id`` first."""
        async with self.transaction(write=False):
            pool = await self._league_pool(await self._league(league_id))
        others = [c.id for c in pool.cards_of(pool.person(card_id)) if c.id != card_id]
        return [card_id, *others]
