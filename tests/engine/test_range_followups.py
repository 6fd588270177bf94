"""What the hit and out rules do with the flags a range or error play puts on a Ball.

``foul`` (the catcher's pop-up), ``advance`` (exact bases, no throw), ``caught_at_wall``
([HR] flies run down at the wall) and ``throw_error_check`` (ET? #8), each played
through from the dispatcher or the rule that owns it, with scripted dice.
"""

from __future__ import annotations

import pytest

from cards.notation import Position
from engine.events import Check, ErrorCharged, PlateAppearanceEnded, Reading, RunnerOut
from engine.inside_pitch import plays
from engine.inside_pitch.flyouts import play_fly_out
from engine.inside_pitch.hits import play_hit
from engine.inside_pitch.reading import Ball, Triggers
from tests.engine.conftest import Table
from tests.engine.test_hits import arm, at_bat, bases, batter, outs_made, runs
from tests.engine.test_range import set_fielder

RANGE_PLAY = Triggers(range_play=True)


def results(table: Table) -> list[str]:
    return [e.notation for e in table.game.events if isinstance(e, PlateAppearanceEnded)]


def range_readings(table: Table) -> list[str]:
    return [e.result for e in table.game.events if isinstance(e, Reading) and e.card == "range chart"]


# --- foul: the catcher's pop-up --------------------------------------------------------


@pytest.mark.parametrize("roll", [1, 6])
def test_rp_catchers_pop_up_is_foul_and_the_at_bat_goes_on(table: Table, roll: int) -> None:
    # IP2021 range chart: C pop-up is "Foul", made or missed. Then Seaver's 1-1 (K) and a K check of 1.
    set_fielder(table, Position.C, "C - 5/2 (19) -2")
    b = batter(table)
    dice = table.script((6, roll), (6, 1), (6, 1), (20, 1))
    plays.resolve(table.game, at_bat(b), b, Ball("P", 2, "batter"), RANGE_PLAY)
    assert range_readings(table) == ["foul"]
    assert outs_made(table) == [("batter", 0, "K")]
    assert results(table) == ["K"]
    dice.assert_done()


# --- advance: exact bases, no extra-base tries -------------------------------------------


def test_pop_up_dropping_off_a_failed_range_play_with_two_out_moves_runners_two_bases(table: Table) -> None:
    # IP2007 §6: SS misses the pop-up (6 > range 2): a single; with two out everyone goes two bases.
    set_fielder(table, Position.SHORT, "SS - 2 (10) +1")
    table.game.state.outs = 2
    table.runner(1, br=1)
    table.runner(2, br=1)
    b = batter(table)
    dice = table.script((6, 6))
    plays.resolve(table.game, at_bat(b), b, Ball("P", 6, "batter"), RANGE_PLAY)
    assert results(table) == ["S6"]
    assert bases(table) == ["batter", None, "runner-1"]
    assert runs(table) == 1
    dice.assert_done()


def test_pop_up_dropping_with_less_than_two_out_moves_runners_one_base(table: Table) -> None:
    set_fielder(table, Position.SHORT, "SS - 2 (10) +1")
    table.game.state.outs = 1
    table.runner(1, br=6)
    table.runner(2, br=6)
    b = batter(table)
    dice = table.script((6, 6))
    plays.resolve(table.game, at_bat(b), b, Ball("P", 6, "batter"), RANGE_PLAY)
    assert bases(table) == ["batter", "runner-1", "runner-2"]
    assert runs(table) == 0
    dice.assert_done()


def test_d3_off_a_failed_first_base_range_play_moves_runners_exactly_two_bases(table: Table) -> None:
    # The liner gets by the first baseman (6 > 2), then 5 on "#": a double past first.
    # The man on first (BR 6) stops at third: no extra-base try, no throw.
    set_fielder(table, Position.FIRST, "1B - 2 (8)")
    table.runner(1, br=6)
    table.runner(2, br=1)
    b = batter(table, br=6)
    dice = table.script((6, 6), (6, 5))
    plays.resolve(table.game, at_bat(b), b, Ball("L", 3, "batter"), RANGE_PLAY)
    assert results(table) == ["D3"]
    assert bases(table) == [None, "batter", "runner-1"]
    assert runs(table) == 1
    dice.assert_done()


def test_advance_on_an_outfield_double_allows_no_extra_base_try(table: Table) -> None:
    # Without the flag a BR 6 man on first would score on D8 (6 + 1 + 0 = 7, no throw needed).
    table.runner(1, br=6)
    b = batter(table, br=6)
    dice = table.script()
    assert play_hit(table.game, at_bat(b), b, Ball("D", 8, "batter", advance=2)) == "D8"
    assert bases(table) == [None, "batter", "runner-1"]
    assert runs(table) == 0
    dice.assert_done()


# --- caught_at_wall: [HR] flies run down on RP@ ------------------------------------------


