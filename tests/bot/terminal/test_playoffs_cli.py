"""``dugout playoffs [start]`` at the terminal: the bracket of a league in the database file."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.terminal import cli
from league.playoffs import preset
from league.store import Store
from tests.bot.conftest import sample_league

GUILD = 777


def season_over(path: Path) -> None:
    """The sample league of server GUILD: one game, forfeited by Mesa Valley on day 1."""

    async def make() -> None:
        async with await Store.open(path) as store:
            league = await sample_league(store, GUILD, 1)
            hc, mv = await store.teams(league.id)
            game = await store.schedule_game(league.id, mv.id, hc.id, day=1)
            await store.forfeit_game(game.id, "away")

    asyncio.run(make())


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_bracket_before_and_after_the_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "league.sqlite3"
    season_over(path)
    where = ("--database", str(path), "--guild", str(GUILD))
    code, out, _ = run_main(capsys, "playoffs", *where)
    assert code == 0
    assert out.startswith("Test League: the season 1 playoffs have not started (format top4: 4 teams qualify")
    code, out, err = run_main(capsys, "playoffs", "start", *where)
    assert (code, out) == (1, "")
    assert err == "dugout: 4 teams qualify in the league, which has only 2\n"

    async def top2() -> None:
        async with await Store.open(path) as store:
            (league,) = await store.leagues(GUILD)
            await store.set_playoff_format(league.id, preset("top2"))

    asyncio.run(top2())
    code, out, _ = run_main(capsys, "playoffs", "start", *where)
    assert code == 0
    assert out.splitlines() == [
        "Test League",
        "Season 1 playoffs, from day 2: no champion yet",
        "Format: top2: 2 teams qualify (division winners first); Final best of 7 (2-3-2); fixed bracket",
        "",
        "Final (best of 7)",
        "  (1) HC 0-0 (2) MV (best of 7): game 1 next",
    ]
    assert run_main(capsys, "playoffs", *where)[1] == out
    code, _, err = run_main(capsys, "playoffs", "--database", str(path), "--league", "Nowhere")
    assert code == 1 and err == "dugout: no league called 'Nowhere' in this file; it has: 'Test League'\n"


def test_no_database_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(capsys, "playoffs", "--database", str(tmp_path / "none.sqlite3"))
    assert code == 1 and err == f"no database at {tmp_path / 'none.sqlite3'} (dugout db upgrade creates it)\n"
