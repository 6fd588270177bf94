"""``dugout roster``: a team's players, signings, releases, the injured list and trades, as /roster does in
Discord (bot.words.roster: the same lookups and words).

At the terminal the commissioner makes every move (the store's ``by=None``). A trade he makes goes through
at once, as a commissioner's /roster trade-answer puts a pending one through; ``trades`` and
``trade-answer`` answer the trades Discord managers offered in the same league file."""

from __future__ import annotations

import argparse

from bot.terminal.files import add_file_arguments, on_league
from bot.words import roster as moves
from bot.words.errors import UserError, quoted
from league.errors import NotFound
from league.models import League, Team
from league.store import Store


async def _teams(store: Store, league: League) -> dict[int, Team]:
    return {t.id: t for t in await store.teams(league.id)}


def _show(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        team = await store.find_team(league.id, args.team)
        counts, sections = await moves.roster_sections(store, league, team)
        lines = [f"{team.name} roster", counts]
        for heading, players in sections:
            lines += ["", f"{heading}:", *(f"  {p}" for p in players or ["none yet: dugout roster sign"])]
        return "\n".join(lines)

    return on_league(args, job)


def _move(args: argparse.Namespace) -> int:
    """sign, release, il: one player, one move."""

    async def job(store: Store, league: League) -> str:
        team = await store.find_team(league.id, args.team)
        if args.roster_command == "sign":
            return await moves.sign(store, league, team, args.player, None)
        if args.roster_command == "release":
            return await moves.release(store, league, team, args.player, None)
        return await moves.injured_list(store, league, team, args.player, args.activate, None)

    return on_league(args, job)


def _trade(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        offering = await store.find_team(league.id, args.team)
        receiving = await store.find_team(league.id, args.other_team)
        pool = await store.card_pool(league.id)
        offered, requested = await moves.trade_cards(store, pool, offering, receiving, args.give, args.receive)
        async with store.transaction():  # proposed and put through, or nothing
            made = await store.propose_trade(offering.id, receiving.id, offered, requested, by=None)
            done = await store.execute_trade(made.id, by=None)
        return moves.trade_done(done, await _teams(store, league), pool)

    return on_league(args, job)


def _trades(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        pool = await store.card_pool(league.id)
        teams = await _teams(store, league)
        lines = [moves.trade_line(t, teams, pool) for t in await store.trades(league.id)]
        return "\n".join([f"{league.name}: pending trades", *(lines or ["No trades are waiting for an answer."])])

    return on_league(args, job)


def _trade_answer(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        refusal = f"There is no trade {quoted(args.trade)} in {league.name}; dugout roster trades lists them."
        number = args.trade.removeprefix("#")
        try:
            pending = await store.trade(int(number)) if number.isdecimal() else None
        except NotFound:
            pending = None
        if pending is None or pending.league_id != league.id:
            raise UserError(refusal)
        teams = await _teams(store, league)
        if args.answer == "accept":
            done = await store.execute_trade(pending.id, by=None)
            return moves.trade_done(done, teams, await store.card_pool(league.id))
        return moves.trade_refused(await store.reject_trade(pending.id, by=None), teams)

    return on_league(args, job)


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    roster = sub.add_parser(
        "roster",
        help="teams' players: show, sign, release, the injured list, trades (as /roster)",
        description="A team's players, as /roster runs them in Discord; at the terminal you make every move as "
        "the commissioner, and a trade goes through at once.",
    )
    roster_sub = roster.add_subparsers(dest="roster_command", required=True)
    show = roster_sub.add_parser("show", help="a team's players, active and on the injured list")
    show.add_argument("team", help="the team's name or abbreviation")
    add_file_arguments(show)
    show.set_defaults(func=_show)
    for name, text in (("sign", "sign a free agent to a team"), ("release", "release a player from a team")):
        move = roster_sub.add_parser(name, help=text)
        move.add_argument("team", help="the team's name or abbreviation")
        move.add_argument("player", help="the player's name (or part of it) or card id")
        add_file_arguments(move)
        move.set_defaults(func=_move)
    il = roster_sub.add_parser("il", help="put a player on the injured list, or activate him from it")
    il.add_argument("team", help="the team's name or abbreviation")
    il.add_argument("player", help="the player's name (or part of it) or card id")
    il.add_argument("--activate", action="store_true", help="bring him back from the injured list instead")
    add_file_arguments(il)
    il.set_defaults(func=_move)
    trade = roster_sub.add_parser(
        "trade",
        help="trade players between two teams; it goes through at once",
        description="TEAM gives the --give players to OTHER_TEAM for the --receive players, both checked as "
        "/roster trade checks them (the rosters' limits, nobody named twice), and the trade goes through.",
    )
    trade.add_argument("team", help="the team that gives the --give players")
    trade.add_argument("other_team", help="the team it trades with")
    trade.add_argument("--give", default="", help="players the first team gives, comma-separated (names or ids)")
    trade.add_argument("--receive", default="", help="players it gets, comma-separated (names or ids)")
    add_file_arguments(trade)
    trade.set_defaults(func=_trade)
    trades = roster_sub.add_parser("trades", help="the league's pending trades (offered in Discord)")
    add_file_arguments(trades)
    trades.set_defaults(func=_trades)
    answer = roster_sub.add_parser(
        "trade-answer", help="put a pending trade through, or turn it down, as a commissioner does"
    )
    answer.add_argument("trade", help="the trade's number, as dugout roster trades lists it")
    answer.add_argument("answer", choices=["accept", "reject"], help="accept puts it through; reject turns it down")
    add_file_arguments(answer)
    answer.set_defaults(func=_trade_answer)
