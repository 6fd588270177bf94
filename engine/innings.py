"""The inning loop both rulesets play on: half innings of plate appearances until the game ends.

Written once, by baseball's rules: the home team does not bat in the last inning ahead, a tie goes on,
the winning run ends the game the moment it scores (``engine.walk_offs``), and with
``GameOptions.extra_inning_runner`` (OBR 7.01(b)) an extra half starts with a runner on second. A ruleset
supplies its plate appearance and what it does as a game and a half inning begin and end
(engine.rulesets.Ruleset). The loop starts at the first pitch, at a stated situation (engine.situation),
or at the start of any plate appearance (:func:`play_on`: a game that goes on after an answer), and
stops where ``Game.until`` says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import walk_offs
from engine.bases import extra_inning_runner_due, place_extra_inning_runner
from engine.events import HalfInningStarted
from engine.situation import GAME, PLATE_APPEARANCE, START

if TYPE_CHECKING:
    from engine.game import AnyGame


def play(g: AnyGame) -> None:
    """The game from its first pitch (or its situation): the ruleset's state, then the half innings."""
    g.ruleset_state = g.rules.new_state(g)
    g.rules.start_game(g)
    _halves(g, resume=g.situation is not None, at_plate=False)


def play_on(g: AnyGame) -> None:
    """The game from the start of a plate appearance of the half under way (a checkpoint's, Game.choose)."""
    _halves(g, resume=True, at_plate=True)


def _halves(g: AnyGame, resume: bool, at_plate: bool) -> None:
    """Half innings until the game ends or reaches ``g.until``; ``resume`` keeps the first half's outs
    and runners (a situation's), ``at_plate`` goes straight on to its next plate appearance."""
    state = g.state
    until = g.until
    end_half = g.rules.end_half
    while not state.over:
        if not at_plate:
            start_half_inning(g, resume)
            if until == START:
                return
        resume = at_plate = False
        play_half_inning(g)
        if state.over:
            return  # the winning run scored (bases.WalkOff)
        end_half(g)
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


def start_half_inning(g: AnyGame, resume: bool = False) -> None:
    """The batting team comes up: no outs, nobody on (unless a situation resumes the half), the
    extra-inning runner when he is due, then the ruleset's calls as the half begins."""
    state = g.state
    if not resume:
        state.outs = 0
        state.bases = [None, None, None]
        state.batting.runs_by_inning.append(0)
    g.emit(HalfInningStarted(state.inning, state.top, state.batting.key))
    if not resume and extra_inning_runner_due(g) and g.rules.extra_inning_runner(g):
        place_extra_inning_runner(g)  # before the calls of the half: they are made with him on second
    g.rules.start_half(g)


def play_half_inning(g: AnyGame) -> None:
    """Plate appearances until the third out or the end of the game; a game that may wait for a
    person keeps a checkpoint at each one's start (Game.checkpoint), where an answer goes on from."""
    state = g.state
    one = g.until == PLATE_APPEARANCE
    plate_appearance = g.rules.plate_appearance
    checkpoint = g.checkpoint if g.may_suspend() else None
    while state.outs < 3 and not state.over:
        if checkpoint is not None:
            checkpoint()
        plate_appearance(g)
        if one:
            return
