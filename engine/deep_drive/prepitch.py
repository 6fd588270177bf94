"""Before the pitch: automatic stolen bases (DDB "Stealing Bases"), then wild pitches, passed
balls, balks and pickoffs (DDB "Wild Pitches, Passed Balls, Balks and Pickoffs") through the
handbook's Stolen Base, On-Base Event and Pitcher/Catcher charts.

- Steals (automatic): the runner on first with second open, or the runner on second with third
  open when his STEAL carries the mark for third. A roll of all three dice; he may go when the
  green die is at most his STEAL number plus the pitcher's H, the catcher's T (+2 for a catcher
  off his positions), -1 in the first inning for his team's leadoff man, +1 with the infield or the
  corners in; the handbook reads the green die as tens with the white die. Dugout's reading of
  the book's suggestion: nobody runs from the 7th inning on when either team leads by 5 or more.
  A runner playing it safe does not run, nor does one whose offense called a play (the sacrifice,
  the squeeze, the hit and run: DDB "Sacrifice Bunt" and "Hit and Run" read the roll on the play's
  chart, which says what the runner does); the call comes first (manager.align), then this check.
  Games stored before this reading (``older_log``) play as they were.
- Steals (manual, the ``dd_manual_steals`` option): the offense calls "steal" before the batter
  (manager.offense_call) for the same runner; red and white are read on the handbook's chart with
  the same adjustments (``steal_manual``: no jump, he holds). The auto-manager sends him when the
  chart gives him at least a 70% success rate among the readings where he goes.
- Then, with runners on, the On-Base Event roll; on a hit, the Pitcher/Catcher roll with the
  pitcher's WP, BK, PO grades and the catcher's PB grade. WP, PB, BK: every runner moves up a
  base. PO: the defense picks the base; first is automatic, second needs 00-49, third 00-09.
  Runners playing it safe neither advance on these nor are picked off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.notation import Position
from engine.bases import advance_all, move, put_out, put_out_advancing
from engine.deep_drive.state import NORMAL, dd
from engine.events import Reading
from engine.requests import Option

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDRunner

BLOWOUT = 5
SWING = "swing"  # the offense's call when it calls no play (engine.deep_drive.strategy)
LATE = 7
PICKOFF_NEEDS = {1: 100, 2: 50, 3: 10}  # a roll below this picks him off (first: automatic)
REASONS = {"WP": "wild pitch", "PB": "passed ball", "BK": "balk"}
BASE_WORDS = {1: "first", 2: "second", 3: "third"}


def before_pitch(g: DDGame) -> None:
    options = g.setup.options
    if manual_steals(g):
        if dd(g).alignment.steal:
            manual_steal(g)
    elif options.dd_steals:
        steal(g)
    if options.dd_on_base_events and g.state.outs < 3 and g.state.runners_on():
        on_base_event(g)


def _catcher(g: DDGame) -> tuple[int, str]:
    """The catcher's T and PB grade; off his card's positions T+2 (DDB "Cards") and PB F (Dugout)."""
    team = g.state.fielding
    spot = next(s for s in team.order if s.position is Position.C)
    line = spot.batter.fielding(Position.C)
    if line is None:
        return 2, "F"
    return line.throwing or 0, line.passed_ball or "F"


def steal_target(g: DDGame) -> tuple[int, DDRunner] | None:
    """DDB "Stealing Bases": who may run, and from where: the runner on second with third open if
    his STEAL has the mark for third, else the runner on first with second open."""
    first, second, third = g.state.bases
    if second is not None and third is None and second.card.steal.third:
        return 2, second
    if first is not None and second is None:
        return 1, first
    return None


def steal_adjust(g: DDGame, runner: DDRunner) -> int:
    """What the book adds to his STEAL number: the pitcher's H, the catcher's T, -1 for his team's
    first batter of the game in the first inning, +1 with the infield or the corners in."""
    state = g.state
    t, _ = _catcher(g)
    adjust = state.fielding.pitcher.holding + t
    if state.inning == 1 and runner.id == state.batting.setup.lineup[0].batter.id:
        adjust -= 1  # he was his team's first batter of the game
    if dd(g).alignment.infield != NORMAL:
        adjust += 1
    return adjust


def manual_steals(g: DDGame) -> bool:
    options = g.setup.options
    return options.dd_steals and options.dd_manual_steals


def steal(g: DDGame) -> None:
    state = g.state
    note = dd(g)
    plan = note.alignment
    if plan.safe:
        return
    if plan.call != SWING and not note.older_log:
        return  # the offense called a bunt, squeeze or hit and run: the runner goes with the play
    target = steal_target(g)
    if target is None:
        return
    base, runner = target
    if state.inning >= LATE and state.run_difference() >= BLOWOUT:
        return
    card = runner.card
    adjust = steal_adjust(g, runner)
    _red, white, mod = g.three_d10("steal")  # all three rolled; the green reads as tens, the white as ones
    result = dd(g).handbook.steal_auto(mod, white, card.steal.rating, card.steal.grade, adjust)
    if result is None:
        return
    g.emit(Reading("Stolen Base Chart", runner.name, f"{mod}{white}, {card.steal} {adjust:+d}", result))
    _steal_result(g, runner, base, result)


def _steal_result(g: DDGame, runner: DDRunner, base: int, result: str) -> None:
    target = base + 1
    if result == "SB":
        move(g, runner, base, target, "stolen base")
    else:
        put_out_advancing(g, runner, base, target, f"CS {target}")


def manual_steal(g: DDGame) -> None:
    """DDB "Stealing Bases" (2): the offense sent the runner; red and white read the Stolen Base
    Chart (the handbook's ``steal_manual``: above his adjusted STEAL, or a blank cell, he gets no
    jump and stays)."""
    target = steal_target(g)
    if target is None:
        return
    base, runner = target
    card = runner.card
    adjust = steal_adjust(g, runner)
    red, white = g.two_d10("steal")
    result = dd(g).handbook.steal_manual(red, white, card.steal.rating, card.steal.grade, adjust)
    g.emit(Reading("Stolen Base Chart", runner.name, f"{red}{white}, {card.steal} {adjust:+d}", result or "holds"))
    if result is not None:
        _steal_result(g, runner, base, result)


# The auto-manager sends a runner by hand when the chart's odds, for his STEAL and the adjustments,
# give at least this share of steals among the readings where he goes (about baseball's break-even).
SEND_AT = 0.7


def manual_odds(g: DDGame, runner: DDRunner) -> tuple[float, float]:
    """(chance he goes, chance he is safe when he goes) on a manual steal, from the handbook's chart."""
    card = runner.card
    adjust = steal_adjust(g, runner)
    handbook = dd(g).handbook
    results = [
        handbook.steal_manual(red, white, card.steal.rating, card.steal.grade, adjust)
        for red in range(10)
        for white in range(10)
    ]
    went = [r for r in results if r is not None]
    if not went:
        return 0.0, 0.0
    return len(went) / 100, went.count("SB") / len(went)


