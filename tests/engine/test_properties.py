"""Properties every game must have, over 10,000 auto-managed games, and replay from setup + seed + log.

Half the games take the auto-manager's suggestions; the other half answer every
request with a random legal choice, so the paths a person might take are played
too. Marked ``slow``: ``pytest -m "not slow"`` skips them while you work.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache

import pytest

from bot.terminal.game import build_setup
from cards import SAMPLE_SET
from cards.loader import load_set
from engine.boxscore import box_score
from engine.events import (
    ErrorCharged,
    Event,
    Fatigue,
    GameEnded,
    HalfInningStarted,
    PlateAppearanceEnded,
    PlateAppearanceStarted,
    RunnerMoved,
    RunnerOut,
    RunScored,
    Substitution,
)
from engine.game import Game
from engine.inside_pitch.options import InsidePitchOptions
from engine.requests import MAX_OPTIONS, Request
from engine.setup import GameSetup
from tests.engine.helpers import CBP, setup, soak_batches

GAMES = 10_000
BATCH = 500


@cache
def setups() -> tuple[GameSetup, ...]:
    cards = load_set(SAMPLE_SET)
    return (
        build_setup(cards, "Harbor City", "Mesa Valley"),
        build_setup(cards, "Mesa Valley", "Harbor City", designated_hitter=True),
        setup(),
        setup(InsidePitchOptions(slow_roller_2007=True, station_to_station=True, extra_inning_runner=True), park=CBP),
        setup(InsidePitchOptions(throw_charts_2007=True, strategy_rolls="rules", roll_again_when_bases_change=True)),
        setup(InsidePitchOptions(pull=False, exhausted=False, designated_hitter=False), park=CBP),
        build_setup(  # the sample teams' pitchers have Special K ranges
            cards,
            "Mesa Valley",
            "Harbor City",
            options={
                "special_k_outs_only": True,
                "dropped_pop_odd_2007": True,
                "infield_single_br_2007": True,
                "catcher_pop_out_2007": True,
                "infield_depth_2007": True,
            },
        ),
    )


def random_manager(seed: int) -> Callable[[Request], str]:
    """Any legal answer; every request fits a Discord menu (issue 12: at most 25 options)."""
    rng = random.Random(seed)

    def choose(request: Request) -> str:
        assert len(request.options) <= MAX_OPTIONS, (request.kind, len(request.options))
        assert len(set(request.option_keys())) == len(request.options), request.kind
        return rng.choice(request.option_keys())

    return choose


def play(seed: int) -> Game:
    game_setup = setups()[seed % len(setups())]
    chooser = random_manager(seed) if seed % 2 else None
    return Game(game_setup, seed, auto_manager=chooser)


def halves(events: list[Event]) -> list[list[Event]]:
    out: list[list[Event]] = []
    for event in events:
        if isinstance(event, HalfInningStarted):
            out.append([])
        if out:
            out[-1].append(event)
    return out


def assert_sound(game: Game) -> None:
    """Every property of a finished game; the message names the seed."""
    seed = game.seed
    assert game.over, seed
    parts = halves(game.events)
    # Three outs end every half inning but a walk-off; after the third out nothing happens.
    after_third_out = RunnerMoved | RunnerOut | RunScored | PlateAppearanceStarted
    for i, half in enumerate(parts):
        outs = 0
        for event in half:
            if outs == 3:
                assert not isinstance(event, after_third_out), (seed, event)
            outs += isinstance(event, RunnerOut)
        last = i == len(parts) - 1
        first = half[0]
        assert isinstance(first, HalfInningStarted)
        walk_off = last and not first.top and game.state.home.runs > game.state.away.runs
        assert outs == 3 or (walk_off and outs < 3), (seed, first, outs)
    # No two runners share a base, and a runner leaves only the base he is on.
    bases: dict[int, str] = {}
    for event in game.events:
        if isinstance(event, HalfInningStarted):
            bases = {}
        elif isinstance(event, PlateAppearanceStarted):
            on = [r for r in event.bases if r]
            assert len(on) == len(set(on)), (seed, event)
        elif isinstance(event, RunnerMoved):
            if 1 <= event.start <= 3:
                assert bases.get(event.start) == event.runner, (seed, event)
                del bases[event.start]
            assert event.runner not in bases.values(), (seed, event)
            if 1 <= event.end <= 3:
                assert event.end not in bases, (seed, event)
                bases[event.end] = event.runner
        elif isinstance(event, RunnerOut):
            bases = {b: r for b, r in bases.items() if r != event.runner}
        elif isinstance(event, Substitution):  # a pinch runner (or a hurt runner's replacement) takes the base
            bases = {b: event.player_in if r == event.player_out else r for b, r in bases.items()}
    # OBR 5.10: a pinch hitter or runner still in the game is put somewhere before his team takes the field.
    unplaced: set[tuple[str, int]] = set()
    fielding = "home"
    for event in game.events:
        if isinstance(event, Substitution):
            if event.position in ("PH", "PR"):
                unplaced.add((event.team, event.spot))
            else:
                unplaced.discard((event.team, event.spot))
        elif isinstance(event, HalfInningStarted):
            fielding = "home" if event.batting == "away" else "away"
        elif isinstance(event, PlateAppearanceStarted):
            assert not [u for u in unplaced if u[0] == fielding], (seed, event, unplaced)
    # No pitcher faces a batter once he is exhausted, unless his bullpen is empty.
    exhausted: set[str] = set()
    relieved = {"away": 0, "home": 0}
    for event in game.events:
        if isinstance(event, Fatigue) and event.state == "exhausted":
            exhausted.add(event.pitcher)
        elif isinstance(event, Substitution) and event.kind == "pitcher":
            relieved[event.team] += 1
        elif isinstance(event, PlateAppearanceStarted) and event.pitcher in exhausted:
            team = (
                "home"
                if any(p.id == event.pitcher for p in (game.setup.home.pitcher, *game.setup.home.bullpen))
                else "away"
            )
            assert relieved[team] == len(getattr(game.setup, team).bullpen), (seed, event)
    # Runs: the line score, the box score, the state and the men who crossed the plate agree.
    box = box_score(game)
    crossed = {"away": 0, "home": 0}
    for half in parts:
        first = half[0]
        assert isinstance(first, HalfInningStarted)
        crossed[first.batting] += sum(isinstance(e, RunScored) for e in half)
    for key, other in (("away", "home"), ("home", "away")):
        team = getattr(game.state, key)
        row = getattr(box.line, key)
        assert row.r == team.runs == crossed[key] == box.team(key).batting_totals().r, seed
        assert row.r == sum(p.r for p in box.team(other).pitching), seed
        assert list(row.innings) == team.runs_by_inning, seed
    # Every plate appearance is accounted for: PA = AB + BB + HBP + SF + SH + interference.
    ended = sum(isinstance(e, PlateAppearanceEnded) for e in game.events)
    assert ended == sum(b.pa for t in (box.away, box.home) for b in t.batting), seed
    assert ended == sum(p.bf for t in (box.away, box.home) for p in t.pitching), seed
    for t in (box.away, box.home):
        for b in [*t.batting, t.batting_totals()]:
            assert b.pa == b.ab + b.bb + b.hbp + b.sf + b.sh + b.ci, (seed, b)
    # Hits and errors: the line score, the batters and the pitchers agree; earned runs are runs.
    for key, other in (("away", "home"), ("home", "away")):
        assert (
            getattr(box.line, key).h
            == sum(b.h for b in box.team(key).batting)
            == sum(p.h for p in box.team(other).pitching)
        ), seed
        assert getattr(box.line, key).e == box.team(key).errors, seed
    outs_in_field = {"away": 0, "home": 0}
    for half in parts:
        first = half[0]
        assert isinstance(first, HalfInningStarted)
        outs_in_field["home" if first.top else "away"] += sum(isinstance(e, RunnerOut) for e in half)
    for key in ("away", "home"):
        pitching = box.team(key).pitching
        assert sum(p.outs for p in pitching) == outs_in_field[key], seed
        assert all(p.er <= p.r for p in pitching), seed
    assert_walk_off_ends_the_game(game)
    # Earned runs (OBR 9.16) are never more than the runs. A team's are its pitchers' added up unless a
    # pitcher came into a half inning after an error in it (9.16(i)): then they may be fewer, never more.
    relieved_after_error = {"away": False, "home": False}
    for half in parts:
        first = half[0]
        assert isinstance(first, HalfInningStarted)
        pitched: set[str] = set()
        error = False
        for event in half:
            if isinstance(event, ErrorCharged):
                error = True
            elif isinstance(event, PlateAppearanceStarted) and event.pitcher not in pitched:
                relieved_after_error["home" if first.top else "away"] |= error and bool(pitched)
                pitched.add(event.pitcher)
    for key, other in (("away", "home"), ("home", "away")):
        team = box.team(key)
        pitchers_er = sum(p.er for p in team.pitching)
        assert team.er <= getattr(box.line, other).r, seed
        assert team.er <= pitchers_er, seed
        if not relieved_after_error[key]:
            assert team.er == pitchers_er, seed
    # A finished game has one winning and one losing pitcher (9.17); a save, holds and blown saves
    # (9.19) go to relievers: a save to the winners' last pitcher, a hold never to a team's last one.
    marks = {p.player: p.decision.split(", ") for t in (box.away, box.home) for p in t.pitching if p.decision}
    winners, losers = (box.away, box.home) if box.line.away.r > box.line.home.r else (box.home, box.away)
    assert any("W" in marks.get(p.player, ()) for p in winners.pitching), seed
    assert sum("W" in m for m in marks.values()) == sum("L" in m for m in marks.values()) == 1, seed
    assert any("L" in marks.get(p.player, ()) for p in losers.pitching), seed
    saves = [p.player for t in (box.away, box.home) for p in t.pitching if "S" in marks.get(p.player, ())]
    assert saves in ([], [winners.pitching[-1].player]), seed
    for t in (box.away, box.home):
        for n, p in enumerate(t.pitching):
            mine = marks.get(p.player, [])
            assert set(mine) <= {"W", "L", "S", "HLD", "BS"} and len(mine) == len(set(mine)) <= 2, (seed, mine)
            assert n > 0 or not {"S", "HLD", "BS"} & set(mine), (seed, mine)  # the starter
            assert not ("HLD" in mine and (p is t.pitching[-1] or {"W", "S", "BS"} & set(mine))), (seed, mine)


def assert_walk_off_ends_the_game(game: Game) -> None:
    """OBR 5.08(b): once the home team leads in the bottom of the last inning or later, the game is over.

    Nothing follows that run but the plate appearance's result (none when the at bat
    never finished) and the end of the game; on a home run over the fence the rest
    of its runs (OBR 9.06(f)). So a walk-off wins by one run, a home run by up to four.
    """
    seed, events = game.seed, game.events
    innings = game.setup.options.innings
    runs = {"away": 0, "home": 0}
    batting, late = "away", False
    last_move: RunnerMoved | None = None
    for i, event in enumerate(events):
        if isinstance(event, HalfInningStarted):
            batting, late = event.batting, not event.top and event.inning >= innings
        elif isinstance(event, RunnerMoved):
            last_move = event
        elif isinstance(event, RunScored):
            runs[batting] += 1
            if not (late and runs["home"] > runs["away"]):
                continue
            rest = events[i + 1 :]
            home_run = last_move is not None and last_move.reason == "home run"
            more = [e for e in rest if isinstance(e, RunnerMoved | RunScored)]
            assert rest[: len(more)] == more, (seed, i)
            assert not more or home_run, (seed, i, more)
            assert all(isinstance(e, RunScored) or e.reason == "home run" for e in more), (seed, i, more)
            assert [type(e) for e in rest[len(more) :]] in ([PlateAppearanceEnded, GameEnded], [GameEnded]), (seed, i)
            margin = game.state.home.runs - game.state.away.runs
            assert margin == 1 or (home_run and margin <= 4), (seed, margin)
            return


@pytest.mark.slow
@pytest.mark.parametrize("first", soak_batches(GAMES, BATCH))
def test_ten_thousand_games_keep_every_property(first: int) -> None:
    for seed in range(first, first + BATCH):
        assert_sound(play(seed))


@pytest.mark.slow
@pytest.mark.parametrize("first", range(20_000, 21_000, 250))
def test_a_thousand_games_replay_roll_for_roll_from_setup_seed_and_log(first: int) -> None:
    for seed in range(first, first + 250):
        game = play(seed)
        stored = json.loads(json.dumps(game.to_dict()))
        again = Game.from_dict(stored)
        assert again.events == game.events, seed
        assert again.log == game.log, seed


def test_the_setup_round_trips_through_json() -> None:
    for game_setup in setups():
        assert GameSetup.from_dict(json.loads(json.dumps(game_setup.to_dict()))) == game_setup


@pytest.mark.parametrize("seed", range(12))
def test_a_mid_game_survives_a_json_round_trip(seed: int) -> None:
    """Stop a managed game at a request, store it as JSON, load it: same state, same request, same ending."""
    game_setup = setups()[seed % len(setups())]
    decisions = len(Game(game_setup, seed, auto_manager=random_manager(seed)).log)
    chooser = random.Random(seed)
    game = Game(game_setup, seed, asking={"away": "every", "home": "every"})
    for _ in range(decisions // 2):  # stop halfway through the game's decisions
        assert game.pending is not None
        game.choose(game.pending.side, chooser.choice(game.pending.option_keys()))
    assert game.pending is not None
    stored = json.dumps(game.to_dict())
    again = Game.from_dict(json.loads(stored))
    assert again.state.to_dict() == game.state.to_dict()
    assert again.pending == game.pending
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in game.events]
    while game.pending is not None:
        pick = chooser.choice(game.pending.option_keys())
        game.choose(game.pending.side, pick)
        again.choose(again.pending.side if again.pending else "", pick)
    assert again.over and game.over
    assert again.events == game.events


def test_a_stored_game_of_another_ruleset_is_refused() -> None:
    data = Game(setup(), seed=1).to_dict()
    data["ruleset"] = "deep-drive"
    with pytest.raises(ValueError, match="deep-drive"):
        Game.from_dict(data)


def test_an_unknown_option_in_a_stored_setup_is_refused() -> None:
    data = setup().to_dict()
    data["options"]["robot_umpires"] = True
    with pytest.raises(ValueError, match="robot_umpires"):
        GameSetup.from_dict(data)
