"""DDB "Pitcher Endurance", DDB "Closers" and the auto-manager's pitching changes."""

from __future__ import annotations

from typing import Any

import pytest

from engine.deep_drive import endurance
from engine.deep_drive.state import dd
from engine.events import PlateAppearanceEnded, Reading, Substitution
from engine.game import Game
from engine.situation import Situation, TeamSituation
from tests.engine.deep_drive.helpers import dice, hitter, pct, pitcher, register, runner, setup, team


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def board(**kwargs: Any) -> Game:
    """A game set at a situation, nothing played: the rules are called directly."""
    bullpen = kwargs.pop("bullpen", ())
    home = team("home", "Home", bullpen=bullpen, starter=kwargs.pop("starter", None))
    return Game(
        setup(team("away", "Away"), home, **kwargs.pop("options", {})), 0, situation=Situation(**kwargs), until="start"
    )


def test_a_starter_loses_a_point_after_every_ninth_batter() -> None:
    game = board()
    arm = endurance.arm_of(game, game.state.fielding)
    assert (arm.starter, arm.endurance) == (True, 7)
    for _ in range(8):
        endurance.after_batter(game, arm, "GO")
    assert arm.endurance == 7
    endurance.after_batter(game, arm, "GO")
    assert arm.endurance == 6


def test_each_hit_or_walk_past_five_in_an_inning_costs_a_point() -> None:
    game = board()
    arm = endurance.arm_of(game, game.state.fielding)
    for mark in ("1B", "BB", "2B", "HR", "BB"):
        endurance.after_batter(game, arm, mark)
    assert arm.endurance == 7
    endurance.after_batter(game, arm, "HBP")  # a hit batsman is neither
    assert arm.endurance == 7
    endurance.after_batter(game, arm, "1B")
    assert arm.endurance == 6  # and one more for the 9th batter faced: not yet (7 faced)
    endurance.after_batter(game, arm, "BB")
    assert arm.endurance == 5


def test_a_starters_first_run_costs_a_point_once() -> None:
    game = board()
    arm = endurance.arm_of(game, game.state.fielding)
    endurance.after_run(game, arm)
    endurance.after_run(game, arm)
    assert arm.endurance == 6


def test_three_perfect_innings_give_a_point_back() -> None:
    game = board()
    arm = endurance.arm_of(game, game.state.fielding)
    for _ in range(3):
        endurance.start_inning(arm)
        for _ in range(3):
            endurance.after_batter(game, arm, "GO")
        endurance.end_inning(game, arm)
    assert arm.endurance == 7 - 3 - 1 + 1  # three innings, the 9th batter, one back


def test_a_reliever_who_gets_the_third_out_cleanly_gains_a_point() -> None:
    game = board(outs=2, bullpen=(pitcher("rp", usage="RELIEVER", endurance="2"),))
    state = game.state
    arm = endurance.enter(game, state.fielding, pitcher("rp", usage="RELIEVER", endurance="2"), starter=False)
    assert arm.entered_mid_inning
    endurance.after_batter(game, arm, "GO")
    endurance.end_inning(game, arm)
    assert arm.endurance == 2  # -1 for the inning, +1 for the clean third out


@pytest.mark.parametrize(("outs", "marks", "after"), [(1, ("GO", "GO"), 2), (0, ("GO", "GO", "GO"), 1)])
def test_the_clean_third_out_point_is_for_two_batters_faced_at_most(
    outs: int, marks: tuple[str, ...], after: int
) -> None:
    """DDB "Pitcher Endurance": a point back for "a pitcher who entered mid-inning recorded the 3rd out
    having faced 2 or fewer batters and allowing no baserunners". He relieves with a man on first (not
    his): two batters faced for the last two outs earn it; three for three outs do not."""
    rp = pitcher("rp", usage="RELIEVER", endurance="2")
    game = board(outs=outs, runners=(runner("r1"), None, None), bullpen=(rp,))
    arm = endurance.enter(game, game.state.fielding, rp, starter=False)
    assert arm.entered_mid_inning
    for mark in marks:
        endurance.after_batter(game, arm, mark)
    endurance.end_inning(game, arm)
    assert arm.endurance == after  # 2, less 1 for the inning, and 1 back only for two batters


def test_a_reliever_rated_0_tires_after_three_batters_or_his_inning() -> None:
    game = board()
    arm = endurance.enter(game, game.state.fielding, pitcher("rp", usage="RELIEVER", endurance="0"), starter=False)
    assert not arm.fatigued()
    endurance.after_batter(game, arm, "GO")
    endurance.after_batter(game, arm, "GO")
    assert not arm.fatigued()
    endurance.after_batter(game, arm, "1B")
    assert arm.fatigued()
    other = endurance.enter(game, game.state.fielding, pitcher("rp2", usage="RELIEVER", endurance="0"), starter=False)
    endurance.end_inning(game, other)
    assert other.fatigued()


def test_a_reliever_starting_uses_the_number_after_the_slash() -> None:
    game = board(starter=pitcher("swing", usage="RELIEVER (3)", endurance="3/5"))
    assert endurance.arm_of(game, game.state.fielding).endurance == 5


def test_the_closers_rule() -> None:
    """DDB "Closers": a non-closer reliever in the 9th with a lead of 3 or fewer pitches as fatigued."""
    closer = pitcher("cl", usage="CLOSER", endurance="1")
    setup_man = pitcher("su", usage="RELIEVER", endurance="3")
    game = board(inning=9, top=True, home=TeamSituation(runs=3, pitcher="su"), bullpen=(closer, setup_man))
    dd(game).lead_at_start = 3
    team_ = game.state.fielding
    endurance.enter(game, team_, setup_man, starter=False)
    assert endurance.closer_rule(game, team_)
    dd(game).lead_at_start = 4
    assert not endurance.closer_rule(game, team_)  # four ahead, nobody on: not the tying run on deck
    off = board(
        inning=9, home=TeamSituation(runs=3, pitcher="su"), bullpen=(closer, setup_man), options={"dd_closers": False}
    )
    endurance.enter(off, off.state.fielding, setup_man, starter=False)
    dd(off).lead_at_start = 3
    assert not endurance.closer_rule(off, off.state.fielding)


