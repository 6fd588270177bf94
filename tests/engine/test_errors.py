"""Error plays (IP2021 "Errors"; IP2007 §5; the rules README for the #6 procedure).

Tests that need "the play goes on as read" replace ``balls.play_ball`` with a recorder,
so that they test the error rules and not the hit and out rules.
"""

from __future__ import annotations

import pytest

from cards.notation import PitcherResult, Position
from engine.events import ErrorCharged, Reading, RunnerOut, RunScored
from engine.inside_pitch import balls, fielding, rare
from engine.inside_pitch.fielding import error_play
from engine.inside_pitch.reading import AtBat, Ball
from engine.inside_pitch.throws import outfield_throw_error
from engine.state import Runner
from tests.engine.conftest import Table
from tests.engine.test_range import at_bat, batter_runner, set_fielder

E, ET, EG = PitcherResult.ERROR, PitcherResult.THROWING_ERROR, PitcherResult.GROUND_ERROR


class Recorder:
    """Stands in for ``balls.play_ball`` (or ``rare.another_pitch``) and remembers the call."""

    def __init__(self, result: str = "as read") -> None:
        self.balls: list[Ball] = []
        self.calls = 0
        self.result = result

    def play_ball(self, g: object, ab: AtBat, batter: Runner, ball: Ball) -> str:
        self.balls.append(ball)
        return self.result

    def another_pitch(self, g: object, ab: AtBat, batter: Runner) -> str:
        self.calls += 1
        return self.result


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    recorder = Recorder()
    monkeypatch.setattr(balls, "play_ball", recorder.play_ball)
    monkeypatch.setattr(rare, "another_pitch", recorder.another_pitch)
    return recorder


def bases(table: Table) -> list[str | None]:
    return [r.id if r else None for r in table.game.state.bases]


def errors(table: Table) -> list[tuple[str, str]]:
    return [(e.fielder, e.kind) for e in table.game.events if isinstance(e, ErrorCharged)]


def runs(table: Table) -> int:
    return table.game.state.batting.runs


# --- the charts -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "ball"),
    [
        (EG, Ball("L", 6, "batter")),  # EG?: grounders and outfield hits only
        (EG, Ball("S", 6, "batter")),  # no infield singles on EG?
        (EG, Ball("F", 8, "batter")),
        (ET, Ball("P", 6, "batter")),
        (E, Ball("L", 6, "batter")),
        (E, Ball("G", 7, "batter")),
    ],
)
def test_a_blank_cell_is_played_as_read_without_a_roll(
    table: Table, played: Recorder, kind: PitcherResult, ball: Ball
) -> None:
    dice = table.script()
    assert error_play(table.game, at_bat(table), batter_runner(table), ball, kind) == "as read"
    assert played.balls == [ball]
    dice.assert_done()


# --- #1 booted grounder ----------------------------------------------------------------


@pytest.mark.parametrize("roll", [1, 4])
def test_rollins_shortstop_error_4_boots_on_1_to_4(table: Table, played: Recorder, roll: int) -> None:
    # Card key: Rollins' error number is 4; E? and a play to short: 1-4 an error.
    set_fielder(table, Position.SHORT, "SS - 5 (4) +1")
    batter = batter_runner(table)
    dice = table.script((20, roll))
    assert error_play(table.game, at_bat(table), batter, Ball("G", 6, "batter"), E) == "E6"
    assert bases(table) == ["batter", None, None]
    assert batter.reached_on_error
    assert errors(table) == [("home-ss", "fielding")]
    assert played.balls == []
    dice.assert_done()


@pytest.mark.parametrize("roll", [5, 20])
def test_rollins_shortstop_error_4_no_error_on_5_to_20(table: Table, played: Recorder, roll: int) -> None:
    set_fielder(table, Position.SHORT, "SS - 5 (4) +1")
    dice = table.script((20, roll))
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("G", 6, "batter"), E) == "as read"
    assert played.balls == [Ball("G", 6, "batter")]
    assert errors(table) == []
    dice.assert_done()


@pytest.mark.parametrize("kind", [E, EG])
def test_boot_moves_every_runner_one_base(table: Table, played: Recorder, kind: PitcherResult) -> None:
    table.runner(2)
    table.runner(3)
    dice = table.script((20, 1))
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("G", 4, "batter"), kind) == "E4"
    assert bases(table) == ["batter", None, "runner-2"]
    assert runs(table) == 1
    dice.assert_done()


