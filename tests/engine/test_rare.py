"""Dugout's rare play charts (docs/rare-plays.md) and the injury chart (IP2021 "Injuries"; IP2007 §14).

One test per row of each chart, with the 2d6 scripted to that row's sum. Plays the
hit rules finish (a bad-hop single, a double lost in the sun, a triple) are checked
at the hand-over: the ball given to ``balls.play_ball``.
"""

from __future__ import annotations

import pytest

from cards.notation import Position
from engine.events import Injury, Reading, RunnerMoved, RunnerOut, RunScored, event_from_dict
from engine.inside_pitch import balls, plays, rare
from engine.inside_pitch.injuries import roll_injury
from engine.inside_pitch.plays import another_pitch
from engine.inside_pitch.rare import NEEDS, PLAYS, rare_play
from engine.inside_pitch.reading import Ball, Rare, Triggers
from engine.inside_pitch.tables import load_table
from tests.engine.conftest import Table
from tests.engine.helpers import BENCH, clone_batter
from tests.engine.test_errors import Recorder, bases, errors, runs
from tests.engine.test_range import at_bat, batter_runner, set_fielder

SUM = {2: (1, 1), 3: (1, 2), 4: (1, 3), 5: (1, 4), 6: (1, 5), 7: (1, 6), 8: (2, 6), 9: (3, 6), 10: (4, 6), 11: (5, 6)}
SUM[12] = (6, 6)


def two_d6(total: int) -> tuple[tuple[int, int], tuple[int, int]]:
    red, white = SUM[total]
    return (6, red), (6, white)


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    recorder = Recorder()
    monkeypatch.setattr(balls, "play_ball", recorder.play_ball)
    monkeypatch.setattr(rare, "another_pitch", recorder.another_pitch)
    return recorder


def injuries(table: Table) -> list[Injury]:
    return [e for e in table.game.events if isinstance(e, Injury)]


def outs(table: Table) -> list[tuple[str, int, str]]:
    return [(e.runner, e.base, e.how) for e in table.game.events if isinstance(e, RunnerOut)]


# --- the charts as data -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["rare_bases_empty", "rare_men_on"])
def test_chart_has_a_playable_row_for_every_sum(name: str) -> None:
    chart = load_table(name)
    assert sorted(int(k) for k in chart["rows"]) == list(range(2, 13))
    for row in chart["rows"].values():
        assert row["play"] in PLAYS
        assert set(row.get("needs", ())) <= set(NEEDS)
        assert row["text"]
        field = row.get("field")
        if isinstance(field, str):
            assert len(chart["fields"][field]) == 6
        if row["play"] in ("hit", "catch_injury", "double_off"):
            assert field is not None and row["kind"]


def test_bases_empty_chart_needs_no_runners() -> None:
    for row in load_table("rare_bases_empty")["rows"].values():
        assert "runners" not in row.get("needs", ())
        assert row["play"] not in ("balk", "pickoff", "double_off")


# --- bases empty -------------------------------------------------------------------------


def test_bases_empty_2_inside_the_park_home_run(table: Table, played: Recorder) -> None:
    dice = table.script(*two_d6(2))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "HR8"
    assert runs(table) == 1
    assert Reading("rare plays (bases empty)", "Citizens Bank Park", "2", "home_run") in table.game.events
    dice.assert_done()


def test_bases_empty_3_spectacular_catch_and_the_outfielder_is_hurt(table: Table, played: Recorder) -> None:
    # 1d6 3: the center fielder (INJ 3); the injury chart 1d6 2: out for the game.
    set_fielder(table, Position.CENTER, "CF - 4 (5) +1", injury=3)
    dice = table.script(*two_d6(3), (6, 3), (6, 2))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "F8"
    assert outs(table) == [("batter", 0, "F8")]
    assert injuries(table) == [Injury("home-cf", "home-cf", 3, "game", 0)]
    dice.assert_done()


def test_bases_empty_4_batter_hit_and_hurt(table: Table, played: Recorder) -> None:
    card = clone_batter(BENCH, "hurt", injury=2)
    dice = table.script(*two_d6(4), (6, 4), (6, 5))  # INJ 2, roll 4: game + 1d6; 5 days
    batter = batter_runner(table, card=card)
    assert rare_play(table.game, at_bat(table, card), batter) == "HBP"
    assert bases(table) == ["batter", None, None]
    assert injuries(table) == [Injury("batter", "Batter", 2, "game+1d6", 5)]
    dice.assert_done()


