"""The card notation: every symbol family parses to its exact typed value and back."""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import Any

import pytest

from cards.models import Batter
from cards.notation import (
    Fielding,
    Hand,
    Hit,
    HitKind,
    HitRangeKind,
    HitRanges,
    HomeRunChance,
    HomeRunField,
    NotationError,
    Out,
    OutKind,
    PitcherCell,
    PitcherOutRef,
    PitcherResult,
    Position,
    Range,
    RarePlay,
    SplitCheck,
    SplitHit,
    SplitReading,
    Stamina,
    StretchSingle,
    Strikeout,
    Walk,
    check_disjoint,
    parse_fielding,
    parse_hit_ranges,
    parse_out,
    parse_pitcher_cell,
    parse_range,
    parse_reading,
    parse_split_check,
    parse_stamina,
)

R = PitcherResult


def same(reading: Any) -> SplitReading:
    return SplitReading(reading, reading)


def both(result: PitcherResult) -> PitcherCell:
    return PitcherCell(result, result)


def batter(text: str) -> SplitReading:
    return parse_reading(text, "batter")


def ballpark(text: str) -> SplitReading:
    return parse_reading(text, "ballpark")


def batter_hits(text: str) -> HitRanges:
    return parse_hit_ranges(text, "batter")


def ballpark_hits(text: str) -> HitRanges:
    return parse_hit_ranges(text, "ballpark")


# --- pitcher cells ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", both(R.BLANK)),
        ("S1", both(R.SINGLE)),
        ("(S1)", both(R.TIRED_SINGLE)),
        ("**", both(R.AUTO_OUT)),
        ("WLD", both(R.WILD)),
        ("(??)", both(R.SPLIT_CHECK)),
        ("@", both(R.BALLPARK)),
        ("E?", both(R.ERROR)),
        ("ET?", both(R.THROWING_ERROR)),
        ("EG?", both(R.GROUND_ERROR)),
        ("HBP", both(R.HIT_BY_PITCH)),
        ("HP", both(R.HIT_BY_PITCH)),  # the older card key's spelling
        ("K", both(R.STRIKEOUT)),
        ("K+", both(R.STRIKEOUT_PLUS)),
        ("W", both(R.WALK)),
        ("W+", both(R.WALK_PLUS)),
        ("K(W)", both(R.STRIKEOUT_OR_WALK)),
        ("HR", both(R.HOME_RUN)),
        ("HR?", both(R.HOME_RUN_RANGE)),
        ("RP", both(R.RANGE_PLAY)),
        ("RP@", both(R.RANGE_PLAY_BALLPARK)),
        (" K+ ", both(R.STRIKEOUT_PLUS)),
    ],
)
def test_pitcher_cell(text: str, expected: PitcherCell) -> None:
    assert parse_pitcher_cell(text) == expected


def test_pitcher_cell_alias_is_written_in_the_2007_spelling() -> None:
    assert str(parse_pitcher_cell("HP")) == "HBP"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("K/", PitcherCell(R.STRIKEOUT, R.BLANK)),
        ("/W+", PitcherCell(R.BLANK, R.WALK_PLUS)),
        ("/HR", PitcherCell(R.BLANK, R.HOME_RUN)),
        ("/K+", PitcherCell(R.BLANK, R.STRIKEOUT_PLUS)),
        ("K/W", PitcherCell(R.STRIKEOUT, R.WALK)),
        ("HP/", PitcherCell(R.HIT_BY_PITCH, R.BLANK)),
    ],
)
def test_pitcher_split(text: str, expected: PitcherCell) -> None:
    assert parse_pitcher_cell(text) == expected


def test_pitcher_cell_against_batter_side() -> None:
    cell = parse_pitcher_cell("K/")
    assert cell.against(Hand.LEFT) is R.STRIKEOUT
    assert cell.against(Hand.RIGHT) is R.BLANK
    cell = parse_pitcher_cell("/W+")
    assert cell.against(Hand.LEFT) is R.BLANK
    assert cell.against(Hand.RIGHT) is R.WALK_PLUS


