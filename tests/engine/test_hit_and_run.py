"""The hit and run (IP2021 "Hit and run": GDP - 2, BR + 2, HR / 2 and W / 2; IP2007 §12.2 and the older
key: every line out a double play except on an ET? error, a strikeout played as a steal at SB - 2).

The at bat carries ``hit_and_run``; the strategy roll or manager that calls it is elsewhere.
The books' hit-and-run examples are strategy-roll ranges (IP2021 line 929, IP2007 §12.2
line 916), tested with the strategy roll.
"""

from __future__ import annotations

import dataclasses

import pytest

from cards.notation import Hand, PitcherResult, Position
from engine.events import Check, RunnerMoved
from engine.inside_pitch import balls, fielding, plays, running
from engine.inside_pitch.outs import Grounder
from engine.inside_pitch.reading import AtBat, Ball, Direct, Triggers, home_run_check, walk_check
from engine.state import Runner
from tests.engine import test_ground_outs as ground
from tests.engine import test_reading as reading
from tests.engine.conftest import Table
from tests.engine.helpers import clone_batter
from tests.engine.test_hits import arm, hit


def hit_and_run(ab: AtBat) -> AtBat:
    return dataclasses.replace(ab, hit_and_run=True)


def at_bat(table: Table, gdp: int = 2, br: int = 3) -> AtBat:
    return hit_and_run(ground.at_bat(table, gdp=gdp, br=br))


def checks(table: Table) -> list[Check]:
    return [e for e in table.game.events if isinstance(e, Check)]


# --- HR and W halved -------------------------------------------------------------------------


@pytest.mark.parametrize(("w", "halved"), [(10, 5), (7, 3)])
def test_w_rating_halved_round_down(table: Table, w: int, halved: int) -> None:
    card = clone_batter(table.game.state.batting.order[0].batter, "batter", vs_rhp={"k": 9, "w": w, "hr": 20})
    ab = hit_and_run(ground.at_bat(table))
    ab = dataclasses.replace(ab, batter=card)
    dice = table.script((20, halved), (20, halved + 1))
    assert walk_check(table.game, ab, plus=False)
    assert not walk_check(table.game, ab, plus=False)
    assert [c.rating for c in checks(table)] == [halved, halved]
    dice.assert_done()


def test_w_plus_adds_ten_to_the_halved_rating(table: Table) -> None:
    dice = table.script((20, 15))
    assert walk_check(table.game, at_bat(table), plus=True)  # Bench's W 10 / 2 + 10
    assert checks(table)[0].target == 15
    dice.assert_done()


def test_hr_rating_halved(table: Table) -> None:
    """Bench's HR 20 against a right-hander is 10 on the hit and run."""
    dice = table.script((20, 10), (20, 11))
    assert home_run_check(table.game, at_bat(table), "HR")
    assert not home_run_check(table.game, at_bat(table), "HR")
    dice.assert_done()


def test_k_rating_is_not_halved(table: Table) -> None:
    dice = table.script((20, 9))
    result, _ = reading.pitcher_result(table.game, at_bat(table), PitcherResult.STRIKEOUT)
    assert result == Direct("K", "K")
    dice.assert_done()


def test_without_the_hit_and_run_nothing_is_halved(table: Table) -> None:
    dice = table.script((20, 11))
    assert walk_check(table.game, ground.at_bat(table), plus=False) is False
    assert checks(table)[0].rating == 10
    dice.assert_done()


# --- ground outs: GDP - 2, the runners' BR + 2 ------------------------------------------------


@pytest.mark.parametrize("roll", [2, 5])
def test_double_play_try_gdp_minus_two_br_plus_two(table: Table, roll: int) -> None:
    """G6, runner on first (BR 3): combined GDP 2 + 0 + 1 (2B pivot) - 2 = 1, so a 2 is no double play
    (without the hit and run it would be); his BR 3 + 2 = 5 beats the force on a 2 or a 5."""
    table.runner(1, br=3)
    dice = table.script((6, roll))
    result = ground.play(table, "G6", at_bat(table))
    assert result == "G6"
    gdp, force = checks(table)
    assert gdp.modifiers[-1] == ("hit and run", -2) and gdp.target == 1 and not gdp.success
    assert force.modifiers == (("hit and run", 2),) and force.success
    assert ground.outs_made(table) == [("batter", 0, "6-3")]
    assert ground.bases(table) == [None, "runner-1", None]
    dice.assert_done()


