"""DDB "Bench Usage Chart" and "Post-Game Injuries"."""

from __future__ import annotations

import pytest

from engine.deep_drive.charts.bench import BenchCall, PostGameCheck, bench_usage, post_game


def test_three_of_a_kind_sits_all_but_aa() -> None:
    # DDB "Bench Usage Chart": 555, the third baseman sits unless AA
    (call,) = bench_usage(5, 5, 5)
    assert call == BenchCall("3B", "AA", "three")
    assert [call.sits(g) for g in ("AA", "A", "B", "C", "D", "F")] == [False, True, True, True, True, True]


@pytest.mark.parametrize(
    ("dice", "odd_call"),
    [
        ((7, 7, 1), BenchCall("P", "B", "green")),
        ((7, 9, 7), BenchCall("RF", "C", "red_or_white")),
        ((3, 7, 7), BenchCall("1B", "C", "red_or_white")),
    ],
)
def test_doubles_sit_all_but_a_and_the_odd_die_is_read_alone(dice: tuple[int, int, int], odd_call: BenchCall) -> None:
    # DDB "Bench Usage Chart": 771, 797, 377 sit the left fielder unless AA or A; the odd die's own call
    double, single = bench_usage(*dice)
    assert double == BenchCall("LF", "A", "two")
    assert single == odd_call
    assert [double.sits(g) for g in ("AA", "A", "B")] == [False, False, True]


def test_a_number_on_the_green_die_alone_sits_all_but_aa_a_b() -> None:
    # DDB "Bench Usage Chart": 992 and 162 sit the catcher unless AA, A or B
    calls = bench_usage(1, 6, 2)
    assert BenchCall("C", "B", "green") in calls
    catcher = next(c for c in calls if c.position == "C")
    assert [catcher.sits(g) for g in ("B", "C")] == [False, True]
    assert bench_usage(9, 9, 2)[1] == BenchCall("C", "B", "green")


def test_a_number_on_the_red_or_white_die_alone_sits_all_but_aa_to_c() -> None:
    # DDB "Bench Usage Chart": 612 and 677 sit the shortstop unless AA, A, B or C
    assert bench_usage(6, 1, 2) == (
        BenchCall("P", "C", "red_or_white"),
        BenchCall("C", "B", "green"),
        BenchCall("SS", "C", "red_or_white"),
    )
    shortstop = bench_usage(6, 7, 7)[1]
    assert shortstop == BenchCall("SS", "C", "red_or_white")
    assert [shortstop.sits(g) for g in ("C", "D", "F")] == [False, True, True]


def test_zero_is_the_designated_hitter() -> None:
    # DDB "Bench Usage Chart": 0 = DH (the caller ignores it without one)
    assert bench_usage(0, 0, 0) == (BenchCall("DH", "AA", "three"),)


@pytest.mark.parametrize(
    ("red", "white", "check"),
    [
        (0, 5, PostGameCheck("DH", 5)),
        (1, 1, PostGameCheck("P", 1)),
        (9, 9, PostGameCheck("RF", 9)),
        (6, 0, PostGameCheck("SS", 10)),
    ],
)
def test_post_game_injuries(red: int, white: int, check: PostGameCheck) -> None:
    # DDB "Post-Game Injuries": red die the position (0 DH), white die the inning (0 the 10th)
    assert post_game(red, white) == check


def test_dice_are_checked() -> None:
    with pytest.raises(ValueError, match="green die"):
        bench_usage(1, 2, 10)
    with pytest.raises(ValueError, match="injury rating"):
        bench_usage(1, 1, 1)[0].sits("E")
