"""DDB "Rare Chart" injuries, after the play: who is checked, the handbook's In-Game Injury chart,
and who leaves.

00-09 hurts a fielder in the play (the Rare chart names him by the play's code and the mod die,
or one of those who handled the ball); 10-29 checks the batter, 30-49 the pitcher. A player out for
the game leaves: a position player for the bench man who plays his position best (nobody left on
the bench: he stays, so the game can finish), a pitcher at the next call for a reliever.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cards.deep_drive.models import Batter
from cards.deep_drive.notation import INJURY_GRADES
from cards.models import Batter as IPBatter
from cards.notation import Position
from engine.deep_drive.cards import batter_card, fielder_at, pitcher_card
from engine.deep_drive.charts import rare
from engine.deep_drive.state import dd
from engine.events import Injury
from engine.inside_pitch.manager import replace_player

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import TeamState

# The card codes the Rare chart names an injured fielder for (the rest: who handled the ball).
NAMED = frozenset(("HR", "TR", "DO", "SI+", "SI", "SO", "BB", "HBP"))


def after_play(g: Game, batter: Batter) -> None:
    note = dd(g).play
    kind = note.rare
    if not kind or kind == rare.RareKind.ODD_PLAY:
        return
    state = g.state
    if kind == rare.RareKind.BATTER_CHECK:
        check(g, state.batting, batter.id, batter.name, batter.injury)
    elif kind == rare.RareKind.PITCHER_CHECK:
        pitcher = pitcher_card(state.fielding)
        check(g, state.fielding, pitcher.id, pitcher.name, pitcher.injury)
    elif kind == rare.RareKind.FIELDER_INJURED:
        code = note.final if note.final in NAMED else note.code
        involved = note.fielders or ["P"]
        hurt = rare.injured_fielder(code if code in NAMED else note.final or code, note.mod, involved)
        position = hurt.fielder or rare.pick_injured(g.d10("injured fielder"), hurt.pick_from)
        player, name, _ = fielder_at(state.fielding, Position(position))
        check(g, state.fielding, player, name, grade_at(state.fielding, Position(position)))


def grade_at(team: TeamState, position: Position) -> str:
    """The injury rating of the man at ``position``."""
    if position is Position.P:
        return pitcher_card(team).injury
    return next(batter_card(s) for s in team.order if s.position is position).injury


def check(g: Game, team: TeamState, player: str, name: str, grade: str) -> None:
    red, white = g.two_d10("In-Game Injury Chart")
    injury = dd(g).handbook.in_game_injury(10 * red + white, grade)
    kind = "none" if not injury.out_for_game else ("game" if not injury.days else f"game+{injury.days}")
    g.emit(Injury(player, name, INJURY_GRADES.index(grade), kind, injury.days))
    if injury.out_for_game:
        leave(g, team, player)


def leave(g: Game, team: TeamState, player: str) -> None:
    if player == team.pitcher.id:
        dd(g).hurt.add(player)
        return
    spot = team.spot_of(player)
    bench = team.available_bench()
    if spot is None or not bench:
        return  # nobody to send in: he plays on
    position = team.order[spot].position
    cards = cast(list[Batter], bench)
    best = max(cards, key=lambda b: (line.defense if (line := b.fielding(position)) else 0, -cards.index(b)))
    replace_player(g, team, spot, cast(IPBatter, best), position, "injury")  # the shared state holds either
    team.unplaced.discard(spot)  # he takes the hurt man's position
