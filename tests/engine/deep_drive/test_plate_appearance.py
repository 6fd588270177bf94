"""The plate appearance: DDB "Reading the Results", "Rare Readings", "Outfielders and Deep Drives",
"Ballpark Effects", the DEF chart and the fatigued pitcher's penalties (DDB "Pitcher Endurance")."""

from __future__ import annotations

import pytest

from engine.events import ErrorCharged, PlateAppearanceEnded, Reading, RunnerOut
from tests.engine.deep_drive.helpers import (
    HandMadeHandbook,
    at,
    bases,
    dice,
    hitter,
    pct,
    register,
    runner,
    two,
)


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def result(game: object) -> PlateAppearanceEnded:
    return next(e for e in game.events if isinstance(e, PlateAppearanceEnded))  # type: ignore[attr-defined]


def readings(game: object, card: str) -> list[Reading]:
    return [e for e in game.events if isinstance(e, Reading) and e.card == card]  # type: ignore[attr-defined]


# --- the card the dice name ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("reading", "mark"),
    [
        (6, "1B"),
        (10, "1B"),
        (16, "BB"),
        (20, "HBP"),
        (25, "K"),
        (54, "1B"),
        (57, "1B"),
        (61, "BB"),
        (65, "HBP"),
        (70, "K"),
    ],
)
def test_00_49_reads_the_batter_50_99_the_pitcher(reading: int, mark: str) -> None:
    game = at(hitter("G6"), dice(pct(reading, 2)))
    assert result(game).result == mark
    side = "batter" if reading < 50 else "pitcher"
    assert readings(game, side)[0].cell == f"{reading:02d}"


def test_a_pitcher_card_out_reads_his_outs() -> None:
    from tests.engine.deep_drive.helpers import OUTS

    game = at(hitter("F7"), dice(pct(85, 3)))
    assert [e.how for e in game.events if isinstance(e, RunnerOut)] == [OUTS[3]]


def test_three_equal_dice_go_to_the_rare_chart_then_roll_again() -> None:
    """DDB "Rare Chart": the same number on all three dice; 50-99 reads the Odd Play Book for the play rolled again."""
    game = at(hitter("G6"), dice(pct(44, 4), two(72), pct(25, 1)))
    assert readings(game, "Rare Chart")[0].result == "odd_play"
    assert readings(game, "Odd Play Book")[0].result == "an odd SO (as-rolled)"
    assert result(game).result == "K"


def test_rare_10_29_checks_the_batter_after_the_play() -> None:
    """Rare 10-29: the play (a walk), then the batter on the In-Game Injury chart (the test's: 00-49 hurts)."""
    from engine.events import Injury, Substitution
    from engine.game import Game
    from engine.setup import TeamSetup
    from engine.situation import Situation
    from tests.engine.deep_drive.helpers import batter, setup, team

    away = team("away", "Away", overrides={"C": hitter("G6")})
    away = TeamSetup(away.name, away.lineup, away.pitcher, bench=(batter("sub", "Sub", positions=["C 4 PB:B"]),))  # type: ignore[arg-type]
    rolls = dice(pct(11, 1), two(15), pct(16, 2), two(30))
    game = Game(setup(away, team("home", "Home")), 0, dice=rolls, situation=Situation(), until="plate_appearance")
    rolls.assert_done()
    hurt = [e for e in game.events if isinstance(e, Injury)]
    assert [(e.player, e.kind, e.days) for e in hurt] == [("hitter", "game+10", 10)]
    sub = [e for e in game.events if isinstance(e, Substitution)]
    assert [(e.player_in, e.player_out, e.kind) for e in sub] == [("sub", "hitter", "injury")]
    assert bases(game) == ("sub", "-", "-")


