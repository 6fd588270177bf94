"""A process killed while it writes a game's result leaves no half-written game.

A child process (``sys.executable -c``) opens the store and finishes a game; a hook inside
finish_game's transaction kills it with SIGKILL at a chosen point, or waits there until the
test kills it. Afterwards the file passes ``PRAGMA integrity_check`` and the game is either
still live with none of its results, or final with all of them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from engine.events import Injury
from engine.game import Game
from league.models import GameRecord, League, Team
from league.store import Store
from tests.league.conftest import intact, played, seed_where

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")

CHILD = """
import asyncio, json, os, signal, sys
from league.store import Store

path, game_id, game_file, stage, how = sys.argv[1:]

async def hook(at):
    if at != stage:
        return
    if how == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    print("waiting", flush=True)
    await asyncio.sleep(120)

async def main():
    store = await Store.open(path)
    store.finish_hook = hook
    with open(game_file) as handle:
        await store.finish_game(int(game_id), json.load(handle))
    await store.close()
    print("finished", flush=True)

asyncio.run(main())
"""


def child(db_path: Path, game_id: int, game_file: Path, stage: str, how: str) -> subprocess.Popen[str]:
    args = [sys.executable, "-c", CHILD, str(db_path), str(game_id), str(game_file), stage, how]
    return subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.fixture
async def live_game(store: Store, league: League, ready: tuple[Team, Team], tmp_path: Path) -> tuple[GameRecord, Path]:
    """A live game, and its finished form (with an injury, so every part of the result is written) in a file."""
    hc, mv = ready
    game = await store.schedule_game(league.id, hc.id, mv.id)
    setup = await store.build_game_setup(game.id)
    seed = seed_where(setup, lambda events: any(isinstance(e, Injury) and e.days > 0 for e in events))
    record = await store.start_game(game.id, seed=seed)
    game_file = tmp_path / "game.json"
    game_file.write_text(json.dumps(played(record)))
    return record, game_file


def check_file(db_path: Path) -> None:
    intact(db_path)


async def assert_untouched(store: Store, record: GameRecord) -> None:
    """Still live, with none of its results written."""
    assert await store.game(record.id) == record
    assert await store.pitcher_usage(record.league_id) == []
    assert await store.injuries(record.league_id, current=False) == []
    assert (await store.season_stats(record.league_id)).batting == {}  # nor its season rows
    assert (await store.rotation(record.away_team_id)).next_starter == (
        await store.rotation(record.away_team_id)
    ).starters[0]


async def assert_complete(store: Store, record: GameRecord, game_file: Path) -> None:
    """Final, with its scores, every pitcher's outing and its injuries."""
    final = await store.game(record.id)
    game = Game.from_dict(json.loads(game_file.read_text()))
    assert final.status == "final" and final.box_score is not None and final.line_score is not None
    pitched = {line["player"] for side in ("away", "home") for line in final.box_score[side]["pitching"]}
    assert {u.card_id for u in await store.pitcher_usage(record.league_id)} == pitched
    hurt = {e.player for e in game.events if isinstance(e, Injury) and e.leaves_game}
    assert hurt and {i.card_id for i in await store.injuries(record.league_id, current=False)} == hurt


@pytest.mark.parametrize("stage", ["game", "pitchers", "injuries", "season"])
async def test_killed_inside_finish_game_leaves_the_game_live(
    store: Store, db_path: Path, live_game: tuple[GameRecord, Path], stage: str
) -> None:
    record, game_file = live_game
    proc = child(db_path, record.id, game_file, stage, "kill")
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL, err
    check_file(db_path)
    await assert_untouched(store, record)
    await store.finish_game(record.id, json.loads(game_file.read_text()))  # and it can still be finished
    await assert_complete(store, record, game_file)
    check_file(db_path)


async def test_killed_from_outside_while_it_waits_in_the_transaction(
    store: Store, db_path: Path, live_game: tuple[GameRecord, Path]
) -> None:
    record, game_file = live_game
    proc = child(db_path, record.id, game_file, "injuries", "wait")
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "waiting"
        await assert_untouched(store, record)  # readers see the game as it was while the writer holds its transaction
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    check_file(db_path)
    await assert_untouched(store, record)


async def test_a_child_that_is_not_killed_finishes_the_game(
    store: Store, db_path: Path, live_game: tuple[GameRecord, Path]
) -> None:
    record, game_file = live_game
    proc = child(db_path, record.id, game_file, "never", "kill")
    out, err = proc.communicate(timeout=60)
    assert (proc.returncode, out.strip()) == (0, "finished"), err
    check_file(db_path)
    await assert_complete(store, record, game_file)
