"""The store of teams, rosters and trades: names and managers, signings and releases, the injured
list, who cannot play today, saved lineups, rotations and bullpen roles."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

from cards.notation import Position
from cards.teams import lineup_spots
from engine.lineup import auto_team
from engine.setup import SetupError
from league.cardpool import BATTERS, PITCHERS, CardPool
from league.errors import (
    AlreadyExists,
    CardError,
    LineupError,
    NotAllowed,
    NotFound,
    PlayerUnavailable,
    RosterError,
    SettingsError,
    TradeError,
)
from league.lineups import check_lineup, parse_hand, parse_spots
from league.models import (
    BULLPEN_ROLES,
    BullpenRole,
    BullpenRoleName,
    Hand,
    Injury,
    League,
    Lineup,
    PitcherUsage,
    RosterEntry,
    RosterKind,
    RosterMove,
    Rotation,
    SavedSpot,
    Team,
    Trade,
    TradeStatus,
)
from league.names import name_key, plural
from league.store.base import _check_choice, _check_id, _check_limit, _check_user, _clean
from league.store.leagues import LeagueStore

# A trade's proposer when the terminal's operator made it (by=None): no Discord id is 0.
OPERATOR = 0

# --- SQL (? placeholders; an optional filter "(CAST(? AS type) IS NULL OR column = ?)" takes the value twice)

# (league_id, name, abbreviation, ballpark, manager_id, division)
INSERT_TEAM = """
INSERT INTO team (league_id, name, abbreviation, ballpark, manager_id, division) VALUES (?, ?, ?, ?, ?, ?) RETURNING id
"""
SELECT_TEAM = "SELECT * FROM team WHERE id = ?"
SELECT_TEAMS = "SELECT * FROM team WHERE league_id = ? ORDER BY id"
UPDATE_TEAM_NAME = "UPDATE team SET name = ?, abbreviation = ? WHERE id = ?"
UPDATE_TEAM_BALLPARK = "UPDATE team SET ballpark = ? WHERE id = ?"
UPDATE_TEAM_DIVISION = "UPDATE team SET division = ? WHERE id = ?"
UPDATE_TEAM_SUBLEAGUE = "UPDATE team SET subleague = ? WHERE id = ?"
UPDATE_TEAM_MANAGER = "UPDATE team SET manager_id = ? WHERE id = ?"
UPDATE_TEAM_NEXT_SLOT = "UPDATE team SET next_slot = ? WHERE id = ?"
INSERT_CO_MANAGER = "INSERT INTO co_manager (team_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING"
DELETE_CO_MANAGER = "DELETE FROM co_manager WHERE team_id = ? AND user_id = ?"
SELECT_CO_MANAGERS = "SELECT user_id FROM co_manager WHERE team_id = ? ORDER BY rowid"
# (league_id, card_id, team_id, kind, since_day)
INSERT_ROSTER = "INSERT INTO roster (league_id, card_id, team_id, kind, since_day) VALUES (?, ?, ?, ?, ?)"
SELECT_ROSTER = "SELECT * FROM roster WHERE team_id = ? ORDER BY status, since_day, rowid"
# (league_id, card_id): the one team of the league he is on, if any
SELECT_ROSTER_ENTRY = "SELECT * FROM roster WHERE league_id = ? AND card_id = ?"
COUNT_TEAM_GAMES = "SELECT count(*) FROM game WHERE away_team_id = ? OR home_team_id = ?"
DELETE_TEAM = "DELETE FROM team WHERE id = ?"  # its roster, lineups, staff and pending trades go with it
COUNT_ACTIVE_ROSTER = "SELECT count(*) FROM roster WHERE team_id = ? AND status = 'active'"
DELETE_ROSTER_ENTRY = "DELETE FROM roster WHERE league_id = ? AND card_id = ?"
# (status, league_id, card_id)
UPDATE_ROSTER_STATUS = "UPDATE roster SET status = ? WHERE league_id = ? AND card_id = ?"
# (team_id, since_day, league_id, card_id)
UPDATE_ROSTER_TEAM = "UPDATE roster SET team_id = ?, since_day = ? WHERE league_id = ? AND card_id = ?"
# (league_id, season, day, kind, card_id, team_id, from_team_id, trade_id, by_user)
INSERT_ROSTER_MOVE = """
INSERT INTO roster_move (league_id, season, day, kind, card_id, team_id, from_team_id, trade_id, by_user)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
"""
SELECT_ROSTER_MOVE = "SELECT * FROM roster_move WHERE id = ?"
# (league_id, limit)
SELECT_ROSTER_MOVES = "SELECT * FROM roster_move WHERE league_id = ? ORDER BY id DESC LIMIT ?"
# (league_id, offering_team_id, receiving_team_id, proposed_by, proposed_day)
INSERT_TRADE = """
INSERT INTO trade (league_id, offering_team_id, receiving_team_id, proposed_by, proposed_day)
VALUES (?, ?, ?, ?, ?) RETURNING id
"""
INSERT_TRADE_CARD = "INSERT INTO trade_card (trade_id, card_id, from_team_id) VALUES (?, ?, ?)"
SELECT_TRADE = "SELECT * FROM trade WHERE id = ?"
SELECT_TRADE_CARDS = "SELECT card_id, from_team_id FROM trade_card WHERE trade_id = ? ORDER BY rowid"
# (league_id, status, status)
SELECT_TRADES = "SELECT id FROM trade WHERE league_id = ? AND (CAST(? AS TEXT) IS NULL OR status = ?) ORDER BY id"
# (status, decided_by, decided_day, trade_id)
UPDATE_TRADE_STATUS = "UPDATE trade SET status = ?, decided_by = ?, decided_day = ? WHERE id = ?"
# (team_id, vs_hand)
SELECT_LINEUP = "SELECT spot, position, card_id FROM lineup_spot WHERE team_id = ? AND vs_hand = ? ORDER BY spot"
DELETE_LINEUP = "DELETE FROM lineup_spot WHERE team_id = ? AND vs_hand = ?"
# (team_id, vs_hand, spot, position, card_id)
INSERT_LINEUP_SPOT = "INSERT INTO lineup_spot (team_id, vs_hand, spot, position, card_id) VALUES (?, ?, ?, ?, ?)"
# (team_id, card_id)
DELETE_LINEUP_SPOTS_OF = "DELETE FROM lineup_spot WHERE team_id = ? AND card_id = ?"
SELECT_ROTATION = "SELECT slot, card_id FROM rotation_slot WHERE team_id = ? ORDER BY slot"
DELETE_ROTATION = "DELETE FROM rotation_slot WHERE team_id = ?"
INSERT_ROTATION_SLOT = "INSERT INTO rotation_slot (team_id, slot, card_id) VALUES (?, ?, ?)"
# (team_id, card_id)
SELECT_ROTATION_SLOT_OF = "SELECT slot FROM rotation_slot WHERE team_id = ? AND card_id = ?"
DELETE_ROTATION_SLOT_OF = "DELETE FROM rotation_slot WHERE team_id = ? AND card_id = ?"
SELECT_BULLPEN_ROLES = "SELECT card_id, role FROM bullpen_role WHERE team_id = ? ORDER BY rowid"
INSERT_BULLPEN_ROLE = "INSERT INTO bullpen_role (team_id, card_id, role) VALUES (?, ?, ?)"
# (team_id, card_id)
DELETE_BULLPEN_ROLE = "DELETE FROM bullpen_role WHERE team_id = ? AND card_id = ?"
# (league_id, season, card_id, card_id)
SELECT_PITCHER_USAGE = """
SELECT * FROM pitcher_usage WHERE league_id = ? AND season = ? AND (CAST(? AS TEXT) IS NULL OR card_id = ?)
ORDER BY day DESC, game_id DESC
"""
# Pitchers still owed rest today: pitched on a day D with R rest days, and today is D … D+R.
# (league_id, season, today, today)
SELECT_RESTING = """
SELECT card_id, max(day) AS last_day, max(day + rest_days) + 1 AS back_on
FROM pitcher_usage
WHERE league_id = ? AND season = ? AND rest_days > 0 AND day <= ? AND day + rest_days >= ?
GROUP BY card_id
"""
# Starters still resting from a skipped turn, as SELECT_RESTING. (league_id, season, today, today)
SELECT_SKIPPED_RESTING = """
SELECT card_id, max(day) AS last_day, max(day + rest_days) + 1 AS back_on
FROM skipped_start
WHERE league_id = ? AND season = ? AND rest_days > 0 AND day <= ? AND day + rest_days >= ?
GROUP BY card_id
"""
SELECT_INJURED = """
SELECT card_id, max(days_left) AS days_left FROM injury WHERE league_id = ? AND days_left > 0 GROUP BY card_id
"""
# (league_id, card_id): NULL when he is not injured
SELECT_DAYS_LEFT = "SELECT max(days_left) FROM injury WHERE league_id = ? AND card_id = ? AND days_left > 0"
# (league_id, current only 1/0)
SELECT_INJURIES = """
SELECT * FROM injury WHERE league_id = ? AND (? = 0 OR days_left > 0) ORDER BY season DESC, day DESC, id DESC
"""
# (team_id, card_id, starts, games)
INSERT_TEAM_USAGE = "INSERT INTO team_usage (team_id, card_id, starts, games) VALUES (?, ?, ?, ?)"


class TeamStore(LeagueStore):
    """Teams, rosters, trades, lineups and pitching staffs."""

    # --- teams ------------------------------------------------------------------------

    async def create_team(
        self,
        league_id: int,
        name: str,
        abbreviation: str,
        *,
        ballpark: str | None = None,
        manager_id: int | None = None,
        division: str | None = None,
        subleague: str | None = None,
    ) -> Team:
        name = _clean(name, "team name")
        abbreviation = _abbreviation(abbreviation)
        _check_user(manager_id, "manager's user id")
        division = _clean(division, "division") if division is not None else None
        subleague = _clean(subleague, "league") if subleague is not None else None
        async with self.transaction():
            league = await self._league(league_id)
            if ballpark is not None:
                (await self._league_pool(league)).ballpark(ballpark)
            await self._check_team_names(league_id, name, abbreviation)
            team_id = await self._value(INSERT_TEAM, (league_id, name, abbreviation, ballpark, manager_id, division))
            if subleague is not None:
                await self._run(UPDATE_TEAM_SUBLEAGUE, (subleague, team_id))
            return await self._team(team_id)

    async def create_teams_from_sets(self, league_id: int, *, by: int | None = None) -> list[Team]:
        """Every ``[[team]]`` entry of the league's card sets made a team, all in one transaction.

        Each team gets its league (subleague), division and ballpark, its roster signed, its
        lineups against right- and left-handed starters saved (without the designated hitter
        in its home park the pitcher bats in the DH's spot), its rotation and its bullpen roles. All or nothing:
        a clash (a team name or abbreviation taken, a card already on a roster, a roster over
        the league's limit) raises and leaves no team made.
        """
        async with self.transaction():
            league = await self._league(league_id)
            pool = await self._league_pool(league)
            made: list[Team] = []
            for cardset in pool.sets:
                for entry in cardset.team_entries.values():
                    dh = league.options.uses_dh(entry.league)  # its home games' rule
                    team = await self.create_team(
                        league_id,
                        entry.name,
                        entry.abbreviation,
                        ballpark=entry.ballpark,
                        division=entry.division,
                        subleague=entry.league,
                    )
                    for card_id in entry.roster:
                        await self.sign(team.id, card_id, by=by)
                    await self.save_lineup(team.id, "R", lineup_spots(entry.vs_rhp, dh))
                    await self.save_lineup(team.id, "L", lineup_spots(entry.vs_lhp, dh))
                    await self.set_rotation(team.id, entry.rotation)
                    for card_id, role in entry.bullpen.roles():
                        await self.set_bullpen_role(team.id, card_id, role)
                    if entry.games is not None:  # the real usage the auto-manager follows (league.usage)
                        for card_id, starts in entry.starts.items():
                            await self._run(INSERT_TEAM_USAGE, (team.id, card_id, starts, entry.games))
                    made.append(await self._team(team.id))
            return made

    async def _check_team_names(self, league_id: int, name: str, abbreviation: str, team_id: int = 0) -> None:
        for row in await self._all(SELECT_TEAMS, (league_id,)):
            if row["id"] == team_id:
                continue
            if name_key(row["name"]) == name_key(name):
                raise AlreadyExists(f"the league already has a team called {row['name']}; pick another name")
            if row["abbreviation"].upper() == abbreviation:
                raise AlreadyExists(f"{row['name']} already uses the abbreviation {abbreviation}; pick another")

    async def _team(self, team_id: int) -> Team:
        row = await self._one(SELECT_TEAM, (_check_id(team_id, "team"),))
        if row is None:
            raise NotFound(f"no team with id {team_id}")
        co = tuple(r["user_id"] for r in await self._all(SELECT_CO_MANAGERS, (team_id,)))
        return Team.from_row(row, co)

    async def team(self, team_id: int) -> Team:
        async with self.transaction(write=False):
            return await self._team(team_id)

    async def teams(self, league_id: int) -> list[Team]:
        async with self.transaction(write=False):
            await self._league(league_id)
            return [await self._team(r["id"]) for r in await self._all(SELECT_TEAMS, (league_id,))]

    async def find_team(self, league_id: int, text: str) -> Team:
        """A team by abbreviation or name, any case; a unique part of the name will do."""
        wanted = name_key(text)
        teams = await self.teams(league_id)
        exact = [t for t in teams if wanted in (name_key(t.name), t.abbreviation.casefold())]
        partial = [t for t in teams if wanted and wanted in name_key(t.name)]
        found = exact or partial
        if len(found) != 1:
            names = ", ".join(f"{t.name} ({t.abbreviation})" for t in teams) or "none yet"
            raise NotFound(f"no single team matches {text!r}; the teams are: {names}")
        return found[0]

    async def rename_team(self, team_id: int, name: str, abbreviation: str | None = None) -> Team:
        name = _clean(name, "team name")
        async with self.transaction():
            team = await self._team(team_id)
            abbr = _abbreviation(abbreviation) if abbreviation is not None else team.abbreviation
            await self._check_team_names(team.league_id, name, abbr, team_id)
            await self._run(UPDATE_TEAM_NAME, (name, abbr, team_id))
            return await self._team(team_id)

    async def set_ballpark(self, team_id: int, card_id: str) -> Team:
        async with self.transaction():
            team = await self._team(team_id)
            (await self._league_pool(await self._league(team.league_id))).ballpark(card_id)
            await self._run(UPDATE_TEAM_BALLPARK, (card_id, team_id))
            return await self._team(team_id)

    async def set_division(self, team_id: int, division: str | None) -> Team:
        division = _clean(division, "division") if division is not None else None
        async with self.transaction():
            await self._team(team_id)
            await self._run(UPDATE_TEAM_DIVISION, (division, team_id))
            return await self._team(team_id)

    async def set_subleague(self, team_id: int, subleague: str | None) -> Team:
        """Put a team in one of the league's two leagues ("AL", "NL"), or none."""
        subleague = _clean(subleague, "league") if subleague is not None else None
        async with self.transaction():
            await self._team(team_id)
            await self._run(UPDATE_TEAM_SUBLEAGUE, (subleague, team_id))
            return await self._team(team_id)

    async def remove_team(self, team_id: int) -> Team:
        """Take a team out of its league; its players become free agents. A team with a game, scheduled or
        played, stays: the league's schedule, standings and history need it."""
        async with self.transaction():
            team = await self._team(team_id)
            if int(await self._value(COUNT_TEAM_GAMES, (team.id, team.id))):
                raise SettingsError(
                    f"{team.name} has games in the league's schedule or its history, so it stays; "
                    "rename it with a team edit instead"
                )
            await self._run(DELETE_TEAM, (team.id,))
            return team

    async def set_manager(self, team_id: int, user_id: int | None) -> Team:
        _check_user(user_id, "manager's user id")
        async with self.transaction():
            await self._team(team_id)
            await self._run(UPDATE_TEAM_MANAGER, (user_id, team_id))
            if user_id is not None:
                await self._run(DELETE_CO_MANAGER, (team_id, user_id))  # not both at once
            return await self._team(team_id)

    async def add_co_manager(self, team_id: int, user_id: int) -> Team:
        _check_user(user_id, "co-manager's user id")
        async with self.transaction():
            team = await self._team(team_id)
            if user_id == team.manager_id:
                raise AlreadyExists(f"user {user_id} is already the manager of {team.name}")
            await self._run(INSERT_CO_MANAGER, (team_id, user_id))
            return await self._team(team_id)

    async def remove_co_manager(self, team_id: int, user_id: int) -> Team:
        async with self.transaction():
            team = await self._team(team_id)
            if user_id not in team.co_managers:
                raise NotFound(f"user {user_id} is not a co-manager of {team.name}")
            await self._run(DELETE_CO_MANAGER, (team_id, user_id))
            return await self._team(team_id)

    async def can_manage(self, team_id: int, user_id: int) -> bool:
        """The team's manager, a co-manager, or a commissioner of its league."""
        async with self.transaction(write=False):
            team = await self._team(team_id)
            return user_id in team.managers or user_id in (await self._league(team.league_id)).commissioners

    # --- rosters ------------------------------------------------------------------------

    async def _roster(self, team_id: int) -> dict[str, RosterEntry]:
        return {r["card_id"]: RosterEntry.from_row(r) for r in await self._all(SELECT_ROSTER, (team_id,))}

    async def roster(self, team_id: int) -> list[RosterEntry]:
        """The team's players, active first, in the order they joined."""
        async with self.transaction(write=False):
            await self._team(team_id)
            return list((await self._roster(team_id)).values())

    async def _entry_on(self, team: Team, card_id: str, pool: CardPool) -> RosterEntry:
        row = await self._one(SELECT_ROSTER_ENTRY, (team.league_id, card_id))
        if row is None or row["team_id"] != team.id:
            raise RosterError(f"{pool.name(card_id)} is not on the {team.name} roster")
        return RosterEntry.from_row(row)

    async def _log_move(
        self,
        league: League,
        kind: str,
        card_id: str,
        team_id: int | None,
        from_team_id: int | None,
        by: int | None,
        trade_id: int | None = None,
    ) -> RosterMove:
        _check_user(by, "user id of who made the move")
        move_id = await self._value(
            INSERT_ROSTER_MOVE,
            (league.id, league.season, league.day, kind, card_id, team_id, from_team_id, trade_id, by),
        )
        row = await self._one(SELECT_ROSTER_MOVE, (move_id,))
        assert row is not None
        return RosterMove.from_row(row)

    async def _check_room(self, league: League, team: Team, adding: int) -> None:
        active = int(await self._value(COUNT_ACTIVE_ROSTER, (team.id,)))
        limit = league.rules.roster_limit
        if adding > 0 and active + adding > limit:
            raise RosterError(
                f"{team.name} has {active} active players and the limit is {limit}; "
                "release a player or place one on the injured list first"
            )

    async def sign(self, team_id: int, card_id: str, *, by: int | None = None) -> RosterEntry:
        """Put a card from the league's sets on the team's active roster."""
        async with self.transaction():
            team = await self._team(team_id)
            league = await self._league(team.league_id)
            pool = await self._league_pool(league)
            card = pool.card(card_id)
            kind: RosterKind
            if isinstance(card, PITCHERS):
                kind = "pitcher"
            elif isinstance(card, BATTERS) and not pool.is_pitchers_batting_card(card):
                kind = "batter"
            elif isinstance(card, BATTERS):
                raise CardError(f"{card.id} is a pitcher's batting card; it comes with the pitcher, so sign him")
            else:
                raise CardError(f"{card.name} ({card.id}) is a ballpark card; a team's ballpark is set on the team")
            owner = await self._one(SELECT_ROSTER_ENTRY, (league.id, card_id))
            if owner is not None:
                other = await self._team(owner["team_id"])
                raise RosterError(f"{card.name} is already on the {other.name} roster; he must be released first")
            for same in pool.cards_of(pool.person(card_id)):  # one man is on one roster, on one card of a kind
                row = await self._one(SELECT_ROSTER_ENTRY, (league.id, same.id)) if same.kind == card.kind else None
                if row is not None:
                    other = await self._team(row["team_id"])
                    raise RosterError(f"{card.name} is already on the {other.name} roster, on his card {same.id}")
            await self._check_room(league, team, 1)
            await self._run(INSERT_ROSTER, (league.id, card_id, team_id, kind, league.day))
            await self._log_move(league, "sign", card_id, team_id, None, by)
            return (await self._roster(team_id))[card_id]

    async def release(self, team_id: int, card_id: str, *, by: int | None = None) -> RosterMove:
        """Take a player off the team; he leaves its lineups, rotation and bullpen too."""
        async with self.transaction():
            team = await self._team(team_id)
            league = await self._league(team.league_id)
            await self._entry_on(team, card_id, await self._league_pool(league))
            await self._run(DELETE_ROSTER_ENTRY, (league.id, card_id))
            return await self._log_move(league, "release", card_id, None, team_id, by)

    async def place_on_injured_list(self, team_id: int, card_id: str, *, by: int | None = None) -> RosterMove:
        """An injured player off the active roster (freeing his place) until he is activated."""
        async with self.transaction():
            team = await self._team(team_id)
            league = await self._league(team.league_id)
            pool = await self._league_pool(league)
            entry = await self._entry_on(team, card_id, pool)
            if entry.status == "injured_list":
                raise RosterError(f"{pool.name(card_id)} is already on the injured list")
            if not await self._value(SELECT_DAYS_LEFT, (league.id, card_id)):
                raise RosterError(f"{pool.name(card_id)} is not injured; only injured players go on the injured list")
            await self._run(UPDATE_ROSTER_STATUS, ("injured_list", league.id, card_id))
            return await self._log_move(league, "injured_list", card_id, team_id, team_id, by)

    async def activate(self, team_id: int, card_id: str, *, by: int | None = None) -> RosterMove:
        """A healed player back from the injured list, if the active roster has room."""
        async with self.transaction():
            team = await self._team(team_id)
            league = await self._league(team.league_id)
            pool = await self._league_pool(league)
            entry = await self._entry_on(team, card_id, pool)
            if entry.status != "injured_list":
                raise RosterError(f"{pool.name(card_id)} is not on the injured list")
            days_left = int(await self._value(SELECT_DAYS_LEFT, (league.id, card_id)) or 0)
            if days_left:
                raise PlayerUnavailable(f"{pool.name(card_id)} is still injured ({plural(days_left, 'more day')})")
            await self._check_room(league, team, 1)
            await self._run(UPDATE_ROSTER_STATUS, ("active", league.id, card_id))
            return await self._log_move(league, "activate", card_id, team_id, team_id, by)

    async def roster_moves(self, league_id: int, limit: int = 100) -> list[RosterMove]:
        """The league's transactions log, newest first."""
        _check_limit(limit)
        async with self.transaction(write=False):
            await self._league(league_id)
            return [RosterMove.from_row(r) for r in await self._all(SELECT_ROSTER_MOVES, (league_id, limit))]

    # --- trades -------------------------------------------------------------------------

    async def _trade(self, trade_id: int) -> Trade:
        row = await self._one(SELECT_TRADE, (_check_id(trade_id, "trade"),))
        if row is None:
            raise NotFound(f"no trade with id {trade_id}")
        cards = await self._all(SELECT_TRADE_CARDS, (trade_id,))
        offered = tuple(c["card_id"] for c in cards if c["from_team_id"] == row["offering_team_id"])
        requested = tuple(c["card_id"] for c in cards if c["from_team_id"] == row["receiving_team_id"])
        return Trade.from_row(row, offered, requested)

    async def trade(self, trade_id: int) -> Trade:
        async with self.transaction(write=False):
            return await self._trade(trade_id)

    async def trades(self, league_id: int, status: str | None = "pending") -> list[Trade]:
        _check_choice(status, "a trade's status", TradeStatus)
        async with self.transaction(write=False):
            await self._league(league_id)
            rows = await self._all(SELECT_TRADES, (league_id, status, status))
            return [await self._trade(r["id"]) for r in rows]

    async def _check_trade(
        self,
        league: League,
        offering: Team,
        receiving: Team,
        offered: tuple[str, ...],
        requested: tuple[str, ...],
        pool: CardPool,
    ) -> None:
        """Every card still on the team giving him, and neither active roster pushed over the limit."""
        moving_active = {offering.id: 0, receiving.id: 0}
        for team, cards in ((offering, offered), (receiving, requested)):
            for card_id in cards:
                row = await self._one(SELECT_ROSTER_ENTRY, (league.id, card_id))
                if row is None or row["team_id"] != team.id:
                    raise TradeError(f"{pool.name(card_id)} is not on the {team.name} roster, so the trade cannot go")
                if row["status"] == "active":
                    moving_active[team.id] += 1
        limit = league.rules.roster_limit
        for team, other in ((offering, receiving), (receiving, offering)):
            active = int(await self._value(COUNT_ACTIVE_ROSTER, (team.id,)))
            gain = moving_active[other.id] - moving_active[team.id]
            if gain > 0 and active + gain > limit:
                raise TradeError(
                    f"the trade would give {team.name} {active + gain} active players, over the limit of {limit}; "
                    "it must release or place players on the injured list first"
                )

    async def propose_trade(
        self,
        offering_team_id: int,
        receiving_team_id: int,
        offered: Sequence[str],
        requested: Sequence[str],
        *,
        by: int | None,
    ) -> Trade:
        """A pending trade: the offering team gives ``offered`` for ``requested``; the other side must accept.

        ``by`` manages the offering team or is a commissioner; None is the league file's operator at the
        terminal, who has a commissioner's rights (as in :meth:`sign`).
        """
        async with self.transaction():
            offering, receiving = await self._team(offering_team_id), await self._team(receiving_team_id)
            if offering.league_id != receiving.league_id:
                raise TradeError(f"{offering.name} and {receiving.name} are in different leagues")
            if offering.id == receiving.id:
                raise TradeError("a team cannot trade with itself")
            league = await self._league(offering.league_id)
            if by is not None and by not in offering.managers and by not in league.commissioners:
                raise NotAllowed(f"only a manager of {offering.name} or a commissioner can offer its players")
            cards = [*offered, *requested]
            if not cards:
                raise TradeError("a trade moves at least one player")
            if len(set(cards)) != len(cards):
                raise TradeError("a player is named twice in the trade")
            pool = await self._league_pool(league)
            await self._check_trade(league, offering, receiving, tuple(offered), tuple(requested), pool)
            proposer = OPERATOR if by is None else by
            trade_id = await self._value(INSERT_TRADE, (league.id, offering.id, receiving.id, proposer, league.day))
            for team, cards_given in ((offering, offered), (receiving, requested)):
                for card_id in cards_given:
                    await self._run(INSERT_TRADE_CARD, (trade_id, card_id, team.id))
            return await self._trade(trade_id)

    async def _complete_trade(self, trade: Trade, by: int | None) -> Trade:
        offering, receiving = await self._team(trade.offering_team_id), await self._team(trade.receiving_team_id)
        league = await self._league(trade.league_id)
        pool = await self._league_pool(league)
        await self._check_trade(league, offering, receiving, trade.offered, trade.requested, pool)
        for team, other, cards in ((offering, receiving, trade.offered), (receiving, offering, trade.requested)):
            for card_id in cards:
                # Out of the old team's lineups and staff before he changes teams (the foreign keys insist).
                await self._run(DELETE_LINEUP_SPOTS_OF, (team.id, card_id))
                await self._run(DELETE_ROTATION_SLOT_OF, (team.id, card_id))
                await self._run(DELETE_BULLPEN_ROLE, (team.id, card_id))
                await self._run(UPDATE_ROSTER_TEAM, (other.id, league.day, league.id, card_id))
                await self._log_move(league, "trade", card_id, other.id, team.id, by, trade.id)
        await self._run(UPDATE_TRADE_STATUS, ("completed", by, league.day, trade.id))
        return await self._trade(trade.id)

    async def _pending_trade(self, trade_id: int) -> Trade:
        trade = await self._trade(trade_id)
        if trade.status != "pending":
            raise TradeError(f"trade {trade_id} is {trade.status}, no longer pending")
        return trade

    async def accept_trade(self, trade_id: int, *, by: int) -> Trade:
        """The receiving team's manager (or co-manager) agrees: the players change teams."""
        async with self.transaction():
            trade = await self._pending_trade(trade_id)
            receiving = await self._team(trade.receiving_team_id)
            if by not in receiving.managers:
                raise NotAllowed(f"only a manager of {receiving.name} can accept this trade")
            return await self._complete_trade(trade, by)

    async def execute_trade(self, trade_id: int, *, by: int | None) -> Trade:
        """A commissioner (None: the terminal's operator) puts a pending trade through at once."""
        async with self.transaction():
            trade = await self._pending_trade(trade_id)
            if by is not None and by not in (await self._league(trade.league_id)).commissioners:
                raise NotAllowed("only a commissioner can put a trade through without the other manager")
            return await self._complete_trade(trade, by)

    async def reject_trade(self, trade_id: int, *, by: int | None) -> Trade:
        """The receiving side or a commissioner (None: the terminal's operator) turns it down; the offering
        side may withdraw it."""
        async with self.transaction():
            trade = await self._pending_trade(trade_id)
            offering, receiving = await self._team(trade.offering_team_id), await self._team(trade.receiving_team_id)
            league = await self._league(trade.league_id)
            if by is None or by in receiving.managers or by in league.commissioners:
                status = "rejected"
            elif by in offering.managers or by == trade.proposed_by:
                status = "withdrawn"
            else:
                raise NotAllowed(f"only the managers of {offering.name} or {receiving.name} can turn down this trade")
            await self._run(UPDATE_TRADE_STATUS, (status, by, league.day, trade.id))
            return await self._trade(trade.id)

    # --- availability: injuries and rest -------------------------------------------------------

    async def _unavailable(self, league: League, pool: CardPool | None = None) -> dict[str, str]:
        """Players who cannot play today, with the reason in words ("injured (3 more days)")."""
        out: dict[str, str] = {}
        today = (league.id, league.season, league.day, league.day)
        back_on: dict[str, int] = {}
        for row in await self._all(SELECT_RESTING, today):
            out[row["card_id"]] = f"resting (pitched on day {row['last_day']}; ready on day {row['back_on']})"
            back_on[row["card_id"]] = row["back_on"]
        # DDB "Using the Bench": a starter the Bench Usage Chart sat rests as if he had started that day.
        for row in await self._all(SELECT_SKIPPED_RESTING, today):
            if row["back_on"] > back_on.get(row["card_id"], 0):
                out[row["card_id"]] = (
                    f"resting (his turn skipped on day {row['last_day']}; ready on day {row['back_on']})"
                )
        for row in await self._all(SELECT_INJURED, (league.id,)):
            out[row["card_id"]] = f"injured ({plural(row['days_left'], 'more day')})"
        return out

    async def unavailable(self, league_id: int) -> dict[str, str]:
        """Card id -> why he cannot play today, for every injured or resting player of the league."""
        async with self.transaction(write=False):
            return await self._unavailable(await self._league(league_id))

    async def injuries(self, league_id: int, *, current: bool = True) -> list[Injury]:
        """The league's injuries, newest first; only those with days still to miss when ``current``."""
        async with self.transaction(write=False):
            await self._league(league_id)
            rows = await self._all(SELECT_INJURIES, (league_id, 1 if current else 0))
            return [Injury.from_row(r) for r in rows]

    async def pitcher_usage(self, league_id: int, card_id: str | None = None) -> list[PitcherUsage]:
        """Outings in final games of the current season, latest first; one pitcher's when ``card_id``."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            rows = await self._all(SELECT_PITCHER_USAGE, (league_id, league.season, card_id, card_id))
            return [PitcherUsage.from_row(r) for r in rows]

    # --- lineups ------------------------------------------------------------------------

    async def _lineup(self, team_id: int, hand: Hand) -> Lineup | None:
        rows = await self._all(SELECT_LINEUP, (team_id, hand))
        if not rows:
            return None
        return Lineup(team_id, hand, tuple(SavedSpot(r["card_id"], Position(r["position"])) for r in rows))

    async def lineup(self, team_id: int, vs_hand: str) -> Lineup | None:
        """The saved lineup against left- ("L") or right-handed ("R") starters, if there is one."""
        hand = parse_hand(vs_hand)
        async with self.transaction(write=False):
            await self._team(team_id)
            return await self._lineup(team_id, hand)

    async def _check_saved_lineup(
        self, team: Team, league: League, pool: CardPool, spots: tuple[SavedSpot, ...]
    ) -> None:
        check_lineup(
            team.name,
            spots,
            designated_hitter=league.options.uses_dh(team.subleague),  # its home games' rule
            roster=await self._roster(team.id),
            unavailable=await self._unavailable(league),
            name=pool.name,
        )

    async def save_lineup(
        self, team_id: int, vs_hand: str, spots: Iterable[tuple[str | None, str | Position]]
    ) -> Lineup:
        """Save the batting order against one hand of starter: (card id, position) in order, None for P's spot."""
        hand = parse_hand(vs_hand)
        parsed = parse_spots(spots)
        async with self.transaction():
            team = await self._team(team_id)
            league = await self._league(team.league_id)
            pool = await self._league_pool(league)
            await self._check_saved_lineup(team, league, pool, parsed)
            await self._run(DELETE_LINEUP, (team_id, hand))
            for number, spot in enumerate(parsed, start=1):
                await self._run(INSERT_LINEUP_SPOT, (team_id, hand, number, spot.position.value, spot.card_id))
            lineup = await self._lineup(team_id, hand)
            assert lineup is not None
            return lineup

    async def save_auto_lineup(self, team_id: int, vs_hand: str) -> Lineup:
        """Let the auto-manager pick the lineup (``engine.lineup.auto_team``) from the healthy active batters."""
        hand = parse_hand(vs_hand)
        async with self.transaction():
            team = await self._team(team_id)
            league = await self._league(team.league_id)
            pool = await self._league_pool(league)
            unavailable = await self._unavailable(league)
            roster = await self._roster(team_id)
            healthy = [e.card_id for e in roster.values() if e.status == "active" and e.card_id not in unavailable]
            batters = [pool.batter(c) for c in healthy if roster[c].kind == "batter"]
            pitchers = [pool.pitcher(c) for c in healthy if roster[c].kind == "pitcher"]
            if not batters:
                raise LineupError(f"{team.name} has no healthy batters on its active roster")
            dh = league.options.uses_dh(team.subleague)  # its home games' rule
            # auto_team builds a whole team; only its batting order is kept, the pitcher's spot left empty.
            starter: Any = pitchers[0] if pitchers else next(p for s in pool.sets for p in s.pitchers.values())
            batting = None if dh else (pool.batting_card_for(starter) or batters[0])
            try:
                setup = auto_team(team.name, batters, starter, batting, dh)
            except SetupError as exc:
                raise LineupError(str(exc)) from exc
            spots = [(None if s.position is Position.P else s.batter.id, s.position) for s in setup.lineup]
            return await self.save_lineup(team_id, hand, spots)

    # --- rotation and bullpen -------------------------------------------------------------

    async def _rotation(self, team: Team) -> Rotation:
        rows = await self._all(SELECT_ROTATION, (team.id,))
        starters = tuple(r["card_id"] for r in rows)
        turn = [r["card_id"] for r in rows if r["slot"] >= team.next_slot] + list(starters)
        return Rotation(team.id, starters, turn[0] if turn else None)

    async def rotation(self, team_id: int) -> Rotation:
        async with self.transaction(write=False):
            return await self._rotation(await self._team(team_id))

    async def _staff_member(self, team: Team, card_id: str, pool: CardPool) -> RosterEntry:
        entry = await self._entry_on(team, card_id, pool)
        if entry.kind != "pitcher":
            raise LineupError(f"{pool.name(card_id)} is not a pitcher")
        if entry.status != "active":
            raise PlayerUnavailable(f"{pool.name(card_id)} is on the injured list; activate him first")
        return entry

    async def set_rotation(self, team_id: int, card_ids: Sequence[str]) -> Rotation:
        """The starters in turn; the first of them starts next."""
        if not card_ids:
            raise LineupError("a rotation has at least one starter")
        if len(set(card_ids)) != len(card_ids):
            raise LineupError("a pitcher is in the rotation twice")
        async with self.transaction():
            team = await self._team(team_id)
            pool = await self._league_pool(await self._league(team.league_id))
            for card_id in card_ids:
                await self._staff_member(team, card_id, pool)
            await self._run(DELETE_ROTATION, (team_id,))
            for slot, card_id in enumerate(card_ids, start=1):
                await self._run(INSERT_ROTATION_SLOT, (team_id, slot, card_id))
            await self._run(UPDATE_TEAM_NEXT_SLOT, (1, team_id))
            return await self._rotation(await self._team(team_id))

    async def set_next_starter(self, team_id: int, card_id: str) -> Rotation:
        """Skip the rotation ahead (or back) to a starter who is ready today."""
        async with self.transaction():
            team = await self._team(team_id)
            league = await self._league(team.league_id)
            pool = await self._league_pool(league)
            slot = await self._value(SELECT_ROTATION_SLOT_OF, (team_id, card_id))
            if slot is None:
                raise LineupError(f"{pool.name(card_id)} is not in the {team.name} rotation")
            reason = (await self._unavailable(league)).get(card_id)
            if reason is not None:
                raise PlayerUnavailable(f"{pool.name(card_id)} cannot start: he is {reason}")
            await self._run(UPDATE_TEAM_NEXT_SLOT, (slot, team_id))
            return await self._rotation(await self._team(team_id))

    async def set_bullpen_role(self, team_id: int, card_id: str, role: str | None) -> list[BullpenRole]:
        """A reliever's role: long, middle, setup or closer; None clears it."""
        if role is not None and role not in BULLPEN_ROLES:
            raise LineupError(f"a bullpen role is one of {', '.join(BULLPEN_ROLES)}; not {role!r}")
        async with self.transaction():
            team = await self._team(team_id)
            pool = await self._league_pool(await self._league(team.league_id))
            await self._staff_member(team, card_id, pool)
            await self._run(DELETE_BULLPEN_ROLE, (team_id, card_id))
            if role is not None:
                await self._run(INSERT_BULLPEN_ROLE, (team_id, card_id, role))
            return await self._bullpen_roles(team_id)

    async def _bullpen_roles(self, team_id: int) -> list[BullpenRole]:
        rows = await self._all(SELECT_BULLPEN_ROLES, (team_id,))
        return [BullpenRole(r["card_id"], cast(BullpenRoleName, r["role"])) for r in rows]

    async def bullpen_roles(self, team_id: int) -> list[BullpenRole]:
        async with self.transaction(write=False):
            await self._team(team_id)
            return await self._bullpen_roles(team_id)


def _abbreviation(text: str) -> str:
    cleaned = text.strip().upper()
    if not (1 <= len(cleaned) <= 5 and cleaned.isalnum() and cleaned.isascii()):
        raise SettingsError(f"a team abbreviation is 1 to 5 letters or digits, like HCB; got {text!r}")
    return cleaned
