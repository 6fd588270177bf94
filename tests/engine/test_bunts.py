"""Bunts: sacrifice, squeeze, bunt for a hit (IP2021 "Sacrifice bunt", "Bunting for a hit", "Squeeze";
IP2007 §12.3-§12.5 and its worked examples; the older key's bunt and squeeze charts).

The game is the conftest's finished seeded game, cleared: the away team bats against the
home team, whose pitcher is Tom Seaver. Seaver's cells against a right-handed batter,
(red, white): blank (6, 5), K (1, 1), K+ (6, 2), K(W) (3, 2), W (3, 3), W+ (4, 1), HBP
(1, 4), WLD (2, 4), RP (2, 3), RP@ (4, 3), E? (1, 2), ET? (4, 5), EG? (4, 6), HR (1, 3),
HR? (6, 4), (??) (1, 5), (S1) (5, 6), @ (6, 1). His WP range is 1-9, his HBP -3, GDP 0,
SB 0, and he fields "P - 4 (3)". The home fielders: C 5/2 (19) -2, 1B 3 (8), 2B 4 (8) +1,
3B 4 (9), SS 4 (4) +1.
"""

from __future__ import annotations

import pytest

from cards.models import Pitcher
from cards.notation import Hand
from engine.boxscore import GROUND, classify
from engine.events import Check, Decided, ErrorCharged, Reading, RunnerMoved, RunnerOut, RunScored
from engine.inside_pitch import bunts
from engine.inside_pitch.reading import AtBat
from engine.inside_pitch.tables import load_table
from engine.requests import Decision
from engine.state import Runner
from tests.engine.conftest import Table

BLANK = (6, 5)
K = (1, 1)
K_PLUS = (6, 2)
K_OR_W = (3, 2)
WALK = (3, 3)
HBP = (1, 4)
WLD = (2, 4)
RP = (2, 3)
RP_BALLPARK = (4, 3)
E = (1, 2)
ET = (4, 5)
EG = (4, 6)
CORNERS_IN = {"1B": "in", "2B": "half", "3B": "in", "SS": "half"}
ALL_IN = dict.fromkeys(("1B", "2B", "3B", "SS"), "in")

# Dice as ScriptedDice wants them.
P_FIELDS, FIRST_FIELDS, THIRD_FIELDS, C_FIELDS = (6, 1), (6, 3), (6, 5), (6, 6)


def card(cell: tuple[int, int]) -> list[tuple[int, int]]:
    """The 2d6 roll (red, white) on the pitcher's card."""
    return [(6, cell[0]), (6, cell[1])]


def chart(roll: int) -> tuple[int, int]:
    return (20, roll)


# --- arranging a situation ----------------------------------------------------------------


def at_bat(
    table: Table,
    bnt: int = 2,
    br: int = 3,
    gdp: int = 2,
    hbp: int = 0,
    tired: bool = False,
) -> AtBat:
    g = table.game
    update = {"bnt": bnt, "br": br, "gdp": gdp, "hbp": hbp, "id": "batter", "name": "Batter"}
    batter = g.state.batting.order[0].batter.model_copy(update=update)
    pitcher = g.state.fielding.pitcher
    return AtBat(batter, pitcher, Hand.RIGHT, tired, runners_on=bool(g.state.occupied()), park_k=0, park_w=0, park_hr=0)


def bunt(table: Table, play: str, ab: AtBat | None = None) -> tuple[str | None, Runner]:
    ab = ab or at_bat(table)
    batter = Runner(ab.batter, ab.pitcher.id)
    return bunts.bunt(table.game, ab, batter, play), batter


def pitcher_with(table: Table, cell: tuple[int, int], text: str) -> None:
    """Give the defense's pitcher this reading at (red, white), against both sides."""
    team = table.game.state.fielding
    data = team.pitcher.model_dump(mode="json")
    red, white = cell
    data["matrix"][white - 1][red - 1] = text
    team.pitcher = Pitcher.model_validate(data)


def decide(table: Table, kind: str, choice: str, offense: bool) -> None:
    """Log a manager's answer for the next request (the game reads it from the log)."""
    g = table.game
    side = g.state.batting.key if offense else g.state.fielding.key
    g.log.append(Decision(len(g.log), side, kind, choice))


def bases(table: Table) -> list[str | None]:
    return [r.id if r else None for r in table.game.state.bases]


def outs_made(table: Table) -> list[tuple[str, int, str]]:
    return [(e.runner, e.base, e.how) for e in table.game.events if isinstance(e, RunnerOut)]


def runs(table: Table) -> list[RunScored]:
    return [e for e in table.game.events if isinstance(e, RunScored)]


