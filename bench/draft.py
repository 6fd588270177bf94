"""An expansion league's whole draft, automatic: python -m bench.draft [--set 2023] [--teams 30] [--rounds 26]

A new league file in a temporary folder, its teams with empty rosters, a snake draft set up and run
by ``league.draft.auto_all`` (what ``dugout draft auto all`` and ``/draft auto team:all`` do), on the
disk: a round's picks share a commit at most. Prints the time of the draft, the player values it needs
(computed once per card set) and the picks a second. Figures, not pass/fail: quote them in notes.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

import bench
from bench import Parser, at_least_one
from engine.rulesets import for_family
from league import draft
from league.store import Store
from league.value import player_values


def build_parser() -> Parser:
    parser = bench.parser("python -m bench.draft", __doc__)
    parser.add_argument("--set", default="2023", help="the league's card set by name (default: 2023)")
    parser.add_argument("--teams", type=at_least_one, default=30, help="teams in the league (default: 30)")
    parser.add_argument("--rounds", type=at_least_one, default=26, help="rounds of the draft (default: 26)")
    return parser


async def measure(card_set: str, teams: int, rounds: int, folder: Path) -> None:
    async with await Store.open(folder / "draft.sqlite3") as store:
        family = (await store.card_sets([card_set])).family  # the set's own game
        league = await store.create_league("Expansion", [card_set], commissioners=[1], ruleset=for_family(family).name)
        for number in range(1, teams + 1):
            await store.create_team(league.id, f"Team {number}", f"T{number}")
        pool = await store.card_pool(league.id)
        start = time.perf_counter()
        player_values(pool)
        values = time.perf_counter() - start
        await draft.setup(store, league.id, by=1, order="random", seed=1, rounds=rounds)
        start = time.perf_counter()
        progress = await draft.auto_all(store, league.id, time.time(), by=1)
        took = time.perf_counter() - start
    picks = len(progress.picks)
    print(f"set {card_set}: {teams} teams x {rounds} rounds = {picks} picks, state {progress.draft.state}")
    print(f"player values (once per set): {values:.2f} s")
    print(f"the draft (lineups and rotations made after it): {took:.2f} s, {picks / took:.0f} picks/s")


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(measure(args.set, args.teams, args.rounds, Path(folder)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
