"""The auto-manager's sacrifice (Dugout's, not the book's: DDB "Sacrifice Bunt" leaves the call to
the managers): late and close always, and in an era that bunted (the option ``dd_auto_bunt_below``)
with a weak hitter in any close game.

The helpers' batter card reaches base on 21 of its 50 numbers (DD 5, SI+ 3, SI 7, BB 5, HBP 1)."""

from __future__ import annotations

from typing import Any

import pytest

from cards.deep_drive.models import Batter
from engine.deep_drive.options import DeepDriveOptions
from engine.game import Game
from engine.requests import Request
from engine.setup import SetupError
from engine.situation import Situation, TeamSituation
from tests.engine.deep_drive.helpers import batter, dice, pct, register, setup, team

STRIKEOUT = pct(25, 1)  # 25 on the batters' cards: SO


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def offense_suggestion(
    *,
    below: int = 0,
    inning: int = 3,
    outs: int = 0,
    runners: tuple[Any, Any, Any] | None = None,
    score: tuple[int, int] = (0, 0),
) -> str:
    """The auto-manager's offense call for the away team's leadoff man (the helpers' card) in the top of ``inning``."""
    seen: list[Request] = []

    def auto(request: Request) -> str:
        seen.append(request)
        return "swing" if request.kind == "offense" else request.suggestion

    if runners is None:
        runners = (runner("r1"), None, None)
    situation = Situation(
        inning=inning,
        top=True,
        outs=outs,
        runners=runners,
        away=TeamSituation(runs=score[0], up=0),
        home=TeamSituation(runs=score[1], up=0),
    )
    Game(
        setup(team("away", "Away"), team("home", "Home"), dd_auto_bunt_below=below),
        0,
        dice=dice(STRIKEOUT),
        situation=situation,
        until="plate_appearance",
        auto_manager=auto,
    )
    return next(r.suggestion for r in seen if r.kind == "offense")


def runner(key: str) -> Batter:
    return batter(key, key.upper(), positions=["LF 3"])


def test_on_base_numbers_count_what_puts_him_on_or_sends_it_deep() -> None:
    assert batter("b").on_base_numbers() == 21  # DD, SI+, SI, BB, HBP; not SO, DEF, OUT


def test_without_the_era_option_he_bunts_only_late_and_close() -> None:
    assert offense_suggestion(inning=3) == "swing"
    assert offense_suggestion(inning=7) == "sacrifice"
    assert offense_suggestion(inning=7, score=(0, 2)) == "swing"  # two behind: he needs runs


@pytest.mark.parametrize(("below", "call"), [(21, "swing"), (22, "sacrifice")])
def test_the_era_bunts_a_hitter_under_its_number(below: int, call: str) -> None:
    """A card with 21 numbers on base is bunted for when the option says fewer than 22, not 21."""
    assert offense_suggestion(below=below) == call


@pytest.mark.parametrize(
    ("score", "call"), [((0, 2), "sacrifice"), ((2, 0), "sacrifice"), ((0, 3), "swing"), ((3, 0), "swing")]
)
def test_the_era_bunts_in_a_close_game_only(score: tuple[int, int], call: str) -> None:
    assert offense_suggestion(below=30, score=score) == call


@pytest.mark.parametrize(
    ("outs", "bases", "call"),
    [
        (1, (True, False, False), "swing"),  # nobody bunts a man over with one out
        (0, (False, True, False), "sacrifice"),  # a man on second goes to third
        (0, (True, True, False), "sacrifice"),
        (0, (True, False, True), "swing"),  # third taken: no sacrifice (the squeeze is the manager's)
    ],
)
def test_the_era_bunts_with_nobody_out_and_third_open(outs: int, bases: tuple[bool, bool, bool], call: str) -> None:
    runners = tuple(runner(f"r{base}") if on else None for base, on in enumerate(bases, 1))
    assert offense_suggestion(below=30, outs=outs, runners=runners) == call  # type: ignore[arg-type]


def test_the_option_counts_a_cards_numbers() -> None:
    with pytest.raises(SetupError, match="0 to 50"):
        DeepDriveOptions(dd_auto_bunt_below=51)
