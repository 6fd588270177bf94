"""Outs in play: ground outs, fly outs, line outs, pop ups (IP2021 "Ground Outs" …)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.inside_pitch.bases import put_out
from engine.state import Runner

if TYPE_CHECKING:
    from engine.game import Game
    from engine.inside_pitch.reading import AtBat, Ball


def play_out(g: Game, ab: AtBat, batter: Runner, ball: Ball) -> str:
    put_out(g, batter, 0, ball.notation)
    return ball.notation
