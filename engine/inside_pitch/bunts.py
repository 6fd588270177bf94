"""Bunts: the sacrifice, the squeeze and the bunt for a hit (IP2021 "Sacrifice bunt",
"Bunting for a hit", "Squeeze"; IP2007 §12.3-§12.7 where the 2021 text is silent).

One attempt, in dice order:

1. 2d6 on the pitcher's card (:func:`read_pitcher_card`). HBP and WLD are played as
   in any at bat; K, K+ (and K(W) when he is not tired) check the batter's K rating
   cut in half; RP and RP@ turn the bunt into a range play; E?, ET? and EG? let the
   bunt go on and then check the fielder for an error. Every other reading is
   disregarded (the 2021 list leaves W and W+ out, so a walk reading is too; and a
   tired pitcher's (S1), (??) or K(W), disregarded, does not exhaust him).
2. 1d6: who fields the bunt (P, 1B, 3B or C).
3. On a range play, 1d6 against his range: made, a successful bunt; missed, a single.
   Otherwise 1d20 on the sacrifice or squeeze chart under the batter's BNT, 1 less
   when the first or third baseman who fields it plays in.
4. The bunt for a hit: a successful bunt is beaten out on 1d20 at most
   BNT + BR - the fielder's range.
5. E?/ET?/EG?: a result on which the defense tries to put somebody out is first
   checked against the fielder's error number (IP2007 §12.7: E? and EG? error #1,
   ET? error #6).
6. The result is played.

A foul bunt is the offense's call (``foul_bunt``): bunt again, from the pitcher's card
on, or swing away (``bunt`` returns None and the caller plays an ordinary at bat). A
second foul bunt is a strikeout (IP2007 §12.3). The charts and depth adjustments are
data in ``tables/bunts.toml``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cards.notation import PitcherResult, Position
from engine.bases import (
    WalkOff,
    advance_all,
    advance_exactly,
    force_advance,
    move,
    put_out,
    put_out_advancing,
)
from engine.events import Check, ErrorCharged
from engine.events import Reading as ReadingEvent
from engine.inside_pitch import outs, running, throws
from engine.inside_pitch.fielding import extra_base_roll
from engine.inside_pitch.pitches import MAX_PITCHER_ROLLS, wild_pitch_or_passed_ball
from engine.inside_pitch.reading import AtBat, Ball, hit_by_pitch_check, strikeout_check
from engine.inside_pitch.tables import load_table
from engine.requests import Option
from engine.state import HOME, Fielder

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner

PLAYS = ("sacrifice", "squeeze", "bunt_for_hit")
LABELS = {"sacrifice": "sacrifice bunt", "squeeze": "squeeze", "bunt_for_hit": "bunt for a hit"}
# IP2021 "Sacrifice bunt": K and K+ check the batter's K rating cut in half (round down).
K_SCALE = 0.5
# IP2007 §12.3: after one foul bunt, another is a strikeout.
ATTEMPTS = 2
# The auto-manager bunts again after a foul when the batter's BNT is at least this.
BUNT_AGAIN_BNT = 3
# The auto-manager throws home on a ?? bunt when the runner's adjusted BR is at most this.
THROW_HOME_BR = 3
# Chart results on which the defense plays on somebody: an E?/ET?/EG? checks the fielder first.
FIELDED = (
    "successful",
    "bunted_out",
    "lead_runner_out",
    "too_hard",
    "popout",
    "popout_double_play",
    "question_bunt",
    "rundown",
)
BASE_NAME = {1: "first", 2: "second", 3: "third", 4: "home"}
FOUL = "foul"


def _table() -> dict[str, Any]:
    return load_table("bunts")


# --- the pitcher's card ---------------------------------------------------------------


@dataclass(frozen=True)
class PitchRead:
    """What the pitcher's card left of the bunt: "HBP", "K", or "bunt" (with a range play or error check)."""

    outcome: str
    range_play: bool = False
    error: PitcherResult | None = None


