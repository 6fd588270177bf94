"""The league store's database: SQLite (a file, the default) or PostgreSQL, its connection and migrations.

The store talks to either through SQLAlchemy's asyncio Core (:class:`Connection`): aiosqlite for a
file, asyncpg for a ``postgresql://`` URL. Its SQL is written once, in what both databases run,
with ``?`` placeholders.

The schema's history has two parts:

- ``migrations/NNNN_reason.sql``, numbered from 0001 to 0018 without gaps, build an SQLite file
  (the functions below that take an aiosqlite connection). Upgrading applies every one newer than
  ``PRAGMA user_version`` in a single transaction and sets the version in the same transaction, so a
  failed migration leaves the file as it was. A migration may have a Python step (:data:`PYTHON_STEPS`).
- From there on, Alembic revisions (``migrations/alembic/versions``) change both databases alike.
  Revision 0018 is PostgreSQL's starting point (``migrations/postgresql/0018_baseline.sql``, the same
  schema); an SQLite file that the numbered migrations brought to 0018 is stamped with it.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import aiosqlite
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event, exc
from sqlalchemy.engine import URL, make_url
from sqlalchemy.engine import Connection as SyncConnection
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from league import seasontables, web
from league.errors import DatabaseError

# --- SQL (parameters are ? placeholders)

PRAGMA_BUSY_TIMEOUT = "PRAGMA busy_timeout = {ms:d}"
PRAGMA_JOURNAL_WAL = "PRAGMA journal_mode = WAL"
PRAGMA_FOREIGN_KEYS_ON = "PRAGMA foreign_keys = ON"
PRAGMA_USER_VERSION = "PRAGMA user_version"
PRAGMA_SET_USER_VERSION = "PRAGMA user_version = {version:d}"
SELECT_TABLE_NAMES = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name"
BEGIN_IMMEDIATE = "BEGIN IMMEDIATE"
COMMIT = "COMMIT"
ROLLBACK = "ROLLBACK"
VACUUM_INTO = "VACUUM INTO ?"

BUSY_TIMEOUT_MS = 10_000  # how long a writer waits for another connection's write to finish
MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
# A migration's Python step, run right after its SQL in the same transaction: what SQL alone
# cannot do (reading the games' JSON). Keyed by the migration's file name.
PythonStep = Callable[[aiosqlite.Connection], Awaitable[None]]
PYTHON_STEPS: Mapping[str, PythonStep] = {
    "0006_season_tables.sql": seasontables.rebuild_0006,
    "0009_usage.sql": seasontables.rebuild_0009,
    "0013_complete_games.sql": seasontables.rebuild,
    "0018_web.sql": web.fill_slugs,
}


@dataclass(frozen=True)
class Migration:
    version: int
    name: str  # the file name
    sql: str

    def statements(self) -> list[str]:
        """The script's statements one by one (``executescript`` would commit the open transaction first)."""
        statements: list[str] = []
        pending = ""
        *pieces, rest = self.sql.split(";")
        for piece in pieces:
            pending += piece + ";"
            if sqlite3.complete_statement(pending):
                if _has_code(pending):
                    statements.append(pending.strip())
                pending = ""
        if _has_code(pending + rest):
            unfinished = (pending + rest).strip()[:60]
            raise DatabaseError(f"migration {self.name} ends with an unfinished statement: {unfinished!r}")
        return statements


def _has_code(text: str) -> bool:
    """Anything but comments, blanks and semicolons."""
    lines = (line.split("--", 1)[0] for line in text.splitlines())
    return any(line.strip(" \t;") for line in lines)


def migrations() -> list[Migration]:
    """Every migration shipped with Dugout, in order; refuses gaps and doubled numbers."""
    found: list[Migration] = []
    for entry in resources.files("migrations").iterdir():
        match = MIGRATION_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise DatabaseError(f"migrations must be numbered 0001, 0002 … without gaps; found {migration.name}")
    return found


def latest_version() -> int:
    return len(migrations())


