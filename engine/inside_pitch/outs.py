"""Outs in play: ground outs, line outs, pop ups and flies to the infield (IP2021 "Ground Outs",
"Line Outs"; IP2007 §9-§10). Fly outs to the outfield are ``flyouts``' business.

Ground outs with less than two out follow the base state: a double play try with a
runner on first, the runner on second's advance by the ground out's number, and the
runner on third's dash for the plate, which the offense decides (``runner_on_third``)
and the defense answers (``play_at``). The fielder's infield depth (``depth``) moves
the GDP and BR numbers and limits where he may throw. Charts are in ``tables/``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from cards.notation import Position
from engine.bases import move, move_without_rbi, put_out, put_out_advancing
from engine.events import Check
from engine.events import Reading as ReadingEvent
from engine.inside_pitch import asking, depth, flyouts
from engine.inside_pitch.tables import load_table
from engine.requests import Option
from engine.state import HOME

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner
    from engine.inside_pitch.reading import AtBat, Ball

# The auto-manager's idea of a run that matters: from the 7th inning on, with the
# score tied or one run apart.
LATE_INNING = 7
CLOSE_RUNS = 1
# The runner on third goes when his BR, adjusted for the fielder's depth, is at least this.
GO_FROM_THIRD = 4
# The defense throws home only when the adjusted BR is at most this.
THROW_HOME = 3
# The defense tries the 5-4-3 instead of the force at third from this combined GDP up.
TRY_DOUBLE_PLAY = 3

BASE_NAMES = {"first": 1, "second": 2, "third": 3}
BASE_WORDS = {number: name for name, number in BASE_NAMES.items()}

# IP2021 "Hit and run" (IP2007 §12.2): the runners' BR + 2 and the combined GDP - 2.
HIT_AND_RUN_BR = ("hit and run", 2)
HIT_AND_RUN_GDP = ("hit and run", -2)


def play_out(g: IPGame, ab: AtBat, batter: IPRunner, ball: Ball) -> str:
    """An out read off the cards, after range and error checks: who is out and who moves."""
    if ball.kind == "G" and 1 <= ball.fielder <= 6:
        return ground_out(g, ab, batter, ball)
    if ball.kind == "L":
        return line_out(g, ab, batter, ball)
    if ball.kind == "F" and ball.fielder in (7, 8, 9):
        return flyouts.play_fly_out(g, ab, batter, ball)
    # IP2021 pop ups and flies caught in the infield: the batter is out, runners hold
    # (under the infield fly rule too; it only matters to error checks, see infield_fly).
    put_out(g, batter, 0, ball.notation)
    return ball.notation


def infield_fly(g: IPGame) -> bool:
    """IP2021 infield fly rule: less than two out and a force at third (runners on first and second).

    On a fair pop up the batter is then out, runners hold, and no error is checked.
    """
    state = g.state
    return state.outs < 2 and state.runner_on(1) is not None and state.runner_on(2) is not None


def late_and_close(g: IPGame) -> bool:
    """The auto-manager's "the run matters": the 7th inning or later, tied or one run apart."""
    return g.state.inning >= LATE_INNING and g.state.run_difference() <= CLOSE_RUNS


def chain(*fielders: int) -> str:
    """Scorer's notation for the fielders who handled the ball: 6-4-3; one man alone is 5U."""
    names: list[int] = []
    for f in fielders:
        if not names or names[-1] != f:
            names.append(f)
    return "-".join(map(str, names)) if len(names) > 1 else f"{names[0]}U"


# --- line outs ----------------------------------------------------------------------


