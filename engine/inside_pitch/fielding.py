"""Range plays and error plays (IP2021 "Range Plays", "Errors"; IP2007 §5-§6).

A range play (RP, RP@ on the pitcher's card) turns the ball read off the batter's or
ballpark card into another ball: the chart in ``tables/range.toml`` says what it
becomes when the fielder makes the play and when he misses it. The result is a
:class:`Ball` that the hit and out rules play on.

An error play (E?, ET?, EG?) looks the ball up on its error chart
(``tables/errors_e.toml``, ``errors_et.toml``, ``errors_eg.toml``). A blank cell
means no error is possible; otherwise 1d20 against the fielder's error number
decides, and the error type (#1-#8) says what the error does. Without an error the
play goes on as read (``balls.play_ball``). The error types' procedures, where the
2021 text lost them, follow the rules README.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cards.notation import PitcherResult, Position
from engine.bases import (
    advance_all,
    move,
    move_without_rbi,
    put_out,
    put_out_advancing,
    runners_lead_first,
)
from engine.events import Check, ErrorCharged
from engine.events import Reading as ReadingEvent
from engine.inside_pitch import balls, depth, outs, rare
from engine.inside_pitch.hits import pop_up_single_advance
from engine.inside_pitch.reading import Ball
from engine.inside_pitch.running import BASE_NAMES
from engine.inside_pitch.tables import load_table
from engine.state import HOME, Fielder

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner
    from engine.inside_pitch.reading import AtBat

# A chart cell in card notation: "S1", "S+7", "G6".
_CELL = re.compile(r"^(S\+|[SDTGPFL])([1-9])$")
OUTFIELD = (7, 8, 9)


def fielder_at(g: IPGame, number: int) -> Fielder:
    return g.state.fielding.fielder(Position.from_number(number))


# --- range plays -----------------------------------------------------------------


def range_play(g: IPGame, ab: AtBat, ball: Ball) -> Ball:
    """IP2021 "Range Plays": 1d6 against the fielder's range, then the range chart.

    Infielders' range moves with their depth (``depth.range_adjustment``; never P or
    C, never on line drives). A ball with no cell on the chart is played as read.
    """
    table = load_table("range")
    position = Position.from_number(ball.fielder)
    cell: dict[str, str] | None = table["chart"].get(position.value, {}).get(ball.kind)
    if g.setup.options.catcher_pop_out_2007:
        # IP2007 §6 range chart: the cells where the 2007 book differs (the catcher's pop-up).
        cell = table["chart_2007"].get(position.value, {}).get(ball.kind, cell)
    if cell is None:
        return ball
    fielder = g.state.fielding.fielder(position)
    modifiers: list[tuple[str, int]] = []
    if ball.kind in table["depth"]["applies_to"]:
        adjustment = depth.range_adjustment(g, position)
        if adjustment:
            modifiers.append((depth.describe(g, position), adjustment))
    made = g.check(f"range ({fielder.name}, {ball.notation})", fielder.range, modifiers, die=6)
    if ball.home_run_chance:
        # IP2021 "[HR8], [HRo], [HRp]": missed, a double off the wall; made, caught at the wall.
        kind = table["home_run_fly"]["made" if made else "missed"]
        result = replace(ball, kind=kind, caught_at_wall=made, home_run_chance=made)
    else:
        result = _range_result(g, ball, cell["made" if made else "missed"], made)
    g.emit(
        ReadingEvent(
            "range chart",
            fielder.name,
            f"{ball.notation} {'made' if made else 'missed'}",
            "foul" if result.foul else result.notation,
        )
    )
    return result


def _range_result(g: IPGame, ball: Ball, cell: str, made: bool) -> Ball:
    table = load_table("range")
    if cell == "foul":
        return replace(ball, foul=True)  # IP2021 range chart: the catcher's pop-up is a foul ball
    if cell == "#":
        # IP2007 §6 "#": 1d6, a single or a double past the fielder who missed.
        chart = table["single_or_double"]
        roll = g.d6(f"single or double past {ball.fielder}")
        if roll in chart["single"]:
            return Ball("S", ball.fielder, ball.source)
        advance = None if ball.fielder in OUTFIELD else int(chart["corner_double_advance"])
        return Ball("D", ball.fielder, ball.source, advance=advance)
    match = _CELL.match(cell)
    if match is None:
        raise ValueError(f"range chart cell {cell!r} is not a batted ball")
    kind, fielder = match.group(1), int(match.group(2))
    advance = None
    if not made and ball.kind == "P" and kind == "S":
        advance = pop_up_single_advance(g)  # IP2007 §6: failed range plays on pop-ups
    return Ball(kind, fielder, ball.source, advance=advance)


def foul_ball(g: IPGame, ab: AtBat, batter: IPRunner) -> str:
    """A foul ball (a catcher's pop-up off a range play, a dropped foul pop): the at bat goes on."""
    return rare.another_pitch(g, ab, batter)


# --- error plays -----------------------------------------------------------------

CHARTS = {
    PitcherResult.ERROR: "errors_e",
    PitcherResult.THROWING_ERROR: "errors_et",
    PitcherResult.GROUND_ERROR: "errors_eg",
}


@dataclass(slots=True)
class ErrorPlay:
    """A ball on an error chart: who fielded it and what the cards read."""

    g: IPGame
    ab: AtBat
    batter: IPRunner
    ball: Ball
    fielder: Fielder
    error_type: str  # "#1" … "#8", or "foul"

    @property
    def spec(self) -> dict[str, Any]:
        types: dict[str, Any] = load_table("errors_e")["types"]
        return dict(types.get(self.error_type, {}))

    @property
    def scored(self) -> str:
        """The scorer's mark for a batter who reached on this fielder's error: "E6"."""
        return f"E{self.fielder.position.number}"

    def check(self, what: str) -> bool:
        """1d20 against the fielder's error number: at most that number is an error."""
        return self.g.check(f"error ({self.fielder.name}, {what})", self.fielder.error)

    def odd_check(self, what: str) -> bool:
        """1d20 against the fielder's error number, an error only on an odd roll (IP2021 #3; IP2007 #2, #3)."""
        g, fielder = self.g, self.fielder
        roll = g.d20(f"error ({fielder.name}, {what})")
        error = roll <= fielder.error and roll % 2 == 1
        g.emit(Check(f"error ({fielder.name}, {what}: odd rolls only)", fielder.error, (), roll, error))
        return error

    def pop_up_check(self, what: str) -> bool:
        """The error check of a dropped pop-up (#2): IP2021 any roll at most the error number;
        IP2007 §5 #2 (``dropped_pop_odd_2007``) only an odd one."""
        return self.odd_check(what) if self.g.setup.options.dropped_pop_odd_2007 else self.check(what)

    def charge(self, kind: str, fielder: Fielder | None = None, missed_out: str = "") -> None:
        f = fielder or self.fielder
        self.g.emit(ErrorCharged(f.id, f.position.value, kind, missed_out))

    def play_on(self, ball: Ball | None = None) -> str:
        """No error: the play goes on as the cards read it."""
        return balls.play_ball(self.g, self.ab, self.batter, ball or self.ball)


def error_play(g: IPGame, ab: AtBat, batter: IPRunner, ball: Ball, kind: PitcherResult) -> str:
    """IP2021 "Errors": look the ball up on the E?, ET? or EG? chart and play its error type."""
    position = Position.from_number(ball.fielder)
    column = "S" if ball.kind == "S+" else ball.kind
    chart = load_table(CHARTS[kind])
    cell: str | None = chart["chart"].get(position.value, {}).get(column)
    if g.setup.options.infield_single_br_2007 and "chart_infield_single_br_2007" in chart:
        # IP2007 §5: after E? or EG? an infield single is the batter's BR roll (#4 BR).
        cell = chart["chart_infield_single_br_2007"].get(position.value, {}).get(column, cell)
    fielder = g.state.fielding.fielder(position)
    play = ErrorPlay(g, ab, batter, ball, fielder, cell or "")
    if cell is None:
        return play.play_on()  # a blank cell: no error possible
    g.emit(ReadingEvent(f"{kind} error chart", fielder.name, ball.notation, cell))
    return ERROR_TYPES[cell](play)


def booted(p: ErrorPlay) -> str:
    """IP2021 "Errors" #1: the infielder boots the grounder; batter safe at first, runners up one base."""
    if not p.check("fielding"):
        return p.play_on()
    p.charge("fielding")
    p.batter.reached_on_error = True
    advance_all(p.g, p.spec["advance"], "error", p.batter)
    move(p.g, p.batter, 0, p.spec["batter_to"], "error", p.batter)
    return p.scored


def infield_fly(g: IPGame) -> bool:
    """The infield fly rule (the out rules own it: ``outs.infield_fly``)."""
    return outs.infield_fly(g)


def dropped_pop(p: ErrorPlay) -> str:
    """IP2021 "Errors" #2: the pop-up is dropped; batter to first and runners up one, with two out to second and up two.

    IP2021 "Errors" #2: the infield fly rule cancels the error check (the batter is
    out); unlike IP2007 the roll need not be odd (rules README), except under the
    ``dropped_pop_odd_2007`` option.
    """
    if infield_fly(p.g):
        return p.play_on()
    if not p.pop_up_check("pop-up"):
        return p.play_on()
    p.charge("dropped pop-up")
    p.batter.reached_on_error = True
    two_out = p.g.state.outs == 2
    advance_all(p.g, p.spec["two_out_advance" if two_out else "advance"], "error", p.batter)
    move(p.g, p.batter, 0, p.spec["two_out_batter_to" if two_out else "batter_to"], "error", p.batter)
    return p.scored


def dropped_foul(p: ErrorPlay) -> str:
    """IP2021 #2, the catcher's P2: an error drops the foul pop and the at bat goes on; else P2 is caught.

    IP2007 §5 #2 makes the catcher's drop odd rolls only too (``dropped_pop_odd_2007``).
    """
    if not p.pop_up_check("foul pop-up"):
        return p.play_on()
    p.charge("dropped foul pop-up")
    return foul_ball(p.g, p.ab, p.batter)


def dropped_fly(p: ErrorPlay) -> str:
    """IP2021 "Errors" #3: an outfielder drops the fly, but only on an odd roll at most his error number.

    Batter to first and every runner up one base; then one 1d6 against each man's
    adjusted BR (BR + the outfielder's arm), lead runner first, batter included,
    for one base more. With two out everyone moves two bases, whatever his BR
    (Dugout sends the batter to second too, as on a dropped pop-up with two out).
    """
    g, fielder = p.g, p.fielder
    if not p.odd_check("dropped fly"):
        return p.play_on()
    p.charge("dropped fly ball")
    p.batter.reached_on_error = True
    if g.state.outs == 2:
        advance_all(g, p.spec["two_out_advance"], "error", p.batter)
        move(g, p.batter, 0, p.spec["two_out_batter_to"], "error", p.batter)
        return p.scored
    advance_all(g, p.spec["advance"], "error", p.batter)
    move(g, p.batter, 0, p.spec["batter_to"], "error", p.batter)
    extra_base_roll(g, "dropped fly: one base more", p.batter, [("arm", fielder.arm)])
    return p.scored


def infield_single(p: ErrorPlay) -> str:
    """IP2021 "Errors" #4: an infield single. A throwing error: batter to second, runners up two; else all up one."""
    g = p.g
    error = p.check("throw on an infield single")
    single = p.spec["no_error_advance"]
    advance_all(g, single, "hit", p.batter)
    move(g, p.batter, 0, single, "hit", p.batter)
    if error:
        p.charge("throwing")
        advance_all(g, p.spec["advance"] - single, "error", p.batter)  # the batter moves up with them
    return p.ball.notation


def infield_single_br(p: ErrorPlay) -> str:
    """IP2007 §5 #4 (option ``infield_single_br_2007``), after E? or EG?: an infield single with no error check.

    1d6 against the batter's BR: at most it, a single; above it, he is thrown out
    at first. Either way every runner moves up one base, unless the out at first is
    the third (then no run scores: OBR 5.08(a)).
    """
    g, ball = p.g, p.ball
    safe = g.check(f"{p.batter.name} beats the throw ({ball.notation})", p.batter.br, die=6)
    if not safe:
        put_out(g, p.batter, 0, outs.chain(ball.fielder, 3))
        if g.state.outs < 3:
            advance_all(g, p.spec["advance"], "ground out", p.batter)
        return outs.chain(ball.fielder, 3)
    advance_all(g, p.spec["advance"], "hit", p.batter)
    move(g, p.batter, 0, p.spec["batter_to"], "hit", p.batter)
    return ball.notation


def outfield_hit(p: ErrorPlay) -> str:
    """IP2021 "Errors" #5: an error on a hit to the outfield; the hit's bases plus one for everyone, then one BR roll.

    The roll is against each man's adjusted BR = BR + the outfielder's arm, +1 with
    two out (IP2021 [5342]); lead runner first, and a man moves up only to a free base.
    """
    g, ball = p.g, p.ball
    if not p.check(f"{ball.notation}"):
        return p.play_on()
    p.charge("fielding")
    bases = {"S": 1, "S+": 1, "D": 2, "T": 3}[ball.kind]
    advance_all(g, bases, "hit", p.batter)
    move(g, p.batter, 0, bases, "hit", p.batter)
    advance_all(g, p.spec["extra_bases"], "error", p.batter)
    modifiers = [("arm", p.fielder.arm)]
    if g.state.outs == 2:
        modifiers.append(("two outs", p.spec["two_out_bonus"]))
    extra_base_roll(g, f"error on {ball.notation}: one base more", p.batter, modifiers)
    return ball.notation


def extra_base_roll(g: IPGame, purpose: str, batter: IPRunner, modifiers: list[tuple[str, int]]) -> None:
    """One 1d6 for every man on base, lead runner first: at most his BR (+ modifiers), one base more.

    A man moves only when the base ahead is free (the runner ahead of him moved on,
    or nobody was there); nobody is thrown out. No die is rolled with the bases empty.
    """
    on_base = runners_lead_first(g)
    if not on_base:
        return
    roll = g.d6(purpose)
    for base, runner in on_base:
        ahead = base + 1
        if ahead < HOME and g.state.runner_on(ahead) is not None:
            continue  # held up by the man ahead
        success = roll <= runner.br + sum(value for _, value in modifiers)
        g.emit(
            Check(f"{runner.name} to {'home' if ahead == HOME else ahead}", runner.br, tuple(modifiers), roll, success)
        )
        if success:
            move(g, runner, base, ahead, "error", batter)


def _base_of(g: IPGame, runner: IPRunner) -> int | None:
    return next((b for b in (1, 2, 3) if g.state.runner_on(b) is runner), None)


def throwing_error_grounder(p: ErrorPlay) -> str:
    """IP2021 "Errors" #6, by the rules README's steps (after IP2007 §5): a throwing error on a ground ball.

    The fielder's throw is checked first: to the pivot man on a double-play try
    (:func:`_double_play_try`), otherwise to first. An error moves everyone up a base
    (the batter to first). Then the man taking the throw tries to stop it: 1d6 against
    his range, with no depth adjustment. If it gets past him, the runner the throw was
    meant for takes one base more (never the batter), pushing a runner ahead of him,
    then one 1d6 against each man's BR gives one base more to those at or under it,
    where the base is free.

    With no error by the fielder on a double-play try, the pivot man's relay to first
    is checked: an error there leaves the force standing and the batter safe at first;
    the man covering first then tries to stop the throw, as above. Without an error
    the play goes on as a ground out.
    """
    g, ball = p.g, p.ball
    dp = _double_play_try(p)
    if dp is not None:
        pivot, forced_from = dp
        receiver, meant_for = pivot, g.state.runner_on(forced_from)
    else:
        receiver, meant_for = _first_base_receiver(g, p.fielder.position), None
    # The catcher fielding it with the bases loaded steps on home himself: his only throw is the relay.
    own_force = dp is not None and dp[0].position is p.fielder.position
    if not own_force and p.check(f"throw to {BASE_NAMES[dp[1] + 1] if dp else 'first'}"):
        p.charge("throwing")
        p.batter.reached_on_error = True
        advance_all(g, p.spec["advance"], "error", p.batter)
        move(g, p.batter, 0, 1, "error", p.batter)
        _throw_gets_away(g, receiver, meant_for, p.batter)
        return p.scored
    if dp is None or meant_for is None:
        return p.play_on()
    if not g.check(f"error ({pivot.name}, relay to first)", pivot.error):
        return p.play_on()
    p.charge("throwing", pivot)
    # The force stands; the runners ahead move up; the batter is safe at first. Error-free it
    # was a force double play, so a run scoring earns no RBI (OBR 9.04(b)).
    force = f"{ball.fielder}U" if own_force else f"{ball.fielder}-{pivot.position.number}"
    put_out_advancing(g, meant_for, forced_from, forced_from + 1, force)
    for base, runner in runners_lead_first(g):
        move_without_rbi(g, runner, base, base + 1, "fielder's choice", p.batter)
    move(g, p.batter, 0, 1, "fielder's choice", p.batter)
    _throw_gets_away(g, _first_base_receiver(g, pivot.position), None, p.batter)
    return "FC"


def _double_play_try(p: ErrorPlay) -> tuple[Fielder, int] | None:
    """The pivot man and the base of the runner forced, when the grounder is a double-play try.

    Fewer than two out and a runner on first. With the bases loaded and the home-to-first
    double play open to the fielder (``outs.home_double_play_open``, the auto-manager's
    pick whenever it is), the catcher is the pivot man (IP2021 #6, IP2007 §9.8: his
    pivot counts zero); otherwise the pivot chart's man at second, if both he and the
    fielder may play there.
    """
    g = p.g
    if g.state.outs >= 2 or g.state.runner_on(1) is None:
        return None
    loaded = g.state.runner_on(2) is not None and g.state.runner_on(3) is not None
    if loaded and outs.home_double_play_open(g, p.fielder.position):
        return g.state.fielding.fielder(Position.C), 3
    pivot = _pivot_man(p)
    return (pivot, 1) if pivot is not None else None


def _pivot_man(p: ErrorPlay) -> Fielder | None:
    """Who covers second on a double-play try (tables/pivot.toml), if one can be tried."""
    g = p.g
    row = load_table("pivot")[p.ab.batter_side.value]
    name = row.get(f"G{p.fielder.position.number}")
    if name is None:
        return None
    pivot_position = Position(name)
    # IP2021 "Infield Depth": an infielder playing in throws only home or to first.
    if not depth.throws_to(g, p.fielder.position, 2) or not depth.throws_to(g, pivot_position, 2):
        return None
    return g.state.fielding.fielder(pivot_position)


def _first_base_receiver(g: IPGame, thrower: Position) -> Fielder:
    chart = load_table("errors_et")["first_base_receiver"]
    return g.state.fielding.fielder(Position(chart.get(thrower.value, chart["default"])))


def _throw_gets_away(g: IPGame, receiver: Fielder, meant_for: IPRunner | None, batter: IPRunner) -> None:
    """#6, the receiver's range check; past him, the runner the throw was for takes a base more, then one BR roll."""
    if g.check(f"range ({receiver.name} stops the throw)", receiver.range, die=6):
        return
    if meant_for is not None:
        base = _base_of(g, meant_for)
        if base is not None:
            push_up(g, base, batter)
    extra_base_roll(g, "the throw gets away: one base more", batter, [])


def push_up(g: IPGame, base: int, batter: IPRunner) -> None:
    """The runner on ``base`` takes one base more; every runner ahead who would share a base with him moves up too.

    Rules README (#6, the receiver misses the bad throw). Lead runner first.
    """
    end = base + 1
    while end < HOME and g.state.runner_on(end) is not None:
        end += 1
    for b in range(end - 1, base - 1, -1):
        runner = g.state.runner_on(b)
        assert runner is not None
        move(g, runner, b, b + 1, "error", batter)


def line_drive_throw(p: ErrorPlay) -> str:
    """IP2021 "Errors" #7: a line drive with runners on and fewer than two out; the liner is always caught.

    An error on the throw to double off a runner moves every runner up one base.
    No error: the runner nearest the fielder (``errors_et.toml`` order, the rules
    README) is doubled off.
    """
    g, ball = p.g, p.ball
    if not g.state.occupied() or g.state.outs > p.spec["max_outs"]:
        return p.play_on()
    error = p.check("throw to double off a runner")
    put_out(g, p.batter, 0, ball.notation)
    order = load_table("errors_et")["double_off_order"][p.fielder.position.value]
    base = next(b for b in order if g.state.runner_on(b) is not None)
    runner = g.state.runner_on(base)
    assert runner is not None
    if error:
        p.charge("throwing", missed_out=runner.id)  # error-free he was doubled off
        advance_all(g, p.spec["advance"], "error", p.batter)
        return ball.notation
    put_out(g, runner, base, f"doubled off ({ball.notation})")
    return f"{ball.notation} DP"


def outfield_throw(p: ErrorPlay) -> str:
    """IP2021 "Errors" #8: an outfielder's throwing error, possible only when the play draws a throw.

    On a hit the throw is for an extra base; on a fly out (IP2007 §5 #8) for a runner
    tagging up from second or third. The ball carries ``throw_error_check``; the throw
    (``throws.make_throw``) calls ``throws.outfield_throw_error`` when it is made.
    """
    return p.play_on(replace(p.ball, throw_error_check=True))


ERROR_TYPES: dict[str, Callable[[ErrorPlay], str]] = {
    "#1": booted,
    "#2": dropped_pop,
    "foul": dropped_foul,
    "#3": dropped_fly,
    "#4": infield_single,
    "#4 BR": infield_single_br,
    "#5": outfield_hit,
    "#6": throwing_error_grounder,
    "#7": line_drive_throw,
    "#8": outfield_throw,
}
