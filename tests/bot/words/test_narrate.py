"""Events into the books' words: rolls folded into the readings they feed, unknown events told plainly."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

import pytest

import bot.words.narrate as narrate_module
from bot.words.glossary import internal_keys
from bot.words.narrate import PICKOFF_CELL as PICKOFF
from bot.words.narrate import Names, describe, format_box_score, format_line_score, narrate, result_words
from engine.boxscore import box_score
from engine.events import (
    EXTRA_INNING_RUNNER,
    Check,
    Decided,
    ErrorCharged,
    Event,
    GameEnded,
    HalfInningStarted,
    PlateAppearanceEnded,
    PlateAppearanceStarted,
    Reading,
    Roll,
    RunnerMoved,
    RunnerOut,
    RunScored,
    Substitution,
)
from engine.game import Game
from tests.engine import test_properties as properties
from tests.engine.deep_drive.test_properties import league_setup, random_answers
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
    assert texts(events) == ["Strikeout check: 1d20 12 vs K 9 + ballpark 1 = 10: no strikeout"]
    walk: list[Event] = [Roll("1d20", (4,), "W"), Check("W", 10, (), 4, True)]
    assert texts(walk) == ["Walk check: 1d20 4 vs W 10: walk"]


def test_batter_card_and_the_pitchers_outs_line() -> None:
    events: list[Event] = [
        Roll("2d6", (5, 2), "batter card"),
        Reading("batter", "Johnny Bench", "5-2", "G4"),
        Roll("1d6", (3,), "** line"),
        Reading("** line", "Tom Seaver", "3", "G5"),
    ]
    assert texts(events) == ["Batter card 5-2 (Johnny Bench): G4", "Tom Seaver's ** line, column 3: G5"]


def test_runners_results_calls_and_innings() -> None:
    events: list[Event] = [
        HalfInningStarted(3, True, "away"),
        PlateAppearanceStarted("johnny-bench-1970", "tom-seaver-1970", 1, ("x", None, "y"), "R", "R"),
        RunnerMoved("johnny-bench-1970", 2, 4, "hit"),
        RunnerMoved("johnny-bench-1970", 1, 2, "wild pitch"),
        RunnerOut("johnny-bench-1970", 2, "6-4"),
        Decided(0, "home", "infield_depth", "in", "auto"),
        GameEnded(3, 4, 10),
    ]
    assert texts(events) == [
        "Top of the 3rd: Cincinnati batting",
        "Johnny Bench (R) vs Tom Seaver (R); 1 out, runners on 1st and 3rd",
        "Johnny Bench scores from 2nd",
        "Johnny Bench from 1st to 2nd, on a wild pitch",
        "Johnny Bench is thrown out at second (6-4)",
        "New York brings the infield in (auto-manager)",
        "Bench scores; Bench to second on a wild pitch; Bench thrown out at second (6-4)",  # no result: summed up
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
    roll = Roll("1d6", (4,), "rare play: which fielder (outfield)")
    assert texts([roll]) == ["1d6 4 for rare play: which fielder (outfield)"]
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
    assert describe(stays, names) == "Al Able stays in the game as the left fielder"
    assert describe(switch, names) == "Al Able goes in as the third baseman, replacing Bo Baker"
    assert describe(choice, names) is None  # told by the substitutions that follow


# --- plain words and one-line summaries (issue 12, "Words a fan trusts") ------------------

TEAM = Names(
    {
        "bo": "Bo Renfrow",
        "ro": "Rafael Ochoa",
        "hg": "Hank Gorski",
        "rk": "Rusty Kellerman",
        "sv": "Skip Van Dorn",
        "cv": "Curt Vollmer",
        "lb": "Lyle Brennaman",
        "cb": "Clyde Barnett",
        "am": "Al Marchetti",
        "wp": "Walt Pruett",
    },
    {"away": "Harbor City", "home": "Mesa Valley"},
)


def told(events: list[Event], names: Names = TEAM) -> list[str]:
    lines, end = narrate(events, names)
    assert end == len(events)
    return [line.text for line in lines]


def summary_of(events: list[Event], names: Names = TEAM) -> str:
    lines, _ = narrate(events, names)
    results = [line.text for line in lines if line.kind == "result"]
    assert len(results) == 1, results
    return results[0]


def at_bat(batter: str, bases: tuple[str | None, str | None, str | None] = (None, None, None), outs: int = 0) -> Event:
    return PlateAppearanceStarted(batter, "cv", outs, bases, "R", "R")


def ended(batter: str, result: str, notation: str = "", outs: int = 1, rbi: int = 0) -> Event:
    return PlateAppearanceEnded(batter, "cv", result, notation or result, outs, rbi)


def test_a_ground_ball_double_play_names_its_fielders() -> None:
    """IP2021 "Ground Outs" (GDP check); the scorer's 6-4-3 as a fan says it."""
    events: list[Event] = [
        at_bat("ro", ("hg", None, None)),
        Roll("1d20", (4,), "double play try (G6)"),
        Check("GDP", 9, (("pitcher", 1),), 4, True),
        RunnerOut("hg", 2, "6-4"),
        RunnerOut("ro", 0, "6-4-3"),
        ended("ro", "DP", "DP", outs=2),
    ]
    assert told(events)[1:] == [
        "Double-play check: 1d20 4 vs GDP 9 + pitcher 1 = 10: double play",
        "Hank Gorski is forced at second (6-4)",
        "Rafael Ochoa is out (6-4-3)",
        "Rafael Ochoa grounds into a 6-4-3 double play: Gorski forced at second (6-4)",
    ]


