"""The bundled sample set: it loads, every card round-trips, and the books' values are right.

These tests read the REAL sample set (cards/sets/sample), books' cards and
hand-made teams together; ``test_books_file_loads_on_its_own`` checks the
books' card file alone (with a stand-in batting card for Seaver, see conftest).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.terminal.cli import main
from cards import SAMPLE_SET
from cards.loader import CardSet, dump_card, load_set, write_set
from cards.models import Ballpark, Batter, Pitcher
from cards.notation import (
    Fielding,
    Hand,
    Hit,
    HitKind,
    HitRangeKind,
    HitRanges,
    HomeRunChance,
    HomeRunField,
    Out,
    OutKind,
    PitcherCell,
    PitcherResult,
    Position,
    Range,
    RarePlay,
    SplitCheck,
    SplitReading,
    Stamina,
    StretchSingle,
)

from .conftest import make_books_set

BOOK_CARDS = ["johnny-bench-1970", "tom-seaver-1970", "san-diego-stadium-1970", "citizens-bank-park-2007"]


def test_sample_set_loads(sample: CardSet) -> None:
    assert sample.info.name == "Sample"
    assert sample.info.ruleset == "inside-pitch"
    for card_id in BOOK_CARDS:
        assert sample.card(card_id).id == card_id
    assert sample.files["books.toml"] == BOOK_CARDS
    listed = [card_id for ids in sample.files.values() for card_id in ids]
    assert sorted(listed) == sorted(c.id for c in sample.all_cards())


def test_every_pitcher_has_a_batting_card(sample: CardSet) -> None:
    seaver = sample.pitchers["tom-seaver-1970"]
    assert seaver.own_batting_card
    own = sample.batting_card_for(seaver)
    assert own is not None
    assert (own.name, own.team, own.year) == ("Tom Seaver", "New York (N)", 1970)
    for pitcher in sample.pitchers.values():
        assert sample.batting_card_for(pitcher) is not None, pitcher.id


def test_books_file_loads_on_its_own(books: CardSet) -> None:
    """books.toml plus a stand-in Seaver batting card, without the hand-made files."""
    assert sorted(books.files) == ["books.toml", "seaver-batting.toml"]
    assert books.files["books.toml"] == BOOK_CARDS
    seaver = books.pitchers["tom-seaver-1970"]
    assert books.batting_card_for(seaver) is books.batters["tom-seaver-1970-batting"]


def test_every_card_round_trips_through_its_table(sample: CardSet) -> None:
    cards = sample.all_cards()
    assert len(cards) >= len(BOOK_CARDS)
    for card in cards:
        again = type(card).model_validate(dump_card(card))
        assert again == card, card.id


def test_dump_writes_the_cards_notation(sample: CardSet) -> None:
    table = dump_card(sample.card("johnny-bench-1970"))
    assert table["positions"] == ["C - 5/2 (19) -2", "LF - 2 (12) 0", "1B - 2 (11)"]
    assert table["matrix"][1] == ["?7", "H/F9", "**5", "G/S5", "F7", "?7"]
    assert table["hits_vs_lhp"] == "S=1-5; D=6-8; T=9-11; HR=12-16"
    assert table["vs_lhp"] == {"k": 10, "w": 5, "hr": 20}
    assert "handmade" not in table  # defaults are left out
    seaver = dump_card(sample.card("tom-seaver-1970"))
    assert seaver["matrix"][4] == ["(??)", "K", "/K+", "ET?", "K", ""]
    assert seaver["split_checks"] == {"vs_left": "** 1-12", "vs_right": "S1 1-3"}
    assert "pickoff_error" not in seaver


def test_write_set_then_load_gives_equal_cards(sample: CardSet, tmp_path: Path) -> None:
    write_set(sample, tmp_path / "copy")
    again = load_set(tmp_path / "copy")
    assert again.info == sample.info
    assert again.files == sample.files
    assert again.batters == sample.batters
    assert again.pitchers == sample.pitchers
    assert again.ballparks == sample.ballparks


def test_written_set_is_stable(sample: CardSet, tmp_path: Path) -> None:
    """Writing a set loaded from a written set gives the same bytes."""
    write_set(sample, tmp_path / "one")
    write_set(load_set(tmp_path / "one"), tmp_path / "two")
    one = {p.relative_to(tmp_path / "one"): p.read_text() for p in (tmp_path / "one").rglob("*.toml")}
    two = {p.relative_to(tmp_path / "two"): p.read_text() for p in (tmp_path / "two").rglob("*.toml")}
    assert one == two


def test_written_matrix_is_laid_out_like_the_card(books: CardSet, tmp_path: Path) -> None:
    write_set(books, tmp_path)
    lines = (tmp_path / "books.toml").read_text().splitlines()
    start = lines.index("matrix = [")  # Bench's, the first card in the file
    rows = [[cell.strip() for cell in line.strip().strip("[],").split(",")] for line in lines[start + 1 : start + 7]]
    assert rows[1] == ['"?7"', '"H/F9"', '"**5"', '"G/S5"', '"F7"', '"?7"']
    assert all(len(row) == 6 for row in rows)
    assert lines[start + 7] == "]"


# --- the books' values ---------------------------------------------------------------


@pytest.fixture
def bench(sample: CardSet) -> Batter:
    card = sample.card("johnny-bench-1970")
    assert isinstance(card, Batter)
    return card


@pytest.fixture
def seaver(sample: CardSet) -> Pitcher:
    card = sample.card("tom-seaver-1970")
    assert isinstance(card, Pitcher)
    return card


def park(sample: CardSet, card_id: str) -> Ballpark:
    card = sample.card(card_id)
    assert isinstance(card, Ballpark)
    return card


def test_bench_split_cell(bench: Batter) -> None:
    cell = bench.cell(2, 2)
    assert cell.against(Hand.LEFT) == Hit(HitKind.HOME_RUN, 9)
    assert cell.against(Hand.RIGHT) == Out(OutKind.FLY, 9)
    assert bench.cell(4, 2) == SplitReading(Out(OutKind.GROUND, 5), Hit(HitKind.SINGLE, 5))
    assert bench.cell(1, 1) == SplitReading(Hit(HitKind.SINGLE, 6), Hit(HitKind.SINGLE, 6))
    # column is the red die, row the white die: row 6 column 3 is P4
    assert bench.cell(3, 6) == SplitReading(Out(OutKind.POP, 4), Out(OutKind.POP, 4))


def test_bench_ratings(bench: Batter) -> None:
    assert bench.fielding(Position.C) == Fielding(Position.C, 5, 19, arm=-2, passed_ball=2)
    assert bench.fielding(Position.LEFT) == Fielding(Position.LEFT, 2, 12, arm=0)
    assert bench.fielding(Position.SHORT) is None
    assert bench.hits_vs_rhp == HitRanges(
        ((HitRangeKind.SINGLE, Range(1, 3)), (HitRangeKind.DOUBLE, Range(4, 8)), (HitRangeKind.TRIPLE, Range(9, 9)))
    )
    assert (bench.vs_lhp.k, bench.vs_rhp.k, bench.vs_rhp.hr) == (10, 9, 20)
    assert (bench.br, bench.bnt, bench.att, bench.sb, bench.gdp, bench.sf, bench.hbp) == (3, 2, 1, 14, 2, 3, 0)


def test_seaver_cells(seaver: Pitcher) -> None:
    assert seaver.cell(6, 5) == PitcherCell(PitcherResult.BLANK, PitcherResult.BLANK)
    assert seaver.cell(1, 5) == PitcherCell(PitcherResult.SPLIT_CHECK, PitcherResult.SPLIT_CHECK)
    assert seaver.cell(6, 2) == PitcherCell(PitcherResult.BLANK, PitcherResult.STRIKEOUT_PLUS)
    assert seaver.cell(1, 3).against(Hand.RIGHT) is PitcherResult.HOME_RUN
    assert seaver.cell(1, 3).against(Hand.LEFT) is PitcherResult.BLANK
    assert seaver.cell(5, 6) == PitcherCell(PitcherResult.TIRED_SINGLE, PitcherResult.TIRED_SINGLE)


def test_seaver_ranges(seaver: Pitcher) -> None:
    assert seaver.home_run_ranges.against(Hand.LEFT) == Range(1, 12)
    assert seaver.home_run_ranges.against(Hand.RIGHT) == Range(1, 8)
    assert seaver.split_checks.against(Hand.LEFT) == SplitCheck(PitcherResult.AUTO_OUT, Range(1, 12))
    assert seaver.split_checks.against(Hand.RIGHT) == SplitCheck(PitcherResult.SINGLE, Range(1, 3))
    assert (seaver.wild_pitch, seaver.passed_ball) == (Range(1, 9), Range(10, 12))
    assert (seaver.balk, seaver.pickoff, seaver.pickoff_error) == (Range(1, 3), Range(4, 5), None)
    assert seaver.special_k.against(Hand.LEFT) is None
    assert seaver.start == Stamina(tired=33, pull=13, games=36)
    assert seaver.relief == Stamina(tired=1, pull=0, games=1)
    assert [str(o) for o in seaver.outs] == ["F8", "G4", "G5", "G6", "F7", "F9"]
    assert seaver.fielding() == Fielding(Position.P, 4, 3)
    assert (seaver.throws, seaver.hbp) == (Hand.RIGHT, -3)


def test_san_diego_stadium(sample: CardSet) -> None:
    sd = park(sample, "san-diego-stadium-1970")
    assert sd.cell(3, 2) == SplitReading(RarePlay(), RarePlay())
    assert sd.cell(1, 4) == SplitReading(RarePlay(), RarePlay())
    assert sd.cell(2, 2).against(Hand.LEFT) == HomeRunChance(HomeRunField.PULL)
    assert sd.cell(3, 6).against(Hand.RIGHT) == StretchSingle(8)
    assert sd.hit_ranges.lookup(13) is HitRangeKind.HOME_RUN_CHANCE
    assert sd.hit_ranges.lookup(15) is None
    assert (sd.adjustments.k, sd.adjustments.w, sd.adjustments.hr) == (2, -1, 0)


def test_citizens_bank_park(sample: CardSet) -> None:
    cbp = park(sample, "citizens-bank-park-2007")
    assert (cbp.adjustments.k, cbp.adjustments.w, cbp.adjustments.hr) == (1, 1, 0)
    assert cbp.cell(2, 3) == SplitReading(HomeRunChance(HomeRunField.CENTER), HomeRunChance(HomeRunField.CENTER))
    assert cbp.hit_ranges.lookup(1) is HitRangeKind.DOUBLE
    assert cbp.stats is not None and cbp.stats.home_runs == 241


# --- the dugout command --------------------------------------------------------------


def test_cli_validates_the_sample_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "validate", str(SAMPLE_SET)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Sample: ")
    assert out.rstrip().endswith(": ok")


def test_cli_validates_the_books_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "validate", str(make_books_set(tmp_path))]) == 0
    assert capsys.readouterr().out == "Sample: 2 batters, 1 pitchers, 2 ballparks in 2 files: ok\n"
