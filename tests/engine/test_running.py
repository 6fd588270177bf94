"""Stolen bases and pickoffs (IP2021 "Strategy Roll": stealing and pickoff attempts; IP2007 §12.1.2, §12.8)."""

from __future__ import annotations

import pytest

from cards.models import Pitcher
from cards.notation import Position
from engine import boxscore
from engine.events import Check, ErrorCharged, HalfInningStarted, Reading, RunnerMoved, RunnerOut, RunScored
from engine.inside_pitch.running import pickoff, pickoff_target, steal
from engine.state import Runner
from tests.engine.conftest import Table
from tests.engine.helpers import BENCH, clone_batter
from tests.engine.test_range import set_fielder


def put(table: Table, base: int, att: int | str = 7, sb: int = 10, name: str | None = None) -> Runner:
    """A runner with the given ATT and SB on ``base``."""
    card = clone_batter(BENCH, name or f"runner-{base}", att=att, sb=sb)
    runner = Runner(card, table.game.state.fielding.pitcher.id)
    table.game.state.bases[base - 1] = runner
    return runner


def set_pitcher(table: Table, **changes: object) -> Pitcher:
    """The defense's pitcher with other ratings (same id): hold, steal, balk, pickoff, pickoff_error."""
    team = table.game.state.fielding
    team.pitcher = Pitcher.model_validate({**team.pitcher.model_dump(mode="json"), **changes})
    return team.pitcher


def set_catcher(table: Table, error: int = 8, arm: int = 0) -> None:
    set_fielder(table, Position.C, f"C - 3/2 ({error}) {arm:+d}")


@pytest.fixture
def steals(table: Table) -> Table:
    """Pitcher SB +1, HLD 0; catcher arm +1, error 8."""
    set_pitcher(table, steal=1, hold=0)
    set_catcher(table, error=8, arm=1)
    return table


def bases(table: Table) -> list[str | None]:
    return [r.id if r else None for r in table.game.state.bases]


def moves(table: Table) -> list[tuple[str, int, int, str]]:
    return [(e.runner, e.start, e.end, e.reason) for e in table.game.events if isinstance(e, RunnerMoved)]


def outs(table: Table) -> list[tuple[str, int, str]]:
    return [(e.runner, e.base, e.how) for e in table.game.events if isinstance(e, RunnerOut)]


def checks(table: Table) -> list[Check]:
    return [e for e in table.game.events if isinstance(e, Check)]


def errors(table: Table) -> list[tuple[str, str, str]]:
    return [(e.fielder, e.position, e.kind) for e in table.game.events if isinstance(e, ErrorCharged)]


# --- one runner -------------------------------------------------------------------------


def test_steal_of_second_safe_at_adjusted_sb(steals: Table) -> None:
    """Adjusted SB = runner SB 10 + pitcher SB 1 + catcher arm 1 = 12: a 12 is safe."""
    put(steals, 1, sb=10)
    dice = steals.script((20, 12))
    steal(steals.game, [1])
    dice.assert_done()
    assert bases(steals) == [None, "runner-1", None]
    assert moves(steals) == [("runner-1", 1, 2, "stolen base")]
    (check,) = checks(steals)
    assert (check.target, check.roll, check.success) == (12, 12, True)
    assert steals.game.state.outs == 0


def test_steal_of_second_caught_above_adjusted_sb(steals: Table) -> None:
    put(steals, 1, sb=10)
    dice = steals.script((20, 13))
    steal(steals.game, [1])
    dice.assert_done()
    assert bases(steals) == [None, None, None]
    assert outs(steals) == [("runner-1", 2, "CS 2-6")]
    assert steals.game.state.outs == 1


def test_steal_of_third_uses_the_catchers_arm(steals: Table) -> None:
    put(steals, 2, sb=5)  # 5 + 1 + 1 = 7
    dice = steals.script((20, 8))
    steal(steals.game, [2])
    dice.assert_done()
    assert outs(steals) == [("runner-2", 3, "CS 2-5")]


