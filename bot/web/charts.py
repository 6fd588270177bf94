"""Pictures of the season, drawn on the server as SVG (no script): each team's games above .500 day by day,
and each team's run differential; and the page that shows them (``/<slug>/standings``).

Both come from one read of the season's final regular-season games and their scores (no box score), the
games the standings count."""

from __future__ import annotations

import colorsys
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from aiohttp import web

from bot.web.app import LEAGUE, STORE, kept, league_of, render
from bot.web.params import season_param
from league.models import GameSummary, League, Team

WIDTH, HEIGHT = 860, 420
LEFT, RIGHT, TOP, BOTTOM = 48, 70, 36, 36  # margins: the y axis' numbers, the teams' names, title, x axis


@dataclass(frozen=True)
class TeamLine:
    team: str  # abbreviation
    name: str
    points: tuple[tuple[int, int], ...]  # (day, games above .500 after that day), from day 0 at 0
    runs_for: int
    runs_against: int

    @property
    def above(self) -> int:
        return self.points[-1][1]

    @property
    def differential(self) -> int:
        return self.runs_for - self.runs_against


def season_lines(games: Sequence[GameSummary], teams: Sequence[Team]) -> list[TeamLine]:
    """Each team's games above .500 at the end of every day it played, and its runs, from the final
    regular-season games (a win is the higher score, as the standings count it)."""
    above = {t.id: 0 for t in teams}
    runs = {t.id: [0, 0] for t in teams}
    points: dict[int, list[tuple[int, int]]] = {t.id: [(0, 0)] for t in teams}
    for g in sorted(games, key=lambda g: (g.played_day or g.day, g.id)):
        if g.status != "final" or g.phase != "regular" or g.away_runs is None or g.home_runs is None:
            continue
        day = g.played_day or g.day
        for team_id, ours, theirs in (
            (g.away_team_id, g.away_runs, g.home_runs),
            (g.home_team_id, g.home_runs, g.away_runs),
        ):
            above[team_id] += 1 if ours > theirs else -1
            runs[team_id][0] += ours
            runs[team_id][1] += theirs
            mine = points[team_id]
            if mine[-1][0] == day:
                mine[-1] = (day, above[team_id])
            else:
                mine.append((day, above[team_id]))
    return [TeamLine(t.abbreviation, t.name, tuple(points[t.id]), *runs[t.id]) for t in teams]


def _color(n: int, count: int) -> str:
    r, g, b = colorsys.hls_to_rgb(n / max(count, 1), 0.38, 0.75)  # dark enough on white for its label
    return f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}"


def _svg(title: str, desc: str, body: list[str]) -> str:
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
            f'height="{HEIGHT}" role="img" aria-labelledby="t d" font-family="sans-serif" font-size="12">',
            f'<title id="t">{escape(title)}</title>',
            f'<desc id="d">{escape(desc)}</desc>',
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
            f'<text x="{LEFT}" y="22" font-size="15" font-weight="bold">{escape(title)}</text>',
            *body,
            "</svg>",
        ]
    )


def _scale(low: int, high: int) -> tuple[int, int]:
    """An axis' range around ``low``..``high`` that holds 0 and is never empty."""
    low, high = min(low, 0, -1), max(high, 0, 1)
    return low, high


def standings_svg(title: str, lines: Sequence[TeamLine]) -> str:
    """A line a team: games above .500 (up) or below (down) by day, its name at its end."""
    last_day = max((p[0] for line in lines for p in line.points), default=0) or 1
    low, high = _scale(
        min((p[1] for line in lines for p in line.points), default=0),
        max((p[1] for line in lines for p in line.points), default=0),
    )
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(day: int) -> float:
        return LEFT + plot_w * day / last_day

    def y(value: int) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    body = [
        f'<line x1="{LEFT}" y1="{y(0):.1f}" x2="{WIDTH - RIGHT}" y2="{y(0):.1f}" stroke="#888"/>',
        f'<text x="{LEFT - 6}" y="{y(high) + 4:.1f}" text-anchor="end">+{high}</text>',
        f'<text x="{LEFT - 6}" y="{y(0) + 4:.1f}" text-anchor="end">.500</text>',
        f'<text x="{LEFT - 6}" y="{y(low) + 4:.1f}" text-anchor="end">{low}</text>',
        f'<text x="{LEFT}" y="{HEIGHT - 10}">day 0</text>',
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 10}" text-anchor="end">day {last_day}</text>',
    ]
    ordered = sorted(lines, key=lambda line: (-line.above, line.team))
    for n, line in enumerate(ordered):
        color = _color(n, len(ordered))
        path = " ".join(f"{x(d):.1f},{y(v):.1f}" for d, v in line.points)
        end_x, end_y = x(line.points[-1][0]), y(line.above)
        body += [
            f'<g class="team" data-team={quoteattr(line.team)}>',
            f"<title>{escape(line.name)}: {line.above:+d}</title>",
            f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>',
            f'<text x="{end_x + 4:.1f}" y="{end_y + 4:.1f}" fill="{color}">{escape(line.team)} {line.above:+d}</text>',
            "</g>",
        ]
    return _svg(title, "Each team's wins minus losses after each day of the season, one line a team.", body)


