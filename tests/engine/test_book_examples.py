"""The rule books' worked examples that no other engine test module encodes.

docs/book-examples.md lists every worked example in this scope (card readings,
Special K, range, error, throw-chart, ground-out, line-out and fly-out examples)
and the test that encodes it, here or in the other modules. The tests here play
the example end to end where the book does (pitcher card -> batter or ballpark
card -> range or error check -> the play), with the dice scripted to the
book's numbers.

Books: IP2021 = inside-pitch-2021.txt, IP2007 = inside-pitch-v3-2007.txt, KEY =
inside-pitch-card-key-and-examples.txt: the publishers' texts, kept beside the code, not in it.
"""

from __future__ import annotations

import pytest

from cards.models import Batter, Pitcher
from cards.notation import Hand, PitcherResult, Position
from engine.events import Check, PlateAppearanceEnded, Roll, RunnerOut
from engine.inside_pitch.fielding import error_play
from engine.inside_pitch.hits import play_hit
from engine.inside_pitch.outs import play_out
from engine.inside_pitch.plays import resolve
from engine.inside_pitch.reading import AtBat, Ball, Direct, Triggers, pitcher_result, read_batter_card
from engine.state import Runner
from tests.engine.conftest import Table
from tests.engine.helpers import BENCH, clone_batter
from tests.engine.test_range import at_bat, batter_runner, set_fielder
from tests.engine.test_reading import PEAVY, ROLLINS
from tests.engine.test_reading import at_bat as rollins_vs_peavy


def bases(table: Table) -> list[str | None]:
    return [r.id if r else None for r in table.game.state.bases]


def runs(table: Table) -> int:
    return table.game.state.batting.runs


def outs_made(table: Table) -> list[tuple[str, int, str]]:
    return [(e.runner, e.base, e.how) for e in table.game.events if isinstance(e, RunnerOut)]


def result(table: Table) -> str:
    """The scorer's notation of the plate appearance just resolved."""
    ended = [e for e in table.game.events if isinstance(e, PlateAppearanceEnded)]
    assert len(ended) == 1
    return ended[0].notation


def checks(table: Table) -> list[tuple[str, int, tuple[tuple[str, int], ...], int, bool]]:
    return [(e.name, e.rating, e.modifiers, e.roll, e.success) for e in table.game.events if isinstance(e, Check)]


def special_k_rolled(table: Table) -> bool:
    return any(isinstance(e, Roll) and e.purpose.startswith("Special K") for e in table.game.events)


# Johnny Bench's matrix (the Rollins card of test_reading carries it): red die, white die.
G6_CELL = ((6, 1), (6, 5))
F8_CELL = ((6, 3), (6, 1))
# Citizens Bank Park: red 5, white 4 is ?9; H? D=1-8, T=9-10, [HR]=11-16.
PARK_Q9 = ((6, 5), (6, 4))


# --- Special K (IP2021 "Special K"; IP2007 §2.19) ------------------------------------------


@pytest.mark.parametrize(
    ("hr_roll", "special_k_roll", "expected"),
    [(11, None, "HR9"), (12, 8, "K"), (12, 9, "F9"), (20, 1, "K"), (20, 20, "F9")],
)
def test_ip2021_special_k_example_ballpark_q9_failed_home_run_is_a_fly_out_then_special_k(
    table: Table, hr_roll: int, special_k_roll: int | None, expected: str
) -> None:
    """IP2021 "Special K", second example [4706] (IP2007 §2.19 the same): the pitcher's card sends
    the at bat to the park, the park reads ?9 and its H? roll gives the [HR] chance. A second 1d20
    at most the batter's HR rating is a home run; above it the ball is an F9, not a hit, so the
    pitcher's Special K range gets its 1d20 and may swap the fly out for a strikeout.

    Numbers: Rollins (HR 11 against a right-hander) faces Peavy (Special K 1-8 against left-handed
    batters) at Citizens Bank Park, whose H? puts [HR] at 11-16; the H? roll here is 12.
    """
    g = table.game
    ab = rollins_vs_peavy()
    rolls = [*PARK_Q9, (20, 12), (20, hr_roll)]
    if special_k_roll is not None:
        rolls.append((20, special_k_roll))
    dice = table.script(*rolls)
    read = pitcher_result(g, ab, PitcherResult.BALLPARK)
    assert read is not None
    card_result, triggers = read
    if expected == "HR9":
        assert card_result == Direct("HR", "HR9")
    else:
        assert card_result == Ball("F", 9, "ballpark", home_run_chance=True)
    resolve(g, ab, Runner(ROLLINS, PEAVY.id), card_result, triggers)
    assert result(table) == expected
    assert special_k_rolled(table) is (special_k_roll is not None)
    dice.assert_done()


