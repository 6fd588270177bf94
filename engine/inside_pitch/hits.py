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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cards.notation import Position
from engine.bases import advance_exactly, move, put_out_advancing, runners_lead_first
from engine.events import Check
from engine.events import Reading as ReadingEvent
from engine.inside_pitch import fielding
from engine.inside_pitch.tables import load_table
from engine.state import HOME, Fielder, Runner

if TYPE_CHECKING:
    from engine.game import Game
    from engine.inside_pitch.reading import AtBat, Ball

BASES_FOR = {"S": 1, "S+": 1, "D": 2, "T": 3, "H": 4}
OUTFIELD = (7, 8, 9)

# The chart columns, by (base the runner started from, base he tries for).
COLUMN = {(1, 3): "first_to_third", (2, 4): "second_to_home", (1, 4): "first_to_home"}
BASE_NAME = {2: "second", 3: "third", 4: "home"}

# IP2021 "Runner Advancement on Hits": with two outs runners go on contact.
TWO_OUT_BONUS = 1
# IP2021 "Hit and run" (IP2007 §12.2): the runners, off with the pitch, have BR + 2.
HIT_AND_RUN_BONUS = 2
# IP2007 §7.2 (option): from this run difference on, runners go station to station.
STATION_TO_STATION_LEAD = 6
# IP2021 "Singles and Doubles to the Outfield": the Adjusted BR that draws a throw.
THROW_POSSIBLE = range(1, 6)


def play_hit(g: Game, ab: AtBat, batter: Runner, ball: Ball) -> str:
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


def outfielder(g: Game, position: int) -> Fielder:
    return g.state.fielding.fielder(Position.from_number(position))


def two_out_bonus(g: Game) -> list[tuple[str, int]]:
    return [("two outs", TWO_OUT_BONUS)] if g.state.outs == 2 else []


def hit_and_run_bonus(hit_and_run: bool) -> list[tuple[str, int]]:
    """IP2021 "Hit and run": BR + 2 for the runners (not the batter), like the two-out bonus an Adjusted BR."""
    return [("hit and run", HIT_AND_RUN_BONUS)] if hit_and_run else []


def is_free(g: Game, base: int) -> bool:
    return base >= HOME or g.state.runner_on(base) is None


# --- singles through the infield ------------------------------------------------


def infield_single(g: Game, batter: Runner, ball: Ball, hit_and_run: bool = False) -> str:
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


def station_to_station(g: Game) -> bool:
    """IP2007 §7.2 option: with a run difference of 6 or more, nobody takes an extra base."""
    return g.setup.options.station_to_station and g.state.run_difference() >= STATION_TO_STATION_LEAD


def hit_to_outfield(g: Game, batter: Runner, ball: Ball, hit_and_run: bool = False) -> str:
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


def stretch_single(g: Game, batter: Runner, ball: Ball) -> str:
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
        if g.setup.options.throw_charts_2007:  # IP2007 §4.6: the 6 goes to the arm check
            from engine.inside_pitch import throws_2007  # here: that module builds on this one

            if not throws_2007.stretch_thrown_out(g, ball):
                return f"S{ball.fielder}"
        put_out_advancing(g, batter, 1, 2, throw_notation(ball.fielder, 2))
    return f"S{ball.fielder}"


# --- the outfielder's throw (hits and fly outs) ---------------------------------


@dataclass(slots=True)
class ExtraBase:
    """A runner (or the batter) who may take one base more than the play has given him."""

    runner: Runner
    at: int  # where he stands now
    modifiers: list[tuple[str, int]] = field(default_factory=list)  # what makes his BR an Adjusted BR
    is_batter: bool = False  # the batter is never the lead runner and never makes the ABR check

    @property
    def to(self) -> int:
        return self.at + 1

    @property
    def abr(self) -> int:
        return self.runner.br + sum(value for _, value in self.modifiers)


def throw_notation(fielder: int, base: int) -> str:
    """ "8-2": the outfielder's throw and who took it at ``base``."""
    receiver = load_table("throws")["receiver"][BASE_NAME[base]]
    if isinstance(receiver, dict):
        receiver = receiver[str(fielder)]
    return f"{fielder}-{receiver}"


