"""Typed access to the Deep Drive cards a game's setup and state hold.

The shared setup and state name Inside Pitch's card types; a Deep Drive game holds
:mod:`cards.deep_drive.models` cards in the same places. These accessors say so once,
so the rest of the package is strictly typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cards.deep_drive.models import Batter, Pitcher
from cards.deep_drive.notation import Run
from cards.notation import Position

if TYPE_CHECKING:
    from engine.setup import LineupSpot, TeamSetup
    from engine.state import Runner, TeamState


def batter_card(spot: LineupSpot) -> Batter:
    return cast(Batter, spot.batter)


def runner_card(runner: Runner) -> Batter:
    return cast(Batter, runner.card)


def run_of(runner: Runner) -> Run:
    return runner_card(runner).run


def pitcher_card(team: TeamState) -> Pitcher:
    """The pitcher on the mound."""
    return cast(Pitcher, team.pitcher)


def starter_card(setup: TeamSetup) -> Pitcher:
    return cast(Pitcher, setup.pitcher)


def bullpen(setup: TeamSetup) -> tuple[Pitcher, ...]:
    return cast(tuple[Pitcher, ...], setup.bullpen)


def available_relievers(team: TeamState) -> list[Pitcher]:
    return cast(list[Pitcher], team.available_relievers())


def fielder_at(team: TeamState, position: Position) -> tuple[str, str, int]:
    """(id, name, defense) of the man at ``position``: his card's rating there, 0 off his card's
    positions (DDB "Cards": "assume they are a 0"). The pitcher's is on his pitching card."""
    if position is Position.P:
        pitcher = pitcher_card(team)
        line = pitcher.fielding(Position.P)
        return pitcher.id, pitcher.name, line.defense if line else 0
    for spot in team.order:
        if spot.position is position:
            card = batter_card(spot)
            line = card.fielding(position)
            return card.id, card.name, line.defense if line else 0
    raise LookupError(f"{team.name} has nobody at {position}")
