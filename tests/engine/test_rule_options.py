"""Special K's scope and the IP2007 readings offered as options (engine.setup.Options).

Each rule is played both ways with scripted dice: the IP2021 default, then the
IP2007 option. Books: IP2021 = inside-pitch-2021.txt, IP2007 =
inside-pitch-v3-2007.txt (the publishers' texts, kept outside the repository; IP2021 wins where they differ).
"""

from __future__ import annotations

import dataclasses

import pytest

from cards.models import Ballpark
from cards.notation import PitcherResult, Position
from engine.events import Check, ErrorCharged, PlateAppearanceEnded, Roll, RunnerOut
from engine.inside_pitch import fielding, rare
from engine.inside_pitch.fielding import error_play
from engine.inside_pitch.options import InsidePitchOptions
from engine.inside_pitch.plays import play_result, resolve
from engine.inside_pitch.reading import Ball, Direct, Triggers, pitcher_result
from engine.state import Runner
from tests.engine.conftest import Table
from tests.engine.helpers import CBP, clone_batter
from tests.engine.test_errors import Recorder
from tests.engine.test_range import at_bat, batter_runner, set_fielder
from tests.engine.test_reading import PEAVY, ROLLINS
from tests.engine.test_reading import at_bat as rollins_vs_peavy

E, ET, EG = PitcherResult.ERROR, PitcherResult.THROWING_ERROR, PitcherResult.GROUND_ERROR
ANY_CELL = ((6, 1), (6, 1))  # every cell of the one-result cards below reads the same


def use(table: Table, **options: object) -> None:
    """Play the table's game under these options (the rest at their IP2021 defaults)."""
    g = table.game
    g.setup = dataclasses.replace(g.setup, options=InsidePitchOptions(**options))  # type: ignore[arg-type]


def bases(table: Table) -> list[str | None]:
    return [r.id if r else None for r in table.game.state.bases]


def notation(table: Table) -> str:
    ended = [e for e in table.game.events if isinstance(e, PlateAppearanceEnded)]
    assert len(ended) == 1
    return ended[0].notation


def special_k_rolls(table: Table) -> list[int]:
    return [e.values[0] for e in table.game.events if isinstance(e, Roll) and e.purpose.startswith("Special K")]


def errors(table: Table) -> list[tuple[str, str]]:
    return [(e.fielder, e.kind) for e in table.game.events if isinstance(e, ErrorCharged)]


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """``balls.play_ball`` and ``rare.another_pitch`` replaced by a recorder (see test_errors)."""
    from engine.inside_pitch import balls

    recorder = Recorder()
    monkeypatch.setattr(balls, "play_ball", recorder.play_ball)
    monkeypatch.setattr(rare, "another_pitch", recorder.another_pitch)
    return recorder


# --- Special K (IP2021 "Special K"; IP2007 §2.19) -----------------------------------------

# Rollins (batting left against Peavy, whose Special K is 1-8 against left-handed batters)
# with a card that reads W, K or G6 in every cell.
WALKER = clone_batter(ROLLINS, "walker", matrix=[["W"] * 6 for _ in range(6)])
STRIKER = clone_batter(ROLLINS, "striker", matrix=[["K"] * 6 for _ in range(6)])
GROUNDER = clone_batter(ROLLINS, "grounder", matrix=[["G6"] * 6 for _ in range(6)])


def play_card(table: Table, batter: object, pitcher_cell: PitcherResult, *rolls: tuple[int, int]) -> str:
    """The pitcher's card reads ``pitcher_cell``; play the at bat to its end with these dice."""
    g = table.game
    ab = rollins_vs_peavy(batter=batter)
    dice = table.script(*rolls)
    read = pitcher_result(g, ab, pitcher_cell)
    assert read is not None
    result, triggers = read
    resolve(g, ab, Runner(ab.batter, PEAVY.id), result, triggers)
    dice.assert_done()
    return notation(table)


def test_a_walk_off_the_batter_card_is_read_as_such(table: Table) -> None:
    g = table.game
    dice = table.script(*ANY_CELL)
    assert pitcher_result(g, rollins_vs_peavy(batter=WALKER), PitcherResult.BLANK) == (
        Direct("W", "W", "batter"),
        Triggers(),
    )
    dice.assert_done()


@pytest.mark.parametrize(
    ("special_k_roll", "expected", "on_first"), [(1, "K", None), (8, "K", None), (9, "BB", "walker")]
)
def test_ip2021_special_k_turns_a_batter_card_walk_into_a_strikeout(
    table: Table, special_k_roll: int, expected: str, on_first: str | None
) -> None:
    """IP2021 "Special K": "all results from the batter's card or ballpark card other than hits"
    may become strikeouts, a W among them: 1d20 in Peavy's 1-8 and the walk is a strikeout."""
    assert play_card(table, WALKER, PitcherResult.BLANK, *ANY_CELL, (20, special_k_roll)) == expected
    assert bases(table) == [on_first, None, None]
    assert table.game.state.outs == (1 if expected == "K" else 0)
    assert special_k_rolls(table) == [special_k_roll]


