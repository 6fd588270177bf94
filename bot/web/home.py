"""The site's index (the listed leagues) and a league's home: standings, today's and yesterday's games,
the leaders, the latest news and the playoff bracket."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from aiohttp import web

from bot.web.app import LEAGUE, STORE, kept, league_of, league_teams, render, season_totals
from bot.words import pages
from bot.words.bracket import bracket_rounds, champion_line
from bot.words.standings_view import RULE, Section, sections
from league.models import GameSummary, League, Team
from league.news import DayNews, day_news
from league.stats import leaders as stat_leaders

NEWS_DAYS = 3  # the latest news: the last days played
NEWS_KEPT = 512  # days' news kept in memory (a past day's news no longer changes; reading it adds up a season)
# (league id, season, day) -> that day's news, for days before yesterday.
NEWS = web.AppKey("news", dict[tuple[int, int, int], DayNews])
HOME_LEADERS = 3  # names under each stat on the home page


@dataclass(frozen=True)
class GameLine:
    """A game as the site lists it: teams by abbreviation, the score once there is one."""

    id: int
    day: int
    away: str
    home: str
    away_runs: int | None
    home_runs: int | None
    status: str

    @property
    def score(self) -> str:
        if self.away_runs is None or self.home_runs is None:
            return self.status
        return f"{self.away_runs}-{self.home_runs}"


def game_lines(games: Sequence[GameSummary], teams: dict[int, Team]) -> list[GameLine]:
    return [
        GameLine(
            g.id,
            g.day,
            teams[g.away_team_id].abbreviation,
            teams[g.home_team_id].abbreviation,
            g.away_runs,
            g.home_runs,
            g.status,
        )
        for g in games
    ]


def section_rows(section: Section) -> list[tuple[str, ...] | None]:
    """A standings section's rows; None where the wild-card line is drawn."""
    return [None if row[0] == RULE else row for row in section.rows]


async def index(request: web.Request) -> web.Response:
    leagues = await request.app[STORE].listed_leagues()
    return render(request, "index.html", title="Dugout leagues", leagues=leagues)


async def league_home(request: web.Request) -> web.Response:
    store = request.app[STORE]
    league = await league_of(request)
    teams = {t.id: t for t in await league_teams(request, league)}
    standings = await kept(request, ("standings", league.id, league.season), lambda: store.league_standings(league.id))
    by_division = sections("division", standings, [])
    wild_card = [s for s in sections("wildcard", standings, []) if s.title.endswith("wild card")]
    days = [d for d in (league.day, league.day - 1) if d >= 1]
    games = {day: game_lines(await store.game_summaries(league.id, day=day), teams) for day in days}
    totals = await season_totals(request, league)

    async def best() -> dict[str, list[tuple[str, float | int]]]:
        return {stat: stat_leaders(totals, stat, totals.team_games, HOME_LEADERS) for stat in pages.BOARD}

    board = await kept(request, ("home leaders", league.id, league.season), best)
    pool = await store.card_pool(league.id)
    names = {card_id: pool.name(card_id) for best in board.values() for card_id, _ in best}
    leaders = [
        (
            pages.leader_name(stat),
            [
                (card_id, names[card_id], totals.player_team.get(card_id, "?"), pages.stat_value(stat, value))
                for card_id, value in best
            ],
        )
        for stat, best in board.items()
    ]
    news = [
        n
        for day in range(league.day - 1, max(0, league.day - 1 - NEWS_DAYS), -1)
        if (n := await _news(request, league, day)).items
    ]
    playoffs = await store.playoffs(league.id)
    bracket = None
    if playoffs is not None:
        bracket = (champion_line(playoffs, teams), bracket_rounds(playoffs, teams))
    return render(
        request,
        "home.html",
        title=league.name,
        league=league,
        divisions=[(s.title, s.head, section_rows(s)) for s in by_division],
        wild_card=[(s.title, s.head, section_rows(s)) for s in wild_card],
        games=games,
        leaders=leaders,
        news=news,
        bracket=bracket,
    )


async def _news(request: web.Request, league: League, day: int) -> DayNews:
    """A day's news; a day before yesterday's read once (day_news adds up the season to that day for its
    milestones), yesterday's until the league next changes, as a game of it may still be played live."""
    if day >= league.day - 1:
        return await kept(
            request, ("news", league.id, league.season, day), lambda: day_news(request.app[STORE], league.id, day)
        )
    past = request.app[NEWS]
    key = (league.id, league.season, day)
    if key not in past:
        if len(past) >= NEWS_KEPT:
            past.clear()
        past[key] = await day_news(request.app[STORE], league.id, day)
    return past[key]


async def to_home(request: web.Request) -> web.Response:
    raise web.HTTPMovedPermanently(request.path + "/")


def add_routes(router: web.UrlDispatcher) -> None:
    router.add_get("/", index)
    router.add_get(LEAGUE + "/", league_home)
    router.add_get(LEAGUE, to_home)
