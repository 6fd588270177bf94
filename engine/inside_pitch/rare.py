"""The rare play charts (Dugout's own; the books do not print them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.inside_pitch.bases import put_out
from engine.state import Runner

if TYPE_CHECKING:
    from engine.game import Game
    from engine.inside_pitch.reading import AtBat


def rare_play(g: Game, ab: AtBat, batter: Runner) -> str:
    put_out(g, batter, 0, "rare")
    return "rare"
