"""Inside Pitch's game options (``Ruleset.options``): the shared ones and the books' optional rules.

IP2021 unless named; the IP2007 options play the 2007 book's rule instead of IP2021's.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.setup import GameOptions, SetupError


@dataclass(frozen=True)
class InsidePitchOptions(GameOptions):
    """Inside Pitch's options with the books' defaults."""

    # IP2007 §9 "straight rolls of 6 (slow roller)" in every base state, instead of
    # IP2021's narrower use.
    slow_roller_2007: bool = False
    # IP2007 §7.2: runners go station to station when the run difference is 6+.
    station_to_station: bool = False
    # IP2007 §7.2.2-7.2.4, §11.2-11.3 (and §4.6's arm check): the 3d6 Outfield Throw Chart
    # for throws from the outfield on hits and tag-ups, instead of IP2021's 2d6.
    throw_charts_2007: bool = False
    # IP2021 "Fatigue": the auto-manager pulls a pitcher whose runs + hits + walks pass his pull rating.
    pull: bool = True
    # IP2021 "Fatigue" (optional rule): a tired pitcher's (??), (S1) or K(W) exhausts him; he must leave.
    exhausted: bool = True
    # IP2021 "Strategy Roll": "suggestions" (the auto-manager's advice) or "rules" (the call stands).
    strategy_rolls: str = "suggestions"
    # IP2021 "Strategy Roll" house rule: roll again when a steal, wild pitch or passed ball changes the bases.
    roll_again_when_bases_change: bool = False
    # IP2007 §2.19: Special K turns only "regular outs" into strikeouts, not a W read off the
    # batter or ballpark card as IP2021 "Special K" ("all results other than hits") does.
    special_k_outs_only: bool = False
    # IP2007 §5 error #2: a pop-up is dropped only on an odd error roll (IP2021 #2: any roll
    # at most the error number).
    dropped_pop_odd_2007: bool = False
    # IP2007 §5 error #4: after E? or EG?, an infield single (S1-S6) has no error check; 1d6
    # against the batter's BR, above it he is out at first (IP2021 #4: an infield single with
    # a throwing error chance after E?, and no error at all after EG?).
    infield_single_br_2007: bool = False
    # IP2007 §6 range chart: a catcher who makes the range play on his pop-up (P2) catches it
    # for an out (IP2021 prints "Foul" whether he makes it or not).
    catcher_pop_out_2007: bool = False
    # IP2007 §8.5: the 2007 infield depth table (pitcher and catcher GDP, the first baseman
    # back or holding a runner, halfway at third) instead of IP2021 "Infield Depth".
    infield_depth_2007: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.strategy_rolls not in ("suggestions", "rules"):
            raise SetupError(f"strategy_rolls is 'suggestions' or 'rules', not {self.strategy_rolls!r}")
