"""Requests in a Deep Drive game: who is asked at "matters", the words, the context."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import Game
from engine.requests import Request
from engine.situation import Situation, TeamSituation
from tests.engine.deep_drive.helpers import hitter, pitcher, register, runner, setup, team


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def asked(situation: Situation, level: str = "matters", **teams: Any) -> Request | None:
    away = team("away", "Away", overrides={"C": hitter("G6")})
    home = team("home", "Home", **teams)
    game = Game(setup(away, home), 3, situation=situation, asking={"home": level})
    return game.pending


def test_the_defense_is_asked_about_the_infield_late_with_a_runner_on_third() -> None:
    request = asked(Situation(inning=8, runners=(None, None, runner("r3")), home=TeamSituation(runs=1)))
    assert request is not None and request.kind == "infield"
    assert [o.key for o in request.options] == ["normal", "in", "corners"]
    assert request.suggestion == "in"
    assert request.context["runners"]["3"]["run"] == "avg"
    assert request.prompt == (
        "Runner on third: where does the infield play? "
        "(Away 0, Home 1, top 8, nobody out; runner on third (R3); Hitter (R) vs Home starter (R))"
    )


def test_every_question_names_the_batter_the_runners_the_outs_the_score_and_the_inning() -> None:
    """As Inside Pitch's questions do (issue 26): in words and in the request's context; a switch
    hitter bats right against a left-hander."""
    away = team("away", "Away", overrides={"C": hitter("G6", bats="S")})
    home = team("home", "Home", starter=pitcher("lefty", "Lefty", throws="L"))
    situation = Situation(inning=6, outs=1, runners=(runner("r1"), runner("r2"), None), home=TeamSituation(runs=2))
    game = Game(setup(away, home), 3, situation=situation, asking={"away": "every"})
    request = game.pending
    assert request is not None and (request.side, request.kind) == ("away", "offense")
    assert request.prompt == (
        "The offense's call? (Away 0, Home 2, top 6, 1 out; runners on first (R1) and second (R2); "
        "Hitter (R) vs Lefty (L))"
    )
    context = request.context
    assert (context["inning"], context["top"], context["outs"]) == (6, True, 1)
    assert context["score"] == {"away": 0, "home": 2}
    assert (context["batter"]["name"], context["batter"]["bats"], context["batter"]["side"]) == ("Hitter", "S", "R")
    assert context["pitcher"]["throws"] == "L"
    assert {base: r["name"] for base, r in context["runners"].items()} == {"1": "R1", "2": "R2"}


def test_early_with_a_runner_on_third_the_infield_is_not_asked_at_matters() -> None:
    away = team("away", "Away", overrides={"C": hitter("G6")})
    situation = Situation(inning=2, runners=(None, None, runner("r3")))
    game = Game(
        setup(away, team("home", "Home")), 3, situation=situation, asking={"home": "matters"}, until="plate_appearance"
    )
    first = game.log[0]
    assert (first.kind, first.choice, first.by) == ("infield", "normal", "auto")


def test_a_fatigued_pitcher_s_manager_is_asked_for_a_change() -> None:
    request = asked(
        Situation(home=TeamSituation(tired=True)), bullpen=(pitcher("rp", usage="RELIEVER", endurance="3"),)
    )
    assert request is not None and request.kind == "pitching_change"
    assert request.suggestion == "relief:rp" and request.context["pitcher"]["fatigued"]


def test_at_every_the_start_of_each_half_offers_the_bullpen() -> None:
    request = asked(Situation(top=True), level="every", bullpen=(pitcher("rp", usage="RELIEVER", endurance="3"),))
    assert request is not None and request.kind == "pitching_change" and request.suggestion == "stay"


@pytest.mark.parametrize(("away_runs", "suggestion"), [(1, "in"), (2, "normal")])
def test_late_the_infield_comes_in_for_the_defense_a_run_behind_but_not_two(away_runs: int, suggestion: str) -> None:
    """docs/deep-drive/engine.md: the auto-manager brings the infield in from the 7th "with the score within a
    run", either way."""
    situation = Situation(inning=8, runners=(None, None, runner("r3")), away=TeamSituation(runs=away_runs))
    request = asked(situation, level="every")
    assert request is not None and request.kind == "infield" and request.suggestion == suggestion


