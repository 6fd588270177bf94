"""Fly outs and tag-ups (IP2021 "Fly Outs"; the rules README's "Tag-ups from second")."""

from __future__ import annotations

import pytest

from cards.notation import Position
from engine.events import Check, RunScored
from engine.inside_pitch.flyouts import play_fly_out
from engine.inside_pitch.reading import Ball
from engine.state import Runner
from tests.engine.conftest import Table
from tests.engine.test_hits import arm, at_bat, bases, batter, outs_made, runs


def fly(table: Table, runner: Runner, notation: str) -> str:
    return play_fly_out(table.game, at_bat(runner), runner, Ball("F", int(notation[-1]), "batter"))


# --- no tag-up ------------------------------------------------------------------


def test_bases_empty_simple_fly_out(table: Table) -> None:
    dice = table.script()
    assert fly(table, batter(table), "F8") == "F8"
    assert outs_made(table) == [("batter", 0, "F8")]
    assert table.game.state.outs == 1
    dice.assert_done()


def test_runner_only_on_first_stays(table: Table) -> None:
    table.runner(1, br=6)
    dice = table.script()
    assert fly(table, batter(table), "F9") == "F9"
    assert bases(table) == ["runner-1", None, None]
    dice.assert_done()


def test_two_outs_the_catch_ends_the_inning(table: Table) -> None:
    table.game.state.outs = 2
    table.runner(2, br=6)
    table.runner(3, br=6)
    dice = table.script()
    assert fly(table, batter(table, sf=6), "F9") == "F9"
    assert table.game.state.outs == 3
    assert runs(table) == 0
    dice.assert_done()


# --- runner on second, third empty ----------------------------------------------


def test_f7_never_sends_the_runner_from_second(table: Table) -> None:
    table.runner(2, br=6)
    arm(table, Position.LEFT, 2)
    dice = table.script()
    assert fly(table, batter(table), "F7") == "F7"
    assert bases(table) == [None, "runner-2", None]
    dice.assert_done()


@pytest.mark.parametrize(("red", "third"), [(1, True), (2, True), (3, False), (5, False)])
def test_f8_red_die_against_br_plus_arm_minus_3(table: Table, red: int, third: bool) -> None:
    table.runner(2, br=4)  # 4 + 1 - 3 = 2
    arm(table, Position.CENTER, 1)
    dice = table.script((6, red), (6, 1))
    fly(table, batter(table), "F8")
    assert bases(table) == ([None, None, "runner-2"] if third else [None, "runner-2", None])
    dice.assert_done()


@pytest.mark.parametrize(
    ("red", "white", "result"), [(4, 6, "third"), (5, 1, "second"), (6, 5, "second"), (6, 6, "out")]
)
def test_f9_red_die_against_br_plus_arm_double_sixes_out(table: Table, red: int, white: int, result: str) -> None:
    table.runner(2, br=3)  # 3 + 1 = 4
    table.runner(1, br=6)  # the runner on first stays whatever happens
    arm(table, Position.RIGHT, 1)
    dice = table.script((6, red), (6, white))
    assert fly(table, batter(table), "F9") == "F9"
    expected = {
        "third": ["runner-1", None, "runner-2"],
        "second": ["runner-1", "runner-2", None],
        "out": ["runner-1", None, None],
    }[result]
    assert bases(table) == expected
    if result == "out":
        assert outs_made(table) == [("batter", 0, "F9"), ("runner-2", 3, "9-5")]
    dice.assert_done()


def test_double_sixes_throw_out_even_a_runner_whose_number_is_6(table: Table) -> None:
    table.runner(2, br=5)  # 5 + 1 = 6
    arm(table, Position.RIGHT, 1)
    dice = table.script((6, 6), (6, 6))
    fly(table, batter(table), "F9")
    assert outs_made(table)[-1] == ("runner-2", 3, "9-5")
    dice.assert_done()


@pytest.mark.parametrize(("red", "third"), [(1, True), (2, False)])
def test_tag_from_second_at_exactly_1_tries_and_makes_it_on_a_1(table: Table, red: int, third: bool) -> None:
    # Rules README "Tag-ups from second": F8 BR + arm - 3; at 1 (not under 1) he goes, a red 1 is safe.
    table.runner(2, br=4)  # 4 + 0 - 3 = 1
    arm(table, Position.CENTER, 0)
    dice = table.script((6, red), (6, 1))
    fly(table, batter(table), "F8")
    assert bases(table) == ([None, None, "runner-2"] if third else [None, "runner-2", None])
    dice.assert_done()


def test_tag_from_second_under_1_does_not_try_and_rolls_nothing(table: Table) -> None:
    table.runner(2, br=2)  # 2 + 0 - 3 = -1
    arm(table, Position.CENTER, 0)
    dice = table.script()
    fly(table, batter(table), "F8")
    assert bases(table) == [None, "runner-2", None]
    dice.assert_done()


# --- runner on third: the book's example ---------------------------------------------


