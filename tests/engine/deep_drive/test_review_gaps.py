"""The second review's rule gaps, each against the book (issue 16): the missed bunt with the lead
runner on third, the line-drive error's wild throw by fielder, the foul bunt with two strikes,
infield in while playing it safe, and the scorer's marks.

The test batter's card: DD 00-04, SI+ 05-07, SI 08-14, BB 15-19, HBP 20, SO 21-29, DEF 30-34,
OUT 35-49; the pitcher's: DD 50-52, SI+ 53-55, SI 56-59, BB 60-64, HBP 65, SO 66-75, DEF 76-79,
OUT 80-99 (helpers)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.boxscore import box_score
from engine.events import ErrorCharged, PlateAppearanceEnded, RunnerMoved, RunnerOut, RunScored
from tests.engine.deep_drive.helpers import (
    BOOK_ROWS,
    HandMadeHandbook,
    answers,
    at,
    bases,
    batter,
    dice,
    hitter,
    pct,
    register,
    runner,
)


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


# --- the Error chart's caught liner (DDB "Play-by-Play Chart" ERR, mod 9 even) --------------------


def liner_to(fielder: str, runners: Any) -> Any:
    """The batter's DEF (30), the DEF roll 40 an ERR to ``fielder`` whose Error chart reads LD."""
    register(HandMadeHandbook({40: (fielder, "G3", ((6, "ERR"),))}, error="LD"))
    return at(hitter("G6"), dice(pct(30, 1), pct(40, 9)), runners=runners)


@pytest.mark.parametrize(
    ("fielder", "before", "after"),
    [
        ("1B", ("r1", "-", "-"), ("r1", "-", "-")),  # ERR(1B): "a runner on 2nd or 3rd"
        ("1B", ("-", "r2", "-"), ("-", "-", "r2")),
        ("2B", ("-", "-", "r3"), ("-", "-", "r3")),  # ERR(2B), ERR(3B): "a runner on 1st or 2nd"
        ("3B", ("r1", "-", "-"), ("-", "r1", "-")),
        ("SS", ("-", "-", "r3"), ("-", "-", "-")),  # ERR(SS): any runner (he scores)
    ],
)
def test_the_wild_double_off_throw_needs_a_runner_where_the_book_puts_one(
    fielder: str, before: tuple[str, str, str], after: tuple[str, str, str]
) -> None:
    game = liner_to(fielder, tuple(runner(r) if r != "-" else None for r in before))
    thrown = before != after
    assert game.state.outs == 1 and ended(game)[0].result == "LO" and bases(game) == after
    assert any(isinstance(e, ErrorCharged) for e in game.events) is thrown


# --- DDB "Bunt Chart" DEF: the Error chart, and the foul bunt ---------------------------------


def bunt_error(error: str, *rolls: list[tuple[int, int]]) -> Any:
    """The batter's DEF (30) on a sacrifice; the DEF roll 40 an ERR at third whose Error chart reads ``error``."""
    register(HandMadeHandbook({**BOOK_ROWS, 40: ("3B", "G5", ((6, "ERR"),))}, error=error))
    return at(hitter("G6"), dice(*rolls), runners=(runner("r1"), None, None),
              auto=answers(offense="sacrifice", infield="normal"))  # fmt: skip


def test_a_bunt_error_reads_the_error_chart() -> None:
    """DDB "Bunt Chart" DEF: "Roll on the Season Handbook's DEF Chart": its ERR goes to the Error
    chart like any other (E2 here: everyone two bases)."""
    game = bunt_error("E2", pct(30, 1), pct(40, 2))
    assert bases(game) == ("-", "hitter", "r1") and ended(game)[0].result == "E"


def test_a_foul_bunt_is_a_strike_and_with_two_strikes_strike_three() -> None:
    """OBR 5.09(a)(4): a batter who bunts foul with two strikes is out. The pitcher's DD (51) puts
    two strikes on him; the dropped foul on the next bunt is strike three, with no error charged.
    With no strike on him the same foul is a strike and the bunt goes on (OUT mod 1: a pop-up)."""
    out = bunt_error("FOUL", pct(51, 2), pct(30, 1), pct(40, 2))
    assert [e.result for e in ended(out)] == ["K"] and out.state.outs == 1
    assert not any(isinstance(e, ErrorCharged) for e in out.events)
    on = bunt_error("FOUL", pct(30, 1), pct(40, 2), pct(40, 1))
    assert [e.result for e in ended(on)] == ["PO"]
    assert sum(isinstance(e, ErrorCharged) for e in on.events) == 1


# --- the scorer's marks: GIDP for ground-ball double plays only, FC when the batter reaches ------


def gidp(game: Any) -> int:
    return box_score(game).away.batting_totals().gidp


def test_a_line_drive_double_play_is_a_line_out_and_no_gidp() -> None:
    """DDB "Outs Chart" L6: caught, then 00-09 doubles the runner off. Baseball's scoring: a double
    play on a line drive is no GIDP (grounded into a double play), so the mark is LO."""
    game = at(hitter("L6"), dice(pct(40, 1), [(10, 10), (10, 5)]), runners=(runner("r1"), None, None))
    assert game.state.outs == 2 and ended(game)[0].result == "LO" and gidp(game) == 0


def test_a_ground_ball_double_play_is_a_gidp() -> None:
    """DDB "Outs Chart" G6h, man on 1st: "Double play."."""
    game = at(hitter("G6h"), dice(pct(40, 1)), runners=(runner("r1"), None, None))
    assert game.state.outs == 2 and ended(game)[0].result == "DP" and gidp(game) == 1


@pytest.mark.parametrize(("outs", "mark", "on_first"), [(0, "FC", "hitter"), (2, "GO", "-")])
def test_a_force_is_fc_when_the_batter_reaches_and_go_when_it_ends_the_inning(
    outs: int, mark: str, on_first: str
) -> None:
    """DDB "Outs Chart" G6, man on 1st: "Runner forced out at 2nd. Batter safe on fielder's choice."
    With two out the force is the third out: the half is over and the batter never stands on first,
    so he is scored with the ground out (an at bat, no hit, as FC would be)."""
    game = at(hitter("G6"), dice(pct(40, 1)), runners=(runner("r1"), None, None), outs=outs)
    assert ended(game)[0].result == mark and bases(game)[0] == on_first


def test_after_the_runner_on_third_is_gone_the_batter_swings_when_nobody_is_left_to_move() -> None:
    """The squeeze ends with the man on third (caught at the plate here): with the bases empty there
    is nobody to sacrifice, so the rest of the at bat is a normal one (the batter's SI: a single,
    not a sacrifice)."""
    game = at(hitter("G6"), dice(pct(2, 3), pct(10, 1)), runners=(None, None, runner("r3")),
              auto=answers(offense="squeeze", infield="normal"))  # fmt: skip
    assert [e.result for e in ended(game)] == ["1B"] and bases(game) == ("hitter", "-", "-")
