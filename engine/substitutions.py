"""Players coming into a game, by baseball's rules: the moves every ruleset's managers make."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cards.base import BatterT, PitcherT
from cards.notation import Position
from engine.events import Substitution
from engine.setup import LineupSpot
from engine.state import Runner, TeamState

if TYPE_CHECKING:
    from engine.game import Game

# The positions a substitute may be given in the field (the pitcher's comes with the mound).
FIELD_POSITIONS = (
    Position.C,
    Position.FIRST,
    Position.SECOND,
    Position.THIRD,
    Position.SHORT,
    Position.LEFT,
    Position.CENTER,
    Position.RIGHT,
)


def change_pitcher(
    g: Game[BatterT, PitcherT, Any, Any],
    team: TeamState[BatterT, PitcherT],
    new: PitcherT,
    kind: str = "pitcher",
    spot: int | None = None,
) -> None:
    """The new pitcher takes the mound and, without the DH, a spot in the order: the old pitcher's,
    or ``spot`` (a double switch), whose man leaves the game."""
    old = team.pitcher
    if spot is None:
        spot = next((i for i, s in enumerate(team.order) if s.position is Position.P), None)
    team.pitcher = new
    team.used_pitchers.append(new.id)
    team.removed.add(old.id)
    team.exhausted = False
    if spot is not None:
        gone = team.order[spot].batter.id
        team.removed.add(gone)  # a pinch hitter who batted for the pitcher leaves too
        team.order[spot] = team.pitcher_spot(new)
        team.unplaced.discard(spot)
    g.emit(Substitution(team.key, kind, new.id, old.id, "P", spot + 1 if spot is not None else 0))


def replace_player(
    g: Game[BatterT, PitcherT, Any, Any],
    team: TeamState[BatterT, PitcherT],
    spot: int,
    new: BatterT,
    position: Position,
    kind: str,
) -> None:
    """``new`` takes order spot ``spot`` (0-8); the man there is out of the game.

    A pinch hitter or runner (``kind`` "pinch_hitter", "pinch_runner", or "injury" for a
    hurt runner's replacement) keeps ``position``, the replaced man's, only as a
    placeholder: he has none until :func:`place_substitutes` gives him one.
    """
    old = team.order[spot].batter
    team.order[spot] = LineupSpot(new, position)
    team.used_bench.add(new.id)
    team.removed.add(old.id)  # batted or ran for the pitcher: a new one comes in next time out
    on_base = False
    for base in (1, 2, 3):
        runner = g.state.runner_on(base)
        if runner is not None and runner.id == old.id:
            g.state.bases[base - 1] = Runner(new, runner.pitcher, runner.reached_on_error)
            on_base = True
    shown = {"pinch_hitter": "PH", "pinch_runner": "PR"}.get(kind)
    if kind == "injury" and on_base:
        shown = "PR"  # a hurt runner's replacement runs for him
    if shown is not None or (kind == "injury" and spot in team.unplaced):
        team.unplaced.add(spot)
    else:
        team.unplaced.discard(spot)
    g.emit(Substitution(team.key, kind, new.id, old.id, shown or position.value, spot + 1))
