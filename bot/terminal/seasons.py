"""``dugout season new | show | keepers``: a league's seasons at the terminal (docs/seasons.md), the same service and
words as ``/season`` in Discord (league.seasons, Store.new_season). The terminal is the league file's
operator: it acts as the commissioner."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from bot.terminal import league as terminal
from bot.terminal.files import add_file_arguments, database_path
from bot.words.errors import UserError
from bot.words.lookup import find_cards
from league import db
from league.seasons import keepers_text, new_season_text, season_text
from league.store import Store


def add_commands(sub: Any) -> None:
    """The ``season`` command and its two actions, on the ``dugout`` parser's subcommands."""

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
    keepers = actions.add_parser("keepers", help="show or mark the players a team keeps before a redraft")
    keepers.add_argument("team", help="the team's name or abbreviation")
    keepers.add_argument("--players", help="players it keeps first, comma-separated (names or card ids)")
    add_file_arguments(keepers)
    season.set_defaults(func=_season)


def _season(args: argparse.Namespace) -> int:

    path = database_path(args)
    if db.missing(path):
        print(f"no database at {db.shown(path)} (dugout run makes the terminal league)", file=sys.stderr)
        return 1

    async def run() -> str:
        async with await Store.open(path) as store:
            league = await terminal.pick_league(store, args.league)
            if args.season_command == "new":
                return new_season_text(await store.new_season(league.id, card_set=args.cards))
            if args.season_command == "keepers":
                team = await store.find_team(league.id, args.team)
                pool = await store.card_pool(league.id)
                if args.players is not None:
                    roster = [e.card_id for e in await store.roster(team.id)]
                    await store.set_keepers(
                        team.id, find_cards(pool, args.players, roster, f"on the {team.name} roster")
                    )
                kept = [pool.name(card_id) for card_id in await store.keepers(team.id)]
                return keepers_text(team.name, kept, league.rules.keepers, bool(league.rules.redraft))
            return season_text(await store.season(league.id, args.number))

    try:
        print(asyncio.run(run()))
    except UserError as exc:
        print(f"dugout: {exc}", file=sys.stderr)
        return 1
    return 0