def read_pitcher_card(g: IPGame, ab: AtBat) -> PitchRead:
    """IP2021 "Sacrifice bunt": 2d6 on the pitcher's card, keeping only HBP, WLD, K/K+, RP/RP@ and E?/ET?/EG?.

    ``ab.k_scale`` halves the K rating. A WLD is a foul ball: with runners on the wild
    pitch or passed ball may move them; then the card is rolled again.
    """
    pr = PitcherResult
    for _ in range(MAX_PITCHER_ROLLS):
        red, white = g.two_d6("pitcher card (bunt)")
        result = ab.pitcher.cell(red, white).against(ab.batter_side)
        g.emit(ReadingEvent("pitcher", ab.pitcher.name, f"{red}-{white}", str(result) or "blank"))
        if result is pr.WILD:
            if g.state.occupied():
                wild_pitch_or_passed_ball(g, ab)
            continue
        if result is pr.HIT_BY_PITCH:
            return PitchRead("HBP" if hit_by_pitch_check(g, ab) else "bunt")
        if result in (pr.STRIKEOUT, pr.STRIKEOUT_PLUS) or (result is pr.STRIKEOUT_OR_WALK and not ab.tired):
            return PitchRead("K" if strikeout_check(g, ab, plus=result is pr.STRIKEOUT_PLUS) else "bunt")
        if result in (pr.RANGE_PLAY, pr.RANGE_PLAY_BALLPARK):
            return PitchRead("bunt", range_play=True)
        if result in (pr.ERROR, pr.THROWING_ERROR, pr.GROUND_ERROR):
            return PitchRead("bunt", error=result)
        return PitchRead("bunt")  # IP2021: all other readings are disregarded
    raise RuntimeError("the pitcher's card gave a foul ball 100 times running")


# --- the bunt ---------------------------------------------------------------------------


def bunt(g: IPGame, ab: AtBat, batter: IPRunner, play: str) -> str | None:
    """Play a bunt (``play``: "sacrifice", "squeeze" or "bunt_for_hit") to the end of the plate appearance.

    Returns the scorer's notation: "SH 1-3" (a sacrifice: the batter out, runners up,
    fewer than two out), "1-3" (the batter out with nobody advanced, or bunting for
    a hit), "S1"/"S2"/"S3"/"S5" (a bunt single), "FC", "K", "HBP", "P5" / "P5 DP"
    (a popout, a runner doubled up), "E5" (an error), or the ground-out notation of a
    bunt bunted too hard ("DP", "G5", …). None: the batter fouled off a bunt and the
    offense chose to swing away; the caller plays an ordinary at bat.

    The caller ends the plate appearance. A squeeze with nobody on third (a wild pitch
    scored him) plays the sacrifice chart.
    """
    if play not in PLAYS:
        raise ValueError(f"unknown bunt {play!r}; one of {', '.join(PLAYS)}")
    ab = replace(ab, k_scale=K_SCALE)
    for attempt in range(1, ATTEMPTS + 1):
        pitch = read_pitcher_card(g, ab)
        if pitch.outcome == "HBP":
            force_advance(g, batter, "hit by pitch")
            return "HBP"
        if pitch.outcome == "K":
            return strikeout(g, batter, play)
        notation = Bunt(g, ab, batter, play, fielded_by(g)).attempt(pitch)
        if notation != FOUL:
            return notation
        if attempt == ATTEMPTS:  # IP2007 §12.3: the second foul bunt is a strikeout
            put_out(g, batter, 0, "K")
            return "K"
        if not bunt_again(g, ab, play):
            return None
    raise AssertionError("unreachable")


def strikeout(g: IPGame, batter: IPRunner, play: str) -> str:
    """The batter struck out on the bunt. IP2021 "Squeeze": the runner from third then tries to steal home."""
    put_out(g, batter, 0, "K")
    if play == "squeeze" and g.state.outs < 3 and g.state.runner_on(3) is not None:
        running.steal(g, [3], why="squeeze")  # SB - 10 for home: running.steal
    return "K"


