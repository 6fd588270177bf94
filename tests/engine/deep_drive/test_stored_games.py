"""Deep Drive games stored by an earlier engine replay as they were played.

fixtures/main_games.json holds 20 games made by main's code at commit 483fe0f, before the defense's
call before every batter (engine.deep_drive.manager.before_batter), the extra-inning runner and the
called play that keeps the runner from stealing on his own: the property tests' teams (with benches and
bullpens; with and without the DH, manual baserunning and manual steals), auto-managed, with random
legal answers, with the home side asked every question, and two games stored waiting for an answer.
Each replays to the same events (a digest of every event), the same log and the same request.
Issue 26 made a DEF single to an infielder read the Baserunner Advancement Chart: four digests were
updated for the chart's added readings after checking that every other event stayed the same.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engine.game import Game

STORED = json.loads((Path(__file__).parent / "fixtures" / "main_games.json").read_text(encoding="utf-8"))


def digest(game: Game) -> str:
    return hashlib.sha256("\n".join(repr(e) for e in game.events).encode()).hexdigest()


@pytest.mark.parametrize("stored", STORED["games"], ids=[g["note"] for g in STORED["games"]])
def test_a_game_stored_by_the_earlier_engine_replays_as_it_was(stored: dict[str, Any]) -> None:
    game = Game.from_dict({**stored["game"], "setup": STORED["setups"][stored["setup"]]})
    assert len(game.log) == stored["decisions"]
    assert game.over is stored["over"]
    assert digest(game) == stored["digest"]
    if "pending" in stored:
        assert game.pending is not None
        assert [game.pending.seq, game.pending.kind, game.pending.side] == stored["pending"]
        game.choose(game.pending.side, game.pending.suggestion)  # and it plays on
        assert game.pending is not None or game.over


def test_the_stored_games_cover_a_called_play_with_a_runner_who_could_steal() -> None:
    """The fixture reaches the case the old engine rolled an automatic steal after a called play."""
    calls = [
        d
        for g in STORED["games"]
        for d in g["game"]["log"]
        if d["kind"] == "offense" and d["choice"] in ("sacrifice", "squeeze", "hit_and_run")
    ]
    assert len(calls) >= 10
