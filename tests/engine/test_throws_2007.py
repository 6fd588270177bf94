"""The 2007 Outfield Throw Chart (IP2007 §7.2.2-7.2.4, §11.2-11.3, §4.6, FAQ "OTC"), with the book's examples.

Every test but the last few turns ``Options.throw_charts_2007`` on. The three dice are
scripted as the book gives them, red, white, blue, even when a die is not read: the
procedure rolls all three together (the FAQ: "it is best to roll them together").
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from bot.terminal import game as terminal
from bot.terminal.cli import build_parser, main
from cards.notation import Position
from engine.dice import ScriptedDice
from engine.events import Reading, Roll
from engine.game import Game
from engine.inside_pitch.flyouts import play_fly_out
from engine.inside_pitch.hits import play_hit
from engine.inside_pitch.options import InsidePitchOptions
from engine.inside_pitch.reading import Ball
from engine.state import Runner
from tests.bot.terminal.test_terminal import fallback_cards
from tests.engine.conftest import Table
from tests.engine.helpers import setup
from tests.engine.test_hits import arm, at_bat, bases, batter, hit, outs_made, runs

D = 6  # every die here is a d6


def otc(table: Table, *dice: int) -> ScriptedDice:
    """Turn the option on and script d6 rolls (the SF roll, the three OTC dice, a rundown die...)."""
    table.game.setup = replace(table.game.setup, options=InsidePitchOptions(throw_charts_2007=True))
    return table.script(*((D, value) for value in dice))


def fly(table: Table, runner: Runner, notation: str) -> str:
    return play_fly_out(table.game, at_bat(runner), runner, Ball("F", int(notation[-1]), "batter"))


def readings(table: Table, card: str) -> list[str]:
    return [e.result for e in table.game.events if isinstance(e, Reading) and e.card == card]


# --- IP2007 §7.2.4: the bases-loaded S8 examples ------------------------------------


def bases_loaded_one_out_s8(table: Table) -> Runner:
    """IP2007 §7.2.4: bases loaded, one out; on 2nd BR 4, on 1st BR 3, batter BR 2; S8, CF arm -1."""
    table.game.state.outs = 1
    table.runner(1, br=3)
    table.runner(2, br=4)
    table.runner(3, br=3)
    arm(table, Position.CENTER, -1)
    return batter(table, br=2)


def test_ip2007_s8_bases_loaded_example_roll_3_6_2(table: Table) -> None:
    b = bases_loaded_one_out_s8(table)
    dice = otc(table, 3, 6, 2)
    assert hit(table, b, "S8") == "S8"
    # Lead runner ABR 4 + 2 - 1 = 5 >= 3 scores; the runner from first (ABR 3 - 1 - 1 = 1) holds at second.
    assert bases(table) == ["batter", "runner-1", None]
    assert runs(table) == 2
    assert table.game.state.outs == 1
    dice.assert_done()


def test_ip2007_s8_bases_loaded_example_roll_1_3_5(table: Table) -> None:
    b = bases_loaded_one_out_s8(table)
    dice = otc(table, 1, 3, 5)
    hit(table, b, "S8")
    # OTC roll 2.1: the runner from first (BR 3, the white 3) takes third; the batter (BR 2) holds at first.
    assert bases(table) == ["batter", None, "runner-1"]
    assert runs(table) == 2
    assert readings(table, "OTC roll 1") == ["lead_advances"]
    dice.assert_done()


def test_ip2007_s8_bases_loaded_example_roll_6_4_3(table: Table) -> None:
    b = bases_loaded_one_out_s8(table)
    dice = otc(table, 6, 4, 3)
    hit(table, b, "S8")
    # White 4 is in arm -1's 1-4: the blue 3 throws the lead runner out at the plate; the runner
    # from first (BR 3 ties the 3) takes third on the throw; the batter (BR 2) holds at first.
    assert outs_made(table) == [("runner-2", 4, "8-2")]
    assert bases(table) == ["batter", None, "runner-1"]
    assert runs(table) == 1
    assert table.game.state.outs == 2
    assert readings(table, "OTC roll 2.6") == ["play"]
    assert readings(table, "OTC roll 3") == ["lead_out"]
    dice.assert_done()


def test_the_three_dice_are_d6_rolls_named_red_white_blue(table: Table) -> None:
    b = bases_loaded_one_out_s8(table)
    otc(table, 3, 6, 2)
    hit(table, b, "S8")
    rolls = [(e.dice, e.values, e.purpose) for e in table.game.events if isinstance(e, Roll)]
    assert rolls == [
        ("1d6", (3,), "throw on S8: OTC roll 1 (red)"),
        ("1d6", (6,), "throw on S8: OTC roll 2 (white)"),
        ("1d6", (2,), "throw on S8: OTC roll 3 (blue)"),
    ]


# --- IP2007 FAQ "Outfield Throw Chart", first example: S8, runner on first ---------


def faq_s8_runner_on_first(table: Table) -> Runner:
    """IP2007 FAQ: batter BR 2, runner on 1st BR 3, S8, CF arm +1, no outs (ABR 3 + 1 - 1 = 3)."""
    table.runner(1, br=3)
    arm(table, Position.CENTER, 1)
    return batter(table, br=2)


@pytest.mark.parametrize(
    ("red", "white", "expected"),
    [
        (1, 1, [None, "batter", "runner-1"]),  # red 1: third; white 1-2 (<= BR 2): the batter takes second
        (1, 2, [None, "batter", "runner-1"]),
        (1, 3, ["batter", None, "runner-1"]),  # white 3-6: the batter holds at first
        (1, 6, ["batter", None, "runner-1"]),
        (2, 1, ["batter", None, "runner-1"]),  # red 2-3 (<= ABR 3): third, the batter holds
        (3, 1, ["batter", None, "runner-1"]),
        (4, 1, ["batter", "runner-1", None]),  # red 4-5: he holds at second
        (5, 1, ["batter", "runner-1", None]),
        (6, 3, ["batter", "runner-1", None]),  # red 6, white outside arm +1's 1-2: all hold
        (6, 4, ["batter", "runner-1", None]),
        (6, 6, ["batter", "runner-1", None]),
    ],
)
def test_ip2007_faq_s8_runner_on_first_red_die(table: Table, red: int, white: int, expected: list[str | None]) -> None:
    b = faq_s8_runner_on_first(table)
    dice = otc(table, red, white, 2)
    hit(table, b, "S8")
    assert bases(table) == expected
    assert outs_made(table) == []
    dice.assert_done()


@pytest.mark.parametrize(
    ("blue", "expected", "outs"),
    [
        (1, [None, None, "runner-1"], [("batter", 2, "8-6")]),  # cut off, the batter out at second
        (2, [None, "batter", None], [("runner-1", 3, "8-5")]),  # runner out at third, batter (BR 2) to second
        (3, ["batter", None, None], [("runner-1", 3, "8-5")]),  # 3-5: runner out, batter holds
        (5, ["batter", None, None], [("runner-1", 3, "8-5")]),
    ],
)
@pytest.mark.parametrize("white", [1, 2])
def test_ip2007_faq_s8_runner_on_first_red_6_blue_die(
    table: Table, white: int, blue: int, expected: list[str | None], outs: list[tuple[str, int, str]]
) -> None:
    b = faq_s8_runner_on_first(table)
    dice = otc(table, 6, white, blue)
    hit(table, b, "S8")
    assert bases(table) == expected
    assert outs_made(table) == outs
    dice.assert_done()


@pytest.mark.parametrize(
    ("rundown_die", "expected", "outs"),
    [
        (1, [None, None, "runner-1"], [("batter", 2, "8-6")]),  # out quickly
        (4, [None, None, "runner-1"], [("batter", 2, "8-6")]),  # out (nobody behind him to move up)
        (6, [None, "batter", "runner-1"], []),  # under the tag at second
    ],
)
def test_ip2007_faq_s8_runner_on_first_blue_6_batter_in_a_rundown(
    table: Table, rundown_die: int, expected: list[str | None], outs: list[tuple[str, int, str]]
) -> None:
    b = faq_s8_runner_on_first(table)
    dice = otc(table, 6, 2, 6, rundown_die)
    hit(table, b, "S8")
    assert bases(table) == expected
    assert outs_made(table) == outs
    assert readings(table, "rundown")
    dice.assert_done()


# --- IP2007 FAQ, second example: S7, runners on first and second --------------------


def faq_s7_first_and_second(table: Table) -> Runner:
    """IP2007 FAQ: batter BR 1, on 1st BR 4, on 2nd BR 2; S7, LF arm -1, one out (ABR 2 - 1 + 1 = 2)."""
    table.game.state.outs = 1
    table.runner(1, br=4)
    table.runner(2, br=2)
    arm(table, Position.LEFT, -1)
    return batter(table, br=1)


@pytest.mark.parametrize(
    ("red", "white", "expected", "scored"),
    [
        (1, 1, [None, "batter", "runner-1"], 1),  # red 1, white 1: runner from first to third, batter to second
        (1, 2, ["batter", None, "runner-1"], 1),  # white 2-4: runner from first to third, batter holds
        (1, 4, ["batter", None, "runner-1"], 1),
        (1, 5, ["batter", "runner-1", None], 1),  # white 5-6: the runner from first holds at second
        (1, 6, ["batter", "runner-1", None], 1),
        (2, 1, ["batter", "runner-1", None], 1),  # red 2: he scores, nobody else moves (ABR 4 - 1 - 2 = 1 < 2)
        (3, 1, ["batter", "runner-1", "runner-2"], 0),  # red 3-5: he holds at third
        (5, 1, ["batter", "runner-1", "runner-2"], 0),
        (6, 5, ["batter", "runner-1", "runner-2"], 0),  # red 6, white 5-6 (outside arm -1's 1-4): all hold
        (6, 6, ["batter", "runner-1", "runner-2"], 0),
    ],
)
def test_ip2007_faq_s7_first_and_second_red_die(
    table: Table, red: int, white: int, expected: list[str | None], scored: int
) -> None:
    b = faq_s7_first_and_second(table)
    dice = otc(table, red, white, 1)
    hit(table, b, "S7")
    assert bases(table) == expected
    assert runs(table) == scored
    assert outs_made(table) == []
    dice.assert_done()


@pytest.mark.parametrize(
    ("blue", "expected", "scored", "outs"),
    [
        (1, ["batter", None, None], 1, [("runner-1", 3, "7-5")]),  # cut off: the runner from first out at third
        (2, ["batter", None, "runner-1"], 0, [("runner-2", 4, "7-2")]),  # 2-4: out at home, runner-1 takes third
        (4, ["batter", None, "runner-1"], 0, [("runner-2", 4, "7-2")]),
        (5, ["batter", "runner-1", None], 0, [("runner-2", 4, "7-2")]),  # 5 > BR 4: he holds at second
    ],
)
@pytest.mark.parametrize("white", [1, 4])
def test_ip2007_faq_s7_first_and_second_red_6_blue_die(
    table: Table, white: int, blue: int, expected: list[str | None], scored: int, outs: list[tuple[str, int, str]]
) -> None:
    b = faq_s7_first_and_second(table)
    dice = otc(table, 6, white, blue)
    hit(table, b, "S7")
    assert bases(table) == expected
    assert runs(table) == scored
    assert outs_made(table) == outs
    dice.assert_done()


def test_ip2007_faq_s7_first_and_second_blue_6_first_trailing_runner_in_a_rundown(table: Table) -> None:
    # The FAQ writes "the batter" here; OTC roll 3 puts the first trailing runner in the
    # rundown (as its blue 1 throws out the runner from first), and so does Dugout.
    b = faq_s7_first_and_second(table)
    dice = otc(table, 6, 3, 6, 2)  # rundown 2 <= his BR 4: out, and the batter moves up while he is chased
    hit(table, b, "S7")
    assert runs(table) == 1
    assert outs_made(table) == [("runner-1", 3, "7-5")]
    assert bases(table) == [None, "batter", None]
    dice.assert_done()


# --- OTC roll 2.6, every arm column -------------------------------------------------

ARM_RANGE = {-2: 5, -1: 4, 0: 3, 1: 2, 2: 1}  # IP2007 §7.2.3: white die up to this goes on to the blue die


@pytest.mark.parametrize("rating", sorted(ARM_RANGE))
@pytest.mark.parametrize("white", range(1, 7))
def test_otc_roll_2_6_arm_chart(table: Table, rating: int, white: int) -> None:
    table.runner(2, br=3 - rating)  # S9 2nd to home: BR + 1 + arm = 4, a throw
    arm(table, Position.RIGHT, rating)
    dice = otc(table, 6, white, 3)
    hit(table, batter(table, br=0), "S9")
    thrown_out = white <= ARM_RANGE[rating]
    assert outs_made(table) == ([("runner-2", 4, "9-2")] if thrown_out else [])
    assert bases(table) == ["batter", None, None if thrown_out else "runner-2"]
    dice.assert_done()


@pytest.mark.parametrize(("rating", "reads"), [(-3, -2), (-5, -2), (3, 2), (5, 2)])
@pytest.mark.parametrize("in_range", [True, False])
def test_otc_roll_2_6_arm_beyond_the_chart_reads_the_nearest_column(
    table: Table, rating: int, reads: int, in_range: bool
) -> None:
    if rating < 0:
        table.runner(2, br=1 - rating)  # S8 2nd to home: BR + 2 + arm = 3
        position, notation = Position.CENTER, "S8"
    else:
        table.runner(1, br=5 - rating)  # S7 1st to 3rd: BR - 2 + arm = 3
        position, notation = Position.LEFT, "S7"
    arm(table, position, rating)
    white = ARM_RANGE[reads] + (0 if in_range else 1)
    dice = otc(table, 6, white, 4)  # blue 4: the lead runner is out
    hit(table, batter(table, br=0), notation)
    assert len(outs_made(table)) == (1 if in_range else 0)
    dice.assert_done()


# --- OTC roll 1: when no throw is made, the new lead runner, two outs, doubles ------


def test_adjusted_br_under_1_holds_everyone_without_a_roll(table: Table) -> None:
    table.runner(1, br=1)  # S7 1st to 3rd: 1 - 2 + 0 = -1
    arm(table, Position.LEFT, 0)
    dice = otc(table)
    hit(table, batter(table, br=6), "S7")
    assert bases(table) == ["batter", "runner-1", None]
    dice.assert_done()


def test_lead_runner_scoring_without_a_throw_makes_the_runner_from_first_the_lead_runner(table: Table) -> None:
    table.runner(2, br=5)  # S8 2nd to home: 5 + 2 + 0 = 7, no throw (IP2007 §7.2.1)
    table.runner(1, br=2)  # S8 1st to 3rd: 2 - 1 + 0 = 1, a throw
    arm(table, Position.CENTER, 0)
    dice = otc(table, 1, 6, 6)
    hit(table, batter(table, br=6), "S8")
    # Red 1: the new lead runner takes third; OTC roll 2.1: the batter (BR 6) takes second.
    assert bases(table) == [None, "batter", "runner-1"]
    assert runs(table) == 1
    dice.assert_done()


@pytest.mark.parametrize(("outs", "home"), [(1, False), (2, True)])
def test_two_outs_add_1_to_the_adjusted_br(make_table: type[Table], outs: int, home: bool) -> None:
    table = make_table()
    table.game.state.outs = outs
    table.runner(2, br=2)  # S8 2nd to home: 2 + 2 + 0 (+1) = 4 (5)
    arm(table, Position.CENTER, 0)
    dice = otc(table, 5, 6, 6)
    hit(table, batter(table), "S8")
    assert (runs(table) == 1) is home
    dice.assert_done()


def test_double_runner_from_first_is_the_lead_runner_and_the_batter_trails(table: Table) -> None:
    table.runner(3, br=0)
    table.runner(2, br=0)
    table.runner(1, br=2)  # D7 1st to home: 2 - 1 + 0 = 1
    arm(table, Position.LEFT, 0)
    dice = otc(table, 1, 4, 6)
    assert hit(table, batter(table, br=4), "D7") == "D7"
    assert bases(table) == [None, None, "batter"]  # white 4 <= BR 4: the batter takes third on the throw
    assert runs(table) == 3
    dice.assert_done()


def test_a_throwing_error_check_comes_before_the_three_dice(table: Table) -> None:
    table.runner(1, br=3)  # S8 1st to 3rd: 3 - 1 + 0 = 2
    arm(table, Position.CENTER, 0)  # his error number is 6
    b = batter(table, br=3)
    otc(table)
    dice = table.script((20, 20), (6, 2), (6, 6), (6, 6))  # no error; then red 2 <= 2: third
    play_hit(table.game, at_bat(b), b, Ball("S", 8, "batter", throw_error_check=True))
    assert bases(table) == ["batter", None, "runner-1"]
    dice.assert_done()


# --- IP2007 §11.3: sacrifice flies, the F9 examples ---------------------------------


def second_and_third_one_out(table: Table) -> Runner:
    """IP2007 §11.3: runners on 2nd (BR 3) and 3rd (BR 1), one out; F9, batter's SF 2, RF arm +1."""
    table.game.state.outs = 1
    table.runner(2, br=3)
    table.runner(3, br=1)
    arm(table, Position.RIGHT, 1)
    return batter(table, sf=2)


