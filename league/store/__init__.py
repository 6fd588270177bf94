"""The league store: every operation on leagues, teams, rosters, lineups, pitching staffs and games.

One :class:`Store` per process holds the one aiosqlite connection. Every operation is a
transaction: ``BEGIN IMMEDIATE`` for those that write (so two processes on the same file
take turns instead of failing), a plain ``BEGIN`` for reads (one consistent snapshot). The
tasks of one process share the connection and take turns through a lock; an operation
called inside another's transaction joins it. Bad input raises a :mod:`league.errors`
error before anything is written, or inside the transaction, which is then rolled back:
a refused or failed operation leaves the database as it was.

The SQL is in :mod:`league.sql`; rows come back as the models of :mod:`league.models`.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast, get_args

import aiosqlite

from cards.notation import Position
from cards.teams import lineup_spots
from engine.boxscore import box_score
from engine.events import Injury as InjuryEvent
from engine.game import ASKING_LEVELS, PERSON_DEFAULT, RULESET, Game
from engine.lineup import auto_team
from engine.requests import ReplayMismatch
from engine.rulesets import NAMES, family_of
from engine.rulesets import ruleset as ruleset_named
from engine.setup import GameSetup, Options, SetupError, TeamSetup
from league import compact, db, rest, seasontables, setups, sql
from league.cardpool import BATTERS, PITCHERS, CardPool
from league.errors import (
    AlreadyExists,
    CardError,
    DatabaseError,
    GameBusy,
    GameError,
    LineupError,
    NotAllowed,
    NotFound,
    NotOnSchedule,
    PlayerUnavailable,
    RosterError,
    SeasonClosed,
    SettingsError,
    TradeError,
)
from league.lease import LEASE_SECONDS, GameLease, Owner
from league.lineups import check_lineup, parse_hand, parse_spots
from league.models import (
    BULLPEN_ROLES,
    MAX_ID,
    BullpenRole,
    BullpenRoleName,
    GameRecord,
    GameStatus,
    GameSummary,
    Hand,
    Injury,
    League,
    LeagueRules,
    Lineup,
    PitcherUsage,
    PlayerPage,
    Playoffs,
    PlayoffSeed,
    PlayoffSeries,
    Replacement,
    RosterEntry,
    RosterKind,
    RosterLine,
    RosterMove,
    Rotation,
    SavedSpot,
    SeasonLine,
    Split,
    Team,
    TeamPage,
    Trade,
    TradeStatus,
    days_in_a_row,
)
from league.names import clean_name, name_key
from league.playoffs import PlayoffFormat, pairings, seed_teams
from league.playoffs import Seed as PlayoffSeedKey
from league.playoffs import preset as playoff_preset
from league.schedule import ScheduleError, make_schedule
from league.setups import Club
from league.standings import OVERALL, WILD_CARDS, FinalGame, LeagueStandings, StandingsRow, leagues, standings
from league.stats import FieldingStats, SeasonStats, leaders
from league.usage import Pace

Row = aiosqlite.Row
# Called with a stage name at points inside finish_game's transaction; tests use it to kill the process there.
FinishHook = Callable[[str], Awaitable[None]]


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


_clean = clean_name


def _abbreviation(text: str) -> str:
    cleaned = text.strip().upper()
    if not (1 <= len(cleaned) <= 5 and cleaned.isalnum() and cleaned.isascii()):
        raise SettingsError(f"a team abbreviation is 1 to 5 letters or digits, like HCB; got {text!r}")
    return cleaned


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Store:
    """The league's database, opened with ``await Store.open(path)`` and closed with ``await store.close()``."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.path = path
        self._conn = conn
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._writing = False
        self._pools: dict[tuple[tuple[str, ...], bool], CardPool] = {}
        # Card snapshots (league.compact): the pool's (digest, JSON, cards) by its sets, and
        # the parsed snapshots by row id (checked against the row's digest when read).
        self._pool_snapshots: dict[tuple[str, ...], tuple[str, str, compact.Cards]] = {}
        self._snapshots: dict[int, tuple[str, compact.Cards]] = {}
        self.finish_hook: FinishHook | None = None

    # --- opening, closing, transactions -------------------------------------------------

    @classmethod
    async def open(cls, path: str | Path, *, upgrade: bool = True) -> Store:
        """Open (creating if need be) the database; brings it to the latest version unless ``upgrade=False``."""
        conn = await db.connect(path)
        try:
            if upgrade:
                await db.upgrade(conn)
            else:
                await db.check_current(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, Path(path))

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def transaction(self, write: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction: committed at the end of the block, rolled back if it raises.

        Inside a transaction of the same task this joins it (the outer block commits).
        """
        task = asyncio.current_task()
        if self._owner is not None and self._owner is task:
            if write and not self._writing:
                raise RuntimeError("a write inside a read-only transaction")
            yield self._conn
            return
        async with self._lock:
            self._owner, self._writing = task, write
            try:
                try:
                    await self._conn.execute(sql.BEGIN_IMMEDIATE if write else sql.BEGIN)
                except sqlite3.OperationalError as exc:
                    # Another process held the write lock for longer than the busy timeout.
                    raise DatabaseError(f"the database is busy ({exc}); try again in a moment") from exc
                try:
                    yield self._conn
                except BaseException:
                    if self._conn.in_transaction:
                        await self._conn.execute(sql.ROLLBACK)
                    raise
                await self._conn.execute(sql.COMMIT)
            finally:
                self._owner, self._writing = None, False

    async def version(self) -> int:
        async with self.transaction(write=False):
            return await db.current_version(self._conn)

    async def backup(self, target: str | Path) -> Path:
        """A consistent copy of the database in a new file."""
        async with self._lock:
            return await db.backup(self._conn, target)

    # --- query helpers (inside a transaction) -------------------------------------------

    # Each helper is one trip to aiosqlite's thread (execute_fetchall; a cursor left to the garbage
    # collector): a season's auto-play makes some 90 queries a game, and every trip costs a thread
    # hand-off each way, where execute + fetch + close took three.

    async def _one(self, query: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a query that returns one row at most (by id, by a unique key, LIMIT 1)."""
        rows = await self._all(query, params)
        return rows[0] if rows else None

    async def _all(self, query: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._conn.execute_fetchall(query, params))

    async def _value(self, query: str, params: Sequence[Any] = ()) -> Any:
        row = await self._one(query, params)
        return None if row is None else row[0]

    async def _run(self, query: str, params: Sequence[Any] = ()) -> int:
        """Execute a write; the new row's id for an INSERT."""
        cursor = await self._conn.execute(query, params)
        return cursor.lastrowid or 0

    # --- cards ------------------------------------------------------------------------

    async def _pool_for(self, refs: tuple[str, ...], by_name: bool = False) -> CardPool:
        """The sets' cards, loaded once; ``by_name``: a Discord league's sets, never a host path."""
        pool = self._pools.get((refs, by_name))
        if pool is None:
            pool = await asyncio.to_thread(CardPool.load, refs, by_name)
            self._pools[(refs, by_name)] = pool
        return pool

    async def _league_pool(self, league: League) -> CardPool:
        """The league's cards: a league made in Discord (it has a server) finds its sets by name only."""
        return await self._pool_for(league.card_sets, league.guild_id is not None)

    async def _snapshot_for(self, league: League) -> tuple[int, compact.Cards]:
        """The league's card snapshot for its sets as loaded now (its row made if new): (id, cards)."""
        found = self._pool_snapshots.get(league.card_sets)
        if found is None:
            pool = await self._league_pool(league)
            digest, text = await asyncio.to_thread(compact.card_snapshot, pool)
            found = (digest, text, json.loads(text))
            self._pool_snapshots[league.card_sets] = found
        digest, text, cards = found
        snapshot_id = await self._value(sql.SELECT_SNAPSHOT_ID, (league.id, digest))
        if snapshot_id is None:
            snapshot_id = await self._run(sql.INSERT_SNAPSHOT, (league.id, digest, text))
        self._snapshots[snapshot_id] = (digest, cards)
        return snapshot_id, cards

    async def _snapshot(self, snapshot_id: int) -> compact.Cards:
        """A stored card snapshot, parsed once (the cache is checked against the row's digest)."""
        cached = self._snapshots.get(snapshot_id)
        if cached is not None and cached[0] == await self._value(sql.SELECT_SNAPSHOT_DIGEST, (snapshot_id,)):
            return cached[1]
        row = await self._one(sql.SELECT_SNAPSHOT, (snapshot_id,))
        if row is None:
            raise DatabaseError(f"card snapshot {snapshot_id} is missing; restore the database from a backup")
        cards: compact.Cards = json.loads(row["cards"])
        self._snapshots[snapshot_id] = (row["digest"], cards)
        return cards

    async def _record(self, row: Row) -> GameRecord:
        """A game row as its model, its setup rebuilt from the card snapshot it refers to."""
        snapshot_id = row["snapshot_id"]
        cards = await self._snapshot(snapshot_id) if snapshot_id is not None and row["setup"] else None
        return GameRecord.from_row(row, cards)

    async def card_sets(self, refs: Sequence[str], *, by_name: bool = False) -> CardPool:
        """The cards of these sets, loaded once per store (e.g. the sample set for a server with no league);
        ``by_name`` for sets a Discord member named (never a path)."""
        return await self._pool_for(tuple(refs), by_name)

    async def card_pool(self, league_id: int) -> CardPool:
        """The cards of the league's sets."""
        league = await self.league(league_id)
        return await self._league_pool(league)

    # --- leagues ------------------------------------------------------------------------

    async def create_league(
        self,
        name: str,
        card_sets: Sequence[str],
        *,
        guild_id: int | None = None,
        commissioners: Iterable[int] = (),
        options: Options | None = None,
        rules: LeagueRules | None = None,
        ruleset: str = RULESET,
        season: int = 1,
    ) -> League:
        name = _clean(name, "league name")
        _check_user(guild_id, "server id")
        commissioners = tuple(commissioners)
        for user_id in commissioners:
            _check_user(user_id, "commissioner's user id")
        if ruleset not in NAMES:
            raise SettingsError(f"Dugout plays {' and '.join(NAMES)}; not {ruleset!r}")
        refs = tuple(card_sets)
        if not refs:
            raise SettingsError("a league plays with at least one card set, e.g. 'sample'")
        if len(set(refs)) != len(refs):
            raise SettingsError("a card set is listed twice; list each set once")
        if season < 1:
            raise SettingsError("seasons are numbered from 1")
        _check_rulesets(ruleset, await self._pool_for(refs, guild_id is not None))
        options = options or Options()
        rules = rules or LeagueRules()
        async with self.transaction():
            if await self._league_named(name, guild_id) is not None:
                raise AlreadyExists(f"there is already a league called {name!r} here; pick another name")
            league_id = await self._run(
                sql.INSERT_LEAGUE,
                (name, ruleset, _dumps(options.to_dict()), _dumps(rules.to_dict()), season, guild_id),
            )
            for position, ref in enumerate(refs, start=1):
                await self._run(sql.INSERT_LEAGUE_CARD_SET, (league_id, position, ref))
            for user_id in dict.fromkeys(commissioners):
                await self._run(sql.INSERT_COMMISSIONER, (league_id, user_id))
            return await self._league(league_id)

    async def _league(self, league_id: int) -> League:
        row = await self._one(sql.SELECT_LEAGUE, (_check_id(league_id, "league"),))
        if row is None:
            raise NotFound(f"no league with id {league_id}")
        sets = tuple(r["card_set"] for r in await self._all(sql.SELECT_LEAGUE_CARD_SETS, (league_id,)))
        commissioners = tuple(r["user_id"] for r in await self._all(sql.SELECT_COMMISSIONERS, (league_id,)))
        channels = {r["purpose"]: r["channel_id"] for r in await self._all(sql.SELECT_LEAGUE_CHANNELS, (league_id,))}
        return League.from_row(row, sets, commissioners, channels)

    async def league(self, league_id: int) -> League:
        async with self.transaction(write=False):
            return await self._league(league_id)

    async def find_league(self, name: str, guild_id: int | None = None) -> League:
        """A league by name (any case) in a guild, or among leagues outside any guild."""
        async with self.transaction(write=False):
            league_id = await self._league_named(name, guild_id)
            if league_id is None:
                raise NotFound(f"no league called {name!r} here")
            return await self._league(league_id)

    async def _league_named(self, name: str, guild_id: int | None) -> int | None:
        """The id of the guild's league of that name: the name as stored, else the same name (league.names)
        in any case; compared in Python, as SQLite's NOCASE folds ASCII only and a name stored before names
        were normalized may hold invisible characters."""
        rows = await self._all(sql.SELECT_LEAGUE_NAMES_IN_GUILD, (guild_id,))
        exact = [int(r["id"]) for r in rows if r["name"] == name]
        same = [int(r["id"]) for r in rows if name_key(r["name"]) == name_key(name)]
        return next(iter(exact or same), None)

    async def leagues(self, guild_id: int | None = None) -> list[League]:
        """The leagues of a guild (``None``: the leagues outside any guild), by name."""
        async with self.transaction(write=False):
            rows = await self._all(sql.SELECT_LEAGUES_IN_GUILD, (guild_id,))
            return [await self._league(r["id"]) for r in rows]

    async def all_leagues(self) -> list[League]:
        """Every league in the file, whatever its guild, by name (for the terminal's reports)."""
        async with self.transaction(write=False):
            return [await self._league(r["id"]) for r in await self._all(sql.SELECT_ALL_LEAGUES)]

    async def set_options(self, league_id: int, options: Options) -> League:
        """The game options and house rules every new game of the league is played with."""
        async with self.transaction():
            await self._league(league_id)
            await self._run(sql.UPDATE_LEAGUE_OPTIONS, (_dumps(options.to_dict()), league_id))
            return await self._league(league_id)

    async def set_rules(self, league_id: int, rules: LeagueRules) -> League:
        """The league's roster limit and pitchers' rest; outings already pitched keep the rest they were given."""
        async with self.transaction():
            await self._league(league_id)
            await self._run(sql.UPDATE_LEAGUE_RULES, (_dumps(rules.to_dict()), league_id))
            return await self._league(league_id)

    async def add_card_set(self, league_id: int, card_set: str) -> League:
        async with self.transaction():
            league = await self._league(league_id)
            if card_set in league.card_sets:
                raise AlreadyExists(f"the league already plays with {card_set!r}")
            by_name = league.guild_id is not None
            _check_rulesets(league.ruleset, await self._pool_for((*league.card_sets, card_set), by_name))  # shared ids
            await self._run(sql.INSERT_LEAGUE_CARD_SET, (league_id, len(league.card_sets) + 1, card_set))
            return await self._league(league_id)

    async def add_commissioner(self, league_id: int, user_id: int) -> League:
        _check_user(user_id, "user id")
        async with self.transaction():
            league = await self._league(league_id)
            if user_id not in league.commissioners:
                await self._run(sql.INSERT_COMMISSIONER, (league_id, user_id))
            return await self._league(league_id)

    async def remove_commissioner(self, league_id: int, user_id: int) -> League:
        async with self.transaction():
            league = await self._league(league_id)
            if user_id not in league.commissioners:
                raise NotFound(f"user {user_id} is not a commissioner of {league.name}")
            if len(league.commissioners) == 1:
                raise NotAllowed(f"{league.name} needs a commissioner; add another before removing the last")
            await self._run(sql.DELETE_COMMISSIONER, (league_id, user_id))
            return await self._league(league_id)

    async def set_channel(self, league_id: int, purpose: str, channel_id: int | None) -> League:
        """The Discord channel the league uses for ``purpose`` ("games", "announcements" …); None removes it."""
        purpose = _clean(purpose, "channel purpose").lower()
        _check_user(channel_id, "channel id")
        async with self.transaction():
            await self._league(league_id)
            if channel_id is None:
                await self._run(sql.DELETE_LEAGUE_CHANNEL, (league_id, purpose))
            else:
                await self._run(sql.UPSERT_LEAGUE_CHANNEL, (league_id, purpose, channel_id))
            return await self._league(league_id)

    async def is_commissioner(self, league_id: int, user_id: int) -> bool:
        async with self.transaction(write=False):
            return user_id in (await self._league(league_id)).commissioners

    async def can_manage(self, team_id: int, user_id: int) -> bool:
        """The team's manager, a co-manager, or a commissioner of its league."""
        async with self.transaction(write=False):
            team = await self._team(team_id)
            return user_id in team.managers or user_id in (await self._league(team.league_id)).commissioners

    async def advance_day(self, league_id: int, days: int = 1) -> League:
        """Move the league's calendar on; injuries count down a day for every day that passes."""
        if days < 1:
            raise SettingsError("advance the league by at least one day")
        async with self.transaction():
            league = await self._league(league_id)
            _check_day(league.day + days)  # a day past any season's (a day's injuries are counted one by one)
            for day in range(league.day, league.day + days):
                # Injured on day D with N days: he misses D+1 … D+N, so a day counts once it is after D.
                await self._run(sql.COUNT_DOWN_INJURIES, (league_id, league.season, day))
            await self._run(sql.ADVANCE_LEAGUE_DAY, (days, league_id))
            return await self._league(league_id)

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
            team_id = await self._run(sql.INSERT_TEAM, (league_id, name, abbreviation, ballpark, manager_id, division))
            if subleague is not None:
                await self._run(sql.UPDATE_TEAM_SUBLEAGUE, (subleague, team_id))
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
                            await self._run(sql.INSERT_TEAM_USAGE, (team.id, card_id, starts, entry.games))
                    made.append(await self._team(team.id))
            return made

    async def _check_team_names(self, league_id: int, name: str, abbreviation: str, team_id: int = 0) -> None:
        for row in await self._all(sql.SELECT_TEAMS, (league_id,)):
            if row["id"] == team_id:
                continue
            if name_key(row["name"]) == name_key(name):
                raise AlreadyExists(f"the league already has a team called {row['name']}; pick another name")
            if row["abbreviation"].upper() == abbreviation:
                raise AlreadyExists(f"{row['name']} already uses the abbreviation {abbreviation}; pick another")

    async def _team(self, team_id: int) -> Team:
        row = await self._one(sql.SELECT_TEAM, (_check_id(team_id, "team"),))
        if row is None:
            raise NotFound(f"no team with id {team_id}")
        co = tuple(r["user_id"] for r in await self._all(sql.SELECT_CO_MANAGERS, (team_id,)))
        return Team.from_row(row, co)

    async def team(self, team_id: int) -> Team:
        async with self.transaction(write=False):
            return await self._team(team_id)

    async def teams(self, league_id: int) -> list[Team]:
        async with self.transaction(write=False):
            await self._league(league_id)
            return [await self._team(r["id"]) for r in await self._all(sql.SELECT_TEAMS, (league_id,))]

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
            await self._run(sql.UPDATE_TEAM_NAME, (name, abbr, team_id))
            return await self._team(team_id)

    async def set_ballpark(self, team_id: int, card_id: str) -> Team:
        async with self.transaction():
            team = await self._team(team_id)
            (await self._league_pool(await self._league(team.league_id))).ballpark(card_id)
            await self._run(sql.UPDATE_TEAM_BALLPARK, (card_id, team_id))
            return await self._team(team_id)

    async def set_division(self, team_id: int, division: str | None) -> Team:
        division = _clean(division, "division") if division is not None else None
        async with self.transaction():
            await self._team(team_id)
            await self._run(sql.UPDATE_TEAM_DIVISION, (division, team_id))
            return await self._team(team_id)

    async def set_subleague(self, team_id: int, subleague: str | None) -> Team:
        """Put a team in one of the league's two leagues ("AL", "NL"), or none."""
        subleague = _clean(subleague, "league") if subleague is not None else None
        async with self.transaction():
            await self._team(team_id)
            await self._run(sql.UPDATE_TEAM_SUBLEAGUE, (subleague, team_id))
            return await self._team(team_id)

    async def set_manager(self, team_id: int, user_id: int | None) -> Team:
        _check_user(user_id, "manager's user id")
        async with self.transaction():
            await self._team(team_id)
            await self._run(sql.UPDATE_TEAM_MANAGER, (user_id, team_id))
            if user_id is not None:
                await self._run(sql.DELETE_CO_MANAGER, (team_id, user_id))  # not both at once
            return await self._team(team_id)

    async def add_co_manager(self, team_id: int, user_id: int) -> Team:
        _check_user(user_id, "co-manager's user id")
        async with self.transaction():
            team = await self._team(team_id)
            if user_id == team.manager_id:
                raise AlreadyExists(f"user {user_id} is already the manager of {team.name}")
            await self._run(sql.INSERT_CO_MANAGER, (team_id, user_id))
            return await self._team(team_id)

    async def remove_co_manager(self, team_id: int, user_id: int) -> Team:
        async with self.transaction():
            team = await self._team(team_id)
            if user_id not in team.co_managers:
                raise NotFound(f"user {user_id} is not a co-manager of {team.name}")
            await self._run(sql.DELETE_CO_MANAGER, (team_id, user_id))
            return await self._team(team_id)

    # --- rosters ------------------------------------------------------------------------

    async def _roster(self, team_id: int) -> dict[str, RosterEntry]:
        return {r["card_id"]: RosterEntry.from_row(r) for r in await self._all(sql.SELECT_ROSTER, (team_id,))}

    async def roster(self, team_id: int) -> list[RosterEntry]:
        """The team's players, active first, in the order they joined."""
        async with self.transaction(write=False):
            await self._team(team_id)
            return list((await self._roster(team_id)).values())

    async def _entry_on(self, team: Team, card_id: str, pool: CardPool) -> RosterEntry:
        row = await self._one(sql.SELECT_ROSTER_ENTRY, (team.league_id, card_id))
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
        move_id = await self._run(
            sql.INSERT_ROSTER_MOVE,
            (league.id, league.season, league.day, kind, card_id, team_id, from_team_id, trade_id, by),
        )
        row = await self._one(sql.SELECT_ROSTER_MOVE, (move_id,))
        assert row is not None
        return RosterMove.from_row(row)

    async def _check_room(self, league: League, team: Team, adding: int) -> None:
        active = int(await self._value(sql.COUNT_ACTIVE_ROSTER, (team.id,)))
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
            owner = await self._one(sql.SELECT_ROSTER_ENTRY, (league.id, card_id))
            if owner is not None:
                other = await self._team(owner["team_id"])
                raise RosterError(f"{card.name} is already on the {other.name} roster; he must be released first")
            await self._check_room(league, team, 1)
            await self._run(sql.INSERT_ROSTER, (league.id, card_id, team_id, kind, league.day))
            await self._log_move(league, "sign", card_id, team_id, None, by)
            return (await self._roster(team_id))[card_id]

    async def release(self, team_id: int, card_id: str, *, by: int | None = None) -> RosterMove:
        """Take a player off the team; he leaves its lineups, rotation and bullpen too."""
        async with self.transaction():
            team = await self._team(team_id)
            league = await self._league(team.league_id)
            await self._entry_on(team, card_id, await self._league_pool(league))
            await self._run(sql.DELETE_ROSTER_ENTRY, (league.id, card_id))
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
            if not await self._value(sql.SELECT_DAYS_LEFT, (league.id, card_id)):
                raise RosterError(f"{pool.name(card_id)} is not injured; only injured players go on the injured list")
            await self._run(sql.UPDATE_ROSTER_STATUS, ("injured_list", league.id, card_id))
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
            days_left = int(await self._value(sql.SELECT_DAYS_LEFT, (league.id, card_id)) or 0)
            if days_left:
                raise PlayerUnavailable(f"{pool.name(card_id)} is still injured ({_plural(days_left, 'more day')})")
            await self._check_room(league, team, 1)
            await self._run(sql.UPDATE_ROSTER_STATUS, ("active", league.id, card_id))
            return await self._log_move(league, "activate", card_id, team_id, team_id, by)

    async def roster_moves(self, league_id: int, limit: int = 100) -> list[RosterMove]:
        """The league's transactions log, newest first."""
        _check_limit(limit)
        async with self.transaction(write=False):
            await self._league(league_id)
            return [RosterMove.from_row(r) for r in await self._all(sql.SELECT_ROSTER_MOVES, (league_id, limit))]

    # --- trades -------------------------------------------------------------------------

    async def _trade(self, trade_id: int) -> Trade:
        row = await self._one(sql.SELECT_TRADE, (_check_id(trade_id, "trade"),))
        if row is None:
            raise NotFound(f"no trade with id {trade_id}")
        cards = await self._all(sql.SELECT_TRADE_CARDS, (trade_id,))
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
            rows = await self._all(sql.SELECT_TRADES, (league_id, status, status))
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
                row = await self._one(sql.SELECT_ROSTER_ENTRY, (league.id, card_id))
                if row is None or row["team_id"] != team.id:
                    raise TradeError(f"{pool.name(card_id)} is not on the {team.name} roster, so the trade cannot go")
                if row["status"] == "active":
                    moving_active[team.id] += 1
        limit = league.rules.roster_limit
        for team, other in ((offering, receiving), (receiving, offering)):
            active = int(await self._value(sql.COUNT_ACTIVE_ROSTER, (team.id,)))
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
        by: int,
    ) -> Trade:
        """A pending trade: the offering team gives ``offered`` for ``requested``; the other side must accept.

        ``by`` manages the offering team or is a commissioner.
        """
        async with self.transaction():
            offering, receiving = await self._team(offering_team_id), await self._team(receiving_team_id)
            if offering.league_id != receiving.league_id:
                raise TradeError(f"{offering.name} and {receiving.name} are in different leagues")
            if offering.id == receiving.id:
                raise TradeError("a team cannot trade with itself")
            league = await self._league(offering.league_id)
            if by not in offering.managers and by not in league.commissioners:
                raise NotAllowed(f"only a manager of {offering.name} or a commissioner can offer its players")
            cards = [*offered, *requested]
            if not cards:
                raise TradeError("a trade moves at least one player")
            if len(set(cards)) != len(cards):
                raise TradeError("a player is named twice in the trade")
            pool = await self._league_pool(league)
            await self._check_trade(league, offering, receiving, tuple(offered), tuple(requested), pool)
            trade_id = await self._run(sql.INSERT_TRADE, (league.id, offering.id, receiving.id, by, league.day))
            for team, cards_given in ((offering, offered), (receiving, requested)):
                for card_id in cards_given:
                    await self._run(sql.INSERT_TRADE_CARD, (trade_id, card_id, team.id))
            return await self._trade(trade_id)

    async def _complete_trade(self, trade: Trade, by: int) -> Trade:
        offering, receiving = await self._team(trade.offering_team_id), await self._team(trade.receiving_team_id)
        league = await self._league(trade.league_id)
        pool = await self._league_pool(league)
        await self._check_trade(league, offering, receiving, trade.offered, trade.requested, pool)
        for team, other, cards in ((offering, receiving, trade.offered), (receiving, offering, trade.requested)):
            for card_id in cards:
                # Out of the old team's lineups and staff before he changes teams (the foreign keys insist).
                await self._run(sql.DELETE_LINEUP_SPOTS_OF, (team.id, card_id))
                await self._run(sql.DELETE_ROTATION_SLOT_OF, (team.id, card_id))
                await self._run(sql.DELETE_BULLPEN_ROLE, (team.id, card_id))
                await self._run(sql.UPDATE_ROSTER_TEAM, (other.id, league.day, league.id, card_id))
                await self._log_move(league, "trade", card_id, other.id, team.id, by, trade.id)
        await self._run(sql.UPDATE_TRADE_STATUS, ("completed", by, league.day, trade.id))
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

    async def execute_trade(self, trade_id: int, *, by: int) -> Trade:
        """A commissioner puts a pending trade through at once."""
        async with self.transaction():
            trade = await self._pending_trade(trade_id)
            if by not in (await self._league(trade.league_id)).commissioners:
                raise NotAllowed("only a commissioner can put a trade through without the other manager")
            return await self._complete_trade(trade, by)

    async def reject_trade(self, trade_id: int, *, by: int) -> Trade:
        """The receiving side or a commissioner turns it down; the offering side may withdraw it."""
        async with self.transaction():
            trade = await self._pending_trade(trade_id)
            offering, receiving = await self._team(trade.offering_team_id), await self._team(trade.receiving_team_id)
            league = await self._league(trade.league_id)
            if by in receiving.managers or by in league.commissioners:
                status = "rejected"
            elif by in offering.managers or by == trade.proposed_by:
                status = "withdrawn"
            else:
                raise NotAllowed(f"only the managers of {offering.name} or {receiving.name} can turn down this trade")
            await self._run(sql.UPDATE_TRADE_STATUS, (status, by, league.day, trade.id))
            return await self._trade(trade.id)

    # --- availability: injuries and rest -------------------------------------------------------

    async def _unavailable(self, league: League, pool: CardPool | None = None) -> dict[str, str]:
        """Players who cannot play today, with the reason in words ("injured (3 more days)")."""
        out: dict[str, str] = {}
        today = (league.id, league.season, league.day, league.day)
        back_on: dict[str, int] = {}
        for row in await self._all(sql.SELECT_RESTING, today):
            out[row["card_id"]] = f"resting (pitched on day {row['last_day']}; ready on day {row['back_on']})"
            back_on[row["card_id"]] = row["back_on"]
        # DDB "Using the Bench": a starter the Bench Usage Chart sat rests as if he had started that day.
        for row in await self._all(sql.SELECT_SKIPPED_RESTING, today):
            if row["back_on"] > back_on.get(row["card_id"], 0):
                out[row["card_id"]] = (
                    f"resting (his turn skipped on day {row['last_day']}; ready on day {row['back_on']})"
                )
        for row in await self._all(sql.SELECT_INJURED, (league.id,)):
            out[row["card_id"]] = f"injured ({_plural(row['days_left'], 'more day')})"
        return out

    async def unavailable(self, league_id: int) -> dict[str, str]:
        """Card id -> why he cannot play today, for every injured or resting player of the league."""
        async with self.transaction(write=False):
            return await self._unavailable(await self._league(league_id))

    async def injuries(self, league_id: int, *, current: bool = True) -> list[Injury]:
        """The league's injuries, newest first; only those with days still to miss when ``current``."""
        async with self.transaction(write=False):
            await self._league(league_id)
            rows = await self._all(sql.SELECT_INJURIES, (league_id, 1 if current else 0))
            return [Injury.from_row(r) for r in rows]

    async def pitcher_usage(self, league_id: int, card_id: str | None = None) -> list[PitcherUsage]:
        """Outings in final games of the current season, latest first; one pitcher's when ``card_id``."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            rows = await self._all(sql.SELECT_PITCHER_USAGE, (league_id, league.season, card_id, card_id))
            return [PitcherUsage.from_row(r) for r in rows]

    # --- lineups ------------------------------------------------------------------------

    async def _lineup(self, team_id: int, hand: Hand) -> Lineup | None:
        rows = await self._all(sql.SELECT_LINEUP, (team_id, hand))
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
            await self._run(sql.DELETE_LINEUP, (team_id, hand))
            for number, spot in enumerate(parsed, start=1):
                await self._run(sql.INSERT_LINEUP_SPOT, (team_id, hand, number, spot.position.value, spot.card_id))
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
        rows = await self._all(sql.SELECT_ROTATION, (team.id,))
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
            await self._run(sql.DELETE_ROTATION, (team_id,))
            for slot, card_id in enumerate(card_ids, start=1):
                await self._run(sql.INSERT_ROTATION_SLOT, (team_id, slot, card_id))
            await self._run(sql.UPDATE_TEAM_NEXT_SLOT, (1, team_id))
            return await self._rotation(await self._team(team_id))

    async def set_next_starter(self, team_id: int, card_id: str) -> Rotation:
        """Skip the rotation ahead (or back) to a starter who is ready today."""
        async with self.transaction():
            team = await self._team(team_id)
            league = await self._league(team.league_id)
            pool = await self._league_pool(league)
            slot = await self._value(sql.SELECT_ROTATION_SLOT_OF, (team_id, card_id))
            if slot is None:
                raise LineupError(f"{pool.name(card_id)} is not in the {team.name} rotation")
            reason = (await self._unavailable(league)).get(card_id)
            if reason is not None:
                raise PlayerUnavailable(f"{pool.name(card_id)} cannot start: he is {reason}")
            await self._run(sql.UPDATE_TEAM_NEXT_SLOT, (slot, team_id))
            return await self._rotation(await self._team(team_id))

    async def set_bullpen_role(self, team_id: int, card_id: str, role: str | None) -> list[BullpenRole]:
        """A reliever's role: long, middle, setup or closer; None clears it."""
        if role is not None and role not in BULLPEN_ROLES:
            raise LineupError(f"a bullpen role is one of {', '.join(BULLPEN_ROLES)}; not {role!r}")
        async with self.transaction():
            team = await self._team(team_id)
            pool = await self._league_pool(await self._league(team.league_id))
            await self._staff_member(team, card_id, pool)
            await self._run(sql.DELETE_BULLPEN_ROLE, (team_id, card_id))
            if role is not None:
                await self._run(sql.INSERT_BULLPEN_ROLE, (team_id, card_id, role))
            return await self._bullpen_roles(team_id)

    async def _bullpen_roles(self, team_id: int) -> list[BullpenRole]:
        rows = await self._all(sql.SELECT_BULLPEN_ROLES, (team_id,))
        return [BullpenRole(r["card_id"], cast(BullpenRoleName, r["role"])) for r in rows]

    async def bullpen_roles(self, team_id: int) -> list[BullpenRole]:
        async with self.transaction(write=False):
            await self._team(team_id)
            return await self._bullpen_roles(team_id)

    # --- games: scheduling ----------------------------------------------------------------

    async def _game(self, game_id: int) -> GameRecord:
        row = await self._one(sql.SELECT_GAME, (_check_id(game_id, "game"),))
        if row is None:
            raise NotFound(f"no game with id {game_id}")
        return await self._record(row)

    async def game(self, game_id: int) -> GameRecord:
        async with self.transaction(write=False):
            return await self._game(game_id)

    async def games(
        self, league_id: int, *, season: int | None = None, day: int | None = None, status: GameStatus | None = None
    ) -> list[GameRecord]:
        """The league's games of a season (default: the current one), by day; one day's or one status's if asked."""
        _check_choice(status, "a game's status", GameStatus)
        _check_day(day)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            rows = await self._all(sql.SELECT_GAMES, (league_id, _season_of(league, season), day, day, status, status))
            return [await self._record(r) for r in rows]

    async def game_summaries(
        self,
        league_id: int,
        *,
        season: int | None = None,
        day: int | None = None,
        status: GameStatus | None = None,
    ) -> list[GameSummary]:
        """The season's games (default: the current one) by day, without reading their setups, logs or box scores."""
        _check_choice(status, "a game's status", GameStatus)
        _check_day(day)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            where = (league_id, _season_of(league, season), day, day, status, status)
            rows = await self._all(sql.SELECT_GAME_SUMMARIES, where)
            return [GameSummary.from_row(r) for r in rows]

    async def scheduled_through(self, league_id: int, day: int) -> list[GameRecord]:
        """The current season's games still 'scheduled' on ``day`` or before (not live, final or postponed), by day."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            rows = await self._all(sql.SELECT_SCHEDULED_THROUGH, (league_id, league.season, day))
            return [await self._record(r) for r in rows]

    async def last_scheduled_day(self, league_id: int) -> int | None:
        """The last day of the current season with a game still 'scheduled'; None when none is."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            day = await self._value(sql.SELECT_LAST_SCHEDULED_DAY, (league_id, league.season))
            return None if day is None else int(day)

    async def live_games(self) -> list[GameRecord]:
        """Every game in progress in every league: the bot resumes these when it starts."""
        async with self.transaction(write=False):
            return [await self._record(r) for r in await self._all(sql.SELECT_LIVE_GAMES)]

    async def schedule_game(
        self, league_id: int, away_team_id: int, home_team_id: int, day: int | None = None
    ) -> GameRecord:
        """One game on a league day (default: today); refused (:class:`NotOnSchedule`) in a season that has a
        schedule, whose standings count only the schedule's games."""
        async with self.transaction():
            league = await self._league(league_id)
            away, home = await self._team(away_team_id), await self._team(home_team_id)
            for team in (away, home):
                if team.league_id != league_id:
                    raise NotFound(f"{team.name} is not in {league.name}")
            if away.id == home.id:
                raise GameError(f"{away.name} cannot play itself")
            await self._check_open(league, "regular")
            if await self._value(sql.SELECT_SEASON_SCHEDULE, (league.id, league.season)) is not None:
                raise NotOnSchedule(
                    f"season {league.season} of {league.name} has a schedule: its regular season plays the "
                    "schedule's games and no other"
                )
            when = league.day if day is None else day
            _check_day(when)
            return await self._game(
                await self._run(sql.INSERT_GAME, (league_id, league.season, when, away.id, home.id))
            )

    async def schedule_season(
        self,
        league_id: int,
        games_per_team: int,
        *,
        series_length: int = 3,
        seed: int = 0,
        first_day: int | None = None,
        off_days: int | None = None,
    ) -> list[GameRecord]:
        """The season's games (league.schedule), from ``first_day`` (default: today); teams in divisions and
        leagues (AL, NL) if set; ``off_days`` each team's days without a game (default: the schedule's). The
        two leagues meet or not as the league's card sets say (``CardPool.interleague``: a generated season
        before 1997 has none)."""
        _check_day(first_day)
        async with self.transaction():
            league = await self._league(league_id)
            interleague = (await self._league_pool(league)).interleague()
            if await self._value(sql.COUNT_SEASON_GAMES, (league_id, league.season)):
                raise GameError(f"season {league.season} of {league.name} already has games scheduled")
            teams = [await self._team(r["id"]) for r in await self._all(sql.SELECT_TEAMS, (league_id,))]
            by_key = {t.abbreviation: t for t in teams}
            divisions: dict[str, list[str]] = {}
            for team in teams:
                if team.division is not None:
                    divisions.setdefault(team.division, []).append(team.abbreviation)
            if divisions and any(t.division is None for t in teams):
                missing = ", ".join(t.name for t in teams if t.division is None)
                raise SettingsError(f"some teams have a division and some do not; give these one: {missing}")
            subleagues = {t.abbreviation: t.subleague for t in teams if t.subleague is not None}
            if subleagues and len(subleagues) < len(teams):
                missing = ", ".join(t.name for t in teams if t.subleague is None)
                raise SettingsError(f"some teams have a league (AL, NL) and some do not; give these one: {missing}")
            try:
                planned = await asyncio.to_thread(  # a big league's schedule takes a moment: not on the event loop
                    make_schedule,
                    list(by_key),
                    games_per_team,
                    series_length,
                    divisions or None,
                    seed,
                    subleagues=subleagues or None,
                    off_days=off_days,
                    interleague=interleague,
                )
            except ScheduleError as exc:
                raise SettingsError(str(exc)) from exc
            start = league.day if first_day is None else first_day
            ids = [
                await self._run(
                    sql.INSERT_GAME,
                    (league_id, league.season, start + g.day - 1, by_key[g.away].id, by_key[g.home].id),
                )
                for g in planned
            ]
            await self._run(sql.INSERT_SEASON_SCHEDULE, (league_id, league.season, len(ids)))
            return [await self._game(i) for i in ids]

    async def postpone_game(self, game_id: int) -> GameRecord:
        async with self.transaction():
            game = await self._game(game_id)
            if game.status != "scheduled":
                raise GameError(f"game {game_id} is {game.status}; only a scheduled game can be postponed")
            await self._run(sql.UPDATE_GAME_STATUS, ("postponed", game_id))
            return await self._game(game_id)

    async def reschedule_game(self, game_id: int, day: int) -> GameRecord:
        """A scheduled or postponed game moved to another league day."""
        _check_day(day)
        async with self.transaction():
            game = await self._game(game_id)
            if game.status not in ("scheduled", "postponed"):
                raise GameError(f"game {game_id} is {game.status}; it cannot be moved")
            await self._run(sql.UPDATE_GAME_DAY, (day, game_id))
            return await self._game(game_id)

    # --- games: setup ---------------------------------------------------------------------

    async def _club(self, team: Team) -> Club:
        """The team's plans as a game's setup reads them (league.setups)."""
        hands: tuple[Hand, ...] = ("L", "R")
        lineups = {hand: lineup for hand in hands if (lineup := await self._lineup(team.id, hand)) is not None}
        roles = {r.card_id: r.role for r in await self._bullpen_roles(team.id)}
        return Club(team, await self._roster(team.id), await self._rotation(team), roles, lineups)

    async def _pace(self, team: Team, season: int) -> Pace | None:
        """The team's real usage and its starts so far this season; None for a team without targets."""
        rows = await self._all(sql.SELECT_TEAM_USAGE, (team.id,))
        if not rows:
            return None
        rows_started = await self._all(sql.SELECT_TEAM_STARTS, (team.id, season, team.id, season))
        started = {row["card_id"]: row["starts"] for row in rows_started}
        played = await self._value(sql.SELECT_TEAM_GAMES_STARTED, (team.id, season))
        return Pace(rows[0]["games"], {r["card_id"]: r["starts"] for r in rows}, int(played or 0), started)

    async def _build_setup(
        self,
        league: League,
        game: GameRecord,
        replacements: list[Replacement] | None = None,
        told: list[Replacement] | None = None,
    ) -> GameSetup:
        """The game's setup (league.setups.game_setup) from the teams as they stand today."""
        pool = await self._league_pool(league)
        away, home = await self._team(game.away_team_id), await self._team(game.home_team_id)
        unavailable = await self._unavailable(league)
        # The auto-manager (replacements wanted) follows real usage in the regular season.
        follow = replacements is not None and game.phase == "regular"
        paces = (await self._pace(away, game.season), await self._pace(home, game.season)) if follow else (None, None)
        clubs = await self._club(away), await self._club(home)
        return setups.game_setup(league, game, pool, *clubs, unavailable, paces, replacements, told)

    async def build_game_setup(self, game_id: int, told: list[Replacement] | None = None) -> GameSetup:
        """The game as the teams stand today: lineups vs the other starter's hand, next starters, bullpens, park.

        Deep Drive's Bench Usage Chart (a league rule) may sit a starter: his replacement is noted in
        ``told`` (a list to fill), for the front end to tell the managers before the first pitch.
        """
        async with self.transaction(write=False):
            game = await self._game(game_id)
            if game.status not in ("scheduled", "postponed"):
                raise GameError(f"game {game_id} is {game.status}; its setup is already fixed")
            return await self._build_setup(await self._league(game.league_id), game, told=told)

    async def playable_setup(self, game_id: int) -> tuple[GameSetup, list[Replacement]]:
        """The game's setup as :meth:`build_game_setup` makes it, never stopped by who cannot play today.

        A saved lineup's hurt, resting or departed player is replaced by the bench player
        the auto-manager would send in for a man hurt in a game (the best range at his
        position, else the best hitter: ``engine.inside_pitch.manager.best_at``); a rotation
        with no starter ready gets a spot starter from the bullpen. Nothing is saved: the
        replacements come back for the front end to tell the manager.
        """
        async with self.transaction(write=False):
            game = await self._game(game_id)
            if game.status not in ("scheduled", "postponed"):
                raise GameError(f"game {game_id} is {game.status}; its setup is already fixed")
            replacements: list[Replacement] = []
            setup = await self._build_setup(await self._league(game.league_id), game, replacements)
            return setup, replacements

    async def _check_setup_players(self, league: League, setup: GameSetup) -> None:
        """A setup made elsewhere: nobody who may enter the game (lineup, starter, bench, bullpen) is
        injured or resting, so a tired reliever can never come in (issue 13: every pitcher who enters
        is rested). league.setups.team_setup leaves them out of the setups it makes."""
        unavailable = await self._unavailable(league)
        for team in (setup.away, setup.home):
            players = [
                team.pitcher,
                *(s.batter for s in team.lineup if s.position is not Position.P),
                *team.bench,
                *team.bullpen,
            ]
            for card in players:
                if card.id in unavailable:
                    raise PlayerUnavailable(f"{team.name}: {card.name} is {unavailable[card.id]}; he cannot play")

    async def _check_start(self, league: League, game: GameRecord, override: bool) -> None:
        """Refuse a start that may not happen now: a game already started or over, a game of a closed
        season (:meth:`_check_open`), a game whose day is still to come or a postponed game whose day is
        not today (unless ``override``: a commissioner's call), or a team already playing a live game.

        A scheduled game whose day has passed is a make-up game: its teams were busy in a live game
        when the league's day was played (league.autoplay leaves them scheduled), and it is played
        when they are free, by its managers or by the next day's auto-play."""
        if game.status == "live":
            raise GameError(f"game {game.id} is live; it has already started")
        if game.status not in ("scheduled", "postponed"):
            raise GameError(f"game {game.id} is {game.status}; it cannot start again")
        await self._check_open(league, game.phase)
        if not override and (game.day > league.day or (game.status == "postponed" and game.day != league.day)):
            raise GameError(
                f"game {game.id} is on day {game.day} and today is day {league.day}; a game starts on its day "
                "(a commissioner may start it anyway, or move it)"
            )
        teams = (game.away_team_id, game.home_team_id)
        row = await self._one(sql.SELECT_TEAMS_LIVE_GAME, (game.id, *teams, *teams))
        if row is not None:
            live = await self._record(row)
            busy = await self._team(next(t for t in teams if t in (live.away_team_id, live.home_team_id)))
            away, home = await self._team(live.away_team_id), await self._team(live.home_team_id)
            raise GameError(
                f"{busy.name} is playing game {live.id} ({away.name} at {home.name}, day {live.day}) now; "
                "a team plays one game at a time"
            )

    async def check_start(self, game_id: int, *, override: bool = False) -> GameRecord:
        """The game, if it may start now (as :meth:`start_game` would check); else the refusal.

        Writes nothing: a front end asks first so that a refusal comes before it opens anything.
        """
        async with self.transaction(write=False):
            game = await self._game(game_id)
            await self._check_start(await self._league(game.league_id), game, override)
            return game

    # --- games: playing -------------------------------------------------------------------

    async def start_game(
        self,
        game_id: int,
        *,
        setup: GameSetup | None = None,
        seed: int | None = None,
        managed: Iterable[str] = (),
        asking: Mapping[str, str] | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        override: bool = False,
        told: Sequence[Replacement] = (),
    ) -> GameRecord:
        """The game goes live with a setup (default: ``build_game_setup``) and a seed (default: a random one).

        ``told`` are the notes that came with the setup (``build_game_setup``'s, ``playable_setup``'s):
        a starter the Bench Usage Chart sat (``Replacement.rest``) has his turn skipped and rests from
        today as after a start (DDB "Using the Bench"), kept in ``skipped_start``. Without a setup
        the notes of the one built here are used.

        ``managed`` sides are asked every question unless ``asking`` gives a side's level
        ("every", "matters" or "never": engine.game.Game.asking).

        Only on its day (league.day) unless ``override`` (the caller checks that a commissioner
        asked), and only if neither team is playing a live game; every player who may enter
        is healthy and rested (:meth:`_check_setup_players`). An empty bullpen is allowed: the
        starter then pitches on, as the engine's manager does when nobody is left.
        """
        async with self.transaction():
            game = await self._game(game_id)
            league = await self._league(game.league_id)
            await self._check_start(league, game, override)
            if setup is None:
                built: list[Replacement] = []
                setup = await self._build_setup(league, game, told=built)
                told = built
            else:
                try:
                    setup.validate()
                except SetupError as exc:
                    raise LineupError(str(exc)) from exc
                await self._check_setup_players(league, setup)
            if setup.ruleset != league.ruleset:
                raise GameError(f"the league plays {league.ruleset}; that setup is for {setup.ruleset}")
            sides = sorted(set(managed))
            if any(side not in ("away", "home") for side in sides):
                raise GameError(f"the sides a person manages are 'away' and 'home', not {sides}")
            levels = dict(asking or {})
            for side, level in levels.items():
                if side not in ("away", "home") or level not in ASKING_LEVELS:
                    raise GameError(f"asking is a side ('away', 'home') and one of {', '.join(ASKING_LEVELS)}")
            snapshot_id, cards = await self._snapshot_for(league)
            await self._run(
                sql.START_GAME,
                (
                    league.day,
                    setup.ruleset,
                    _dumps(compact.pack_setup(setup.to_dict(), cards)),
                    secrets.randbits(62) if seed is None else seed,
                    _dumps(sides),
                    _dumps(levels),
                    channel_id,
                    thread_id,
                    game_id,
                ),
            )
            await self._run(sql.UPDATE_GAME_SNAPSHOT, (snapshot_id, game_id))
            await self._skip_turns(league, game, told)
            return await self._game(game_id)

    async def _skip_turns(self, league: League, game: GameRecord, told: Sequence[Replacement]) -> None:
        """DDB "Using the Bench": each starter the Bench Usage Chart sat rests his Usage box's games
        from today (the day the game starts), as a start's rest is counted (:meth:`_unavailable`)."""
        by_name = {}
        for team_id in (game.away_team_id, game.home_team_id):
            by_name[(await self._team(team_id)).name] = team_id
        for note in told:
            if note.rest > 0 and note.out is not None and note.team in by_name:
                where = (game.id, league.id, note.out, by_name[note.team], league.season, league.day)
                await self._run(sql.INSERT_SKIPPED_START, (*where, note.rest))

    async def manager_asking(self, league_id: int, user_id: int) -> str:
        """How often a manager is asked in the league's games: his own default, else "matters"."""
        async with self.transaction(write=False):
            await self._league(league_id)
            level = await self._value(sql.SELECT_MANAGER_ASKING, (league_id, user_id))
        return str(level) if level is not None else PERSON_DEFAULT

    async def set_manager_asking(self, league_id: int, user_id: int, level: str) -> None:
        """A manager's default for how often he is asked in the league's games."""
        if level not in ASKING_LEVELS:
            raise SettingsError(f"how often you are asked is one of {', '.join(ASKING_LEVELS)}, not {level!r}")
        _check_user(user_id, "user id")
        async with self.transaction():
            await self._league(league_id)
            await self._run(sql.UPSERT_MANAGER_ASKING, (league_id, user_id, level))

    async def manager_pings(self, league_id: int, user_id: int) -> bool:
        """Whether a manager is mentioned when a question waits for him (on unless he turned it off)."""
        async with self.transaction(write=False):
            await self._league(league_id)
            pings = await self._value(sql.SELECT_MANAGER_PINGS, (league_id, user_id))
        return pings is None or bool(pings)

    async def set_manager_pings(self, league_id: int, user_id: int, pings: bool) -> None:
        _check_user(user_id, "user id")
        async with self.transaction():
            await self._league(league_id)
            await self._run(sql.UPSERT_MANAGER_PINGS, (league_id, user_id, PERSON_DEFAULT, int(pings)))

    async def unposted_finals(self) -> list[GameRecord]:
        """Finished games whose thread has not shown the end yet: the bot died right after the last out."""
        async with self.transaction(write=False):
            return [await self._record(r) for r in await self._all(sql.SELECT_UNPOSTED_FINALS)]

    async def games_to_resume(self) -> list[GameRecord]:
        """What the bot picks up when it starts: every live game, then every final game whose end is unposted."""
        async with self.transaction(write=False):
            rows = [*await self._all(sql.SELECT_LIVE_GAMES), *await self._all(sql.SELECT_UNPOSTED_FINALS)]
            return [await self._record(r) for r in rows]

    async def record_final_posted(self, game_id: int) -> None:
        """The thread has shown the game's box score and standings line."""
        async with self.transaction():
            await self._game(game_id)
            await self._run(sql.UPDATE_FINAL_POSTED, (game_id,))

    async def set_game_channel(self, game_id: int, channel_id: int | None, thread_id: int | None = None) -> GameRecord:
        """The channel (and thread) a game is played in."""
        async with self.transaction():
            await self._game(game_id)
            await self._run(sql.UPDATE_GAME_CHANNEL, (channel_id, thread_id, game_id))
            return await self._game(game_id)

    async def record_posted(self, game_id: int, posted: int, scoreboard_id: int | None = None) -> GameRecord:
        """How many of a live game's events its Discord thread has shown (and the scoreboard message)."""
        if posted < 0:
            raise GameError("posted counts events; it cannot be negative")
        async with self.transaction():
            await self._game(game_id)
            await self._run(sql.UPDATE_GAME_POSTED, (posted, scoreboard_id, game_id))
            return await self._game(game_id)

    async def record_prompt(self, game_id: int, message_id: int | None) -> GameRecord:
        """The Discord message that asks a live game's manager now (None: nothing is asked)."""
        async with self.transaction():
            await self._game(game_id)
            await self._run(sql.UPDATE_GAME_PROMPT, (message_id, game_id))
            return await self._game(game_id)

    async def set_paused(self, game_id: int, paused: bool) -> GameRecord:
        """Stop or restart play of a live game; a paused game waits, even across restarts."""
        async with self.transaction():
            game = await self._game(game_id)
            if game.status != "live":
                raise GameError(f"game {game_id} is {game.status}; only a live game can be paused or resumed")
            if game.paused == paused:
                raise GameError(f"game {game_id} is already {'paused' if paused else 'being played'}")
            await self._run(sql.UPDATE_GAME_PAUSED, (int(paused), game_id))
            return await self._game(game_id)

    async def forfeit_game(self, game_id: int, side: str) -> GameRecord:
        """``side`` forfeits a scheduled, postponed or live game: final, 9-0 to the other side.

        A forfeit counts in the standings only: it has no box score, so it adds nothing
        to players' stats and no rest to pitchers.
        """
        if side not in ("away", "home"):
            raise GameError(f"the side that forfeits is 'away' or 'home', not {side!r}")
        async with self.transaction():
            game = await self._game(game_id)
            if game.status == "final":
                raise GameError(f"game {game_id} is already final")
            away_runs, home_runs = (0, 9) if side == "away" else (9, 0)
            line = _dumps({"forfeit": side})
            await self._run(sql.FORFEIT_GAME, (side, away_runs, home_runs, line, game_id))
            await self._advance_series(game_id)  # a playoff game: the series goes on
            return await self._game(game_id)

    def _same_game(self, game: GameRecord, data: Mapping[str, Any]) -> Game:
        """The engine game rebuilt from ``data``, refused unless it is this game (same setup and seed)."""
        if data.get("seed") != game.seed or json.loads(_dumps(data.get("setup"))) != game.setup:
            raise GameError(f"that is not game {game.id}: its setup or seed differs from the one stored")
        try:
            return Game.from_dict(dict(data))
        except (ReplayMismatch, SetupError, ValueError, KeyError, TypeError) as exc:
            raise GameError(f"game {game.id} does not replay: {exc}") from exc

    async def save_progress(self, game_id: int, game_dict: Mapping[str, Any]) -> GameRecord:
        """A live game's decision log (and who manages each side), saved after every answer."""
        async with self.transaction():
            game = await self._game(game_id)
            if game.status != "live":
                raise GameError(f"game {game_id} is {game.status}, not live")
            replay = self._same_game(game, game_dict)
            await self._run(sql.UPDATE_GAME_LOG, (_dumps(replay.log_to_json()), *_asking(replay), game_id))
            return await self._game(game_id)

    async def save_decisions(self, game_id: int, game: Game) -> GameRecord:
        """A live game's decisions as the engine in hand has them: the bot's path after every answer.

        Cheaper than :meth:`save_progress`, which rebuilds the game from JSON: this game was
        loaded from the record and replayed by the engine, so it is checked by its seed and
        by the stored log agreeing with its log, but for auto-manager answers that nobody
        had seen yet and the engine took back (``Game.take_back``: a manager called time).
        """
        log = game.log_to_json()
        async with self.transaction():
            record = await self._game(game_id)
            if record.status != "live":
                raise GameError(f"game {game_id} is {record.status}, not live")
            same = 0
            for stored, now in zip(record.log, log, strict=False):
                if stored != now:
                    break
                same += 1
            if game.seed != record.seed or any(d.get("by") != "auto" for d in record.log[same:]):
                raise GameError(f"that is not game {game_id} going on: its seed or earlier decisions differ")
            await self._run(sql.UPDATE_GAME_LOG, (_dumps(log), *_asking(game), game_id))
            return await self._game(game_id)

    async def load_game(self, game_id: int) -> Game:
        """A live or final game replayed from its setup, seed and log."""
        record = await self.game(game_id)
        if record.status not in ("live", "final"):
            raise GameError(f"game {game_id} is {record.status}; it has not been played")
        return Game.from_dict(record.game_dict())

    async def _hook(self, stage: str) -> None:
        if self.finish_hook is not None:
            await self.finish_hook(stage)

    async def finish_game(self, game_id: int, game_dict: Mapping[str, Any] | Game) -> GameRecord:
        """A finished game, all at once: final status, log, line and box score, pitchers' rest, injuries.

        The line and box scores are derived from the replay of ``game_dict`` (``Game.to_dict()``),
        or from the engine game in hand (:meth:`play_auto_game`: no replay), checked by its seed.
        """
        async with self.transaction():
            record = await self._game(game_id)
            if record.status != "live":
                raise GameError(f"game {game_id} is {record.status}; only a live game can finish")
            game = self._game_in_hand(record, game_dict)
            if not game.over:
                raise GameError(f"game {game_id} is not over yet; it can only be finished after the last out")
            league = await self._league(record.league_id)
            day = record.played_day if record.played_day is not None else league.day
            box = box_score(game)
            line = box.line
            box_dict = box.to_dict()
            await self._run(
                sql.FINISH_GAME_PACKED,
                (
                    *_asking(game)[:2],
                    line.away.r,
                    line.home.r,
                    _dumps(line.to_dict()),
                    compact.pack(game.log_to_json()),
                    compact.pack(box_dict),
                    line.innings,
                    game_id,
                ),
            )
            await self._hook("game")
            team_ids = {"away": record.away_team_id, "home": record.home_team_id}
            await seasontables.add_box(
                self._conn,
                league_id=league.id,
                season=record.season,
                phase=record.phase,
                day=day,
                game_id=game_id,
                team_ids=team_ids,
                box=box_dict,
            )
            await self._hook("season")
            policy = ruleset_named(game.setup.ruleset).policy
            depth_arms = rest.depth_arms(game.setup)
            for side in ("away", "home"):
                team = await self._team(team_ids[side])
                starter = game.setup.away.pitcher if side == "away" else game.setup.home.pitcher
                for pitching in box.team(side).pitching:
                    started = pitching.player == starter.id
                    in_a_row = await self._relief_days_in_a_row(league, record.season, pitching.player, day)
                    days = rest.pitcher_rest(
                        league.rules,
                        policy,
                        starter,
                        started=started,
                        outs=pitching.outs,
                        in_a_row=in_a_row,
                        events=game.events,
                        depth_arm=pitching.player in depth_arms,
                    )
                    usage = (pitching.player, team.id, record.season, day, int(started), pitching.outs, pitching.bf)
                    await self._run(sql.INSERT_PITCHER_USAGE, (game_id, league.id, *usage, days))
                slot = await self._value(sql.SELECT_ROTATION_SLOT_OF, (team.id, starter.id))
                if slot is not None:
                    await self._run(sql.UPDATE_TEAM_NEXT_SLOT, (slot + 1, team.id))
            await self._hook("pitchers")
            for event in game.events:
                if isinstance(event, InjuryEvent) and event.leaves_game:
                    side = "away" if event.player in _player_ids(game.setup.away) else "home"
                    where = (league.id, event.player, team_ids[side], game_id, record.season, day)
                    await self._run(sql.INSERT_INJURY, (*where, event.kind, event.days, event.days))
            for injury in rest.post_game_injuries(league.rules, policy, game):  # DDB "Post-Game Injuries"
                where = (league.id, injury.player, team_ids[injury.side], record.id, record.season, day)
                await self._run(sql.INSERT_INJURY, (*where, "training room", injury.days, injury.days))
            await self._hook("injuries")
            await self._advance_series(game_id)  # a playoff game: the series goes on
            return await self._game(game_id)

    def _game_in_hand(self, record: GameRecord, game: Mapping[str, Any] | Game) -> Game:
        if not isinstance(game, Game):
            return self._same_game(record, game)
        if game.seed != record.seed:
            raise GameError(f"that is not game {record.id}: its seed differs from the one stored")
        return game

    async def play_auto_game(
        self, game_id: int, game: Game, *, override: bool = True, told: Sequence[Replacement] = ()
    ) -> GameRecord:
        """A game nobody manages, started with ``game``'s setup and seed and finished with its result in ONE
        transaction: a kill leaves it scheduled (nothing written) or final (all written), never live.

        ``game`` is ``Game(setup, seed)`` played to the end (league.autoplay plays them); the usual
        start checks apply (a team with a live game is refused), with ``override`` for a game left
        over from an earlier day; ``told``, the setup's notes (``playable_setup``), as for :meth:`start_game`.
        """
        async with self.transaction():
            await self.start_game(game_id, setup=game.setup, seed=game.seed, override=override, told=told)
            return await self.finish_game(game_id, game)

    async def _relief_days_in_a_row(self, league: League, season: int, card_id: str, day: int) -> int:
        window = league.rules.relief_days_in_a_row
        rows = await self._all(sql.SELECT_DAYS_PITCHED, (league.id, card_id, season, day - window, day - 1))
        return days_in_a_row((r["day"] for r in rows), day)

    # --- playoffs (league.playoffs) ---------------------------------------------------------

    async def _playoff_format(self, league_id: int) -> PlayoffFormat:
        text = await self._value(sql.SELECT_PLAYOFF_FORMAT, (league_id,))
        if text is not None:
            return PlayoffFormat.from_dict(json.loads(text))
        teams = [await self._team(r["id"]) for r in await self._all(sql.SELECT_TEAMS, (league_id,))]
        two = len({t.subleague for t in teams if t.subleague is not None}) == 2
        return playoff_preset("mlb" if two else "top4")

    async def playoff_format(self, league_id: int) -> PlayoffFormat:
        """The format the league's next playoffs are played with: the one chosen, else mlb with two
        leagues (AL, NL), else top4."""
        async with self.transaction(write=False):
            await self._league(league_id)
            return await self._playoff_format(league_id)

    async def set_playoff_format(self, league_id: int, fmt: PlayoffFormat) -> PlayoffFormat:
        """Choose the format; playoffs already started keep the one they started with."""
        async with self.transaction():
            await self._league(league_id)
            await self._run(sql.UPSERT_PLAYOFF_FORMAT, (league_id, _dumps(fmt.to_dict())))
            return await self._playoff_format(league_id)

    async def _playoffs(self, league_id: int, season: int) -> Playoffs | None:
        row = await self._one(sql.SELECT_PLAYOFFS, (league_id, season))
        if row is None:
            return None
        seeds = tuple(PlayoffSeed.from_row(r) for r in await self._all(sql.SELECT_PLAYOFF_SEEDS, (league_id, season)))
        series = await self._all(sql.SELECT_PLAYOFF_SERIES_ALL, (league_id, season))
        return Playoffs(
            league_id=league_id,
            season=season,
            format=PlayoffFormat.from_dict(json.loads(row["format"])),
            started_day=row["started_day"],
            champion_team_id=row["champion_team_id"],
            seeds=seeds,
            series=tuple(PlayoffSeries.from_row(r) for r in series),
        )

    async def playoffs(self, league_id: int, season: int | None = None) -> Playoffs | None:
        """The season's playoffs (default: the current season's); None before they start."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            return await self._playoffs(league_id, _season_of(league, season))

    async def series_of(self, game_id: int) -> PlayoffSeries | None:
        """The playoff series a game belongs to (None for a regular-season game)."""
        async with self.transaction(write=False):
            row = await self._one(sql.SELECT_GAME_SERIES, (_check_id(game_id, "game"),))
            if row is None:
                raise NotFound(f"no game with id {game_id}")
            return None if row["series_id"] is None else await self._series(row["series_id"])

    async def series_games(self, series_id: int) -> list[GameRecord]:
        """A series' games so far, in order (only the games it needed are ever made)."""
        async with self.transaction(write=False):
            await self._series(series_id)  # an unknown series is named, not answered with no games
            return [await self._record(r) for r in await self._all(sql.SELECT_SERIES_GAMES, (series_id,))]

    async def start_playoffs(self, league_id: int) -> Playoffs:
        """Seed the playoffs from the regular-season standings and schedule each first-round series' first game.

        Only once every regular-season game is final. The first games are on the day after the
        season's last (or today, if that is later); each later game is made when the one before
        it ends (:meth:`_advance_series`, inside :meth:`finish_game`'s transaction).
        """
        async with self.transaction():
            league = await self._league(league_id)
            started = await self._playoffs(league_id, league.season)
            if started is not None:
                raise GameError(
                    f"the season {league.season} playoffs of {league.name} began on day {started.started_day}; "
                    "see the bracket for where they stand"
                )
            waiting = await self._all(sql.SELECT_UNFINISHED_REGULAR, (league_id, league.season))
            if waiting:
                first = await self._record(waiting[0])
                raise GameError(
                    f"{_plural(len(waiting), 'regular-season game')} of season {league.season} "
                    f"{'is' if len(waiting) == 1 else 'are'} not final (the first: game {first.id}, day {first.day}); "
                    "play, forfeit or finish them before the playoffs start"
                )
            last_day = await self._value(sql.SELECT_LAST_REGULAR_DAY, (league_id, league.season))
            if last_day is None:
                raise GameError(f"season {league.season} has no games yet; schedule and play the season first")
            fmt = await self._playoff_format(league_id)
            teams = [await self._team(r["id"]) for r in await self._all(sql.SELECT_TEAMS, (league_id,))]
            table = await self.standings(league_id)
            by_key = {t.abbreviation: t for t in teams}
            # Each league's own order: its division winners as the division tables break their ties, then
            # the wild-card race; ranks in the whole league's table give home field between two leagues.
            order: list[str] = []
            for standing in await self.league_standings(league_id):
                if fmt.division_winners:
                    order += [r.team for r in standing.division_winners] + [w.team for w in standing.wild_card]
                else:
                    order += [r.team for r in standing.table]
            seeds = seed_teams(
                fmt,
                order,
                {t.abbreviation: t.division for t in teams},
                {t.abbreviation: t.subleague for t in teams},
                ranks={row.team: i for i, row in enumerate(table["overall"], start=1)},
            )
            day = max(league.day, int(last_day) + 1)
            await self._run(sql.INSERT_PLAYOFFS, (league_id, league.season, _dumps(fmt.to_dict()), day))
            for s in seeds:
                await self._run(
                    sql.INSERT_PLAYOFF_SEED,
                    (league_id, league.season, by_key[s.team].id, s.bracket, s.seed, s.how, s.rank),
                )
            await self._make_round(league, 1, {}, day)
            playoffs = await self._playoffs(league_id, league.season)
            assert playoffs is not None
            return playoffs

    async def _make_round(self, league: League, number: int, winners: Mapping[tuple[str, int], int], day: int) -> None:
        """A round's series, each with its first game on ``day``."""
        playoffs = await self._playoffs(league.id, league.season)
        assert playoffs is not None
        seeds = [PlayoffSeedKey(str(s.team_id), s.bracket, s.seed, cast(Any, s.how), s.rank) for s in playoffs.seeds]
        keyed = {where: str(team_id) for where, team_id in winners.items()}
        for m in pairings(playoffs.format, seeds, number, keyed):
            series_id = await self._run(
                sql.INSERT_PLAYOFF_SERIES,
                (league.id, league.season, m.round, m.bracket, m.slot, int(m.high), int(m.low), m.best_of, m.home),
            )
            await self._schedule_series_game(league, series_id, day)

    async def _series(self, series_id: int) -> PlayoffSeries:
        row = await self._one(sql.SELECT_PLAYOFF_SERIES, (_check_id(series_id, "playoff series"),))
        if row is None:
            raise NotFound(f"no playoff series with id {series_id}")
        return PlayoffSeries.from_row(row)

    async def _schedule_series_game(self, league: League, series_id: int, day: int) -> None:
        series = await self._series(series_id)
        high_home = series.home[series.games_played] == "H"
        home, away = (
            (series.high_team_id, series.low_team_id) if high_home else (series.low_team_id, series.high_team_id)
        )
        await self._run(sql.INSERT_PLAYOFF_GAME, (league.id, league.season, day, away, home, series_id))

    async def _advance_series(self, game_id: int) -> None:
        """After a playoff game is final: the series' next game tomorrow, or its winner; a round won
        makes the next round's series; the last series' winner is the champion."""
        series_id = await self._value(sql.SELECT_GAME_SERIES, (game_id,))
        if series_id is None:
            return
        record = await self._game(game_id)
        league = await self._league(record.league_id)
        series = await self._series(series_id)
        if series.winner_team_id is not None or await self._value(sql.COUNT_SERIES_OPEN_GAMES, (series_id,)):
            return
        # The day after the game's (a forfeit before its day counts on its day), and never before today.
        day = max(max(record.day, record.played_day or 0) + 1, league.day)
        needed = series.best_of // 2 + 1
        if max(series.high_wins, series.low_wins) < needed:
            await self._schedule_series_game(league, series_id, day)
            return
        winner = series.high_team_id if series.high_wins >= needed else series.low_team_id
        await self._run(sql.UPDATE_SERIES_WINNER, (winner, series_id))
        playoffs = await self._playoffs(league.id, record.season)
        assert playoffs is not None
        this_round = [s for s in playoffs.series if s.round == series.round]
        if any(s.winner_team_id is None for s in this_round):
            return
        if series.round == len(playoffs.format.rounds):
            await self._run(sql.UPDATE_PLAYOFF_CHAMPION, (winner, league.id, record.season))
            return
        winners = {(s.bracket, s.slot): cast(int, s.winner_team_id) for s in this_round}
        await self._make_round(league, series.round + 1, winners, day)

    # --- standings and stats --------------------------------------------------------------

    async def _teams_of(self, league_id: int) -> list[Team]:
        """The league's teams in two queries (reports read them often)."""
        co: dict[int, list[int]] = {}
        for r in await self._all(sql.SELECT_LEAGUE_CO_MANAGERS, (league_id,)):
            co.setdefault(r["team_id"], []).append(r["user_id"])
        return [Team.from_row(r, tuple(co.get(r["id"], ()))) for r in await self._all(sql.SELECT_TEAMS, (league_id,))]

    async def _final_rows(self, league_id: int, season: int, phase: str) -> list[Row]:
        """(id, day, away_team_id, home_team_id, away_runs, home_runs, innings, forfeited_by) of the final games."""
        return await self._all(sql.SELECT_STANDINGS_GAMES, (league_id, season, phase))

    async def league_standings(
        self, league_id: int, season: int | None = None, *, wild_cards: int = WILD_CARDS, phase: str = "regular"
    ) -> list[LeagueStandings]:
        """Each league's (AL, NL; or the one) standings, division winners and ``wild_cards`` wild cards."""
        _check_phase(phase)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            year = _season_of(league, season)
            teams = await self._teams_of(league_id)
            finals = await self._final_rows(league_id, year, phase)
        return leagues(
            *_standings_input(league, year, teams, finals)[:4], wild_cards=wild_cards, draw=_draw(league, year)
        )

    async def standings(
        self, league_id: int, season: int | None = None, *, phase: str = "regular"
    ) -> dict[str, list[StandingsRow]]:
        """The standings (league.standings): "overall" and each division; teams by abbreviation.

        Read from the final games' scores alone (no game's JSON is parsed).
        """
        _check_phase(phase)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            year = _season_of(league, season)
            teams = await self._teams_of(league_id)
            finals = await self._final_rows(league_id, year, phase)
        return _standings_of(league, year, teams, finals)

    async def box_scores(
        self, league_id: int, season: int | None = None, *, phase: str = "regular"
    ) -> list[tuple[str, str, dict[str, Any]]]:
        """(away, home, box score) of every final game of the season in the order played; teams by abbreviation.

        This reads every game's box score: reports use the season tables (:meth:`season_stats`).
        """
        _check_phase(phase)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            key = {t.id: t.abbreviation for t in await self._teams_of(league_id)}
            rows = await self._all(sql.SELECT_FINAL_BOXES, (league_id, _season_of(league, season), phase))
        # Forfeits count in the standings, not in players' stats.
        return [
            (key[r["away_team_id"]], key[r["home_team_id"]], seasontables.stored_box(r))
            for r in rows
            if r["forfeited_by"] is None
        ]

    async def _season_stats(self, league: League, season: int, phase: str) -> tuple[SeasonStats, dict[int, Team]]:
        teams = {t.id: t for t in await self._teams_of(league.id)}
        where = (league.id, season, phase)
        team_games = {r["team_id"]: r["games"] for r in await self._all(sql.SELECT_TEAM_BOX_GAMES, where * 2)}
        stats = seasontables.season_stats_from_rows(
            await self._all(sql.SELECT_SEASON_BATTING, where),
            await self._all(sql.SELECT_SEASON_PITCHING, where),
            await self._all(sql.SELECT_SEASON_FIELDING, where),
            {team_id: team.abbreviation for team_id, team in teams.items()},
            team_games,
        )
        return stats, teams

    async def season_stats(self, league_id: int, season: int | None = None, *, phase: str = "regular") -> SeasonStats:
        """Season batting, pitching and fielding (league.stats), from the season tables kept as games finish."""
        _check_phase(phase)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            stats, _ = await self._season_stats(league, _season_of(league, season), phase)
            return stats

    async def leaders(
        self, league_id: int, stat: str, *, season: int | None = None, limit: int = 10, phase: str = "regular"
    ) -> list[tuple[str, float | int]]:
        """The season's leaders in one stat (league.stats.LEADER_STATS): (card id, value), best first."""
        _check_limit(limit)
        totals = await self.season_stats(league_id, season, phase=phase)
        return leaders(totals, stat, totals.team_games, limit)

    async def leader_board(
        self,
        league_id: int,
        stats: Sequence[str],
        *,
        season: int | None = None,
        limit: int = 5,
        phase: str = "regular",
    ) -> tuple[SeasonStats, dict[str, list[tuple[str, float | int]]]]:
        """The leaders in several stats at once (the season's totals read once), and those totals."""
        _check_limit(limit)
        totals = await self.season_stats(league_id, season, phase=phase)
        return totals, {stat: leaders(totals, stat, totals.team_games, limit) for stat in stats}

    async def player_page(self, league_id: int, card_id: str, season: int | None = None) -> PlayerPage:
        """A player's seasons (every season's, or one's): a line per team per phase, from the season tables."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            if season is not None:
                _season_of(league, season)
            pool = await self._league_pool(league)
            teams = {t.id: t for t in await self._teams_of(league_id)}
            where = (league_id, card_id, season, season)
            rows = {
                "batting": await self._all(sql.SELECT_PLAYER_BATTING, where),
                "pitching": await self._all(sql.SELECT_PLAYER_PITCHING, where),
                "fielding": await self._all(sql.SELECT_PLAYER_FIELDING, where),
            }
            entry = await self._one(sql.SELECT_ROSTER_ENTRY, (league_id, card_id))
            on = None if entry is None else entry["team_id"]
            if entry is None and not any(rows.values()):
                pool.card(card_id)  # CardError for a card the league never had: not an empty page
        lines: dict[tuple[int, str, int], dict[str, Any]] = {}
        order: dict[tuple[int, str, int], tuple[int, int]] = {}
        for kind, found in rows.items():
            for row in found:
                key = (row["season"], row["phase"], row["team_id"])
                order[key] = min(
                    order.get(key, (row["last_day"], row["last_game"])), (row["last_day"], row["last_game"])
                )
                one = seasontables.season_stats_from_rows(
                    [row] if kind == "batting" else [],
                    [row] if kind == "pitching" else [],
                    [row] if kind == "fielding" else [],
                    {row["team_id"]: teams[row["team_id"]].abbreviation},
                    {},
                )
                line = lines.setdefault(key, {})
                if kind == "batting":
                    line["batting"] = one.batting[card_id]
                elif kind == "pitching":
                    line["pitching"] = one.pitching[card_id]
                else:
                    line["fielding"] = _add_fielding(line.get("fielding"), one.fielding[card_id])
        keys = sorted(lines, key=lambda k: (k[0], k[1] != "regular", order[k]))
        page_lines = tuple(
            SeasonLine(
                season=k[0],
                phase="regular" if k[1] == "regular" else "playoffs",
                team_id=k[2],
                team=teams[k[2]].abbreviation,
                batting=lines[k].get("batting"),
                pitching=lines[k].get("pitching"),
                fielding=lines[k].get("fielding"),
            )
            for k in keys
        )
        return PlayerPage(card_id, pool.name(card_id), teams[on].abbreviation if on in teams else None, page_lines)

    async def team_page(self, league_id: int, team_id: int, season: int | None = None) -> TeamPage:
        """A team's season: record, splits, streak, last ten, and its roster with each player's line."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            team = await self._team(team_id)
            if team.league_id != league_id:
                raise NotFound(f"{team.name} is not in {league.name}")
            year = _season_of(league, season)
            pool = await self._league_pool(league)
            teams = await self._teams_of(league_id)
            finals = await self._final_rows(league_id, year, "regular")
            starters = {
                (r["game_id"], r["team_id"]): r["card_id"]
                for r in await self._all(sql.SELECT_STARTERS, (league_id, year))
            }
            where = (team_id, year, "regular")
            stats = seasontables.season_stats_from_rows(
                await self._all(sql.SELECT_TEAM_BATTING, where),
                await self._all(sql.SELECT_TEAM_PITCHING, where),
                await self._all(sql.SELECT_TEAM_FIELDING, where),
                {team_id: team.abbreviation},
                {
                    team_id: sum(
                        1
                        for g in finals
                        if team_id in (g["away_team_id"], g["home_team_id"]) and g["forfeited_by"] is None
                    )
                },
            )
            roster = list((await self._roster(team_id)).values())
        table = _standings_of(league, year, teams, finals)[OVERALL]
        row = next(r for r in table if r.team == team.abbreviation)
        mine = [g for g in finals if team_id in (g["away_team_id"], g["home_team_id"])]
        runs_for = sum(g["away_runs"] if g["away_team_id"] == team_id else g["home_runs"] for g in mine)
        runs_against = sum(g["home_runs"] if g["away_team_id"] == team_id else g["away_runs"] for g in mine)
        splits = _splits(team, {t.id: t for t in teams}, mine, starters, pool, league.options.innings)
        lines = [
            RosterLine(
                e.card_id,
                pool.name(e.card_id),
                e.kind,
                e.status,
                stats.batting.get(e.card_id),
                stats.pitching.get(e.card_id),
            )
            for e in roster
        ]
        lines.sort(
            key=lambda r: (
                r.kind != "batter",
                -(r.batting.pa if r.kind == "batter" and r.batting else r.pitching.outs if r.pitching else 0),
                r.name,
            )
        )
        return TeamPage(
            team=team,
            season=year,
            w=row.w,
            l=row.l,
            runs_for=runs_for,
            runs_against=runs_against,
            streak=row.streak,
            last_ten=row.last_ten,
            splits=splits,
            roster=tuple(lines),
            batting=stats.team_batting(team.abbreviation),
            pitching=stats.team_pitching(team.abbreviation),
        )

    # --- a season's close (issue 26) ------------------------------------------------------------

    async def _closed(self, league: League, phase: str | None) -> str | None:
        """Why the league's current season takes no more games of ``phase`` now, with what comes next;
        None while it does. ``phase`` None asks whether it takes any game at all: its regular season over
        and its playoffs not begun, or a champion crowned.

        A regular season is over once its playoffs began, or once every game of its schedule
        (:meth:`schedule_season`) is final; a season without a schedule (the sample terminal league,
        a game a run) goes on until its playoffs. Once the playoffs have a champion nothing changes."""
        where = f"season {league.season} of {league.name}"
        playoffs = await self._playoffs(league.id, league.season)
        if playoffs is not None and playoffs.champion_team_id is not None:
            champion = await self._team(playoffs.champion_team_id)
            return (
                f"{where} is over: {champion.name} won the playoffs, and its results stay as they are "
                "(starting a next season is a feature still to come)"
            )
        if phase == "playoffs" or (phase is None and playoffs is not None):
            return None
        if playoffs is not None:
            return (
                f"the regular season of {where} is over and its playoffs are under way: play their games "
                "(dugout playoffs, /playoffs bracket show the series)"
            )
        if await self._value(sql.SELECT_SEASON_SCHEDULE, (league.id, league.season)) is None:
            return None
        if await self._one(sql.SELECT_UNFINISHED_REGULAR, (league.id, league.season)) is not None:
            return None
        return (
            f"the regular season of {where} is over: every scheduled game is final. Next come the playoffs: "
            "dugout playoffs start at the terminal, /playoffs start in Discord"
        )

    async def _check_open(self, league: League, phase: str) -> None:
        why = await self._closed(league, phase)
        if why is not None:
            raise SeasonClosed(why)

    async def season_closed(self, league_id: int) -> str | None:
        """What comes next when the league's current season can take no game now (its regular season
        over and the playoffs not begun, or its champion crowned); None while games may be played."""
        async with self.transaction(write=False):
            return await self._closed(await self._league(league_id), None)

    async def check_season_open(self, league_id: int) -> None:
        """:meth:`season_closed` as a :class:`SeasonClosed` error (auto-play asks before a day)."""
        why = await self.season_closed(league_id)
        if why is not None:
            raise SeasonClosed(why)

    # --- a live game's owner (league.lease, issue 26) --------------------------------------------

    async def _lease(self, game_id: int) -> GameLease | None:
        row = await self._one(sql.SELECT_GAME_LEASE, (game_id,))
        return None if row is None else GameLease.from_row(row)

    async def game_lease(self, game_id: int) -> GameLease | None:
        """Who holds the game's lease (None: nobody has taken it)."""
        async with self.transaction(write=False):
            await self._game(game_id)
            return await self._lease(game_id)

    async def take_lease(
        self, game_id: int, owner: Owner, *, seconds: float = LEASE_SECONDS, now: float | None = None
    ) -> GameLease:
        """``owner`` holds the live game for ``seconds`` (renewed if it held it already); refused with
        :class:`GameBusy`, changing nothing, while another holds a lease that has not lapsed and whose
        process is not known to be gone. Take it in the transaction that starts or resumes the game."""
        at = time.time() if now is None else now
        async with self.transaction():
            game = await self._game(game_id)
            if game.status != "live":
                raise GameError(f"game {game_id} is {game.status}; only a live game is played by someone")
            held = await self._lease(game_id)
            if held is not None and not held.free_for(owner, at):
                raise GameBusy(f"game {game_id} is being played by {held.holder_text()}; try again when it ends")
            await self._run(sql.UPSERT_GAME_LEASE, (game_id, owner.id, owner.host, owner.pid, at, at + seconds))
            lease = await self._lease(game_id)
            assert lease is not None
            return lease

    async def renew_lease(
        self, game_id: int, owner: Owner, *, seconds: float = LEASE_SECONDS, now: float | None = None
    ) -> GameLease:
        """The owner's lease, now lasting ``seconds`` more; :class:`GameBusy` if it is no longer its own
        (it lapsed and another process took it over: stop playing). Renew it in the transaction that
        saves an answer, so no answer is saved to a game another process plays."""
        at = time.time() if now is None else now
        async with self.transaction():
            await self._game(game_id)
            await self._run(sql.RENEW_GAME_LEASE, (at + seconds, game_id, owner.id))
            lease = await self._lease(game_id)
            if lease is None or lease.owner != owner.id:
                holder = "nobody" if lease is None else lease.holder_text()
                raise GameBusy(f"game {game_id} is no longer this process's to play: it is held by {holder}")
            return lease

    async def release_lease(self, game_id: int, owner: Owner) -> None:
        """The owner stops playing the game (stopped, or the game is over); another's lease is left alone."""
        async with self.transaction():
            await self._run(sql.DELETE_GAME_LEASE, (game_id, owner.id))


