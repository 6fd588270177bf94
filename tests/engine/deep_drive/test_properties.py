"""Whole Deep Drive games, auto-managed or with random legal answers: they finish, and their states,
events and box scores agree. A game rebuilt from its setup, seed and log plays the same events."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine.boxscore import box_score
from engine.events import GameEnded, HalfInningStarted, PlateAppearanceEnded, RunnerOut, RunScored, Substitution
from engine.game import Game
from engine.setup import GameSetup
from tests.engine.deep_drive.helpers import batter, pitcher, setup, team
from tests.engine.deep_drive.test_substitutes import STRONG
from tests.engine.helpers import soak_batches

FAST_GAMES = 150
SLOW_GAMES = 10_000
SLOW_BATCH = 500


def pen(prefix: str) -> tuple[Any, ...]:
    return (
        pitcher(f"{prefix}-cl", usage="CLOSER", endurance="1"),
        pitcher(f"{prefix}-rp1", usage="RELIEVER", endurance="3/5"),
        pitcher(f"{prefix}-rp2", usage="RELIEVER", endurance="0"),
    )


def bench(prefix: str) -> tuple[Any, ...]:
    """A fast runner, a hitter, a glove man and a catcher: every substitution has someone to use."""
    return (
        batter(f"{prefix}-pr", run="VF", steal="7A+", positions=["CF 3"]),
        batter(f"{prefix}-ph", chances=dict(STRONG), run="S", positions=["1B 2"]),
        batter(f"{prefix}-ut", positions=["SS 4", "2B 4", "3B 3"]),
        batter(f"{prefix}-bc", positions=["C 2 PB:D T+1"]),
    )


def league_setup(dh: bool = True, benches: bool = False, **options: Any) -> GameSetup:
    """The property games' teams; ``benches`` gives each a bench, ``dh=False`` lets the pitchers bat."""
    return setup(
        team("away", "Away", bullpen=pen("away"), ratings={"SS": 5, "CF": 1}, dh=dh,
             bench=bench("away") if benches else ()),
        team("home", "Home", bullpen=pen("home"), ratings={"SS": 1, "CF": 5, "LF": 2}, dh=dh,
             bench=bench("home") if benches else ()),
        handbook="",
        **{"dd_steals": True, "dd_on_base_events": True, "designated_hitter": dh, **options},
    )  # fmt: skip


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
    for side in (state.away, state.home):
        ids = [s.batter.id for s in side.order]
        assert len(set(ids)) == 9 and not set(ids) & side.removed  # nobody out of the game bats again
        placed = [s.position for i, s in enumerate(side.order) if i not in side.unplaced]
        assert len(set(placed)) == len(placed)  # nobody shares a position
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
            league_setup(
                dh=seed % 3 != 1,
                benches=seed % 4 != 3,
                dd_never_as_rare_0=seed % 2 == 0,
                dd_closers=seed % 3 != 0,
                dd_manual_steals=seed % 2 == 1,
                dd_manual_baserunning=seed % 5 == 0,
            ),
            seed,
            auto_manager=random_answers(seed),
        )
    )


def test_random_answers_reach_the_substitutions_and_manual_steals() -> None:
    """Random legal choices for both sides use every new call: pinch hitters and runners, defensive
    replacements, substitutes taking the field, manual steals."""
    seen: Counter[str] = Counter()
    for seed in range(12):
        game = Game(
            league_setup(dh=seed % 2 == 0, benches=True, dd_manual_steals=True), seed, auto_manager=random_answers(seed)
        )
        check(game)
        seen.update(e.kind for e in game.events if isinstance(e, Substitution))
        seen.update(d.choice for d in game.log if d.kind == "offense" and d.choice == "steal")
    for kind in ("pinch_hitter", "pinch_runner", "defense", "position", "pitcher", "steal"):
        assert seen[kind] > 0, (kind, seen)


def double_switching(seed: int) -> Any:
    """Random answers, but the bench is kept for the pitcher's spot: he is always batted for and his
    spot always double switched when it may be (the steps' answers are random: "back" included)."""
    base = random_answers(seed)
    arms = {f"{side}-{role}" for side in ("away", "home") for role in ("sp", "cl", "rp1", "rp2")}

    def answer(request: Any) -> str:
        keys = request.option_keys()
        if request.kind == "defensive_position" and "double" in keys:
            return "double"
        if request.kind == "offense" and "pinch_hit" in keys and request.context["batter"]["id"] in arms:
            return "pinch_hit"
        choice = str(base(request))
        return request.suggestion if choice in ("pinch_hit", "pinch_run", "field") else choice

    return answer


def test_double_switches_keep_every_game_legal_and_replayable() -> None:
    """A man who batted for the pitcher stays in the field for a fielder, the new pitcher batting in that
    fielder's spot: nine men in nine spots, none of them out of the game, nobody sharing a position,
    and the stored log replays the same game."""
    switched = 0
    for seed in range(40):
        game = Game(league_setup(dh=False, benches=True), seed, auto_manager=double_switching(seed))
        check(game)
        assert Game.from_dict(game.to_dict()).events == game.events
        subs = [e for e in game.events if isinstance(e, Substitution)]
        switched += sum(s.kind == "position" and s.player_in != s.player_out for s in subs)
    assert switched >= 10


@pytest.mark.parametrize("seed", range(30))
def test_auto_managed_games_with_benches_and_no_dh_finish_legally(seed: int) -> None:
    check(Game(league_setup(dh=False, benches=True, dd_manual_steals=seed % 2 == 0), seed))


@pytest.mark.parametrize("seed", range(20))
def test_a_game_rebuilt_from_setup_seed_and_log_plays_the_same(seed: int) -> None:
    game = Game(
        league_setup(
            dh=seed % 3 != 0, benches=True, dd_manual_baserunning=seed % 2 == 0, dd_manual_steals=seed % 4 < 2
        ),
        seed,
        auto_manager=random_answers(seed),
    )
    again = Game.from_dict(game.to_dict())
    assert again.events == game.events
    assert again.setup.ruleset == "deep-drive-1.2.5"


@pytest.mark.slow
@pytest.mark.parametrize("first", soak_batches(SLOW_GAMES, SLOW_BATCH))
def test_ten_thousand_games(first: int) -> None:
    """Issue 16: property and replay checks over 10,000 Deep Drive games (in batches that run in parallel)."""
    for seed in range(first, first + SLOW_BATCH):
        manual = seed % 4 == 1
        game = Game(
            league_setup(
                dh=seed % 3 != 2,
                benches=seed % 5 != 4,
                dd_manual_baserunning=manual,
                dd_manual_steals=seed % 8 >= 4,
            ),
            seed,
            auto_manager=random_answers(seed) if seed % 2 else None,
        )
        check(game)
        if seed % 10 == 0:
            assert Game.from_dict(game.to_dict()).events == game.events


@pytest.mark.parametrize("seed", [21, 5101])
def test_strike_three_with_two_out_ends_the_inning_before_the_throw_on_the_runner(seed: int) -> None:
    """Found by the 10,000 games: a hit and run's third strike with two out and the runner thrown out
    made four outs. Baseball's rules: the strikeout is the third out; there is no play on the runner."""
    game = Game(
        league_setup(dh=seed % 3 != 2, benches=seed % 5 != 4, dd_manual_baserunning=seed % 4 == 1,
                     dd_manual_steals=seed % 8 >= 4),
        seed,
        auto_manager=random_answers(seed),
    )  # fmt: skip
    check(game)
