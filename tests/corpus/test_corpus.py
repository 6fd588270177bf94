"""Games stored before issue 27 reshaped the engine load and replay as they were played.

tests/corpus/games.json.gz was written by make_corpus.py at commit a3b94f9: both rulesets, seven Inside
Pitch setups (the 2007 options among them) and four Deep Drive ones (the sample set with its handbook,
benches, no DH, manual baserunning), each auto-managed, with people answering every question, and live
(stored waiting for an answer). Each replays to the same log, box score and pending question, and a live
one plays on from its question.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.boxscore import box_score
from engine.game import Game

CORPUS = Path(__file__).with_name("games.json.gz")


@cache
def corpus() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(gzip.decompress(CORPUS.read_bytes()))
    return data


def plain(data: Any) -> Any:
    """As stored in JSON: tuples become lists."""
    return json.loads(json.dumps(data, default=str))


def load(stored: dict[str, Any]) -> Game:
    return Game.from_dict({**stored["game"], "setup": corpus()["setups"][stored["setup"]]})


def names() -> list[str]:
    return [g["note"] for g in corpus()["games"]]


@pytest.mark.parametrize("index", range(len(corpus()["games"])), ids=names())
def test_a_stored_game_replays_to_the_same_box_score_and_question(index: int) -> None:
    stored = corpus()["games"][index]
    game = load(stored)
    assert game.log_to_json() == stored["game"]["log"]
    assert game.over is stored["over"]
    assert plain(box_score(game).to_dict()) == stored["box"]
    if stored["pending"] is None:
        assert game.pending is None
    else:
        assert game.pending is not None
        assert plain(game.pending.to_dict()) == stored["pending"]
        game.choose(game.pending.side, game.pending.suggestion)  # and it plays on from its question
        assert game.pending is not None or game.over


def test_the_corpus_holds_both_rulesets_live_and_final_with_decisions() -> None:
    games = corpus()["games"]
    rulesets = {corpus()["setups"][g["setup"]]["ruleset"] for g in games}
    assert len(rulesets) == 2
    for ruleset in rulesets:
        mine = [g for g in games if corpus()["setups"][g["setup"]]["ruleset"] == ruleset]
        assert sum(g["pending"] is not None for g in mine) >= 8
        assert sum(g["over"] for g in mine) >= 8
        people = [d for g in mine for d in g["game"]["log"] if d["by"] == "manager"]
        assert len(people) >= 100