def line_out(g: IPGame, ab: AtBat, batter: IPRunner, ball: Ball) -> str:
    """IP2021 "Line Outs": the batter is out; with less than two out and runners on, a line
    drive caught by an infielder doubles off the runner on the base the 1d6 names.

    On the hit and run (IP2007 §12.2, "all line outs are double plays") the runners are
    off with the pitch: any line out, to any fielder, doubles up the runner from first
    (the lead runner if first is empty), with no die. The ET? #7 error check on the
    throw comes first (``fielding.line_drive_throw``): the book's one exception.
    """
    runners_on = bool(g.state.occupied()) and g.state.outs < 2
    put_out(g, batter, 0, ball.notation)
    if ab.hit_and_run and runners_on:
        going = next(b for b in (1, 2, 3) if g.state.runner_on(b) is not None)
        double_off(g, going, ball.fielder)
        return f"{ball.notation} DP"
    chart: dict[str, list[int]] | None = load_table("line_outs")["doubled_off"].get(ball.notation)
    if chart is None or not runners_on:
        return ball.notation
    roll = g.d6(f"line out double play ({ball.notation})")
    base = next((BASE_NAMES[name] for name, faces in chart.items() if roll in faces), None)
    runner = g.state.runner_on(base) if base else None
    result = f"the runner on {BASE_WORDS[base]} doubled off" if runner and base else "no double play"
    g.emit(ReadingEvent("line-out chart", "Inside Pitch", f"{ball.notation} {roll}", result))
    if runner is None or base is None:
        return ball.notation
    double_off(g, base, ball.fielder)
    return f"{ball.notation} DP"


def double_off(g: IPGame, base: int, fielder: int) -> None:
    """The runner on ``base`` is doubled off after a caught line drive to ``fielder`` (1-6)."""
    runner = g.state.runner_on(base)
    assert runner is not None
    cover = load_table("line_outs")["cover"]
    name = {1: "first", 2: "second", 3: "third"}[base]
    covering = cover[name] if base != 2 else cover[name].get(f"L{fielder}", 6)
    put_out_advancing(g, runner, base, base, chain(fielder, int(covering)))


# --- ground outs ----------------------------------------------------------------------


def ground_out(g: IPGame, ab: AtBat, batter: IPRunner, ball: Ball, grounder: type[Grounder] | None = None) -> str:
    """IP2021 "Ground Outs" (IP2007 §9): by base state, less than two out; otherwise a simple out.

    ``grounder`` replaces :class:`Grounder` for plays with other adjustments (a bunt
    bunted too hard: ``bunts``).
    """
    gb = (grounder or Grounder)(g, ab, batter, ball)
    state = g.state
    # IP2021 "No runners on" and two outs: the batter is out at first, nobody moves
    # (a runner crossing the plate on the third out would not count anyway).
    if state.outs >= 2 or not state.occupied():
        put_out(g, batter, 0, gb.out_at_first_notation)
        return ball.notation
    return BASE_STATES[state.base_state()](gb)


