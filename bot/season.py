"""A season at the terminal: the main job when there is no Discord token.

``dugout run`` keeps a small league in the SQLite file named by DUGOUT_DATABASE:
the sample set's two hand-made teams, their rosters, auto-manager lineups and
rotations. Each run plays the next game at the terminal (you manage the home team
when stdin is a terminal), stores its result through the league store and prints
the standings, so the file grows into a season like a Discord league's would.
"""

from __future__ import annotations

import asyncio
import secrets
import sys
from pathlib import Path
from typing import TextIO

from bot.terminal import MANAGE, WATCH_PACE, Terminal, team_cards
from cards import SAMPLE_SET
from cards.loader import load_set
from league.errors import NotFound
from league.models import League
from league.standings import StandingsRow
from league.store import Store

LEAGUE = "Terminal League"
TEAMS = (("Harbor City", "HC"), ("Mesa Valley", "MV"))


async def terminal_league(store: Store) -> League:
    """The terminal's league, made on first use: both teams signed, lineups and rotations set."""
    try:
        return await store.find_league(LEAGUE)
    except NotFound:
        pass
    cards = load_set(SAMPLE_SET)
    league = await store.create_league(LEAGUE, ["sample"])
    for name, abbreviation in TEAMS:
        park = next((p.id for p in cards.ballparks.values() if p.team == name), None)
        team = await store.create_team(league.id, name, abbreviation, ballpark=park)
        batters, pitchers = team_cards(cards, name)
        for card in [*batters, *pitchers]:
            await store.sign(team.id, card.id)
        for hand in ("L", "R"):
            await store.save_auto_lineup(team.id, hand)
        await store.set_rotation(team.id, [p.id for p in pitchers if p.start is not None][:5])
    return league


async def play_next_game(path: Path, manage: str, pace: float, out: TextIO, inp: TextIO) -> int:
    store = await Store.open(path)
    try:
        league = await terminal_league(store)
        teams = await store.teams(league.id)
        played = await store.games(league.id, status="final")
        away, home = (teams[0], teams[1]) if len(played) % 2 == 0 else (teams[1], teams[0])
        record = await store.schedule_game(league.id, away.id, home.id)
        record = await store.start_game(record.id, seed=secrets.randbelow(1_000_000), managed=MANAGE[manage])
        game = await store.load_game(record.id)
        print(f"{LEAGUE}, day {league.day}: {away.name} at {home.name}. Seed {game.seed}.", file=out)
        Terminal(game, out, inp, pace).run()
        await store.finish_game(record.id, game.to_dict())
        await store.advance_day(league.id)
        print_standings(await store.standings(league.id), out)
        print(f"\nStored in {path}. Run again for the next game.", file=out)
        return 0
    finally:
        await store.close()


def print_standings(table: dict[str, list[StandingsRow]], out: TextIO) -> None:
    print("\nStandings", file=out)
    print(f"{'':<5}{'W':>4}{'L':>4}{'PCT':>7}{'GB':>6}{'RD':>5}  STRK  L10", file=out)
    for row in table["overall"]:
        gb = "-" if row.gb == 0 else f"{row.gb:.1f}"
        pct = f"{row.pct:.3f}".lstrip("0") if row.pct < 1 else "1.000"
        line = f"{row.team:<5}{row.w:>4}{row.l:>4}{pct:>7}{gb:>6}{row.run_differential:>+5}"
        print(f"{line}  {row.streak:<5} {row.last_ten}", file=out)


def run(database: Path) -> int:
    """``dugout run`` without a token: the next game of the terminal league."""
    interactive = sys.stdin.isatty()
    manage = "home" if interactive else "none"
    pace = WATCH_PACE if interactive and sys.stdout.isatty() else 0.0
    database.parent.mkdir(parents=True, exist_ok=True)
    try:
        return asyncio.run(play_next_game(database, manage, pace, sys.stdout, sys.stdin))
    except KeyboardInterrupt:
        print("\nGame abandoned; it stays live in the league file.", file=sys.stdout)
        return 130
