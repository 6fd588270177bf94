"""From what the cards say to what happens on the field.

Order (IP2021 "Special K", "Range Plays", "Errors"): a range check or error
check turned on by the pitcher's card comes first and cancels Special K; a
rare play cancels both; otherwise a non-hit read off the batter or ballpark
card (an out, or a W: IP2021's "all results other than hits") may become a
strikeout on the pitcher's Special K range.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.bases import HOME_RUN, WalkOff, force_advance, move, put_out, runners_lead_first
from engine.events import PlateAppearanceEnded, PlateAppearanceStarted, RunScored
from engine.events import Reading as ReadingEvent
from engine.inside_pitch import balls, fielding, hits, rare, running
from engine.inside_pitch.pitches import AtBatGoesOn, pitch_to_result
from engine.inside_pitch.reading import AtBat, CardResult, Direct, Rare, Triggers
from engine.state import HOME

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner

# IP2021 "Hit and run" (IP2007 §12.2): a strikeout is played as a steal with the SB rating - 2.
HIT_AND_RUN_SB = -2


def resolve(g: IPGame, ab: AtBat, batter: IPRunner, result: CardResult, triggers: Triggers) -> str:
    """Play the result and end the plate appearance; returns the scorer's notation."""
    outs_before, runs_before = g.state.outs, g.state.batting.runs
    notation = play_result(g, ab, batter, result, triggers)
    end_plate_appearance(g, ab, batter, notation, outs_before, runs_before)
    return notation


def end_plate_appearance(
    g: IPGame, ab: AtBat, batter: IPRunner, notation: str, outs_before: int, runs_before: int
) -> None:
    """The result, with the RBI the runs of this plate appearance were credited with.

    OBR 9.04: the RBI are the runs scored with an RBI flag since the plate appearance
    began, not every run that scored in it (none on a wild pitch, passed ball, balk,
    error or double play).
    """
    outs = g.state.outs - outs_before
    rbi = 0
    if g.state.batting.runs != runs_before:  # most plate appearances score nobody: nothing to read
        for event in reversed(g.events):  # a dozen events or so: this plate appearance's
            kind = type(event)
            if kind is RunScored:
                rbi += event.rbi  # type: ignore[attr-defined]
            elif kind is PlateAppearanceStarted:
                break
    g.emit(PlateAppearanceEnded(batter.id, ab.pitcher.id, notation, notation, outs, rbi))


def play_result(g: IPGame, ab: AtBat, batter: IPRunner, result: CardResult, triggers: Triggers) -> str:
    """Play what the cards gave; returns the scorer's notation (the caller ends the plate appearance)."""
    try:
        return _play_result(g, ab, batter, result, triggers)
    except AtBatGoesOn:
        return another_pitch(g, ab, batter)


def another_pitch(g: IPGame, ab: AtBat, batter: IPRunner) -> str:
    """The at bat goes on: roll the pitcher's card again, as a plate appearance does (IP2021 "WLD").

    Returns the notation of the play that ends the at bat. If a wild pitch or passed
    ball ever makes the third out, the at bat ends there with no result.
    """
    pitched = pitch_to_result(g, ab)
    if pitched is None:
        return "inning over"
    ab, result, triggers = pitched
    return play_result(g, ab, batter, result, triggers)


def _play_result(g: IPGame, ab: AtBat, batter: IPRunner, result: CardResult, triggers: Triggers) -> str:
    if isinstance(result, Rare):
        return rare.rare_play(g, ab, batter)
    if isinstance(result, Direct):
        # IP2021 "Special K": a W read off the batter or ballpark card is no hit, so it may
        # become a K; IP2007 §2.19 (``special_k_outs_only``) converts only outs.
        if (
            result.kind == "W"
            and result.source != "pitcher"
            and not triggers.range_play
            and triggers.error is None
            and not g.setup.options.special_k_outs_only
            and special_k(g, ab, result.notation)
        ):
            return strikeout(g, ab, batter)
        notation = play_direct(g, batter, result)
        if result.kind == "K":
            hit_and_run_strikeout(g, ab)
        return notation
    ball = result
    if triggers.range_play:
        ball = fielding.range_play(g, ab, ball)
        if ball.foul:  # IP2021 range chart: the catcher's pop-up is a foul ball, the at bat goes on
            return fielding.foul_ball(g, ab, batter)
    elif triggers.error is None and not ball.is_hit and ball.source != "pitcher" and special_k(g, ab, ball.notation):
        return strikeout(g, ab, batter)
    if triggers.error is not None:
        try:
            return fielding.error_play(g, ab, batter, ball, triggers.error)
        except WalkOff as walk_off:  # errors #4, #5 on a hit: the hit stands and is credited
            if ball.is_hit:
                walk_off.on_hit(hits.BASES_FOR[ball.kind], ball.notation)
            raise
    return balls.play_ball(g, ab, batter, ball)


def play_direct(g: IPGame, batter: IPRunner, result: Direct) -> str:
    if result.kind == "K":
        put_out(g, batter, 0, "K")
        return "K"
    if result.kind in ("W", "HBP"):
        force_advance(g, batter, "walk" if result.kind == "W" else "hit by pitch")
        return "BB" if result.kind == "W" else "HBP"
    if result.kind == "HR":  # over the fence: every run counts, the batter's last (OBR 9.06(f))
        for base, runner in runners_lead_first(g):
            move(g, runner, base, HOME, HOME_RUN, batter)
        try:
            move(g, batter, 0, HOME, HOME_RUN, batter)
        except WalkOff as walk_off:
            walk_off.on_hit(4, result.notation)
            raise
        return result.notation
    raise AssertionError(f"unknown direct result {result.kind}")


def hit_and_run_strikeout(g: IPGame, ab: AtBat) -> None:
    """IP2021 "Hit and run" (IP2007 §12.2): the batter struck out, so the play becomes a steal at SB - 2.

    The runner from first goes, and with him the runner on second when second is
    taken (a double steal). With the bases loaded nobody goes: the hit and run does
    not send the runner on third home, and the others cannot move without him
    (Dugout's reading). Nothing happens once the strikeout is the third out.
    """
    state = g.state
    if not ab.hit_and_run or state.outs >= 3 or state.runner_on(1) is None:
        return
    if state.runner_on(2) is None:
        runners = [1]
    elif state.runner_on(3) is None:
        runners = [1, 2]
    else:
        return
    running.steal(g, runners, sb_modifier=HIT_AND_RUN_SB, why="hit and run")


def strikeout(g: IPGame, ab: AtBat, batter: IPRunner) -> str:
    """Special K swapped the card's result for a strikeout."""
    put_out(g, batter, 0, "K")
    hit_and_run_strikeout(g, ab)
    return "K"


def special_k(g: IPGame, ab: AtBat, notation: str) -> bool:
    """IP2021 "Special K": 1d20 in the pitcher's Special K range turns the card's result into a K.

    The caller decides the result may be converted: a non-hit read off the batter
    or ballpark card, with no range or error check turned on by the pitcher's card.
    The ** line read straight off the pitcher's card is exempt; **n references
    from the other cards are not. The park's K adjustment does not move the range.
    """
    rng = ab.pitcher.special_k.against(ab.batter_side)
    if rng is None:
        return False
    roll = g.d20(f"Special K ({notation})")
    struck_out = roll in rng
    verdict = "strikeout" if struck_out else f"no strikeout, {notation} stands"
    g.emit(ReadingEvent("Special K", ab.pitcher.name, str(roll), f"{verdict} (range {rng})"))
    return struck_out