@pytest.mark.parametrize(
    ("sf", "red", "white", "blue", "result"),
    [
        (1, 1, 1, 1, "third"),  # SF 1-2: the run scores; runner on 2nd ABR 3 + 1 - 1 = 3: red 1-3 takes third
        (2, 3, 6, 6, "third"),
        (2, 4, 1, 1, "second"),  # red 4-6 he holds
        (1, 6, 5, 1, "second"),
        (2, 6, 6, 1, "out"),  # 66: the blue die on arm +1's 1-2 throws him out at third
        (2, 6, 6, 2, "out"),
        (2, 6, 6, 3, "second"),  # blue 3-6 he holds at second
        (1, 6, 6, 6, "second"),
    ],
)
def test_ip2007_f9_example_sf_roll_scores_then_runner_on_second_tags(
    table: Table, sf: int, red: int, white: int, blue: int, result: str
) -> None:
    b = second_and_third_one_out(table)
    dice = otc(table, sf, red, white, blue)
    assert fly(table, b, "F9") == "SF9"
    assert runs(table) == 1
    assert (
        bases(table)
        == {"third": [None, None, "runner-2"], "second": [None, "runner-2", None], "out": [None] * 3}[result]
    )
    assert outs_made(table)[1:] == ([("runner-2", 3, "9-5")] if result == "out" else [])
    dice.assert_done()