def checks(table: Table) -> list[Check]:
    return [e for e in table.game.events if isinstance(e, Check)]


def decided(table: Table) -> list[tuple[str, str, str]]:
    return [(e.kind, e.side, e.choice) for e in table.game.events if isinstance(e, Decided)]


def chart_readings(table: Table) -> list[str]:
    return [e.result for e in table.game.events if isinstance(e, Reading) and e.card.endswith("bunt chart")]


# --- the charts ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["sacrifice", "squeeze"])
@pytest.mark.parametrize("bnt", range(6))
def test_every_column_covers_one_to_twenty_once(name: str, bnt: int) -> None:
    rows = load_table("bunts")[name]
    faces = sorted(face for column in rows.values() for face in bunts.chart_range(column[bnt]))
    assert faces == list(range(1, 21))


@pytest.mark.parametrize(
    ("bnt", "expected"),
    [
        # IP2007 §12.3 / the older key's BUNT CHART, column by column.
        (0, "1-6 successful, 7-9 foul, 10-13 lead_runner_out, 14-18 too_hard, 19-20 popout"),
        (1, "1-8 successful, 9-10 foul, 11-14 lead_runner_out, 15-18 too_hard, 19-20 popout"),
        (2, "1-10 successful, 11-12 foul, 13-15 lead_runner_out, 16 safe, 17-19 too_hard, 20 popout"),
        (3, "1-12 successful, 13 foul, 14-16 lead_runner_out, 17 safe, 18-19 too_hard, 20 popout"),
        (4, "1-14 successful, 15 foul, 16-17 lead_runner_out, 18-19 safe, 20 too_hard"),
        (5, "1-16 successful, 17-18 lead_runner_out, 19-20 safe"),
    ],
)
def test_sacrifice_chart_columns(bnt: int, expected: str) -> None:
    assert describe("sacrifice", bnt) == expected


@pytest.mark.parametrize(
    ("bnt", "expected"),
    [
        # IP2021 / IP2007 §12.4 SQUEEZE BUNT CHART.
        (0, "1 successful, 2-5 foul, 6-11 lead_runner_out, 12-16 question_bunt, 17 rundown, 18-20 popout_double_play"),
        (
            1,
            "1-2 successful, 3-6 foul, 7-11 lead_runner_out, 12-16 question_bunt, 17 rundown, 18-20 popout_double_play",
        ),
        (
            2,
            "1-4 successful, 5-7 foul, 8-11 lead_runner_out, 12-17 question_bunt, 18 rundown, 19-20 popout_double_play",
        ),
        (
            3,
            "1-6 successful, 7-8 foul, 9-11 lead_runner_out, 12-17 question_bunt, 18 rundown, 19-20 popout_double_play",
        ),
        (4, "1-8 successful, 9 foul, 10-11 lead_runner_out, 12-18 question_bunt, 19 rundown, 20 popout_double_play"),
        (5, "1-10 successful, 11 lead_runner_out, 12-18 question_bunt, 19 rundown, 20 popout_double_play"),
    ],
)
def test_squeeze_chart_columns(bnt: int, expected: str) -> None:
    assert describe("squeeze", bnt) == expected


def describe(name: str, bnt: int) -> str:
    """The column as "1-6 successful, 7-9 foul, …", from the chart lookups of faces 1-20."""
    spans: list[list[object]] = []
    for roll in range(1, 21):
        result = bunts.chart_result(name, bnt, roll)
        if spans and spans[-1][2] == result:
            spans[-1][1] = roll
        else:
            spans.append([roll, roll, result])
    return ", ".join(f"{a}-{b} {r}" if a != b else f"{a} {r}" for a, b, r in spans)


@pytest.mark.parametrize(("roll", "position"), [(1, "P"), (2, "P"), (3, "1B"), (4, "1B"), (5, "3B"), (6, "C")])
def test_bunt_fielder_chart(table: Table, roll: int, position: str) -> None:
    dice = table.script((6, roll))
    assert bunts.fielded_by(table.game).value == position
    dice.assert_done()


# --- IP2007 §12.3 worked examples: BNT 3, corners in, the third baseman fields it ---------------


@pytest.fixture
def corners_in(table: Table) -> Table:
    """IP2007 §12.3 examples: a runner on first (BR 3), the corners in, a ** on the pitcher's card."""
    table.runner(1, br=3)
    table.game.state.infield_depth = dict(CORNERS_IN)
    pitcher_with(table, BLANK, "**")
    return table


