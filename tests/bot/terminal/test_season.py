"""The terminal league behind ``dugout run``: made in one transaction, a game scheduled and started
in one, never stopped by a hurt player or a tired rotation (and the terminal says who fills in)."""

from __future__ import annotations

import asyncio
import functools
import io
import json
import sqlite3
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot.terminal import league as season
from bot.terminal.cli import main
from league.compact import unpack
from league.errors import PlayerUnavailable
from league.models import League
from league.store import Store
from tests.league.conftest import injure, query, snapshot


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No token, a fresh league file, stdin not a terminal (the game is watched)."""
    db = tmp_path / "league.sqlite3"
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("DUGOUT_IMAGE_DATABASE", raising=False)
    monkeypatch.setenv("DUGOUT_DATABASE", str(db))
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    return db


def made_league(db: Path) -> League:
    async def make() -> League:
        async with await Store.open(db) as store:
            return await season.terminal_league(store)

    return asyncio.run(make())


async def test_the_league_is_made_in_one_transaction(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure while the second team is set up leaves the file as it was before: no half league."""
    db = tmp_path / "league.sqlite3"
    async with await Store.open(db) as store:
        empty = snapshot(db)
        real = Store.set_rotation
        calls: list[int] = []

        async def failing(self: Store, team_id: int, card_ids: Any) -> Any:
            calls.append(team_id)
            if len(calls) == 2:
                raise RuntimeError("the power went out")
            return await real(self, team_id, card_ids)

        monkeypatch.setattr(Store, "set_rotation", failing)
        with pytest.raises(RuntimeError, match="the power went out"):
            await season.terminal_league(store)
        assert snapshot(db) == empty
        monkeypatch.setattr(Store, "set_rotation", real)
        league = await season.terminal_league(store)
        teams = await store.teams(league.id)
        assert [t.name for t in teams] == ["Harbor City", "Mesa Valley"]
        for team in teams:
            assert len((await store.rotation(team.id)).starters) == 5
            assert await store.lineup(team.id, "L") is not None
        assert (await season.terminal_league(store)).id == league.id  # found, not made again


