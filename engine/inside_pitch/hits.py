"""Runner advancement on hits (IP2021 "Runner Advancement on Hits"; IP2007 §7 where the 2021 text lost a table).

Every runner, and the batter, first takes the bases the hit gives (one on a single,
two on a double, ...). The rules below decide who takes one base more.

The vocabulary of the outfield throw, shared with the tag-ups in ``flyouts``:

- The *lead runner* is the most advanced runner on whom the defense can make a play.
  A runner who scores on the hit itself draws no throw and is not the lead runner:
  the man from third on a single, the men from second and third on a double. The
  batter is never the lead runner.
- Everyone behind the lead runner on the play, the batter included, is a *trailing
  runner*. They move up when the throw goes to a base ahead of them.
- The *Adjusted BR* (ABR) is a runner's BR plus the chart modifier for the base he
  tries for, plus the outfielder's arm, plus 1 with two outs.
- A runner is *held up* when the base he wants is still occupied by the man ahead
  of him, who stopped; he then stays where he is, whatever his speed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.bases import advance_exactly, move, put_out_advancing, runners_lead_first
from engine.events import Check
from engine.inside_pitch import throws_2007
from engine.inside_pitch.tables import load_table
from engine.inside_pitch.throws import (
    THROW_POSSIBLE,
    ExtraBase,
    Throw,
    error_check_of,
    is_free,
    make_throw,
    outfielder,
    throw_chart,
    throw_notation,
)
from engine.state import HOME

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner
    from engine.inside_pitch.reading import AtBat, Ball

BASES_FOR = {"S": 1, "S+": 1, "D": 2, "T": 3, "H": 4}
OUTFIELD = (7, 8, 9)

# The chart columns, by (base the runner started from, base he tries for).
COLUMN = {(1, 3): "first_to_third", (2, 4): "second_to_home", (1, 4): "first_to_home"}

# IP2021 "Runner Advancement on Hits": with two outs runners go on contact.
TWO_OUT_BONUS = 1
# IP2021 "Hit and run" (IP2007 §12.2): the runners, off with the pitch, have BR + 2.
HIT_AND_RUN_BONUS = 2
# IP2007 §7.2 (option): from this run difference on, runners go station to station.
STATION_TO_STATION_LEAD = 6


def play_hit(g: IPGame, ab: AtBat, batter: IPRunner, ball: Ball) -> str:
    """Move the batter and the runners for a hit; returns the scorer's notation."""
    if ball.advance is not None:
        # IP2007 §6: a double past a corner infielder, a pop-up that drops in: exact bases, no tries, no throw.
        advance_exactly(g, batter, BASES_FOR[ball.kind], ball.advance, "hit")
        return ball.notation
    if ball.kind == "S+":
        return stretch_single(g, batter, ball)
    if ball.kind == "S" and ball.fielder not in OUTFIELD:
        return infield_single(g, batter, ball, ab.hit_and_run)
    return hit_to_outfield(g, batter, ball, ab.hit_and_run)


def pop_up_single_advance(g: IPGame) -> int:
    """IP2007 §6: a pop-up that drops in moves every runner one base, two with two out."""
    chart = load_table("range")["pop_up_single"]
    return int(chart["two_out"] if g.state.outs == 2 else chart["less_than_two_out"])


def two_out_bonus(g: IPGame) -> list[tuple[str, int]]:
    return [("two outs", TWO_OUT_BONUS)] if g.state.outs == 2 else []


def hit_and_run_bonus(hit_and_run: bool) -> list[tuple[str, int]]:
    """IP2021 "Hit and run": BR + 2 for the runners (not the batter), like the two-out bonus an Adjusted BR."""
    return [("hit and run", HIT_AND_RUN_BONUS)] if hit_and_run else []


# --- singles through the infield ------------------------------------------------


def infield_single(g: IPGame, batter: IPRunner, ball: Ball, hit_and_run: bool = False) -> str:
    """IP2021 "singles through the infield" (IP2007 §7.1): BR alone decides, no throw.

    Working back from the lead runner: the man on third scores; the man on second
    scores if his BR is in the hit's range, else stops at third; the man on first
    reaches third if his BR is in range and third is free, else stops at second.
    The batter stops at first. With two outs every BR counts 1 more; on the hit and
    run 2 more.
    """
    chart = load_table("infield_singles")[ball.notation]
    bonus = sum(v for _, v in two_out_bonus(g) + hit_and_run_bonus(hit_and_run))
    for base, runner in runners_lead_first(g):
        move(g, runner, base, base + 1, "hit", batter)
        column = COLUMN.get((base, base + 2))
        if column is not None and column in chart and runner.br + bonus >= chart[column] and is_free(g, base + 2):
            move(g, runner, base + 1, base + 2, "extra base", batter)
    move(g, batter, 0, 1, "hit", batter)
    return ball.notation


# --- singles, doubles and triples to the outfield -------------------------------


