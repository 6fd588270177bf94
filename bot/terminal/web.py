"""``dugout web``: the league file's web site (bot.web; docs/web.md), served until Ctrl-C."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TextIO

from bot.terminal.files import add_file_arguments, database_path
from bot.web import links
from bot.web.serve import DEFAULT_HOST, DEFAULT_PORT, start_site
from league import db
from league.errors import LeagueError, SettingsError
from league.store import Store


async def serve(path: Path | str, host: str, port: int, out: TextIO) -> int:
    """Serve every league of the file and print the site's address and each league's, then wait."""
    if db.missing(path):
        raise SettingsError(f"no league file at {path} (dugout run or dugout league create makes a league)")
    async with await Store.open(path) as store:
        runner, address = await start_site(store, host, port)
        try:
            print(f"Dugout's league site for {path} at {address} (Ctrl-C stops it)", file=out)
            for league in await store.all_leagues():
                hidden = " (unlisted)" if league.web_secret else ""
                print(f"  {league.name}: {links.league_url(address, league)}{hidden}", file=out)
            out.flush()
            await asyncio.Event().wait()  # until Ctrl-C cancels the run
        finally:
            await runner.cleanup()
    return 0


def _run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(serve(database_path(args), args.host, args.port, sys.stdout))
    except KeyboardInterrupt:
        return 0
    except (LeagueError, OSError) as exc:  # OSError: the port is taken or the host is not this machine's
        print(f"dugout web: {exc}", file=sys.stderr)
        return 1


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "web",
        help="serve the league file's web site: standings, games, leaders (docs/web.md)",
        description="Serve the web site of every league in the file (read-only pages) until Ctrl-C. "
        "An unlisted league's pages are only at the address with its secret, printed here.",
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT}; 0: any)")
    parser.add_argument("--host", default=DEFAULT_HOST, help=f"the address to listen on (default {DEFAULT_HOST})")
    add_file_arguments(parser, league=False)
    parser.set_defaults(func=_run)
