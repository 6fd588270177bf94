"""Line outs, pop ups and flies to the infield (IP2021 "Line Outs", the infield fly rule; IP2007 §10)."""

from __future__ import annotations

import pytest

from engine.inside_pitch.outs import infield_fly
from tests.engine.conftest import Table
from tests.engine.test_ground_outs import bases, infield, outs_made, play


@pytest.mark.parametrize(
    ("roll", "doubled_off"),
    [(1, "runner-1"), (2, "runner-1"), (3, "runner-2"), (4, "runner-2"), (5, None), (6, None)],
)
def test_ip2021_example_l4_runners_on_first_and_second(table: Table, roll: int, doubled_off: str | None) -> None:
    """Runners on 1st and 2nd, L4: 1-2 doubles off first, 3-4 second, 5-6 nothing."""
    table.runner(1)
    table.runner(2)
    dice = table.script((6, roll))
    result = play(table, "L4")
    if doubled_off is None:
        assert result == "L4"
        assert outs_made(table) == [("batter", 0, "L4")]
        assert bases(table) == ["runner-1", "runner-2", None]
    else:
        assert result == "L4 DP"
        base = 1 if doubled_off == "runner-1" else 2
        assert outs_made(table) == [("batter", 0, "L4"), (doubled_off, base, "4-3" if base == 1 else "4-6")]
        assert table.game.state.outs == 2
    dice.assert_done()


@pytest.mark.parametrize(("notation", "roll", "how"), [("L1", 6, "1-5"), ("L5", 3, "5U")])
def test_third_base_row_l1_six_l5_three(table: Table, notation: str, roll: int, how: str) -> None:
    """README: the 2021 chart lost its third-base cells; they are L1: 6 and L5: 3."""
    table.runner(3)
    dice = table.script((6, roll))
    assert play(table, notation) == f"{notation} DP"
    assert outs_made(table)[-1] == ("runner-3", 3, how)
    assert bases(table) == [None, None, None]
    dice.assert_done()


@pytest.mark.parametrize(("notation", "roll"), [("L3", 6), ("L6", 4), ("L1", 5)])
def test_faces_off_the_chart_or_on_an_empty_base_do_nothing(table: Table, notation: str, roll: int) -> None:
    table.runner(1)
    dice = table.script((6, roll))
    assert play(table, notation) == notation
    assert bases(table) == ["runner-1", None, None]
    dice.assert_done()


def test_l3_doubles_off_first_unassisted(table: Table) -> None:
    table.runner(1)
    dice = table.script((6, 4))
    play(table, "L3")
    assert outs_made(table)[-1] == ("runner-1", 1, "3U")
    dice.assert_done()


def test_infield_depth_has_no_say_on_line_drives(table: Table) -> None:
    infield(table, "in")
    table.runner(1)
    dice = table.script((6, 1))
    assert play(table, "L6") == "L6 DP"
    dice.assert_done()


@pytest.mark.parametrize("notation", ["L7", "L8", "L9"])
def test_line_outs_to_outfielders_batter_only(table: Table, notation: str) -> None:
    table.runner(1)
    table.runner(2)
    dice = table.script()
    assert play(table, notation) == notation
    assert outs_made(table) == [("batter", 0, notation)]
    assert bases(table) == ["runner-1", "runner-2", None]
    dice.assert_done()


def test_two_outs_no_double_play_roll(table: Table) -> None:
    table.game.state.outs = 2
    table.runner(1)
    dice = table.script()
    play(table, "L4")
    assert table.game.state.outs == 3
    dice.assert_done()


def test_bases_empty_no_roll(table: Table) -> None:
    dice = table.script()
    assert play(table, "L6") == "L6"
    dice.assert_done()


# --- pop ups and flies to infielders ----------------------------------------------------------


@pytest.mark.parametrize("notation", ["P4", "P2", "F6", "F1"])
def test_pop_ups_batter_out_runners_hold(table: Table, notation: str) -> None:
    for base in (1, 2, 3):
        table.runner(base, br=6)
    dice = table.script()
    assert play(table, notation) == notation
    assert outs_made(table) == [("batter", 0, notation)]
    assert bases(table) == ["runner-1", "runner-2", "runner-3"]
    dice.assert_done()


def test_infield_fly_needs_a_force_at_third_and_less_than_two_out(table: Table) -> None:
    g = table.game
    table.runner(1)
    assert not infield_fly(g)
    table.runner(2)
    assert infield_fly(g)
    table.runner(3)
    assert infield_fly(g)
    g.state.outs = 2
    assert not infield_fly(g)
    g.state.outs = 1
    g.state.bases[0] = None
    assert not infield_fly(g)