def test_rare_00_09_hurts_the_catcher_on_a_strikeout() -> None:
    """DDB "Rare Chart" 00-09: "randomly select one as injured" (SO: the catcher). He is hurt
    whatever the In-Game Injury chart reads; its 70 (the test's: not hurt) leaves him the mildest
    injury, out for the game."""
    rolls = dice(pct(0, 0), two(5), pct(25, 2), two(70))
    game = at(hitter("G6"), rolls)
    from engine.events import Injury

    assert [(e.player, e.kind) for e in game.events if isinstance(e, Injury)] == [("home-c", "game")]


def test_rare_00_09_the_chart_sets_how_long() -> None:
    """DDB "Rare Chart" 00-09: the In-Game Injury chart's reading (30: the game and 10 more) stands."""
    rolls = dice(pct(0, 0), two(5), pct(25, 2), two(30))
    game = at(hitter("G6"), rolls)
    from engine.events import Injury

    assert [(e.player, e.kind, e.days) for e in game.events if isinstance(e, Injury)] == [("home-c", "game+10", 10)]


# --- rare and never --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chance", "mod", "option", "taken"),
    [
        ("never", 0, False, True),
        ("never", 0, True, False),
        ("never", 1, True, True),
        ("rare 4", 4, False, False),
        ("rare 4", 5, False, True),
        ("rare 0", 0, False, False),
    ],
)
def test_rare_and_never_on_the_other_card(chance: str, mod: int, option: bool, taken: bool) -> None:
    """DDB "Rare Readings": a batter's SI against a pitcher whose SI is rare N or never."""
    from engine.game import Game
    from engine.situation import Situation
    from tests.engine.deep_drive.helpers import pitcher, setup, team

    # His SI numbers go to BB so the card still covers 50-99.
    chances = {
        "DD": "50-52",
        "SI+": "53-55",
        "SI": chance,
        "BB": "56-64",
        "HBP": "65",
        "SO": "66-75",
        "DEF": "76-79",
        "OUT": "80-99",
    }
    home = team("home", "Home", starter=pitcher("home-sp", chances=chances, outs=["P5"] * 10))
    away = team("away", "Away", overrides={"C": hitter("G6")})
    rolls = dice(pct(10, mod))
    game = Game(
        setup(away, home, dd_never_as_rare_0=option), 0, dice=rolls, situation=Situation(), until="plate_appearance"
    )
    rolls.assert_done()
    if taken:
        assert [e.how for e in game.events if isinstance(e, RunnerOut)] == ["P5"]  # the pitcher's OUTS
    else:
        assert result(game).result == "1B"


# --- Deep Drive --------------------------------------------------------------------------------
# The test batter's DEEP DRIVE: HR 00-29, TR 30-34, DO 35-64, F8d 65-99 (helpers.DEEP).


@pytest.mark.parametrize(
    ("roll", "mod", "ratings", "read"),
    [
        (0, 4, {"CF": 4}, "F8d"),  # a HR at 00, the center fielder a 4: robbed
        (0, 4, {"CF": 3}, "HR"),
        (0, 1, {"LF": 5}, "F7d"),  # mod 0-2: the left fielder
        (99, 0, {"LF": 2}, "HR"),  # a deep fly at 99, a 2 in left fails to rob it
        (99, 0, {"LF": 3}, "F8d"),
        (34, 8, {"RF": 4}, "DO"),  # the top of TR, a 4 in right: a double
        (34, 8, {"RF": 3}, "TR"),
        (35, 1, {"LF": 2}, "TR"),  # the bottom of DO, a 2 in left: a triple
        (64, 5, {"CF": 5}, "F8s"),  # the top of DO, a 5 in center: a diving catch
        (64, 5, {"CF": 3}, "DO"),
        (65, 9, {"RF": 1}, "DO"),  # the bottom of F8d, a 1 in right: the dive misses
        (65, 9, {"RF": 3}, "F8d"),
        (50, 5, {"CF": 5}, "DO"),  # inside the ranges: no outfielder changes it
    ],
)
def test_outfielders_and_deep_drives(roll: int, mod: int, ratings: dict[str, int], read: str) -> None:
    """DDB "Outfielders and Deep Drives" (Ballpark Effects off)."""
    game = at(hitter("G6"), dice(pct(2, 1), pct(roll, mod)), home_ratings=ratings, dd_ballpark_effects=False)
    final = {"HR": "HR", "TR": "3B", "DO": "2B"}.get(read)
    if final:
        assert result(game).result == final
    else:
        assert [e.how for e in game.events if isinstance(e, RunnerOut)] == [read]


