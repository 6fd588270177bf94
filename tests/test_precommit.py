"""The pre-commit hooks run what `make lint` and `make typecheck` run (issue 27, "Figures"), so the two do
not drift: the commands are read from the Makefile, not written here a second time."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]


def recipe(target: str) -> list[str]:
    """The commands of a Makefile target, with $(BIN) spelled as the venv's path."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    venv = re.search(r"^VENV\s*\??=\s*(\S+)", text, re.MULTILINE)
    assert venv, "the Makefile names no VENV"
    body = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", text, re.MULTILINE)
    assert body, f"the Makefile has no target {target}"
    return [line.strip().replace("$(BIN)", f"{venv.group(1)}/bin") for line in body.group(1).splitlines()]


def hooks() -> dict[str, dict[str, Any]]:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    return {hook["id"]: hook for repo in config["repos"] for hook in repo["hooks"]}


def test_the_makefile_checks_are_ruff_the_formatter_and_mypy() -> None:
    assert recipe("lint") == [".venv/bin/ruff check .", ".venv/bin/ruff format --check ."]
    assert recipe("typecheck") == [".venv/bin/mypy"]


def test_the_hooks_are_ruff_the_formatter_and_mypy_running_make_lints_commands() -> None:
    found = hooks()
    assert set(found) == {"ruff", "ruff-format", "mypy"}
    commands = {}
    for name, hook in found.items():
        # Each runs once on the whole tree, as make does, with the venv's tools: nothing to download.
        assert hook["language"] == "system" and hook["pass_filenames"] is False, name
        commands[name] = " ".join([hook["entry"], *hook.get("args", [])])
    assert sorted(commands.values()) == sorted(recipe("lint") + recipe("typecheck"))
