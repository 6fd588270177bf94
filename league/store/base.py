"""The store's ground: its connection, transactions, query helpers and the league's cards.

Every aggregate's store (league.store.leagues, .teams, .games, .tables, .playoffs) builds on
:class:`StoreBase`; :class:`league.store.Store` is all of them, the one object the front ends open.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self, get_args

from league import compact, db
from league.cardpool import CardPool
from league.errors import (
    DatabaseError,
    GameError,
    NotFound,
    SettingsError,
)
from league.models import (
    MAX_ID,
    GameRecord,
    League,
)
from league.names import clean_name

# --- SQL (? placeholders; an optional filter "(CAST(? AS type) IS NULL OR column = ?)" takes the value twice)

# (league_id, digest)
SELECT_SNAPSHOT_ID = "SELECT id FROM card_snapshot WHERE league_id = ? AND digest = ?"
# (league_id, digest, cards)
INSERT_SNAPSHOT = "INSERT INTO card_snapshot (league_id, digest, cards) VALUES (?, ?, ?) RETURNING id"
# (snapshot_id)
SELECT_SNAPSHOT_DIGEST = "SELECT digest FROM card_snapshot WHERE id = ?"
SELECT_SNAPSHOT = "SELECT digest, cards FROM card_snapshot WHERE id = ?"


Row = db.Row


# Called with a stage name at points inside finish_game's transaction; tests use it to kill the process there.
FinishHook = Callable[[str], Awaitable[None]]


def utc_now() -> str:
    """Now, as the store writes a time (``2026-11-29T13:45:00Z``)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


_clean = clean_name


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


class StoreBase:
    """The connection and what every aggregate's store shares (see :class:`league.store.Store`)."""

    def __init__(self, conn: db.Connection, target: str | Path) -> None:
        self.path = target  # the league file, or the database URL, it was opened with
        self._conn = conn
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._writing = False
        self._writes = 0  # write transactions committed: see generation()
        self._pools: dict[tuple[tuple[str, ...], bool], CardPool] = {}
        # Card snapshots (league.compact): the pool's (digest, JSON, cards) by its sets, and
        # the parsed snapshots by row id (checked against the row's digest when read).
        self._pool_snapshots: dict[tuple[str, ...], tuple[str, str, compact.Cards]] = {}
        self._snapshots: dict[int, tuple[str, compact.Cards]] = {}
        self.finish_hook: FinishHook | None = None

    # --- opening, closing, transactions -------------------------------------------------

    @classmethod
    async def open(cls, target: str | Path, *, upgrade: bool = True) -> Self:
        """Open a league file (made if need be) or a database URL (``postgresql://…``); brings its schema to
        the latest version unless ``upgrade=False``."""
        return cls(await db.open_database(target, upgrade=upgrade), target)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def transaction(self, write: bool = True) -> AsyncIterator[db.Connection]:
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
                await self._conn.begin(write)
                try:
                    yield self._conn
                except BaseException:
                    if self._conn.in_transaction:
                        await self._conn.rollback()
                    raise
                await self._conn.commit()
                self._writes += write
            finally:
                self._owner, self._writing = None, False

    async def generation(self) -> tuple[int, int]:
        """A mark that changes whenever the file may have changed since it was last read: this store's
        committed writes, and the database's own mark of any commit (another connection's, another process's).
        What a reader may keep a report by (the web site) until the league moves on."""
        async with self.transaction(write=False):
            return self._writes, hash(await self._value(db.DATA_VERSION[self._conn.dialect]))

    async def version(self) -> int:
        """The schema's version (its Alembic revision, a number)."""
        async with self.transaction(write=False):
            return int(await db.schema_revision(self._conn) or 0)

    async def backup(self, target: str | Path) -> Path:
        """A consistent copy of an SQLite league file in a new file (VACUUM INTO; other writers wait)."""
        out = Path(target)
        if self._conn.dialect != db.SQLITE:
            raise DatabaseError("a PostgreSQL store is backed up with pg_dump (docs/deployment.md)")
        conn = await db.connect(self._conn.path or "")  # VACUUM INTO runs outside a transaction
        try:
            return await db.backup(conn, out)
        finally:
            await conn.close()

    # --- query helpers (inside a transaction) -------------------------------------------

    async def _one(self, query: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a query that returns one row at most (by id, by a unique key, LIMIT 1)."""
        rows = await self._all(query, params)
        return rows[0] if rows else None

    async def _all(self, query: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._conn.fetchall(query, params)

    async def _value(self, query: str, params: Sequence[Any] = ()) -> Any:
        row = await self._one(query, params)
        return None if row is None else row[0]

    async def _run(self, query: str, params: Sequence[Any] = ()) -> int:
        """Execute a write; how many rows it changed. (An INSERT that needs its row's id says
        ``RETURNING id`` and is read with :meth:`_value`.)"""
        return await self._conn.execute(query, params)

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
        snapshot_id = await self._value(SELECT_SNAPSHOT_ID, (league.id, digest))
        if snapshot_id is None:
            snapshot_id = await self._value(INSERT_SNAPSHOT, (league.id, digest, text))
        self._snapshots[snapshot_id] = (digest, cards)
        return snapshot_id, cards

    async def _snapshot(self, snapshot_id: int) -> compact.Cards:
        """A stored card snapshot, parsed once (the cache is checked against the row's digest)."""
        cached = self._snapshots.get(snapshot_id)
        if cached is not None and cached[0] == await self._value(SELECT_SNAPSHOT_DIGEST, (snapshot_id,)):
            return cached[1]
        row = await self._one(SELECT_SNAPSHOT, (snapshot_id,))
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
