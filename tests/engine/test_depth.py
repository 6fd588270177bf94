"""Infield depth (IP2021 "Infield Depth"; IP2007 §8.4 suggested depths)."""

from __future__ import annotations

import dataclasses

import pytest

from cards.notation import Position
from engine.events import Check, Decided, PlateAppearanceStarted, Reading
from engine.game import Game
from engine.inside_pitch import depth, fielding
from engine.inside_pitch.options import InsidePitchOptions
from engine.inside_pitch.reading import Ball
from engine.requests import Option, Request
from engine.situation import Situation, TeamSituation
from tests.engine.conftest import Table
from tests.engine.helpers import setup
from tests.engine.test_ground_outs import decide, decided, infield
from tests.engine.test_range import at_bat as range_at_bat

INFIELD = (Position.FIRST, Position.SECOND, Position.THIRD, Position.SHORT)


# --- the adjustment table -----------------------------------------------------------------


# Two runs apart, the home team ahead in the top of the second: neither close nor lopsided.
TWO_APART = Situation(inning=2, home=TeamSituation(runs=2))


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
    table.at(TWO_APART)
    for base in occupied:
        table.runner(base)
    assert depth.suggested_alignment(table.game) == suggestion


@pytest.mark.parametrize("home_runs", [0, 1])
def test_tied_or_one_run_game_runner_on_third_all_in(table: Table, home_runs: int) -> None:
    table.at(Situation(inning=2, home=TeamSituation(runs=home_runs)))
    table.runner(1)
    table.runner(3)
    assert depth.suggested_alignment(table.game) == "in"


def test_two_outs_or_four_runs_all_back(table: Table) -> None:
    table.runner(1)
    table.runner(3)
    table.game.state.outs = 2
    assert depth.suggested_alignment(table.game) == "back"
    table.at(Situation(inning=2, home=TeamSituation(runs=4)))
    table.runner(1)
    table.runner(3)
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
    table.at(TWO_APART)
    table.runner(1)
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


def test_a_managed_defense_sets_its_infield_with_its_call_and_the_game_replays() -> None:
    """Issue 12: with runners on and fewer than two outs the defense's one call names the alignment."""
    g = Game(setup(), seed=3, asking={"home": "every"})
    for _ in range(500):
        assert g.pending is not None
        if g.pending.kind == "defense" and "pitch:in" in g.pending.option_keys():
            break
        g.auto_answer()
    request = g.pending
    assert request is not None
    assert request.option_keys()[:4] == ["pitch:back", "pitch:double_play", "pitch:corners_in", "pitch:in"]
    g.choose("home", "pitch:in")
    played = [e for e in g.events if isinstance(e, PlateAppearanceStarted)][-1]
    assert g.state.depth_set_for is None or g.state.infield_depth == {"1B": "in", "2B": "in", "3B": "in", "SS": "in"}
    replayed = Game(setup(), seed=3, log=g.log, asking={"home": "every"})
    assert replayed.events == g.events
    assert any(played.bases)


# --- the first baseman holding a runner, as the defense is told (IP2021 "Infield Depth") ------


def ask_depth(table: Table, answer: str) -> Request:
    """Run the depth decision with a manager who answers ``answer``; return what he was asked."""
    asked: list[Request] = []

    def manager(request: Request) -> str:
        asked.append(request)
        return answer

    table.game.auto_manager = manager
    depth.before_plate_appearance(table.game)
    assert len(asked) == 1
    return asked[0]


def test_holding_first_baseman_request_says_so(table: Table) -> None:
    """IP2021 "Infield Depth": "The first baseman is NOT considered to be in if holding a runner on
    at first." With a runner on first the request says so, and the alignments that would put him in
    name him holding the runner; the rest read as always."""
    table.runner(1)
    table.runner(3)
    request = ask_depth(table, "corners_in")
    assert request.prompt == (
        "away 0, home 0, top 1, nobody out. away-c (R) vs home P (R). "
        "Runners on first (runner 1) and third (runner 3): where does the infield play? "
        "The first baseman holds the runner on first, so he cannot play in."
    )
    assert [(o.key, o.label) for o in request.options] == [
        ("back", "Infield back"),
        ("double_play", "Double-play depth (all halfway)"),
        ("corners_in", "3B in, 1B holding the runner, middle infield halfway"),
        ("in", "Infield in, 1B holding the runner"),
        ("unchanged", "Keep: Infield back"),
    ]
    g = table.game
    assert g.state.infield_depth == {"1B": "in", "2B": "half", "3B": "in", "SS": "half"}  # as the defense set it
    assert depth.alignment_of(g) == {"1B": "holding", "2B": "half", "3B": "in", "SS": "half"}  # as played
    assert g.events[-1] == Reading("infield depth", "home-1b", "1B", "holding the runner, not in (played halfway)")


def test_keep_names_the_holding_first_baseman(table: Table) -> None:
    infield(table, "in")
    table.runner(1)
    request = ask_depth(table, "unchanged")
    assert request.options[-1] == Option("unchanged", "Keep: Infield in, 1B holding the runner")
    assert Reading("infield depth", "home-1b", "1B", "holding the runner, not in (played halfway)") in table.game.events


