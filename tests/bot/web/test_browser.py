"""The league's site in a real browser (issue 29): headless Chromium driven by Playwright over the site of a
bench league with games played (conftest.py). Each kind of page renders with no console error and no failed
request, every link on the league's home page leads to a page, the pages fit a phone's width, an unknown
page is the 404 page, and a live game's page shows a new play within two seconds of the game playing it.

The kinds of page are found by following the site's own links from its index (two clicks deep), so a page
added to the site is checked as soon as a page links to it; ``KINDS`` says which must be there.
Each kind's screenshot (wide and phone) is saved in the test's temporary folder (the window), or whole in
$DUGOUT_SCREENSHOTS.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
import pytest_asyncio
from aiohttp import ClientSession
from playwright.async_api import Browser, ConsoleMessage, Page, Request, Response, ViewportSize

from bot.web import links
from bot.web.game import build
from league.store import Store
from tests.bot.web.conftest import Site, played_league

pytestmark = pytest.mark.asyncio(loop_scope="session")

# A kind is a path inside the league with each part after the first a "*", and the query's names:
# "" is the league's home, "games/*" a game's page, "schedule?team" a team's schedule.
KINDS = {
    "index",
    "",
    "schedule",
    "schedule?team",
    "games/*",
    "teams",
    "teams/*",
    "players/*",
    "leaders",
    "history",
    "draft",
}
WIDE: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 375, "height": 740}
# Whole pages for the screenshots one keeps ($DUGOUT_SCREENSHOTS); the window alone otherwise (a long page's
# whole picture takes a while).
WHOLE = bool(os.environ.get("DUGOUT_SCREENSHOTS"))
NOT_FOUND = ("/no-such-league/", "/{league}/games/999999", "/{league}/games/not-a-number", "/{league}/nowhere")
# The page's icon: its <link rel="icon">, else the /favicon.ico a browser asks for.
ICON = "(document.querySelector('link[rel~=icon]') || {}).href || new URL('/favicon.ico', location).href"
IMAGES = "images => images.map(image => image.src)"


@dataclass
class Tab:
    """A browser page and what went wrong on it: console errors, script errors, failed requests, answers
    of 400 and over, but for the status the page was opened expecting."""

    page: Page
    problems: list[str] = field(default_factory=list)
    expected: tuple[str, int] = ("", 200)  # the page opened and its status

    def watch(self) -> None:
        def console(message: ConsoleMessage) -> None:
            if message.type == "error":
                self.problems.append(f"console error {message.text!r} at {message.location.get('url')}")

        def failed(request: Request) -> None:
            # Leaving a page cancels what it still loads (a live game's stream, a lazy image that does not hold
            # up the page's load): no failure of the site's. Each image is asked for by ``open``.
            if request.failure != "net::ERR_ABORTED":
                self.problems.append(f"request failed: {request.url} ({request.failure})")

        def answered(response: Response) -> None:
            if response.status >= 400:
                self.problems.append(f"HTTP {response.status}: {response.url}")

        self.page.on("console", console)
        self.page.on("pageerror", lambda error: self.problems.append(f"script error: {error}"))
        self.page.on("requestfailed", failed)
        self.page.on("response", answered)

    def check(self) -> None:
        """Fail on anything that went wrong since the last check but the opened page's expected status (and
        Chromium's console line about it)."""
        url, status = self.expected
        expected = (
            {
                f"HTTP {status}: {url}",
                f"console error 'Failed to load resource: the server responded with a "
                f"status of {status} (Not Found)' at {url}",
            }
            if status >= 400
            else set()
        )
        problems = [p for p in self.problems if p not in expected]
        self.problems.clear()
        assert not problems, (url, problems)

    async def open(self, url: str, status: int = 200) -> None:
        """Go to ``url``, expect ``status``, and fail on anything that went wrong, here or late on the page
        before (a page's icon, say, is asked for after the page's load)."""
        self.check()
        self.expected = (url, status)
        response = await self.page.goto(url, wait_until="load")
        assert response is not None and response.status == status, (url, response and response.status)
        # The browser asks for the page's icon after its load, when it likes, and for a lazy image maybe after
        # it: ask for them now, so a missing one (a console error) fails every time.
        for source in [await self.page.evaluate(ICON), *await self.page.eval_on_selector_all("img", IMAGES)]:
            assert (await self.page.request.get(source)).status == 200, (url, "nothing at", source)
        self.check()


@pytest_asyncio.fixture(loop_scope="session")
async def tab(browser: Browser) -> AsyncIterator[Tab]:
    context = await browser.new_context(viewport=WIDE)
    opened = Tab(await context.new_page())
    opened.watch()
    yield opened
    opened.check()
    await context.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = os.environ.get("DUGOUT_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return tmp_path_factory.mktemp("screenshots")


def kind_of(url: str, league_home: str) -> str | None:
    """The kind of a page of the league (see ``KINDS``); None for a page elsewhere."""
    if not url.startswith(league_home):
        return None
    parts = urlsplit(url)
    inner = url.split("?")[0].removeprefix(league_home).strip("/").split("/")
    kind = "/".join([inner[0], *("*" for _ in inner[1:])])
    names = sorted(name.split("=")[0] for name in parts.query.split("&") if name)
    return kind + ("?" + "&".join(names) if names else "")


async def links_on(page: Page) -> list[str]:
    """The site's own links on the page, without their #fragments."""
    hrefs: list[str] = await page.eval_on_selector_all("a[href]", "anchors => anchors.map(a => a.href)")
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(page.url))
    return sorted({urldefrag(h).url for h in hrefs if h.startswith(origin + "/")})


