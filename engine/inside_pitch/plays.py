"""From what the cards say to what happens on the field.

Order (IP2021 "Special K", "Range Plays", "Errors"): a range check or error
check turned on by the pitcher's card comes first and cancels Special K; a
rare play cancels both; otherwise a non-hit read off the batter or ballpark
card may become a strikeout on the pitcher's Special K range.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import PlateAppearanceEnded
from engine.events import Reading as ReadingEvent
from engine.inside_pitch import fielding, hits, outs, rare
from engine.inside_pitch.bases import force_advance, move, put_out, runners_lead_first
from engine.inside_pitch.reading import AtBat, Ball, CardResult, Direct, Rare, Triggers
from engine.state import HOME, Runner

if TYPE_CHECKING:
    from engine.game import Game


def resolve(g: Game, ab: AtBat, batter: Runner, result: CardResult, triggers: Triggers) -> None:
    outs_before = g.state.outs
    runs_before = g.state.batting.runs
    notation = _play(g, ab, batter, result, triggers)
    g.emit(
        PlateAppearanceEnded(
            batter.id,
            ab.pitcher.id,
            notation,
            notation,
            g.state.outs - outs_before,
            g.state.batting.runs - runs_before,
        )
    )


def _play(g: Game, ab: AtBat, batter: Runner, result: CardResult, triggers: Triggers) -> str:
    if isinstance(result, Rare):
        return rare.rare_play(g, ab, batter)
    if isinstance(result, Direct):
        return play_direct(g, batter, result)
    ball = result
    if triggers.range_play:
        ball = fielding.range_play(g, ab, ball)
        if ball.foul:  # IP2021 range chart: the catcher's pop-up is a foul ball, the at bat goes on
            return fielding.foul_ball(g, ab, batter)
    elif triggers.error is None and special_k(g, ab, ball):
        put_out(g, batter, 0, "K")
        return "K"
    if triggers.error is not None:
        return fielding.error_play(g, ab, batter, ball, triggers.error)
    return play_ball(g, ab, batter, ball)


def play_direct(g: Game, batter: Runner, result: Direct) -> str:
    if result.kind == "K":
        put_out(g, batter, 0, "K")
        return "K"
    if result.kind in ("W", "HBP"):
        force_advance(g, batter, "walk" if result.kind == "W" else "hit by pitch")
        return "BB" if result.kind == "W" else "HBP"
    if result.kind == "HR":
        for base, runner in runners_lead_first(g):
            move(g, runner, base, HOME, "home run", batter)
        move(g, batter, 0, HOME, "home run", batter)
        return result.notation
    raise AssertionError(f"unknown direct result {result.kind}")


def special_k(g: Game, ab: AtBat, ball: Ball) -> bool:
    """IP2021 "Special K": a non-hit off the batter or ballpark card, 1d20 in the range, is a K.

    The ** line read straight off the pitcher's card is exempt; **n references
    from the other cards are not. The park's K adjustment does not move the range.
    """
    if ball.is_hit or ball.source == "pitcher":
        return False
    rng = ab.pitcher.special_k.against(ab.batter_side)
    if rng is None:
        return False
    roll = g.d20(f"Special K ({ball.notation})")
    struck_out = roll in rng
    verdict = "strikeout" if struck_out else f"no strikeout, {ball.notation} stands"
    g.emit(ReadingEvent("Special K", ab.pitcher.name, str(roll), f"{verdict} (range {rng})"))
    return struck_out


def play_ball(g: Game, ab: AtBat, batter: Runner, ball: Ball) -> str:
    if ball.is_hit:
        return hits.play_hit(g, ab, batter, ball)
    return outs.play_out(g, ab, batter, ball)