def test_the_chart_reading_is_an_event(table: Table, played: Recorder) -> None:
    table.script((20, 20))
    error_play(table.game, at_bat(table), batter_runner(table), Ball("G", 6, "batter"), E)
    assert Reading("E? error chart", "home-ss", "G6", "#1") in table.game.events


# --- #2 dropped pop-up -----------------------------------------------------------------


@pytest.mark.parametrize("roll", [1, 2, 8])  # no odd roll needed in 2021 (rules README)
def test_dropped_pop_up_less_than_two_out(table: Table, played: Recorder, roll: int) -> None:
    table.game.state.outs = 1
    table.runner(1)
    batter = batter_runner(table)
    dice = table.script((20, roll))
    assert error_play(table.game, at_bat(table), batter, Ball("P", 4, "batter"), E) == "E4"
    assert bases(table) == ["batter", "runner-1", None]
    assert batter.reached_on_error
    dice.assert_done()


def test_dropped_pop_up_two_out(table: Table, played: Recorder) -> None:
    table.game.state.outs = 2
    table.runner(1)
    dice = table.script((20, 3))
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("P", 3, "batter"), E) == "E3"
    assert bases(table) == [None, "batter", "runner-1"]
    dice.assert_done()


def test_pop_up_caught(table: Table, played: Recorder) -> None:
    dice = table.script((20, 9))  # 2B error 8
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("P", 4, "batter"), E) == "as read"
    assert played.balls == [Ball("P", 4, "batter")]
    dice.assert_done()


def test_infield_fly_rule_cancels_the_error_check(table: Table, played: Recorder) -> None:
    # IP2021 #2: fewer than two out and a force at third: the batter is out, no error check.
    table.runner(1)
    table.runner(2)
    dice = table.script()
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("P", 6, "batter"), E) == "as read"
    assert played.balls == [Ball("P", 6, "batter")]
    dice.assert_done()


@pytest.mark.parametrize(("outs", "checked"), [(0, False), (1, False), (2, True)])
def test_infield_fly_with_first_and_second_needs_less_than_two_out(
    table: Table, played: Recorder, outs: int, checked: bool
) -> None:
    # IP2021 "Errors" #2 and the infield fly rule: "less than two outs and a force out at third". With
    # one out it still holds (no roll); with two the error check is rolled (the shortstop's 4 drops it on 1).
    table.game.state.outs = outs
    table.runner(1)
    table.runner(2)
    dice = table.script(*([(20, 1)] if checked else []))
    result = error_play(table.game, at_bat(table), batter_runner(table), Ball("P", 6, "batter"), E)
    assert result == ("E6" if checked else "as read")
    dice.assert_done()


def test_catchers_dropped_foul_pop_and_the_at_bat_goes_on(table: Table, played: Recorder) -> None:
    # IP2021 #2: the P2 is a foul ball; the at bat is played again. Bench catches at error 19.
    dice = table.script((20, 19))
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("P", 2, "batter"), E) == "as read"
    assert played.calls == 1 and played.balls == []
    assert errors(table) == [("home-c", "dropped foul pop-up")]
    dice.assert_done()


def test_catchers_foul_pop_caught(table: Table, played: Recorder) -> None:
    dice = table.script((20, 20))
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("P", 2, "batter"), E) == "as read"
    assert played.calls == 0 and played.balls == [Ball("P", 2, "batter")]
    dice.assert_done()


# --- #3 dropped fly ball ---------------------------------------------------------------


def dropped_fly_example(table: Table, arm: int = 0) -> Runner:
    """IP2007 §5 #3: F7, one out, LF error 4, a runner on second (BR 2), the batter BR 4."""
    set_fielder(table, Position.LEFT, f"LF - 3 (4) {arm:+d}" if arm else "LF - 3 (4) 0")
    table.game.state.outs = 1
    table.runner(2, br=2)
    return batter_runner(table, br=4)


@pytest.mark.parametrize("roll", [2, 4, 5, 20])
def test_dropped_fly_example_even_rolls_and_high_rolls_are_caught(table: Table, played: Recorder, roll: int) -> None:
    batter = dropped_fly_example(table)
    dice = table.script((20, roll))
    assert error_play(table.game, at_bat(table), batter, Ball("F", 7, "batter"), E) == "as read"
    assert played.balls == [Ball("F", 7, "batter")]
    dice.assert_done()