@dataclass(slots=True)
class Grounder:
    """One ground ball in play, with what its procedures need to know."""

    g: IPGame
    ab: AtBat
    batter: IPRunner
    ball: Ball

    @property
    def f(self) -> int:
        return self.ball.fielder

    @property
    def position(self) -> Position:
        return Position.from_number(self.ball.fielder)

    @property
    def out_at_first_notation(self) -> str:
        return chain(self.f, 3)

    def throws_to(self, base: int) -> bool:
        return depth.throws_to(self.g, self.position, base)

    def runner(self, base: int) -> IPRunner:
        runner = self.g.state.runner_on(base)
        assert runner is not None, f"no runner on {base}"
        return runner

    def pivot(self) -> Position:
        """The pivot chart: who takes the throw at second, by the ground out and the batter's side."""
        chart: dict[str, Any] = load_table("pivot")
        return Position(chart[self.ab.batter_side.value][self.ball.notation])

    def can_turn_two_at_second(self) -> bool:
        """The fielder may throw to second and the pivot man is not playing in (IP2021 "Infield Depth")."""
        return self.throws_to(2) and depth.current(self.g, self.pivot()) != "in"

    def gdp_modifiers(self, pivot: Position | None) -> list[tuple[str, int]]:
        mods = [("pitcher GDP", self.ab.pitcher.gdp)]
        if pivot is not None:
            mods.append((f"pivot {pivot.value}", self.g.state.fielding.fielder(pivot).pivot))
        adjustment = depth.gdp_adjustment(self.g, self.position)
        if adjustment:
            mods.append((depth.describe(self.g, self.position), adjustment))
        if self.ab.hit_and_run:
            mods.append(HIT_AND_RUN_GDP)
        return mods

    def depth_br(self, base: int) -> int:
        """IP2021 "Infield Depth": BR 3rd for the runner on third, BR 1st for a runner forced at second or third."""
        if base == 3:
            return depth.br_third_adjustment(self.g, self.position)
        return depth.br_first_adjustment(self.g, self.position)

    def br_modifiers(self, base: int, with_depth: bool = True) -> list[tuple[str, int]]:
        """What moves the BR of the runner on ``base``: the fielder's depth and the hit and run's + 2."""
        mods = []
        adjustment = self.depth_br(base) if with_depth else 0
        if adjustment:
            mods.append((depth.describe(self.g, self.position), adjustment))
        if self.ab.hit_and_run:
            mods.append(HIT_AND_RUN_BR)
        return mods

    def combined_gdp(self, pivot: Position | None) -> int:
        return self.ab.batter.gdp + sum(v for _, v in self.gdp_modifiers(pivot))

    def slow_roller(self, roll: int) -> bool:
        """IP2007 §9 (option): a straight 6 on the play's die is a slow roller in every base state."""
        return self.g.setup.options.slow_roller_2007 and roll == 6

    def settle(
        self,
        outs: Sequence[tuple[IPRunner, int, int, str]],
        moves: Sequence[tuple[IPRunner, int, int]],
        reason: str,
        rbi: bool = True,
    ) -> None:
        """Make the play's outs first, then (if the inning goes on) move runners, lead runner first.

        ``outs`` are (runner, from base, out at base, notation) with base 0 for the
        batter; ``moves`` are (runner, from, to), the batter's from being 0.
        """
        g = self.g
        for runner, start, at, how in outs:
            put_out_advancing(g, runner, start, at, how)
        if g.state.outs >= 3:
            return
        advance = move if rbi else move_without_rbi
        for runner, start, end in sorted(moves, key=lambda m: -m[1]):
            advance(g, runner, start, end, reason, self.batter)

    def out_at_first(self, advances: dict[int, int]) -> str:
        """The batter is out at first; the runners named in ``advances`` (base -> base) move up."""
        moves = [(self.runner(b), b, to) for b, to in advances.items()]
        self.settle([(self.batter, 0, 0, self.out_at_first_notation)], moves, "ground out")
        return self.ball.notation

    def turn_two(
        self,
        lead: int,
        pivot: Position | None,
        cover: int,
        others: dict[int, int],
        possible: bool = True,
    ) -> str:
        """IP2021 "Runner on first, less than two outs": the double play procedure.

        ``lead`` is the base of the forced runner (1: force at second, 2: at third,
        3: at home); ``pivot`` the man whose PIVOT rating counts (None: nobody's);
        ``cover`` the fielder taking the throw at the force base; ``others`` where the
        other runners go whatever happens. One 1d6: at or under the combined GDP, a
        double play; otherwise the same roll at or under the forced runner's BR (less
        1 when the fielder is double-play ready), or a 6, and he is safe with the out
        at first; higher, he is forced out and the batter is safe.
        """
        g, f = self.g, self.f
        runner = self.runner(lead)
        force_base = lead + 1
        roll = g.d6(f"double play try ({self.ball.notation})")
        if possible:
            mods = self.gdp_modifiers(pivot)
            success = roll <= self.ab.batter.gdp + sum(v for _, v in mods) and not self.slow_roller(roll)
            g.emit(Check("GDP", self.ab.batter.gdp, tuple(mods), roll, success))
            if success:
                moves = [(self.runner(b), b, to) for b, to in others.items()]
                outs = [(runner, lead, force_base, chain(f, cover)), (self.batter, 0, 0, chain(f, cover, 3))]
                self.settle(outs, moves, "double play", rbi=False)
                return "DP"
        # IP2021 "Infield Depth": BR 1st for a force at second or third, BR 3rd at the plate.
        br_mods = self.br_modifiers(lead)
        safe = roll <= runner.br + sum(v for _, v in br_mods) or roll == 6
        g.emit(Check(f"{runner.name} beats the force", runner.br, tuple(br_mods), roll, safe))
        moves = [(self.runner(b), b, to) for b, to in others.items()]
        if safe:
            moves.append((runner, lead, force_base))
            self.settle([(self.batter, 0, 0, self.out_at_first_notation)], moves, "ground out")
        else:
            moves.append((self.batter, 0, 1))
            self.settle([(runner, lead, force_base, chain(f, cover))], moves, "fielder's choice")
        return self.ball.notation

    def turn_two_at_second(self, others: dict[int, int]) -> str:
        """The double play try on the runner from first, pivot man by the pivot chart."""
        pivot = self.pivot()
        return self.turn_two(1, pivot, pivot.number, others, possible=self.can_turn_two_at_second())

    # --- the runner on third ----------------------------------------------------------

    def ball_context(self, **extra: object) -> dict[str, object]:
        """The ball in play for a request's context: its reading, fielder and his depth (and ``extra``)."""
        return {
            "ball": self.ball.notation,
            "fielder": self.position.value,
            "fielder_depth": depth.current(self.g, self.position),
            **extra,
        }

    def adjusted_br_third(self) -> int:
        return self.runner(3).br + sum(v for _, v in self.br_modifiers(3))

    def runner_goes(self) -> bool:
        """The offense decides whether the runner on third tries to score (``runner_on_third``).

        Auto-manager: he goes when his BR adjusted for the fielder's depth is 4 or more.
        (With two outs nobody is asked: the out at first ends the inning.)
        """
        g = self.g
        runner = self.runner(3)
        abr = self.adjusted_br_third()
        prompt = (
            f"{self.ball.notation} to the {self.position.value} ({depth.describe(g, self.position)}): "
            f"does {runner.name} (BR {runner.br}, {abr} on a throw home) try to score?"
        )
        options = [Option("go", "Send him home"), Option("hold", "Hold at third")]
        suggestion = "go" if abr >= GO_FROM_THIRD else "hold"
        context = partial(self.ball_context, runner_abr=abr)
        return g.ask(g.state.batting.key, "runner_on_third", prompt, options, suggestion, context) == "go"

    def play_at(self, choices: Sequence[str], runner_went: bool) -> str:
        """The defense picks its play (``play_at``) among ``choices``; a single choice is not asked.

        Auto-manager: a home-to-first double play whenever it is on (it keeps the run
        off the board); a throw home on a runner who went when his adjusted BR is 3 or
        less and the run matters (late and close) or the fielder is playing in; else
        the double play (letting the run score), unless the runner held in a late,
        close game, when he is looked back and the out taken at first.
        """
        g = self.g
        if len(choices) == 1:
            return choices[0]
        labels = {
            "plate": "Throw home",
            "home_double_play": "Home to first double play",
            "double_play": self.double_play_label(),
            "first": "Take the out at first"
            if runner_went or g.state.runner_on(3) is None
            else "Look the runner back, out at first",
        }
        if "home_double_play" in choices:
            suggestion = "home_double_play"
        elif (
            "plate" in choices
            and self.adjusted_br_third() <= THROW_HOME
            and (late_and_close(g) or depth.current(g, self.position) == "in")
        ):
            suggestion = "plate"
        elif "double_play" in choices and (runner_went or not late_and_close(g)):
            suggestion = "double_play"
        else:
            suggestion = "first"
        went = "breaks for the plate" if runner_went else "holds"
        prompt = (
            f"{self.ball.notation} to the {self.position.value} ({depth.describe(g, self.position)}), "
            f"{asking.bases_text(g)}, the runner on third {went}: where is the play?"
        )
        options = [Option(key, labels[key]) for key in choices]
        context = partial(self.ball_context, runner_on_third_goes=runner_went)
        return g.ask(g.state.fielding.key, "play_at", prompt, options, suggestion, context)

    def double_play_label(self) -> str:
        """What the "double_play" choice means for this ball (the run on third scoring)."""
        if self.position is Position.THIRD and self.g.state.runner_on(2) is not None:
            return "Play it as first and second (the run scores)"  # the G5 procedure, bases loaded
        if self.can_turn_two_at_second():
            return "Turn two through second (the run scores)"
        return "Force at second, no double play (the run scores)"

    def play_at_plate(self, others: dict[int, int]) -> str:
        """IP2021 "Runner on third": 1d6 at or under his adjusted BR and he scores, else out at the plate.

        The batter reaches first on the fielder's choice; ``others`` move up.
        """
        g = self.g
        runner = self.runner(3)
        roll = g.d6(f"play at the plate ({self.ball.notation})")
        moves = [(self.runner(b), b, to) for b, to in others.items()]
        if self.slow_roller(roll):  # IP2007 §9.4: out at first only, everyone moves up
            moves.append((runner, 3, HOME))
            self.settle([(self.batter, 0, 0, self.out_at_first_notation)], moves, "ground out")
            return self.ball.notation
        mods = self.br_modifiers(3)
        safe = roll <= runner.br + sum(v for _, v in mods)
        g.emit(Check(f"{runner.name} scores", runner.br, tuple(mods), roll, safe))
        moves.append((self.batter, 0, 1))
        if safe:
            moves.append((runner, 3, HOME))
            self.settle([], moves, "fielder's choice")
        else:
            self.settle([(runner, 3, HOME, chain(self.f, 2))], moves, "fielder's choice")
        return self.ball.notation


