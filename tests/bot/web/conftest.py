"""The web site's fixtures: the site tests' league and client (defined in test_site), a bench league with
games played, and for the browser tests (test_browser.py) the site served on 127.0.0.1 and a headless
Chromium driven by Playwright.

``played_league`` is the league builder to reuse: four bench-only teams (bench.synth), a first season
played to a champion (so the site has a bracket, history and awards) and the second season two days in
(so the home page has today's and yesterday's games).

The browser fixtures live in the session's event loop (``loop_scope="session"``, as must the tests that use
them): the site, Playwright and the test share one loop, so a test can change the league while a page
watches. Each pytest-xdist process starts its own site and browser, once.
"""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp import web
from playwright.async_api import Browser, async_playwright

from bench.synth import bench_league, write_bench_set
from bot.web.app import make_app
from league import autoplay
from league.models import League
from league.playoffs import PlayoffFormat, Round
from league.store import Store
from tests.bot.web.test_site import client, league  # noqa: F401 - the page families' tests use them

TEAMS, GAMES = 4, 4
ONE_GAME_FINAL = PlayoffFormat("custom", teams=2, rounds=(Round(1, name="Final"),), division_winners=False)


@pytest.fixture(scope="session")
def bench_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_bench_set(tmp_path_factory.mktemp("cards") / "bench", TEAMS)


async def played_league(
    store: Store, bench_set: Path, *, seasons: int = 2, days: int = 2, name: str = "Bench League"
) -> League:
    """A bench league in its ``seasons``-th season, ``days`` days in; each season before it played to its
    champion through a one-game final."""
    made = await bench_league(store, bench_set, TEAMS, GAMES, name=name, seed=3, commissioners=(7,))
    await store.set_playoff_format(made.id, ONE_GAME_FINAL)
    for season in range(1, seasons):
        await autoplay.advance(store, made.id, to_end=True, rng=random.Random(season))
        await store.start_playoffs(made.id)
        await autoplay.advance(store, made.id, to_end=True, rng=random.Random(season))
        await store.new_season(made.id)
        await store.schedule_season(made.id, GAMES, seed=season)
    if days:
        await autoplay.advance(store, made.id, days, rng=random.Random(seasons))
    return await store.league(made.id)


# Playwright cannot download a browser of its own here: the tests drive Debian's chromium, which make test
# installs when it runs as root. A missing browser fails every browser test with this line, never a skip:
# CI must run them.
NO_CHROMIUM = (
    "the browser tests need Chromium: install Debian's with `apt-get install --no-install-recommends chromium`"
    " as root (make test does so when run as root), or set DUGOUT_CHROMIUM to a Chromium executable"
)


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser() -> AsyncIterator[Browser]:
    executable = os.environ.get("DUGOUT_CHROMIUM") or shutil.which("chromium")
    if executable is None:
        pytest.fail(NO_CHROMIUM, pytrace=False)
    async with async_playwright() as playwright:
        # Without Chromium's sandbox (Playwright passes --no-sandbox): as root in a container it cannot start
        # with one, and the browser only ever opens our own pages.
        launched = await playwright.chromium.launch(executable_path=executable, chromium_sandbox=False)
        yield launched
        await launched.close()


@dataclass(frozen=True)
class Site:
    url: str  # http://127.0.0.1:<port>, no trailing slash
    store: Store
    league: League


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def site(tmp_path_factory: pytest.TempPathFactory, bench_set: Path) -> AsyncIterator[Site]:
    """The site (bot.web) of a :func:`played_league`, served on a free port of 127.0.0.1."""
    store = await Store.open(tmp_path_factory.mktemp("site") / "league.sqlite3")
    played = await played_league(store, bench_set)
    runner = web.AppRunner(make_app(store))
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    host, port = runner.addresses[0][:2]
    yield Site(f"http://{host}:{port}", store, played)
    await runner.cleanup()
    await store.close()
