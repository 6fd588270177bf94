"""What generic code reads of a card, whatever ruleset printed it.

The shared game setup and state (engine.setup, engine.state) are generic in their card types: a
ruleset's game holds its own cards (``Game[Batter, Pitcher, Ballpark]`` of its own models), and code
every ruleset shares reads only what these Protocols name. Each ruleset's card models satisfy them
as they are; nothing here is a base class they inherit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, Self, TypeVar

from cards.notation import Bats, Fielding, Hand, Position, Stamina


class GameCard(Protocol):
    """Any card a game holds: it is written out in full with a stored game (engine.setup)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    def model_dump(self, *, mode: str = ..., exclude_defaults: bool = ...) -> dict[str, Any]: ...


class BatterCard(GameCard, Protocol):
    @property
    def bats(self) -> Bats: ...

    def side_against(self, pitcher: Hand) -> Hand: ...

    def model_copy(self, *, update: Mapping[str, Any] | None = ...) -> Self: ...


class PitcherCard(GameCard, Protocol):
    @property
    def throws(self) -> Hand: ...

    # The side he bats from with the generic pitchers' card; None: that card's own.
    @property
    def bats(self) -> Bats | None: ...


class BallparkCard(GameCard, Protocol):
    pass


# What the shared state's ratings helpers read (engine.state: TeamState.fielder, .stamina; Runner.br):
# cards that print a fielding line in the shared notation, a runner's BR and START/RELIEF lines.
class RatedBatter(BatterCard, Protocol):
    @property
    def br(self) -> int: ...

    def fielding(self, position: Position) -> Fielding | None: ...


class RatedPitcher(PitcherCard, Protocol):
    @property
    def start(self) -> Stamina | None: ...

    @property
    def relief(self) -> Stamina | None: ...

    def fielding(self) -> Fielding: ...


# A game's card types: the parameters of engine.setup's and engine.state's generic classes.
BatterT = TypeVar("BatterT", bound=BatterCard)
PitcherT = TypeVar("PitcherT", bound=PitcherCard)
ParkT = TypeVar("ParkT", bound=BallparkCard)
