"""The plate appearance's loop: roll the cards until a play is made, swinging away (``plate``) or
playing the offense's call, a bunt or the hit and run (``strategy``), which itself reads ``plate``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.deep_drive.models import Batter, Pitcher
from engine.deep_drive import plate, strategy
from engine.deep_drive.state import PlayNote, dd

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDRunner


def at_bat(g: DDGame, batter_card: Batter, pitcher: Pitcher, batter: DDRunner, call: str = "swing") -> str:
    """Roll until a play is made; returns the scorer's notation. ``call`` is the offense's:
    "swing", or a bunt or the hit and run (engine.deep_drive.strategy)."""
    dd(g).play = PlayNote()
    count = strategy.Count()
    for _ in range(plate.MAX_ROLLS):
        read = plate.roll_card(g, batter_card, pitcher)
        if read is None:
            continue
        if call != "swing":
            try:
                notation, call = strategy.play(g, call, read, batter_card, batter, count)
            except plate.Foul:
                count.foul()  # a dropped foul on the DEF chart: a strike until two, and the play stays on
                continue
            if notation is not None:
                return notation
            if g.state.outs >= 3:
                return ""  # the runner was thrown out for the third out: the at bat never finished
            continue
        try:
            return plate.play(g, batter_card, batter, read.card, read.other, read.code, read.red, read.white, read.mod)
        except plate.Foul:
            continue
    raise RuntimeError("a plate appearance rolled 100 times without a play")