@pytest.mark.parametrize(
    ("sf", "red", "white", "expected", "scored"),
    [
        (3, 1, 1, [None, None, "runner-2"], 1),  # red 1: the run scores; white 1-3 (BR 3): runner on 2nd to third
        (6, 1, 3, [None, None, "runner-2"], 1),
        (3, 1, 4, [None, "runner-2", None], 1),  # white 4-6: he stays at second
        (4, 1, 6, [None, "runner-2", None], 1),
        (5, 2, 1, [None, "runner-2", None], 1),  # red 2: the run scores, the runner on 2nd holds
        (3, 3, 1, [None, "runner-2", "runner-3"], 0),  # red 3-5: both hold
        (6, 5, 1, [None, "runner-2", "runner-3"], 0),
        (3, 6, 3, [None, "runner-2", "runner-3"], 0),  # red 6, white 3-6 (arm +1): all hold
        (4, 6, 6, [None, "runner-2", "runner-3"], 0),
    ],
)
def test_ip2007_f9_example_sf_roll_failed_throw_home(
    table: Table, sf: int, red: int, white: int, expected: list[str | None], scored: int
) -> None:
    b = second_and_third_one_out(table)
    dice = otc(table, sf, red, white, 5)
    assert fly(table, b, "F9") == ("SF9" if scored else "F9")
    assert bases(table) == expected
    assert runs(table) == scored
    assert table.game.state.outs == 2
    dice.assert_done()


