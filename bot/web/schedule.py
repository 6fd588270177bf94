"""A league's schedule and results, by day, for every team or one (``?team=ABBR``)."""

from __future__ import annotations

from itertools import groupby

from aiohttp import web

from bot.web.app import LEAGUE, STORE, league_of, render
from bot.web.home import game_lines
from league.errors import NotFound


async def schedule(request: web.Request) -> web.Response:
    store = request.app[STORE]
    league = await league_of(request)
    teams = {t.id: t for t in await store.teams(league.id)}
    games = game_lines(await store.game_summaries(league.id), teams)
    team = request.query.get("team")
    if team is not None:
        team = team.strip().upper()
        if team not in {t.abbreviation.upper() for t in teams.values()}:
            raise NotFound(f"no team {team!r} in {league.name}")
        games = [g for g in games if team in (g.away.upper(), g.home.upper())]
    days = [(day, list(day_games)) for day, day_games in groupby(games, key=lambda g: g.day)]
    return render(
        request,
        "schedule.html",
        title=f"{league.name} schedule",
        league=league,
        days=days,
        team=team,
        teams=sorted(t.abbreviation for t in teams.values()),
    )


def add_routes(router: web.UrlDispatcher) -> None:
    router.add_get(LEAGUE + "/schedule", schedule)