# --- the base states, less than two out ---------------------------------------------------


def _runner_on_first(gb: Grounder) -> str:
    # IP2021 "Infield Depth": an infielder playing in throws only home or to first.
    if not gb.throws_to(2):
        return gb.out_at_first({1: 2})
    # IP2021 "Runner on first, less than two outs"
    return gb.turn_two_at_second({})


def _runner_on_second(gb: Grounder) -> str:
    """IP2021 "Runner on second, less than two outs" (IP2007 §9.3): G2-G4 he advances; G1, G6 on his BR; G5 on a 6."""
    g = gb.g
    runner = gb.runner(2)
    rule = load_table("ground_outs")["runner_on_second"][gb.ball.notation]
    advances = True
    if rule != "advance":
        roll = g.d6(f"runner on second ({gb.ball.notation})")
        if rule == "br":
            mods = gb.br_modifiers(2, with_depth=False)  # no depth adjustment here; the hit and run's + 2
            advances = roll <= runner.br + sum(v for _, v in mods) or gb.slow_roller(roll)
            g.emit(Check(f"{runner.name} takes third", runner.br, tuple(mods), roll, advances))
        else:  # "six"
            advances = roll == 6
    return gb.out_at_first({2: 3} if advances else {})


def _runner_on_third(gb: Grounder) -> str:
    """IP2021 "Runner on third, less than two outs" (IP2007 §9.4): he decides to go; the defense picks its play."""
    if not gb.runner_goes():
        return gb.out_at_first({})  # looked back: the out at first
    if gb.play_at(["plate", "first"], runner_went=True) == "plate":
        return gb.play_at_plate({})
    return gb.out_at_first({3: HOME})


