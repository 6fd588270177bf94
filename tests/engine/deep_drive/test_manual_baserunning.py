"""Manual baserunning (DDB "Baserunner Advancement Chart" NO?/YES?), the Choice Chart and the Cut-Off Chart."""

from __future__ import annotations

from typing import Any

import pytest

from engine.events import ErrorCharged, Reading, RunnerOut
from tests.engine.deep_drive.helpers import answers, at, bases, dice, face, hitter, pct, register, runner, two


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def single(*extra: list[tuple[int, int]], runners: Any, outs: int = 0, **kinds: str) -> Any:
    """An SI off the batter's card (10), with the runners stated; ``kinds`` answer the requests."""
    return at(hitter("G6"), dice(pct(10, 1), *extra), runners=runners, outs=outs, auto=answers(**kinds),
              dd_manual_baserunning=True)  # fmt: skip


def test_a_runner_sent_home_and_safe() -> None:
    """SI, 0 out, a fast runner on 2nd: NO? (asked). Sent; the Choice Chart 20: safe."""
    game = single(two(20), runners=(None, runner("r2", "F"), None), send_runner="send")
    assert game.state.away.runs == 1 and bases(game) == ("hitter", "-", "-")


def test_a_runner_sent_home_and_thrown_out() -> None:
    game = single(two(85), runners=(None, runner("r2", "F"), None), send_runner="send")
    assert game.state.away.runs == 0 and game.state.outs == 1
    assert [e.how for e in game.events if isinstance(e, RunnerOut)] == ["thrown out at home"]


@pytest.mark.parametrize(("roll", "run", "scored"), [(69, "F", 1), (70, "F", 0), (60, "avg", 1), (61, "avg", 0)])
def test_the_speed_window(roll: int, run: str, scored: int) -> None:
    """Choice Chart 42-78: safe through 69 for F, 60 for an average runner (two out: SI F YES?, avg NO?)."""
    game = single(two(roll), runners=(None, runner("r2", run), None), outs=2, send_runner="send")
    assert game.state.away.runs == scored


def test_held_the_runner_stays_at_third() -> None:
    game = single(runners=(None, runner("r2", "F"), None), send_runner="hold")
    assert bases(game) == ("hitter", "-", "r2")


def test_the_throw_home_lets_the_runner_from_first_reach_third() -> None:
    game = single(two(85), runners=(runner("r1", "S"), runner("r2", "F"), None), send_runner="send")
    assert bases(game) == ("hitter", "-", "r1")


def test_the_catcher_drops_the_throw_on_03() -> None:
    """Choice Chart 03: a catcher rated 1 or lower drops it (here a 1): safe on his error."""
    game = at(hitter("G6"), dice(pct(10, 1), two(3)), runners=(None, runner("r2", "F"), None),
              auto=answers(send_runner="send"), home_ratings={"C": 1}, dd_manual_baserunning=True)  # fmt: skip
    assert game.state.away.runs == 1
    assert [e.position for e in game.events if isinstance(e, ErrorCharged)] == ["C"]


def test_a_rundown_buys_time_for_the_runners_behind() -> None:
    """Choice Chart 00: tagged out in a rundown; 10 on the second roll: a runner who is not VS buys time."""
    game = single(two(0), two(10), runners=(runner("r1"), runner("r2", "F"), None), send_runner="send")
    assert game.state.outs == 1 and bases(game) == ("-", "hitter", "r1")


def test_cut_off_the_runner_is_safe_and_the_others_hold() -> None:
    game = single(two(50), runners=(None, runner("r2", "F"), None), send_runner="send", throw="cut_off")
    assert game.state.away.runs == 1 and bases(game) == ("hitter", "-", "-")
    assert any(isinstance(e, Reading) and e.card == "Cut-Off Chart" for e in game.events)


def test_cut_off_catches_the_batter_trying_for_second() -> None:
    """Cut-Off 95-99: one die picks among the runners trying to move up (here only the batter)."""
    game = single(two(97), [face(3)], runners=(None, runner("r2", "F"), None), send_runner="send", throw="cut_off")
    assert game.state.outs == 1 and bases(game) == ("-", "-", "-")


def test_a_throw_over_the_cut_off_man() -> None:
    """Cut-Off 01-04, the die above the outfielder's rating (the mod die 1: left field, rated 3): the batter to 2nd."""
    game = single(two(2), [face(7)], runners=(None, runner("r2", "F"), None), send_runner="send", throw="cut_off")
    assert bases(game) == ("-", "hitter", "-")
    assert [e.position for e in game.events if isinstance(e, ErrorCharged)] == ["LF"]


def test_a_runner_tagging_from_second_sent_and_thrown_out_at_third() -> None:
    """F9, a fast runner on 2nd: YES? (asked). Sent, the Choice Chart 90: out at third."""
    game = at(hitter("F9"), dice(pct(40, 1), two(90)), runners=(None, runner("r2", "F"), None),
              auto=answers(send_runner="send"), dd_manual_baserunning=True)  # fmt: skip
    assert game.state.outs == 2 and bases(game) == ("-", "-", "-")


def test_automatic_baserunning_asks_nothing() -> None:
    game = at(hitter("G6"), dice(pct(10, 1)), runners=(None, runner("r2", "F"), None))
    assert not [d for d in game.log if d.kind in ("send_runner", "throw")]
    assert bases(game) == ("hitter", "-", "r2")


def test_a_collision_at_the_plate_checks_the_runner() -> None:
    """Choice Chart 02: safe after a collision; the collision roll 10: the runner is hurt (the In-Game
    Injury chart, the test's: 30 hurts him for the game and 10 more)."""
    from engine.events import Injury

    game = single(two(2), two(10), two(30), runners=(None, runner("r2", "F"), None), send_runner="send")
    assert game.state.away.runs == 1
    assert [(e.player, e.kind) for e in game.events if isinstance(e, Injury)] == [("r2", "game+10")]


def test_a_runner_hurt_in_a_collision_is_hurt_whatever_the_chart_reads() -> None:
    """Choice Chart collision 00-19: "The base runner is injured"; the In-Game Injury chart's 70
    (the test's: not hurt) only says how long: the mildest, out for the game."""
    from engine.events import Injury

    game = single(two(2), two(10), two(70), runners=(None, runner("r2", "F"), None), send_runner="send")
    assert [(e.player, e.kind) for e in game.events if isinstance(e, Injury)] == [("r2", "game")]