def test_deep_drive_taken_away_by_a_never() -> None:
    from engine.game import Game
    from engine.situation import Situation
    from tests.engine.deep_drive.helpers import pitcher, setup, team

    chances = {
        "DD": "never",
        "SI+": "50-55",
        "SI": "56-59",
        "BB": "60-64",
        "HBP": "65",
        "SO": "66-75",
        "DEF": "76-79",
        "OUT": "80-99",
    }
    home = team("home", "Home", starter=pitcher("home-sp", chances=chances, outs=["G3"] * 10))
    away = team("away", "Away", overrides={"C": hitter("G6")})
    rolls = dice(pct(2, 7))
    game = Game(setup(away, home), 0, dice=rolls, situation=Situation(), until="plate_appearance")
    rolls.assert_done()
    assert [e.how for e in game.events if isinstance(e, RunnerOut)] == ["G3"]


@pytest.mark.parametrize(
    ("roll", "park", "effects", "read"),
    [
        (5, "FO", True, "F8d"),
        (5, "FO", False, "HR"),
        (95, "HR", True, "HR"),
        (95, "HR", False, "F8d"),
        (50, "FO", True, "DO"),
    ],
)
def test_ballpark_effects(roll: int, park: str, effects: bool, read: str) -> None:
    """DDB "Ballpark Effects": Deep Drive rolls 00-09 and 90-99 read the handbook (here: all FO or all HR)."""
    from tests.engine.deep_drive.helpers import BOOK_ROWS

    register(HandMadeHandbook(dict(BOOK_ROWS), park=park))
    game = at(hitter("G6"), dice(pct(2, 3), pct(roll, 5)), dd_ballpark_effects=effects)
    if read == "F8d":
        assert [e.how for e in game.events if isinstance(e, RunnerOut)] == ["F8d"]
    else:
        assert result(game).result == {"HR": "HR", "DO": "2B"}[read]


def test_ballpark_effects_skip_a_batter_without_hr_at_09() -> None:
    register(HandMadeHandbook({}, park="FO"))
    card = hitter("G6", deep_drive={"HR": "00-05", "TR": "06-10", "DO": "11-60", "F9d": "61-99"})
    game = at(card, dice(pct(2, 3), pct(3, 5)))
    assert result(game).result == "HR"


# --- hits: the Baserunner Advancement Chart, automatic -----------------------------------------


@pytest.mark.parametrize(
    ("reading", "outs", "runs", "after", "scored"),
    [
        (6, 0, {"r1": "avg", "r2": "avg"}, ("hitter", "-", "r1"), 1),  # SI+ avg 0 out: YES? (r2 scores, r1 to 3rd)
        (6, 0, {"r1": "S", "r2": "VS"}, ("hitter", "r1", "r2"), 0),  # NO?, NO
        (6, 2, {"r1": "S", "r2": "S"}, ("hitter", "-", "r1"), 1),  # two out: S is YES?
        (10, 0, {"r1": "F", "r2": "F"}, ("hitter", "r1", "r2"), 0),  # SI F 0 out: NO?
        (10, 0, {"r1": "VF", "r2": "VF"}, ("hitter", "-", "r1"), 1),  # YES?
        (10, 2, {"r1": "avg", "r2": "avg"}, ("hitter", "r1", "r2"), 0),  # SI avg 2 out: NO?
    ],
)
def test_singles(reading: int, outs: int, runs: dict[str, str], after: tuple[str, str, str], scored: int) -> None:
    runners = (runner("r1", runs["r1"]), runner("r2", runs["r2"]), None)
    game = at(hitter("G6"), dice(pct(reading, 1)), runners=runners, outs=outs)
    assert (bases(game), game.state.away.runs) == (after, scored)


