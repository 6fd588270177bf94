"""The reports the site keeps between pages (bot.web.app.kept: the season's totals, the standings, the
season's games) are read again once the league file changes, by this process or another one; the
schedule shows a week of days at a time (a 2,430-game season on one page was too long and too slow)."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bench.synth import bench_league, write_bench_set
from bot.web import links
from bot.web.app import make_app
from bot.web.schedule import DAYS_A_PAGE
from league import autoplay
from league.models import League
from league.store import Store

TEAMS, GAMES = 4, 20


@pytest.fixture
async def league(store: Store, tmp_path: Path) -> League:
    league = await bench_league(store, write_bench_set(tmp_path / "bench", TEAMS), TEAMS, GAMES, seed=3)
    await autoplay.advance(store, league.id, 9, rng=random.Random(1))
    return await store.league(league.id)


@pytest.fixture
async def client(store: Store) -> AsyncIterator[TestClient[object, object]]:
    async with TestClient(TestServer(make_app(store))) as opened:
        yield opened


async def text_of(client: TestClient[object, object], path: str) -> str:
    response = await client.get(path)
    assert response.status == 200, path
    return await response.text()


def days_shown(text: str) -> list[int]:
    return [int(d) for d in re.findall(r"<caption>Day (\d+)</caption>", text)]


async def test_a_change_by_another_process_is_shown(
    store: Store, league: League, client: TestClient[object, object]
) -> None:
    home = links.league_url("", league)
    before = await text_of(client, home)
    assert await text_of(client, home) == before  # kept
    async with await Store.open(store.path) as other:  # another connection: dugout sim beside dugout web
        await autoplay.advance(other, league.id, 2, rng=random.Random(2))  # day 10 is a day off
        standings = await other.standings(league.id)
    after = await text_of(client, home)
    assert after != before
    for row in standings["overall"]:  # the standings of the day played, not those kept
        assert f">{row.team}</a></th><td>{row.w}</td><td>{row.l}</td>" in after


async def test_a_change_by_this_store_is_shown(
    store: Store, league: League, client: TestClient[object, object]
) -> None:
    before = await text_of(client, links.schedule_url("", league))
    await autoplay.advance(store, league.id, 2, rng=random.Random(2))  # day 10 is a day off
    after = await text_of(client, links.schedule_url("", league))
    assert after.count("scheduled") < before.count("scheduled")  # the day's games now have their scores


async def test_the_schedule_is_a_week_of_days_a_page(
    store: Store, league: League, client: TestClient[object, object]
) -> None:
    games = await store.game_summaries(league.id)
    played = sorted({g.day for g in games})  # days off have no table
    last = played[-1]
    assert last > 2 * DAYS_A_PAGE and league.day == 10
    text = await text_of(client, links.schedule_url("", league))
    assert days_shown(text) == [d for d in played if 8 <= d < 15]  # the league day's week
    for first in range(1, last + 1, DAYS_A_PAGE):
        assert f'href="{links.schedule_url("", league, first_day=first)}"' in text
        shown = days_shown(await text_of(client, links.schedule_url("", league, first_day=first)))
        assert shown == [d for d in played if first <= d < first + DAYS_A_PAGE]
    assert days_shown(await text_of(client, links.schedule_url("", league, first_day=3))) == [
        d for d in played if d < 8
    ]
    team = await text_of(client, links.schedule_url("", league, "B01"))
    b01 = next(t.id for t in await store.teams(league.id) if t.abbreviation == "B01")
    assert days_shown(team) == sorted({g.day for g in games if b01 in (g.away_team_id, g.home_team_id)})
    for junk in ("x", "-1", "1.5", "99999999999"):
        response = await client.get(links.schedule_url("", league) + "?from=" + junk)
        assert response.status == 404


async def test_past_the_most_kept_the_oldest_report_goes_first(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    from aiohttp.test_utils import make_mocked_request

    from bot.web import app as site

    monkeypatch.setattr(site, "KEPT_MAX", 2)
    request = make_mocked_request("GET", "/", app=make_app(store))
    made: list[str] = []

    async def make(key: str) -> str:
        made.append(key)
        return key

    for key in ("a", "b", "c", "b", "a"):
        assert await site.kept(request, key, lambda key=key: make(key)) == key  # type: ignore[misc]
    assert made == ["a", "b", "c", "a"]  # "b" was kept past "c", "a" was the oldest when "c" came
