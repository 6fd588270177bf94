"""A league's site walked in-process, page by page, following its own links (``dugout site export``,
``python -m bench.web``).

The walk starts at the league's home and follows every ``href`` and ``src`` that stays inside the
league's pages or the site's ``/static`` files. A live stream (``text/event-stream``) is not read:
a page of the walk shows what is stored.
"""

from __future__ import annotations

import html.parser
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from urllib.parse import unquote, urldefrag, urljoin, urlsplit

from aiohttp import web
from aiohttp.test_utils import TestClient

STREAM = "text/event-stream"


@dataclass(frozen=True)
class Fetched:
    """One address of the walk: its path and query as asked, what came back, and its route's shape."""

    url: str
    status: int
    content_type: str
    body: bytes
    kind: str  # the route's pattern and the query's keys: "/{league}/games/{game_id}", "/{league}/schedule?team"


class _Links(html.parser.HTMLParser):
    """Every href and src of a page, in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.extend(value for name, value in attrs if name in ("href", "src") and value)


def page_links(text: str) -> list[str]:
    parser = _Links()
    parser.feed(text)
    parser.close()
    return parser.found


def site_address(page: str, link: str) -> str | None:
    """The path and query of ``link`` (as found on the page at ``page``) when it is one of the site's own,
    without its #fragment; None for another site's or a mailto:/javascript: link."""
    absolute, _ = urldefrag(urljoin("http://site" + page, link.strip()))
    parts = urlsplit(absolute)
    if parts.scheme != "http" or parts.netloc != "site":
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def route_kind(client: TestClient[web.Request, web.Application], url: str) -> str:
    """The shape of an address: the route pattern it matches and its query's keys (one kind of page)."""
    parts = urlsplit(url)
    path = unquote(parts.path)
    pattern = "(no route)"
    for resource in client.app.router.resources():
        info = resource.get_info()
        if "pattern" in info:
            if info["pattern"].fullmatch(path):
                pattern = resource.canonical
                break
        elif "prefix" in info and path.startswith(info["prefix"] + "/"):
            pattern = info["prefix"] + "/…"
            break
        elif info.get("path") == path:
            pattern = path
            break
    keys = sorted({p.split("=", 1)[0] for p in parts.query.split("&") if p})
    return pattern + ("?" + "&".join(keys) if keys else "")


async def walk(
    client: TestClient[web.Request, web.Application],
    start: str,
    inside: Callable[[str], bool],
    *,
    per_kind: int | None = None,
) -> AsyncIterator[Fetched]:
    """Every address reached from ``start`` through links for which ``inside(path)`` holds, each once,
    breadth first; ``per_kind``: no more than that many addresses of one kind are asked for."""
    seen = {start}
    queue = deque([start])
    counts: dict[str, int] = {}
    while queue:
        url = queue.popleft()
        kind = route_kind(client, url)
        if per_kind is not None:
            if counts.get(kind, 0) >= per_kind:
                continue
            counts[kind] = counts.get(kind, 0) + 1
        async with client.get(url, allow_redirects=False) as response:
            content_type = response.content_type
            if content_type == STREAM:
                continue  # a live stream: a page shows what is stored, and the stream never ends
            body = await response.read()
            status = response.status
            location = response.headers.get("Location")
        if location:
            found = [location]
        elif content_type == "text/html":
            found = page_links(body.decode(response.charset or "utf-8"))
        else:
            found = []
        yield Fetched(url, status, content_type, body, kind)
        for link in found:
            address = site_address(url, link)
            if address is not None and address not in seen and inside(urlsplit(address).path):
                seen.add(address)
                queue.append(address)
