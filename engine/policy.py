"""What a league does between games where the rulesets differ: each ruleset's league policy.

The league (league.starters, league.setups, league.rest) asks a game's ruleset these questions
through ``engine.rulesets.ruleset(name).policy`` and never asks which ruleset it has. A policy is
pure: it reads cards, the engine's events and dice the league has already rolled; the league
stores what it answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from cards.models import Batter
from engine.events import Event
from engine.setup import GameSetup


@dataclass(frozen=True)
class PostGameInjury:
    """A player a post-game injury chart sits for ``days`` games after this one."""

    side: str  # "away" or "home"
    player: str  # card id
    name: str
    position: str
    inning: int
    days: int


# What a plate appearance ends in, for a player's value (league.value): the shared box-score results.
# ERR: safe on an error; OUT: every other out (RARE plays count as outs).
RESULTS = ("1B", "2B", "3B", "HR", "BB", "HBP", "K", "OUT", "ERR")


@dataclass(frozen=True)
class Sitter:
    """A starter a pre-game bench chart sits today."""

    player: str
    position: str
    grade: str
    needs: str  # the rating he needed to play anyway


class LeaguePolicy(Protocol):
    """One ruleset's league rules. Cards are the ruleset's own (typed ``Any`` here: the league holds both)."""

    @property
    def bench_chart(self) -> bool:
        """Whether the ruleset has a pre-game chart that sits starters (the league's option turns it on)."""
        ...

    @property
    def starter_card(self) -> str:
        """What makes a pitcher a starter by his card, in words: "pitcher with a START line"."""
        ...

    def is_starter(self, pitcher: Any) -> bool:
        """Whether his card makes him a starter (the one an auto-managed team of a card set opens with)."""
        ...

    def may_start(self, pitcher: Any) -> bool:
        """Whether a pitcher out of the bullpen may make a spot start."""
        ...

    def card_role(self, pitcher: Any) -> Literal["closer"] | None:
        """The bullpen role his card gives him when his team gave him none."""
        ...

    def starter_rest(self, pitcher: Any, events: Sequence[Event], league_rest: int) -> int:
        """A starter's games of rest after a start whose events are ``events`` (none: a skipped turn);
        ``league_rest`` is what the league's rules give him."""
        ...

    def pitchers_batting(
        self, staff: Sequence[Any], batting_card_for: Callable[[Any], Batter | None]
    ) -> tuple[Batter | None, dict[str, Batter]]:
        """How the staff bats: the generic pitchers' batting card and the pitchers' own cards by id."""
        ...

    def bench_sitters(
        self, red: int, white: int, green: int, starters: Mapping[str, Any], *, designated_hitter: bool
    ) -> list[Sitter]:
        """The starters (cards by position, "P" ... "DH") the pre-game chart's three dice sit."""
        ...

    def bench_words(self, red: int, white: int, green: int, sitter: Sitter) -> str:
        """Why the chart sits him, in the words the managers are told."""
        ...

    def post_game_injuries(
        self, setup: GameSetup[Any, Any, Any, Any], events: Sequence[Event], dice: Callable[[int], int]
    ) -> list[PostGameInjury]:
        """The injuries a post-game chart gives after a finished game; ``dice(n)`` rolls 0..n-1."""
        ...

    def pool_odds(
        self,
        batters: Sequence[Any],
        pitchers: Sequence[Any],
        ballparks: Sequence[Any],
        weights: Mapping[str, float],
        handbook: str = "",
    ) -> dict[str, tuple[float, ...]]:
        """Each card's exact odds of every :data:`RESULTS`, in order, against the pool's average opponent: a
        batter's per plate appearance against the average of ``pitchers``, a pitcher's per batter faced against
        the average of ``batters`` (each card weighted by ``weights[id]``, his playing time), in a neutral park
        made of ``ballparks``; ``handbook``: the cards' Season Handbook text ("" for the ruleset's default)."""
        ...
