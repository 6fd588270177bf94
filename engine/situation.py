"""A game from any moment: the situation a game starts from, as python-chess reads a position.

A :class:`Situation` names the inning and half, the score, the outs, the runners
(each with his card, and the pitcher charged with him), the batter due up, each
team's pitcher and his fatigue, the infield depths, and what is left on each bench
and in each bullpen. ``Game(setup, seed, situation=..., until=...)`` places the game
there and plays on with the same rules, events and requests as a game from the first
pitch; ``until`` stops it after one plate appearance, at the end of the half inning,
or at the end of the game. With ``until="start"`` nothing is played: the board is
set and a rule test calls the rules itself.

A situation is part of a game's setup: :meth:`Game.to_dict` stores it, so a game
started from one replays like any other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cards.models import Batter
from cards.notation import Position
from engine.setup import AnySetup, AnySpot, LineupSpot, SetupError
from engine.state import AnyRunner, AnyState, AnyTeam, Runner

if TYPE_CHECKING:
    pass

# Where a game from a situation stops (Game's ``until``).
START = "start"  # nothing played: the board is set
PLATE_APPEARANCE = "plate_appearance"
HALF_INNING = "half_inning"
GAME = "game"
STOPS = (START, PLATE_APPEARANCE, HALF_INNING, GAME)
DEPTHS = ("back", "half", "in")
INFIELD = ("1B", "2B", "3B", "SS")


@dataclass(frozen=True)
class OnBase:
    """A runner: his card, and what the scorer needs to know about how he reached."""

    card: Batter
    charged_to: str | None = None  # the pitcher responsible for him; None: the pitcher on the mound
    reached_on_error: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "card": self.card.model_dump(mode="json", exclude_defaults=True),
            "charged_to": self.charged_to,
            "reached_on_error": self.reached_on_error,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> OnBase:
        return cls(Batter.model_validate(data["card"]), data.get("charged_to"), bool(data.get("reached_on_error")))


@dataclass(frozen=True)
class TeamSituation:
    """One team at the moment: who is due up, who pitches and how worn he is, who is left.

    ``pitcher`` is the id of the starter or of a bullpen pitcher (None: the starter).
    ``batters_faced`` and ``pull_count`` are his so far; ``tired`` puts his batters
    faced at his tired number if it is not already past it. ``bench`` and ``bullpen``
    list the ids still available (None: all of the setup's); anyone else has played.
    ``runs_by_inning`` is the team's line score for the innings it has finished (None:
    all of ``runs`` in the first inning); the batting team's runs beyond it came in
    this half.
    """

    runs: int = 0
    up: int = 0  # index in the batting order (0-8) of the batter due up
    pitcher: str | None = None
    batters_faced: int = 0
    tired: bool = False
    pull_count: int = 0
    bench: tuple[str, ...] | None = None
    bullpen: tuple[str, ...] | None = None
    runs_by_inning: tuple[int, ...] | None = None
    exhausted: bool = False  # IP2021 "Fatigue": he must leave before the next batter
    # The batting order as (player id, position) by spot, for a lineup changed since the
    # setup (None: the setup's). Ids are the setup's players; the pitcher's spot names
    # the pitcher.
    order: tuple[tuple[str, str], ...] | None = None
    # Spots (0-8) of pinch hitters and runners not yet given a position (TeamState.unplaced).
    unplaced: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "exhausted": self.exhausted,
            "unplaced": list(self.unplaced),
            "order": [list(spot) for spot in self.order] if self.order is not None else None,
            "runs": self.runs,
            "up": self.up,
            "pitcher": self.pitcher,
            "batters_faced": self.batters_faced,
            "tired": self.tired,
            "pull_count": self.pull_count,
            "bench": list(self.bench) if self.bench is not None else None,
            "bullpen": list(self.bullpen) if self.bullpen is not None else None,
            "runs_by_inning": list(self.runs_by_inning) if self.runs_by_inning is not None else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TeamSituation:
        def ids(key: str) -> tuple[str, ...] | None:
            value = data.get(key)
            return tuple(value) if value is not None else None

        line = data.get("runs_by_inning")
        order = data.get("order")
        return cls(
            exhausted=bool(data.get("exhausted", False)),
            unplaced=tuple(int(spot) for spot in data.get("unplaced", ())),
            order=tuple((str(p), str(pos)) for p, pos in order) if order is not None else None,
            runs=int(data.get("runs", 0)),
            up=int(data.get("up", 0)),
            pitcher=data.get("pitcher"),
            batters_faced=int(data.get("batters_faced", 0)),
            tired=bool(data.get("tired", False)),
            pull_count=int(data.get("pull_count", 0)),
            bench=ids("bench"),
            bullpen=ids("bullpen"),
            runs_by_inning=tuple(int(r) for r in line) if line is not None else None,
        )


@dataclass(frozen=True)
class Situation:
    """Where a game stands before a plate appearance; see the module docstring.

    ``runners`` is first, second, third: each None, a card, or an :class:`OnBase`.
    ``infield_depth`` maps "1B", "2B", "3B", "SS" to "back", "half" or "in"; when
    given, the defense is not asked again until the bases or outs change.
    """

    inning: int = 1
    top: bool = True
    outs: int = 0
    runners: tuple[OnBase | Batter | None, OnBase | Batter | None, OnBase | Batter | None] = (None, None, None)
    away: TeamSituation = field(default_factory=TeamSituation)
    home: TeamSituation = field(default_factory=TeamSituation)
    infield_depth: Mapping[str, str] | None = None
    # The outs and bases the defense last set that infield for, e.g. (1, "1--"); it is
    # asked again when they differ. None: for the situation's own outs and bases.
    depth_set_for: tuple[int, str] | None = None

    def __post_init__(self) -> None:
        if self.inning < 1:
            raise SetupError(f"the inning is 1 or later, not {self.inning}")
        if not 0 <= self.outs <= 2:
            raise SetupError(f"a plate appearance starts with 0, 1 or 2 outs, not {self.outs}")
        if len(self.runners) != 3:
            raise SetupError("runners are given for first, second and third")
        on = [r.card.id if isinstance(r, OnBase) else r.id for r in self.runners if r is not None]
        if len(set(on)) != len(on):
            raise SetupError("a runner is on two bases at once")
        for position, depth in (self.infield_depth or {}).items():
            if position not in INFIELD or depth not in DEPTHS:
                raise SetupError(f"infield depth {position}={depth!r}: positions are {INFIELD}, depths {DEPTHS}")
        for team in (self.away, self.home):
            if not 0 <= team.up <= 8:
                raise SetupError(f"the batter due up is spot 0-8 in the order, not {team.up}")
            if team.runs < 0 or team.batters_faced < 0 or team.pull_count < 0:
                raise SetupError("runs, batters faced and pull counts are never negative")

    def on_base(self) -> tuple[OnBase | None, OnBase | None, OnBase | None]:
        first, second, third = (r if r is None or isinstance(r, OnBase) else OnBase(r) for r in self.runners)
        return first, second, third

    def to_dict(self) -> dict[str, Any]:
        return {
            "inning": self.inning,
            "top": self.top,
            "outs": self.outs,
            "runners": [r.to_dict() if r else None for r in self.on_base()],
            "away": self.away.to_dict(),
            "home": self.home.to_dict(),
            "infield_depth": dict(self.infield_depth) if self.infield_depth is not None else None,
            "depth_set_for": list(self.depth_set_for) if self.depth_set_for is not None else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Situation:
        runners = [OnBase.from_dict(r) if r else None for r in data.get("runners", (None, None, None))]
        if len(runners) != 3:
            raise SetupError("runners are given for first, second and third")
        depth = data.get("infield_depth")
        set_for = data.get("depth_set_for")
        return cls(
            inning=int(data.get("inning", 1)),
            top=bool(data.get("top", True)),
            outs=int(data.get("outs", 0)),
            runners=(runners[0], runners[1], runners[2]),
            away=TeamSituation.from_dict(data.get("away", {})),
            home=TeamSituation.from_dict(data.get("home", {})),
            infield_depth=dict(depth) if depth is not None else None,
            depth_set_for=(int(set_for[0]), str(set_for[1])) if set_for is not None else None,
        )

    @classmethod
    def of(cls, state: AnyState) -> Situation:
        """Where a game stands now (between plate appearances): play from it gives what the game gives.

        A half inning whose third out is in gives the start of the next half. Not
        captured: a hurt player still waiting to be replaced (``GameState.injured``).
        """
        if state.over:
            raise SetupError("the game is over: there is no situation to play from")
        half_over = state.outs >= 3

        def team(t: AnyTeam) -> TeamSituation:
            setup = t.setup
            return TeamSituation(
                runs=t.runs,
                up=t.up % len(t.order),
                pitcher=t.pitcher.id,
                batters_faced=t.batters_faced(),
                pull_count=t.pull_count.get(t.pitcher.id, 0),
                bench=tuple(b.id for b in t.available_bench()),
                bullpen=tuple(p.id for p in t.available_relievers()),
                runs_by_inning=tuple(
                    t.runs_by_inning[:-1] if t is state.batting and not half_over else t.runs_by_inning
                ),
                exhausted=t.exhausted,
                unplaced=tuple(sorted(t.unplaced)),
                order=tuple((s.batter.id, s.position.value) for s in t.order)
                if [(s.batter.id, s.position) for s in t.order] != [(s.batter.id, s.position) for s in setup.lineup]
                else None,
            )

        if half_over:
            return cls(
                inning=state.inning + (0 if state.top else 1),
                top=not state.top,
                away=team(state.away),
                home=team(state.home),
            )
        first, second, third = (OnBase(r.card, r.pitcher, r.reached_on_error) if r else None for r in state.bases)
        return cls(
            inning=state.inning,
            top=state.top,
            outs=state.outs,
            runners=(first, second, third),
            away=team(state.away),
            home=team(state.home),
            infield_depth=dict(state.infield_depth) if state.depth_set_for is not None else None,
            depth_set_for=state.depth_set_for,
        )

    # --- placing a game there --------------------------------------------------------

    def validate(self, setup: AnySetup) -> None:
        """Refuse a situation the setup cannot be in: a game already over, an unknown pitcher, bench or bullpen id."""
        # OBR 5.08(b): the home team ahead in the bottom of the last inning or later, or in
        # the top of an extra inning (it led after a full inning), has already won.
        last = setup.options.innings
        late = self.inning > last or (self.inning == last and not self.top)
        if late and self.home.runs > self.away.runs:
            raise SetupError(f"the home team leads {self.home.runs}-{self.away.runs} there: the game is over")
        for team, spec in ((setup.away, self.away), (setup.home, self.home)):
            pitchers = {p.id for p in (team.pitcher, *team.bullpen)}
            if spec.pitcher is not None and spec.pitcher not in pitchers:
                raise SetupError(f"{team.name}: {spec.pitcher!r} is not the starter or in the bullpen")
            bench = {b.id for b in team.bench}
            unknown = set(spec.bench or ()) - bench
            if unknown:
                raise SetupError(f"{team.name}: not on the bench: {', '.join(sorted(unknown))}")
            unknown = set(spec.bullpen or ()) - {p.id for p in team.bullpen}
            if unknown:
                raise SetupError(f"{team.name}: not in the bullpen: {', '.join(sorted(unknown))}")
            if spec.pitcher is not None and spec.pitcher in (spec.bullpen or ()):
                raise SetupError(f"{team.name}: {spec.pitcher} is pitching, so he is not still in the bullpen")

    def apply(self, setup: AnySetup, state: AnyState) -> None:
        """Put a fresh game's state (``Game.fresh_state``) at this situation."""
        self.validate(setup)
        state.inning, state.top, state.outs = self.inning, self.top, self.outs
        for key, spec in (("away", self.away), ("home", self.home)):
            team = state.away if key == "away" else state.home
            _place_team(team, spec, self, batting=(key == "away") == self.top)
        defense = state.fielding
        bases: list[AnyRunner | None] = []
        for on in self.on_base():
            if on is None:
                bases.append(None)
            else:
                bases.append(Runner(on.card, on.charged_to or defense.pitcher.id, on.reached_on_error))
        state.bases = bases
        if self.infield_depth is not None and state.runners_on() and state.outs < 2:
            state.infield_depth = dict(self.infield_depth)
            state.depth_set_for = self.depth_set_for or (state.outs, state.base_state())


