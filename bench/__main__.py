"""Play many auto-managed games on the sample set and print speed and the game's rates.

Figures, not pass/fail: quote them in notes. Usage: python -m bench [games]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter

from cards import SAMPLE_SET
from cards.loader import CardSet, load_set
from cards.notation import Position
from engine.events import PlateAppearanceEnded
from engine.game import Game
from engine.lineup import auto_team
from engine.setup import GameSetup, TeamSetup


def sample_team(cards: CardSet, team: str) -> TeamSetup:
    batters = [
        b for b in cards.batters.values() if b.team == team and all(f.position is not Position.P for f in b.positions)
    ]
    pitchers = [p for p in cards.pitchers.values() if p.team == team]
    starter = next(p for p in pitchers if p.start)
    return auto_team(team, batters, starter, cards.batting_card_for(starter), bullpen=pitchers[1:])


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    t0 = time.perf_counter()
    cards = load_set(SAMPLE_SET)
    load_ms = (time.perf_counter() - t0) * 1000
    park = next(p for p in cards.ballparks.values() if p.team == "Mesa Valley")
    setup = GameSetup(sample_team(cards, "Harbor City"), sample_team(cards, "Mesa Valley"), park)

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
