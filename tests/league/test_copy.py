"""`dugout db copy`: a league file into PostgreSQL and back, every table compared (issue 30)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from bot.terminal.cli import main
from league import autoplay
from league.copy import copy_database
from league.errors import DatabaseError
from league.models import Team
from league.store import Store
from tests.league.conftest import snapshot

pytestmark = pytest.mark.sqlite_only("copies a league file; the PostgreSQL side is the target")


async def _play_a_day(store: Store, ready: tuple[Team, Team]) -> None:
    """A game played to its end: box scores, season tables, usage, the card snapshot (a BLOB)."""
    hc, mv = ready
    await store.schedule_game(hc.league_id, hc.id, mv.id)
    await autoplay.play_day(store, hc.league_id, rng=random.Random(3))


async def test_a_league_file_goes_into_postgresql_and_back_unchanged(
    db_path: Path, store: Store, ready: tuple[Team, Team], pg_url: str, tmp_path: Path
) -> None:
    await _play_a_day(store, ready)
    await store.close()
    copied = await copy_database(db_path, pg_url)
    assert copied.rows > 100 and copied.tables >= 30
    back = tmp_path / "back.sqlite3"
    await copy_database(pg_url, back)
    assert snapshot(back) == snapshot(db_path)
    async with await Store.open(pg_url) as on_postgresql:
        (league,) = await on_postgresql.all_leagues()
        teams = await on_postgresql.teams(league.id)
        assert [t.name for t in teams] == ["Harbor City", "Mesa Valley"]
        # New rows on PostgreSQL take ids after the copied ones.
        third = await on_postgresql.create_team(league.id, "Third Team", "TT")
        assert third.id > max(t.id for t in teams)


async def test_a_copy_into_a_database_that_holds_leagues_is_refused(
    db_path: Path, store: Store, ready: tuple[Team, Team], pg_url: str
) -> None:
    await store.close()
    await copy_database(db_path, pg_url)
    before = snapshot(pg_url)
    with pytest.raises(DatabaseError, match="already holds leagues"):
        await copy_database(db_path, pg_url)
    assert snapshot(pg_url) == before


async def test_a_copy_onto_itself_is_refused(db_path: Path, store: Store) -> None:
    await store.close()
    with pytest.raises(DatabaseError, match="another database"):
        await copy_database(db_path, db_path)


def test_the_command_copies_and_refuses_in_one_line(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    league_file = tmp_path / "league.sqlite3"
    assert main(["league", "create", "Copied", "--set", "sample", "--database", str(league_file)]) == 0
    capsys.readouterr()
    assert main(["db", "copy", "--database", str(league_file), "--to", pg_url]) == 0
    assert "copied to postgresql" in capsys.readouterr().out
    assert main(["db", "copy", "--database", str(league_file), "--to", "mysql://root:secret@db/x"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "secret" not in err and "SQLite or PostgreSQL" in err


async def test_without_the_postgresql_extra_a_url_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "asyncpg", None)  # as if the extra were not installed
    with pytest.raises(DatabaseError, match=r"needs the postgresql extra \(asyncpg is missing\)"):
        await Store.open("postgresql://dugout:secret@db.example/league")
