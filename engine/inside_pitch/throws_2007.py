"""The 2007 Outfield Throw Chart (OTC): three dice for the outfielder's throw (the ``throw_charts_2007`` option).

IP2021 settles a throw from the outfield with 2d6; the 2007 book (IP2007 §7.2.2-7.2.4,
§11.2-11.3, §4.6 and its FAQ "Outfield Throw Chart") rolls a red, a white and a blue
die together. The lead/trailing-runner vocabulary, the Adjusted BR and the limits that
decide whether a throw is made at all are those of ``hits``; what differs:

- A red 6 does not go straight to the out chart: the white die first checks the
  outfielder's arm (OTC roll 2.6). Outside the arm's range every runner holds; inside
  it the blue die is read on OTC roll 3, whose outcomes are IP2021's chart B.
- A runner on second tagging up (§11.2) has his own modifiers by field and is thrown
  out only on red-white 6-6 followed by a blue die in the arm's range.
- On a failed sacrifice fly (§11.3) the throw goes home and the runners behind the man
  from third move up only on the throw: on a red 1 (OTC roll 2.1) or through OTC roll
  3. A red 2-5 checks the man from third alone (the book's example holds the runner on
  second on a red 2 although his number is higher).
- A stretch single's 6 (§4.6) goes to the arm check instead of being an out outright.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.bases import move
from engine.events import Check
from engine.events import Reading as ReadingEvent
from engine.inside_pitch import throws
from engine.inside_pitch.tables import load_table
from engine.inside_pitch.throws import ExtraBase, Throw, outfielder
from engine.state import HOME

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner
    from engine.inside_pitch.reading import AtBat, Ball


def chart() -> dict[str, Any]:
    return load_table("throws_2007")


def three_dice(g: IPGame, play: str) -> tuple[int, int, int]:
    """IP2007 FAQ "Outfield Throw Chart": red, white and blue are rolled together, even when not all are read."""
    return (
        g.d6(f"{play}: OTC roll 1 (red)"),
        g.d6(f"{play}: OTC roll 2 (white)"),
        g.d6(f"{play}: OTC roll 3 (blue)"),
    )


def arm_check(g: IPGame, fielder: int, die: int) -> bool:
    """IP2007 OTC roll 2.6: True when ``die`` falls in the range of the outfielder's arm (a play is on)."""
    ranges: dict[str, int] = chart()["roll_2_6"]["play_up_to"]
    arms = sorted(int(key) for key in ranges)
    arm = min(max(outfielder(g, fielder).arm, arms[0]), arms[-1])  # beyond the printed columns: the nearest
    in_range = die <= ranges[str(arm)]
    outcome = "play" if in_range else "all hold"
    g.emit(ReadingEvent("OTC roll 2.6", outfielder(g, fielder).name, f"{die} (arm {arm:+d})", outcome))
    return in_range


# --- the throw on a hit, and home on a failed sacrifice fly --------------------------


@dataclass(frozen=True)
class OtcRoll:
    """One 3d6 throw: the runners on the play and the three dice."""

    throw: Throw
    red: int
    white: int
    blue: int
    tag_up: bool  # IP2007 §11.3 throw home on a fly: the runners behind move up only on the throw


def throw_chart(throw: Throw, play: str, tag_up: bool = False) -> None:
    """IP2007 §7.2.2-7.2.4: roll three dice and read the red one on OTC roll 1.

    Called by ``hits.outfield_throw`` (the option on) once the lead runner's Adjusted
    BR is 1-5, and by :func:`tag_from_third` for the throw home.
    """
    g = throw.g
    red, white, blue = three_dice(g, play)
    outcome = chart()["roll_1"][red - 1]
    g.emit(ReadingEvent("OTC roll 1", outfielder(g, throw.fielder).name, str(red), outcome))
    ROLL_1[outcome](OtcRoll(throw, red, white, blue, tag_up))


def lead_advances(roll: OtcRoll) -> None:
    """Red 1: the lead runner takes his base; OTC roll 2.1, the white die against each trailing runner's bare BR."""
    throws.lead_advances(roll.throw, roll.red, roll.white)


def abr_check(roll: OtcRoll) -> None:
    """Red 2-5: each runner but the batter takes his base if the red die is at most his Adjusted BR.

    On a tag-up throw home (IP2007 §11.3 example, red 2) only the runner from third is checked.
    """
    throw = roll.throw
    if not roll.tag_up:
        throws.abr_check(throw, roll.red, roll.white)
    elif throw.check(throw.lead, roll.red, adjusted=True):
        throw.take_base(throw.lead)


