"""Fixtures for the store tests: a real SQLite file in tmp_path, a league on the sample cards, two teams.

Harbor City (manager 10) and Mesa Valley (manager 20) are the sample set's two full teams;
``ready`` signs their players, saves the auto-manager's lineups and sets five-man rotations.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import pytest

from cards import SAMPLE_SET
from cards.loader import load_set
from engine.events import Event
from engine.game import Game
from engine.setup import GameSetup
from league import db
from league.cardpool import CardPool
from league.models import GameRecord, League, Team
from league.store import Store

GUILD = 555
COMMISSIONER = 1
HC_MANAGER = 10
MV_MANAGER = 20
STRANGER = 99

_SAMPLE = load_set(SAMPLE_SET)
_POOL = CardPool(["sample"], [_SAMPLE])


def players_of(team: str) -> list[str]:
    """The sample set's cards for one team that go on a roster (not the pitchers' batting cards)."""
    batters = [b.id for b in _SAMPLE.batters.values() if b.team == team and not _POOL.is_pitchers_batting_card(b)]
    pitchers = [p.id for p in _SAMPLE.pitchers.values() if p.team == team]
    return batters + pitchers


HC_PLAYERS = players_of("Harbor City")
MV_PLAYERS = players_of("Mesa Valley")
HC_PITCHERS = [p.id for p in _SAMPLE.pitchers.values() if p.team == "Harbor City"]
MV_PITCHERS = [p.id for p in _SAMPLE.pitchers.values() if p.team == "Mesa Valley"]
HC_STARTERS = HC_PITCHERS[:5]
MV_STARTERS = MV_PITCHERS[:5]


def _read(target: Path | str, statement: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Rows read over a connection of their own: sqlite3 for a file, the store's driver for a URL (in a
    thread with its own event loop, so that a test's running loop is not asked to nest)."""
    if not db.is_url(target):
        with closing(sqlite3.connect(target)) as conn, conn:  # committed at the end of the block
            return conn.execute(statement, params).fetchall()

    async def read() -> list[tuple[Any, ...]]:
        conn = await db.Connection.open(db.url_of(target))
        try:
            await conn.begin(write=True)
            rows = [tuple(r) for r in await conn.fetchall(statement, params)]
            await conn.commit()
            return rows
        finally:
            await conn.close()

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, read()).result()


class Rows(list[tuple[Any, ...]]):
    """What a statement of :class:`Direct` gave back, read as sqlite3's cursor is."""

    def fetchall(self) -> list[tuple[Any, ...]]:
        return list(self)

    def fetchone(self) -> tuple[Any, ...] | None:
        return self[0] if self else None


class Direct:
    """A test's own way into the store's database, behind the store's back (as sqlite3.connect was):
    each statement is run and committed on its own, on an SQLite file or a PostgreSQL URL alike."""

    def __init__(self, target: Path | str) -> None:
        self.target = target

    def execute(self, statement: str, params: tuple[Any, ...] | list[Any] = ()) -> Rows:
        return Rows(_read(self.target, statement, tuple(params)))

    def executemany(self, statement: str, rows: list[tuple[Any, ...]]) -> None:
        for row in rows:
            self.execute(statement, row)


@contextmanager
def direct(target: Path | str) -> Iterator[Direct]:
    yield Direct(target)


TABLES = {
    "sqlite": "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    "postgresql": "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
}


def snapshot(path: Path | str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, read over a separate connection."""
    names = [r[0] for r in _read(path, TABLES["postgresql" if db.is_url(path) else "sqlite"])]
    return {name: sorted(_read(path, f"SELECT * FROM {name}"), key=repr) for name in sorted(names)}


@contextmanager
def unchanged(path: Path | str) -> Iterator[None]:
    """Assert the block leaves every table exactly as it found it."""
    before = snapshot(path)
    yield
    assert snapshot(path) == before


def intact(path: Path | str) -> None:
    """The database whole after a kill: SQLite's own checks of the file and its foreign keys; on PostgreSQL
    (whose server keeps its files whole and checks every key) no transaction left half decided and the
    schema at its version."""
    if not db.is_url(path):
        assert query(path, "PRAGMA integrity_check") == [("ok",)]
        assert query(path, "PRAGMA foreign_key_check") == []
        return
    assert query(path, "SELECT count(*) FROM pg_prepared_xacts") == [(0,)]
    assert query(path, "SELECT version_num FROM alembic_version") == [(db.schema_head(),)]


def query(path: Path | str, statement: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    return _read(path, statement, params)


def injure(path: Path | str, league: League, card_id: str, days: int) -> None:
    """An injury row as a finished game writes one (finish_game's own are tested in test_games.py)."""
    _read(
        path,
        "INSERT INTO injury (league_id, card_id, season, day, kind, days, days_left) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (league.id, card_id, league.season, league.day, "game+1d6", days, days),
    )


def played(record: GameRecord) -> dict[str, Any]:
    """A live game played to the end by the auto-manager, as Game.to_dict()."""
    game = Game.from_dict(record.game_dict())
    assert game.over
    return game.to_dict()


def seed_where(setup: GameSetup, wanted: Callable[[list[Event]], bool], tries: int = 3000) -> int:
    """The first seed whose game (auto-managed) has events that satisfy ``wanted``."""
    for seed in range(tries):
        if wanted(Game(setup, seed).events):
            return seed
    raise AssertionError("no seed found; the engine's games have changed")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_path(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """The league store each test runs on: an SQLite file, then a PostgreSQL database (tests/pgserver.py).
    A test about the SQLite file itself is marked ``sqlite_only`` and runs on the file alone."""
    if request.param == "sqlite":
        return tmp_path / "league.sqlite3"
    marker = request.node.get_closest_marker("sqlite_only")
    if marker is not None:
        pytest.skip(f"SQLite only: {marker.args[0]}")
    url: str = request.getfixturevalue("pg_store_url")
    return url


@pytest.fixture
async def store(db_path: Path | str) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
async def league(store: Store) -> League:
    return await store.create_league("Test League", ["sample"], guild_id=GUILD, commissioners=[COMMISSIONER])


@pytest.fixture
async def teams(store: Store, league: League) -> tuple[Team, Team]:
    hc = await store.create_team(
        league.id, "Harbor City", "HC", ballpark="harbor-city-bowl-1970", manager_id=HC_MANAGER
    )
    mv = await store.create_team(
        league.id, "Mesa Valley", "MV", ballpark="mesa-valley-field-1970", manager_id=MV_MANAGER
    )
    return hc, mv


@pytest.fixture
async def ready(store: Store, teams: tuple[Team, Team]) -> tuple[Team, Team]:
    """Both teams signed, with saved lineups against either hand and five-man rotations."""
    hc, mv = teams
    for team, players, starters in ((hc, HC_PLAYERS, HC_STARTERS), (mv, MV_PLAYERS, MV_STARTERS)):
        for card_id in players:
            await store.sign(team.id, card_id)
        await store.save_auto_lineup(team.id, "L")
        await store.save_auto_lineup(team.id, "R")
        await store.set_rotation(team.id, starters)
    return hc, mv
