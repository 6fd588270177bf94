"""Fly outs to the outfield and the runners tagging up (IP2021 "Fly Outs").

The lead/trailing-runner vocabulary and the throw procedure are those of
``hits`` (IP2021 "Singles and Doubles to the Outfield").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.bases import move, put_out
from engine.events import Check
from engine.inside_pitch import throws_2007
from engine.inside_pitch.hits import OUTFIELD, outfield_throw
from engine.inside_pitch.tables import load_table
from engine.inside_pitch.throws import (
    THROW_POSSIBLE,
    ExtraBase,
    Throw,
    error_check_of,
    holding_on_first,
    make_throw,
    outfielder,
)
from engine.state import HOME

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner
    from engine.inside_pitch.reading import AtBat, Ball


def play_fly_out(g: IPGame, ab: AtBat, batter: IPRunner, ball: Ball) -> str:
    """The batter flies out to an outfielder; then the runners may tag up.

    Returns "F8", or "SF8" when a run scores on the play (a sacrifice fly: the run
    is the batter's RBI).
    """
    put_out(g, batter, 0, ball.notation)
    # IP2021 "Fly Outs": with two out the catch ends the inning; with nobody on
    # second or third it is a simple fly out (a runner on first stays: IP2007 §11.3).
    if g.state.outs >= 3 or ball.fielder not in OUTFIELD:
        return ball.notation
    if ball.caught_at_wall:
        return caught_at_wall(g, batter, ball)
    runs_before = g.state.batting.runs
    if g.state.runner_on(3) is not None:
        tag_from_third(g, ab, batter, ball)
    elif g.state.runner_on(2) is not None:
        tag_from_second(g, batter, ball)
    scored = g.state.batting.runs > runs_before
    return f"SF{ball.fielder}" if scored else ball.notation


def caught_at_wall(g: IPGame, batter: IPRunner, ball: Ball) -> str:
    """IP2021 "[HR8], [HRo], [HRp]": the play made at the wall, the men on second and third move up, no throw."""
    runs_before = g.state.batting.runs
    for base in (3, 2):
        runner = g.state.runner_on(base)
        if runner is not None:
            move(g, runner, base, base + 1, "tag-up", batter)
    return f"SF{ball.fielder}" if g.state.batting.runs > runs_before else ball.notation


def tag_from_third(g: IPGame, ab: AtBat, batter: IPRunner, ball: Ball) -> None:
    """IP2021 "Fly Outs", runner on third with less than two out.

    1d6 at most the batter's SF rating: a deep fly, the run scores without a throw,
    and a runner on second tagging up faces the outfield throw procedure with
    Adjusted BR = BR + arm. Otherwise the throw goes home: the same procedure with
    the runner from third as lead runner. Only the runners on second and third tag
    up; a runner on first holds (IP2007 §11.3; rules README).
    """
    if g.setup.options.throw_charts_2007:  # IP2007 §11.3
        throws_2007.tag_from_third(g, ab, batter, ball)
        return
    third = g.state.runner_on(3)
    assert third is not None
    arm = outfielder(g, ball.fielder).arm
    second = g.state.runner_on(2)
    behind = [ExtraBase(second, 2, [("arm", arm)])] if second is not None else []
    play = f"{ball.notation} tag-up"
    holding = holding_on_first(g)
    if g.check("SF", ab.batter.sf, die=6):
        move(g, third, 3, HOME, "sacrifice fly", batter)
        outfield_throw(g, ball.fielder, behind, batter, play, "tag-up", error_check_of(ball), holding)
    else:
        lead = ExtraBase(third, 3, [("arm", arm)])
        outfield_throw(g, ball.fielder, [lead, *behind], batter, play, "tag-up", error_check_of(ball), holding)


def tag_from_second(g: IPGame, batter: IPRunner, ball: Ball) -> None:
    """IP2021 "Fly Outs", runner on second (third empty) with less than two out.

    F7 never sends him. On F8 (BR + arm - 3) or F9 (BR + arm) the red die of 2d6 at
    most that number takes him to third; double sixes throw him out; any other roll
    holds him. A number under 1 means he does not try (IP2007 §11.2: no throw), so
    nothing is rolled. A runner on first stays.

    ET? #8 (IP2007 §5 #8): when his number is 1-5 a throw is made, so it is checked
    for an error first; the dice are then read as usual and ``throws.make_throw`` gives
    the error's bases.
    """
    if g.setup.options.throw_charts_2007:  # IP2007 §11.2
        throws_2007.tag_from_second(g, batter, ball)
        return
    chart = load_table("flyouts")["tag_from_second"]
    modifier = chart["modifier"].get(ball.notation)
    runner = g.state.runner_on(2)
    if modifier is None or runner is None:
        return
    arm = outfielder(g, ball.fielder).arm
    tagger = ExtraBase(runner, 2, [("arm", arm), (ball.notation, modifier)])
    if tagger.abr < 1:
        return

    def dice(throw: Throw) -> None:
        red, white = g.two_d6(f"{ball.notation} tag-up from second")
        thrown_out = [red, white] == chart["thrown_out_on"]
        made_it = red <= tagger.abr and not thrown_out
        g.emit(Check(f"{runner.name} to third", runner.br, tuple(tagger.modifiers), red, made_it))
        if thrown_out:
            throw.thrown_out(tagger)
        elif made_it:
            throw.take_base(tagger)

    throw = Throw(g, ball.fielder, tagger, [], batter, "tag-up", holding_on_first(g))
    make_throw(throw, error_check_of(ball) if tagger.abr in THROW_POSSIBLE else None, dice)
