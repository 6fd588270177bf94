"""The offense's plays: DDB "Bunt Chart" (with the squeeze table) and DDB "Hit and Run Chart".

The test batter's card: DD 00-04, SI+ 05-07, SI 08-14, BB 15-19, HBP 20, SO 21-29, DEF 30-34,
OUT 35-49; the pitcher's: DD 50-52, SI+ 53-55, SI 56-59, BB 60-64, HBP 65, SO 66-75, DEF 76-79,
OUT 80-99 (helpers)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.events import PlateAppearanceEnded, RunnerMoved, RunnerOut
from tests.engine.deep_drive.helpers import answers, at, bases, batter, dice, face, hitter, pct, register, runner


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def result(game: Any) -> PlateAppearanceEnded:
    return next(e for e in game.events if isinstance(e, PlateAppearanceEnded))


def bunting(*rolls: list[tuple[int, int]], runners: Any, call: str = "sacrifice", **kwargs: Any) -> Any:
    return at(hitter("G6"), dice(*rolls), runners=runners, auto=answers(offense=call, infield="normal"), **kwargs)


# --- the sacrifice ---------------------------------------------------------------------------


@pytest.mark.parametrize("reading", [6, 10, 54, 57])
def test_a_single_on_the_card_is_a_sacrifice(reading: int) -> None:
    game = bunting(pct(reading, 5), runners=(runner("r1"), None, None))
    assert (bases(game), game.state.outs, result(game).result) == (("-", "r1", "-"), 1, "SH")
    assert result(game).notation == "SH3"  # the mod die 5: the first baseman fields it


def test_out_mod_0_pops_up_and_the_lead_runner_is_doubled_off() -> None:
    game = bunting(pct(40, 0), runners=(runner("r1"), runner("r2"), None))
    assert game.state.outs == 2 and bases(game) == ("r1", "-", "-")


def test_out_mod_1_pops_up_and_the_runners_hold() -> None:
    game = bunting(pct(40, 1), runners=(runner("r1"), None, None))
    assert game.state.outs == 1 and bases(game) == ("r1", "-", "-")


def test_balls_walk_at_four_and_strikes_go_to_two() -> None:
    """BB is a ball (four walk); the pitcher's DD is two strikes, then any strike strikes him out."""
    walk = bunting(pct(16, 2), pct(17, 2), pct(61, 2), pct(62, 2), runners=(runner("r1"), None, None))
    assert result(walk).result == "BB" and bases(walk) == ("hitter", "r1", "-")
    out = bunting(pct(51, 2), pct(70, 2), runners=(runner("r1"), None, None))
    assert result(out).result == "K"


def test_a_missed_bunt_and_the_fast_runner_steals() -> None:
    """The batter's DD: he misses; the lead runner (VF, STEAL 5) steals on a mod die below 5."""
    thief = batter("thief", "Thief", positions=["LF 3"], run="VF", steal="5A")
    game = bunting(pct(2, 3), pct(10, 6), runners=(thief, None, None))
    moves = [(e.runner, e.reason) for e in game.events if isinstance(e, RunnerMoved)]
    assert ("thief", "stolen base") in moves
    caught = bunting(pct(2, 7), pct(10, 6), runners=(runner("r1"), None, None))
    assert next(e.how for e in caught.events if isinstance(e, RunnerOut)) == "CS 2"


def test_def_on_a_bunt_single_is_an_infield_single() -> None:
    """Row 30 "[2B] G4 (1) SI" moves to the first baseman; rated 1, a single: everyone one base."""
    game = at(hitter("G6"), dice(pct(32, 1), pct(30, 4)), runners=(None, runner("r2", "VF"), None),
              auto=answers(offense="sacrifice"), home_ratings={"1B": 1})  # fmt: skip
    assert bases(game) == ("hitter", "-", "r2") and result(game).result == "1B"


# --- the suicide squeeze ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mod", "infield", "run", "scored", "after"),
    [
        (2, "normal", "avg", 1, ("-", "-", "-")),  # infield deep, 2-3: he scores, the batter is out
        (2, "normal", "S", 0, ("hitter", "-", "-")),  # a slow man is out at the plate
        (1, "normal", "VS", 1, ("hitter", "-", "-")),  # 1: the throw home is late, both safe
        (0, "in", "avg", 0, ("hitter", "-", "-")),  # infield in, 0: an average runner is out
        (0, "in", "F", 1, ("hitter", "-", "-")),  # ... a fast one and the batter are both safe
    ],
)
def test_the_squeeze(mod: int, infield: str, run: str, scored: int, after: tuple[str, str, str]) -> None:
    """DDB "Bunt Chart" SO off the batter's card with the runner on third going."""
    game = at(hitter("G6"), dice(pct(25, mod)), runners=(None, None, runner("r3", run)),
              auto=answers(offense="squeeze", infield=infield))  # fmt: skip
    assert (game.state.away.runs, bases(game)) == (scored, after)


