"""dugout history: a league's champions, final standings, awards, single-season and career leaders (issue 28),
the words /history shows in Discord (bot.words.history)."""

from __future__ import annotations

import argparse

from bot.terminal.files import add_file_arguments, on_league
from bot.words.history import VIEW_NAMES, VIEWS, history_page
from league.models import League
from league.store import Store


def _history(args: argparse.Namespace) -> int:
    async def page(store: Store, league: League) -> str:
        return await history_page(store, league, args.view, season=args.season, stat=args.stat, limit=args.limit or 0)

    return on_league(args, page)


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:

    parser = sub.add_parser(
        "history",
        help="the league's history: champions, final standings, awards, single-season and career leaders",
        description="A league's seasons, all of them, as /history shows them in Discord. Views: "
        + "; ".join(f"{v}: {VIEW_NAMES[v]}" for v in VIEWS)
        + ".",
    )
    parser.add_argument("view", nargs="?", default="champions", choices=VIEWS, help="what to show (default: champions)")
    parser.add_argument("--season", type=int, help="standings: one season's (default: every season's)")
    parser.add_argument("--stat", help="leaders, career: one stat (hr, avg, era …; default: the main ones)")
    parser.add_argument("--limit", type=int, help="leaders, career: names per stat (default 5, 10 for one stat)")
    parser.add_argument("--guild", type=int, help="the Discord server id whose league it is")
    add_file_arguments(parser)
    parser.set_defaults(func=_history)
