"""``dugout run --bot --shards 0-3 --shard-count 8`` (or DUGOUT_SHARDS/DUGOUT_SHARD_COUNT) runs the bot for
those shards (docs/shards.md); a bad value is a one-line error naming the option, and no bot starts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.shards import Shards
from bot.terminal import cli


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []

    async def fake_run_bot(token: str, database: Path, guild_id: int | None = None, **options: Any) -> None:
        calls.append(options)

    monkeypatch.setattr("bot.discord.app.run_bot", fake_run_bot)
    monkeypatch.setattr("discord.utils.setup_logging", lambda **_: None)
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token")
    monkeypatch.setenv("DUGOUT_DATABASE", str(tmp_path / "league.sqlite3"))
    for name in ("DUGOUT_SHARDS", "DUGOUT_SHARD_COUNT", "DUGOUT_DEV_GUILD_ID"):
        monkeypatch.delenv(name, raising=False)
    return calls


def test_the_options_name_the_shards(started: list[dict[str, Any]]) -> None:
    assert cli.main(["run", "--bot", "--shards", "0-1,3", "--shard-count", "8"]) == 0
    assert started == [{"shards": Shards(frozenset({0, 1, 3}), 8)}]


def test_the_environment_names_them_when_the_options_do_not(
    started: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DUGOUT_SHARDS", "2")
    monkeypatch.setenv("DUGOUT_SHARD_COUNT", "4")
    assert cli.main(["run", "--bot"]) == 0
    assert cli.main(["run", "--bot", "--shards", "3"]) == 0
    assert started == [{"shards": Shards(frozenset({2}), 4)}, {"shards": Shards(frozenset({3}), 4)}]


def test_without_them_the_bot_is_unsharded_as_before(started: list[dict[str, Any]]) -> None:
    assert cli.main(["run", "--bot"]) == 0
    assert started == [{}]


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (["--shards", "0-3"], "--shards (DUGOUT_SHARDS) needs --shard-count"),
        (["--shards", "0-8", "--shard-count", "8"], "--shards (DUGOUT_SHARDS): shard 8 is not below"),
        (["--shards", "x", "--shard-count", "8"], "--shards (DUGOUT_SHARDS): 'x' is not a shard id"),
        (["--shard-count", "many"], "--shard-count (DUGOUT_SHARD_COUNT) is a number"),
    ],
)
def test_a_bad_value_is_one_line_naming_the_option(
    started: list[dict[str, Any]], capsys: pytest.CaptureFixture[str], arguments: list[str], named: str
) -> None:
    assert cli.main(["run", "--bot", *arguments]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"dugout run: {named}") and err.count("\n") == 1 and "Traceback" not in err
    assert started == []
