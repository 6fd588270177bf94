"""An Inside Pitch plate appearance, played on the shared inning loop (engine.innings; IP2021, baseball's rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.notation import Hand
from engine import walk_offs
from engine.bases import WalkOff, force_advance
from engine.boxscore import classify
from engine.events import PlateAppearanceStarted
from engine.inside_pitch import bunts, depth, manager, running, strategy
from engine.inside_pitch.pitches import pitch_to_result
from engine.inside_pitch.plays import end_plate_appearance, play_result
from engine.inside_pitch.reading import AtBat
from engine.state import Runner, batter_side

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner

# Strategy rolls again after plays that change the bases: a steal ends them, so a few suffice.
MAX_CALLS = 10
# The letter of a hand ("L", "R") for the events; a dict is quicker than Enum.value.
HAND_LETTER = {hand: hand.value for hand in Hand}


def plate_appearance(g: IPGame) -> None:
    """The managers' calls, the plays before the pitch, then the at bat (IP2021 "Strategy Roll" and on).

    A winning run (``bases.WalkOff``, OBR 5.08(b)) ends the game wherever it scores:
    see ``walk_offs``.
    """
    state = g.state
    try:
        calls = calls_before_pitch(g)
    except WalkOff as walk_off:  # a steal of home, a balk, a pickoff throw that got away
        walk_offs.end_between_pitches(g, walk_off)
        walk_offs.end_game(g)
        return
    if calls is None:
        return  # the third out came on a pickoff or a steal: the batter leads off next inning
    defense_call, offense_call = calls
    offense, defense = state.batting, state.fielding
    spot = offense.order[offense.up % len(offense.order)]
    batter = spot.batter  # the pitcher's spot holds his batting card (TeamState.pitcher_spot)
    pitcher = defense.pitcher
    park = g.setup.ballpark
    side = batter_side(batter, pitcher)
    first, second, third = state.bases
    g.emit(
        PlateAppearanceStarted(
            batter.id,
            pitcher.id,
            state.outs,
            (
                first.id if first else None,
                second.id if second else None,
                third.id if third else None,
            ),
            HAND_LETTER[side],
            HAND_LETTER[pitcher.throws],
        )
    )
    depth.before_plate_appearance(g)  # IP2021 "Infield Depth": set before the pitch
    ab = AtBat(
        batter,
        pitcher,
        side,
        tired=defense.tired(),
        runners_on=state.runners_on(),
        park_k=park.adjustments.k,
        park_w=park.adjustments.w,
        park_hr=park.adjustments.hr,
        hit_and_run=offense_call == manager.HIT_AND_RUN and state.bases[0] is not None,
    )
    batter_runner = Runner(batter, pitcher.id)
    outs_before, runs_before = state.outs, offense.runs
    since = len(g.events)
    tired_reading = False
    notation: str | None = None
    try:
        if defense_call == manager.INTENTIONAL_WALK:
            force_advance(g, batter_runner, "intentional walk")
            notation = "IBB"
        elif offense_call in manager.BUNTS and bunt_is_on(g, offense_call):
            notation = bunts.bunt(g, ab, batter_runner, offense_call)
        if notation is None:
            pitched = pitch_to_result(g, ab)
            if pitched is None:
                return
            ab, result, triggers = pitched
            tired_reading = triggers.tired_reading
            notation = play_result(g, ab, batter_runner, result, triggers)
    except WalkOff as walk_off:
        if walk_offs.at_bat_finished(walk_off):
            notation = walk_offs.end_play(g, walk_off, batter_runner, since, outs_before, offense_call)
            finish_plate_appearance(g, ab, batter_runner, notation, outs_before, runs_before, False, game_over=True)
        else:  # a wild pitch, passed ball or balk: the at bat never finished
            walk_offs.end_between_pitches(g, walk_off)
        walk_offs.end_game(g)
        return
    finish_plate_appearance(g, ab, batter_runner, notation, outs_before, runs_before, tired_reading)


def calls_before_pitch(g: IPGame) -> tuple[str, str] | None:
    """Forced moves, the strategy roll and both managers' calls; pickoffs and steals are played here.

    With the "roll again when the bases change" option, a pickoff or steal that
    leaves men on base brings a new strategy roll and new calls. Returns the calls
    that remain for the at bat, or None when the third out was made.
    """
    state = g.state
    for _ in range(MAX_CALLS):
        manager.forced_moves(g)
        roll = strategy_roll(g)
        # The defense calls first and sets its infield; the offense then sees the alignment
        # (issue 12). An intentional walk is awarded at once: the offense has no call to make.
        defense_call = manager.defense(g, roll)
        offense_call = manager.SWING if defense_call == manager.INTENTIONAL_WALK else manager.offense(g, roll)
        roll_again = g.setup.options.roll_again_when_bases_change
        before = list(state.bases) if roll_again else []
        if defense_call == manager.PICKOFF:
            running.pickoff(g)
            defense_call = manager.PITCH
        if state.outs >= 3:
            return None
        if offense_call.startswith("steal:") and defense_call != manager.INTENTIONAL_WALK:
            if offense_call in strategy.steal_options(g):  # a balk may have moved the runners
                running.steal(g, strategy.steal_bases(offense_call))
            offense_call = manager.SWING
        if state.outs >= 3:
            return None
        again = roll_again and state.bases != before and state.occupied()
        if not again:
            return defense_call, offense_call
    return manager.PITCH, manager.SWING


def strategy_roll(g: IPGame) -> int | None:
    """IP2021 "Strategy Roll": 1d20 once a plate appearance with runners on, unless the game is out of hand."""
    if not strategy.strategy_applies(g):
        return None
    return g.d20("strategy roll")


def bunt_is_on(g: IPGame, play: str) -> bool:
    """A bunt call still fits the bases after the plays before the pitch (a pickoff may have cleared third)."""
    return any(o.key == play for o in manager.offense_plays(g))


def finish_plate_appearance(
    g: IPGame,
    ab: AtBat,
    batter: IPRunner,
    notation: str,
    outs_before: int,
    runs_before: int,
    tired_reading: bool,
    game_over: bool = False,
) -> None:
    """Score the plate appearance, count it against the pitcher, and send the next man up.

    After the game's last play (``game_over``) the counts are kept but no fatigue is
    announced: nothing follows the winning run but the result and the end of the game.
    """
    state = g.state
    offense, defense = state.batting, state.fielding
    runs = offense.runs - runs_before
    end_plate_appearance(g, ab, batter, notation, outs_before, runs_before)
    pitcher = ab.pitcher.id
    defense.faced[pitcher] = defense.faced.get(pitcher, 0) + 1
    mark = None if notation == "IBB" else classify(notation)
    manager.count_for_pull(defense, pitcher, mark, runs)
    if defense.pitcher.id == pitcher and not game_over:
        manager.note_fatigue(g, defense, tired_reading)
    offense.up = (offense.up + 1) % len(offense.order)
