"""A game is its setup, seed and decision log: replay, persistence and refused answers."""

from __future__ import annotations

import dataclasses
import json

import pytest

import engine.inside_pitch.ruleset as inside_pitch
from engine.events import Decided, event_from_dict
from engine.game import Game
from engine.inside_pitch.options import InsidePitchOptions
from engine.requests import Decision, IllegalChoice, NoPendingRequest, NotYourTurn, Option, StaleRequest
from engine.setup import GameSetup, SetupError
from tests.engine.helpers import setup


def test_same_seed_same_game() -> None:
    a, b = Game(setup(), seed=11), Game(setup(), seed=11)
    assert a.over and b.over
    assert a.events == b.events


def test_different_seeds_differ() -> None:
    assert Game(setup(), seed=1).events != Game(setup(), seed=2).events


def test_events_round_trip_through_json() -> None:
    game = Game(setup(), seed=5)
    data = json.loads(json.dumps([e.to_dict() for e in game.events]))
    assert [event_from_dict(d) for d in data] == game.events


def test_a_game_ends_only_when_a_team_leads_after_nine_or_more() -> None:
    for seed in range(60):
        state = Game(setup(), seed=seed).state
        assert state.over
        assert state.away.runs != state.home.runs
        assert state.inning >= 9
        if state.top:  # ended after a top half: only because the home team already led
            assert state.home.runs > state.away.runs


def test_home_team_does_not_bat_in_the_ninth_when_ahead() -> None:
    for seed in range(80):
        state = Game(setup(), seed=seed).state
        if state.inning == 9 and state.home.runs > state.away.runs and len(state.home.runs_by_inning) == 8:
            return
    pytest.fail("no seed in range gave a home win without the bottom of the ninth")


def _asking_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replace the rules with two decisions, so the decision mechanics are tested alone."""

    def play(g: Game) -> None:  # the game's one plate appearance
        first = g.ask("home", "infield_depth", "Depth?", [Option("back", "Back"), Option("in", "In")], "back")
        g.d6(f"after {first}")
        g.ask("away", "runner_on_third", "Go?", [Option("go", "Go"), Option("hold", "Hold")], "hold")
        g.d20("end")
        g.state.over = True

    monkeypatch.setattr(inside_pitch, "RULESET", dataclasses.replace(inside_pitch.RULESET, plate_appearance=play))


def test_a_managed_side_suspends_the_game_until_it_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    _asking_game(monkeypatch)
    game = Game(setup(), seed=3, managed={"home", "away"})
    assert game.pending is not None and game.pending.kind == "infield_depth" and game.pending.side == "home"
    game.choose("home", "in")
    assert game.pending is not None and game.pending.kind == "runner_on_third"
    game.choose("away", "go", seq=1)
    assert game.over
    assert [d.choice for d in game.log] == ["in", "go"]


def test_auto_managed_sides_are_logged_so_replays_do_not_need_the_auto_manager(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _asking_game(monkeypatch)
    game = Game(setup(), seed=3)
    assert game.over
    assert game.log == [
        Decision(0, "home", "infield_depth", "back", "auto"),
        Decision(1, "away", "runner_on_third", "hold", "auto"),
    ]
    assert next(e for e in game.events if isinstance(e, Decided)).by == "auto"


def test_replaying_the_log_reproduces_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    _asking_game(monkeypatch)
    game = Game(setup(), seed=9, managed={"home", "away"})
    game.choose("home", "in")
    game.choose("away", "go")
    stored = json.dumps({"seed": game.seed, "log": game.log_to_json()})
    data = json.loads(stored)
    again = Game(setup(), seed=data["seed"], log=Game.log_from_json(data["log"]))
    assert again.events == game.events


def test_refused_answers_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    _asking_game(monkeypatch)
    game = Game(setup(), seed=3, managed={"home", "away"})
    before = list(game.events)
    with pytest.raises(NotYourTurn, match="the home manager decides this"):
        game.choose("away", "in")
    with pytest.raises(IllegalChoice, match="choose one of back, in"):
        game.choose("home", "halfway")
    with pytest.raises(StaleRequest):
        game.choose("home", "in", seq=7)
    assert game.events == before and game.log == []


def test_no_pending_request(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(setup(), seed=3)
    with pytest.raises(NoPendingRequest):
        game.choose("home", "back")


def test_timeout_answers_with_the_suggestion(monkeypatch: pytest.MonkeyPatch) -> None:
    _asking_game(monkeypatch)
    game = Game(setup(), seed=3, managed={"home"})
    game.auto_answer()
    assert game.log[0] == Decision(0, "home", "infield_depth", "back", "timeout")
    assert game.over


def test_handing_a_side_to_the_auto_manager_answers_its_pending_request(monkeypatch: pytest.MonkeyPatch) -> None:
    _asking_game(monkeypatch)
    game = Game(setup(), seed=3, managed={"home"})
    game.set_managed("home", False)
    assert game.over and game.log[0].by == "auto"


def test_an_illegal_lineup_is_refused_with_a_reason() -> None:
    good = setup()
    short = GameSetup(dataclasses.replace(good.away, lineup=good.away.lineup[:8]), good.home, good.ballpark)
    with pytest.raises(SetupError, match="a lineup has 9 batters, not 8"):
        Game(short, seed=1)
    twice = list(good.home.lineup)
    twice[1] = twice[0]
    doubled = GameSetup(good.away, dataclasses.replace(good.home, lineup=tuple(twice)), good.ballpark)
    with pytest.raises(SetupError, match="is in the lineup twice"):
        Game(doubled, seed=1)
    with pytest.raises(SetupError, match="nobody plays DH"):
        Game(GameSetup(good.away, good.home, good.ballpark, InsidePitchOptions(designated_hitter=True)), seed=1)
