"""The line score and the box score, derived from a game's events and its setup alone.

Nothing here is tallied during play: one walk over ``game.events`` rebuilds the
bases, the score and every player's line, so a replayed game gives the same box
score and a stored game needs no stats of its own.

The Inside Pitch books leave scoring to baseball's scoring rules. Dugout's
simple statement of them, as applied here:

- A plate appearance is a ``PlateAppearanceEnded`` event. Its ``result`` (or, if
  the result is not recognised, its ``notation``) is read as the scorer's mark:
  K, BB/W, HBP, CI, HR/H#, S#/S+#/1B, D#/2B, T#/3B, SF#, SH#, E#; anything else
  (G6, F8, L1, DP, FC, a rare play …) is an at bat without a hit. When neither
  is recognised and the batter reached base, the reason he moved decides
  ("hit", "walk", "hit by pitch", "home run", "error").
- AB = PA - BB - HBP - SF - SH - CI (catcher's interference is no at bat).
- SF: a ``SF`` result, or a fly out on which a runner scored with reason
  "sacrifice fly" (or tagging up).
- GIDP: two or more outs on the play, and the ball was on the ground (a result or
  notation starting with G or DP, or a thrown-out sequence such as 6-4-3), not
  a line drive, fly, pop up or strikeout.
- LOB (batter): the runners left on base after a plate appearance in which the
  batter was put out. LOB (team): the runners on base when each half inning ended
  (a half still being played counts once its third out is in).
- SB: a ``RunnerMoved`` whose reason names a steal. CS: a ``RunnerOut`` marked "CS".
- Runs are charged to the pitcher who put the runner on base (the pitcher the
  batter faced when he reached); earned as ``RunScored.earned`` says.
- Outs are credited to the pitcher on the mound for the fielding team; WP and BK
  count once per wild pitch or balk however many runners moved.
- Winning pitcher: the pitcher of record of the winning team when it took the
  lead for good. A starter needs 5 innings (15 outs; 4 innings when the game is
  scheduled for fewer than 6); otherwise the win goes to the winning team's most
  effective reliever: most outs, then fewest runs, then the first used.
- Losing pitcher: the pitcher charged with the run that gave the winners the
  lead for good.
- Save: the pitcher who finished the game for the winners, if he is not the
  winner, entered after the winners had taken the lead for good, and either
  entered with a lead of three runs or fewer and got at least 3 outs, or got at
  least 9 outs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from engine.events import (
    ErrorCharged,
    Event,
    GameEnded,
    HalfInningStarted,
    PlateAppearanceEnded,
    PlateAppearanceStarted,
    RunnerMoved,
    RunnerOut,
    RunScored,
    Substitution,
)
from engine.setup import GameSetup

if TYPE_CHECKING:
    from engine.game import Game

HOME = 4
SIDES = ("away", "home")
# Positions a substitute fields, for the fielding list (pitchers come from the pitching lines).
FIELDED = frozenset(("C", "1B", "2B", "3B", "SS", "LF", "CF", "RF"))

# Scorer's marks, matched against the whole result (or notation) string.
MARKS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (mark, re.compile(pattern))
    for mark, pattern in (
        ("HBP", r"HBP|HP"),
        ("CI", r"CI|INT"),
        ("BB", r"BB|IBB|W"),
        ("K", r"K.*"),
        ("SF", r"SF.*"),
        ("SH", r"SH.*|SAC.*"),
        ("HR", r"HR\d*|H\d*"),
        ("1B", r"1B|S\+?\d*"),
        ("2B", r"2B|D\d*"),
        ("3B", r"3B|T\d*"),
        ("E", r"E\d*|ROE.*"),
    )
)
# Why a batter moved from the plate, for results the marks do not name.
REACHED_BY = {
    "hit": "",
    "walk": "BB",
    "hit by pitch": "HBP",
    "home run": "HR",
    "error": "E",
    "catcher's interference": "CI",
}
HIT_FOR_BASES = {1: "1B", 2: "2B", 3: "3B", 4: "HR"}
HITS = ("1B", "2B", "3B", "HR")
GROUND = re.compile(r"G.*|DP.*|GDP.*|GIDP.*|\d(-\d)+.*")
NOT_GROUND = re.compile(r"[LFPK].*")
STEAL = re.compile(r"steal|stolen|\bSB\b", re.IGNORECASE)


def classify(result: str, notation: str = "") -> str | None:
    """The scorer's mark for a plate appearance: K BB HBP CI 1B 2B 3B HR SF SH E, or None for another out."""
    for text in (result.strip().upper(), notation.strip().upper()):
        for mark, pattern in MARKS:
            if pattern.fullmatch(text):
                return mark
    return None


