"""Boundaries the book or Dugout's documented auto-manager pins down, each on both sides (issue 26):
the Error Chart's "bases empty or two outs" reading and the hold of the runner on third from the 7th.

The test batter's card: DEF 30-34, OUT 35-49 (helpers); the DEF roll 40 names the fielder."""

from __future__ import annotations

from typing import Any

import pytest

from engine.deep_drive.handbook import default_handbook
from engine.events import ErrorCharged, PlateAppearanceEnded
from tests.engine.deep_drive.helpers import HandMadeHandbook, answers, at, bases, dice, hitter, pct, register, runner


class RealErrors(HandMadeHandbook):
    """The test's DEF rows with Dugout's own Error Chart (its ERR(2B) 9 reads E1 odd, LD even)."""

    def read_error(self, fielder: str, mod: int, white: int, *, empty_or_two_out: bool) -> str:
        return default_handbook().read_error(fielder, mod, white, empty_or_two_out=empty_or_two_out)


def ended(game: Any) -> PlateAppearanceEnded:
    return next(e for e in game.events if isinstance(e, PlateAppearanceEnded))


@pytest.mark.parametrize(
    ("on_first", "outs", "after", "outs_after", "result"),
    [
        (True, 0, ("-", "r1", "-"), 1, "LO"),  # even white die: the caught liner, the wild double-off throw
        (True, 1, ("-", "r1", "-"), 2, "LO"),
        (True, 2, ("hitter", "r1", "-"), 2, "E"),  # two out: the odd reading, the flip is off target
        (False, 0, ("hitter", "-", "-"), 0, "E"),  # bases empty: the odd reading
        (False, 1, ("hitter", "-", "-"), 1, "E"),
    ],
)
def test_the_error_chart_reads_odd_with_the_bases_empty_or_two_out(
    on_first: bool, outs: int, after: tuple[str, str, str], outs_after: int, result: str
) -> None:
    """DDB "Play-by-Play Chart" ERR(2B) 9: "If the bases are empty or two outs, use Odd reading."
    The DEF roll 40 (white die 0, even) is an ERR to the second baseman; mod 9."""
    register(RealErrors({40: ("2B", "G4", ((6, "ERR"),))}))
    runners = (runner("r1") if on_first else None, None, None)
    game = at(hitter("G6"), dice(pct(30, 1), pct(40, 9)), runners=runners, outs=outs)
    assert (bases(game), game.state.outs, ended(game).result) == (after, outs_after, result)
    assert [e.position for e in game.events if isinstance(e, ErrorCharged)] == ["2B"]


@pytest.mark.parametrize(
    ("inning", "outs", "score", "after"),
    [
        (7, 0, (0, 0), ("-", "r1", "r3")),  # from the 7th, nobody out, tied: he is held, the out at first
        (7, 0, (0, 1), ("-", "r1", "r3")),  # a run behind: the run would tie it
        (6, 0, (0, 0), ("-", "-", "-")),  # the 6th: the double play, the run scores
        (7, 1, (0, 0), ("-", "-", "r3")),  # one out: the double play ends the inning
        (7, 0, (0, 2), ("-", "-", "-")),  # two runs ahead: the run does not tie it
        (7, 0, (1, 0), ("-", "-", "-")),  # already behind: the run does not put the batting side ahead alone
    ],
)
def test_the_auto_manager_holds_the_runner_on_third_from_the_7th_when_the_run_matters(
    inning: int, outs: int, score: tuple[int, int], after: tuple[str, str, str]
) -> None:
    """DDB "Outs Chart" G1h with runners on first and third: the defense chooses the double play or to
    hold the runner on third. docs/deep-drive/engine.md: the auto-manager takes the double play, except
    with nobody out from the 7th inning on when a run ties or puts the other team ahead."""
    register()
    game = at(
        hitter("G1h"),
        dice(pct(40, 1)),
        runners=(runner("r1"), None, runner("r3")),
        outs=outs,
        inning=inning,
        score=score,
        auto=answers(infield="normal"),
    )
    assert bases(game) == after
