"""The end of a game: after a half (:func:`game_decided`), or on the winning run: what the last play
counts and how the scorer credits it. Baseball's rules, shared by every ruleset.

Official Baseball Rules, which the books assume:

- 5.08(b): in the bottom of the last inning or of an extra inning the game is over
  the moment the home team takes the lead, on any play. ``bases.score`` raises
  :class:`~engine.bases.WalkOff` for that run before counting it, which
  stops the play; ``flow`` catches it and calls :func:`end_play` or
  :func:`end_between_pitches`. Runs that scored earlier on the same play (the lead
  runners, who move first) have counted already.
- 5.08(b) comment: when a walk, hit batter (or catcher's interference) forces the
  winning run home, the batter still reaches first, and the runners he forces move up.
- 9.06(f): on a game-ending hit other than a home run over the fence the batter is
  credited with as many bases as the winning runner advanced, never more than the
  hit gave (a bases-loaded double with the score tied is a single, 1 RBI). A home run
  over the fence counts every run (``bases.HOME_RUN``); one inside the park does not.
- 9.04: the winning run is the batter's RBI as any run is (none on an error, a wild
  pitch, a passed ball, a balk, a double play).

Dugout's readings where the rules leave the record open:

- A winning run on a wild pitch, passed ball or balk in the middle of an at bat, or
  on a steal or pickoff before the pitch, ends a plate appearance that never
  finished: no ``PlateAppearanceEnded``, so the batter is charged with no plate
  appearance and the pitcher with no batter faced (as in MLB, where the at bat is
  not completed).
- On any other play the plate appearance ends with the scorer's notation of the
  play as it stood when the run scored: the credited hit, the award, the batter's
  out (a fly out with the run scoring is a sacrifice fly, a bunt out on a
  sacrifice or squeeze a sacrifice), an error, or a fielder's choice. Runners behind
  the winning runner, and the batter on an out or error play, stay where the play
  had put them; only hits and awards move the batter (and the men he forces).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from cards.notation import Position
from engine.bases import INSIDE_THE_PARK, WalkOff, count_run, take_base
from engine.events import ErrorCharged, Event, GameEnded, RunnerMoved, RunnerOut
from engine.state import HOME, AnyRunner

if TYPE_CHECKING:
    from engine.game import AnyGame

# The scorer's letter for the bases a game-ending hit is credited with (OBR 9.06(f)).
CREDITED = {1: "S", 2: "D", 3: "T", 4: "HR"}
# Awards of first base and their marks.
AWARDS = {"walk": "BB", "intentional walk": "IBB", "hit by pitch": "HBP", "catcher's interference": "CI"}
# Moves between pitches: a winning run on one of them ends an at bat that never finished.
BETWEEN_PITCHES = frozenset(("wild pitch", "passed ball", "balk"))
# The winning runner's move on the hit itself (not the extra base he took after it).
ON_THE_HIT = frozenset(("hit", INSIDE_THE_PARK))
FLY_OUT = re.compile(r"F[789]")


def at_bat_finished(walk_off: WalkOff) -> bool:
    """False when the run scored between pitches: the at bat goes unfinished and unrecorded."""
    return walk_off.reason not in BETWEEN_PITCHES


def end_between_pitches(g: AnyGame, walk_off: WalkOff) -> None:
    """A steal, balk, pickoff throw, wild pitch or passed ball scored the winning run: count it; nobody else moves."""
    count_run(g, walk_off.runner, walk_off.batter, walk_off.rbi)


def end_play(g: AnyGame, walk_off: WalkOff, batter: AnyRunner, since: int, outs_before: int, call: str = "") -> str:
    """Finish a game-ending play: the batter takes his base, the winning run counts; returns the notation.

    ``since`` is the index of the plate appearance's first event, ``call`` the
    offense's call (a bunt for a hit is no sacrifice).
    """
    if walk_off.award:
        take_base(g, batter, 1, walk_off.award)
        count_run(g, walk_off.runner, walk_off.batter, walk_off.rbi)
        return AWARDS.get(walk_off.award) or "FC"
    if walk_off.hit:
        credit = credited_bases(g, walk_off, batter, since)
        if credit < HOME and not any(r is batter for r in g.state.bases):
            take_base(g, batter, credit, "hit")
        count_run(g, walk_off.runner, walk_off.batter, walk_off.rbi)
        return hit_notation(walk_off, credit)
    count_run(g, walk_off.runner, walk_off.batter, walk_off.rbi)
    events = g.events[since:]
    return out_or_error_notation(events, batter, walk_off, g.state.outs - outs_before, outs_before, call)


def credited_bases(g: AnyGame, walk_off: WalkOff, batter: AnyRunner, since: int) -> int:
    """OBR 9.06(f): the bases the winning runner advanced on the hit, at most what the hit gave."""
    if walk_off.runner is batter:
        return walk_off.hit  # he scored himself: the hit's every base
    start = 3
    runner = walk_off.runner.id
    for event in reversed(g.events[since:]):
        if type(event) is RunnerMoved and event.runner == runner and event.reason in ON_THE_HIT:
            start = event.start
            break
    return min(walk_off.hit, HOME - start)


def hit_notation(walk_off: WalkOff, credit: int) -> str:
    """The hit as credited: "D8" credited with one base is "S8"; an S+ not stretched is a plain single."""
    read = walk_off.hit_notation
    if credit == walk_off.hit and read and "+" not in read:
        return read
    fielder = read.lstrip("SDTHR+")
    return f"{CREDITED[credit]}{fielder}"


def out_or_error_notation(
    events: list[Event], batter: AnyRunner, walk_off: WalkOff, outs_made: int, outs_before: int, call: str
) -> str:
    """The scorer's notation of a game-ending play that was no hit and no award, from what it did."""
    batter_out = next((e.how for e in events if type(e) is RunnerOut and e.runner == batter.id), None)
    if batter_out is not None:
        if batter_out == "K":
            return "K"  # a strikeout, the run on the steal or throw that followed (hit and run, squeeze)
        if outs_made >= 2:
            return "DP"
        if walk_off.reason == "sacrifice bunt" and call != "bunt_for_hit" and outs_before < 2:
            return f"SH {batter_out}"
        if FLY_OUT.fullmatch(batter_out):
            return f"S{batter_out}"  # OBR 9.08(d): a fly out on which a run scores is a sacrifice fly
        return batter_out
    if walk_off.reason == "error":
        error = next((e for e in reversed(events) if type(e) is ErrorCharged), None)
        if error is not None:
            return f"E{Position(error.position).number}"
    return "FC"


def game_decided(g: AnyGame) -> bool:
    """Baseball's end of a game, checked when a half ends (the winning run ends it at once: bases.WalkOff).

    After the top of the last inning or later, a home team ahead does not bat; after
    the bottom, any score but a tie is final; in the bottom half the game ends the
    moment the home team leads.
    """
    state = g.state
    if state.inning < g.setup.options.innings:
        return False
    if state.top:
        return state.outs >= 3 and state.home.runs > state.away.runs
    return state.home.runs > state.away.runs or (state.outs >= 3 and state.home.runs != state.away.runs)


def end_game(g: AnyGame) -> None:
    state = g.state
    state.over = True
    g.emit(GameEnded(state.away.runs, state.home.runs, state.inning))
