"""``dugout schedule``: the season's games scheduled (``make``) and listed (``show``), as /schedule make and
/schedule show do in Discord (bot.words.schedule: the same lines)."""

from __future__ import annotations

import argparse
import sys

from bot.terminal.files import add_file_arguments, database_path, on_league
from bot.words.schedule import schedule_lines
from league import db
from league.cardpool import set_names
from league.models import League
from league.store import Store


def _make(args: argparse.Namespace) -> int:
    """dugout schedule make: the league's season scheduled, as /schedule make does."""
    from bot.terminal import simulate

    path = database_path(args)
    if args.card_set is None and db.missing(path):
        print(
            f"no database at {db.shown(path)} (--set makes its terminal league; so do dugout run and the bot)",
            file=sys.stderr,
        )
        return 1
    least = {"games": 1, "series_length": 1, "off_days": 0, "first_day": 1}
    for name, low in least.items():
        if (value := getattr(args, name)) is not None and value < low:
            print(f"dugout schedule: --{name.replace('_', '-')} is at least {low}", file=sys.stderr)
            return 2
    return simulate.run_schedule(
        path,
        args.league,
        args.card_set,
        args.games,
        series_length=args.series_length,
        off_days=args.off_days,
        first_day=args.first_day,
        seed=args.seed,
    )


def _show(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        team = await store.find_team(league.id, args.team) if args.team else None
        title, lines = await schedule_lines(store, league, args.day, team, "dugout schedule make")
        return "\n".join([title, *lines])

    return on_league(args, job)


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    schedule = sub.add_parser(
        "schedule", help="the league's season: schedule its games, list them (as /schedule make and show)"
    )
    schedule_sub = schedule.add_subparsers(dest="schedule_command", required=True, metavar="make|show")
    make = schedule_sub.add_parser(
        "make",
        help="schedule the season's games",
        description="Schedule the season's games as /schedule make does in Discord: series of about "
        "--series-length games, off days, homestands and road trips, division and league rivals met more "
        "often; a real season's set plays its leagues' own structure. Then dugout sim plays them.",
    )
    make.add_argument("--games", type=int, help="games a team (default: the card sets' real season, e.g. 162)")
    make.add_argument("--series-length", type=int, default=3, help="games in most series (default 3)")
    make.add_argument("--off-days", type=int, help="days each team has without a game (default: about one a week)")
    make.add_argument("--first-day", type=int, help="league day of the first games (default: today)")
    make.add_argument("--seed", type=int, default=0, help="another number gives another schedule with the same rules")
    make.add_argument(
        "--set",
        dest="card_set",
        help="the terminal league of this card set, as dugout run --set names it (made if the file lacks it): "
        f"a card set's name ({', '.join(set_names())}) or a set folder",
    )
    add_file_arguments(make)
    make.set_defaults(func=_make)

    show = schedule_sub.add_parser(
        "show", help="the season's games: one day's, one team's, or from today on (as /schedule show)"
    )
    show.add_argument("--day", type=int, help="only this league day's games")
    show.add_argument("--team", help="only this team's games (its name or abbreviation)")
    add_file_arguments(show)
    show.set_defaults(func=_show)