@pytest.mark.parametrize(
    ("blue", "scored", "out"),
    [
        (1, 1, ("runner-2", 3, "9-5")),  # cut off: the run scores, the runner from second out at third
        (2, 0, ("runner-3", 4, "9-2")),  # 2-5: the runner from third out at home
        (5, 0, ("runner-3", 4, "9-2")),
    ],
)
@pytest.mark.parametrize("white", [1, 2])  # red 6, white 1-2: arm +1 sends us to OTC roll 3
def test_ip2007_f9_example_sf_roll_failed_red_6_blue_die_ends_the_inning(
    table: Table, white: int, blue: int, scored: int, out: tuple[str, int, str]
) -> None:
    b = second_and_third_one_out(table)
    dice = otc(table, 4, 6, white, blue)
    fly(table, b, "F9")
    assert runs(table) == scored
    assert outs_made(table) == [("batter", 0, "F9"), out]
    assert table.game.state.outs == 3
    dice.assert_done()


@pytest.mark.parametrize(
    ("blue", "expected", "scored"),
    [
        (1, [None, None, None], 1),
        (2, [None, None, "runner-2"], 0),  # out at home; the runner from second (BR 3) moves up on the throw
        (3, [None, None, "runner-2"], 0),
        (4, [None, "runner-2", None], 0),  # 4 > BR 3: he holds
    ],
)
def test_sf_failed_blue_die_with_nobody_out_before_the_fly(
    table: Table, blue: int, expected: list[str | None], scored: int
) -> None:
    b = second_and_third_one_out(table)
    table.game.state.outs = 0
    dice = otc(table, 4, 6, 2, blue)
    fly(table, b, "F9")
    assert bases(table) == expected
    assert runs(table) == scored
    assert table.game.state.outs == 2
    dice.assert_done()


