"""The running charts, cell by cell: DDB "Baserunner Advancement Chart", "Choice Chart",
"Cut-Off Chart", "Outfielder Assignment Chart" and the throwing outfielder by mod die."""

from __future__ import annotations

import pytest

from engine.deep_drive.charts.running import (
    Advance,
    advancement,
    assigned_outfielder,
    choice,
    collision,
    cutoff,
    cutoff_error,
    cutoff_man,
    over_cutoff,
    rundown,
    runner_from_first_on_throw_home,
    throwing_outfielder,
    trailing_out_pick,
)

RUNS = ("VS", "S", "avg", "F", "VF")

# DDB "Baserunner Advancement Chart", transcribed again here from the book, column by column.
HITS = {
    ("SI+", 0): "NO NO? YES? YES YES",
    ("SI+", 2): "NO? YES? YES YES YES",
    ("SI", 0): "NO NO NO NO? YES?",
    ("SI", 2): "NO NO NO? YES? YES",
    ("DO", 0): "NO NO NO? YES? YES",
    ("DO", 2): "NO NO? YES? YES YES",
}
FLIES = {
    ("DD-F7d", 3): "YES? YES YES YES YES",
    ("DD-F7d", 2): "NO NO? YES? YES YES",
    ("DD-F7d", 1): "NO NO NO NO? YES?",
    ("DD-F8d", 3): "YES? YES YES YES YES",
    ("DD-F8d", 2): "NO NO? YES? YES YES",
    ("DD-F8d", 1): "NO NO NO NO? YES?",
    ("DD-F9d", 3): "YES? YES YES YES YES",
    ("DD-F9d", 2): "NO NO? YES? YES YES",
    ("DD-F9d", 1): "NO NO NO NO? YES?",
    ("F7", 3): "NO NO? YES? YES YES",
    ("F7", 2): "NO NO NO NO NO?",
    ("F8", 3): "NO? YES? YES YES YES",
    ("F8", 2): "NO NO NO NO? YES?",
    ("F9", 3): "NO NO? YES? YES YES",
    ("F9", 2): "NO NO NO? YES? YES",
    ("F7d", 3): "YES? YES YES YES YES",
    ("F7d", 2): "NO NO NO NO? YES?",
    ("F8d", 3): "YES? YES YES YES YES",
    ("F8d", 2): "NO NO NO? YES? YES",
    ("F9d", 3): "YES? YES YES YES YES",
    ("F9d", 2): "NO NO? YES? YES YES",
}


@pytest.mark.parametrize(("code", "outs"), sorted(HITS))
def test_advancement_on_hits_by_outs(code: str, outs: int) -> None:
    # DDB "Baserunner Advancement Chart" SI+, SI, DO by outs: 0 or 1 read alike, 2 apart
    for run, cell in zip(RUNS, HITS[code, outs].split(), strict=True):
        assert advancement(code, run, outs=outs) is Advance(cell), (code, outs, run)
    if outs == 0:
        for run, cell in zip(RUNS, HITS[code, 0].split(), strict=True):
            assert advancement(code, run, outs=1) is Advance(cell)


@pytest.mark.parametrize(("code", "base"), sorted(FLIES))
def test_advancement_on_fly_outs_by_base(code: str, base: int) -> None:
    # DDB "Baserunner Advancement Chart" fly outs by the base the runner tags from
    for run, cell in zip(RUNS, FLIES[code, base].split(), strict=True):
        assert advancement(code, run, from_base=base) is Advance(cell), (code, base, run)


@pytest.mark.parametrize("code", ["F7", "F8", "F9", "F7d", "F8d", "F9d"])
def test_a_runner_on_first_holds_on_an_ordinary_fly_out(code: str) -> None:
    # Dugout: the book prints a row from first only for Deep Drive flies
    assert {advancement(code, run, from_base=1) for run in RUNS} == {Advance.NO}


def test_the_question_mark_is_dropped_by_automatic_running_and_asked_by_manual() -> None:
    # DDB "Baserunner Advancement Chart": NO?/YES? read as NO/YES automatically; the offense decides manually
    assert [a.goes for a in Advance] == [False, False, True, True]
    assert [a.asks for a in Advance] == [False, True, True, False]


def test_the_advancement_chart_refuses_what_it_does_not_hold() -> None:
    with pytest.raises(ValueError, match="not on the Baserunner Advancement Chart"):
        advancement("F7s", "avg", from_base=3)
    with pytest.raises(ValueError, match="by outs"):
        advancement("SI", "avg", from_base=2)
    with pytest.raises(ValueError, match="base the runner starts from"):
        advancement("F8", "avg", outs=1)
    with pytest.raises(ValueError, match="run rating"):
        advancement("SI", "fast", outs=0)


def test_choice_00_is_a_rundown() -> None:
    # DDB "Choice Chart" 00
    result = choice(0, "VF", 5)
    assert (result.runner_out, result.rundown, result.error, result.assign) == (True, True, False, False)


