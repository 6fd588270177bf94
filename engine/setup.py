"""A game's setup: the two teams as they take the field, the ballpark, the options.

Setup + seed + decision log are the whole game (ARCHITECTURE "The engine").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, Generic, Self, TypeAlias, TypeVar

from cards.base import BatterT, GameCard, ParkT, PitcherT
from cards.notation import Position, quote
from engine import rulesets
from engine.rulesets import DEFAULT
from engine.rulesets import ruleset as ruleset_named


class SetupError(ValueError):
    """A lineup or setup the rules do not allow; the message says why."""


# Every position in a lineup without the designated hitter.
LINEUP_POSITIONS = frozenset(p for p in Position if p is not Position.DH)


# The options every ruleset's games play; each ruleset's own model (``Ruleset.options``, in its
# package) adds its rules' options to these. Until issue 27 one flat ``Options`` held both games'
# options, so a game or league stored before then names them all: a model reads such a dict by
# leaving out these names when they are not its own (the other game's, which its engine never read).
FLAT_OPTIONS = frozenset(
    (
        *("designated_hitter", "dh_leagues", "innings", "extra_inning_runner"),
        *("slow_roller_2007", "station_to_station", "throw_charts_2007", "pull", "exhausted", "strategy_rolls"),
        *("roll_again_when_bases_change", "special_k_outs_only", "dropped_pop_odd_2007", "infield_single_br_2007"),
        *("catcher_pop_out_2007", "infield_depth_2007"),
        *("dd_never_as_rare_0", "dd_closers", "dd_ballpark_effects", "dd_manual_baserunning", "dd_steals"),
        *("dd_on_base_events", "dd_manual_steals", "dd_auto_bunt_below"),
    )
)


@dataclass(frozen=True)
class GameOptions:
    """The options both games read, with the books' defaults; a ruleset's model adds its own."""

    # League rules (league.models.LeagueRules) that only this ruleset's leagues have.
    LEAGUE_RULES: ClassVar[tuple[str, ...]] = ()
    # Options a card set's set.toml states for a league made from it (cards.loader's set info), by key.
    SET_OPTIONS: ClassVar[dict[str, str]] = {}

    # The designated hitter (OBR 5.11) in every game; with ``dh_leagues`` set, only where no league is named.
    designated_hitter: bool = False
    # The leagues of two-league play (a team's ``subleague``: "AL", "NL") whose home games use the
    # designated hitter, comma-separated ("AL"); a game plays its home team's league's rule, as MLB's
    # interleague games (1997-2021) and World Series (1986-2021) played the home park's. The books are
    # silent. "" (the default): ``designated_hitter`` decides every game, as before.
    dh_leagues: str = ""
    innings: int = 9
    # Official Baseball Rules 7.01(b) (regular season 2020-2022, permanent from 2023): every
    # half inning after the scheduled ``innings`` starts with a runner on second, the batter
    # before the leadoff man; his run is unearned (9.16 comment: he reached "because of a
    # fielding error", none charged). Not in the books: a Dugout option.
    extra_inning_runner: bool = False

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def __post_init__(self) -> None:
        if not isinstance(self.dh_leagues, str):
            raise SetupError(f"dh_leagues names leagues, comma-separated (e.g. 'AL'), not {self.dh_leagues!r}")
        names = sorted({n.strip().upper() for n in self.dh_leagues.replace(" ", ",").split(",") if n.strip()})
        object.__setattr__(self, "dh_leagues", ",".join(names))
        # A game's length in innings: beyond 30 it is a slip (10**30 innings would never end).
        if not isinstance(self.innings, int) or isinstance(self.innings, bool) or not 1 <= self.innings <= 30:
            raise SetupError(f"innings is a whole number, 1 to 30; got {quote(self.innings)}")

    def uses_dh(self, league: str | None) -> bool:
        """Whether a game whose home team plays in ``league`` (its ``subleague``, None for none) has the
        designated hitter: ``dh_leagues`` decides for a named league when set, else ``designated_hitter``."""
        if self.dh_leagues and league is not None:
            return league.strip().upper() in self.dh_leagues.split(",")
        return self.designated_hitter

    def at_home_of(self, league: str | None) -> Self:
        """The options of one game: the designated hitter as the home team's league plays it."""
        dh = self.uses_dh(league)
        return self if dh == self.designated_hitter else replace(self, designated_hitter=dh)

    def dh_text(self) -> str:
        """The designated hitter rule in words, for a league's messages."""
        if self.dh_leagues:
            where = " and ".join(self.dh_leagues.split(","))
            return f"The designated hitter bats in {where} parks (each game plays its home team's league's rule)."
        return f"The designated hitter is {'on' if self.designated_hitter else 'off'}."

    @classmethod
    def names(cls) -> list[str]:
        """The options' names, in their order."""
        return [f.name for f in fields(cls)]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Options stored by :meth:`to_dict`, or by the flat ``Options`` of before (``FLAT_OPTIONS``)."""
        own = set(cls.__dataclass_fields__)
        unknown = set(data) - own - FLAT_OPTIONS
        if unknown:
            raise SetupError(f"unknown game option(s): {', '.join(sorted(unknown))}")
        return cls(**{name: value for name, value in data.items() if name in own})


# A game's options type: its ruleset's model (``Ruleset.options``), read without a cast. Covariant
# (options are frozen): a ruleset's game is a game whose options are at least the shared ones.
OptionsT = TypeVar("OptionsT", bound=GameOptions, covariant=True)


@dataclass(frozen=True)
class LineupSpot(Generic[BatterT]):
    batter: BatterT
    position: Position


# Generic in the ruleset's card types (cards.base): each ruleset's package names its own
# (``TeamSetup[Batter, Pitcher]`` of its card models); code every ruleset shares keeps them open.
@dataclass(frozen=True)
class TeamSetup(Generic[BatterT, PitcherT]):
    name: str
    lineup: tuple[LineupSpot[BatterT], ...]  # batting order
    pitcher: PitcherT  # the starter
    pitcher_batting: BatterT | None = None  # his batting card when he bats (no DH)
    bench: tuple[BatterT, ...] = ()
    bullpen: tuple[PitcherT, ...] = ()
    # Pitchers' own batting cards (IP2007 sample pitcher card: "##" after the name), by
    # pitcher id; a pitcher without one bats with ``pitcher_batting``, the generic card.
    own_batting: dict[str, BatterT] = field(default_factory=dict, hash=False)
    # The auto-manager's hitting scores of the bench (engine.lineup.hitting_score reads every
    # cell), by player id: kept with the setup, which every replay of a game shares.
    hitting_scores: dict[str, float] = field(default_factory=dict, init=False, compare=False, repr=False)

    def batting_card(self, pitcher: PitcherT) -> BatterT | None:
        """The card a pitcher bats with: his own if he has one, else the team's generic pitchers' card."""
        return self.own_batting.get(pitcher.id) or self.pitcher_batting

    def to_dict(self) -> dict[str, Any]:
        """The team with its cards written out in full, so a stored game replays even if a set changes."""
        data: dict[str, Any] = {
            "name": self.name,
            "lineup": [{"batter": _card(s.batter), "position": s.position.value} for s in self.lineup],
            "pitcher": _card(self.pitcher),
            "pitcher_batting": _card(self.pitcher_batting) if self.pitcher_batting else None,
            "bench": [_card(b) for b in self.bench],
            "bullpen": [_card(p) for p in self.bullpen],
        }
        if self.own_batting:  # left out when empty, so setups stored before it read the same
            data["own_batting"] = {pid: _card(card) for pid, card in self.own_batting.items()}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], batter: Any, pitcher: Any) -> AnyTeamSetup:
        """A team stored by :meth:`to_dict`; ``batter`` and ``pitcher`` are the ruleset's card models."""
        batting = data.get("pitcher_batting")
        return cls(
            name=data["name"],
            lineup=tuple(
                LineupSpot(batter.model_validate(s["batter"]), Position(s["position"])) for s in data["lineup"]
            ),
            pitcher=pitcher.model_validate(data["pitcher"]),
            pitcher_batting=batter.model_validate(batting) if batting else None,
            bench=tuple(batter.model_validate(b) for b in data.get("bench", ())),
            bullpen=tuple(pitcher.model_validate(p) for p in data.get("bullpen", ())),
            own_batting={pid: batter.model_validate(c) for pid, c in data.get("own_batting", {}).items()},
        )

    def validate(self, options: GameOptions) -> None:
        # IP2021 plays baseball's lineup rules: nine batters, every position once.
        if len(self.lineup) != 9:
            raise SetupError(f"{self.name}: a lineup has 9 batters, not {len(self.lineup)}")
        positions = [spot.position for spot in self.lineup]
        wanted: set[Position] = set(LINEUP_POSITIONS)
        if options.designated_hitter:
            wanted = (wanted - {Position.P}) | {Position.DH}
        for pos in positions:
            if positions.count(pos) > 1:
                raise SetupError(f"{self.name}: {pos} is in the lineup twice")
        missing = wanted - set(positions)
        if missing:
            names = ", ".join(sorted(p.value for p in missing))
            raise SetupError(f"{self.name}: nobody plays {names}")
        extra = set(positions) - wanted
        if extra:
            names = ", ".join(sorted(p.value for p in extra))
            raise SetupError(f"{self.name}: {names} is not a lineup position in this game")
        ids = [spot.batter.id for spot in self.lineup]
        if len(set(ids)) != len(ids):
            raise SetupError(f"{self.name}: a player bats twice in the lineup")
        staff = (self.pitcher, *self.bullpen)
        # The generic card is needed only for a pitcher who could bat without a card of his own.
        without = [p for p in staff if p.id not in self.own_batting]
        if not options.designated_hitter and self.pitcher_batting is None and without:
            raise SetupError(
                f"{self.name}: the pitcher bats, and {without[0].name} has no batting card of his own,"
                " so the team needs the pitchers' batting card"
            )


