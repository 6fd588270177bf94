"""The SQLite database: opening the one connection with its settings, the migrations, backups.

Migrations are the ``migrations/NNNN_reason.sql`` files, numbered from 0001 without gaps.
Upgrading applies every one newer than ``PRAGMA user_version`` in a single transaction and
sets the version in the same transaction, so a failed migration leaves the file as it was.
A migration may have a Python step (:data:`PYTHON_STEPS`), run after its SQL in that transaction.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import aiosqlite

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
