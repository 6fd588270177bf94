"""When a person managing a Deep Drive side is asked, and the words of a request.

At "matters" (engine.game.MATTERS) a person is asked:

- a pitching change when the suggestion is a change or his pitcher is fatigued (the start of a
  half inning otherwise goes by with the man on the mound);
- the infield's depth with a runner on third and fewer than two out from the 7th inning on, or
  whenever the auto-manager would bring it in;
- the offense's call (swing, safe, bunt, squeeze, hit and run, steal, pinch hitter or runner)
  when the auto-manager would do something but swing away, late and close, or with a runner on
  third; the defense's call at the start of a half (defensive replacements) and before every
  other batter (a pitching change or a defensive replacement, manager.before_batter) only when
  the auto-manager would make a change there (it makes none), or when the manager called time;
  after his "No change" the call is over (engine.game.NO_CHANGE: not asked again next batter);
- the steps of a change (who leaves, who comes in) only when the person chose the change, and a
  substitute's position as his team takes the field always (a forced move);
- the outfield in, the pickoff base, the runners sent and the throws (manual baserunning), and
  the defense's choices in the middle of a ground ball (the Outs Chart's "Defensive Manager can
  choose"): always, as they are asked only when they are real calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.deep_drive import endurance, substitutes
from engine.deep_drive.cards import batter_card, pitcher_card
from engine.scene import bases_text, score_line

if TYPE_CHECKING:
    from engine.game import Game

FOLLOW_UPS: frozenset[str] = substitutes.FOLLOW_UPS  # asked when a person chose the change
LATE_INNING = 7


def matters(g: Game, side: str, kind: str, suggestion: str) -> bool:
    if kind == "pitching_change":
        return suggestion != "stay" or endurance.arm_of(g, g.state.fielding).fatigued()
    if kind == "infield":
        return suggestion != "normal" or g.state.inning >= LATE_INNING
    if kind == "defense":
        return suggestion != substitutes.NO_CHANGE
    if kind == "offense":
        state = g.state
        late_close = state.inning >= LATE_INNING and state.run_difference() <= 1
        return suggestion != "swing" or late_close or state.runner_on(3) is not None
    return True


def words(g: Game, kind: str, prompt: str) -> str:
    """A question as a manager reads it, with what Inside Pitch's name: the score, inning and outs,
    the runners by name and the matchup. "The offense's call? (Chicago Cubs 0, Cleveland Indians 1,
    bottom 6, 1 out; runner on first (Rizzo); Zobrist (L) vs Kluber (R))" """
    return f"{prompt} ({score_line(g)}; {bases_text(g)}; {matchup(g)})"


def matchup(g: Game) -> str:
    """ "Rizzo (L) vs Kluber (R)": the batter up, the side he bats from, and the pitcher's arm."""
    state = g.state
    offense = state.batting
    up = batter_card(offense.order[offense.up % len(offense.order)])
    pitcher = pitcher_card(state.fielding)
    return f"{up.name} ({up.side_against(pitcher.throws).value}) vs {pitcher.name} ({pitcher.throws.value})"
