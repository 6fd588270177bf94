"""The Season Handbook's readers on a small hand-made handbook, with exact inputs (DDB charts named)."""

from __future__ import annotations

import pytest

from engine.deep_drive.handbook import (
    DefResult,
    DefRow,
    Handbook,
    HandbookError,
    Injury,
    def_vector,
    event_grade,
    parse_def_read,
    parse_handbook,
    pc_rates,
    steal_attempt,
    steal_letter,
    steal_number,
    steal_success,
    window_hr,
)

SMALL = """
[def]
rows = [
  { rolls = "00-09", fielder = "P", read = "G1 (1) SI" },
  { rolls = "10-19", fielder = "C", read = "P2 (6) ERR" },
  { rolls = "20-59", fielder = "SS", read = "G6 (0) SI+ (1) SI" },
  { rolls = "60-99", fielder = "CF", read = "F8" },
]

[error.P]
"0-9" = "E1"
[error.C]
"0-4" = "E2"
"5-9" = "FOUL"
[error."1B"]
"0-9" = "E1"
[error."2B"]
"0-8" = "E1"
"9" = "E1/LD"
[error."3B"]
"0-9" = "E1"
[error.SS]
"0-1" = "E1"
"2" = "FOUL/E1"
"3-9" = "E2"
[error.LF]
"0-9" = "E1"
[error.CF]
"0-9" = "E1"
[error.RF]
"0-9" = "E1"

[on_base_event]
check = "90-99"

[pitcher_catcher]
rows = [
  { rolls = "00-19", event = "WP", A = 0, B = 5, C = 10, D = 15, F = 20 },
  { rolls = "20-29", event = "PB", A = 2, B = 4, C = 6, D = 8, F = 10 },
  { rolls = "30-31", event = "BK", A = 0, B = 0, C = 1, D = 1, F = 2 },
  { rolls = "32-35", event = "PO", A = 1, B = 2, C = 2, D = 3, F = 4 },
  { rolls = "36-99", event = "-" },
]

[stolen_base]
rows = [
  { rolls = "00", read = "SB SB CS CS CS CS" },
  { rolls = "01-09", read = "- - - - - -" },
  { rolls = "10-11", read = "SB SB SB SB CS CS" },
  { rolls = "12-19", read = "- - - - - -" },
  { rolls = "20-99", read = "SB CS CS CS CS CS" },
]

[in_game_injury]
rows = [
  { rolls = "00", read = "- G+10 G+20 G+30 G+40 G+60" },
  { rolls = "01-49", read = "- - G G G G" },
  { rolls = "50-99", read = "- - - - - -" },
]

[training_room]
rows = [
  { rolls = "00-09", read = "0 1 2 3 4 9" },
  { rolls = "10-99", read = "0 0 0 0 0 0" },
]

[ballpark]
teams = [
  { team = "average", HR = "00-07", PARK = "08-09, 90-91", FO = "92-99" },
  { team = "chn-2016", HR = "00-09", FO = "90-99" },
]
parks = [
  { park = "average", read = "HR HR HR HR HR F7d F8d F9d F7d F8d" },
  { park = "chn-2016-park", read = "HR F7d F8d F9d F7d F8d F9d F7d F8d F9d" },
]

[odd_play]
plays = [
  { code = "DD", mod = "0-9", words = "A long drive." },
  { code = "SI+", mod = "0-9", words = "A bad hop." },
  { code = "SI", mod = "0-9", words = "A blooper." },
  { code = "BB", mod = "0-9", words = "Ball four." },
  { code = "HBP", mod = "0-9", words = "Plunked." },
  { code = "SO", mod = "0-8", words = "Struck out." },
  { code = "SO", mod = "9", words = "Tossed.", outcome = "eject-batter" },
  { code = "DEF", mod = "0-9", words = "In play." },
  { code = "OUT", mod = "0-9", words = "Out." },
]

[cuts]
wp = [0.001, 0.002, 0.004, 0.008]
"""


@pytest.fixture(scope="module")
def hb() -> Handbook:
    return parse_handbook(SMALL, source="small.toml")


def broken(old: str, new: str) -> str:
    assert old in SMALL, old
    return SMALL.replace(old, new, 1)


# --- DEF Chart --------------------------------------------------------------------------------