def _check_phase(phase: str) -> None:
    if phase not in ("regular", "playoffs"):
        raise SettingsError(f"a phase is 'regular' or 'playoffs', not {phase!r}")


def _season_of(league: League, season: int | None) -> int:
    """The season asked for (None: the current one); NotFound for one the league has not reached."""
    if season is None:
        return league.season
    if isinstance(season, bool) or not isinstance(season, int) or not 1 <= season <= league.season:
        raise NotFound(f"{league.name} has seasons 1 to {league.season}; there is no season {season!r}")
    return season


def _check_choice(value: str | None, what: str, choices: Any) -> None:
    """``value`` is None or one of a Literal type's strings."""
    allowed = get_args(choices)
    if value is not None and value not in allowed:
        raise SettingsError(f"{what} is one of {', '.join(allowed)}; not {value!r}")


# No season runs this long: a bound that keeps a day an SQLite integer and a calendar's loops short.
_MAX_DAY = 10_000


def _check_day(day: int | None) -> None:
    if day is not None and (isinstance(day, bool) or not isinstance(day, int) or not 1 <= day <= _MAX_DAY):
        raise GameError(f"league days are numbered from 1 to {_MAX_DAY}; not {day!r}")


def _check_limit(limit: int) -> None:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_ID:
        raise SettingsError(f"a limit is a whole number, 1 or more; not {limit!r}")


