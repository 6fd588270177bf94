"""What happens between pitches: wild pitches and passed balls (IP2021 "WLD")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.notation import Position
from engine.bases import advance_all

if TYPE_CHECKING:
    from engine.game import Game
    from engine.inside_pitch.reading import AtBat


def wild_pitch_or_passed_ball(g: Game, ab: AtBat) -> None:
    """1d20 against the WP and PB? ranges; PB? then 1d6 against the catcher's passed-ball rating."""
    pitcher = ab.pitcher
    roll = g.d20("WP / PB? range")
    if pitcher.wild_pitch is not None and roll in pitcher.wild_pitch:
        advance_all(g, 1, "wild pitch")
        return
    if pitcher.passed_ball is not None and roll in pitcher.passed_ball:
        catcher = g.state.fielding.fielder(Position.C)
        blocked = g.check(f"passed ball ({catcher.name} blocks)", catcher.passed_ball, die=6)
        if not blocked:
            advance_all(g, 1, "passed ball")
    # otherwise a foul ball
