"""Runner advancement on hits (IP2021 "Runner Advancement on Hits")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.inside_pitch.bases import move, runners_lead_first
from engine.state import HOME, Runner

if TYPE_CHECKING:
    from engine.game import Game
    from engine.inside_pitch.reading import AtBat, Ball

BASES_FOR = {"S": 1, "S+": 1, "D": 2, "T": 3}


def play_hit(g: Game, ab: AtBat, batter: Runner, ball: Ball) -> str:
    bases = BASES_FOR[ball.kind]
    runner_bases = 2 if ball.kind == "S+" else bases
    for base, runner in runners_lead_first(g):
        move(g, runner, base, min(base + runner_bases, HOME), "hit", batter)
    move(g, batter, 0, bases, "hit", batter)
    return ball.notation