@pytest.mark.parametrize(
    ("roll", "run", "trailing"),
    [
        (0, "S", True),
        (14, "S", True),
        (14, "VS", False),  # 00-14: anyone but VS
        (15, "S", False),
        (29, "avg", True),  # 15-29: not S or VS
        (30, "avg", False),
        (49, "F", True),  # 30-49: F or VF
        (50, "F", False),
        (69, "VF", True),  # 50-69: VF only
        (70, "VF", False),
        (99, "VF", False),  # 70-99: nobody moves
    ],
)
def test_choice_00_rundown_table_by_the_speed_of_the_runner_caught(roll: int, run: str, trailing: bool) -> None:
    # DDB "Choice Chart" 00, its second roll
    assert rundown(roll, run).trailing_advance is trailing


def test_choice_01_safe_and_the_fielder_covering_is_ejected() -> None:
    # DDB "Choice Chart" 01
    result = choice(1, "VS", 3)
    assert (result.runner_out, result.ejected, result.collision) == (False, "fielder", False)


@pytest.mark.parametrize(("roll", "out"), [(2, False), (98, True)])
def test_choice_02_and_98_are_collisions(roll: int, out: bool) -> None:
    # DDB "Choice Chart" 02 (safe) and 98 (out), both rolling the collision table
    result = choice(roll, "avg", 3)
    assert (result.runner_out, result.collision, result.ejected) == (out, True, None)


@pytest.mark.parametrize(
    ("roll", "runner", "fielder"),
    [
        (0, True, False),
        (19, True, False),
        (20, False, True),
        (39, False, True),
        (40, True, True),
        (49, True, True),
        (50, False, False),
        (99, False, False),
    ],
)
def test_choice_collision_table(roll: int, runner: bool, fielder: bool) -> None:
    # DDB "Choice Chart" 02/98 sub-table: 00-19 runner, 20-39 fielder, 40-49 both, 50-99 neither
    hurt = collision(roll)
    assert (hurt.runner_hurt, hurt.fielder_hurt) == (runner, fielder)


@pytest.mark.parametrize(
    ("roll", "rating", "dropped"),
    [(3, 1, True), (3, 0, True), (3, -1, True), (3, 2, False), (4, 2, True), (4, 3, False), (4, 6, False)],
)
def test_choice_03_and_04_the_covering_fielder_may_drop_the_throw(roll: int, rating: int, dropped: bool) -> None:
    # DDB "Choice Chart" 03: rated 1 or lower drops it; 04: 2 or lower
    result = choice(roll, "VS", rating)
    assert (result.runner_out, result.error) == (not dropped, dropped)


@pytest.mark.parametrize("roll", [5, 23, 41])
def test_choice_05_41_safe(roll: int) -> None:
    # DDB "Choice Chart" 05-41: safe whatever his speed; the assignment chart names the outfielder
    result = choice(roll, "VS", 5)
    assert (result.runner_out, result.assign, result.error) == (False, True, False)


@pytest.mark.parametrize(
    ("run", "last_safe"),
    [("VS", 41), ("S", 51), ("avg", 60), ("F", 69), ("VF", 78)],
)
def test_choice_42_78_the_speed_window(run: str, last_safe: int) -> None:
    # DDB "Choice Chart" 42-78: S safe 42-51, avg 42-60, F 42-69, VF all, VS never
    for roll in range(42, 79):
        assert choice(roll, run, 3).runner_out is (roll > last_safe), (run, roll)
        assert choice(roll, run, 3).assign


@pytest.mark.parametrize("roll", [79, 90, 97])
def test_choice_79_97_out(roll: int) -> None:
    # DDB "Choice Chart" 79-97
    result = choice(roll, "VF", 1)
    assert (result.runner_out, result.assign, result.collision) == (True, True, False)


def test_choice_99_out_and_the_runner_is_ejected() -> None:
    # DDB "Choice Chart" 99
    result = choice(99, "VF", 1)
    assert (result.runner_out, result.ejected) == (True, "runner")


def test_choice_words_follow_the_outcome() -> None:
    assert choice(60, "avg", 3).words != choice(61, "avg", 3).words
    assert "error" in choice(3, "avg", 1).words


def test_choice_rolls_are_checked() -> None:
    with pytest.raises(ValueError, match=r"0\.\.99"):
        choice(100, "avg", 3)


@pytest.mark.parametrize(("hit", "to"), [("SI", 3), ("SI+", 3), ("DO", None)])
def test_choice_note_a_runner_from_first_reaches_third_on_a_throw_home_after_a_single(hit: str, to: int | None) -> None:
    # DDB "Choice Chart": the note on singles whose throw goes home
    assert runner_from_first_on_throw_home(hit) == to


@pytest.mark.parametrize(
    ("roll", "result"),
    [
        (0, "throw_error"),
        (1, "over_cutoff"),
        (4, "over_cutoff"),
        (5, "hold"),
        (94, "hold"),
        (95, "trailing_out"),
        (99, "trailing_out"),
    ],
)
def test_cutoff_rolls(roll: int, result: str) -> None:
    # DDB "Cut-Off Chart": 00, 01-04, 05-94, 95-99
    read = cutoff(roll)
    assert (read.roll, read.result, read.error_check) == (roll, result, result in ("throw_error", "over_cutoff"))


