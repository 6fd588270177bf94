"""Manual baserunning (DDB "Baserunner Advancement Chart": NO?/YES? ask the offense), the
Choice Chart on a runner sent, and the Cut-Off Chart when the defense cuts the ball off.

A league option (``dd_manual_baserunning``). The hit or fly is played with the minimum bases
first; then each runner the offense sent tries for one more base, lead runner first. The defense
throws (the Choice Chart, read with the effective rating of the man covering the base) or cuts
the ball off (the Cut-Off Chart: the runner is safe; a bad throw, a throw over the cut-off man or
a trailing runner caught may follow).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.notation import Position
from engine.bases import move, put_out_advancing
from engine.deep_drive import injuries, substitutes
from engine.deep_drive.cards import fielder_at
from engine.deep_drive.charts import running as charts
from engine.deep_drive.state import dd
from engine.events import ErrorCharged, Reading
from engine.requests import Option
from engine.state import HOME

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDRunner

SEND = "send"
HOLD = "hold"
THROW = "throw"
CUT_OFF = "cut_off"
# Who takes the throw at each base (Dugout: the shortstop covers second).
COVERING = {2: Position.SHORT, 3: Position.THIRD, HOME: Position.C}
BASE_WORDS = {2: "second", 3: "third", HOME: "home"}


def manual(g: DDGame) -> bool:
    return g.setup.options.dd_manual_baserunning


def send(g: DDGame, runner: DDRunner, target: int, cell: str) -> bool:
    """The offense sends (or holds) a runner whose cell is NO? or YES?; the suggestion follows the cell."""
    choice = g.ask(
        g.state.batting.key,
        "send_runner",
        lambda: f"Send {runner.name} ({runner.card.run.value}) to {BASE_WORDS[target]}? The chart reads {cell}.",
        [Option(SEND, f"Send him to {BASE_WORDS[target]}"), Option(HOLD, "Hold him")],
        SEND if cell == "YES?" else HOLD,
        lambda: {"runner": runner.id, "target": target, "cell": cell},
    )
    return choice == SEND


def try_for_base(g: DDGame, runner: DDRunner, at: int, code: str, batter: DDRunner, reason: str) -> None:
    """A runner sent from ``at`` for one more base: the defense throws or cuts the ball off."""
    state = g.state
    target = min(at + 1, HOME)
    defense = state.fielding
    choice = g.ask(
        defense.key,
        "throw",
        lambda: f"{runner.name} is going for {BASE_WORDS[target]}: throw him out or cut the ball off?",
        [Option(THROW, f"Throw to {BASE_WORDS[target]}"), Option(CUT_OFF, "Cut it off (hold the others)")],
        THROW,
        lambda: {"runner": runner.id, "target": target},
    )
    if choice == CUT_OFF:
        _cut_off(g, runner, at, target, code, batter, reason)
    else:
        _throw(g, runner, at, target, code, batter, reason)


def _throw(g: DDGame, runner: DDRunner, at: int, target: int, code: str, batter: DDRunner, reason: str) -> None:
    """DDB "Choice Chart"."""
    state = g.state
    covering = COVERING[target]
    fielder_id, name, rating = fielder_at(state.fielding, covering)
    red, white = g.two_d10("Choice Chart")
    result = charts.choice(10 * red + white, runner.card.run.value, rating)
    g.emit(
        Reading(
            "Choice Chart", runner.name, f"{10 * red + white:02d}, {covering.value} {name} rated {rating}", result.words
        )
    )
    behind = [(b, r) for b in (3, 2, 1) if b < at and (r := state.runner_on(b)) is not None]
    if result.runner_out:
        put_out_advancing(g, runner, at, target, f"thrown out at {BASE_WORDS[target]}")
    elif result.error:
        g.emit(ErrorCharged(fielder_id, covering.value, "dropped throw"))
        move(g, runner, at, target, "error", batter)
    else:
        move(g, runner, at, target, reason, batter)
    if result.ejected == "fielder":  # DDB "Choice Chart" 01
        substitutes.eject(g, state.fielding, fielder_id, name)
    elif result.ejected == "runner":  # DDB "Choice Chart" 99
        substitutes.eject(g, state.batting, runner.id, runner.name)
    if result.collision:
        red, white = g.two_d10("collision")
        crash = charts.collision(10 * red + white)
        g.emit(Reading("Choice Chart collision", runner.name, f"{10 * red + white:02d}", crash.words))
        if crash.runner_hurt:
            injuries.check(g, state.batting, runner.id, runner.name, runner.card.injury, hurt=True)
        if crash.fielder_hurt:
            grade = injuries.grade_at(state.fielding, covering)
            injuries.check(g, state.fielding, fielder_id, name, grade, hurt=True)
    if result.rundown and state.outs < 3:
        red, white = g.two_d10("rundown")
        rundown = charts.rundown(10 * red + white, runner.card.run.value)
        g.emit(Reading("Choice Chart rundown", runner.name, f"{10 * red + white:02d}", rundown.words))
        if rundown.trailing_advance:
            for base, other in behind:
                if base + 1 >= HOME or state.runner_on(base + 1) is None:
                    move(g, other, base, base + 1, "rundown", batter)
    if target == HOME and charts.runner_from_first_on_throw_home(code) == 3 and state.outs < 3:
        # DDB "Choice Chart": on a single, the throw home lets a runner from first reach third.
        from_first = dd(g).started_on_first
        if from_first is not None and state.runner_on(2) is from_first and state.runner_on(3) is None:
            move(g, from_first, 2, 3, "on the throw", batter)


def _cut_off(g: DDGame, runner: DDRunner, at: int, target: int, code: str, batter: DDRunner, reason: str) -> None:
    """DDB "Cut-Off Chart": the runner is safe; what the cut-off brings."""
    state = g.state
    move(g, runner, at, target, reason, batter)
    red, white = g.two_d10("Cut-Off Chart")
    cut = charts.cutoff(10 * red + white)
    g.emit(Reading("Cut-Off Chart", state.fielding.name, f"{10 * red + white:02d}", cut.words))
    if state.outs >= 3 or cut.result == "hold":
        return
    outfielder = charts.throwing_outfielder(dd(g).play.mod)
    of_id, _, of_rating = fielder_at(state.fielding, Position(outfielder))
    if cut.result == "trailing_out":
        candidates = [(b, r) for b in (3, 2, 1) if (r := state.runner_on(b)) is not None and r is not runner]
        candidates = [(b, r) for b, r in candidates if b + 1 >= HOME or state.runner_on(b + 1) is None]
        if not candidates:
            return
        pick = charts.trailing_out_pick(g.d10("trailing runner"), len(candidates))
        base, caught = candidates[pick]
        put_out_advancing(g, caught, base, base + 1, "caught by the cut-off man")
        return
    if not charts.cutoff_error(g.d10("outfielder's throw"), of_rating):
        return
    g.emit(ErrorCharged(of_id, outfielder, "throwing"))
    if cut.result == "throw_error":
        for base in (3, 2, 1):
            other = state.runner_on(base)
            if other is not None and other is not runner and (base + 1 >= HOME or state.runner_on(base + 1) is None):
                move(g, other, base, base + 1, "error", batter)
        return
    from_first = dd(g).started_on_first
    second_open = state.runner_on(2) is None or state.runner_on(2) is from_first
    over = charts.over_cutoff(code, from_first.card.run.value if from_first else None, batter.card.run.value,
                              second_open=second_open)  # fmt: skip
    if from_first is not None and over.runner_from_first_to is not None:
        now = next((b for b in (1, 2, 3) if state.runner_on(b) is from_first), None)
        if now is not None and over.runner_from_first_to > now and state.runner_on(over.runner_from_first_to) is None:
            move(g, from_first, now, over.runner_from_first_to, "error", batter)
    if over.batter_to is not None and state.runner_on(1) is batter and state.runner_on(over.batter_to) is None:
        move(g, batter, 1, over.batter_to, "error", batter)
