"""A second reading of the Outs Chart and the alignments against the book, with scripted dice.

Each test names the book's words it checks (DDB section or chart) and fails on the reading it
replaced.
"""

from __future__ import annotations

import pytest

from engine.events import PlateAppearanceEnded, RunnerOut
from tests.engine.deep_drive.helpers import answers, at, bases, dice, hitter, pct, register, runner


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def test_infield_in_turns_an_l1_into_a_single() -> None:
    """DDB "Infield In": L1, L3, L4, L5 and L6 are singles on which the runners take two bases.
    An OUT at 49 with the mod die 0 is an L1 (DDB "Outs Chart" note); with the infield in it falls in:
    the runner on third scores, the runner on first goes to third, nobody is doubled off."""
    game = at(
        hitter("G6"),
        dice(pct(49, 0)),
        runners=(runner("r1"), None, runner("r3")),
        auto=answers(infield="in"),
    )
    assert not [e for e in game.events if isinstance(e, RunnerOut)]
    assert (bases(game), game.state.away.runs) == (("hitter", "-", "r1"), 1)
    assert next(e for e in game.events if isinstance(e, PlateAppearanceEnded)).result == "1B"


def test_corners_in_leave_an_l1_a_line_out() -> None:
    """DDB "Infield In at the Corners": only L3 and L5 fall in; an L1 is still caught (00-09 would
    double the lead runner off; 55 does not)."""
    from tests.engine.deep_drive.helpers import two

    game = at(
        hitter("G6"),
        dice(pct(49, 0), two(55)),
        runners=(runner("r1"), None, runner("r3")),
        auto=answers(infield="corners"),
    )
    assert [e.how for e in game.events if isinstance(e, RunnerOut)] == ["L1"]
    assert bases(game) == ("r1", "-", "r3")


def test_a_run_on_a_wild_pitch_is_the_starter_s_first_run_allowed() -> None:
    """DDB "Pitcher Endurance": a starter loses a point after the first run he allows. A run that scores
    on a wild pitch before the plate appearance (DDB "Wild Pitches, Passed Balls, Balks and Pickoffs":
    On-Base Event 95, Pitcher/Catcher 05 on the test chart) is his first run: 7 - 1 = 6."""
    from engine.deep_drive import endurance
    from tests.engine.deep_drive.helpers import two

    game = at(
        hitter("G6"),
        dice(two(95), two(5), pct(25, 1)),
        runners=(None, None, runner("r3")),
        auto=answers(infield="normal"),
        dd_on_base_events=True,
    )
    arm = endurance.arm_of(game, game.state.fielding)
    assert game.state.away.runs == 1
    assert (arm.starter, arm.runs_allowed, arm.endurance) == (True, 1, 6)