def test_caught_stealing_before_the_pitch_then_a_strikeout_is_one_line() -> None:
    """IP2021 "Strategy Roll", stealing: the catcher's throw 2-6 (running.toml), then the at bat."""
    events: list[Event] = [
        Roll("1d20", (9,), "strategy roll"),
        Decided(0, "home", "offense", "steal:1", "auto"),
        Roll("1d20", (16,), "steal: Bo Renfrow steals second"),
        Check("steal: Bo Renfrow steals second", 10, (("pitcher SB (Curt Vollmer)", 2),), 16, False),
        RunnerOut("bo", 2, "CS 2-6"),
        at_bat("ro", outs=1),
        RunnerOut("ro", 0, "K"),
        ended("ro", "K"),
    ]
    assert told(events)[:3] == [
        "Mesa Valley sends the runner from first (auto-manager, on strategy roll 9)",
        "Bo Renfrow steals second: 1d20 16 vs SB 10 + pitcher SB (Curt Vollmer) 2 = 12: caught",
        "Bo Renfrow is caught stealing second (2-6)",
    ]
    assert summary_of(events) == "Renfrow caught stealing second (2-6); Rafael Ochoa strikes out"


def test_a_third_out_before_a_result_is_summed_up_before_the_next_half() -> None:
    """A pickoff for the third out (IP2021 "A strategy roll of 20"): the batter leads off next inning."""
    events: list[Event] = [
        HalfInningStarted(4, True, "away"),
        Roll("1d20", (20,), "strategy roll"),
        Decided(0, "home", "defense", "pickoff", "auto"),
        Roll("1d20", (3,), f"pickoff attempt on Bo Renfrow at first: {PICKOFF}"),
        Reading("pitcher", "Curt Vollmer", PICKOFF, "picked off"),
        RunnerOut("bo", 1, "picked off 1-3"),
        HalfInningStarted(4, False, "home"),
    ]
    assert told(events)[1:] == [
        "Mesa Valley throws over (auto-manager, on strategy roll 20)",
        "Curt Vollmer throws over to first (1d20 3): picked off",
        "Bo Renfrow is picked off first (1-3)",
        "Renfrow picked off first (1-3)",
        "Bottom of the 4th: Mesa Valley batting",
    ]