def innings_pitched(outs: int) -> str:
    """Outs as innings the scorer's way: 19 outs is "6.1"."""
    return f"{outs // 3}.{outs % 3}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def player_names(setup: GameSetup) -> dict[str, str]:
    """Every id a game's events can name, with the player's name (pitchers bat under their own id)."""
    names: dict[str, str] = {}
    for team in (setup.away, setup.home):
        for spot in team.lineup:
            names[spot.batter.id] = spot.batter.name
        for batter in team.bench:
            names[batter.id] = batter.name
        if team.pitcher_batting is not None:
            names.setdefault(team.pitcher_batting.id, team.pitcher_batting.name)
        for pitcher in (team.pitcher, *team.bullpen):
            names[pitcher.id] = pitcher.name
    return names


# --- the lines -----------------------------------------------------------------


@dataclass
class BattingLine:
    player: str
    name: str
    position: str  # where he started, "PH" or "PR" for a substitute
    spot: int  # 1-9 in the batting order; 0 for a man who never batted
    pa: int = 0
    ab: int = 0
    r: int = 0
    h: int = 0
    doubles: int = 0
    triples: int = 0
    hr: int = 0
    rbi: int = 0
    bb: int = 0
    k: int = 0
    hbp: int = 0
    sf: int = 0
    sh: int = 0
    ci: int = 0  # reached on catcher's interference
    gidp: int = 0
    sb: int = 0
    cs: int = 0
    lob: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


COUNTS = tuple(f for f in BattingLine.__dataclass_fields__ if f not in ("player", "name", "position", "spot"))


@dataclass
class PitchingLine:
    player: str
    name: str
    outs: int = 0
    h: int = 0
    r: int = 0
    er: int = 0
    bb: int = 0
    k: int = 0
    hr: int = 0
    bf: int = 0
    hbp: int = 0
    wp: int = 0
    bk: int = 0
    decision: str = ""  # "W", "L", "S" or ""

    @property
    def ip(self) -> str:
        return innings_pitched(self.outs)

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "ip": self.ip}


PITCHING_COUNTS = tuple(f for f in PitchingLine.__dataclass_fields__ if f not in ("player", "name", "decision"))


@dataclass
class FieldingLine:
    player: str
    name: str
    position: str
    e: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class TeamLine:
    """One team's row of the line score."""

    key: str
    name: str
    innings: tuple[int, ...]  # runs in each half inning the team batted
    r: int
    h: int
    e: int
    lob: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class LineScore:
    away: TeamLine
    home: TeamLine
    innings: int  # innings begun
    final: bool

    def to_dict(self) -> dict[str, Any]:
        return {"away": self.away.to_dict(), "home": self.home.to_dict(), "innings": self.innings, "final": self.final}


@dataclass
class TeamBox:
    key: str
    name: str
    batting: list[BattingLine]  # batting order, substitutes after the man they followed
    pitching: list[PitchingLine]  # in the order they pitched
    fielding: list[FieldingLine]
    lob: int

    def batting_totals(self) -> BattingLine:
        total = BattingLine("", "Totals", "", 0)
        for line in self.batting:
            for name in COUNTS:
                setattr(total, name, getattr(total, name) + getattr(line, name))
        return total

    @property
    def errors(self) -> int:
        return sum(f.e for f in self.fielding)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "batting": [b.to_dict() for b in self.batting],
            "pitching": [p.to_dict() for p in self.pitching],
            "fielding": [f.to_dict() for f in self.fielding],
            "lob": self.lob,
        }


