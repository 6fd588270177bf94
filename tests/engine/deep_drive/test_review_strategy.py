"""A second reading of the Hit and Run and Bunt charts against the book, with scripted dice."""

from __future__ import annotations

from typing import Any

import pytest

from engine.events import PlateAppearanceEnded, RunnerOut
from tests.engine.deep_drive.helpers import answers, at, bases, dice, hitter, pct, register, runner


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def hit_and_run(*rolls: list[tuple[int, int]], outs: int = 0) -> Any:
    return at(
        hitter("L6"),
        dice(*rolls),
        runners=(runner("r1"), None, None),
        outs=outs,
        auto=answers(offense="hit_and_run"),
    )


def test_fouls_on_the_hit_and_run_are_strikes_until_two() -> None:
    """DDB "Hit and Run Chart" SO 5-9 and HBP are foul balls; the book leaves the count to the sport
    ("When in doubt, all rules from the sport apply"), where a foul is a strike until there are two.
    Foul (70, mod 6), foul (20: HBP), then SO mod 0 (a strike, the runner thrown out): strike three."""
    game = hit_and_run(pct(70, 6), pct(20, 1), pct(70, 0))
    # Strike three first, then the throw (a strike-'em-out, throw-'em-out double play).
    assert [e.how for e in game.events if isinstance(e, RunnerOut)] == ["K", "CS 2"]
    assert next(e for e in game.events if isinstance(e, PlateAppearanceEnded)).result == "K"


def test_strike_three_with_two_out_leaves_no_play_on_the_runner() -> None:
    """The same pitches with two out: the strikeout is the third out and the inning is over."""
    game = hit_and_run(pct(70, 6), pct(20, 1), pct(70, 0), outs=2)
    assert [e.how for e in game.events if isinstance(e, RunnerOut)] == ["K"]


def test_a_foul_with_two_strikes_leaves_the_count() -> None:
    """Three fouls (BB mod 5-9) and then a single: a foul never makes the third strike."""
    game = hit_and_run(pct(16, 5), pct(16, 9), pct(70, 7), pct(10, 1))
    assert bases(game) == ("hitter", "-", "r1")


def sacrifice(*rolls: list[tuple[int, int]], runners: Any) -> Any:
    return at(hitter("G6"), dice(*rolls), runners=runners, auto=answers(offense="sacrifice", infield="normal"))


def test_a_sacrifice_without_the_squeeze_leaves_the_runner_on_third() -> None:
    """DDB "Bunt Chart": the squeeze is the play on which "a runner is attempting to score from 3rd".
    On a plain sacrifice (SI, mod 5: the first baseman) with first and third, the runner on first
    moves up and the runner on third, not forced, stays."""
    game = sacrifice(pct(10, 5), runners=(runner("r1"), None, runner("r3")))
    assert (bases(game), game.state.outs, game.state.away.runs) == (("-", "r1", "r3"), 1, 0)


def test_a_sacrifice_with_the_bases_loaded_forces_the_run_home() -> None:
    game = sacrifice(pct(10, 5), runners=(runner("r1"), runner("r2"), runner("r3")))
    assert (bases(game), game.state.outs, game.state.away.runs) == (("-", "r1", "r2"), 1, 1)


def test_the_squeeze_scores_him_on_a_good_bunt() -> None:
    """The same roll on the squeeze: a successful sacrifice with the runner going scores him."""
    game = at(
        hitter("G6"),
        dice(pct(10, 5)),
        runners=(runner("r1"), None, runner("r3")),
        auto=answers(offense="squeeze", infield="normal"),
    )
    assert (bases(game), game.state.away.runs) == (("-", "r1", "-"), 1)
