"""dugout draft setup | start | pick | queue | board | pause | resume | auto: the league's draft at the
terminal, as /draft runs it in Discord (the same service, league.draft, and the same words).

The terminal's user holds the league's file, so he acts as a commissioner (and as any team's manager).
Each command first makes the picks whose clock ran out since the last one (as the bot's loop would);
``dugout draft auto all`` runs a whole draft at once.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

from bot.terminal.files import add_file_arguments, database_path
from bot.words import draft as words
from bot.words.errors import UserError
from bot.words.lookup import find_card
from league import db, draft
from league.models import League, Team
from league.store import Store

ACTIONS = ("setup", "start", "pick", "queue", "board", "pause", "resume", "auto")


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``draft`` command and its subcommands (registered by bot.terminal.cli)."""

    parser = sub.add_parser(
        "draft",
        help="the league's draft: setup, start, pick, queue, board, pause, resume, auto (as /draft)",
        description="The league's draft from its pool (cards on no roster), as /draft runs it in Discord. "
        "The terminal acts as a commissioner. Picks whose clock ran out are made first (the team's queue, "
        "else the auto-drafter). 'dugout draft auto all' drafts the whole league at once.",
    )
    actions = parser.add_subparsers(dest="draft_command", required=True, metavar="|".join(ACTIONS))
    setup = actions.add_parser("setup", help="set up the season's draft (again, before it starts)")
    setup.add_argument(
        "--order",
        default="random",
        help="random (default; --seed draws it), standings (the reverse of last season's), "
        "or the teams comma-separated, first pick first",
    )
    setup.add_argument("--style", choices=["snake", "straight"], default="snake", help="default: snake")
    setup.add_argument("--rounds", type=int, help="rounds (default: the roster room every team has)")
    setup.add_argument("--clock", default="4h", help="time for a pick, 2m to 12h, e.g. 90m, 4h (default 4h)")
    setup.add_argument("--seed", type=int, help="the random order's seed (the same seed, the same order)")
    actions.add_parser("start", help="start the draft: the first pick's clock runs")
    pick = actions.add_parser("pick", help="the team on the clock takes a player")
    pick.add_argument("player", help="the player's name (or part of it) or card id")
    pick.add_argument("--team", help="the team meaning to pick (refused unless it is on the clock)")
    queue = actions.add_parser("queue", help="a team's queue: the players it takes when its clock runs out")
    queue.add_argument("action", choices=["show", "add", "remove"], help="show, add or remove")
    queue.add_argument("player", nargs="?", help="the player to add or remove")
    queue.add_argument("--team", required=True, help="the team's name or abbreviation")
    board = actions.add_parser("board", help="where the draft stands and every pick")
    board.add_argument("--picture", type=Path, help="also draw the board as a PNG picture in this file")
    actions.add_parser("pause", help="stop the clock; it keeps the time left")
    actions.add_parser("resume", help="run the clock again from the time it kept")
    auto = actions.add_parser("auto", help="hand a team's picks to the auto-drafter; 'all': draft the whole league")
    auto.add_argument("all", nargs="?", choices=["all"], help="every team on auto, every pick made now")
    auto.add_argument("--team", help="the team to put on auto")
    auto.add_argument("--off", action="store_true", help="take the team's picks back from the auto-drafter")
    for each in actions.choices.values():
        add_file_arguments(each)
    parser.set_defaults(func=_draft)


def _draft(args: argparse.Namespace) -> int:

    path = database_path(args)
    if db.missing(path):
        print(f"no database at {db.shown(path)} (dugout run or the bot makes a league in it)", file=sys.stderr)
        return 1
    try:
        print(asyncio.run(run(path, args, time.time())))
    except UserError as exc:
        print(f"dugout: {exc}", file=sys.stderr)
        return 1
    return 0


async def run(path: Path | str, args: argparse.Namespace, now: float) -> str:
    """One draft command on the league file; what it says. ``now``: the time (Unix seconds)."""
    from bot.terminal.league import pick_league

    async with await Store.open(path) as store:
        league = await pick_league(store, getattr(args, "league", None))
        teams = {t.id: t for t in await store.teams(league.id)}
        pool = await store.card_pool(league.id)
        said: list[str] = []
        found = await store.draft(league.id)
        if found is not None and found.state == "running":  # the clocks that ran out since
            said += [words.pick_line(p, teams, pool) for p in (await draft.advance(store, league.id, now)).picks]
        action = args.draft_command
        if action == "setup":
            order: str | list[int] = args.order
            if args.order not in ("random", "standings"):
                order = [(await store.find_team(league.id, t)).id for t in args.order.split(",") if t.strip()]
            made = await draft.setup(
                store,
                league.id,
                by=None,
                order=order,
                style=args.style,
                rounds=args.rounds,
                clock=args.clock,
                seed=args.seed,
            )
            said.append(words.status_line(league.name, made, teams, now))
        elif action == "board":
            current = await draft.current(store, league.id)
            picks = await store.draft_picks(current.id)
            said += [words.board_text(current, picks, teams, pool), words.status_line(league.name, current, teams, now)]
            if args.picture is not None:
                title = f"{league.name}: season {current.season} draft"
                args.picture.write_bytes(words.render_board_png(title, current, picks, teams, pool))
                said.append(f"The board's picture is in {args.picture}.")
        elif action == "queue":
            said.append(await _queue(store, league, await _team(store, league, args.team), args.action, args.player))
        elif action == "pause":
            said.append(words.status_line(league.name, await draft.pause(store, league.id, now, by=None), teams, now))
        else:
            progress = await _step(store, league, args, now)
            said += [words.pick_line(p, teams, pool) for p in progress.picks]
            said.append(words.status_line(league.name, progress.draft, teams, now))
        return "\n".join(said)


async def _step(store: Store, league: League, args: argparse.Namespace, now: float) -> draft.Progress:
    action = args.draft_command
    if action == "start":
        return await draft.start(store, league.id, now, by=None)
    if action == "resume":
        return await draft.resume(store, league.id, now, by=None)
    if action == "pick":
        pool = await store.card_pool(league.id)
        card_id = find_card(pool, args.player, await draft.available(store, league.id), "in the draft's pool")
        team = await _team(store, league, args.team) if args.team else None
        return await draft.pick(store, league.id, card_id, now, by=None, team_id=team.id if team else None)
    if args.all:
        return await draft.auto_all(store, league.id, now, by=None)
    if not args.team:
        raise UserError("name the team to put on auto (--team), or 'dugout draft auto all' for every team")
    team = await _team(store, league, args.team)
    return await draft.set_auto(store, league.id, team.id, not args.off, now, by=None)


async def _team(store: Store, league: League, text: str) -> Team:
    return await store.find_team(league.id, text)


async def _queue(store: Store, league: League, team: Team, action: str, player: str | None) -> str:
    pool = await store.card_pool(league.id)
    if action == "show":
        return words.queue_text(team, await draft.queue(store, league.id, team.id, by=None), pool)
    if not player:
        raise UserError(f"name the player to {action}")
    if action == "add":
        card_id = find_card(pool, player, await draft.available(store, league.id), "in the draft's pool")
        ids = await draft.queue_add(store, league.id, team.id, card_id, by=None)
    else:
        card_id = find_card(pool, player, await draft.queue(store, league.id, team.id, by=None), "in the queue")
        ids = await draft.queue_remove(store, league.id, team.id, card_id, by=None)
    return words.queue_text(team, ids, pool)