@pytest.mark.parametrize(
    ("d20", "d6", "expected", "scored"),
    [
        (1, 1, [None, "batter", None], 1),  # 1-2: the runner scores, the batter takes second
        (3, 2, [None, "batter", None], 1),
        (1, 3, [None, "batter", "runner-2"], 0),  # 3-4: runner to third, batter to second
        (3, 4, [None, "batter", "runner-2"], 0),
        (1, 5, ["batter", None, "runner-2"], 0),  # 5-6: runner to third, batter holds at first
        (1, 6, ["batter", None, "runner-2"], 0),
    ],
)
def test_dropped_fly_example(
    table: Table, played: Recorder, d20: int, d6: int, expected: list[str | None], scored: int
) -> None:
    # The 2007 example with a 0 arm reads the same in 2021 (Adjusted BR = BR + arm).
    batter = dropped_fly_example(table)
    dice = table.script((20, d20), (6, d6))
    assert error_play(table.game, at_bat(table), batter, Ball("F", 7, "batter"), E) == "E7"
    assert bases(table) == expected
    assert runs(table) == scored
    assert batter.reached_on_error
    assert errors(table) == [("home-lf", "dropped fly ball")]
    dice.assert_done()


def test_dropped_fly_an_odd_roll_equal_to_the_error_number_is_an_error(table: Table, played: Recorder) -> None:
    # IP2021 "Errors" #3: an odd roll at or under the error number drops it; with error 5, a 5 does.
    set_fielder(table, Position.LEFT, "LF - 3 (5) 0")
    table.game.state.outs = 1
    table.runner(2, br=2)
    dice = table.script((20, 5), (6, 5))
    assert error_play(table.game, at_bat(table), batter_runner(table, br=4), Ball("F", 7, "batter"), E) == "E7"
    dice.assert_done()


def test_dropped_fly_adds_the_outfielders_arm(table: Table, played: Recorder) -> None:
    # IP2021 [5342]: with a +1 arm the runner (BR 2) scores on a 3.
    batter = dropped_fly_example(table, arm=1)
    dice = table.script((20, 3), (6, 3))
    error_play(table.game, at_bat(table), batter, Ball("F", 7, "batter"), E)
    assert bases(table) == [None, "batter", None]
    assert runs(table) == 1
    dice.assert_done()


def test_dropped_fly_with_two_out_everyone_moves_two_bases(table: Table, played: Recorder) -> None:
    batter = dropped_fly_example(table)
    table.game.state.outs = 2
    table.runner(1, br=1)
    dice = table.script((20, 1))
    assert error_play(table.game, at_bat(table), batter, Ball("F", 7, "batter"), E) == "E7"
    assert bases(table) == [None, "batter", "runner-1"]
    assert runs(table) == 1
    dice.assert_done()


# --- #4 infield single -----------------------------------------------------------------


@pytest.mark.parametrize("kind", [E, ET])
def test_infield_single_throwing_error(table: Table, played: Recorder, kind: PitcherResult) -> None:
    table.runner(1)
    batter = batter_runner(table)
    dice = table.script((20, 4))
    assert error_play(table.game, at_bat(table), batter, Ball("S", 6, "batter"), kind) == "S6"
    assert bases(table) == [None, "batter", "runner-1"]
    assert not batter.reached_on_error  # a hit, and a base on the error
    assert errors(table) == [("home-ss", "throwing")]
    assert played.balls == []
    dice.assert_done()


@pytest.mark.parametrize("kind", [E, ET])
def test_infield_single_no_error_everyone_one_base(table: Table, played: Recorder, kind: PitcherResult) -> None:
    # IP2021 #4: no error, an infield single and every runner one base.
    table.runner(2)
    table.runner(1)
    dice = table.script((20, 5))
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("S", 6, "batter"), kind) == "S6"
    assert bases(table) == ["batter", "runner-1", "runner-2"]
    assert played.balls == []
    dice.assert_done()


# --- #5 error on an outfield hit -------------------------------------------------------


def s8_example(table: Table, outs: int = 0) -> Runner:
    """IP2021 EG? example: a runner on first (BR 3), the batter BR 2, S8, the CF's arm +1."""
    set_fielder(table, Position.CENTER, "CF - 4 (5) +1")
    table.game.state.outs = outs
    table.runner(1, br=3)
    return batter_runner(table, br=2)