def test_a_start_that_fails_leaves_no_game_behind(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every Harbor City batter hurt: nobody can fill the lineup, so the run says why and exits 1,
    and the league file has no game in it (no scheduled game left from the attempt)."""
    league = made_league(env)
    hitters = query(env, "SELECT card_id FROM roster WHERE kind = 'batter' AND team_id = 1")
    for (card_id,) in hitters:
        injure(env, league, card_id, 3)
    assert main(["run"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("dugout run: Harbor City: ") and "injured (3 more days)" in err
    assert query(env, "SELECT count(*) FROM game") == [(0,)]

    async def try_directly() -> None:
        async with await Store.open(env) as store:
            await season.start_next_game(store, league, set(), seed=1)

    with pytest.raises(PlayerUnavailable):
        asyncio.run(try_directly())
    assert query(env, "SELECT count(*) FROM game") == [(0,)]


def test_the_run_says_who_fills_in_for_a_hurt_player_and_plays_the_game(
    env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    league = made_league(env)
    spot = query(env, "SELECT card_id, position FROM lineup_spot WHERE team_id = 1 AND card_id IS NOT NULL LIMIT 1")
    hurt, position = spot[0]
    injure(env, league, hurt, 3)
    assert main(["run"]) == 0
    out = capsys.readouterr().out
    assert "Not everyone can play today; the auto-manager fills in:\n  Harbor City: " in out
    line = next(line for line in out.splitlines() if line.startswith("  Harbor City: "))
    assert " is injured (3 more days); " in line and line.endswith(f" plays {position}")
    assert "Standings" in out
    assert query(env, "SELECT status FROM game") == [("final",)]


def test_a_live_game_whose_log_no_longer_replays_goes_on_from_what_still_does(
    env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A rules change between versions can make a stored game ask other questions: the run keeps
    the decisions that still replay, stores the game anew and plays on instead of failing forever."""
    league = made_league(env)

    async def live_with_answers() -> int:
        async with await Store.open(env) as store:
            record, _ = await season.start_next_game(store, league, {"home"}, seed=4)
            game = await store.load_game(record.id)
            for _ in range(3):
                assert game.pending is not None
                game.choose("home", game.pending.suggestion, seq=game.pending.seq)
                await store.save_decisions(record.id, game)
            return record.id

    game_id = asyncio.run(live_with_answers())
    log = json.loads(query(env, "SELECT log FROM game WHERE id = ?", (game_id,))[0][0])
    mine = [i for i, d in enumerate(log) if d["by"] == "manager"]
    broken = mine[1]
    log[broken]["kind"] = "a_question_this_version_never_asks"
    with closing(sqlite3.connect(env)) as conn, conn:
        conn.execute("UPDATE game SET log = ? WHERE id = ?", (json.dumps(log), game_id))
    assert main(["run"]) == 0
    out = capsys.readouterr().out
    assert f"Game {game_id} was stored by another version of Dugout: its first {broken} of {len(log)} decisions" in out
    assert "Standings" in out
    [(packed,)] = query(env, "SELECT log_z FROM game WHERE id = ?", (game_id,))  # a final game's log is compressed
    stored = unpack(packed)
    assert stored[:broken] == log[:broken]
    assert query(env, "SELECT status FROM game") == [("final",)]


def test_an_option_set_while_a_game_is_live_starts_with_the_next(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``dugout run --option`` with a game left live: the league keeps the option, the live game goes on
    with the setup it started with (its stored game), and the run says the option waits for the next."""
    league = made_league(env)

    async def live() -> int:
        async with await Store.open(env) as store:
            record, _ = await season.start_next_game(store, league, {"home"}, seed=4)
            return record.id

    game_id = asyncio.run(live())
    assert main(["run", "--option", "innings=7"]) == 0
    out = capsys.readouterr().out
    assert "Game options: innings 7 (from the next game: the live one keeps its own).\n" in out

    async def stored() -> tuple[int, int]:
        async with await Store.open(env) as store:
            [kept] = await store.leagues()
            game = await store.load_game(game_id)
            return kept.options.innings, game.setup.options.innings

    assert asyncio.run(stored()) == (7, 9)


def test_a_run_whose_game_is_taken_over_stops_between_plays_without_saving_more(
    env: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The heartbeat could not renew the lease and another process took the game over (league.lease):
    the run stops at the next play instead of showing the rest of a game it no longer plays."""
    made_league(env)
    monkeypatch.setattr(season, "Heartbeat", functools.partial(season.Heartbeat, interval=0.01))
    sleep = season.Signals.sleep
    taken: list[tuple[Any, ...]] = []

    def taken_over(self: season.Signals, seconds: float) -> None:
        if not taken:
            with closing(sqlite3.connect(env)) as conn, conn:
                conn.execute("UPDATE game_lease SET owner = 'elsewhere:1:x', host = 'elsewhere', pid = 1")
            taken.extend(query(env, "SELECT status, posted, log FROM game"))
            time.sleep(0.2)  # the heartbeat's next beats find the lease another's
        sleep(self, seconds)

    monkeypatch.setattr(season.Signals, "sleep", taken_over)
    assert main(["run", "--pace", "0.001"]) == 1
    err = capsys.readouterr().err
    assert err == "dugout run: game 1 was taken over by another dugout process; this run stops without saving more\n"
    assert query(env, "SELECT status, posted, log FROM game") == taken
    assert query(env, "SELECT owner FROM game_lease") == [("elsewhere:1:x",)]


def test_a_scheduled_season_whose_last_game_is_postponed_adds_no_game_and_says_who_starts_it(
    env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 26: ``dugout run`` added an unscheduled game that changed the standings."""
    league = made_league(env)

    async def schedule() -> int:
        async with await Store.open(env) as store:
            games = await store.schedule_season(league.id, 2, series_length=1)
            return (await store.postpone_game(games[-1].id)).id

    postponed = asyncio.run(schedule())
    assert main(["run"]) == 0  # the schedule's other game
    capsys.readouterr()
    before = snapshot(env)
    assert main(["run"]) == 1
    assert capsys.readouterr().err == (
        f"dugout run: game {postponed} (day 2) is postponed, and the season's schedule has no other game to "
        f"play: a commissioner starts it in Discord with /game start game:{postponed} override:True\n"
    )
    assert snapshot(env) == before