# --- batter cells ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        *[(f"**{n}", same(PitcherOutRef(n))) for n in range(1, 7)],
        ("?7", same(SplitHit(7))),
        ("?8", same(SplitHit(8))),
        ("?9", same(SplitHit(9))),
        ("S6", same(Hit(HitKind.SINGLE, 6))),
        ("D7", same(Hit(HitKind.DOUBLE, 7))),
        ("T8", same(Hit(HitKind.TRIPLE, 8))),
        ("H", same(Hit(HitKind.HOME_RUN))),
        ("G4", same(Out(OutKind.GROUND, 4))),
        ("P2", same(Out(OutKind.POP, 2))),
        ("F8", same(Out(OutKind.FLY, 8))),
        ("L1", same(Out(OutKind.LINE, 1))),
        ("W", same(Walk())),
        ("K", same(Strikeout())),
    ],
)
def test_batter_cell(text: str, expected: SplitReading) -> None:
    assert batter(text) == expected


def test_hit_bases() -> None:
    assert [k.bases for k in HitKind] == [1, 2, 3, 4]


@pytest.mark.parametrize(
    ("text", "vs_left", "vs_right"),
    [
        # the cards' short form: the fielder after the slash belongs to both sides
        ("S/G6", Hit(HitKind.SINGLE, 6), Out(OutKind.GROUND, 6)),
        ("G/S5", Out(OutKind.GROUND, 5), Hit(HitKind.SINGLE, 5)),
        ("H/F9", Hit(HitKind.HOME_RUN, 9), Out(OutKind.FLY, 9)),
        ("D/F7", Hit(HitKind.DOUBLE, 7), Out(OutKind.FLY, 7)),
        ("F/D9", Out(OutKind.FLY, 9), Hit(HitKind.DOUBLE, 9)),
        # the long form: each side complete
        ("S6/G4", Hit(HitKind.SINGLE, 6), Out(OutKind.GROUND, 4)),
        ("S6/G6", Hit(HitKind.SINGLE, 6), Out(OutKind.GROUND, 6)),
        ("W/K", Walk(), Strikeout()),
        ("**3/S8", PitcherOutRef(3), Hit(HitKind.SINGLE, 8)),
        ("?7/F7", SplitHit(7), Out(OutKind.FLY, 7)),
        ("F9/H", Out(OutKind.FLY, 9), Hit(HitKind.HOME_RUN)),
        (" S / G6 ", Hit(HitKind.SINGLE, 6), Out(OutKind.GROUND, 6)),
    ],
)
def test_batter_split(text: str, vs_left: Any, vs_right: Any) -> None:
    assert batter(text) == SplitReading(vs_left, vs_right)


@pytest.mark.parametrize(("text", "written"), [("S6/G6", "S/G6"), ("S6/G4", "S6/G4"), ("H9/F9", "H/F9")])
def test_split_is_written_in_the_short_form_when_the_fielder_is_shared(text: str, written: str) -> None:
    assert str(batter(text)) == written


def test_split_reading_against_pitcher_hand() -> None:
    cell = batter("H/F9")
    assert cell.against(Hand.LEFT) == Hit(HitKind.HOME_RUN, 9)
    assert cell.against(Hand.RIGHT) == Out(OutKind.FLY, 9)


def test_switch_hitter_bats_opposite_the_pitcher(books: Any) -> None:
    bench = books.card("johnny-bench-1970")
    assert bench.side_against(Hand.LEFT) is Hand.RIGHT
    assert bench.side_against(Hand.RIGHT) is Hand.RIGHT
    switch = Batter.model_validate({**bench.model_dump(), "bats": "S"})
    assert switch.side_against(Hand.LEFT) is Hand.RIGHT
    assert switch.side_against(Hand.RIGHT) is Hand.LEFT
    lefty = Batter.model_validate({**bench.model_dump(), "bats": "L"})
    assert lefty.side_against(Hand.LEFT) is Hand.LEFT
    assert lefty.side_against(Hand.RIGHT) is Hand.LEFT


def test_batter_reads_ratings_and_hit_ranges_by_pitcher_hand(books: Any) -> None:
    bench = books.card("johnny-bench-1970")
    assert (bench.ratings(Hand.LEFT).w, bench.ratings(Hand.RIGHT).w) == (5, 10)
    assert bench.hit_ranges(Hand.LEFT).lookup(12) is HitRangeKind.HOME_RUN
    assert bench.hit_ranges(Hand.RIGHT).lookup(12) is None


