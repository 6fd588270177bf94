"""The terminal's one grammar (issue 26): every option has help, ``--database`` and ``--league`` sit after
the command's words everywhere, one rule picks "the terminal league", a stopped run names the exact
command that resumes it, ``dugout sim`` shows each division's own games behind and counts every game."""

from __future__ import annotations

import argparse
import asyncio
import io
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.terminal import cli, simulate
from bot.terminal import draft as draft_commands
from bot.terminal import league as season
from cards import BUNDLED_SETS, SAMPLE_SET
from league.autoplay import DaySummary
from league.cardpool import set_names
from league.playoffs import preset
from league.store import Store

ROOT = Path(__file__).resolve().parents[3]


def parsers(
    parser: argparse.ArgumentParser, words: tuple[str, ...] = ("dugout",)
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every parser of the command, by its words (``dugout db upgrade``)."""
    yield " ".join(words), parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from parsers(sub, (*words, name))


def options(parser: argparse.ArgumentParser) -> set[str]:
    return {flag for action in parser._actions for flag in action.option_strings}


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_every_option_and_subcommand_of_every_command_has_help() -> None:
    missing = []
    for words, parser in parsers(cli.build_parser()):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                missing += [f"{words} {choice.dest}" for choice in action._choices_actions if not choice.help]
            elif not action.help:
                missing.append(f"{words} {'/'.join(action.option_strings) or action.dest}")
    assert missing == []


def test_database_and_league_sit_after_the_commands_words_everywhere() -> None:
    leaves = {
        words: p
        for words, p in parsers(cli.build_parser())
        if not any(isinstance(a, argparse._SubParsersAction) for a in p._actions)
    }
    with_database = {words for words, p in leaves.items() if "--database" in options(p)}
    assert with_database == {
        *(
            f"dugout {c}"
            for c in ("run", "standings", "sim", "leaders", "player", "playoffs", "export", "news", "history")
        ),
        *(f"dugout schedule {c}" for c in ("make", "show")),
        *(f"dugout league {c}" for c in ("create", "show", "options", "rules", "add-set", "web")),
        "dugout web",
        "dugout site export",
        *(f"dugout team {c}" for c in ("show", "create", "edit", "remove")),
        *(f"dugout roster {c}" for c in ("show", "sign", "release", "il", "trade", "trades", "trade-answer")),
        *(f"dugout lineup {c}" for c in ("show", "set", "auto")),
        *(f"dugout rotation {c}" for c in ("show", "set", "next", "role")),
        "dugout season new",
        "dugout season show",
        "dugout season keepers",
        "dugout db upgrade",
        "dugout db current",
        "dugout db backup",
        "dugout db copy",
        *(f"dugout draft {action}" for action in draft_commands.ACTIONS),
    }
    with_league = {words for words, p in leaves.items() if "--league" in options(p)} - {"dugout cards generate"}
    without = {
        "dugout run",
        "dugout web",
        "dugout league create",
        "dugout db upgrade",
        "dugout db current",
        "dugout db backup",
        "dugout db copy",
    }
    assert with_league == with_database - without
    helps = {a.help for p in leaves.values() for a in p._actions if "--league" in a.option_strings}
    assert helps - {"AL, NL or both (default: both)", "default: both"} == {cli.LEAGUE_HELP}
    assert season.LEAGUE in cli.LEAGUE_HELP


def test_db_takes_database_before_and_after_its_subcommand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, copy = tmp_path / "league.sqlite3", tmp_path / "copy.sqlite3"
    code, out, err = run_main(capsys, "db", "upgrade", "--database", str(path))
    assert (code, err) == (0, "") and out.startswith(f"{path}: upgraded from version 0 to ")
    code, out, _ = run_main(capsys, "db", "current", "--database", str(path))
    assert code == 0 and out.startswith(f"{path}: version ")
    assert run_main(capsys, "db", "--database", str(path), "current")[1] == out
    code, out, _ = run_main(capsys, "db", "backup", str(copy), "--database", str(path))
    assert (code, out) == (0, f"{path}: backed up to {copy}\n")


def league_file(path: Path, *names: str | tuple[str, int]) -> None:
    """Leagues of the sample set: a name, or (name, Discord server id)."""

    async def make() -> None:
        async with await Store.open(path) as store:
            for entry in names:
                name, guild = entry if isinstance(entry, tuple) else (entry, None)
                await store.create_league(name, ["sample"], guild_id=guild)

    asyncio.run(make())


def picked(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, str]:
    """Which league each command that reads one picks without --league (or the error it gives)."""
    found = {}
    for command in (["standings"], ["leaders"], ["playoffs"], ["sim", "--days", "1"]):
        _code, out, err = run_main(capsys, *command, "--database", str(path))
        text = out or err
        match = re.search(r"(Terminal League[ \w]*?|Discord League|Other)(?: standings| leaders|:| has| of)", text)
        found[command[0]] = match.group(1) if match else text
    return found


@pytest.mark.parametrize(
    ("leagues", "expected"),
    [
        (["Terminal League 1970"], "Terminal League 1970"),  # the file's only league
        (["Terminal League", "Terminal League 1970"], "Terminal League"),  # the one plain dugout run plays
        ([("Discord League", 5), "Terminal League 1970"], "Terminal League 1970"),  # the only one outside Discord
    ],
)
def test_every_command_picks_the_terminal_league_by_one_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], leagues: list[str | tuple[str, int]], expected: str
) -> None:
    path = tmp_path / "league.sqlite3"
    league_file(path, *leagues)
    assert picked(capsys, path) == dict.fromkeys(("standings", "leaders", "playoffs", "sim"), expected)


def test_without_a_rule_to_pick_by_every_command_asks_for_league(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "league.sqlite3"
    league_file(path, "Terminal League 1927", "Terminal League 1970")
    for command in (["standings"], ["leaders"], ["team", "HC"], ["playoffs"], ["sim", "--days", "1"]):
        code, out, err = run_main(capsys, *command, "--database", str(path))
        assert (code, out) == (1, "")
        assert err.endswith(
            "the file has 2 leagues; name one with --league ('Terminal League 1927', 'Terminal League 1970')\n"
        )
    code, out, err = run_main(capsys, "playoffs", "--database", str(path), "--league", "terminal league 1927")
    assert code == 0 and out.startswith("Terminal League 1927: the season 1 playoffs have not started")


def test_a_stopped_run_names_the_exact_command_that_resumes_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("dotenv.load_dotenv", lambda *args, **kwargs: False)
    monkeypatch.delenv(cli.IMAGE_DATABASE, raising=False)
    default = tmp_path / "dugout.sqlite3"
    monkeypatch.setenv("DUGOUT_DATABASE", str(default))
    assert season.resume_command("sample", default) == "dugout run"
    assert season.resume_command("1970", default) == "dugout run --set 1970"
    other = tmp_path / "my league.sqlite3"
    assert season.resume_command("1970", other) == f"dugout run --set 1970 --database '{other}'"
    assert season.resume_command("sample", other) == f"dugout run --database '{other}'"


def standings_out(path: Path) -> str:
    async def read() -> str:
        out = io.StringIO()
        async with await Store.open(path) as store:
            [league] = await store.all_leagues()
            await season.print_standings(store, league.id, out)
        return out.getvalue()

    return asyncio.run(read())


def test_the_standings_after_games_give_each_league_its_own_games_behind(tmp_path: Path) -> None:
    """Two leagues: NL's leader is level (GB "-"), not 2.5 games behind AL's."""
    path = tmp_path / "league.sqlite3"

    async def make() -> None:
        async with await Store.open(path) as store:
            league = await store.create_league("Terminal League", ["sample"])
            teams = {}
            for key in ("A1", "A2", "N1", "N2"):
                teams[key] = await store.create_team(league.id, f"Club {key}", key, subleague=f"{key[0]}L")
            for winner, loser in [("A1", "A2"), ("A1", "A2"), ("A1", "A2"), ("N1", "N2")]:
                game = await store.schedule_game(league.id, teams[loser].id, teams[winner].id)
                await store.forfeit_game(game.id, "away")

    asyncio.run(make())
    lines = standings_out(path).splitlines()
    assert lines[:2] == ["", "Standings"]
    assert lines.index("AL") < lines.index("NL")
    nl = lines[lines.index("NL") :]
    assert nl[2].split()[:5] == ["N1", "1", "0", "1.000", "-"]
    assert nl[3].split()[:5] == ["N2", "0", "1", ".000", "1.0"]


def test_the_progress_bar_ends_on_every_game_played() -> None:
    """Playoff series schedule their next games as they go: the total grows, and the last line counts all."""
    err = io.StringIO()
    bar = simulate.ProgressBar(err)
    for day, (played, total) in enumerate([(4, 4), (6, 6), (8, 8), (42, 42)], start=1):
        bar(DaySummary(1, 1, day, (), ()), played, total)
    bar.done()
    assert err.getvalue().splitlines()[-1] == f"[{'#' * 30}] 42/42 games, day 4"


def test_sim_counts_every_playoff_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bench.synth import bench_league, write_bench_set

    path = tmp_path / "league.sqlite3"
    cards = write_bench_set(tmp_path / "cards", 2)

    async def make() -> None:
        async with await Store.open(path) as store:
            league = await bench_league(store, cards, 2, 2, name="Sim League")
            await store.set_playoff_format(league.id, preset("top2"))

    async def playoff_games() -> int:
        async with await Store.open(path) as store:
            [league] = await store.all_leagues()
            return len([g for g in await store.games(league.id, status="final") if g.phase != "regular"])

    asyncio.run(make())
    assert run_main(capsys, "sim", "--to-end", "--database", str(path))[0] == 0
    code, _, err = run_main(capsys, "playoffs", "start", "--database", str(path))
    assert code == 0, err
    code, _, err = run_main(capsys, "sim", "--to-end", "--database", str(path))
    assert code == 0, err
    played = asyncio.run(playoff_games())
    assert played >= 4  # a best of seven
    assert err.splitlines()[-1].split("] ")[1].startswith(f"{played}/{played} games")


def test_a_set_is_named_as_a_bundled_set_or_a_folder(capsys: pytest.CaptureFixture[str]) -> None:
    bundled = sorted(p.name for p in BUNDLED_SETS.iterdir() if (p / "set.toml").is_file())
    assert len(bundled) >= 6
    for words, parser in parsers(cli.build_parser()):
        for action in parser._actions:
            if "--set" in action.option_strings:
                assert all(name in (action.help or "") for name in bundled), words
    code, out, _ = run_main(capsys, "cards", "validate", "sample")
    assert code == 0 and out.startswith("Sample: ") and out.endswith(": ok\n")
    code, _, err = run_main(capsys, "cards", "validate", "nowhere")
    assert code == 1 and err == f"nowhere: no such card set folder (nor a card set's name: {', '.join(bundled)})\n"


def test_the_terminal_names_the_operators_sets_as_discord_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DUGOUT_CARD_SETS_DIR's sets go by name at the terminal too (league.cardpool.named_set); a folder still works."""
    shutil.copytree(SAMPLE_SET, tmp_path / "operator" / "operator-set")
    monkeypatch.setenv("DUGOUT_CARD_SETS_DIR", str(tmp_path / "operator"))
    code, out, err = run_main(capsys, "cards", "validate", "operator-set")
    assert code == 0 and out.startswith("Sample: ") and out.endswith(": ok\n"), err
    code, out, _ = run_main(capsys, "cards", "validate", str(tmp_path / "operator" / "operator-set"))
    assert code == 0 and out.endswith(": ok\n")
    code, _, err = run_main(capsys, "cards", "validate", "nowhere")
    assert code == 1 and err.endswith(f"(nor a card set's name: {', '.join(set_names())})\n") and "operator-set" in err


def test_play_says_it_plays_both_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "A game of Inside Pitch at" not in text and "Inside Pitch or Deep Drive" in text


def test_the_terminal_page_lists_every_command() -> None:
    page = ROOT / "docs" / "terminal.md"
    table = [line for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("| `dugout ")]
    named = {word for line in table for word in re.findall(r"`dugout ([a-z]+)", line)}
    commands = {words.split()[1] for words, _ in parsers(cli.build_parser()) if words.count(" ") == 1}
    assert commands <= named
