"""How often a person would be asked: the questions per manager per game at each asking level."""

from __future__ import annotations

import statistics
from collections import Counter
from functools import partial

from engine.game import EVERY, MATTERS, Game
from engine.requests import Request
from engine.setup import GameSetup

# Games played at each asking level to count the questions (each is a replay of its own).
QUESTION_GAMES = 300


def questions(setup: GameSetup, games: int) -> None:
    """Questions a person would be asked per manager per game, at each level (issue 12: at most 25
    at "matters"): both sides at the level, a stand-in answering every question with the suggestion."""
    for level in (EVERY, MATTERS):
        per_manager: list[int] = []
        for seed in range(games):
            asked: Counter[str] = Counter()
            Game(setup, seed, asking={"away": level, "home": level}, person=partial(_suggest, asked))
            per_manager += [asked["away"], asked["home"]]
        deciles = statistics.quantiles(per_manager, n=10)
        print(
            f"questions per manager per game at {level!r}: median {statistics.median(per_manager):.0f}, "
            f"90th percentile {deciles[-1]:.0f}, mean {statistics.mean(per_manager):.1f} ({games} games)"
        )


def _suggest(asked: Counter[str], request: Request) -> str:
    """A person who takes every suggestion, counted by side."""
    asked[request.side] += 1
    return request.suggestion
