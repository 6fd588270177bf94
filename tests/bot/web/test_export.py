"""``dugout site export`` (docs/web.md): the league's site as static files whose links all lead to a file of
the export, at any address; a folder that holds a file the export would write is refused, as ``dugout export``
refuses; a live stream is not followed."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bench.synth import bench_league, write_bench_set
from bot.terminal.cli import main
from bot.web.crawl import walk
from bot.web.export import file_of
from league import autoplay
from league.store import Store

TEAMS, GAMES = 2, 2  # a small league: the export draws every player's card
LINK = re.compile(r'\b(?:href|src)="([^"]*)"')


async def _league(path: Path, cards: Path) -> None:
    async with await Store.open(path) as store:
        league = await bench_league(store, write_bench_set(cards, TEAMS), TEAMS, GAMES, seed=3)
        await autoplay.advance(store, league.id, 2, rng=random.Random(1))


@pytest.fixture(scope="module")
def league_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    asyncio.run(_league(folder / "league.sqlite3", folder / "cards"))
    return folder / "league.sqlite3"


def _export(league_file: Path, out: Path, *more: str) -> int:
    return main(["site", "export", "--out", str(out), "--database", str(league_file), *more])


def test_every_link_of_the_export_leads_to_a_file_of_it(
    league_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    assert _export(league_file, out) == 0
    said = capsys.readouterr().out
    assert said.startswith("The site of Bench League: ") and f"its home is {out / 'index.html'}" in said
    pages = sorted(out.rglob("index.html"))
    assert out / "index.html" in pages and out / "schedule" / "index.html" in pages
    assert (out / "static" / "site.css").is_file()
    for page in pages:
        for link in LINK.findall(page.read_text(encoding="utf-8")):
            if link.startswith(("http:", "https:", "#", "mailto:")):
                continue
            assert not link.startswith("/"), (page, link)  # a path from the host's root breaks under a prefix
            target = (page.parent / unquote(urlsplit(link).path)).resolve()
            assert target.is_file() and target.is_relative_to(out.resolve()), (page, link)
    schedule = (out / "schedule" / "index.html").read_text(encoding="utf-8")
    assert 'href="../static/site.css"' in schedule and 'href="../index.html"' in schedule


def test_a_base_url_starts_every_link(league_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert _export(league_file, out, "--base-url", "https://example.org/porch/") == 0
    home = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="https://example.org/porch/static/site.css"' in home
    assert 'href="https://example.org/porch/schedule/"' in home
    assert 'href="/' not in home


def test_a_folder_holding_a_file_of_the_export_is_refused_and_nothing_is_written(
    league_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    (out / "schedule").mkdir(parents=True)
    (out / "schedule" / "index.html").write_text("mine")
    (out / "notes.txt").write_text("mine too")
    assert _export(league_file, out) == 1
    assert capsys.readouterr().err == (
        f"dugout site export: {out} already has schedule/index.html: name another folder with --out, "
        "or remove the old export\n"
    )
    assert sorted(p.name for p in out.rglob("*")) == ["index.html", "notes.txt", "schedule"]
    assert (out / "schedule" / "index.html").read_text() == "mine"
    (out / "schedule" / "index.html").unlink()
    assert _export(league_file, out) == 0  # other files in the folder are left alone
    assert (out / "notes.txt").read_text() == "mine too"
    assert _export(league_file, out) == 1
    assert " and " in capsys.readouterr().err  # many files: the first three named


def test_out_a_file_or_no_league_file_is_one_line(
    league_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a-file").write_text("")
    assert _export(league_file, tmp_path / "a-file") == 1
    assert capsys.readouterr().err == f"dugout site export: --out {tmp_path / 'a-file'} is a file, not a folder\n"
    assert _export(tmp_path / "none.sqlite3", tmp_path / "site") == 1
    assert capsys.readouterr().err.startswith(f"dugout site export: no league file at {tmp_path / 'none.sqlite3'}")
    assert not (tmp_path / "site").exists()


def test_a_path_from_the_site_is_a_safe_file_name() -> None:
    assert file_of("/l/", "text/html", "/l/") == "index.html"
    assert file_of("/l/players/%2E%2E", "text/html", "/l/") == "players/_../index.html"
    assert file_of("/l/players/a%2Fb", "text/html", "/l/") == "players/a_b/index.html"
    assert file_of("/l/schedule?team=B01", "text/html", "/l/") == "schedule/team-B01/index.html"
    assert file_of("/l/teams/B01/chart", "image/svg+xml", "/l/") == "teams/B01/chart.svg"
    assert file_of("/static/site.css", "text/css", "/l/") == "static/site.css"


async def test_the_walk_does_not_read_a_live_stream() -> None:
    async def page(request: web.Request) -> web.Response:
        return web.Response(text='<a href="/l/live">live</a> <a href="/l/other">other</a>', content_type="text/html")

    async def live(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        await asyncio.Event().wait()  # a stream that never ends
        return response

    app = web.Application()
    app.router.add_get("/l/", page)
    app.router.add_get("/l/other", page)
    app.router.add_get("/l/live", live)
    async with TestClient(TestServer(app)) as client:

        async def pages() -> list[str]:
            return [p.url async for p in walk(client, "/l/", lambda path: path.startswith("/l/"))]

        seen = await asyncio.wait_for(pages(), 10)
    assert seen == ["/l/", "/l/other"]
