"""The rare play charts (IP2021 "Ballpark Card": blank cells; IP2007 §4.1).

The books send a blank ballpark cell to two rare play charts, one for the bases
empty and one with men on, but do not print them. Dugout's own charts are data in
``tables/rare_bases_empty.toml`` and ``tables/rare_men_on.toml`` (described in
docs/rare-plays.md): 2d6, read by their sum. A row the situation does not allow is
rolled again on the same chart (IP2007 §4.1). A rare play replaces any range or
error check and Special K (the dispatcher in ``plays`` sends it here first).

Some rare plays let the at bat go on (a balk, a pickoff, a fan taking a foul pop
away): :func:`another_pitch` hands the at bat back to ``plays``, which rolls the pitcher's card again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from cards.notation import Position
from engine.bases import (
    INSIDE_THE_PARK,
    WalkOff,
    advance_all,
    advance_exactly,
    force_advance,
    move,
    put_out,
    runners_lead_first,
)
from engine.events import ErrorCharged
from engine.events import Reading as ReadingEvent
from engine.inside_pitch import balls
from engine.inside_pitch.hits import pop_up_single_advance
from engine.inside_pitch.injuries import roll_injury
from engine.inside_pitch.pitches import AtBatGoesOn
from engine.inside_pitch.reading import Ball
from engine.inside_pitch.tables import load_table
from engine.state import HOME

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner
    from engine.inside_pitch.reading import AtBat

BASES_FOR = {"S": 1, "D": 2, "T": 3}
# A chart whose every row is refused would loop for ever; a real one never comes close.
MAX_ROLLS = 100


@dataclass
class RarePlay:
    g: IPGame
    ab: AtBat
    batter: IPRunner
    row: dict[str, Any]
    chart: dict[str, Any]

    def field(self) -> int:
        """The fielder the row names, or one rolled for on 1d6 from the row's group ([fields])."""
        field = self.row["field"]
        if isinstance(field, int):
            return field
        roll = self.g.d6(f"rare play: which fielder ({field})")
        return int(self.chart["fields"][field][roll - 1])


def chart_for(g: IPGame) -> tuple[str, str]:
    """The chart's table name and its label: men on when anyone is on base."""
    if g.state.occupied():
        return "rare_men_on", "rare plays (men on)"
    return "rare_bases_empty", "rare plays (bases empty)"


def _runners(g: IPGame) -> bool:
    return bool(g.state.occupied())


def _less_than_two_out(g: IPGame) -> bool:
    return g.state.outs < 2


NEEDS: dict[str, Callable[[IPGame], bool]] = {"runners": _runners, "less_than_two_out": _less_than_two_out}


def fits(g: IPGame, row: dict[str, Any]) -> bool:
    return all(NEEDS[need](g) for need in row.get("needs", ()))


def rare_play(g: IPGame, ab: AtBat, batter: IPRunner) -> str:
    """Roll 2d6 on the chart for the situation and play the row; returns the scorer's notation."""
    name, label = chart_for(g)
    chart = load_table(name)
    for _ in range(MAX_ROLLS):
        red, white = g.two_d6(label)
        row: dict[str, Any] = chart["rows"][str(red + white)]
        g.emit(ReadingEvent(label, g.setup.ballpark.name, str(red + white), str(row["play"])))
        if fits(g, row):
            break
    else:
        raise RuntimeError(f"no row of {name} fits the situation")
    return PLAYS[row["play"]](RarePlay(g, ab, batter, row, chart))


def another_pitch(g: IPGame, ab: AtBat, batter: IPRunner) -> NoReturn:
    """The at bat goes on: ``plays.play_result`` rolls the pitcher's card again for the same batter."""
    raise AtBatGoesOn


def injury_rating(g: IPGame, position: Position) -> tuple[str, str, int]:
    """The id, name and INJ rating of the fielder at ``position``."""
    team = g.state.fielding
    if position is Position.P:
        return team.pitcher.id, team.pitcher.name, team.pitcher.injury
    spot = next(s for s in team.order if s.position is position)
    return spot.batter.id, spot.batter.name, spot.batter.injury


# --- the plays -------------------------------------------------------------------


