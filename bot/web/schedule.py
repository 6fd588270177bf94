"""A league's schedule and results, by day: a week of days at a time for every team (``?from=DAY``,
the week of the league's day by default), a team's whole season (``?team=ABBR``)."""

from __future__ import annotations

from itertools import groupby

from aiohttp import web

from bot.web.app import LEAGUE, STORE, kept, league_of, league_teams, render
from bot.web.home import GameLine, game_lines
from league.errors import NotFound
from league.models import League

DAYS_A_PAGE = 7  # the whole season on one page is 2,430 games: too long to read, and too slow to make
_DIGITS = "0123456789"


async def season_lines(request: web.Request, league: League, season: int | None = None) -> list[GameLine]:
    """A season's games (default: the current one's) as the site lists them, by day; kept until the
    league next changes (a team's page, the schedule's weeks: reading 2,430 games each time was most
    of their time)."""
    store = request.app[STORE]
    year = league.season if season is None else season

    async def read() -> list[GameLine]:
        teams = {t.id: t for t in await league_teams(request, league)}
        return game_lines(await store.game_summaries(league.id, season=year), teams)

    return await kept(request, ("season games", league.id, year), read)


def week_of(day: int) -> int:
    """The first day of the page that shows ``day``."""
    return (max(day, 1) - 1) // DAYS_A_PAGE * DAYS_A_PAGE + 1


async def schedule(request: web.Request) -> web.Response:
    league = await league_of(request)
    games = await season_lines(request, league)
    abbreviations = sorted(t.abbreviation for t in await league_teams(request, league))
    team = request.query.get("team")
    weeks = sorted({week_of(g.day) for g in games})
    first = None
    if team is not None:
        team = team.strip().upper()
        if team not in {a.upper() for a in abbreviations}:
            raise NotFound(f"no team {team!r} in {league.name}")
        games = [g for g in games if team in (g.away.upper(), g.home.upper())]
    elif weeks:
        asked = request.query.get("from")
        if asked is not None and not (asked and len(asked) < 10 and all(c in _DIGITS for c in asked)):
            raise NotFound(f"no page at {request.path_qs!r}")
        first = week_of(int(asked)) if asked else min(max(week_of(league.day), weeks[0]), weeks[-1])
        games = [g for g in games if first <= g.day < first + DAYS_A_PAGE]
    days = [(day, list(day_games)) for day, day_games in groupby(games, key=lambda g: g.day)]
    return render(
        request,
        "schedule.html",
        title=f"{league.name} schedule",
        league=league,
        days=days,
        team=team,
        teams=abbreviations,
        weeks=[] if team else [(w, w + DAYS_A_PAGE - 1) for w in weeks],
        first=first,
    )


def add_routes(router: web.UrlDispatcher) -> None:
    router.add_get(LEAGUE + "/schedule", schedule)