def test_without_the_squeeze_so_off_the_batter_is_a_sacrifice() -> None:
    game = bunting(pct(25, 4), runners=(runner("r1"), None, None))
    assert result(game).result == "SH" and bases(game) == ("-", "r1", "-")


# --- the hit and run -------------------------------------------------------------------------


def running_play(*rolls: list[tuple[int, int]], runners: Any = None, **kwargs: Any) -> Any:
    return at(hitter("L6"), dice(*rolls), runners=runners or (runner("r1"), None, None),
              auto=answers(offense="hit_and_run"), **kwargs)  # fmt: skip


def test_a_single_sends_every_runner_two_bases() -> None:
    game = running_play(pct(10, 1))
    assert bases(game) == ("hitter", "-", "r1")


def test_a_line_out_doubles_off_the_runner_in_motion() -> None:
    game = running_play(pct(40, 1))
    assert game.state.outs == 2 and bases(game) == ("-", "-", "-")


def test_a_grounder_becomes_a_slow_roller() -> None:
    """G6 on the hit and run plays as G6s: the batter out, the runner to second."""
    game = at(hitter("G6"), dice(pct(40, 1)), runners=(runner("r1"), None, None), auto=answers(offense="hit_and_run"))
    assert bases(game) == ("-", "r1", "-") and game.state.outs == 1


def test_a_deep_fly_doubles_the_runner_up_and_a_double_scores_him() -> None:
    fly = running_play(pct(2, 1), pct(80, 5))
    assert fly.state.outs == 2
    double = running_play(pct(2, 1), pct(50, 5))
    assert double.state.away.runs == 1 and bases(double) == ("-", "hitter", "-")


def test_a_ball_and_the_runner_goes_then_the_at_bat_goes_on() -> None:
    """BB, mod 0-3: a ball, the mod die re-rolled: an average runner is caught; then a normal at bat."""
    game = running_play(pct(16, 2), [face(1)], pct(25, 1))
    outs = [e.how for e in game.events if isinstance(e, RunnerOut)]
    assert outs == ["CS 2", "K"]


def test_a_foul_and_the_play_stays_on() -> None:
    """SO, mod 5-9: a foul; the next roll is read on the Hit and Run Chart again (a single)."""
    game = running_play(pct(70, 6), pct(10, 1))
    assert bases(game) == ("hitter", "-", "r1")


def test_caught_stealing_for_the_third_out_ends_the_half_with_the_at_bat_unfinished() -> None:
    """SO mod 0-1: a strike and the runner is thrown out: the third out; no plate appearance is counted."""
    game = running_play(pct(70, 0), outs=2)
    assert game.state.outs == 3
    assert not [e for e in game.events if isinstance(e, PlateAppearanceEnded)]
    assert game.state.away.up == 0  # he leads off the next inning


def test_the_hit_and_run_is_not_offered_with_a_runner_on_third() -> None:
    game = at(
        hitter("G6"), dice(pct(25, 1)), runners=(runner("r1"), None, runner("r3")), auto=answers(infield="normal")
    )
    first = next(d for d in game.log if d.kind == "offense")
    assert first.choice == "swing"
    from engine.deep_drive.strategy import HIT_AND_RUN, legal

    assert not legal(game, HIT_AND_RUN)


def test_the_auto_manager_bunts_late_and_close() -> None:
    game = at(hitter("G6"), dice(pct(10, 5)), runners=(runner("r1"), None, None), inning=8, score=(2, 2))
    decision = next(d for d in game.log if d.kind == "offense")
    assert (decision.choice, decision.by) == ("sacrifice", "auto") and result(game).result == "SH"


def test_a_dropped_foul_on_the_hit_and_run_keeps_the_play_on() -> None:
    """DEF on the hit and run, the Error chart's dropped foul: the next roll is read on the chart again."""
    from tests.engine.deep_drive.helpers import BOOK_ROWS, HandMadeHandbook

    register(HandMadeHandbook({**BOOK_ROWS, 40: ("1B", "G3", ((6, "ERR"),))}, error="FOUL"))
    game = running_play(pct(32, 1), pct(40, 4), pct(10, 1))
    assert bases(game) == ("hitter", "-", "r1")