def test_a_20_is_always_caught(steals: Table) -> None:
    """IP2021: a roll of 20 is caught stealing whatever the rating (here 20 + 1 + 1 = 22)."""
    put(steals, 1, sb=20)
    dice = steals.script((20, 20))
    steal(steals.game, [1])
    dice.assert_done()
    assert outs(steals) == [("runner-1", 2, "CS 2-6")]
    assert checks(steals)[0].success is False


def test_roll_of_1_is_safe_and_checks_the_catchers_throw_no_error(steals: Table) -> None:
    put(steals, 1, sb=10)
    dice = steals.script((20, 1), (20, 9))  # error number 8: a 9 is a good throw
    steal(steals.game, [1])
    dice.assert_done()
    assert bases(steals) == [None, "runner-1", None]
    assert [c.name for c in checks(steals)][1] == "error (home-c, throw on the steal)"
    assert errors(steals) == []


def test_catchers_throwing_error_moves_every_runner_up_a_base(steals: Table) -> None:
    """IP2021: on a 1 or 2, 1d20 against the catcher's error number; an error is one base for all runners."""
    put(steals, 1, sb=10)
    put(steals, 3, att="N", sb=0)
    dice = steals.script((20, 2), (20, 8))
    steal(steals.game, [1])
    dice.assert_done()
    assert bases(steals) == [None, None, "runner-1"]
    assert moves(steals) == [
        ("runner-1", 1, 2, "stolen base"),
        ("runner-3", 3, 4, "error"),
        ("runner-1", 2, 3, "error"),
    ]
    assert errors(steals) == [("home-c", "C", "throwing (steal)")]
    (run,) = [e for e in steals.game.events if isinstance(e, RunScored)]
    assert run.runner == "runner-3" and not run.rbi
    assert steals.game.state.batting.runs == 1


def test_roll_of_2_is_safe_even_below_the_rating(steals: Table) -> None:
    """IP2007 §12.1.2 chart: 1-2 safe whatever the Adjusted SB (here 0 + 1 - 10 = -9 for home)."""
    put(steals, 3, sb=0)
    dice = steals.script((20, 2), (20, 20))
    steal(steals.game, [3])
    dice.assert_done()
    assert moves(steals) == [("runner-3", 3, 4, "stolen base")]
    assert steals.game.state.batting.runs == 1


def test_steal_of_home_is_sb_plus_pitcher_sb_minus_10_without_the_arm(steals: Table) -> None:
    """IP2021 "Home: SB (runner) + SB (pitcher) - 10": 14 + 1 - 10 = 5 (the catcher's +1 arm does not count)."""
    put(steals, 3, sb=14)
    dice = steals.script((20, 5))
    steal(steals.game, [3])
    dice.assert_done()
    (check,) = checks(steals)
    assert check.target == 5
    assert ("stealing home", -10) in check.modifiers
    assert steals.game.state.batting.runs == 1
    assert [e.rbi for e in steals.game.events if isinstance(e, RunScored)] == [False]


def test_steal_of_home_caught_above_sb_minus_10(steals: Table) -> None:
    put(steals, 3, sb=14)
    dice = steals.script((20, 6))
    steal(steals.game, [3])
    dice.assert_done()
    assert outs(steals) == [("runner-3", 4, "CS 1-2")]
    assert steals.game.state.batting.runs == 0


def test_hit_and_run_strikeout_steal_takes_2_off(steals: Table) -> None:
    """IP2007 §12.2: a strikeout on the hit and run is played as a steal with SB - 2."""
    put(steals, 1, sb=10)  # 12 - 2 = 10
    dice = steals.script((20, 11))
    steal(steals.game, [1], sb_modifier=-2, why="hit and run")
    dice.assert_done()
    (check,) = checks(steals)
    assert check.target == 10 and ("hit and run", -2) in check.modifiers
    assert check.name.startswith("hit and run: ")
    assert outs(steals) == [("runner-1", 2, "CS 2-6")]


