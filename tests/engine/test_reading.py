"""Pitcher, batter and ballpark card readings, with the books' Rollins-vs-Peavy examples.

The older rules summary works its examples with Jimmy Rollins (switch hitter,
batting left against Jake Peavy) at Citizens Bank Park (K +1, W +1, HR 0).
The books do not print either card, so the cards below carry exactly the
ratings the examples quote, on top of Johnny Bench's matrix.
"""

from __future__ import annotations

from dataclasses import replace

from cards.models import Pitcher
from cards.notation import Hand, PitcherResult
from engine.events import Check
from engine.inside_pitch.pitches import wild_pitch_or_passed_ball
from engine.inside_pitch.plays import resolve
from engine.inside_pitch.reading import AtBat, Ball, Direct, Triggers, pitcher_result, read_pitcher_card
from engine.state import Runner
from tests.engine.conftest import Table
from tests.engine.helpers import BENCH, CBP, SEAVER, clone_batter

ROLLINS = clone_batter(
    BENCH,
    "jimmy-rollins",
    bats="S",
    positions=["SS - 5 (4) +1"],
    vs_rhp={"k": 8, "w": 6, "hr": 11},
    hbp=7,
    br=4,
    gdp=2,
    att=7,
)
PEAVY = Pitcher.model_validate(
    {
        **SEAVER.model_dump(mode="json"),
        "id": "jake-peavy",
        "name": "Jake Peavy",
        "home_run_ranges": {"vs_left": "1-7", "vs_right": "1-5"},
        "split_checks": {"vs_left": "S1 1-4", "vs_right": "** 1-6"},
        "hbp": -3,
        "outs": ["G6", "F8", "G3", "G4", "F7", "F9"],
        "wild_pitch": "1-8",
        "passed_ball": "9",
        "special_k": {"vs_left": "1-8"},
        "start": "(34) 26 / 12",
    }
)


def at_bat(batter=ROLLINS, pitcher=PEAVY, side=Hand.LEFT, tired=False, park=CBP) -> AtBat:
    adj = park.adjustments
    return AtBat(batter, pitcher, side, tired, runners_on=False, park_k=adj.k, park_w=adj.w, park_hr=adj.hr)


def checks(table: Table) -> list[tuple[str, int, int, bool]]:
    return [(e.name, e.target, e.roll, e.success) for e in table.game.events if isinstance(e, Check)]


# Bench's matrix (Rollins's here): where the dice land.
G6_CELL = ((6, 1), (6, 5))  # red 1, white 5: G6
G4_CELL = ((6, 2), (6, 3))  # red 2, white 3: G4
F9_CELL = ((6, 3), (6, 3))  # F9


def test_hr_range_in_range_then_batter_hr_rating(table: Table) -> None:
    # Card key "HR?": LHB range 1-7, then 1d20 against Rollins' HR vs RHP (11).
    dice = table.script((20, 7), (20, 11))
    result = pitcher_result(table.game, at_bat(), PitcherResult.HOME_RUN_RANGE)
    assert result == (Direct("HR", "HR"), Triggers())
    dice.assert_done()


def test_hr_range_roll_of_8_is_a_blank(table: Table) -> None:
    dice = table.script((20, 8), *G6_CELL)
    result, _ = pitcher_result(table.game, at_bat(), PitcherResult.HOME_RUN_RANGE)
    assert result == Ball("G", 6, "batter")
    dice.assert_done()


def test_hr_range_batter_fails_hr_check_goes_to_batter_card(table: Table) -> None:
    dice = table.script((20, 3), (20, 12), *F9_CELL)
    result, _ = pitcher_result(table.game, at_bat(), PitcherResult.HOME_RUN_RANGE)
    assert result == Ball("F", 9, "batter")
    dice.assert_done()


