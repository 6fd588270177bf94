"""One owner for a live terminal game (issue 26): a second ``dugout run`` on the same file while the first
plays says who holds the game and exits without touching it; once the first is killed, the next run
resumes the game at once."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bot.terminal.test_terminal_pty import ROOT, Session, child_env, stored

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")


def dugout_run(db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.terminal.cli", "run", "--pace", "0"],
        cwd=ROOT,
        env=child_env(db),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_second_dugout_run_leaves_the_live_game_to_the_first_until_it_is_gone(tmp_path: Path) -> None:
    db = tmp_path / "league.sqlite3"
    first = Session(db)
    first.answer()
    first.at_question()  # the first run plays the game: it waits for its manager's answer
    before = stored(db)
    try:
        second = dugout_run(db)
        assert second.returncode == 1, second.stdout
        assert (
            f"dugout run: game 1 is being played by another dugout process (pid {first.pid} on host "
            f"{socket.gethostname()}) since "
        ) in second.stderr
        assert second.stderr.rstrip().endswith("; try again when it ends")
        assert "Resuming" not in second.stdout
        assert stored(db) == before  # not an answer, not a play shown, not a setting
    finally:
        os.kill(first.pid, signal.SIGKILL)  # killed: it gives nothing back
        first.finish()

    third = dugout_run(db)  # at once: the holder is gone from this host
    assert third.returncode == 0, third.stderr
    assert "(game 1, 1 answers stored)." in third.stdout and "Standings" in third.stdout
    assert stored(db)["status"] == "final"