def test_a_pickoff_throw_that_does_nothing_says_the_runner_is_held() -> None:
    events: list[Event] = [
        Roll("1d20", (15,), f"pickoff attempt on Bo Renfrow at third: {PICKOFF}"),
        Reading("pitcher", "Curt Vollmer", PICKOFF, "no play"),
    ]
    assert told(events) == ["Curt Vollmer throws over to third (1d20 15): Bo Renfrow is held at third"]


def test_a_balk_and_a_pickoff_throw_that_gets_away() -> None:
    """IP2021 "A strategy roll of 20": BK moves every runner up; POE is an error on the pitcher."""
    balk: list[Event] = [
        Roll("1d20", (1,), f"pickoff attempt on Bo Renfrow at first: {PICKOFF}"),
        Reading("pitcher", "Curt Vollmer", PICKOFF, "balk"),
        RunnerMoved("bo", 1, 2, "balk"),
    ]
    assert told(balk) == [
        "Curt Vollmer throws over to first (1d20 1): a balk: every runner moves up a base",
        "Bo Renfrow from 1st to 2nd, on a balk",
    ]
    error: list[Event] = [
        Roll("1d20", (19,), f"pickoff attempt on Bo Renfrow at first: {PICKOFF}"),
        Reading("pitcher", "Curt Vollmer", PICKOFF, "pickoff error"),
        ErrorCharged("cv", "P", "pickoff throw"),
        RunnerMoved("bo", 1, 2, "error"),
        at_bat("ro", (None, "bo", None)),
        RunnerOut("ro", 0, "F8"),
        ended("ro", "F8"),
    ]
    assert told(error)[:2] == [
        "Curt Vollmer throws over to first (1d20 19): the throw gets away",
        "Error on the pitcher, Curt Vollmer: his pickoff throw gets away",
    ]
    assert summary_of(error) == (
        "Error by pitcher Vollmer; Renfrow to second on the error; Rafael Ochoa flies out to center (F8)"
    )


def test_thrown_out_at_the_plate_on_a_single_names_the_throw() -> None:
    """IP2021 "Singles and Doubles to the Outfield": the throw chart, then the runner's BR check."""
    events: list[Event] = [
        at_bat("ro", (None, "hg", None)),
        RunnerMoved("ro", 0, 1, "hit"),
        Roll("2d6", (6, 2), "throw on S8"),
        Reading("throw chart", "Skip Van Dorn", "6", "chart_b"),
        Reading("throw chart B", "Skip Van Dorn", "2", "lead_out"),
        RunnerOut("hg", 4, "8-2"),
        ended("ro", "S8", outs=1),
    ]
    assert told(events)[2:] == [
        "Skip Van Dorn throws (2d6 6-2): a runner may be thrown out: the second die decides",
        "The throw (die 2): the throw beats the lead runner",
        "Hank Gorski is thrown out at the plate (8-2)",
        "Rafael Ochoa singles to center (S8): Gorski thrown out at the plate (8-2)",
    ]


def test_a_runner_held_on_the_throw_says_so() -> None:
    """IP2021 throw chart 2-5 ("abr_check"): a runner whose die is over his adjusted BR holds."""
    events: list[Event] = [
        at_bat("ro", ("hg", None, None)),
        Roll("2d6", (3, 5), "throw on S9"),
        Reading("throw chart", "Skip Van Dorn", "3", "abr_check"),
        Check("Hank Gorski to third", 2, (("arm", 0),), 3, False),
        RunnerMoved("hg", 1, 2, "hit"),
        RunnerMoved("ro", 0, 1, "hit"),
        ended("ro", "S9", outs=0),
    ]
    assert told(events)[1:3] == [
        "Skip Van Dorn throws (2d6 3-5): each runner makes it if the die is within his BR and the arm",
        "Can Hank Gorski take third? die 3 vs BR 2 + arm 0 = 2: he stays at second",
    ]
    assert summary_of(events) == "Rafael Ochoa singles to right (S9): Gorski to second"


