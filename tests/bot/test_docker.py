"""The Docker image: its league file stays on the /data volume whatever .env says, and without a
token it exits with a message instead of playing terminal games in a restart loop.

Docker itself is not run here: the Dockerfile is read for what it sets, and ``dugout`` is run
with the environment the image would give it (``docker run --env-file .env`` turns each line of
.env into a real environment variable, next to the image's own ENV).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import dotenv
import pytest

from bot import cli

ROOT = Path(__file__).resolve().parents[2]
IMAGE = "/data/dugout.sqlite3"


def dockerfile_env() -> dict[str, str]:
    text = (ROOT / "Dockerfile").read_text()
    block = re.search(r"^ENV (.*?)(?:\n\n|\nRUN)", text, re.MULTILINE | re.DOTALL)
    assert block is not None
    return dict(re.findall(r"(\w+)=(\S+)", block.group(1)))


def dockerfile_cmd() -> list[str]:
    line = next(line for line in (ROOT / "Dockerfile").read_text().splitlines() if line.startswith("CMD "))
    return list(json.loads(line.removeprefix("CMD ")))


def test_the_image_names_its_volume_file_and_runs_only_the_bot() -> None:
    assert dockerfile_env()[cli.IMAGE_DATABASE] == IMAGE
    assert 'VOLUME ["/data"]' in (ROOT / "Dockerfile").read_text()
    assert dockerfile_cmd() == ["dugout", "run", "--bot"]


def test_the_image_database_wins_over_dotenv_and_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """.env's DUGOUT_DATABASE as a file (python-dotenv, which never overrides a real variable) and as
    real variables (--env-file) both lose to the image's; --database still wins over everything."""
    env_file = tmp_path / ".env"
    env_file.write_text("DUGOUT_DATABASE=data/dugout.sqlite3\nDISCORD_TOKEN=\n")
    real_load = dotenv.load_dotenv
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: real_load(env_file))
    monkeypatch.delenv("DUGOUT_DATABASE", raising=False)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)  # so what .env sets is undone after the test
    monkeypatch.setenv(cli.IMAGE_DATABASE, IMAGE)
    assert cli.database_path(argparse.Namespace()) == Path(IMAGE)  # .env read as a file
    assert dotenv.dotenv_values(env_file)["DUGOUT_DATABASE"] == "data/dugout.sqlite3"
    monkeypatch.setenv("DUGOUT_DATABASE", "elsewhere/dugout.sqlite3")  # .env passed as --env-file
    assert cli.database_path(argparse.Namespace()) == Path(IMAGE)
    assert cli.database_path(argparse.Namespace(database="mine.sqlite3")) == Path("mine.sqlite3")
    monkeypatch.delenv(cli.IMAGE_DATABASE)  # outside the image .env's file decides as before
    assert cli.database_path(argparse.Namespace()) == Path("elsewhere/dugout.sqlite3")
    monkeypatch.delenv("DUGOUT_DATABASE")
    assert cli.database_path(argparse.Namespace()) == Path("data/dugout.sqlite3")


def test_with_a_token_the_image_runs_the_bot_on_its_volume(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Path] = []

    async def fake_run_bot(token: str, database: Path, guild_id: int | None = None) -> None:
        started.append(database)

    monkeypatch.setattr("bot.app.run_bot", fake_run_bot)
    monkeypatch.setattr("discord.utils.setup_logging", lambda **_: None)
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token")
    monkeypatch.delenv("DUGOUT_DEV_GUILD_ID", raising=False)
    monkeypatch.setenv("DUGOUT_DATABASE", "data/dugout.sqlite3")
    monkeypatch.setenv(cli.IMAGE_DATABASE, IMAGE)
    assert cli.main(dockerfile_cmd()[1:]) == 0
    assert started == [Path(IMAGE)]


def test_without_a_token_the_image_says_what_to_do_and_exits_without_playing(tmp_path: Path) -> None:
    """The image's command in a child process, as the container starts it: status 2 at once, a
    message naming DISCORD_TOKEN, no game played and no league file made."""
    volume = tmp_path / "data"
    volume.mkdir()
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), cli.IMAGE_DATABASE: str(volume / "dugout.sqlite3")}
    env |= {"DUGOUT_DATABASE": "data/dugout.sqlite3", "DISCORD_TOKEN": ""}  # docker run --env-file .env
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", *dockerfile_cmd()[1:]],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("dugout run --bot: DISCORD_TOKEN is not set.")
    assert "Traceback" not in done.stderr
    assert list(volume.iterdir()) == []