def test_hr8_caught_at_the_wall_runners_on_second_and_third_move_up(table: Table) -> None:
    # IP2021 "[HR8], [HRo], [HRp]": the CF makes the play (1); the runners on second and
    # third advance automatically, the man on first stays; no throw, no tag-up dice.
    set_fielder(table, Position.CENTER, "CF - 3 (5) +1")
    table.game.state.outs = 1
    for base in (1, 2, 3):
        table.runner(base, br=0)
    b = batter(table)
    dice = table.script((6, 1))
    plays.resolve(table.game, at_bat(b), b, Ball("F", 8, "batter", home_run_chance=True), RANGE_PLAY)
    assert results(table) == ["SF8"]
    assert outs_made(table) == [("batter", 0, "F8")]
    assert bases(table) == ["runner-1", None, "runner-2"]
    assert runs(table) == 1
    dice.assert_done()


def test_caught_at_the_wall_with_two_out_ends_the_inning_and_nobody_moves(table: Table) -> None:
    table.game.state.outs = 2
    table.runner(2, br=6)
    table.runner(3, br=6)
    b = batter(table)
    dice = table.script()
    assert play_fly_out(table.game, at_bat(b), b, Ball("F", 9, "batter", caught_at_wall=True)) == "F9"
    assert table.game.state.outs == 3
    assert bases(table) == [None, "runner-2", "runner-3"]
    assert runs(table) == 0
    dice.assert_done()


# --- throw_error_check: ET? #8 on a hit to the outfield -------------------------------------


def one_out_s8_with_men_on_first_and_second(table: Table) -> Ball:
    """Runner on 2nd BR 4 (ABR 4 + 2 - 1 = 5: a throw), on 1st BR 3; CF arm -1, error 6."""
    table.game.state.outs = 1
    table.runner(1, br=3)
    table.runner(2, br=4)
    arm(table, Position.CENTER, -1)
    return Ball("S", 8, "batter", throw_error_check=True)


def test_et8_throwing_error_the_chart_is_read_then_everyone_behind_takes_his_base(table: Table) -> None:
    # IP2007 §5 #8 (rules README): 1d20 = 6 is at most the CF's error number: an error. The
    # chart is still read: red 3, the lead runner (ABR 5) scores; the man from first (ABR 1)
    # would hold. The error gives the trailing runners their base: third and second.
    ball = one_out_s8_with_men_on_first_and_second(table)
    b = batter(table)
    dice = table.script((20, 6), (6, 3), (6, 6))
    assert play_hit(table.game, at_bat(b), b, ball) == "S8"
    assert [e.kind for e in table.game.events if isinstance(e, ErrorCharged)] == ["throwing"]
    assert bases(table) == [None, "batter", "runner-1"]
    assert runs(table) == 1
    assert outs_made(table) == []
    dice.assert_done()


def test_et8_no_error_the_throw_is_played_as_usual(table: Table) -> None:
    # 7 > 6: no error; then the book's 3-6 (IP2021 S8 example): lead runner scores, runner from first holds.
    ball = one_out_s8_with_men_on_first_and_second(table)
    b = batter(table)
    dice = table.script((20, 7), (6, 3), (6, 6))
    play_hit(table.game, at_bat(b), b, ball)
    assert [e for e in table.game.events if isinstance(e, ErrorCharged)] == []
    assert bases(table) == ["batter", "runner-1", None]
    assert runs(table) == 1
    dice.assert_done()


def test_et8_without_a_throw_there_is_no_error_check(table: Table) -> None:
    table.runner(2, br=6)  # S8 2nd to home: 6 + 2 - 1 = 7, he scores without a throw
    arm(table, Position.CENTER, -1)
    b = batter(table)
    dice = table.script()
    play_hit(table.game, at_bat(b), b, Ball("S", 8, "batter", throw_error_check=True))
    assert runs(table) == 1
    assert bases(table) == ["batter", None, None]
    dice.assert_done()


# --- no checks after the third out ----------------------------------------------------------


def test_d7_lead_runner_out_at_home_for_the_third_out_then_nobody_is_checked(table: Table) -> None:
    # Two out, runner on first (D7 1st to home: 3 - 1 + 0 + 1 = 3): chart B 3, out at the plate.
    table.game.state.outs = 2
    table.runner(1, br=3)
    arm(table, Position.LEFT, 0)
    b = batter(table, br=6)
    dice = table.script((6, 6), (6, 3))
    play_hit(table.game, at_bat(b), b, Ball("D", 7, "batter"))
    assert outs_made(table) == [("runner-1", 4, "7-2")]
    assert table.game.state.outs == 3
    assert [e for e in table.game.events if isinstance(e, Check)] == []
    assert [e.runner for e in table.game.events if isinstance(e, RunnerOut)] == ["runner-1"]
    dice.assert_done()
