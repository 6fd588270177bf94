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
  batter faced when he reached), except that a batter who reaches on a fielder's
  choice that retires a runner another pitcher put on base takes that runner's
  place in the other pitcher's account (OBR 9.16(g): a pitcher is charged with the
  number of runners he put on base).
- The extra-inning runner (``GameOptions.extra_inning_runner``, OBR 7.01(b)) is charged to the
  pitcher who faces the half inning's first batter, the one on the mound as it begins
  (a pitching change before that batter takes him over).
- Outs are credited to the pitcher on the mound for the fielding team; WP and BK
  count once per wild pitch or balk however many runners moved.

Earned runs (OBR 9.16), by reconstructing each half inning without its errors and
passed balls. A reconstruction counts *chances for outs*: every out actually made,
plus one for each error that kept a batter from being put out. Once it reaches three,
no later run in the half is earned. Dugout's clear-cut reading of the scorer's
judgment:

- The batter's out was missed (one more chance, counted at the error) when he
  reaches base in a plate appearance in which a fielder was charged with an error on
  the ball in play (not on a steal, pickoff or catcher's interference) and he is not
  credited with a hit, walk or hit by pitch: reached on an error, or safe on a
  fielder's choice after a misplayed relay. (When the error was on a throw to second,
  the out missed was the runner's there; erasing the batter instead costs the same one
  chance.) A dropped foul pop (9.16(b)(1)) is the
  missed out itself: whatever the batter then does, no later out of his counts
  again, nobody's advance in the rest of that plate appearance is earned, and if he
  reaches he scores no earned run.
- The extra-inning runner is deemed to have reached second on an error none was charged
  for (OBR 7.01(b) comment): he scores no earned run, and costs no chance for an out.
- Such a batter, and one awarded first on catcher's interference (9.16(a) comment:
  no out is assumed for him), scores no earned run.
- Every runner carries the base he would hold error-free: he keeps the bases he took
  on hits, walks, outs, steals, wild pitches and balks, but not those he took on an
  error, a passed ball, catcher's interference or in a prolonged plate appearance
  (9.16(d), the benefit of the doubt to the pitcher, 9.16(f)). His run is earned only
  if that base has reached home as well: a runner moved up by an error keeps only the
  bases the later plays themselves gave him, except that a runner ahead of a batter's
  hit goes at least as many bases as the hit (anyone on scores on a home run, a runner
  who would have been on second scores on a double).
