"""The offense's plays: the sacrifice bunt and suicide squeeze (DDB "Sacrifice Bunt", "Bunt Chart")
and the hit and run (DDB "Hit and Run", "Hit and Run Chart").

Each roll of the plate appearance is read off the cards as usual (three equal dice still go to the
Rare chart; the other card's rare or never still takes a result away, to an OUT), and the play
code is then looked up on the play's chart. Balls and strikes are counted only while the play is
on: four balls walk, a third strike strikes out, a foul is a strike until two. On the hit and run
the runner's steal, made or not, ends the play; the at bat goes on as a normal one. Dugout's readings are in
docs/deep-drive/engine.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cards.deep_drive.models import Batter
from cards.notation import Position
from engine.bases import (
    force_advance,
    move,
    put_out,
    put_out_advancing,
    runners_lead_first,
)
from engine.deep_drive import plate, running
from engine.deep_drive.cards import fielder_at
from engine.deep_drive.charts import bunt as bunts
from engine.deep_drive.charts import hit_and_run as hr
from engine.deep_drive.outs import Ball, play_out
from engine.deep_drive.plate import CardRoll, effective_ratings, error, taken_away
from engine.deep_drive.state import dd
from engine.events import Reading
from engine.state import HOME

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDRunner

SWING = "swing"
SACRIFICE = "sacrifice"
SQUEEZE = "squeeze"
HIT_AND_RUN = "hit_and_run"
PLAYS = (SACRIFICE, SQUEEZE, HIT_AND_RUN)
STOLEN_BASE = "stolen base"  # the reason of a steal's move (a steal of home ends a game unfinished: flow)


@dataclass
class Count:
    balls: int = 0
    strikes: int = 0

    def foul(self) -> None:
        """A foul ball is a strike until there are two (the sport's rule; the book keeps no count)."""
        self.strikes = min(self.strikes + 1, 2)


def legal(g: DDGame, call: str) -> bool:
    """Whether the offense may make this call with the bases and outs as they are."""
    state = g.state
    first, second, third = state.bases
    if call == HIT_AND_RUN:
        return first is not None and third is None
    if state.outs >= 2:
        return False  # Dugout: nobody bunts with two out
    if call == SACRIFICE:
        return first is not None or second is not None
    if call == SQUEEZE:
        return third is not None
    return call == SWING


def play(g: DDGame, call: str, read: CardRoll, card: Batter, batter: DDRunner, count: Count) -> tuple[str | None, str]:
    """One roll of a bunt or hit and run: (the notation once the plate appearance is over, the next roll's call)."""
    code = read.code
    out_card = read.card
    if code != "OUT" and taken_away(g, read.other, code, read.mod):
        code, out_card = "OUT", read.other
    if call == HIT_AND_RUN:
        return _hit_and_run(g, read, code, out_card.out(read.mod), card, batter, count)
    notation = _bunt(g, call, read, code, card, batter, count)
    if notation is None and not legal(g, call):
        # The steal on a missed bunt moved or took off a runner: a squeeze without the man on third
        # is a sacrifice while there is one to move up; with nobody to move, or two out, he swings.
        call = SACRIFICE if legal(g, SACRIFICE) else SWING
    return notation, call


# --- bunts -------------------------------------------------------------------------------------


def _bunt(g: DDGame, call: str, read: CardRoll, code: str, card: Batter, batter: DDRunner, count: Count) -> str | None:
    state = g.state
    third = state.runner_on(3)
    squeeze = call == SQUEEZE and third is not None
    infield_in = dd(g).alignment.infield_in_at(Position.THIRD)
    result = bunts.bunt(
        code,
        from_batter=read.card is card,
        mod=read.mod,
        balls=count.balls,
        strikes=count.strikes,
        squeeze=squeeze,
        infield_in=infield_in,
        third=third.card.run.value if third is not None else None,
    )
    g.emit(Reading("Bunt Chart", card.name, f"{code}, mod {read.mod}", result.play.value))
    kind = bunts.BuntPlay
    play_ = result.play
    fielder = Position(result.fielder).number if result.fielder is not None else 1
    if play_ is kind.SACRIFICE:
        put_out(g, batter, 0, f"SH {fielder}-3")
        # Only the squeeze sends the runner on third; on a plain sacrifice he stays unless forced.
        loaded = len(state.occupied()) == 3
        hold = None if squeeze or loaded else third
        _others_up(g, batter, above=0, skip=hold)
        return f"SH{fielder}"
    if play_ is kind.MISSED_BUNT:
        count.strikes += 1
        strikeout = count.strikes >= 3
        if strikeout:
            put_out(g, batter, 0, "K")
        if state.outs < 3:  # strike three with two out ends the inning: no play on the runner
            _speed_steal(g, read.mod)
        return "K" if strikeout else None
    if play_ is kind.STRIKE_TWO:
        count.strikes = 2
        return None
    if play_ is kind.STRIKEOUT:
        put_out(g, batter, 0, "K")
        return "K"
    if play_ is kind.BALL:
        count.balls += 1
        return None
    if play_ is kind.WALK:
        force_advance(g, batter, "walk")
        return "BB"
    if play_ is kind.HIT_BY_PITCH:
        force_advance(g, batter, "hit by pitch")
        return "HBP"
    if play_ is kind.POP_OUT:
        put_out(g, batter, 0, "P2")
        return "P2"
    if play_ is kind.POP_OUT_DOUBLE_OFF:
        put_out(g, batter, 0, "P2")
        lead = next(iter(runners_lead_first(g)), None)
        if lead is not None and state.outs < 3:
            put_out(g, lead[1], lead[0], "P2 doubled off")
        return "P2"
    if play_ is kind.DEF:
        return _bunt_def(g, batter, count)
    # The suicide squeeze: the runner from third, then the others and the batter.
    assert third is not None
    if play_ is kind.SQUEEZE_RUNNER_OUT:
        put_out_advancing(g, third, 3, HOME, f"{fielder}-2")
        _others_up(g, batter, above=0, skip=third)
        move(g, batter, 0, 1, "fielder's choice", batter)
        return f"FC{fielder}"
    if play_ is kind.SQUEEZE_BOTH_SAFE:
        _others_up(g, batter, above=0)
        move(g, batter, 0, 1, "fielder's choice", batter)
        return f"FC{fielder}"
    put_out(g, batter, 0, f"SH {fielder}-3")  # SQUEEZE_RUNNER_SCORES
    _others_up(g, batter, above=0)
    return f"SH{fielder}"


def _others_up(g: DDGame, batter: DDRunner, above: int, skip: DDRunner | None = None) -> None:
    """Every runner (lead runner first) takes one base: a sacrifice moves them up."""
    for base, runner in runners_lead_first(g):
        if runner is skip or g.state.outs >= 3:
            continue
        if base + 1 >= HOME or g.state.runner_on(base + 1) is None:
            move(g, runner, base, base + 1, "sacrifice bunt", batter)


def _bunt_def(g: DDGame, batter: DDRunner, count: Count) -> str:
    """DDB "Bunt Chart" DEF: the DEF chart with the bunt's fielders; a single is an infield single.
    An ERR reads the handbook's Error chart for the bunt's fielder, as any DEF reading's does; its
    dropped foul is a foul bunt: a strike, or strike three with two strikes (OBR 5.09(a)(4))."""
    red, white, mod = g.three_d10("DEF Chart (bunt)")
    infield_in = dd(g).alignment.infield_in_at(Position.THIRD)
    ratings = effective_ratings(g)
    # Each row's fielder reads as the man who fields the bunt (2B, RF to 1B; SS, LF to 3B; CF to C).
    moved = {p: bunts.def_rating(f, ratings[f], infield_in=infield_in) for p in ratings if (f := bunts.def_fielder(p))}
    reading = dd(g).handbook.read_def(10 * red + white, moved)
    position = Position(bunts.def_fielder(reading.fielder))
    fielder_id, name, _ = fielder_at(g.state.fielding, position)
    g.emit(Reading("DEF Chart", name, f"{10 * red + white:02d}: bunt, {position.value}", reading.result))
    if reading.result in ("SI+", "SI"):
        return running.exactly(g, batter, 1, 1, f"S{position.number}")
    if reading.result == "ERR":
        return error(g, batter, position, fielder_id, mod, white, two_strike_bunt=count.strikes >= 2)
    return play_out(g, Ball(reading.result, red, white, "DEF"), batter)


def _speed_steal(g: DDGame, mod: int) -> None:
    """The lead runner on a missed bunt (DDB "Bunt Chart" DD): steals if F or VF and the mod die is
    below his STEAL, else caught. The chart names the lead runner, so a man on third steals home
    (and is out at the plate when caught), on a squeeze or a sacrifice alike."""
    lead = next(iter(runners_lead_first(g)), None)
    if lead is None:
        return
    base, runner = lead
    _steal_or_caught(g, base, runner, bunts.speed_steal(mod, runner.card.run.value, runner.card.steal.rating))


def _steal_or_caught(g: DDGame, base: int, runner: DDRunner, safe: bool) -> None:
    """The runner steals the next base (home from third) or is caught there."""
    target = base + 1
    if target < HOME and g.state.runner_on(target) is not None:
        return
    if safe:
        move(g, runner, base, target, STOLEN_BASE)
    else:
        put_out_advancing(g, runner, base, target, f"CS {'H' if target >= HOME else target}")


# --- the hit and run -----------------------------------------------------------------------------


def _in_motion(g: DDGame) -> list[tuple[int, DDRunner]]:
    """The runners going with the pitch: the man on first and any runner forced ahead of him."""
    state = g.state
    moving = []
    for base in (1, 2):
        runner = state.runner_on(base)
        if runner is None:
            break
        moving.append((base, runner))
    return list(reversed(moving))  # lead runner first


def _hit_and_run(
    g: DDGame, read: CardRoll, code: str, out_code: str, card: Batter, batter: DDRunner, count: Count
) -> tuple[str | None, str]:
    result = hr.hit_and_run(code, read.mod)
    g.emit(Reading("Hit and Run Chart", card.name, f"{code}, mod {read.mod}", result.words or result.play.value))
    moving = _in_motion(g)
    if result.play is hr.Play.SINGLE:
        return running.exactly(g, batter, 1, 2, "S+" if code == "SI+" else "S"), SWING
    if result.play is hr.Play.DEF:
        return plate.defense(g, batter, card, read.card), SWING
    if result.play is hr.Play.DEEP_DRIVE:
        return _hit_and_run_deep(g, card, batter, moving), SWING
    if result.play is hr.Play.OUT:
        change = hr.out(out_code)
        notation = _out_in_motion(g, change, read, batter, moving)
        return notation, SWING
    # A pitch: a ball, a strike or a foul, and the runner's steal.
    if result.pitch is hr.Pitch.BALL:
        count.balls += 1
    elif result.pitch is hr.Pitch.STRIKE:
        count.strikes += 1
    elif result.pitch is hr.Pitch.FOUL:
        count.foul()
    lead = moving[0] if moving else None
    strikeout = count.strikes >= 3
    if strikeout:
        put_out(g, batter, 0, "K")  # before the throw: strike three with two out ends the inning
    if result.steal is not None and lead is not None and g.state.outs < 3:
        if result.steal is hr.Steal.CAUGHT:
            _steal_or_caught(g, lead[0], lead[1], False)
        else:
            mod = g.d10("hit and run: the runner")
            _steal_or_caught(
                g, lead[0], lead[1], bunts.speed_steal(mod, lead[1].card.run.value, lead[1].card.steal.rating)
            )
    if strikeout:
        return "K", SWING
    if count.balls >= 4:
        force_advance(g, batter, "walk")
        return "BB", SWING
    return None, SWING if result.steal is not None else HIT_AND_RUN


def _hit_and_run_deep(g: DDGame, card: Batter, batter: DDRunner, moving: list[tuple[int, DDRunner]]) -> str:
    """DDB "Hit and Run Chart" DD: a double scores every runner; a deep fly doubles the lead runner up."""
    red, white, mod = g.three_d10("Deep Drive (hit and run)")
    roll = 10 * red + white
    reading = card.deep(roll)
    g.emit(Reading("Deep Drive", card.name, f"{roll:02d}", reading))
    reading = plate.outfielders(g, card, roll, mod, plate.ballpark(g, card, roll, mod, reading))
    change = hr.deep_drive(reading)
    if change is hr.Change.RUNNERS_SCORE:
        return running.exactly(g, batter, 2, 3, "D")
    if reading in ("HR", "TR", "DO"):
        return running.hit(g, batter, reading, {"HR": "HR", "TR": "T", "DO": "D"}[reading])
    put_out(g, batter, 0, reading)
    if change is hr.Change.LEAD_DOUBLED_OFF and moving and g.state.outs < 3:
        base, runner = moving[0]
        put_out(g, runner, base, f"{reading} doubled off")
    return reading


def _out_in_motion(
    g: DDGame, change: hr.OutChange, read: CardRoll, batter: DDRunner, moving: list[tuple[int, DDRunner]]
) -> str:
    """DDB "Hit and Run Chart" OUT: the out code (slowed for most grounders), then the runners in motion."""
    state = g.state
    if change.change is hr.Change.LEAD_DOUBLED_OFF:
        put_out(g, batter, 0, change.code)
        if moving and state.outs < 3:
            base, runner = moving[0]
            put_out(g, runner, base, f"{change.code} doubled off")
        return change.code
    if change.change is hr.Change.RUNNERS_HOLD:
        put_out(g, batter, 0, change.code)  # a deep fly: the runners going may not advance
        return change.code
    return play_out(g, Ball(change.code, read.red, read.white), batter)
