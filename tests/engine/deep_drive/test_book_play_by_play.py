"""DDB "Play-by-Play Chart": words for DEF singles and errors, and the kind of each error."""

from __future__ import annotations

import pytest

from engine.deep_drive.charts.play_by_play import CODES, Misplay, play_by_play, play_by_play_chart


def test_every_single_and_error_has_words_for_every_mod_die() -> None:
    # DDB "Play-by-Play Chart": SI+(pos) for all but the catcher, SI(pos) and ERR(pos) for all nine
    assert len(CODES) == 26 and "SI+(C)" not in CODES
    for code in CODES:
        for mod in range(10):
            for ones in range(10):
                for runners in ((), (1,), (2, 3)):
                    read = play_by_play(code, mod, ones, runners=runners, outs=0)
                    assert read.words
                    assert (read.kind is Misplay.SINGLE) is code.startswith("SI")


@pytest.mark.parametrize(
    ("code", "mod", "start"),
    [
        ("SI+(P)", 4, "A grounder up the middle"),
        ("SI(P)", 0, "The pitcher can't get to a tapper"),
        ("SI(P)", 3, "The pitcher can't get to a grounder to his left"),
        ("SI(P)", 8, "The pitcher can't get to a grounder to his right"),
        ("SI(P)", 9, "The pitcher gloves a high chopper"),
        ("SI(C)", 5, "The catcher can't reach a roller up the third-base line"),
        ("SI(C)", 6, "The catcher can't reach a roller up the first-base line"),
        ("SI+(1B)", 7, "A liner gets past"),
        ("SI+(3B)", 8, "A grounder in the hole"),
        ("SI(3B)", 9, "A blooper"),
        ("SI+(2B)", 3, "A grounder in the hole"),
        ("SI+(SS)", 4, "A grounder up the middle"),
        ("SI+(SS)", 9, "A liner gets past"),
        ("SI(2B)", 0, "The fielder dives to knock down a grounder up the middle"),
        ("SI+(CF)", 4, "A fly ball into the left-center alley"),
        ("SI+(CF)", 5, "A fly ball into the right-center alley"),
        ("SI(CF)", 0, "A looping liner drops in front of the center fielder"),
        ("SI+(RF)", 2, "A fly ball in the gap"),
        ("SI(LF)", 2, "A looping liner"),
    ],
)
def test_single_words_by_mod_die(code: str, mod: int, start: str) -> None:
    # DDB "Play-by-Play Chart" SI+ and SI rows
    assert play_by_play(code, mod).words.startswith(start)


@pytest.mark.parametrize(
    ("code", "mod", "kind", "thrower"),
    [
        ("ERR(P)", 0, Misplay.WILD_THROW, None),
        ("ERR(P)", 2, Misplay.BAD_THROW, None),
        ("ERR(P)", 3, Misplay.FUMBLE, None),
        ("ERR(P)", 9, Misplay.DROPPED_THROW, "1B"),
        ("ERR(C)", 0, Misplay.WILD_THROW, None),
        ("ERR(C)", 4, Misplay.BAD_THROW, None),
        ("ERR(C)", 5, Misplay.DROPPED_FOUL, None),
        ("ERR(C)", 8, Misplay.DROPPED_POP, None),
        ("ERR(1B)", 1, Misplay.FUMBLE, None),
        ("ERR(1B)", 6, Misplay.FUMBLE, None),
        ("ERR(2B)", 5, Misplay.FUMBLE, None),
        ("ERR(2B)", 6, Misplay.FUMBLE, None),
        ("ERR(2B)", 7, Misplay.WILD_THROW, None),
        ("ERR(2B)", 8, Misplay.WILD_THROW, None),
        ("ERR(3B)", 7, Misplay.FUMBLE, None),
        ("ERR(3B)", 8, Misplay.WILD_THROW, None),
        ("ERR(SS)", 7, Misplay.FUMBLE, None),
        ("ERR(SS)", 8, Misplay.WILD_THROW, None),
        ("ERR(LF)", 0, Misplay.OUTFIELD, None),
        ("ERR(CF)", 1, Misplay.OUTFIELD, None),
        ("ERR(RF)", 8, Misplay.OUTFIELD, None),
        ("ERR(RF)", 9, Misplay.DROPPED_FLY, None),
    ],
)
def test_error_kinds_by_mod_die(code: str, mod: int, kind: Misplay, thrower: str | None) -> None:
    # DDB "Play-by-Play Chart" ERR rows read by the mod die alone
    read = play_by_play(code, mod, runners=(1,))
    assert (read.kind, read.thrower, read.error) == (kind, thrower, True)


@pytest.mark.parametrize("code", ["ERR(1B)", "ERR(2B)", "ERR(3B)", "ERR(SS)"])
@pytest.mark.parametrize(
    ("ones", "kind"),
    [(1, Misplay.DROPPED_FOUL), (7, Misplay.DROPPED_FOUL), (0, Misplay.DROPPED_POP), (8, Misplay.DROPPED_POP)],
)
def test_mod_2_drops_a_foul_on_an_odd_1s_die_and_a_pop_on_an_even_one(code: str, ones: int, kind: Misplay) -> None:
    # DDB "Play-by-Play Chart" ERR(infielder) 2
    read = play_by_play(code, 2, ones)
    assert read.kind is kind
    assert read.pa_continues is (kind is Misplay.DROPPED_FOUL)