def test_def_row_reads_the_first_override_at_or_above_the_rating() -> None:
    # DDB "DEF Chart" example: "[Shortstop] G6 (0) SI+ (1) SI", Lindor rated 3 -> G6.
    row = DefRow("SS", "G6", ((0, "SI+"), (1, "SI")))
    assert [row.read(r) for r in range(-1, 7)] == ["SI+", "SI+", "SI", "G6", "G6", "G6", "G6", "G6"]
    assert str(row) == "[SS] G6 (0) SI+ (1) SI"
    with pytest.raises(ValueError, match=r"-1\.\.6"):
        row.read(7)


def test_read_def_picks_the_roll_s_fielder_and_his_rating(hb: Handbook) -> None:
    ratings = {"P": 1, "C": 5, "SS": 3, "CF": 6}
    assert hb.read_def(5, ratings) == DefResult("P", "SI")
    assert hb.read_def(5, ratings | {"P": 2}) == DefResult("P", "G1")
    assert hb.read_def(15, ratings) == DefResult("C", "ERR")  # (6): every rating errs
    assert hb.read_def(20, ratings | {"SS": 0}).play_by_play == "SI+(SS)"
    assert hb.read_def(59, ratings).play_by_play == "G6"
    assert hb.read_def(99, ratings) == DefResult("CF", "F8")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("G6 (1) SI (0) SI+", "ascend"),
        ("G7 (1) SI", "Outs chart code"),
        ("G6 (1) DO", "not one of"),
        ("G6 (7) SI", "outside"),
        ("G6 (1)", "pairs"),
        ("G6 1 SI", "threshold"),
    ],
)
def test_def_read_rejects(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_def_read(text)


def test_def_vector_counts_the_hundred_rolls_exactly(hb: Handbook) -> None:
    assert def_vector(hb, 1) == {"out": 0.4, "SI": 0.5, "SI+": 0.0, "ERR": 0.1}
    assert def_vector(hb, 0) == {"out": 0.4, "SI": 0.1, "SI+": 0.4, "ERR": 0.1}
    assert def_vector(hb, 3) == {"out": 0.9, "SI": 0.0, "SI+": 0.0, "ERR": 0.1}


# --- Error Chart ------------------------------------------------------------------------------


def test_error_chart_by_mod_die_and_the_white_die_split(hb: Handbook) -> None:
    assert hb.read_error("C", 4, 0, empty_or_two_out=False) == "E2"
    assert hb.read_error("C", 5, 0, empty_or_two_out=False) == "FOUL"
    assert hb.read_error("SS", 2, 7, empty_or_two_out=False) == "FOUL"  # odd white die
    assert hb.read_error("SS", 2, 8, empty_or_two_out=False) == "E1"  # even
    assert hb.read_error("2B", 9, 4, empty_or_two_out=False) == "LD"
    assert hb.read_error("2B", 9, 4, empty_or_two_out=True) == "E1"  # bases empty or two out: odd


# --- On-Base Event and Pitcher/Catcher --------------------------------------------------------


def test_on_base_event_window(hb: Handbook) -> None:
    assert [hb.on_base_event(r) for r in (0, 89, 90, 99)] == [False, False, True, True]


def test_pitcher_catcher_zones_by_grade(hb: Handbook) -> None:
    grades = {"wp": "C", "bk": "C", "po": "C", "pb": "C"}
    assert hb.pitcher_catcher(9, **grades) == "WP"
    assert hb.pitcher_catcher(10, **grades) is None  # C has the zone's first 10 rolls
    assert hb.pitcher_catcher(10, **grades | {"wp": "D"}) == "WP"
    assert hb.pitcher_catcher(0, **grades | {"wp": "A"}) is None  # A: never here
    assert hb.pitcher_catcher(21, **grades | {"pb": "A"}) == "PB"
    assert hb.pitcher_catcher(22, **grades | {"pb": "A"}) is None
    assert hb.pitcher_catcher(30, **grades) == "BK"
    assert hb.pitcher_catcher(31, **grades) is None
    assert hb.pitcher_catcher(33, **grades | {"po": "B"}) == "PO"
    assert hb.pitcher_catcher(36, **grades | {"wp": "F", "pb": "F", "bk": "F", "po": "F"}) is None
    with pytest.raises(ValueError, match="grade"):
        hb.pitcher_catcher(0, **grades | {"wp": "E"})


def test_pc_rates_are_check_share_times_cells(hb: Handbook) -> None:
    assert pc_rates(hb, "C") == pytest.approx({"WP": 0.010, "PB": 0.006, "BK": 0.001, "PO": 0.002})


# --- Stolen Base Chart ------------------------------------------------------------------------


def test_automatic_steal_reads_mod_die_as_tens(hb: Handbook) -> None:
    # DDB "Stealing Bases": the mod die must not exceed the (adjusted) STEAL rating.
    assert hb.steal_auto(0, 0, 0, "A") == "SB"
    assert hb.steal_auto(0, 0, 0, "C") == "CS"
    assert hb.steal_auto(0, 1, 0, "A") is None  # "-": no attempt
    assert hb.steal_auto(1, 1, 0, "A") is None  # mod 1 > STEAL 0
    assert hb.steal_auto(1, 1, 1, "D") == "SB"
    assert hb.steal_auto(1, 1, 0, "D", adjust=+1) == "SB"  # infield in, or H/T +1
    assert hb.steal_auto(0, 0, 0, "A", adjust=-1) is None  # first batter of the game: -1
    assert hb.steal_auto(2, 5, 2, "B") == "CS"
    assert hb.steal_auto(2, 5, 2, "A") == "SB"


def test_manual_steal_reads_red_white(hb: Handbook) -> None:
    assert hb.steal_manual(2, 0, 3, "A") == "SB"
    assert hb.steal_manual(4, 0, 3, "A") is None  # tens above the adjusted STEAL: no jump
    assert hb.steal_manual(1, 5, 3, "A") is None  # "-" cell: no jump


def test_steal_attempt_and_success_exact(hb: Handbook) -> None:
    assert [steal_attempt(hb, n) for n in (-1, 0, 1, 2, 9)] == [0.0, 0.01, 0.03, 0.13, 0.83]
    assert steal_success(hb, "A", 0) == 1.0
    assert steal_success(hb, "C", 1) == pytest.approx(2 / 3)
    assert steal_success(hb, "B") == pytest.approx(3 / 83)
    assert steal_success(hb, "A") == pytest.approx(83 / 83)


# --- injuries ---------------------------------------------------------------------------------


def test_in_game_injury(hb: Handbook) -> None:
    assert hb.in_game_injury(0, "F") == Injury(out_for_game=True, days=60)
    assert hb.in_game_injury(0, "AA") == Injury(out_for_game=False)
    assert hb.in_game_injury(1, "B") == Injury(out_for_game=True, days=0)
    assert hb.in_game_injury(50, "F") == Injury(out_for_game=False)
    with pytest.raises(ValueError, match="injury rating"):
        hb.in_game_injury(0, "E")


def test_training_room(hb: Handbook) -> None:
    assert [hb.training_room(9, g) for g in ("AA", "A", "B", "C", "D", "F")] == [0, 1, 2, 3, 4, 9]
    assert hb.training_room(10, "F") == 0


# --- Ballpark Effects -------------------------------------------------------------------------


def test_ballpark_team_then_park(hb: Handbook) -> None:
    assert hb.team_window("chn-2016", 9) == "HR"
    assert hb.team_window("chn-2016", 90) == "FO"
    assert hb.team_window("harbor-city-1970", 8) == "PARK"  # a made-up team reads the average row
    assert hb.ballpark_effect("chn-2016", "chn-2016-park", 95, 0, "F7d") == "F7d"
    assert hb.ballpark_effect("avg-team", "chn-2016-park", 91, 0, "F9d") == "HR"
    assert hb.ballpark_effect("avg-team", "chn-2016-park", 91, 1, "F9d") == "F7d"
    assert hb.ballpark_effect("avg-team", "made-up-park", 91, 4, "F9d") == "HR"
    with pytest.raises(ValueError, match="00-09 and 90-99"):
        hb.team_window("chn-2016", 50)


def test_window_hr_exact(hb: Handbook) -> None:
    assert window_hr(hb, "chn-2016", "anywhere") == 10.0
    assert window_hr(hb, "average", "average") == pytest.approx(8 + 4 * 0.5)
    assert window_hr(hb, "average", "chn-2016-park") == pytest.approx(8 + 4 * 0.1)


# --- Odd Play Book ----------------------------------------------------------------------------


def test_odd_play(hb: Handbook) -> None:
    assert hb.odd_play("SO", 9) == ("Tossed.", "eject-batter")
    assert hb.odd_play("SO", 8) == ("Struck out.", "as-rolled")
    assert hb.cuts["wp"] == (0.001, 0.002, 0.004, 0.008)


# --- validation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"60-99", fielder = "CF"', '"61-99", fielder = "CF"', r"small\.toml: DEF Chart, rolls: no row for 60"),
        ('"60-99", fielder = "CF"', '"59-99", fielder = "CF"', r"DEF Chart, row 4 \(59-99\): roll 59 is already"),
        ('fielder = "CF"', 'fielder = "DH"', "DEF Chart, row 4.*fielder is one of"),
        ('read = "G6 (0) SI+ (1) SI"', 'read = "G6 (1) SI+ (0) SI"', r"DEF Chart, row 3 \(20-59\): .*ascend"),
        ('read = "P2 (6) ERR"', 'read = "P2 (0) SI+"', "DEF Chart, row 2.*catcher has no SI\\+"),
        ('"3-9" = "E2"', '"3-9" = "E3"', "Error Chart, SS mod 3-9: 'E3'"),
        ('"3-9" = "E2"', '"3-8" = "E2"', "Error Chart SS, rolls: no row for 9"),
        ("C = 10, D = 15", "C = 16, D = 15", "Pitcher/Catcher Chart, row 1 .* grade D: counts must not fall"),
        ("D = 8, F = 10", "D = 8, F = 9", "grade F's count must fill the zone"),
        ('"36-99", event = "-"', '"36-99", event = "XX"', "Pitcher/Catcher Chart, row 5 .*event is one of"),
        ('read = "SB CS CS CS CS CS"', 'read = "SB CS CS"', r"Stolen Base Chart, row 5 \(20-99\): 'read' holds 6"),
        ('read = "SB CS CS CS CS CS"', 'read = "SB CS CS CS CS X"', "Stolen Base Chart, row 5 .* column F"),
        ('read = "SB CS CS CS CS CS"', 'read = "SB CS CS CS CS -"', "Stolen Base Chart, row 5 .*or for none"),
        ('read = "- - G G G G"', 'read = "G - G G G G"', "In-Game Injury Chart, row 2 .* column AA: an AA player"),
        ('read = "0 1 2 3 4 9"', 'read = "1 1 2 3 4 9"', "Training Room Chart, row 1 .* column AA"),
        ('read = "0 1 2 3 4 9"', 'read = "0 1 2 x 4 9"', "Training Room Chart, row 1 .* column C"),
        ('HR = "00-09", FO = "90-99"', 'HR = "00-09", FO = "91-99"', "Ballpark Effects, team chn-2016: window roll 90"),
        ('HR = "00-09", FO = "90-99"', 'HR = "00-09", FO = "50-99"', "Ballpark Effects, team chn-2016 FO: roll 50"),
        ('{ park = "average"', '{ park = "neutral"', "Ballpark Effects, park average"),
        ('"HR F7d F8d F9d F7d', '"HR F7 F8d F9d F7d', "Ballpark Effects, park chn-2016-park mod 1"),
        ('mod = "9", words', 'mod = "8", words', r"Odd Play Book, play 7 \(SO mod 8\): roll 08"),
        ('outcome = "eject-batter"', 'outcome = "steal"', "Odd Play Book, play 7 .*outcome is one of"),
        ("wp = [0.001, 0.002, 0.004, 0.008]", "wp = [0.002, 0.001]", "cuts, wp: cut points ascend"),
        ("[on_base_event]", "[on_base]", r"on_base_event, the file: the chart \[on_base_event\] is missing"),
    ],
)
def test_a_bad_file_names_the_file_chart_and_cell(old: str, new: str, message: str) -> None:
    with pytest.raises(HandbookError, match=message):
        parse_handbook(broken(old, new), source="small.toml")


