"""Runner advancement on hits (IP2021 "Runner Advancement on Hits"), with the books' examples.

The game is the conftest's finished seeded game, cleared: the away team bats in the
first inning against the home team's fielders, whose arms a test sets.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from cards.notation import Hand, Position
from engine.events import RunnerOut, RunScored
from engine.inside_pitch.hits import play_hit
from engine.inside_pitch.options import InsidePitchOptions
from engine.inside_pitch.reading import AtBat, Ball
from engine.setup import LineupSpot
from engine.situation import Situation, TeamSituation
from engine.state import Runner
from tests.engine.conftest import Table
from tests.engine.helpers import SEAVER, clone_batter

# --- arranging a situation --------------------------------------------------------


def arm(table: Table, position: Position, rating: int) -> None:
    """Give the fielding team's man at ``position`` this arm."""
    team = table.game.state.fielding
    i = next(i for i, spot in enumerate(team.order) if spot.position is position)
    card = team.order[i].batter
    line = f"{position.value} - 3 (6) {rating:+d}" if rating else f"{position.value} - 3 (6) 0"
    team.order[i] = LineupSpot(clone_batter(card, card.id, positions=[line]), position)
    assert team.fielder(position).arm == rating


def batter(table: Table, br: int = 3, sf: int = 3) -> Runner:
    card = table.game.state.batting.order[0].batter
    card = card.model_copy(update={"br": br, "sf": sf, "id": "batter", "name": "Batter"})
    return Runner(card, table.game.state.fielding.pitcher.id)


def at_bat(runner: Runner) -> AtBat:
    return AtBat(runner.card, SEAVER, Hand.RIGHT, False, runners_on=True, park_k=0, park_w=0, park_hr=0)


def hit(table: Table, runner: Runner, notation: str) -> str:
    kind, fielder = notation[:-1], int(notation[-1])
    return play_hit(table.game, at_bat(runner), runner, Ball(kind, fielder, "batter"))


def bases(table: Table) -> list[str | None]:
    return [r.id if r else None for r in table.game.state.bases]


def runs(table: Table) -> int:
    return table.game.state.batting.runs


def outs_made(table: Table) -> list[tuple[str, int, str]]:
    return [(e.runner, e.base, e.how) for e in table.game.events if isinstance(e, RunnerOut)]


# --- singles through the infield ----------------------------------------------------


def test_ip2021_s3_example_runner_on_second_br3_one_out_holds_at_third(table: Table) -> None:
    table.game.state.outs = 1
    table.runner(2, br=3)
    dice = table.script()
    b = batter(table)
    assert hit(table, b, "S3") == "S3"
    assert bases(table) == ["batter", None, "runner-2"]
    assert runs(table) == 0
    dice.assert_done()


def test_ip2021_s3_example_with_two_outs_the_runner_from_second_scores(table: Table) -> None:
    table.game.state.outs = 2
    table.runner(2, br=3)
    dice = table.script()
    hit(table, batter(table), "S3")
    assert bases(table) == ["batter", None, None]
    assert runs(table) == 1
    dice.assert_done()


def test_ip2021_s6_example_runner_from_first_held_up_by_the_runner_from_second(table: Table) -> None:
    table.game.state.outs = 1
    table.runner(1, br=5)
    table.runner(2, br=2)
    dice = table.script()
    hit(table, batter(table), "S6")
    assert bases(table) == ["batter", "runner-1", "runner-2"]
    assert runs(table) == 0
    dice.assert_done()


def test_ip2021_s6_example_with_two_outs_both_runners_take_two_bases(table: Table) -> None:
    table.game.state.outs = 2
    table.runner(1, br=5)
    table.runner(2, br=2)
    dice = table.script()
    hit(table, batter(table), "S6")
    assert bases(table) == ["batter", None, "runner-1"]
    assert runs(table) == 1
    dice.assert_done()


