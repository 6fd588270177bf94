"""The plate appearance: three dice, the card they name, and the result it gives.

DDB "How to Play", "Reading the Results", "Rare Readings", "Outfielders and Deep Drives",
"Ballpark Effects", "Pitcher Endurance" (the fatigued penalties) and the Outs Chart's L1 note.
Order, as the book gives it:

1. All three dice equal: the Rare chart, then the dice are rolled again for the play.
2. 00-49 reads the batter's card, 50-99 the pitcher's.
3. The other card's "rare N" or "never" for that result can take it away: the result becomes an
   OUT read from the other card's OUTS by the mod die ("never" may count as "rare 0": an option).
4. DD: a new roll on the batter's DEEP DRIVE section, with Ballpark Effects, then the
   outfielders' rules. DEF: a new roll on the handbook's DEF chart with the fielder's effective
   rating, then the rare check on a single (the DEF chart comes before rare).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cards.deep_drive.models import Batter, DeepDriveCard, Pitcher
from cards.notation import Position
from engine.bases import advance_all, force_advance, move, put_out
from engine.deep_drive import endurance, running
from engine.deep_drive.cards import fielder_at
from engine.deep_drive.charts import rare
from engine.deep_drive.outs import Ball, play_out
from engine.deep_drive.state import OUTFIELD, dd
from engine.events import ErrorCharged, Reading, shared_reading

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDRunner

# A hand-made card could give FOUL on the error chart without end; real ones never come close.
MAX_ROLLS = 100
# DDB "Outfielders and Deep Drives": the outfielder by the mod die.
OUTFIELDER_BY_MOD = (Position.LEFT,) * 3 + (Position.CENTER,) * 4 + (Position.RIGHT,) * 3
FLY_OF = {Position.LEFT: "7", Position.CENTER: "8", Position.RIGHT: "9"}
L1_ROLLS = (49, 99)  # DDB "Outs Chart" note: a line out to the pitcher
# A roll as its reading event names it: "07" (00-99) and "7" (the mod die).
_TWO_DIGITS = tuple(f"{roll:02d}" for roll in range(100))
_ONE_DIGIT = tuple(str(mod) for mod in range(10))


# DDB "Play-by-Play Chart" ERR, mod 9 even (the caught liner): the throw to double off a runner goes
# wild only with a runner where the book puts one: 1B "a runner on 2nd or 3rd"; 2B and 3B "a runner
# on 1st or 2nd"; SS any runner. Otherwise the liner is simply caught: no throw, no error.
WILD_THROW_BASES = {"1B": (2, 3), "2B": (1, 2), "3B": (1, 2), "SS": (1, 2, 3)}


class Foul(Exception):
    """The play was a dropped foul (the Error chart's FOUL): the plate appearance goes on."""


# Not frozen: a frozen dataclass's __init__ sets each field through object.__setattr__, and a
# plate appearance makes one or more of these; nobody changes one after it is made.
@dataclass(slots=True)
class CardRoll:
    """One roll of the plate appearance: the card it read, the other card, the result, the dice."""

    card: DeepDriveCard
    other: DeepDriveCard
    code: str
    red: int
    white: int
    mod: int

    @property
    def roll(self) -> int:
        return 10 * self.red + self.white


def roll_card(g: DDGame, batter_card: Batter, pitcher: Pitcher) -> CardRoll | None:
    """Roll the three dice and read the card they name; None after three equal dice (the Rare chart)."""
    note = dd(g).play
    red, white, green = g.three_d10("plate appearance")
    if rare.is_rare(red, white, green):
        note.rare = rare_chart(g)
        return None
    roll = 10 * red + white
    card: DeepDriveCard = batter_card if roll < 50 else pitcher
    other: DeepDriveCard = pitcher if roll < 50 else batter_card
    code = card.reading(roll)
    note.code, note.mod = code, green
    g.emit(shared_reading("batter" if card is batter_card else "pitcher", card.name, _TWO_DIGITS[roll], code))
    if note.rare == rare.RareKind.ODD_PLAY:
        words, outcome = dd(g).handbook.odd_play(code, green)
        g.emit(Reading("Odd Play Book", card.name, f"{code}, mod {green}", f"{words} ({outcome})"))
        note.eject_batter = outcome == "eject-batter"
    return CardRoll(card, other, code, red, white, green)


def rare_chart(g: DDGame) -> str:
    """DDB "Rare Chart": three equal dice. The chart is read (its injury checks come after the play,
    ``injuries.after_play``; an odd play is read with the play's code), and the play rolled again."""
    red, white = g.two_d10("Rare Chart")
    roll = 10 * red + white
    reading = rare.rare(roll)
    g.emit(Reading("Rare Chart", "", f"{roll:02d}", reading.kind.value))
    return reading.kind.value


def taken_away(g: DDGame, other: DeepDriveCard, code: str, mod: int) -> bool:
    """DDB "Rare Readings": the other card's rare N / never for this result takes it away."""
    chance = other.chance(code)
    if chance is None or chance.numbers is not None:
        return False
    stands = chance.allows(mod, g.setup.options.dd_never_as_rare_0)
    g.emit(Reading("rare", other.name, f"{code} {chance}, mod {mod}", "stands" if stands else "taken away"))
    return not stands


def play(
    g: DDGame,
    batter_card: Batter,
    batter: DDRunner,
    card: DeepDriveCard,
    other: DeepDriveCard,
    code: str,
    red: int,
    white: int,
    mod: int,
) -> str:
    roll = 10 * red + white
    if code != "OUT" and taken_away(g, other, code, mod):
        return out_from(g, other, mod, batter, red, white, roll=None)
    if code == "OUT":
        return out_from(g, card, mod, batter, red, white, roll=roll)
    if code == "DD":
        return deep_drive(g, batter_card, batter)
    if code in ("SI+", "SI"):
        return running.hit(g, batter, code, "S+" if code == "SI+" else "S")
    if code == "BB":
        force_advance(g, batter, "walk")
        return "BB"
    if code == "HBP":
        force_advance(g, batter, "hit by pitch")
        return "HBP"
    if code == "SO":
        if card is batter_card and mod % 2 == 1 and endurance.pitching_fatigued(g):
            # DDB "Pitcher Endurance": a fatigued pitcher's strikeout off the batter's card, odd mod: a walk.
            g.emit(Reading("endurance", card.name, f"SO, mod {mod}, fatigued pitcher", "BB"))
            force_advance(g, batter, "walk")
            return "BB"
        put_out(g, batter, 0, "K")
        return "K"
    if code == "DEF":
        return defense(g, batter, batter_card, card)
    raise AssertionError(f"unknown result {code}")


def out_from(g: DDGame, card: DeepDriveCard, mod: int, batter: DDRunner, red: int, white: int, roll: int | None) -> str:
    """An OUT read from ``card``'s OUTS by the mod die; a 49 or 99 with mod 0 is an L1."""
    code = card.out(mod)
    if roll in L1_ROLLS and mod == 0:
        code = "L1"
    g.emit(shared_reading("OUTS", card.name, _ONE_DIGIT[mod], code))
    return play_out(g, Ball(code, red, white), batter)


def effective_ratings(g: DDGame) -> dict[str, int]:
    """Every fielder's rating as the DEF chart reads it: his card's (0 off his positions), one less
    behind a fatigued pitcher, one more for outfielders playing in."""
    team = g.state.fielding
    tired = endurance.pitching_fatigued(g)
    outfield_in = dd(g).alignment.outfield_in
    ratings = {}
    for position in (
        Position.P,
        Position.C,
        Position.FIRST,
        Position.SECOND,
        Position.THIRD,
        Position.SHORT,
        *OUTFIELD,
    ):
        _, _, rating = fielder_at(team, position)
        ratings[position.value] = rating - tired + (outfield_in and position in OUTFIELD)
    return ratings


def defense(g: DDGame, batter: DDRunner, batter_card: Batter, card: DeepDriveCard) -> str:
    """DDB "Reading the Results" DEF: the handbook's DEF chart on a new roll, then rare on a single."""
    state = g.state
    red, white, mod = g.three_d10("DEF Chart")
    roll = 10 * red + white
    ratings = effective_ratings(g)
    reading = dd(g).handbook.read_def(roll, ratings)
    position = Position(reading.fielder)
    fielder_id, fielder_name, _ = fielder_at(state.fielding, position)
    result = reading.result
    dd(g).play.fielders = [reading.fielder]
    g.emit(
        Reading("DEF Chart", fielder_name, f"{roll:02d}: {reading.fielder} rated {ratings[reading.fielder]}", result)
    )
    other: DeepDriveCard = state.fielding.pitcher if card is batter_card else batter_card
    if result in ("SI+", "SI"):
        if taken_away(g, other, result, mod):
            return out_from(g, other, mod, batter, red, white, roll=None)
        # DDB "Reading the Results" SI/SI+: runners on first and second take a base and may take
        # another by the Baserunner Advancement Chart, whoever fielded it. Only the Bunt Chart's DEF
        # row makes a single an infield single with one base each (strategy.py).
        notation = f"{'S+' if result == 'SI+' else 'S'}{position.number}"
        return running.hit(g, batter, result, notation)
    if result == "ERR":
        return error(g, batter, position, fielder_id, mod, white)
    return play_out(g, Ball(result, red, white, "DEF"), batter)


def error(
    g: DDGame,
    batter: DDRunner,
    position: Position,
    fielder_id: str,
    mod: int,
    white: int,
    *,
    two_strike_bunt: bool = False,
) -> str:
    """The handbook's Error chart for the fielder: E1, E2, a dropped foul, or a wild double-off throw.

    ``two_strike_bunt``: the ball was bunted with two strikes on the batter; a foul then strikes him
    out (OBR 5.09(a)(4)), caught or dropped, so the drop costs nothing and no error is charged."""
    state = g.state
    empty_or_two = not state.runners_on() or state.outs == 2
    kind = dd(g).handbook.read_error(position.value, mod, white, empty_or_two_out=empty_or_two)
    g.emit(Reading("Error Chart", fielder_id, f"{position.value} mod {mod}", kind))
    notation = f"E{position.number}"
    if kind == "FOUL" and two_strike_bunt:
        put_out(g, batter, 0, "K")  # bunted foul with two strikes
        return "K"
    if kind == "FOUL":
        g.emit(ErrorCharged(fielder_id, position.value, "dropped foul pop-up"))
        raise Foul
    if kind == "LD":
        put_out(g, batter, 0, f"L{position.number}")
        throw_on = WILD_THROW_BASES.get(position.value, (1, 2, 3))
        if state.outs < 3 and any(state.runner_on(b) is not None for b in throw_on):
            g.emit(ErrorCharged(fielder_id, position.value, "throwing"))
            advance_all(g, 1, "error", batter)
        return f"L{position.number}"
    bases = 2 if kind == "E2" else 1
    g.emit(ErrorCharged(fielder_id, position.value, "throwing" if bases == 2 else "fielding"))
    batter.reached_on_error = True
    advance_all(g, bases, "error", batter)
    move(g, batter, 0, bases, "error", batter)
    return notation


def deep_drive(g: DDGame, batter_card: Batter, batter: DDRunner) -> str:
    """DDB "Reading the Results" DD: the DEEP DRIVE section on a new roll."""
    red, white, mod = g.three_d10("Deep Drive")
    roll = 10 * red + white
    reading = batter_card.deep(roll)
    g.emit(shared_reading("Deep Drive", batter_card.name, _TWO_DIGITS[roll], reading))
    reading = ballpark(g, batter_card, roll, mod, reading)
    reading = outfielders(g, batter_card, roll, mod, reading)
    dd(g).play.final = reading
    dd(g).play.fielders = [OUTFIELDER_BY_MOD[mod].value]
    if reading in ("HR", "TR", "DO"):
        return running.hit(g, batter, reading, {"HR": "HR", "TR": "T", "DO": "D"}[reading])
    if reading.endswith("d") and endurance.pitching_fatigued(g):
        # DDB "Pitcher Endurance": a deep fly off a fatigued pitcher is a single, runners take two.
        g.emit(Reading("endurance", g.state.fielding.pitcher.name, reading, "single, runners take two"))
        return running.exactly(g, batter, 1, 2, f"S{reading[1]}")
    return play_out(g, Ball(reading, red, white, "deep drive"), batter)


def ballpark(g: DDGame, card: Batter, roll: int, mod: int, reading: str) -> str:
    """DDB "Ballpark Effects": rolls 00-09 and 90-99, for batters with HR at 09 and a deep fly at 90."""
    if not g.setup.options.dd_ballpark_effects or 10 <= roll <= 89:
        return reading
    home_runs, flies = card.deep_range("HR"), card.deep_range(card.deep_fly)
    if home_runs is None or flies is None or 9 not in home_runs or 90 not in flies:
        return reading
    # The Batter Team table is keyed by the batting team's id (a set's team entry: "chn-2016").
    team = g.state.batting.setup.name
    effect = dd(g).handbook.ballpark_effect(team, g.setup.ballpark.id, roll, mod, card.deep_fly)
    g.emit(Reading("Ballpark Effects", g.setup.ballpark.id, f"{team} {roll:02d}, mod {mod}", effect))
    return effect


def outfielders(g: DDGame, card: Batter, roll: int, mod: int, reading: str) -> str:
    """DDB "Outfielders and Deep Drives": the outfielder the mod die names can change the edges."""
    position = OUTFIELDER_BY_MOD[mod]
    _, name, rating = fielder_at(g.state.fielding, position)
    fly = FLY_OF[position]
    tr, do, deep = card.deep_range("TR"), card.deep_range("DO"), card.deep_range(card.deep_fly)
    new = reading
    if roll == 0 and reading == "HR" and rating >= 4:
        new = f"F{fly}d"  # robbed at the wall
    elif roll == 99 and reading.endswith("d") and rating <= 2:
        new = "HR"  # he fails to rob it: over the wall
    elif reading == "TR" and tr is not None and roll == tr.high and rating >= 4:
        new = "DO"
    elif reading == "DO" and do is not None and roll == do.low and rating <= 2:
        new = "TR"
    elif reading == "DO" and do is not None and roll == do.high and rating >= 4:
        new = f"F{fly}s"  # a diving catch
    elif reading.endswith("d") and deep is not None and roll == deep.low and rating <= 2:
        new = "DO"  # the dive misses
    if new != reading:
        g.emit(
            Reading(
                "Outfielders and Deep Drives", name, f"{reading} at {roll:02d}, {position.value} rated {rating}", new
            )
        )
    return new
