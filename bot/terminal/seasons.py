"""``dugout season new | show``: a league's seasons at the terminal (docs/seasons.md), the same service and
words as ``/season`` in Discord (league.seasons, Store.new_season). The terminal is the league file's
operator: it acts as the commissioner."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from league.seasons import new_season_text, season_text


def add_commands(sub: Any) -> None:
    """The ``season`` command and its two actions, on the ``dugout`` parser's subcommands."""
    from bot.terminal.cli import add_file_arguments

    season = sub.add_parser(
        "season",
        help="a league's seasons: close the finished one and open the next, or show one",
        description="'dugout season new' closes the finished season (its playoffs have a champion) and opens the "
        "next; --cards SET gives each rostered player his card from that set. 'dugout season show [N]' shows a "
        "season. See docs/seasons.md.",
    )
    actions = season.add_subparsers(dest="season_command", required=True)
    new = actions.add_parser("new", help="close the finished season and open the next")
    new.add_argument("--cards", metavar="SET", help="a card set the players take their new cards from")
    add_file_arguments(new)
    show = actions.add_parser("show", help="a season's number, card sets, state and champion")
    show.add_argument("number", nargs="?", type=int, help="the season (default: the current one)")
    add_file_arguments(show)
    season.set_defaults(func=_season)


def _season(args: argparse.Namespace) -> int:
    from bot.terminal import league as terminal
    from bot.terminal.cli import database_path
    from league.store import Store

    path = database_path(args)
    if not path.exists():
        print(f"no database at {path} (dugout run makes the terminal league)", file=sys.stderr)
        return 1

    async def run() -> str:
        async with await Store.open(path) as store:
            league = await terminal.pick_league(store, args.league)
            if args.season_command == "new":
                return new_season_text(await store.new_season(league.id, card_set=args.cards))
            return season_text(await store.season(league.id, args.number))

    print(asyncio.run(run()))
    return 0