def test_ip2007_example_good_bunt_corners_in(corners_in: Table) -> None:
    """** disregarded; 1d20 9, 1d6 5: the third baseman, playing in, makes BNT 3 a 2; 9 is a good bunt."""
    table = corners_in
    dice = table.script(*card(BLANK), THIRD_FIELDS, chart(9))
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=3))
    assert result == "SH 5-3"
    assert outs_made(table) == [("batter", 0, "5-3")]
    assert bases(table) == [None, "runner-1", None]
    assert chart_readings(table) == ["successful"]
    reading = next(e for e in table.game.events if isinstance(e, Reading) and e.card == "sacrifice bunt chart")
    assert reading.cell == "BNT 2 (3B in -1), 9"
    dice.assert_done()


def test_ip2007_example_foul_then_swing_away(corners_in: Table) -> None:
    """1d20 11: a foul for BNT 2; the batter decides to swing away (the caller plays the at bat)."""
    table = corners_in
    decide(table, "foul_bunt", "swing_away", offense=True)
    dice = table.script(*card(BLANK), THIRD_FIELDS, chart(11))
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=3))
    assert result is None
    assert table.game.state.outs == 0
    assert bases(table) == ["runner-1", None, None]
    assert decided(table) == [("foul_bunt", "away", "swing_away")]
    dice.assert_done()


def test_ip2007_example_foul_then_bunt_again(corners_in: Table) -> None:
    """1d20 11, a foul; the batter bunts again, from the pitcher's card on, and gets it down."""
    table = corners_in
    decide(table, "foul_bunt", "bunt_again", offense=True)
    dice = table.script(*card(BLANK), THIRD_FIELDS, chart(11), *card(BLANK), P_FIELDS, chart(12))
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=3))
    assert result == "SH 1-3"
    assert chart_readings(table) == ["foul", "successful"]
    dice.assert_done()


def test_ip2007_second_foul_bunt_is_a_strikeout(corners_in: Table) -> None:
    """IP2007 §12.3: bunting again after a foul, another foul is a strikeout."""
    table = corners_in
    dice = table.script(*card(BLANK), THIRD_FIELDS, chart(11), *card(BLANK), THIRD_FIELDS, chart(12))
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=3))
    assert result == "K"
    assert outs_made(table) == [("batter", 0, "K")]
    assert bases(table) == ["runner-1", None, None]
    assert decided(table) == [("foul_bunt", "away", "bunt_again")]  # the auto-manager: BNT 3 bunts again
    dice.assert_done()


def test_auto_manager_swings_away_after_a_foul_below_bnt_3(corners_in: Table) -> None:
    table = corners_in
    dice = table.script(*card(BLANK), P_FIELDS, chart(11))  # BNT 2 from the pitcher: 11 is foul
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=2))
    assert result is None
    assert decided(table) == [("foul_bunt", "away", "swing_away")]
    dice.assert_done()


def test_ip2007_example_lead_runner_out(corners_in: Table) -> None:
    """1d20 14: lead runner for BNT 2; he is cut down at second, the batter safe at first."""
    table = corners_in
    dice = table.script(*card(BLANK), THIRD_FIELDS, chart(14))
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=3))
    assert result == "FC"
    assert outs_made(table) == [("runner-1", 2, "5-6")]
    assert bases(table) == ["batter", None, None]
    dice.assert_done()


@pytest.mark.parametrize(("roll", "double_play"), [(4, True), (5, False)])
def test_ip2007_example_bunted_too_hard_gdp_third_baseman_in_adds_one(
    corners_in: Table, roll: int, double_play: bool
) -> None:
    """1d20 18: G-DP for BNT 2. Combined GDP = batter 2 + pitcher 0 + pivot (2B, +1) + 1 for the
    third baseman playing in = 4: a 4 turns two; a 5 (above the runner's BR 3) forces him at second."""
    table = corners_in
    dice = table.script(*card(BLANK), THIRD_FIELDS, chart(18), (6, roll))
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=3, gdp=2))
    gdp = next(c for c in checks(table) if c.name == "GDP")
    assert gdp.modifiers == (("pitcher GDP", 0), ("pivot 2B", 1), ("3B in", 1))
    if double_play:
        assert result == "DP"
        assert outs_made(table) == [("runner-1", 2, "5-4"), ("batter", 0, "5-4-3")]
        assert bases(table) == [None, None, None]
    else:
        assert result == "G5"
        assert outs_made(table) == [("runner-1", 2, "5-4")]
        assert bases(table) == ["batter", None, None]
    dice.assert_done()