def test_forced_at_home_with_the_bases_loaded() -> None:
    """A ground ball to first with the bases loaded: the force at the plate, 3-2."""
    events: list[Event] = [
        at_bat("ro", ("hg", "rk", "bo"), outs=1),
        RunnerOut("bo", 4, "3-2"),
        RunnerMoved("rk", 2, 3, "fielder's choice"),
        RunnerMoved("hg", 1, 2, "fielder's choice"),
        RunnerMoved("ro", 0, 1, "fielder's choice"),
        ended("ro", "FC", "FC"),
    ]
    assert told(events)[1] == "Bo Renfrow is forced at home (3-2)"
    assert summary_of(events) == (
        "Rafael Ochoa reaches on a fielder's choice: Renfrow forced at home (3-2), Kellerman to third, Gorski to second"
    )


def test_an_intentional_walk_a_sacrifice_and_a_squeeze() -> None:
    walk: list[Event] = [
        Decided(0, "away", "defense", "intentional_walk", "manager"),
        at_bat("ro", (None, "bo", None)),
        RunnerMoved("ro", 0, 1, "intentional walk"),
        ended("ro", "IBB", outs=0),
    ]
    assert told(walk)[0] == "Harbor City manager walks the batter intentionally"
    assert summary_of(walk) == "Rafael Ochoa is intentionally walked"
    sacrifice: list[Event] = [
        at_bat("ro", ("bo", None, None)),
        Roll("1d20", (3,), "sacrifice bunt chart"),
        Reading("sacrifice bunt chart", "Inside Pitch", "BNT 3, 3", "successful"),
        RunnerOut("ro", 0, "1-3"),
        RunnerMoved("bo", 1, 2, "sacrifice bunt"),
        ended("ro", "SH 1-3"),
    ]
    assert told(sacrifice)[1] == "Sacrifice bunt chart, BNT 3, 3: a good bunt: out at first, the runners move up"
    assert summary_of(sacrifice) == "Rafael Ochoa lays down a sacrifice bunt (1-3): Renfrow to second"
    squeeze: list[Event] = [
        Decided(0, "home", "offense", "squeeze", "manager"),
        at_bat("ro", (None, None, "bo")),
        Roll("1d20", (12,), "squeeze bunt chart"),
        Reading("squeeze bunt chart", "Inside Pitch", "BNT 2, 12", "question_bunt"),
        RunnerOut("ro", 0, "1-3"),
        RunnerMoved("bo", 3, 4, "sacrifice bunt"),
        RunScored("bo", "ro", True, True),
        ended("ro", "SH 1-3", rbi=1),
    ]
    assert told(squeeze)[0] == "Mesa Valley manager puts on the squeeze"
    assert told(squeeze)[2] == "Squeeze bunt chart, BNT 2, 12: the defense can go home or to first"
    assert summary_of(squeeze) == "Rafael Ochoa lays down a sacrifice bunt (1-3): Renfrow scores (1 RBI)"


def test_rbi_are_the_events_own_none_on_a_wild_pitch() -> None:
    """OBR 9.04(b): no RBI for a run on a wild pitch; the summary tells the pitch before the strikeout."""
    events: list[Event] = [
        at_bat("ro", (None, None, "bo")),
        Reading("pitcher", "Curt Vollmer", "2-4", "WLD"),
        Roll("1d20", (3,), "WP / PB? range"),
        RunnerMoved("bo", 3, 4, "wild pitch"),
        RunScored("bo", "", False, True),
        RunnerOut("ro", 0, "K"),
        ended("ro", "K", rbi=0),
    ]
    lines = told(events)
    assert lines[1] == "Pitcher card 2-4 (Curt Vollmer): wild pitch, passed ball or foul"
    assert lines[-1] == "Renfrow scores on a wild pitch; Rafael Ochoa strikes out"


def test_the_summary_counts_the_results_rbi_not_the_runs() -> None:
    """The narration never counts RBI itself: an error's run scores with the result's 0 RBI (OBR 9.04(b))."""
    events: list[Event] = [
        at_bat("ro", (None, None, "bo")),
        ErrorCharged("sv", "SS", "fielding"),
        RunnerMoved("bo", 3, 4, "error"),
        RunScored("bo", "ro", False, True),
        RunnerMoved("ro", 0, 1, "error"),
        ended("ro", "E6", outs=0, rbi=0),
    ]
    assert summary_of(events) == "Rafael Ochoa reaches on an error by the shortstop (E6): Renfrow scores"
    two: list[Event] = [*events[:-1], ended("ro", "E6", outs=0, rbi=2)]
    assert summary_of(two).endswith("(2 RBI)")


