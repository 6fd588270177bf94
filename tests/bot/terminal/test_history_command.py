"""dugout history, and the player and team pages' seasons, on a league that played two seasons (issue 28);
dugout sim prints the awards when it ends the regular season."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bench.synth import bench_league, write_bench_set
from bot.terminal import cli
from league import autoplay
from league.playoffs import preset
from league.store import Store

TEAMS = 4


@pytest.fixture(scope="module")
def two_seasons(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Bench League: season 1 played with a one-game final, season 2 played out (no playoffs yet)."""
    folder = tmp_path_factory.mktemp("history")
    cards = write_bench_set(folder / "bench", TEAMS)
    path = folder / "league.sqlite3"

    async def make() -> None:
        async with await Store.open(path) as store:
            league = await bench_league(store, cards, TEAMS, 6, seed=3)
            await autoplay.advance(store, league.id, to_end=True, rng=random.Random(1))
            await store.set_playoff_format(league.id, preset("top2"))
            await store.start_playoffs(league.id)
            await autoplay.advance(store, league.id, to_end=True, rng=random.Random(2))
            with closing(sqlite3.connect(path)) as conn, conn:  # season new is another part of issue 28
                conn.execute("UPDATE league SET season = 2 WHERE id = ?", (league.id,))
            await store.schedule_season(league.id, 6, seed=4)
            await autoplay.advance(store, league.id, to_end=True, rng=random.Random(3))

    asyncio.run(make())
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_history_shows_both_seasons_champion_and_awards(two_seasons: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "history", "--database", str(two_seasons))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Bench League: history, 2 seasons"
    season1 = next(line for line in lines if line.startswith("Season 1: "))
    assert "champion Bench 0" in season1 and "best record" in season1
    assert any(line.startswith("Season 2: no champion; best record") for line in lines)
    assert sum(1 for line in lines if line.startswith("  Most Valuable Player: ")) == 2

    code, out, _ = run(capsys, "history", "standings", "--season", "1", "--database", str(two_seasons))
    assert code == 0 and "Season 1: final standings" in out and out.count(" *") == 1
    code, out, _ = run(capsys, "history", "career", "--stat", "w", "--database", str(two_seasons))
    assert code == 0 and out.startswith("Bench League: career leaders\n\nWins (W)\n  1. ")
    code, _, err = run(capsys, "history", "leaders", "--stat", "nope", "--database", str(two_seasons))
    assert code == 1 and err.startswith("dugout: no leaders in 'nope'")


def test_a_player_s_page_has_his_line_for_every_season(two_seasons: Path, capsys: pytest.CaptureFixture[str]) -> None:
    async def mvp() -> str:
        async with await Store.open(two_seasons) as store:
            league = (await store.all_leagues())[0]
            first = next(a for a in await store.awards(league.id, 1) if a.award == "mvp")
            return first.card_id

    card_id = asyncio.run(mvp())
    code, out, err = run(capsys, "player", card_id, "--database", str(two_seasons))
    assert (code, err) == (0, ""), err
    assert "by season\n" in out
    assert "\n1 B0" in out and "\n2 B0" in out  # a line for season 1 and one for season 2
    assert "Awards\n1: Most Valuable Player" in out

    code, out, _ = run(capsys, "team", "B01", "--database", str(two_seasons))
    assert code == 0 and "Seasons\n1: " in out and "\n2: " in out


def test_sim_prints_the_awards_when_it_ends_the_regular_season(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = write_bench_set(tmp_path / "bench", TEAMS)
    path = tmp_path / "league.sqlite3"

    async def make() -> None:
        async with await Store.open(path) as store:
            await bench_league(store, cards, TEAMS, 3, seed=3)

    asyncio.run(make())
    code, out, _ = run(capsys, "sim", "--days", "1", "--database", str(path))
    assert code == 0 and "awards" not in out
    code, out, _ = run(capsys, "sim", "--to-end", "--database", str(path))
    assert code == 0 and "\nBench League: the season 1 awards\n  Most Valuable Player: " in out
