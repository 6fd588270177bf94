"""The tests' PostgreSQL server (tests/pgserver.py, issue 30): a real cluster, a fresh empty database for each
test that asks for one, dropped after it."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from tests import pgserver
from tests.pgserver import PostgresMissing, Server


async def tables(url: str) -> list[str]:
    engine = create_async_engine(url)
    try:
        async with engine.connect() as conn:
            found = await conn.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))
            return sorted(found.scalars())
    finally:
        await engine.dispose()


async def test_a_test_gets_a_working_database_through_sqlalchemy_and_asyncpg(pg_url: str) -> None:
    assert pg_url.startswith("postgresql+asyncpg://")
    engine = create_async_engine(pg_url)
    try:
        async with engine.begin() as conn:
            await conn.execute(text("CREATE TABLE team (id SERIAL PRIMARY KEY, name TEXT NOT NULL)"))
            await conn.execute(text("INSERT INTO team (name) VALUES (:name)"), [{"name": "Cubs"}, {"name": "Reds"}])
        async with engine.connect() as conn:
            rows = (await conn.execute(text("SELECT id, name FROM team ORDER BY id"))).all()
    finally:
        await engine.dispose()
    assert [tuple(row) for row in rows] == [(1, "Cubs"), (2, "Reds")]


async def test_two_databases_of_one_session_are_apart_and_empty(pg_server: Server, pg_url: str) -> None:
    with pg_server.database("other") as other:
        assert other != pg_url
        engine = create_async_engine(pg_url)
        try:
            async with engine.begin() as conn:
                await conn.execute(text("CREATE TABLE only_here (x INTEGER)"))
        finally:
            await engine.dispose()
        assert await tables(pg_url) == ["only_here"]
        assert await tables(other) == []


async def test_a_database_is_dropped_after_its_test_even_with_a_connection_left_open(pg_server: Server) -> None:
    """pg_url is this block: the database exists during the test and not after, though a connection was left."""
    left_open = create_async_engine(pg_server.url("dropped"))
    try:
        with pg_server.database("dropped"):
            assert "dropped" in pg_server.databases()
            conn = await left_open.connect()  # never closed before the drop
            assert (await conn.scalar(text("SELECT current_database()"))) == "dropped"
        assert "dropped" not in pg_server.databases()
        await conn.invalidate()  # the server ended it
    finally:
        await left_open.dispose()


def test_missing_postgresql_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no pg_config
    monkeypatch.setattr(pgserver, "PG_ROOT", tmp_path)  # no /usr/lib/postgresql/*/bin
    with pytest.raises(PostgresMissing, match=r"run `make test`.*or `apt-get install postgresql`"):
        pgserver.bindir()


def test_the_newest_installed_version_is_chosen_without_pg_config(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for version in ("9", "15", "13"):
        (tmp_path / version / "bin").mkdir(parents=True)
        (tmp_path / version / "bin" / "initdb").touch()
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    monkeypatch.setattr(pgserver, "PG_ROOT", tmp_path)
    assert pgserver.bindir() == tmp_path / "15" / "bin"


def test_the_cluster_goes_on_the_ram_disk_only_when_it_has_room(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(pgserver, "RAM_DISK", tmp_path)
    monkeypatch.setattr(pgserver, "RAM_DISK_ROOM", 0)
    assert pgserver._parent() == tmp_path
    monkeypatch.setattr(pgserver, "RAM_DISK_ROOM", 1 << 60)  # a container's 64 MB /dev/shm, say
    assert pgserver._parent() is None
    monkeypatch.setattr(pgserver, "RAM_DISK", tmp_path / "missing")
    monkeypatch.setattr(pgserver, "RAM_DISK_ROOM", 0)
    assert pgserver._parent() is None
