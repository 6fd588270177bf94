"""Moving runners, making outs and scoring runs: the only code that changes the bases.

Every run passes through :func:`score`, so the end of a game on the winning run
(Official Baseball Rules 5.08(b)) is decided there for every kind of play: the run
that puts the home team ahead in the bottom of the last inning or of an extra
inning raises :class:`WalkOff` before it is counted, which stops the play where it
stands; ``flow`` catches it, counts the run and ends the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import EXTRA_INNING_RUNNER, RunnerMoved, RunnerOut, RunScored
from engine.state import HOME, AnyRunner, Runner

if TYPE_CHECKING:
    from engine.game import AnyGame


# A home run over the fence counts every run (OBR 9.06(f) exception); only the
# batter's own run, the last of the play, may end the game.
HOME_RUN = "home run"
# A home run that stays in the park is a hit like any other: a game-ending one is
# credited with the bases the winning runner needed (OBR 9.06(f)).
INSIDE_THE_PARK = "inside-the-park home run"
# Moves that earn the batter no RBI (OBR 9.04).
NO_RBI = ("error", "wild pitch", "passed ball", "balk")


class WalkOff(Exception):
    """The winning run is crossing the plate (OBR 5.08(b)): the play stops here.

    Raised by :func:`score` after the runner's ``RunnerMoved`` and before his run is
    counted; whoever catches it (``flow``) finishes the play with ``walk_offs.end_play``
    (or ``walk_offs.end_between_pitches``). On the way out the rules that know the play
    mark it: a hit with the bases it gave and its notation (:meth:`on_hit`), an award of
    first base (``force_advance``), so the scorer can credit it.
    """

    def __init__(self, runner: AnyRunner, batter: AnyRunner | None, rbi: bool, reason: str) -> None:
        super().__init__(f"{runner.name} scores the winning run ({reason})")
        self.runner = runner
        self.batter = batter
        self.rbi = rbi
        self.reason = reason  # the reason of his last move: "hit", "walk", "wild pitch" ...
        self.hit = 0  # bases the hit gave, when the winning run scored on a hit (4: a home run)
        self.hit_notation = ""  # the hit as the cards read it: "D8", "S+9", "HR7"
        self.award = ""  # why the batter is awarded first: "walk", "hit by pitch" ...

    def on_hit(self, bases: int, notation: str) -> None:
        """Mark the play as a hit; the innermost rule to mark it wins (it knows the ball best)."""
        if not self.hit:
            self.hit = bases
        if not self.hit_notation:
            self.hit_notation = notation


def put_out(g: AnyGame, runner: AnyRunner, base: int, how: str) -> None:
    """Retire a runner (base 0 is the batter); he leaves the bases."""
    state = g.state
    if 1 <= base <= 3 and state.bases[base - 1] is runner:
        state.bases[base - 1] = None
    state.outs += 1
    g.emit(RunnerOut(runner.id, base, how))


def move(g: AnyGame, runner: AnyRunner, start: int, end: int, reason: str, batter: AnyRunner | None = None) -> None:
    """Move a runner from ``start`` (0 = batter) to ``end`` (4 = home).

    A run does not count once the third out is made (the rules modules order
    their outs and advances as the play happens).
    """
    state = g.state
    if start == end:
        return
    if 1 <= start <= 3:
        state.bases[start - 1] = None
    g.emit(RunnerMoved(runner.id, start, min(end, HOME), reason))
    if end >= HOME:
        if state.outs < 3:
            # On a home run over the fence every run counts: only the batter's may end the game.
            ends_game = reason != HOME_RUN or runner is batter
            score(g, runner, batter, reason not in NO_RBI, reason, ends_game)
        return
    occupant = state.bases[end - 1]
    if occupant is not None and occupant is not runner:
        raise RuntimeError(f"{runner.name} moved to base {end}, where {occupant.name} stands")
    state.bases[end - 1] = runner


def score(
    g: AnyGame,
    runner: AnyRunner,
    batter: AnyRunner | None,
    rbi: bool,
    reason: str = "",
    ends_game: bool = True,
) -> None:
    """Count a run; the run that puts the home team ahead in the last inning or later raises :class:`WalkOff`.

    OBR 5.08(b): the game is over the moment the winning run scores, on any play.
    The check costs a few comparisons per run, nothing per pitch.
    """
    state = g.state
    # ">=": the run puts the home team ahead, or (the batter's own, on a home run) keeps it there.
    if ends_game and not state.top and state.inning >= g.setup.options.innings and state.home.runs >= state.away.runs:
        raise WalkOff(runner, batter, rbi, reason)
    count_run(g, runner, batter, rbi)


def count_run(g: AnyGame, runner: AnyRunner, batter: AnyRunner | None, rbi: bool) -> None:
    team = g.state.batting
    team.runs_by_inning[-1] += 1
    g.emit(RunScored(runner.id, batter.id if batter else "", rbi and batter is not None, not runner.reached_on_error))


def advance_all(g: AnyGame, bases: int, reason: str, batter: AnyRunner | None = None) -> None:
    """Every runner on base moves up ``bases`` bases, lead runner first."""
    for base in (3, 2, 1):
        runner = g.state.runner_on(base)
        if runner is not None:
            move(g, runner, base, min(base + bases, HOME), reason, batter)


def force_advance(g: AnyGame, batter: AnyRunner, reason: str) -> None:
    """Walk, hit batsman, catcher's interference: only forced runners move; batter to first."""
    state = g.state
    forced = 0
    while forced < 3 and state.bases[forced] is not None:
        forced += 1
    try:
        for base in range(forced, 0, -1):
            runner = state.runner_on(base)
            assert runner is not None
            move(g, runner, base, base + 1, reason, batter)
    except WalkOff as walk_off:
        walk_off.award = reason  # OBR 5.08(b) comment: the batter must still reach first
        raise
    move(g, batter, 0, 1, reason, batter)