@pytest.mark.parametrize(("roll", "doubled_up"), [(3, False), (4, True), (6, True)])
def test_ip2007_example_popout_dp(corners_in: Table, roll: int, doubled_up: bool) -> None:
    """1d20 20: popout DP? for BNT 2; the runner on first (BR 3) is doubled up on 4-6, gets back otherwise."""
    table = corners_in
    dice = table.script(*card(BLANK), THIRD_FIELDS, chart(20), (6, roll))
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=3))
    if doubled_up:
        assert result == "P5 DP"
        assert outs_made(table) == [("batter", 0, "P5"), ("runner-1", 1, "5-3")]
    else:
        assert result == "P5"
        assert bases(table) == ["runner-1", None, None]
    dice.assert_done()


# --- IP2007 §12.5 worked example: bunting for a hit -------------------------------------------


def test_ip2007_example_bunt_for_a_hit_infield_back(table: Table) -> None:
    """BNT 4, BR 5, infield back, a blank: 1d20 6 and 1d6 3, the first baseman (range 3), a good bunt.
    The book (IP2007, back +1 BNT) makes 1-7 a bunt single: a 7 is one, a 9 is not (next test)."""
    dice = table.script(*card(BLANK), FIRST_FIELDS, chart(6), chart(7))
    result, _ = bunt(table, "bunt_for_hit", at_bat(table, bnt=4, br=5))
    assert result == "S3"
    assert bases(table) == ["batter", None, None]
    hit = checks(table)[-1]
    assert hit.name == "bunt for a hit"
    assert hit.target == 8  # IP2021: BNT 4 + BR 5 + 2 (first baseman back) - range 3
    dice.assert_done()


def test_ip2007_example_bunt_for_a_hit_thrown_out(table: Table) -> None:
    dice = table.script(*card(BLANK), FIRST_FIELDS, chart(6), chart(9))
    result, _ = bunt(table, "bunt_for_hit", at_bat(table, bnt=4, br=5))
    assert result == "3-4"  # the second baseman covers first for the first baseman
    assert outs_made(table) == [("batter", 0, "3-4")]
    dice.assert_done()


def test_bunt_for_a_hit_2021_back_gives_the_batter_br_plus_two(table: Table) -> None:
    """Where the rule books part: IP2021's bunting depth table gives the batter BR + 2 against a first
    baseman playing back (8 is a hit); IP2007 gave the batter BNT + 1 instead (its 1-7)."""
    dice = table.script(*card(BLANK), FIRST_FIELDS, chart(6), chart(8))
    result, _ = bunt(table, "bunt_for_hit", at_bat(table, bnt=4, br=5))
    assert result == "S3"
    dice.assert_done()


def test_bunt_for_a_hit_fielder_in_lowers_bnt_and_br_and_raises_range(table: Table) -> None:
    """IP2021: the third baseman in: BNT - 1, batter BR - 2, range + 2: 4 - 1 + 5 - 2 - (4 + 2) = 0."""
    table.game.state.infield_depth = dict(CORNERS_IN)
    dice = table.script(*card(BLANK), THIRD_FIELDS, chart(5), chart(1))
    result, _ = bunt(table, "bunt_for_hit", at_bat(table, bnt=4, br=5))
    assert result == "5-3"
    assert checks(table)[-1].target == 0
    dice.assert_done()


def test_bunt_for_a_hit_safe_is_a_single(table: Table) -> None:
    table.runner(1)
    dice = table.script(*card(BLANK), P_FIELDS, chart(19))  # BNT 4: 18-19 safe
    result, _ = bunt(table, "bunt_for_hit", at_bat(table, bnt=4))
    assert result == "S1"
    assert bases(table) == ["batter", "runner-1", None]
    dice.assert_done()


def test_bunt_for_a_hit_not_beaten_out_moves_the_runners_up(table: Table) -> None:
    """The bunt was good, so the runner moves up; no sacrifice: he was bunting for a hit."""
    table.runner(1)
    dice = table.script(*card(BLANK), P_FIELDS, chart(1), chart(20))
    result, _ = bunt(table, "bunt_for_hit", at_bat(table, bnt=2))
    assert result == "1-3"
    assert bases(table) == [None, "runner-1", None]
    dice.assert_done()


def test_bunt_for_a_hit_lead_runner_out_plays_as_the_sacrifice(table: Table) -> None:
    """IP2021: "follow the sacrifice bunt procedure" (IP2007 would throw the batter out instead)."""
    table.runner(1)
    dice = table.script(*card(BLANK), P_FIELDS, chart(12))  # BNT 1: 11-14 lead runner
    result, _ = bunt(table, "bunt_for_hit", at_bat(table, bnt=1))
    assert result == "FC"
    assert bases(table) == ["batter", None, None]
    dice.assert_done()


