"""``dugout run`` driven through a real pseudo-terminal: nothing lost on Ctrl-C, SIGTERM, a closed
terminal, the end of input, ``q`` or a crash, and the next run resumes at the same question.

Each test runs ``python -m bot.terminal.cli run`` in a child on a pty (``pty.fork``: the child is a session
leader with the pty as its controlling terminal, as in a real terminal window), with a fresh league
file and no token. The home team is managed because stdin is a terminal. Answers are read back from
the league file and checked against what the terminal offered for each question.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing, suppress
from pathlib import Path
from typing import Any

import pytest

from engine.game import Game
from league.compact import unpack, unpack_setup

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")

ROOT = Path(__file__).resolve().parents[3]
PROMPT = "Your choice ["
QUESTION = re.compile(r"^(\S.* manager: .*)$", re.MULTILINE)
OPTION = re.compile(r"^  (\d+)\) (.*?)(  \(suggested\))?$", re.MULTILINE)


def child_env(db: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DUGOUT_", "DISCORD_"))}
    env.update(DISCORD_TOKEN="", DUGOUT_DATABASE=str(db), PYTHONUNBUFFERED="1")
    return env


class Session:
    """One ``dugout run`` on a pty: read its screen, type at it, signal it."""

    def __init__(self, db: Path) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: straight into a fresh interpreter
            os.chdir(ROOT)
            os.execve(sys.executable, [sys.executable, "-m", "bot.terminal.cli", "run", "--pace", "0"], child_env(db))
        self.pid, self.fd = pid, fd
        self.screen = ""
        self.seen = 0  # screen[:seen] has been looked at by expect
        self.closed = False

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the child is gone and the pty closed
            data = b""
        if not data:
            self.closed = True
            return False
        self.screen += data.decode(errors="replace").replace("\r\n", "\n")
        return True

    def expect(self, text: str, timeout: float = 30) -> str:
        """Everything shown from the last expect up to and including ``text``."""
        end = time.monotonic() + timeout
        while text not in self.screen[self.seen :]:
            left = end - time.monotonic()
            if self.closed or left <= 0:
                raise AssertionError(f"{text!r} never came; the screen ends: {self.screen[-800:]!r}")
            self._read(left)
        stop = self.screen.index(text, self.seen) + len(text)
        shown, self.seen = self.screen[self.seen : stop], stop
        return shown

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def finish(self, timeout: float = 30) -> tuple[int, str]:
        """Wait for the child to exit: its exit status and what it showed since the last expect."""
        end = time.monotonic() + timeout
        while not self.closed and time.monotonic() < end:
            self._read(0.2)
        deadline = time.monotonic() + 10
        while True:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                raise AssertionError(f"dugout run did not exit; the screen ends: {self.screen[-800:]!r}")
            time.sleep(0.05)
        with suppress(OSError):
            os.close(self.fd)
        return os.waitstatus_to_exitcode(status), self.screen[self.seen :]

    def answer(self) -> tuple[str, str]:
        """At the next question: answer with the last listed option that is not the suggestion
        (the suggestion when it is the only one). Returns the question and the label answered."""
        shown = self.expect(PROMPT)
        question = QUESTION.findall(shown)[-1]
        listed = OPTION.findall(shown[shown.rindex(question) :])
        number, label, _ = next((o for o in reversed(listed) if not o[2]), listed[0])
        self.expect("]: ")
        self.type(f"{number}\n")
        return question, label

    def at_question(self) -> str:
        """Wait for the next question; its text."""
        shown = self.expect(PROMPT)
        self.expect("]: ")
        return str(QUESTION.findall(shown)[-1])


def stored(db: Path) -> dict[str, Any]:
    with closing(sqlite3.connect(db)) as conn:
        conn.row_factory = sqlite3.Row
        rows = conn.execute("SELECT * FROM game").fetchall()
        snapshots = {r["id"]: json.loads(r["cards"]) for r in conn.execute("SELECT * FROM card_snapshot")}
    assert len(rows) == 1, "the terminal league plays one game at a time"
    record = {key: rows[0][key] for key in rows[0].keys()}  # noqa: SIM118 (a Row is not a dict)
    record["game"] = {key: json.loads(record[key]) for key in ("setup", "log", "managed")}
    if record["snapshot_id"] is not None:  # the setup names the cards of the league's snapshot (league.compact)
        record["game"]["setup"] = unpack_setup(record["game"]["setup"], snapshots[record["snapshot_id"]])
    if record["log_z"] is not None:  # a final game's log is compressed
        record["game"]["log"] = unpack(record["log_z"])
    return record


def answered_labels(db: Path) -> list[str]:
    """The stored answers a person gave, as the labels the terminal showed for them."""
    record = stored(db)
    log = Game.log_from_json(record["game"]["log"])
    setup = Game.from_dict(
        {"ruleset": record["ruleset"], "setup": record["game"]["setup"], "seed": record["seed"], "log": []}
    ).setup
    labels = []
    for decision in log:
        if decision.by != "manager":
            continue
        before = Game(setup, record["seed"], log[: decision.seq], managed={decision.side})
        assert before.pending is not None and before.pending.seq == decision.seq
        labels.append(next(o.label for o in before.pending.options if o.key == decision.choice))
    return labels


def goodbye(rest: str) -> list[str]:
    """The lines a stopped run printed after its last prompt (the echo of ^C or q aside)."""
    return [line for line in rest.splitlines() if line.strip() and line.strip() not in ("^C", "q", "^D")]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "league.sqlite3"


def test_ctrl_c_at_a_prompt_keeps_every_answer_and_the_next_run_resumes_at_that_question(db: Path) -> None:
    """Ctrl-C once: one line, status 130, no traceback; the game is live with the three answers given."""
    run = Session(db)
    given = [run.answer() for _ in range(3)]
    question = run.at_question()
    assert "q quits and saves" in run.screen[run.screen.rindex(question) :]
    run.type("\x03")  # Ctrl-C, through the terminal's line discipline
    status, rest = run.finish()
    assert status == 130
    assert goodbye(rest) == [f"Stopped (Ctrl-C): game 1 is saved as it stood in {db}; dugout run resumes it."]
    assert "Traceback" not in run.screen
    record = stored(db)
    assert record["status"] == "live"
    assert answered_labels(db) == [label for _, label in given]
    log = record["game"]["log"]

    again = Session(db)
    opening = again.expect("answers stored).")
    assert re.search(r"Resuming Harbor City at Mesa Valley|Resuming Mesa Valley at Harbor City", opening)
    assert "(game 1, 3 answers stored)." in opening
    assert again.at_question() == question  # the same request, asked again
    assert stored(db)["game"]["log"] == log  # resuming adds nothing by itself
    again.type("q\n")
    status, rest = again.finish()
    assert status == 0
    assert goodbye(rest) == [f"Quit: game 1 is saved as it stood in {db}; dugout run resumes it."]
    assert stored(db)["status"] == "live"
    assert answered_labels(db) == [label for _, label in given]


def test_sigterm_at_a_prompt_keeps_the_answers(db: Path) -> None:
    run = Session(db)
    given = [run.answer() for _ in range(2)]
    run.at_question()
    os.kill(run.pid, signal.SIGTERM)
    status, rest = run.finish()
    assert status == 128 + signal.SIGTERM
    assert goodbye(rest) == [f"Stopped (SIGTERM): game 1 is saved as it stood in {db}; dugout run resumes it."]
    assert stored(db)["status"] == "live"
    assert answered_labels(db) == [label for _, label in given]


def test_the_end_of_input_at_a_prompt_saves_and_exits(db: Path) -> None:
    """Ctrl-D at a prompt: the terminal is done giving answers; the game waits for the next run."""
    run = Session(db)
    given = [run.answer()]
    run.at_question()
    run.type("\x04")
    status, rest = run.finish()
    assert status == 0
    assert goodbye(rest) == [f"No more input: game 1 is saved as it stood in {db}; dugout run resumes it."]
    assert stored(db)["status"] == "live"
    assert answered_labels(db) == [label for _, label in given]


def test_a_closed_terminal_keeps_the_answers_and_the_game_resumes(db: Path) -> None:
    run = Session(db)
    given = [run.answer() for _ in range(2)]
    question = run.at_question()
    os.close(run.fd)  # the window closes: the kernel hangs up the child's terminal (SIGHUP)
    run.closed = True
    status, _ = run.finish()
    assert status == 128 + signal.SIGHUP
    assert stored(db)["status"] == "live"
    assert answered_labels(db) == [label for _, label in given]
    again = Session(db)
    assert "(game 1, 2 answers stored)." in again.expect("answers stored).")
    assert again.at_question() == question
    again.type("q\n")
    assert again.finish()[0] == 0


def test_a_crash_leaves_the_game_live_with_its_answers(db: Path) -> None:
    """SIGKILL: no goodbye at all, and still nothing answered is lost."""
    run = Session(db)
    given = [run.answer() for _ in range(2)]
    run.at_question()
    os.kill(run.pid, signal.SIGKILL)
    status, _ = run.finish()
    assert status == -signal.SIGKILL
    assert stored(db)["status"] == "live"
    assert answered_labels(db) == [label for _, label in given]


def test_without_a_terminal_a_resumed_game_is_played_out_by_the_auto_manager(db: Path) -> None:
    """A game stopped at a terminal, resumed from a script: it must not wait for answers nobody can give."""
    run = Session(db)
    given = [run.answer() for _ in range(2)]
    run.at_question()
    run.type("q\n")
    assert run.finish()[0] == 0
    done = subprocess.run(
        [sys.executable, "-m", "bot.terminal.cli", "run"],
        cwd=ROOT,
        env=child_env(db),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "(game 1, 2 answers stored)." in done.stdout
    assert "No terminal on stdin: the auto-manager manages the rest of the game." in done.stdout
    assert "Standings" in done.stdout and "Your choice" not in done.stdout
    assert stored(db)["status"] == "final"
    assert answered_labels(db) == [label for _, label in given]
