"""What happens between pitches: wild pitches and passed balls, and the pitcher's card rolled
again until it gives a result (IP2021 "WLD")."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cards.notation import Position
from engine.bases import advance_all
from engine.inside_pitch.reading import AtBat, CardResult, Triggers, read_pitcher_card

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame

# A plate appearance re-rolls the pitcher's card after every foul (WLD); real
# cards make a long run of them vanishingly rare, but a hand-made card might not.
MAX_PITCHER_ROLLS = 100


class AtBatGoesOn(Exception):
    """A play let the at bat go on (a foul ball off a range or error chart, a balk, a pickoff): raised
    by ``rare.another_pitch``, caught by ``plays.play_result``, which rolls the pitcher's card again."""


def wild_pitch_or_passed_ball(g: IPGame, ab: AtBat) -> None:
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


def pitch_to_result(g: IPGame, ab: AtBat) -> tuple[AtBat, CardResult, Triggers] | None:
    """Roll the pitcher's card until it gives a result (a plate appearance, or an at bat that goes on).

    IP2021 "WLD": a foul ball is rolled again; with runners on, a wild pitch or passed
    ball may move them first. Returns the at bat as it stood for the roll that counted,
    with the result and its triggers; None when a wild pitch or passed ball made the
    third out.
    """
    for _ in range(MAX_PITCHER_ROLLS):
        runners_on = g.state.runners_on()
        if runners_on != ab.runners_on:
            ab = replace(ab, runners_on=runners_on)
        outcome = read_pitcher_card(g, ab)
        if outcome is not None:
            result, triggers = outcome
            return ab, result, triggers
        if ab.runners_on:
            wild_pitch_or_passed_ball(g, ab)
            if g.state.outs >= 3:
                return None
    raise RuntimeError("the pitcher's card gave a foul ball 100 times running")