@pytest.mark.parametrize(("range_roll", "expected"), [(4, "G6"), (5, "S6")])
def test_ip2021_special_k_example_range_play_on_g6_means_no_special_k_roll(
    table: Table, range_roll: int, expected: str
) -> None:
    """IP2021 "Special K", third example [5339] (IP2007 §2.19 the same): RP on the pitcher's card,
    G6 on the batter's. The range check comes first and cancels Special K whatever it gives: only
    the 1d6 against the shortstop's range (4 here) is rolled. Peavy's Special K (1-8) is never rolled.
    """
    g = table.game
    ab = rollins_vs_peavy()
    dice = table.script(*G6_CELL, (6, range_roll))
    read = pitcher_result(g, ab, PitcherResult.RANGE_PLAY)
    assert read is not None
    card_result, triggers = read
    assert card_result == Ball("G", 6, "batter") and triggers.range_play
    resolve(g, ab, Runner(ROLLINS, PEAVY.id), card_result, triggers)
    assert result(table) == expected
    assert not special_k_rolled(table)
    dice.assert_done()


@pytest.mark.parametrize(
    ("error_roll", "extra", "expected", "on_base"),
    [
        (20, None, "F8", [None, None, None]),
        (4, None, "F8", [None, None, None]),
        (5, 6, "E8", ["jimmy-rollins", None, None]),
    ],
)
def test_ip2021_special_k_example_error_chance_on_f8_means_no_special_k_roll(
    table: Table, error_roll: int, extra: int | None, expected: str, on_base: list[str | None]
) -> None:
    """IP2021 "Special K", fourth example [5339] (IP2007 §2.19 the same): E? on the pitcher's card,
    F8 on the batter's. The error check decides and Special K does not come into it: the 1d20 goes
    against the center fielder's error number (5 here; a dropped fly needs an odd roll, IP2021 #3).
    On the error the batter (BR 4 + arm 1) gets a 1d6 for one base more; a 6 keeps him at first.
    """
    g = table.game
    ab = rollins_vs_peavy()
    rolls = [*F8_CELL, (20, error_roll)] + ([(6, extra)] if extra is not None else [])
    dice = table.script(*rolls)
    read = pitcher_result(g, ab, PitcherResult.ERROR)
    assert read is not None
    card_result, triggers = read
    assert card_result == Ball("F", 8, "batter") and triggers.error is PitcherResult.ERROR
    resolve(g, ab, Runner(ROLLINS, PEAVY.id), card_result, triggers)
    assert result(table) == expected
    assert bases(table) == on_base
    assert not special_k_rolled(table)
    dice.assert_done()


# --- batter card split cells (IP2021 "Batter Card"; IP2007 §3.4) -----------------------------

LEFTY_PEAVY = Pitcher.model_validate({**PEAVY.model_dump(mode="json"), "id": "lefty", "throws": "L"})


def one_cell_batter(cell: str) -> Batter:
    return clone_batter(BENCH, "one-cell", bats="R", matrix=[[cell] * 6 for _ in range(6)])


