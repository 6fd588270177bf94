"""The game options a league takes from its card sets (``CardPool.options``)."""

from __future__ import annotations

from pathlib import Path

from engine.inside_pitch.options import InsidePitchOptions
from league.cardpool import CardPool
from tests.cards.test_team_entries import HC_TEAM, make_set


def stating(tmp_path: Path, lines: str) -> str:
    folder = make_set(tmp_path, HC_TEAM)
    meta = folder / "set.toml"
    meta.write_text(meta.read_text() + lines, encoding="utf-8")
    return str(folder)


def test_a_set_that_says_nothing_leaves_the_defaults(tmp_path: Path) -> None:
    assert CardPool.load([stating(tmp_path, "")]).options() is None


def test_the_extra_inning_runner_comes_from_the_set(tmp_path: Path) -> None:
    folder = stating(tmp_path, "designated_hitter = true\nextra_inning_runner = true\n")
    assert CardPool.load([folder]).options() == InsidePitchOptions(designated_hitter=True, extra_inning_runner=True)


def test_a_set_that_states_only_the_dh_plays_without_the_runner(tmp_path: Path) -> None:
    folder = stating(tmp_path, "designated_hitter = false\n")
    assert CardPool.load([folder]).options() == InsidePitchOptions(designated_hitter=False, extra_inning_runner=False)


def test_the_runner_alone_is_stated(tmp_path: Path) -> None:
    folder = stating(tmp_path, "extra_inning_runner = true\n")
    assert CardPool.load([folder]).options() == InsidePitchOptions(extra_inning_runner=True)
