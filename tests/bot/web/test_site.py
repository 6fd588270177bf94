"""The league's web site (issue 29, bot.web): the index, a league's home and schedule, 404s, the unlisted
league's secret path. aiohttp's own test server and client, on a bench league with games played."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bench.synth import bench_league, write_bench_set
from bot.web import links
from bot.web.app import LEAGUE, int_param, league_of, make_app
from league import autoplay
from league.models import League
from league.playoffs import PlayoffFormat, Round
from league.store import Store

TEAMS, GAMES = 4, 4


@pytest.fixture(scope="module")
def bench_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_bench_set(tmp_path_factory.mktemp("cards") / "bench", TEAMS)


@pytest.fixture
async def league(store: Store, bench_set: Path) -> League:
    """A bench league two days into its season (so it has today's and yesterday's games)."""
    league = await bench_league(store, bench_set, TEAMS, GAMES, seed=3, commissioners=(7,))
    await autoplay.advance(store, league.id, 2, rng=random.Random(1))
    return await store.league(league.id)


@pytest.fixture
async def client(store: Store) -> AsyncIterator[TestClient[object, object]]:
    async with TestClient(TestServer(make_app(store))) as opened:
        yield opened


async def page(client: TestClient[object, object], path: str, status: int = 200) -> str:
    response = await client.get(path)
    text = await response.text()
    assert response.status == status, (path, text[:500])
    return text


async def test_the_index_lists_a_listed_league_and_not_an_unlisted_one(
    store: Store, league: League, client: TestClient[object, object]
) -> None:
    other = await store.create_league("Secret Society", [str(Path(league.card_sets[0]))])
    await store.set_web(other.id, unlisted=True)
    text = await page(client, "/")
    assert f'href="/{league.slug}/"' in text and "Bench League" in text
    assert "Secret Society" not in text and other.slug not in text


async def test_the_league_home_shows_standings_games_and_leaders(
    store: Store, league: League, client: TestClient[object, object]
) -> None:
    assert league.slug == "bench-league"
    text = await page(client, links.league_url("", league))
    standings = await store.standings(league.id)
    for row in standings["overall"]:
        assert f">{row.team}</a></th><td>{row.w}</td><td>{row.l}</td>" in text
    yesterday = await store.game_summaries(league.id, day=league.day - 1)
    assert yesterday and all(g.status == "final" for g in yesterday)
    for game in yesterday:
        assert f'href="{links.game_url("", league, game.id)}">{game.away_runs}-{game.home_runs}</a>' in text
    assert "Batting average (AVG)" in text and "Today, day 3" in text
    assert "<h3>Day 1</h3>" in text and "B01 sign " in text  # the news of the day before yesterday
    assert await page(client, links.league_url("", league)) == text  # read again, from what was kept


async def test_the_schedule_by_day_and_by_team(
    store: Store, league: League, client: TestClient[object, object]
) -> None:
    games = await store.game_summaries(league.id)
    text = await page(client, links.schedule_url("", league))
    assert text.count('href="' + links.game_url("", league, 0)[:-1]) == len(games)
    team = (await store.teams(league.id))[0]
    mine = [g for g in games if team.id in (g.away_team_id, g.home_team_id)]
    text = await page(client, links.schedule_url("", league, team.abbreviation.lower()))
    assert text.count('href="' + links.game_url("", league, 0)[:-1]) == len(mine) < len(games)
    await page(client, links.schedule_url("", league, "ZZZ"), 404)


@pytest.mark.parametrize("path", ["/no-such-league/", "/no-such-league/schedule", "/bench-league/nowhere", "/..%2f"])
async def test_an_unknown_league_or_page_is_the_404_page(
    league: League, client: TestClient[object, object], path: str
) -> None:
    assert "<h1>Not found</h1>" in await page(client, path, 404)


async def test_an_unlisted_league_is_only_at_its_secret_path_and_renewing_it_retires_the_old(
    store: Store, league: League, client: TestClient[object, object]
) -> None:
    unlisted = await store.set_web(league.id, unlisted=True)
    assert unlisted.web_secret is not None and unlisted.web_path == f"bench-league-{unlisted.web_secret}"
    await page(client, "/bench-league/", 404)
    assert "Bench League" in await page(client, links.league_url("", unlisted))
    renewed = await store.set_web(league.id, renew=True)
    assert renewed.web_secret not in (None, unlisted.web_secret)
    await page(client, links.league_url("", unlisted), 404)
    await page(client, links.schedule_url("", renewed))
    listed = await store.set_web(league.id, unlisted=False)
    assert listed.web_secret is None
    await page(client, "/bench-league/")


async def test_a_page_that_fails_is_a_plain_500_without_the_error(
    store: Store, league: League, client: TestClient[object, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("/secret/host/path exploded")

    monkeypatch.setattr(Store, "league_standings", broken)
    text = await page(client, "/bench-league/", 500)
    assert "exploded" not in text and "/secret" not in text and "Traceback" not in text


async def test_no_route_writes(league: League, client: TestClient[object, object]) -> None:
    response = await client.post("/bench-league/")
    assert response.status == 405


async def test_the_home_page_shows_the_playoff_bracket(
    store: Store, league: League, client: TestClient[object, object]
) -> None:
    final = PlayoffFormat("custom", teams=2, rounds=(Round(1, name="Final"),), division_winners=False)
    await store.set_playoff_format(league.id, final)
    assert "Playoffs" not in await page(client, "/bench-league/")
    await autoplay.advance(store, league.id, to_end=True, rng=random.Random(2))
    await store.start_playoffs(league.id)
    text = await page(client, "/bench-league/")
    assert '<h2 id="playoffs">Playoffs</h2>' in text and "Final (best of 1)" in text and "no champion yet" in text


async def test_no_page_shows_a_discord_user_id(
    store: Store, league: League, client: TestClient[object, object]
) -> None:
    manager, commissioner = 876543210876543210, 987654321987654321
    await store.add_commissioner(league.id, commissioner)
    await store.set_manager((await store.teams(league.id))[0].id, manager)
    for path in ("/", "/bench-league/", "/bench-league/schedule", "/no-such-page"):
        text = await (await client.get(path)).text()
        assert str(manager) not in text and str(commissioner) not in text


async def test_an_id_in_the_path_that_is_not_a_number_is_the_404_page(store: Store, league: League) -> None:
    """bot.web.app.int_param, as the game, team and player pages read their ids."""

    async def thing(request: web.Request) -> web.Response:
        await league_of(request)
        return web.Response(text=f"thing {int_param(request, 'thing_id')}")

    app = make_app(store)
    app.router.add_get(LEAGUE + "/things/{thing_id}", thing)
    async with TestClient(TestServer(app)) as client:
        assert await page(client, "/bench-league/things/12") == "thing 12"
        for junk in ("12x", "-1", "1e3", "9" * 19, "%31%32%00"):
            await page(client, f"/bench-league/things/{junk}", 404)
        await page(client, "/other-league/things/12", 404)