def test_bunt_for_a_hit_bunted_too_hard_with_the_bases_empty_is_a_ground_out(table: Table) -> None:
    dice = table.script(*card(BLANK), P_FIELDS, chart(16))  # BNT 1: 15-18 too hard
    result, _ = bunt(table, "bunt_for_hit", at_bat(table, bnt=1))
    assert result == "G1"
    assert outs_made(table) == [("batter", 0, "1-3")]
    dice.assert_done()


# --- the sacrifice's other results ---------------------------------------------------------------


def test_sacrifice_safe_is_a_single_everyone_up_one(table: Table) -> None:
    table.runner(1)
    table.runner(2)
    dice = table.script(*card(BLANK), C_FIELDS, chart(16))  # BNT 2: 16 safe
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=2))
    assert result == "S2"
    assert bases(table) == ["batter", "runner-1", "runner-2"]
    dice.assert_done()


def test_sacrifice_with_first_and_second_moves_both_and_the_lead_runner_is_out_at_third(table: Table) -> None:
    table.runner(1)
    table.runner(2)
    dice = table.script(*card(BLANK), P_FIELDS, chart(14))
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=2))
    assert result == "FC"
    assert outs_made(table) == [("runner-2", 3, "1-5")]
    assert bases(table) == ["batter", "runner-1", None]
    dice.assert_done()


def test_sacrifice_with_a_runner_on_third_scores_him(table: Table) -> None:
    table.runner(1)
    table.runner(3)
    dice = table.script(*card(BLANK), C_FIELDS, chart(2))
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=2))
    assert result == "SH 2-3"
    assert [(r.runner, r.rbi) for r in runs(table)] == [("runner-3", True)]
    assert bases(table) == [None, "runner-1", None]
    dice.assert_done()


def test_popout_lead_runner_is_the_most_advanced(table: Table) -> None:
    table.runner(1, br=5)
    table.runner(2, br=2)
    dice = table.script(*card(BLANK), P_FIELDS, chart(20), (6, 3))
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=2))
    assert result == "P1 DP"
    assert outs_made(table) == [("batter", 0, "P1"), ("runner-2", 2, "1-6")]
    dice.assert_done()


def test_first_baseman_holding_a_runner_still_counts_as_in_on_a_bunt(table: Table) -> None:
    """IP2021's bunt note: with the corners in, a ball fielded by the first baseman lowers BNT,
    though in non-bunt plays a first baseman holding a runner is not "in"."""
    table.runner(1)
    table.game.state.infield_depth = dict(CORNERS_IN)
    dice = table.script(*card(BLANK), FIRST_FIELDS, chart(16))  # BNT 3 - 1 = 2: 16 safe (BNT 3: lead runner)
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=3))
    assert result == "S3"
    dice.assert_done()


@pytest.mark.parametrize("fielder", [P_FIELDS, C_FIELDS])
def test_pitcher_and_catcher_never_change_bnt(table: Table, fielder: tuple[int, int]) -> None:
    table.runner(1)
    table.game.state.infield_depth = dict(ALL_IN)
    dice = table.script(*card(BLANK), fielder, chart(12))  # BNT 3: 12 successful (BNT 2: foul)
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=3))
    assert result is not None and result.startswith("SH")
    dice.assert_done()


def test_bnt_never_goes_below_zero(table: Table) -> None:
    table.runner(1)
    table.game.state.infield_depth = dict(CORNERS_IN)
    dice = table.script(*card(BLANK), THIRD_FIELDS, chart(6))  # column 0: 1-6 successful
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=0))
    assert result == "SH 5-3"
    dice.assert_done()


def test_bunted_too_hard_with_the_infield_back_takes_one_off_the_gdp(table: Table) -> None:
    """IP2021 bunting depth: back GDP - 1; a corner playing in may still throw to second on a bunt."""
    table.runner(1)
    dice = table.script(*card(BLANK), FIRST_FIELDS, chart(18), (6, 1))  # BNT 2: 17-19 too hard
    result, _ = bunt(table, "sacrifice", at_bat(table, bnt=2, gdp=2))
    gdp = next(c for c in checks(table) if c.name == "GDP")
    assert gdp.modifiers == (("pitcher GDP", 0), ("pivot SS", 1), ("1B back", -1))
    assert result == "DP"
    dice.assert_done()


# --- the pitcher's card on a bunt --------------------------------------------------------------


