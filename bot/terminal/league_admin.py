"""``dugout league``: make a league, show it, set its game options and league rules, add a card set, as
/league-create, /league info and /league options do in Discord (bot.words.leagues: the same words).

At the terminal whoever holds the league file is its commissioner: nothing asks who he is."""

from __future__ import annotations

import argparse
from typing import Any

from bot.terminal.files import add_file_arguments, on_league, on_store
from bot.words.leagues import (
    card_set_names,
    change_setting,
    choose_ruleset,
    league_settings,
    open_league,
    set_folder,
    shown_value,
)
from bot.words.web import web_text
from engine import rulesets
from league.cardpool import set_label
from league.models import League
from league.settings import game_options_of, ruleset_title
from league.store import Store


def league_text(league: League, parts: tuple[str, ...] = ("options", "rules")) -> str:
    """The league as /league info shows it: season, day, game, card sets, then its options and rules."""
    lines = [
        league.name,
        f"Season {league.season}, day {league.day}",
        f"Game: {ruleset_title(league.ruleset)}",
        f"Card sets: {', '.join(set_label(ref) for ref in league.card_sets)}",
    ]
    options, rules = league_settings(league)
    for title, part, values in (("Game options", "options", options), ("League rules", "rules", rules)):
        if part in parts:
            lines += ["", f"{title}:", *(f"  {name}: {shown_value(value)}" for name, value in values.items())]
    return "\n".join(lines)


def _create(args: argparse.Namespace) -> int:
    sets = card_set_names(args.card_sets, args.ruleset)

    async def job(store: Store) -> str:
        ruleset = choose_ruleset(args.ruleset, sets)
        _, text = await open_league(store, args.name, sets, ruleset, teams=args.teams, next_step="dugout team create")
        return text

    return on_store(args, job, create=True)


def _show(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        return league_text(league)

    return on_league(args, job)


def _setting(args: argparse.Namespace) -> int:
    """options / rules: the league's own settings of that kind, or one of them changed."""

    async def job(store: Store, league: League) -> str:
        if args.setting is None:
            return league_text(league, (args.league_command,))
        how = f"dugout league {args.league_command} {args.setting} on"
        changed = await change_setting(store, league, args.setting, args.value, how)
        kind = "options" if args.setting in game_options_of(changed.ruleset) else "rules"
        value: Any = getattr(changed.options if kind == "options" else changed.rules, args.setting)
        return f"{args.setting} is now {shown_value(value)}."

    return on_league(args, job)


def _add_set(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        set_folder(args.card_set)  # by name, as Discord names them: the same refusal
        changed = await store.add_card_set(league.id, args.card_set)
        return f"{changed.name} plays with {', '.join(set_label(ref) for ref in changed.card_sets)}."

    return on_league(args, job)


def _web(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        if args.unlisted is not None or args.renew:
            league = await store.set_web(league.id, unlisted=args.unlisted, renew=args.renew)
        return web_text(league, None, "dugout web serves it")

    return on_league(args, job)


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    league = sub.add_parser(
        "league",
        help="the league: create it, show it, its game options and rules, its card sets (as /league)",
        description="The league in the file, as /league-create, /league info and /league options run it in "
        "Discord; at the terminal you are its commissioner.",
    )
    league_sub = league.add_subparsers(dest="league_command", required=True)
    create = league_sub.add_parser(
        "create",
        help="start a league, with the teams its card sets list (as /league-create)",
        description="Start a league in the file (made if need be): its game, its card sets by name, and the "
        "teams a generated season's set lists, each with its roster, lineups, rotation and bullpen.",
    )
    create.add_argument("name", help="the league's name")
    create.add_argument(
        "--sets",
        dest="card_sets",
        help="card sets by name, comma-separated, e.g. 1970 (default: the game's sample set)",
    )
    create.add_argument(
        "--ruleset", choices=rulesets.NAMES, help="the game the league plays (default: the card sets' own)"
    )
    create.add_argument(
        "--no-teams", dest="teams", action="store_false", help="do not make the teams the card sets list"
    )
    add_file_arguments(create, league=False)
    create.set_defaults(func=_create)

    show = league_sub.add_parser("show", help="the league: season, day, game, card sets, options and rules")
    add_file_arguments(show)
    show.set_defaults(func=_show)
    for kind, what in (("options", "game option (its ruleset's options model)"), ("rules", "league rule")):
        part = league_sub.add_parser(
            kind,
            help=f"the league's {kind}, or set one {what} (as /league options)",
            description=f"Without a name, the league's {kind}; with a name and a value, that setting changed "
            "(on/off or a number, as /league options takes them). A league is offered its own game's settings.",
        )
        part.add_argument("setting", nargs="?", help="the setting to change")
        part.add_argument("value", nargs="?", help="its new value: on/off, a number")
        add_file_arguments(part)
        part.set_defaults(func=_setting)
    add_set = league_sub.add_parser(
        "add-set", help="the league plays with one more card set, by name (its players become free agents)"
    )
    add_set.add_argument("card_set", help="the card set's name, e.g. 1971")
    add_file_arguments(add_set)
    add_set.set_defaults(func=_add_set)
    web = league_sub.add_parser(
        "web",
        help="the league's web site: its address, listed or unlisted, a new secret (as /league web)",
        description="The address of the league's web pages (docs/web.md). An unlisted league is left off the "
        "site's index and its pages are only at an address with a secret; --renew gives it a new secret.",
    )
    listing = web.add_mutually_exclusive_group()
    listing.add_argument("--unlisted", action="store_true", default=None, help="reachable only with the secret")
    listing.add_argument("--listed", dest="unlisted", action="store_false", default=None, help="on the index")
    listing.add_argument("--renew", action="store_true", help="a new secret: the old address stops working")
    add_file_arguments(web)
    web.set_defaults(func=_web)
