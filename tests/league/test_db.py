"""The database file: connection settings, migrations (all at once, once), backups, and `dugout db`."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bot.terminal.cli import main
from league import db
from league.errors import DatabaseError
from league.store import Store
from tests.league.conftest import query, snapshot

pytestmark = pytest.mark.sqlite_only("the league file's numbered migrations, settings and backups")

TABLES = {
    "league",
    "league_card_set",
    "commissioner",
    "league_channel",
    "team",
    "co_manager",
    "roster",
    "trade",
    "trade_card",
    "roster_move",
    "lineup_spot",
    "rotation_slot",
    "bullpen_role",
    "game",
    "pitcher_usage",
    "injury",
}


def schema(path: Path) -> list[tuple[str, str, str]]:
    return sorted(query(path, "SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL"))


def user_version(path: Path) -> int:
    return int(query(path, "PRAGMA user_version")[0][0])


async def test_migrations_build_every_table_from_an_empty_file(db_path: Path) -> None:
    conn = await db.connect(db_path)
    assert await db.current_version(conn) == 0
    assert await db.upgrade(conn) == (0, db.latest_version())
    await conn.close()
    assert user_version(db_path) == db.latest_version() >= 1
    tables = {row[1]: row[5] for row in query(db_path, "PRAGMA table_list") if row[0] == "main"}
    assert set(tables) >= TABLES
    assert all(tables[name] == 1 for name in TABLES), "every table is STRICT"


async def test_running_the_migrations_again_changes_nothing(db_path: Path) -> None:
    store = await Store.open(db_path)
    league = await store.create_league("Kept", ["sample"])
    await store.close()
    before_schema, before_rows = schema(db_path), snapshot(db_path)
    conn = await db.connect(db_path)
    latest = db.latest_version()
    assert await db.upgrade(conn) == (latest, latest)
    await conn.close()
    async with await Store.open(db_path) as store:  # opening upgrades too
        assert (await store.league(league.id)).name == "Kept"
        assert await store.version() == db.latest_schema()
    assert schema(db_path) == before_schema
    assert snapshot(db_path) == before_rows
    assert user_version(db_path) == latest


async def test_the_connection_uses_wal_foreign_keys_and_a_busy_timeout(db_path: Path) -> None:
    conn = await db.connect(db_path)
    for pragma, wanted in (("journal_mode", "wal"), ("foreign_keys", 1), ("busy_timeout", db.BUSY_TIMEOUT_MS)):
        async with conn.execute(f"PRAGMA {pragma}") as cursor:
            row = await cursor.fetchone()
        assert row is not None and row[0] == wanted, pragma
    await conn.close()


async def test_a_failing_migration_leaves_the_file_as_it_was(db_path: Path) -> None:
    good = db.Migration(1, "0001_good.sql", "CREATE TABLE kept (id INTEGER PRIMARY KEY) STRICT;")
    bad = db.Migration(2, "0002_bad.sql", "CREATE TABLE also (id INTEGER) STRICT;\nINSERT INTO nowhere VALUES (1);")
    conn = await db.connect(db_path)
    with pytest.raises(DatabaseError, match=r"0002_bad\.sql failed"):
        await db.upgrade(conn, [good, bad])
    assert await db.current_version(conn) == 0
    await conn.close()
    assert schema(db_path) == []


async def test_migrations_apply_in_order_in_one_go(db_path: Path) -> None:
    first = db.Migration(1, "0001_a.sql", "CREATE TABLE a (id INTEGER PRIMARY KEY) STRICT;")
    second = db.Migration(2, "0002_b.sql", "ALTER TABLE a ADD COLUMN note TEXT; -- a comment; with a semicolon\n")
    conn = await db.connect(db_path)
    assert await db.upgrade(conn, [first]) == (0, 1)
    assert await db.upgrade(conn, [first, second]) == (1, 2)
    await conn.close()
    assert [row[1] for row in query(db_path, "PRAGMA table_info(a)")] == ["id", "note"]


def test_statements_split_only_where_a_statement_ends() -> None:
    script = """
    -- a comment; not a statement
    CREATE TABLE t (x TEXT DEFAULT ';') STRICT;
    CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET x = 'a;b'; DELETE FROM t WHERE x = ''; END;
    """
    statements = db.Migration(1, "0001_t.sql", script).statements()
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    with pytest.raises(DatabaseError, match="unfinished statement"):
        db.Migration(1, "0001_t.sql", "CREATE TABLE t (x TEXT);\nCREATE TABLE u (").statements()


def test_shipped_migrations_are_numbered_from_one_without_gaps() -> None:
    found = db.migrations()
    assert [m.version for m in found] == list(range(1, len(found) + 1))
    assert all(m.statements() for m in found)


async def test_a_database_newer_than_dugout_is_refused(db_path: Path) -> None:
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute(f"PRAGMA user_version = {db.latest_version() + 1}")
    with pytest.raises(DatabaseError, match="upgrade Dugout"):
        await Store.open(db_path)


async def test_opening_without_upgrading_refuses_an_old_database(db_path: Path) -> None:
    with pytest.raises(DatabaseError, match="dugout db upgrade"):
        await Store.open(db_path, upgrade=False)
    assert user_version(db_path) == 0


async def test_a_backup_is_a_whole_copy_and_never_overwrites(db_path: Path, tmp_path: Path) -> None:
    store = await Store.open(db_path)
    await store.create_league("Backed Up", ["sample"], commissioners=[7])
    target = await store.backup(tmp_path / "copies" / "backup.sqlite3")
    with pytest.raises(DatabaseError, match="already exists"):
        await store.backup(target)
    await store.close()
    assert snapshot(target) == snapshot(db_path)
    assert user_version(target) == db.latest_version()


def test_dugout_db_upgrade_current_and_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "data" / "dugout.sqlite3"
    monkeypatch.setenv("DUGOUT_DATABASE", str(path))
    assert main(["db", "current"]) == 1
    assert "no database" in capsys.readouterr().err
    assert main(["db", "upgrade"]) == 0
    assert f"upgraded from version 0 to {db.latest_schema()}" in capsys.readouterr().out
    assert main(["db", "upgrade"]) == 0
    assert "nothing to do" in capsys.readouterr().out
    assert main(["db", "current"]) == 0
    assert f"version {db.latest_schema()} of {db.latest_schema()} (up to date)" in capsys.readouterr().out
    assert main(["db", "backup", str(tmp_path / "copy.sqlite3")]) == 0
    assert (tmp_path / "copy.sqlite3").exists()
    assert main(["db", "backup", str(tmp_path / "copy.sqlite3")]) == 1
    assert "already exists" in capsys.readouterr().err
    assert main(["db", "backup"]) == 0
    assert len(list(path.parent.glob("dugout-backup-*.sqlite3"))) == 1
    other = tmp_path / "other.sqlite3"
    assert main(["db", "--database", str(other), "upgrade"]) == 0
    assert user_version(other) == db.latest_version()


async def test_a_file_that_is_not_a_database_is_named_and_left_alone(tmp_path: Path) -> None:
    """SQLite opens any file; the first statement is where it says "file is not a database"."""
    path = tmp_path / "notes.sqlite3"
    path.write_text("my shopping list\n")
    with pytest.raises(DatabaseError) as exc:
        await Store.open(path)
    assert str(exc.value) == f"{path} is not a Dugout database (not an SQLite file)"
    assert path.read_text() == "my shopping list\n"


async def test_a_folder_is_not_a_database_file(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError) as exc:
        await db.connect(tmp_path)
    assert (
        str(exc.value) == f"{tmp_path} is a folder; name the database file (for example {tmp_path / 'dugout.sqlite3'})"
    )


@pytest.mark.parametrize("command", ["current", "upgrade", "backup"])
def test_dugout_db_on_a_file_that_is_not_a_database_is_one_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("my shopping list\n")
    assert main(["db", "--database", str(path), command]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"{path} is not a Dugout database (not an SQLite file)\n"


def _other_programs_database(path: Path, version: int = 0) -> bytes:
    """A SQLite file another program made (its own tables; some programs set a user_version too)."""
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        conn.execute("INSERT INTO notes (body) VALUES ('buy milk')")
        conn.execute(f"PRAGMA user_version = {version}")
    return path.read_bytes()


@pytest.mark.parametrize("version", [0, 3])
async def test_another_programs_database_is_refused_and_left_alone(tmp_path: Path, version: int) -> None:
    path = tmp_path / "other.sqlite3"
    before = _other_programs_database(path, version)
    with pytest.raises(DatabaseError) as exc:
        await Store.open(path)
    assert str(exc.value) == (
        f"{path} is not a Dugout database: it holds another program's tables (notes); "
        "name a new file or one Dugout made"
    )
    assert path.read_bytes() == before  # not even switched to WAL
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite3"]


def test_dugout_run_on_another_programs_database_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    path = tmp_path / "other.sqlite3"
    before = _other_programs_database(path)
    assert main(["run", "--database", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1].endswith(
        f"{path} is not a Dugout database: it holds another program's tables (notes); "
        "name a new file or one Dugout made"
    )
    assert path.read_bytes() == before


async def test_an_empty_file_and_every_dugout_version_open(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    await (await Store.open(empty)).close()
    assert user_version(empty) == db.latest_version()
    for level in range(1, db.latest_version() + 1):
        path = tmp_path / f"v{level}.sqlite3"
        conn = await db.connect(path)
        await db.upgrade(conn, db.migrations()[:level])
        await conn.close()
        await (await Store.open(path)).close()
        assert user_version(path) == db.latest_version()
