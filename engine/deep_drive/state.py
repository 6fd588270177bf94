"""What a Deep Drive game keeps beyond the shared state: pitchers' endurance, the defense's and
offense's alignment for the plate appearance, and the season handbook it reads.

The ruleset makes it as a game starts (``flow.new_state``) and the game keeps it
(``Game.ruleset_state``), so a replay from setup, seed and log rebuilds it with everything else
and a checkpoint saves it with the shared state.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any

from cards.notation import Position

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDRunner
    from engine.deep_drive.readers import Handbook

# Alignments of the infield (DDB "Infield In", "Infield In at the Corners").
NORMAL = "normal"
INFIELD_IN = "in"
CORNERS_IN = "corners"
CORNERS = (Position.FIRST, Position.THIRD)
INFIELD = (Position.FIRST, Position.SECOND, Position.THIRD, Position.SHORT)
OUTFIELD = (Position.LEFT, Position.CENTER, Position.RIGHT)


@dataclass
class Alignment:
    """The calls in force for one plate appearance."""

    infield: str = NORMAL
    outfield_in: bool = False  # DDB "Outfield In"
    safe: bool = False  # DDB "Playing it Safe" (the offense's call)
    call: str = "swing"  # the offense's play: "swing", "sacrifice", "squeeze", "hit_and_run"
    steal: bool = False  # DDB "Stealing Bases" (2): the offense sent the runner (manual steals)

    def infield_in_at(self, position: Position) -> bool:
        if self.infield == INFIELD_IN:
            return position in INFIELD
        return self.infield == CORNERS_IN and position in CORNERS


@dataclass
class Arm:
    """One pitcher's DDB "Pitcher Endurance" count and what its rules need to know."""

    pitcher: str
    starter: bool  # he started this game
    rating: int  # the Endurance he entered with (the start number for a starter)
    endurance: int
    entered_inning: int
    entered_mid_inning: bool
    faced: int = 0
    runs_allowed: int = 0
    on_this_inning: int = 0  # hits and walks allowed in the current inning
    faced_this_inning: int = 0
    perfect_run: int = 0  # consecutive perfect innings finished
    baserunners_this_inning: int = 0
    innings_finished: int = 0
    fatigued_once: bool = False  # fell to 0 at some point (the Usage asterisk)

    @property
    def zero_reliever(self) -> bool:
        """A reliever whose card reads Endurance 0 (DDB "Pitcher Endurance" exception)."""
        return not self.starter and self.rating == 0

    def fatigued(self) -> bool:
        """DDB "Pitcher Endurance": at 0 he is fatigued; a 0 reliever only after his entry inning
        is done or he has faced 3 batters."""
        if self.zero_reliever:
            return self.innings_finished > 0 or self.faced >= 3
        return self.endurance <= 0


@dataclass
class PlayNote:
    """What the Rare chart's follow-ups need to know of the play just made."""

    rare: str = ""  # the Rare chart's kind, "" for none (engine.deep_drive.charts.rare.RareKind)
    code: str = ""  # the card's result (DD, SI+, SI, BB, HBP, SO, DEF, OUT)
    mod: int = 0
    final: str = ""  # the final play code (HR, TR, DO off DEEP DRIVE, or the out code played)
    eject_batter: bool = False  # the Odd Play Book's "eject-batter": he leaves after the play
    fielders: list[str] = field(default_factory=list)  # who handled the ball


@dataclass
class DeepDriveState:
    handbook: Handbook
    arms: dict[str, Arm] = field(default_factory=dict)
    alignment: Alignment = field(default_factory=Alignment)
    # DDB "Closers": the relievers pitching this half under the fatigued pitcher's rules.
    closer_rule: set[str] = field(default_factory=set)
    # The lead at the start of the half, by the fielding team (the Closers rule reads it).
    lead_at_start: int = 0
    play: PlayNote = field(default_factory=PlayNote)
    # The runner who was on first when the play began (the Choice and Cut-Off charts move him).
    started_on_first: DDRunner | None = None
    # Pitchers hurt out of the game or ejected: the next call replaces them while the bullpen has a man.
    hurt: set[str] = field(default_factory=set)
    # The half's first batter is still to come: the calls at the start of the half were just made
    # (manager.before_batter is not asked then).
    first_of_half: bool = False
    # The log was made by an engine without the defense's call before every batter (it has another
    # answer where that call now comes): the game plays as that engine played it (manager.before_batter).
    older_log: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> DeepDriveState:
        """A checkpoint's copy (engine.game): everything but the handbook, which play only reads."""
        copied = {f.name: deepcopy(getattr(self, f.name), memo) for f in fields(self) if f.name != "handbook"}
        return replace(self, **copied)


def dd(g: DDGame) -> DeepDriveState:
    """The Deep Drive state of a game being played."""
    state: DeepDriveState = g.ruleset_state
    return state
