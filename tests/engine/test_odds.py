"""engine.inside_pitch.odds against a brute-force walk over every roll of the engine's own reader.

The walk runs the real ``reading.read_pitcher_card`` (IP2021 "Pitcher Card", "Batter Card",
"Ballpark Card") once per sequence of rolls, depth first, each path weighted by its dice; a
None (WLD with the bases empty, IP2021 "WLD": a foul, read again) is left out and the rest
renormalised. The odds must equal it exactly, as Fractions.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from cards.models import Ballpark, Batter, Pitcher
from cards.notation import Bats, Hand
from engine.events import Roll
from engine.game import Game
from engine.inside_pitch.odds import Outcome, plate_appearance_odds
from engine.inside_pitch.reading import AtBat, Ball, Direct, Rare, read_pitcher_card
from engine.situation import START, Situation
from tests.engine.helpers import BENCH, CBP, SAN_DIEGO, SEAVER, clone_batter, setup


class Explorer:
    """A dice object that replays a prefix of rolls and then rolls 1s, recording each die."""

    def __init__(self) -> None:
        self.path: list[tuple[int, int]] = []
        self.used = 0

    def roll(self, sides: int) -> int:
        if self.used < len(self.path):
            want, value = self.path[self.used]
            assert want == sides
        else:
            value = 1
            self.path.append((sides, 1))
        self.used += 1
        return value

    def next_path(self) -> bool:
        del self.path[self.used :]
        while self.path and self.path[-1][1] == self.path[-1][0]:
            self.path.pop()
        if not self.path:
            return False
        sides, value = self.path[-1]
        self.path[-1] = (sides, value + 1)
        self.used = 0
        return True


def brute_force(pitcher: Pitcher, batter: Batter, park: Ballpark, tired: bool = False) -> dict[Outcome, Fraction]:
    g = Game(setup(park=park), seed=1, situation=Situation(), until=START)
    dice = Explorer()
    g.dice = dice
    side = batter.side_against(pitcher.throws)
    adj = park.adjustments
    total: dict[Outcome, Fraction] = {}
    foul = Fraction(0)
    while True:
        g.events.clear()
        ab = AtBat(batter, pitcher, side, tired=tired, runners_on=False, park_k=adj.k, park_w=adj.w, park_hr=adj.hr)
        got = read_pitcher_card(g, ab)
        weight = Fraction(1)
        for sides, _ in dice.path[: dice.used]:
            weight /= sides
        if got is None:
            foul += weight
        else:
            result, triggers = got
            card = [e.purpose for e in g.events if isinstance(e, Roll) and e.dice == "2d6"][-1].removesuffix(" card")
            trigger = ""
            if triggers.error is not None:
                trigger = str(triggers.error)
            elif triggers.range_play:
                trigger = "RP@" if card == "ballpark" else "RP"
            if isinstance(result, Ball):
                assert result.source == card
                outcome = Outcome(result.kind, result.fielder, card, trigger, result.home_run_chance)
            elif isinstance(result, Direct):
                outcome = Outcome(result.kind, 0, card, trigger)
            else:
                assert isinstance(result, Rare)
                outcome = Outcome("RARE", 0, card, trigger)
            total[outcome] = total.get(outcome, Fraction(0)) + weight
        if not dice.next_path():
            break
    return {o: p / (1 - foul) for o, p in total.items()}


LEFTY = Pitcher.model_validate({**SEAVER.model_dump(mode="json"), "id": "lefty", "throws": "L", "hbp": 4})
SWITCH = clone_batter(BENCH, "switch", bats="S", hbp=3)
LEFT_BAT = clone_batter(BENCH, "lefty-bat", bats="L", matrix=[["?7", "K", "W", "**2", "H", "S+"[0] + "9"]] * 6)


@pytest.mark.parametrize("pitcher", [SEAVER, LEFTY], ids=["rhp", "lhp"])
@pytest.mark.parametrize("batter", [BENCH, SWITCH, LEFT_BAT], ids=["bench", "switch", "left"])
@pytest.mark.parametrize("park", [SAN_DIEGO, CBP], ids=["sd", "cbp"])
def test_odds_equal_brute_force(pitcher: Pitcher, batter: Batter, park: Ballpark) -> None:
    odds = plate_appearance_odds(pitcher, batter, park)
    assert odds.outcomes == brute_force(pitcher, batter, park)
    assert sum(odds.outcomes.values()) == 1


def test_tired_readings_brute_force() -> None:
    odds = plate_appearance_odds(SEAVER, BENCH, CBP, tired=True)
    assert odds.outcomes == brute_force(SEAVER, BENCH, CBP, tired=True)
    # (S1) is a single off the pitcher's card only when he is tired (IP2021 "(S1)")
    assert plate_appearance_odds(SEAVER, BENCH, CBP).of("S") < odds.of("S")


def test_known_figure_seaver_bench() -> None:
    """A hand check: Seaver's K cells against Bench (K 9 vs RHP) at San Diego (K +2)."""
    odds = plate_appearance_odds(SEAVER, BENCH, SAN_DIEGO)
    assert BENCH.bats is Bats.RIGHT and SEAVER.throws is Hand.RIGHT
    # vs a right-handed batter Seaver's card has 16 K cells, 1 K(W) and 2 /K+ (K+), WLD 1:
    cells = [c.against(Hand.RIGHT) for row in SEAVER.matrix for c in row]
    k = sum(1 for c in cells if str(c) in ("K", "K(W)"))
    kp = sum(1 for c in cells if str(c) == "K+")
    wld = sum(1 for c in cells if str(c) == "WLD")
    direct_k = (Fraction(k, 35 if wld else 36) * Fraction(11, 20)) + Fraction(kp, 35) * 1
    assert odds.of("K") == direct_k  # Bench's card has no K cells