@pytest.mark.parametrize(("outs_only", "expected"), [(False, "K"), (True, "BB")])
def test_special_k_on_a_ballpark_card_walk(table: Table, outs_only: bool, expected: str) -> None:
    """IP2021 "Special K" names the ballpark card with the batter's: its W may become a K (1d20 2
    in Peavy's 1-8); IP2007 §2.19's outs-only reading leaves it a walk."""
    use(table, special_k_outs_only=outs_only)
    walk_park = Ballpark.model_validate(
        {**CBP.model_dump(mode="json"), "id": "walk-park", "matrix": [["W"] * 6 for _ in range(6)]}
    )
    table.game.setup = dataclasses.replace(table.game.setup, ballpark=walk_park)
    rolls = [*ANY_CELL] + ([] if outs_only else [(20, 2)])
    assert play_card(table, GROUNDER, PitcherResult.BALLPARK, *rolls) == expected
    assert special_k_rolls(table) == ([] if outs_only else [2])


def test_ip2007_special_k_outs_only_leaves_the_walk(table: Table) -> None:
    """IP2007 §2.19: only "regular outs" can become strikeouts; the batter card's W stands, no roll."""
    use(table, special_k_outs_only=True)
    assert play_card(table, WALKER, PitcherResult.BLANK, *ANY_CELL) == "BB"
    assert bases(table) == ["walker", None, None]
    assert special_k_rolls(table) == []


@pytest.mark.parametrize("outs_only", [False, True])
def test_special_k_turns_a_ground_out_into_a_strikeout_both_ways(table: Table, outs_only: bool) -> None:
    """IP2021 and IP2007 §2.19 agree on outs: the G6 off the batter's card is a K on 1-8."""
    use(table, special_k_outs_only=outs_only)
    assert play_card(table, GROUNDER, PitcherResult.BLANK, *ANY_CELL, (20, 8)) == "K"
    assert special_k_rolls(table) == [8]


def test_special_k_not_rolled_for_a_strikeout_off_the_batter_card(table: Table) -> None:
    """A K read off the batter's card is already a strikeout: nothing for Special K to change."""
    assert play_card(table, STRIKER, PitcherResult.BLANK, *ANY_CELL) == "K"
    assert special_k_rolls(table) == []


def test_no_special_k_on_the_pitcher_cards_walk(table: Table) -> None:
    """IP2021 "Special K" covers the batter's and ballpark cards only: a W rating check passed
    on the pitcher's card (W, 1d20 at most Rollins' W 6 + the park's 1) is a walk."""
    assert play_card(table, GROUNDER, PitcherResult.WALK, (20, 7)) == "BB"
    assert special_k_rolls(table) == []


def test_no_special_k_on_a_hit_by_pitch(table: Table) -> None:
    """HBP is read off the pitcher's card (a rating check; batter cards carry no HBP): no Special K."""
    assert play_card(table, GROUNDER, PitcherResult.HIT_BY_PITCH, (20, 1)) == "HBP"
    assert special_k_rolls(table) == []


@pytest.mark.parametrize("pitcher_cell", [PitcherResult.ERROR, PitcherResult.GROUND_ERROR, PitcherResult.RANGE_PLAY])
def test_error_or_range_reading_cancels_special_k_on_a_walk(table: Table, pitcher_cell: PitcherResult) -> None:
    """IP2021 "Special K": once the pitcher's card turns on an error or range check no Special K
    check is made, "regardless of the final result": the W off the batter's card stands."""
    assert play_card(table, WALKER, pitcher_cell, *ANY_CELL) == "BB"
    assert special_k_rolls(table) == []


def test_special_k_on_a_walk_with_the_hit_and_run_sends_the_runner(table: Table) -> None:
    """IP2021 "Hit and run": a strikeout becomes a steal at SB - 2, a Special K made of a W too."""
    g = table.game
    runner = table.runner(1)
    ab = dataclasses.replace(rollins_vs_peavy(batter=WALKER), hit_and_run=True, runners_on=True)
    dice = table.script((20, 3), (20, 5))  # Special K 3; the steal: 5 against SB 14 + arm - 2 - 2 = 10
    assert play_result(g, ab, Runner(WALKER, PEAVY.id), Direct("W", "W", "batter"), Triggers()) == "K"
    assert g.state.outs == 1
    assert bases(table) == [None, runner.id, None]
    dice.assert_done()


