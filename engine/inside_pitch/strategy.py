"""The strategy roll: the auto-manager's offense and its pickoff call (IP2021 "Strategy Roll"; IP2007 §12).

With runners on, one 1d20 per plate appearance is read against the runners' ATT,
the pitcher's HLD and the batter's BNT for a steal, a hit and run or a sacrifice
bunt; a 20 is the defense's pickoff attempt. The books offer the roll as a
suggestion or a hard rule; Dugout's auto-manager follows it. The numbers are data
in ``tables/strategy.toml``. These functions only suggest; ``running`` plays steals
and pickoffs.

Play keys returned by :func:`suggest_offense`: ``"swing"``, ``"hit_and_run"``,
``"sacrifice"``, and ``"steal:<bases>"`` naming the bases the runners leave, lowest
first, joined by ``+`` (``"steal:1"``, ``"steal:2"``, ``"steal:1+2"``, ``"steal:1+3"``,
``"steal:1+2+3"`` …); :func:`steal_bases` reads such a key back.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING

from cards.models import Batter
from cards.notation import Position, Range, parse_range
from engine.inside_pitch.tables import load_table
from engine.state import HOME

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame

SWING = "swing"
HIT_AND_RUN = "hit_and_run"
SACRIFICE = "sacrifice"
STEAL = "steal"

# The chart's numbers, read once: the roll is looked at before every plate appearance.
_TABLE = load_table("strategy")
MAX_DIFFERENCE_PLUS_INNING = int(_TABLE["max_difference_plus_inning"])
PICKOFF_ROLL = int(_TABLE["pickoff_roll"])
_JUMP = _TABLE["jump"]
_HIT_AND_RUN_ONLY_ATT = int(_JUMP["hit_and_run_only"])
_CAP_MULTIPLE = int(_JUMP["cap_multiple"])
_DIVISOR = {int(base): int(divisor) for base, divisor in _JUMP["divisor"].items()}
_NO_HIT_AND_RUN_WITH_OUTS = int(_TABLE["hit_and_run"]["no_hit_and_run_with_outs"])
_ABOVE_ATT_LOW, _ABOVE_ATT_HIGH = (int(v) for v in _TABLE["hit_and_run"]["above_att"])
_NO_BUNT_WITH_OUTS = int(_TABLE["bunt"]["no_bunt_with_outs"])
# The bunting chart's ranges by (batter is a pitcher, BNT), parsed once.
_BUNT_RANGES = {
    (batter_is_pitcher, int(bnt)): parse_range(text)
    for batter_is_pitcher, column in ((True, "pitchers"), (False, "position_players"))
    for bnt, text in _TABLE["bunt"][column].items()
    if text
}


def strategy_applies(g: IPGame) -> bool:
    """IP2021: rolled with runners on, unless the run difference plus the inning is more than 10."""
    state = g.state
    if not state.runners_on():
        return False
    return state.run_difference() + state.inning <= MAX_DIFFERENCE_PLUS_INNING


def adjusted_att(batter_att: int | str, hold: int, base: int) -> int | None:
    """The Adjusted ATT of a runner going for ``base`` (2, 3, or 4 for home); None for ATT "N".

    IP2021 "Base to Steal": ATT + HLD, never more than double the ATT, then halved
    for third and divided by five for home, rounding down (the cap comes before the
    division: it limits how far HLD can raise a runner's jump). Never below 0.
    ATT "N" never steals nor hits and runs; ATT "H" is 0 whatever the HLD (hit and
    run only).
    """
    if batter_att == "N":
        return None
    if batter_att == "H":
        return _HIT_AND_RUN_ONLY_ATT
    if not isinstance(batter_att, int):
        raise ValueError(f"ATT is a number, N or H, not {batter_att!r}")
    capped = min(batter_att + hold, _CAP_MULTIPLE * batter_att)
    return max(capped, 0) // _DIVISOR[base]


def hopeless(g: IPGame, base: int) -> bool:
    """Whether the runner on ``base`` is safe stealing only on the rolls that are always safe.

    The steal's own chart (``running.steal``, tables/running.toml): 1d20 against his Adjusted
    SB, runner SB + pitcher SB + the catcher's arm, or - 10 instead of the arm for home. At
    or below the always-safe rolls (1-2), 18 rolls in 20 throw him out: stealing home with
    an ordinary SB is such a play.
    """
    state = g.state
    runner = state.runner_on(base)
    if runner is None:
        return True
    table = load_table("running")["steal"]
    pitcher = state.fielding.pitcher
    if base + 1 == HOME:
        adjusted = runner.card.sb + pitcher.steal + int(table["home_modifier"])
    else:
        adjusted = runner.card.sb + pitcher.steal + state.fielding.fielder(Position.C).arm
    return adjusted <= max(table["always_safe"], default=0)


def stealers(g: IPGame, roll: int, sensible: bool = False) -> list[int]:
    """The bases whose runners get the jump on this strategy roll, lowest first.

    IP2021: each runner whose roll is at most his Adjusted ATT for the next base goes,
    one roll for all. A runner cannot run into an occupied base unless the man ahead
    goes too, so the lead runner is read first. ``sensible`` (the roll as a suggestion:
    IP2021 "should always be applied with the game situation in mind"): a runner whose
    steal is :func:`hopeless` stays, and so do those behind him he would block.
    """
    state = g.state
    hold = state.fielding.pitcher.hold
    going: set[int] = set()
    bases = state.bases
    for base in (3, 2, 1):
        runner = bases[base - 1]
        if runner is None:
            continue
        adjusted = adjusted_att(runner.card.att, hold, base + 1)
        if adjusted is None or roll > adjusted or (sensible and hopeless(g, base)):
            continue
        ahead = base + 1
        if ahead < HOME and bases[ahead - 1] is not None and ahead not in going:
            continue  # blocked: the man ahead stays
        going.add(base)
    return sorted(going)


def hit_and_run_range(g: IPGame) -> range:
    """The strategy rolls that call a hit and run (empty when none can be called).

    IP2021: a runner on first, rolls one or two above his Adjusted ATT for second;
    an "H" runner's is 0, so 1-2; an "N" runner never. IP2007 §12: not with two outs.
    """
    state = g.state
    first = state.bases[0]
    if first is None or state.outs >= _NO_HIT_AND_RUN_WITH_OUTS:
        return range(0)
    adjusted = adjusted_att(first.card.att, state.fielding.pitcher.hold, 2)
    if adjusted is None:
        return range(0)
    return range(adjusted + _ABOVE_ATT_LOW, adjusted + _ABOVE_ATT_HIGH + 1)


def bunt_range(bnt: int, batter_is_pitcher: bool) -> Range | None:
    """IP2021 bunting chart: the strategy rolls on which a batter with this BNT sacrifices (None: never)."""
    return _BUNT_RANGES.get((batter_is_pitcher, bnt))


def batter_up(g: IPGame) -> tuple[Batter, bool]:
    """The batter due up and whether he is the pitcher (a pinch hitter in the pitcher's spot is not)."""
    offense = g.state.batting
    spot = offense.order[offense.up % len(offense.order)]
    return spot.batter, spot.batter.id == offense.pitcher.id


def suggest_offense(
    g: IPGame, roll: int, batter_is_pitcher: bool | None = None, batter: Batter | None = None, sensible: bool = False
) -> str:
    """The auto-manager's call on one strategy roll: a play key (see the module docstring).

    ``batter_is_pitcher`` (pitchers have their own bunting column) and ``batter``
    default to whether the batter due up bats in the P spot of the lineup, and him.
    ``sensible``: no hopeless steal (:func:`stealers`), as the roll is read when it
    only suggests; as a hard rule it calls every steal it triggers.

    Policy, in order (IP2021 "Strategy Roll"):

    1. no strategy (not :func:`strategy_applies`), or a roll of 20 (the defense's
       pickoff attempt): swing away;
    2. every runner who gets the jump (:func:`stealers`) steals: a double or triple
       steal when several do;
    3. a roll in :func:`hit_and_run_range`: hit and run;
    4. a runner on first, fewer than two outs, a roll in the batter's
       :func:`bunt_range`: sacrifice;
    5. otherwise swing away.

    Steal and hit and run come before the bunt, as the book gives them priority
    where ranges overlap; a runner blocked by the man ahead does not steal and the
    roll is read on.
    """
    state = g.state
    if not strategy_applies(g) or roll == PICKOFF_ROLL:
        return SWING
    going = stealers(g, roll, sensible)
    if going:
        return steal_key(going)
    if roll in hit_and_run_range(g):
        return HIT_AND_RUN
    if state.runner_on(1) is not None and state.outs < _NO_BUNT_WITH_OUTS:
        if batter is None or batter_is_pitcher is None:
            up, in_p_spot = batter_up(g)
            batter = batter or up
            batter_is_pitcher = in_p_spot if batter_is_pitcher is None else batter_is_pitcher
        bunts = bunt_range(batter.bnt, batter_is_pitcher)
        if bunts is not None and roll in bunts:
            return SACRIFICE
    return SWING


def suggest_pickoff(roll: int) -> bool:
    """IP2021: a strategy roll of 20 is a pickoff attempt (the defense's call)."""
    return roll == PICKOFF_ROLL


def steal_key(bases: Iterable[int]) -> str:
    """``[2, 1]`` -> ``"steal:1+2"``."""
    return f"{STEAL}:" + "+".join(str(b) for b in sorted(set(bases)))


def steal_bases(key: str) -> list[int]:
    """``"steal:1+3"`` -> ``[1, 3]``; a key that is not a steal gives ``[]``."""
    kind, _, bases = key.partition(":")
    if kind != STEAL or not bases:
        return []
    return sorted(int(b) for b in bases.split("+"))


def steal_options(g: IPGame) -> list[str]:
    """Every legal steal for the runners on base, as play keys.

    A runner may go when the base ahead is open or its runner goes too. Runners
    whose ATT is N or H never steal (IP2021 "Special ATT ratings").
    """
    state = g.state
    able = [b for b in state.occupied() if _may_steal(g, b)]
    keys = []
    for size in range(1, len(able) + 1):
        for chosen in combinations(able, size):
            if all(b + 1 >= HOME or state.runner_on(b + 1) is None or b + 1 in chosen for b in chosen):
                keys.append(steal_key(chosen))
    return keys


def _may_steal(g: IPGame, base: int) -> bool:
    runner = g.state.runner_on(base)
    return runner is not None and isinstance(runner.card.att, int)