@pytest.mark.parametrize(
    ("run", "outs", "scored"), [("avg", 0, 2), ("F", 0, 3), ("S", 2, 2), ("avg", 2, 3), ("VS", 2, 2), ("VF", 1, 3)]
)
def test_doubles(run: str, outs: int, scored: int) -> None:
    """DO: runners on 2nd and 3rd score; the man on 1st scores by the chart (avg 0-1 out NO?, F YES?;
    two out: S NO?, avg YES?)."""
    runners = (runner("r1", run), runner("r2"), runner("r3"))
    game = at(hitter("G6"), dice(pct(2, 1), pct(50, 5)), runners=runners, outs=outs)
    assert game.state.away.runs == scored
    assert bases(game) == ("-", "hitter", "-" if scored == 3 else "r1")


def test_triple_and_home_run_clear_the_bases() -> None:
    runners = (runner("r1", "VS"), runner("r2", "VS"), runner("r3", "VS"))
    triple = at(hitter("G6"), dice(pct(2, 1), pct(31, 5)), runners=runners)
    homer = at(hitter("G6"), dice(pct(2, 1), pct(15, 5)), runners=runners)
    assert (triple.state.away.runs, bases(triple)) == (3, ("-", "-", "hitter"))
    assert (homer.state.away.runs, bases(homer), result(homer).rbi) == (4, ("-", "-", "-"), 4)


# --- DEF ---------------------------------------------------------------------------------------


def test_def_row_63_with_ratings() -> None:
    """The book's row 63: "[Shortstop] G6 (0) SI+ (1) SI"; a 1 gives the single, a 0 (off his positions) SI+."""
    one = at(hitter("G6"), dice(pct(32, 1), pct(63, 4)), home_ratings={"SS": 1})
    assert result(one).result == "1B" and result(one).notation == "S6"
    three = at(hitter("G6"), dice(pct(32, 1), pct(63, 4)), home_ratings={"SS": 3})
    assert result(three).notation == "G6"


def test_a_fatigued_pitcher_takes_a_point_off_every_fielder() -> None:
    """DDB "Pitcher Endurance": the DEF chart reads ratings one lower; a 2 at short plays as a 1."""
    from engine.game import Game
    from engine.situation import Situation, TeamSituation
    from tests.engine.deep_drive.helpers import setup, team

    away = team("away", "Away", overrides={"C": hitter("G6")})
    home = team("home", "Home", ratings={"SS": 2})
    rolls = dice(pct(32, 1), pct(63, 4))
    situation = Situation(home=TeamSituation(tired=True))
    game = Game(setup(away, home), 0, dice=rolls, situation=situation, until="plate_appearance")
    rolls.assert_done()
    assert result(game).result == "1B"
    assert "SS rated 1" in readings(game, "DEF Chart")[0].cell


def test_outfield_in_adds_a_point_to_outfielders_on_def() -> None:
    """DDB "Outfield In": row 50 "[CF] F8 (3) SI+"; a 3 in center plays as a 4: the out."""
    game = at(
        hitter("G6"),
        dice(pct(32, 1), pct(50, 4)),
        runners=(None, None, runner("r3")),
        inning=9,
        top=False,
        outs=2,
        home_ratings={"CF": 3},
        away_ratings={"CF": 3},
    )
    assert "CF rated 4" in readings(game, "DEF Chart")[0].cell


def test_a_def_single_to_an_infielder_is_an_si_by_the_advancement_chart() -> None:
    """Row 30: "[2B] G4 (1) SI"; a 1 at second. DDB "Reading the Results" SI: a runner on 2nd
    advances one base and may take another by the Baserunner Advancement Chart (SI, 0 out, VF:
    YES?), whoever fielded the single; only the Bunt Chart's DEF row makes it one base each."""
    game = at(
        hitter("G6"), dice(pct(32, 1), pct(30, 4)), runners=(None, runner("r2", "VF"), None), home_ratings={"2B": 1}
    )
    assert bases(game) == ("hitter", "-", "-")
    assert result(game).result == "1B" and result(game).rbi == 1
    assert [r.result for r in readings(game, "Baserunner Advancement Chart")] == ["YES?"]