@dataclass(frozen=True)
class GameSetup(Generic[BatterT, PitcherT, ParkT, OptionsT]):
    away: TeamSetup[BatterT, PitcherT]
    home: TeamSetup[BatterT, PitcherT]
    ballpark: ParkT
    # The ruleset's own options model (``Ruleset.options``); shared options alone (a ``GameOptions``,
    # the default) are read into it with its defaults for the rest (so the default is no OptionsT
    # until __post_init__ has read it: hence the ignore).
    options: OptionsT = field(default_factory=GameOptions)  # type: ignore[assignment]
    # The rules the game plays (engine.rulesets): its card models are the setup's card types.
    ruleset: str = DEFAULT
    # Deep Drive: the Season Handbook's TOML text the game reads its charts from ("" = Dugout's
    # default, engine.deep_drive.handbook). Kept in the setup so a stored game replays with the
    # charts it was played with even after a league replaces its handbook.
    handbook: str = ""

    def __post_init__(self) -> None:
        model = ruleset_named(self.ruleset).options
        if type(self.options) is GameOptions:
            object.__setattr__(self, "options", model.from_dict(self.options.to_dict()))
        elif not isinstance(self.options, model):
            raise SetupError(f"a {self.ruleset} game reads {model.__name__}, not {type(self.options).__name__}")

    def validate(self) -> None:
        self.away.validate(self.options)
        self.home.validate(self.options)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "away": self.away.to_dict(),
            "home": self.home.to_dict(),
            "ballpark": _card(self.ballpark),
            "options": self.options.to_dict(),
        }
        if self.handbook:  # left out when empty, so setups stored before it read the same
            data["handbook"] = self.handbook
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], ruleset: str = DEFAULT) -> GameSetup[Any, Any, Any, Any]:
        """A setup stored by :meth:`to_dict`, its cards read with ``ruleset``'s card models."""
        rules = rulesets.ruleset(ruleset)
        ballpark: Any = rules.ballpark.model_validate(data["ballpark"])  # the ruleset's own card type
        options: Any = rules.options.from_dict(data.get("options", {}))  # and its own options model
        return cls(
            away=TeamSetup.from_dict(data["away"], rules.batter, rules.pitcher),
            home=TeamSetup.from_dict(data["home"], rules.batter, rules.pitcher),
            ballpark=ballpark,
            options=options,
            ruleset=ruleset,
            handbook=data.get("handbook", ""),
        )


# A setup of any ruleset's cards, as code every ruleset shares takes it (a ruleset names its own).
AnySetup: TypeAlias = GameSetup[Any, Any, Any, GameOptions]
AnyTeamSetup: TypeAlias = TeamSetup[Any, Any]
AnySpot: TypeAlias = LineupSpot[Any]


def _card(card: GameCard) -> dict[str, Any]:
    """A card as its file writes it: the cards' own notation (cards.loader.dump_card)."""
    return card.model_dump(mode="json", exclude_defaults=True)
