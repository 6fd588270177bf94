"""Play many auto-managed games on a ruleset's sample set and print speed and the game's rates.

Figures, not pass/fail: quote them in notes. Usage: python -m bench [--games N] [--ruleset deep-drive]
Each ruleset's figures are its own module's, bench.<package> (bench.inside_pitch, bench.deep_drive):
its ``measure(games)`` and its default number of ``GAMES``.
"""

from __future__ import annotations

import sys
from importlib import import_module

import bench
from bench import Parser, at_least_one
from engine.rulesets import DEFAULT, families, family_of, for_family


def build_parser() -> Parser:
    parser = bench.parser("python -m bench", __doc__)
    parser.add_argument(
        "--games", type=at_least_one, help="auto-managed games to play (default: 2000; deep-drive: 1000)"
    )
    default = family_of(DEFAULT)
    parser.add_argument("--ruleset", choices=families(), default=default, help=f"the game (default: {default})")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    figures = import_module(f"bench.{for_family(args.ruleset).package}")
    figures.measure(args.games or figures.GAMES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