# The chart as the books print it: the lowest BR taking 1st-to-3rd and 2nd-to-home.
INFIELD_CHART = {"S3": (2, 4), "S4": (3, 2), "S1": (4, 1), "S6": (5, 3), "S5": (6, 5)}


@pytest.mark.parametrize("notation", sorted(INFIELD_CHART))
@pytest.mark.parametrize("br", range(0, 7))
def test_infield_single_chart_one_runner_at_a_time(make_table: type[Table], notation: str, br: int) -> None:
    first_to_third, second_to_home = INFIELD_CHART[notation]
    on_first = make_table()
    on_first.runner(1, br=br)
    hit(on_first, batter(on_first), notation)
    assert bases(on_first)[2 if br >= first_to_third else 1] == "runner-1"
    on_second = make_table()
    on_second.runner(2, br=br)
    hit(on_second, batter(on_second), notation)
    assert runs(on_second) == (1 if br >= second_to_home else 0)


def test_s2_moves_every_runner_one_base_only(table: Table) -> None:
    table.game.state.outs = 2
    table.runner(1, br=6)
    table.runner(2, br=6)
    table.runner(3, br=0)
    dice = table.script()
    assert hit(table, batter(table, br=6), "S2") == "S2"
    assert bases(table) == ["batter", "runner-1", "runner-2"]
    assert runs(table) == 1  # the runner on third always scores
    dice.assert_done()


def test_infield_single_runner_on_third_scores_and_batter_holds_at_first(table: Table) -> None:
    table.runner(3, br=0)
    table.runner(1, br=6)
    hit(table, batter(table, br=6), "S5")
    assert bases(table) == ["batter", None, "runner-1"]  # third is free once the man on third scores
    assert runs(table) == 1


# --- singles and doubles to the outfield: the books' example -------------------------


def bases_loaded_one_out_s8(table: Table) -> Runner:
    """IP2021: bases loaded, one out; runner on 2nd BR 4, on 1st BR 3, batter BR 3; S8, CF arm -1."""
    table.game.state.outs = 1
    table.runner(1, br=3)
    table.runner(2, br=4)
    table.runner(3, br=3)
    arm(table, Position.CENTER, -1)
    return batter(table, br=3)


def test_ip2021_s8_bases_loaded_example_roll_3_6(table: Table) -> None:
    b = bases_loaded_one_out_s8(table)
    dice = table.script((6, 3), (6, 6))
    assert hit(table, b, "S8") == "S8"
    # Lead runner (ABR 4 + 2 - 1 = 5) scores; the runner from first (ABR 3 - 1 - 1 = 1) holds at second.
    assert bases(table) == ["batter", "runner-1", None]
    assert runs(table) == 2
    assert table.game.state.outs == 1
    dice.assert_done()


def test_ip2021_s8_bases_loaded_example_roll_1_3(table: Table) -> None:
    b = bases_loaded_one_out_s8(table)
    dice = table.script((6, 1), (6, 3))
    hit(table, b, "S8")
    # Lead runner scores; chart A: runner from first (BR 3) to third, batter (BR 3) to second.
    assert bases(table) == [None, "batter", "runner-1"]
    assert runs(table) == 2
    assert table.game.state.outs == 1
    dice.assert_done()


def test_ip2021_s8_bases_loaded_example_roll_6_2(table: Table) -> None:
    b = bases_loaded_one_out_s8(table)
    dice = table.script((6, 6), (6, 2))
    hit(table, b, "S8")
    # Chart B 2: lead runner out at the plate; both trailing runners (BR 3 >= 2) move up on the throw.
    assert outs_made(table) == [("runner-2", 4, "8-2")]
    assert bases(table) == [None, "batter", "runner-1"]
    assert runs(table) == 1
    assert table.game.state.outs == 2
    dice.assert_done()


# --- the throw procedure, rule by rule ----------------------------------------------


def test_adjusted_br_under_1_holds_the_lead_runner_without_a_throw(table: Table) -> None:
    table.runner(1, br=1)  # S7 1st to 3rd: 1 - 2 + 0 = -1
    arm(table, Position.LEFT, 0)
    dice = table.script()
    hit(table, batter(table, br=6), "S7")
    assert bases(table) == ["batter", "runner-1", None]
    dice.assert_done()