- An error that costs no out and moves nobody (an outfielder's bad throw on a hit is
  a base for the runners, never an out the throw chart did not roll) adds no chance.
  A runner the rules name on the error (``ErrorCharged.missed_out``: a throw to double
  him off a line drive that goes astray, #7) was out error-free: one more chance, and
  his run is not earned (9.16(c)).

Pitchers (9.16(g), (i)): a run is earned for the pitcher it is charged to by a
reconstruction that begins when he entered the half inning, from the outs then
actually made, so a reliever never has the benefit of chances missed before him; the
team's earned runs use the whole half's. So a team's earned runs are at most the sum
of its pitchers', and equal to it whenever nobody came in during a half inning after
an error in it.

Decisions (OBR 9.17, 9.19):

- Winning pitcher: the pitcher of record of the winning team when it took the
  lead for good. A starter needs 5 innings (15 outs; 4 innings when the game is
  scheduled for fewer than 6); otherwise the win goes to the winning team's most
  effective reliever: most outs, then fewest runs, then the first used.
- Losing pitcher: the pitcher charged with the run that gave the winners the
  lead for good.
- Save situation: a reliever enters with his team ahead by three runs or fewer, or
  with the tying run on base, at bat or on deck (lead <= runners on + 2).
- Save (9.19): the reliever who finished the game for the winners, if he is not the
  winner, got at least one out, blew no save, entered with the lead and either
  entered in a save situation by the score (lead <= 3) and pitched an inning,
  entered with the tying run on base, at bat or on deck, or pitched three innings.
- Blown save (BS): a reliever who entered in a save situation is on the mound when
  the tying run scores. He may still be the winner or the loser.
- Hold (HLD): a reliever who entered in a save situation, got at least one out, left
  without blowing it and did not finish the game; Dugout gives no hold to the winner.
- A line's ``decision`` lists its marks: "W", "L", "S", "HLD", "BS", or two of them
  such as "W, BS" or "L, BS".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.events import (
    EXTRA_INNING_RUNNER,
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
from engine.setup import AnySetup
from engine.stats import Batting, Fielding, Pitching

if TYPE_CHECKING:
    from engine.game import AnyGame

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
HIT_BASES = {mark: bases for bases, mark in HIT_FOR_BASES.items()}
GROUND = re.compile(r"G.*|DP.*|GDP.*|GIDP.*|\d(-\d)+.*")
NOT_GROUND = re.compile(r"[LFPK].*")
STEAL = re.compile(r"steal|stolen|\bSB\b", re.IGNORECASE)
# OBR 9.16(d): bases taken on these misplays are not the pitcher's to answer for.
MISPLAY_ADVANCES = frozenset({"error", "passed ball", "catcher's interference"})
# Errors that are not on the ball the batter put in play: they never cost the batter's out.
NOT_ON_THE_BALL = frozenset({"throwing (steal)", "pickoff throw", "catcher's interference"})
DROPPED_FOUL = "dropped foul pop-up"
# Marks that put a batter on base on his own merits: no error cost an out (9.16(a)).
EARNED_REACH = frozenset({*("1B", "2B", "3B", "HR"), "BB", "HBP", "CI"})


@lru_cache(maxsize=4096)  # every plate appearance is classified, by a dozen patterns; the notations repeat
def classify(result: str, notation: str = "") -> str | None:
    """The scorer's mark for a plate appearance: K BB HBP CI 1B 2B 3B HR SF SH E, or None for another out."""
    for text in (result.strip().upper(), notation.strip().upper()):
        for mark, pattern in MARKS:
            if pattern.fullmatch(text):
                return mark
    return None


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def player_names(setup: AnySetup) -> dict[str, str]:
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
# The counts are engine.stats' model; a box line adds who it is for.


@dataclass
class BattingLine(Batting):
    player: str
    name: str
    position: str  # where he started, "PH" or "PR" for a substitute
    spot: int  # 1-9 in the batting order; 0 for a man who never batted

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "position": self.position, "spot": self.spot, **_counts(self)}


@dataclass
class PitchingLine(Pitching):
    player: str
    name: str
    decision: str = ""  # "W", "L", "S", "HLD", "BS", two of them ("W, BS"), or ""

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, **_counts(self), "decision": self.decision, "ip": self.ip}


@dataclass
class FieldingLine(Fielding):
    player: str
    name: str
    position: str

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "position": self.position, **_counts(self)}


def _counts(line: Batting | Pitching | Fielding) -> dict[str, int]:
    """A line's counts as a dict, as ``dataclasses.asdict`` makes it but without its deep copies
    (a season's auto-play writes some 30 lines a game)."""
    return {name: getattr(line, name) for name in line.COUNTS}


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
    er: int = 0  # the team's earned runs allowed (OBR 9.16(i): may be fewer than its pitchers')

    def batting_totals(self) -> BattingLine:
        total = BattingLine("", "Totals", "", 0)
        for line in self.batting:
            total.add(line)
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
            "er": self.er,
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


@dataclass(slots=True)
class _Misplay:
    """What the earned-run reconstruction must know of a plate appearance before the walk reaches it."""

    missed_at: int = -1  # index of the ErrorCharged that cost the batter's out; -1: none
    prolonged: bool = False  # a dropped foul pop: the missed out is his at bat's
    erased: bool = False  # once on base, the batter scores no earned run
    hit: int = 0  # the bases of the batter's hit: every runner ahead of him would have gone as far


