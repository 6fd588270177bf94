"""The site's application: its routes, templates and error pages (docs/web.md).

aiohttp, as it is already installed with discord.py and runs in the bot's own event loop, so the bot
serves the site from its one store without a second process. Every page family is a module of this
package with ``add_routes(router)``, registered by one line in :func:`make_app`; a page reads the
store (:data:`STORE`), gets its league from the path (:func:`league_of`) and answers with
:func:`render`. Pages only read: every route is a GET.
"""

from __future__ import annotations

import gc
import logging
import re
from collections.abc import Awaitable, Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar, cast

import jinja2
from aiohttp import web

from bot.web import links
from engine.stats import average
from league.errors import NotFound
from league.models import League, Team
from league.stats import SeasonStats
from league.store import Store

log = logging.getLogger(__name__)

STORE = web.AppKey("store", Store)
TEMPLATES = web.AppKey("templates", jinja2.Environment)
BASE_URL = web.AppKey("base_url", str)  # what the site's own links start with ("" or a proxy's prefix)
# A league's pages: router.add_get(LEAGUE + "/schedule", handler); the part is League.web_path.
LEAGUE = "/{league:[a-z0-9][a-z0-9-]*}"
STATIC = Path(__file__).parent / "static"
_DIGITS = re.compile(r"[0-9]{1,18}")  # an id: digits, and no more than SQLite's integers hold

# Reports many pages show, kept until the store changes (kept()): key -> (Store.generation(), value).
KEPT = web.AppKey("kept", dict[Hashable, tuple[tuple[int, int], Any]])
KEPT_MAX = 1024  # reports kept at once (a few a league, and a game log a player's page read); the oldest go first
T = TypeVar("T")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def render(request: web.Request, template: str, *, status: int = 200, **context: Any) -> web.Response:
    """The template filled with ``context``, plus ``base`` (what links start with); every template has
    ``links`` (bot.web.links): ``links.game_url(base, league, game.id)``."""
    page = request.app[TEMPLATES].get_template(template)
    text = page.render(base=request.app[BASE_URL], **context)
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")


async def league_of(request: web.Request) -> League:
    """The league the path names (its slug, or an unlisted league's slug and secret); a 404 page else."""
    return await request.app[STORE].league_at(request.match_info["league"])


def int_param(request: web.Request, name: str) -> int:
    """A path part that must be an id: its number, else a 404 page (junk is no page, not a bad request)."""
    text = request.match_info.get(name, "")
    if not _DIGITS.fullmatch(text):
        raise NotFound(f"no page at {request.path!r}")
    return int(text)


async def kept(request: web.Request, key: Hashable, make: Callable[[], Awaitable[T]]) -> T:
    """``make()``'s value, kept until the league file next changes (Store.generation): a report many
    pages show, such as the season's totals, is read once a change, not once a page."""
    now = await request.app[STORE].generation()
    memo = request.app[KEPT]
    hit = memo.get(key)
    if hit is not None and hit[0] == now:
        return cast(T, hit[1])
    value = await make()
    memo.pop(key, None)
    while len(memo) >= KEPT_MAX:  # the oldest go first, not the lot
        memo.pop(next(iter(memo)))
    memo[key] = (now, value)
    # The kept reports live long: leave them, and what else the process keeps, out of the collector's full
    # passes, which otherwise scan them all every few pages (a 60 ms pause in a page's p99 on a 30-team
    # season: python -m bench.web). Reports dropped later are still freed by their reference counts.
    gc.freeze()
    return value


async def season_totals(request: web.Request, league: League, season: int | None = None) -> SeasonStats:
    """A season's totals (Store.season_stats; default: the current season's), kept until the next change."""
    year = league.season if season is None else season
    return await kept(
        request, ("season_stats", league.id, year), lambda: request.app[STORE].season_stats(league.id, year)
    )


async def league_teams(request: web.Request, league: League) -> list[Team]:
    """The league's teams (Store.teams), kept until the next change."""
    return await kept(request, ("teams", league.id), lambda: request.app[STORE].teams(league.id))


@web.middleware
async def error_pages(request: web.Request, handler: Handler) -> web.StreamResponse:
    """An unknown league, team, player or game is the 404 page; any other failure a plain 500 page,
    logged here, with nothing of the error (no traceback, no path) in the answer."""
    try:
        return await handler(request)
    except (NotFound, web.HTTPNotFound):
        return render(request, "404.html", status=404, title="Not found")
    except web.HTTPException:
        raise
    except Exception:
        log.exception("web page %s failed", request.path)
        return web.Response(text="500: the page failed; try again later.", status=500)


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("bot.web", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,  # a misspelt name fails the page's test, not silently blank
    )
    env.filters["avg"] = average
    env.globals["links"] = links
    return env


def make_app(store: Store, *, base_url: str = "") -> web.Application:
    """The site of every league in ``store``; ``base_url``: what its links start with (no trailing '/')."""
    from bot.web import charts, game, history, home, leaders, players, schedule, teams

    app = web.Application(middlewares=[error_pages])
    app[STORE] = store
    app[TEMPLATES] = environment()
    app[BASE_URL] = base_url.rstrip("/")
    app[home.NEWS] = {}  # the home page's past days' news, read once
    app[game.GAMES] = game.Games()  # the games' pages being read, and their readers
    app[players.PICTURES] = {}  # the cards' pictures, drawn once
    app[KEPT] = {}
    app.router.add_static("/static", STATIC)
    # One line a page family:
    home.add_routes(app.router)
    schedule.add_routes(app.router)
    game.add_routes(app.router)
    teams.add_routes(app.router)
    players.add_routes(app.router)
    leaders.add_routes(app.router)
    history.add_routes(app.router)
    charts.add_routes(app.router)
    return app