def test_sf_failed_blue_6_runner_on_second_in_a_rundown(table: Table) -> None:
    b = second_and_third_one_out(table)
    dice = otc(table, 4, 6, 1, 6, 6)  # rundown 6: under the tag at third
    assert fly(table, b, "F9") == "SF9"
    assert bases(table) == [None, None, "runner-2"]
    assert runs(table) == 1
    dice.assert_done()


def test_runner_from_third_with_adjusted_br_6_scores_and_the_runner_on_second_tags_as_after_a_sacrifice_fly(
    table: Table,
) -> None:
    table.game.state.outs = 1
    table.runner(2, br=3)  # F9: 3 + 1 - 1 = 3
    table.runner(3, br=5)  # 5 + 1 = 6: scores without a throw
    arm(table, Position.RIGHT, 1)
    dice = otc(table, 6, 3, 6, 6)  # SF fails; then §11.2's three dice: red 3 takes third
    assert fly(table, batter(table, sf=0), "F9") == "SF9"
    assert bases(table) == [None, None, "runner-2"]
    assert runs(table) == 1
    dice.assert_done()


def test_runner_from_third_with_adjusted_br_under_1_everyone_holds_without_a_throw(table: Table) -> None:
    table.runner(3, br=1)
    table.runner(2, br=6)
    arm(table, Position.LEFT, -2)
    dice = otc(table, 6)  # the SF roll only
    assert fly(table, batter(table, sf=0), "F7") == "F7"
    assert bases(table) == [None, "runner-2", "runner-3"]
    dice.assert_done()


