"""A Deep Drive game from the first pitch (or a stated situation) to its end.

Half innings of plate appearances until the game ends by baseball's rules: the home team does
not bat in the last inning ahead, a tie goes on, and the winning run ends the game the moment it
scores (``engine.bases.WalkOff``, OBR 5.08(b), shared with Inside Pitch). With
``GameOptions.extra_inning_runner`` (OBR 7.01(b)) a half inning past the scheduled innings starts
with the man before the leadoff batter on second, his run unearned, as in Inside Pitch
(``engine.bases.place_extra_inning_runner``).

Before each batter: the fatigued (or hurt) pitcher's change (manager.pitching_change); before
any batter but the half's first, the defense's call (manager.before_batter: a pitching change or
a defensive replacement at any time); then the infield, outfield and offense's calls (manager.align).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import walk_offs
from engine.bases import WalkOff, extra_inning_runner_due, place_extra_inning_runner
from engine.boxscore import classify
from engine.deep_drive import endurance, injuries, manager, prepitch, strategy, substitutes
from engine.deep_drive.appearance import at_bat
from engine.deep_drive.cards import batter_card, pitcher_card, shared_batter, starter_card
from engine.deep_drive.readers import handbook_for
from engine.deep_drive.state import Arm, DeepDriveState, attach, dd
from engine.events import (
    HalfInningStarted,
    PlateAppearanceEnded,
    PlateAppearanceStarted,
    RunnerMoved,
    RunnerOut,
    RunScored,
)
from engine.situation import GAME, PLATE_APPEARANCE, START
from engine.state import Runner

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import TeamState


def play_game(g: Game) -> None:
    """Half innings until the game ends, or until the point ``g.until`` names (engine.situation)."""
    state = g.state
    attach(g, DeepDriveState(handbook_for(g.setup.handbook)))
    for team in (state.away, state.home):
        _first_arm(g, team)
    until = g.until
    resume = g.situation is not None
    while not state.over:
        start_half_inning(g, resume)
        resume = False
        if until == START:
            return
        play_half_inning(g)
        if state.over:
            return
        if state.outs >= 3:
            endurance.end_inning(g, endurance.arm_of(g, state.fielding))
        if walk_offs.game_decided(g):
            walk_offs.end_game(g)
            return
        if until != GAME:
            return
        if state.top:
            state.top = False
        else:
            state.inning += 1
            state.top = True


def _first_arm(g: Game, team: TeamState) -> None:
    pitcher = pitcher_card(team)
    starter = pitcher.id == starter_card(team.setup).id
    arm = endurance.enter(g, team, pitcher, starter)
    arm.entered_inning, arm.entered_mid_inning = 1, False
    situation = g.situation
    if situation is not None:
        spec = situation.away if team.key == "away" else situation.home
        arm.faced = spec.batters_faced
        if spec.tired:
            arm.endurance = 0


def start_half_inning(g: Game, resume: bool = False) -> None:
    state = g.state
    if not resume:
        state.outs = 0
        state.bases = [None, None, None]
        state.batting.runs_by_inning.append(0)
    g.emit(HalfInningStarted(state.inning, state.top, state.batting.key))
    if not resume and extra_inning_runner_due(g) and not dd(g).older_log:
        place_extra_inning_runner(g)  # before the defense's calls: they are made with him on second
    if g.until != START:
        substitutes.place(g, state.fielding)  # pinch hitters and runners take the field
        substitutes.defense_call(g)
        manager.pitching_change(g, start_of_half=True)
        dd(g).first_of_half = True
    endurance.start_inning(endurance.arm_of(g, state.fielding))
    dd(g).lead_at_start = state.fielding.runs - state.batting.runs


def play_half_inning(g: Game) -> None:
    state = g.state
    one = g.until == PLATE_APPEARANCE
    while state.outs < 3 and not state.over:
        plate_appearance(g)
        if one:
            return


def plate_appearance(g: Game) -> None:
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
    card = batter_card(spot)
    pitcher = pitcher_card(defense)
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
    batter = Runner(shared_batter(card), pitcher.id)
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


def _stolen_between_pitches(g: Game, walk_off: WalkOff, batter: Runner, since: int) -> bool:
    """The winning run stole home on a missed bunt (DDB "Bunt Chart" DD) with the batter still up:
    as a wild pitch between pitches, it ends an at bat that never finished (engine.walk_offs)."""
    if walk_off.reason != strategy.STOLEN_BASE:
        return False
    return not any(type(e) is RunnerOut and e.runner == batter.id for e in g.events[since:])


def result_mark(g: Game, notation: str, outs_made: int, batter: Runner) -> str:
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
    g: Game,
    batter: Runner,
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
