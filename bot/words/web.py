"""The league site's address as /league web and ``dugout league web`` tell it (docs/web.md)."""

from __future__ import annotations

from bot.web.links import league_url
from league.models import League


def web_text(league: League, base: str | None, not_served: str) -> str:
    """Where the league's pages are and whether the site's index lists them; ``base`` is the site's address
    (None when nothing serves it: then ``not_served`` says how to serve it)."""
    url = league_url(base or "", league)
    where = url if base is not None else f"{url} ({not_served})"
    if league.web_secret is None:
        return f"{league.name}'s site is listed on the site's index: {where}"
    return (
        f"{league.name}'s site is unlisted: only {where} reaches it; share it with the league. "
        "Renew the secret to retire that address."
    )