# --- the dropped pop-up, error #2 (IP2021 "Errors" #2; IP2007 §5 #2) -----------------------


@pytest.mark.parametrize(("roll", "dropped"), [(1, True), (2, True), (6, True), (7, True), (8, False)])
def test_ip2021_dropped_pop_up_on_any_roll_at_most_the_error(
    table: Table, played: Recorder, roll: int, dropped: bool
) -> None:
    """IP2021 #2: 1d20 at most the error number drops the pop-up, odd or even (rules README)."""
    set_fielder(table, Position.SHORT, "SS - 4 (7) +1")
    dice = table.script((20, roll))
    result = error_play(table.game, at_bat(table), batter_runner(table), Ball("P", 6, "batter"), E)
    assert result == ("E6" if dropped else "as read")
    assert bases(table) == (["batter", None, None] if dropped else [None, None, None])
    dice.assert_done()


@pytest.mark.parametrize(
    ("roll", "dropped"), [(1, True), (2, False), (3, True), (4, False), (5, True), (6, False), (7, True), (9, False)]
)
def test_ip2007_dropped_pop_up_example_odd_rolls_only(table: Table, played: Recorder, roll: int, dropped: bool) -> None:
    """IP2007 §5 #2 example: a P6 to a shortstop with error 7 is dropped on 1, 3, 5 and 7; 2, 4
    and 6 are pop outs (option ``dropped_pop_odd_2007``)."""
    use(table, dropped_pop_odd_2007=True)
    set_fielder(table, Position.SHORT, "SS - 4 (7) +1")
    dice = table.script((20, roll))
    result = error_play(table.game, at_bat(table), batter_runner(table), Ball("P", 6, "batter"), E)
    assert result == ("E6" if dropped else "as read")
    assert played.balls == ([] if dropped else [Ball("P", 6, "batter")])
    assert errors(table) == ([("home-ss", "dropped pop-up")] if dropped else [])
    check = next(e for e in table.game.events if isinstance(e, Check))
    assert (check.name, check.roll, check.success) == ("error (home-ss, pop-up: odd rolls only)", roll, dropped)
    dice.assert_done()


@pytest.mark.parametrize(("odd_2007", "roll", "dropped"), [(False, 18, True), (True, 18, False), (True, 19, True)])
def test_catchers_foul_pop_dropped_odd_rolls_only_under_2007(
    table: Table, played: Recorder, odd_2007: bool, roll: int, dropped: bool
) -> None:
    """IP2007 §5 #2 covers the catcher too ("if C fails then foul ball dropped, repitch"): with the
    option an even roll is the P2 caught. The table's catcher has error 19."""
    use(table, dropped_pop_odd_2007=odd_2007)
    dice = table.script((20, roll))
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("P", 2, "batter"), E) == "as read"
    assert played.calls == (1 if dropped else 0)
    assert played.balls == ([] if dropped else [Ball("P", 2, "batter")])
    dice.assert_done()


# --- the infield single after E? / EG? (IP2021 #4; IP2007 §5 #4) -----------------------------


@pytest.mark.parametrize(("br_roll", "expected", "on_base", "outs"), [(3, "S6", ["batter", "runner-1", None], 0)])
def test_ip2007_infield_single_example_batter_safe(
    table: Table, played: Recorder, br_roll: int, expected: str, on_base: list[str | None], outs: int
) -> None:
    """IP2007 §5 #4 example: runner on first, batter BR 3, E? and an infield single. No error
    check: 1d6 at most 3 and he is safe with a single; the runner gets to second."""
    use(table, infield_single_br_2007=True)
    table.runner(1)
    dice = table.script((6, br_roll))
    assert error_play(table.game, at_bat(table), batter_runner(table, br=3), Ball("S", 6, "batter"), E) == expected
    assert bases(table) == on_base
    assert table.game.state.outs == outs
    assert errors(table) == []
    dice.assert_done()


@pytest.mark.parametrize("kind", [E, EG])
@pytest.mark.parametrize("br_roll", [4, 6])
def test_ip2007_infield_single_example_batter_out_runner_still_advances(
    table: Table, played: Recorder, kind: PitcherResult, br_roll: int
) -> None:
    """IP2007 §5 #4 example: 4-6 against BR 3 and the batter is out at first; "in either case runner
    gets to 2nd". The E? and EG? charts both carry #4 for infield singles in 2007."""
    use(table, infield_single_br_2007=True)
    table.runner(1)
    dice = table.script((6, br_roll))
    assert error_play(table.game, at_bat(table), batter_runner(table, br=3), Ball("S", 6, "batter"), kind) == "6-3"
    assert bases(table) == [None, "runner-1", None]
    assert [(e.runner, e.base, e.how) for e in table.game.events if isinstance(e, RunnerOut)] == [("batter", 0, "6-3")]
    assert table.game.state.outs == 1
    dice.assert_done()


