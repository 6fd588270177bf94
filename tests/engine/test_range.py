"""Range plays (IP2021 "Range Plays"; IP2007 §6), with the books' worked examples.

Each test sets the fielder's range to the example's, scripts the book's dice and
checks the ball the range chart gives.
"""

from __future__ import annotations

import pytest

from cards.models import Batter, Pitcher
from cards.notation import Hand, Position
from engine.events import Check, Reading
from engine.inside_pitch.fielding import range_play
from engine.inside_pitch.reading import AtBat, Ball, Direct, read_ballpark_card
from engine.setup import LineupSpot
from engine.state import Runner
from tests.engine.conftest import Table
from tests.engine.helpers import BENCH, CBP, SEAVER, clone_batter


def set_fielder(table: Table, position: Position, line: str, injury: int = 0) -> None:
    """Give the defense's man at ``position`` the fielding line ``line`` (and an INJ rating)."""
    team = table.game.state.fielding
    i = next(i for i, spot in enumerate(team.order) if spot.position is position)
    card = clone_batter(team.order[i].batter, f"home-{position.value.lower()}", positions=[line], injury=injury)
    team.order[i] = LineupSpot(card, position)


def batter_runner(table: Table, br: int = 3, card: Batter | None = None) -> Runner:
    """The man at the plate, as the runner he becomes, with the given BR."""
    base = card or table.game.state.batting.order[0].batter
    return Runner(
        base.model_copy(update={"br": br, "id": "batter", "name": "Batter"}), table.game.state.fielding.pitcher.id
    )


def at_bat(table: Table, batter: Batter | None = None, pitcher: Pitcher | None = None) -> AtBat:
    card = batter or table.game.state.batting.order[0].batter
    arm = pitcher or table.game.state.fielding.pitcher
    adj = table.game.setup.ballpark.adjustments
    side = card.side_against(arm.throws)
    runners_on = bool(table.game.state.occupied())
    return AtBat(card, arm, side, False, runners_on, park_k=adj.k, park_w=adj.w, park_hr=adj.hr)


def range_checks(table: Table) -> list[tuple[int, int, bool]]:
    return [(e.target, e.roll, e.success) for e in table.game.events if isinstance(e, Check)]


# --- IP2021 "Range Plays" examples ---------------------------------------------------


@pytest.mark.parametrize(("roll", "expected"), [(1, "F8"), (3, "F8"), (4, "D8"), (6, "D8")])
def test_rp_d8_center_fielder_range_3(table: Table, roll: int, expected: str) -> None:
    # RP, batter's card D8, CF range 3: 1-3 the play is made (F8), 4-6 the double stands.
    set_fielder(table, Position.CENTER, "CF - 3 (5) +1")
    dice = table.script((6, roll))
    ball = range_play(table.game, at_bat(table), Ball("D", 8, "batter"))
    assert ball.notation == expected
    assert ball.advance is None
    dice.assert_done()


@pytest.mark.parametrize("roll", [1, 2])
def test_rp_l3_first_baseman_range_2_makes_the_play(table: Table, roll: int) -> None:
    set_fielder(table, Position.FIRST, "1B - 2 (8)")
    dice = table.script((6, roll))
    assert range_play(table.game, at_bat(table), Ball("L", 3, "batter")) == Ball("L", 3, "batter")
    dice.assert_done()


@pytest.mark.parametrize(
    ("second", "expected"),
    [(1, Ball("S", 3, "batter")), (4, Ball("S", 3, "batter")), (5, Ball("D", 3, "batter", advance=2))],
)
@pytest.mark.parametrize("roll", [3, 6])
def test_rp_l3_first_baseman_range_2_misses(table: Table, roll: int, second: int, expected: Ball) -> None:
    # 3-6: the liner gets by him; another 1d6: 1-4 a single, 5-6 a double past first
    # (the book's "S9/D9" is S3/D3, rules README) on which runners move two bases only.
    set_fielder(table, Position.FIRST, "1B - 2 (8)")
    dice = table.script((6, roll), (6, second))
    assert range_play(table.game, at_bat(table), Ball("L", 3, "batter")) == expected
    dice.assert_done()


