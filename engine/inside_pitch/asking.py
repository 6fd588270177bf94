"""When a manager is asked, and the words a question uses (Dugout's own rule; the books are silent).

Each side is asked at one of three levels (``engine.game.ASKING_LEVELS``): "every"
request, "never" (the auto-manager answers all), or, the default for a person,
"matters": only the questions below. Whatever is not asked is answered with the
auto-manager's suggestion and logged as his ("auto"), so a game replays from its log
whatever the levels were.

When it matters (:func:`matters`):

- Always: questions in the middle of a play (``runner_on_third``, ``play_at``,
  ``force_or_double_play``, ``squeeze_play``, ``foul_bunt``), forced moves (a hurt
  player's replacement, a new pitcher when one must leave, a position for a pinch
  hitter or runner) and the second step of a change a person chose.
- The defense's call before the pitch (pitch with the infield's alignment, intentional
  walk, pickoff, changes): when the auto-manager would do something but pitch (a
  pickoff, a pitching change at the pull count); the batter after the pitcher tires,
  while someone is left in the bullpen; from the seventh inning with the game within a
  run, the first batter of each half inning; a runner in scoring position with fewer
  than two outs (the infield's depth decides runs), or with two outs and first base
  open (the intentional walk), or late and close.
- The offense's call: when the auto-manager would do something but swing away (the
  strategy roll's steal, hit and run or bunt, a pinch hitter for the pitcher); with a
  man on, late and close; a runner who gets the jump on 4 rolls in 20 or more (his
  Adjusted ATT) with the base ahead open; nobody out with a runner to bunt over or a
  runner on third (the squeeze).
- The infield asked again after the bases changed before the pitch (a steal, a
  pickoff throw): with a runner on third and fewer than two outs, or when the
  auto-manager would move it.

Measured by ``python -m bench``: about 23 questions per manager in a game at "matters"
(median; 36 at the 90th percentile), 80 at "every".

A manager may call time (``Game.call_time``) to be asked his next call in full.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cards.models import Batter, Pitcher
from cards.notation import Position
from engine.inside_pitch import strategy
from engine.inside_pitch.odds import plate_appearance_odds
from engine.requests import card_line
from engine.scene import bases_text as bases_text
from engine.scene import outs_text as outs_text
from engine.scene import score_line as score_line

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPTeam

# The follow-up steps of a change (manager.py): asked when a person chose the change.
WHO_LEAVES = "who_leaves"
WHO_COMES_IN = "who_comes_in"
FOLLOW_UPS = frozenset((WHO_LEAVES, WHO_COMES_IN))
# Late and close: from this inning, with the runs this close.
LATE_INNING = 7
CLOSE_RUNS = 1
# A steal is a real option for a runner whose Adjusted ATT gives him the jump on this many rolls of 20.
STEAL_JUMP = 4


def late_and_close(g: IPGame) -> bool:
    state = g.state
    return state.inning >= LATE_INNING and state.run_difference() <= CLOSE_RUNS


def _defense(g: IPGame, suggestion: str) -> bool:
    if not suggestion.startswith("pitch"):
        return True  # the auto-manager would act: a pickoff or a pitching change
    state = g.state
    team = state.fielding
    line = team.stamina()
    if line is not None and team.batters_faced() == line.tired and team.available_relievers():
        return True  # he has just tired
    first, second, third = state.bases
    if late_and_close(g) and (state.outs == 0 and first is None and second is None and third is None):
        return True  # late and close, each half inning's first batter: time for the bullpen?
    if second is None and third is None:
        return False
    # A runner in scoring position: with less than two outs the infield's depth decides runs;
    # with two, an open first base makes the intentional walk a question.
    return state.outs < 2 or first is None or late_and_close(g)


def _offense(g: IPGame, suggestion: str) -> bool:
    if suggestion != "swing":
        return True  # a play the strategy roll calls, or a pinch hitter
    state = g.state
    first, second, third = state.bases
    if first is None and second is None and third is None:
        return False
    if late_and_close(g):
        return True
    hold = state.fielding.pitcher.hold
    for base, ahead in ((1, second), (2, third)):
        runner = state.bases[base - 1]
        if runner is not None and ahead is None:
            jump = strategy.adjusted_att(runner.card.att, hold, base + 1)
            if jump is not None and jump >= STEAL_JUMP:
                return True  # a runner who gets a jump often enough to think of stealing
    # Nobody out and a runner who may be bunted over, or a runner on third with a squeeze on.
    return state.outs == 0 and (third is not None or (first is not None and second is None) or second is not None)


def _infield(g: IPGame, suggestion: str) -> bool:
    return suggestion != "unchanged" or (g.state.bases[2] is not None and g.state.outs < 2)


_RULES: dict[str, Callable[[IPGame, str], bool]] = {
    "defense": _defense,
    "offense": _offense,
    "infield_depth": _infield,
}


def matters(g: IPGame, side: str, kind: str, suggestion: str) -> bool:
    """Whether a manager asked "when it matters" is asked this question (see the module docstring)."""
    rule = _RULES.get(kind)
    return True if rule is None else rule(g, suggestion)


# --- the words of a question -----------------------------------------------------------


# Questions whose own words describe the play: the score and the matchup are put before them.
HEADLINED = frozenset(
    (
        "runner_on_third",
        "play_at",
        "force_or_double_play",
        "squeeze_play",
        "foul_bunt",
        "infield_depth",
        "injury_replacement",
        "defensive_position",
    )
)


def words(g: IPGame, kind: str, prompt: str) -> str:
    """A question as a manager reads it: every one names the score with the teams and the matchup with hands."""
    if kind not in HEADLINED:
        return prompt
    return f"{score_line(g)}. {matchup(g)}. {prompt}"


def matchup(g: IPGame) -> str:
    """ "Bench (R) vs Seaver (R)": the batter up and the pitcher, with the side he bats from."""
    state = g.state
    offense = state.batting
    batter = offense.order[offense.up % len(offense.order)].batter
    pitcher = state.fielding.pitcher
    return f"{batter.name} ({batter.bats.value}) vs {pitcher.name} ({pitcher.throws.value})"


def pitcher_fatigue(team: IPTeam) -> str:
    """ "18 batters faced, tired at 28, pull count 2 of 11" (or "tired", "past his pull")"""
    faced = f"{team.batters_faced()} batter" + ("" if team.batters_faced() == 1 else "s")
    line = team.stamina()
    if line is None:
        return f"{faced} faced"
    count = team.pull_count.get(team.pitcher.id, 0)
    tired = "tired" if team.tired() else f"tired at {line.tired}"
    pull = f"past his pull ({count} of {line.pull})" if team.past_pull() else f"pull count {count} of {line.pull}"
    return f"{faced} faced, {tired}, {pull}"


def fielding_text(card: Batter, position: Position | None = None) -> str:
    """ "SS 4(5)+1": range, error number and arm or pivot, for ``position`` or every position he plays."""
    lines = [f for f in card.positions if position is None or f.position is position]
    parts = []
    for f in lines:
        if f.position is Position.DH:
            continue
        text = f"{f.position.value} {f.range}({f.error})"
        extra = f.arm if f.arm is not None else f.pivot
        if extra is not None:
            text += f"{extra:+d}" if extra else "0"
        parts.append(text)
    return ", ".join(parts) or "no position"


def pitcher_role(team: IPTeam, pitcher: Pitcher) -> str:
    """Starter, reliever or closer (the last reliever listed, as the auto-manager uses him)."""
    pen = [p for p in team.setup.bullpen if p.relief is not None]
    if pitcher.relief is None or pitcher is team.setup.pitcher:
        return "starter"
    return "closer" if pen and pen[-1].id == pitcher.id else "reliever"


def matchup_line(g: IPGame, pitcher: Pitcher, batter: Batter, *, tired: bool = False) -> str:
    """ ".312/.405": the batter's on-base and slugging against this pitcher in this park, from the cards'
    exact odds with the bases empty (:func:`engine.inside_pitch.odds.plate_appearance_odds`); "" for a
    request nobody reads (``Game.unread``: the log or an auto-manager function answers it; the odds would
    cost a replay most of its time)."""
    if g.unread:
        return ""
    odds = plate_appearance_odds(pitcher, batter, g.setup.ballpark, tired=tired)
    return card_line({kind: float(chance) for kind, chance in odds.categories().items()})


def pitcher_label(team: IPTeam, pitcher: Pitcher, facing: str = "") -> str:
    """ "Chet Morrow (L), ERA 3.12, Bench .280/.390, reliever, RELIEF 11/4, rested": the ERA his card
    prints, and ``facing``, the batter up's line against him, come first so that a button's 80 characters
    keep them."""
    line = pitcher.relief or pitcher.start
    stamina = f", {'RELIEF' if pitcher.relief else 'START'} {line.tired}/{line.pull}" if line else ""
    era = f", ERA {pitcher.stats.era}" if pitcher.stats is not None and pitcher.stats.era else ""
    facing = f", {facing}" if facing else ""
    return f"{pitcher.name} ({pitcher.throws.value}){era}{facing}, {pitcher_role(team, pitcher)}{stamina}, rested"


def bench_label(card: Batter, position: Position | None = None, running: bool = False, hitting: str = "") -> str:
    """ "Tito Alcazar (S), C 4(10)-1, BNT 3, bench" with the running ratings for a pinch runner, and for a
    pinch hitter his line against the pitcher first (``hitting``: "OBP/SLG .312/.405")."""
    ratings = f"BR {card.br}, SB {card.sb}, ATT {card.att}" if running else f"BNT {card.bnt}"
    hitting = f", {hitting}" if hitting else ""
    return f"{card.name} ({card.bats.value}){hitting}, {fielding_text(card, position)}, {ratings}, bench"


def runner_data(card: Batter) -> dict[str, Any]:
    return {"id": card.id, "name": card.name, "br": card.br, "sb": card.sb, "att": card.att}