def _check_id(value: int, what: str) -> int:
    """A row id the store may hold; any other (past SQLite's integers, which its driver cannot even
    send) gets the answer of an id no row has."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_ID:
        raise NotFound(f"no {what} with id {value}")
    return value


def _check_user(value: int | None, what: str) -> int | None:
    """A Discord id (user, server or channel) as the store keeps it, or None; SettingsError otherwise."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_ID):
        raise SettingsError(f"a {what} is a Discord id (a whole number above 0); not {value!r}")
    return value


def _standings_input(
    league: League, season: int, teams: Sequence[Team], finals: Sequence[Row]
) -> tuple[list[str], list[FinalGame], dict[str, list[str]] | None, dict[str, list[str]] | None]:
    """Teams, final games, divisions and leagues for league.standings, from the lean game rows.

    A division of a team in a league is named with the league ("AL East") unless its name
    already starts with it, so the AL's East and the NL's East are two divisions.
    """
    key = {t.id: t.abbreviation for t in teams}
    games = [
        FinalGame(g["day"], key[g["away_team_id"]], key[g["home_team_id"]], g["away_runs"] or 0, g["home_runs"] or 0)
        for g in finals
    ]
    divisions: dict[str, list[str]] = {}
    subleagues: dict[str, list[str]] = {}
    for team in teams:
        if team.subleague is not None:
            subleagues.setdefault(team.subleague, []).append(team.abbreviation)
        if team.division is not None:
            name = team.division
            if team.subleague is not None and not name.startswith(f"{team.subleague} "):
                name = f"{team.subleague} {name}"
            divisions.setdefault(name, []).append(team.abbreviation)
    return [t.abbreviation for t in teams], games, divisions or None, subleagues or None


