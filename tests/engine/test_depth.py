"""Infield depth (IP2021 "Infield Depth"; IP2007 §8.4 suggested depths)."""

from __future__ import annotations

import pytest

from cards.notation import Position
from engine.events import Decided, PlateAppearanceStarted
from engine.game import Game
from engine.inside_pitch import depth
from tests.engine.conftest import Table
from tests.engine.helpers import setup
from tests.engine.test_ground_outs import decide, decided, infield

INFIELD = (Position.FIRST, Position.SECOND, Position.THIRD, Position.SHORT)


# --- the adjustment table -----------------------------------------------------------------


@pytest.mark.parametrize(("alignment", "expected"), [("back", 0), ("half", -1), ("in", -2)])
def test_range_by_depth(table: Table, alignment: str, expected: int) -> None:
    infield(table, alignment)
    table.runner(2)  # nobody held on first
    assert [depth.range_adjustment(table.game, p) for p in INFIELD] == [expected] * 4


def test_range_never_moves_for_pitcher_catcher_or_outfield(table: Table) -> None:
    infield(table, "in")
    for position in (Position.P, Position.C, Position.CENTER):
        assert depth.range_adjustment(table.game, position) == 0


@pytest.mark.parametrize(
    ("alignment", "position", "br_third"),
    [
        ("back", Position.SHORT, 2),
        ("half", Position.SHORT, -1),
        ("in", Position.SHORT, -2),
        ("back", Position.P, -2),
        ("back", Position.C, -2),
    ],
)
def test_runner_on_third_br_by_depth(table: Table, alignment: str, position: Position, br_third: int) -> None:
    infield(table, alignment)
    assert depth.br_third_adjustment(table.game, position) == br_third


@pytest.mark.parametrize(
    ("alignment", "position", "gdp", "br_first"),
    [
        ("back", Position.SECOND, 0, 0),
        ("half", Position.SECOND, 1, -1),
        ("back", Position.P, 1, -1),
        ("back", Position.C, 0, 0),
    ],
)
def test_double_play_numbers_by_depth(
    table: Table, alignment: str, position: Position, gdp: int, br_first: int
) -> None:
    infield(table, alignment)
    assert depth.gdp_adjustment(table.game, position) == gdp
    assert depth.br_first_adjustment(table.game, position) == br_first


def test_infielder_in_throws_home_or_first_pitcher_anywhere(table: Table) -> None:
    infield(table, "in")
    assert [b for b in (1, 2, 3, 4) if depth.throws_to(table.game, Position.SHORT, b)] == [1, 4]
    assert [b for b in (1, 2, 3, 4) if depth.throws_to(table.game, Position.P, b)] == [1, 2, 3, 4]
    assert depth.current(table.game, Position.P) == "in"


def test_first_baseman_holding_a_runner_is_not_in(table: Table) -> None:
    """IP2021 "Infield Depth": the first baseman holding a runner on first is not in; Dugout plays
    him in the halfway column and names him "holding the runner" wherever his depth is shown."""
    infield(table, "in")
    table.runner(1)
    g = table.game
    assert depth.current(g, Position.FIRST) == "holding"
    assert depth.column(g, Position.FIRST) == "half"
    assert depth.describe(g, Position.FIRST) == "1B holding the runner"
    assert depth.range_adjustment(g, Position.FIRST) == -1
    assert depth.throws_to(g, Position.FIRST, 2)
    assert depth.current(g, Position.THIRD) == "in"
    assert depth.alignment_of(g) == {"1B": "holding", "2B": "in", "3B": "in", "SS": "in"}
    table.runner(2)  # second base taken: he no longer holds the runner
    assert depth.current(g, Position.FIRST) == "in"
    assert depth.alignment_of(g)["1B"] == "in"


# --- the suggested depth chart --------------------------------------------------------------


@pytest.mark.parametrize(
    ("occupied", "suggestion"),
    [
        ((1,), "double_play"),
        ((2,), "back"),
        ((3,), "back"),
        ((1, 2), "double_play"),
        ((1, 3), "double_play"),
        ((2, 3), "back"),
        ((1, 2, 3), "back"),
    ],
)
def test_suggested_depth_by_base_state(table: Table, occupied: tuple[int, ...], suggestion: str) -> None:
    table.game.state.home.runs_by_inning = [2]  # two runs apart: neither close nor lopsided
    for base in occupied:
        table.runner(base)
    assert depth.suggested_alignment(table.game) == suggestion