@pytest.mark.parametrize(
    ("cell", "against_left", "against_right"),
    [
        ("S/G6", Ball("S", 6, "batter"), Ball("G", 6, "batter")),  # IP2021 and IP2007 §3.4
        ("F/D9", Ball("F", 9, "batter"), Ball("D", 9, "batter")),  # IP2021
        ("D/F9", Ball("D", 9, "batter"), Ball("F", 9, "batter")),  # IP2007 §3.4
    ],
)
def test_ip2021_split_cell_examples_left_of_the_slash_against_left_handers(
    table: Table, cell: str, against_left: Ball, against_right: Ball
) -> None:
    """IP2021 "Outs" examples (IP2007 §3.4): S/G6 is a single past short against a left-hander and
    a G6 against a right-hander; F/D9 a fly to right against a lefty and a double against a righty
    (IP2007 writes the double first, D/F9, and reads it the same way round: left side vs lefties)."""
    g = table.game
    batter = one_cell_batter(cell)
    for pitcher, expected in ((LEFTY_PEAVY, against_left), (PEAVY, against_right)):
        ab = AtBat(batter, pitcher, Hand.RIGHT, False, False, park_k=0, park_w=0, park_hr=0)
        dice = table.script((6, 4), (6, 4))
        assert read_batter_card(g, ab) == expected
        dice.assert_done()


# --- range plays ending in the stretch single (IP2021 "S+7, S+8, S+9", "Range Plays") ----------


def rp_at_stretch(table: Table, fielder: int, line: str, br: int) -> tuple[AtBat, Runner]:
    set_fielder(table, Position.from_number(fielder), line)
    batter = batter_runner(table, br=br)
    return at_bat(table, batter.card), batter


@pytest.mark.parametrize(
    ("range_roll", "stretch_roll", "expected", "on_base", "outs"),
    [
        (1, None, "F7", [None, None, None], 1),  # 1-4: the left fielder (range 4) makes the play
        (4, None, "F7", [None, None, None], 1),
        (5, 1, "D7", [None, "batter", None], 0),  # 5-6: the S+7 stands; BR 3 + arm -1 = 2
        (6, 2, "D7", [None, "batter", None], 0),
        (5, 3, "S7", ["batter", None, None], 0),  # the book's "4-5" skips the 3 (rules README)
        (6, 5, "S7", ["batter", None, None], 0),
        (5, 6, "S7", [None, None, None], 1),  # a 6: thrown out at second
    ],
)
def test_ip2021_rp_at_s_plus_7_example_left_fielder_range_4_then_br_3_arm_minus_1(
    table: Table, range_roll: int, stretch_roll: int | None, expected: str, on_base: list[str | None], outs: int
) -> None:
    """IP2021 "S+7, S+8, S+9" example [4503, 2054] (IP2007 §4.6): RP@ and S+7. The range check on
    the left fielder (range 4) comes first: 1-4 an F7, 5-6 the S+7 stands. Then 1d6 against the
    batter's BR 3 plus the arm -1 = 2: 1-2 a double, above it a single, a 6 out at second."""
    g = table.game
    ab, batter = rp_at_stretch(table, 7, "LF - 4 (6) -1", br=3)
    rolls = [(6, range_roll)] + ([(6, stretch_roll)] if stretch_roll is not None else [])
    dice = table.script(*rolls)
    resolve(g, ab, batter, Ball("S+", 7, "ballpark"), Triggers(range_play=True))
    assert result(table) == expected
    assert bases(table) == on_base
    assert g.state.outs == outs
    if stretch_roll == 6:
        assert outs_made(table) == [("batter", 2, "7-4")]
    dice.assert_done()


