"""Dugout's default handbook (derived from 2016): it loads, reads the book's example, and its exact
expectations are the figures docs/deep-drive/handbook.md claims."""

from __future__ import annotations

import pytest

from engine.deep_drive.handbook import (
    AVERAGE,
    FIELDERS,
    INJURY_GRADES,
    STEAL_LETTERS,
    DefResult,
    Handbook,
    def_vector,
    def_vector_mix,
    default_handbook,
    fielder_rows,
    load_handbook,
    pc_rates,
    steal_attempt,
    steal_success,
    window_hr,
)

MIX = {1: 0.10, 2: 0.20, 3: 0.40, 4: 0.20, 5: 0.10}


@pytest.fixture(scope="module")
def hb() -> Handbook:
    return default_handbook()


def test_loads_with_its_source_and_licence(hb: Handbook) -> None:
    assert hb.about["season"] == 2016
    assert hb.about["licence"] == "CC BY-SA 3.0"
    assert load_handbook().def_rows == hb.def_rows


def test_the_book_s_sample_def_reading(hb: Handbook) -> None:
    # DDB "Sample Half Inning of Play": DEF roll 63 is "[Shortstop] G6 (0) SI+ (1) SI"; Lindor is a 3.
    assert str(hb.def_row(63)) == "[SS] G6 (0) SI+ (1) SI"
    assert hb.read_def(63, {"SS": 3}) == DefResult("SS", "G6")


def test_every_fielder_plays_some_def_rolls_and_the_catcher_no_si_plus(hb: Handbook) -> None:
    rows = fielder_rows(hb)
    assert set(rows) == set(FIELDERS) and min(rows.values()) >= 2 and sum(rows.values()) == 100
    assert rows == {"P": 7, "C": 2, "1B": 5, "2B": 17, "3B": 12, "SS": 18, "LF": 11, "CF": 15, "RF": 13}
    assert all("SI+" not in [r for _, r in row.overrides] for row in hb.def_rows if row.fielder == "C")


def test_average_defense_vector_is_the_claimed_one(hb: Handbook) -> None:
    # 2016 BABIP .300, reached on error per DEF ball .0922 / 0.10 of PAs.
    vec = def_vector_mix(hb, {p: MIX for p in FIELDERS})
    assert vec == pytest.approx({"out": 0.605, "SI": 0.066, "SI+": 0.236, "ERR": 0.093})
    assert def_vector(hb, 3) == {"out": 0.61, "SI": 0.06, "SI+": 0.24, "ERR": 0.09}


def test_hits_and_errors_fall_as_the_rating_rises(hb: Handbook) -> None:
    hits = [def_vector(hb, r)["SI"] + def_vector(hb, r)["SI+"] for r in range(-1, 7)]
    errors = [def_vector(hb, r)["ERR"] for r in range(-1, 7)]
    assert hits == pytest.approx([0.62, 0.53, 0.45, 0.36, 0.30, 0.24, 0.17, 0.13])
    assert errors == pytest.approx([0.20, 0.17, 0.14, 0.12, 0.09, 0.07, 0.05, 0.03])


def test_pitcher_catcher_rates_per_pa_with_runners_on(hb: Handbook) -> None:
    # Graded as the 2016 pitchers and catchers grade, these give WP .0228, PB .0047, BK .0019 and
    # PO .0038 per PA with runners on (docs/deep-drive/handbook.md); by grade, exactly:
    assert len(hb.on_base_check) == 10
    by_grade = {g: {e: round(x, 4) for e, x in pc_rates(hb, g).items()} for g in "ABCDF"}
    assert by_grade == {
        "A": {"WP": 0.0, "PB": 0.0, "BK": 0.0, "PO": 0.001},
        "B": {"WP": 0.008, "PB": 0.002, "BK": 0.0, "PO": 0.002},
        "C": {"WP": 0.02, "PB": 0.004, "BK": 0.0, "PO": 0.004},
        "D": {"WP": 0.034, "PB": 0.006, "BK": 0.004, "PO": 0.005},
        "F": {"WP": 0.065, "PB": 0.013, "BK": 0.012, "PO": 0.007},
    }


def test_steal_attempt_function_and_letters(hb: Handbook) -> None:
    assert [steal_attempt(hb, n) for n in range(10)] == [0.01, 0.02, 0.04, 0.06, 0.09, 0.13, 0.17, 0.22, 0.28, 0.36]
    rates = [round(steal_success(hb, L), 4) for L in STEAL_LETTERS]
    assert rates == [0.9167, 0.8333, 0.7778, 0.6944, 0.5278, 0.3611]
    # a STEAL 0 runner reaches only decade 0 (one attempt cell): A-E succeed there, F is caught
    assert [steal_success(hb, L, 0) for L in STEAL_LETTERS] == [1.0, 1.0, 1.0, 1.0, 1.0, 0.0]


def test_injury_charts(hb: Handbook) -> None:
    assert all(hb.training_room(r, "AA") == 0 for r in range(100))
    assert all(not hb.in_game_injury(r, "AA").out_for_game for r in range(100))
    mean = {g: sum(hb.training_room(r, g) for r in range(100)) / 100 for g in INJURY_GRADES}
    assert mean == {"AA": 0.0, "A": 0.3, "B": 0.56, "C": 0.94, "D": 1.4, "F": 2.25}


def test_ballparks(hb: Handbook) -> None:
    assert window_hr(hb, AVERAGE, AVERAGE) == pytest.approx(10.0)
    assert window_hr(hb, AVERAGE, "col-2016-park") == pytest.approx(13.0)
    assert window_hr(hb, "made-up-team", "made-up-park") == pytest.approx(10.0)  # falls back to average
    assert hb.team_window("chn-2016", 0) == "HR"
    assert hb.team_window("chn-2016", 99) == "FO"