def test_lead_runner_scoring_without_a_throw_makes_the_runner_from_first_the_lead_runner(table: Table) -> None:
    table.runner(2, br=4)  # S9 2nd to home: 4 + 1 + 1 = 6, no throw
    table.runner(1, br=3)  # then S9 1st to 3rd: 3 + 2 + 1 = 6, no throw either
    arm(table, Position.RIGHT, 1)
    dice = table.script()
    hit(table, batter(table, br=6), "S9")
    assert bases(table) == ["batter", None, "runner-1"]
    assert runs(table) == 1
    dice.assert_done()


def test_new_lead_runner_may_draw_the_throw(table: Table) -> None:
    table.runner(2, br=5)  # S8: 5 + 2 + 0 = 7, scores without a throw
    table.runner(1, br=2)  # S8 1st to 3rd: 2 - 1 + 0 = 1, a throw
    arm(table, Position.CENTER, 0)
    dice = table.script((6, 1), (6, 6))
    hit(table, batter(table, br=6), "S8")
    # First die 1: the new lead runner takes third; chart A: the batter (BR 6) takes second.
    assert bases(table) == [None, "batter", "runner-1"]
    assert runs(table) == 1
    dice.assert_done()


def test_lead_runner_advancing_without_a_throw_leaves_the_batter_at_first(table: Table) -> None:
    table.runner(1, br=6)  # S9 1st to 3rd: 6 + 2 + 0 = 8
    arm(table, Position.RIGHT, 0)
    dice = table.script()
    hit(table, batter(table, br=6), "S9")
    assert bases(table) == ["batter", None, "runner-1"]
    dice.assert_done()


def test_first_die_2_to_5_the_batter_never_moves_up(table: Table) -> None:
    table.runner(1, br=4)  # S9 1st to 3rd: 4 + 2 - 1 = 5
    arm(table, Position.RIGHT, -1)
    dice = table.script((6, 2), (6, 1))
    hit(table, batter(table, br=6), "S9")
    assert bases(table) == ["batter", None, "runner-1"]  # the second die of 1 does nothing for the batter
    dice.assert_done()


@pytest.mark.parametrize(("br", "goes"), [(4, True), (3, False)])
def test_first_die_2_to_5_against_the_adjusted_br(table: Table, br: int, goes: bool) -> None:
    table.runner(1, br=br)  # S9 1st to 3rd: BR + 2 - 1
    arm(table, Position.RIGHT, -1)
    dice = table.script((6, 5), (6, 1))
    hit(table, batter(table, br=6), "S9")
    assert bases(table) == (["batter", None, "runner-1"] if goes else ["batter", "runner-1", None])
    dice.assert_done()


def test_chart_a_a_trailing_runner_who_holds_holds_up_the_batter(table: Table) -> None:
    b = bases_loaded_one_out_s8(table)
    table.runner(1, br=1)
    dice = table.script((6, 1), (6, 3))
    hit(table, b, "S8")
    # Runner from first (BR 1) stays at second; the batter (BR 3) could go but second is taken.
    assert bases(table) == ["batter", "runner-1", None]
    dice.assert_done()


def test_chart_b_1_cut_off_and_the_first_trailing_runner_thrown_out(table: Table) -> None:
    b = bases_loaded_one_out_s8(table)
    dice = table.script((6, 6), (6, 1))
    hit(table, b, "S8")
    assert outs_made(table) == [("runner-1", 3, "8-5")]
    assert bases(table) == ["batter", None, None]  # the batter holds at first
    assert runs(table) == 2
    dice.assert_done()


def test_chart_b_1_the_batter_as_first_trailing_runner_is_out_at_second(table: Table) -> None:
    table.runner(1, br=3)
    arm(table, Position.LEFT, 0)  # S7 1st to 3rd: 3 - 2 + 0 = 1
    b = batter(table)
    dice = table.script((6, 6), (6, 1))
    assert hit(table, b, "S7") == "S7"
    assert outs_made(table) == [("batter", 2, "7-4")]
    assert bases(table) == [None, None, "runner-1"]
    dice.assert_done()