@dataclass
class BoxScore:
    line: LineScore
    away: TeamBox
    home: TeamBox

    def team(self, key: str) -> TeamBox:
        return self.away if key == "away" else self.home

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line.to_dict(), "away": self.away.to_dict(), "home": self.home.to_dict()}


# --- the walk over the events ------------------------------------------------------


@dataclass
class _PlateAppearance:
    batter: str
    pitcher: str
    batter_out: bool = False
    reached: str | None = None  # the reason the batter moved from the plate
    reached_base: int = 0
    sacrifice_fly: bool = False  # a run scored with reason "sacrifice fly"
    tagged_and_scored: bool = False  # a run scored tagging up


@dataclass
class _Lead:
    """The moment a team went ahead: who was its pitcher of record, who was charged with the run."""

    index: int  # of the RunScored event
    team: str
    pitcher_of_record: str
    charged: str


@dataclass
class _Team:
    key: str
    name: str
    lineup: list[tuple[str, str]]  # (player id, position) by spot
    spots: list[list[str]] = field(default_factory=list)  # ids who batted in each spot
    batting: dict[str, BattingLine] = field(default_factory=dict)
    pitching: dict[str, PitchingLine] = field(default_factory=dict)
    errors: dict[str, tuple[str, int]] = field(default_factory=dict)  # fielder -> (position, errors)
    fielded: list[tuple[str, str]] = field(default_factory=list)  # substitutes put at a position, in order
    runs_by_inning: list[int] = field(default_factory=list)
    pa_count: int = 0
    lob: int = 0
    pitcher: str = ""  # on the mound (the pitcher of record while the team bats)
    starter: str = ""
    entered_with_lead: dict[str, int] = field(default_factory=dict)
    entered_at: dict[str, int] = field(default_factory=dict)  # pitcher -> index of his first batter

    @property
    def runs(self) -> int:
        return sum(self.runs_by_inning)