@pytest.mark.parametrize(("roll", "expected"), [(1, Ball("F", 9, "ballpark")), (2, Ball("F", 9, "ballpark"))])
def test_rp_at_s_plus_9_right_fielder_range_2_makes_the_play(table: Table, roll: int, expected: Ball) -> None:
    set_fielder(table, Position.RIGHT, "RF - 2 (6) -1")
    dice = table.script((6, roll))
    assert range_play(table.game, at_bat(table), Ball("S+", 9, "ballpark")) == expected
    dice.assert_done()


@pytest.mark.parametrize("roll", [3, 4, 5, 6])
def test_rp_at_s_plus_9_right_fielder_range_2_misses_and_the_s_plus_stands(table: Table, roll: int) -> None:
    # 3-6: S+9 stands; the stretch roll belongs to the hit rules.
    set_fielder(table, Position.RIGHT, "RF - 2 (6) -1")
    dice = table.script((6, roll))
    assert range_play(table.game, at_bat(table), Ball("S+", 9, "ballpark")) == Ball("S+", 9, "ballpark")
    dice.assert_done()


# RP@ and a ?7 at Citizens Bank Park (red 3, white 2): H? D=1-8; T=9-10; [HR]=11-16.
QUESTION_7 = ((6, 3), (6, 2))
LOW_POWER = clone_batter(BENCH, "low-power", vs_rhp={"k": 9, "w": 10, "hr": 5})


def rp_at_question_7(table: Table, *rolls: tuple[int, int]) -> Ball:
    set_fielder(table, Position.LEFT, "LF - 4 (6) 0")
    table.script(*QUESTION_7, *rolls)
    ab = at_bat(table, LOW_POWER)
    ball = read_ballpark_card(table.game, ab)
    assert isinstance(ball, Ball)
    return range_play(table.game, ab, ball)


def test_rp_at_question_7_home_run_range_and_the_hr_check_hits(table: Table) -> None:
    # 1d20 12 is in the [HR] range; the HR check (rating 5) rolls 5: a home run, no range check.
    set_fielder(table, Position.LEFT, "LF - 4 (6) 0")
    dice = table.script(*QUESTION_7, (20, 12), (20, 5))
    result = read_ballpark_card(table.game, at_bat(table, LOW_POWER))
    assert result == Direct("HR", "HR7")
    dice.assert_done()


def test_rp_at_question_7_failed_hr_check_and_the_left_fielder_misses_is_a_double_off_the_wall(table: Table) -> None:
    # The HR check misses (6 > 5): a fly to left (the 2021 text's "F9" is F7), range 4, roll 5: a double.
    ball = rp_at_question_7(table, (20, 12), (20, 6), (6, 5))
    assert ball == Ball("D", 7, "ballpark")
    table.game.dice.assert_done()


def test_rp_at_question_7_failed_hr_check_and_the_left_fielder_makes_the_play(table: Table) -> None:
    ball = rp_at_question_7(table, (20, 12), (20, 6), (6, 4))
    # IP2021 [HR8]: caught at the wall, the runners on second and third move up.
    assert ball == Ball("F", 7, "ballpark", home_run_chance=True, caught_at_wall=True)
    table.game.dice.assert_done()


@pytest.mark.parametrize(("roll", "expected"), [(4, Ball("F", 7, "ballpark")), (5, Ball("D", 7, "ballpark"))])
def test_rp_at_question_7_in_the_hit_ranges(table: Table, roll: int, expected: Ball) -> None:
    # 1d20 5 is a double; range 4: made (1-4) an F7, missed the double stands.
    assert rp_at_question_7(table, (20, 5), (6, roll)) == expected
    table.game.dice.assert_done()


def test_rp_at_question_7_outside_the_ranges_and_made_is_a_fly_out(table: Table) -> None:
    assert rp_at_question_7(table, (20, 17), (6, 4)) == Ball("F", 7, "ballpark")
    table.game.dice.assert_done()


@pytest.mark.parametrize(("last", "expected"), [(1, Ball("S", 7, "ballpark")), (4, Ball("S", 7, "ballpark"))])
def test_rp_at_question_7_outside_the_ranges_and_missed_single(table: Table, last: int, expected: Ball) -> None:
    # 17 is outside every range: an F7; he misses (5), one final 1d6: 1-4 a single.
    assert rp_at_question_7(table, (20, 17), (6, 5), (6, last)) == expected
    table.game.dice.assert_done()


