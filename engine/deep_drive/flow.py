"""A Deep Drive plate appearance and its hooks on the shared inning loop (engine.innings).

The loop plays half innings until the game ends by baseball's rules, shared with Inside Pitch;
Deep Drive adds its per-game state (engine.deep_drive.state), the pitchers' endurance counts and
the defense's calls as a half begins.

Before each batter: the fatigued (or hurt) pitcher's change (manager.pitching_change); before
any batter but the half's first, the defense's call (manager.before_batter: a pitching change or
a defensive replacement at any time); then the infield, outfield and offense's calls (manager.align).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import walk_offs
from engine.bases import WalkOff
from engine.boxscore import classify
from engine.deep_drive import endurance, injuries, manager, prepitch, strategy, substitutes
from engine.deep_drive.appearance import at_bat
from engine.deep_drive.readers import handbook_for
from engine.deep_drive.state import Arm, DeepDriveState, dd
from engine.events import (
    PlateAppearanceEnded,
    PlateAppearanceStarted,
    RunnerMoved,
    RunnerOut,
    RunScored,
)
from engine.situation import START
from engine.state import Runner

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDRunner, DDTeam


def new_state(g: DDGame) -> DeepDriveState:
    """What a Deep Drive game keeps beyond the shared state, kept on the game (Game.ruleset_state)."""
    return DeepDriveState(handbook_for(g.setup.handbook))


def start_game(g: DDGame) -> None:
    """Both pitchers' endurance counts, from the first pitch or the situation's."""
    for team in (g.state.away, g.state.home):
        _first_arm(g, team)


def _first_arm(g: DDGame, team: DDTeam) -> None:
    pitcher = team.pitcher
    starter = pitcher.id == team.setup.pitcher.id
    arm = endurance.enter(g, team, pitcher, starter)
    arm.entered_inning, arm.entered_mid_inning = 1, False
    situation = g.situation
    if situation is not None:
        spec = situation.away if team.key == "away" else situation.home
        arm.faced = spec.batters_faced
        if spec.tired:
            arm.endurance = 0


def extra_inning_runner(g: DDGame) -> bool:
    """A log made before the extra-inning runner plays as it was played, without him."""
    return not dd(g).older_log


def start_half(g: DDGame) -> None:
    """The defense's calls as the half begins (after the extra-inning runner: they are made with him
    on second), and the counts the half's rules read."""
    state = g.state
    if g.until != START:
        substitutes.place(g, state.fielding)  # pinch hitters and runners take the field
        substitutes.defense_call(g)
        manager.pitching_change(g, start_of_half=True)
        dd(g).first_of_half = True
    endurance.start_inning(endurance.arm_of(g, state.fielding))
    dd(g).lead_at_start = state.fielding.runs - state.batting.runs


def end_half(g: DDGame) -> None:
    """DDB "Pitcher Endurance": a pitcher who finished the inning has his count for it."""
    state = g.state
    if state.outs >= 3:
        endurance.end_inning(g, endurance.arm_of(g, state.fielding))