@pytest.mark.parametrize(("on", "applies"), [(2, True), (1, False)])
def test_the_closers_rule_with_the_tying_run_on_deck(on: int, applies: bool) -> None:
    """DDB "Closers": "The potential tying run is either on base, at bat or on deck." Four ahead (five at
    the inning's start, so not the first reason): with two on, the batter and the man on deck would tie
    it, the tying run is on deck; with one on, he is in the hole."""
    closer = pitcher("cl", usage="CLOSER", endurance="1")
    setup_man = pitcher("su", usage="RELIEVER", endurance="3")
    runners = (runner("r1"), runner("r2") if on == 2 else None, None)
    game = board(
        inning=9,
        top=True,
        outs=1,
        runners=runners,
        home=TeamSituation(runs=4, pitcher="su"),
        bullpen=(closer, setup_man),
    )
    team_ = game.state.fielding
    endurance.enter(game, team_, setup_man, starter=False)
    dd(game).lead_at_start = 5
    assert endurance.closer_rule(game, team_) is applies


def test_no_closer_on_the_staff_no_rule() -> None:
    setup_man = pitcher("su", usage="RELIEVER", endurance="3")
    game = board(inning=9, home=TeamSituation(runs=1, pitcher="su"), bullpen=(setup_man,))
    endurance.enter(game, game.state.fielding, setup_man, starter=False)
    dd(game).lead_at_start = 1
    assert not endurance.closer_rule(game, game.state.fielding)


def test_a_fatigued_starter_is_relieved_before_the_next_batter() -> None:
    reliever = pitcher("rp", usage="RELIEVER", endurance="3")
    away = team("away", "Away", overrides={"C": hitter("G6")})
    home = team("home", "Home", bullpen=(reliever,))
    rolls = dice(pct(25, 2))
    game = Game(
        setup(away, home), 0, dice=rolls, situation=Situation(home=TeamSituation(tired=True)), until="plate_appearance"
    )
    rolls.assert_done()
    subs = [e for e in game.events if isinstance(e, Substitution)]
    assert [(e.player_in, e.player_out) for e in subs] == [("rp", "home-sp")]
    assert next(e for e in game.events if isinstance(e, PlateAppearanceEnded)).pitcher == "rp"


def test_a_one_off_games_other_starters_are_not_the_auto_managers_relievers() -> None:
    """A one-off game's bullpen holds the rest of the rotation (bot.terminal.game): the fatigued starter
    is relieved by the RELIEVER, not by a fresher STARTER with a bigger Endurance."""
    other_starter = pitcher("sp2", usage="STARTER (4)", endurance="7")
    reliever = pitcher("rp", usage="RELIEVER", endurance="3")
    away = team("away", "Away", overrides={"C": hitter("G6")})
    home = team("home", "Home", bullpen=(other_starter, reliever))
    rolls = dice(pct(25, 2))
    game = Game(
        setup(away, home), 0, dice=rolls, situation=Situation(home=TeamSituation(tired=True)), until="plate_appearance"
    )
    rolls.assert_done()
    assert [e.player_in for e in game.events if isinstance(e, Substitution)] == ["rp"]


def test_a_starter_relieves_only_when_no_reliever_is_left() -> None:
    away = team("away", "Away", overrides={"C": hitter("G6")})
    home = team("home", "Home", bullpen=(pitcher("sp2", usage="STARTER (4)", endurance="7"),))
    rolls = dice(pct(25, 2))
    game = Game(
        setup(away, home), 0, dice=rolls, situation=Situation(home=TeamSituation(tired=True)), until="plate_appearance"
    )
    rolls.assert_done()
    assert [e.player_in for e in game.events if isinstance(e, Substitution)] == ["sp2"]


def test_with_the_bullpen_empty_the_tired_man_stays() -> None:
    away = team("away", "Away", overrides={"C": hitter("G6")})
    rolls = dice(pct(25, 2))
    game = Game(
        setup(away, team("home", "Home")),
        0,
        dice=rolls,
        situation=Situation(home=TeamSituation(tired=True)),
        until="plate_appearance",
    )
    rolls.assert_done()
    assert next(e for e in game.events if isinstance(e, PlateAppearanceEnded)).pitcher == "home-sp"


def test_the_closer_comes_in_for_the_save_in_the_ninth() -> None:
    closer = pitcher("cl", usage="CLOSER", endurance="1")
    away = team("away", "Away", overrides={"C": hitter("G6")})
    home = team("home", "Home", bullpen=(pitcher("rp", usage="RELIEVER", endurance="3"), closer))
    rolls = dice(pct(25, 2))
    situation = Situation(inning=9, home=TeamSituation(runs=2))
    game = Game(setup(away, home), 0, dice=rolls, situation=situation, until="plate_appearance")
    rolls.assert_done()
    assert [e.player_in for e in game.events if isinstance(e, Substitution)] == ["cl"]


def test_endurance_changes_are_recorded() -> None:
    game = board()
    arm = endurance.arm_of(game, game.state.fielding)
    endurance.after_run(game, arm)
    assert [(e.cell, e.result) for e in game.events if isinstance(e, Reading) and e.card == "endurance"] == [
        ("first run allowed", "6")
    ]