@pytest.mark.parametrize("last", [5, 6])
def test_rp_at_question_7_outside_the_ranges_and_missed_double(table: Table, last: int) -> None:
    # 5-6 a double, played as any double to the outfield (no two-base-only rule).
    assert rp_at_question_7(table, (20, 17), (6, 6), (6, last)) == Ball("D", 7, "ballpark")
    table.game.dice.assert_done()


# IP2021 "[HR8], [HRo], [HRp]": a right-handed batter, HR 13 against left-handers, RP@
# off a lefty; the park ([HRp] at CBP red 4, white 1) has HR 0; the left fielder range 4.
RIGHTY = clone_batter(BENCH, "righty", bats="R", vs_lhp={"k": 10, "w": 5, "hr": 13})
LEFTY = Pitcher.model_validate({**SEAVER.model_dump(mode="json"), "id": "lefty", "name": "Lefty", "throws": "L"})
HR_PULL = ((6, 4), (6, 1))


def test_hrp_example_roll_of_13_is_a_home_run_to_left(table: Table) -> None:
    assert CBP.adjustments.hr == 0
    set_fielder(table, Position.LEFT, "LF - 4 (6) 0")
    dice = table.script(*HR_PULL, (20, 13))
    result = read_ballpark_card(table.game, at_bat(table, RIGHTY, LEFTY))
    assert result == Direct("HR", "HR7")
    dice.assert_done()


@pytest.mark.parametrize(
    ("roll", "expected"),
    [
        (1, Ball("F", 7, "ballpark", home_run_chance=True, caught_at_wall=True)),
        (4, Ball("F", 7, "ballpark", home_run_chance=True, caught_at_wall=True)),
        (5, Ball("D", 7, "ballpark")),
        (6, Ball("D", 7, "ballpark")),
    ],
)
def test_hrp_example_14_to_20_is_a_range_play_on_the_left_fielder(table: Table, roll: int, expected: Ball) -> None:
    set_fielder(table, Position.LEFT, "LF - 4 (6) 0")
    dice = table.script(*HR_PULL, (20, 14), (6, roll))
    ab = at_bat(table, RIGHTY, LEFTY)
    assert ab.batter_side is Hand.RIGHT and ab.pitcher_hand is Hand.LEFT
    ball = read_ballpark_card(table.game, ab)
    assert ball == Ball("F", 7, "ballpark", home_run_chance=True)
    assert range_play(table.game, ab, ball) == expected
    dice.assert_done()


@pytest.mark.parametrize(("roll", "expected"), [(1, "G6"), (2, "G6"), (3, "S6"), (6, "S6")])
def test_infield_in_g6_shortstop_range_4_plays_as_2(table: Table, roll: int, expected: str) -> None:
    # IP2021 example: infield in, tying run on third, one out; SS range 4 drops to 2.
    g = table.game
    g.state.outs = 1
    table.runner(3, br=3)
    g.state.infield_depth = {"1B": "in", "2B": "in", "3B": "in", "SS": "in"}
    dice = table.script((6, roll))
    ball = range_play(g, at_bat(table), Ball("G", 6, "batter"))
    assert ball.notation == expected
    assert range_checks(table) == [(2, roll, roll <= 2)]
    dice.assert_done()


def test_infield_halfway_takes_one_off_the_range(table: Table) -> None:
    table.game.state.infield_depth = {"SS": "half"}
    dice = table.script((6, 4))
    assert range_play(table.game, at_bat(table), Ball("G", 6, "batter")).notation == "S6"
    assert range_checks(table) == [(3, 4, False)]
    dice.assert_done()


def test_infield_depth_does_not_touch_a_line_drive(table: Table) -> None:
    # IP2021 line-out note [4902]: depth changes nothing on line drives.
    table.game.state.infield_depth = {"SS": "in"}
    dice = table.script((6, 4))
    assert range_play(table.game, at_bat(table), Ball("L", 6, "batter")) == Ball("L", 6, "batter")
    assert range_checks(table) == [(4, 4, True)]
    dice.assert_done()


def test_pitcher_has_no_depth_adjustment(table: Table) -> None:
    # The pitcher (Seaver, range 4) counts as in but never loses range.
    dice = table.script((6, 4))
    assert range_play(table.game, at_bat(table), Ball("G", 1, "batter")).notation == "G1"
    assert range_checks(table) == [(4, 4, True)]
    dice.assert_done()


