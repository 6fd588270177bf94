"""Fixtures for rule tests: a game whose state a test arranges and whose dice it scripts."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.dice import ScriptedDice
from engine.game import Game
from engine.state import Runner
from tests.engine.helpers import CBP, setup


class Table:
    """A finished seeded game at Citizens Bank Park (the card key's park), cleared for a
    test to set a situation and script dice."""

    def __init__(self) -> None:
        self.game = Game(setup(park=CBP), seed=1)
        self.game.events.clear()
        g = self.game
        g.state = g.fresh_state()  # the lineups and pitchers as they started
        g.state.away.runs_by_inning = [0]

    def script(self, *rolls: tuple[int, int]) -> ScriptedDice:
        dice = ScriptedDice.of(*rolls)
        self.game.dice = dice
        return dice

    def runner(self, base: int, br: int = 3, name: str | None = None) -> Runner:
        """Put a runner with the given BR on a base (1-3)."""
        card = self.game.state.batting.order[base].batter
        card = card.model_copy(update={"br": br, "id": name or f"runner-{base}", "name": name or f"Runner {base}"})
        runner = Runner(card, self.game.state.fielding.pitcher.id)
        self.game.state.bases[base - 1] = runner
        return runner


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def make_table() -> Callable[[], Table]:
    return Table