# --- ballpark cells ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", same(RarePlay())),
        ("   ", same(RarePlay())),
        ("[HR8]", same(HomeRunChance(HomeRunField.CENTER))),
        ("[HR7]", same(HomeRunChance(HomeRunField.LEFT))),
        ("[HR9]", same(HomeRunChance(HomeRunField.RIGHT))),
        ("[HRp]", same(HomeRunChance(HomeRunField.PULL))),
        ("[HRo]", same(HomeRunChance(HomeRunField.OPPOSITE))),
        ("S+7", same(StretchSingle(7))),
        ("S+8", same(StretchSingle(8))),
        ("S+9", same(StretchSingle(9))),
        ("**2", same(PitcherOutRef(2))),
        ("?9", same(SplitHit(9))),
        ("S4", same(Hit(HitKind.SINGLE, 4))),
        ("G1", same(Out(OutKind.GROUND, 1))),
    ],
)
def test_ballpark_cell(text: str, expected: SplitReading) -> None:
    assert ballpark(text) == expected


# --- 1d20 ranges -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1-5", Range(1, 5)),
        ("16", Range(16, 16)),
        ("20", Range(20, 20)),
        (" 3 - 7 ", Range(3, 7)),
        ("1-20", Range(1, 20)),
        ("", None),
    ],
)
def test_range(text: str, expected: Range | None) -> None:
    assert parse_range(text) == expected


def test_range_membership_and_overlap() -> None:
    rng = Range(6, 8)
    assert [roll for roll in range(1, 21) if roll in rng] == [6, 7, 8]
    assert "7" not in rng
    assert rng.overlaps(Range(8, 12))
    assert not rng.overlaps(Range(9, 12))
    assert str(Range(16, 16)) == "16"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0-5", "range '0-5' is outside 1-20"),
        ("15-25", "range '15-25' is outside 1-20"),
        ("21", "range '21' is outside 1-20"),
        ("9-1", "range '9-1' runs backwards"),
        ("6-5", "range '6-5' runs backwards"),
        ("1-", "'1-' is not a 1d20 range (write it like '1-5' or '16')"),
        ("1 to 5", "'1 to 5' is not a 1d20 range (write it like '1-5' or '16')"),
        ("-3", "'-3' is not a 1d20 range (write it like '1-5' or '16')"),
        ("100", "'100' is not a 1d20 range (write it like '1-5' or '16')"),
    ],
)
def test_bad_range(text: str, message: str) -> None:
    with pytest.raises(NotationError) as exc:
        parse_range(text)
    assert str(exc.value) == message


def test_check_disjoint_names_both_ranges() -> None:
    check_disjoint([("WP", Range(1, 9)), ("PB?", Range(10, 12)), ("none", None)])
    with pytest.raises(NotationError) as exc:
        check_disjoint([("WP", Range(1, 9)), ("PB?", Range(9, 12))])
    assert str(exc.value) == "ranges overlap: WP=1-9 and PB?=9-12"


# --- hit ranges --------------------------------------------------------------------


def test_batter_hit_ranges() -> None:
    ranges = batter_hits("S=1-5; D=6-8; T=9-11; HR=12-16")
    assert ranges == HitRanges(
        (
            (HitRangeKind.SINGLE, Range(1, 5)),
            (HitRangeKind.DOUBLE, Range(6, 8)),
            (HitRangeKind.TRIPLE, Range(9, 11)),
            (HitRangeKind.HOME_RUN, Range(12, 16)),
        )
    )
    assert [ranges.lookup(roll) for roll in (1, 5, 6, 11, 12, 16, 17, 20)] == [
        HitRangeKind.SINGLE,
        HitRangeKind.SINGLE,
        HitRangeKind.DOUBLE,
        HitRangeKind.TRIPLE,
        HitRangeKind.HOME_RUN,
        HitRangeKind.HOME_RUN,
        None,
        None,
    ]


def test_ballpark_hit_ranges_with_the_books_empty_slot() -> None:
    ranges = ballpark_hits("S=1-7; ; T=8-12; [HR]=13-14")
    assert ranges == HitRanges(
        (
            (HitRangeKind.SINGLE, Range(1, 7)),
            (HitRangeKind.TRIPLE, Range(8, 12)),
            (HitRangeKind.HOME_RUN_CHANCE, Range(13, 14)),
        )
    )
    assert str(ranges) == "S=1-7; T=8-12; [HR]=13-14"
    assert ranges.lookup(13) is HitRangeKind.HOME_RUN_CHANCE