def runners_lead_first(g: AnyGame) -> list[tuple[int, AnyRunner]]:
    first, second, third = g.state.bases
    return [(b, r) for b, r in ((3, third), (2, second), (1, first)) if r is not None]


def put_out_advancing(g: AnyGame, runner: AnyRunner, start: int, end: int, how: str) -> None:
    """Retire a runner thrown out trying to go from ``start`` to ``end``: he leaves ``start``, the out is at ``end``."""
    state = g.state
    if 1 <= start <= 3 and state.bases[start - 1] is runner:
        state.bases[start - 1] = None
    put_out(g, runner, end, how)


def move_without_rbi(g: AnyGame, runner: AnyRunner, start: int, end: int, reason: str, batter: AnyRunner) -> None:
    """``move``, except that a run scored earns the batter no RBI (a run on a double play)."""
    if end < HOME or start == end:
        move(g, runner, start, end, reason, batter)
        return
    state = g.state
    if 1 <= start <= 3 and state.bases[start - 1] is runner:
        state.bases[start - 1] = None
    g.emit(RunnerMoved(runner.id, start, HOME, reason))
    if state.outs < 3:
        score(g, runner, batter, False, reason)


def advance_exactly(g: AnyGame, batter: AnyRunner, batter_to: int, runner_bases: int, reason: str) -> None:
    """Every runner moves exactly ``runner_bases`` bases (lead runner first), then the batter to ``batter_to``.

    For plays that allow no extra-base tries: a double past a corner infielder, a
    pop-up that drops in, a ground-rule double, an infield single on an error chart.
    """
    try:
        for base, runner in runners_lead_first(g):
            move(g, runner, base, min(base + runner_bases, HOME), reason, batter)
    except WalkOff as walk_off:
        if reason == "hit":
            walk_off.on_hit(batter_to, "")
        raise
    move(g, batter, 0, min(batter_to, HOME), reason, batter)


def take_base(g: AnyGame, batter: AnyRunner, to: int, reason: str) -> None:
    """The batter takes base ``to`` (below home); runners on it or behind him move just far enough ahead.

    For the end of a game-ending play (OBR 5.08(b)): the batter reaches the base he
    is credited with or awarded, pushing the runners he forces, trailing runner first
    in the plan and lead runner first on the field. Nobody scores: the runners left
    on base were behind the winning runner, and there are enough bases for them.
    """
    state = g.state
    need = to + 1
    plan: list[tuple[AnyRunner, int, int]] = []
    for base in (1, 2, 3):
        runner = state.bases[base - 1]
        if runner is None:
            continue
        if base < need:
            plan.append((runner, base, need))
            need += 1
        else:
            need = base + 1
    for runner, start, end in reversed(plan):
        if end >= HOME:
            raise AssertionError(f"{runner.name} would score after the winning run")
        move(g, runner, start, end, reason, batter)
    move(g, batter, 0, to, reason, batter)


def extra_inning_runner_due(g: AnyGame) -> bool:
    """``GameOptions.extra_inning_runner`` (OBR 7.01(b)) is on and this half inning is past the scheduled innings."""
    options = g.setup.options
    return options.extra_inning_runner and g.state.inning > options.innings


def place_extra_inning_runner(g: AnyGame) -> None:
    """OBR 7.01(b): the man in the batting order just before the leadoff batter starts on second.

    He counts as having reached on an error none was charged for (OBR 9.16 comment to
    7.01(b)): his run is unearned. The box score charges him to the pitcher who faces the
    half's first batter (``engine.boxscore``), the one on the mound as the inning begins.
    Both rulesets play it (engine.inside_pitch.flow, engine.deep_drive.flow).
    """
    state = g.state
    offense = state.batting
    spot = offense.order[(offense.up - 1) % len(offense.order)]
    runner = Runner(spot.batter, state.fielding.pitcher.id, reached_on_error=True)
    move(g, runner, 0, 2, EXTRA_INNING_RUNNER)


def only_the_extra_inning_runner(g: AnyGame) -> bool:
    """Nobody has batted in this half yet: no outs, no runs, nobody on but the extra-inning runner
    still on second (who came there "on an error")."""
    state = g.state
    if state.outs or state.batting.runs_by_inning[-1:] != [0]:
        return False
    first, second, third = state.bases
    if first is not None or third is not None:
        return False
    return second is None or (second.reached_on_error and extra_inning_runner_due(g))
