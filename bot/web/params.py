"""What the league's pages take from a path or a query: a team by abbreviation, a season; anything else is
the 404 page."""

from __future__ import annotations

from aiohttp import web

from league.errors import NotFound
from league.models import League, Team


def team_named(teams: list[Team], abbreviation: str, league: League) -> Team:
    """The league's team of that abbreviation (any case); NotFound (the 404 page) else."""
    wanted = abbreviation.strip().upper()
    for team in teams:
        if team.abbreviation.upper() == wanted:
            return team
    raise NotFound(f"no team {abbreviation!r} in {league.name}")


def season_param(request: web.Request, league: League) -> int:
    """``?season=N``: one of the league's seasons (default: the current one); NotFound else."""
    text = request.query.get("season")
    if text is None:
        return league.season
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= league.season:
        raise NotFound(f"{league.name} has no season {text!r}")
    return int(text)