def bunt_again(g: IPGame, ab: AtBat, play: str) -> bool:
    """The offense's call after a foul bunt (``foul_bunt``): bunt again or swing away.

    Auto-manager: bunt again when the batter's BNT is 3 or more; otherwise swing away.
    """
    bnt = ab.batter.bnt
    prompt = (
        f"{ab.batter.name} (BNT {bnt}) fouls off the {LABELS[play]}: bunt again (another foul bunt is a "
        f"strikeout) or swing away?"
    )
    options = [Option("bunt_again", "Bunt again"), Option("swing_away", "Swing away")]
    suggestion = "bunt_again" if bnt >= BUNT_AGAIN_BNT else "swing_away"
    context = {"play": play, "bnt": bnt}
    return g.ask(g.state.batting.key, "foul_bunt", prompt, options, suggestion, context) == "bunt_again"


def fielded_by(g: IPGame) -> Position:
    """IP2021 bunt fielder chart: 1d6, 1-2 P, 3-4 1B, 5 3B, 6 C."""
    roll = g.d6("bunt fielder")
    name = next(pos for pos, faces in _table()["fielder"].items() if roll in faces)
    g.emit(ReadingEvent("bunt fielder", "Inside Pitch", str(roll), name))
    return Position(name)


def bunt_depth(g: IPGame, position: Position) -> str:
    """The column of the bunt depth table: "P", "C", or the depth the defense set for the fielder.

    Unlike ``depth.current``, a first baseman holding a runner on counts as in: IP2021's
    bunt note has the corners play in against the bunt, and a bunt fielded by the first
    or third baseman then costs the batter a point of BNT.
    """
    if position in (Position.P, Position.C):
        return position.value
    return g.state.depth(position)


def depth_modifiers(g: IPGame, position: Position, *names: str) -> list[tuple[str, int]]:
    """The bunt depth table's modifiers for the fielder at ``position``, as ("3B in", -1); zeros left out."""
    column = bunt_depth(g, position)
    label = f"{position.value} fielding" if column in ("P", "C") else f"{position.value} {column}"
    row = _table()["depth"][column]
    return [(label, int(row[name])) for name in names if row[name]]


def chart_range(text: str) -> range:
    """ "13-15" -> 13..15, "20" -> 20..20, "" -> empty."""
    if not text:
        return range(0)
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def chart_result(chart: str, bnt: int, roll: int) -> str:
    """The bunt chart's result for a 1d20 ``roll`` under a BNT (0-5) column."""
    rows: dict[str, list[str]] = _table()[chart]
    return next(result for result, column in rows.items() if roll in chart_range(column[bnt]))


