"""The game's state between dice rolls: score, inning, outs, runners, who is in the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeAlias, TypeVar

from cards.base import BatterCard, BatterT, PitcherCard, PitcherT, RatedBatter, RatedPitcher
from cards.notation import Fielding, Hand, Position, Stamina
from engine.frozen import quick_init
from engine.setup import LineupSpot, TeamSetup

HOME = 4  # "base" number for a runner who scored

# The card types of the shared state's ratings helpers (cards.base): a ruleset whose cards print them.
RatedBatterT = TypeVar("RatedBatterT", bound=RatedBatter)
RatedPitcherT = TypeVar("RatedPitcherT", bound=RatedPitcher)


@dataclass(slots=True)
class Runner(Generic[BatterT]):
    """A man on base, with what the scorer needs to know about how he got there."""

    card: BatterT
    pitcher: str  # the pitcher responsible for him (earned runs, runs allowed)
    reached_on_error: bool = False

    @property
    def id(self) -> str:
        return self.card.id

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def br(self: Runner[RatedBatterT]) -> int:
        return self.card.br


# A fielder out of his card's positions plays with the weakest ratings the cards
# print: range 1, a high error number, no arm. The books leave this to house rules.
OUT_OF_POSITION = {
    "range": 1,
    "error": 15,
    "arm": -2,
    "pivot": -1,
    "passed_ball": 1,
}


@quick_init
@dataclass(frozen=True, slots=True)
class Fielder:
    """Who is at a position and the ratings he plays it with."""

    id: str
    name: str
    position: Position
    rating: Fielding

    @property
    def range(self) -> int:
        return self.rating.range

    @property
    def error(self) -> int:
        return self.rating.error

    @property
    def arm(self) -> int:
        return self.rating.arm or 0

    @property
    def pivot(self) -> int:
        return self.rating.pivot or 0

    @property
    def passed_ball(self) -> int:
        return self.rating.passed_ball or 0


def out_of_position(position: Position) -> Fielding:
    rating = OUT_OF_POSITION
    return Fielding(
        position,
        rating["range"],
        rating["error"],
        arm=rating["arm"] if position.is_outfield or position is Position.C else None,
        pivot=rating["pivot"] if position in (Position.SECOND, Position.SHORT) else None,
        passed_ball=rating["passed_ball"] if position is Position.C else None,
    )


@dataclass
class TeamState(Generic[BatterT, PitcherT]):
    key: str  # "away" or "home"
    setup: TeamSetup[BatterT, PitcherT]
    order: list[LineupSpot[BatterT]]
    pitcher: PitcherT
    up: int = 0  # index in the order of the next batter
    runs_by_inning: list[int] = field(default_factory=list)
    faced: dict[str, int] = field(default_factory=dict)  # batters faced, by pitcher id
    used_pitchers: list[str] = field(default_factory=list)
    # IP2021 "Fatigue": runs + hits + unintentional walks against each pitcher (the pull count).
    pull_count: dict[str, int] = field(default_factory=dict)
    exhausted: bool = False  # the pitcher now on the mound must leave before the next batter
    removed: set[str] = field(default_factory=set)  # players out of the game for good
    used_bench: set[str] = field(default_factory=set)  # bench players who have come in
    # Order spots (0-8) of pinch hitters and runners still in the game without a position:
    # their LineupSpot keeps the position of the man they replaced until the manager names
    # one as the team takes the field (manager.place_substitutes; OBR 5.10).
    unplaced: set[int] = field(default_factory=set)

    def available_bench(self) -> list[BatterT]:
        """Bench players who have not played: a player removed is out for the game."""
        return [b for b in self.setup.bench if b.id not in self.used_bench]

    def available_relievers(self) -> list[PitcherT]:
        return [p for p in self.setup.bullpen if p.id not in self.used_pitchers]

    def spot_of(self, player: str) -> int | None:
        """Index in the batting order of ``player`` (the pitcher's spot counts for the pitcher)."""
        for i, spot in enumerate(self.order):
            if spot.batter.id == player:
                return i
        return None

    @property
    def name(self) -> str:
        return self.setup.name

    @property
    def runs(self) -> int:
        return sum(self.runs_by_inning)

    def pitcher_spot(self, pitcher: PitcherT) -> LineupSpot[BatterT]:
        """The pitcher's spot in the order: his own batting card ("##"), else the team's generic
        pitchers' card, under his id and name, batting from his side when his card gives it."""
        card = self.setup.batting_card(pitcher)
        if card is None:
            raise LookupError(f"{self.name}: {pitcher.name} bats, but he has no batting card")
        update: dict[str, object] = {"id": pitcher.id, "name": pitcher.name}
        if pitcher.bats is not None and pitcher.id not in self.setup.own_batting:
            update["bats"] = pitcher.bats  # a left-handed hitter is not shown (nor read) batting right
        return LineupSpot(card.model_copy(update=update), Position.P)

    def fielder(self: TeamState[RatedBatterT, RatedPitcherT], position: Position) -> Fielder:
        if position is Position.P:
            p = self.pitcher
            return Fielder(p.id, p.name, position, p.fielding())
        for spot in self.order:
            if spot.position is position:
                if self.unplaced and self.order.index(spot) in self.unplaced:
                    # Nobody plays a position he was not put at (manager.place_substitutes).
                    raise LookupError(f"{self.name}: {spot.batter.name} has not been given a position")
                batter = spot.batter
                rating = batter.fielding(position) or out_of_position(position)
                return Fielder(batter.id, batter.name, position, rating)
        raise LookupError(f"{self.name} has nobody at {position}")

    def batters_faced(self) -> int:
        return self.faced.get(self.pitcher.id, 0)

    def stamina(self: TeamState[Any, RatedPitcherT]) -> Stamina | None:
        """His START line as the starter, RELIEF line in relief (the other if his card lacks it)."""
        pitcher = self.pitcher
        if pitcher.id == self.setup.pitcher.id:
            return pitcher.start or pitcher.relief
        return pitcher.relief or pitcher.start

    def tired(self: TeamState[Any, RatedPitcherT]) -> bool:
        """IP2021 "Fatigue": tired once he has faced his START (or RELIEF) number of batters."""
        line = self.stamina()
        return line is not None and self.batters_faced() >= line.tired

    def past_pull(self: TeamState[Any, RatedPitcherT]) -> bool:
        """IP2021 "Fatigue": runs + hits + unintentional walks above the pull rating."""
        line = self.stamina()
        return line is not None and self.pull_count.get(self.pitcher.id, 0) > line.pull


@dataclass
class GameState(Generic[BatterT, PitcherT]):
    away: TeamState[BatterT, PitcherT]
    home: TeamState[BatterT, PitcherT]
    inning: int = 1
    top: bool = True
    outs: int = 0
    bases: list[Runner[BatterT] | None] = field(default_factory=lambda: [None, None, None])
    over: bool = False
    # Infield depth by position ("1B", "2B", "3B", "SS"): "back", "half" or "in"
    # (IP2021 "Infield Depth"); set by the defense's infield_depth decision.
    infield_depth: dict[str, str] = field(default_factory=dict)
    # The (outs, bases) the defense last set its infield for; None once the bases empty.
    depth_set_for: tuple[int, str] | None = None
    # Players hurt on the last play who must leave the game (IP2021 "Injuries"), by id.
    injured: list[str] = field(default_factory=list)

    def depth(self, position: Position) -> str:
        return self.infield_depth.get(position.value, "back")

    @property
    def batting(self) -> TeamState[BatterT, PitcherT]:
        return self.away if self.top else self.home

    @property
    def fielding(self) -> TeamState[BatterT, PitcherT]:
        return self.home if self.top else self.away

    def runner_on(self, base: int) -> Runner[BatterT] | None:
        return self.bases[base - 1]

    def occupied(self) -> list[int]:
        return [base for base, runner in enumerate(self.bases, 1) if runner is not None]

    def runners_on(self) -> bool:
        first, second, third = self.bases
        return first is not None or second is not None or third is not None

    def base_state(self) -> str:
        """ "1-3" style: which bases are occupied ("---" when empty)."""
        first, second, third = self.bases
        return ("-" if first is None else "1") + ("-" if second is None else "2") + ("-" if third is None else "3")

    def run_difference(self) -> int:
        return abs(self.away.runs - self.home.runs)

    def to_dict(self) -> dict[str, Any]:
        """Where the game stands, as JSON-ready data (for front ends and the store; the log rebuilds it)."""

        def team(t: TeamState[BatterT, PitcherT]) -> dict[str, Any]:
            return {
                "name": t.name,
                "runs": t.runs,
                "runs_by_inning": list(t.runs_by_inning),
                "pitcher": t.pitcher.id,
                "up": t.up,
                "order": [{"id": s.batter.id, "position": s.position.value} for s in t.order],
                "faced": dict(t.faced),
                "used_pitchers": list(t.used_pitchers),
            }

        return {
            "inning": self.inning,
            "top": self.top,
            "outs": self.outs,
            "bases": [r.id if r else None for r in self.bases],
            "over": self.over,
            "infield_depth": dict(self.infield_depth),
            "away": team(self.away),
            "home": team(self.home),
        }


# The state of any ruleset's game, as code every ruleset shares takes it (a ruleset names its own).
AnyState: TypeAlias = GameState[Any, Any]
AnyTeam: TypeAlias = TeamState[Any, Any]
AnyRunner: TypeAlias = Runner[Any]


def batter_side(card: BatterCard, pitcher: PitcherCard) -> Hand:
    return card.side_against(pitcher.throws)
