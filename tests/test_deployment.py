"""The deployment guide (docs/deployment.md) and compose.yaml stay true without Docker (issue 30).

There is no Docker engine here, so nothing is started: every ``dugout`` command the guide or the compose
file gives is parsed by the real CLI parser, every setting they name is one the code reads, the compose
file is read with PyYAML (which the dev extra's pre-commit brings) for what it wires together, and every
shard plan covers each shard exactly once.

``--shards``/``--shard-count``, ``dugout db copy`` and DUGOUT_DATABASE_URL are built in parallel branches:
a check that needs one of them is skipped, saying so, only while the parser lacks it.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shlex
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from bot.terminal import cli, teams

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "deployment.md"
COMPOSE = ROOT / "compose.yaml"
FENCE = re.compile(r"^( *)```[a-z]*\n(.*?)^\1```", re.MULTILINE | re.DOTALL)  # in a list item too
INLINE = re.compile(r"(?<!`)`([^`]+)`(?!`)")
SETTING = re.compile(r"\b((?:DUGOUT|DISCORD)_[A-Z_]+)\b")
SEPARATORS = {"&&", "||", ";", "|", ">", "<"}
# docker compose's options that take a value, before and after its verb.
VALUED = {"--profile", "-f", "--file", "-p", "--project-name", "-e", "-v", "-u", "-w", "--name", "--entrypoint"}


def subparser(*words: str) -> argparse.ArgumentParser | None:
    """The parser of ``dugout WORDS`` (None if there is no such command)."""
    parser = cli.build_parser()
    for word in words:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs or word not in subs[0].choices:
            return None
        parser = subs[0].choices[word]
    return parser


def has_option(words: tuple[str, ...], flag: str) -> bool:
    parser = subparser(*words)
    return parser is not None and any(flag in action.option_strings for action in parser._actions)


# What other branches of issue 30 bring: (is it in the parser, what the skip says).
PENDING = {
    "--shards": (lambda: has_option(("run",), "--shards"), "dugout run has no --shards yet (the shards branch)"),
    "--shard-count": (
        lambda: has_option(("run",), "--shard-count"),
        "dugout run has no --shard-count yet (the shards branch)",
    ),
    "db copy": (lambda: subparser("db", "copy") is not None, "there is no dugout db copy yet (the store branch)"),
}
# A setting the code may not read yet, while the parser lacks what brings it.
PENDING_SETTINGS = {
    "DUGOUT_SHARDS": "--shards",
    "DUGOUT_SHARD_COUNT": "--shard-count",
    "DUGOUT_DATABASE_URL": "db copy",
}


def skip_if_pending(argv: list[str]) -> None:
    used = [flag for flag in ("--shards", "--shard-count") if flag in argv]
    if argv[:2] == ["db", "copy"]:
        used.append("db copy")
    for feature in used:
        present, reason = PENDING[feature]
        if not present():
            pytest.skip(reason)


def shell_commands(line: str) -> list[tuple[str | None, list[str]]]:
    """Each simple command of a shell line (or a unit's ExecStart=): (the compose service it runs in, or
    None; its words), with leading VAR=value assignments and the ``docker compose run|exec SERVICE`` in
    front of it taken off."""
    lexer = shlex.shlex(line.strip().removeprefix("ExecStart="), posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    found: list[tuple[str | None, list[str]]] = []
    words: list[str] = []
    for token in [*lexer, ";"]:
        if token not in SEPARATORS:
            words.append(token)
            continue
        while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):
            words.pop(0)
        service = None
        if words[:2] == ["docker", "compose"]:
            rest = words[2:]
            while rest and rest[0].startswith("-"):
                rest = rest[2:] if rest[0] in VALUED else rest[1:]
            if rest[:1] in (["run"], ["exec"]):
                rest = rest[1:]
                while rest and rest[0].startswith("-"):
                    rest = rest[2:] if rest[0] in VALUED else rest[1:]
                service, words = rest[0], rest[1:]
        if words:
            found.append((service, words))
        words = []
    return found


def code_lines(text: str) -> list[str]:
    """The lines of every fenced block, and every inline code span (its line breaks as spaces)."""
    lines = [line for _, block in FENCE.findall(text) for line in block.splitlines()]
    prose = FENCE.sub("", text)
    return lines + [" ".join(span.split()) for span in INLINE.findall(prose)]


def systemd_instances(text: str) -> list[str]:
    """The instance names the guide enables the template unit with (dugout-bot@0-1: shards 0-1)."""
    return re.findall(r"dugout-bot@([0-9][0-9,-]*)\b", text)


# What .env gives docker compose, which it puts into the file's ${...} before reading it.
DOTENV = {"DISCORD_TOKEN": "the-token", "POSTGRES_PASSWORD": "s3cret"}


def interpolate(text: str, env: dict[str, str]) -> str:
    """Compose's ${VAR}, ${VAR:-default} and ${VAR:?error} (an unset or empty VAR with :? stops it)."""

    def value(match: re.Match[str]) -> str:
        name, how, word = match.group(1), match.group(2) or "", match.group(3) or ""
        if env.get(name):
            return env[name]
        if how == ":?":
            raise ValueError(f"{name}: {word}")
        return word if how == ":-" else ""

    return re.sub(r"\$\{(\w+)(?:(:[?-])([^}]*))?\}", value, text)


