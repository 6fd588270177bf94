"""Serving the site: ``dugout web`` starts and answers; the bot's DUGOUT_WEB_* settings (docs/web.md)."""

from __future__ import annotations

import asyncio
import re
import signal
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.web.serve import start_from_env, web_settings
from league.errors import SettingsError
from league.store import Store

ROOT = Path(__file__).resolve().parents[3]


async def test_dugout_web_serves_the_files_leagues_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    path = tmp_path / "league.sqlite3"
    async with await Store.open(path) as store:
        await store.create_league("Porch League", ["sample"])
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "web", "--port", "0", "--database", str(path),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        preexec_fn=interruptible,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        first = (await asyncio.wait_for(process.stdout.readline(), 60)).decode()
        found = re.search(r"at (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops it\)", first)
        assert found, first
        league_line = (await process.stdout.readline()).decode()
        assert f"Porch League: {found[1]}porch-league/" in league_line
        async with aiohttp.ClientSession() as session, session.get(found[1]) as response:
            assert response.status == 200 and "Porch League" in await response.text()
    finally:
        process.send_signal(signal.SIGINT)
        # What the process does with signals, read before it ends, in case it does not.
        signals = signal_state(process.pid)
        # communicate, not wait: it drains both pipes, so the process never blocks on a full one.
        try:
            _, err = await asyncio.wait_for(process.communicate(), 30)
        except TimeoutError:
            process.kill()
            _, err = await process.communicate()
            pytest.fail(f"dugout web ran on 30 s after Ctrl-C ({signals}): {err.decode()[-2000:]}")
    assert process.returncode == 0, err.decode()[-2000:]


def interruptible() -> None:
    """Ctrl-C as a terminal's foreground job gets it: a test run started in the background (nohup, ``&``)
    ignores SIGINT, and a child inherits that, so a Ctrl-C sent to it would do nothing."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def signal_state(pid: int) -> str:
    """A process's blocked and ignored signal masks (Linux /proc), to tell why a signal did nothing."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return "no /proc status"
    return ", ".join(line for line in lines if line.startswith(("SigBlk", "SigIgn", "SigCgt", "State")))


async def test_dugout_web_refuses_a_missing_file_in_one_line(tmp_path: Path) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "web", "--database", str(tmp_path / "none.sqlite3"),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 1
    assert err.decode().startswith("dugout web: no league file at ") and err.decode().count("\n") == 1


def test_the_bots_site_settings() -> None:
    assert web_settings({}) is None
    assert web_settings({"DUGOUT_WEB_PORT": "8081"}) == ("127.0.0.1", 8081, "http://127.0.0.1:8081")
    seen = {"DUGOUT_WEB_PORT": "8081", "DUGOUT_WEB_HOST": "0.0.0.0", "DUGOUT_WEB_URL": "https://ball.example/"}
    assert web_settings(seen) == ("0.0.0.0", 8081, "https://ball.example")
    for bad in ("web", "0", "70000"):
        with pytest.raises(SettingsError, match=f"^DUGOUT_WEB_PORT must be a port number from 1 to 65535, not '{bad}'"):
            web_settings({"DUGOUT_WEB_PORT": bad})


async def test_the_bot_serves_the_site_when_a_port_is_set(store: Store, caplog: pytest.LogCaptureFixture) -> None:
    assert await start_from_env(store, {}) == (None, None)
    runner, url = await start_from_env(store, {"DUGOUT_WEB_PORT": "1", "DUGOUT_WEB_HOST": "256.0.0.1"})
    assert (runner, url) == (None, None) and "the league site is not served" in caplog.text
    port = _free_port()
    runner, url = await start_from_env(store, {"DUGOUT_WEB_PORT": str(port)})
    assert runner is not None and url == f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as session, session.get(url + "/") as response:
            assert response.status == 200
    finally:
        await runner.cleanup()


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
