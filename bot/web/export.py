"""A league's site as static files (``dugout site export``; docs/web.md).

The site is walked in-process (bot.web.crawl) from the league's home through every link that stays in
the league's pages or the site's ``/static`` files. The folder is the league's site: its home is
``index.html``, a page at ``/<slug>/games/12`` is ``games/12/index.html``, a query is one folder more
(``schedule?team=B01`` is ``schedule/team-B01/index.html``), and a file (``static/site.css``, a chart)
is itself. Links are rewritten to those files: relative, so the folder works at any address (and opened
from the disk), or under ``base_url`` when given. A link to a page of the site outside the league
(the site's index) leads to the league's home. A live stream is not followed: a live game's page shows
what was stored when it was exported.
"""

from __future__ import annotations

import html
import mimetypes
import posixpath
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

from aiohttp.test_utils import TestClient, TestServer

from bot.web import links
from bot.web.app import make_app
from bot.web.crawl import site_address, walk
from league.errors import SettingsError
from league.models import League
from league.store import Store

HOME = "index.html"
_LINK = re.compile(r'\b(href|src)="([^"]*)"')
_UNSAFE = re.compile(r"[^A-Za-z0-9._~-]")
_PARSED = ("text/html", "image/svg+xml")  # the files whose links are followed and rewritten


@dataclass(frozen=True)
class SiteExport:
    """What an export wrote: its pages (HTML) and other files, their bytes, and linked pages not there."""

    pages: int
    files: int
    size: int
    missing: list[str]


def _segment(text: str) -> str:
    """One part of a file's path, safe on any disk: no '/', no '..', nothing a URL must escape."""
    safe = _UNSAFE.sub("_", text)
    return "_" + safe if safe in ("", ".", "..") else safe


def file_of(url: str, content_type: str, home: str) -> str:
    """The file (a path under the export's folder, '/' between parts) of the page at ``url``."""
    parts = urlsplit(url)
    path = parts.path[len(home) :] if parts.path.startswith(home) else parts.path.lstrip("/")
    names = [_segment(unquote(p)) for p in path.split("/") if p]
    if parts.query:
        names.append(_segment("_".join(p.replace("=", "-", 1) for p in parts.query.split("&") if p)))
    if content_type == "text/html":
        return "/".join([*names, HOME])
    if not names:
        names = ["index"]
    if not posixpath.splitext(names[-1])[1]:  # a file the host must know the type of: name it by its type
        names[-1] += mimetypes.guess_extension(content_type) or ".bin"
    return "/".join(names)


def _distinct(file: str, taken: set[str]) -> str:
    """``file``, or (two addresses one name once made safe) a name beside it no other file has."""
    while file in taken:
        if file == HOME or file.endswith("/" + HOME):
            file = f"{file[: -len(HOME)].rstrip('/')}_/{HOME}"
        else:
            stem, ext = posixpath.splitext(file)
            file = f"{stem}_{ext}"
    return file


def _link_to(target: str, page_file: str, base_url: str) -> str:
    """How the page in ``page_file`` links to ``target`` (both export paths)."""
    if base_url:
        shown = target[: -len(HOME)] if target == HOME or target.endswith("/" + HOME) else target
        return f"{base_url.rstrip('/')}/{quote(shown)}"
    return quote(posixpath.relpath(target, posixpath.dirname(page_file) or "."))


def rewrite(text: str, page_url: str, page_file: str, files: dict[str, str], base_url: str) -> str:
    """The page with each of the site's own links pointing to its exported file (a fragment kept)."""

    def one(match: re.Match[str]) -> str:
        value = html.unescape(match[2])
        address = site_address(page_url, value)
        if address is None:
            return match[0]
        fragment = value[value.index("#") :] if "#" in value else ""
        target = files.get(address, HOME)  # a page outside the export: the league's home
        return f'{match[1]}="{html.escape(_link_to(target, page_file, base_url) + fragment)}"'

    return _LINK.sub(one, text)


async def export_site(store: Store, league: League, out_dir: Path, *, base_url: str = "") -> SiteExport:
    """Every page of ``league``'s site written under ``out_dir``; refused, with nothing written, when
    ``out_dir`` is a file or already holds a file the export would write."""
    if out_dir.exists() and not out_dir.is_dir():
        raise SettingsError(f"--out {out_dir} is a file, not a folder")
    home = links.league_url("", league)
    with tempfile.TemporaryDirectory(prefix="dugout-site-") as staging:
        fetched: list[tuple[str, str, str]] = []  # url, content type, file
        files: dict[str, str] = {}
        taken: set[str] = set()
        missing = []
        async with TestClient(TestServer(make_app(store))) as client:
            inside = lambda path: path.startswith((home, "/static/"))  # noqa: E731
            async for page in walk(client, home, inside):
                if page.status != 200:
                    missing.append(page.url)
                    continue
                file = _distinct(file_of(page.url, page.content_type, home), taken)
                taken.add(file)
                files[page.url] = file
                (Path(staging) / str(len(fetched))).write_bytes(page.body)
                fetched.append((page.url, page.content_type, file))
        there = [f for f in sorted(taken) if (out_dir / f).exists()]
        if there:
            named = ", ".join(there[:3]) + (f" and {len(there) - 3} more" if len(there) > 3 else "")
            raise SettingsError(
                f"{out_dir} already has {named}: name another folder with --out, or remove the old export"
            )
        size = pages = 0
        for n, (url, content_type, file) in enumerate(fetched):
            data = (Path(staging) / str(n)).read_bytes()
            if content_type in _PARSED:
                data = rewrite(data.decode("utf-8"), url, file, files, base_url).encode("utf-8")
                pages += content_type == "text/html"
            target = out_dir / file
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            size += len(data)
    return SiteExport(pages, len(fetched), size, missing)