def test_steal_refuses_an_occupied_base_or_an_empty_one(steals: Table) -> None:
    put(steals, 1)
    put(steals, 2)
    with pytest.raises(ValueError, match="occupied"):
        steal(steals.game, [1])
    with pytest.raises(ValueError, match="nobody"):
        steal(steals.game, [3])
    with pytest.raises(ValueError):
        steal(steals.game, [])


# --- double steals ----------------------------------------------------------------------


def test_double_steal_both_caught_the_runner_going_to_third_is_out(steals: Table) -> None:
    """IP2021: "if both runners roll a caught stealing, default to the runner stealing 3rd"."""
    put(steals, 1, sb=5)
    put(steals, 2, sb=5)
    dice = steals.script((20, 15), (20, 15))  # lead runner first
    steal(steals.game, [1, 2])
    dice.assert_done()
    assert [c.name.split(": ")[1] for c in checks(steals)] == ["runner-2 steals third", "runner-1 steals second"]
    assert outs(steals) == [("runner-2", 3, "CS 2-5")]
    assert bases(steals) == [None, "runner-1", None]
    assert moves(steals) == [("runner-1", 1, 2, "on the throw")]
    assert steals.game.state.outs == 1


def test_double_steal_lead_runner_caught_trailer_safe(steals: Table) -> None:
    put(steals, 1, sb=10)
    put(steals, 2, sb=5)
    dice = steals.script((20, 15), (20, 3))
    steal(steals.game, [1, 2])
    dice.assert_done()
    assert outs(steals) == [("runner-2", 3, "CS 2-5")]
    # No stolen base in a double steal in which a runner is thrown out (baseball's scoring rules).
    assert moves(steals) == [("runner-1", 1, 2, "on the throw")]


def test_double_steal_lead_runner_safe_trailer_caught(steals: Table) -> None:
    put(steals, 1, sb=5)
    put(steals, 2, sb=10)
    dice = steals.script((20, 3), (20, 15))
    steal(steals.game, [1, 2])
    dice.assert_done()
    assert moves(steals) == [("runner-2", 2, 3, "on the throw")]
    assert outs(steals) == [("runner-1", 2, "CS 2-6")]
    assert bases(steals) == [None, None, "runner-2"]


def test_double_steal_both_safe_both_steal(steals: Table) -> None:
    put(steals, 1, sb=10)
    put(steals, 2, sb=10)
    dice = steals.script((20, 4), (20, 5))
    steal(steals.game, [2, 1])
    dice.assert_done()
    assert moves(steals) == [("runner-2", 2, 3, "stolen base"), ("runner-1", 1, 2, "stolen base")]
    assert bases(steals) == [None, "runner-1", "runner-2"]


def test_first_and_third_both_caught_the_lead_runner_is_out(steals: Table) -> None:
    """Nobody going to third: Dugout puts out the lead runner (going home); the trailer takes second."""
    put(steals, 1, sb=5)
    put(steals, 3, sb=5)
    dice = steals.script((20, 15), (20, 15))
    steal(steals.game, [1, 3])
    dice.assert_done()
    assert outs(steals) == [("runner-3", 4, "CS 1-2")]
    assert bases(steals) == [None, "runner-1", None]


def test_second_and_third_both_caught_the_runner_going_to_third_is_out(steals: Table) -> None:
    """The book's rule read as written: the throw goes to third, the runner from third scores."""
    put(steals, 2, sb=5)
    put(steals, 3, sb=5)
    dice = steals.script((20, 15), (20, 15))
    steal(steals.game, [2, 3])
    dice.assert_done()
    assert moves(steals) == [("runner-3", 3, 4, "on the throw")]
    assert outs(steals) == [("runner-2", 3, "CS 2-5")]
    assert steals.game.state.batting.runs == 1