def test_bases_empty_5_catchers_interference(table: Table, played: Recorder) -> None:
    batter = batter_runner(table)
    dice = table.script(*two_d6(5))
    assert rare_play(table.game, at_bat(table), batter) == "CI"
    assert bases(table) == ["batter", None, None]
    assert batter.reached_on_error
    assert errors(table) == [("home-c", "catcher's interference")]
    dice.assert_done()


@pytest.mark.parametrize(("field_roll", "field"), [(1, 7), (4, 8), (6, 9)])
def test_bases_empty_6_lost_in_the_sun(table: Table, played: Recorder, field_roll: int, field: int) -> None:
    dice = table.script(*two_d6(6), (6, field_roll))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "as read"
    assert played.balls == [Ball("D", field, "ballpark")]
    dice.assert_done()


@pytest.mark.parametrize(("field_roll", "field"), [(1, 3), (2, 4), (4, 5), (6, 6)])
def test_bases_empty_7_bad_hop_single(table: Table, played: Recorder, field_roll: int, field: int) -> None:
    dice = table.script(*two_d6(7), (6, field_roll))
    rare_play(table.game, at_bat(table), batter_runner(table))
    assert played.balls == [Ball("S", field, "ballpark")]
    dice.assert_done()


def test_bases_empty_8_fan_takes_a_foul_pop_away(table: Table, played: Recorder) -> None:
    dice = table.script(*two_d6(8))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "as read"
    assert played.calls == 1 and played.balls == []
    dice.assert_done()


@pytest.mark.parametrize("outs_now", [0, 2])
def test_bases_empty_9_wind_blown_pop_falls_in(table: Table, played: Recorder, outs_now: int) -> None:
    # Played like a pop-up that drops in (IP2007 §6); with nobody on only the batter moves.
    table.game.state.outs = outs_now
    dice = table.script(*two_d6(9), (6, 2))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "S4"
    assert bases(table) == ["batter", None, None]
    assert played.balls == []
    dice.assert_done()


def test_bases_empty_10_bunt_single(table: Table, played: Recorder) -> None:
    dice = table.script(*two_d6(10))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "S5"
    assert bases(table) == ["batter", None, None]
    dice.assert_done()


def test_bases_empty_11_triple_off_the_wall(table: Table, played: Recorder) -> None:
    dice = table.script(*two_d6(11), (6, 5))
    rare_play(table.game, at_bat(table), batter_runner(table))
    assert played.balls == [Ball("T", 9, "ballpark")]
    dice.assert_done()


def test_bases_empty_12_ground_rule_double(table: Table, played: Recorder) -> None:
    dice = table.script(*two_d6(12), (6, 1))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "D7"
    assert bases(table) == [None, "batter", None]
    dice.assert_done()


# --- men on ---------------------------------------------------------------------------------


def test_men_on_2_inside_the_park_home_run(table: Table, played: Recorder) -> None:
    table.runner(1)
    table.runner(3)
    dice = table.script(*two_d6(2))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "HR8"
    assert runs(table) == 3
    dice.assert_done()


def test_men_on_3_batter_hit_and_hurt(table: Table, played: Recorder) -> None:
    table.runner(1)
    dice = table.script(*two_d6(3), (6, 1))  # Bench's INJ 0, roll 1: not hurt
    assert rare_play(table.game, at_bat(table, BENCH), batter_runner(table, card=BENCH)) == "HBP"
    assert bases(table) == ["batter", "runner-1", None]
    assert injuries(table) == [Injury("batter", "Batter", 0, "none", 0)]
    assert not injuries(table)[0].leaves_game
    dice.assert_done()


def test_men_on_4_runner_on_first_picked_off_and_the_at_bat_goes_on(table: Table, played: Recorder) -> None:
    table.runner(1)
    table.runner(3)
    dice = table.script(*two_d6(4))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "as read"
    assert outs(table) == [("runner-1", 1, "picked off")]
    assert bases(table) == [None, None, "runner-3"]
    assert played.calls == 1
    dice.assert_done()


def test_men_on_4_with_first_open_the_lead_runner_is_picked_off(table: Table, played: Recorder) -> None:
    table.runner(2)
    dice = table.script(*two_d6(4))
    rare_play(table.game, at_bat(table), batter_runner(table))
    assert outs(table) == [("runner-2", 2, "picked off")]
    dice.assert_done()


