"""A league store written before issue 27 opens, reads and plays on as it did.

tests/corpus/league.sqlite3.gz holds the terminal leagues of the two sample sets (one per ruleset), each
with three auto-played days and a live game in which the home manager has answered twelve questions;
league.json is what the old code read from it (make_league.py, at commit a3b94f9).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from engine.boxscore import box_score
from league.store import Store

HERE = Path(__file__).parent
EXPECTED: dict[str, Any] = json.loads((HERE / "league.json").read_text(encoding="utf-8"))


def plain(data: Any) -> Any:
    return json.loads(json.dumps(data, default=str))


async def open_copy(tmp_path: Path) -> Store:
    path = tmp_path / "league.sqlite3"
    path.write_bytes(gzip.decompress((HERE / "league.sqlite3.gz").read_bytes()))
    return await Store.open(path)


async def test_the_stored_leagues_read_back_the_same_games_standings_and_stats(tmp_path: Path) -> None:
    store = await open_copy(tmp_path)
    try:
        assert len(EXPECTED["leagues"]) == 2
        for expected in EXPECTED["leagues"]:
            league = await store.league(expected["id"])
            assert (league.name, league.ruleset) == (expected["name"], expected["ruleset"])
            for stored in expected["games"]:
                record = await store.game(stored["id"])
                assert record.status == stored["status"]
                game = await store.load_game(record.id)
                assert plain(box_score(game).to_dict()) == stored["box"]
                assert plain(game.pending.to_dict() if game.pending is not None else None) == stored["pending"]
            assert plain(await store.standings(league.id)) == expected["standings"]
            assert plain((await store.season_stats(league.id)).batting) == expected["batting"]
    finally:
        await store.close()


async def test_a_stored_live_game_plays_on_to_its_end_and_finishes(tmp_path: Path) -> None:
    store = await open_copy(tmp_path)
    try:
        for expected in EXPECTED["leagues"]:
            (live,) = [g for g in expected["games"] if g["status"] == "live"]
            game = await store.load_game(live["id"])
            assert game.pending is not None
            game.set_managed("home", False)  # the manager hands the rest to the auto-manager
            assert game.over
            final = await store.finish_game(live["id"], game)
            assert final.status == "final"
            rows = await store.standings(expected["id"])
            assert (
                sum(r.w + r.l for r in rows["overall"])
                == 2 * sum(g["status"] == "final" for g in expected["games"]) + 2
            )
    finally:
        await store.close()
