"""DDB "Rare Chart" injuries, after the play: who is checked, the handbook's In-Game Injury chart,
and who leaves.

00-09 hurts a fielder in the play (the Rare chart names him by the play's code and the mod die,
or one of those who handled the ball): he is hurt, and the In-Game Injury chart says only for how
long; 10-29 checks the batter, 30-49 the pitcher, and there the chart says whether. A player out for
the game leaves (engine.deep_drive.substitutes.leave): a position player for the bench man who
plays his position best, who also takes his base (nobody left on the bench: he stays, so the game
can finish), a pitcher at his team's next pitching call, where he cannot stay. The Injury event
carries the games he misses after this one, for the league to record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.deep_drive.models import Batter
from cards.deep_drive.notation import INJURY_GRADES
from cards.notation import Position
from engine.deep_drive import substitutes
from engine.deep_drive.cards import fielder_at
from engine.deep_drive.charts import rare
from engine.deep_drive.state import dd
from engine.events import Injury

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDTeam

# The card codes the Rare chart names an injured fielder for (the rest: who handled the ball).
NAMED = frozenset(("HR", "TR", "DO", "SI+", "SI", "SO", "BB", "HBP"))


def after_play(g: DDGame, batter: Batter) -> None:
    note = dd(g).play
    kind = note.rare
    if not kind or kind == rare.RareKind.ODD_PLAY:
        return
    state = g.state
    if kind == rare.RareKind.BATTER_CHECK:
        check(g, state.batting, batter.id, batter.name, batter.injury)
    elif kind == rare.RareKind.PITCHER_CHECK:
        pitcher = state.fielding.pitcher
        check(g, state.fielding, pitcher.id, pitcher.name, pitcher.injury)
    elif kind == rare.RareKind.FIELDER_INJURED:
        code = note.final if note.final in NAMED else note.code
        involved = note.fielders or ["P"]
        hurt = rare.injured_fielder(code if code in NAMED else note.final or code, note.mod, involved)
        position = hurt.fielder or rare.pick_injured(g.d10("injured fielder"), hurt.pick_from)
        player, name, _ = fielder_at(state.fielding, Position(position))
        check(g, state.fielding, player, name, grade_at(state.fielding, Position(position)), hurt=True)


def grade_at(team: DDTeam, position: Position) -> str:
    """The injury rating of the man at ``position``."""
    if position is Position.P:
        return team.pitcher.injury
    return next(s.batter for s in team.order if s.position is position).injury


def check(g: DDGame, team: DDTeam, player: str, name: str, grade: str, *, hurt: bool = False) -> None:
    """The In-Game Injury chart for one player. ``hurt``: the book already says he is injured (Rare
    chart 00-09, "randomly select one as injured"), so the chart says only for how long: a reading
    of none is the mildest injury it prints, out for the rest of the game. An AA is never hurt."""
    red, white = g.two_d10("In-Game Injury Chart")
    injury = dd(g).handbook.in_game_injury(10 * red + white, grade)
    out = injury.out_for_game or (hurt and grade != "AA")
    kind = "none" if not out else ("game" if not injury.days else f"game+{injury.days}")
    g.emit(Injury(player, name, INJURY_GRADES.index(grade), kind, injury.days))
    if out:
        substitutes.leave(g, team, player, name, "injury")
