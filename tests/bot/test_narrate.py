"""Events into the books' words: rolls folded into the readings they feed, unknown events told plainly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from bot.narrate import Names, describe, format_box_score, format_line_score, narrate, result_words
from engine.boxscore import box_score
from engine.events import (
    Check,
    Decided,
    Event,
    GameEnded,
    HalfInningStarted,
    PlateAppearanceEnded,
    PlateAppearanceStarted,
    Reading,
    Roll,
    RunnerMoved,
    RunnerOut,
    Substitution,
)
from engine.game import Game
from tests.engine.helpers import setup

NAMES = Names(
    {"johnny-bench-1970": "Johnny Bench", "tom-seaver-1970": "Tom Seaver"}, {"away": "Cincinnati", "home": "New York"}
)


def texts(events: list[Event]) -> list[str]:
    lines, end = narrate(events, NAMES)
    assert end == len(events)
    return [line.text for line in lines]


def test_the_pitcher_card_roll_is_told_with_its_reading() -> None:
    events: list[Event] = [Roll("2d6", (3, 4), "pitcher card"), Reading("pitcher", "Tom Seaver", "3-4", "K")]
    assert texts(events) == ["Pitcher card 3-4 (Tom Seaver): K"]


def test_a_rating_check_shows_roll_rating_modifiers_and_verdict() -> None:
    events: list[Event] = [Roll("1d20", (12,), "K"), Check("K", 9, (("ballpark K", 1),), 12, False)]
    assert texts(events) == ["1d20 12 vs K 9 + ballpark 1 = 10: no strikeout"]
    walk: list[Event] = [Roll("1d20", (4,), "W"), Check("W", 10, (), 4, True)]
    assert texts(walk) == ["1d20 4 vs W 10: walk"]


def test_batter_card_and_the_pitchers_outs_line() -> None:
    events: list[Event] = [
        Roll("2d6", (5, 2), "batter card"),
        Reading("batter", "Johnny Bench", "5-2", "G4"),
        Roll("1d6", (3,), "** line"),
        Reading("** line", "Tom Seaver", "3", "G5"),
    ]
    assert texts(events) == ["Batter card 5-2 (Johnny Bench): G4", "Tom Seaver's ** line, column 3: G5"]


def test_runners_double_plays_and_innings() -> None:
    events: list[Event] = [
        HalfInningStarted(3, True, "away"),
        PlateAppearanceStarted("johnny-bench-1970", "tom-seaver-1970", 1, ("x", None, "y"), "R", "R"),
        RunnerMoved("johnny-bench-1970", 2, 4, "hit"),
        RunnerMoved("johnny-bench-1970", 1, 2, "wild pitch"),
        RunnerOut("johnny-bench-1970", 2, "6-4"),
        PlateAppearanceEnded("johnny-bench-1970", "tom-seaver-1970", "DP", "6-4-3", 2, 0),
        PlateAppearanceEnded("johnny-bench-1970", "tom-seaver-1970", "S8", "S8", 0, 2),
        Decided(0, "home", "infield_depth", "in", "auto"),
        GameEnded(3, 4, 10),
    ]
    assert texts(events) == [
        "Top of the 3rd: Cincinnati batting",
        "Johnny Bench (R) vs Tom Seaver (R); 1 out, runners on 1st and 3rd",
        "Johnny Bench scores from 2nd",
        "Johnny Bench from 1st to 2nd (wild pitch)",
        "Johnny Bench is out at 2nd (6-4)",
        "Johnny Bench: Double play 6-4-3",
        "Johnny Bench: single to center (S8), 2 RBI",
        "New York manager, infield depth: in (auto-manager)",
        "Final in 10 innings: Cincinnati 3, New York 4",
    ]


def test_result_words() -> None:
    assert result_words("K", "K") == "strikes out"
    assert result_words("HR8", "HR8") == "home run to center"
    assert result_words("S+7", "S+7") == "single to left, stretching (S+7)"
    assert result_words("G6", "G6") == "grounds to short (G6)"
    assert result_words("E6", "E6") == "reaches on an error (E6)"
    assert result_words("SF9", "SF9") == "sacrifice fly to right (SF9)"


def test_a_roll_nothing_reads_is_told_alone_and_a_last_roll_waits_unless_final() -> None:
    roll = Roll("1d20", (7,), "WP / PB? range")
    assert texts([roll]) == ["1d20 7 for WP / PB? range"]
    lines, end = narrate([HalfInningStarted(1, True, "away"), roll], NAMES, final=False)
    assert [line.text for line in lines] == ["Top of the 1st: Cincinnati batting"] and end == 1


@dataclass(frozen=True)
class Mystery(Event):
    type: ClassVar[str] = "mystery_event"
    player: str
    amount: int


@dataclass(frozen=True)
class Injured(Event):
    type: ClassVar[str] = "injury"
    player: str
    name: str
    rating: int
    kind: str
    days: int


class Broken(Event):
    def to_dict(self) -> dict[str, Any]:
        raise RuntimeError("no")


def test_unknown_events_are_told_generically_and_never_raise() -> None:
    assert describe(Mystery("johnny-bench-1970", 3), NAMES) == "Mystery event: player Johnny Bench, amount 3"
    assert describe(Broken(), NAMES)
    assert describe(Injured("johnny-bench-1970", "Johnny Bench", 2, "game+1d6", 4), NAMES) == (
        "Johnny Bench is hurt: out for the game and 4 more days"
    )
    assert describe(Injured("x", "Johnny Bench", 2, "none", 0), NAMES) == (
        "Johnny Bench is shaken up but stays in the game"
    )


def test_a_whole_game_narrates_and_its_tables_show_the_score() -> None:
    game = Game(setup(), seed=9)
    lines, end = narrate(game.events, Names.of(game.setup))
    assert end == len(game.events)
    assert lines[-1].text.startswith("Final")
    assert lines[-1].text.endswith(f": away {game.state.away.runs}, home {game.state.home.runs}")
    table = format_line_score(box_score(game).line).splitlines()
    assert table[1].split()[-3:-2] == [str(game.state.away.runs)]
    assert "Totals" in format_box_score(box_score(game))


def test_a_substitute_taking_a_position_and_a_double_switch_are_told() -> None:
    names = Names({"a": "Al Able", "b": "Bo Baker", "p": "Pat Pitch"}, {"away": "Cincinnati", "home": "New York"})
    stays = Substitution("away", "position", "a", "a", "LF", 9)
    switch = Substitution("away", "position", "a", "b", "3B", 9)
    choice = Decided(3, "away", "defensive_position", "double:p:3B", "manager")
    assert describe(stays, names) == "Al Able stays in the game at LF"
    assert describe(switch, names) == "Al Able goes in at 3B, replacing Bo Baker"
    assert describe(choice, names) is None  # told by the substitutions that follow