def test_after_a_sacrifice_fly_a_runner_on_first_stays(table: Table) -> None:
    table.runner(3, br=0)
    table.runner(1, br=6)
    arm(table, Position.CENTER, 2)
    dice = otc(table, 1)  # SF roll; no runner on second, so no more dice
    assert fly(table, batter(table, sf=3), "F8") == "SF8"
    assert bases(table) == ["runner-1", None, None]
    dice.assert_done()


def test_throw_home_the_runner_on_first_holds(table: Table) -> None:
    # IP2007 §11.3: only the runners on second and third tag up; a red 1 and white 1 move nobody else.
    table.runner(3, br=2)
    table.runner(1, br=6)
    arm(table, Position.CENTER, 0)  # ABR 2
    dice = otc(table, 6, 1, 1, 1)  # SF fails; red 1: the run scores, the runner on first stays
    assert fly(table, batter(table, sf=1), "F8") == "SF8"
    assert bases(table) == ["runner-1", None, None]
    dice.assert_done()


# --- IP2007 §11.2: runner on second tagging up --------------------------------------


@pytest.mark.parametrize(
    ("field", "position", "abr"), [("F7", Position.LEFT, 1), ("F8", Position.CENTER, 2), ("F9", Position.RIGHT, 3)]
)
@pytest.mark.parametrize("over", [0, 1])
def test_tag_from_second_modifier_by_field(table: Table, field: str, position: Position, abr: int, over: int) -> None:
    table.runner(2, br=4)  # 4 + 0 + (F7 -3, F8 -2, F9 -1)
    table.runner(1, br=6)  # a runner on first stays whatever happens
    arm(table, position, 0)
    dice = otc(table, abr + over, 1, 1)
    assert fly(table, batter(table), field) == field
    assert bases(table) == (["runner-1", None, "runner-2"] if not over else ["runner-1", "runner-2", None])
    dice.assert_done()