@pytest.mark.parametrize(
    ("parser", "text", "message"),
    [
        (batter_hits, "S=1-5; D=5-8", "ranges overlap: S=1-5 and D=5-8"),
        (batter_hits, "S=1-5; [HR]=6-8", "'[HR]=6-8': a batter card's hit ranges use S, D, T, HR"),
        (ballpark_hits, "S=1-5; HR=6-8", "'HR=6-8': a ballpark card's hit ranges use S, D, T, [HR]"),
        (batter_hits, "S=1-5; S=6-8", "'S=6-8': S is given twice"),
        (batter_hits, "X=1-5", "'X=1-5': unknown hit type 'X'"),
        (batter_hits, "S 1-5", "'S 1-5': a hit range reads like 'S=1-5'"),
        (batter_hits, "S=1-25", "range '1-25' is outside 1-20"),
    ],
)
def test_bad_hit_ranges(parser: Callable[[str], HitRanges], text: str, message: str) -> None:
    with pytest.raises(NotationError) as exc:
        parser(text)
    assert str(exc.value) == message


# --- ?? ranges ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("** 1-12", SplitCheck(R.AUTO_OUT, Range(1, 12))),
        ("S1 1-3", SplitCheck(R.SINGLE, Range(1, 3))),
        ("S1 7", SplitCheck(R.SINGLE, Range(7, 7))),
        ("", None),
    ],
)
def test_split_check(text: str, expected: SplitCheck | None) -> None:
    assert parse_split_check(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("K 1-3", "'K 1-3': a ?? range reads '** 1-12' or 'S1 1-3'"),
        ("**", "'**': a ?? range reads '** 1-12' or 'S1 1-3'"),
        ("** 0-3", "range '0-3' is outside 1-20"),
    ],
)
def test_bad_split_check(text: str, message: str) -> None:
    with pytest.raises(NotationError) as exc:
        parse_split_check(text)
    assert str(exc.value) == message


# --- the ** line -------------------------------------------------------------------


def test_outs_line_entry() -> None:
    assert parse_out("F8") == Out(OutKind.FLY, 8)
    assert parse_out(" G4 ") == Out(OutKind.GROUND, 4)


# --- fielding lines ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C - 5/2 (19) -2", Fielding(Position.C, 5, 19, arm=-2, passed_ball=2)),
        ("LF - 2 (12) 0", Fielding(Position.LEFT, 2, 12, arm=0)),
        ("RF - 3 (8) +2", Fielding(Position.RIGHT, 3, 8, arm=2)),
        ("1B - 2 (11)", Fielding(Position.FIRST, 2, 11)),
        ("SS - 4 (4) +1", Fielding(Position.SHORT, 4, 4, pivot=1)),
        ("2B - 3 (10) -1", Fielding(Position.SECOND, 3, 10, pivot=-1)),
        ("P - 4 (3)", Fielding(Position.P, 4, 3)),
        ("DH", Fielding(Position.DH)),
    ],
)
def test_fielding(text: str, expected: Fielding) -> None:
    assert parse_fielding(text) == expected


def test_position_numbers() -> None:
    assert [p.number for p in Position] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]
    assert Position.from_number(6) is Position.SHORT
    assert Position.LEFT.is_outfield and not Position.LEFT.is_infield
    assert Position.SECOND.is_infield and not Position.C.is_infield


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("C - 5 (19) -2", "'C - 5 (19) -2': a catcher's line gives range/passed-ball, error and arm"),
        ("C - 5/7 (19) -2", "'C - 5/7 (19) -2': passed-ball rating must be 1-6"),
        ("LF - 2 (12)", "'LF - 2 (12)': an outfielder's line ends with his arm"),
        ("SS - 4 (4)", "'SS - 4 (4)': a middle infielder's line ends with his pivot rating"),
        ("SS - 7 (4) +1", "'SS - 7 (4) +1': range must be 1-6"),
        ("SS - 0 (4) +1", "'SS - 0 (4) +1': range must be 1-6"),
        ("LF - 2 (21) 0", "'LF - 2 (21) 0': error number must be 0-20"),
        ("LF - 2 (12) +6", "'LF - 2 (12) +6': arm rating must be -5 to +5"),
        ("1B - 2/3 (11)", "'1B - 2/3 (11)': only catchers have a passed-ball rating"),
        ("1B - 2 (11) +1", "'1B - 2 (11) +1': 1B has no arm or pivot rating"),
        ("XX - 1 (1)", "'XX - 1 (1)' is not a fielding line (write it like 'SS - 4 (4) +1' or 'C - 5/2 (19) -2')"),
    ],
)
def test_bad_fielding(text: str, message: str) -> None:
    with pytest.raises(NotationError) as exc:
        parse_fielding(text)
    assert str(exc.value) == message