async def connect(path: str | Path) -> aiosqlite.Connection:
    """The connection a process uses: WAL journal, foreign keys on, a busy timeout, rows by name.

    Autocommit mode (isolation_level None): the store begins and ends every transaction itself.
    """
    target = Path(path)
    if str(path) != ":memory:":
        target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_dir():
        raise DatabaseError(f"{target} is a folder; name the database file (for example {target / 'dugout.sqlite3'})")
    opening = aiosqlite.connect(target, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        conn = await opening
    except sqlite3.Error as exc:  # e.g. a file or folder this user may not open
        await _worker_stopped(opening)
        raise DatabaseError(f"cannot open the database {target}: {exc}") from exc
    try:
        conn.row_factory = aiosqlite.Row
        await conn.execute(PRAGMA_BUSY_TIMEOUT.format(ms=BUSY_TIMEOUT_MS))
        await _check_dugouts(conn, target)  # before the WAL pragma, which would change another program's file
        await conn.execute(PRAGMA_JOURNAL_WAL)
        await conn.execute(PRAGMA_FOREIGN_KEYS_ON)
    except DatabaseError:
        await conn.close()
        raise
    except sqlite3.DatabaseError as exc:
        # SQLite opens any file lazily; the first statement is where a file that is not a
        # database (or a locked or unreadable one) shows itself. Say which file, in words.
        await conn.close()
        if "not a database" in str(exc):
            raise DatabaseError(f"{target} is not a Dugout database (not an SQLite file)") from exc
        raise DatabaseError(f"cannot open the database {target}: {exc}") from exc
    except BaseException:
        await conn.close()
        raise
    return conn


# Tables the first migration makes: a file at a version above 0 without them is no Dugout database.
DUGOUT_TABLES = {"league", "team"}


async def _check_dugouts(conn: aiosqlite.Connection, target: Path) -> None:
    """Refuse another program's SQLite file before anything is written to it: one that has tables but
    not Dugout's version and tables (``PRAGMA user_version`` above 0, set with the first migration's
    tables). A new or empty file is made a Dugout one; a Dugout file at any version is upgraded."""
    async with conn.execute(SELECT_TABLE_NAMES) as cursor:
        tables = [str(row[0]) for row in await cursor.fetchall()]
    if not tables or (await current_version(conn) > 0 and set(tables) >= DUGOUT_TABLES):
        return
    shown = ", ".join(tables[:5]) + (" …" if len(tables) > 5 else "")
    raise DatabaseError(
        f"{target} is not a Dugout database: it holds another program's tables ({shown}); "
        "name a new file or one Dugout made"
    )


async def _worker_stopped(conn: aiosqlite.Connection) -> None:
    """Wait (up to a second) for the worker thread of a connection that failed to open.

    aiosqlite stops it without waiting; were the event loop closed first, the thread
    would print a traceback of its own on the way out.
    """
    thread = getattr(conn, "_thread", None)
    for _ in range(1000):
        if thread is None or not thread.is_alive():
            return
        await asyncio.sleep(0.001)


async def current_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute(PRAGMA_USER_VERSION) as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row is not None else 0


async def upgrade(conn: aiosqlite.Connection, wanted: Sequence[Migration] | None = None) -> tuple[int, int]:
    """Apply the pending migrations (default: those shipped) in one transaction; (version before, after)."""
    wanted = migrations() if wanted is None else list(wanted)
    await conn.execute(BEGIN_IMMEDIATE)
    try:
        before = await current_version(conn)  # read inside the transaction: another process may have upgraded
        if before > len(wanted):
            raise DatabaseError(
                f"the database is at version {before} but this Dugout knows only {len(wanted)}; upgrade Dugout"
            )
        if before == len(wanted):
            await conn.execute(ROLLBACK)  # up to date: write nothing, not even the version
            return before, before
        for migration in wanted[before:]:
            for statement in migration.statements():
                try:
                    await conn.execute(statement)
                except sqlite3.Error as exc:
                    raise DatabaseError(f"migration {migration.name} failed: {exc}") from exc
            step = PYTHON_STEPS.get(migration.name)
            if step is not None:
                try:
                    await step(conn)
                except (sqlite3.Error, ValueError, KeyError, TypeError) as exc:
                    raise DatabaseError(f"migration {migration.name} failed in its Python step: {exc}") from exc
        await conn.execute(PRAGMA_SET_USER_VERSION.format(version=len(wanted)))
    except BaseException:
        if conn.in_transaction:
            await conn.execute(ROLLBACK)
        raise
    await conn.execute(COMMIT)
    return before, len(wanted)


upgrade_file = upgrade  # open_database's own argument is called upgrade


async def check_current(conn: aiosqlite.Connection) -> None:
    """Refuse a database that is not at the latest version (run ``dugout db upgrade``)."""
    version, latest = await current_version(conn), latest_version()
    if version != latest:
        raise DatabaseError(f"the database is at version {version}, Dugout expects {latest}: run `dugout db upgrade`")


async def backup(conn: aiosqlite.Connection, target: str | Path) -> Path:
    """A consistent copy of the whole database in a new file (VACUUM INTO; other writers wait)."""
    out = Path(target)
    if out.exists():
        raise DatabaseError(f"{out} already exists; name a new file for the backup")
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        await conn.execute(VACUUM_INTO, (str(out),))
    except sqlite3.Error as exc:
        raise DatabaseError(f"backup to {out} failed: {exc}") from exc
    return out


# --- the store's connection, on either database ---------------------------------------------

SQLITE, POSTGRESQL = "sqlite", "postgresql"
# What a PostgreSQL write transaction takes first: one lock for the whole store, held to the end of
# the transaction, so that writers take turns across processes as they do on an SQLite file
# (BEGIN IMMEDIATE). The store's guarded read-then-write steps rely on that.
PG_WRITE_LOCK = "SELECT pg_advisory_xact_lock(7406101)"
# What changes whenever anything is committed: SQLite's data_version (another connection's commits),
# PostgreSQL's write-ahead log position.
DATA_VERSION = {SQLITE: "PRAGMA data_version", POSTGRESQL: "SELECT pg_current_wal_insert_lsn()::text"}


def is_url(target: str | Path) -> bool:
    """A database URL (``postgresql://…``, ``sqlite:///…``) rather than a league file's path."""
    return isinstance(target, str) and "://" in target


def missing(target: str | Path) -> bool:
    """A league file that does not exist yet (a database URL is never missing: its server says)."""
    return not is_url(target) and not Path(target).exists()


def url_of(target: str | Path) -> URL:
    """The SQLAlchemy URL of a league file's path or a database URL (``postgresql://…``, ``sqlite:///…``)."""
    text = str(target)
    if not is_url(text):
        return URL.create("sqlite+aiosqlite", database=text)
    try:
        url = make_url(text)
    except exc.ArgumentError as error:
        raise DatabaseError(f"not a database URL: {_scheme(text)}") from error
    backend = url.get_backend_name()
    if backend in ("postgresql", "postgres"):
        return url.set(drivername="postgresql+asyncpg")
    if backend == SQLITE:
        return url.set(drivername="sqlite+aiosqlite")
    raise DatabaseError(f"Dugout keeps leagues in SQLite or PostgreSQL, not {backend!r}: {_scheme(text)}")


def shown(target: str | Path | URL) -> str:
    """A database as messages name it: a file's path, or a URL without its password."""
    if isinstance(target, URL):
        return target.database or "" if target.get_backend_name() == SQLITE else target.render_as_string()
    if not is_url(target):
        return str(target)
    try:
        return url_of(target).render_as_string()  # the password as ***
    except DatabaseError:
        return _scheme(str(target))


def _scheme(url: str) -> str:
    """A URL that could not be read, named by its scheme alone (what follows may hold a password)."""
    return url.split("://", 1)[0] + "://…"


class Row(Protocol):
    """A result row read by column name or position: sqlite3's Row, or asyncpg's Record."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def keys(self) -> list[str]: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


PLACEHOLDER = re.compile(r"\?(\d*)")


@lru_cache(maxsize=2048)
def _numbered(sql: str) -> str:
    """The store's placeholders as asyncpg's ``$1, $2 …``, numbered as SQLite numbers them: ``?N`` is
    parameter N, and a bare ``?`` the one after the largest so far. (The store's SQL has no ? in a string.)"""
    largest = 0

    def number(match: re.Match[str]) -> str:
        nonlocal largest
        n = int(match.group(1)) if match.group(1) else largest + 1
        largest = max(largest, n)
        return f"${n}"

    return PLACEHOLDER.sub(number, sql)


class Connection:
    """The store's one connection to its database, speaking the store's SQL (``?`` placeholders).

    It is the driver's own connection: aiosqlite's on an SQLite file, asyncpg's on PostgreSQL.
    SQLAlchemy reads the URLs, runs Alembic's migrations and reflects the tables (:meth:`run_sync`),
    but the store's statements go straight to the driver: through SQLAlchemy's asyncio layer a
    statement cost 195 against 30 µs on a file (its aiosqlite adapter makes four trips to the
    driver's thread where aiosqlite makes one) and 105-185 against 40-65 µs on PostgreSQL, measured,
    and a game stores some 130 statements.

    Transactions are begun by :meth:`begin`: a write takes SQLite's write lock at once (BEGIN
    IMMEDIATE) or PostgreSQL's store-wide advisory lock; a read sees one snapshot. Errors from the
    driver come out as :class:`league.errors.DatabaseError`.
    """

    def __init__(self, url: URL, *, file: aiosqlite.Connection | None = None, server: Any = None) -> None:
        self.url, self._file, self._server = url, file, server
        self.dialect = SQLITE if file is not None else POSTGRESQL
        self.version_before = 0  # the schema version open_database found
        self._transaction: Any = None  # asyncpg's, while one is open

    @property
    def path(self) -> Path | None:
        """An SQLite file's path (None on PostgreSQL)."""
        return None if self._file is None else Path(self.url.database or "")

    @classmethod
    async def open(cls, url: URL) -> Connection:
        """A connection to the database (settings applied; its schema neither checked nor changed)."""
        if url.get_backend_name() == SQLITE:
            return cls(url, file=await connect(url.database or ":memory:"))
        return cls(url, server=await _connect_server(url))

    async def close(self) -> None:
        if self._file is not None:
            await self._file.close()
        else:
            await self._server.close()

    @property
    def in_transaction(self) -> bool:
        return self._file.in_transaction if self._file is not None else bool(self._server.is_in_transaction())

    async def begin(self, write: bool) -> None:
        try:
            if self._file is not None:
                await self._file.execute(BEGIN_IMMEDIATE if write else "BEGIN")
                return
            level = "read_committed" if write else "repeatable_read"
            self._transaction = self._server.transaction(isolation=level, readonly=not write)
            await self._transaction.start()
            if write:
                await self._server.execute(PG_WRITE_LOCK)
        except _DRIVER_ERRORS as error:
            if self.in_transaction:
                await self.rollback()
            # e.g. another process held SQLite's write lock for longer than the busy timeout
            raise DatabaseError(f"the database is busy ({_reason(error)}); try again in a moment") from error

    async def commit(self) -> None:
        try:
            if self._file is not None:
                await self._file.execute(COMMIT)
            else:
                transaction, self._transaction = self._transaction, None
                await transaction.commit()
        except _DRIVER_ERRORS as error:
            raise DatabaseError(f"the database could not commit: {_reason(error)}") from error

    async def rollback(self) -> None:
        if self._file is not None:
            await self._file.execute(ROLLBACK)
        elif self._transaction is not None:
            transaction, self._transaction = self._transaction, None
            await transaction.rollback()

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            if self._file is not None:
                return list(await self._file.execute_fetchall(sql, params))
            return list(await self._server.fetch(_numbered(sql), *params))
        except _DRIVER_ERRORS as error:
            raise DatabaseError(f"the database refused a statement: {_reason(error)}") from error

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a write; how many rows it changed."""
        try:
            if self._file is not None:
                cursor = await self._file.execute(sql, params)
                return int(cursor.rowcount)
            status = await self._server.execute(_numbered(sql), *params)  # "UPDATE 3", "INSERT 0 1"
        except _DRIVER_ERRORS as error:
            raise DatabaseError(f"the database refused a statement: {_reason(error)}") from error
        last = str(status).rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        many = [tuple(r) for r in rows]
        if not many:
            return
        try:
            if self._file is not None:
                await self._file.executemany(sql, many)
            else:
                await self._server.executemany(_numbered(sql), many)
        except _DRIVER_ERRORS as error:
            raise DatabaseError(f"the database refused a statement: {_reason(error)}") from error

    async def run_sync(self, fn: Callable[[SyncConnection], Any]) -> Any:
        """``fn`` with a SQLAlchemy connection of its own to the same database, in a transaction of its own
        (committed if ``fn`` returns): Alembic's migrations, reflection of the tables."""
        if self._file is not None:
            return await asyncio.to_thread(_on_file, self.url.database or "", fn)
        engine = create_async_engine(self.url, poolclass=NullPool)
        try:
            async with engine.begin() as conn:
                return await conn.run_sync(fn)
        except exc.DBAPIError as error:
            raise DatabaseError(f"the database refused a statement: {_reason(error)}") from error
        finally:
            await engine.dispose()


try:  # the postgresql extra
    from asyncpg import InterfaceError as _PgInterfaceError
    from asyncpg import PostgresError as _PgError

    _DRIVER_ERRORS: tuple[type[BaseException], ...] = (sqlite3.Error, _PgError, _PgInterfaceError)
except ModuleNotFoundError:
    _DRIVER_ERRORS = (sqlite3.Error,)


async def _connect_server(url: URL) -> Any:
    """asyncpg's connection to the URL's database (SQLAlchemy's dialect reads the URL), with PostgreSQL's
    numeric (what sum() and avg() give) read as SQLite gives it: a whole number as an int, else a float."""
    try:
        import asyncpg
    except ModuleNotFoundError as error:  # the driver is the postgresql extra's
        raise DatabaseError(
            f"a PostgreSQL store needs the postgresql extra ({error.name} is missing): pip install 'dugout[postgresql]'"
        ) from error
    _, arguments = url.get_dialect()().create_connect_args(url)
    try:
        server = await asyncpg.connect(**arguments, statement_cache_size=1024)
        await server.set_type_codec("numeric", encoder=str, decoder=_number, schema="pg_catalog", format="text")
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise DatabaseError(f"cannot open the database {shown(url)}: {_reason(error)}") from error
    return server


def _number(text: str) -> int | float:
    whole, _, fraction = text.partition(".")
    return int(whole) if not fraction.strip("0") and whole.lstrip("-").isdigit() else float(text)


def _on_file(path: str, fn: Callable[[SyncConnection], Any]) -> Any:
    """``fn`` in a write transaction of a SQLAlchemy connection of its own to an SQLite file."""
    engine = create_engine(URL.create("sqlite", database=path), poolclass=NullPool)
    event.listen(engine, "connect", _sqlite_connected)
    event.listen(engine, "begin", _sqlite_begin)
    try:
        with engine.connect() as sync, sync.begin():
            return fn(sync)
    finally:
        engine.dispose()


def _reason(error: BaseException) -> str:
    """The driver's own words, first line only (SQLAlchemy adds the statement and a link)."""
    original = getattr(error, "orig", None) or error
    return str(original).strip().splitlines()[0] if str(original).strip() else type(original).__name__


def _sqlite_connected(dbapi_connection: Any, _record: Any) -> None:
    """The settings of :func:`connect` on a SQLAlchemy connection to an SQLite file; it begins its
    transactions itself (_sqlite_begin)."""
    dbapi_connection.isolation_level = None  # the driver begins nothing itself: _sqlite_begin does
    cursor = dbapi_connection.cursor()
    for pragma in (PRAGMA_BUSY_TIMEOUT.format(ms=BUSY_TIMEOUT_MS), PRAGMA_FOREIGN_KEYS_ON):
        cursor.execute(pragma)
    cursor.close()


def _sqlite_begin(conn: SyncConnection) -> None:
    conn.exec_driver_sql(BEGIN_IMMEDIATE)  # Alembic's and db copy's reflection: a writer, taking its turn


# --- Alembic: the schema's versions from 0018 on, on both databases ------------------------------

BASELINE = "0018"  # the revision an SQLite file made by the numbered migrations is stamped with
# Alembic tells at INFO level what it finds on every open ("Context impl SQLiteImpl."): not news to
# whoever runs Dugout, and printed wherever the front end's log goes.
logging.getLogger("alembic").setLevel(logging.WARNING)


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(resources.files("migrations") / "alembic"))
    return config


def schema_head() -> str:
    """The newest Alembic revision Dugout ships."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


# Whether the database has Alembic's version table yet (a file the numbered migrations made has not).
HAS_VERSION_TABLE = {
    SQLITE: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'",
    POSTGRESQL: "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'alembic_version'",
}
SELECT_REVISION = "SELECT version_num FROM alembic_version"


async def schema_revision(conn: Connection) -> str | None:
    """The database's Alembic revision (None: none yet), read inside the caller's transaction."""
    if not (await conn.fetchall(HAS_VERSION_TABLE[conn.dialect]))[0][0]:
        return None
    rows = await conn.fetchall(SELECT_REVISION)
    return str(rows[0][0]) if rows else None


def _upgrade(sync: SyncConnection) -> None:
    """Alembic's upgrade to the newest revision, inside ``sync``'s transaction; an SQLite file the
    numbered migrations brought to 0018 is stamped with the baseline first."""
    if sync.dialect.name == POSTGRESQL:
        sync.exec_driver_sql(PG_WRITE_LOCK)  # writers take turns, the migration too
    config = alembic_config()
    config.attributes["connection"] = sync
    if sync.dialect.name == SQLITE and MigrationContext.configure(sync).get_current_revision() is None:
        command.stamp(config, BASELINE)
    command.upgrade(config, "head")


async def upgrade_schema(conn: Connection) -> tuple[str | None, str]:
    """Bring the database to the newest revision in one write transaction; (revision before, after).

    An SQLite file without a revision has been brought to 0018 by the numbered migrations: it is
    stamped with the baseline first. An empty PostgreSQL database is built from the baseline up.
    """
    await conn.begin(write=False)
    try:
        before = await schema_revision(conn)
    finally:
        await conn.rollback()
    head = schema_head()
    if before == head:
        return before, head
    known = {s.revision for s in ScriptDirectory.from_config(alembic_config()).walk_revisions()}
    if before is not None and before not in known:
        raise DatabaseError(
            f"the database is at revision {before} but this Dugout knows only up to {head}; upgrade Dugout"
        )
    try:
        await conn.run_sync(_upgrade)  # a connection of its own, in a write transaction of its own
    except (sqlite3.Error, exc.DBAPIError) as error:
        raise DatabaseError(f"upgrading the database failed: {_reason(error)}") from error
    return before, head


async def check_schema(conn: Connection) -> None:
    """Refuse a database that is not at the newest revision (run ``dugout db upgrade``)."""
    await conn.begin(write=False)
    try:
        revision = await schema_revision(conn)
    finally:
        await conn.rollback()
    if revision != schema_head():
        raise DatabaseError(
            f"the database is at revision {revision or 'none'}, Dugout expects {schema_head()}: run `dugout db upgrade`"
        )


def latest_schema() -> int:
    """The newest schema version Dugout ships: its newest Alembic revision, as a number."""
    return int(schema_head())


async def open_database(target: str | Path, *, upgrade: bool = True) -> Connection:
    """The store's connection to a league file or database URL, its schema brought up to date
    (or, with ``upgrade=False``, checked to be). ``version_before`` says where it stood."""
    url = url_of(target)
    numbered = None  # an SQLite file's version by the numbered migrations, before they ran
    conn = await Connection.open(url)  # on a file: refuses another program's file, sets WAL
    try:
        if conn._file is not None:  # the numbered migrations first
            numbered = await current_version(conn._file)
            await (upgrade_file(conn._file) if upgrade else check_current(conn._file))
        if upgrade:
            before, _ = await upgrade_schema(conn)
        else:
            await check_schema(conn)
            before = schema_head()
    except BaseException:
        await conn.close()
        raise
    conn.version_before = numbered if numbered is not None and numbered < len(migrations()) else int(before or 0)
    return conn


async def stored_version(target: str | Path) -> int:
    """The schema version of a league file or database, without changing it."""
    conn = await Connection.open(url_of(target))
    try:
        if conn._file is not None and (numbered := await current_version(conn._file)) < len(migrations()):
            return numbered
        await conn.begin(write=False)
        revision = await schema_revision(conn)
        await conn.rollback()
    finally:
        await conn.close()
    return int(revision or (BASELINE if conn.dialect == SQLITE else 0))
