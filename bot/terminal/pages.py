"""``dugout leaders``, ``dugout player`` (and ``dugout team show``: bot.terminal.teams): the league's pages
from the season tables, as text, as /stats shows them in Discord."""

from __future__ import annotations

import argparse
import sys

from bot.terminal.files import add_file_arguments, database_path
from league import db


def show_page(args: argparse.Namespace) -> int:
    """dugout leaders [STAT] | team TEAM | player NAME: the league's pages from the season tables, as text."""
    import asyncio

    from bot.terminal import league as season
    from bot.words import history as words_history
    from bot.words import pages
    from bot.words.errors import UserError
    from bot.words.lookup import find_card
    from league import history
    from league.stats import LEADER_STATS, team_leaders
    from league.store import Store

    path = database_path(args)
    if db.missing(path):
        print(
            f"no database at {db.shown(path)} (dugout run makes the terminal league; dugout db upgrade an empty file)",
            file=sys.stderr,
        )
        return 1

    async def run() -> str:
        store = await Store.open(path)
        try:
            league = await season.pick_league(store, args.league)
            year = args.season or league.season
            if args.command == "leaders":
                stat = args.stat.strip().lower() if args.stat else None
                if stat is not None and stat not in LEADER_STATS:
                    raise UserError(f"no leaders in {args.stat!r}; the stats are: {', '.join(LEADER_STATS)}")
                wanted = [stat] if stat else list(pages.BOARD)
                limit = args.limit or (10 if stat else pages.BOARD_LIMIT)
                totals, board = await store.leader_board(league.id, wanted, season=year, limit=limit)
                if args.teams:  # every team for one stat unless --limit says otherwise
                    limit = args.limit or (len(totals.team_games) if stat else limit)
                    board = {s: team_leaders(totals, s, limit) for s in wanted}
                    names = {t.abbreviation: t.name for t in await store.teams(league.id)}
                    return f"{league.name} team leaders, season {year}\n\n" + pages.leaders_text(
                        board, names, {team: team for team in names}
                    )
                pool = await store.card_pool(league.id)
                names = {card_id: pool.name(card_id) for best in board.values() for card_id, _ in best}
                return f"{league.name} leaders, season {year}\n\n" + pages.leaders_text(
                    board, names, totals.player_team
                )
            if args.command == "team":
                found = await store.find_team(league.id, args.team)
                text = pages.team_text(await store.team_page(league.id, found.id, season=year))
                return words_history.with_seasons(text, await history.team_seasons(store, league.id, found.id))
            pool = await store.card_pool(league.id)
            rostered = [e.card_id for t in await store.teams(league.id) for e in await store.roster(t.id)]
            card_id = find_card(pool, args.name, rostered, "on a team of the league")
            page = await store.player_page(league.id, card_id, season=year)
            team = page.lines[-1].team if page.lines else page.team
            text = pages.player_text(page, f"{page.name}: season {year}" + (f" ({team})" if team else ""))
            return words_history.with_seasons(text, await history.player_seasons(store, league.id, card_id))
        finally:
            await store.close()

    try:
        print(asyncio.run(run()))
    except UserError as exc:
        print(f"dugout: {exc}", file=sys.stderr)
        return 1
    return 0


def add_page_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--season", type=int, help="the season (default: the league's current one)")
    add_file_arguments(parser)
    parser.set_defaults(func=show_page)


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    leaders = sub.add_parser("leaders", help="the league's leaders: a board of the main stats, or one stat")
    leaders.add_argument("stat", nargs="?", help="one stat (hr, avg, era …); default: the board")
    leaders.add_argument("--limit", type=int, help="names per stat (default 5 on the board, 10 for one stat)")
    leaders.add_argument("--teams", action="store_true", help="rank the teams by their totals (one stat: every team)")
    add_page_arguments(leaders)
    player = sub.add_parser("player", help="a player's page: his season lines by team, regular season and playoffs")
    player.add_argument("name", help="the player's name (or part of it) or card id")
    add_page_arguments(player)
