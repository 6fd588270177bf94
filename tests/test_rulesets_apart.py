"""A ruleset is one plugin (issue 27), enforced like the layers: generic code never asks which ruleset
it has. Outside a ruleset's own packages and the two registries (engine.rulesets, cards.families) no
module names a ruleset (no "deep-drive" literal, no INSIDE_PITCH constant) and none casts or tests a
value against a ruleset's card or set types: what differs is reached through the ruleset's interface.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.rulesets import NAMES, PACKAGES, families

ROOT = Path(__file__).resolve().parents[1]
# A ruleset's own packages (docs/rulesets.md): where it may name itself and use its own types.
OWN = tuple(f"{layer}/{package}" for package in PACKAGES.values() for layer in ("engine", "cards", "seasons", "bench"))
REGISTRIES = ("engine/rulesets.py", "cards/families.py")
GENERIC = ("engine", "cards", "league", "seasons", "bot", "bench")
RULESET_MODULES = tuple(
    f"{layer}.{package}" for package in PACKAGES.values() for layer in ("engine", "cards", "seasons")
)
# Inside Pitch's cards and set are still cards.models's and cards.loader's (the first ruleset's home).
INSIDE_PITCH_TYPES = {("cards.models", n) for n in ("Batter", "Pitcher", "Ballpark")} | {("cards.loader", "CardSet")}
WORDS = frozenset(NAMES) | frozenset(families())
CONSTANTS = frozenset({"INSIDE_PITCH", "DEEP_DRIVE"})


def generic_modules() -> Iterator[tuple[str, ast.Module]]:
    for layer in GENERIC:
        for path in sorted((ROOT / layer).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith(tuple(f"{own}/" for own in OWN)) or rel.removesuffix(".py") in OWN or rel in REGISTRIES:
                continue
            yield rel, ast.parse(path.read_text(encoding="utf-8"), filename=rel)


def ruleset_types(tree: ast.Module) -> set[str]:
    """The names a module binds to a ruleset's modules or types (``dd``, ``DeepDriveSet``, ``Batter``)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if full.startswith(RULESET_MODULES) or (node.module, alias.name) in INSIDE_PITCH_TYPES:
                    names.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            names |= {a.asname or a.name for a in node.names if a.name.startswith(RULESET_MODULES)}
    # A name bound to a tuple that holds one (BATTERS = (Batter, dd.Batter)) stands for them too.
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
            held = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
            if held & names:
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def asks_which_ruleset(rel: str, tree: ast.Module) -> list[str]:
    found = []
    types = ruleset_types(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in WORDS:
            found.append(f"{rel}:{node.lineno}: names the ruleset {node.value!r}")
        elif isinstance(node, ast.Name) and node.id in CONSTANTS:
            found.append(f"{rel}:{node.lineno}: names the ruleset {node.id}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("cast", "isinstance"):
            if len(node.args) != 2:
                continue
            target = node.args[0] if node.func.id == "cast" else node.args[1]
            used = {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
            used |= {
                n.value.split("[")[0]
                for n in ast.walk(target)
                if isinstance(n, ast.Constant) and isinstance(n.value, str)
            }
            if used & types:
                found.append(f"{rel}:{node.lineno}: {node.func.id} with a ruleset's type {sorted(used & types)[0]}")
        elif isinstance(node, ast.Compare) and any(isinstance(op, ast.Is | ast.IsNot) for op in node.ops):
            sides = [node.left, *node.comparators]
            typed = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "type" for n in sides)
            used = {n.id for side in sides for n in ast.walk(side) if isinstance(n, ast.Name)}
            if typed and used & types:
                found.append(f"{rel}:{node.lineno}: type() is a ruleset's type {sorted(used & types)[0]}")
    return found


# What still asks, by file (this list only shrinks): the card pool tells a card's kind by its class
# (BATTERS, PITCHERS, BALLPARKS, which league.store.teams reads too), and the auto-manager's lineup
# reads a fielder's rating and a batter's worth by his card's class.
KNOWN = {"engine/lineup.py": 2, "league/cardpool.py": 3}


def test_generic_code_never_asks_which_ruleset_it_has() -> None:
    by_file: dict[str, list[str]] = {}
    for rel, tree in generic_modules():
        if found := asks_which_ruleset(rel, tree):
            by_file[rel] = found
    grown = [line for rel, lines in by_file.items() if len(lines) > KNOWN.get(rel, 0) for line in lines]
    assert grown == [], "generic code asks which ruleset it has; reach it through engine.rulesets.Ruleset"
    assert {rel: len(lines) for rel, lines in by_file.items()} == KNOWN  # a file that got better comes off


@pytest.mark.parametrize(
    "source",
    [
        'if game.setup.ruleset == "deep-drive-1.2.5": pass',
        "from engine.rulesets import DEEP_DRIVE\nx = DEEP_DRIVE",
        "from cards.deep_drive import models as dd\nisinstance(card, dd.Batter)",
        "from cards.deep_drive.loader import DeepDriveSet\nisinstance(s, DeepDriveSet)",
        "from typing import cast\nfrom cards.models import Batter\ncast(Batter, card)",
        "from typing import cast\nfrom cards.models import Batter\ncast('Batter', card)",
        "from cards.deep_drive import models as dd\ntype(card) is dd.Batter",
        "from cards.deep_drive import models as dd\nBATS = (int, dd.Batter)\nisinstance(card, BATS)",
    ],
)
def test_the_check_sees_each_way_of_asking(source: str) -> None:
    assert asks_which_ruleset("example.py", ast.parse(source)) != []


# The words both front ends print, the question layouts and the card commands import no ruleset's module
# (not even inside a function): a ruleset's words and card text are its narration and its card family's.
WORDS_APART = (
    *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "bot/words").glob("*.py")),
    "bot/discord/prompts.py",
    "bot/discord/cogs/cards.py",
    "bot/discord/cogs/roster.py",
    "cards/text.py",
)


@pytest.mark.parametrize("rel", WORDS_APART)
def test_the_words_import_no_rulesets_module(rel: str) -> None:
    tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"), filename=rel)
    imported = [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module]
    imported += [a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names]
    assert [m for m in imported if m.startswith(RULESET_MODULES)] == []
