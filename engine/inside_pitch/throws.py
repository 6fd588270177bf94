"""The outfielder's throw (IP2021 "Singles and Doubles to the Outfield", "Errors" #8; IP2007 §5 #8, §7.2).

The procedure the hits (``hits.outfield_throw``), the tag-ups (``flyouts``) and the 2007
Outfield Throw Chart (``throws_2007``) share; the vocabulary (lead runner, trailing
runners, Adjusted BR, held up) is in ``hits``' docstring.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cards.notation import Position
from engine.bases import move, put_out_advancing
from engine.events import Check, ErrorCharged
from engine.events import Reading as ReadingEvent
from engine.inside_pitch.tables import load_table
from engine.state import HOME, Fielder

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner
    from engine.inside_pitch.reading import Ball

BASE_NAME = {2: "second", 3: "third", 4: "home"}
# IP2021 "Singles and Doubles to the Outfield": the Adjusted BR that draws a throw.
THROW_POSSIBLE = range(1, 6)


def outfielder(g: IPGame, position: int) -> Fielder:
    return g.state.fielding.fielder(Position.from_number(position))


def is_free(g: IPGame, base: int) -> bool:
    return base >= HOME or g.state.runner_on(base) is None


@dataclass(slots=True)
class ExtraBase:
    """A runner (or the batter) who may take one base more than the play has given him."""

    runner: IPRunner
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

    g: IPGame
    fielder: int  # the outfielder's scorer's number
    lead: ExtraBase
    trailing: list[ExtraBase]
    batter: IPRunner  # the man at the plate, whose RBI a run is
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


def holding_on_first(g: IPGame) -> list[ExtraBase]:
    """IP2007 §11.3, the older key: a runner on first does not tag up on a fly out.

    He is not on the play; only a throwing error (#8) moves him up.
    """
    first = g.state.runner_on(1)
    return [ExtraBase(first, 1)] if first is not None else []


def make_throw(throw: Throw, error_check: Ball | None, chart: Callable[[Throw], None]) -> None:
    """A throw from the outfield, with ET? #8 (IP2021 "Errors" #8, IP2007 §5 #8; rules README).

    With ``error_check`` (a ball off ET?) the outfielder's throw is first checked for an
    error (:func:`outfield_throw_error`). Either way ``chart`` plays the throw as
    usual (the 2d6 chart, the 2007 three dice, the tag-up from second); after an
    error nobody is out and :func:`throwing_error_bases` adds the error's bases. The
    one path for hits and tag-ups alike.
    """
    if error_check is not None and outfield_throw_error(throw.g, error_check):
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


def outfield_throw_error(g: IPGame, ball: Ball) -> bool:
    """IP2021 ET? #8 (IP2007 §5 #8, #10): 1d20 against the throwing outfielder's error number.

    True is an error (charged here). The throw is then read as usual, nobody is out,
    and the error's bases follow (:func:`throwing_error_bases`).
    """
    fielder = outfielder(g, ball.fielder)
    if not g.check(f"error ({fielder.name}, throw on {ball.notation})", fielder.error):
        return False
    g.emit(ErrorCharged(fielder.id, fielder.position.value, "throwing"))
    return True


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
