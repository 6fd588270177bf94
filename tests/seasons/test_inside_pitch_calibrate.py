"""seasons.inside_pitch.calibrate: the sacrifice bunts fitted to the season's in the league's games."""

from __future__ import annotations

import dataclasses

import pytest

from seasons import ratings
from seasons.inside_pitch.calibrate import BUNT_SCALE_LIMITS, InsidePitchCalibration
from seasons.inside_pitch.generate import batter_scales
from seasons.stats import Batting, Season
from tests.seasons.set_builders import season, team
from tests.seasons.test_calibrate import Played, _line


def _real(sh: int, year: int = 1985) -> Season:
    line = Batting(pa=6000, ab=5400, h=1400, doubles=220, triples=40, hr=140, bb=500, hbp=40, k=900, sh=sh)
    return season([], [dataclasses.replace(team("aaa"), batting=line)], year=year)  # 162 team games


def _played(games: int, sh: int, sf: int = 0) -> Played:
    return Played(team_games=games, batting={"a": _line(pa=600, ab=540, h=150, bb=50, k=90, sh=sh, sf=sf)})


def test_the_bunting_scale_is_real_over_played_sacrifices_a_team_game_pooled_from_the_second_round() -> None:
    real = _real(sh=81)  # 0.5 a team game
    cal = InsidePitchCalibration()
    cal.update(_played(100, sh=35), [], real, Batting())  # 0.35 a game at scale 1
    assert cal.bunts == pytest.approx({"sh": 0.5 / 0.35})
    # pooled from the second round on: k = (200 x 0.45 + 200 x 0.5) / (200 x 1.2 + 200 x 1.3)
    cal.bunts = {"sh": 1.2}
    cal.update(_played(200, sh=90), [], real, Batting())
    cal.bunts = {"sh": 1.3}
    cal.update(_played(200, sh=100), [], real, Batting())
    assert cal.bunts["sh"] == pytest.approx(0.5 * (200 * 1.2 + 200 * 1.3) / (200 * 0.45 + 200 * 0.5))
    assert "bunts 1.3" in cal.describe()
    assert batter_scales(cal)["sh"] == cal.bunts["sh"]


def test_the_bunting_scale_stays_within_its_limits_and_counts_flies_scored_as_sacrifices() -> None:
    cal = InsidePitchCalibration()
    cal.update(_played(100, sh=5), [], _real(sh=162), Batting())  # 1.0 a game against 0.05: 20 x
    assert cal.bunts["sh"] == BUNT_SCALE_LIMITS[1]
    # 1927: the real 0.6 a game held the sacrifice flies, 0.2 a game in the played league
    cal = InsidePitchCalibration()
    cal.update(_played(100, sh=20, sf=20), [], _real(sh=round(0.6 * 162), year=1927), Batting())
    assert cal.bunts["sh"] == pytest.approx((round(0.6 * 162) / 162 - 0.2) / 0.2)


def test_the_bunting_scale_multiplies_the_rolls_bnt_is_read_from() -> None:
    # 10 sacrifices in 800 PA, the league none: 10 / 1000 a PA after the regression, 1.87 rolls of 20
    # at the situations' estimates (20 x 0.01 / (0.18 x 0.85 x 0.7)); the chart's BNT 2-5 bunt on 1-4
    b, league = Batting(pa=800, sh=10), Batting(pa=100000)
    got = [ratings._bunting(b, league, False, scale) for scale in (0.5, 1.0, 1.5, 2.2)]
    assert got == [2, 3, 4, 5]  # 0.93, 1.87, 2.80, 4.11 rolls
