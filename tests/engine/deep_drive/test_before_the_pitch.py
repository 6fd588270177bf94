"""DDB "Stealing Bases" (automatic) and "Wild Pitches, Passed Balls, Balks and Pickoffs", with the
test handbook's charts: a runner goes when the green die is at most STEAL + adjust, and 00-49 (green
as tens, white as ones) steals; On-Base Event 90-99 leads to the Pitcher/Catcher roll, 00-09 WP,
10-19 PB, 20-29 BK, 30-39 PO."""

from __future__ import annotations

from typing import Any

import pytest

from engine.deep_drive import prepitch
from engine.events import Reading, RunnerMoved, RunnerOut
from engine.game import Game
from engine.situation import Situation, TeamSituation
from tests.engine.deep_drive.helpers import (
    answers,
    at,
    bases,
    batter,
    dice,
    hitter,
    pct,
    register,
    runner,
    setup,
    team,
    two,
)


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def thief(steal: str, run: str = "F") -> Any:
    return batter("thief", "Thief", positions=["LF 3"], steal=steal, run=run)


def test_a_runner_steals_second() -> None:
    """STEAL 3: the green die 2 lets him go; 2 and a white 4 read 24: SB. Then the strikeout."""
    game = at(hitter("G6"), dice(pct(94, 2), pct(25, 1)), runners=(thief("3B"), None, None), dd_steals=True)
    assert [(e.start, e.end, e.reason) for e in game.events if isinstance(e, RunnerMoved)] == [(1, 2, "stolen base")]
    assert bases(game) == ("-", "thief", "-")


def test_caught_stealing() -> None:
    """The green die 3 and white 7: 37 is no SB on the test chart... 3 is within STEAL 5; 57 reads CS."""
    game = at(hitter("G6"), dice(pct(17, 5), pct(25, 1)), runners=(thief("5B"), None, None), dd_steals=True)
    assert [e.how for e in game.events if isinstance(e, RunnerOut)] == ["CS 2", "K"]


def test_no_attempt_when_the_green_die_is_above_steal() -> None:
    game = at(hitter("G6"), dice(pct(14, 4), pct(25, 1)), runners=(thief("3B"), None, None), dd_steals=True)
    assert not any(isinstance(e, Reading) and e.card == "Stolen Base Chart" for e in game.events)


@pytest.mark.parametrize(("inning", "goes"), [(1, False), (2, True)])
def test_the_first_batter_of_the_game_takes_a_point_off(inning: int, goes: bool) -> None:
    """STEAL 3, the green die 3: the leadoff man on first in the first inning does not go (3 > 3 - 1)."""
    from engine.game import Game
    from engine.situation import Situation, TeamSituation
    from tests.engine.deep_drive.helpers import setup, team

    leadoff = thief("3B")
    game_setup = setup(team("away", "Away", overrides={"C": leadoff}), team("home", "Home"), dd_steals=True)
    rolls = dice(pct(13, 3), pct(25, 1))
    situation = Situation(inning=inning, runners=(leadoff, None, None), away=TeamSituation(up=1))
    game = Game(game_setup, 0, dice=rolls, situation=situation, until="plate_appearance")
    rolls.assert_done()
    assert any(isinstance(e, Reading) and e.card == "Stolen Base Chart" for e in game.events) == goes


def test_the_infield_in_adds_a_point() -> None:
    """Runners on first and third, infield in: STEAL 2 and the green die 3 go (2 + 1)."""
    game = at(hitter("G6"), dice(pct(3, 3), pct(25, 1)), runners=(thief("2B"), None, runner("r3")),
              auto=answers(infield="in"), dd_steals=True)  # fmt: skip
    assert bases(game) == ("-", "thief", "r3")


@pytest.mark.parametrize(
    ("inning", "score", "goes"),
    [
        (7, (0, 5), False),  # from the 7th, five behind: nobody runs
        (7, (5, 0), False),  # five ahead: the lead either way
        (7, (0, 4), True),  # four: not a blowout
        (6, (0, 5), True),  # the 6th: not yet late
    ],
)
def test_no_steals_late_in_a_blowout(inning: int, score: tuple[int, int], goes: bool) -> None:
    """DDB "Stealing Bases": "If playing with Automatic base stealing, consider not allowing base runners
    stolen base attempts if either team holds either a large lead late in the game." Dugout's reading
    (docs/deep-drive/engine.md): from the 7th inning on, a lead of 5 or more either way. STEAL 3, the
    green die 2: he goes (24, SB) unless it is late and a blowout; then the strikeout."""
    rolls = dice(pct(94, 2), pct(25, 1)) if goes else dice(pct(25, 1))
    game = at(hitter("G6"), rolls, runners=(thief("3B"), None, None), inning=inning, score=score, dd_steals=True)
    stole = [(e.start, e.end) for e in game.events if isinstance(e, RunnerMoved) and e.reason == "stolen base"]
    assert stole == ([(1, 2)] if goes else [])
    assert bases(game) == (("-", "thief", "-") if goes else ("thief", "-", "-"))