# --- stamina -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("(36) 33 / 13", Stamina(tired=33, pull=13, games=36)),
        ("(1) 1 / 0", Stamina(tired=1, pull=0, games=1)),
        ("33/13", Stamina(tired=33, pull=13)),
    ],
)
def test_stamina(text: str, expected: Stamina) -> None:
    assert parse_stamina(text) == expected


def test_bad_stamina() -> None:
    with pytest.raises(NotationError) as exc:
        parse_stamina("33")
    assert str(exc.value) == "'33': a START/RELIEF line reads '(36) 33 / 13'"


# --- parse -> str -> parse -----------------------------------------------------------

ROUND_TRIPS: list[tuple[Callable[[str], Any], str, str]] = [
    *[(parse_pitcher_cell, t, t) for t in [r.value for r in PitcherResult]],
    (parse_pitcher_cell, "HP", "HBP"),
    *[(parse_pitcher_cell, t, t) for t in ["K/", "/W+", "/HR", "K/W"]],
    *[
        (batter, t, t)
        for t in ["**1", "**6", "?7", "?8", "?9", "S6", "D7", "T8", "H", "H7", "G4", "P2", "F8", "L1", "W", "K"]
    ],
    *[(batter, t, t) for t in ["S/G6", "G/S5", "H/F9", "D/F7", "F/D9", "S6/G4", "W/K", "**3/S8", "F9/H"]],
    (batter, "S6/G6", "S/G6"),
    *[(ballpark, t, t) for t in ["", "[HR8]", "[HRp]", "[HRo]", "S+7", "S+8", "S+9", "**5", "?9", "D9"]],
    (parse_range, "1-5", "1-5"),
    (parse_range, "16", "16"),
    (parse_range, "16-16", "16"),
    (parse_range, " 3 - 7 ", "3-7"),
    (batter_hits, "S=1-5; D=6-8; T=9-11; HR=12-16", "S=1-5; D=6-8; T=9-11; HR=12-16"),
    (batter_hits, "S=1-3; D=4-8; T=9", "S=1-3; D=4-8; T=9"),
    (ballpark_hits, "S=1-7; ; T=8-12; [HR]=13-14", "S=1-7; T=8-12; [HR]=13-14"),
    (parse_split_check, "** 1-12", "** 1-12"),
    (parse_split_check, "S1 1-3", "S1 1-3"),
    *[
        (parse_fielding, t, t)
        for t in ["C - 5/2 (19) -2", "LF - 2 (12) 0", "1B - 2 (11)", "SS - 4 (4) +1", "P - 4 (3)", "DH"]
    ],
    (parse_fielding, "SS 4 (4) 1", "SS - 4 (4) +1"),
    (parse_stamina, "(36) 33 / 13", "(36) 33 / 13"),
    (parse_stamina, "33/13", "33 / 13"),
    (parse_out, "F8", "F8"),
]


@pytest.mark.parametrize(("parser", "text", "written"), ROUND_TRIPS)
def test_parse_str_parse(parser: Callable[[str], Any], text: str, written: str) -> None:
    value = parser(text)
    assert str(value) == written
    assert parser(str(value)) == value


BATTER_READINGS = [
    "W",
    "K",
    *[f"**{n}" for n in range(1, 7)],
    *[f"?{n}" for n in (7, 8, 9)],
    "H",
    *[f"{letter}{n}" for letter in "SDTHGPFL" for n in range(1, 10)],
]


def test_every_batter_split_round_trips() -> None:
    """Every pair of single readings, split both ways, reads back the same."""
    checked = 0
    for left, right in permutations(BATTER_READINGS, 2):
        try:
            value = batter(f"{left}/{right}")
        except NotationError:
            continue  # e.g. "H/S6" and "H6/S6" are the same cell; only the parser's values matter
        assert batter(str(value)) == value, f"{left}/{right} -> {value}"
        checked += 1
    assert checked > 5000


def test_every_single_reading_round_trips() -> None:
    for text in BATTER_READINGS:
        assert str(batter(text)) == text
    for text in [*BATTER_READINGS, "", "[HR7]", "[HR8]", "[HR9]", "[HRp]", "[HRo]", "S+7", "S+8", "S+9"]:
        assert str(ballpark(text)) == text


