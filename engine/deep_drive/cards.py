"""Typed access to the Deep Drive cards a game's setup and state hold.

The shared setup and state name Inside Pitch's card types; a Deep Drive game holds
:mod:`cards.deep_drive.models` cards in the same places. These accessors say so once, both
ways (reading a card out, handing one to the shared code: :func:`shared_batter`,
:func:`shared_pitcher`), so the rest of the package is strictly typed and casts nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cards.deep_drive.models import Batter, DeepDriveCard, Pitcher
from cards.deep_drive.notation import Run
from cards.models import Batter as SharedBatter
from cards.models import Pitcher as SharedPitcher
from cards.notation import Position

if TYPE_CHECKING:
    from engine.setup import LineupSpot, TeamSetup
    from engine.state import Runner, TeamState


def batter_card(spot: LineupSpot) -> Batter:
    return cast(Batter, spot.batter)


def runner_card(runner: Runner) -> Batter:
    return cast(Batter, runner.card)


def shared_batter(card: Batter) -> SharedBatter:
    """A batter as the shared code takes him (a LineupSpot, a Runner, ``substitutions.replace_player``)."""
    return cast(SharedBatter, card)


def shared_pitcher(card: Pitcher) -> SharedPitcher:
    """A pitcher as the shared code takes him (``substitutions.change_pitcher``)."""
    return cast(SharedPitcher, card)


def run_of(runner: Runner) -> Run:
    return runner_card(runner).run


def pitcher_card(team: TeamState) -> Pitcher:
    """The pitcher on the mound."""
    return cast(Pitcher, team.pitcher)


def starter_card(setup: TeamSetup) -> Pitcher:
    return cast(Pitcher, setup.pitcher)


def bullpen(setup: TeamSetup) -> tuple[Pitcher, ...]:
    return cast(tuple[Pitcher, ...], setup.bullpen)


def available_bench(team: TeamState) -> list[Batter]:
    return cast(list[Batter], team.available_bench())


def available_relievers(team: TeamState) -> list[Pitcher]:
    return cast(list[Pitcher], team.available_relievers())


def fielder_at(team: TeamState, position: Position) -> tuple[str, str, int]:
    """(id, name, defense) of the man at ``position``: his card's rating there, 0 off his card's
    positions (DDB "Cards": "assume they are a 0"). The pitcher's is on his pitching card."""
    card: DeepDriveCard
    if position is Position.P:
        card = pitcher_card(team)
    else:
        spot = next((s for s in team.order if s.position is position), None)
        if spot is None:
            raise LookupError(f"{team.name} has nobody at {position}")
        card = batter_card(spot)
    # The card's own search (DeepDriveCard.fielding) spelled out: this runs for every fielder on every play.
    for line in card.positions:
        if line.position is position:
            return card.id, card.name, line.defense
    return card.id, card.name, 0
