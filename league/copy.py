"""``dugout db copy``: every row of one league store copied into another, SQLite to PostgreSQL or back.

The target is brought to the same schema version as the source and must hold no league yet. Rows go
table by table, parents before children, in one transaction on the target, keeping their ids; then
PostgreSQL's id counters are moved past the copied ids. The copy is checked by reading every table
back from both sides and comparing them, row by row; a difference rolls nothing back (the target is
new) but is reported, and the command fails.
"""

from __future__ import annotations

import graphlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import inspect
from sqlalchemy.engine import Connection as SyncConnection

from league import db
from league.errors import DatabaseError

# Tables of the schema's own bookkeeping, never copied: each side keeps its own.
BOOKKEEPING = {"alembic_version"}
BATCH = 2_000  # rows a statement
# The order rows were added to a table the store reads in that order: SQLite's implicit rowid,
# which the PostgreSQL schema has as a column (migrations/postgresql/0018_baseline.sql).
ROWID = "rowid"


@dataclass(frozen=True)
class Copied:
    tables: int
    rows: int

    def describe(self) -> str:
        return f"{self.rows:,} rows in {self.tables} tables, every table checked"


def _tables(sync: SyncConnection) -> dict[str, list[str]]:
    """Each table's columns, parents before the tables that refer to them."""
    inspector = inspect(sync)
    names = [n for n in inspector.get_table_names() if n not in BOOKKEEPING]
    parents = {n: {fk["referred_table"] for fk in inspector.get_foreign_keys(n)} - {n} for n in names}
    order = list(graphlib.TopologicalSorter(parents).static_order())
    return {n: [c["name"] for c in inspector.get_columns(n)] for n in order if n in parents}


async def _columns(conn: db.Connection) -> dict[str, list[str]]:
    tables: dict[str, list[str]] = await conn.run_sync(_tables)  # on a connection of its own
    return tables


def _select(table: str, columns: list[str]) -> str:
    # Ordered by every column, so both sides read the same rows in the same order.
    listed = ", ".join(columns)
    return f"SELECT {listed} FROM {table} ORDER BY {listed}"


async def _rows(conn: db.Connection, table: str, columns: list[str]) -> list[tuple[Any, ...]]:
    return [tuple(_same(v) for v in row) for row in await conn.fetchall(_select(table, columns))]


def _same(value: Any) -> Any:
    """A value as both databases give it back (PostgreSQL's bytea comes back as bytes, SQLite's BLOB too)."""
    return bytes(value) if isinstance(value, memoryview | bytearray) else value


async def copy_database(source: str | Path, target: str | Path) -> Copied:
    """Copy every row of ``source`` into ``target`` (made, or upgraded, to the same schema; it must
    hold no league) and check that every table reads the same on both sides."""
    if db.url_of(source) == db.url_of(target):
        raise DatabaseError("copy into another database than the one copied from")
    src = await db.open_database(source, upgrade=False)
    try:
        dst = await db.open_database(target)
        try:
            return await _copy(src, dst)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(src: db.Connection, dst: db.Connection) -> Copied:
    tables, theirs = await _columns(src), await _columns(dst)
    for table, columns in tables.items():
        if table not in theirs or set(theirs[table]) - {ROWID} != set(columns) - {ROWID}:
            raise DatabaseError(f"the target's table {table} is not the source's; is it Dugout's at the same version?")
        if ROWID in theirs[table] and ROWID not in columns:
            columns.append(ROWID)  # SQLite's implicit rowid, a column on PostgreSQL: the order rows were added
    await dst.begin(write=True)
    try:
        if await dst.fetchall("SELECT id FROM league LIMIT 1"):
            raise DatabaseError(f"{db.shown(dst.url)} already holds leagues; copy into a new, empty database")
        await src.begin(write=False)
        rows = 0
        try:
            for table, columns in tables.items():
                await dst.execute(f"DELETE FROM {table}")  # rows a migration made, e.g. none today
                data = await _rows(src, table, columns)
                insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
                for start in range(0, len(data), BATCH):
                    await dst.executemany(insert, data[start : start + BATCH])
                rows += len(data)
        finally:
            await src.rollback()
        if dst.dialect == db.POSTGRESQL:
            for table in tables:
                for column in ("id", ROWID):
                    if column in theirs[table]:
                        await dst.execute(
                            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                            f"coalesce((SELECT max({column}) FROM {table}), 0) + 1, false)"
                        )
        await dst.commit()
    except BaseException:
        if dst.in_transaction:
            await dst.rollback()
        raise
    await _check(src, dst, tables)
    return Copied(len(tables), rows)


async def _check(src: db.Connection, dst: db.Connection, tables: dict[str, list[str]]) -> None:
    """Every table the same on both sides, row for row."""
    await src.begin(write=False)
    await dst.begin(write=False)
    try:
        for table, columns in tables.items():
            mine, theirs = await _rows(src, table, columns), await _rows(dst, table, columns)
            if mine != theirs:
                raise DatabaseError(
                    f"the copy of table {table} differs from the source ({len(mine)} rows, {len(theirs)} copied)"
                )
    finally:
        await src.rollback()
        await dst.rollback()
