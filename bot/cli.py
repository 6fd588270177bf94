"""The ``dugout`` command: one entry point with a subcommand for each job."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from bot import terminal
from cards import SAMPLE_SET
from cards.csv_io import export_csv, import_csv
from cards.loader import CardSetError, load_set
from cards.text import render_card


def _cards_validate(args: argparse.Namespace) -> int:
    try:
        cardset = load_set(args.path)
    except CardSetError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"{len(exc.problems)} problem(s); nothing loaded from {args.path}", file=sys.stderr)
        return 1
    print(
        f"{cardset.info.name}: {len(cardset.batters)} batters, {len(cardset.pitchers)} pitchers, "
        f"{len(cardset.ballparks)} ballparks in {len(cardset.files)} files: ok"
    )
    return 0


def _cards_show(args: argparse.Namespace) -> int:
    cardset = load_set(args.set)
    try:
        card = cardset.card(args.card_id)
    except KeyError:
        matches = [c for c in cardset.all_cards() if args.card_id.lower() in c.name.lower()]
        if len(matches) != 1:
            print(f"no single card matches {args.card_id!r} in {args.set}", file=sys.stderr)
            return 1
        card = matches[0]
    print(render_card(card))
    return 0


def _cards_list(args: argparse.Namespace) -> int:
    cardset = load_set(args.set)
    for rel, ids in cardset.files.items():
        print(f"{rel}:")
        for card_id in ids:
            card = cardset.card(card_id)
            print(f"  {card_id:<32} {card.name} ({card.year} {card.team})")
    return 0


def _cards_import(args: argparse.Namespace) -> int:
    try:
        cards = import_csv(args.csv, args.kind, args.out)
    except CardSetError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"{len(exc.problems)} problem(s); nothing written", file=sys.stderr)
        return 1
    print(f"wrote {len(cards)} {args.kind} card(s) to {args.out}")
    return 0


def _cards_export(args: argparse.Namespace) -> int:
    cardset = load_set(args.set)
    group = cardset.group(args.kind)
    export_csv(list(group.values()), args.out)
    print(f"wrote {len(group)} {args.kind} card(s) to {args.out}")
    return 0


def _play(args: argparse.Namespace) -> int:
    return terminal.play(args)


def _run(args: argparse.Namespace) -> int:
    """The main job: the Discord bot when a token is set, otherwise a game at the terminal.

    At the terminal you manage the home team; with stdin not a terminal (CI, a
    script, a pipe) the game is only watched, at full speed, so nothing waits for input.
    With ``--bot`` (the Docker image) there is no terminal game: no token is an error.
    """
    from dotenv import load_dotenv

    load_dotenv()
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if token:
        return _run_bot(token, database_path(args))
    if getattr(args, "bot", False):
        print(
            "dugout run --bot: DISCORD_TOKEN is not set. Put the bot's token in the environment "
            "(docker run --env-file .env ...; .env.example says how), or play at a terminal with dugout run.",
            file=sys.stderr,
        )
        return 2
    from bot import season

    database = database_path(args)
    print(f"No DISCORD_TOKEN in .env: the terminal league in {database} (see also dugout play).\n")
    return season.run(database, getattr(args, "pace", None))


def add_run_arguments(run: argparse.ArgumentParser) -> None:
    run.add_argument("--database", help="the league file (default: DUGOUT_DATABASE from the environment or .env)")
    run.add_argument(
        "--pace",
        type=float,
        default=None,
        help="seconds to pause after each plate appearance of a terminal game (default: 0.3 at a terminal, else 0)",
    )
    run.add_argument(
        "--bot",
        action="store_true",
        help="only the Discord bot: without DISCORD_TOKEN, say so and exit with status 2 "
        "instead of playing at the terminal (the Docker image runs this)",
    )


def _run_bot(token: str, database: Path) -> int:
    """The Discord bot, until it is stopped (Ctrl-C or SIGTERM)."""
    import asyncio
    import logging

    import discord

    from bot.app import run_bot

    level = os.environ.get("DUGOUT_LOG_LEVEL", "INFO").upper()
    discord.utils.setup_logging(level=getattr(logging, level, logging.INFO), root=True)
    guild = os.environ.get("DUGOUT_DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        print(f"DUGOUT_DEV_GUILD_ID is a server id (digits), not {guild!r}", file=sys.stderr)
        return 1
    try:
        asyncio.run(run_bot(token, database, int(guild) if guild else None))
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN in .env (Developer Portal, Bot, Reset Token).")
        return 1
    except OSError as exc:  # aiohttp's connection errors are OSErrors: no network, DNS, firewall
        print(f"Cannot reach Discord ({exc}); check this machine's network, or unset DISCORD_TOKEN.")
        return 1
    except KeyboardInterrupt:
        pass
    return 0


DEFAULT_DATABASE = "data/dugout.sqlite3"
# Set by the Docker image to its volume's file. It outranks DUGOUT_DATABASE because `docker run
# --env-file .env` makes .env's DUGOUT_DATABASE a real environment variable, which would win
# over the image's own ENV and move the league off the volume.
IMAGE_DATABASE = "DUGOUT_IMAGE_DATABASE"


def database_path(args: argparse.Namespace) -> Path:
    """--database, else DUGOUT_IMAGE_DATABASE (the Docker image's), else DUGOUT_DATABASE from the
    environment or .env (a real environment variable wins over .env), else data/dugout.sqlite3."""
    from dotenv import load_dotenv

    load_dotenv()
    chosen = getattr(args, "database", None) or os.environ.get(IMAGE_DATABASE) or os.environ.get("DUGOUT_DATABASE")
    return Path(chosen or DEFAULT_DATABASE)


def _db(args: argparse.Namespace) -> int:
    """dugout db upgrade | current | backup [PATH]: the league database's version, migrations and copies."""
    import asyncio
    from datetime import datetime

    from league import db
    from league.errors import DatabaseError

    path = database_path(args)
    if args.db_command != "upgrade" and not path.exists():
        print(f"no database at {path} (dugout db upgrade creates it)", file=sys.stderr)
        return 1

    async def run() -> str:
        conn = await db.connect(path)
        try:
            if args.db_command == "upgrade":
                before, after = await db.upgrade(conn)
                if before == after:
                    return f"{path}: at version {after}, the latest; nothing to do"
                return f"{path}: upgraded from version {before} to {after}"
            if args.db_command == "current":
                version, latest = await db.current_version(conn), db.latest_version()
                state = "up to date" if version == latest else "run dugout db upgrade"
                return f"{path}: version {version} of {latest} ({state})"
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            target = Path(args.path) if args.path else path.with_name(f"{path.stem}-backup-{stamp}{path.suffix}")
            return f"{path}: backed up to {await db.backup(conn, target)}"
        finally:
            await conn.close()

    try:
        print(asyncio.run(run()))
    except DatabaseError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dugout", description="Tabletop baseball leagues in Discord.")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser(
        "run",
        help="the bot if DISCORD_TOKEN is set, otherwise dugout play "
        "(managing the home team at a terminal; only watching, at full speed, when stdin is not a terminal)",
    )
    run.set_defaults(func=_run)
    add_run_arguments(run)

    play = sub.add_parser(
        "play",
        help="play a game at the terminal on the sample cards",
        description="A game of Inside Pitch at the terminal, roll by roll, on the sample set's teams. "
        "When a side you manage must decide, pick a number (Enter takes the suggestion); "
        "at the end of input the auto-manager plays on. Without a terminal on stdin "
        "(CI, scripts, pipes) the defaults are --manage none --pace 0, so nothing waits.",
    )
    terminal.add_arguments(play)
    play.set_defaults(func=_play)

    cards = sub.add_parser("cards", help="card sets: validate, show, list, import and export CSV")
    cards_sub = cards.add_subparsers(dest="cards_command", required=True)
    validate = cards_sub.add_parser("validate", help="check a card set and report every problem")
    validate.add_argument("path", help="the set folder, e.g. cards/sets/sample")
    validate.set_defaults(func=_cards_validate)
    show = cards_sub.add_parser("show", help="print a card laid out like the printed card")
    show.add_argument("card_id", help="card id, or part of a player's name")
    show.add_argument("--set", default=str(SAMPLE_SET), help="the set folder (default: the sample set)")
    show.set_defaults(func=_cards_show)
    listing = cards_sub.add_parser("list", help="list the cards of a set")
    listing.add_argument("--set", default=str(SAMPLE_SET))
    listing.set_defaults(func=_cards_list)
    imp = cards_sub.add_parser("import-csv", help="turn a spreadsheet (CSV) of cards into a card file")
    imp.add_argument("csv", type=Path)
    imp.add_argument("--kind", required=True, choices=["batter", "pitcher", "ballpark"])
    imp.add_argument("--out", required=True, type=Path, help="the card file to write, inside a set folder")
    imp.set_defaults(func=_cards_import)
    exp = cards_sub.add_parser("export-csv", help="write one kind of card of a set as CSV")
    exp.add_argument("--set", default=str(SAMPLE_SET))
    exp.add_argument("--kind", required=True, choices=["batter", "pitcher", "ballpark"])
    exp.add_argument("--out", required=True, type=Path)
    exp.set_defaults(func=_cards_export)

    database = sub.add_parser("db", help="the league database: upgrade, current version, backup")
    database.add_argument("--database", help="the database file (default: DUGOUT_DATABASE from .env)")
    db_sub = database.add_subparsers(dest="db_command", required=True)
    db_sub.add_parser("upgrade", help="apply the migrations the database lacks (creates it if need be)")
    db_sub.add_parser("current", help="print the database's version and the latest")
    db_backup = db_sub.add_parser("backup", help="copy the whole database to a new file")
    db_backup.add_argument("path", nargs="?", help="the new file (default: next to the database, with the time)")
    database.set_defaults(func=_db)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result: int = args.func(args)
    except CardSetError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    return result


if __name__ == "__main__":
    sys.exit(main())
