"""The store of seasons (league.seasons): closing the finished season and opening the next in one
transaction, the season rows, and the players a team keeps before a redraft."""

from __future__ import annotations

import json
from collections.abc import Sequence

from cards.models import AnyCard
from engine.lineup import hitting_score
from league.cardpool import BATTERS, PITCHERS, CardPool, resolve_set
from league.errors import CardError, RosterError, SeasonNotOver
from league.models import League, RosterEntry, Team
from league.names import plural
from league.seasons import NewSeason, PlayerChange, SeasonRecord, keeper_order
from league.store.base import _check_id, _dumps, _season_of, utc_now
from league.store.games import SELECT_SEASON_SCHEDULE
from league.store.leagues import INSERT_LEAGUE_CARD_SET, _check_rulesets
from league.store.playoffs import SELECT_UNFINISHED_REGULAR, PlayoffStore
from league.store.teams import DELETE_ROSTER_ENTRY, SELECT_TEAMS

# --- SQL (parameters are ? placeholders)

# (league_id, number)
SELECT_SEASON = "SELECT * FROM season WHERE league_id = ? AND number = ?"
# (league_id, number, card_sets, closed_day, closed_at, champion_team_id, champion)
CLOSE_SEASON = """
INSERT INTO season (league_id, number, card_sets, closed_day, closed_at, champion_team_id, champion)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (league_id, number) DO UPDATE SET
    card_sets = excluded.card_sets, closed_day = excluded.closed_day, closed_at = excluded.closed_at,
    champion_team_id = excluded.champion_team_id, champion = excluded.champion
"""
# (league_id, number, card_sets, card_set, opened_at, changes)
OPEN_SEASON = """
INSERT INTO season (league_id, number, card_sets, card_set, opened_day, opened_at, changes)
VALUES (?, ?, ?, ?, 1, ?, ?)
"""
# (league_id)
NEXT_SEASON = "UPDATE league SET season = season + 1, day = 1 WHERE id = ?"
# Opening Day: every rotation starts again from its first man. (league_id)
RESET_NEXT_SLOTS = "UPDATE team SET next_slot = 1 WHERE league_id = ?"
# (decided_by, decided_day, league_id)
WITHDRAW_PENDING_TRADES = """
UPDATE trade SET status = 'withdrawn', decided_by = ?, decided_day = ? WHERE league_id = ? AND status = 'pending'
"""
# Each injured player's longest current injury, and his team then: (league_id)
SELECT_CURRENT_INJURIES = """
SELECT card_id, team_id, days_left FROM injury AS hurt WHERE league_id = ? AND days_left > 0 AND id = (
    SELECT id FROM injury WHERE league_id = hurt.league_id AND card_id = hurt.card_id AND days_left > 0
    ORDER BY days_left DESC, id LIMIT 1
)
"""
HEAL_INJURIES = "UPDATE injury SET days_left = 0 WHERE league_id = ? AND days_left > 0"
# An injury carried over the winter: day 0 of the new season, so he misses its days 1 … N.
# (league_id, card_id, team_id, season, days, days_left)
INSERT_CARRIED_INJURY = """
INSERT INTO injury (league_id, card_id, team_id, game_id, season, day, kind, days, days_left)
VALUES (?, ?, ?, NULL, ?, 0, 'carried', ?, ?)
"""
# (league_id)
SELECT_LEAGUE_ROSTER = "SELECT * FROM roster WHERE league_id = ? ORDER BY team_id, status, since_day, rowid"
# A player's new card: his roster row copied under the new id, what points at him moved, the old row gone.
# (new_card_id, league_id, old_card_id)
COPY_ROSTER_ENTRY = """
INSERT INTO roster (league_id, card_id, team_id, kind, status, since_day)
SELECT league_id, ?, team_id, kind, status, since_day FROM roster WHERE league_id = ? AND card_id = ?
"""
# (new_card_id, team_id, old_card_id) for each table that names a rostered player
MOVE_CARD_REFERENCES = [
    f"UPDATE {table} SET card_id = ? WHERE team_id = ? AND card_id = ?"
    for table in ("lineup_spot", "rotation_slot", "bullpen_role", "keeper", "team_usage")
]
# (team_id)
SELECT_KEEPERS = "SELECT card_id FROM keeper WHERE team_id = ? ORDER BY rowid"
DELETE_KEEPERS = "DELETE FROM keeper WHERE team_id = ?"
# (team_id, card_id)
INSERT_KEEPER = "INSERT INTO keeper (team_id, card_id) VALUES (?, ?)"


