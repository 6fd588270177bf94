"""``dugout draft`` at the terminal: the same service and words as /draft, and ``auto all`` drafts at once."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.terminal import cli
from bot.terminal import draft as draft_cli
from league.store import Store


def empty_league(path: Path) -> None:
    """A terminal league on the sample cards with three teams and nobody signed."""

    async def make() -> None:
        async with await Store.open(path) as store:
            league = await store.create_league("Draft League", ["sample"])
            for name, abbreviation in (("Alpha", "AA"), ("Beta", "BB"), ("Gamma", "GG")):
                await store.create_team(league.id, name, abbreviation)

    asyncio.run(make())


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_draft_at_the_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "league.sqlite3"
    empty_league(path)
    db = ("--database", str(path))
    code, out, err = run_main(capsys, "draft", "setup", "--order", "GG,AA,BB", "--rounds", "3", "--clock", "1m", *db)
    assert (code, out, err) == (1, "", "dugout: a pick's clock is 2 minutes to 12 hours; not 1m\n")
    code, out, _ = run_main(capsys, "draft", "setup", "--order", "GG,AA,BB", "--rounds", "3", "--clock", "90m", *db)
    assert out == (
        "Draft League's draft is set up: snake, 3 rounds, 1h30m a pick; order GG, AA, BB. A commissioner starts it.\n"
    )
    code, out, _ = run_main(capsys, "draft", "start", *db)
    assert code == 0 and out.startswith("Pick 1 of 9 (round 1): Gamma is on the clock, 1h30m left.")
    code, out, err = run_main(capsys, "draft", "pick", "Bench", "--team", "AA", *db)
    assert (code, err) == (1, "dugout: it is Gamma's pick (number 1), not Alpha's\n")
    code, out, _ = run_main(capsys, "draft", "pick", "Bench", *db)
    assert out.startswith("Pick 1 (round 1): Gamma take Johnny Bench: C, LF, 1B, bats R (by a commissioner)\n")
    code, out, err = run_main(capsys, "draft", "queue", "add", "Bench", "--team", "BB", *db)
    assert code == 1 and "Bench" in err  # no longer in the pool
    code, out, _ = run_main(capsys, "draft", "queue", "add", "Seaver", "--team", "BB", *db)
    assert out == "Beta's queue:\n1. Tom Seaver: throws R, starter and reliever\n"
    code, out, _ = run_main(capsys, "draft", "auto", "--team", "AA", *db)
    assert out.splitlines()[0].startswith("Pick 2 (round 1): Alpha take ") and out.splitlines()[0].endswith("(auto)")
    code, out, _ = run_main(capsys, "draft", "pause", *db)
    assert out.startswith("Draft League's draft is paused at pick 3 (round 1): Beta will have")
    code, out, _ = run_main(capsys, "draft", "auto", "all", *db)  # every team on auto; no clock runs while paused
    assert out.startswith("Draft League's draft is paused at pick 3")
    code, out, _ = run_main(capsys, "draft", "resume", *db)
    lines = out.splitlines()
    assert lines[-1] == "Draft League's draft is over: 9 picks in 3 rounds."
    assert len([line for line in lines if line.startswith("Pick ")]) == 7
    assert any(line.startswith("Pick 3 (round 1): Beta take Tom Seaver") for line in lines)  # its queue first
    picture = tmp_path / "board.png"
    code, out, _ = run_main(capsys, "draft", "board", "--picture", str(picture), *db)
    assert out.startswith("Round 1\n    1. GG    Johnny Bench: C, LF, 1B, bats R\n")
    assert picture.read_bytes().startswith(b"\x89PNG")


def test_a_command_first_makes_the_picks_whose_clock_ran_out(tmp_path: Path) -> None:
    path = tmp_path / "league.sqlite3"
    empty_league(path)
    parse = cli.build_parser().parse_args
    db = ["--database", str(path)]
    now = 1_800_000_000.0
    asyncio.run(
        draft_cli.run(
            path, parse(["draft", "setup", "--order", "AA,BB,GG", "--rounds", "1", "--clock", "2m", *db]), now
        )
    )
    asyncio.run(draft_cli.run(path, parse(["draft", "start", *db]), now))
    said = asyncio.run(draft_cli.run(path, parse(["draft", "board", *db]), now + 119))
    assert said.startswith("No picks yet.")
    said = asyncio.run(draft_cli.run(path, parse(["draft", "board", *db]), now + 120)).splitlines()
    assert said[0].startswith("Pick 1 (round 1): Alpha take ") and said[0].endswith(" (auto)")
    assert said[-1] == "Pick 2 of 3 (round 1): Beta is on the clock, 2m left."
