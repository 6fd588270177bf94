"""The end of a Deep Drive game by baseball's rules (OBR 5.08(b), 9.06(f)), the book being silent:
the winning run ends the game the moment it scores; a game from a stated situation plays to its end."""

from __future__ import annotations

import pytest

from engine.events import GameEnded, PlateAppearanceEnded, RunScored
from engine.game import Game
from engine.situation import Situation, TeamSituation
from tests.engine.deep_drive.helpers import answers, at, dice, hitter, pct, register, runner, setup, team


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def result(game: Game) -> PlateAppearanceEnded:
    return next(e for e in game.events if isinstance(e, PlateAppearanceEnded))


def test_a_single_with_the_bases_loaded_scores_only_the_winning_run() -> None:
    """Bottom 9, tied, bases loaded: the SI scores the man from third and the game is over; 1 RBI."""
    runners = (runner("r1", "VF"), runner("r2", "VF"), runner("r3"))
    game = at(hitter("G6"), dice(pct(10, 1)), runners=runners, inning=9, top=False, auto=answers(infield="normal"))
    assert game.state.over and game.state.home.runs == 1
    assert (result(game).result, result(game).rbi) == ("1B", 1)
    assert sum(isinstance(e, RunScored) for e in game.events) == 1
    assert [e.home_runs for e in game.events if isinstance(e, GameEnded)] == [1]


def test_a_walk_off_home_run_counts_every_run() -> None:
    game = at(
        hitter("G6"),
        dice(pct(2, 1), pct(15, 3)),
        runners=(runner("r1"), None, None),
        inning=9,
        top=False,
        score=(1, 0),
        auto=answers(offense="swing"),
    )
    assert game.state.over and game.state.home.runs == 2
    assert result(game).result == "HR"


def test_a_walk_with_the_bases_loaded_forces_the_winning_run() -> None:
    runners = (runner("r1"), runner("r2"), runner("r3"))
    game = at(hitter("G6"), dice(pct(16, 1)), runners=runners, inning=10, top=False, auto=answers(infield="normal"))
    assert game.state.over and result(game).result == "BB" and result(game).rbi == 1


def test_a_walk_off_sacrifice_fly() -> None:
    game = at(hitter("F8"), dice(pct(40, 1)), runners=(None, None, runner("r3")), inning=9, top=False, outs=1,
              auto=answers(infield="normal", outfield="normal"))  # fmt: skip
    assert game.state.over and result(game).result == "SF"


def test_the_home_team_ahead_does_not_bat_in_the_ninth() -> None:
    away = team("away", "Away")
    rolls = dice(pct(25, 1), pct(26, 1), pct(27, 1))  # three strikeouts off the batters' cards
    situation = Situation(inning=9, top=True, home=TeamSituation(runs=1))
    game = Game(setup(away, team("home", "Home")), 0, dice=rolls, situation=situation, until="game")
    rolls.assert_done()
    assert game.state.over and (game.state.away.runs, game.state.home.runs) == (0, 1)
    assert game.state.top


def test_a_game_from_a_stated_situation_plays_to_the_end() -> None:
    """Top of the 8th, 2-3, a runner on second: the rest of the game with the seeded dice."""
    situation = Situation(inning=8, top=True, outs=1, runners=(None, runner("r2"), None),
                          away=TeamSituation(runs=2, up=4), home=TeamSituation(runs=3))  # fmt: skip
    game = Game(setup(team("away", "Away"), team("home", "Home")), 7, situation=situation)
    assert game.state.over and game.state.inning >= 9
    scored = sum(isinstance(e, RunScored) for e in game.events)
    assert scored == game.state.away.runs + game.state.home.runs - 5  # the box score counts what was played
    assert game.state.away.runs != game.state.home.runs