class SeasonStore(PlayoffStore):
    """A league's seasons: ``new_season`` and the season rows; keepers."""

    # --- the season's state ------------------------------------------------------------------

    async def _unfinished(self, league: League) -> str | None:
        """Why the league's current season is not finished (None once it is): ``season new`` waits for it."""
        where = f"season {league.season} of {league.name} is not over"
        playoffs = await self._playoffs(league.id, league.season)
        if playoffs is not None:
            if playoffs.champion_team_id is not None:
                return None
            return f"{where}: its playoffs are under way; play them to a champion first (dugout playoffs, /playoffs)"
        if await self._value(SELECT_SEASON_SCHEDULE, (league.id, league.season)) is None:
            return f"{where}: it has no schedule played and no playoffs; schedule and play it first"
        waiting = len(await self._all(SELECT_UNFINISHED_REGULAR, (league.id, league.season)))
        fmt = await self._playoff_format(league.id)
        if waiting:
            then = ", then its playoffs" if fmt.plays else ""
            return f"{where}: {plural(waiting, 'regular-season game')} still to play{then}"
        if fmt.plays:
            return (
                f"{where}: its regular season is over and the playoffs come next "
                "(dugout playoffs start, /playoffs start)"
            )
        return None

    async def _state(self, league: League) -> str:
        if await self._unfinished(league) is None:
            return "finished (season new opens the next)"
        if await self._playoffs(league.id, league.season) is not None:
            return "playoffs"
        return "regular season"

    async def _champion(self, league: League) -> Team | None:
        """The finished season's champion: its playoffs' winner, else the regular season's leader."""
        playoffs = await self._playoffs(league.id, league.season)
        if playoffs is not None:
            return None if playoffs.champion_team_id is None else await self._team(playoffs.champion_team_id)
        table = (await self.standings(league.id))["overall"]
        if not table:
            return None
        teams = {
            t.abbreviation: t for t in [await self._team(r["id"]) for r in await self._all(SELECT_TEAMS, (league.id,))]
        }
        return teams.get(table[0].team)

    # --- seasons ----------------------------------------------------------------------------

    async def _season_record(self, league: League, number: int) -> SeasonRecord:
        row = await self._one(SELECT_SEASON, (league.id, number))
        closed = row is not None and row["closed_day"] is not None
        if number == league.season and not closed:
            state = await self._state(league)
        else:
            state = "closed"
        if row is None:  # a season from before the season rows, or a league's first
            sets = league.card_sets if number == league.season else ()
            return SeasonRecord(league.name, number, tuple(sets), state)
        return SeasonRecord(
            league=league.name,
            number=number,
            card_sets=tuple(json.loads(row["card_sets"]))
            if not (number == league.season and not closed)
            else league.card_sets,
            state=state,
            card_set=row["card_set"],
            champion=row["champion"],
            champion_team_id=row["champion_team_id"],
            opened_day=row["opened_day"],
            closed_day=row["closed_day"],
            closed_at=row["closed_at"],
            changes=tuple(PlayerChange.from_dict(c) for c in json.loads(row["changes"])),
        )

    async def season(self, league_id: int, number: int | None = None) -> SeasonRecord:
        """A season of the league (default: the current one): its sets, where it stands, its champion once closed."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            return await self._season_record(league, _season_of(league, number))

    async def check_new_season(self, league_id: int, *, card_set: str | None = None) -> None:
        """:meth:`new_season`'s quick refusals, changing nothing: the season not finished, a card set not found."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            why = await self._unfinished(league)
            if why is not None:
                raise SeasonNotOver(why)
            if card_set is not None:
                resolve_set(card_set, league.guild_id is not None)

    async def new_season(self, league_id: int, *, card_set: str | None = None, by: int | None = None) -> NewSeason:
        """Close the finished season and open the next (league.seasons), in one transaction; with ``card_set``
        the league adds that set and each rostered player takes his card of the same person from it."""
        async with self.transaction():
            league = await self._league(league_id)
            why = await self._unfinished(league)
            if why is not None:
                raise SeasonNotOver(why)
            by_name = league.guild_id is not None
            # The cards are loaded only when players move (a big set takes a moment), each set once.
            pool = await self._league_pool(league) if card_set is not None or league.rules.redraft else None
            new_set: CardPool | None = None
            if card_set is not None and pool is not None:
                new_set = await self._pool_for((card_set,), by_name)  # an unknown set is refused here
                if card_set not in league.card_sets:
                    refs = (*league.card_sets, card_set)
                    pool = CardPool(refs, [*pool.sets, *new_set.sets])  # refuses ids the sets share
                    _check_rulesets(league.ruleset, pool)
                    self._pools[(refs, by_name)] = pool
            champion = await self._champion(league)
            await self._run(
                CLOSE_SEASON,
                (
                    league.id,
                    league.season,
                    _dumps(list(league.card_sets)),
                    league.day,
                    utc_now(),
                    champion.id if champion else None,
                    champion.name if champion else None,
                ),
            )
            closed = await self._season_record(league, league.season)
            injured = await self._all(SELECT_CURRENT_INJURIES, (league.id,))
            await self._run(HEAL_INJURIES, (league.id,))
            await self._run(NEXT_SEASON, (league.id,))
            await self._run(RESET_NEXT_SLOTS, (league.id,))
            if card_set is not None and card_set not in league.card_sets:
                await self._run(INSERT_LEAGUE_CARD_SET, (league.id, len(league.card_sets) + 1, card_set))
            league = await self._league(league.id)
            withdrawn = await self._run(WITHDRAW_PENDING_TRADES, (by, league.day, league.id))
            teams = {r["id"]: await self._team(r["id"]) for r in await self._all(SELECT_TEAMS, (league.id,))}
            changes: list[PlayerChange] = []
            if league.rules.redraft and pool is not None:
                changes += await self._redraft(league, teams, pool, by)
            moved: dict[str, str] = {}
            if new_set is not None and pool is not None:
                moved, recarded = await self._recard(league, teams, pool, new_set, by)
                changes += recarded
            carried = 0
            if league.rules.carry_injuries:
                for row in injured:
                    card_id = moved.get(row["card_id"], row["card_id"])
                    days = row["days_left"]
                    await self._run(
                        INSERT_CARRIED_INJURY, (league.id, card_id, row["team_id"], league.season, days, days)
                    )
                    carried += 1
            await self._run(
                OPEN_SEASON,
                (
                    league.id,
                    league.season,
                    _dumps(list(league.card_sets)),
                    card_set,
                    utc_now(),
                    _dumps([c.to_dict() for c in changes]),
                ),
            )
            opened = await self._season_record(league, league.season)
            return NewSeason(closed, opened, withdrawn, 0 if carried else len(injured), carried)

    async def _release_for_season(self, league: League, entry: RosterEntry, by: int | None) -> None:
        await self._run(DELETE_ROSTER_ENTRY, (league.id, entry.card_id))
        await self._log_move(league, "release", entry.card_id, None, entry.team_id, by)

    async def _redraft(
        self, league: League, teams: dict[int, Team], pool: CardPool, by: int | None
    ) -> list[PlayerChange]:
        """Release every player but each team's ``keepers`` (league.seasons.keeper_order)."""
        changes: list[PlayerChange] = []
        for team in teams.values():
            roster = await self._roster(team.id)
            order = await self._keeper_order(team, roster, pool)
            kept = set(order[: league.rules.keepers])
            for entry in roster.values():
                if entry.card_id not in kept:
                    await self._release_for_season(league, entry, by)
                    changes.append(PlayerChange("released", team.name, pool.name(entry.card_id), entry.card_id))
        return changes

    async def _keeper_order(self, team: Team, roster: dict[str, RosterEntry], pool: CardPool) -> list[str]:
        marked = [r["card_id"] for r in await self._all(SELECT_KEEPERS, (team.id,))]
        lineups = []
        for hand in ("R", "L"):
            lineup = await self._lineup(team.id, hand)
            if lineup is not None:
                lineups.append(lineup.card_ids())
        rotation = (await self._rotation(team)).starters
        bullpen = {b.card_id: b.role for b in await self._bullpen_roles(team.id)}
        batters = [e.card_id for e in roster.values() if e.kind == "batter"]
        pitchers = [e.card_id for e in roster.values() if e.kind == "pitcher"]

        def hitting(card_id: str) -> float:
            try:
                card = pool.card(card_id)
            except CardError:  # a card its set no longer has: kept last
                return float("-inf")
            return hitting_score(card) if isinstance(card, BATTERS) else 0.0

        return keeper_order(marked, lineups, rotation, bullpen, batters, pitchers, hitting)

    async def _recard(
        self, league: League, teams: dict[int, Team], pool: CardPool, new_set: CardPool, by: int | None
    ) -> tuple[dict[str, str], list[PlayerChange]]:
        """Each rostered player takes the new set's card of his person and kind; one without is retired
        (``retire_missing``) or keeps his old card. Returns old id -> new id and the changes."""
        moved: dict[str, str] = {}
        changes: list[PlayerChange] = []
        taken = {r["card_id"] for r in await self._all(SELECT_LEAGUE_ROSTER, (league.id,))}
        for row in await self._all(SELECT_LEAGUE_ROSTER, (league.id,)):
            entry = RosterEntry.from_row(row)
            team = teams[entry.team_id]
            mine = [c for c in new_set.cards_of(pool.person(entry.card_id)) if _takes(entry, c, new_set, taken)]
            name = pool.name(entry.card_id)
            if not mine:
                if league.rules.retire_missing:
                    await self._release_for_season(league, entry, by)
                    changes.append(PlayerChange("retired", team.name, name, entry.card_id))
                else:
                    changes.append(PlayerChange("kept old card", team.name, name, entry.card_id))
                continue
            new_id = mine[0].id
            await self._run(COPY_ROSTER_ENTRY, (new_id, league.id, entry.card_id))
            for query in MOVE_CARD_REFERENCES:
                await self._run(query, (new_id, team.id, entry.card_id))
            await self._run(DELETE_ROSTER_ENTRY, (league.id, entry.card_id))
            taken.add(new_id)
            moved[entry.card_id] = new_id
            changes.append(PlayerChange("new card", team.name, name, entry.card_id, new_id))
        return moved, changes

    async def seasons(self, league_id: int) -> list[SeasonRecord]:
        """Every season of the league, the first first."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            return [await self._season_record(league, n) for n in range(1, league.season + 1)]

    # --- keepers ------------------------------------------------------------------------------

    async def keepers(self, team_id: int) -> list[str]:
        """The players the team keeps before a redraft, in order: those marked, then the default's (league.seasons)."""
        async with self.transaction(write=False):
            team = await self._team(team_id)
            league = await self._league(team.league_id)
            pool = await self._league_pool(league)
            order = await self._keeper_order(team, await self._roster(team.id), pool)
            return order[: league.rules.keepers]

    async def set_keepers(self, team_id: int, card_ids: Sequence[str]) -> list[str]:
        """Mark the players the team keeps first (replacing its marks; none: the default order alone)."""
        async with self.transaction():
            team = await self._team(_check_id(team_id, "team"))
            league = await self._league(team.league_id)
            pool = await self._league_pool(league)
            if len(card_ids) > league.rules.keepers:
                raise RosterError(
                    f"{league.name} keeps {plural(league.rules.keepers, 'player')} a team; {len(card_ids)} were marked"
                )
            for card_id in card_ids:
                await self._entry_on(team, card_id, pool)
            await self._run(DELETE_KEEPERS, (team.id,))
            for card_id in dict.fromkeys(card_ids):
                await self._run(INSERT_KEEPER, (team.id, card_id))
            return list(dict.fromkeys(card_ids))


def _takes(entry: RosterEntry, card: AnyCard, new_set: CardPool, taken: set[str]) -> bool:
    """Whether the rostered player may take ``card`` of his person: one of his kind, on no roster (a
    pitcher's own batting card comes with the pitcher, so a batter never takes it)."""
    if card.id in taken:
        return False
    if entry.kind == "pitcher":
        return isinstance(card, PITCHERS)
    return isinstance(card, BATTERS) and not new_set.is_pitchers_batting_card(card)