def test_men_on_4_with_two_out_is_rolled_again(table: Table, played: Recorder) -> None:
    # A pickoff would end the inning in the middle of the at bat: roll again (IP2007 §4.1).
    table.game.state.outs = 2
    table.runner(1)
    dice = table.script(*two_d6(4), *two_d6(7))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "as read"
    assert outs(table) == []
    assert bases(table) == [None, "runner-1", None]  # the balk
    dice.assert_done()


def test_men_on_5_lost_in_the_sun(table: Table, played: Recorder) -> None:
    table.runner(1)
    dice = table.script(*two_d6(5), (6, 3))
    rare_play(table.game, at_bat(table), batter_runner(table))
    assert played.balls == [Ball("D", 8, "ballpark")]
    dice.assert_done()


def test_men_on_6_catchers_interference(table: Table, played: Recorder) -> None:
    table.runner(1)
    table.runner(3)
    dice = table.script(*two_d6(6))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "CI"
    assert bases(table) == ["batter", "runner-1", "runner-3"]  # only forced runners move
    assert errors(table) == [("home-c", "catcher's interference")]
    dice.assert_done()


def test_men_on_7_balk(table: Table, played: Recorder) -> None:
    table.runner(1)
    table.runner(3)
    dice = table.script(*two_d6(7))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "as read"
    assert bases(table) == [None, "runner-1", None]
    assert [e.rbi for e in table.game.events if isinstance(e, RunScored)] == [False]
    assert {e.reason for e in table.game.events if isinstance(e, RunnerMoved)} == {"balk"}
    assert played.calls == 1
    dice.assert_done()


def test_men_on_8_bad_hop_single(table: Table, played: Recorder) -> None:
    table.runner(2)
    dice = table.script(*two_d6(8), (6, 5))
    rare_play(table.game, at_bat(table), batter_runner(table))
    assert played.balls == [Ball("S", 6, "ballpark")]
    dice.assert_done()


def test_men_on_9_fan_takes_a_foul_pop_away(table: Table, played: Recorder) -> None:
    table.runner(1)
    dice = table.script(*two_d6(9))
    rare_play(table.game, at_bat(table), batter_runner(table))
    assert played.calls == 1
    assert bases(table) == ["runner-1", None, None]
    dice.assert_done()


def test_men_on_10_diving_catch_doubles_off_the_nearest_runner(table: Table, played: Recorder) -> None:
    # 1d6 1: the first baseman; his nearest runner is the man on first.
    table.runner(1)
    table.runner(2)
    dice = table.script(*two_d6(10), (6, 1))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "L3 DP"
    assert outs(table) == [("batter", 0, "L3"), ("runner-1", 1, "doubled off (L3)")]
    assert bases(table) == [None, "runner-2", None]
    dice.assert_done()


def test_men_on_10_with_two_out_is_rolled_again(table: Table, played: Recorder) -> None:
    table.game.state.outs = 2
    table.runner(1)
    dice = table.script(*two_d6(10), *two_d6(9))
    rare_play(table.game, at_bat(table), batter_runner(table))
    assert outs(table) == []
    assert played.calls == 1
    dice.assert_done()


def test_men_on_11_spectacular_catch_and_the_outfielder_is_hurt(table: Table, played: Recorder) -> None:
    # 1d6 6: the right fielder (INJ 6); injury 1d6 3: 15 days. The runner holds.
    set_fielder(table, Position.RIGHT, "RF - 3 (6) +1", injury=6)
    table.runner(2)
    dice = table.script(*two_d6(11), (6, 6), (6, 3))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "F9"
    assert bases(table) == [None, "runner-2", None]
    assert injuries(table) == [Injury("home-rf", "home-rf", 6, "15-day", 15)]
    dice.assert_done()


def test_men_on_12_ground_rule_double(table: Table, played: Recorder) -> None:
    # Runners move exactly two bases: the man on first stops at third.
    table.runner(1)
    dice = table.script(*two_d6(12), (6, 4))
    assert rare_play(table.game, at_bat(table), batter_runner(table)) == "D8"
    assert bases(table) == [None, "batter", "runner-1"]
    assert played.balls == []
    dice.assert_done()


# --- the at bat goes on, and rare plays come first ---------------------------------------------