# --- the rest of the chart -------------------------------------------------------------


@pytest.mark.parametrize(
    ("ball", "position", "line", "roll", "expected"),
    [
        (Ball("G", 1, "batter"), Position.P, None, 5, Ball("S", 1, "batter")),
        (Ball("L", 1, "batter"), Position.P, None, 1, Ball("L", 1, "batter")),
        (Ball("S", 1, "pitcher"), Position.P, None, 1, Ball("G", 1, "pitcher")),
        (Ball("G", 2, "batter"), Position.C, None, 6, Ball("S", 2, "batter")),
        (Ball("G", 2, "batter"), Position.C, None, 1, Ball("G", 2, "batter")),
        (Ball("S", 4, "batter"), Position.SECOND, None, 1, Ball("G", 4, "batter")),
        (Ball("G", 4, "batter"), Position.SECOND, None, 5, Ball("S", 4, "batter")),
        (Ball("S", 5, "batter"), Position.THIRD, None, 5, Ball("S", 5, "batter")),
        (Ball("S", 8, "batter"), Position.CENTER, None, 2, Ball("F", 8, "batter")),
        (Ball("T", 9, "batter"), Position.RIGHT, None, 4, Ball("T", 9, "batter")),
        (Ball("T", 7, "batter"), Position.LEFT, "LF - 5 (6) 0", 5, Ball("F", 7, "batter")),
    ],
)
def test_chart_cells(table: Table, ball: Ball, position: Position, line: str | None, roll: int, expected: Ball) -> None:
    if line:
        set_fielder(table, position, line)
    dice = table.script((6, roll))
    assert range_play(table.game, at_bat(table), ball) == expected
    dice.assert_done()


def test_third_baseman_misses_a_grounder_double_past_third(table: Table) -> None:
    # 3B range 4, roll 5: "#", then 6: a D5, runners two bases only.
    dice = table.script((6, 5), (6, 6))
    assert range_play(table.game, at_bat(table), Ball("G", 5, "batter")) == Ball("D", 5, "batter", advance=2)
    dice.assert_done()


def test_outfielder_misses_a_fly_single(table: Table) -> None:
    dice = table.script((6, 6), (6, 4))
    assert range_play(table.game, at_bat(table), Ball("F", 8, "batter")) == Ball("S", 8, "batter")
    dice.assert_done()


@pytest.mark.parametrize(("outs", "advance"), [(0, 1), (1, 1), (2, 2)])
def test_pop_up_that_drops_in(table: Table, outs: int, advance: int) -> None:
    # IP2007 §6: a failed range play on a pop-up; runners one base, two with two out.
    table.game.state.outs = outs
    dice = table.script((6, 5))
    assert range_play(table.game, at_bat(table), Ball("P", 4, "batter")) == Ball("S", 4, "batter", advance=advance)
    dice.assert_done()


def test_pop_up_caught(table: Table) -> None:
    dice = table.script((6, 4))
    assert range_play(table.game, at_bat(table), Ball("P", 6, "batter")) == Ball("P", 6, "batter")
    dice.assert_done()


@pytest.mark.parametrize("roll", [1, 6])
def test_catchers_pop_up_is_foul_either_way(table: Table, roll: int) -> None:
    # IP2021 prints "Foul" whether the catcher makes the play or not (rules README).
    dice = table.script((6, roll))
    assert range_play(table.game, at_bat(table), Ball("P", 2, "batter")) == Ball("P", 2, "batter", foul=True)
    reading = [e for e in table.game.events if isinstance(e, Reading)][-1]
    assert reading.result == "foul"
    dice.assert_done()


@pytest.mark.parametrize("ball", [Ball("F", 4, "batter"), Ball("G", 7, "batter"), Ball("D", 5, "batter")])
def test_a_blank_cell_has_no_range_check(table: Table, ball: Ball) -> None:
    dice = table.script()
    assert range_play(table.game, at_bat(table), ball) == ball
    dice.assert_done()


def test_range_play_reads_the_chart_as_an_event(table: Table) -> None:
    set_fielder(table, Position.CENTER, "CF - 3 (5) +1")
    table.script((6, 4))
    range_play(table.game, at_bat(table), Ball("D", 8, "batter"))
    assert Reading("range chart", "home-cf", "D8 missed", "D8") in table.game.events