def test_every_pitcher_split_round_trips() -> None:
    for left, right in permutations([r.value for r in PitcherResult], 2):
        value = parse_pitcher_cell(f"{left}/{right}")
        assert value == PitcherCell(PitcherResult(left), PitcherResult(right))
        assert parse_pitcher_cell(str(value)) == value


# --- unknown and misplaced symbols ---------------------------------------------------


@pytest.mark.parametrize(
    ("parser", "text", "message"),
    [
        (batter, "X8", "unknown symbol 'X8'"),
        (batter, "HR", "unknown symbol 'HR'"),  # a batter card's home run is H
        (batter, "**7", "unknown symbol '**7'"),
        (batter, "S0", "unknown symbol 'S0'"),
        (batter, "?6", "'?6': split hits go to the outfield (?7, ?8 or ?9)"),
        (batter, "S", "'S': a hit needs the fielder's number, like S6 or D7"),
        (batter, "G", "'G': an out needs the fielder's number, like G6 or F8"),
        (batter, "S+7", "'S+7': S+ stretch singles appear only on ballpark cards"),
        (batter, "[HR8]", "'[HR8]': [HR] readings appear only on ballpark cards"),
        (batter, "", "blank cell: a batter card has a reading in every cell"),
        (batter, "S/G/F6", "'S/G/F6': a split cell has one reading on each side of '/'"),
        (batter, "/", "'/': a split cell has one reading on each side of '/'"),
        (batter, "S6/", "'S6/': a split cell has one reading on each side of '/'"),
        (batter, "G6/G6", "'G6/G6': both sides of the split read the same"),
        (batter, "G/G6", "'G/G6': both sides of the split read the same"),
        (batter, "S/K", "'S': a hit needs the fielder's number, like S6 or D7"),
        (ballpark, "S/G6", "'S/G6': ballpark cells are not split by hand"),
        (ballpark, "S+6", "'S+6': a stretch single goes to an outfielder (S+7, S+8, S+9)"),
        (ballpark, "[HRx]", "unknown symbol '[HRx]'"),
        (ballpark, "[HR]", "unknown symbol '[HR]'"),
        (parse_pitcher_cell, "WP", "unknown pitcher-card symbol 'WP'"),
        (parse_pitcher_cell, "S2", "unknown pitcher-card symbol 'S2'"),
        (parse_pitcher_cell, "K/W/HR", "'K/W/HR': a split cell has one reading on each side of '/'"),
        (parse_pitcher_cell, "K/K", "'K/K': both sides of the split read the same"),
        (parse_pitcher_cell, "/", "'/': both sides of the split read the same"),
        (parse_out, "Q6", "unknown symbol 'Q6'"),
        (parse_out, "S8", "'S8': the ** line lists outs (G, P, F or L with a fielder)"),
        (parse_out, "W", "'W': the ** line lists outs (G, P, F or L with a fielder)"),
    ],
)
def test_bad_symbol(parser: Callable[[str], Any], text: str, message: str) -> None:
    with pytest.raises(NotationError) as exc:
        parser(text)
    assert str(exc.value) == message


@pytest.mark.parametrize(
    ("text", "message", "apart"),
    [
        ("S=1-6; D=6-8", "ranges overlap: S=1-6 and D=6-8", "S=1-5; D=6-8"),
        ("D=6-8; S=1-6", "ranges overlap: D=6-8 and S=1-6", "D=6-8; S=1-5"),  # the higher range first
        ("D=6-8; S=8", "ranges overlap: D=6-8 and S=8", "D=6-8; S=9"),
        ("S=8; D=6-8", "ranges overlap: S=8 and D=6-8", "S=9; D=6-8"),
    ],
)
def test_hit_ranges_that_share_one_roll_are_refused_in_either_order(text: str, message: str, apart: str) -> None:
    # Each 1d20 roll reads one result: two ranges touching at a single roll overlap, whichever is written first;
    # a roll apart they are fine.
    with pytest.raises(NotationError) as exc:
        parse_hit_ranges(text)
    assert str(exc.value) == message
    assert str(parse_hit_ranges(apart)) == apart


def test_a_hit_range_with_no_range_is_refused() -> None:
    with pytest.raises(NotationError, match="S has no range"):
        parse_hit_ranges("S=; D=6-8")
