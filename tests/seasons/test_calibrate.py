"""seasons.calibrate: the league's rates from its own games played with a season's cards, and the scales."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

import pytest

from seasons.calibrate import (
    BR_OFFSET_LIMITS,
    BR_RESPONSE,
    EVENT_SCALE_LIMITS,
    PER_GAME,
    SPREAD_LIMITS,
    Calibration,
    games_per_team,
    offset_recalibrate,
    per_game,
    pitching_rates,
    played_batting,
    played_event_rates,
    played_pitching_rates,
    pooled_recalibrate,
    pooled_slope_se,
    pooled_spread,
    rates,
    real_event_rates,
    run_rate,
    spread_slopes,
    steal_rates,
    uses_dh,
    weighted_slope,
)
from seasons.fit import stretch
from seasons.ratings import stealing
from seasons.stats import Batting, Pitching, Season, sac_flies_among_sacrifice_hits
from tests.seasons.set_builders import season, team


def test_rates_are_per_plate_appearance_without_sacrifice_bunts() -> None:
    line = Batting(ab=500, h=150, doubles=30, triples=5, hr=15, bb=60, k=80, hbp=10, sh=12, sf=10)
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


def test_one_round_scales_each_result_by_real_over_played() -> None:
    scales = {"1B": 0.9, "K": 1.1}
    played = {"1B": 0.2, "K": 0.1, "HR": 0.0}
    got = pooled_recalibrate([(scales, played, 1.0)], {"1B": 0.18, "K": 0.12, "HR": 0.03}, scales)
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
    pitching: dict[str, dict[str, int]] = field(default_factory=dict)
    errors: int = 0
    errors_by_card: dict[str, int] = field(default_factory=dict)


def _line(**counts: int) -> dict[str, int]:
    names = ("pa", "ab", "r", "h", "doubles", "triples", "hr", "bb", "k", "hbp", "sf", "sh", "gidp", "sb", "cs")
    return {n: counts.get(n, 0) for n in names}


def test_a_played_round_scales_batting_pitchers_batting_and_steals() -> None:
    league_line = Batting(pa=6000, ab=5400, h=1400, doubles=220, triples=40, hr=140, bb=500, hbp=40, k=900,
                          sb=80, cs=40)  # fmt: skip
    real = season([], [dataclasses.replace(team("aaa"), batting=league_line)])
    lg = real.league_batting()
    pitchers_real = Batting(pa=100, ab=95, h=10, bb=5, k=40)
    played = Played(
        team_games=10,
        batting={
            "a": _line(pa=1000, ab=900, h=300, doubles=40, hr=30, bb=100, k=150, sb=60, cs=30),
            "p": _line(pa=50, ab=48, h=8, bb=2, k=16),  # a pitcher batting
        },
    )
    cal = Calibration()
    cal.update(played, ["p"], real, pitchers_real)
    assert played_batting(played, ["p"]) == Batting(pa=50, ab=48, h=8, bb=2, k=16)
    everyone = played_batting(played)
    per_pa = {k: rates(lg)[k] / v for k, v in rates(everyone).items() if v > 0 and rates(lg)[k] > 0}
    # doubles per team game: real 220 in 162, played 40 in 10 (triples never played: no scale)
    assert cal.adjust == pytest.approx(per_pa | {"2B": (220 / 162) / (40 / 10)})
    assert per_pa["2B"] != pytest.approx(cal.adjust["2B"])
    # 50 pitchers' PA is below MIN_PITCHER_PA: pitchers keep the league's scales
    assert cal.pitchers == {}
    assert cal.steals == pytest.approx(
        {k: steal_rates(lg)[k] / steal_rates(everyone)[k] for k in ("attempts", "success")}
    )


def test_stealing_ratings_follow_attempts_and_success_and_their_scales() -> None:
    league = Batting(pa=60000, ab=54000, h=14000, doubles=2200, triples=400, hr=1400, bb=5000, hbp=400, k=9000,
                     sb=800, cs=400)  # fmt: skip
    line = {"pa": 600, "ab": 540, "h": 150, "doubles": 20, "triples": 5, "hr": 10, "bb": 50, "hbp": 5, "k": 80}
    thief = Batting(**line, sb=40, cs=10)  # 50 attempts in 170 times on first
    # per time on first (50 + 20 x 1200/15400) / 190 = 0.271; per roll / 1.19 less the hit and
    # run's 2/20 x K 0.15 = 0.213: ATT 4; success (40 + 10 x 2/3) / 20 = 0.78: SB 16
    assert stealing(thief, league) == (4, 16)
    assert stealing(thief, league, {"attempts": 1.7, "success": 1.05}) == (7, 16)
    assert stealing(Batting(**line, sb=4, cs=2), league, {"attempts": 1.7, "success": 1.05}) == (1, 14)
    assert stealing(Batting(**line), league, {"attempts": 1.7}) == ("N", 13)  # never ran: never runs


def test_pitchers_batting_scales_stay_near_the_leagues() -> None:
    league_line = Batting(pa=6000, ab=5400, h=1400, doubles=220, triples=40, hr=140, bb=500, hbp=40, k=900)
    real = season([], [dataclasses.replace(team("aaa"), batting=league_line)])
    # pitchers real: 1B 0.09, K 0.216 per PA; played: 1B 0.18, K 0.27 (3000 PA, enough for scales)
    pitchers_real = Batting(pa=2000, ab=2000, h=180, k=432)
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


# --- the players' spread and the GDP scale -------------------------------------------------


def test_weighted_slope_is_exact_on_a_line_and_weighs_the_points() -> None:
    assert weighted_slope([(0.1, 0.09, 1.0), (0.2, 0.17, 2.0), (0.3, 0.25, 5.0)]) == pytest.approx((0.8, 0.0))
    # off the line: y = 0, 1, 1 at x = 0, 1, 2 (equal weights): slope 0.5, residuals -1/6, 1/3, -1/6,
    # s2 = (1/36 + 1/9 + 1/36) / 1 = 1/6, Sxx = 2: SE = sqrt(1/12)
    b, se = weighted_slope([(0.0, 0.0, 1.0), (1.0, 1.0, 1.0), (2.0, 1.0, 1.0)])
    assert (b, se) == pytest.approx((0.5, math.sqrt(1 / 12)))
    assert weighted_slope([(0.1, 0.1, 1.0), (0.2, 0.2, 1.0)]) == (0.0, math.inf)  # two points: no slope


def test_spread_slopes_take_only_players_with_enough_real_and_played_pa() -> None:
    real = {c: {"K": x} for c, x in (("a", 0.10), ("b", 0.15), ("c", 0.20), ("short", 0.50), ("few", 0.90))}
    played = {c: {"K": 0.02 + 0.8 * r["K"]} for c, r in real.items()}
    played["short"] = {"K": 0.0}  # 250 real PA: left out
    played["few"] = {"K": 0.0}  # 60 played PA: left out
    played_pa = {"a": 400.0, "b": 500.0, "c": 200.0, "short": 400.0, "few": 60.0}
    real_pa = {"a": 600.0, "b": 650.0, "c": 300.0, "short": 250.0, "few": 600.0}
    got = spread_slopes(real, played, played_pa, real_pa, ["K"])
    assert got["K"] == pytest.approx((0.8, 0.0))


def test_pooled_spread_gives_the_factor_that_plays_slope_one_within_limits() -> None:
    # slope = k x factor: round A 0.8 with factor 1.0 (SE 0.1, weight 100), round B 0.9 with 1.2
    # (SE 0.05, weight 400): k = (100 x 0.8 + 400 x 0.9) / (100 x 1.0 + 400 x 1.2) = 440 / 580
    rounds = [({}, {"K": (0.8, 0.1), "HR": (0.5, 0.1)}), ({"K": 1.2}, {"K": (0.9, 0.05), "HR": (0.5, 0.1)})]
    got = pooled_spread(rounds, {"K": 1.2, "BB": 0.9}, ["K", "HR", "BB"])
    assert got["K"] == pytest.approx(580 / 440)
    assert got["HR"] == SPREAD_LIMITS[1]  # 2.0 asked
    assert got["BB"] == 0.9  # never measured: kept
    assert pooled_slope_se([r for _, r in rounds], "K") == pytest.approx(1 / math.sqrt(100 + 400))


def test_a_round_measures_the_spread_and_the_gdp_scale() -> None:
    league_line = Batting(pa=6000, ab=5400, h=1400, doubles=220, triples=40, hr=140, bb=500, hbp=40, k=900, gidp=120)
    real = season([], [dataclasses.replace(team("aaa"), batting=league_line)])
    # real K per PA 0.10, 0.15, 0.20; played 0.02 + 0.8 x real over 500 PA each (PA = AB + BB + HBP + SF)
    batters = {c: Batting(pa=600, ab=600, h=150, k=k) for c, k in (("a", 60), ("b", 90), ("c", 120))}
    played = Played(
        team_games=10,
        batting={c: _line(pa=500, ab=500, h=120, k=round(500 * (0.02 + 0.8 * k / 600)), gidp=15)
                 for c, k in (("a", 60), ("b", 90), ("c", 120))},
    )  # fmt: skip
    # pitchers: real H-HR per BF 0.20, 0.22, 0.24 with the same HR, BB, K; played H exactly real
    pitchers = {c: Pitching(bf=800, h=h + 16, hr=16, bb=64, k=120) for c, h in (("x", 160), ("y", 176), ("z", 192))}
    played.pitching = {
        c: {"bf": 400, "h": h // 2 + 8, "hr": 8, "bb": 32 + i, "k": 60 + 2 * i}
        for i, (c, h) in enumerate((("x", 160), ("y", 176), ("z", 192)))
    }
    cal = Calibration()
    cal.update(played, [], real, Batting(), batters_by_card=batters, pitchers_by_card=pitchers)
    assert cal.slopes[-1]["batters"][1]["K"][0] == pytest.approx(0.8)
    assert cal.spread == pytest.approx({"K": 1 / 0.8})  # batters' targets are stretched too (STRETCHED)
    assert cal.pitcher_spread["H"] == pytest.approx(1.0)
    assert "BB" not in cal.pitcher_spread  # every real BB rate alike: no slope, no factor
    # GIDP per PA: real 120 / 6000 = 0.02, played 45 / 1500 = 0.03
    assert cal.gdp == pytest.approx({"gdp": 0.02 / 0.03})
    assert played_pitching_rates(played.pitching["x"]) == pytest.approx({"H": 0.2, "HR": 0.02, "BB": 0.08, "K": 0.15})
    assert pitching_rates(pitchers["x"]) == pytest.approx({"H": 0.2, "HR": 0.02, "BB": 0.08, "K": 0.15})


def test_a_batters_spread_compressed_by_the_games_is_stretched_back_about_the_league() -> None:
    # The games add the same hits to everyone and the level scale takes them back in proportion:
    # played 1B = 0.05 + 0.9 x (real - 0.15) about the league's 0.15 (600 played PA each).
    league_line = Batting(pa=6000, ab=5400, h=1400, doubles=220, triples=40, hr=140, bb=500, hbp=40, k=900)
    real = season([], [dataclasses.replace(team("aaa"), batting=league_line)])
    singles = {"a": 60, "b": 90, "c": 120}  # of 600 PA: 0.10, 0.15, 0.20
    batters = {c: Batting(pa=600, ab=600, h=n) for c, n in singles.items()}
    played = Played(
        team_games=10,
        batting={c: _line(pa=600, ab=600, h=round(600 * (0.15 + 0.9 * (n / 600 - 0.15)))) for c, n in singles.items()},
    )
    cal = Calibration()
    cal.update(played, [], real, Batting(), batters_by_card=batters, pitchers_by_card={})
    assert cal.spread["1B"] == pytest.approx(1 / 0.9)
    # the stretched targets, compressed the same way, play the real rates; the league's rate stays
    centre = [0.15] + [0.0] * 6 + [0.85]
    for n in singles.values():
        target = stretch([n / 600] + [0.0] * 6 + [1 - n / 600], centre, cal.spread)[0]
        assert 0.15 + 0.9 * (target - 0.15) == pytest.approx(n / 600)


def test_sacrifice_flies_scored_as_sacrifice_hits_in_1908_to_1930_and_1939() -> None:
    got = [y for y in (1907, 1908, 1930, 1931, 1938, 1939, 1940, 1954, 2023) if sac_flies_among_sacrifice_hits(y)]
    assert got == [1908, 1930, 1939]


def test_rare_results_per_team_game() -> None:
    assert PER_GAME == ("2B", "3B")
    assert per_game(Batting(doubles=300, triples=45), 150) == {"2B": 2.0, "3B": 0.3}
    assert per_game(Batting(doubles=3), 0) == {"2B": 0.0, "3B": 0.0}


def _round(played: Played, real: Season, cal: Calibration) -> None:
    cal.update(played, [], real, Batting())


def test_rare_results_pool_per_team_game_and_the_rest_per_plate_appearance() -> None:
    # 1927: real PA = AB + BB + HBP (the flies are among the sacrifice hits), 4 teams of 154 games
    league_line = Batting(pa=6000, ab=5400, h=1400, doubles=220, triples=44, hr=140, bb=500, hbp=40, k=900)
    teams = [dataclasses.replace(team(t), batting=league_line if t == "aaa" else Batting(), g=154)
             for t in ("aaa", "bbb", "ccc", "ddd")]  # fmt: skip
    real = season([], teams, year=1927)
    cal = Calibration()
    # round 1 (alone): 100 team games; the played PA count the 40 SF: 900 + 100 + 40 = 1040
    first = Played(team_games=100, batting={"a": _line(pa=1050, ab=900, h=300, doubles=60, triples=12, hr=30, bb=100,
                                                       k=150, sf=40, sh=10)})  # fmt: skip
    _round(first, real, cal)
    assert cal.adjust["HR"] == pytest.approx((140 / 5940) / (30 / 1040))
    assert cal.adjust["2B"] == pytest.approx((220 / 616) / (60 / 100))
    assert cal.adjust["3B"] == pytest.approx((44 / 616) / (12 / 100))
    s2, s3 = cal.adjust["2B"], cal.adjust["3B"]
    # round 2 (pooled alone from POOL_FROM = 2): 200 team games at s2, s3
    second = Played(team_games=200, batting={"a": _line(pa=2000, ab=1800, h=600, doubles=80, triples=30, hr=60,
                                                        bb=200, k=300)})  # fmt: skip
    _round(second, real, cal)
    assert cal.adjust["2B"] == pytest.approx((220 / 616) * s2 / (80 / 200))
    assert cal.adjust["3B"] == pytest.approx((44 / 616) * s3 / (30 / 200))
    s2b = cal.adjust["2B"]
    # round 3 pooled with round 2, weighted by team games: k = (200 x 0.4 + 100 x 0.5) / (200 x s2 + 100 x s2b)
    third = Played(team_games=100, batting={"a": _line(pa=1000, ab=900, h=300, doubles=50, triples=15, hr=30, bb=100,
                                                       k=150)})  # fmt: skip
    _round(third, real, cal)
    assert cal.adjust["2B"] == pytest.approx((220 / 616) * (200 * s2 + 100 * s2b) / (200 * 0.4 + 100 * 0.5))
    # the report: round 3's 2B per PA 50 / 1000 against 220 / 5940, per game 0.5 against 220 / 616
    assert "2B +35.0% a PA, +40.0% a game" in cal.round_report(real)


def test_a_season_with_few_home_runs_plays_more_full_rounds() -> None:
    from seasons.calibrate import CALIBRATION_SCHEDULE, MAX_ROUNDS, calibration_schedule

    # 1970's ~3,400 home runs a season: the pooled 3.5 seasons hold 12,000, enough.
    assert calibration_schedule(3400) == CALIBRATION_SCHEDULE
    # 1,500 a season: pooled 3.5 seasons hold 5,250 < 7,000; two more full rounds make 8,250.
    assert calibration_schedule(1500) == (*CALIBRATION_SCHEDULE, 1.0, 1.0)
    # 1927's ~920: as many as MAX_ROUNDS allows.
    assert len(calibration_schedule(920)) == MAX_ROUNDS


def test_a_season_with_few_triples_plays_more_full_rounds() -> None:
    from seasons.calibrate import CALIBRATION_SCHEDULE, calibration_schedule

    # 1970's ~900 triples: 3.5 pooled seasons hold 3,150 >= 3,000, nothing added.
    assert calibration_schedule(3400, 900) == CALIBRATION_SCHEDULE
    # 2023's ~714: 3.5 seasons hold 2,499; 4.5 hold 3,213 -- one more full round.
    assert calibration_schedule(5868, 714) == (*CALIBRATION_SCHEDULE, 1.0)
    # 600 a season: 4.5 hold 2,700, 5.5 hold 3,300 -- two more.
    assert calibration_schedule(5868, 600) == (*CALIBRATION_SCHEDULE, 1.0, 1.0)


# --- the SF, WP and error scales ------------------------------------------------------------


def test_the_event_scales_match_the_real_counts_per_team_game_over_the_pooled_rounds() -> None:
    # Two teams of 162 games: real SF 2 x 81 / 324 = 0.5 a team game, WP 2 x 54 / 324 = 1/3, E 2 x 81 / 324.
    teams = [
        dataclasses.replace(
            team(t), batting=Batting(pa=6000, ab=5400, h=1400, sf=81), pitching=Pitching(bf=6000, wp=54), e=81
        )
        for t in ("aaa", "bbb")
    ]
    real = season([], teams)
    assert real_event_rates(real) == pytest.approx({"sf": 0.5, "wp": 1 / 3, "e": 0.5})
    cal = Calibration()

    def played(games: int, sf: int, wp: int, errors: int) -> Played:
        out = Played(team_games=games, batting={"a": _line(pa=35 * games, ab=30 * games, h=8 * games, sf=sf)})
        out.pitching = {"p": {"bf": 35 * games, "wp": wp}}
        out.errors = errors
        return out

    # Round 1 (scales 1): 8 SF, 10 WP, 12 E in 20 team games: each next scale is real / played.
    cal.update(played(20, 8, 10, 12), [], real, Batting())
    assert cal.events == pytest.approx({"sf": 0.5 / 0.4, "wp": (1 / 3) / 0.5, "e": 0.5 / 0.6})
    assert played_event_rates(played(20, 8, 10, 12)) == pytest.approx({"sf": 0.4, "wp": 0.5, "e": 0.6})
    # Round 2 (SF scale 1.25): 45 SF in 100 games, 0.45: pooled from round 2 on, k = 0.45 / 1.25.
    cal.update(played(100, 45, 30, 50), [], real, Batting())
    assert cal.events["sf"] == pytest.approx(0.5 * 1.25 / 0.45)
    # Round 3 (SF scale 1.389): 52 in 100. k = (100 x 0.45 + 100 x 0.52) / (100 x 1.25 + 100 x 1.389)
    scale = cal.events["sf"]
    cal.update(played(100, 52, 30, 50), [], real, Batting())
    assert cal.events["sf"] == pytest.approx(0.5 * (1.25 + scale) / (0.45 + 0.52))
    assert f"sf {cal.events['sf']:.3f}" in cal.describe()


def test_a_season_without_sacrifice_flies_keeps_the_sf_scale_and_a_far_scale_is_bounded() -> None:
    teams = [dataclasses.replace(team("aaa"), batting=Batting(pa=6000, ab=5400, h=1400, sf=0), e=0)]
    cal = Calibration()
    played = Played(team_games=20, batting={"a": _line(pa=700, ab=600, h=150, sf=8)})
    cal.update(played, [], season([], teams), Batting())
    assert cal.events == {}  # before 1954 Lahman has no SF column: the ratings keep the real rates
    lots = [dataclasses.replace(team("aaa"), batting=Batting(pa=6000, ab=5400, h=1400, sf=162), e=0)]  # 1 a game
    played = Played(team_games=20, batting={"a": _line(pa=700, ab=600, h=150, sf=1)})
    cal.update(played, [], season([], lots), Batting())
    assert cal.events == {"sf": EVENT_SCALE_LIMITS[1]}  # 20 asked


# --- the running scale (an offset on the average BR) -----------------------------------------


def test_runs_per_time_on_base_leave_the_batters_own_home_runs_out() -> None:
    # (R - HR) / (H + BB + HBP - HR) = (700 - 150) / (1400 + 500 + 50 - 150) = 550 / 1800
    assert run_rate(Batting(r=700, hr=150, h=1400, bb=500, hbp=50)) == pytest.approx(550 / 1800)
    assert run_rate(Batting()) == 0.0


def test_the_offset_solves_a_measured_line_through_the_pooled_rounds_within_limits() -> None:
    # Slope 0.02 a step. Intercepts 0.30 - 0 and 0.32 - 0.02 x 0.5 = 0.31, weights 1 : 3: a = 0.3075.
    rounds = [(0.0, 0.30, 100.0), (0.5, 0.32, 300.0)]
    assert offset_recalibrate(rounds, 0.31, 0.02, 0.0, (-1.0, 1.0)) == pytest.approx((0.31 - 0.3075) / 0.02)
    # Real below the line: the offset goes down; far off either way: the limit.
    assert offset_recalibrate(rounds, 0.30, 0.02, 0.0, (-1.0, 1.0)) == pytest.approx((0.30 - 0.3075) / 0.02)
    assert offset_recalibrate(rounds, 0.40, 0.02, 0.0, (-1.0, 1.0)) == 1.0
    assert offset_recalibrate(rounds, 0.20, 0.02, 0.0, (-1.0, 1.0)) == -1.0
    # Nothing to go on: the current offset.
    assert offset_recalibrate([], 0.31, 0.02, 0.25, (-1.0, 1.0)) == 0.25
    assert offset_recalibrate(rounds, 0.0, 0.02, 0.25, (-1.0, 1.0)) == 0.25


def test_a_round_fits_the_br_offset_from_runs_per_time_on_base() -> None:
    # Real: (700 - 150) / 1800 = 0.3056 runs per time on base.
    real = season(
        [], [dataclasses.replace(team("aaa"), batting=Batting(pa=6000, ab=5400, r=700, hr=150, h=1400, bb=500, hbp=50))]
    )
    real_rate = 550 / 1800
    slope = BR_RESPONSE * real_rate
    cal = Calibration()

    def played(runs: int) -> Played:  # 200 H + 20 BB - 40 HR: 180 times on base, 40 of the runs home runs
        return Played(team_games=10, batting={"a": _line(pa=900, ab=800, r=runs, h=200, hr=40, bb=20)})

    # Round 1 at offset 0: 53 of 180 runners home (0.2944), short of the real: two thirds of a step up.
    cal.update(played(40 + 53), [], real, Batting())
    assert cal.running["br"] == pytest.approx((real_rate - 53 / 180) / slope)
    assert 0.6 < cal.running["br"] < 0.7
    # Round 2 (pooled alone from round 2 on) at that offset scores the real 55 of 180: it stays.
    first = cal.running["br"]
    cal.update(played(40 + 55), [], real, Batting())
    assert cal.running["br"] == pytest.approx(first)
    assert f"br {cal.running['br']:+.3f}" in cal.describe()
    # Round 3 scores every runner: pooled with round 2 (0.65 a runner at that offset), far over: the lower bound.
    cal.update(played(40 + 180), [], real, Batting())
    assert cal.running["br"] == BR_OFFSET_LIMITS[0]


def test_where_each_league_keeps_its_scales_the_rounds_count_the_smaller_leagues_events() -> None:
    from dataclasses import replace

    from seasons.calibrate import CALIBRATION_SCHEDULE, season_calibration_schedule
    from tests.seasons.set_builders import season, team

    def league_of(lg: str, teams: int, hr: int, triples: int) -> list:
        made = []
        for i in range(teams):
            t = team(f"{lg.lower()}{i}", lg)
            made.append(replace(t, batting=replace(t.batting, hr=hr, triples=triples)))
        return made

    # 1970's leagues played apart: 12 AL teams of 200 HR a season, 12 NL teams of 50 (3,000 in all)
    apart = season([], league_of("AL", 12, 200, 60) + league_of("NL", 12, 50, 60), year=1970)
    # counted together, 3,000 a season fill 7,000 in the pooled 3.5 seasons; the NL's own 600 must
    # count for each league (1,200 a season), which needs 5.83 seasons: three full rounds more
    assert season_calibration_schedule(apart) == (*CALIBRATION_SCHEDULE, 1.0, 1.0, 1.0)
    # the same teams in 2023 meet under one rule: one set of scales, the two counted together
    together = season([], league_of("AL", 12, 200, 60) + league_of("NL", 12, 50, 60), year=2023)
    assert season_calibration_schedule(together) == CALIBRATION_SCHEDULE