def _first_and_second(gb: Grounder, scoring: dict[int, int] | None = None) -> str:
    """IP2021 "Runners on first and second, less than two outs" (IP2007 §9.5).

    ``scoring`` is {3: HOME} when the bases are loaded and the defense lets the run
    score: the runner on third is left out and this is the play (IP2007 §9.8).
    """
    also = scoring or {}
    if not gb.throws_to(2):  # playing in: home or first only
        return gb.out_at_first({**also, 2: 3, 1: 2})
    if gb.position is not Position.THIRD:
        return gb.turn_two_at_second({**also, 2: 3})
    # G5: where the third baseman fields it.
    g = gb.g
    chart = load_table("ground_outs")
    roll = g.d6("where the third baseman fields it")
    spot = next(name for name, faces in chart["third_base_location"].items() if roll in faces)
    g.emit(ReadingEvent("third base location", "Inside Pitch", str(roll), spot))
    if spot == "line":  # toward the bag: 5-3, no pivot, the runner from second is the one forced
        return gb.turn_two(2, None, gb.f, {**also, 1: 2})
    if spot == "at_him" and _force_or_double_play(gb) == "force":
        roll = g.d6("force at third")
        if roll in chart["force_at_third"]["out"]:
            moves = [(gb.runner(b), b, to) for b, to in also.items()] + [(gb.runner(1), 1, 2), (gb.batter, 0, 1)]
            gb.settle([(gb.runner(2), 2, 3, chain(gb.f, 5))], moves, "fielder's choice")
            return gb.ball.notation
        return gb.out_at_first({**also, 2: 3, 1: 2})
    return gb.turn_two_at_second({**also, 2: 3})