@pytest.mark.parametrize(
    ("d6", "expected", "scored"),
    [
        (1, [None, None, "batter"], 1),  # the runner scores (1-4) and the batter takes third (1-3)
        (3, [None, None, "batter"], 1),
        (4, [None, "batter", None], 1),  # the runner scores, the batter stays at second
        (5, [None, "batter", "runner-1"], 0),  # everyone holds
        (6, [None, "batter", "runner-1"], 0),
    ],
)
def test_eg_s8_example(table: Table, played: Recorder, d6: int, expected: list[str | None], scored: int) -> None:
    batter = s8_example(table)
    dice = table.script((20, 5), (6, d6))
    assert error_play(table.game, at_bat(table), batter, Ball("S", 8, "batter"), EG) == "S8"
    assert bases(table) == expected
    assert runs(table) == scored
    assert errors(table) == [("home-cf", "fielding")]
    dice.assert_done()


def test_eg_s8_example_two_out_adds_one(table: Table, played: Recorder) -> None:
    # With two out the runner's Adjusted BR is 5 and the batter's 4.
    batter = s8_example(table, outs=2)
    dice = table.script((20, 5), (6, 4))
    error_play(table.game, at_bat(table), batter, Ball("S", 8, "batter"), EG)
    assert bases(table) == [None, None, "batter"]
    assert runs(table) == 1
    dice.assert_done()


def test_eg_s8_no_error_is_played_as_a_hit(table: Table, played: Recorder) -> None:
    batter = s8_example(table)
    dice = table.script((20, 6))
    assert error_play(table.game, at_bat(table), batter, Ball("S", 8, "batter"), EG) == "as read"
    assert played.balls == [Ball("S", 8, "batter")]
    dice.assert_done()


def test_error_on_a_triple_brings_the_batter_home(table: Table, played: Recorder) -> None:
    dice = table.script((20, 1))  # nobody left on base: no extra-base roll
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("T", 9, "batter"), E) == "T9"
    assert bases(table) == [None, None, None]
    assert runs(table) == 1
    dice.assert_done()


def test_error_on_a_double(table: Table, played: Recorder) -> None:
    table.runner(1, br=1)
    dice = table.script((20, 1), (6, 3))  # batter BR 3 + arm 0 (LF): 3 takes home
    error_play(table.game, at_bat(table), batter_runner(table, br=3), Ball("D", 7, "batter"), E)
    assert bases(table) == [None, None, None]
    assert runs(table) == 2
    dice.assert_done()


# --- #6 throwing error on a grounder ----------------------------------------------------


def dp_example(table: Table) -> Runner:
    """IP2007 §5 #6: a runner on first (BR 3), the batter BR 2, none out, a double-play chance."""
    table.runner(1, br=3)
    return batter_runner(table, br=2)


@pytest.mark.parametrize(
    ("d6", "expected", "scored"),
    [
        (1, [None, "batter", None], 1),  # 1-2: the runner scores and the batter takes second
        (2, [None, "batter", None], 1),
        (3, ["batter", None, None], 1),  # 3: the runner scores, the batter holds
        (4, ["batter", None, "runner-1"], 0),  # 4-6: third and first
        (6, ["batter", None, "runner-1"], 0),
    ],
)
def test_g6_shortstop_throws_past_the_second_baseman(
    table: Table, played: Recorder, d6: int, expected: list[str | None], scored: int
) -> None:
    # The SS's throw to second gets by the 2B (range 4, roll 5): the runner from first,
    # for whom it was meant, goes on to third; then one roll against every BR.
    batter = dp_example(table)
    dice = table.script((20, 4), (6, 5), (6, d6))
    assert error_play(table.game, at_bat(table), batter, Ball("G", 6, "batter"), ET) == "E6"
    assert bases(table) == expected
    assert runs(table) == scored
    assert batter.reached_on_error
    assert errors(table) == [("home-ss", "throwing")]
    dice.assert_done()


def test_g6_shortstops_bad_throw_stopped_by_the_second_baseman(table: Table, played: Recorder) -> None:
    batter = dp_example(table)
    dice = table.script((20, 4), (6, 4))
    assert error_play(table.game, at_bat(table), batter, Ball("G", 6, "batter"), ET) == "E6"
    assert bases(table) == ["batter", "runner-1", None]
    dice.assert_done()


