"""A pitching change before any batter, the extra-inning runner, the called play and the automatic
steal, and the ground-ball throw in words (issue 16's gaps), with scripted dice.

DDB "Pitcher Endurance" counts "a pitcher who entered mid-inning": the book lets a manager change
pitchers at any time. Dugout asks the defense's call before every batter but the half's first (who
comes right after the calls at the start of the half); at "matters" only when the manager called time.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.words.narrate import Names, narrate
from engine.boxscore import box_score
from engine.deep_drive.state import dd
from engine.events import (
    EXTRA_INNING_RUNNER,
    Decided,
    GameEnded,
    PlateAppearanceEnded,
    PlateAppearanceStarted,
    Roll,
    RunnerMoved,
    RunScored,
    Substitution,
)
from engine.game import Game
from engine.requests import Request
from engine.situation import Situation
from tests.engine.deep_drive.helpers import answers, at, batter, dice, hitter, pct, pitcher, register, setup, team

SO = pct(25, 1)  # 25 off the batter's card: a strikeout (helpers.BATTER_CHANCES SO 21-29)


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def with_pen(**options: Any) -> Any:
    home = team("home", "Home", bullpen=(pitcher("home-rp", "Home reliever", usage="RELIEVER", endurance="3"),))
    return setup(team("away", "Away"), home, **options)


def asked_of(answer: dict[str, list[str]]) -> tuple[list[Request], Any]:
    """A person answering each kind of request from its list in turn, and what he was asked."""
    asked: list[Request] = []

    def person(request: Request) -> str:
        asked.append(request)
        return answer[request.kind].pop(0)

    return asked, person


def test_a_manager_who_called_time_brings_in_a_reliever_with_a_man_out() -> None:
    """Top 3: the leadoff man strikes out; the home manager, who called time, is asked the defense's
    call before the second batter, brings his reliever in, and he faces the rest of the half."""
    asked, person = asked_of({"defense": ["relief"], "who_comes_in": ["relief:home-rp"]})
    rolls = dice(SO, SO, SO)
    game = Game(with_pen(), 0, dice=rolls, situation=Situation(inning=3, top=True), until="half_inning",
                asking={"home": "matters"}, time_called=["home"], person=person)  # fmt: skip
    rolls.assert_done()
    assert [(r.kind, r.suggestion) for r in asked] == [("defense", "none"), ("who_comes_in", "relief:home-rp")]
    assert [o.key for o in asked[0].options] == ["none", "relief"]
    assert [o.label for o in asked[0].options] == ["No change", "Pitching change..."]
    assert [o.key for o in asked[1].options] == ["relief:home-rp", "back"]
    faced = [e.pitcher for e in game.events if isinstance(e, PlateAppearanceStarted)]
    assert faced == ["home-sp", "home-rp", "home-rp"]
    [change] = [e for e in game.events if isinstance(e, Substitution)]
    assert (change.kind, change.player_in, change.player_out) == ("pitcher", "home-rp", "home-sp")
    assert dd(game).arms["home-rp"].entered_mid_inning  # DDB "Pitcher Endurance": he entered mid-inning
    assert not game.time_called


def test_a_reliever_after_a_leadoff_home_run_entered_mid_inning() -> None:
    """DDB "Pitcher Endurance": "a pitcher who entered mid-inning". Top 3: the leadoff man's deep drive
    (02, then 15 on the DEEP DRIVE section) is a home run: no out, nobody on, but the inning is under
    way. The reliever who comes in and strikes out the side entered mid-inning, so that inning is not
    the first of his three perfect innings in a row (and the starter's first run cost him a point)."""
    asked, person = asked_of({"defense": ["relief"], "who_comes_in": ["relief:home-rp"]})
    rolls = dice(pct(2, 1), pct(15, 3), SO, SO, SO)
    game = Game(with_pen(), 0, dice=rolls, situation=Situation(inning=3, top=True), until="half_inning",
                asking={"home": "matters"}, time_called=["home"], person=person)  # fmt: skip
    rolls.assert_done()
    assert [r.kind for r in asked] == ["defense", "who_comes_in"]
    assert (game.state.away.runs, game.state.outs) == (1, 3)
    faced = [e.pitcher for e in game.events if isinstance(e, PlateAppearanceStarted)]
    assert faced == ["home-sp", "home-rp", "home-rp", "home-rp"]
    arm = dd(game).arms["home-rp"]
    assert (arm.entered_inning, arm.entered_mid_inning) == (3, True)
    assert (arm.innings_finished, arm.perfect_run, arm.endurance) == (1, 0, 3 - 1)  # the inning's point only


def test_back_returns_to_the_call_and_no_change_keeps_the_pitcher() -> None:
    asked, person = asked_of({"defense": ["relief", "none"], "who_comes_in": ["back"]})
    rolls = dice(SO, SO, SO)
    game = Game(with_pen(), 0, dice=rolls, situation=Situation(inning=3, top=True), until="half_inning",
                asking={"home": "matters"}, time_called=["home"], person=person)  # fmt: skip
    rolls.assert_done()
    assert [r.kind for r in asked] == ["defense", "who_comes_in", "defense"]
    assert {e.pitcher for e in game.events if isinstance(e, PlateAppearanceStarted)} == {"home-sp"}


def test_at_matters_without_time_called_the_call_is_the_auto_managers() -> None:
    """The auto-manager makes no change there: "none" before the second and third batters, never asked."""
    rolls = dice(SO, SO, SO)

    def person(request: Request) -> str:
        raise AssertionError(f"asked {request.kind}")

    game = Game(with_pen(), 0, dice=rolls, situation=Situation(inning=3, top=True), until="half_inning",
                asking={"home": "matters"}, person=person)  # fmt: skip
    rolls.assert_done()
    calls = [(e.kind, e.choice, e.by) for e in game.events if isinstance(e, Decided) and e.kind == "defense"]
    assert calls == [("defense", "none", "auto")] * 2


def test_at_every_the_call_comes_before_each_batter_but_the_halfs_first() -> None:
    asked, person = asked_of({"pitching_change": ["stay"], "defense": ["none", "none"]})
    rolls = dice(SO, SO, SO)
    Game(with_pen(), 0, dice=rolls, situation=Situation(inning=3, top=True), until="half_inning",
         asking={"home": "every"}, person=person)  # fmt: skip
    rolls.assert_done()
    assert [r.kind for r in asked] == ["pitching_change", "defense", "defense"]


def test_a_defensive_replacement_in_the_middle_of_the_inning() -> None:
    glove = batter("home-glove", "Glove", positions=["SS 5"])
    home = team("home", "Home", bench=(glove,))
    asked, person = asked_of({"defense": ["field"], "who_leaves": ["SS"], "who_comes_in": ["home-glove"]})
    rolls = dice(SO, SO, SO)
    game = Game(setup(team("away", "Away"), home), 0, dice=rolls, situation=Situation(inning=3, top=True),
                until="half_inning", asking={"home": "matters"}, time_called=["home"], person=person)  # fmt: skip
    rolls.assert_done()
    assert [r.kind for r in asked] == ["defense", "who_leaves", "who_comes_in"]  # then nobody is left to call
    assert [o.key for o in asked[0].options] == ["none", "field"]
    [sub] = [e for e in game.events if isinstance(e, Substitution)]
    assert (sub.kind, sub.player_in, sub.position) == ("defense", "home-glove", "SS")


def test_no_call_without_a_reliever_or_a_bench() -> None:
    rolls = dice(SO, SO, SO)
    game = Game(setup(), 0, dice=rolls, situation=Situation(inning=3, top=True), until="half_inning",
                asking={"home": "every"}, person=lambda r: r.suggestion)  # fmt: skip
    rolls.assert_done()
    assert not [e for e in game.events if isinstance(e, Decided)]


# --- the extra-inning runner (Options.extra_inning_runner, OBR 7.01(b)) ----------------------------


def one_inning(**options: Any) -> Game:
    """A one-inning game: six strikeouts, then the 2nd (the first extra inning): the away side
    strands its runner on three strikeouts; the home leadoff man's deep drive (02, then 15 on the
    DEEP DRIVE section: HR) scores the runner placed on second and himself."""
    rolls = dice(*[SO] * 9, pct(2, 1), pct(15, 3))
    game = Game(setup(innings=1, extra_inning_runner=True, **options), 0, dice=rolls)
    rolls.assert_done()
    return game


def test_an_extra_half_starts_with_the_man_before_the_leadoff_batter_on_second() -> None:
    game = one_inning()
    placed = [(e.runner, e.start, e.end) for e in game.events if isinstance(e, RunnerMoved)
              and e.reason == EXTRA_INNING_RUNNER]  # fmt: skip
    # After three strikeouts each side's 4th man leads off the 2nd: the 3rd (the 2B) starts on second.
    assert placed == [("away-2b", 0, 2), ("home-2b", 0, 2)]
    assert [e.home_runs for e in game.events if isinstance(e, GameEnded)] == [2]
    runs = [(e.runner, e.earned) for e in game.events if isinstance(e, RunScored)]
    assert runs == [("home-2b", False), ("home-3b", True)]  # his run is unearned (OBR 9.16 comment)
    pitching = {p.player: (p.r, p.er) for p in box_score(game).away.pitching}
    assert pitching == {"away-sp": (2, 1)}


def test_the_narration_reads_the_placed_runner() -> None:
    game = one_inning()
    lines, _ = narrate(game.events, Names.of(game.setup))
    assert "Away 2B starts the 2nd on second" in [line.text for line in lines]


def test_without_the_option_the_extra_inning_starts_empty() -> None:
    rolls = dice(*[SO] * 9, pct(2, 1), pct(15, 3))
    game = Game(setup(innings=1), 0, dice=rolls)
    rolls.assert_done()
    assert not [e for e in game.events if isinstance(e, RunnerMoved) and e.reason == EXTRA_INNING_RUNNER]
    assert [e.home_runs for e in game.events if isinstance(e, GameEnded)] == [1]


def test_a_reliever_in_before_the_extra_halfs_first_batter_did_not_enter_mid_inning() -> None:
    """The placed runner is nobody's doing: a pitcher brought in at the start of the 2nd enters a whole inning."""

    def answer(request: Request) -> str:
        if request.kind == "pitching_change" and request.context["inning"] == 2:
            return "relief:home-rp"
        return request.suggestion

    rolls = dice(*[SO] * 9, pct(2, 1), pct(15, 3))
    game = Game(with_pen(innings=1, extra_inning_runner=True), 0, dice=rolls, auto_manager=answer)
    rolls.assert_done()
    arm = dd(game).arms["home-rp"]
    assert (arm.entered_inning, arm.entered_mid_inning) == (2, False)


# --- a called play and the automatic steal (DDB "Stealing Bases" (1), "Sacrifice Bunt") ------------


def fast(key: str) -> Any:
    return batter(key, key.upper(), steal="7A", positions=["LF 3"])


STEAL = [(10, 10), (10, 10), (10, 1)]  # red 0, white 0, green 1: he goes (1 <= STEAL 7), 10 is SB


def test_a_called_sacrifice_keeps_the_runner_from_stealing_on_his_own() -> None:
    """The offense calls the bunt: no steal roll; the batter's SO on the Bunt Chart is the sacrifice."""
    game = at(hitter("G6"), dice(SO), runners=(fast("r1"), None, None), dd_steals=True,
              auto=answers(offense="sacrifice"))  # fmt: skip
    assert not [e for e in game.events if isinstance(e, Roll) and e.purpose == "steal"]
    assert (game.state.bases[1] is not None and game.state.bases[1].id, game.state.outs) == ("r1", 1)


def test_swinging_away_the_runner_may_steal_first() -> None:
    game = at(hitter("G6"), dice(STEAL, SO), runners=(fast("r1"), None, None), dd_steals=True,
              auto=answers(offense="swing"))  # fmt: skip
    moved = [(e.runner, e.start, e.end, e.reason) for e in game.events if isinstance(e, RunnerMoved)]
    assert moved == [("r1", 1, 2, "stolen base")]


# --- the ground-ball throw in words ------------------------------------------------------------


def test_the_ground_ball_throw_is_asked_in_words() -> None:
    """DDB "Outs Chart" G1h, first and third: "Defensive Manager can choose"; the prompt says the play."""
    prompts: list[str] = []

    def answer(request: Request) -> str:
        if request.kind == "ground_ball":
            prompts.append(request.prompt)
            assert request.context["code"] == "G1h" and request.context["bases"] == "13"
        return request.suggestion

    at(hitter("G1h"), dice(pct(40, 1)), runners=(fast("r1"), None, fast("r3")), auto=answer)
    assert prompts[0].startswith(
        "A hard ground ball to the pitcher with runners on first and third: where does the throw go?"
    )


def test_calling_time_between_batters_brings_the_call_before_the_next_one() -> None:
    """As a front end does it: the half is played ahead with the auto-manager's answers; the home
    manager, having seen the first strikeout, calls time (Game.call_time): the auto-manager's
    answers after what he saw are taken back, and the game waits on his call before the 2nd batter."""
    rolls = dice(SO, SO, SO)
    game = Game(with_pen(), 0, dice=rolls, situation=Situation(inning=3, top=True), until="half_inning",
                asking={"home": "matters"})  # fmt: skip
    assert game.pending is None and game.state.outs == 3
    seen = next(i for i, e in enumerate(game.events) if isinstance(e, PlateAppearanceEnded)) + 1
    game.call_time("home", seen=seen)
    assert game.pending is not None
    assert (game.pending.kind, game.pending.side, game.pending.context["outs"]) == ("defense", "home", 1)
    game.choose("home", "relief")
    game.choose("home", "relief:home-rp")
    faced = [e.pitcher for e in game.events if isinstance(e, PlateAppearanceStarted)]
    assert faced == ["home-sp", "home-rp", "home-rp"] and game.pending is None
