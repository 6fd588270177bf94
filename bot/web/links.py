"""The addresses of a league's pages, for the site's own links and for the embeds that point to it.

``base`` is the site's address as people see it (``DUGOUT_WEB_URL``, no trailing slash; "" for a
path alone). A league's pages are under its :attr:`league.models.League.web_path`, which carries the
secret of an unlisted league: share these addresses only where the league's own members read them."""

from __future__ import annotations

from urllib.parse import quote

from league.models import League


def league_url(base: str, league: League) -> str:
    return f"{base.rstrip('/')}/{league.web_path}/"


def schedule_url(base: str, league: League, team: str | None = None, *, first_day: int | None = None) -> str:
    """The schedule: a week of days (the one from ``first_day``, else the league day's), or a team's season."""
    url = league_url(base, league) + "schedule"
    if team is not None:
        return f"{url}?team={quote(team)}"
    return url if first_day is None else f"{url}?from={first_day}"


def game_url(base: str, league: League, game_id: int) -> str:
    return f"{league_url(base, league)}games/{game_id}"


def team_url(base: str, league: League, team: str) -> str:
    """A team's page by its abbreviation."""
    return f"{league_url(base, league)}teams/{quote(team, safe='')}"


def player_url(base: str, league: League, card_id: str) -> str:
    """A player's page by his card id."""
    return f"{league_url(base, league)}players/{quote(card_id, safe='')}"


def page_url(base: str, league: League, page: str) -> str:
    """Any other page of the league: "leaders", "history", "draft", "teams"."""
    return league_url(base, league) + page
