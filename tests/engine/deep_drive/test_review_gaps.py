"""The second review's rule gaps, each against the book (issue 16): the missed bunt with the lead
runner on third, the line-drive error's wild throw by fielder, the foul bunt with two strikes,
infield in while playing it safe, and the scorer's marks.

The test batter's card: DD 00-04, SI+ 05-07, SI 08-14, BB 15-19, HBP 20, SO 21-29, DEF 30-34,
OUT 35-49; the pitcher's: DD 50-52, SI+ 53-55, SI 56-59, BB 60-64, HBP 65, SO 66-75, DEF 76-79,
OUT 80-99 (helpers)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.events import PlateAppearanceEnded, RunnerMoved, RunnerOut, RunScored
from tests.engine.deep_drive.helpers import answers, at, bases, batter, dice, hitter, pct, register, runner


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def ended(game: Any) -> list[PlateAppearanceEnded]:
    return [e for e in game.events if isinstance(e, PlateAppearanceEnded)]


def thief(key: str = "r3") -> Any:
    return batter(key, key.upper(), positions=["LF 3"], run="VF", steal="5A")


# --- DDB "Bunt Chart" DD off the batter's card: the lead runner on third steals home -----------


@pytest.mark.parametrize("call", ["squeeze", "sacrifice"])
def test_a_missed_bunt_sends_the_runner_on_third_home_and_a_fast_one_steals_it(call: str) -> None:
    """DDB "Bunt Chart" DD (batter's card): "Lead base runner steals if he is F/VF and Mod Die is
    less than his STEAL rating". On third, the base he steals is home; then the at bat goes on (a
    strike on him): OUT mod 1 is a pop-up, runners hold."""
    game = at(hitter("G6"), dice(pct(2, 3), pct(40, 1)), runners=(runner("r1"), None, thief()),
              auto=answers(offense=call, infield="normal"))  # fmt: skip
    assert ("r3", "stolen base") in [(e.runner, e.reason) for e in game.events if isinstance(e, RunnerMoved)]
    assert game.state.away.runs == 1 and game.state.outs == 1 and bases(game) == ("r1", "-", "-")
    assert [e.result for e in ended(game)] == ["PO"]


def test_a_missed_bunt_with_a_slow_runner_on_third_catches_him_at_the_plate() -> None:
    """DDB "Bunt Chart" DD: "Otherwise, caught stealing": an average runner is out at home."""
    game = at(hitter("G6"), dice(pct(2, 3), pct(40, 1)), runners=(None, None, runner("r3")),
              auto=answers(offense="squeeze", infield="normal"))  # fmt: skip
    caught = [e for e in game.events if isinstance(e, RunnerOut) and e.runner == "r3"]
    assert [(e.base, e.how) for e in caught] == [(4, "CS H")]
    assert game.state.away.runs == 0 and game.state.outs == 2 and bases(game) == ("-", "-", "-")


def test_the_winning_run_stealing_home_on_a_missed_bunt_ends_the_game_with_the_at_bat_unfinished() -> None:
    """OBR 5.08(b): the run ends the game at once; the batter, still up with one strike, is charged
    with no plate appearance (as a wild pitch between pitches)."""
    game = at(hitter("G6"), dice(pct(2, 0)), runners=(None, None, thief()), inning=9, top=False,
              auto=answers(offense="squeeze", infield="normal"))  # fmt: skip
    assert game.state.over and game.state.home.runs == 1
    assert ended(game) == [] and sum(isinstance(e, RunScored) for e in game.events) == 1