@pytest.mark.parametrize("home_runs", [0, 1])
def test_tied_or_one_run_game_runner_on_third_all_in(table: Table, home_runs: int) -> None:
    table.game.state.home.runs_by_inning = [home_runs]
    table.runner(1)
    table.runner(3)
    assert depth.suggested_alignment(table.game) == "in"


def test_two_outs_or_four_runs_all_back(table: Table) -> None:
    table.runner(1)
    table.runner(3)
    table.game.state.outs = 2
    assert depth.suggested_alignment(table.game) == "back"
    table.game.state.outs = 0
    table.game.state.home.runs_by_inning = [4]
    assert depth.suggested_alignment(table.game) == "back"


# --- the decision ------------------------------------------------------------------------


def test_bases_empty_infield_back_nobody_asked(table: Table) -> None:
    infield(table, "in")
    depth.before_plate_appearance(table.game)
    assert table.game.state.infield_depth == {}
    assert decided(table) == []


def test_two_outs_infield_back_nobody_asked(table: Table) -> None:
    infield(table, "in")
    table.runner(3)
    table.game.state.outs = 2
    depth.before_plate_appearance(table.game)
    assert table.game.state.infield_depth == {}
    assert decided(table) == []


def test_defense_sets_the_infield_with_runners_on(table: Table) -> None:
    table.runner(1)
    table.game.state.home.runs_by_inning = [2]
    depth.before_plate_appearance(table.game)
    assert decided(table) == [("infield_depth", "double_play")]
    assert table.game.state.infield_depth == {"1B": "half", "2B": "half", "3B": "half", "SS": "half"}


def test_manager_picks_corners_in(table: Table) -> None:
    table.runner(3)
    decide(table, "infield_depth", "corners_in")
    depth.before_plate_appearance(table.game)
    assert table.game.state.infield_depth == {"1B": "in", "2B": "half", "3B": "in", "SS": "half"}


def test_suggests_unchanged_when_already_so(table: Table) -> None:
    infield(table, "in")
    table.runner(3)
    depth.before_plate_appearance(table.game)
    assert decided(table) == [("infield_depth", "unchanged")]
    assert table.game.state.infield_depth["SS"] == "in"


def test_asked_again_only_when_the_base_out_state_changes(table: Table) -> None:
    g = table.game
    runner = table.runner(1)

    def start_plate_appearance() -> None:
        bases = tuple(r.id if r else None for r in g.state.bases)
        g.emit(PlateAppearanceStarted("batter", "pitcher", g.state.outs, bases, "R", "R"))
        depth.before_plate_appearance(g)

    start_plate_appearance()
    start_plate_appearance()  # nothing changed: not asked
    assert len(decided(table)) == 1
    g.state.outs = 1
    start_plate_appearance()
    assert len(decided(table)) == 2
    g.state.bases = [None, None, None]
    start_plate_appearance()  # bases empty: back, no question
    g.state.bases = [runner, None, None]
    start_plate_appearance()  # same state as asked before, but the infield went back since
    assert len(decided(table)) == 3


def test_in_a_whole_game_the_defense_is_asked_only_with_runners_on() -> None:
    g = Game(setup(), seed=3)
    asked_with: list[tuple[str | None, ...]] = []
    last_start: PlateAppearanceStarted | None = None
    for event in g.events:
        if isinstance(event, PlateAppearanceStarted):
            last_start = event
        if isinstance(event, Decided) and event.kind == "infield_depth":
            assert last_start is not None
            asked_with.append(last_start.bases)
    assert asked_with
    assert all(any(bases) for bases in asked_with)


def test_a_managed_defense_is_asked_and_the_game_replays() -> None:
    g = Game(setup(), seed=3, managed=["home"])
    for _ in range(500):
        assert g.pending is not None
        if g.pending.kind == "infield_depth":
            break
        g.auto_answer()
    request = g.pending
    assert request is not None and request.kind == "infield_depth"
    assert {o.key for o in request.options} >= {"back", "double_play", "corners_in", "in", "unchanged"}
    g.choose("home", "in")
    replayed = Game(setup(), seed=3, log=g.log, managed=["home"])
    assert replayed.events == g.events