@pytest.mark.parametrize(
    ("mod", "ones", "thrower"),
    [(7, 0, "P"), (7, 2, "P"), (7, 3, "C"), (7, 4, "C"), (7, 5, "2B"), (7, 9, "2B"), (8, 1, "3B"), (8, 6, "SS")],
)
def test_first_base_drops_throws_by_the_1s_die(mod: int, ones: int, thrower: str) -> None:
    # DDB "Play-by-Play Chart" ERR(1B) 7 and 8
    read = play_by_play("ERR(1B)", mod, ones)
    assert (read.kind, read.thrower) == (Misplay.DROPPED_THROW, thrower)


@pytest.mark.parametrize(
    ("code", "ones", "runners", "outs", "kind"),
    [
        ("ERR(1B)", 3, (2,), 0, Misplay.BAD_THROW),  # odd: the flip to the pitcher
        ("ERR(1B)", 4, (2,), 0, Misplay.LINE_DRIVE_WILD_THROW),  # even, a runner on second
        ("ERR(1B)", 4, (3,), 1, Misplay.LINE_DRIVE_WILD_THROW),
        ("ERR(1B)", 4, (1,), 0, Misplay.LINE_OUT),  # even, nobody on second or third: a plain line out
        ("ERR(1B)", 4, (), 0, Misplay.BAD_THROW),  # bases empty: the odd reading
        ("ERR(1B)", 4, (2,), 2, Misplay.BAD_THROW),  # two outs: the odd reading
        ("ERR(2B)", 5, (1,), 0, Misplay.LEAD_RUNNER_BAD_THROW),
        ("ERR(2B)", 6, (1,), 0, Misplay.LINE_DRIVE_WILD_THROW),
        ("ERR(2B)", 6, (3,), 0, Misplay.LINE_OUT),  # even: only runners on first or second count
        ("ERR(3B)", 0, (2,), 1, Misplay.LINE_DRIVE_WILD_THROW),
        ("ERR(3B)", 0, (1, 2), 2, Misplay.LEAD_RUNNER_BAD_THROW),
        ("ERR(SS)", 2, (3,), 0, Misplay.LINE_DRIVE_WILD_THROW),  # any runner will do
        ("ERR(SS)", 2, (), 0, Misplay.LEAD_RUNNER_BAD_THROW),
    ],
)
def test_infield_9_rows(code: str, ones: int, runners: tuple[int, ...], outs: int, kind: Misplay) -> None:
    # DDB "Play-by-Play Chart" ERR(1B/2B/3B/SS) 9: odd or even 1s die, the odd reading with the
    # bases empty or two outs, the double-off throw only with a runner to double off
    read = play_by_play(code, 9, ones, runners=runners, outs=outs)
    assert read.kind is kind
    assert read.batter_out is (kind in (Misplay.LINE_DRIVE_WILD_THROW, Misplay.LINE_OUT))
    assert read.runners_advance_one is (kind is Misplay.LINE_DRIVE_WILD_THROW)
    assert read.error is (kind is not Misplay.LINE_OUT)


@pytest.mark.parametrize(("runners", "kind"), [((2,), Misplay.PICKOFF_WILD_THROW), ((), Misplay.BAD_THROW)])
def test_catcher_9_throws_behind_the_lead_runner_or_pulls_the_fielder_off_the_bag(
    runners: tuple[int, ...], kind: Misplay
) -> None:
    # DDB "Play-by-Play Chart" ERR(C) 9
    assert play_by_play("ERR(C)", 9, runners=runners).kind is kind


def test_throwing_errors_are_marked() -> None:
    # DDB "Play-by-Play Chart": throws over a head, into the dugout, off the bag are the thrower's
    throwing = {
        (code, mod)
        for code in CODES
        if code.startswith("ERR")
        for mod in range(10)
        if play_by_play(code, mod, 1, runners=(1,), outs=0).throwing
    }
    assert throwing == {
        ("ERR(P)", 0), ("ERR(P)", 1), ("ERR(P)", 2), ("ERR(C)", 0), ("ERR(C)", 1), ("ERR(C)", 2), ("ERR(C)", 3),
        ("ERR(C)", 4), ("ERR(C)", 9), ("ERR(1B)", 9), ("ERR(2B)", 7), ("ERR(2B)", 8), ("ERR(2B)", 9),
        ("ERR(3B)", 8), ("ERR(3B)", 9), ("ERR(SS)", 8), ("ERR(SS)", 9),
    }  # fmt: skip


def test_rows_that_split_on_the_1s_die_need_it() -> None:
    with pytest.raises(ValueError, match="1s die"):
        play_by_play("ERR(1B)", 2)
    with pytest.raises(ValueError, match="not on the Play-by-Play Chart"):
        play_by_play("SI+(C)", 2)
    assert play_by_play_chart()["ERR(CF)"] is play_by_play_chart()["ERR(LF)"]