@pytest.mark.parametrize(
    ("rundown_die", "expected_bases", "outs"),
    [
        (1, ["batter", None, None], [("runner-1", 3, "8-5")]),  # out quickly, the batter stays
        (3, [None, "batter", None], [("runner-1", 3, "8-5")]),  # 3 <= BR 3: the batter moves up
        (4, ["batter", None, None], [("runner-1", 3, "8-5")]),  # 4 > BR 3: he does not
        (6, ["batter", None, "runner-1"], []),  # safe at third
    ],
)
def test_chart_b_6_rundown(
    table: Table, rundown_die: int, expected_bases: list[str | None], outs: list[tuple[str, int, str]]
) -> None:
    b = bases_loaded_one_out_s8(table)
    dice = table.script((6, 6), (6, 6), (6, rundown_die))
    hit(table, b, "S8")
    assert outs_made(table) == outs
    assert bases(table) == expected_bases
    assert runs(table) == 2  # the runner from third and the lead runner
    dice.assert_done()


def test_two_outs_add_1_to_the_adjusted_br(make_table: type[Table]) -> None:
    for outs, home in ((1, False), (2, True)):
        table = make_table()
        table.game.state.outs = outs
        table.runner(2, br=2)  # S8 2nd to home: 2 + 2 + 0 (+1) = 4 (5)
        arm(table, Position.CENTER, 0)
        dice = table.script((6, 5), (6, 6))
        hit(table, batter(table), "S8")
        assert (runs(table) == 1) is home
        dice.assert_done()


def test_two_outs_lead_runner_out_at_home_ends_it_after_the_run_from_third(table: Table) -> None:
    table.game.state.outs = 2
    table.runner(3, br=3)
    table.runner(2, br=1)
    table.runner(1, br=6)
    arm(table, Position.CENTER, 0)
    dice = table.script((6, 6), (6, 3))
    hit(table, batter(table, br=6), "S8")
    assert outs_made(table) == [("runner-2", 4, "8-2")]
    assert table.game.state.outs == 3
    assert runs(table) == 1  # the run from third crossed before the out
    assert bases(table) == ["batter", "runner-1", None]  # nobody moves after the third out
    dice.assert_done()


def test_runs_driven_in_on_the_throw_are_rbis(table: Table) -> None:
    b = bases_loaded_one_out_s8(table)
    table.script((6, 3), (6, 6))
    hit(table, b, "S8")
    scored = [e for e in table.game.events if isinstance(e, RunScored)]
    assert [(e.runner, e.batter, e.rbi) for e in scored] == [("runner-3", "batter", True), ("runner-2", "batter", True)]


# --- doubles and triples -----------------------------------------------------------


def test_double_runners_on_second_and_third_score_runner_from_first_is_the_lead_runner(table: Table) -> None:
    table.runner(3, br=0)
    table.runner(2, br=0)
    table.runner(1, br=2)  # D7 1st to home: 2 - 1 + 0 = 1
    arm(table, Position.LEFT, 0)
    dice = table.script((6, 1), (6, 4))
    assert hit(table, batter(table, br=4), "D7") == "D7"
    # First die 1: he scores; chart A: the batter (BR 4) takes third on the throw.
    assert bases(table) == [None, None, "batter"]
    assert runs(table) == 3
    dice.assert_done()


def test_double_with_nobody_on_first_leaves_the_batter_at_second(table: Table) -> None:
    table.runner(2, br=0)
    dice = table.script()
    hit(table, batter(table, br=6), "D8")
    assert bases(table) == [None, "batter", None]
    assert runs(table) == 1
    dice.assert_done()


