"""The one dice object a game rolls through.

``SeededDice`` carries its own small generator (PCG32) instead of the
standard library's ``random`` so that a seed gives the same rolls on every
Python version, forever: a stored game replays roll for roll.
``ScriptedDice`` is for tests: it hands out the rolls a test names, in order,
refuses a roll of the wrong kind, and reports any roll left over.
Both tell where they are (``save``) and go back there (``restore``): a game that
goes on from a checkpoint rolls on from the dice's position then (engine.game).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

_MASK64 = (1 << 64) - 1
_PCG_MULT = 6364136223846793005
_PCG_INC = 1442695040888963407
_LIMITS = {sides: (1 << 32) - ((1 << 32) % sides) for sides in (6, 20)}


class Dice(Protocol):
    def roll(self, sides: int) -> int:
        """One die with ``sides`` faces: 1..sides."""
        ...


class SeededDice:
    """PCG32 (O'Neill's XSH-RR variant) seeded from one integer."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = 0
        self._next()
        self._state = (self._state + (seed & _MASK64)) & _MASK64
        self._next()

    def _next(self) -> int:
        old = self._state
        self._state = (old * _PCG_MULT + _PCG_INC) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def roll(self, sides: int) -> int:
        # Rejection sampling keeps every face equally likely. ``_next``'s step is written
        # out here: a game rolls some 400 dice, and the call was a fifth of each roll.
        limit = _LIMITS.get(sides) or (1 << 32) - ((1 << 32) % sides)
        while True:
            old = self._state
            self._state = (old * _PCG_MULT + _PCG_INC) & _MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            value = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
            if value < limit:
                return value % sides + 1

    def save(self) -> int:
        return self._state

    def restore(self, saved: int) -> None:
        self._state = saved


class DiceScriptError(AssertionError):
    """A scripted test rolled something other than what it scripted."""


@dataclass
class ScriptedDice:
    """Rolls named in order as (sides, value) pairs, e.g. ``[(6, 3), (20, 12)]``."""

    script: list[tuple[int, int]]
    used: int = field(default=0)

    @classmethod
    def of(cls, *rolls: tuple[int, int]) -> ScriptedDice:
        return cls(list(rolls))

    def extend(self, rolls: Iterable[tuple[int, int]]) -> None:
        self.script.extend(rolls)

    def roll(self, sides: int) -> int:
        if self.used >= len(self.script):
            raise DiceScriptError(f"a d{sides} was rolled after the script ran out ({self.used} rolls scripted)")
        want_sides, value = self.script[self.used]
        if want_sides != sides:
            raise DiceScriptError(f"roll {self.used + 1}: the script has a d{want_sides}, the game rolled a d{sides}")
        if not 1 <= value <= sides:
            raise DiceScriptError(f"roll {self.used + 1}: {value} is not a face of a d{sides}")
        self.used += 1
        return value

    def rewind(self) -> None:
        """Start the script again: a game replays from its first roll."""
        self.used = 0

    def save(self) -> int:
        return self.used

    def restore(self, saved: int) -> None:
        self.used = saved

    @property
    def left_over(self) -> list[tuple[int, int]]:
        return self.script[self.used :]

    def assert_done(self) -> None:
        if self.left_over:
            raise DiceScriptError(f"{len(self.left_over)} scripted roll(s) never rolled: {self.left_over}")
