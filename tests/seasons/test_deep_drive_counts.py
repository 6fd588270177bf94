"""Deep Drive card arithmetic on hand-made numbers: counts 50·(2·rate − league), rare lines, sections, OUTS.

Cited: DDB "How to Play" (00-49 batter, 50-99 pitcher), DDB "Rare Readings", DDB "Ballpark Effects"
(the section's 00-09 and 90-99), DDB "Outs Chart" (the codes a card's OUTS may print)."""

from __future__ import annotations

import pytest

from cards.deep_drive.notation import OUT_CODES
from seasons.deep_drive import counts as cnt
from seasons.deep_drive.outs import Tilt, outs_section, ratio, type_counts
from seasons.stats import Batting, Pitching

VECTOR = {"out": 0.6, "SI": 0.1, "SI+": 0.2, "ERR": 0.1}
LEAGUE = cnt.Rates(hr=0.03, tr=0.005, do=0.045, si=0.15, bb=0.08, hbp=0.01, so=0.2)


def test_the_league_codes_carry_the_league_and_take_the_def_singles_out() -> None:
    rates = cnt.code_rates(LEAGUE, LEAGUE, VECTOR)
    assert rates["DEF"] == pytest.approx(0.10)
    assert rates["DD"] == pytest.approx(0.08 / 0.7)
    # 0.15 singles less the DEF balls' 0.10 x (0.1 + 0.2), split half SI+, half SI
    assert rates["SI+"] == pytest.approx(0.06) and rates["SI"] == pytest.approx(0.06)
    assert rates["OUT"] == pytest.approx(1 - (0.08 / 0.7 + 0.12 + 0.08 + 0.01 + 0.2 + 0.1))


def test_a_league_card_has_50_times_the_league_rates_by_largest_remainder() -> None:
    lg = cnt.code_rates(LEAGUE, LEAGUE, VECTOR)
    counts = cnt.card_counts(lg, lg)
    # exact: DD 5.714, SI+ 3, SI 3, BB 4, HBP 0.5, SO 10, DEF 5, OUT 18.786: OUT and DD take the two left over
    assert counts.numbers == {"DD": 6, "SI+": 3, "SI": 3, "BB": 4, "HBP": 0, "SO": 10, "DEF": 5, "OUT": 19}
    assert not counts.clipped


def test_a_batter_counts_twice_his_rate_less_the_league() -> None:
    lg = cnt.code_rates(LEAGUE, LEAGUE, VECTOR)
    me = cnt.Rates(hr=0.06, tr=0.005, do=0.055, si=0.16, bb=0.12, hbp=0.0, so=0.15)
    rates = cnt.code_rates(me, LEAGUE, VECTOR)
    assert rates["DEF"] == pytest.approx(0.1 * 0.67 / 0.68)
    counts = cnt.card_counts(rates, lg)
    assert counts.exact["DD"] == pytest.approx(50 * (2 * 0.12 / 0.7 - 0.08 / 0.7))
    assert counts.exact["BB"] == pytest.approx(50 * (0.24 - 0.08))
    assert counts.exact["HBP"] == pytest.approx(-0.5)
    assert counts.numbers["HBP"] == 0 and sum(counts.numbers.values()) == 50
    table, _ = cnt.chances(rates, lg, 0, {"HBP": False})
    assert table["HBP"] == "never"
    assert table["DD"] == "00-10"  # 11.43 rounds to 11 numbers from 00


def test_rare_lines() -> None:
    # against an average opponent his rate is half the league's times (N+1)/10
    assert cnt.rare_line(0.002, 0.01, True) == "rare 3"
    assert cnt.rare_line(0.0, 0.01, True) == "rare 0"
    assert cnt.rare_line(0.0, 0.01, False) == "never"
    assert cnt.rare_line(0.005, 0.01, True) is None


def test_too_many_results_are_scaled_and_reported() -> None:
    lg = {c: 0.1 for c in cnt.CODES}
    wild = dict.fromkeys(cnt.CODES, 0.3)
    counts = cnt.card_counts(wild, lg)
    assert counts.clipped and counts.numbers["OUT"] == 0 and sum(counts.numbers.values()) == 50


def test_the_deep_drive_section_splits_seventy_hits_by_his_mix() -> None:
    # 70 x (30, 4, 46)/80 = 26.25, 3.5, 40.25: the one left over goes to TR (the largest remainder)
    assert cnt.deep_section(0.03, 0.004, 0.046, "R") == {"HR": "00-25", "TR": "26-29", "DO": "30-69", "F7d": "70-99"}
    assert cnt.deep_section(0.0, 0.0, 0.01, "L") == {"DO": "00-69", "F9d": "70-99"}


def test_ranges_run_from_the_cards_first_number() -> None:
    assert cnt.ranges({"DD": 2, "SI": 0, "SO": 1, "OUT": 47}, 50) == {"DD": "50-51", "SO": "52", "OUT": "53-99"}


def test_outs_by_batted_ball_model() -> None:
    assert type_counts(Tilt()) == {"G": 5, "F": 3, "P": 1, "L": 1}
    assert type_counts(Tilt(gdp=4.0))["G"] > 5
    assert type_counts(Tilt(sf=4.0))["F"] > 3
    assert ratio(0, 0, 10, 1000) == pytest.approx(1.0)
    assert ratio(20, 200, 10, 1000) == pytest.approx(((20 + 2) / 400) / 0.01)
    assert outs_section(Tilt(), "R") == ["G6h", "F7d", "P6", "L6", "G5h", "F8", "G4s", "F9", "G6", "G3"]
    for tilt in (Tilt(), Tilt(5, 0.1, 0.1), Tilt(0.1, 5, 5)):
        for side in "RLS":
            codes = outs_section(tilt, side)
            assert len(codes) == 10 and all(c in OUT_CODES for c in codes)


def test_intentional_walks_stay_among_the_walks() -> None:
    """Deep Drive walks nobody intentionally, so a card carries a batter's (a pitcher's) intentional
    walks as walks: left out, a star who was walked on purpose 20 times plays 20 walks short."""
    b = Batting(ab=500, h=150, bb=80, ibb=20, hbp=5, sf=5, k=100, sh=10)
    r = cnt.batting_rates(b)
    assert r.bb == pytest.approx(80 / 590)  # AB + BB + HBP + SF: the sacrifice bunts stay out
    assert r.so == pytest.approx(100 / 590)
    p = Pitching(bf=800, h=180, hr=20, bb=70, ibb=10, hbp=6, k=150, sh=8)
    q = cnt.pitching_rates(p, [0.7, 0.25, 0.05])
    assert q.bb == pytest.approx(70 / 792) and q.hr == pytest.approx(20 / 792)
