"""The leader boards: every stat the league keeps (league.stats.LEADER_STATS), a full table per group
(batting, pitching) sorted by the stat ``?sort=`` names, server-side, with the qualifiers stated;
``?season=N`` for another season. The order and the qualifying are league.stats.leaders', as on ``/stats``."""

from __future__ import annotations

from aiohttp import web

from bot.web.app import LEAGUE, kept, league_of, render, season_totals
from bot.web.params import season_param
from bot.words import pages
from league.errors import NotFound
from league.models import League
from league.stats import (
    BATTING_LEADERS,
    LOWER_IS_BETTER,
    PITCHING_LEADERS,
    RATE_STATS,
    leaders,
    qualifying_outs,
    qualifying_pa,
)

# A column a stat, in the order the tables show them ("outs" is "ip" by its older name).
BATTING = ("avg", "obp", "slg", "ops", "h", "doubles", "triples", "hr", "rbi", "r", "bb", "k", "sb", "tb")
PITCHING = ("era", "whip", "w", "l", "s", "hld", "ip", "so", "k9", "cg", "sho")
DEFAULT_SORT = {"batting": "ops", "pitching": "era"}
LABELS = {"doubles": "2B", "triples": "3B", "so": "SO", "ip": "IP", "k9": "K/9", "k": "K"}


def label(stat: str) -> str:
    return LABELS.get(stat, stat.upper())


async def leaders_page(request: web.Request) -> web.Response:
    league = await league_of(request)
    season = season_param(request, league)
    sort = request.query.get("sort", "").strip().lower()
    if sort and sort not in (*BATTING, *PITCHING):
        raise NotFound(f"no leaders in {sort!r}")
    # Every ranked player of both boards is a long page (some 700 rows, 40,000 cells after a season):
    # made once a change for each sort, not once a request.
    text = await kept(request, ("leaders page", league.id, season, sort), lambda: _board(request, league, season, sort))
    return web.Response(text=text, content_type="text/html", charset="utf-8")


async def _board(request: web.Request, league: League, season: int, sort: str) -> str:
    totals = await season_totals(request, league, season)  # read once for both tables
    groups = []
    for group, stats, values in (("batting", BATTING, BATTING_LEADERS), ("pitching", PITCHING, PITCHING_LEADERS)):
        by = sort if sort in stats else DEFAULT_SORT[group]
        # Every player the board ranks in that stat: the qualifiers of a rate stat, anyone with one of a count.
        lines = totals.batting if group == "batting" else totals.pitching
        ranked = leaders(totals, by, totals.team_games, limit=len(lines))
        rows = [
            (
                card_id,
                pages.shown_name(card_id, lines[card_id].name),
                lines[card_id].team,
                [pages.stat_value(stat, values[stat](lines[card_id])) for stat in stats],  # type: ignore[arg-type]
            )
            for card_id, _ in ranked
        ]
        groups.append((group, stats, by, rows))
    most = max(totals.team_games.values(), default=0)
    page = render(
        request,
        "leaders.html",
        title=f"{league.name} leaders, season {season}",
        league=league,
        season=season,
        groups=groups,
        label=label,
        name=pages.leader_name,
        rate=RATE_STATS,
        lower=LOWER_IS_BETTER,
        games=most,
        pa=qualifying_pa(most),
        ip=qualifying_outs(most) // 3,
        seasons=range(1, league.season + 1),
    )
    return page.text or ""


def add_routes(router: web.UrlDispatcher) -> None:
    router.add_get(LEAGUE + "/leaders", leaders_page)