@pytest.mark.parametrize(
    ("d6", "expected"), [(1, [None, "batter", None]), (2, [None, "batter", None]), (3, ["batter", None, None])]
)
def test_g6_no_error_on_the_shortstop_the_pivot_man_throws_it_away(
    table: Table, played: Recorder, d6: int, expected: list[str | None]
) -> None:
    # The runner is out at second; the 2B (error 8) errs on the relay; the 1B (range 3)
    # misses it (4): the batter takes second on 1-2, holds on 3-6.
    batter = dp_example(table)
    dice = table.script((20, 5), (20, 8), (6, 4), (6, d6))
    assert error_play(table.game, at_bat(table), batter, Ball("G", 6, "batter"), ET) == "FC"
    assert bases(table) == expected
    assert table.game.state.outs == 1
    assert [e.runner for e in table.game.events if isinstance(e, RunnerOut)] == ["runner-1"]
    assert errors(table) == [("home-2b", "throwing")]
    dice.assert_done()


def test_g6_pivot_mans_bad_throw_corralled_by_the_first_baseman(table: Table, played: Recorder) -> None:
    batter = dp_example(table)
    dice = table.script((20, 5), (20, 8), (6, 3))
    error_play(table.game, at_bat(table), batter, Ball("G", 6, "batter"), ET)
    assert bases(table) == ["batter", None, None]
    dice.assert_done()


def test_g6_pivot_mans_error_scores_the_runner_from_third_without_an_rbi(table: Table, played: Recorder) -> None:
    """OBR 9.04(b): error-free the grounder was a force double play, so the run from third is no RBI."""
    table.runner(3, br=3)
    batter = dp_example(table)
    dice = table.script((20, 5), (20, 8), (6, 3))  # the shortstop's throw is fine; the pivot man errs; 1B holds it
    assert error_play(table.game, at_bat(table), batter, Ball("G", 6, "batter"), ET) == "FC"
    assert [(e.runner, e.rbi) for e in table.game.events if isinstance(e, RunScored)] == [("runner-3", False)]
    assert bases(table) == ["batter", None, None]
    dice.assert_done()


def test_g6_no_error_on_either_throw_is_played_as_a_ground_out(table: Table, played: Recorder) -> None:
    batter = dp_example(table)
    dice = table.script((20, 5), (20, 9))
    assert error_play(table.game, at_bat(table), batter, Ball("G", 6, "batter"), ET) == "as read"
    assert played.balls == [Ball("G", 6, "batter")]
    dice.assert_done()


@pytest.mark.parametrize(
    ("d6", "expected", "scored"),
    [
        (1, [None, "batter", None], 1),  # 1-2: the runner scores, the batter takes second
        (2, [None, "batter", None], 1),
        (3, ["batter", None, None], 1),  # 3-4: the runner scores, the batter holds
        (4, ["batter", None, None], 1),
        (5, ["batter", None, "runner-2"], 0),  # 5-6: the runner stops at third
    ],
)
def test_g4_second_baseman_throws_past_first(
    table: Table, played: Recorder, d6: int, expected: list[str | None], scored: int
) -> None:
    # IP2007 §5 #6: a runner on second (BR 4), one out, the batter BR 2; the 2B's throw
    # gets by the 1B (range 3, roll 4). The throw was meant for the batter: no base for him.
    table.game.state.outs = 1
    table.runner(2, br=4)
    batter = batter_runner(table, br=2)
    dice = table.script((20, 8), (6, 4), (6, d6))
    assert error_play(table.game, at_bat(table), batter, Ball("G", 4, "batter"), ET) == "E4"
    assert bases(table) == expected
    assert runs(table) == scored
    dice.assert_done()


def test_g4_second_basemans_bad_throw_corralled_at_first(table: Table, played: Recorder) -> None:
    table.game.state.outs = 1
    table.runner(2, br=4)
    dice = table.script((20, 8), (6, 3))
    error_play(table.game, at_bat(table), batter_runner(table, br=2), Ball("G", 4, "batter"), ET)
    assert bases(table) == ["batter", None, "runner-2"]
    dice.assert_done()


def test_first_basemans_throw_goes_to_the_pitcher(table: Table, played: Recorder) -> None:
    # The pitcher (Seaver, range 4) covers first on the 1B's own grounder.
    dice = table.script((20, 8), (6, 4))
    error_play(table.game, at_bat(table), batter_runner(table), Ball("G", 3, "batter"), ET)
    names = [e.name for e in table.game.events if hasattr(e, "name") and "stops the throw" in getattr(e, "name", "")]
    assert names == ["range (home P stops the throw)"]
    dice.assert_done()


def test_infield_in_throws_to_first_not_second(table: Table, played: Recorder) -> None:
    # The shortstop playing in makes no play at second: his throw goes to first.
    table.game.state.infield_depth = {"SS": "in"}
    batter = dp_example(table)
    dice = table.script((20, 20))  # no error; no pivot man to check
    assert error_play(table.game, at_bat(table), batter, Ball("G", 6, "batter"), ET) == "as read"
    dice.assert_done()


