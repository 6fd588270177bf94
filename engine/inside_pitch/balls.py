"""A ball in play, played by the hit rules or the out rules: what the cards read when no
range, error or rare play changed it, and what a range or error play goes on to."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.bases import WalkOff
from engine.inside_pitch import hits, outs

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner
    from engine.inside_pitch.reading import AtBat, Ball


def play_ball(g: IPGame, ab: AtBat, batter: IPRunner, ball: Ball) -> str:
    if ball.is_hit:
        try:
            return hits.play_hit(g, ab, batter, ball)
        except WalkOff as walk_off:  # a game-ending hit: walk_offs credits it
            walk_off.on_hit(hits.BASES_FOR[ball.kind], ball.notation)
            raise
    return outs.play_out(g, ab, batter, ball)