def test_a_walk_off_steal_of_home_is_summed_up_with_the_final() -> None:
    """OBR 5.08(b): the winning run ends the game; the play has no result, its summary comes before the final."""
    events: list[Event] = [
        HalfInningStarted(9, False, "home"),
        Roll("1d20", (2,), "steal: Bo Renfrow steals home"),
        Check("steal: Bo Renfrow steals home", 14, (("stealing home", -10),), 2, True),
        RunnerMoved("bo", 3, 4, "stolen base"),
        RunScored("bo", "", False, True),
        GameEnded(3, 4, 9),
    ]
    assert told(events)[-3:] == [
        "Bo Renfrow scores from 3rd, stolen base",
        "Renfrow steals home",
        "Final: Harbor City 3, Mesa Valley 4",
    ]


def test_a_pitching_change_after_a_pinch_hitter_names_who_bats_in_the_spot() -> None:
    """The pitcher left for the pinch hitter: the reliever takes the pinch hitter's place in the order."""
    events: list[Event] = [
        Substitution("home", "pinch_hitter", "cb", "lb", "PH", 9),
        at_bat("cb"),
        RunnerOut("cb", 0, "F9"),
        ended("cb", "F9"),
        HalfInningStarted(8, True, "away"),
        Substitution("home", "pitcher", "am", "lb", "P", 9),
    ]
    lines = told(events)
    assert lines[0] == "Clyde Barnett pinch-hits for Lyle Brennaman"
    assert lines[-3] == "Clyde Barnett pinch-hits for Lyle Brennaman; Clyde Barnett flies out to right (F9)"
    assert lines[-1] == "Pitching change: Al Marchetti pitches for Mesa Valley, batting 9th in place of Clyde Barnett"
    plain = Substitution("home", "pitcher", "am", "lb", "P", 9)
    assert told([plain]) == ["Pitching change: Al Marchetti replaces Lyle Brennaman"]


def test_a_managers_own_call_is_not_shown_as_the_strategy_rolls() -> None:
    """A call the manager made himself: who called it, and no strategy roll as its cause."""
    mine: list[Event] = [Roll("1d20", (7,), "strategy roll"), Decided(0, "home", "offense", "steal:1+2", "manager")]
    assert told(mine) == ["Mesa Valley manager sends the runner from second and the runner from first"]
    auto: list[Event] = [Roll("1d20", (7,), "strategy roll"), Decided(0, "home", "offense", "steal:1+2", "auto")]
    assert told(auto) == [
        "Mesa Valley sends the runner from second and the runner from first (auto-manager, on strategy roll 7)"
    ]
    late: list[Event] = [Roll("1d20", (7,), "strategy roll"), Decided(0, "home", "offense", "hit_and_run", "timeout")]
    assert told(late) == ["Mesa Valley puts on the hit and run (auto-manager (no answer in time), on strategy roll 7)"]
    assert told([Roll("1d20", (7,), "strategy roll"), Decided(1, "away", "defense", "pitch", "auto")]) == []