def test_a_third_out_on_the_bases_ends_the_steal(steals: Table) -> None:
    steals.game.state.outs = 2
    put(steals, 1, sb=10)
    put(steals, 2, sb=5)
    dice = steals.script((20, 15), (20, 3))
    steal(steals.game, [1, 2])
    dice.assert_done()
    assert outs(steals) == [("runner-2", 3, "CS 2-5")]
    assert moves(steals) == []
    assert steals.game.state.outs == 3


def test_a_steal_of_home_scores_before_the_trailer_is_thrown_out(steals: Table) -> None:
    steals.game.state.outs = 2
    put(steals, 1, sb=5)
    put(steals, 3, sb=14)
    dice = steals.script((20, 3), (20, 15))
    steal(steals.game, [1, 3])
    dice.assert_done()
    assert moves(steals) == [("runner-3", 3, 4, "on the throw")]
    assert outs(steals) == [("runner-1", 2, "CS 2-6")]
    assert steals.game.state.batting.runs == 1


def test_one_throwing_error_check_at_most(steals: Table) -> None:
    """Two runners roll a 1: the first error found ends the checks; the error moves both up once more."""
    put(steals, 1, sb=10)
    put(steals, 2, sb=10)
    dice = steals.script((20, 1), (20, 3), (20, 1))
    steal(steals.game, [1, 2])
    dice.assert_done()
    assert errors(steals) == [("home-c", "C", "throwing (steal)")]
    assert bases(steals) == [None, None, "runner-1"]
    assert steals.game.state.batting.runs == 1


def test_a_second_error_check_when_the_first_throw_was_good(steals: Table) -> None:
    put(steals, 1, sb=10)
    put(steals, 2, sb=10)
    dice = steals.script((20, 1), (20, 9), (20, 2), (20, 9))
    steal(steals.game, [1, 2])
    dice.assert_done()
    assert errors(steals) == []
    assert bases(steals) == [None, "runner-1", "runner-2"]


# --- pickoffs -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("occupied", "target"),
    [
        ((1,), 1),
        ((2,), 2),
        ((3,), 3),
        ((1, 3), 1),  # IP2021: "the runner on first in a first and third situation"
        ((1, 2), 2),  # IP2021: "the runner on second in a first and second situation"
        ((2, 3), 3),  # otherwise the runner on third
        ((1, 2, 3), 3),
    ],
)
def test_pickoff_target_examples(table: Table, occupied: tuple[int, ...], target: int) -> None:
    for base in occupied:
        put(table, base)
    assert pickoff_target(table.game) == target


def test_pickoff_target_needs_a_runner(table: Table) -> None:
    with pytest.raises(ValueError):
        pickoff_target(table.game)


@pytest.fixture
def pickoffs(table: Table) -> Table:
    set_pitcher(table, balk="1-2", pickoff="3-5", pickoff_error="6")
    return table


def test_pickoff_balk_moves_every_runner_up(pickoffs: Table) -> None:
    put(pickoffs, 1)
    put(pickoffs, 3)
    dice = pickoffs.script((20, 2))
    pickoff(pickoffs.game)
    dice.assert_done()
    assert moves(pickoffs) == [("runner-3", 3, 4, "balk"), ("runner-1", 1, 2, "balk")]
    assert bases(pickoffs) == [None, "runner-1", None]
    assert pickoffs.game.state.batting.runs == 1
    assert [e.result for e in pickoffs.game.events if isinstance(e, Reading)] == ["balk"]


def test_pickoff_first_and_third_picks_off_the_runner_on_first(pickoffs: Table) -> None:
    put(pickoffs, 1)
    put(pickoffs, 3)
    dice = pickoffs.script((20, 3))
    pickoff(pickoffs.game)
    dice.assert_done()
    assert outs(pickoffs) == [("runner-1", 1, "picked off 1-3")]
    assert bases(pickoffs) == [None, None, "runner-3"]
    assert pickoffs.game.state.outs == 1


