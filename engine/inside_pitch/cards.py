"""The shared game's types with Inside Pitch's cards (cards.models): what this package's functions take.

The shared setup, state and game are generic in their card types (cards.base); these aliases name
them as an Inside Pitch game holds them, for annotations only (a construction calls the plain class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from cards.models import Ballpark, Batter, Pitcher
    from engine.game import Game
    from engine.inside_pitch.options import InsidePitchOptions
    from engine.setup import GameSetup, LineupSpot, TeamSetup
    from engine.state import GameState, Runner, TeamState

    IPGame: TypeAlias = Game[Batter, Pitcher, Ballpark, InsidePitchOptions]
    IPSetup: TypeAlias = GameSetup[Batter, Pitcher, Ballpark, InsidePitchOptions]
    IPTeamSetup: TypeAlias = TeamSetup[Batter, Pitcher]
    IPState: TypeAlias = GameState[Batter, Pitcher]
    IPTeam: TypeAlias = TeamState[Batter, Pitcher]
    IPSpot: TypeAlias = LineupSpot[Batter]
    IPRunner: TypeAlias = Runner[Batter]