@dataclass(slots=True)
class Throw:
    """One throw from the outfield: the runners on the play and what the dice did to them."""

    g: Game
    fielder: int  # the outfielder's scorer's number
    lead: ExtraBase
    trailing: list[ExtraBase]
    batter: Runner  # the man at the plate, whose RBI a run is
    reason: str  # how the runners' moves read: "extra base", "tag-up"
    # Runners on base but not on the play (a runner on first behind a tag-up): they move
    # up only when the throw is thrown away (IP2007 §5 #8).
    holding: list[ExtraBase] = field(default_factory=list)
    # ET? #8: the outfielder threw it away. The chart is still read, but nobody is out.
    error: bool = False

    def take_base(self, runner: ExtraBase, reason: str | None = None) -> bool:
        """He takes his base unless the inning is over or he is held up by the man ahead."""
        if self.g.state.outs >= 3 or not is_free(self.g, runner.to):
            return False
        move(self.g, runner.runner, runner.at, runner.to, reason or self.reason, self.batter)
        return True

    def thrown_out(self, runner: ExtraBase) -> None:
        if self.error:  # IP2007 §5 #8: nobody is thrown out on a throwing error; he makes his base
            self.take_base(runner, "error")
            return
        if self.g.state.outs < 3:
            put_out_advancing(self.g, runner.runner, runner.at, runner.to, throw_notation(self.fielder, runner.to))

    def check(self, runner: ExtraBase, roll: int, adjusted: bool) -> bool:
        """Roll at most his (Adjusted) BR; recorded as a check. Once the third out is made nobody is checked."""
        if self.g.state.outs >= 3:
            return False
        modifiers = tuple(runner.modifiers) if adjusted else ()
        success = roll <= runner.runner.br + sum(value for _, value in modifiers)
        self.g.emit(
            Check(f"{runner.runner.name} to {BASE_NAME[runner.to]}", runner.runner.br, modifiers, roll, success)
        )
        return success