def runs_svg(title: str, lines: Sequence[TeamLine]) -> str:
    """A bar a team, its runs scored minus allowed, the best first; up for more scored, down for fewer."""
    ordered = sorted(lines, key=lambda line: (-line.differential, line.team))
    low, high = _scale(min((t.differential for t in lines), default=0), max((t.differential for t in lines), default=0))
    plot_w, plot_h = WIDTH - LEFT - 20, HEIGHT - TOP - BOTTOM - 14
    step = plot_w / max(len(ordered), 1)

    def y(value: int) -> float:
        return TOP + 14 + plot_h * (high - value) / (high - low)

    body = [f'<line x1="{LEFT}" y1="{y(0):.1f}" x2="{WIDTH - 20}" y2="{y(0):.1f}" stroke="#888"/>']
    for n, t in enumerate(ordered):
        left = LEFT + n * step + step * 0.15
        top, bottom = sorted((y(t.differential), y(0)))
        color = "#1b6e3a" if t.differential >= 0 else "#a32020"
        middle = left + step * 0.35
        number_y = top - 4 if t.differential >= 0 else bottom + 13
        body += [
            f'<g class="team" data-team={quoteattr(t.team)}>',
            f"<title>{escape(t.name)}: {t.runs_for} scored, {t.runs_against} allowed, {t.differential:+d}</title>",
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{step * 0.7:.1f}" height="{max(bottom - top, 1):.1f}" '
            f'fill="{color}"/>',
            f'<text x="{middle:.1f}" y="{number_y:.1f}" text-anchor="middle" font-size="10">{t.differential:+d}</text>',
            f'<text x="{middle:.1f}" y="{HEIGHT - 10}" text-anchor="middle" font-size="10">{escape(t.team)}</text>',
            "</g>",
        ]
    return _svg(title, "Each team's runs scored minus runs allowed this season, one bar a team, best first.", body)


async def _lines(request: web.Request, league: League, season: int) -> list[TeamLine]:
    """The teams' lines of the season, day by day: kept until the next change (a season's games are many)."""
    store = request.app[STORE]

    async def read() -> list[TeamLine]:
        teams = await store.teams(league.id)
        return season_lines(await store.game_summaries(league.id, season=season, status="final"), teams)

    return await kept(request, ("chart lines", league.id, season), read)


def _svg_response(text: str) -> web.Response:
    return web.Response(text=text, content_type="image/svg+xml", charset="utf-8")


async def standings_chart(request: web.Request) -> web.Response:
    league = await league_of(request)
    season = season_param(request, league)
    lines = await _lines(request, league, season)
    return _svg_response(standings_svg(f"{league.name}, season {season}: games above .500", lines))


async def runs_chart(request: web.Request) -> web.Response:
    league = await league_of(request)
    season = season_param(request, league)
    lines = await _lines(request, league, season)
    return _svg_response(runs_svg(f"{league.name}, season {season}: run differential", lines))


async def standings_page(request: web.Request) -> web.Response:
    league = await league_of(request)
    season = season_param(request, league)
    lines = sorted(await _lines(request, league, season), key=lambda t: (-t.above, -t.differential, t.team))
    query = "" if season == league.season else f"?season={season}"
    return render(
        request,
        "standings.html",
        title=f"{league.name} standings over the season {season}",
        league=league,
        season=season,
        lines=lines,
        query=query,
    )


def add_routes(router: web.UrlDispatcher) -> None:
    router.add_get(LEAGUE + "/standings", standings_page)
    router.add_get(LEAGUE + "/charts/standings.svg", standings_chart)
    router.add_get(LEAGUE + "/charts/runs.svg", runs_chart)