class Anchors(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hrefs += [value for name, value in attrs if tag == "a" and name == "href" and value]


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def kinds(site: Site) -> Mapping[str, str]:
    """One page of each kind, found by following links from the site's index two clicks deep (read as HTML,
    which is quicker than the browser: the tests then open each)."""
    home = links.league_url(site.url, site.league)
    found = {"index": site.url + "/"}
    level = [site.url + "/"]
    async with ClientSession() as http:
        for _ in range(3):  # the index, the league's home, the pages it links to
            following = []
            for url in level:
                async with http.get(url) as response:
                    anchors = Anchors()
                    anchors.feed(await response.text())
                for href in anchors.hrefs:
                    link = urldefrag(urljoin(url, href)).url
                    kind = kind_of(link, home)
                    if kind is not None and kind not in found:
                        found[kind] = link
                        following.append(link)
            level = following
    # A game's page is the game to come when it is crawled first: a played game's box is a kind of its own.
    played = (await site.store.games(site.league.id, status="final"))[0]
    found["games/* final"] = links.game_url(site.url, site.league, played.id)
    return found


def file_name(kind: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", kind.replace("*", "one")).strip("-") or "home"


async def test_every_kind_of_page_renders_without_an_error(
    tab: Tab, kinds: Mapping[str, str], screenshots: Path
) -> None:
    assert kinds.keys() >= KINDS, f"no link leads to a page of kind {sorted(KINDS - kinds.keys())}"
    for kind, url in kinds.items():
        await tab.open(url)
        assert await tab.page.locator("h1").count() >= 1, (url, "no heading")
        await tab.page.screenshot(path=screenshots / f"{file_name(kind)}.png", full_page=WHOLE)


# Every element that reaches past the window's right edge, unless a box that scrolls sideways (a table's
# wrapper) holds it: such an element widens the page, or is cut off where the page hides its overflow.
TOO_WIDE = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (box) => ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
  const held = (element) => {
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement)
      if (scrolls(box)) return box.getBoundingClientRect().right <= width + 1;
    return false;
  };
  return [...document.body.querySelectorAll('*')]
    .filter((e) => e.getBoundingClientRect().right > width + 1 && !held(e))
    .slice(0, 5)
    .map((e) => e.outerHTML.slice(0, 120));
}"""


async def test_the_pages_fit_a_phones_width(tab: Tab, kinds: Mapping[str, str], screenshots: Path) -> None:
    await tab.page.set_viewport_size(PHONE)
    for kind, url in kinds.items():
        await tab.open(url)
        assert await tab.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], url
        assert await tab.page.evaluate(TOO_WIDE) == [], url
        await tab.page.screenshot(path=screenshots / f"{file_name(kind)}-phone.png", full_page=WHOLE)


async def test_every_link_on_the_league_home_page_leads_to_a_page(tab: Tab, site: Site) -> None:
    await tab.open(links.league_url(site.url, site.league))
    found = await links_on(tab.page)
    assert len(found) >= 10, found  # the standings' teams, the games, the leaders, the other pages
    for url in found:
        response = await tab.page.request.get(url)
        assert response.status == 200, (url, response.status)
        assert response.headers["content-type"].startswith(("text/html", "image/svg+xml")), url


async def test_an_unknown_page_is_the_404_page(tab: Tab, site: Site, screenshots: Path) -> None:
    for path in NOT_FOUND:
        url = site.url + path.format(league=site.league.web_path)
        await tab.open(url, status=404)
        assert "not found" in (await tab.page.locator("h1").inner_text()).lower(), url
    await tab.page.screenshot(path=screenshots / "404.png", full_page=WHOLE)


async def plays_stored(store: Store, game_id: int) -> list[str]:
    """The plays a live game's page has to show, by the page's own reckoning (bot.web.game.build)."""
    view = build(await store.game(game_id), await store.game_progress(game_id), None)
    return [play.summary for _, _, play in view.plays()]


async def test_a_live_games_page_shows_a_new_play_within_two_seconds(
    tab: Tab, site: Site, bench_set: Path, screenshots: Path
) -> None:
    store = site.store
    league = await played_league(store, bench_set, seasons=1, days=0, name="Live League")
    game_id = (await store.games(league.id, day=league.day))[0].id
    await store.start_game(game_id, seed=7, managed=["away", "home"])  # a manager answers every question
    await tab.open(links.game_url(site.url, league, game_id))
    assert await tab.page.locator("#status").inner_text() == "live"
    shown = tab.page.locator("#plays li.play")
    before = await plays_stored(store, game_id)
    assert await shown.count() == len(before)
    # The managers answer, the game saved after every answer as the bot does, until it has played a new play.
    game = await store.load_game(game_id)
    plays = before
    while plays == before:
        assert game.pending is not None
        game.choose(game.pending.side, game.pending.suggestion)
        await store.save_decisions(game_id, game)
        saved = time.monotonic()
        plays = await plays_stored(store, game_id)
    # Two seconds from the answer that played it saved.
    left = 2.0 - (time.monotonic() - saved)
    await tab.page.wait_for_function(
        f"document.querySelectorAll('#plays li.play').length >= {len(plays)}", timeout=max(left * 1000, 1)
    )
    assert await shown.count() == len(plays)
    assert (await shown.last.inner_text()).startswith(plays[-1])
    tab.check()
    await tab.page.screenshot(path=screenshots / "games-one-live.png", full_page=WHOLE)