def test_another_pitch_rolls_the_pitchers_card_again(table: Table) -> None:
    # Seaver's red 1, white 1 is K; the batter's K check rolls 1: a strikeout.
    dice = table.script((6, 1), (6, 1), (20, 1))
    assert another_pitch(table.game, at_bat(table), batter_runner(table)) == "K"
    assert outs(table) == [("batter", 0, "K")]
    dice.assert_done()


def test_a_rare_play_cancels_the_range_check(table: Table) -> None:
    # RP@ and a blank park cell: only the rare chart is rolled, no range die.
    dice = table.script(*two_d6(2))
    plays.resolve(table.game, at_bat(table), batter_runner(table), Rare(), Triggers(range_play=True))
    assert runs(table) == 1
    dice.assert_done()


# --- the injury chart ------------------------------------------------------------------------

# IP2021 "Injuries" / IP2007 §14, rows 1-5 by INJ rating 0-7 (row 6 rerolls, tested below).
BOOK = {
    1: ["none", "none", "none", "game", "game", "game+1d6", "game+2d6", "game+1d20"],
    2: ["none", "none", "game", "game", "game+1d6", "game+2d6", "game+1d20", "15-day"],
    3: ["none", "game", "game", "game+1d6", "game+2d6", "game+1d20", "15-day", "15-day"],
    4: ["game", "game", "game+1d6", "game+2d6", "game+1d20", "15-day", "15-day", "60-day"],
    5: ["game", "game+1d6", "game+2d6", "game+1d20", "15-day", "15-day", "60-day", "60-day"],
}
DAYS_DICE = {"game+1d6": [(6, 4)], "game+2d6": [(6, 3), (6, 5)], "game+1d20": [(20, 17)]}
DAYS = {"none": 0, "game": 0, "game+1d6": 4, "game+2d6": 8, "game+1d20": 17, "15-day": 15, "60-day": 60}


@pytest.mark.parametrize("rating", range(8))
@pytest.mark.parametrize("roll", range(1, 6))
def test_injury_chart(table: Table, rating: int, roll: int) -> None:
    kind = BOOK[roll][rating]
    dice = table.script((6, roll), *DAYS_DICE.get(kind, []))
    injury = roll_injury(table.game, "Johnny Bench", "johnny-bench-1970", rating)
    assert injury == Injury("johnny-bench-1970", "Johnny Bench", rating, kind, DAYS[kind])
    assert injuries(table) == [injury]
    assert injury.leaves_game is (kind != "none")
    dice.assert_done()


@pytest.mark.parametrize("rating", range(7))
def test_injury_chart_six_rerolls_on_the_next_column(table: Table, rating: int) -> None:
    # A 6 rolls again in the column of INJ rating + 1; a 1 there reads that column's first row.
    kind = BOOK[1][rating + 1]
    dice = table.script((6, 6), (6, 1), *DAYS_DICE.get(kind, []))
    assert roll_injury(table.game, "P", "p", rating).kind == kind
    dice.assert_done()


def test_injury_chart_sixes_all_the_way_to_sixty_days(table: Table) -> None:
    dice = table.script(*[(6, 6)] * 8)
    injury = roll_injury(table.game, "P", "p", 0)
    assert (injury.kind, injury.days, injury.rating) == ("60-day", 60, 0)
    dice.assert_done()


def test_injury_event_round_trips_through_json(table: Table) -> None:
    table.script((6, 5))
    injury = roll_injury(table.game, "P", "p", 4)
    assert event_from_dict(injury.to_dict()) == injury


@pytest.mark.parametrize(
    ("chart", "heading"), [("rare_bases_empty", "## Bases empty"), ("rare_men_on", "## Men on base")]
)
def test_the_doc_names_a_fielder_die_exactly_where_the_table_rolls_one(chart: str, heading: str) -> None:
    """docs/rare-plays.md: a play that rolls 1d6 for its fielder says "(1d6)"; one with a fixed
    fielder, or none, does not (issue 26: row 12, the ground-rule double, rolled one unsaid)."""
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "rare-plays.md").read_text(encoding="utf-8")
    section = doc.split(heading, 1)[1].split("\n## ", 1)[0]
    said = {
        int(cells[1]): "(1d6)" in cells[2]
        for line in section.splitlines()
        if (cells := [c.strip() for c in line.split("|")])[1:2] and cells[1].isdigit()
    }
    rows = load_table(chart)["rows"]
    assert said == {int(n): isinstance(row.get("field"), str) for n, row in rows.items()}
