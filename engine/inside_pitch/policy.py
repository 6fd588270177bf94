"""Inside Pitch's league policy (engine.policy): what an Inside Pitch league does between games.

The books leave rest, rotations and the bench to the league's rules (league.models.LeagueRules);
Inside Pitch has no pre-game bench chart and no post-game injuries.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from cards.models import Batter
from engine.events import Event
from engine.inside_pitch import value
from engine.policy import PostGameInjury, Sitter

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPSetup


class InsidePitchPolicy:
    """Inside Pitch's league rules behind engine.policy.LeaguePolicy."""

    bench_chart = False
    starter_card = "pitcher with a START line"

    def is_starter(self, pitcher: Any) -> bool:
        return pitcher.start is not None

    def may_start(self, pitcher: Any) -> bool:
        return pitcher.start is not None  # a reliever with a START line

    def card_role(self, pitcher: Any) -> Literal["closer"] | None:
        return None  # the team's bullpen roles alone

    def starter_rest(self, pitcher: Any, events: Sequence[Event], league_rest: int) -> int:
        return league_rest

    def pitchers_batting(
        self, staff: Sequence[Any], batting_card_for: Callable[[Any], Batter | None]
    ) -> tuple[Batter | None, dict[str, Batter]]:
        # Pitchers marked ## bat with their own cards; the rest with a generic pitchers' card.
        own = {p.id: card for p in staff if p.own_batting_card and (card := batting_card_for(p))}
        generic = next((batting_card_for(p) for p in staff if not p.own_batting_card), None)
        return generic, own

    def bench_sitters(
        self, red: int, white: int, green: int, starters: Mapping[str, Any], *, designated_hitter: bool
    ) -> list[Sitter]:
        return []

    def bench_words(self, red: int, white: int, green: int, sitter: Sitter) -> str:
        return ""

    def post_game_injuries(
        self, setup: IPSetup, events: Sequence[Event], dice: Callable[[int], int]
    ) -> list[PostGameInjury]:
        return []

    def pool_odds(
        self,
        batters: Sequence[Any],
        pitchers: Sequence[Any],
        ballparks: Sequence[Any],
        weights: Mapping[str, float],
        handbook: str = "",
    ) -> dict[str, tuple[float, ...]]:
        """Exact odds against the pool's average opponent (engine.inside_pitch.value)."""
        return value.pool_odds(batters, pitchers, ballparks, weights)  # no handbook


POLICY = InsidePitchPolicy()