def test_split_check_lefty_single_on_1_to_4(table: Table) -> None:
    # Card key "??": LHB S1 1-4 is a single; 5-20 a blank.
    table.script((20, 4))
    result, _triggers = pitcher_result(table.game, at_bat(), PitcherResult.SPLIT_CHECK)
    assert result == Ball("S", 1, "pitcher")
    dice = table.script((20, 5), *G4_CELL)
    result, _ = pitcher_result(table.game, at_bat(), PitcherResult.SPLIT_CHECK)
    assert result == Ball("G", 4, "batter")
    dice.assert_done()


def test_split_check_righty_auto_out_on_1_to_6(table: Table) -> None:
    # "If Rollins had been RHB and the roll was 1-6 resolve as **": the ** line, column 3 = G3.
    dice = table.script((20, 6), (6, 3))
    result, _ = pitcher_result(table.game, at_bat(side=Hand.RIGHT), PitcherResult.SPLIT_CHECK)
    assert result == Ball("G", 3, "pitcher")
    dice.assert_done()


def test_hr_rating_11(table: Table) -> None:
    # Card key "HR": 1-11 a homer, 12-20 to the batter's card.
    table.script((20, 11))
    assert pitcher_result(table.game, at_bat(), PitcherResult.HOME_RUN)[0] == Direct("HR", "HR")
    dice = table.script((20, 12), *G6_CELL)
    assert pitcher_result(table.game, at_bat(), PitcherResult.HOME_RUN)[0] == Ball("G", 6, "batter")
    dice.assert_done()


def test_hit_by_pitch_combined_rating_4(table: Table) -> None:
    # Card key "HBP": Rollins 7 + Peavy -3 = 4.
    table.script((20, 4))
    assert pitcher_result(table.game, at_bat(), PitcherResult.HIT_BY_PITCH)[0] == Direct("HBP", "HBP")
    assert checks(table)[-1] == ("HBP", 4, 4, True)
    dice = table.script((20, 5), *G6_CELL)
    assert pitcher_result(table.game, at_bat(), PitcherResult.HIT_BY_PITCH)[0] == Ball("G", 6, "batter")
    dice.assert_done()


def test_hit_by_pitch_impossible_below_one(table: Table) -> None:
    # IP2021 "HBP": a combined rating under 1 means no HBP can happen and no die is rolled for it.
    batter = clone_batter(ROLLINS, "no-hbp", hbp=2)
    dice = table.script(*G6_CELL)
    assert pitcher_result(table.game, at_bat(batter), PitcherResult.HIT_BY_PITCH)[0] == Ball("G", 6, "batter")
    dice.assert_done()


def test_hit_by_pitch_possible_at_a_combined_one(table: Table) -> None:
    # IP2021 "HBP": only a combined rating under 1 rules it out; Rollins 4 + Peavy -3 = 1, and a 1 hits him.
    batter = clone_batter(ROLLINS, "hbp-one", hbp=4)
    dice = table.script((20, 1))
    assert pitcher_result(table.game, at_bat(batter), PitcherResult.HIT_BY_PITCH)[0] == Direct("HBP", "HBP")
    dice.assert_done()


def test_strikeout_rating_8_plus_park_1(table: Table) -> None:
    # Card key "K": 8 vs RHP + Citizens Bank +1 = 9.
    table.script((20, 9))
    assert pitcher_result(table.game, at_bat(), PitcherResult.STRIKEOUT)[0] == Direct("K", "K")
    dice = table.script((20, 10), *G6_CELL)
    assert pitcher_result(table.game, at_bat(), PitcherResult.STRIKEOUT)[0] == Ball("G", 6, "batter")
    assert checks(table)[-1] == ("K", 9, 10, False)
    dice.assert_done()


def test_strikeout_plus_adds_ten(table: Table) -> None:
    # Card key "K+": the same Rollins has 19.
    table.script((20, 19))
    assert pitcher_result(table.game, at_bat(), PitcherResult.STRIKEOUT_PLUS)[0] == Direct("K", "K")
    dice = table.script((20, 20), *G6_CELL)
    assert pitcher_result(table.game, at_bat(), PitcherResult.STRIKEOUT_PLUS)[0] == Ball("G", 6, "batter")
    dice.assert_done()


