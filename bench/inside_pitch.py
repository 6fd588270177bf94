"""Inside Pitch's figures for ``python -m bench``: auto-managed games on the sample set, their speed
and the game's rates (the calls, steals, pitching changes, tired pitchers, results).
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

from bench.questions import QUESTION_GAMES, questions
from bot.terminal.game import build_setup
from cards import SAMPLE_SET
from cards.loader import CardSet, load_set
from engine.events import Check, Decided, Fatigue, PlateAppearanceEnded, PlateAppearanceStarted, Substitution
from engine.game import Game
from engine.setup import GameSetup

GAMES = 2000


def sample_setup(cards: CardSet | None = None) -> GameSetup:
    """The sample set's two teams, Harbor City at Mesa Valley, auto-managed."""
    return build_setup(cards or load_set(SAMPLE_SET), "Harbor City", "Mesa Valley")


def measure(games: int) -> None:
    t0 = time.perf_counter()
    cards = load_set(SAMPLE_SET)
    load_ms = (time.perf_counter() - t0) * 1000
    setup = sample_setup(cards)

    strategy = StrategyCount()
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
        strategy.add(game)

    total = sum(durations)
    print(f"sample set load: {load_ms:.0f} ms")
    print(f"games: {games}, {games / total:.0f} games/s, per game p50 {statistics.median(durations) * 1000:.2f} ms")
    print(f"per plate appearance: {total / plate_appearances * 1e6:.0f} µs")
    print(f"runs per team per game: {statistics.mean(runs):.2f} (1970 NL: 4.52)")
    print(f"extra-inning games: {extra / games:.1%}")
    print(f"plate appearances per game: {plate_appearances / games:.1f}")
    strategy.report(games, plate_appearances)
    questions(setup, min(games, QUESTION_GAMES))
    print("results of plate appearances:")
    for family, count in sorted(results.items(), key=lambda kv: -kv[1]):
        if count / plate_appearances >= 0.001:
            print(f"  {family:<6} {count / plate_appearances:6.1%}")


class StrategyCount:
    """The managers' calls over many auto-managed games (issue 4's rates)."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.steals = 0
        self.stolen = 0
        self.pitching_changes = 0
        self.faced_tired = 0
        self.faced_exhausted = 0

    def add(self, game: Game) -> None:
        tired: set[str] = set()
        exhausted: set[str] = set()
        for event in game.events:
            if isinstance(event, Decided):
                call = event.choice.split(":")[0]
                if call in ("steal", "hit_and_run", "sacrifice", "squeeze", "bunt_for_hit", "pickoff"):
                    self.calls[call] += 1
            elif isinstance(event, Check) and event.name.startswith("steal"):
                self.steals += 1
                self.stolen += event.success
            elif isinstance(event, Substitution) and event.kind == "pitcher":
                self.pitching_changes += 1
            elif isinstance(event, Fatigue):
                (tired if event.state == "tired" else exhausted).add(event.pitcher)
            elif isinstance(event, PlateAppearanceStarted):
                self.faced_tired += event.pitcher in tired
                self.faced_exhausted += event.pitcher in exhausted

    def report(self, games: int, plate_appearances: int) -> None:
        per_game = {k: v / games for k, v in self.calls.items()}
        print(
            "calls per game: "
            + ", ".join(f"{k.replace('_', ' ')} {per_game.get(k, 0):.2f}" for k in sorted(self.calls) or ["steal"])
        )
        rate = self.stolen / self.steals if self.steals else 0
        print(f"steal attempts (runners) per game: {self.steals / games:.2f}, successful {rate:.0%}")
        print(f"pitching changes per game: {self.pitching_changes / games:.2f}")
        print(f"batters faced by a tired pitcher: {self.faced_tired / plate_appearances:.1%} (the books design 5-10%)")
        print(f"batters faced after he was exhausted: {self.faced_exhausted}")


def _family(result: str) -> str:
    """Group scorer's notations: S8 -> S, HR9 -> HR, DP -> DP."""
    if result.startswith("HR") or result.startswith("H"):
        return "HR"
    head = result.rstrip("0123456789-+")
    return head or result