@pytest.mark.parametrize(("cell", "rating"), [(K, 4), (K_PLUS, 14)])
def test_k_halves_the_batter_k_rating(table: Table, cell: tuple[int, int], rating: int) -> None:
    """IP2021: K and K+ with the batter's K cut in half (Bench's 9 is 4; K+ adds 10)."""
    table.runner(1)
    dice = table.script(*card(cell), (20, rating))
    result, _ = bunt(table, "sacrifice")
    assert result == "K"
    k = checks(table)[0]
    assert (k.name, k.rating, k.target, k.success) == ("K", 4, rating, True)
    assert bases(table) == ["runner-1", None, None]
    dice.assert_done()


def test_k_missed_goes_on_to_the_bunt(table: Table) -> None:
    table.runner(1)
    dice = table.script(*card(K), (20, 5), P_FIELDS, chart(1))
    result, _ = bunt(table, "sacrifice")
    assert result == "SH 1-3"
    dice.assert_done()


def test_k_or_w_is_a_k_check_unless_tired(table: Table) -> None:
    table.runner(1)
    dice = table.script(*card(K_OR_W), (20, 4))
    assert bunt(table, "sacrifice")[0] == "K"
    dice.assert_done()


@pytest.mark.parametrize(
    ("cell", "tired"),
    [(WALK, False), ((4, 1), False), (K_OR_W, True), ((1, 3), False), ((6, 4), False), ((1, 5), False),
     ((5, 6), True), ((6, 1), False)],
)  # fmt: skip
def test_other_readings_are_disregarded(table: Table, cell: tuple[int, int], tired: bool) -> None:
    """IP2021: W, W+, a tired K(W), HR, HR?, (??), (S1), @: no check, straight to the bunt."""
    table.runner(1)
    dice = table.script(*card(cell), P_FIELDS, chart(1))
    result, _ = bunt(table, "sacrifice", at_bat(table, tired=tired))
    assert result == "SH 1-3"
    assert checks(table) == []
    dice.assert_done()


@pytest.mark.parametrize(("roll", "hit"), [(7, True), (8, False)])
def test_hbp_resolves_normally(table: Table, roll: int, hit: bool) -> None:
    """HBP: batter 10 + Seaver -3 = 7. Missed, the bunt goes on."""
    table.runner(1)
    dice = table.script(*card(HBP), (20, roll), *([] if hit else [P_FIELDS, chart(1)]))
    result, _ = bunt(table, "sacrifice", at_bat(table, hbp=10))
    if hit:
        assert result == "HBP"
        assert bases(table) == ["batter", "runner-1", None]
    else:
        assert result == "SH 1-3"
    dice.assert_done()


def test_wild_pitch_then_the_bunt(table: Table) -> None:
    """WLD resolves normally: a foul ball; with a runner on, 1d20 in Seaver's WP 1-9 moves him; roll again."""
    table.runner(1)
    dice = table.script(*card(WLD), (20, 1), *card(BLANK), P_FIELDS, chart(1))
    result, _ = bunt(table, "sacrifice")
    assert result == "SH 1-3"
    assert bases(table) == [None, None, "runner-1"]
    dice.assert_done()


@pytest.mark.parametrize("cell", [RP, RP_BALLPARK])
@pytest.mark.parametrize(("roll", "expected"), [(5, "SH 3-4"), (6, "S3")])
def test_range_play(table: Table, cell: tuple[int, int], roll: int, expected: str) -> None:
    """IP2021: RP/RP@ made, a sacrifice; missed, a single. The first baseman in: range 3 + 2 (bunting depth)."""
    table.runner(1)
    table.game.state.infield_depth = dict(CORNERS_IN)
    dice = table.script(*card(cell), FIRST_FIELDS, (6, roll))
    result, _ = bunt(table, "sacrifice")
    assert result == expected
    assert checks(table)[0].target == 5
    assert bases(table) == ([None, "runner-1", None] if roll == 5 else ["batter", "runner-1", None])
    dice.assert_done()


def test_range_play_made_on_a_bunt_for_a_hit_is_a_good_bunt(table: Table) -> None:
    dice = table.script(*card(RP), P_FIELDS, (6, 4), chart(2))  # made; then BNT 2 + BR 5 + (-2 P) - 4 = 1
    result, _ = bunt(table, "bunt_for_hit", at_bat(table, br=5))
    assert result == "1-3"
    assert checks(table)[-1].target == 1
    dice.assert_done()