def test_walk_rating_6_plus_park_1(table: Table) -> None:
    # Card key "W": 6 + 1 = 7; rolls of 8-20 go to the batter's card (the key's "11-20" is a slip).
    table.script((20, 7))
    assert pitcher_result(table.game, at_bat(), PitcherResult.WALK)[0] == Direct("W", "W")
    dice = table.script((20, 8), *G6_CELL)
    assert pitcher_result(table.game, at_bat(), PitcherResult.WALK)[0] == Ball("G", 6, "batter")
    dice.assert_done()


def test_walk_plus_adds_ten(table: Table) -> None:
    dice = table.script((20, 17))
    assert pitcher_result(table.game, at_bat(), PitcherResult.WALK_PLUS)[0] == Direct("W", "W")
    dice.assert_done()


def test_auto_out_reads_the_star_line(table: Table) -> None:
    # Card key "**": a 3 on Peavy's ** line is a G3.
    dice = table.script((6, 3))
    assert pitcher_result(table.game, at_bat(), PitcherResult.AUTO_OUT)[0] == Ball("G", 3, "pitcher")
    dice.assert_done()


def test_single_past_the_pitcher(table: Table) -> None:
    dice = table.script()
    assert pitcher_result(table.game, at_bat(), PitcherResult.SINGLE)[0] == Ball("S", 1, "pitcher")
    dice.assert_done()


def test_tired_single_is_a_blank_until_tired(table: Table) -> None:
    # IP2021 "(S1)".
    dice = table.script(*G6_CELL)
    assert pitcher_result(table.game, at_bat(), PitcherResult.TIRED_SINGLE)[0] == Ball("G", 6, "batter")
    dice.assert_done()
    result, triggers = pitcher_result(table.game, at_bat(tired=True), PitcherResult.TIRED_SINGLE)
    assert result == Ball("S", 1, "pitcher")
    assert triggers.tired_reading


def test_k_or_w_is_a_strikeout_chance_until_tired(table: Table) -> None:
    # Card key "K(W)": Peavy is not tired until he has faced 26 batters.
    table.script((20, 9))
    assert pitcher_result(table.game, at_bat(), PitcherResult.STRIKEOUT_OR_WALK)[0] == Direct("K", "K")
    dice = table.script((20, 7))
    result, triggers = pitcher_result(table.game, at_bat(tired=True), PitcherResult.STRIKEOUT_OR_WALK)
    assert result == Direct("W", "W")
    assert checks(table)[-1] == ("W", 7, 7, True)
    assert triggers.tired_reading
    dice.assert_done()


def test_peavy_is_tired_after_26_batters(table: Table) -> None:
    defense = table.game.state.fielding
    defense.setup = replace(defense.setup, pitcher=PEAVY)  # he started the game: his START line counts
    defense.pitcher = PEAVY
    defense.faced[PEAVY.id] = 25
    assert not defense.tired()
    defense.faced[PEAVY.id] = 26
    assert defense.tired()


def test_wild_pitch_on_1_to_8(table: Table) -> None:
    # Card key "WLD": for Peavy 1-8 is a wild pitch.
    runner = table.runner(1)
    dice = table.script((20, 8))
    wild_pitch_or_passed_ball(table.game, at_bat())
    assert table.game.state.bases == [None, runner, None]
    dice.assert_done()


def test_passed_ball_chance_on_9_against_the_catcher(table: Table) -> None:
    # Peavy's PB? is 9; then 1d6 against the catcher's passed-ball rating (2): above it, a passed ball.
    runner = table.runner(2)
    dice = table.script((20, 9), (6, 3))
    wild_pitch_or_passed_ball(table.game, at_bat())
    assert table.game.state.bases == [None, None, runner]
    dice = table.script((20, 9), (6, 2))
    wild_pitch_or_passed_ball(table.game, at_bat())
    assert table.game.state.bases == [None, None, runner]  # blocked: a foul ball
    dice.assert_done()