def test_chart_keys_are_said_in_words() -> None:
    """The catalogue: chart results and card codes that used to reach a reader as engine keys."""
    assert told([Reading("pitcher", "Curt Vollmer", "1-2", "ET?")]) == [
        "Pitcher card 1-2 (Curt Vollmer): throwing error chance"
    ]
    assert told([Roll("1d20", (10,), "LH?/RH?"), Reading("LH?/RH?", "Rafael Ochoa", "10", "T")]) == [
        "1d20 10 on Rafael Ochoa's hit ranges: triple"
    ]
    assert told([Reading("ET? error chart", "Skip Van Dorn", "G6", "#6")]) == [
        "Error chart (Skip Van Dorn, G6): throwing error on a grounder (#6)"
    ]
    assert told([Roll("1d6", (4,), "rundown"), Reading("rundown", "Bo Renfrow", "4", "out_quickly")]) == [
        "Rundown (Bo Renfrow), 1d6 4: tagged out at once; nobody else moves"
    ]
    assert told(
        [Roll("2d6", (3, 4), "rare plays (men on)"), Reading("rare plays (men on)", "Park", "7", "double_off")]
    ) == ["Rare plays (men on) (Park), 2d6 3-4: a runner doubled off"]
    otc = [Roll("1d6", (5,), "throw on S7: OTC roll 1 (red)")]
    assert told(otc) == ["1d6 5 for throw on S7, the red die"]


def test_no_line_of_many_games_shows_an_internal_key() -> None:
    """Every line of 120 seeded games (half with random legal calls) is free of engine keys (glossary.INTERNAL)."""
    found: dict[str, str] = {}
    for seed in range(120):
        game = properties.play(seed)
        lines, _ = narrate(game.events, Names.of(game.setup))
        for line in lines:
            for key in internal_keys(line.text):
                found.setdefault(key, line.text)
    assert found == {}


def test_the_result_rbi_are_the_runs_credited_as_rbi() -> None:
    """OBR 9.04 over 120 seeded games: a result's RBI are its RunScored rbi flags, never the runs that scored."""
    for seed in range(120):
        events = properties.play(seed).events
        started = 0
        for index, event in enumerate(events):
            if isinstance(event, PlateAppearanceStarted):
                started = index
            elif isinstance(event, PlateAppearanceEnded):
                credited = sum(1 for e in events[started:index] if isinstance(e, RunScored) and e.rbi)
                assert event.rbi == credited, (seed, index)


def test_a_force_out_that_leaves_the_batter_on_first() -> None:
    """A grounder to second, the runner from first forced 4-6, the batter safe: a force out, not a ground out."""
    events: list[Event] = [
        at_bat("ro", ("hg", None, None)),
        Roll("1d20", (15,), "double play try (G4)"),
        Check("GDP", 9, (), 15, False),
        RunnerOut("hg", 2, "4-6"),
        RunnerMoved("ro", 0, 1, "fielder's choice"),
        ended("ro", "G4"),
    ]
    assert summary_of(events) == "Rafael Ochoa grounds into a force out: Gorski forced at second (4-6)"
    not_forced: list[Event] = [
        at_bat("ro", (None, None, "bo")),
        RunnerOut("bo", 4, "3-2"),
        RunnerMoved("ro", 0, 1, "fielder's choice"),
        ended("ro", "G3"),
    ]
    assert summary_of(not_forced) == "Rafael Ochoa reaches on a fielder's choice: Renfrow thrown out at the plate (3-2)"


def test_an_unassisted_out_says_so() -> None:
    events: list[Event] = [at_bat("rk"), RunnerOut("rk", 0, "3U"), ended("rk", "G3")]
    assert summary_of(events) == "Rusty Kellerman grounds out to first, unassisted (3U)"


def test_the_extra_inning_runner_is_told_as_the_half_starts() -> None:
    events: list[Event] = [
        HalfInningStarted(10, True, "away"),
        RunnerMoved("johnny-bench-1970", 0, 2, EXTRA_INNING_RUNNER),
        PlateAppearanceStarted("tom-seaver-1970", "p", 0, (None, "johnny-bench-1970", None), "R", "R"),
        PlateAppearanceEnded("tom-seaver-1970", "p", "K", "K", 1, 0),
    ]
    assert texts(events) == [
        "Top of the 10th: Cincinnati batting",
        "Johnny Bench starts the 10th on second",
        "Tom Seaver (R) vs p (R); nobody out, runner on 2nd",
        "Tom Seaver strikes out",
    ]


# --- classes of mistake, over many games (issue 26, "Words and pages a fan trusts") -------------