def misplays(events: Sequence[Event]) -> dict[int, _Misplay]:
    """The plate appearances an error or a hit marked, by the index of their ``PlateAppearanceStarted``."""
    found: dict[int, _Misplay] = {}
    errors: list[int] = []  # the plate appearance's errors on the ball in play
    start, batter, foul, reach, batter_out = -1, "", -1, "", False

    def close(mark: str | None) -> None:
        m = _Misplay()
        if foul >= 0:
            m.missed_at, m.prolonged, m.erased = foul, True, True
        elif reach and not batter_out and errors and (reach == "error" or mark not in EARNED_REACH):
            m.missed_at, m.erased = errors[0], True
        elif reach == "catcher's interference":
            m.erased = True
        m.hit = HIT_BASES.get(mark or "", 0)
        if m.erased or m.hit:
            found[start] = m

    for index, event in enumerate(events):
        if isinstance(event, PlateAppearanceStarted):
            start, batter, foul, reach, batter_out = index, event.batter, -1, "", False
            errors = []
        elif start < 0:
            continue
        elif isinstance(event, ErrorCharged):
            if event.kind == DROPPED_FOUL:
                foul = index if foul < 0 else foul
            elif event.kind not in NOT_ON_THE_BALL:
                errors.append(index)
        elif isinstance(event, RunnerMoved):
            if event.runner == batter and event.start == 0 and not reach:
                reach = event.reason.lower()
        elif isinstance(event, RunnerOut):
            batter_out |= event.runner == batter
        elif isinstance(event, PlateAppearanceEnded):
            close(classify(event.result, event.notation))
            start = -1
        elif isinstance(event, HalfInningStarted | GameEnded):
            close(None)  # the half ended during the at bat
            start = -1
    if start >= 0:
        close(None)
    return found


@dataclass
class _PlateAppearance:
    batter: str
    pitcher: str
    misplay: _Misplay | None = None
    prolonged: bool = False  # past a dropped foul pop: nothing more in this at bat is earned
    retired: list[str] = field(default_factory=list)  # who was charged with runners put out on the play
    ghost_before: dict[str, int | None] = field(default_factory=dict)  # the error-free bases when it began
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
    entered_on_base: dict[str, int] = field(default_factory=dict)  # runners on when he came in
    save_situation: set[str] = field(default_factory=set)  # relievers who came in with a save to protect
    blown: set[str] = field(default_factory=set)  # ... and were on the mound when the tying run scored
    er: int = 0  # earned runs allowed by the whole-half reconstructions

    @property
    def runs(self) -> int:
        return sum(self.runs_by_inning)