def compose(env: dict[str, str] = DOTENV) -> dict[str, Any]:
    loaded = yaml.safe_load(interpolate(COMPOSE.read_text(encoding="utf-8"), env))
    assert isinstance(loaded, dict)
    return loaded


def compose_comment_lines() -> list[str]:
    """The commands of the compose file's comments: the lines that start with ``docker`` or ``dugout``."""
    comments = [line.strip().lstrip("#").strip() for line in COMPOSE.read_text(encoding="utf-8").splitlines()]
    return [line for line in comments if line.startswith(("docker ", "dugout "))]


def guide_commands() -> list[tuple[str | None, list[str]]]:
    """Every dugout command of the guide, a unit's %i given each instance the guide enables."""
    text = GUIDE.read_text(encoding="utf-8")
    found = []
    for line in code_lines(text):
        lines = [line.replace("%i", name) for name in systemd_instances(text)] if "%i" in line else [line]
        found += [each for one in lines for each in shell_commands(one)]
    return found


def dugout_argvs(commands: list[tuple[str | None, list[str]]]) -> list[list[str]]:
    """The arguments of each command that runs dugout (by its name, or a path to a bin/dugout)."""
    return [words[1:] for _, words in commands if words[0] == "dugout" or words[0].endswith("/bin/dugout")]


def compose_argvs() -> list[list[str]]:
    argvs = [service["command"][1:] for service in compose()["services"].values() if "command" in service]
    comments = [each for line in compose_comment_lines() for each in shell_commands(line)]
    return argvs + dugout_argvs(comments)


ALL = [*(("docs/deployment.md", argv) for argv in dugout_argvs(guide_commands()))] + [
    ("compose.yaml", argv) for argv in compose_argvs()
]


@pytest.mark.parametrize(("source", "argv"), ALL, ids=[f"{s}: dugout {' '.join(a)}" for s, a in ALL])
def test_every_dugout_command_parses(source: str, argv: list[str]) -> None:
    """A command to type parses as the CLI reads it; a command named in a sentence (only its words, as
    `dugout db copy`) names one that exists."""
    skip_if_pending(argv)
    if argv and not any(word.startswith("-") for word in argv) and subparser(*argv) is not None:
        return
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            cli.build_parser().parse_args(teams.with_show(argv))
    except SystemExit:
        pytest.fail(f"{source}: dugout {' '.join(argv)}: {err.getvalue().strip().splitlines()[-1]}")


def test_the_commands_are_found() -> None:
    """The reading above finds the commands the guide is about: none is left unchecked by a slip of it."""
    guide = [" ".join(argv) for argv in dugout_argvs(guide_commands())]
    for start in ("db upgrade", "db current", "db copy --database", "run --bot --shards", "web --host", "standings"):
        assert any(command.startswith(start) for command in guide), start
    assert sum("--shards %i" in line for line in code_lines(GUIDE.read_text(encoding="utf-8"))) == 1
    assert sum(argv[:2] == ["run", "--bot"] for argv in compose_argvs()) == 2
    assert ["db", "upgrade"] in compose_argvs()


def test_every_setting_named_is_one_the_code_reads() -> None:
    read = set()
    for folder in ("bot", "cards", "engine", "league", "seasons"):
        for source in (ROOT / folder).rglob("*.py"):
            read |= set(re.findall(r"""["']((?:DUGOUT|DISCORD)_[A-Z_]+)["']""", source.read_text(encoding="utf-8")))
    named = set(SETTING.findall(GUIDE.read_text(encoding="utf-8") + COMPOSE.read_text(encoding="utf-8")))
    assert {"DUGOUT_DATABASE_URL", "DUGOUT_SHARDS", "DUGOUT_SHARD_COUNT", "DISCORD_TOKEN"} <= named
    pending = {name for name, feature in PENDING_SETTINGS.items() if not PENDING[feature][0]()}
    assert named - read - pending == set()
    listed = set(re.findall(r"^#? ?((?:DUGOUT|DISCORD)_[A-Z_]+)=", (ROOT / ".env.example").read_text(), re.M))
    # .env.example lists them all; the shards branch adds its own two.
    assert named - listed - (pending & {"DUGOUT_SHARDS", "DUGOUT_SHARD_COUNT"}) == set()


def shards_of(text: str, count: int) -> list[int]:
    """A --shards value (0-3, 0,2,5-7) as shard ids."""
    ids: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        ids += range(int(first), int(last or first) + 1)
    assert all(0 <= shard < count for shard in ids), (text, count)
    return ids


def covers_once(plan: list[str], count: int) -> bool:
    ids = [shard for shards in plan for shard in shards_of(shards, count)]
    return sorted(ids) == list(range(count))


