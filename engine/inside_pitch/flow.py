"""Game flow: half innings, plate appearances, and the end of the game (IP2021, baseball's rules)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.events import GameEnded, HalfInningStarted, PlateAppearanceStarted
from engine.inside_pitch import depth
from engine.inside_pitch.pitches import wild_pitch_or_passed_ball
from engine.inside_pitch.plays import resolve
from engine.inside_pitch.reading import AtBat, CardResult, Triggers, read_pitcher_card
from engine.state import Runner, batter_side

if TYPE_CHECKING:
    from engine.game import Game

# A plate appearance re-rolls the pitcher's card after every foul (WLD); real
# cards make a long run of them vanishingly rare, but a hand-made card might not.
MAX_PITCHER_ROLLS = 100


def play_game(g: Game) -> None:
    state = g.state
    innings = g.setup.options.innings
    while not state.over:
        play_half_inning(g)
        if state.top:
            # Home team ahead after the top of the last inning (or later): no bottom half.
            if state.inning >= innings and state.home.runs > state.away.runs:
                end_game(g)
                break
            state.top = False
        else:
            if state.inning >= innings and state.home.runs != state.away.runs:
                end_game(g)
                break
            state.inning += 1
            state.top = True


def end_game(g: Game) -> None:
    state = g.state
    state.over = True
    g.emit(GameEnded(state.away.runs, state.home.runs, state.inning))


def play_half_inning(g: Game) -> None:
    state = g.state
    state.outs = 0
    state.bases = [None, None, None]
    state.batting.runs_by_inning.append(0)
    g.emit(HalfInningStarted(state.inning, state.top, state.batting.key))
    innings = g.setup.options.innings
    while state.outs < 3:
        plate_appearance(g)
        walk_off = not state.top and state.inning >= innings and state.home.runs > state.away.runs
        if walk_off:
            return


def plate_appearance(g: Game) -> None:
    state = g.state
    offense, defense = state.batting, state.fielding
    spot = offense.order[offense.up % len(offense.order)]
    batter = offense.batter_card(spot)
    pitcher = defense.pitcher
    park = g.setup.ballpark
    side = batter_side(batter, pitcher)
    g.emit(
        PlateAppearanceStarted(
            batter.id,
            pitcher.id,
            state.outs,
            (
                state.bases[0].id if state.bases[0] else None,
                state.bases[1].id if state.bases[1] else None,
                state.bases[2].id if state.bases[2] else None,
            ),
            side.value,
            pitcher.throws.value,
        )
    )
    depth.before_plate_appearance(g)  # IP2021 "Infield Depth": set before the pitch
    ab = AtBat(
        batter,
        pitcher,
        side,
        tired=defense.tired(),
        runners_on=state.bases != [None, None, None],
        park_k=park.adjustments.k,
        park_w=park.adjustments.w,
        park_hr=park.adjustments.hr,
    )
    pitched = pitch_to_result(g, ab)
    if pitched is None:
        return
    ab, result, triggers = pitched
    batter_runner = Runner(batter, pitcher.id)
    defense.faced[pitcher.id] = defense.faced.get(pitcher.id, 0) + 1
    resolve(g, ab, batter_runner, result, triggers)
    offense.up = (offense.up + 1) % len(offense.order)


def pitch_to_result(g: Game, ab: AtBat) -> tuple[AtBat, CardResult, Triggers] | None:
    """Roll the pitcher's card until it gives a result (a plate appearance, or an at bat that goes on).

    IP2021 "WLD": a foul ball is rolled again; with runners on, a wild pitch or passed
    ball may move them first. Returns the at bat as it stood for the roll that counted,
    with the result and its triggers; None when a wild pitch or passed ball made the
    third out.
    """
    for _ in range(MAX_PITCHER_ROLLS):
        runners_on = g.state.bases != [None, None, None]
        if runners_on != ab.runners_on:
            ab = replace(ab, runners_on=runners_on)
        outcome = read_pitcher_card(g, ab)
        if outcome is not None:
            result, triggers = outcome
            return ab, result, triggers
        if ab.runners_on:
            wild_pitch_or_passed_ball(g, ab)
            if g.state.outs >= 3:
                return None
    raise RuntimeError("the pitcher's card gave a foul ball 100 times running")