def test_ip2007_infield_single_out_at_first_for_the_third_out_scores_nobody(table: Table, played: Recorder) -> None:
    """IP2007 §5 #4 with two out: the batter thrown out at first ends the inning, so the runner
    from third does not score (OBR 5.08(a): no run on a third out made by the batter at first)."""
    use(table, infield_single_br_2007=True)
    table.game.state.outs = 2
    table.runner(3)
    dice = table.script((6, 5))
    assert error_play(table.game, at_bat(table), batter_runner(table, br=3), Ball("S", 5, "batter"), E) == "5-3"
    assert table.game.state.outs == 3
    assert table.game.state.batting.runs == 0
    dice.assert_done()


def test_ip2007_infield_single_out_at_first_runner_from_third_scores(table: Table, played: Recorder) -> None:
    use(table, infield_single_br_2007=True)
    table.runner(3)
    dice = table.script((6, 6))
    assert error_play(table.game, at_bat(table), batter_runner(table, br=3), Ball("S", 3, "batter"), EG) == "3U"
    assert table.game.state.outs == 1
    assert table.game.state.batting.runs == 1
    assert bases(table) == [None, None, None]
    dice.assert_done()


def test_ip2021_eg_infield_single_has_no_error_check(table: Table, played: Recorder) -> None:
    """IP2021 EG? chart: infield rows have G only, so an S6 is played as read, no die (rules README)."""
    dice = table.script()
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("S", 6, "batter"), EG) == "as read"
    assert played.balls == [Ball("S", 6, "batter")]
    dice.assert_done()


def test_ip2021_e_infield_single_checks_the_throw(table: Table, played: Recorder) -> None:
    """IP2021 #4 (default): E? and an infield single is a 1d20 against the fielder's error number;
    within it, a throwing error puts the batter on second."""
    table.runner(1)
    dice = table.script((20, 4))  # the shortstop's error number is 4
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("S", 6, "batter"), E) == "S6"
    assert bases(table) == [None, "batter", "runner-1"]
    assert errors(table) == [("home-ss", "throwing")]
    dice.assert_done()


def test_ip2007_option_leaves_et_infield_single_a_throwing_error_chance(table: Table, played: Recorder) -> None:
    """IP2007 §5 ET? chart: #9, an infield single with a one-base throwing error, as IP2021's #4."""
    use(table, infield_single_br_2007=True)
    table.runner(1)
    dice = table.script((20, 4))
    assert error_play(table.game, at_bat(table), batter_runner(table), Ball("S", 6, "batter"), ET) == "S6"
    assert bases(table) == [None, "batter", "runner-1"]
    assert errors(table) == [("home-ss", "throwing")]
    dice.assert_done()


def test_the_2007_cells_name_error_types_that_exist() -> None:
    from engine.inside_pitch.tables import load_table

    for name in ("errors_e", "errors_eg"):
        for cells in load_table(name)["chart_infield_single_br_2007"].values():
            assert set(cells.values()) == {"#4 BR"} <= set(fielding.ERROR_TYPES)


# --- the catcher's pop-up on a range play (IP2021 range chart; IP2007 §6) ----------------------


@pytest.mark.parametrize(
    ("option", "range_roll", "foul"),
    [(False, 1, True), (False, 6, True), (True, 1, False), (True, 5, False), (True, 6, True)],
)
def test_range_play_on_the_catchers_pop_up(table: Table, option: bool, range_roll: int, foul: bool) -> None:
    """IP2021 range chart prints "Foul" for the catcher's P2 whether he makes the play or not; IP2007
    §6 prints "foul / P2": made (1d6 at most his range, 5), the pop-up is caught for an out."""
    use(table, catcher_pop_out_2007=option)
    dice = table.script((6, range_roll))
    ball = fielding.range_play(table.game, at_bat(table), Ball("P", 2, "batter"))
    assert ball == Ball("P", 2, "batter", foul=foul)
    dice.assert_done()


def test_ip2007_catchers_pop_up_made_on_a_range_play_is_an_out(table: Table) -> None:
    use(table, catcher_pop_out_2007=True)
    table.runner(2)
    g = table.game
    dice = table.script((6, 2))
    batter = batter_runner(table)
    assert play_result(g, at_bat(table), batter, Ball("P", 2, "batter"), Triggers(range_play=True)) == "P2"
    assert g.state.outs == 1
    assert bases(table) == [None, "runner-2", None]
    dice.assert_done()
