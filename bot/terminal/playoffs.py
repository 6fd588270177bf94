"""``dugout playoffs``: the bracket; ``start`` seeds the playoffs; ``format`` shows or chooses the playoff
format, as /playoffs bracket, start and format do (bot.words.playoff_format: the same refusals)."""

from __future__ import annotations

import argparse

from bot.terminal.files import add_file_arguments, on_league
from bot.words.bracket import bracket_text
from bot.words.errors import UserError
from bot.words.playoff_format import choose_format
from league.models import League
from league.playoffs import PRESETS
from league.store import Store

FORMAT_OPTIONS = ("preset", "teams", "rounds")


def _playoffs(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        if args.action == "format":
            chosen = choose_format(args.preset, args.teams, args.rounds, args.byes, args.reseed)
            if chosen is None:
                return f"Playoff format: {(await store.playoff_format(league.id)).describe()}"
            return f"Playoff format set: {(await store.set_playoff_format(league.id, chosen)).describe()}"
        if any(getattr(args, name) is not None for name in FORMAT_OPTIONS) or args.byes or args.reseed:
            raise UserError("--preset, --teams, --rounds, --byes and --reseed choose a format: dugout playoffs format")
        playoffs = await store.start_playoffs(league.id) if args.action == "start" else None
        playoffs = playoffs or await store.playoffs(league.id)
        if playoffs is None:
            fmt = await store.playoff_format(league.id)
            return (
                f"{league.name}: the season {league.season} playoffs have not started (format {fmt.describe()}); "
                "dugout playoffs start seeds them once every regular-season game is final"
            )
        teams = {t.id: t for t in await store.teams(league.id)}
        return f"{league.name}\n{bracket_text(playoffs, teams)}"

    return on_league(args, job, "dugout db upgrade creates it")


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    playoffs = sub.add_parser(
        "playoffs",
        help="a league's playoff bracket; 'start' seeds the playoffs; 'format' shows or chooses their format",
        description="The bracket of the terminal league (or --league, or a Discord server's with --guild). "
        "'dugout playoffs start' seeds the playoffs from the standings once every regular-season game is final. "
        "'dugout playoffs format' shows the format; with --preset, or --teams and --rounds, it chooses one, "
        "as /playoffs format does.",
    )
    playoffs.add_argument(
        "action", nargs="?", choices=["start", "format"], help="start the playoffs, or show or choose their format"
    )
    playoffs.add_argument(
        "--preset",
        choices=list(PRESETS),
        help="format: a preset (" + "; ".join(f"{name}: {fmt.describe()}" for name, fmt in PRESETS.items()) + ")",
    )
    playoffs.add_argument("--teams", type=int, help="format, your own: teams that qualify in each league")
    playoffs.add_argument(
        "--rounds", help="format, your own: each round's series length in order, e.g. 3,5,7,7 (a home pattern: 7:2-3-2)"
    )
    playoffs.add_argument("--byes", type=int, default=0, help="format, your own: top seeds that skip the first round")
    playoffs.add_argument(
        "--reseed", action="store_true", help="format, your own: reseed after each round instead of a fixed bracket"
    )
    playoffs.add_argument("--guild", type=int, help="the Discord server id whose league it is")
    add_file_arguments(playoffs)
    playoffs.set_defaults(func=_playoffs)