def test_wild_with_no_runners_is_a_foul_and_the_pitcher_card_is_read_again(table: Table) -> None:
    # Seaver's card: 2-4 is WLD; with the bases empty it is a foul ball, roll the pitcher's card again.
    g = table.game
    dice = table.script((6, 2), (6, 4))  # red 2, white 4 = WLD: the caller rolls again
    assert read_pitcher_card(g, at_bat(pitcher=SEAVER)) is None
    assert not any(isinstance(e, Check) for e in g.events)
    dice.assert_done()


def test_special_k_turns_a_ground_out_into_a_strikeout(table: Table) -> None:
    # Card key "Special K": Rollins rolls G6 on his card; 1d20 1-8 is a strikeout, 9-20 the G6.
    g = table.game
    batter = Runner(ROLLINS, PEAVY.id)
    dice = table.script((20, 8))
    resolve(g, at_bat(), batter, Ball("G", 6, "batter"), Triggers())
    assert g.state.outs == 1
    assert g.events[-1].result == "K"  # type: ignore[attr-defined]
    dice.assert_done()


def test_special_k_miss_leaves_the_ground_out(table: Table) -> None:
    g = table.game
    batter = Runner(ROLLINS, PEAVY.id)
    dice = table.script((20, 9))
    resolve(g, at_bat(), batter, Ball("G", 6, "batter"), Triggers())
    assert g.events[-1].result == "G6"  # type: ignore[attr-defined]
    dice.assert_done()


def test_no_special_k_on_the_pitchers_star_line(table: Table) -> None:
    # IP2021: results straight off the pitcher's ** line are not subject to Special K.
    g = table.game
    dice = table.script()
    resolve(g, at_bat(), Runner(ROLLINS, PEAVY.id), Ball("G", 3, "pitcher"), Triggers())
    assert g.events[-1].result == "G3"  # type: ignore[attr-defined]
    dice.assert_done()


def test_ip2021_special_k_example_after_a_missed_k(table: Table) -> None:
    # IP2021 "Special K" example: pitcher K, batter K 10, park K -2, 1d20 9: no strikeout; the
    # batter's card reads G4; Special K 1-10 (the park does not move it) turns it into a K on 1-10.
    g = table.game
    batter = clone_batter(ROLLINS, "k10", vs_rhp={"k": 10, "w": 6, "hr": 11})
    pitcher = Pitcher.model_validate({**PEAVY.model_dump(mode="json"), "special_k": {"vs_left": "1-10"}})
    ab = AtBat(batter, pitcher, Hand.LEFT, False, False, park_k=-2, park_w=0, park_hr=0)
    dice = table.script((20, 9), *G4_CELL, (20, 10))
    result, triggers = pitcher_result(g, ab, PitcherResult.STRIKEOUT)
    assert result == Ball("G", 4, "batter")
    assert checks(table)[0] == ("K", 8, 9, False)
    resolve(g, ab, Runner(batter, pitcher.id), result, triggers)
    assert g.events[-1].result == "K"  # type: ignore[attr-defined]
    dice.assert_done()


def test_range_play_cancels_special_k(table: Table) -> None:
    # IP2021 example: RP then G6: a range check is due, so no Special K roll is made.
    g = table.game
    table.script(*G6_CELL)
    result, triggers = pitcher_result(g, at_bat(), PitcherResult.RANGE_PLAY)
    assert triggers.range_play and result == Ball("G", 6, "batter")
    assert not any(e.purpose.startswith("Special K") for e in g.events if hasattr(e, "purpose"))


def test_error_chance_cancels_special_k(table: Table) -> None:
    # IP2021 example: E? then F8: the error check decides, Special K is irrelevant.
    g = table.game
    table.script(*G6_CELL)
    result, triggers = pitcher_result(g, at_bat(), PitcherResult.ERROR)
    assert triggers.error is PitcherResult.ERROR and result == Ball("G", 6, "batter")


