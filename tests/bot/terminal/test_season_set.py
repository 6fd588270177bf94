"""dugout run --set: the terminal league of a set that lists its teams."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.terminal import league as season
from bot.terminal.cli import main
from league.errors import SettingsError
from league.store import Store
from tests.cards.test_team_entries import HC_TEAM, make_set
from tests.league.test_teams_from_set import MV_TEAM


async def test_a_set_with_teams_makes_a_league_of_them(tmp_path: Path) -> None:
    folder = make_set(tmp_path, HC_TEAM + MV_TEAM)
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        league = await season.terminal_league(store, str(folder))
        assert league.name == "Terminal League set"
        assert [t.abbreviation for t in await store.teams(league.id)] == ["HC", "MV"]
        assert (await season.terminal_league(store, str(folder))).id == league.id  # found, not made again
        record, _ = await season.start_next_game(store, league, set(), seed=7)
        teams = {t.id: t.abbreviation for t in await store.teams(league.id)}
        assert (teams[record.away_team_id], teams[record.home_team_id]) == ("HC", "MV")


async def test_a_set_without_teams_is_refused(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        folder = make_set(tmp_path, "")
        with pytest.raises(SettingsError, match="lists no teams; the terminal league plays a set's teams"):
            await season.terminal_league(store, str(folder))
        assert await store.leagues() == []


def test_dugout_run_set_plays_the_sets_league(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = make_set(tmp_path, HC_TEAM + MV_TEAM)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DUGOUT_DATABASE", str(tmp_path / "league.sqlite3"))
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["run", "--set", str(folder), "--pace", "0"]) == 0
    assert "Terminal League set, day 1: Harbor City Captains at Mesa Valley Miners." in capsys.readouterr().out


def test_dugout_run_says_the_games_dh_rule_when_the_leagues_differ(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = make_set(tmp_path, HC_TEAM + MV_TEAM)
    meta = folder / "set.toml"
    meta.write_text(meta.read_text() + 'designated_hitter = ["AL"]\n', encoding="utf-8")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DUGOUT_DATABASE", str(tmp_path / "league.sqlite3"))
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["run", "--set", str(folder), "--pace", "0"]) == 0
    out = capsys.readouterr().out
    assert "Terminal League set, day 1: Harbor City Captains at Mesa Valley Miners." in out  # an AL park
    rule = "The designated hitter bats in AL parks (each game plays its home team's league's rule)."
    assert f"{rule} Here: with it." in out
