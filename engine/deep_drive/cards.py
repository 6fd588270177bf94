"""The shared game's types with Deep Drive's cards (cards.deep_drive.models): what this package's
functions take, and the fielder's rating every play reads.

The shared setup, state and game are generic in their card types (cards.base); these aliases name
them as a Deep Drive game holds them, for annotations only (a construction calls the plain class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from cards.deep_drive.models import DeepDriveCard
from cards.notation import Position

if TYPE_CHECKING:
    from cards.deep_drive.models import Ballpark, Batter, Pitcher
    from engine.deep_drive.options import DeepDriveOptions
    from engine.game import Game
    from engine.setup import GameSetup, LineupSpot, TeamSetup
    from engine.state import GameState, Runner, TeamState

    DDGame: TypeAlias = Game[Batter, Pitcher, Ballpark, DeepDriveOptions]
    DDSetup: TypeAlias = GameSetup[Batter, Pitcher, Ballpark, DeepDriveOptions]
    DDTeamSetup: TypeAlias = TeamSetup[Batter, Pitcher]
    DDState: TypeAlias = GameState[Batter, Pitcher]
    DDTeam: TypeAlias = TeamState[Batter, Pitcher]
    DDSpot: TypeAlias = LineupSpot[Batter]
    DDRunner: TypeAlias = Runner[Batter]


def fielder_at(team: DDTeam, position: Position) -> tuple[str, str, int]:
    """(id, name, defense) of the man at ``position``: his card's rating there, 0 off his card's
    positions (DDB "Cards": "assume they are a 0"). The pitcher's is on his pitching card."""
    card: DeepDriveCard
    if position is Position.P:
        card = team.pitcher
    else:
        spot = next((s for s in team.order if s.position is position), None)
        if spot is None:
            raise LookupError(f"{team.name} has nobody at {position}")
        card = spot.batter
    # The card's own search (DeepDriveCard.fielding) spelled out: this runs for every fielder on every play.
    for line in card.positions:
        if line.position is position:
            return card.id, card.name, line.defense
    return card.id, card.name, 0
