"""The PostgreSQL schema is the SQLite file's: the same tables, columns, keys and constraints (issue 30).

migrations/postgresql/0018_baseline.sql is the SQLite schema at 0018 written for PostgreSQL, and every
later Alembic revision runs on both; this reads both schemas back through SQLAlchemy's inspector and
compares them, so that neither database drifts from the other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect
from sqlalchemy.engine import Connection as SyncConnection

from league import db
from league.store import Store

# SQLAlchemy cannot reflect SQLite's expression indexes (lower(name)) and says so; they are not compared.
pytestmark = pytest.mark.filterwarnings("ignore:Skipped unsupported reflection of expression-based index")

# SQLite's implicit rowid is a column on PostgreSQL where the store reads rows in the order they were added.
ROWID = "rowid"


def _schema(sync: SyncConnection) -> dict[str, Any]:
    inspector = inspect(sync)
    out: dict[str, Any] = {}
    for table in sorted(inspector.get_table_names()):
        key = tuple(inspector.get_pk_constraint(table)["constrained_columns"])
        # A key is never NULL (SQLite reports its INTEGER PRIMARY KEY, the rowid, as nullable).
        columns = {
            c["name"]: c["nullable"] and c["name"] not in key
            for c in inspector.get_columns(table)
            if c["name"] != ROWID
        }
        foreign = sorted(
            (tuple(fk["constrained_columns"]), fk["referred_table"], tuple(fk["referred_columns"]))
            for fk in inspector.get_foreign_keys(table)
        )
        unique = sorted(tuple(u["column_names"]) for u in inspector.get_unique_constraints(table))
        out[table] = {"columns": columns, "key": key, "foreign": foreign, "unique": unique}
    return out


async def _read(target: Path | str) -> dict[str, Any]:
    conn = await db.open_database(target)
    try:
        schema: dict[str, Any] = await conn.run_sync(_schema)
    finally:
        await conn.close()
    return schema


async def test_postgresql_has_the_sqlite_files_tables_columns_and_keys(tmp_path: Path, pg_url: str) -> None:
    db_path = tmp_path / "league.sqlite3"
    on_file, on_server = await _read(db_path), await _read(pg_url)
    assert sorted(on_file) == sorted(on_server)
    for table in on_file:
        assert on_file[table] == on_server[table], table


async def test_both_are_at_the_newest_revision(tmp_path: Path, pg_url: str) -> None:
    for target in (tmp_path / "league.sqlite3", pg_url):
        async with await Store.open(target) as store:
            assert await store.version() == db.latest_schema()