# --- how often: Inside Pitch's standard (issue 26) ------------------------------------------


def offense_call(situation: Situation) -> tuple[str, str] | None:
    """The away side's first offense call at "matters" before a strikeout: (who answered, the choice)."""
    from tests.engine.deep_drive.helpers import batter, dice, pct

    # A bench man, so the call is a real one even with the bases empty (a pinch hitter).
    away = team("away", "Away", overrides={"C": hitter("G6")}, bench=(batter("sub", "Sub", positions=["1B 3"]),))
    rolls = dice(pct(25, 2))
    game = Game(
        setup(away, team("home", "Home")), 3, dice=rolls, situation=situation, asking={"away": "matters"},
        until="plate_appearance",
    )  # fmt: skip
    if game.pending is not None:
        return ("person", game.pending.kind)
    call = next((d for d in game.log if d.kind == "offense"), None)
    return None if call is None else (call.by, call.choice)


def test_late_and_close_with_the_bases_empty_the_offense_is_not_asked() -> None:
    """Only a pinch hitter is left to call, and the auto-manager suggests him when it would."""
    assert offense_call(Situation(inning=8, top=True)) == ("auto", "swing")


def test_late_and_close_with_a_man_on_the_offense_is_asked() -> None:
    assert offense_call(Situation(inning=8, top=True, outs=1, runners=(runner("r1"), None, None))) == (
        "person",
        "offense",
    )


def test_early_with_one_out_and_a_runner_on_third_the_offense_is_not_asked() -> None:
    assert offense_call(Situation(inning=3, top=True, outs=1, runners=(None, None, runner("r3")))) == ("auto", "swing")


def test_nobody_out_and_a_runner_to_bunt_over_the_offense_is_asked() -> None:
    assert offense_call(Situation(inning=3, top=True, runners=(runner("r1"), None, None))) == ("person", "offense")


def test_late_and_close_the_start_of_each_half_offers_the_bullpen() -> None:
    """As Inside Pitch asks the defense at each half's first batter late and close: time for the bullpen?"""
    pen = (pitcher("rp", usage="RELIEVER", endurance="3"),)
    request = asked(Situation(inning=8, top=True), bullpen=pen)
    assert request is not None and request.kind == "pitching_change" and request.suggestion == "stay"
    early = asked(Situation(inning=3, top=True), bullpen=pen)
    assert early is None or early.kind != "pitching_change"


def test_a_pitcher_who_bats_left_is_named_batting_left_with_the_generic_card() -> None:
    """DDB "How to Play": a pitcher without a batting card of his own bats with the generic "Pitcher
    At Bat" card (here right-handed); a generated set's pitcher card gives his own side, and the
    question and its context show it, as the plate appearance does."""
    home = team("home", "Home", dh=False, starter=pitcher("home-sp", "Lefty Hitter", bats="L"))
    assert home.pitcher_batting is not None and home.pitcher_batting.bats.value == "R"
    situation = Situation(top=False, runners=(runner("r1"), None, None), home=TeamSituation(up=8))
    game_setup = setup(team("away", "Away", dh=False), home, designated_hitter=False)
    game = Game(game_setup, 3, situation=situation, asking={"home": "every"})
    request = game.pending
    assert request is not None and (request.side, request.kind) == ("home", "offense")
    assert request.prompt.endswith("Lefty Hitter (L) vs Away starter (R))")
    assert (request.context["batter"]["name"], request.context["batter"]["bats"]) == ("Lefty Hitter", "L")