def test_pickoff_first_and_second_picks_off_the_runner_on_second(pickoffs: Table) -> None:
    put(pickoffs, 1)
    put(pickoffs, 2)
    dice = pickoffs.script((20, 5))
    pickoff(pickoffs.game)
    dice.assert_done()
    assert outs(pickoffs) == [("runner-2", 2, "picked off 1-6")]
    assert bases(pickoffs) == ["runner-1", None, None]


def test_pickoff_bases_loaded_goes_for_the_runner_on_third(pickoffs: Table) -> None:
    for base in (1, 2, 3):
        put(pickoffs, base)
    dice = pickoffs.script((20, 4))
    pickoff(pickoffs.game)
    dice.assert_done()
    assert outs(pickoffs) == [("runner-3", 3, "picked off 1-5")]


def test_pickoff_error_is_automatic_and_moves_every_runner_up(pickoffs: Table) -> None:
    """IP2021: a POE is the pitcher throwing it away, without regard for his error rating (no check)."""
    put(pickoffs, 2)
    put(pickoffs, 3)
    dice = pickoffs.script((20, 6))
    pickoff(pickoffs.game)
    dice.assert_done()
    assert errors(pickoffs) == [("home-p", "P", "pickoff throw")]
    assert moves(pickoffs) == [("runner-3", 3, 4, "error"), ("runner-2", 2, 3, "error")]
    assert checks(pickoffs) == []


def test_pickoff_roll_in_no_range_changes_nothing(pickoffs: Table) -> None:
    put(pickoffs, 1)
    dice = pickoffs.script((20, 7))
    pickoff(pickoffs.game)
    dice.assert_done()
    assert bases(pickoffs) == ["runner-1", None, None]
    assert moves(pickoffs) == [] and outs(pickoffs) == [] and errors(pickoffs) == []


def test_pickoff_with_a_pitcher_without_ranges(table: Table) -> None:
    set_pitcher(table, balk="", pickoff="", pickoff_error="")
    put(table, 1)
    dice = table.script((20, 1))
    pickoff(table.game)
    dice.assert_done()
    assert bases(table) == ["runner-1", None, None]


# --- the box score counts them ---------------------------------------------------------------


def test_box_score_counts_sb_cs_bk_pickoffs_and_the_errors(steals: Table) -> None:
    g = steals.game
    set_pitcher(steals, steal=1, hold=0, balk="1-2", pickoff="3-5", pickoff_error="6")
    g.emit(HalfInningStarted(1, True, "away"))
    put(steals, 1, sb=10, name="fast")
    dice = steals.script((20, 4), (20, 5))
    steal(g, [1])  # SB
    steal(g, [2])  # SB
    put(steals, 1, sb=0, name="slow")
    dice.extend([(20, 19)])
    steal(g, [1])  # CS
    dice.extend([(20, 1)])
    pickoff(g)  # balk: fast scores
    put(steals, 1, name="dozer")
    dice.extend([(20, 6)])
    pickoff(g)  # POE: dozer to second
    dice.extend([(20, 3)])
    pickoff(g)  # dozer picked off second
    dice.assert_done()
    box = boxscore.box_score(g)
    batting = {line.player: line for line in box.away.batting}
    assert (batting["fast"].sb, batting["fast"].cs, batting["fast"].r) == (2, 0, 1)
    assert (batting["slow"].sb, batting["slow"].cs) == (0, 1)
    pitching = box.home.pitching[0]
    assert (pitching.bk, pitching.outs) == (1, 2)
    assert outs(steals) == [("slow", 2, "CS 2-6"), ("dozer", 2, "picked off 1-6")]
    assert {f.player: f.e for f in box.home.fielding}["home-p"] == 1