def _place_team(team: AnyTeam, spec: TeamSituation, situation: Situation, batting: bool) -> None:
    """The team's line score, batter due, pitcher and fatigue, and who is left, at the situation."""
    # Halves the team has finished; the batting team's runs beyond them came in this half.
    played = situation.inning - 1 if batting or situation.top else situation.inning
    if spec.runs_by_inning is not None:
        if len(spec.runs_by_inning) != played:
            raise SetupError(f"{team.name} has batted in {played} innings, so its line has {played} entries")
        line = list(spec.runs_by_inning)
    else:
        line = [spec.runs] + [0] * (played - 1) if played else []
    this_half = spec.runs - sum(line)
    if this_half < 0 or (this_half and not batting):
        raise SetupError(f"{team.name}: {spec.runs} runs do not fit its line score {line}")
    team.runs_by_inning = [*line, this_half] if batting else line
    team.up = spec.up
    team.exhausted = spec.exhausted
    team.unplaced = set(spec.unplaced)
    setup = team.setup
    if spec.pitcher is not None and spec.pitcher != team.pitcher.id:
        # A reliever is on: the starter is out of the game and the reliever bats in his spot.
        new = next(p for p in setup.bullpen if p.id == spec.pitcher)
        team.removed.add(team.pitcher.id)
        team.pitcher = new
        team.used_pitchers.append(new.id)
        for i, spot in enumerate(team.order):
            if spot.position is Position.P:
                team.order[i] = team.pitcher_spot(new)
    if spec.order is not None:
        team.order = _order(team, spec.order)
        batting_for_him = [s for s in team.order if s.position is Position.P and s.batter.id != team.pitcher.id]
        if batting_for_him:
            team.removed.add(team.pitcher.id)  # he was batted for: a new pitcher comes in
    # Only Inside Pitch's pitchers have START/RELIEF lines; Deep Drive reads ``tired`` as Endurance 0.
    stamina = team.stamina() if spec.tired and hasattr(team.pitcher, "relief") else None
    faced = spec.batters_faced
    if spec.tired and stamina is not None:
        faced = max(faced, stamina.tired)
    team.faced[team.pitcher.id] = faced
    team.pull_count[team.pitcher.id] = spec.pull_count
    if spec.bench is not None:
        team.used_bench |= {b.id for b in setup.bench if b.id not in spec.bench}
    if spec.bullpen is not None:
        gone = [p.id for p in setup.bullpen if p.id not in spec.bullpen and p.id != team.pitcher.id]
        team.used_pitchers += [p for p in gone if p not in team.used_pitchers]
        team.removed |= set(gone)