def _force_or_double_play(gb: Grounder) -> str:
    """The defense's choice on a G5 right at the third baseman (``force_or_double_play``).

    Auto-manager: try the 5-4-3 when the combined GDP is 3 or more, else take the force at third.
    """
    g = gb.g
    gdp = gb.combined_gdp(gb.pivot())
    prompt = f"G5 right at the third baseman, {asking.bases_text(g)} (combined GDP {gdp}): which play?"
    options = [Option("force", "Force at third only"), Option("double_play", "Try the 5-4-3 double play")]
    suggestion = "double_play" if gdp >= TRY_DOUBLE_PLAY and gb.can_turn_two_at_second() else "force"
    context = partial(gb.ball_context, combined_gdp=gdp)
    return g.ask(g.state.fielding.key, "force_or_double_play", prompt, options, suggestion, context)


def _first_and_third(gb: Grounder) -> str:
    """IP2021 first and third (IP2007 §9.6): the runner on third decides, then the defense picks its play."""
    turn_two = gb.can_turn_two_at_second()
    if gb.runner_goes():
        # Conceding the run, the defense may play at second even with the pivot man in:
        # then the force is tried without a double play, as with a runner on first alone
        # (rules README; ``turn_two_at_second`` knows whether two are possible).
        choices = ["plate", *(["double_play"] if gb.throws_to(2) else []), "first"]
        play = gb.play_at(choices, runner_went=True)
        if play == "plate":
            return gb.play_at_plate({1: 2})
        if play == "double_play":
            return gb.turn_two_at_second({3: HOME})
        return gb.out_at_first({3: HOME, 1: 2})
    # He holds: the defense may still turn two and let him score, or look him back.
    play = gb.play_at([*(["double_play"] if turn_two else []), "first"], runner_went=False)
    if play == "double_play":
        return gb.turn_two_at_second({3: HOME})
    return gb.out_at_first({1: 2})


def _second_and_third(gb: Grounder) -> str:
    """IP2021 second and third (IP2007 §9.7; README): the runner-on-third procedure; the runner from second
    moves to third whenever the runner from third goes."""
    if not gb.runner_goes():
        return gb.out_at_first({})
    if gb.play_at(["plate", "first"], runner_went=True) == "plate":
        return gb.play_at_plate({2: 3})
    return gb.out_at_first({3: HOME, 2: 3})


def home_double_play_open(g: IPGame, position: Position) -> bool:
    """Bases loaded: may the fielder at ``position`` try home to first? Not when he plays back (IP2007 §9.8)."""
    return depth.column(g, position) != "back"


def _bases_loaded(gb: Grounder) -> str:
    """IP2021 bases loaded (IP2007 §9.8): the force at home. An infielder not playing back may go home to first
    (the catcher's pivot counts as zero); one not playing in may turn two through second and
    let the run score, which leaves out the runner on third: the first-and-second play, a G5
    with its roll for where the third baseman fields it (rules README); or the out is taken at
    first and everyone moves up."""
    home = home_double_play_open(gb.g, gb.position)
    choices = [
        *(["home_double_play"] if home else []),
        *(["double_play"] if gb.can_turn_two_at_second() else []),
        "first",
    ]
    play = gb.play_at(choices, runner_went=True)
    if play == "home_double_play":
        return gb.turn_two(3, None, Position.C.number, {2: 3, 1: 2})
    if play == "double_play":
        return _first_and_second(gb, {3: HOME})
    return gb.out_at_first({3: HOME, 2: 3, 1: 2})


BASE_STATES = {
    "1--": _runner_on_first,
    "-2-": _runner_on_second,
    "--3": _runner_on_third,
    "12-": _first_and_second,
    "1-3": _first_and_third,
    "-23": _second_and_third,
    "123": _bases_loaded,
}