# A count of one with a plural noun ("1 batters faced"), and a count of none ("0 out").
ONE_PLURAL = re.compile(r"(?:^|[ (])1 (batters|outs|runs|games|innings|days|hits|errors|walks|pitches|bases|men)\b")
ZERO_OUTS = re.compile(r"\b0 outs?\b")
# Rolls against a range that nothing reads: the line itself must say what the roll came to.
RANGE_ROLLS = (
    "a wild pitch or passed ball",
    "the split check",
    "the home run chance",
    "doubled off?",
    "force at third",
)


@cache
def many_games() -> tuple[tuple[Game, list[str]], ...]:
    """60 Inside Pitch games (half with random legal calls) and 30 Deep Drive games, narrated."""
    games = [properties.play(seed) for seed in range(60)]
    games += [
        Game(league_setup(benches=True), seed, auto_manager=random_answers(seed) if seed % 2 else None)
        for seed in range(30)
    ]
    return tuple((game, [line.text for line in narrate(game.events, Names.of(game.setup))[0]]) for game in games)


def test_no_line_says_one_with_a_plural_or_a_count_of_no_outs() -> None:
    found = [t for _, lines in many_games() for t in lines if ONE_PLURAL.search(t) or ZERO_OUTS.search(t)]
    assert found == []


def test_every_range_roll_and_check_says_what_it_came_to() -> None:
    """A roll against the WP/PB?, (??) or HR? range says what it decided; a runner's check says where he
    ended up ("he stays at second"), never that he tried for a base and was held."""
    unsaid = [
        t
        for _, lines in many_games()
        for t in lines
        if (" for " in t and t.split(" for ", 1)[1].startswith(RANGE_ROLLS) and ": " not in t.split(" for ", 1)[1])
        or re.search(r"tries for \w+.*: held at", t)
    ]
    assert unsaid == []


def test_the_narration_calls_unearned_the_runs_the_box_score_does_not_charge() -> None:
    """OBR 9.16: a run the narration calls unearned is one no pitcher's ER counts, and every other run is earned."""
    for game, lines in many_games():
        box = box_score(game)
        runs = box.line.away.r + box.line.home.r
        earned = sum(p.er for team in (box.away, box.home) for p in team.pitching)
        assert sum(t.endswith("is unearned") for t in lines) == runs - earned, game.seed


def test_a_narration_walks_the_game_for_its_earned_runs_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The web site narrates whole games: one walk for the earned runs, not one per run scored."""
    game = next(g for g, _ in many_games() if box_score(g).line.away.r + box_score(g).line.home.r > 2)
    walks = []
    real = narrate_module.earned_runs
    monkeypatch.setattr(narrate_module, "earned_runs", lambda *a: walks.append(1) or real(*a))
    lines = [line.text for line in narrate(list(game.events), Names.of(game.setup))[0]]
    assert walks == [1] and sum(" scores" in t for t in lines) > 2


def test_a_wild_pitch_roll_says_what_it_came_to() -> None:
    """IP2021 "WLD": 1d20 against the WP range, then the PB? range; neither is a foul ball."""
    on_first = at_bat("ro", ("hg", None, None))
    wild = told([on_first, Roll("1d20", (3,), "WP / PB? range"), RunnerMoved("hg", 1, 2, "wild pitch")])
    assert wild[1] == "1d20 3 for a wild pitch or passed ball: a wild pitch"
    blocked = told(
        [on_first, Roll("1d20", (12,), "WP / PB? range"), Check("passed ball (Al Marchetti blocks)", 3, (), 2, True)]
    )
    assert blocked[1] == "1d20 12 for a wild pitch or passed ball: a passed ball, unless the catcher blocks it"
    assert blocked[2] == "Al Marchetti tries to block the pitch: die 2 vs PB 3: blocked"
    foul = told([on_first, Roll("1d20", (19,), "WP / PB? range"), Reading("pitcher", "Curt Vollmer", "3-1", "K")])
    assert foul[1] == "1d20 19 for a wild pitch or passed ball: a foul ball; the at bat goes on"
