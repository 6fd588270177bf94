"""seasons.calibrate: the league's rates from its own games played with a season's cards, and the scales."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from seasons.calibrate import (
    Calibration,
    games_per_team,
    played_batting,
    pooled_recalibrate,
    rates,
    recalibrate,
    steal_rates,
    uses_dh,
)
from seasons.ratings import stealing
from seasons.stats import Batting
from tests.seasons.set_builders import season, team


def test_rates_are_per_plate_appearance_without_sacrifice_bunts() -> None:
    line = Batting(ab=500, h=150, doubles=30, triples=5, hr=15, bb=60, so=80, hbp=10, sh=12, sf=10)
    got = rates(line)  # PA = 500 + 60 + 10 + 10 = 580; the 12 bunts are the managers' calls
    assert got == {
        "1B": 100 / 580,
        "2B": 30 / 580,
        "3B": 5 / 580,
        "HR": 15 / 580,
        "BB": 60 / 580,
        "HBP": 10 / 580,
        "K": 80 / 580,
    }
    assert rates(Batting()) == dict.fromkeys(got, 0.0)


def test_recalibrate_scales_each_result_by_real_over_played() -> None:
    got = recalibrate({"1B": 0.9, "K": 1.1}, {"1B": 0.2, "K": 0.1, "HR": 0.0}, {"1B": 0.18, "K": 0.12, "HR": 0.03})
    assert got == pytest.approx({"1B": 0.81, "K": 1.32})  # HR never played: no scale from it


@pytest.mark.parametrize(
    ("year", "league", "dh"),
    [(1972, "AL", False), (1973, "AL", True), (2019, "NL", False), (2020, "NL", True), (2021, "NL", False),
     (2022, "NL", True)],
)  # fmt: skip
def test_the_designated_hitter_by_year_and_league(year: int, league: str, dh: bool) -> None:
    assert uses_dh(year, league) is dh


def test_pooled_rounds_give_the_scale_that_plays_the_real_rate() -> None:
    # Played = k x scale. Round A played 0.20 with scale 1.0 over 1000 PA, round B 0.17 with
    # 0.9 over 3000: k = (1000 x 0.20 + 3000 x 0.17) / (1000 x 1.0 + 3000 x 0.9) = 710 / 3700.
    rounds = [({}, {"1B": 0.20}, 1000.0), ({"1B": 0.9}, {"1B": 0.17}, 3000.0)]
    got = pooled_recalibrate(rounds, {"1B": 0.16, "K": 0.15}, {"1B": 0.9, "K": 1.05})
    assert got == pytest.approx({"1B": 0.16 * 3700 / 710, "K": 1.05})  # K never played: kept


def test_the_schedule_length_is_the_most_common_team_games() -> None:
    teams = [dataclasses.replace(team(t), g=g) for t, g in (("aaa", 162), ("bbb", 162), ("ccc", 163))]
    assert games_per_team(season([], teams)) == 162


@dataclass
class Played:
    """A played league as league.replay.LeagueTotals gives it (hand-made)."""

    team_games: int = 0
    batting: dict[str, dict[str, int]] = field(default_factory=dict)


def _line(**counts: int) -> dict[str, int]:
    names = ("pa", "ab", "r", "h", "doubles", "triples", "hr", "bb", "k", "hbp", "sf", "sh", "gidp", "sb", "cs")
    return {n: counts.get(n, 0) for n in names}


def test_a_played_round_scales_batting_pitchers_batting_and_steals() -> None:
    league_line = Batting(pa=6000, ab=5400, h=1400, doubles=220, triples=40, hr=140, bb=500, hbp=40, so=900,
                          sb=80, cs=40)  # fmt: skip
    real = season([], [dataclasses.replace(team("aaa"), batting=league_line)])
    lg = real.league_batting()
    pitchers_real = Batting(pa=100, ab=95, h=10, bb=5, so=40)
    played = Played(
        team_games=10,
        batting={
            "a": _line(pa=1000, ab=900, h=300, doubles=40, hr=30, bb=100, k=150, sb=60, cs=30),
            "p": _line(pa=50, ab=48, h=8, bb=2, k=16),  # a pitcher batting
        },
    )
    cal = Calibration()
    cal.update(played, ["p"], real, pitchers_real)
    assert played_batting(played, ["p"]) == Batting(pa=50, ab=48, h=8, bb=2, so=16)
    everyone = played_batting(played)
    assert cal.adjust == pytest.approx(
        {k: rates(lg)[k] / v for k, v in rates(everyone).items() if v > 0 and rates(lg)[k] > 0}
    )
    # 50 pitchers' PA is below MIN_PITCHER_PA: pitchers keep the league's scales
    assert cal.pitchers == {}
    assert cal.steals == pytest.approx(
        {k: steal_rates(lg)[k] / steal_rates(everyone)[k] for k in ("attempts", "success")}
    )


def test_stealing_ratings_follow_attempts_and_success_and_their_scales() -> None:
    league = Batting(pa=60000, ab=54000, h=14000, doubles=2200, triples=400, hr=1400, bb=5000, hbp=400, so=9000,
                     sb=800, cs=400)  # fmt: skip
    line = {"pa": 600, "ab": 540, "h": 150, "doubles": 20, "triples": 5, "hr": 10, "bb": 50, "hbp": 5, "so": 80}
    thief = Batting(**line, sb=40, cs=10)  # 50 attempts in 170 times on first
    # per time on first (50 + 20 x 1200/15400) / 190 = 0.271; per roll / 1.19 less the hit and
    # run's 2/20 x K 0.15 = 0.213: ATT 4; success (40 + 10 x 2/3) / 20 = 0.78: SB 16
    assert stealing(thief, league) == (4, 16)
    assert stealing(thief, league, {"attempts": 1.7, "success": 1.05}) == (7, 16)
    assert stealing(Batting(**line, sb=4, cs=2), league, {"attempts": 1.7, "success": 1.05}) == (1, 14)
    assert stealing(Batting(**line), league, {"attempts": 1.7}) == ("N", 13)  # never ran: never runs


def test_pitchers_batting_scales_stay_near_the_leagues() -> None:
    league_line = Batting(pa=6000, ab=5400, h=1400, doubles=220, triples=40, hr=140, bb=500, hbp=40, so=900)
    real = season([], [dataclasses.replace(team("aaa"), batting=league_line)])
    # pitchers real: 1B 0.09, K 0.216 per PA; played: 1B 0.18, K 0.27 (3000 PA, enough for scales)
    pitchers_real = Batting(pa=2000, ab=2000, h=180, so=432)
    played = Played(
        batting={
            "a": _line(pa=6000, ab=5400, h=1400, doubles=220, triples=40, hr=140, bb=500, hbp=40, k=900),
            "p": _line(pa=3000, ab=3000, h=540, k=810),
        },
    )
    cal = Calibration()
    cal.update(played, ["p"], real, pitchers_real)
    # everyone played "a" + "p": 1B 1540 in 8940 PA against the real 1000 in 5940
    assert cal.adjust["1B"] == pytest.approx((1000 / 5940) / (1540 / 8940))
    assert cal.pitchers["1B"] == pytest.approx(cal.adjust["1B"] / 1.25)  # 0.5 asked, held at the limit
    assert cal.pitchers["K"] == pytest.approx(0.216 / 0.27)  # within the limit: real / played