def suggest_manual_steal(g: DDGame) -> bool:
    """The auto-manager's call on a manual steal: the odds above, not in a late blowout."""
    target = steal_target(g)
    state = g.state
    if target is None or (state.inning >= LATE and state.run_difference() >= BLOWOUT):
        return False
    goes, safe = manual_odds(g, target[1])
    return goes > 0 and safe >= SEND_AT


def on_base_event(g: DDGame) -> None:
    state = g.state
    red, white = g.two_d10("On-Base Event")
    handbook = dd(g).handbook
    if not handbook.on_base_event(10 * red + white):
        return
    pitcher = state.fielding.pitcher
    _, pb = _catcher(g)
    red, white = g.two_d10("Pitcher/Catcher Chart")
    event = handbook.pitcher_catcher(10 * red + white, wp=pitcher.wp, bk=pitcher.bk, po=pitcher.po, pb=pb)
    g.emit(Reading("Pitcher/Catcher Chart", pitcher.name, f"{10 * red + white:02d}", event or "nothing"))
    if event is None or dd(g).alignment.safe:
        return
    if event == "PO":
        pickoff(g)
        return
    advance_all(g, 1, REASONS[event])


def pickoff(g: DDGame) -> None:
    state = g.state
    occupied = state.occupied()
    suggestion = str(occupied[0])  # the sure one: first if he is there
    choice = g.ask(
        state.fielding.key,
        "pickoff",
        "A pickoff throw: at which base?",
        [Option(str(b), f"Throw to {BASE_WORDS[b]}") for b in occupied],
        suggestion,
    )
    base = int(choice)
    runner = state.runner_on(base)
    assert runner is not None
    if base > 1:
        red, white = g.two_d10("pickoff")
        if 10 * red + white >= PICKOFF_NEEDS[base]:
            g.emit(Reading("pickoff", runner.name, f"{10 * red + white:02d} at {BASE_WORDS[base]}", "safe"))
            return
    put_out(g, runner, base, f"PO {base}")