@pytest.mark.parametrize(("die", "defense", "error"), [(4, 3, True), (3, 3, False), (0, 0, False), (9, 5, True)])
def test_cutoff_error_die_against_the_outfielders_defense(die: int, defense: int, error: bool) -> None:
    # DDB "Cut-Off Chart" 00 and 01-04: an error when the die shows more than his defense
    assert cutoff_error(die, defense) is error


@pytest.mark.parametrize(
    ("hit", "first", "batter", "second_open", "expected"),
    [
        ("SI", "avg", "avg", True, (3, 2)),  # he reaches third, second opens for the batter
        ("SI", "S", "avg", True, (2, None)),  # a slow runner holds at second: no room for the batter
        ("SI", "VS", "F", True, (2, None)),
        ("SI", None, "avg", True, (None, 2)),  # nobody on first: the batter takes second
        ("SI", None, "S", True, (None, None)),  # a slow batter stays
        ("SI", "F", "VS", True, (3, None)),
        ("SI", None, "F", False, (None, None)),  # second taken by another runner
        ("DO", "avg", "avg", True, (None, None)),  # not a single: nobody moves
    ],
)
def test_cutoff_01_04_over_the_cutoff_man(
    hit: str, first: str | None, batter: str, second_open: bool, expected: tuple[int | None, int | None]
) -> None:
    # DDB "Cut-Off Chart" 01-04 with the error made
    moves = over_cutoff(hit, first, batter, second_open=second_open)
    assert (moves.runner_from_first_to, moves.batter_to) == expected


@pytest.mark.parametrize(("die", "count", "picked"), [(0, 2, 0), (4, 2, 0), (5, 2, 1), (9, 2, 1), (3, 3, 0)])
def test_cutoff_95_99_the_runner_picked(die: int, count: int, picked: int) -> None:
    # DDB "Cut-Off Chart" 95-99: two runners, 0-4 the lead one and 5-9 the other
    assert trailing_out_pick(die, count) == picked


def test_cutoff_95_99_one_runner_is_the_one_caught_whatever_the_die() -> None:
    # Dugout: when only one runner can move up, he is the one
    assert {trailing_out_pick(die, 1) for die in range(10)} == {0}


@pytest.mark.parametrize(
    ("outfielder", "die", "man"), [("LF", None, "SS"), ("RF", None, "2B"), ("CF", 4, "SS"), ("CF", 5, "2B")]
)
def test_cutoff_95_99_the_cutoff_man(outfielder: str, die: int | None, man: str) -> None:
    # DDB "Cut-Off Chart" 95-99: LF's throw to the SS, RF's to the 2B, CF's by a die
    assert cutoff_man(outfielder, die) == man


def test_cutoff_man_for_the_center_fielder_needs_the_die() -> None:
    with pytest.raises(ValueError, match="one die"):
        cutoff_man("CF")
    with pytest.raises(ValueError, match="not an outfielder"):
        cutoff_man("SS", 3)


@pytest.mark.parametrize(("mod", "fielder"), [(0, "LF"), (2, "LF"), (3, "CF"), (6, "CF"), (7, "RF"), (9, "RF")])
def test_the_outfielder_throwing_on_singles_and_doubles(mod: int, fielder: str) -> None:
    # DDB "Cut-Off Chart", the note: 0-2 LF, 3-6 CF, 7-9 RF
    assert throwing_outfielder(mod) == fielder


@pytest.mark.parametrize(
    ("mod", "safe", "defense", "fielder"),
    [
        (0, True, (1, 5, 5), "LF"),
        (0, False, (1, 5, 5), "LF"),
        (1, True, (5, 1, 5), "CF"),
        (2, False, (5, 1, 5), "CF"),
        (3, True, (5, 5, 1), "RF"),
        (4, True, (2, 4, 3), "LF"),  # safe: the worse of LF and CF
        (5, False, (2, 4, 3), "CF"),  # out: the better
        (4, True, (3, 3, 1), "CF"),  # tie: CF
        (5, False, (3, 3, 1), "CF"),
        (6, True, (4, 3, 2), "RF"),
        (7, False, (4, 3, 2), "LF"),
        (6, True, (3, 1, 3), "RF"),  # tie: RF
        (8, True, (1, 2, 4), "CF"),
        (9, False, (1, 2, 4), "RF"),
        (9, True, (1, 4, 4), "RF"),  # tie: RF
        (8, False, (1, 4, 4), "RF"),
    ],
)
def test_outfielder_assignment(mod: int, safe: bool, defense: tuple[int, int, int], fielder: str) -> None:
    # DDB "Outfielder Assignment Chart"
    ratings = dict(zip(("LF", "CF", "RF"), defense, strict=True))
    assert assigned_outfielder(mod, safe, ratings) == fielder
