"""``dugout team``: a team's page (``dugout team show NAME``, or ``dugout team NAME`` as before), and the
commissioner's /team create, /team edit and /team remove (bot.words.teams: the same words)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from bot.terminal.files import add_file_arguments, on_league
from bot.terminal.pages import add_page_arguments
from bot.words.teams import NO_DIVISION, create_team, edit_team, remove_team
from league.models import League
from league.store import Store

WORDS = ("show", "create", "edit", "remove")


def with_show(argv: Sequence[str]) -> list[str]:
    """``dugout team NAME`` (the page, before the team had subcommands) is ``dugout team show NAME``, its
    options before or after the name (``dugout team --database F HC``) as before."""
    argv = list(argv)
    if argv[:1] != ["team"]:
        return argv
    words = iter(argv[1:])
    for word in words:
        if word in ("-h", "--help"):
            return argv
        if word.startswith("-"):
            if "=" not in word:
                next(words, None)  # the page's options (--database, --league, --season) each take a value
            continue
        return argv if word in WORDS else ["team", "show", *argv[1:]]
    return argv


def _create(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        _, text = await create_team(
            store,
            league,
            args.name,
            args.abbreviation,
            ballpark=args.ballpark,
            division=args.division,
            next_step="dugout roster sign",
        )
        return text

    return on_league(args, job)


def _edit(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        team = await store.find_team(league.id, args.team)
        _, text = await edit_team(
            store,
            league,
            team,
            name=args.name,
            abbreviation=args.abbreviation,
            ballpark=args.ballpark,
            division=args.division,
            subleague=args.subleague,
        )
        return text

    return on_league(args, job)


def _remove(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        return await remove_team(store, league, await store.find_team(league.id, args.team))

    return on_league(args, job)


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    team = sub.add_parser(
        "team",
        help="a team's page (dugout team NAME); create, edit and remove teams (as /team)",
        description="dugout team NAME (or dugout team show NAME) prints a team's page: record, splits, roster "
        "with season lines. create, edit and remove make, change and remove teams as /team does.",
    )
    team_sub = team.add_subparsers(dest="team_command", required=True)
    show = team_sub.add_parser("show", help="a team's page: record, splits, roster with season lines")
    show.add_argument("team", help="the team's name or abbreviation")
    add_page_arguments(show)

    create = team_sub.add_parser("create", help="a new team in the league (as /team create)")
    create.add_argument("name", help="the team's name, e.g. Harbor City")
    create.add_argument("abbreviation", help="its abbreviation, 1 to 5 letters or digits, e.g. HC")
    create.add_argument("--ballpark", help="its home ballpark card (id, name or team)")
    create.add_argument("--division", help="its division, if the league plays in divisions")
    add_file_arguments(create)
    create.set_defaults(func=_create)

    edit = team_sub.add_parser("edit", help="rename a team or change its ballpark, division or league (/team edit)")
    edit.add_argument("team", help="the team's name or abbreviation")
    edit.add_argument("--name", help="its new name")
    edit.add_argument("--abbreviation", help="its new abbreviation, 1 to 5 letters or digits")
    edit.add_argument("--ballpark", help="its new home ballpark card")
    edit.add_argument("--division", help=f"its division ('{NO_DIVISION}' takes it out of its division)")
    edit.add_argument("--subleague", help=f"its league of two, e.g. AL or NL ('{NO_DIVISION}' takes it out)")
    add_file_arguments(edit)
    edit.set_defaults(func=_edit)

    remove = team_sub.add_parser("remove", help="take a team without games out of the league (as /team remove)")
    remove.add_argument("team", help="the team's name or abbreviation; its players become free agents")
    add_file_arguments(remove)
    remove.set_defaults(func=_remove)