def plate_appearance(g: DDGame) -> None:
    """The calls before the pitch, the at bat, and the counts after it."""
    state = g.state
    offered = manager.pitching_change(g)
    leadoff, dd(g).first_of_half = dd(g).first_of_half, False
    if not (leadoff or offered):
        manager.before_batter(g)  # the defense's call: a change before any batter
    manager.align(g)
    before = len(g.events)
    arm = endurance.arm_of(g, state.fielding)
    try:
        prepitch.before_pitch(g)
    except WalkOff as walk_off:  # a wild pitch, passed ball or balk scored the winning run
        walk_offs.end_between_pitches(g, walk_off)
        walk_offs.end_game(g)
        return
    finally:
        # DDB "Pitcher Endurance": a run in on a wild pitch, passed ball or balk is a run he allowed.
        for _ in range(sum(type(e) is RunScored for e in g.events[before:])):
            endurance.after_run(g, arm)
    if state.outs >= 3:
        return  # caught stealing or picked off for the third out: the batter leads off next inning
    offense, defense = state.batting, state.fielding
    spot = offense.order[offense.up % len(offense.order)]
    card = spot.batter
    pitcher = defense.pitcher
    first, second, third = state.bases
    g.emit(
        PlateAppearanceStarted(
            card.id,
            pitcher.id,
            state.outs,
            (first.id if first else None, second.id if second else None, third.id if third else None),
            card.side_against(pitcher.throws).value,
            pitcher.throws.value,
        )
    )
    batter = Runner(card, pitcher.id)
    outs_before = state.outs
    since = len(g.events)
    arm = endurance.arm_of(g, defense)
    try:
        notation = at_bat(g, card, pitcher, batter, dd(g).alignment.call)
    except WalkOff as walk_off:
        if _stolen_between_pitches(g, walk_off, batter, since):
            walk_offs.end_between_pitches(g, walk_off)  # the at bat never finished: no plate appearance
        else:
            notation = walk_offs.end_play(g, walk_off, batter, since, outs_before)
            finish(g, batter, pitcher.id, notation, outs_before, since, arm)
        walk_offs.end_game(g)
        return
    if not notation:
        return  # the runner was caught for the third out on the hit and run: he leads off next inning
    finish(g, batter, pitcher.id, notation, outs_before, since, arm)
    injuries.after_play(g, card)
    if dd(g).play.eject_batter:  # the Odd Play Book: the batter is tossed after the play
        substitutes.eject(g, offense, card.id, card.name)


def _stolen_between_pitches(g: DDGame, walk_off: WalkOff, batter: DDRunner, since: int) -> bool:
    """The winning run stole home on a missed bunt (DDB "Bunt Chart" DD) with the batter still up:
    as a wild pitch between pitches, it ends an at bat that never finished (engine.walk_offs)."""
    if walk_off.reason != strategy.STOLEN_BASE:
        return False
    return not any(type(e) is RunnerOut and e.runner == batter.id for e in g.events[since:])


def result_mark(g: DDGame, notation: str, outs_made: int, batter: DDRunner) -> str:
    """The scorer's result for the event: K BB HBP 1B 2B 3B HR E, or GO FO LO PO DP SF FC."""
    mark = classify(notation)
    if mark is not None:
        return mark
    if notation in ("FC", "DP"):
        return notation
    kind = notation[:1]
    on_base = any(r is batter for r in g.state.bases)
    if kind == "G":
        if outs_made >= 2:
            return "DP"
        return "FC" if on_base else "GO"
    if kind == "F":
        return "FO"
    if kind == "L":
        return "LO"
    if kind == "P":
        return "PO"
    return notation


def finish(
    g: DDGame,
    batter: DDRunner,
    pitcher: str,
    notation: str,
    outs_before: int,
    since: int,
    arm: Arm,
) -> None:
    """End the plate appearance: the result with its RBI, the pitcher's counts, the next man up."""
    state = g.state
    offense = state.batting
    outs = state.outs - outs_before
    rbi = 0
    runs = 0
    scored_on_fly = False
    for event in g.events[since:]:
        if type(event) is RunScored:
            runs += 1
            rbi += event.rbi
    if runs and notation[:1] == "F" and notation[1:2].isdigit():
        scored_on_fly = any(type(e) is RunnerMoved and e.reason == "sacrifice fly" for e in g.events[since:])
    mark = "SF" if scored_on_fly else result_mark(g, notation, outs, batter)
    g.emit(PlateAppearanceEnded(batter.id, pitcher, mark, notation, outs, rbi))
    defense = state.fielding
    defense.faced[pitcher] = defense.faced.get(pitcher, 0) + 1
    endurance.after_batter(g, arm, mark)
    for _ in range(runs):
        endurance.after_run(g, arm)
    offense.up = (offense.up + 1) % len(offense.order)