def _order(team: AnyTeam, order: Sequence[tuple[str, str]]) -> list[AnySpot]:
    """A changed batting order from ids: the setup's players; the pitcher's spot bats as pitchers do."""
    setup = team.setup
    batters = {s.batter.id: s.batter for s in setup.lineup} | {b.id: b for b in setup.bench}
    pitchers = {p.id: p for p in (setup.pitcher, *setup.bullpen)}
    spots = []
    for player, position in order:
        if player in pitchers and position == Position.P.value:
            spots.append(team.pitcher_spot(pitchers[player]))
        elif player in batters:
            spots.append(LineupSpot(batters[player], Position(position)))
        else:
            raise SetupError(f"{team.name}: {player!r} is not in the lineup or on the bench")
    if len(spots) != len(setup.lineup):
        raise SetupError(f"{team.name}: the order has {len(setup.lineup)} spots, not {len(spots)}")
    gone = {s.batter.id for s in setup.lineup} - {s.batter.id for s in spots}
    team.removed |= gone
    team.used_bench |= {s.batter.id for s in spots if s.batter.id in {b.id for b in setup.bench}}
    return spots


def describe(situation: Situation, names: Sequence[str] = ("away", "home")) -> str:
    """A one-line reading of a situation, for test failures and logs."""
    outs = f"{situation.outs} out" if situation.outs == 1 else f"{situation.outs} outs"
    half = "top" if situation.top else "bottom"
    on = [str(base) for base, r in enumerate(situation.runners, 1) if r is not None]
    bases = "bases empty" if not on else "runners on " + ", ".join(on)
    score = f"{names[0]} {situation.away.runs}, {names[1]} {situation.home.runs}"
    return f"{half} {situation.inning}, {outs}, {bases}, {score}"


__all__ = [
    "GAME",
    "HALF_INNING",
    "PLATE_APPEARANCE",
    "START",
    "STOPS",
    "OnBase",
    "Situation",
    "TeamSituation",
    "describe",
]