class _Walk:
    def __init__(self, setup: AnySetup) -> None:
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
        self.misplays: dict[int, _Misplay] = {}
        # OBR 9.16: the base each runner would hold error-free (None: he would not be on base) and
        # the chances for outs in this half, for the team ("") and from each pitcher's entry on.
        self.ghost: dict[str, int | None] = {}
        self.chances: dict[str, int] = {"": 0}
        self.placed = ""  # the extra-inning runner (OBR 7.01(b)) until the half's first batter comes up
        self.earned: dict[int, bool] = {}  # each RunScored's index: earned for the pitcher charged with it

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
        self.misplays = misplays(events)
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
        self.ghost = {}
        self.chances = {"": 0}
        self.placed = ""

    def pa_started(self, event: PlateAppearanceStarted) -> None:
        defense = self.defense
        defense.pitcher = event.pitcher
        if event.pitcher not in defense.entered_at:
            if not defense.entered_at:
                defense.starter = event.pitcher  # the first to face a batter (the announced one may be gone)
            defense.entered_at[event.pitcher] = self.index
            lead = defense.entered_with_lead[event.pitcher] = defense.runs - self.offense.runs
            on_base = defense.entered_on_base[event.pitcher] = sum(r is not None for r in event.bases)
            # 9.19: ahead by three or fewer, or the tying run on base, at bat or on deck.
            if event.pitcher != defense.starter and lead > 0 and (lead <= 3 or lead <= on_base + 2):
                defense.save_situation.add(event.pitcher)
        # 9.16(i): a pitcher's own reconstruction starts from the outs actually made when he came in.
        self.chances.setdefault(event.pitcher, self.half_outs)
        if self.placed:
            self.responsible[self.placed] = event.pitcher
            self.placed = ""
        self.pitching_line(defense, event.pitcher)
        self.pa = _PlateAppearance(event.batter, event.pitcher, self.misplays.get(self.index))
        self.pa.ghost_before = dict(self.ghost)

    def moved(self, event: RunnerMoved) -> None:
        runner = event.runner
        for base, who in list(self.bases.items()):
            if who == runner:
                del self.bases[base]
        if 1 <= event.end <= 3:
            self.bases[event.end] = runner
        pa = self.pa
        reason = event.reason.lower()
        if reason == EXTRA_INNING_RUNNER:  # 7.01(b): "on an error", so his run is never earned
            self.responsible[runner] = self.defense.pitcher
            self.placed = runner  # charged to whoever faces the half's first batter (pa_started)
            self.ghost[runner] = None
        elif event.start == 0:
            self.responsible[runner] = pa.pitcher if pa else self.defense.pitcher
            erased = pa is not None and runner == pa.batter and pa.misplay is not None and pa.misplay.erased
            self.ghost[runner] = None if erased else 0 if reason in MISPLAY_ADVANCES else event.end
            if pa is not None and runner == pa.batter and pa.reached is None:
                pa.reached, pa.reached_base = event.reason, event.end
        else:
            ghost = self.ghost.get(runner, event.start)
            if ghost is not None and reason not in MISPLAY_ADVANCES and not (pa is not None and pa.prolonged):
                ghost = min(ghost + event.end - event.start, HOME)
                if event.end >= HOME and pa is not None and pa.misplay is not None and pa.misplay.hit:
                    # A runner ahead of the batter goes at least as far as the batter's hit takes him.
                    before = pa.ghost_before.get(runner)
                    if before is not None and before + pa.misplay.hit >= HOME:
                        ghost = HOME
            self.ghost[runner] = ghost
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
        how = event.how.upper()
        if how.startswith("CS"):
            self.batting_line(self.offense, event.runner, "PR").cs += 1
        pa = self.pa
        if pa is not None and event.runner == pa.batter:
            pa.batter_out = True
        elif pa is not None and not how.startswith(("CS", "PICKED")):
            pa.retired.append(self.responsible.get(event.runner, ""))
        if not (pa is not None and pa.prolonged and event.runner == pa.batter):
            self.chance()  # (a batter whose foul pop was dropped had his chance counted at the error)
        self.ghost.pop(event.runner, None)

    def chance(self) -> None:
        """One more chance for an out, in every reconstruction of the half."""
        for key in self.chances:
            self.chances[key] += 1

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
        ghost = self.ghost.pop(event.runner, HOME)
        earned = False
        if ghost is not None and ghost >= HOME:  # he would have scored error-free ...
            earned = self.chances.get(charged, self.chances[""]) < 3  # ... before his pitcher's third chance
            line.er += earned
            defense.er += self.chances[""] < 3  # ... before the team's
        self.earned[self.index] = earned
        if before == 0:  # this run put the batting team ahead
            self.leads.append(_Lead(self.index, offense.key, offense.pitcher, charged))
        if before == -1 and defense.pitcher in defense.save_situation:
            defense.blown.add(defense.pitcher)  # the tying run scored on his watch

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
                if event.player_out in self.ghost:
                    self.ghost[event.player_in] = self.ghost.pop(event.player_out)
                if event.player_out == self.placed:
                    self.placed = event.player_in

    def error(self, event: ErrorCharged) -> None:
        position, count = self.defense.errors.get(event.fielder, (event.position, 0))
        self.defense.errors[event.fielder] = (position, count + 1)
        if event.missed_out:  # 9.16(c): error-free this runner was out; he scores no earned run
            self.chance()
            self.ghost[event.missed_out] = None
        pa = self.pa
        if pa is not None and pa.misplay is not None and pa.misplay.missed_at == self.index:
            self.chance()  # the out this error cost
            pa.prolonged = pa.misplay.prolonged

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
        if mark not in EARNED_REACH and event.batter in self.bases.values():
            # 9.16(g): safe on a fielder's choice that retired another pitcher's runner, he is that runner.
            mine = self.responsible.get(event.batter)
            other = next((p for p in pa.retired if p and p != mine), None)
            if other is not None:
                self.responsible[event.batter] = other
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
        """W, L, S, HLD and BS by the rules in the module docstring; only for a finished game."""
        if not self.final:
            return
        marks: dict[str, list[str]] = {}
        away, home = self.teams["away"], self.teams["home"]
        winner = ""
        if away.runs != home.runs:
            winners, losers = (away, home) if away.runs > home.runs else (home, away)
            decisive = next((lead for lead in reversed(self.leads) if lead.team == winners.key), None)
            if decisive is not None:
                of_record = decisive.pitcher_of_record
                winner = self.winner(winners, of_record if of_record in winners.pitching else winners.starter)
                marks[winner] = ["W"]
                if decisive.charged in losers.pitching:
                    marks[decisive.charged] = ["L"]
                saver = self.save(winners, winner)
                if saver:
                    marks.setdefault(saver, []).append("S")
        for team in (away, home):
            finisher = list(team.pitching)[-1] if team.pitching else ""
            for pitcher in team.save_situation:
                if pitcher in team.blown:
                    marks.setdefault(pitcher, []).append("BS")
                elif pitcher not in (finisher, winner) and team.pitching[pitcher].outs >= 1:
                    marks.setdefault(pitcher, []).append("HLD")
            for pitcher, line in team.pitching.items():
                line.decision = ", ".join(marks.get(pitcher, ()))

    def winner(self, winners: _Team, of_record: str) -> str:
        """9.17: the pitcher of record, unless he is a starter short of his innings."""
        needed = 15 if self.setup.options.innings >= 6 else 12
        relievers = [p for p in winners.pitching.values() if p.player != winners.starter]
        if of_record == winners.starter and self.pitching_line(winners, of_record).outs < needed and relievers:
            return max(relievers, key=lambda p: (p.outs, -p.r, -relievers.index(p))).player
        return of_record

    @staticmethod
    def save(winners: _Team, winner: str) -> str:
        """9.19: the reliever who finished for the winners, when he earned a save; else ""."""
        finisher = list(winners.pitching.values())[-1]
        pitcher = finisher.player
        if pitcher in (winner, winners.starter) or pitcher in winners.blown or finisher.outs < 1:
            return ""
        lead = winners.entered_with_lead.get(pitcher, 0)
        tying_run_near = lead <= winners.entered_on_base.get(pitcher, 0) + 2  # on base, at bat or on deck
        if lead > 0 and ((lead <= 3 and finisher.outs >= 3) or tying_run_near or finisher.outs >= 9):
            return pitcher
        return ""

    def team_box(self, team: _Team) -> TeamBox:
        order: list[BattingLine] = []
        for ids in team.spots:
            order += [team.batting[i] for i in ids if i in team.batting]
        order += [line for line in team.batting.values() if line not in order]
        fielding = [
            FieldingLine(pid, self.name(pid), pos, e=team.errors.get(pid, ("", 0))[1]) for pid, pos in team.lineup
        ]
        seen = {f.player for f in fielding}
        for pid, pos in team.fielded:
            if pid not in seen:
                fielding.append(FieldingLine(pid, self.name(pid), pos, e=team.errors.get(pid, ("", 0))[1]))
                seen.add(pid)
        for pitcher in team.pitching:
            if pitcher not in seen:
                fielding.append(FieldingLine(pitcher, self.name(pitcher), "P", e=team.errors.get(pitcher, ("", 0))[1]))
                seen.add(pitcher)
        for pid, (pos, count) in team.errors.items():
            if pid not in seen:
                fielding.append(FieldingLine(pid, self.name(pid), pos, e=count))
        return TeamBox(team.key, team.name, order, list(team.pitching.values()), fielding, team.lob, team.er)

    def line_score(self) -> LineScore:
        rows = []
        for key in SIDES:
            team = self.teams[key]
            box_hits = sum(line.h for line in team.batting.values())
            errors = sum(count for _, count in team.errors.values())  # made by this team's fielders
            rows.append(TeamLine(key, team.name, tuple(team.runs_by_inning), team.runs, box_hits, errors, team.lob))
        return LineScore(rows[0], rows[1], self.innings, self.final)


def walk(setup: AnySetup, events: Sequence[Event]) -> BoxScore:
    """The box score of any prefix of a game's events (a game in progress too)."""
    w = _Walk(setup)
    w.run(events)
    w.decisions()
    return BoxScore(w.line_score(), w.team_box(w.teams["away"]), w.team_box(w.teams["home"]))


def earned_runs(setup: AnySetup, events: Sequence[Event]) -> dict[int, bool]:
    """Each run's earned or not, as the box score charges it to its pitcher (OBR 9.16), by its event's index.

    The narration reads this, so that a play-by-play never calls a run unearned that the box score
    counts in a pitcher's ER (a RunScored's own ``earned`` only says the runner did not reach on an error).
    """
    w = _Walk(setup)
    w.run(events)
    return w.earned


def box_score(game: AnyGame) -> BoxScore:
    return walk(game.setup, game.events)


def line_score(game: AnyGame) -> LineScore:
    return walk(game.setup, game.events).line
