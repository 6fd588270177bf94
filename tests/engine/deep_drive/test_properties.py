"""Whole Deep Drive games, auto-managed or with random legal answers: they finish, and their states,
events and box scores agree. A game rebuilt from its setup, seed and log plays the same events."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine.boxscore import box_score
from engine.events import GameEnded, HalfInningStarted, PlateAppearanceEnded, RunnerOut, RunScored
from engine.game import Game
from engine.setup import GameSetup
from tests.engine.deep_drive.helpers import pitcher, setup, team

FAST_GAMES = 150
SLOW_GAMES = 10_000


def pen(prefix: str) -> tuple[Any, ...]:
    return (
        pitcher(f"{prefix}-cl", usage="CLOSER", endurance="1"),
        pitcher(f"{prefix}-rp1", usage="RELIEVER", endurance="3/5"),
        pitcher(f"{prefix}-rp2", usage="RELIEVER", endurance="0"),
    )


def league_setup(**options: Any) -> GameSetup:
    return setup(
        team("away", "Away", bullpen=pen("away"), ratings={"SS": 5, "CF": 1}),
        team("home", "Home", bullpen=pen("home"), ratings={"SS": 1, "CF": 5, "LF": 2}),
        handbook="",
        **{"dd_steals": True, "dd_on_base_events": True, **options},
    )


def random_answers(seed: int) -> Any:
    rng = random.Random(seed)

    def answer(request: Any) -> str:
        return str(rng.choice([o.key for o in request.options]))

    return answer


def check(game: Game) -> None:
    state = game.state
    events = game.events
    assert state.over
    assert sum(isinstance(e, GameEnded) for e in events) == 1
    # Three outs a half, except the last one (a walk-off, or the home team ahead not batting).
    halves: list[int] = []
    for e in events:
        if isinstance(e, HalfInningStarted):
            halves.append(0)
        elif isinstance(e, RunnerOut):
            halves[-1] += 1
    assert all(outs == 3 for outs in halves[:-1]), halves
    assert halves[-1] <= 3
    assert len(state.away.order) == len(state.home.order) == 9
    # Runs: the line score, the RunScored events and the box score agree.
    scored = Counter(
        "away" if _batting_at(events, i) == "away" else "home" for i, e in enumerate(events) if isinstance(e, RunScored)
    )
    assert (scored["away"], scored["home"]) == (state.away.runs, state.home.runs)
    box = box_score(game)
    assert (box.line.away.r, box.line.home.r) == (state.away.runs, state.home.runs)
    for key in ("away", "home"):
        side = box.team(key)
        assert side.batting_totals().r == getattr(state, key).runs
        pas = sum(isinstance(e, PlateAppearanceEnded) and _batting_at(events, i) == key for i, e in enumerate(events))
        assert side.batting_totals().pa == pas
        other = box.team("home" if key == "away" else "away")
        assert sum(p.r for p in other.pitching) == getattr(state, key).runs
        assert sum(p.outs for p in other.pitching) == sum(
            halves[i] for i in range(len(halves)) if (i % 2 == 0) == (key == "away")
        )
    if state.inning >= 9 and not state.top:
        assert state.home.runs != state.away.runs


def _batting_at(events: list[Any], index: int) -> str:
    for e in reversed(events[:index]):
        if isinstance(e, HalfInningStarted):
            return str(e.batting)
    raise AssertionError("no half inning")


@pytest.mark.parametrize("seed", range(FAST_GAMES))
def test_auto_managed_games_finish_legally(seed: int) -> None:
    check(Game(league_setup(), seed))


@pytest.mark.parametrize("seed", range(40))
def test_games_with_random_answers_finish_legally(seed: int) -> None:
    check(
        Game(
            league_setup(dd_never_as_rare_0=seed % 2 == 0, dd_closers=seed % 3 != 0),
            seed,
            auto_manager=random_answers(seed),
        )
    )


@pytest.mark.parametrize("seed", range(20))
def test_a_game_rebuilt_from_setup_seed_and_log_plays_the_same(seed: int) -> None:
    game = Game(league_setup(dd_manual_baserunning=seed % 2 == 0), seed, auto_manager=random_answers(seed))
    again = Game.from_dict(game.to_dict())
    assert again.events == game.events
    assert again.setup.ruleset == "deep-drive-1.2.5"


@pytest.mark.slow
def test_ten_thousand_games() -> None:
    """Issue 16: property and replay checks over 10,000 Deep Drive games."""
    for seed in range(SLOW_GAMES):
        manual = seed % 4 == 1
        game = Game(
            league_setup(dd_manual_baserunning=manual), seed, auto_manager=random_answers(seed) if seed % 2 else None
        )
        check(game)
        if seed % 10 == 0:
            assert Game.from_dict(game.to_dict()).events == game.events