class _Walk:
    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self.names = player_names(setup)
        self.teams: dict[str, _Team] = {}
        for key, team in (("away", setup.away), ("home", setup.home)):
            t = _Team(key, team.name, [(s.batter.id, s.position.value) for s in team.lineup])
            if team.pitcher_batting is not None:
                # The pitcher's spot bats as whoever is pitching: the starter to begin with.
                t.lineup = [(team.pitcher.id if pos == "P" else pid, pos) for pid, pos in t.lineup]
            t.spots = [[pid] for pid, _ in t.lineup]
            for spot, (pid, pos) in enumerate(t.lineup, start=1):
                t.batting[pid] = BattingLine(pid, self.name(pid), pos, spot)
            t.pitcher = t.starter = team.pitcher.id
            self.teams[key] = t
        self.batting_key = "away"
        self.bases: dict[int, str] = {}
        self.responsible: dict[str, str] = {}
        self.pa: _PlateAppearance | None = None
        self.leads: list[_Lead] = []
        self.final = False
        self.innings = 0
        self.half_open = False
        self.half_outs = 0
        self.last_move_reason = ""
        self.index = 0

    def name(self, player: str) -> str:
        return self.names.get(player, player)

    @property
    def offense(self) -> _Team:
        return self.teams[self.batting_key]

    @property
    def defense(self) -> _Team:
        return self.teams["home" if self.batting_key == "away" else "away"]

    def pitching_line(self, team: _Team, pitcher: str) -> PitchingLine:
        if pitcher not in team.pitching:
            team.pitching[pitcher] = PitchingLine(pitcher, self.name(pitcher))
        return team.pitching[pitcher]

    def batting_line(self, team: _Team, player: str, position: str) -> BattingLine:
        if player not in team.batting:
            team.batting[player] = BattingLine(player, self.name(player), position, 0)
        return team.batting[player]

    # --- events ---------------------------------------------------------------------

    def run(self, events: Sequence[Event]) -> None:
        for index, event in enumerate(events):
            self.index = index
            if not isinstance(event, RunnerMoved | RunScored):
                self.last_move_reason = ""
            if isinstance(event, HalfInningStarted):
                self.half_started(event)
            elif isinstance(event, PlateAppearanceStarted):
                self.pa_started(event)
            elif isinstance(event, RunnerMoved):
                self.moved(event)
            elif isinstance(event, RunnerOut):
                self.out(event)
            elif isinstance(event, RunScored):
                self.scored(event)
            elif isinstance(event, ErrorCharged):
                self.error(event)
            elif isinstance(event, Substitution):
                self.substitution(event)
            elif isinstance(event, PlateAppearanceEnded):
                self.pa_ended(event)
            elif isinstance(event, GameEnded):
                self.close_half()
                self.final = True
        if not self.final and self.half_outs >= 3:
            self.close_half()  # the third out is in; the next half has not begun yet

    def close_half(self) -> None:
        if self.half_open:
            self.offense.lob += len(self.bases)
            self.half_open = False

    def half_started(self, event: HalfInningStarted) -> None:
        self.close_half()
        self.batting_key = event.batting
        self.offense.runs_by_inning.append(0)
        self.innings = max(self.innings, event.inning)
        self.bases = {}
        self.pa = None
        self.half_open = True
        self.half_outs = 0

    def pa_started(self, event: PlateAppearanceStarted) -> None:
        defense = self.defense
        defense.pitcher = event.pitcher
        if event.pitcher not in defense.entered_at:
            defense.entered_at[event.pitcher] = self.index
            defense.entered_with_lead[event.pitcher] = defense.runs - self.offense.runs
        self.pitching_line(defense, event.pitcher)
        self.pa = _PlateAppearance(event.batter, event.pitcher)

    def moved(self, event: RunnerMoved) -> None:
        runner = event.runner
        for base, who in list(self.bases.items()):
            if who == runner:
                del self.bases[base]
        if 1 <= event.end <= 3:
            self.bases[event.end] = runner
        pa = self.pa
        if event.start == 0:
            self.responsible[runner] = pa.pitcher if pa else self.defense.pitcher
            if pa is not None and runner == pa.batter and pa.reached is None:
                pa.reached, pa.reached_base = event.reason, event.end
        reason = event.reason.lower()
        if pa is not None and event.end >= HOME:
            pa.sacrifice_fly |= reason == "sacrifice fly"
            pa.tagged_and_scored |= reason in ("tag-up", "tag up", "tagged up")
        if STEAL.search(reason):
            self.batting_line(self.offense, runner, "PR").sb += 1
        for kind in ("wild pitch", "balk"):
            if reason == kind and self.last_move_reason != kind:
                line = self.pitching_line(self.defense, self.defense.pitcher)
                if kind == "wild pitch":
                    line.wp += 1
                else:
                    line.bk += 1
        self.last_move_reason = reason

    def out(self, event: RunnerOut) -> None:
        for base, who in list(self.bases.items()):
            if who == event.runner:
                del self.bases[base]
        self.pitching_line(self.defense, self.defense.pitcher).outs += 1
        self.half_outs += 1
        if event.how.upper().startswith("CS"):
            self.batting_line(self.offense, event.runner, "PR").cs += 1
        if self.pa is not None and event.runner == self.pa.batter:
            self.pa.batter_out = True

    def scored(self, event: RunScored) -> None:
        offense, defense = self.offense, self.defense
        before = offense.runs - defense.runs
        offense.runs_by_inning[-1] += 1
        self.batting_line(offense, event.runner, "PR").r += 1
        if event.rbi and event.batter:
            self.batting_line(offense, event.batter, "PH").rbi += 1
        charged = self.responsible.get(event.runner, defense.pitcher)
        line = self.pitching_line(defense, charged)
        line.r += 1
        if event.earned:
            line.er += 1
        if before == 0:  # this run put the batting team ahead
            self.leads.append(_Lead(self.index, offense.key, offense.pitcher, charged))

    def substitution(self, event: Substitution) -> None:
        """A new man in the order gets his line ("PH", "PR" or his position); a pinch runner takes the base.

        A substitute put at a position adds it to his line ("PH-LF") and to the fielding list.
        """
        if event.kind == "pitcher" or event.spot == 0:
            return
        team = self.teams[event.team]
        if event.position in FIELDED:
            team.fielded.append((event.player_in, event.position))
        if event.kind == "position":
            line = self.batting_line(team, event.player_in, "")
            line.position = f"{line.position}-{event.position}" if line.position else event.position
            return
        team.spots[event.spot - 1].append(event.player_in)
        self.batting_line(team, event.player_in, event.position).spot = event.spot
        for base, runner in list(self.bases.items()):
            if runner == event.player_out and team is self.offense:
                self.bases[base] = event.player_in
                if event.player_out in self.responsible:
                    self.responsible[event.player_in] = self.responsible[event.player_out]

    def error(self, event: ErrorCharged) -> None:
        position, count = self.defense.errors.get(event.fielder, (event.position, 0))
        self.defense.errors[event.fielder] = (position, count + 1)

    def pa_ended(self, event: PlateAppearanceEnded) -> None:
        offense = self.offense
        pa = self.pa or _PlateAppearance(event.batter, event.pitcher)
        spot = offense.pa_count % len(offense.spots)
        offense.pa_count += 1
        if event.batter not in offense.spots[spot]:
            offense.spots[spot].append(event.batter)
        pitchers = self.setup.away if offense.key == "away" else self.setup.home
        position = "P" if event.batter in {pitchers.pitcher.id, *(p.id for p in pitchers.bullpen)} else "PH"
        line = self.batting_line(offense, event.batter, position)
        if line.spot == 0:
            line.spot = spot + 1
        mark = classify(event.result, event.notation)
        if mark is None and pa.reached is not None and not pa.batter_out:
            reason = pa.reached.lower()
            mark = REACHED_BY.get(reason, "")
            if reason == "hit":
                mark = HIT_FOR_BASES.get(pa.reached_base, "1B")
            mark = mark or None
        if mark is None and pa.batter_out and self.sacrifice_fly(event, pa):
            mark = "SF"
        line.pa += 1
        if mark not in ("BB", "HBP", "SF", "SH", "CI"):
            line.ab += 1
        if mark in HITS:
            line.h += 1
            line.doubles += mark == "2B"
            line.triples += mark == "3B"
            line.hr += mark == "HR"
        line.bb += mark == "BB"
        line.k += mark == "K"
        line.hbp += mark == "HBP"
        line.sf += mark == "SF"
        line.sh += mark == "SH"
        line.ci += mark == "CI"
        if event.outs_made >= 2 and mark is None and self.on_the_ground(event):
            line.gidp += 1
        if pa.batter_out:
            line.lob += len(self.bases)
        pitching = self.pitching_line(self.defense, event.pitcher)
        pitching.bf += 1
        pitching.h += mark in HITS
        pitching.hr += mark == "HR"
        pitching.bb += mark == "BB"
        pitching.k += mark == "K"
        pitching.hbp += mark == "HBP"
        self.pa = None

    @staticmethod
    def sacrifice_fly(event: PlateAppearanceEnded, pa: _PlateAppearance) -> bool:
        """A run scored on the batter's fly out: the engine says so, or a runner tagged and scored."""
        if pa.sacrifice_fly:
            return True
        flies = [t.strip().upper()[:1] for t in (event.notation, event.result)]
        return pa.tagged_and_scored and event.outs_made == 1 and any(f in ("F", "L") for f in flies)

    @staticmethod
    def on_the_ground(event: PlateAppearanceEnded) -> bool:
        texts = (event.result.strip().upper(), event.notation.strip().upper())
        if any(NOT_GROUND.fullmatch(t) for t in texts):
            return False
        return any(GROUND.fullmatch(t) for t in texts)

    # --- results ---------------------------------------------------------------------

    def decisions(self) -> None:
        """W, L and S by the rules in the module docstring; only for a finished game."""
        away, home = self.teams["away"], self.teams["home"]
        if not self.final or away.runs == home.runs:
            return
        winners, losers = (away, home) if away.runs > home.runs else (home, away)
        decisive = next((lead for lead in reversed(self.leads) if lead.team == winners.key), None)
        if decisive is None:
            return
        winner = decisive.pitcher_of_record
        needed = 15 if self.setup.options.innings >= 6 else 12
        relievers = [p for p in winners.pitching.values() if p.player != winners.starter]
        if winner == winners.starter and self.pitching_line(winners, winner).outs < needed and relievers:
            winner = max(relievers, key=lambda p: (p.outs, -p.r, -relievers.index(p))).player
        self.pitching_line(winners, winner).decision = "W"
        if decisive.charged in losers.pitching:
            losers.pitching[decisive.charged].decision = "L"
        finisher = list(winners.pitching.values())[-1]
        if finisher.player == winner or finisher.player == winners.starter:
            return
        if winners.entered_at.get(finisher.player, -1) < decisive.index:
            return  # he was in the game when the winners took the lead for good
        lead = winners.entered_with_lead.get(finisher.player, 0)
        if (lead <= 3 and finisher.outs >= 3) or finisher.outs >= 9:
            finisher.decision = "S"

    def team_box(self, team: _Team) -> TeamBox:
        order: list[BattingLine] = []
        for ids in team.spots:
            order += [team.batting[i] for i in ids if i in team.batting]
        order += [line for line in team.batting.values() if line not in order]
        fielding = [
            FieldingLine(pid, self.name(pid), pos, team.errors.get(pid, ("", 0))[1]) for pid, pos in team.lineup
        ]
        seen = {f.player for f in fielding}
        for pid, pos in team.fielded:
            if pid not in seen:
                fielding.append(FieldingLine(pid, self.name(pid), pos, team.errors.get(pid, ("", 0))[1]))
                seen.add(pid)
        for pitcher in team.pitching:
            if pitcher not in seen:
                fielding.append(FieldingLine(pitcher, self.name(pitcher), "P", team.errors.get(pitcher, ("", 0))[1]))
                seen.add(pitcher)
        for pid, (pos, count) in team.errors.items():
            if pid not in seen:
                fielding.append(FieldingLine(pid, self.name(pid), pos, count))
        return TeamBox(team.key, team.name, order, list(team.pitching.values()), fielding, team.lob)

    def line_score(self) -> LineScore:
        rows = []
        for key in SIDES:
            team = self.teams[key]
            box_hits = sum(line.h for line in team.batting.values())
            errors = sum(count for _, count in team.errors.values())  # made by this team's fielders
            rows.append(TeamLine(key, team.name, tuple(team.runs_by_inning), team.runs, box_hits, errors, team.lob))
        return LineScore(rows[0], rows[1], self.innings, self.final)


def walk(setup: GameSetup, events: Sequence[Event]) -> BoxScore:
    """The box score of any prefix of a game's events (a game in progress too)."""
    w = _Walk(setup)
    w.run(events)
    w.decisions()
    return BoxScore(w.line_score(), w.team_box(w.teams["away"]), w.team_box(w.teams["home"]))


def box_score(game: Game) -> BoxScore:
    return walk(game.setup, game.events)


def line_score(game: Game) -> LineScore:
    return walk(game.setup, game.events).line