def test_not_toml() -> None:
    with pytest.raises(HandbookError, match=r"x\.toml: not valid TOML"):
        parse_handbook("[def", source="x.toml")


# --- the generator's grading rules ------------------------------------------------------------


def test_event_grade_reads_the_cut_points() -> None:
    cuts = (0.0, 0.005, 0.01, 0.02)
    assert [event_grade(x, cuts) for x in (0.0, 0.001, 0.005, 0.0051, 0.02, 0.05)] == ["A", "B", "B", "C", "D", "F"]


def test_steal_letter_reads_the_cut_points_from_the_top() -> None:
    cuts = (0.6, 0.68, 0.74, 0.79, 0.84)  # ascending; A at or above .84
    got = [steal_letter(s, cuts) for s in (0.95, 0.84, 0.8, 0.74, 0.7, 0.6, 0.59)]
    assert got == ["A", "A", "B", "C", "D", "E", "F"]


def test_steal_number_is_the_nearest_attempt_chance(hb: Handbook) -> None:
    # the small chart's A(n): .01 .03 .13 .23 ... .83
    assert steal_number(hb, 0.0) == 0
    assert steal_number(hb, 0.02) == 0  # a tie between .01 and .03 goes to the lower
    assert steal_number(hb, 0.025) == 1
    assert steal_number(hb, 0.2) == 3