@dataclass
class Bunt:
    """One bunt attempt, once the pitcher's card let it go on: the fielder, the chart, the play."""

    g: IPGame
    ab: AtBat
    batter: IPRunner
    play: str
    position: Position  # who fields it

    @property
    def f(self) -> int:
        return self.position.number

    @property
    def fielder(self) -> Fielder:
        return self.g.state.fielding.fielder(self.position)

    @property
    def chart(self) -> str:
        squeeze = self.play == "squeeze" and self.g.state.runner_on(3) is not None
        return "squeeze" if squeeze else "sacrifice"

    def modifiers(self, *names: str) -> list[tuple[str, int]]:
        return depth_modifiers(self.g, self.position, *names)

    # --- what happens ---------------------------------------------------------------

    def attempt(self, pitch: PitchRead) -> str:
        """The fielder, the chart (or range play), the error check, the result; FOUL for a foul bunt."""
        result = self.range_play() if pitch.range_play else self.roll_chart()
        if result == FOUL:
            return FOUL
        if self.play == "bunt_for_hit" and result == "successful":
            result = "bunt_single" if self.beaten_out() else "bunted_out"
        if pitch.error is not None and result in FIELDED and self.error_check():
            return self.error(pitch.error)
        return RESULTS[result](self)

    def range_play(self) -> str:
        """IP2021 "Sacrifice bunt", RP/RP@: 1d6 against the fielder's range: made, a successful bunt; missed, a single.

        No bunt chart is rolled (IP2007 §12.6 rolls it and plays a range chart; 2021 does not).
        """
        fielder = self.fielder
        made = self.g.check(f"range ({fielder.name}, bunt)", fielder.range, self.modifiers("range"), die=6)
        return "successful" if made else "safe"

    def roll_chart(self) -> str:
        """1d20 on the sacrifice or squeeze chart under the batter's BNT, less 1 when the fielder plays in."""
        g, chart = self.g, self.chart
        mods = self.modifiers("bnt")
        bnt = max(0, min(5, self.ab.batter.bnt + sum(v for _, v in mods)))
        roll = g.d20(f"{chart} bunt chart")
        result = chart_result(chart, bnt, roll)
        adjusted = f" ({', '.join(f'{n} {v:+d}' for n, v in mods)})" if mods else ""
        g.emit(ReadingEvent(f"{chart} bunt chart", "Inside Pitch", f"BNT {bnt}{adjusted}, {roll}", result))
        return result

    def beaten_out(self) -> bool:
        """IP2021 "Bunting for a hit": 1d20 at most BNT + BR - the fielder's range, all adjusted for depth."""
        batter, fielder = self.ab.batter, self.fielder
        mods = [
            *self.modifiers("bnt"),
            ("BR", batter.br),
            *((f"batter BR, {n}", v) for n, v in self.modifiers("batter_br")),
            (f"range of {fielder.name}", -fielder.range),
            *((f"range, {n}", -v) for n, v in self.modifiers("range")),
        ]
        return self.g.check("bunt for a hit", batter.bnt, mods)

    def error_check(self) -> bool:
        """IP2021: the bunt went on; now 1d20 against the fielder's error number."""
        fielder = self.fielder
        return self.g.check(f"error ({fielder.name}, bunt)", fielder.error)

    def error(self, kind: PitcherResult) -> str:
        """IP2007 §12.7: E? and EG? play error #1, ET? error #6, whatever the chart said.

        #1: the batter is safe at first and every runner moves up a base. #6 (a throw
        that gets away): the same, and then the man covering first tries to stop the
        throw (1d6 against his range); if he misses, one 1d6 against every runner's BR
        moves those at or under it one base more (``fielding.extra_base_roll``).
        """
        g, fielder, batter = self.g, self.fielder, self.batter
        throwing = kind is PitcherResult.THROWING_ERROR
        g.emit(ErrorCharged(fielder.id, fielder.position.value, "throwing" if throwing else "fielding"))
        batter.reached_on_error = True
        advance_all(g, 1, "error", batter)
        move(g, batter, 0, 1, "error", batter)
        if throwing:
            receiver = g.state.fielding.fielder(Position.from_number(self.cover(1)))
            if not g.check(f"range ({receiver.name} stops the throw)", receiver.range, die=6):
                extra_base_roll(g, "the throw gets away: one base more", batter, [])
        return f"E{self.f}"

    # --- the chart's results ----------------------------------------------------------

    def cover(self, base: int) -> int:
        """Who takes the throw at ``base`` (4 = home): the usual man, unless he fielded the bunt."""
        name = BASE_NAME[base]
        cover = int(_table()["cover"][name])
        if cover == self.f:
            cover = int(_table()["cover_instead"].get(name, cover))
        return cover

    def out_at_first(self) -> str:
        return outs.chain(self.f, self.cover(1))

    def settle(
        self, put_outs: Sequence[tuple[IPRunner, int, int, str]], moves: Sequence[tuple[IPRunner, int, int]]
    ) -> None:
        """The outs first; then, while the inning lasts, the moves, lead runner first (base 0 = the batter)."""
        g = self.g
        for runner, start, at, how in put_outs:
            put_out_advancing(g, runner, start, at, how)
        if g.state.outs >= 3:
            return
        for runner, start, end in sorted(moves, key=lambda m: -m[1]):
            reason = "sacrifice bunt" if start else "fielder's choice"
            move(g, runner, start, min(end, HOME), reason, self.batter)

    def runners_up_one(self, skip: IPRunner | None = None) -> list[tuple[IPRunner, int, int]]:
        return [(r, b, b + 1) for b in (3, 2, 1) if (r := self.g.state.runner_on(b)) is not None and r is not skip]

    def successful(self) -> str:
        """IP2021: a successful bunt: the batter out at first, every runner up one (on the squeeze, he scores)."""
        outs_before = self.g.state.outs
        moves = self.runners_up_one()
        how = self.out_at_first()
        self.settle([(self.batter, 0, 0, how)], moves)
        # Baseball's scoring rules: a sacrifice needs fewer than two out and a runner moved up.
        return f"SH {how}" if moves and outs_before < 2 else how

    def bunted_out(self) -> str:
        """IP2021 "Bunting for a hit", not beaten out: a ground out; the bunt was good, so the runners move up.

        Not a sacrifice: the batter was bunting for a hit (baseball's scoring rules).
        """
        how = self.out_at_first()
        self.settle([(self.batter, 0, 0, how)], self.runners_up_one())
        return how

    def safe(self) -> str:
        """IP2021: safe: a single, every runner up one base."""
        try:
            advance_exactly(self.g, self.batter, 1, 1, "hit")
        except WalkOff as walk_off:  # a game-ending bunt single (walk_offs)
            walk_off.on_hit(1, f"S{self.f}")
            raise
        return f"S{self.f}"

    bunt_single = safe

    def lead_runner_out(self) -> str:
        """IP2021: the lead runner is thrown out at the next base; the batter is safe at first on the fielder's choice.

        The other runners move up a base. On the squeeze the lead runner is the man from
        third, out at the plate. With nobody on, the batter is thrown out.
        """
        occupied = self.g.state.occupied()
        if not occupied:
            return self.successful()
        base = max(occupied)
        lead = self.g.state.runner_on(base)
        assert lead is not None
        how = outs.chain(self.f, self.cover(base + 1))
        self.settle([(lead, base, base + 1, how)], [*self.runners_up_one(skip=lead), (self.batter, 0, 1)])
        return "FC"

    def too_hard(self) -> str:
        """IP2021: bunted too hard: a ground ball double-play chance (``outs.ground_out``) by the fielder."""
        return outs.ground_out(self.g, self.ab, self.batter, Ball("G", self.f, "batter"), grounder=BuntGrounder)

    def popout(self) -> str:
        """IP2021 "Popout, DP?": the batter pops out; 1d6 above the lead runner's BR and he is doubled up."""
        g = self.g
        put_out(g, self.batter, 0, f"P{self.f}")
        occupied = g.state.occupied()
        if not occupied or g.state.outs >= 3:
            return f"P{self.f}"
        base = max(occupied)
        lead = g.state.runner_on(base)
        assert lead is not None
        roll = g.d6("popout: the lead runner gets back")
        back = roll <= lead.br
        g.emit(Check(f"{lead.name} gets back", lead.br, (), roll, back))
        if back:
            return f"P{self.f}"
        outs.double_off(g, base, self.f)
        return f"P{self.f} DP"

    def popout_double_play(self) -> str:
        """IP2021 "Squeeze", popout DP: the batter and the runner from third are both out."""
        g = self.g
        put_out(g, self.batter, 0, f"P{self.f}")
        if g.state.outs >= 3 or g.state.runner_on(3) is None:
            return f"P{self.f}"
        outs.double_off(g, 3, self.f)
        return f"P{self.f} DP"

    def question_bunt(self) -> str:
        """IP2021 "?? Bunt": the defense takes the out at first (the run scores) or throws home.

        At the plate: 1d6 at most the runner's BR (1 less when the 1B or 3B who fielded
        it plays in) and he scores, else he is out; either way the batter is safe at
        first and the other runners move up.
        """
        g = self.g
        runner = g.state.runner_on(3)
        assert runner is not None
        if self.squeeze_play(runner) == "first":
            return self.successful()
        mods = self.modifiers("runner_br")
        roll = g.d6("?? bunt: play at the plate")
        scores = roll <= runner.br + sum(v for _, v in mods)
        g.emit(Check(f"{runner.name} scores", runner.br, tuple(mods), roll, scores))
        others = [*self.runners_up_one(skip=runner), (self.batter, 0, 1)]
        if scores:
            self.settle([], [(runner, 3, HOME), *others])
        else:
            self.settle([(runner, 3, HOME, outs.chain(self.f, self.cover(HOME)))], others)
        return "FC"

    def squeeze_play(self, runner: IPRunner) -> str:
        """The defense's call on a ?? bunt (``squeeze_play``): "first" or "plate".

        Auto-manager: throw home when the runner's BR, adjusted for the fielder's depth,
        is 3 or less (an even chance or better of getting him); otherwise take the out.
        """
        g = self.g
        br = runner.br + sum(v for _, v in self.modifiers("runner_br"))
        prompt = (
            f"Squeeze bunt to the {self.position.value}: take the out at first (the run scores) or throw "
            f"home on {runner.name} (BR {br})?"
        )
        options = [Option("first", "Take the out at first"), Option("plate", "Throw home")]
        suggestion = "plate" if br <= THROW_HOME_BR else "first"
        context = {"ball": "bunt", "fielder": self.position.value, "runner_abr": br}
        return g.ask(g.state.fielding.key, "squeeze_play", prompt, options, suggestion, context)

    def rundown(self) -> str:
        """IP2021 "Squeeze", rundown: the runner from third is caught between third and home (rundown chart).

        Played by ``throws.rundown``: 1 he is out at once; 2-5 he is out, and if the die
        is at most his BR every other runner, the batter included, takes a base; 6 he
        scores. Whatever happens the batter reaches first on the fielder's choice,
        pushing along any runner forced by him (Dugout's reading).
        """
        g = self.g
        runner = g.state.runner_on(3)
        assert runner is not None
        caught = throws.ExtraBase(runner, 3)
        others = [throws.ExtraBase(r, b) for b in (2, 1) if (r := g.state.runner_on(b)) is not None]
        others.append(throws.ExtraBase(self.batter, 0, is_batter=True))
        throw = throws.Throw(g, self.f, caught, others, self.batter, "fielder's choice")
        throws.rundown(throw, caught, others)
        if g.state.outs < 3 and not any(r is self.batter for r in g.state.bases):
            force_advance(g, self.batter, "fielder's choice")
        return "FC"