def test_ip2007_error_8_example_f9_runner_on_second_abr_4_draws_a_throw(make_table: type[Table]) -> None:
    # IP2007 §5 #8: runner on 2nd BR 5, RF arm 0, F9 modifier -1: ABR 4, three dice; red 1-4 reach third.
    for red in range(1, 7):
        table = make_table()
        table.runner(2, br=5)
        arm(table, Position.RIGHT, 0)
        dice = otc(table, red, 1, 1)
        fly(table, batter(table), "F9")
        assert bases(table) == ([None, None, "runner-2"] if red <= 4 else [None, "runner-2", None])
        dice.assert_done()


def test_tag_from_second_under_1_stays_without_dice(table: Table) -> None:
    table.runner(2, br=2)  # F8: 2 + 0 - 2 = 0
    arm(table, Position.CENTER, 0)
    dice = otc(table)
    fly(table, batter(table), "F8")
    assert bases(table) == [None, "runner-2", None]
    dice.assert_done()


def test_tag_from_second_6_or_more_takes_third_without_dice(table: Table) -> None:
    table.runner(2, br=5)  # F9: 5 + 2 - 1 = 6
    arm(table, Position.RIGHT, 2)
    dice = otc(table)
    fly(table, batter(table), "F9")
    assert bases(table) == [None, None, "runner-2"]
    dice.assert_done()


def test_tag_from_second_66_is_the_only_way_out(table: Table) -> None:
    table.runner(2, br=4)  # F9 with arm -2: 4 - 2 - 1 = 1
    arm(table, Position.RIGHT, -2)
    dice = otc(table, 6, 5, 1)  # 6-5 holds even though blue 1 is in range
    fly(table, batter(table), "F9")
    assert bases(table) == [None, "runner-2", None]
    assert readings(table, "OTC roll 2.6") == []
    dice.assert_done()