def outfield_throw(
    g: Game,
    fielder: int,
    runners: Sequence[ExtraBase],
    batter: Runner,
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
            from engine.inside_pitch import throws_2007  # here: that module builds on this one

            make_throw(throw, error_check, lambda t: throws_2007.throw_chart(t, f"throw on {play}"))
        else:
            make_throw(throw, error_check, lambda t: throw_chart(t, f"throw on {play}"))
        return


def throw_chart(throw: Throw, purpose: str) -> None:
    """IP2021: one 2d6 roll, the first die read on the throw chart."""
    g = throw.g
    red, white = g.two_d6(purpose)
    outcome = load_table("throws")["first_die"][red - 1]
    g.emit(ReadingEvent("throw chart", outfielder(g, throw.fielder).name, str(red), outcome))
    FIRST_DIE[outcome](throw, red, white)


def error_check_of(ball: Ball) -> Ball | None:
    """The ball a throw from the outfield is checked on for ET? #8, if the play came off ET?."""
    return ball if ball.throw_error_check else None


def holding_on_first(g: Game) -> list[ExtraBase]:
    """IP2007 §11.3, the older key: a runner on first does not tag up on a fly out.

    He is not on the play; only a throwing error (#8) moves him up.
    """
    first = g.state.runner_on(1)
    return [ExtraBase(first, 1)] if first is not None else []


def make_throw(throw: Throw, error_check: Ball | None, chart: Callable[[Throw], None]) -> None:
    """A throw from the outfield, with ET? #8 (IP2021 "Errors" #8, IP2007 §5 #8; rules README).

    With ``error_check`` (a ball off ET?) the outfielder's throw is first checked for an
    error (``fielding.outfield_throw_error``). Either way ``chart`` plays the throw as
    usual (the 2d6 chart, the 2007 three dice, the tag-up from second); after an
    error nobody is out and :func:`throwing_error_bases` adds the error's bases. The
    one path for hits and tag-ups alike.
    """
    if error_check is not None and fielding.outfield_throw_error(throw.g, error_check):
        throw.error = True
    chart(throw)
    if throw.error:
        throwing_error_bases(throw)


def throwing_error_bases(throw: Throw) -> None:
    """IP2007 §5 #8 (rules README): the bases a thrown-away ball gives, after the chart was played.

    The runner the throw was for gets one base more than the chart gave him: home from
    the base he ran for, or, if he held, the base he ran for. Every trailing runner and
    every runner not on the play ends at least one base beyond where he stood. Lead
    runner first; a base still taken holds a man up.
    """
    g, lead = throw.g, throw.lead
    if g.state.runner_on(lead.at) is lead.runner:  # he held: the error gives him his base
        throw.take_base(lead, "error")
    elif lead.to < HOME and g.state.runner_on(lead.to) is lead.runner and is_free(g, lead.to + 1):
        move(g, lead.runner, lead.to, lead.to + 1, "error", throw.batter)
    for runner in [*throw.trailing, *throw.holding]:
        if 1 <= runner.at <= 3 and g.state.runner_on(runner.at) is runner.runner:  # still where he stood
            throw.take_base(runner, "error")


def lead_advances(throw: Throw, red: int, white: int) -> None:
    """First die 1: the lead runner takes his base; chart A: the second die against each trailing BR."""
    throw.take_base(throw.lead)
    for runner in throw.trailing:
        if throw.check(runner, white, adjusted=False):
            throw.take_base(runner)


def abr_check(throw: Throw, red: int, white: int) -> None:
    """First die 2-5: working back, each runner but the batter goes if the die is at most his Adjusted BR."""
    for runner in [throw.lead, *throw.trailing]:
        if not runner.is_batter and throw.check(runner, red, adjusted=True):
            throw.take_base(runner)


def chart_b(throw: Throw, red: int, white: int) -> None:
    """First die 6: somebody is likely out; the second die on chart B."""
    outcome = load_table("throws")["chart_b"][white - 1]
    throw.g.emit(ReadingEvent("throw chart B", outfielder(throw.g, throw.fielder).name, str(white), outcome))
    CHART_B[outcome](throw, white)


def trailing_out(throw: Throw, white: int) -> None:
    """Chart B 1: the lead runner takes his base, the throw is cut off, the first trailing runner is out."""
    throw.take_base(throw.lead)
    if throw.trailing:
        throw.thrown_out(throw.trailing[0])


def lead_out(throw: Throw, white: int) -> None:
    """Chart B 2-5: the lead runner is out; trailing runners whose BR is at least the die move up."""
    throw.thrown_out(throw.lead)
    for runner in throw.trailing:
        if throw.check(runner, white, adjusted=False):
            throw.take_base(runner)


def trailing_rundown(throw: Throw, white: int) -> None:
    """Chart B 6: the lead runner takes his base, the throw is cut off, the first trailing runner is in a rundown."""
    throw.take_base(throw.lead)
    if throw.trailing:
        rundown(throw, throw.trailing[0], throw.trailing[1:])


def rundown(throw: Throw, caught: ExtraBase, others: list[ExtraBase]) -> None:
    """IP2021 rundown chart (IP2007 §7.2.5), 1d6: out quickly, out while the others move up, or safe.

    After an outfielder's throwing error (ET? #8) nobody is out: he makes his base, no die.
    """
    g = throw.g
    if throw.error:
        throw.take_base(caught, "error")
        return
    roll = g.d6("rundown")
    outcome = load_table("rundown")["by_die"][roll - 1]
    g.emit(ReadingEvent("rundown", caught.runner.name, str(roll), outcome))
    if outcome == "safe":
        throw.take_base(caught)
        return
    throw.thrown_out(caught)
    # A long rundown (the die at most his BR) lets everyone behind him take a base.
    if outcome == "out" and roll <= caught.runner.br:
        for runner in others:
            throw.take_base(runner)


FIRST_DIE: dict[str, Callable[[Throw, int, int], None]] = {
    "lead_advances": lead_advances,
    "abr_check": abr_check,
    "chart_b": chart_b,
}
CHART_B: dict[str, Callable[[Throw, int], None]] = {
    "trailing_out": trailing_out,
    "lead_out": lead_out,
    "trailing_rundown": trailing_rundown,
}
