"""When a person managing a Deep Drive side is asked, and the words of a request.

At "matters" (engine.game.MATTERS) a person is asked, by Inside Pitch's standard
(engine/inside_pitch/asking.py: at most 25 questions per manager in an average game):

- a pitching change when the suggestion is a change, his pitcher is fatigued, or late and close
  (from the 7th, within a run) at the start of a half (otherwise the start of a half inning goes
  by with the man on the mound);
- the infield's depth with a runner on third and fewer than two out from the 7th inning on, or
  whenever the auto-manager would bring it in;
- the offense's call (swing, safe, bunt, squeeze, hit and run, steal, pinch hitter or runner)
  when the auto-manager would do something but swing away, and with a man on late and close or
  with nobody out (a runner to bunt over or squeeze home); never to swing away with the bases
  empty (only a pinch hitter is left to call there, which the auto-manager suggests when it
  would); the defense's call at the start of a half (defensive replacements) and before every
  other batter (a pitching change or a defensive replacement, manager.before_batter) only when
  the auto-manager would make a change there (it makes none), or when the manager called time;
  after his "No change" the call is over (engine.game.NO_CHANGE: not asked again next batter);
- the steps of a change (who leaves, who comes in) only when the person chose the change, and a
  substitute's position as his team takes the field always (a forced move);
- the outfield in, the pickoff base, the runners sent and the throws (manual baserunning), and
  the defense's choices in the middle of a ground ball (the Outs Chart's "Defensive Manager can
  choose"): always, as they are asked only when they are real calls.

Measured by ``python -m bench --ruleset deep-drive --games 200`` (the sample set, a stand-in taking every suggestion):
per manager per game at "matters" median 8, 90th percentile 17 (10 and 23 before issue 26); at
"every" median 86, 90th percentile 98.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.deep_drive import endurance, substitutes
from engine.scene import bases_text, score_line

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame

FOLLOW_UPS: frozenset[str] = substitutes.FOLLOW_UPS  # asked when a person chose the change
LATE_INNING = 7
CLOSE_RUNS = 1  # late and close: from the 7th, the score within a run


def late_and_close(g: DDGame) -> bool:
    return g.state.inning >= LATE_INNING and g.state.run_difference() <= CLOSE_RUNS


def matters(g: DDGame, side: str, kind: str, suggestion: str) -> bool:
    """Whether a manager asked "when it matters" is asked this question (see the module docstring)."""
    if kind == "pitching_change":
        # Offered only at the start of a half or to a fatigued (or hurt) pitcher's side.
        return suggestion != "stay" or endurance.arm_of(g, g.state.fielding).fatigued() or late_and_close(g)
    if kind == "infield":
        return suggestion != "normal" or g.state.inning >= LATE_INNING
    if kind == "defense":
        return suggestion != substitutes.NO_CHANGE
    if kind == "offense":
        return suggestion != "swing" or _offense(g)
    return True


def _offense(g: DDGame) -> bool:
    """Swinging away is the suggestion: asked with a man on, late and close, or with nobody out (a
    runner to bunt over or squeeze home). With the bases empty only a pinch hitter is left to
    call, and the auto-manager suggests him when it would send one."""
    state = g.state
    if not state.runners_on():
        return False
    return late_and_close(g) or state.outs == 0


def words(g: DDGame, kind: str, prompt: str) -> str:
    """A question as a manager reads it, with what Inside Pitch's name: the score, inning and outs,
    the runners by name and the matchup. "The offense's call? (Chicago Cubs 0, Cleveland Indians 1,
    bottom 6, 1 out; runner on first (Rizzo); Zobrist (L) vs Kluber (R))" """
    return f"{prompt} ({score_line(g)}; {bases_text(g)}; {matchup(g)})"


def matchup(g: DDGame) -> str:
    """ "Rizzo (L) vs Kluber (R)": the batter up, the side he bats from, and the pitcher's arm."""
    state = g.state
    offense = state.batting
    up = offense.order[offense.up % len(offense.order)].batter
    pitcher = state.fielding.pitcher
    return f"{up.name} ({up.side_against(pitcher.throws).value}) vs {pitcher.name} ({pitcher.throws.value})"
