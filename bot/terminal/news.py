"""``dugout news``: a league day's news (league.news; docs/news.md), as the bot posts it in Discord."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TextIO

from bot.terminal.files import add_file_arguments, database_path
from bot.terminal.league import pick_league
from league import db
from league.errors import LeagueError, SettingsError
from league.news import DayNews, day_news
from league.store import Store


def print_news(news: DayNews, out: TextIO, *, empty: bool = True) -> None:
    """The day's news under its headings; ``empty``: say so for a day without news (else print nothing)."""
    if not news.items:
        if empty:
            print(f"{news.title}: nothing to report.", file=out)
        return
    print(news.title, file=out)
    for heading, lines in news.sections():
        print(f"  {heading}", file=out)
        for line in lines:
            print(f"    {line}", file=out)


async def show(path: Path | str, league_name: str | None, day: int | None, season: int | None, out: TextIO) -> int:

    if db.missing(path):
        raise SettingsError(f"no league file at {path} (dugout run or /league-create makes a league)")
    async with await Store.open(path) as store:
        league = await pick_league(store, league_name)
        print_news(await day_news(store, league.id, day, season), out)
    return 0


def _run(args: argparse.Namespace) -> int:

    try:
        return asyncio.run(show(database_path(args), args.league, args.day, args.season, sys.stdout))
    except LeagueError as exc:
        print(f"dugout news: {exc}", file=sys.stderr)
        return 1


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:

    parser = sub.add_parser(
        "news",
        help="a league day's news: milestones, injuries, trades and roster moves (docs/news.md)",
        description="A league day's news as the bot posts it in the league's channel: the day's milestones "
        "(a no-hitter, a cycle, a 20th win …), injuries and returns, trades and roster moves.",
    )
    parser.add_argument("--day", type=int, help="the league day (default: the last day played)")
    parser.add_argument("--season", type=int, help="the season (default: the league's current one)")
    add_file_arguments(parser)
    parser.set_defaults(func=_run)
