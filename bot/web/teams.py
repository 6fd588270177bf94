"""The league's teams: the list, and a team's page (record, splits, roster with season lines, the season's
games, its seasons in the league), from the same store reads as ``/stats team`` and ``dugout team``."""

from __future__ import annotations

from aiohttp import web

from bot.web.app import LEAGUE, STORE, kept, league_of, league_teams, render
from bot.web.home import game_lines
from bot.web.params import season_param, team_named
from bot.words import pages
from engine.stats import average
from league import history


async def team_list(request: web.Request) -> web.Response:
    store = request.app[STORE]
    league = await league_of(request)
    teams = sorted(await store.teams(league.id), key=lambda t: (t.subleague or "", t.division or "", t.name))
    return render(request, "teams.html", title=f"{league.name} teams", league=league, teams=teams)


async def team_page(request: web.Request) -> web.Response:
    store = request.app[STORE]
    league = await league_of(request)
    teams = await league_teams(request, league)
    team = team_named(teams, request.match_info["abbr"], league)
    season = season_param(request, league)
    # The store adds up the whole league's standings for one team's record: kept until the next change.
    page = await kept(request, ("team page", team.id, season), lambda: store.team_page(league.id, team.id, season))
    by_id = {t.id: t for t in teams}
    games = game_lines(await store.game_summaries(league.id, season=season, team_id=team.id), by_id)
    batted = [r for r in page.roster if r.batting is not None]
    batters = [r for r in batted if r.kind == "batter"] + [r for r in batted if r.kind == "pitcher"]
    Row = tuple[str | None, str, list[str]]  # (card id, name, cells); None: the totals
    batting: list[Row] = [
        (r.card_id, pages.shown_name(r.card_id, r.name), pages.batting_cells(r.batting)) for r in batters if r.batting
    ]
    batting.append((None, "Totals", pages.batting_cells(page.batting)))
    pitching: list[Row] = [
        (r.card_id, pages.shown_name(r.card_id, r.name), pages.pitching_cells(r.pitching))
        for r in page.roster
        if r.pitching is not None
    ]
    pitching.append((None, "Totals", pages.pitching_cells(page.pitching)))
    games_played = page.w + page.l
    return render(
        request,
        "team.html",
        title=f"{team.name}, season {season}",
        league=league,
        team=team,
        page=page,
        pct=average(page.w / games_played) if games_played else ".000",
        batting=batting,
        pitching=pitching,
        batting_labels=pages.BATTING_LABELS,
        pitching_labels=pages.PITCHING_LABELS,
        unplayed=[r for r in page.roster if r.batting is None and r.pitching is None],
        games=games,
        seasons=await history.team_seasons(store, league.id, team.id),
    )


def add_routes(router: web.UrlDispatcher) -> None:
    router.add_get(LEAGUE + "/teams", team_list)
    router.add_get(LEAGUE + "/teams/{abbr}", team_page)