def test_a_def_single_to_an_infielder_holds_a_slow_runner_to_one_base() -> None:
    """DDB "Reading the Results" SI: the runner on 3rd scores, the runner on 1st takes one base
    and the chart (SI, 0 out, VS: NO) keeps him there."""
    game = at(
        hitter("G6"),
        dice(pct(32, 1), pct(30, 4)),
        runners=(runner("r1", "VS"), None, runner("r3")),
        home_ratings={"2B": 1},
    )
    assert bases(game) == ("hitter", "r1", "-")
    assert result(game).rbi == 1


def test_def_comes_before_rare() -> None:
    """DDB "Rare Readings": a DEF single off the pitcher's card is then checked against the batter's SI (rare 3)."""
    chances = {
        "DD": "00-04",
        "SI+": "05-07",
        "SI": "rare 3",
        "BB": "08-19",
        "HBP": "20",
        "SO": "21-29",
        "DEF": "30-34",
        "OUT": "35-49",
    }
    card = hitter(["G3", "G4", "G5", "G6", "P4", "P5", "P6", "F7", "F8", "F9"], chances)
    stands = at(card, dice(pct(77, 1), pct(30, 3)), home_ratings={"2B": 1})
    taken = at(card, dice(pct(77, 1), pct(30, 4)), home_ratings={"2B": 1})
    assert result(stands).result == "1B"
    assert [e.how for e in taken.events if isinstance(e, RunnerOut)] == ["P4"]  # the batter's OUTS at mod 4


def test_an_error_on_def() -> None:
    register(HandMadeHandbook({40: ("3B", "G5", ((6, "ERR"),))}, error="E2"))
    game = at(hitter("G6"), dice(pct(32, 1), pct(40, 4)), runners=(runner("r1"), None, None))
    assert (bases(game), result(game).result) == (("-", "hitter", "r1"), "E")  # E2: two bases for everyone
    assert [e.position for e in game.events if isinstance(e, ErrorCharged)] == ["3B"]


def test_a_dropped_foul_and_the_at_bat_goes_on() -> None:
    register(HandMadeHandbook({40: ("1B", "G3", ((6, "ERR"),))}, error="FOUL"))
    game = at(hitter("G6"), dice(pct(32, 1), pct(40, 4), pct(25, 2)))
    assert result(game).result == "K"


# --- the fatigued pitcher's penalties ------------------------------------------------------------


def _tired_game(rolls: object, **kwargs: object) -> object:
    from engine.game import Game
    from engine.situation import Situation, TeamSituation
    from tests.engine.deep_drive.helpers import setup, team

    away = team("away", "Away", overrides={"C": hitter("G6")})
    home = team("home", "Home")
    game = Game(
        setup(away, home),
        0,
        dice=rolls,
        situation=Situation(home=TeamSituation(tired=True), **kwargs),
        until="plate_appearance",
    )  # type: ignore[arg-type]
    rolls.assert_done()  # type: ignore[attr-defined]
    return game


@pytest.mark.parametrize(("reading", "mod", "mark"), [(25, 3, "BB"), (25, 4, "K"), (70, 3, "K")])
def test_a_fatigued_pitcher_walks_a_batter_card_strikeout_on_odd_mod(reading: int, mod: int, mark: str) -> None:
    game = _tired_game(dice(pct(reading, mod)))
    assert result(game).result == mark


def test_a_fatigued_pitcher_s_deep_fly_is_a_single_runners_take_two() -> None:
    game = _tired_game(dice(pct(2, 1), pct(80, 5)), runners=(runner("r1"), None, None))
    assert (result(game).result, bases(game)) == ("1B", ("hitter", "-", "r1"))
