"""Deep Drive's readings in words (bot.words.narrate): Endurance counts, the DEF and Error charts, and the
Play-by-Play Chart's words for SI(pos), SI+(pos) and ERR(pos) read with the DEF roll's dice
(DDB "Play-by-Play Chart")."""

from __future__ import annotations

from bot.words.narrate import Names, narrate
from engine.events import Decided, Event, PlateAppearanceStarted, Reading, Roll

NAMES = Names(
    {"francisco-lindor-2016": "Francisco Lindor", "corey-kluber-2016": "Corey Kluber", "kb": "Kris Bryant"},
    {"away": "Chicago (N)", "home": "Cleveland"},
)


def told(events: list[Event]) -> list[str]:
    lines, _ = narrate(events, NAMES)
    return [line.text for line in lines]


def at_bat(bases: tuple[str | None, str | None, str | None] = (None, None, None), outs: int = 0) -> Event:
    return PlateAppearanceStarted("kb", "corey-kluber-2016", outs, bases, "R", "R")


def test_a_def_single_is_told_with_the_play_by_play_words_for_its_mod_die() -> None:
    # DDB "Play-by-Play Chart" SI+(CF): mod 0-4 the left-center alley, 5-9 right-center.
    for mod, alley in ((3, "left-center"), (7, "right-center")):
        lines = told(
            [
                at_bat(),
                Roll("3d10", (4, 4, mod), "DEF Chart"),
                Reading("DEF Chart", "Coco Crisp", "44: CF rated 3", "SI+"),
            ]
        )
        assert f"DEF Chart 44: CF rated 3 (Coco Crisp): SI+. A fly ball into the {alley} alley falls" in "\n".join(
            lines
        )


def test_an_error_row_split_by_the_white_die_and_the_base_state() -> None:
    # ERR(SS) mod 9: the white die's odd or even, and odd always with the bases empty or two out.
    def words(white: int, bases: tuple[str | None, str | None, str | None], outs: int) -> str:
        events = [
            at_bat(bases, outs),
            Roll("3d10", (1, white, 9), "DEF Chart"),
            Reading("DEF Chart", "Francisco Lindor", f"1{white}: SS rated 4", "ERR"),
        ]
        return "\n".join(told(events))

    assert "the throw pulls the man covering off the bag" in words(2, (None, None, None), 0)  # empty: odd
    assert "throws wildly trying to double the lead runner off" in words(2, ("kb", None, None), 0)  # even
    assert "the throw pulls the man covering off the bag" in words(3, ("kb", None, None), 0)  # odd


def test_an_out_on_the_def_chart_has_no_play_by_play_words() -> None:
    lines = told([at_bat(), Roll("3d10", (2, 3, 1), "DEF Chart"), Reading("DEF Chart", "Coco Crisp", "23: CF", "F8")])
    assert "DEF Chart 23: CF (Coco Crisp): F8" in lines


def test_endurance_and_error_chart_readings_name_the_player() -> None:
    lines = told(
        [
            at_bat(),
            Reading("endurance", "corey-kluber-2016", "inning finished", "5"),
            Reading("endurance", "Corey Kluber", "SO, mod 4, fatigued pitcher", "BB"),
            Reading("Error Chart", "francisco-lindor-2016", "SS mod 3", "E1"),
        ]
    )
    assert "Corey Kluber's Endurance: 5 (inning finished)" in lines
    assert "Corey Kluber pitches fatigued (SO, mod 4, fatigued pitcher): BB" in lines
    assert "Error Chart (Francisco Lindor, SS mod 3): E1" in lines


def test_the_deep_drive_calls_are_told_in_words_not_keys() -> None:
    """A manager's Deep Drive calls (engine.deep_drive: manager, prepitch, outs, manual) read as
    sentences; the engine's answer keys (corners, cut_off, dp, 1) never show."""
    calls = [
        ("home", "infield", "corners", "Cleveland manager brings the corners in"),
        ("home", "outfield", "in", "Cleveland manager brings the outfield in"),
        ("home", "pickoff", "2", "Cleveland manager throws over to second"),
        ("home", "ground_ball", "dp", "Cleveland manager goes to second for the double play"),
        ("home", "throw", "cut_off", "Cleveland manager cuts the ball off"),
        ("away", "send_runner", "hold", "Chicago (N) manager holds the runner"),
        ("away", "offense", "safe", "Chicago (N) manager plays it safe: the runners stay close"),
        ("away", "offense", "steal", "Chicago (N) manager sends the runner on a steal"),
    ]
    for seq, (side, kind, choice, words) in enumerate(calls):
        assert told([at_bat(), Decided(seq, side, kind, choice, "manager")])[-1] == words
    assert told([at_bat(), Decided(0, "home", "infield", "in", "auto")])[-1] == (
        "Cleveland brings the infield in (auto-manager)"
    )
    # "No change" at the start of a half: a manager's answer is told, the auto-manager's is not.
    assert told([at_bat(), Decided(0, "home", "defense", "none", "manager")])[-1] == "Cleveland manager makes no change"
    assert told([at_bat(), Decided(0, "home", "pitching_change", "stay", "manager")])[-1] == (
        "Cleveland manager stays with his pitcher"
    )
    assert told([at_bat(), Decided(0, "home", "defense", "none", "auto")]) == told([at_bat()])
    assert told([at_bat(), Decided(0, "home", "pitching_change", "stay", "auto")]) == told([at_bat()])