def test_double_play_still_turned_on_a_one(table: Table) -> None:
    table.runner(1, br=3)
    dice = table.script((6, 1))
    assert ground.play(table, "G6", at_bat(table)) == "DP"
    dice.assert_done()


def test_runner_on_second_takes_third_with_br_plus_two(table: Table) -> None:
    """G6 with a runner on second: 1d6 at most his BR (2 + 2 on the hit and run) and he takes third."""
    table.runner(2, br=2)
    dice = table.script((6, 4))
    ground.play(table, "G6", at_bat(table))
    assert ground.bases(table) == [None, None, "runner-2"]
    dice.assert_done()


def test_runner_on_third_adjusted_br_plus_two(table: Table) -> None:
    table.runner(3, br=3)
    ab = at_bat(table)
    gb = Grounder(table.game, ab, Runner(ab.batter, ab.pitcher.id), Ball("G", 6, "batter"))
    assert gb.adjusted_br_third() == 3 + 2 + 2  # infield back + 2, hit and run + 2


# --- line outs: always a double play ------------------------------------------------------------


@pytest.mark.parametrize(("notation", "how"), [("L8", "8-3"), ("L4", "4-3"), ("L3", "3U")])
def test_every_line_out_doubles_up_the_runner_from_first(table: Table, notation: str, how: str) -> None:
    """IP2007 §12.2: all line outs are double plays; no line-out chart die."""
    table.runner(1)
    table.runner(2)
    dice = table.script()
    assert ground.play(table, notation, at_bat(table)) == f"{notation} DP"
    assert ground.outs_made(table) == [("batter", 0, notation), ("runner-1", 1, how)]
    assert ground.bases(table) == [None, "runner-2", None]
    dice.assert_done()


def test_line_out_with_two_out_ends_the_inning(table: Table) -> None:
    table.runner(1)
    table.game.state.outs = 2
    assert ground.play(table, "L8", at_bat(table)) == "L8"
    assert table.game.state.outs == 3


@pytest.mark.parametrize(("roll", "error"), [(4, True), (5, False)])
def test_line_drive_throwing_error_is_the_exception(table: Table, roll: int, error: bool) -> None:
    """ET? on a liner to short (#7): an error on the throw (SS error 4) and the runner is safe, up a base."""
    table.runner(1)
    ab = at_bat(table)
    batter = Runner(ab.batter, ab.pitcher.id)
    dice = table.script((20, roll))
    result = fielding.error_play(table.game, ab, batter, Ball("L", 6, "batter"), PitcherResult.THROWING_ERROR)
    if error:
        assert result == "L6"
        assert ground.bases(table) == [None, "runner-1", None]
    else:
        assert result == "L6 DP"
        assert ground.bases(table) == [None, None, None]
    assert table.game.state.outs == (1 if error else 2)
    dice.assert_done()


# --- hits: the runners' Adjusted BR + 2 ------------------------------------------------------------


def test_single_to_right_runner_from_first_goes_to_third_without_a_throw(table: Table) -> None:
    """S9: BR 2 + 2 (first to third) + arm 0 = 4 draws a throw; + 2 on the hit and run makes 6: he just goes."""
    arm(table, Position.RIGHT, 0)
    runner = table.runner(1, br=2)
    batter = Runner(clone_batter(runner.card, "batter"), runner.pitcher)
    dice = table.script()
    ab = AtBat(batter.card, table.game.state.fielding.pitcher, Hand.RIGHT, False, True, 0, 0, 0, hit_and_run=True)
    balls.play_ball(table.game, ab, batter, Ball("S", 9, "batter"))
    assert ground.bases(table) == ["batter", None, "runner-1"]
    dice.assert_done()


