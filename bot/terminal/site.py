"""``dugout site export``: the league's web site written as static files any static host serves
(bot.web.export; docs/web.md). As ``dugout export``, a file the export would write that is already
there is refused before anything is written, so an export never overwrites anything."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import TextIO

from bot.terminal.files import add_file_arguments, database_path
from bot.terminal.league import pick_league
from bot.web.export import HOME, export_site
from league import db
from league.errors import LeagueError, SettingsError
from league.store import Store


async def export(path: Path | str, league_name: str | None, out_dir: Path, base_url: str, out: TextIO) -> int:
    if db.missing(path):
        raise SettingsError(f"no league file at {path} (dugout run or /league-create makes a league)")
    start = time.perf_counter()
    async with await Store.open(path) as store:
        league = await pick_league(store, league_name)
        made = await export_site(store, league, out_dir, base_url=base_url)
    seconds = time.perf_counter() - start
    print(
        f"The site of {league.name}: {made.pages} pages, {made.files - made.pages} other files, "
        f"{made.size / 1e6:.1f} MB, in {out_dir} ({seconds:.1f} s); its home is {out_dir / HOME}",
        file=out,
    )
    if made.missing:
        print(f"  linked but not there (linked to the home): {', '.join(made.missing[:5])}", file=out)
    return 0


def _run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(export(database_path(args), args.league, Path(args.out), args.base_url, sys.stdout))
    except LeagueError as exc:
        print(f"dugout site export: {exc}", file=sys.stderr)
        return 1


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    site = sub.add_parser("site", help="the league's web site as static files (docs/web.md)")
    site_sub = site.add_subparsers(dest="site_command", required=True)
    parser = site_sub.add_parser(
        "export",
        help="write the league's web site as static files any static host serves (docs/web.md)",
        description="Write every page of the league's web site into --out (made if need be) as static files: "
        "its home is index.html there, each page a folder's index.html. Files already there are left alone; "
        "an export that would overwrite one is refused.",
    )
    parser.add_argument("--out", required=True, help="the folder to write the site into")
    parser.add_argument(
        "--base-url",
        default="",
        help="the address the folder is served at (https://example.org/league): links start with it "
        "(default: relative links, which work at any address and from the disk)",
    )
    add_file_arguments(parser)
    parser.set_defaults(func=_run)
