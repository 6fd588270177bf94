"""What a finished league game leaves behind on its men: pitchers' rest and post-game injuries.

A league service: pure code on the finished game (its setup, events and box score) and the
league's rules; the game's ruleset's league policy (engine.policy) answers where the rulesets
differ (a Deep Drive starter's Usage box, the Training Room chart). No SQL here: the store keeps
what these say, in the transaction that stores the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.events import Event
from engine.events import Injury as InjuryEvent
from engine.game import AnyGame
from engine.policy import LeaguePolicy, PostGameInjury
from engine.setup import AnySetup
from league.models import LeagueRules


def depth_arms(setup: AnySetup) -> set[str]:
    """The game's depth arms: many men's innings on one card, who never rest (Deep Drive cards have none)."""
    return {p.id for s in (setup.away, setup.home) for p in (s.pitcher, *s.bullpen) if getattr(p, "depth_arm", False)}


def pitcher_rest(
    rules: LeagueRules,
    policy: LeaguePolicy,
    starter: Any,
    *,
    started: bool,
    outs: int,
    in_a_row: int,
    events: Sequence[Event],
    depth_arm: bool,
) -> int:
    """A pitcher's games of rest after his outing: the league's rules, a starter's as the ruleset's
    policy says (DDB "Starting Pitcher Rest"), none for a depth arm."""
    rest = rules.rest_days(started, outs, in_a_row)
    if started:
        rest = policy.starter_rest(starter, events, rest)
    return 0 if depth_arm else rest


def post_game_dice(seed: int) -> Callable[[int], int]:
    """The league's dice for a game's Post-Game Injuries: seeded by the game's seed, so the same
    stored game always gives the same days."""
    return random.Random(f"post-game-injuries:{seed}").randrange


def post_game_injuries(rules: LeagueRules, policy: LeaguePolicy, game: AnyGame) -> list[PostGameInjury]:
    """The ruleset's post-game injuries when the league plays them (DDB "Post-Game Injuries"), but for
    men already out with the game's own injury."""
    if not rules.post_game_injuries:
        return []
    hurt_in_game = {e.player for e in game.events if isinstance(e, InjuryEvent) and e.leaves_game}
    found = policy.post_game_injuries(game.setup, game.events, post_game_dice(game.seed))
    return [injury for injury in found if injury.player not in hurt_in_game]
