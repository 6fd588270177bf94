"""``dugout news`` and the news ``dugout sim`` prints after a short run's days (issue 28, docs/news.md)."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path

import pytest

from bench.synth import bench_league, write_bench_set
from bot.terminal.cli import main
from bot.terminal.news import print_news
from league import autoplay
from league.news import DayNews, day_news
from league.store import Store


async def _league_file(path: Path, cards: Path) -> None:
    async with await Store.open(path) as store:
        league = await bench_league(store, cards, 2, 4, seed=1)
        await autoplay.advance(store, league.id, 1, rng=random.Random(3))  # day 1: the league is made and signed


async def _release_one(path: Path) -> str:
    """A team releases its last pitcher on the league's day: that day's news has a move."""
    async with await Store.open(path) as store:
        league = (await store.all_leagues())[0]
        team = (await store.teams(league.id))[0]
        card = [e for e in await store.roster(team.id) if e.kind == "pitcher"][-1].card_id
        await store.release(team.id, card)
        return f"{team.abbreviation} release {(await store.card_pool(league.id)).name(card)}"


async def _news(path: Path, day: int) -> DayNews:
    async with await Store.open(path) as store:
        return await day_news(store, (await store.all_leagues())[0].id, day)


def test_news_of_a_day_at_the_terminal_and_in_a_short_sim(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "league.sqlite3"
    asyncio.run(_league_file(path, write_bench_set(tmp_path / "cards", 2)))
    assert main(["news", "--day", "1", "--database", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Bench League: the news of day 1 (season 1)\n  Roster moves\n")
    assert out.count(" players\n") == 2  # a team's signings of the day in one line: "BN1 sign 23 players"
    # Two days simulated: each day's games, then its news when it has any. The games are not seeded at the
    # terminal, so a day's injuries or feats may come too: what is printed is what league.news says.
    released = asyncio.run(_release_one(path))
    assert main(["sim", "--days", "2", "--database", str(path)]) == 0
    out = capsys.readouterr().out
    day2, day3 = out.split("\nDay 3\n")
    assert "\nDay 2\n" in day2 and "  Roster moves\n" in day2 and f"\n    {released}\n" in day2
    third = asyncio.run(_news(path, 3))
    assert ("news of day 3" in day3) == bool(third.items)
    printed = io.StringIO()
    print_news(third, printed)
    assert main(["news", "--database", str(path)]) == 0  # the last day played
    assert capsys.readouterr().out == printed.getvalue()
    assert main(["news", "--season", "2", "--database", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("dugout news: ") and "there is no season 2" in err and err.count("\n") == 1