def test_double_lead_runner_thrown_out_at_home(table: Table) -> None:
    table.runner(1, br=3)  # D9: 3 - 1 + 1 = 3
    arm(table, Position.RIGHT, 1)
    dice = table.script((6, 6), (6, 5))
    hit(table, batter(table, br=4), "D9")
    assert outs_made(table) == [("runner-1", 4, "9-2")]
    assert bases(table) == [None, "batter", None]  # BR 4 < 5: the batter stays at second
    dice.assert_done()


def test_triple_everyone_scores_and_the_batter_stops_at_third(table: Table) -> None:
    for base in (1, 2, 3):
        table.runner(base, br=0)
    dice = table.script()
    assert hit(table, batter(table, br=6), "T8") == "T8"
    assert bases(table) == [None, None, "batter"]
    assert runs(table) == 3
    dice.assert_done()


# --- IP2007 §7.2 option: station to station ----------------------------------------


def blowout(table: Table, lead: int, option: bool) -> None:
    table.at(Situation(away=TeamSituation(runs=lead)))  # the away team up, ``lead`` runs ahead
    table.game.setup = replace(table.game.setup, options=InsidePitchOptions(station_to_station=option))


@pytest.mark.parametrize(("lead", "option", "throws"), [(6, True, False), (5, True, True), (6, False, True)])
def test_station_to_station_when_the_run_difference_is_6_or_more(
    table: Table, lead: int, option: bool, throws: bool
) -> None:
    blowout(table, lead, option)
    table.runner(2, br=4)  # S8 2nd to home: 4 + 2 - 1 = 5, a throw
    arm(table, Position.CENTER, -1)
    dice = table.script(*([(6, 1), (6, 6)] if throws else []))
    hit(table, batter(table, br=6), "S8")
    if throws:
        assert bases(table) == [None, "batter", None]
    else:
        assert bases(table) == ["batter", None, "runner-2"]
    dice.assert_done()


# --- S+7, S+8, S+9: the stretch single ----------------------------------------------


@pytest.mark.parametrize(("roll", "result"), [(1, "D7"), (2, "D7"), (3, "S7"), (4, "S7"), (5, "S7"), (6, "out")])
def test_ip2021_stretch_example_br_3_arm_minus_1(table: Table, roll: int, result: str) -> None:
    arm(table, Position.LEFT, -1)
    dice = table.script((6, roll))
    b = batter(table, br=3)
    notation = hit(table, b, "S+7")
    if result == "out":
        assert notation == "S7"
        assert outs_made(table) == [("batter", 2, "7-4")]
        assert bases(table) == [None, None, None]
    else:
        assert notation == result
        assert bases(table) == (["batter", None, None] if result == "S7" else [None, "batter", None])
    dice.assert_done()


@pytest.mark.parametrize("roll", range(1, 7))
def test_ip2021_stretch_example_br_4_arm_plus_2_is_always_a_double(table: Table, roll: int) -> None:
    arm(table, Position.RIGHT, 2)
    dice = table.script((6, roll))
    assert hit(table, batter(table, br=4), "S+9") == "D9"
    assert bases(table) == [None, "batter", None]
    assert outs_made(table) == []
    dice.assert_done()


def test_stretch_single_moves_every_runner_two_bases_whatever_the_batter_does(table: Table) -> None:
    table.runner(1, br=0)
    table.runner(2, br=0)
    arm(table, Position.CENTER, 0)
    dice = table.script((6, 5))
    assert hit(table, batter(table, br=3), "S+8") == "S8"
    assert bases(table) == ["batter", None, "runner-1"]
    assert runs(table) == 1
    dice.assert_done()


def test_stretch_single_two_outs_runner_from_second_scores_before_the_out_at_second(table: Table) -> None:
    table.game.state.outs = 2
    table.runner(2, br=0)
    arm(table, Position.CENTER, 0)
    dice = table.script((6, 6))
    hit(table, batter(table, br=3), "S+8")
    assert outs_made(table) == [("batter", 2, "8-6")]
    assert table.game.state.outs == 3
    assert runs(table) == 1
    dice.assert_done()