def station_to_station(g: IPGame) -> bool:
    """IP2007 §7.2 option: with a run difference of 6 or more, nobody takes an extra base."""
    return g.setup.options.station_to_station and g.state.run_difference() >= STATION_TO_STATION_LEAD


def hit_to_outfield(g: IPGame, batter: IPRunner, ball: Ball, hit_and_run: bool = False) -> str:
    """IP2021 "Singles and Doubles to the Outfield"; triples: everyone scores, batter to third.

    On the hit and run the runners' Adjusted BR is 2 more (``hit_and_run_bonus``).
    """
    bases = BASES_FOR[ball.kind]
    no_extra_bases = station_to_station(g)  # the score as the ball is hit
    starts = runners_lead_first(g)
    for base, runner in starts:
        move(g, runner, base, min(base + bases, HOME), "hit", batter)
    move(g, batter, 0, min(bases, HOME), "hit", batter)
    columns: dict[str, int] | None = load_table("outfield_hits").get(ball.notation)
    if columns is None or no_extra_bases:
        return ball.notation  # triples, and hits without an outfield throw
    fielder = outfielder(g, ball.fielder)
    on_contact = two_out_bonus(g) + hit_and_run_bonus(hit_and_run)
    runners = []
    for base, runner in starts:
        column = COLUMN.get((base, base + bases + 1))
        if column is not None and column in columns:
            modifiers = [(f"{ball.notation} {column.replace('_', ' ')}", columns[column]), ("arm", fielder.arm)]
            runners.append(ExtraBase(runner, base + bases, modifiers + on_contact))
    if runners:  # with nobody to play on, the batter stays put
        runners.append(ExtraBase(batter, bases, is_batter=True))
        outfield_throw(g, ball.fielder, runners, batter, ball.notation, "extra base", error_check_of(ball))
    return ball.notation


def stretch_single(g: IPGame, batter: IPRunner, ball: Ball) -> str:
    """IP2021 "S+7, S+8, S+9": a single the batter may stretch into a double.

    Every runner takes two bases whatever becomes of the batter, and does so before
    any out at second (so with two outs a runner from second scores). Then 1d6
    against the batter's BR + the outfielder's arm: at most that, a double; above it,
    a single, unless the die shows 6: thrown out at second.
    """
    for base, runner in runners_lead_first(g):
        move(g, runner, base, min(base + 2, HOME), "hit", batter)
    move(g, batter, 0, 1, "hit", batter)
    fielder = outfielder(g, ball.fielder)
    roll = g.d6(f"{ball.notation} stretch")
    target = batter.br + fielder.arm
    g.emit(Check(f"{ball.notation} stretch", batter.br, (("arm", fielder.arm),), roll, roll <= target))
    if roll <= target:
        move(g, batter, 1, 2, "stretch", batter)
        return f"D{ball.fielder}"
    if roll == 6:
        # IP2007 §4.6: the 6 goes to the arm check
        if g.setup.options.throw_charts_2007 and not throws_2007.stretch_thrown_out(g, ball):
            return f"S{ball.fielder}"
        put_out_advancing(g, batter, 1, 2, throw_notation(ball.fielder, 2))
    return f"S{ball.fielder}"


# --- the outfielder's throw (hits and fly outs) ---------------------------------


def outfield_throw(
    g: IPGame,
    fielder: int,
    runners: Sequence[ExtraBase],
    batter: IPRunner,
    play: str,
    reason: str,
    error_check: Ball | None = None,
    holding: Sequence[ExtraBase] = (),
) -> None:
    """IP2021 "Singles and Doubles to the Outfield": the throw procedure, used by hits and fly outs.

    ``runners`` lists everyone who may take a base more, lead runner first and the
    batter (if he is on the play) last. An Adjusted BR under 1 holds the lead runner
    and so everyone behind him, with no throw; 6 or more sends him without a throw,
    and the next runner (never the batter) becomes the lead runner; 1-5 draws a throw:
    one 2d6 roll for everyone on the play.

    ``error_check`` is a ball off ET? #8 and ``holding`` the runners who are not on the
    play: see :func:`make_throw`.
    """
    waiting = list(runners)
    while waiting and not waiting[0].is_batter:
        lead, trailing = waiting[0], waiting[1:]
        throw = Throw(g, fielder, lead, trailing, batter, reason, list(holding))
        if lead.abr < THROW_POSSIBLE.start:
            return
        if lead.abr >= THROW_POSSIBLE.stop:
            throw.take_base(lead)
            waiting = trailing
            continue
        if g.setup.options.throw_charts_2007:  # IP2007 §7.2.2-7.2.4: three dice and the Outfield Throw Chart
            make_throw(throw, error_check, lambda t: throws_2007.throw_chart(t, f"throw on {play}"))
        else:
            make_throw(throw, error_check, lambda t: throw_chart(t, f"throw on {play}"))
        return