# --- IP2007 §4.6 and §6: S+ stretch singles -----------------------------------------


@pytest.mark.parametrize(
    ("dice_rolled", "result"),
    [
        ([1], "D7"),
        ([2], "D7"),
        ([3], "S7"),
        ([5], "S7"),
        ([6, 1], "out"),
        ([6, 4], "out"),
        ([6, 5], "S7"),
        ([6, 6], "S7"),
    ],
)
def test_ip2007_stretch_example_br_3_arm_minus_1(table: Table, dice_rolled: list[int], result: str) -> None:
    # §4.6: ABR 3 - 1 = 2: 1-2 a double, 3-5 a single, 6 the arm check (arm -1: 1-4 out at second, §6).
    arm(table, Position.LEFT, -1)
    dice = otc(table, *dice_rolled)
    notation = hit(table, batter(table, br=3), "S+7")
    if result == "out":
        assert outs_made(table) == [("batter", 2, "7-4")]
        assert bases(table) == [None, None, None]
    else:
        assert notation == result
        assert bases(table) == ([None, "batter", None] if result == "D7" else ["batter", None, None])
    dice.assert_done()


@pytest.mark.parametrize("roll", range(1, 7))
def test_ip2007_stretch_example_br_4_arm_plus_2_is_always_a_double(table: Table, roll: int) -> None:
    arm(table, Position.RIGHT, 2)
    dice = otc(table, roll)
    assert hit(table, batter(table, br=4), "S+9") == "D9"
    dice.assert_done()


@pytest.mark.parametrize(
    ("dice_rolled", "result"), [([3], "D9"), ([4], "S9"), ([5], "S9"), ([6, 4], "out"), ([6, 5], "S9")]
)
def test_ip2007_range_example_s_plus_9_arm_minus_1(table: Table, dice_rolled: list[int], result: str) -> None:
    # §6 (the RP@ S+9 example, after the failed range check): BR 4 with arm -1 (the book
    # writes "ABR=4" but reads 1-3 as a double): 4-5 a single; 6 then 1-4 out at second.
    arm(table, Position.RIGHT, -1)
    dice = otc(table, *dice_rolled)
    notation = hit(table, batter(table, br=4), "S+9")
    assert (outs_made(table) == [("batter", 2, "9-6")]) is (result == "out")
    if result != "out":
        assert notation == result
    dice.assert_done()


# --- the option off, full games, the terminal ----------------------------------------


def test_with_the_option_off_the_throw_is_the_2021_2d6(table: Table) -> None:
    b = bases_loaded_one_out_s8(table)
    dice = table.script((6, 6), (6, 4))  # 2021 chart B 4: the lead runner out at home
    hit(table, b, "S8")
    assert [e.dice for e in table.game.events if isinstance(e, Roll)] == ["2d6"]
    assert readings(table, "OTC roll 1") == []
    assert outs_made(table) == [("runner-2", 4, "8-2")]
    dice.assert_done()


def test_full_games_with_the_option_play_and_roll_the_otc() -> None:
    game_setup = setup(InsidePitchOptions(throw_charts_2007=True))
    seen: set[str] = set()
    for seed in range(200):
        game = Game(game_setup, seed)
        assert game.over
        seen.update(e.card for e in game.events if isinstance(e, Reading) and e.card.startswith("OTC"))
    assert seen == {"OTC roll 1", "OTC roll 2.6", "OTC roll 3"}


def test_dugout_play_throws_2007_flag(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert build_parser().parse_args(["play", "--throws-2007"]).throws_2007
    assert not build_parser().parse_args(["play"]).throws_2007
    cards = fallback_cards()
    assert terminal.build_setup(cards, throw_charts_2007=True).options.throw_charts_2007
    monkeypatch.setattr(terminal, "load_cards", lambda *_: cards)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--seed", "4", "--manage", "none", "--throws-2007"]) == 0
    assert "--throws-2007" in capsys.readouterr().out.splitlines()[-1]