def test_every_shard_plan_covers_each_shard_once() -> None:
    """The guide's table, its systemd instances and the compose file's bots: every shard exactly once."""
    text = GUIDE.read_text(encoding="utf-8")
    rows = re.findall(r"^\| [^|]+ \| (\d+) \| ((?:`[0-9,-]+`(?:, )?)+) \|$", text, re.MULTILINE)
    assert len(rows) >= 3
    for count, plan in rows:
        assert covers_once(re.findall(r"`([0-9,-]+)`", plan), int(count)), (count, plan)
    [unit] = [line for line in code_lines(text) if "--shards %i" in line]
    assert covers_once(systemd_instances(text), int(unit.split("--shard-count")[1].split()[0]))
    commands = [service.get("command", []) for service in compose()["services"].values()]
    bots = [command for command in commands if command[:3] == ["dugout", "run", "--bot"]]
    counts = {command[command.index("--shard-count") + 1] for command in bots}
    assert len(counts) == 1, "every process is given the same shard count"
    assert covers_once([command[command.index("--shards") + 1] for command in bots], int(counts.pop()))


def test_compose_runs_postgresql_15_on_a_volume_with_a_health_check() -> None:
    spec = compose()
    postgres = spec["services"]["postgres"]
    assert postgres["image"] == "postgres:15"
    [volume] = [v for v in postgres["volumes"] if v.endswith(":/var/lib/postgresql/data")]
    assert volume.split(":")[0] in spec["volumes"]
    env = postgres["environment"]
    check = postgres["healthcheck"]["test"]
    assert check[:2] == ["CMD", "pg_isready"]
    assert check[check.index("-U") + 1] == env["POSTGRES_USER"] and check[check.index("-d") + 1] == env["POSTGRES_DB"]


def test_compose_bots_build_the_image_and_reach_its_postgresql() -> None:
    """Each Dugout service is built from the project's Dockerfile, waits for PostgreSQL to be healthy, takes
    DISCORD_TOKEN from .env, and its DUGOUT_DATABASE_URL names the compose file's own server, role and
    database, with the password PostgreSQL was given."""
    spec = compose()
    postgres = spec["services"]["postgres"]["environment"]
    dugouts = {name: s for name, s in spec["services"].items() if s.get("command", [""])[0] == "dugout"}
    assert {"bot-a", "bot-b", "web"} <= dugouts.keys()
    assert (ROOT / "Dockerfile").is_file()
    for service in dugouts.values():
        assert service["build"] == "." and service["env_file"] == ".env"
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
        env = service["environment"]
        assert env["DISCORD_TOKEN"] == DOTENV["DISCORD_TOKEN"]
        url = urlsplit(env["DUGOUT_DATABASE_URL"])
        assert (url.scheme, url.hostname, url.port) == ("postgresql", "postgres", 5432)
        assert (url.username, url.path) == (postgres["POSTGRES_USER"], "/" + postgres["POSTGRES_DB"])
        assert url.password == postgres["POSTGRES_PASSWORD"] == DOTENV["POSTGRES_PASSWORD"]
    web = dugouts["web"]
    assert web["profiles"] == ["web"]  # optional: docker compose --profile web up
    port = web["command"][web["command"].index("--port") + 1]
    assert web["ports"] == [f"127.0.0.1:{port}:{port}"] and f":{port}/" in " ".join(web["healthcheck"]["test"])


def test_the_image_has_the_postgresql_driver() -> None:
    """The compose file's bots run the project's image on PostgreSQL: its pip install takes the postgresql
    extra, which brings asyncpg."""
    install = next(line for line in (ROOT / "Dockerfile").read_text().splitlines() if "pip install" in line)
    extras = re.search(r'"\.\[([a-z,]+)\]"', install)
    assert extras and "postgresql" in extras.group(1).split(",")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert any(dep.startswith("asyncpg") for dep in config["project"]["optional-dependencies"]["postgresql"])


def test_the_compose_services_the_commands_name_exist() -> None:
    services = compose()["services"].keys()
    commands = guide_commands() + [each for line in compose_comment_lines() for each in shell_commands(line)]
    named = {service for service, _ in commands if service}
    assert {"bot-a", "postgres"} <= named
    assert named <= services


def test_the_compose_url_outranks_the_images_league_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the image DUGOUT_IMAGE_DATABASE names the volume's file; the compose file's URL must win over it."""
    if not PENDING["db copy"][0]():
        pytest.skip("DUGOUT_DATABASE_URL is not read yet: it comes with dugout db copy (the store branch)")
    url = "postgresql://dugout:secret@postgres:5432/dugout"
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    monkeypatch.setenv(cli.IMAGE_DATABASE, "/data/dugout.sqlite3")
    monkeypatch.setenv("DUGOUT_DATABASE", "data/dugout.sqlite3")
    monkeypatch.setenv("DUGOUT_DATABASE_URL", url)
    assert str(cli.database_path(argparse.Namespace())) == url


@pytest.mark.parametrize("unset", sorted(DOTENV))
def test_compose_refuses_to_start_without_the_token_or_the_password(unset: str) -> None:
    """Without them compose stops at once naming the setting, rather than starting a bot that cannot log in
    or a database anyone could open."""
    with pytest.raises(ValueError, match=f"^{unset}: set {unset} in .env$"):
        compose({name: value for name, value in DOTENV.items() if name != unset})