@pytest.mark.parametrize(
    ("range_roll", "stretch_roll", "expected", "on_base", "outs"),
    [
        (1, None, "F9", [None, None, None], 1),  # 1-2: the right fielder (range 2) makes the play
        (2, None, "F9", [None, None, None], 1),
        (3, 1, "D9", [None, "batter", None], 0),  # 3-6: S+9 stands; BR 4 + arm -1 = 3
        (6, 3, "D9", [None, "batter", None], 0),
        (4, 4, "S9", ["batter", None, None], 0),  # 4 or 5: a single
        (5, 5, "S9", ["batter", None, None], 0),
        (3, 6, "S9", [None, None, None], 1),  # 6: thrown out at second
    ],
)
def test_ip2021_rp_at_s_plus_9_range_example_right_fielder_range_2_then_br_4_arm_minus_1(
    table: Table, range_roll: int, stretch_roll: int | None, expected: str, on_base: list[str | None], outs: int
) -> None:
    """IP2021 "Range Plays", third example (IP2007 §6 gives the range half the same): RP@ and S+9.
    Right fielder range 2: 1-2 an F9, 3-6 the S+9 stands. Then the stretch: BR 4 plus arm -1 = 3,
    so at most 3 a double, 4 or 5 a single, 6 thrown out at second."""
    g = table.game
    ab, batter = rp_at_stretch(table, 9, "RF - 2 (6) -1", br=4)
    rolls = [(6, range_roll)] + ([(6, stretch_roll)] if stretch_roll is not None else [])
    dice = table.script(*rolls)
    resolve(g, ab, batter, Ball("S+", 9, "ballpark"), Triggers(range_play=True))
    assert result(table) == expected
    assert bases(table) == on_base
    assert g.state.outs == outs
    if stretch_roll == 6:
        assert outs_made(table) == [("batter", 2, "9-6")]
    dice.assert_done()


# --- the lead runner (IP2021 "Singles and Doubles to the Outfield") ------------------------------


@pytest.mark.parametrize(
    ("on_first", "rolls", "on_base"),
    [
        (False, [], ["batter", None, None]),  # nobody to play on: no throw, no dice
        (True, [(6, 2), (6, 1)], ["batter", "runner-1", None]),  # the man from first is the lead runner
        (True, [(6, 1), (6, 4)], ["batter", None, "runner-1"]),
    ],
)
def test_ip2021_lead_runner_example_runner_on_third_on_a_single_is_not_the_lead_runner(
    table: Table, on_first: bool, rolls: list[tuple[int, int]], on_base: list[str | None]
) -> None:
    """IP2021 "Singles and Doubles to the Outfield", lead runner example (IP2007 §7.2 the same): a
    runner on third scores on any single and never draws the throw, so he is not the lead runner.
    Here on an S7 (left fielder's arm 0) the runner from third (BR 0, so no speed of his own) scores
    every time; with a man on first (BR 3, 1st to 3rd on S7: 3 - 2 + 0 = 1) that man is the lead
    runner: a first die of 2 holds him at second, a 1 sends him to third (the batter, BR 3, then
    stays at first on a second die of 4)."""
    g = table.game
    set_fielder(table, Position.LEFT, "LF - 3 (6) 0")
    table.runner(3, br=0)
    if on_first:
        table.runner(1, br=3)
    batter = batter_runner(table, br=3)
    dice = table.script(*rolls)
    assert play_hit(g, at_bat(table, batter.card), batter, Ball("S", 7, "batter")) == "S7"
    assert bases(table) == on_base
    assert runs(table) == 1
    dice.assert_done()


# --- the card key's S+# example -------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "expected", "on_base", "outs"),
    [
        (1, "D8", [None, "jimmy-rollins", "runner-1"], 0),  # 1-4: a double
        (4, "D8", [None, "jimmy-rollins", "runner-1"], 0),
        (5, "S8", ["jimmy-rollins", None, "runner-1"], 0),  # 5: holds with a single
        (6, "S8", [None, None, "runner-1"], 1),  # 6: thrown out at second
    ],
)
def test_key_s_plus_example_rollins_br_4_arm_0(
    table: Table, roll: int, expected: str, on_base: list[str | None], outs: int
) -> None:
    """KEY "S+# (position number)": Rollins (BR 4) against an outfield arm of 0 is safe at second
    on 1-4 and thrown out at second on a 6; the runners move two bases whatever he does (here the
    man on first goes to third)."""
    g = table.game
    set_fielder(table, Position.CENTER, "CF - 4 (5) 0")
    table.runner(1, br=0)
    rollins = Runner(ROLLINS, PEAVY.id)
    dice = table.script((6, roll))
    assert play_hit(g, rollins_vs_peavy(), rollins, Ball("S+", 8, "ballpark")) == expected
    assert bases(table) == on_base
    assert g.state.outs == outs
    dice.assert_done()


