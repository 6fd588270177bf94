"""``dugout run`` with a token starts the bot, with the database and guild from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.terminal import cli


def test_a_token_runs_the_bot_on_the_configured_database(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    started: list[tuple[str, Path, int | None]] = []

    async def fake_run_bot(token: str, database: Path, guild_id: int | None = None) -> None:
        started.append((token, database, guild_id))

    monkeypatch.setattr("bot.discord.app.run_bot", fake_run_bot)
    monkeypatch.setattr("discord.utils.setup_logging", lambda **_: None)  # leave the test run's logging alone
    monkeypatch.setenv("DISCORD_TOKEN", "  secret-token ")
    monkeypatch.setenv("DUGOUT_DATABASE", str(tmp_path / "league.sqlite3"))
    monkeypatch.setenv("DUGOUT_DEV_GUILD_ID", "1234")
    assert cli.main(["run"]) == 0
    assert started == [("secret-token", tmp_path / "league.sqlite3", 1234)]


def test_a_bad_guild_id_is_refused_with_a_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token")
    monkeypatch.setenv("DUGOUT_DEV_GUILD_ID", "my-server")
    assert cli.main(["run"]) == 1
    assert "DUGOUT_DEV_GUILD_ID is a server id" in capsys.readouterr().err


@pytest.mark.parametrize("flag", [["--option", "innings=7"], ["--rule", "bench_usage=on"]])
def test_terminal_league_settings_with_a_token_are_refused_not_ignored(
    flag: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """With a token ``dugout run`` is the bot: a setting meant for the terminal league would go nowhere."""
    started: list[str] = []

    async def fake_run_bot(token: str, database: Path, guild_id: int | None = None) -> None:
        started.append(token)

    monkeypatch.setattr("bot.discord.app.run_bot", fake_run_bot)
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token")
    monkeypatch.setenv("DUGOUT_DATABASE", str(tmp_path / "league.sqlite3"))
    assert cli.main(["run", *flag]) == 2
    assert "DISCORD_TOKEN is set, so this runs the bot: set a server's league with /league options" in (
        capsys.readouterr().err
    )
    assert started == [] and not (tmp_path / "league.sqlite3").exists()