class BuntGrounder(outs.Grounder):
    """A bunt bunted too hard, played as a ground ball with the bunting depth adjustments.

    IP2021 infield depth in bunting situations: the combined GDP moves by the
    fielder's depth (back -1, in +1, pitcher or catcher +1: IP2007 §12.3's example
    adds 1 for a third baseman playing in); no depth changes the runners' BR, and a
    fielder playing in may still throw to any base (the bunting table has no such limit).
    """

    def gdp_modifiers(self, pivot: Position | None) -> list[tuple[str, int]]:
        mods = [("pitcher GDP", self.ab.pitcher.gdp)]
        if pivot is not None:
            mods.append((f"pivot {pivot.value}", self.g.state.fielding.fielder(pivot).pivot))
        mods.extend(depth_modifiers(self.g, self.position, "gdp"))
        return mods

    def depth_br(self, base: int) -> int:
        return 0

    def throws_to(self, base: int) -> bool:
        return True


RESULTS = {
    "successful": Bunt.successful,
    "bunted_out": Bunt.bunted_out,
    "safe": Bunt.safe,
    "bunt_single": Bunt.bunt_single,
    "lead_runner_out": Bunt.lead_runner_out,
    "too_hard": Bunt.too_hard,
    "popout": Bunt.popout,
    "popout_double_play": Bunt.popout_double_play,
    "question_bunt": Bunt.question_bunt,
    "rundown": Bunt.rundown,
}