@pytest.mark.parametrize(("inning", "score", "sends"), [(7, (5, 0), False), (7, (4, 0), True), (6, (5, 0), True)])
def test_the_auto_manager_sends_nobody_by_hand_late_in_a_blowout(
    inning: int, score: tuple[int, int], sends: bool
) -> None:
    """Manual steals (docs/deep-drive/engine.md): the auto-manager sends a runner on good odds, "never in
    the late blowout above" (the book's suggestion read as the 7th on, a lead of 5). STEAL 4 on the test
    chart: he goes on half the rolls and is safe on all of them."""
    game_setup = setup(team("away", "Away"), team("home", "Home"), dd_manual_steals=True)
    runs = TeamSituation(runs=score[0]), TeamSituation(runs=score[1])
    situation = Situation(inning=inning, runners=(thief("4B"), None, None), away=runs[0], home=runs[1])
    game = Game(game_setup, 0, situation=situation, until="start")
    assert prepitch.suggest_manual_steal(game) is sends


def test_steal_of_third_needs_the_mark() -> None:
    marked = at(hitter("G6"), dice(pct(1, 1), pct(25, 1)), runners=(None, thief("3B+"), None), dd_steals=True)
    plain = at(hitter("G6"), dice(pct(25, 1)), runners=(None, thief("3B"), None), dd_steals=True)
    assert bases(marked) == ("-", "-", "thief") and bases(plain) == ("-", "thief", "-")


@pytest.mark.parametrize(
    ("roll", "after", "reason"),
    [
        (5, ("-", "r1", "-"), "wild pitch"),
        (15, ("-", "r1", "-"), "passed ball"),
        (25, ("-", "r1", "-"), "balk"),
        (55, ("r1", "-", "-"), None),
    ],
)
def test_on_base_events(roll: int, after: tuple[str, str, str], reason: str | None) -> None:
    game = at(
        hitter("G6"), dice(two(95), two(roll), pct(25, 1)), runners=(runner("r1"), None, None), dd_on_base_events=True
    )
    assert bases(game) == after
    moved = [e.reason for e in game.events if isinstance(e, RunnerMoved)]
    assert moved == ([reason] if reason else [])


def test_no_event_outside_the_window() -> None:
    game = at(hitter("G6"), dice(two(89), pct(25, 1)), runners=(runner("r1"), None, None), dd_on_base_events=True)
    assert bases(game) == ("r1", "-", "-")


@pytest.mark.parametrize(
    ("base", "roll", "out"), [("1", None, True), ("2", 49, True), ("2", 50, False), ("3", 9, True), ("3", 10, False)]
)
def test_pickoffs(base: str, roll: int | None, out: bool) -> None:
    """DDB: first base is automatic, second needs 00-49, third 00-09."""
    extra = [] if roll is None else [two(roll)]
    runners = (runner("r1"), runner("r2"), runner("r3"))
    game = at(hitter("G6"), dice(two(95), two(35), *extra, pct(25, 1)), runners=runners,
              auto=answers(pickoff=base, infield="normal"), dd_on_base_events=True)  # fmt: skip
    picked = [e.how for e in game.events if isinstance(e, RunnerOut) and e.how.startswith("PO")]
    assert picked == ([f"PO {base}"] if out else [])


def test_playing_it_safe_nobody_moves_on_a_wild_pitch() -> None:
    game = at(hitter("G6"), dice(two(95), two(5), pct(25, 1)), runners=(runner("r1"), None, runner("r3")),
              auto=answers(infield="in", offense="safe"), dd_on_base_events=True)  # fmt: skip
    assert bases(game) == ("r1", "-", "r3")


def test_a_wild_pitch_scores_the_winning_run() -> None:
    game = at(hitter("G6"), dice(two(95), two(5)), runners=(None, None, runner("r3")), inning=9, top=False,
              auto=answers(infield="normal", outfield="normal"), dd_on_base_events=True)  # fmt: skip
    assert game.state.over and game.state.home.runs == 1