def test_batter_split_hit_ranges_by_pitcher_hand(table: Table) -> None:
    # IP2021 "?7, ?8, ?9": RH? S=1-8; D=9-16; T=17-18, 19-20 a fly out.
    g = table.game
    batter = clone_batter(ROLLINS, "splits", hits_vs_rhp="S=1-8; D=9-16; T=17-18")
    ab = at_bat(batter)
    for roll, expected in ((8, Ball("S", 8, "batter")), (16, Ball("D", 8, "batter")), (18, Ball("T", 8, "batter"))):
        dice = table.script((6, 2), (6, 1), (20, roll))  # red 2, white 1 = ?8
        assert pitcher_result(g, ab, PitcherResult.BLANK)[0] == expected
        dice.assert_done()
    dice = table.script((6, 2), (6, 1), (20, 19))
    assert pitcher_result(g, ab, PitcherResult.BLANK)[0] == Ball("F", 8, "batter")
    dice.assert_done()


def test_batter_card_home_run_is_automatic(table: Table) -> None:
    # IP2021 "S, D, T, H": H needs no HR roll. Bench's 2-2 reads H against lefties, F9 against righties.
    g = table.game
    lefty = PEAVY.model_copy(update={"throws": Hand.LEFT})
    dice = table.script((6, 2), (6, 2))
    assert pitcher_result(g, at_bat(BENCH, lefty, Hand.RIGHT), PitcherResult.BLANK)[0] == Direct("HR", "H9")
    dice = table.script((6, 2), (6, 2))
    assert pitcher_result(g, at_bat(BENCH, PEAVY, Hand.RIGHT), PitcherResult.BLANK)[0] == Ball("F", 9, "batter")
    dice.assert_done()


def test_batter_star_reference_reads_the_pitchers_line(table: Table) -> None:
    # Card key "**#": a **2 reading against Peavy is an F8 (not an automatic out).
    g = table.game
    batter = clone_batter(ROLLINS, "ref", matrix=[["**2"] * 6 for _ in range(6)])
    dice = table.script((6, 1), (6, 1))
    assert pitcher_result(g, at_bat(batter), PitcherResult.BLANK)[0] == Ball("F", 8, "batter")
    dice.assert_done()


def test_ballpark_split_hit_home_run_chance_then_fly_out(table: Table) -> None:
    # IP2021 "@" example: ballpark ?9, H? gives [HR]; the batter's HR check fails: F9, a non-hit.
    g = table.game
    dice = table.script((6, 5), (6, 4), (20, 12), (20, 12))  # CBP 5-4 = ?9; [HR]=11-16; HR 11 fails
    result, _ = pitcher_result(g, at_bat(), PitcherResult.BALLPARK)
    assert result == Ball("F", 9, "ballpark", home_run_chance=True)
    dice.assert_done()


def test_ballpark_pull_home_run_for_a_lefty_goes_to_right(table: Table) -> None:
    # Card key "[HRp]": pull field for a left-handed batter is right field.
    g = table.game
    dice = table.script((6, 4), (6, 1), (20, 11))  # CBP 4-1 = [HRp]
    assert pitcher_result(g, at_bat(), PitcherResult.BALLPARK)[0] == Direct("HR", "HR9")
    dice = table.script((6, 4), (6, 1), (20, 12))
    assert pitcher_result(g, at_bat(), PitcherResult.BALLPARK)[0] == Ball("F", 9, "ballpark", home_run_chance=True)
    dice.assert_done()


def test_ballpark_blank_is_a_rare_play(table: Table) -> None:
    from engine.inside_pitch.reading import Rare

    dice = table.script((6, 3), (6, 1))  # CBP 3-1 is blank
    assert pitcher_result(table.game, at_bat(), PitcherResult.BALLPARK)[0] == Rare()
    dice.assert_done()
