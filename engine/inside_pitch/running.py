"""Stolen bases and pickoff attempts (IP2021 "Strategy Roll"; IP2007 §12.1.2, §12.8).

The constants are data in ``tables/running.toml``. Whether a runner tries to steal,
or the pitcher throws over, is decided elsewhere (the strategy roll in
``strategy``, or a manager); these functions play the attempt.

Event conventions (the box score reads them):

- a runner who steals a base moves with reason ``"stolen base"`` (counted as SB);
- a runner caught stealing is put out with ``how`` ``"CS 2-6"`` (second), ``"CS 2-5"``
  (third) or ``"CS 1-2"`` (home), counted as CS and as an out for the pitcher;
- a runner who reaches the base he tried for while another runner of the same
  attempt is thrown out moves with reason ``"on the throw"``: baseball's scoring
  rules credit no stolen base in a double steal in which a runner is thrown out;
- the catcher's throwing error and the pitcher's pickoff error charge an
  ``ErrorCharged`` (kinds ``"throwing (steal)"``, ``"pickoff throw"``) and move every
  runner up a base with reason ``"error"``;
- a balk moves every runner up a base with reason ``"balk"`` (counted as BK);
- a runner picked off is put out with ``how`` ``"picked off 1-3"`` (``1-6`` at second,
  ``1-5`` at third).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cards.notation import Position
from engine.bases import advance_all, move, put_out, put_out_advancing
from engine.events import Check, ErrorCharged, Reading
from engine.inside_pitch.tables import load_table
from engine.state import HOME

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner

BASE_NAMES = {1: "first", 2: "second", 3: "third", 4: "home"}


@dataclass(slots=True)
class _Attempt:
    runner: IPRunner
    start: int
    safe: bool

    @property
    def target(self) -> int:
        return self.start + 1


def steal(g: IPGame, bases: Sequence[int], sb_modifier: int = 0, why: str = "steal") -> None:
    """The runners on ``bases`` each try for the next base (a runner on third for home).

    IP2021 "Strategy Roll", stealing: per runner, 1d20 against his Adjusted SB,
    runner SB + pitcher SB + catcher's arm for second or third, runner SB + pitcher
    SB - 10 for home, plus ``sb_modifier`` (the hit and run's strikeout passes -2);
    at most that is safe. A 20 is always caught. A 1 or 2 is always safe (IP2007
    §12.1.2 chart; the prose of both books, read alone, would let a rating under 2
    be caught on them) and brings 1d20 against the catcher's error number: an error
    moves every runner still on base up one more base after the steal.

    Dice order: the lead runner rolls first, then the next (each runner's error
    check, if any, right after his own roll; once an error is found no more checks).
    Only one throw is made, so only one runner is put out:

    - several runners caught: the one going to third is out (IP2021 "When deciding
      who gets thrown out on a double steal"); if none of them was going to third,
      the lead runner among them. The others reach their bases on the throw.
    - one caught: he is out, the others reach their bases.

    Outs and moves are then made lead runner first; once a third out is made the
    play stops (so a runner stealing home scores before a trailer is thrown out).
    Nobody is credited with a stolen base in an attempt in which a runner is put out.
    """
    state = g.state
    starts = sorted(set(bases), reverse=True)
    if not starts:
        raise ValueError("a steal needs at least one runner")
    for base in starts:
        if base not in (1, 2, 3) or state.runner_on(base) is None:
            raise ValueError(f"nobody is on base {base} to steal")
        ahead = base + 1
        if ahead < HOME and state.runner_on(ahead) is not None and ahead not in starts:
            raise ValueError(f"the runner on {base} cannot steal an occupied base")
    table = load_table("running")["steal"]
    pitcher = state.fielding.pitcher
    catcher = state.fielding.fielder(Position.C)

    attempts: list[_Attempt] = []
    error = False
    for base in starts:
        runner = state.runner_on(base)
        assert runner is not None
        target = base + 1
        modifiers: list[tuple[str, int]] = [(f"pitcher SB ({pitcher.name})", pitcher.steal)]
        if target == HOME:
            modifiers.append(("stealing home", int(table["home_modifier"])))
        else:
            modifiers.append((f"catcher's arm ({catcher.name})", catcher.arm))
        if sb_modifier:
            modifiers.append((why, sb_modifier))
        name = f"{why}: {runner.name} steals {BASE_NAMES[target]}"
        roll = g.d20(name)
        target_sb = runner.card.sb + sum(v for _, v in modifiers)
        if roll == table["always_caught"]:
            safe = False
        elif roll in table["always_safe"]:
            safe = True
        else:
            safe = roll <= target_sb
        g.emit(Check(name, runner.card.sb, tuple(modifiers), roll, safe))
        attempts.append(_Attempt(runner, base, safe))
        if safe and roll in table["throwing_error_rolls"] and not error:
            # IP2021: on a 1 or 2 the catcher's throw may get away.
            error = g.check(f"error ({catcher.name}, throw on the steal)", catcher.error)

    caught = [a for a in attempts if not a.safe]
    out: _Attempt | None = None
    if caught:
        # IP2021 "if both runners roll a caught stealing, default to the runner stealing 3rd"
        out = next((a for a in caught if a.target == 3), caught[0])
    if error:
        g.emit(ErrorCharged(catcher.id, catcher.position.value, "throwing (steal)"))
    credited = out is None
    for a in attempts:
        if state.outs >= 3:
            return
        if a is out:
            put_out_advancing(g, a.runner, a.start, a.target, table["caught"][str(a.target)])
        else:
            move(g, a.runner, a.start, a.target, "stolen base" if credited else "on the throw")
    if error and state.outs < 3:
        advance_all(g, 1, "error")


def pickoff_target(g: IPGame) -> int:
    """The base of the runner a pickoff goes after (IP2021 "A strategy roll of 20").

    The runner with an open base ahead of him (first in a first-and-third
    situation, second with men on first and second, a lone runner on first or
    second); otherwise the runner on third.
    """
    state = g.state
    occupied = state.occupied()
    if not occupied:
        raise ValueError("nobody is on base to pick off")
    for base in (2, 1):
        if state.runner_on(base) is not None and state.runner_on(base + 1) is None:
            return base
    return 3


def pickoff(g: IPGame) -> None:
    """A pickoff attempt (IP2021 "A strategy roll of 20"; IP2007 §12.8).

    1d20 against the pitcher's BK, PO and POE ranges (a card keeps them apart):
    BK, a balk, every runner up one base; PO, the runner :func:`pickoff_target`
    names is out; POE, the pitcher throws it away: an error on him (no check of his
    error number) and every runner up one base. A roll in none of them: nothing
    happens.
    """
    state = g.state
    base = pickoff_target(g)
    runner = state.runner_on(base)
    assert runner is not None
    pitcher = state.fielding.pitcher
    roll = g.d20(f"pickoff attempt on {runner.name} at {BASE_NAMES[base]}: BK / PO / POE")
    if pitcher.balk is not None and roll in pitcher.balk:
        result = "balk"
    elif pitcher.pickoff is not None and roll in pitcher.pickoff:
        result = "picked off"
    elif pitcher.pickoff_error is not None and roll in pitcher.pickoff_error:
        result = "pickoff error"
    else:
        result = "no play"
    g.emit(Reading("pitcher", pitcher.name, "BK / PO / POE", result))
    if result == "balk":
        advance_all(g, 1, "balk")
    elif result == "picked off":
        put_out(g, runner, base, load_table("running")["pickoff"]["out"][str(base)])
    elif result == "pickoff error":
        fielder = state.fielding.fielder(Position.P)
        g.emit(ErrorCharged(fielder.id, fielder.position.value, "pickoff throw"))
        advance_all(g, 1, "error")