def arm_then_third_die(roll: OtcRoll) -> None:
    """Red 6: the white die on OTC roll 2.6; in the arm's range the blue die on OTC roll 3, else all hold."""
    throw = roll.throw
    if not arm_check(throw.g, throw.fielder, roll.white):
        return
    outcome = chart()["roll_3"][roll.blue - 1]
    throw.g.emit(ReadingEvent("OTC roll 3", outfielder(throw.g, throw.fielder).name, str(roll.blue), outcome))
    throws.CHART_B[outcome](throw, roll.blue)  # IP2007 §7.2.4 reads as IP2021's chart B


ROLL_1: dict[str, Callable[[OtcRoll], None]] = {
    "lead_advances": lead_advances,
    "abr_check": abr_check,
    "arm_check": arm_then_third_die,
}


# --- fly outs -----------------------------------------------------------------------


def tag_from_third(g: IPGame, ab: AtBat, batter: IPRunner, ball: Ball) -> None:
    """IP2007 §11.3, runner on third with less than two out.

    1d6 at most the batter's SF: the run scores without a throw and a runner on second
    may tag up as in §11.2 (:func:`tag_from_second`); a runner on first stays. Otherwise
    the throw goes home: the man from third is the lead runner with Adjusted BR = BR +
    arm. Under 1 everyone holds; 6 or more scores him without a throw (and the runner on
    second then tags as after a sacrifice fly); 1-5 rolls the three dice, the runners
    behind him moving up only on the throw.
    """
    third = g.state.runner_on(3)
    assert third is not None
    if g.check("SF", ab.batter.sf, die=6):
        move(g, third, 3, HOME, "sacrifice fly", batter)
        tag_from_second(g, batter, ball)
        return
    lead = ExtraBase(third, 3, [("arm", outfielder(g, ball.fielder).arm)])
    if lead.abr < throws.THROW_POSSIBLE.start:
        return
    if lead.abr >= throws.THROW_POSSIBLE.stop:
        move(g, third, 3, HOME, "tag-up", batter)
        tag_from_second(g, batter, ball)
        return
    # Only the runner on second tags up behind him; a runner on first holds (§11.3).
    second = g.state.runner_on(2)
    behind = [ExtraBase(second, 2)] if second is not None else []
    throw = Throw(g, ball.fielder, lead, behind, batter, "tag-up", throws.holding_on_first(g))
    throws.make_throw(
        throw, throws.error_check_of(ball), lambda t: throw_chart(t, f"{ball.notation} tag-up", tag_up=True)
    )


def tag_from_second(g: IPGame, batter: IPRunner, ball: Ball) -> None:
    """IP2007 §11.2, runner on second (third empty) with less than two out.

    Adjusted BR = BR + arm + the field's modifier (F7 -3, F8 -2, F9 -1). Under 1 he
    stays; 6 or more takes third without a throw (§7.2.1); otherwise three dice: a red
    die at most his number takes third, red-white 6-6 puts the blue die on OTC roll
    2.6 (in the arm's range he is out at third), anything else holds him. A runner on
    first stays.
    """
    runner = g.state.runner_on(2)
    if runner is None or g.state.runner_on(3) is not None:
        return
    rules = chart()["fly_from_second"]
    modifiers = [(ball.notation, int(rules["modifier"][ball.notation])), ("arm", outfielder(g, ball.fielder).arm)]
    tagger = ExtraBase(runner, 2, modifiers)
    if tagger.abr < throws.THROW_POSSIBLE.start:
        return
    if tagger.abr >= throws.THROW_POSSIBLE.stop:
        move(g, runner, 2, 3, "tag-up", batter)
        return

    def dice(throw: Throw) -> None:
        red, white, blue = three_dice(g, f"{ball.notation} tag-up from second")
        made_it = red <= tagger.abr
        g.emit(Check(f"{runner.name} to third", runner.br, tuple(modifiers), red, made_it))
        if made_it:
            throw.take_base(tagger)
        elif [red, white] == rules["arm_check_on"] and arm_check(g, ball.fielder, blue):
            throw.thrown_out(tagger)

    # IP2007 §5 #8: the throw to third is checked for an error before the dice.
    throw = Throw(g, ball.fielder, tagger, [], batter, "tag-up", throws.holding_on_first(g))
    throws.make_throw(throw, throws.error_check_of(ball), dice)


# --- S+7, S+8, S+9 ------------------------------------------------------------------


def stretch_thrown_out(g: IPGame, ball: Ball) -> bool:
    """IP2007 §4.6: a stretch die of 6 above his number rolls the second die on OTC roll 2.6.

    True (in the arm's range): he is out at second; otherwise he stays at first with a single.
    """
    white = g.d6(f"{ball.notation} stretch: OTC roll 2 (white)")
    return arm_check(g, ball.fielder, white)
