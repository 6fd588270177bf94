"""Fixtures for rule tests: a game set at a situation (engine.situation), whose dice a test scripts."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.dice import ScriptedDice
from engine.game import Game
from engine.situation import START, Situation
from engine.state import Runner
from tests.engine.helpers import CBP, setup


class Table:
    """A game at Citizens Bank Park (the card key's park) set at a situation with nothing
    played (``until="start"``): the top of the first, the away team up, unless a test
    calls :meth:`at`. Tests call the rules on ``game`` and script its dice."""

    def __init__(self) -> None:
        self.at(Situation())

    def at(self, situation: Situation) -> Game:
        """Set the table at ``situation`` (a new game: earlier arrangements are gone)."""
        self.game = Game(setup(park=CBP), seed=1, situation=situation, until=START)
        self.game.events.clear()  # the half's opening event: tests read only what their play emits
        return self.game

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
