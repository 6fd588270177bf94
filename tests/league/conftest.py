"""Fixtures for the store tests: a real SQLite file in tmp_path, a league on the sample cards, two teams.

Harbor City (manager 10) and Mesa Valley (manager 20) are the sample set's two full teams;
``ready`` signs their players, saves the auto-manager's lineups and sets five-man rotations.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import pytest

from cards import SAMPLE_SET
from cards.loader import load_set
from engine.events import Event
from engine.game import Game
from engine.setup import GameSetup
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


def snapshot(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, read over a separate connection."""
    with closing(sqlite3.connect(path)) as conn:
        names = [
            r[0]
            for r in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        ]
        return {name: sorted(conn.execute(f"SELECT * FROM {name}").fetchall(), key=repr) for name in sorted(names)}


@contextmanager
def unchanged(path: Path) -> Iterator[None]:
    """Assert the block leaves every table exactly as it found it."""
    before = snapshot(path)
    yield
    assert snapshot(path) == before


def query(path: Path, statement: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(statement, params).fetchall()


def injure(path: Path, league: League, card_id: str, days: int) -> None:
    """An injury row as a finished game writes one (finish_game's own are tested in test_games.py)."""
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(
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


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "league.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
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
