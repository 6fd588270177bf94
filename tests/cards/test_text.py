"""Cards as text, laid out like the printed cards."""

from __future__ import annotations

import pytest

from cards.loader import CardSet
from cards.models import Batter
from cards.text import render_card


def test_bench(books: CardSet) -> None:
    lines = render_card(books.card("johnny-bench-1970")).splitlines()
    assert lines[0] == "JOHNNY BENCH  1970 Cincinnati"
    assert lines[1] == "Bats R  INJ-0  C - 5/2 (19) -2  LF - 2 (12) 0  1B - 2 (11)"
    assert lines[2] == ""
    assert lines[3:10] == [
        "    1    2    3    4    5    6",
        "1   S6   ?8   F8   **4  **3  **6",
        "2   ?7   H/F9 **5  G/S5 F7   ?7",
        "3   S8   G4   F9   G5   **2  H/F9",
        "4   S5   D/F7 G6   F7   G/S5 F8",
        "5   G6   G4   ?8   F8   L1   G6",
        "6   S7   D7   P4   D/F7 **1  G6",
    ]
    assert "LH?: S=1-5; D=6-8; T=9-11; HR=12-16" in lines
    assert "RH?: S=1-3; D=4-8; T=9" in lines
    assert "LHP  K 10  W 5   HR 20" in lines
    assert lines[-3:] == [
        "BR  BNT ATT SB  GDP SF  HBP",
        "3   2   1   14  2   3   0",
        "G 158  AB 605  R 97  RBI 148  HR 45  SB 5  AVG .293",
    ]


def test_one_hit_range_line_when_both_hands_read_the_same(books: CardSet) -> None:
    bench = books.card("johnny-bench-1970")
    assert isinstance(bench, Batter)
    same = bench.model_copy(update={"hits_vs_rhp": bench.hits_vs_lhp, "handmade": True})
    lines = render_card(same).splitlines()
    assert lines[0] == "JOHNNY BENCH  1970 Cincinnati  [hand-made]"
    assert "H?:  S=1-5; D=6-8; T=9-11; HR=12-16" in lines
    assert not any(line.startswith(("LH?", "RH?")) for line in lines)


def test_seaver(books: CardSet) -> None:
    lines = render_card(books.card("tom-seaver-1970")).splitlines()
    assert lines[:4] == [
        "TOM SEAVER ##  1970 New York (N)",
        "Throws R  INJ-0  HBP: -3  P - 4 (3)",
        "START: (36) 33 / 13   RELIEF: (1) 1 / 0",
        "**  F8 G4 G5 G6 F7 F9",
    ]
    assert lines[6] == "1   K    K    K    W+   W    @"
    assert lines[10] == "5   (??) K    /K+  ET?  K"  # the sixth cell is blank
    assert "HR?  LHB 1-12  RHB 1-8" in lines
    assert "??   LHB ** 1-12  RHB S1 1-3" in lines
    assert lines[-2] == "1-9    10-12  +0/+0   0    1-3    4-5    -"


def test_san_diego_stadium(books: CardSet) -> None:
    lines = render_card(books.card("san-diego-stadium-1970")).splitlines()
    assert lines[:2] == ["SAN DIEGO STADIUM  1970 San Diego", "H?: S=1-7; T=8-12; [HR]=13-14"]
    assert lines[3:10] == [
        "    1     2     3     4     5     6",
        "1   S7    S+7   **2   S5    D7    D8",
        "2   **6   [HRp]       G1    **3   D9",
        "3   **5   G6    S6    S8    S4",
        "4         ?9    S8    [HRo] **1   F8",
        "5   S3    G4    S9    [HR8] F7    S+9",
        "6   ?7    G4    S+8   **4   P2    G2",
    ]
    assert "K +2   W -1   HR +0" in lines


def test_no_line_ends_in_spaces(books: CardSet) -> None:
    for card in books.all_cards():
        for line in render_card(card).splitlines():
            assert line == line.rstrip(), (card.id, line)


def test_averages_print_without_the_leading_zero(books: CardSet) -> None:
    """A set written with "0.293" (the bundled real seasons) still prints the scorer's ".293"; 1.000 stays."""
    from cards.stat_lines import average_text
    from cards.text import stat_pairs
    from seasons.common import batting_average

    assert (average_text("0.293"), average_text(".293"), average_text("1.000"), average_text(None)) == (
        ".293",
        ".293",
        "1.000",
        "-",
    )
    card = next(c for c in books.batters.values() if c.stats is not None)
    stats = card.stats.model_copy(update={"average": "0.301"})
    assert ("AVG", ".301") in stat_pairs(card.model_copy(update={"stats": stats}))
    assert (batting_average(88, 300), batting_average(3, 3)) == (".293", "1.000")  # what a generated set now writes


def test_each_card_finds_its_familys_text() -> None:
    """cards.text reaches a card's ruleset through its family (cards.families), for every family's models."""
    from cards.families import NAMES, card_types, family, of_card
    from cards.models import Card

    for name in NAMES:
        for card_type in card_types(name).values():
            assert of_card(card_type.model_construct()).text == family(name).text
    with pytest.raises(ValueError, match="Card is no card model"):
        of_card(Card.model_construct())
