"""Moving runners, making outs and scoring runs: the only code that changes the bases."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import RunnerMoved, RunnerOut, RunScored
from engine.state import HOME, Runner

if TYPE_CHECKING:
    from engine.game import Game


def put_out(g: Game, runner: Runner, base: int, how: str) -> None:
    """Retire a runner (base 0 is the batter); he leaves the bases."""
    state = g.state
    if 1 <= base <= 3 and state.bases[base - 1] is runner:
        state.bases[base - 1] = None
    state.outs += 1
    g.emit(RunnerOut(runner.id, base, how))


def move(g: Game, runner: Runner, start: int, end: int, reason: str, batter: Runner | None = None) -> None:
    """Move a runner from ``start`` (0 = batter) to ``end`` (4 = home).

    A run does not count once the third out is made (the rules modules order
    their outs and advances as the play happens).
    """
    state = g.state
    if start == end:
        return
    if 1 <= start <= 3:
        state.bases[start - 1] = None
    g.emit(RunnerMoved(runner.id, start, min(end, HOME), reason))
    if end >= HOME:
        if state.outs < 3:
            score(g, runner, batter, rbi=reason not in ("error", "wild pitch", "passed ball", "balk"))
        return
    occupant = state.bases[end - 1]
    if occupant is not None and occupant is not runner:
        raise RuntimeError(f"{runner.name} moved to base {end}, where {occupant.name} stands")
    state.bases[end - 1] = runner


def score(g: Game, runner: Runner, batter: Runner | None, rbi: bool) -> None:
    team = g.state.batting
    team.runs_by_inning[-1] += 1
    g.emit(RunScored(runner.id, batter.id if batter else "", rbi and batter is not None, not runner.reached_on_error))


def advance_all(g: Game, bases: int, reason: str, batter: Runner | None = None) -> None:
    """Every runner on base moves up ``bases`` bases, lead runner first."""
    for base in (3, 2, 1):
        runner = g.state.runner_on(base)
        if runner is not None:
            move(g, runner, base, min(base + bases, HOME), reason, batter)


def force_advance(g: Game, batter: Runner, reason: str) -> None:
    """Walk, hit batsman, catcher's interference: only forced runners move; batter to first."""
    state = g.state
    forced = 0
    while forced < 3 and state.bases[forced] is not None:
        forced += 1
    for base in range(forced, 0, -1):
        runner = state.runner_on(base)
        assert runner is not None
        move(g, runner, base, base + 1, reason, batter)
    move(g, batter, 0, 1, reason, batter)


def runners_lead_first(g: Game) -> list[tuple[int, Runner]]:
    first, second, third = g.state.bases
    return [(b, r) for b, r in ((3, third), (2, second), (1, first)) if r is not None]


def put_out_advancing(g: Game, runner: Runner, start: int, end: int, how: str) -> None:
    """Retire a runner thrown out trying to go from ``start`` to ``end``: he leaves ``start``, the out is at ``end``."""
    state = g.state
    if 1 <= start <= 3 and state.bases[start - 1] is runner:
        state.bases[start - 1] = None
    put_out(g, runner, end, how)


def move_without_rbi(g: Game, runner: Runner, start: int, end: int, reason: str, batter: Runner) -> None:
    """``move``, except that a run scored earns the batter no RBI (a run on a double play)."""
    if end < HOME or start == end:
        move(g, runner, start, end, reason, batter)
        return
    state = g.state
    if 1 <= start <= 3 and state.bases[start - 1] is runner:
        state.bases[start - 1] = None
    g.emit(RunnerMoved(runner.id, start, HOME, reason))
    if state.outs < 3:
        score(g, runner, batter, rbi=False)


def advance_exactly(g: Game, batter: Runner, batter_to: int, runner_bases: int, reason: str) -> None:
    """Every runner moves exactly ``runner_bases`` bases (lead runner first), then the batter to ``batter_to``.

    For plays that allow no extra-base tries: a double past a corner infielder, a
    pop-up that drops in, a ground-rule double, an infield single on an error chart.
    """
    for base, runner in runners_lead_first(g):
        move(g, runner, base, min(base + runner_bases, HOME), reason, batter)
    move(g, batter, 0, min(batter_to, HOME), reason, batter)
