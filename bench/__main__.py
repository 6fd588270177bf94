"""Play many auto-managed games on the sample set and print speed and the game's rates.

Figures, not pass/fail: quote them in notes. Usage: python -m bench [games]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter

from bot.terminal import build_setup
from cards import SAMPLE_SET
from cards.loader import load_set
from engine.events import PlateAppearanceEnded
from engine.game import Game


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    t0 = time.perf_counter()
    cards = load_set(SAMPLE_SET)
    load_ms = (time.perf_counter() - t0) * 1000
    setup = build_setup(cards, "Harbor City", "Mesa Valley")

    results: Counter[str] = Counter()
    runs: list[int] = []
    plate_appearances = 0
    extra = 0
    durations: list[float] = []
    for seed in range(games):
        start = time.perf_counter()
        game = Game(setup, seed)
        durations.append(time.perf_counter() - start)
        runs += [game.state.away.runs, game.state.home.runs]
        extra += game.state.inning > 9
        for event in game.events:
            if isinstance(event, PlateAppearanceEnded):
                plate_appearances += 1
                results[_family(event.result)] += 1

    total = sum(durations)
    print(f"sample set load: {load_ms:.0f} ms")
    print(f"games: {games}, {games / total:.0f} games/s, per game p50 {statistics.median(durations) * 1000:.2f} ms")
    print(f"per plate appearance: {total / plate_appearances * 1e6:.0f} µs")
    print(f"runs per team per game: {statistics.mean(runs):.2f} (1970 NL: 4.52)")
    print(f"extra-inning games: {extra / games:.1%}")
    print(f"plate appearances per game: {plate_appearances / games:.1f}")
    for family, count in sorted(results.items(), key=lambda kv: -kv[1]):
        print(f"  {family:<6} {count / plate_appearances:6.1%}")


def _family(result: str) -> str:
    """Group scorer's notations: S8 -> S, HR9 -> HR, DP -> DP."""
    if result.startswith("HR") or result.startswith("H"):
        return "HR"
    head = result.rstrip("0123456789-+")
    return head or result


if __name__ == "__main__":
    main()