def test_two_out_no_double_play_try(table: Table, played: Recorder) -> None:
    table.game.state.outs = 2
    batter = dp_example(table)
    dice = table.script((20, 20))
    assert error_play(table.game, at_bat(table), batter, Ball("G", 6, "batter"), ET) == "as read"
    dice.assert_done()


# --- #7 line drive ---------------------------------------------------------------------


def test_line_drive_no_error_doubles_off_the_nearest_runner(table: Table, played: Recorder) -> None:
    # SS: second, then third, then first (rules README).
    table.runner(1)
    table.runner(2)
    dice = table.script((20, 5))
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("L", 6, "batter"), ET) == "L6 DP"
    assert bases(table) == ["runner-1", None, None]
    assert table.game.state.outs == 2
    dice.assert_done()


@pytest.mark.parametrize(
    ("fielder", "on", "doubled"),
    [(3, (1, 3), 1), (1, (2, 3), 2), (4, (1, 3), 1), (4, (2, 3), 2), (5, (1, 2), 2), (5, (1, 3), 3), (6, (1, 3), 3)],
)
def test_line_drive_double_off_order(
    table: Table, played: Recorder, fielder: int, on: tuple[int, int], doubled: int
) -> None:
    for base in on:
        table.runner(base)
    dice = table.script((20, 20))
    error_play(table.game, at_bat(table), batter_runner(table), Ball("L", fielder, "batter"), ET)
    outs = [(e.runner, e.base) for e in table.game.events if isinstance(e, RunnerOut)]
    assert outs == [("batter", 0), (f"runner-{doubled}", doubled)]
    dice.assert_done()


def test_line_drive_throwing_error_moves_the_runners_up(table: Table, played: Recorder) -> None:
    table.runner(1)
    table.runner(3)
    dice = table.script((20, 4))
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("L", 6, "batter"), ET) == "L6"
    assert bases(table) == [None, "runner-1", None]
    assert runs(table) == 1
    assert table.game.state.outs == 1
    assert errors(table) == [("home-ss", "throwing")]
    dice.assert_done()


def test_line_drive_with_one_out_still_draws_the_throw(table: Table, played: Recorder) -> None:
    # IP2021 "Errors" #7: runners on and fewer than two out; one out is fewer than two.
    table.game.state.outs = 1
    table.runner(1)
    dice = table.script((20, 20))
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("L", 6, "batter"), ET) == "L6 DP"
    assert table.game.state.outs == 3
    dice.assert_done()


@pytest.mark.parametrize(("outs", "on"), [(0, ()), (2, (1,))])
def test_line_drive_no_error_chance(table: Table, played: Recorder, outs: int, on: tuple[int, ...]) -> None:
    # Only with runners on and fewer than two out.
    table.game.state.outs = outs
    for base in on:
        table.runner(base)
    dice = table.script()
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("L", 6, "batter"), ET) == "as read"
    dice.assert_done()


# --- #8 outfielder's throw -------------------------------------------------------------


@pytest.mark.parametrize(
    "ball", [Ball("S", 8, "batter"), Ball("D", 7, "batter"), Ball("S+", 9, "ballpark"), Ball("F", 9, "batter")]
)
def test_outfield_hit_or_fly_on_et_marks_the_throw(table: Table, played: Recorder, ball: Ball) -> None:
    dice = table.script()
    assert error_play(table.game, at_bat(table), batter_runner(table), ball, ET) == "as read"
    assert played.balls == [Ball(ball.kind, ball.fielder, ball.source, throw_error_check=True)]
    dice.assert_done()


@pytest.mark.parametrize(("roll", "error"), [(5, True), (6, False)])
def test_outfield_throw_error_check(table: Table, roll: int, error: bool) -> None:
    dice = table.script((20, roll))  # CF error 5
    assert outfield_throw_error(table.game, Ball("S", 8, "batter", throw_error_check=True)) is error
    assert errors(table) == ([("home-cf", "throwing")] if error else [])
    dice.assert_done()


def test_error_types_cover_every_chart_cell() -> None:
    from engine.inside_pitch.tables import load_table

    for name in ("errors_e", "errors_et", "errors_eg"):
        for cells in load_table(name)["chart"].values():
            assert set(cells.values()) <= set(fielding.ERROR_TYPES)