# --- ground outs ------------------------------------------------------------------------------


def ground_ball_at_bat(table: Table, gdp: int) -> AtBat:
    g = table.game
    card = g.state.batting.order[0].batter.model_copy(update={"gdp": gdp, "br": 3, "id": "batter", "name": "Batter"})
    pitcher = g.state.fielding.pitcher.model_copy(update={"gdp": 0})
    return AtBat(card, pitcher, Hand.RIGHT, tired=False, runners_on=True, park_k=0, park_w=0, park_hr=0)


@pytest.mark.parametrize(
    ("depth", "range_roll", "more", "expected", "on_base", "outs"),
    [
        ("half", 1, [(6, 3)], "DP", [None, None, None], 2),  # made (1-2), GDP 3: a 3-6-3
        ("half", 2, [(6, 4)], "G3", ["batter", None, None], 1),  # made, no DP; 4 > BR 3 - 1: forced
        ("half", 3, [(6, 1)], "S3", ["batter", None, "runner-1"], 0),  # 3 > 3 - 1: missed, "#" 1: S3
        ("back", 3, [(6, 2)], "DP", [None, None, None], 2),  # back: range 3 stands, so 3 is made
    ],
)
def test_ip2021_rp_g3_example_first_baseman_halfway_loses_one_range_then_the_double_play(
    table: Table,
    depth: str,
    range_roll: int,
    more: list[tuple[int, int]],
    expected: str,
    on_base: list[str | None],
    outs: int,
) -> None:
    """IP2021 "Ground Outs", "Runner on first" last example [5799] (IP2007 §9.2 the same): RP, then
    G3 with a runner on first. The range play comes first, with the first baseman's range 1 less at
    halfway (3 becomes 2); if he makes it, the usual double-play procedure follows. The book gives
    no GDP numbers: here batter 1 + pitcher 0 + SS pivot +1 + halfway +1 = 3; runner on first BR 3.
    A miss reads "#" on the range chart: 1d6 1-4 a single past first (the runner takes third on
    BR 3, IP2021 infield single chart)."""
    g = table.game
    g.state.infield_depth = {"1B": depth, "2B": depth, "3B": depth, "SS": depth}
    table.runner(1, br=3)
    ab = ground_ball_at_bat(table, gdp=1)
    dice = table.script((6, range_roll), *more)
    resolve(g, ab, Runner(ab.batter, ab.pitcher.id), Ball("G", 3, "batter"), Triggers(range_play=True))
    range_check = checks(table)[0]
    adjustment = (("1B halfway", -1),) if depth == "half" else ()
    assert range_check[1:] == (3, adjustment, range_roll, range_roll <= 3 + sum(v for _, v in adjustment))
    assert result(table) == expected
    assert bases(table) == on_base
    assert g.state.outs == outs
    if expected == "DP":
        assert outs_made(table) == [("runner-1", 2, "3-6"), ("batter", 0, "3-6-3")]
        gdp = next(c for c in checks(table) if c[0] == "GDP")
        assert gdp[1] + sum(v for _, v in gdp[2]) == (3 if depth == "half" else 2)
    dice.assert_done()