@pytest.mark.parametrize("cell", [E, EG])
@pytest.mark.parametrize(("roll", "error"), [(9, True), (10, False)])
def test_e_and_eg_check_the_fielder_after_the_bunt(table: Table, cell: tuple[int, int], roll: int, error: bool) -> None:
    """IP2021: proceed with the bunt, then 1d20 against the fielder's error (3B: 9); IP2007 §12.7 error #1."""
    table.runner(1)
    dice = table.script(*card(cell), THIRD_FIELDS, chart(3), (20, roll))
    result, batter = bunt(table, "sacrifice")
    if error:
        assert result == "E5"
        assert bases(table) == ["batter", "runner-1", None]
        assert batter.reached_on_error
        assert [e.position for e in table.game.events if isinstance(e, ErrorCharged)] == ["3B"]
        assert table.game.state.outs == 0
    else:
        assert result == "SH 5-3"
    dice.assert_done()


def test_et_throw_gets_away(table: Table) -> None:
    """IP2007 §12.7: ET? is error #6: everyone up one; the second baseman covering first misses the
    throw (range 4, 1d6 5); one 1d6 (3) against each BR takes everyone a base more."""
    table.runner(1)
    dice = table.script(*card(ET), FIRST_FIELDS, chart(1), (20, 8), (6, 5), (6, 3))
    result, _ = bunt(table, "sacrifice")
    assert result == "E3"
    assert bases(table) == [None, "batter", "runner-1"]
    dice.assert_done()


def test_error_is_not_checked_on_a_single(table: Table) -> None:
    table.runner(1)
    dice = table.script(*card(E), P_FIELDS, chart(16))
    assert bunt(table, "sacrifice")[0] == "S1"
    dice.assert_done()


def test_error_reading_is_lost_with_a_foul_bunt(table: Table) -> None:
    table.runner(1)
    decide(table, "foul_bunt", "bunt_again", offense=True)
    dice = table.script(*card(E), P_FIELDS, chart(11), *card(BLANK), P_FIELDS, chart(1))
    assert bunt(table, "sacrifice")[0] == "SH 1-3"
    dice.assert_done()


def test_unknown_play_is_refused(table: Table) -> None:
    with pytest.raises(ValueError):
        bunt(table, "drag")


# --- the squeeze ----------------------------------------------------------------------------------


@pytest.fixture
def squeeze(table: Table) -> Table:
    table.runner(3, br=4)
    return table


def test_squeeze_successful_scores_the_runner(squeeze: Table) -> None:
    table = squeeze
    dice = table.script(*card(BLANK), P_FIELDS, chart(6))  # BNT 3: 1-6
    result, _ = bunt(table, "squeeze", at_bat(table, bnt=3))
    assert result == "SH 1-3"
    assert [(r.runner, r.rbi) for r in runs(table)] == [("runner-3", True)]
    assert bases(table) == [None, None, None]
    dice.assert_done()


def test_squeeze_lead_runner_out_at_the_plate(squeeze: Table) -> None:
    table = squeeze
    dice = table.script(*card(BLANK), THIRD_FIELDS, chart(9))  # BNT 3: 9-11
    result, _ = bunt(table, "squeeze", at_bat(table, bnt=3))
    assert result == "FC"
    assert outs_made(table) == [("runner-3", 4, "5-2")]
    assert bases(table) == ["batter", None, None]
    dice.assert_done()


@pytest.mark.parametrize(("roll", "scores"), [(3, True), (4, False)])
def test_squeeze_question_bunt_throw_home(squeeze: Table, roll: int, scores: bool) -> None:
    """?? bunt: the third baseman in takes 1 off the runner's BR 4; 1d6 at most 3 and he scores."""
    table = squeeze
    table.game.state.infield_depth = dict(CORNERS_IN)
    dice = table.script(*card(BLANK), THIRD_FIELDS, chart(15), (6, roll))  # BNT 3 - 1 = 2: 12-17
    result, _ = bunt(table, "squeeze", at_bat(table, bnt=3))
    assert result == "FC"
    assert decided(table) == [("squeeze_play", "home", "plate")]  # the auto-manager: adjusted BR 3 goes home
    assert bases(table)[0] == "batter"
    if scores:
        assert [r.runner for r in runs(table)] == ["runner-3"]
    else:
        assert outs_made(table) == [("runner-3", 4, "5-2")]
    dice.assert_done()


def test_squeeze_question_bunt_take_the_out_at_first(squeeze: Table) -> None:
    table = squeeze
    dice = table.script(*card(BLANK), P_FIELDS, chart(15))
    result, _ = bunt(table, "squeeze", at_bat(table, bnt=3))
    assert decided(table) == [("squeeze_play", "home", "first")]  # BR 4, nobody in: take the out
    assert result == "SH 1-3"
    assert [r.runner for r in runs(table)] == ["runner-3"]
    dice.assert_done()


