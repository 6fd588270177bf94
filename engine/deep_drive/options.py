"""Deep Drive's game options (``Ruleset.options``): the shared ones and the book's optional rules.

DDB 1.2.5 "Optional Rules" and Dugout's auto-manager. The names keep the ``dd_`` they had when both
games' options shared one flat model: leagues, stored games and ``/league options`` know them so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cards.notation import quote
from engine.setup import GameOptions, SetupError


@dataclass(frozen=True)
class DeepDriveOptions(GameOptions):
    """Deep Drive's options with the book's defaults."""

    # League rules only a Deep Drive league has (league.models.LeagueRules): DDB "Post-Game
    # Injuries" and "Using the Bench", played between games by the league.
    LEAGUE_RULES: ClassVar[tuple[str, ...]] = ("post_game_injuries", "bench_usage")
    # A generated season's set states the era's bunting (set.toml ``auto_bunt_below``).
    SET_OPTIONS: ClassVar[dict[str, str]] = {"auto_bunt_below": "dd_auto_bunt_below"}

    # DDB "Rare Readings": "never" on the other card counts as "rare 0" (the book's suggestion).
    dd_never_as_rare_0: bool = False
    # DDB "Closers": a reliever without CLOSER pitches the 9th on as a fatigued pitcher in close games.
    dd_closers: bool = True
    # DDB "Ballpark Effects": Deep Drive rolls 00-09 and 90-99 read the handbook's park chart.
    dd_ballpark_effects: bool = True
    # DDB "Baserunner Advancement Chart": NO?/YES? ask the offense; a runner sent meets the Choice Chart.
    dd_manual_baserunning: bool = False
    # DDB "Stealing Bases" (automatic) and "Wild Pitches, Passed Balls, Balks and Pickoffs": a league
    # may leave either out for a simpler game.
    dd_steals: bool = True
    dd_on_base_events: bool = True
    # DDB "Stealing Bases" (2), manual: the offense calls each steal before the roll, instead of
    # the automatic roll (1). Needs ``dd_steals``.
    dd_manual_steals: bool = False
    # Dugout's auto-manager, not the book's: besides its late-and-close bunt, it sacrifices with nobody
    # out, a man on first or second and third open, in a game within two runs, whenever the batter's
    # card reaches base (DD, SI+, SI, BB, HBP) on fewer than this many of its 50 numbers: the era's
    # bunting. 0 (the default): late and close only. A generated season's set states it
    # (``auto_bunt_below``), fitted to the season's sacrifice hits.
    dd_auto_bunt_below: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if not 0 <= self.dd_auto_bunt_below <= 50:
            bunt = quote(self.dd_auto_bunt_below)
            raise SetupError(f"dd_auto_bunt_below counts a card's numbers, 0 to 50, not {bunt}")