def test_no_holding_note_when_second_base_is_taken(table: Table) -> None:
    table.runner(1)
    table.runner(2)
    request = ask_depth(table, "in")
    assert (
        request.prompt == "away 0, home 0, top 1, nobody out. away-c (R) vs home P (R). "
        "Runners on first (runner 1) and second (runner 2): where does the infield play?"
    )
    assert ("in", "Infield in") in [(o.key, o.label) for o in request.options]
    assert not [e for e in table.game.events if isinstance(e, Reading)]
    assert depth.current(table.game, Position.FIRST) == "in"


def test_holding_first_baseman_in_a_modifiers_name(table: Table) -> None:
    """The range check's modifier names what is played: "1B holding the runner", -1 (halfway)."""
    infield(table, "in")
    table.runner(1)
    dice = table.script((6, 2))
    fielding.range_play(table.game, range_at_bat(table), Ball("G", 3, "batter"))
    check = next(e for e in table.game.events if isinstance(e, Check))
    assert check.modifiers == (("1B holding the runner", -1),)
    dice.assert_done()


# --- the IP2007 §8.5 table (Options.infield_depth_2007) --------------------------------------


def depth_2007(table: Table) -> None:
    table.game.setup = dataclasses.replace(table.game.setup, options=InsidePitchOptions(infield_depth_2007=True))


ADJUSTMENTS = ("range", "gdp", "br_first", "br_third")


def adjustments(table: Table, position: Position) -> tuple[int, int, int, int]:
    g = table.game
    return (
        depth.range_adjustment(g, position),
        depth.gdp_adjustment(g, position),
        depth.br_first_adjustment(g, position),
        depth.br_third_adjustment(g, position),
    )


@pytest.mark.parametrize(
    ("alignment", "position", "ip2021", "ip2007"),
    [
        # (range, GDP, BR of the runner forced from first, BR of the runner on third)
        ("back", Position.P, (0, 1, -1, -2), (0, -1, 0, -2)),
        ("back", Position.C, (0, 0, 0, -2), (0, -2, 0, -2)),
        ("back", Position.SHORT, (0, 0, 0, 2), (0, 0, 0, 2)),
        ("back", Position.FIRST, (0, 0, 0, 2), (0, 0, 1, 2)),
        ("half", Position.SECOND, (-1, 1, -1, -1), (-1, 1, -1, 0)),
        ("half", Position.THIRD, (-1, 1, -1, -1), (-1, 1, -1, 0)),
        ("half", Position.FIRST, (-1, 1, -1, -1), (-1, 0, 0, 0)),
        ("in", Position.SHORT, (-2, 0, 0, -2), (-2, 0, 0, -2)),
        ("in", Position.FIRST, (-2, 0, 0, -2), (-2, 0, 0, -2)),
    ],
)
def test_ip2007_depth_table_option(
    table: Table,
    alignment: str,
    position: Position,
    ip2021: tuple[int, int, int, int],
    ip2007: tuple[int, int, int, int],
) -> None:
    """IP2021 "Infield Depth" adjustments by default; IP2007 §8.5's with ``infield_depth_2007``: the
    pitcher's GDP -1 and the catcher's -2, the first baseman's own back (BR 1st +1) and halfway
    (range -1 only) columns, and no BR 3rd change at double-play depth. Nobody is held on first."""
    infield(table, alignment)
    table.runner(2)
    assert adjustments(table, position) == ip2021
    depth_2007(table)
    assert adjustments(table, position) == ip2007


@pytest.mark.parametrize(("alignment", "ip2021", "ip2007"), [("back", "back", "holding"), ("in", "holding", "holding")])
def test_ip2007_first_baseman_holding_is_at_double_play_depth(
    table: Table, alignment: str, ip2021: str, ip2007: str
) -> None:
    """IP2007 §8.5: "The first baseman is considered DP when holding a runner on at 1st", whatever
    the infield was set to; IP2021 only keeps him from playing in."""
    infield(table, alignment)
    table.runner(1)
    g = table.game
    assert depth.current(g, Position.FIRST) == ip2021
    depth_2007(table)
    assert depth.current(g, Position.FIRST) == ip2007
    assert adjustments(table, Position.FIRST) == (-1, 0, 0, 0)  # the 1B halfway column of §8.5
    assert depth.throws_to(g, Position.FIRST, 2)


def test_ip2007_request_names_every_alignment_holding(table: Table) -> None:
    table.at(TWO_APART)
    depth_2007(table)
    table.runner(1)
    request = ask_depth(table, "back")
    assert request.prompt.endswith("The first baseman holds the runner on first, so he plays at double-play depth.")
    assert [o.label for o in request.options][:4] == [
        "Infield back, 1B holding the runner",
        "Double-play depth (halfway), 1B holding the runner",
        "3B in, 1B holding the runner, middle infield halfway",
        "Infield in, 1B holding the runner",
    ]
    assert depth.alignment_of(table.game) == {"1B": "holding", "2B": "back", "3B": "back", "SS": "back"}
    assert table.game.events[-1] == Reading(
        "infield depth", "home-1b", "1B", "holding the runner, not back (played halfway)"
    )


def test_ip2007_depth_games_replay() -> None:
    g = Game(setup(InsidePitchOptions(infield_depth_2007=True)), seed=5, asking={"home": "every"})
    for _ in range(2000):
        if g.pending is None:
            break
        g.auto_answer()
    assert g.over
    replayed = Game(setup(InsidePitchOptions(infield_depth_2007=True)), seed=5, log=g.log)
    assert replayed.events == g.events
