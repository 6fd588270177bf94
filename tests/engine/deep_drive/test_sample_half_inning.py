"""DDB "Sample Half Inning of Play": Fowler, Bryant and Rizzo against Kluber, scripted roll for roll."""

from __future__ import annotations

import pytest

from engine.events import PlateAppearanceEnded, Reading, RunnerOut
from tests.engine.deep_drive.helpers import batter, dice, pct, pitcher, play, register, setup, team


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def kluber() -> object:
    # Kluber's 60-75 SO and 76-79 DEF are the book's; the rest of his card is made up.
    return pitcher(
        "kluber",
        "Corey Kluber",
        team="cle",
        chances={
            "DD": "50-52",
            "SI+": "53-54",
            "SI": "55-57",
            "BB": "58",
            "HBP": "59",
            "SO": "60-75",
            "DEF": "76-79",
            "OUT": "80-99",
        },
    )


def cubs() -> object:
    fowler = batter("fowler", "Dexter Fowler", team="chn", positions=["CF 3"])
    bryant = batter("bryant", "Kris Bryant", team="chn", positions=["3B 3"])
    # Rizzo: 30-49 OUT, and an F8 at mod 8 (the book's); the rest made up.
    rizzo = batter(
        "rizzo",
        "Anthony Rizzo",
        team="chn",
        positions=["1B 4"],
        chances={
            "DD": "00-04",
            "SI+": "05-07",
            "SI": "08-14",
            "BB": "15-19",
            "HBP": "20",
            "SO": "21-27",
            "DEF": "28-29",
            "OUT": "30-49",
        },
        outs=["G3", "G4", "F9", "P3", "G3h", "L4", "F7", "P5", "F8", "G3"],
    )
    return team("chn", "Chicago (N)", overrides={"CF": fowler, "3B": bryant, "1B": rizzo})


def cleveland() -> object:
    lindor = batter("lindor", "Francisco Lindor", team="cle", positions=["SS 3"])
    davis = batter("davis", "Rajai Davis", team="cle", positions=["CF 3"])
    return team("cle", "Cleveland", overrides={"SS": lindor, "CF": davis}, starter=kluber())  # type: ignore[arg-type]


def test_the_books_half_inning() -> None:
    game_setup = setup(away=cubs(), home=cleveland())  # type: ignore[arg-type]
    # Chicago bats first: the lineup's first three are the catcher, first and second... put ours up front.
    rolls = dice(
        pct(64, 2),  # Fowler: 64 on Kluber's 60-75, SO
        pct(76, 1),  # Bryant: 76 on Kluber's 76-79, DEF
        pct(63, 4),  # the DEF chart: 63, "[Shortstop] G6 (0) SI+ (1) SI"; Lindor is a 3: G6
        pct(41, 8),  # Rizzo: 41 on his 30-49, OUT; mod 8: F8
    )
    from engine.setup import LineupSpot, TeamSetup

    away: TeamSetup = game_setup.away
    order = sorted(away.lineup, key=lambda s: {"fowler": 0, "bryant": 1, "rizzo": 2}.get(s.batter.id, 3))
    away = TeamSetup(away.name, tuple(LineupSpot(s.batter, s.position) for s in order), away.pitcher)
    from dataclasses import replace

    game = play(replace(game_setup, away=away), rolls, until="half_inning")
    results = [(e.batter, e.result, e.notation) for e in game.events if isinstance(e, PlateAppearanceEnded)]
    assert results == [("fowler", "K", "K"), ("bryant", "GO", "G6"), ("rizzo", "FO", "F8")]
    outs = [e.how for e in game.events if isinstance(e, RunnerOut)]
    assert outs == ["K", "G6", "F8"]
    def_read = next(e for e in game.events if isinstance(e, Reading) and e.card == "DEF Chart")
    assert def_read.owner == "Francisco Lindor" and def_read.result == "G6"
    # Kluber loses one point of Endurance for the inning (DDB "Pitcher Endurance").
    endurance = [e for e in game.events if isinstance(e, Reading) and e.card == "endurance"]
    assert [(e.owner, e.cell, e.result) for e in endurance] == [("kluber", "inning finished", "6")]
    assert game.state.outs == 3
