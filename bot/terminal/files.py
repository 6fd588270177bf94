"""The league file and league every terminal command reads: ``--database`` and ``--league``, worded alike."""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.words.errors import UserError
from league import db
from league.errors import LeagueError
from league.models import League
from league.store import Store

DEFAULT_DATABASE = "data/dugout.sqlite3"
# Set by the Docker image to its volume's file. It outranks DUGOUT_DATABASE because `docker run
# --env-file .env` makes .env's DUGOUT_DATABASE a real environment variable, which would win
# over the image's own ENV and move the league off the volume.
IMAGE_DATABASE = "DUGOUT_IMAGE_DATABASE"


def database_path(args: argparse.Namespace) -> Path | str:
    """The league store: --database (a file or a database URL), else DUGOUT_DATABASE_URL (PostgreSQL,
    docs/deployment.md), else DUGOUT_IMAGE_DATABASE (the Docker image's file), else DUGOUT_DATABASE,
    from the environment or .env (a real environment variable wins over .env), else data/dugout.sqlite3.
    A URL comes back as it is, a file as its Path."""
    from dotenv import load_dotenv

    load_dotenv()
    chosen = (
        getattr(args, "database", None)
        or os.environ.get("DUGOUT_DATABASE_URL")
        or os.environ.get(IMAGE_DATABASE)
        or os.environ.get("DUGOUT_DATABASE")
    )
    if chosen and db.is_url(chosen):
        return chosen
    return Path(chosen or DEFAULT_DATABASE)


# bot.terminal.league.pick_league's rule, which every command that reads a league file follows.
LEAGUE_HELP = (
    "the league's name (default: the terminal league: the file's only league, else its only league outside "
    "Discord, else 'Terminal League', the one dugout run plays without --set)"
)
DATABASE_HELP = (
    "the league file or a postgresql:// URL (default: DUGOUT_DATABASE_URL or DUGOUT_DATABASE from the environment "
    "or .env, else data/dugout.sqlite3)"
)


def add_file_arguments(parser: argparse.ArgumentParser, *, league: bool = True, default: object = None) -> None:
    """--database (and --league): the same two options, worded alike, on every command that reads a league
    file, right after the command's own words (``dugout db upgrade --database F``)."""
    parser.add_argument("--database", default=default, help=DATABASE_HELP)
    if league:
        parser.add_argument("--league", help=LEAGUE_HELP)


# Discord's markup in the words both front ends share: **bold**, *italic*, `code`.
MARKUP = re.compile(r"\*\*|`|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])")


def plain(text: str) -> str:
    """The shared words (bot.words) as the terminal prints them: without Discord's markup."""
    return MARKUP.sub("", text)


MAKES_ONE = "dugout run or dugout league create makes a league in it"


def on_store(
    args: argparse.Namespace,
    job: Callable[[Store], Awaitable[str]],
    *,
    create: bool = False,
    makes_one: str = MAKES_ONE,
) -> int:
    """Run ``job`` on the league file and print what it says; a refusal (the store's named errors, the shared
    words' UserError) is one line on stderr and exit status 1, as every dugout command refuses."""
    path = database_path(args)
    if not create and db.missing(path):
        print(f"no database at {db.shown(path)} ({makes_one})", file=sys.stderr)
        return 1

    async def run() -> str:
        async with await Store.open(path) as store:
            return await job(store)

    try:
        print(plain(asyncio.run(run())))
    except (UserError, LeagueError) as exc:
        print(f"dugout: {plain(str(exc))}", file=sys.stderr)
        return 1
    return 0


def on_league(
    args: argparse.Namespace, job: Callable[[Store, League], Awaitable[str]], makes_one: str = MAKES_ONE
) -> int:
    """:func:`on_store` on the league ``--league`` (and ``--guild``) names (bot.terminal.league.pick_league)."""
    from bot.terminal.league import pick_league

    async def picked(store: Store) -> str:
        return await job(store, await pick_league(store, getattr(args, "league", None), getattr(args, "guild", None)))

    return on_store(args, picked, makes_one=makes_one)