def test_single_to_right_without_the_hit_and_run_draws_a_throw(table: Table) -> None:
    arm(table, Position.RIGHT, 0)
    runner = table.runner(1, br=2)
    dice = table.script((6, 1), (6, 6))  # first die 1: the lead runner takes his base; 6: the batter holds
    hit(table, Runner(clone_batter(runner.card, "batter"), runner.pitcher), "S9")
    assert ground.bases(table) == ["batter", None, "runner-1"]
    dice.assert_done()


@pytest.mark.parametrize(("hit_and_run_on", "third"), [(True, "runner-1"), (False, None)])
def test_infield_single_runner_br_plus_two(table: Table, hit_and_run_on: bool, third: str | None) -> None:
    """S5: the runner from first reaches third with BR 6 or more; 4 + 2 on the hit and run."""
    table.runner(1, br=4)
    ab = ground.at_bat(table)
    ab = dataclasses.replace(ab, hit_and_run=hit_and_run_on)
    balls.play_ball(table.game, ab, Runner(ab.batter, ab.pitcher.id), Ball("S", 5, "batter"))
    assert ground.bases(table)[2] == third


# --- the strikeout: a steal at SB - 2 ---------------------------------------------------------------


@pytest.mark.parametrize(("roll", "safe"), [(10, True), (11, False)])
def test_strikeout_runner_from_first_steals_at_sb_minus_two(table: Table, roll: int, safe: bool) -> None:
    """SB 14 + Seaver 0 + catcher's arm -2 - 2 = 10."""
    table.runner(1)
    ab = at_bat(table)
    dice = table.script((20, roll))
    assert plays.play_result(table.game, ab, Runner(ab.batter, ab.pitcher.id), Direct("K", "K"), Triggers()) == "K"
    steal = checks(table)[-1]
    assert ("hit and run", -2) in steal.modifiers and steal.target == 10
    assert ground.bases(table) == ([None, "runner-1", None] if safe else [None, None, None])
    assert table.game.state.outs == (1 if safe else 2)
    dice.assert_done()


def test_special_k_is_a_strikeout_too(table: Table) -> None:
    """Peavy's Special K turns Rollins's G6 into a strikeout (the card key's example); then the steal."""
    table.runner(1)
    ab = hit_and_run(reading.at_bat())
    dice = table.script((20, 8), (20, 3))
    assert (
        plays.play_result(table.game, ab, Runner(ab.batter, ab.pitcher.id), Ball("G", 6, "batter"), Triggers()) == "K"
    )
    assert any(isinstance(e, RunnerMoved) and e.reason == "stolen base" for e in table.game.events)
    dice.assert_done()


@pytest.mark.parametrize(("occupied", "runners"), [((1,), [1]), ((1, 2), [1, 2]), ((1, 3), [1]), ((1, 2, 3), None)])
def test_who_runs_on_the_strikeout(
    table: Table, monkeypatch: pytest.MonkeyPatch, occupied: tuple[int, ...], runners: list[int] | None
) -> None:
    calls: list[tuple[list[int], int, str]] = []
    monkeypatch.setattr(
        running, "steal", lambda g, bases, sb_modifier=0, why="steal": calls.append((list(bases), sb_modifier, why))
    )
    for base in occupied:
        table.runner(base)
    plays.hit_and_run_strikeout(table.game, at_bat(table))
    assert calls == ([] if runners is None else [(runners, -2, "hit and run")])


def test_no_steal_after_the_third_out_or_without_the_hit_and_run(table: Table) -> None:
    table.runner(1)
    dice = table.script()
    plays.hit_and_run_strikeout(table.game, ground.at_bat(table))
    table.game.state.outs = 3
    plays.hit_and_run_strikeout(table.game, at_bat(table))
    assert ground.bases(table) == ["runner-1", None, None]
    dice.assert_done()
