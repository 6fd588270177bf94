"""engine.frozen.quick_init: a faster __init__ that leaves the frozen dataclass as it was."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from engine.events import Check, Roll
from engine.frozen import quick_init
from engine.inside_pitch.reading import Ball
from engine.requests import Decision


@dataclass(frozen=True, slots=True)
class _Plain:
    name: str
    value: int = 3


@quick_init
@dataclass(frozen=True, slots=True)
class _Quick:
    name: str
    value: int = 3


def test_it_builds_the_same_values_as_the_dataclass_init() -> None:
    plain, quick = _Plain("a"), _Quick("a")
    assert (quick.name, quick.value) == (plain.name, plain.value)
    assert _Quick(name="b", value=4).value == 4
    assert repr(_Quick("a", 5)) == "_Quick(name='a', value=5)"
    assert _Quick("a") == _Quick("a", 3)
    assert hash(_Quick("a")) == hash(_Quick("a", 3))


def test_events_and_decisions_stay_frozen_comparable_and_replaceable() -> None:
    roll = Roll("1d6", (4,), "test")
    assert roll == Roll(dice="1d6", values=(4,), purpose="test")
    assert repr(roll) == "Roll(dice='1d6', values=(4,), purpose='test')"
    with pytest.raises(dataclasses.FrozenInstanceError):
        roll.purpose = "changed"  # type: ignore[misc]
    check = Check("K", 5, (("ballpark K", 1),), 6, True)
    assert check.to_dict()["modifiers"] == (("ballpark K", 1),)
    assert Decision(0, "home", "defense", "pitch").by == "manager"
    ball = Ball("S", 8, "batter")
    assert dataclasses.replace(ball, foul=True) == Ball("S", 8, "batter", foul=True)
    with pytest.raises(TypeError):
        Roll("1d6", (4,))  # type: ignore[call-arg]


def test_it_refuses_what_it_cannot_copy() -> None:
    @dataclass(frozen=True)
    class NoSlots:
        name: str

    @dataclass(frozen=True, slots=True)
    class Factory:
        names: list[str] = field(default_factory=list)

    @dataclass(frozen=True, slots=True)
    class PostInit:
        name: str

        def __post_init__(self) -> None:
            pass

    for cls in (NoSlots, Factory, PostInit):
        with pytest.raises(TypeError):
            quick_init(cls)
