"""``dugout standings``: the same views as /standings, at the terminal, and the same picture."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.terminal import cli
from bot.words.standings_view import render_standings_png, sections
from league.store import Store

# AL: A1 3-0, A2 2-1, A3 0-2, A4 0-2 (A4 and A3 never met); NL: N1 1-0, N2 0-1. Home sides win (forfeits).
WINS = [("A1", "A2"), ("A1", "A3"), ("A1", "A4"), ("A2", "A3"), ("A2", "A4"), ("N1", "N2")]


def league_file(path: Path, *names: str) -> None:
    async def make() -> None:
        store = await Store.open(path)
        try:
            for name in names:
                league = await store.create_league(name, ["sample"])
                teams = {}
                for key in ("A1", "A2", "A3", "A4", "N1", "N2"):
                    teams[key] = await store.create_team(league.id, f"Club {key}", key, subleague=f"{key[0]}L")
                for winner, loser in WINS:
                    game = await store.schedule_game(league.id, teams[loser].id, teams[winner].id)
                    await store.forfeit_game(game.id, "away")
        finally:
            await store.close()

    asyncio.run(make())


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["standings", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_wild_card_view_and_its_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, png = tmp_path / "league.sqlite3", tmp_path / "standings.png"
    league_file(db, "Terminal League")
    code, out, err = run(
        capsys, "--database", str(db), "--view", "wildcard", "--wild-cards", "2", "--picture", str(png)
    )
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Terminal League standings, season 1, day 1: wild card",
        "",
        "AL wild card",
        "       W   L   PCT WC GB  RD STRK L10",
        "A1     3   0 1.000  +2.5 +27 W3   3-0",  # ahead of A4, the first team out: ((3 - 0) + (2 - 0)) / 2
        "A2     2   1  .667  +1.5  +9 W2   2-1",
        "-------------------------------------",  # the line under the last wild card
        "A4     0   2  .000   1.5 -18 L2   0-2",  # A3 and A4 never met, lost every game: the seeded draw
        "A3     0   2  .000   1.5 -18 L2   0-2",
        "",
        "NL wild card",
        "       W   L   PCT WC GB  RD STRK L10",
        "N1     1   0 1.000     -  +9 W1   1-0",  # two teams for two wild cards: nobody out to lead
        "N2     0   1  .000     -  -9 L1   0-1",
        "",
        f"wrote the picture to {png}",
    ]

    async def expected() -> bytes:
        store = await Store.open(db)
        try:
            tables = await store.league_standings(1, wild_cards=2)
        finally:
            await store.close()
        return render_standings_png("Terminal League standings, day 1", sections("wildcard", tables, []))

    assert png.read_bytes() == asyncio.run(expected())


def test_the_division_view_of_a_league_without_divisions_is_each_league(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "league.sqlite3"
    league_file(db, "Terminal League")
    code, out, _ = run(capsys, "--database", str(db))
    lines = out.splitlines()
    assert code == 0 and [lines[2], lines[9]] == ["AL", "NL"]
    assert lines[3].split() == ["W", "L", "PCT", "GB", "RD", "STRK", "L10"]
    assert [line.split()[4] for line in lines[4:8]] == ["-", "1.0", "2.5", "2.5"]
    code, out, _ = run(capsys, "--database", str(db), "--view", "overall")
    assert code == 0 and out.splitlines()[2] == "All teams" and len(out.splitlines()) == 10


def test_which_league_and_a_missing_file_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "league.sqlite3"
    assert run(capsys, "--database", str(db)) == (
        1,
        "",
        f"dugout: no league file at {db}; dugout run makes one, or give --database\n",
    )
    league_file(db, "East Coast", "West Coast")
    code, _, err = run(capsys, "--database", str(db))
    assert (code, err) == (
        1,
        "dugout: the file has 2 leagues; name one with --league ('East Coast', 'West Coast')\n",
    )
    code, out, _ = run(capsys, "--database", str(db), "--league", "west coast")
    assert code == 0 and out.startswith("West Coast standings")
    code, _, err = run(capsys, "--database", str(db), "--league", "Nowhere")
    assert code == 1 and "no league called 'Nowhere' in this file; it has: 'East Coast', 'West Coast'" in err
    code, _, err = run(capsys, "--database", str(db), "--league", "East Coast", "--wild-cards", "-1")
    assert code == 1 and "cannot be negative" in err
