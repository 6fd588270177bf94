"""The league's shape (issue 27 "The store, split by aggregate"), enforced like the layers (tests/test_layers.py):
no module in league/ over about 800 lines; the league's services hold no SQL; the store and the services
never ask which ruleset a league plays (each ruleset answers through its league policy, engine.policy)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

LEAGUE = Path(__file__).resolve().parents[2] / "league"
MOST_LINES = 800
# Pure league code on what the store read: who starts, a game's setup, what a finished game leaves.
SERVICES = ("starters.py", "setups.py", "rest.py")
RULESET_NAMES = {"INSIDE_PITCH", "DEEP_DRIVE"}


def modules() -> list[Path]:
    return sorted(LEAGUE.rglob("*.py"))


def test_no_league_module_is_over_800_lines() -> None:
    long = {str(p.relative_to(LEAGUE)): n for p in modules() if (n := len(p.read_text().splitlines())) > MOST_LINES}
    assert long == {}


@pytest.mark.parametrize("name", SERVICES)
def test_a_league_service_holds_no_sql(name: str) -> None:
    tree = ast.parse((LEAGUE / name).read_text())
    imported = {
        alias.name if isinstance(node, ast.Import) else f"{node.module}"
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }
    assert not {m for m in imported if m.split(".")[0] in ("aiosqlite", "sqlite3") or m.startswith("league.store")}
    words = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.lstrip().startswith(("SELECT ", "INSERT ", "UPDATE ", "DELETE "))
    ]
    assert words == []


@pytest.mark.parametrize("path", [*sorted((LEAGUE / "store").glob("*.py")), *(LEAGUE / s for s in SERVICES)], ids=str)
def test_the_store_and_the_services_never_name_a_ruleset(path: Path) -> None:
    tree = ast.parse(path.read_text())
    named = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id in RULESET_NAMES}
    named |= {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.name in RULESET_NAMES or (node.module or "").startswith(("engine.inside_pitch", "engine.deep_drive"))
    }
    assert named == set()
