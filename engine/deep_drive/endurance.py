"""DDB "Pitcher Endurance" and DDB "Closers": the count each pitcher carries, and when he pitches
under the fatigued pitcher's penalties.

The count goes down one when he finishes an inning, after every 9th batter a starter faces,
after a starter's first run allowed, and for each hit or walk past the 5th in an inning; it goes
up one after three perfect innings in a row, and for a pitcher who came in mid-inning and got
the third out facing at most two batters with nobody reaching (not for a reliever whose card
reads 0). "Mid-inning" is once the half's first batter has come up, whatever he did: a man who
relieves after a leadoff home run (no out, nobody on) entered mid-inning, and that inning is not
one of his perfect innings. At 0 he is fatigued (a reliever rated 0: once his entry inning is done or he has faced
three batters).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.deep_drive.models import Pitcher
from engine.bases import only_the_extra_inning_runner
from engine.deep_drive.state import Arm, dd
from engine.events import Fatigue, Reading

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDTeam

HITS_AND_WALKS_FREE = 5  # hits and walks in an inning before each costs a point
BATTERS_PER_POINT = 9  # a starter loses a point after every 9th batter
PERFECT_INNINGS = 3  # in a row, for a point back
ZERO_RELIEVER_BATTERS = 3
CLOSER_LEAD = 3
REACHED = frozenset(("1B", "2B", "3B", "HR", "BB", "HBP", "E", "FC"))
HITS_AND_WALKS = frozenset(("1B", "2B", "3B", "HR", "BB"))


def enter(g: DDGame, team: DDTeam, pitcher: Pitcher, starter: bool) -> Arm:
    """Start a pitcher's count with his Endurance (the number after the slash when a reliever starts)."""
    state = g.state
    # Mid-inning: the half's first batter has come up. Every plate appearance leaves an out, a man on
    # or a run (a leadoff home run leaves only the run); the extra-inning runner is nobody's batting.
    mid = state.fielding is team and not only_the_extra_inning_runner(g)
    rating = pitcher.endurance_as(starter)
    arm = Arm(pitcher.id, starter, rating, rating, state.inning, mid)
    dd(g).arms[pitcher.id] = arm
    return arm


def arm_of(g: DDGame, team: DDTeam) -> Arm:
    return dd(g).arms[team.pitcher.id]


def _change(g: DDGame, arm: Arm, by: int, why: str) -> None:
    was = arm.fatigued()
    arm.endurance += by
    g.emit(Reading("endurance", arm.pitcher, why, str(arm.endurance)))
    if arm.fatigued() and not was:
        arm.fatigued_once = True
        g.emit(Fatigue(arm.pitcher, "fatigued", arm.faced, arm.endurance))


def after_batter(g: DDGame, arm: Arm, mark: str | None) -> None:
    """Count a plate appearance against the pitcher who faced it."""
    was = arm.fatigued()
    arm.faced += 1
    arm.faced_this_inning += 1
    if mark in REACHED:
        arm.baserunners_this_inning += 1
    if arm.starter and arm.faced % BATTERS_PER_POINT == 0:
        _change(g, arm, -1, f"{arm.faced} batters faced")
    if mark in HITS_AND_WALKS:
        arm.on_this_inning += 1
        if arm.on_this_inning > HITS_AND_WALKS_FREE:
            _change(g, arm, -1, f"hit or walk number {arm.on_this_inning} this inning")
    if arm.zero_reliever and arm.fatigued() and not was:
        arm.fatigued_once = True
        g.emit(Fatigue(arm.pitcher, "fatigued", arm.faced, arm.endurance))


def after_run(g: DDGame, arm: Arm) -> None:
    """A run scored against him: a starter's first costs a point."""
    arm.runs_allowed += 1
    if arm.starter and arm.runs_allowed == 1:
        _change(g, arm, -1, "first run allowed")


def start_inning(arm: Arm) -> None:
    arm.on_this_inning = 0
    arm.faced_this_inning = 0
    arm.baserunners_this_inning = 0


def end_inning(g: DDGame, arm: Arm) -> None:
    """He got the third out: a point for the inning, and the points back the book gives."""
    state = g.state
    arm.innings_finished += 1
    perfect = arm.baserunners_this_inning == 0
    whole = not arm.entered_mid_inning or arm.entered_inning != state.inning
    _change(g, arm, -1, "inning finished")
    if perfect and whole:
        arm.perfect_run += 1
        if arm.perfect_run == PERFECT_INNINGS:
            arm.perfect_run = 0
            _change(g, arm, +1, "three perfect innings in a row")
    elif not perfect:
        arm.perfect_run = 0
    if (
        arm.entered_mid_inning
        and arm.entered_inning == state.inning
        and arm.faced_this_inning <= 2
        and perfect
        and not arm.zero_reliever
    ):
        _change(g, arm, +1, "came in and got the third out cleanly")


def has_closer(team: DDTeam) -> bool:
    staff = (team.setup.pitcher, *team.setup.bullpen)
    return any(p.usage.role == "CLOSER" for p in staff)


def closer_rule(g: DDGame, team: DDTeam) -> bool:
    """DDB "Closers": a reliever without CLOSER on his card, in the 9th inning or later, pitches as a
    fatigued pitcher when his team led by 3 or fewer at the start of the inning or the tying run is
    on base, at bat or on deck. Only for a staff that has a closer."""
    state = g.state
    if not g.setup.options.dd_closers or state.inning < g.setup.options.innings:
        return False
    arm = arm_of(g, team)
    if arm.starter or team.pitcher.usage.role == "CLOSER" or not has_closer(team):
        return False
    lead = team.runs - state.batting.runs
    at_start = dd(g).lead_at_start
    return 0 < at_start <= CLOSER_LEAD or 0 < lead <= len(state.occupied()) + 2


def pitching_fatigued(g: DDGame) -> bool:
    """Whether the pitcher on the mound pitches under the fatigued penalties now."""
    team = g.state.fielding
    return arm_of(g, team).fatigued() or closer_rule(g, team)
