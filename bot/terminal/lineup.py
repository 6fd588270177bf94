"""``dugout lineup`` and ``dugout rotation``: a team's batting orders against left- and right-handed starters,
its rotation and its bullpen's roles, as /lineup and /rotation run them (bot.words.lineups: the same words)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from bot.terminal.files import add_file_arguments, on_league
from bot.words.errors import UserError
from bot.words.lineups import HANDS, NO_ROLE, hands, lineup_lines, parse_lineup, role_said, staff_lines
from bot.words.lookup import find_card, find_cards
from league.models import BULLPEN_ROLES, League, Team
from league.store import Store


async def _lineups_text(store: Store, league: League, team: Team, vs: list[str]) -> str:
    pool = await store.card_pool(league.id)
    unavailable = await store.unavailable(league.id)
    lines = [f"{team.name} lineups"]
    for hand in vs:
        lineup = await store.lineup(team.id, hand)
        spots = lineup_lines(lineup.spots, pool, unavailable) if lineup else []
        lines += ["", f"Against {HANDS[hand]}:", *(f"  {s}" for s in spots or ["none saved: dugout lineup auto"])]
    return "\n".join(lines)


async def _staff_text(store: Store, league: League, team: Team) -> str:
    starters, bullpen = await staff_lines(store, league, team)
    return "\n".join(
        [
            f"{team.name} pitching staff",
            "",
            "Rotation:",
            *(f"  {s}" for s in starters or ["none set: dugout rotation set"]),
            "",
            "Bullpen:",
            *(f"  {r}" for r in bullpen or ["nobody"]),
        ]
    )


async def _pitchers(store: Store, team: Team) -> list[str]:
    return [e.card_id for e in await store.roster(team.id) if e.kind == "pitcher"]


def _lineup(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        team = await store.find_team(league.id, args.team)
        command = args.lineup_command
        vs = hands(args.vs) if args.vs else list(HANDS)
        said = ""
        if command == "set":
            pool = await store.card_pool(league.id)
            batters = [e.card_id for e in await store.roster(team.id) if e.kind == "batter"]
            parsed = parse_lineup(args.spots, pool, batters, team)
            async with store.transaction():  # both hands or neither
                for hand in vs:
                    await store.save_lineup(team.id, hand, parsed)
            said = f"{team.name}'s lineup is saved.\n"
        elif command == "auto":
            async with store.transaction():
                for hand in vs:
                    await store.save_auto_lineup(team.id, hand)
            said = f"The auto-manager set {team.name}'s lineup.\n"
        return said + await _lineups_text(store, league, team, vs)

    return on_league(args, job)


def _rotation(args: argparse.Namespace) -> int:
    async def job(store: Store, league: League) -> str:
        team = await store.find_team(league.id, args.team)
        command = args.rotation_command
        pool = await store.card_pool(league.id)
        said = ""
        if command == "set":
            starters = find_cards(pool, args.pitchers, await _pitchers(store, team), f"among the {team.name} pitchers")
            if not starters:
                raise UserError("Name the starters in order, comma-separated, e.g. `Lyle Brennaman, Chet Morrow`.")
            await store.set_rotation(team.id, starters)
            said = f"{team.name}'s rotation is set.\n"
        elif command == "next":
            rotation = await store.rotation(team.id)
            card_id = find_card(pool, args.pitcher, rotation.starters, f"in the {team.name} rotation")
            await store.set_next_starter(team.id, card_id)
            said = f"{pool.name(card_id)} starts next for {team.name}.\n"
        elif command == "role":
            card_id = find_card(pool, args.pitcher, await _pitchers(store, team), f"among the {team.name} pitchers")
            await store.set_bullpen_role(team.id, card_id, None if args.role == NO_ROLE else args.role)
            said = role_said(pool.name(card_id), args.role, team) + "\n"
        return said + await _staff_text(store, league, team)

    return on_league(args, job)


def _team_command(
    parent: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    text: str,
    func: Callable[[argparse.Namespace], int],
) -> argparse.ArgumentParser:
    command = parent.add_parser(name, help=text)
    command.add_argument("team", help="the team's name or abbreviation")
    add_file_arguments(command)
    command.set_defaults(func=func)
    return command


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lineup = sub.add_parser(
        "lineup",
        help="a team's batting orders against left- and right-handed starters (as /lineup)",
        description="A team saves one batting order against left-handed starters and one against "
        "right-handers (with only one saved, it is used against both).",
    )
    lineup_sub = lineup.add_subparsers(dest="lineup_command", required=True)
    show = _team_command(lineup_sub, "show", "a team's batting orders", _lineup)
    show.add_argument("--vs", choices=list(HANDS), help="only the lineup against this hand of starter")
    spots = _team_command(lineup_sub, "set", "save a batting order, e.g. 'Rudy Kasprzak 1B, …, P'", _lineup)
    spots.add_argument(
        "spots", help="nine spots, comma-separated, each 'player POSITION'; 'P' alone is the pitcher's spot"
    )
    spots.add_argument("--vs", choices=[*HANDS, "both"], required=True, help="the starters this lineup faces")
    auto = _team_command(lineup_sub, "auto", "let the auto-manager pick a team's batting order", _lineup)
    auto.add_argument("--vs", choices=[*HANDS, "both"], default="both", help="the starters it faces (default both)")

    rotation = sub.add_parser(
        "rotation",
        help="a team's starting rotation and bullpen roles (as /rotation)",
        description="Starters pitch in turn; relievers come in by role: long and middle men first, the closer last.",
    )
    rotation_sub = rotation.add_subparsers(dest="rotation_command", required=True)
    _team_command(rotation_sub, "show", "a team's rotation (who starts next) and its bullpen's roles", _rotation)
    starters = _team_command(rotation_sub, "set", "set a team's starters in turn; the first starts next", _rotation)
    starters.add_argument("pitchers", help="starters in order, comma-separated (names or card ids)")
    after = _team_command(rotation_sub, "next", "choose who starts a team's next game", _rotation)
    after.add_argument("pitcher", help="a starter of its rotation who is ready")
    role = _team_command(rotation_sub, "role", "give a reliever a bullpen role", _rotation)
    role.add_argument("pitcher", help="the reliever")
    role.add_argument("role", choices=[*BULLPEN_ROLES, NO_ROLE], help=f"his role; '{NO_ROLE}' clears it")