def second_and_third_one_out(table: Table) -> Runner:
    """IP2021: runners on 2nd (BR 3) and 3rd (BR 1), one out; F9, batter's SF 2, RF arm +1."""
    table.game.state.outs = 1
    table.runner(2, br=3)
    table.runner(3, br=1)
    arm(table, Position.RIGHT, 1)
    return batter(table, sf=2)


@pytest.mark.parametrize("sf_roll", [1, 2])
def test_ip2021_sacrifice_fly_example_sf_roll_1_2_run_scores_then_runner_from_second_tags(
    table: Table, sf_roll: int
) -> None:
    b = second_and_third_one_out(table)
    # The runner from second: ABR 3 + 1 = 4, a throw to third; first die 4 <= 4 takes third.
    dice = table.script((6, sf_roll), (6, 4), (6, 2))
    assert fly(table, b, "F9") == "SF9"
    assert runs(table) == 1
    assert bases(table) == [None, None, "runner-2"]
    assert table.game.state.outs == 2
    dice.assert_done()


def test_ip2021_sacrifice_fly_example_runner_from_second_holds_on_a_5(table: Table) -> None:
    b = second_and_third_one_out(table)
    dice = table.script((6, 2), (6, 5), (6, 2))
    assert fly(table, b, "F9") == "SF9"
    assert bases(table) == [None, "runner-2", None]
    dice.assert_done()


def test_ip2021_sacrifice_fly_example_sf_roll_fails_and_6_1_on_the_throw_home(table: Table) -> None:
    b = second_and_third_one_out(table)
    # SF roll 3 > 2: the throw goes home; runner from third ABR 1 + 1 = 2. Chart B 1: he scores,
    # the ball is cut off and the runner from second is thrown out at third.
    dice = table.script((6, 3), (6, 6), (6, 1))
    assert fly(table, b, "F9") == "SF9"
    assert runs(table) == 1
    assert outs_made(table) == [("batter", 0, "F9"), ("runner-2", 3, "9-5")]
    assert table.game.state.outs == 3
    assert bases(table) == [None, None, None]
    dice.assert_done()


@pytest.mark.parametrize("sf_roll", [3, 4, 5, 6])
def test_ip2021_sacrifice_fly_example_sf_rolls_3_to_6_throw_home(table: Table, sf_roll: int) -> None:
    b = second_and_third_one_out(table)
    # First die 3 > ABR 2: the runner from third holds, and so the runner from second.
    dice = table.script((6, sf_roll), (6, 3), (6, 1))
    assert fly(table, b, "F9") == "F9"
    assert runs(table) == 0
    assert bases(table) == [None, "runner-2", "runner-3"]
    dice.assert_done()


def test_sacrifice_fly_is_an_rbi(table: Table) -> None:
    b = second_and_third_one_out(table)
    table.script((6, 1), (6, 5), (6, 2))
    fly(table, b, "F9")
    scored = [e for e in table.game.events if isinstance(e, RunScored)]
    assert [(e.runner, e.batter, e.rbi) for e in scored] == [("runner-3", "batter", True)]
    sf = [e for e in table.game.events if isinstance(e, Check) and e.name == "SF"]
    assert [(e.target, e.roll, e.success) for e in sf] == [(2, 1, True)]


def test_throw_home_runner_thrown_out_is_a_double_play_without_a_run(table: Table) -> None:
    table.runner(3, br=2)
    arm(table, Position.CENTER, 0)
    dice = table.script((6, 6), (6, 6), (6, 4))
    assert fly(table, batter(table, sf=1), "F8") == "F8"
    assert outs_made(table) == [("batter", 0, "F8"), ("runner-3", 4, "8-2")]
    assert runs(table) == 0
    dice.assert_done()


def test_runner_from_third_with_adjusted_br_6_scores_without_a_throw(table: Table) -> None:
    table.runner(3, br=5)
    arm(table, Position.RIGHT, 1)
    dice = table.script((6, 6))  # only the SF roll
    assert fly(table, batter(table, sf=0), "F9") == "SF9"
    assert runs(table) == 1
    dice.assert_done()


def test_runner_from_third_with_adjusted_br_under_1_holds_without_a_throw(table: Table) -> None:
    table.runner(3, br=1)
    arm(table, Position.LEFT, -2)
    dice = table.script((6, 6))
    assert fly(table, batter(table, sf=0), "F7") == "F7"
    assert bases(table) == [None, None, "runner-3"]
    dice.assert_done()


def test_ip2007_11_3_the_runner_on_first_holds_on_the_throw_home(table: Table) -> None:
    """Only the runners on second and third tag up (IP2007 §11.3; rules README): chart A moves nobody."""
    table.runner(3, br=2)
    table.runner(1, br=4)
    arm(table, Position.CENTER, 0)
    # SF fails; first die 1: the run scores; the white 4 (<= BR 4) would move a trailing runner.
    dice = table.script((6, 6), (6, 1), (6, 4))
    assert fly(table, batter(table, sf=1), "F8") == "SF8"
    assert bases(table) == ["runner-1", None, None]
    dice.assert_done()