@pytest.mark.parametrize(("roll", "double_play"), [(1, True), (2, True), (3, False)])
def test_key_ground_out_example_rollins_2_plus_peavy_0_is_combined_gdp_2(
    table: Table, roll: int, double_play: bool
) -> None:
    """KEY "Ground Outs", runner on first: Rollins' GDP 2 + Peavy's 0 = 2, so a 1d6 of 1-2 is a
    double play. The pivot man can move the sum; here the second baseman's pivot is 0 and the
    infield back. A 3 is no double play; against the runner's BR 3 it leaves him safe at second."""
    g = table.game
    set_fielder(table, Position.SECOND, "2B - 4 (8) 0")
    table.runner(1, br=3)
    ab = rollins_vs_peavy()
    dice = table.script((6, roll))
    outcome = play_out(g, ab, Runner(ROLLINS, PEAVY.id), Ball("G", 6, "batter"))
    gdp = next(c for c in checks(table) if c[0] == "GDP")
    assert gdp[1] + sum(v for _, v in gdp[2]) == 2
    if double_play:
        assert outcome == "DP"
        assert outs_made(table) == [("runner-1", 2, "6-4"), ("jimmy-rollins", 0, "6-4-3")]
    else:
        assert outcome == "G6"
        assert outs_made(table) == [("jimmy-rollins", 0, "6-3")]
        assert bases(table) == [None, "runner-1", None]
    dice.assert_done()


@pytest.mark.parametrize(
    ("notation", "rolls", "expected", "on_base"),
    [
        ("G6", [(6, 3)], "DP", [None, None, None]),  # SS back, 2B back: 6-4-3 on GDP 2 + 0 + 1 = 3
        ("G4", [(6, 2)], "DP", [None, None, None]),  # 2B back, SS pivot back
        ("G5", [], "G5", [None, "runner-1", None]),  # 3B in: home or first only, no die
    ],
)
def test_ip2021_corners_in_middle_back_example_second_to_first_double_play_still_on(
    table: Table, notation: str, rolls: list[tuple[int, int]], expected: str, on_base: list[str | None]
) -> None:
    """IP2021 "Infield Depth", runner on third note [5339] (IP2007 §8.3 the same): infielders are set
    one by one; with the corners in and the middle infielders back, the pivot at second is not
    playing in, so a second-to-first double play can still be turned on a ball to the middle. The
    third baseman, playing in, may only throw home or to first."""
    g = table.game
    g.state.infield_depth = {"1B": "in", "3B": "in", "2B": "back", "SS": "back"}
    table.runner(1, br=3)
    ab = ground_ball_at_bat(table, gdp=2)
    dice = table.script(*rolls)
    assert play_out(g, ab, Runner(ab.batter, ab.pitcher.id), Ball(notation[0], int(notation[1]), "batter")) == expected
    assert bases(table) == on_base
    dice.assert_done()


# --- IP2007 §5 #5, on the rolls where IP2021 reads it the same ----------------------------------


@pytest.mark.parametrize(
    ("roll", "on_base", "scored"),
    [
        (1, [None, None, "batter"], 1),  # 1-2: the runner scores, the batter takes third
        (2, [None, None, "batter"], 1),
        (4, [None, "batter", "runner-1"], 0),  # 4-6: third and second
        (6, [None, "batter", "runner-1"], 0),
    ],
)
def test_ip2007_error_5_s8_example_on_the_rolls_ip2021_agrees_with(
    table: Table, roll: int, on_base: list[str | None], scored: int
) -> None:
    """IP2007 §5 #5 example: runner on first BR 2, batter BR 3, S8 booted by the center fielder
    (arm +1): the runner reaches third and the batter second; then one 1d6: 1-2 the runner scores
    and the batter takes third, 3-6 both hold. IP2021 adds the arm (BR 2 + 1 = 3), so a 3 scores
    the runner there (rules README): that roll is left out; the others read the same in both books."""
    g = table.game
    set_fielder(table, Position.CENTER, "CF - 4 (5) +1")
    table.runner(1, br=2)
    batter = batter_runner(table, br=3)
    dice = table.script((20, 5), (6, roll))
    assert error_play(g, at_bat(table), batter, Ball("S", 8, "batter"), PitcherResult.ERROR) == "S8"
    assert bases(table) == on_base
    assert runs(table) == scored
    dice.assert_done()
