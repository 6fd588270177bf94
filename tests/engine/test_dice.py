from __future__ import annotations

from collections import Counter

import pytest

from engine.dice import DiceScriptError, ScriptedDice, SeededDice


def test_seeded_dice_repeat_for_the_same_seed() -> None:
    a, b = SeededDice(42), SeededDice(42)
    assert [a.roll(6) for _ in range(50)] == [b.roll(6) for _ in range(50)]


def test_seeded_dice_are_fixed_forever() -> None:
    # Stored games replay only if these numbers never change: a change here breaks every saved game.
    dice = SeededDice(2026)
    assert [dice.roll(6) for _ in range(8)] + [dice.roll(20) for _ in range(4)] == GOLDEN


GOLDEN = [1, 2, 6, 1, 4, 6, 4, 6, 3, 9, 13, 1]


def test_seeded_dice_are_fair_enough() -> None:
    dice = SeededDice(7)
    counts = Counter(dice.roll(6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_400 < n < 10_600 for n in counts.values())
    d20 = Counter(dice.roll(20) for _ in range(40_000))
    assert set(d20) == set(range(1, 21))


def test_scripted_dice_hand_out_the_script_in_order() -> None:
    dice = ScriptedDice.of((6, 3), (20, 12))
    assert dice.roll(6) == 3
    assert dice.roll(20) == 12
    dice.assert_done()


def test_scripted_dice_refuse_the_wrong_die() -> None:
    dice = ScriptedDice.of((6, 3))
    with pytest.raises(DiceScriptError, match="the script has a d6, the game rolled a d20"):
        dice.roll(20)


def test_scripted_dice_report_a_missing_roll() -> None:
    dice = ScriptedDice.of()
    with pytest.raises(DiceScriptError, match="after the script ran out"):
        dice.roll(6)


def test_scripted_dice_report_rolls_left_over() -> None:
    dice = ScriptedDice.of((6, 1), (6, 2))
    dice.roll(6)
    with pytest.raises(DiceScriptError, match=r"1 scripted roll\(s\) never rolled"):
        dice.assert_done()


def test_dice_go_back_to_a_saved_position() -> None:
    """A game that goes on from a checkpoint rolls on from where its dice were (engine.game)."""
    seeded = SeededDice(7)
    scripted = ScriptedDice.of((6, 2), (20, 11), (6, 5))
    for dice in (seeded, scripted):
        dice.roll(6)
        saved = dice.save()
        rolls = [dice.roll(20), dice.roll(6)]
        dice.restore(saved)
        assert [dice.roll(20), dice.roll(6)] == rolls
