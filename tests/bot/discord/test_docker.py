"""The Docker image: its league file stays on the /data volume whatever .env says, and without a
token it exits with a message instead of playing terminal games in a restart loop.

Docker itself is not run here: the Dockerfile is read for what it sets, and ``dugout`` is run
with the environment the image would give it (``docker run --env-file .env`` turns each line of
.env into a real environment variable, next to the image's own ENV).
"""

from __future__ import annotations

import argparse
import asyncio
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import dotenv
import pytest

from bot.discord import health
from bot.terminal import cli

ROOT = Path(__file__).resolve().parents[3]
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

    monkeypatch.setattr("bot.discord.app.run_bot", fake_run_bot)
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
        [sys.executable, "-m", "bot.terminal.cli", *dockerfile_cmd()[1:]],
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


def dockerignore(rel: Path) -> bool:
    """Whether .dockerignore leaves ``rel`` (relative to the build context) out of the context."""
    patterns = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines() if line.strip()]
    parts = rel.parts
    for n in range(1, len(parts) + 1):  # a folder left out takes everything under it along
        prefix = "/".join(parts[:n])
        for pattern in patterns:
            if fnmatch.fnmatch(prefix, pattern) or (
                pattern.startswith("**/") and fnmatch.fnmatch(parts[n - 1], pattern[3:])
            ):
                return True
    return False


def image_app(into: Path) -> Path:
    """The image's /app as the Dockerfile's COPY steps make it from the build context (this checkout)."""
    app = into / "app"
    app.mkdir()
    context = [p for p in ROOT.rglob("*") if p.is_file() and not dockerignore(p.relative_to(ROOT))]
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if not line.startswith("COPY "):
            continue
        *sources, dest = line.split()[1:]
        for source in sources:
            for file in context:
                rel = file.relative_to(ROOT)
                if source == ".":
                    target = app / dest / rel
                elif rel.parts[0] == source and len(rel.parts) > 1:  # a folder: its contents into dest
                    target = app / dest / Path(*rel.parts[1:])
                elif str(rel) == source:
                    target = app / dest / rel.name if dest.endswith("/") or len(sources) > 1 else app / dest
                else:
                    continue
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(file, target)
    return app


def test_the_image_holds_every_package_and_its_data(tmp_path: Path) -> None:
    """Every package pyproject.toml names (seasons too: `dugout cards generate` needs it) is copied in,
    with its data (card sets, migrations), and imports from the image's copy; the install takes the extra."""
    from setuptools import find_packages

    app = image_app(tmp_path)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    assert find_packages(app, include=include) == find_packages(ROOT, include=include)
    assert "seasons" in find_packages(app, include=include)
    for pattern in ("cards/sets/**/*.toml", "migrations/*.sql"):
        assert sorted(p.relative_to(app) for p in app.glob(pattern)) == sorted(
            p.relative_to(ROOT) for p in ROOT.glob(pattern)
        )
    for name in ("pyproject.toml", config["project"]["readme"], "LICENSE"):
        assert (app / name).is_file()
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import bot.terminal.cli, seasons.inside_pitch.generate, seasons.deep_drive.generate;"
            " print(seasons.__file__)",
        ],
        cwd=app,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).is_relative_to(app)
    install = next(line for line in (ROOT / "Dockerfile").read_text().splitlines() if "pip install" in line)
    extras = re.search(r'"\.\[([a-z,]+)\]"', install)
    assert extras and "seasons" in extras.group(1).split(",")
    assert "seasons" in config["project"]["optional-dependencies"]


def test_the_health_check_tells_a_bot_stuck_before_login_from_a_working_one(tmp_path: Path) -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert dockerfile_env()[health.HEARTBEAT] == "/tmp/dugout-heartbeat"
    [line] = [line for line in text.splitlines() if line.startswith("HEALTHCHECK ")]
    assert line.endswith('CMD ["python", "-m", "bot.discord.health"]')
    beat = tmp_path / "heartbeat"
    assert "has not logged in" in (health.problem(beat, time.time()) or "")

    class Bot:
        def __init__(self, ready: bool) -> None:
            self.ready, self.closed, self.latency = ready, False, 0.05

        def is_ready(self) -> bool:
            return self.ready

        def is_closed(self) -> bool:
            return self.closed

    async def run(bot: Bot) -> None:
        task = asyncio.create_task(health.beat(bot, beat, interval=0.01))
        await asyncio.sleep(0.05)
        bot.closed = True
        await task

    asyncio.run(run(Bot(ready=False)))  # stuck before login: no heartbeat, unhealthy
    assert not beat.exists()
    asyncio.run(run(Bot(ready=True)))
    assert health.problem(beat, time.time()) is None
    assert "is stuck or disconnected" in (health.problem(beat, time.time() + health.STALE + 1) or "")


@pytest.mark.parametrize("fresh", [True, False])
def test_python_m_bot_health_exits_by_the_heartbeat(tmp_path: Path, fresh: bool) -> None:
    beat = tmp_path / "heartbeat"
    beat.touch()
    if not fresh:
        old = time.time() - health.STALE - 10
        os.utime(beat, (old, old))
    env = {"PATH": "/usr/bin:/bin", health.HEARTBEAT: str(beat)}
    done = subprocess.run(
        [sys.executable, "-m", "bot.discord.health"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == (0 if fresh else 1)
    assert len((done.stdout + done.stderr).splitlines()) == 1


def test_env_example_lists_every_variable_the_code_reads() -> None:
    read = set()
    for folder in ("bot", "cards", "engine", "league", "seasons"):
        for source in (ROOT / folder).rglob("*.py"):
            read |= set(re.findall(r"""["']((?:DUGOUT|DISCORD)_[A-Z_]+)["']""", source.read_text()))
    assert "DUGOUT_DEBUG" in read
    listed = set(re.findall(r"^#? ?((?:DUGOUT|DISCORD)_[A-Z_]+)=", (ROOT / ".env.example").read_text(), re.M))
    assert read - listed == set()


def test_the_heartbeat_makes_its_folder_and_outlives_a_file_it_cannot_write(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    class Bot:
        latency = 0.05

        def __init__(self) -> None:
            self.closed = False

        def is_ready(self) -> bool:
            return True

        def is_closed(self) -> bool:
            return self.closed

    async def run(path: Path) -> None:
        bot = Bot()
        task = asyncio.create_task(health.beat(bot, path, interval=0.01))
        await asyncio.sleep(0.05)
        assert not task.done()  # it beats on whatever the file system says
        bot.closed = True
        await task

    missing = tmp_path / "run" / "dugout" / "heartbeat"
    asyncio.run(run(missing))
    assert health.problem(missing, time.time()) is None

    (tmp_path / "a-file").write_text("")
    blocked = tmp_path / "a-file" / "heartbeat"  # its folder is a file: it can never be written
    asyncio.run(run(blocked))
    [record] = [r for r in caplog.records if r.name == "bot.discord.health"]  # said once, not at every beat
    assert record.getMessage().startswith(f"the heartbeat file {blocked} cannot be written (")