def _draw(league: League, season: int) -> str:
    """The seed of the standings' last tie-break, a draw: fixed by league and season."""
    return f"{league.id}/{season}"


def _standings_of(
    league: League, season: int, teams: Sequence[Team], finals: Sequence[Row]
) -> dict[str, list[StandingsRow]]:
    return standings(*_standings_input(league, season, teams, finals), draw=_draw(league, season))


def _add_fielding(before: FieldingStats | None, more: FieldingStats) -> FieldingStats:
    if before is None:
        return more
    positions = dict(before.positions)
    for position, games in more.positions.items():
        positions[position] = positions.get(position, 0) + games
    return FieldingStats(more.player, more.name, more.team, before.games + more.games, before.e + more.e, positions)


def _splits(
    team: Team,
    teams: Mapping[int, Team],
    games: Sequence[Row],
    starters: Mapping[tuple[int, int], str],
    pool: CardPool,
    innings: int,
) -> tuple[Split, ...]:
    """The team's record home and away, in close and long games, by opponent and by the other starter's hand."""
    tally: dict[str, list[int]] = {}

    def add(name: str, won: bool) -> None:
        tally.setdefault(name, [0, 0])[0 if won else 1] += 1

    order = ["Home", "Road", "One-run games", "Extra innings"]
    if team.division is not None:
        order += ["Vs division", "Vs other divisions"]
    if team.subleague is not None:
        order += [f"Vs {team.subleague}", "Vs other league"]
    order += ["Vs LHP starters", "Vs RHP starters"]
    for g in games:
        home = g["home_team_id"] == team.id
        ours, theirs = (g["home_runs"], g["away_runs"]) if home else (g["away_runs"], g["home_runs"])
        won = ours > theirs
        other = teams[g["away_team_id"] if home else g["home_team_id"]]
        add("Home" if home else "Road", won)
        if abs(ours - theirs) == 1:
            add("One-run games", won)
        if g["innings"] is not None and g["innings"] > innings:
            add("Extra innings", won)
        if team.division is not None:
            add("Vs division" if other.division == team.division else "Vs other divisions", won)
        if team.subleague is not None:
            add(f"Vs {team.subleague}" if other.subleague == team.subleague else "Vs other league", won)
        starter = starters.get((g["id"], other.id))
        if starter is not None:
            try:
                hand = setups.hand(pool.pitcher(starter))
            except CardError:
                continue
            add("Vs LHP starters" if hand == "L" else "Vs RHP starters", won)
    return tuple(Split(name, *tally.get(name, [0, 0])) for name in order)


def _check_rulesets(ruleset: str, pool: CardPool) -> None:
    for ref, cardset in zip(pool.refs, pool.sets, strict=True):
        if family_of(ruleset) != cardset.info.ruleset:
            raise CardError(f"card set {ref!r} is for {cardset.info.ruleset}, not {ruleset}")


def _player_ids(team: TeamSetup) -> set[str]:
    ids = {s.batter.id for s in team.lineup} | {b.id for b in team.bench}
    ids |= {team.pitcher.id} | {p.id for p in team.bullpen}
    if team.pitcher_batting is not None:
        ids.add(team.pitcher_batting.id)
    return ids


def _asking(game: Game) -> tuple[str, str, str]:
    """Who manages a game, how often each side is asked and who called time, as stored."""
    return _dumps(sorted(game.managed)), _dumps(game.asking), _dumps(sorted(game.time_called))
