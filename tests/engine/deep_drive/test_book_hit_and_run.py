"""DDB "Hit and Run Chart": every play code, the BB and SO tables by the mod die, the OUT table."""

from __future__ import annotations

import pytest

from engine.deep_drive.charts.hit_and_run import (
    Change,
    HitAndRun,
    OutChange,
    Pitch,
    Play,
    Steal,
    deep_drive,
    hit_and_run,
    out,
)


def test_dd_rolls_the_deep_drive_section_again() -> None:
    # DDB "Hit and Run Chart" DD
    assert hit_and_run("DD", 0) == HitAndRun(Play.DEEP_DRIVE)


@pytest.mark.parametrize(
    ("result", "change"),
    [
        ("DO", Change.RUNNERS_SCORE),
        ("F7d", Change.LEAD_DOUBLED_OFF),
        ("F8d", Change.LEAD_DOUBLED_OFF),
        ("F9d", Change.LEAD_DOUBLED_OFF),
        ("HR", None),
        ("TR", None),
    ],
)
def test_dd_double_scores_everyone_and_a_deep_fly_doubles_the_lead_runner_off(
    result: str, change: Change | None
) -> None:
    # DDB "Hit and Run Chart" DD
    assert deep_drive(result) is change


@pytest.mark.parametrize("code", ["SI+", "SI"])
def test_singles_move_every_runner_two_bases(code: str) -> None:
    # DDB "Hit and Run Chart" SI+ and SI
    assert hit_and_run(code, 7) == HitAndRun(Play.SINGLE)


@pytest.mark.parametrize(
    ("mod", "pitch", "steal"),
    [
        (0, Pitch.BALL, Steal.SPEED),
        (3, Pitch.BALL, Steal.SPEED),
        (4, Pitch.BALL, Steal.CAUGHT),
        (5, Pitch.FOUL, None),
        (9, Pitch.FOUL, None),
    ],
)
def test_bb_by_mod_die(mod: int, pitch: Pitch, steal: Steal | None) -> None:
    # DDB "Hit and Run Chart" BB: 0-3 ball and a speed check, 4 ball and caught, 5-9 foul
    read = hit_and_run("BB", mod)
    assert (read.play, read.pitch, read.steal) == (Play.PITCH, pitch, steal)


@pytest.mark.parametrize(
    ("mod", "pitch", "steal"),
    [
        (0, Pitch.STRIKE, Steal.CAUGHT),
        (1, Pitch.STRIKE, Steal.CAUGHT),
        (2, Pitch.STRIKE, Steal.SPEED),
        (4, Pitch.STRIKE, Steal.SPEED),
        (5, Pitch.FOUL, None),
        (9, Pitch.FOUL, None),
    ],
)
def test_so_by_mod_die(mod: int, pitch: Pitch, steal: Steal | None) -> None:
    # DDB "Hit and Run Chart" SO: 0-1 strike and caught, 2-4 strike and a speed check, 5-9 foul
    read = hit_and_run("SO", mod)
    assert (read.play, read.pitch, read.steal) == (Play.PITCH, pitch, steal)


def test_hbp_is_a_foul_ball() -> None:
    # DDB "Hit and Run Chart" HBP
    read = hit_and_run("HBP", 0)
    assert (read.play, read.pitch, read.steal) == (Play.PITCH, Pitch.FOUL, None)


def test_def_and_out() -> None:
    # DDB "Hit and Run Chart" DEF (the handbook's chart) and OUT (the out table)
    assert hit_and_run("DEF", 3) == HitAndRun(Play.DEF)
    assert hit_and_run("OUT", 3) == HitAndRun(Play.OUT)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("L1", OutChange("L1", Change.LEAD_DOUBLED_OFF)),
        ("L6", OutChange("L6", Change.LEAD_DOUBLED_OFF)),
        ("G1", OutChange("G1s", Change.SLOW)),
        ("G2", OutChange("G2s", Change.SLOW)),
        ("G6", OutChange("G6s", Change.SLOW)),
        ("G4h", OutChange("G4s", Change.SLOW)),
        ("G1h", OutChange("G1s", Change.SLOW)),
        ("F7d", OutChange("F7d", Change.RUNNERS_HOLD)),
        ("F9d", OutChange("F9d", Change.RUNNERS_HOLD)),
        ("F8s", OutChange("F8s", Change.LEAD_DOUBLED_OFF)),
        ("F8", OutChange("F8", None)),
        ("P4", OutChange("P4", None)),
        ("G5s", OutChange("G5s", None)),
    ],
)
def test_out_table_by_out_code(code: str, expected: OutChange) -> None:
    # DDB "Hit and Run Chart" OUT
    assert out(code) == expected


def test_the_hit_and_run_chart_refuses_other_codes() -> None:
    with pytest.raises(ValueError, match="not a play code"):
        hit_and_run("F8", 0)
    with pytest.raises(ValueError, match=r"0\.\.9"):
        hit_and_run("BB", 10)
