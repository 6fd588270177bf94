"""A game goes on after an answer (engine.game: from the checkpoint of the plate appearance where the
question was asked) and reaches the very game that replaying its log from the first roll builds.

Random games of both rulesets with random answers at random asking levels, with the moves a front end
makes between questions (time called, a level changed, provisional answers taken back): at random
moments and at the end, the game rebuilt from its stored setup, seed and log has the same events,
state, ruleset state and pending request as the game that went on.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.game import ASKING_LEVELS, EVERY, MATTERS, NEVER, Game
from engine.setup import GameSetup
from tests.engine import test_properties as ip
from tests.engine.deep_drive import test_properties as dd

GAMES = 24


def setups(seed: int) -> GameSetup:
    if seed % 2:
        return ip.setups()[seed // 2 % len(ip.setups())]
    return dd.league_setup(dh=seed % 3 != 0, benches=True, dd_manual_baserunning=seed % 4 == 0)


def assert_same_as_replayed(game: Game) -> None:
    again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.events == game.events, game.seed
    assert again.state.to_dict() == game.state.to_dict(), game.seed
    assert again.ruleset_state == game.ruleset_state, game.seed
    assert again.pending == game.pending, game.seed
    assert again.log == game.log, game.seed


def between_questions(game: Game, rng: random.Random) -> None:
    """What a front end may do between questions: each takes back answers nobody has seen."""
    seen = rng.randrange(len(game.events) + 1)
    move = rng.randrange(3)
    asked = [side for side in ("away", "home") if game.asking[side] != NEVER]
    if move == 0 and asked:
        game.call_time(rng.choice(asked), seen=seen)
    elif move == 1:
        game.set_asking(rng.choice(("away", "home")), rng.choice((EVERY, MATTERS)), seen=seen)
    else:
        game.take_back(seen)


@pytest.mark.parametrize("seed", range(GAMES))
def test_a_game_that_goes_on_is_the_game_its_log_replays(seed: int) -> None:
    rng = random.Random(seed)
    levels: dict[str, Any] = {"away": rng.choice(ASKING_LEVELS), "home": rng.choice((EVERY, MATTERS))}
    game = Game(setups(seed), seed, asking=levels, auto_manager=ip.random_manager(seed) if seed % 3 else None)
    answers = 0
    while game.pending is not None:
        request = game.pending
        game.choose(request.side, rng.choice(request.option_keys()), seq=request.seq)
        answers += 1
        if rng.random() < 0.05:
            between_questions(game, rng)
        if rng.random() < 0.03:
            assert_same_as_replayed(game)
    assert game.over
    assert answers > 10, "the game asked too few questions to test going on"
    assert_same_as_replayed(game)


def test_an_auto_managed_game_keeps_no_checkpoint() -> None:
    """The benchmark's games: nobody is asked, so nothing is saved at each plate appearance."""
    game = Game(ip.setups()[0], 1)
    watched = Game(ip.setups()[0], 1, asking={"away": EVERY, "home": NEVER})
    assert game.over and not game._checkpoints
    assert watched.pending is not None and watched._checkpoints


def test_an_answer_goes_on_from_the_plate_appearance_where_it_was_asked() -> None:
    """Going on replays one plate appearance, not the game: an answer in the 9th rolls no 1st inning again."""
    game = Game(ip.setups()[0], 5, asking={"away": EVERY, "home": EVERY})
    while game.pending is not None and game.state.inning < 9:
        game.choose(game.pending.side, game.pending.suggestion)
    assert game.pending is not None
    first_inning = game.events[:100]
    game.choose(game.pending.side, game.pending.suggestion)
    assert all(a is b for a, b in zip(first_inning, game.events, strict=False))  # the very events, not replayed


@pytest.mark.parametrize("setup", [ip.setups()[0], dd.league_setup(dh=True, benches=True)], ids=["ip", "dd"])
def test_a_persons_answer_drops_the_checkpoints_nothing_can_go_back_to(setup: GameSetup) -> None:
    """A person's answer is never taken back, so a game asked every question keeps the checkpoint of the
    plate appearance under way and no other, however long it lasts; and it still replays as it went on."""
    game = Game(setup, 3, asking={"away": EVERY, "home": EVERY})
    most = 0
    while game.pending is not None:
        game.choose(game.pending.side, game.pending.suggestion)
        most = max(most, len(game._checkpoints))
    assert game.over and most <= 2
    assert_same_as_replayed(game)
