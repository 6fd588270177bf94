"""Range plays and error plays (IP2021 "Range Plays", "Errors")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.notation import PitcherResult
from engine.state import Runner

if TYPE_CHECKING:
    from engine.game import Game
    from engine.inside_pitch.reading import AtBat, Ball


def range_play(g: Game, ab: AtBat, ball: Ball) -> Ball:
    return ball


def error_play(g: Game, ab: AtBat, batter: Runner, ball: Ball, kind: PitcherResult) -> str:
    from engine.inside_pitch.plays import play_ball

    return play_ball(g, ab, batter, ball)
