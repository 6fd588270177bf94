"""Every benchmark takes options as a command does: --help, one line for a bad option, help on each option.

Only the parsers run here (and one three-game run): no benchmark's long measurement."""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = [
    "bench.__main__",
    "bench.bot",
    "bench.choose",
    "bench.draft",
    "bench.fidelity",
    "bench.history",
    "bench.season",
    "bench.sweep",
    "bench.teams",
    "bench.web",
]


def parser_of(module: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = importlib.import_module(module).build_parser()
    return parser


@pytest.mark.parametrize("module", BENCHMARKS)
def test_help_and_a_bad_option_in_one_line(module: str, capsys: pytest.CaptureFixture[str]) -> None:
    main = importlib.import_module(module).main
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith("usage: python -m ")
    with pytest.raises(SystemExit) as done:
        main(["--no-such-option"])
    err = capsys.readouterr().err
    assert done.value.code == 2
    # One line: the unknown option, or first the required one missing (--season, --years).
    assert len(err.splitlines()) == 1 and err.endswith(" --help)\n"), err


@pytest.mark.parametrize("module", BENCHMARKS)
def test_every_option_has_help_and_shared_names_mean_one_thing(module: str) -> None:
    actions = [a for a in parser_of(module)._actions if not isinstance(a, argparse._HelpAction)]
    assert [a.dest for a in actions if not a.help] == []
    for action in actions:
        if "--ruleset" in action.option_strings:
            assert action.choices == ("inside-pitch", "deep-drive")
        if {"--games", "--jobs"} & set(action.option_strings):
            with pytest.raises(SystemExit):
                parser_of(module).parse_args([action.option_strings[0], "0", "--season", "1970", "--years", "1970"])


def test_a_bad_count_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    main = importlib.import_module("bench.__main__").main
    with pytest.raises(SystemExit):
        main(["--games", "x"])
    assert (
        capsys.readouterr().err
        == "python -m bench: argument --games: 'x' is not a whole number (see python -m bench --help)\n"
    )


def test_the_set_option_takes_a_bundled_name() -> None:
    args = parser_of("bench.fidelity").parse_args(["--season", "2016", "--set", "2016-deep-drive"])
    assert args.set == ROOT / "cards" / "sets" / "2016-deep-drive"
    assert parser_of("bench.fidelity").parse_args(["--season", "1", "--set", "my/set"]).set == Path("my/set")


def test_bench_plays_deep_drive_with_ruleset() -> None:
    """The issue's command, which ended in int('--ruleset'): now the Deep Drive figures (three games)."""
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--ruleset", "deep-drive", "--games", "3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("games: 3, ")


def test_bench_web_times_every_kind_of_page_of_a_small_league(tmp_path: Path) -> None:
    """python -m bench.web on 4 teams of 6 games: the league built once, then each kind of page timed."""
    command = [sys.executable, "-m", "bench.web", "--teams", "4", "--games", "6", "--requests", "3"]
    done = subprocess.run(
        [*command, "--database", str(tmp_path / "web.sqlite3")], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.stderr == "" and done.returncode in (0, 1)  # 1: a page over 50 ms on a busy machine
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"built {tmp_path / 'web.sqlite3'}: 4 teams, 12 games played")
    rows = {line.split()[0]: line.split()[1:] for line in lines[3:]}
    assert {"/{league}/", "/{league}/schedule", "/{league}/schedule?team"} <= set(rows)
    assert rows["/{league}/schedule?team"][0] == "3" and rows["/{league}/"][-1] in ("PASS", "FAIL")
    assert "linked but not there" not in done.stdout


@pytest.mark.parametrize("where", ["no/such/folder/figures.json", "."])
def test_a_json_file_that_cannot_be_written_is_one_line_before_any_replay(
    where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        parser_of("bench.fidelity").parse_args(["--season", "1970", "--json", where])
    err = capsys.readouterr().err
    assert done.value.code == 2 and len(err.splitlines()) == 1 and "argument --json" in err, err


def test_fidelity_jobs_default_to_every_core_at_most_one_a_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    from bench import fidelity

    assert parser_of("bench.fidelity").parse_args(["--season", "1970"]).jobs is None  # run() picks
    monkeypatch.setattr(fidelity.os, "cpu_count", lambda: 8)
    assert (fidelity.default_jobs(10), fidelity.default_jobs(3)) == (8, 3)
    monkeypatch.setattr(fidelity.os, "cpu_count", lambda: None)
    assert fidelity.default_jobs(10) == 1