def test_squeeze_question_bunt_the_defense_decides(squeeze: Table) -> None:
    table = squeeze
    decide(table, "squeeze_play", "plate", offense=False)
    dice = table.script(*card(BLANK), P_FIELDS, chart(15), (6, 5))
    assert bunt(table, "squeeze", at_bat(table, bnt=3))[0] == "FC"
    assert outs_made(table) == [("runner-3", 4, "1-2")]
    dice.assert_done()


@pytest.mark.parametrize(
    ("roll", "runner_out", "expected_bases"),
    [
        (1, True, ["batter", None, None]),  # out quickly
        (4, True, ["batter", None, None]),  # out; 4 <= BR 4: the others move up (the batter to first)
        (6, False, ["batter", None, None]),  # he gets in: scores
    ],
)
def test_squeeze_rundown(squeeze: Table, roll: int, runner_out: bool, expected_bases: list[str | None]) -> None:
    table = squeeze
    dice = table.script(*card(BLANK), P_FIELDS, chart(18), (6, roll))  # BNT 3: 18 rundown
    result, _ = bunt(table, "squeeze", at_bat(table, bnt=3))
    assert result == "FC"
    assert bases(table) == expected_bases
    assert (outs_made(table) == [("runner-3", 4, "1-2")]) is runner_out
    assert (len(runs(table)) == 1) is not runner_out
    dice.assert_done()


@pytest.mark.parametrize(
    ("roll", "expected_bases"), [(4, ["batter", None, "runner-2"]), (5, ["batter", "runner-2", None])]
)
def test_squeeze_rundown_long_enough_moves_the_others(
    squeeze: Table, roll: int, expected_bases: list[str | None]
) -> None:
    """Rundown 2-5: if the die is at most his BR (4), every other runner (the batter too) takes a base."""
    table = squeeze
    table.runner(2)
    dice = table.script(*card(BLANK), P_FIELDS, chart(18), (6, roll))
    bunt(table, "squeeze", at_bat(table, bnt=3))
    assert bases(table) == expected_bases
    dice.assert_done()


def test_squeeze_popout_double_play(squeeze: Table) -> None:
    table = squeeze
    dice = table.script(*card(BLANK), THIRD_FIELDS, chart(19))  # BNT 3: 19-20
    result, _ = bunt(table, "squeeze", at_bat(table, bnt=3))
    assert result == "P5 DP"
    assert outs_made(table) == [("batter", 0, "P5"), ("runner-3", 3, "5U")]
    dice.assert_done()


@pytest.mark.parametrize(("roll", "safe"), [(4, True), (5, False)])
def test_squeeze_strikeout_sends_the_runner_home_at_sb_minus_10(squeeze: Table, roll: int, safe: bool) -> None:
    """IP2021 "Squeeze": K, then the runner steals home: SB 14 + Seaver's 0 - 10 = 4."""
    table = squeeze
    dice = table.script(*card(K), (20, 1), (20, roll))
    result, _ = bunt(table, "squeeze", at_bat(table, bnt=3))
    assert result == "K"
    steal = checks(table)[-1]
    assert steal.target == 4
    if safe:
        assert [r.runner for r in runs(table)] == ["runner-3"]
    else:
        assert outs_made(table)[-1][0] == "runner-3"
    dice.assert_done()


def test_squeeze_second_foul_is_a_strikeout_without_a_steal(squeeze: Table) -> None:
    """A foul bunt is a dead ball: the runner goes back to third."""
    table = squeeze
    dice = table.script(*card(BLANK), P_FIELDS, chart(7), *card(BLANK), P_FIELDS, chart(8))
    result, _ = bunt(table, "squeeze", at_bat(table, bnt=3))
    assert result == "K"
    assert bases(table) == [None, None, "runner-3"]
    dice.assert_done()


def test_squeeze_with_nobody_left_on_third_uses_the_sacrifice_chart(table: Table) -> None:
    """A wild pitch scores the runner from third before the bunt: it is a sacrifice of the man on first."""
    table.runner(1)
    table.runner(3)
    dice = table.script(*card(WLD), (20, 2), *card(BLANK), P_FIELDS, chart(12))  # BNT 3 sacrifice: 1-12
    result, _ = bunt(table, "squeeze", at_bat(table, bnt=3))
    assert result == "SH 1-3"
    assert chart_readings(table) == ["successful"]
    assert any(isinstance(e, RunnerMoved) and e.reason == "wild pitch" for e in table.game.events)
    dice.assert_done()


# --- what the box score reads -------------------------------------------------------------------


def test_notation_is_scored() -> None:
    assert classify("SH 5-3") == "SH"
    assert classify("S3") == "1B"
    assert classify("E5") == "E"
    assert classify("K") == "K"
    assert classify("FC") is None
    assert not GROUND.fullmatch("P5 DP")