def home_run(p: RarePlay) -> str:
    """An inside-the-park home run: everyone scores.

    Not over the fence: a game-ending one counts only the runs needed, and the batter
    is credited with the bases the winning runner needed (OBR 9.06(f); ``walk_offs``).
    """
    notation = f"HR{p.field()}"
    try:
        for base, runner in runners_lead_first(p.g):
            move(p.g, runner, base, HOME, INSIDE_THE_PARK, p.batter)
        move(p.g, p.batter, 0, HOME, INSIDE_THE_PARK, p.batter)
    except WalkOff as walk_off:
        walk_off.on_hit(4, notation)
        raise
    return notation


def hit(p: RarePlay) -> str:
    """A hit to the row's fielder: played by the hit rules, or with every runner moving exactly ``advance`` bases."""
    ball = Ball(str(p.row["kind"]), p.field(), "ballpark")
    advance = pop_up_single_advance(p.g) if p.row.get("pop_up") else p.row.get("advance")
    if advance is None:
        return balls.play_ball(p.g, p.ab, p.batter, ball)
    try:
        advance_exactly(p.g, p.batter, BASES_FOR[ball.kind], int(advance), "hit")
    except WalkOff as walk_off:  # a game-ending hit: walk_offs credits it
        walk_off.on_hit(BASES_FOR[ball.kind], ball.notation)
        raise
    return ball.notation


def catch_injury(p: RarePlay) -> str:
    """A spectacular catch: the batter is out, the runners hold, and the fielder is checked for an injury."""
    field = p.field()
    notation = f"{p.row['kind']}{field}"
    put_out(p.g, p.batter, 0, notation)
    player_id, name, rating = injury_rating(p.g, Position.from_number(field))
    roll_injury(p.g, name, player_id, rating)
    return notation


def double_off(p: RarePlay) -> str:
    """A diving catch and the runner nearest the fielder doubled off (the order of the #7 error type)."""
    g = p.g
    field = p.field()
    notation = f"{p.row['kind']}{field}"
    put_out(g, p.batter, 0, notation)
    order = load_table("errors_et")["double_off_order"][Position.from_number(field).value]
    base = next(b for b in order if g.state.runner_on(b) is not None)
    runner = g.state.runner_on(base)
    assert runner is not None
    put_out(g, runner, base, f"doubled off ({notation})")
    return f"{notation} DP"


def hit_by_pitch_injury(p: RarePlay) -> str:
    """The batter is hit by the pitch and checked for an injury, then takes first (forced runners move up).

    The injury comes first: a pitch that forces in the winning run ends the game (OBR 5.08(b)).
    """
    roll_injury(p.g, p.batter.name, p.batter.id, p.ab.batter.injury)
    force_advance(p.g, p.batter, "hit by pitch")
    return "HBP"


def catcher_interference(p: RarePlay) -> str:
    """Catcher's interference: the batter is awarded first (forced runners move up); an error on the catcher."""
    catcher = p.g.state.fielding.fielder(Position.C)
    p.g.emit(ErrorCharged(catcher.id, catcher.position.value, "catcher's interference"))
    p.batter.reached_on_error = True
    force_advance(p.g, p.batter, "catcher's interference")
    return "CI"


def foul_interference(p: RarePlay) -> str:
    """A fan takes a catchable foul pop away: the batter gets another chance."""
    return another_pitch(p.g, p.ab, p.batter)


def balk(p: RarePlay) -> str:
    """A balk: every runner moves up one base, then the at bat goes on."""
    advance_all(p.g, 1, "balk", p.batter)
    return another_pitch(p.g, p.ab, p.batter)


def pickoff(p: RarePlay) -> str:
    """The runner on first (or, with first open, the lead runner) is picked off; the at bat goes on."""
    g = p.g
    base = 1 if g.state.runner_on(1) is not None else max(g.state.occupied())
    runner = g.state.runner_on(base)
    assert runner is not None
    put_out(g, runner, base, "picked off")
    return another_pitch(g, p.ab, p.batter)


PLAYS: dict[str, Callable[[RarePlay], str]] = {
    "home_run": home_run,
    "hit": hit,
    "catch_injury": catch_injury,
    "double_off": double_off,
    "hit_by_pitch_injury": hit_by_pitch_injury,
    "catcher_interference": catcher_interference,
    "foul_interference": foul_interference,
    "balk": balk,
    "pickoff": pickoff,
}
