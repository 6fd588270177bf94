"""The cost of an answered question: the time of ``Game.choose`` by the inning it is asked in.

Figures, not pass/fail: quote them in notes. Usage: python -m bench.choose [--games 10] [--ruleset deep-drive]
Both managers are asked every question and answer with the suggestion; the figures are the median and
mean time of one answer in the 1st and in the 9th inning (a game that goes on costs the same in both).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from importlib import import_module

import bench
from bench import Parser, at_least_one
from engine.game import EVERY, Game
from engine.rulesets import DEFAULT_FAMILY, families, for_family
from engine.setup import GameSetup

GAMES = 10
INNINGS = (1, 9)


def build_parser() -> Parser:
    parser = bench.parser("python -m bench.choose", __doc__)
    parser.add_argument("--games", type=at_least_one, default=GAMES, help=f"games to play (default: {GAMES})")
    parser.add_argument(
        "--ruleset", choices=families(), default=DEFAULT_FAMILY, help=f"the game (default: {DEFAULT_FAMILY})"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    measure(args.ruleset, args.games)
    return 0


def setup_of(ruleset: str) -> GameSetup:
    """The ruleset's sample game, as its own figures play it (bench.<package>.sample_setup)."""
    setup: GameSetup = import_module(f"bench.{for_family(ruleset).package}").sample_setup()
    return setup


def measure(ruleset: str, games: int) -> None:
    setup = setup_of(ruleset)
    by_inning: defaultdict[int, list[float]] = defaultdict(list)
    for seed in range(games):
        game = Game(setup, seed, asking={"away": EVERY, "home": EVERY})
        while game.pending is not None:
            inning, request = game.state.inning, game.pending
            start = time.perf_counter()
            game.choose(request.side, request.suggestion)
            by_inning[inning].append(time.perf_counter() - start)
    print(f"{ruleset}: {games} games, {sum(map(len, by_inning.values()))} answers, both sides asked every question")
    for inning in INNINGS:
        times = by_inning.get(inning)
        if not times:
            print(f"  inning {inning}: no answers")
            continue
        median, mean = statistics.median(times) * 1000, statistics.mean(times) * 1000
        print(f"  inning {inning}: choose() median {median:.3f} ms, mean {mean:.3f} ms ({len(times)} answers)")


if __name__ == "__main__":
    sys.exit(main())
