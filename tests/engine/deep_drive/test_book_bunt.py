"""DDB "Bunt Chart": each play code by the card it came from, the suicide squeeze table, the DEF
remap and OUT by the mod die."""

from __future__ import annotations

import pytest

from engine.deep_drive.charts.bunt import (
    Bunt,
    BuntPlay,
    bunt,
    def_fielder,
    def_rating,
    out_words,
    sacrifice_fielder,
    speed_steal,
)


@pytest.mark.parametrize(
    ("mod", "fielder"), [(0, "P"), (1, "P"), (2, "C"), (3, "C"), (4, "1B"), (6, "1B"), (7, "3B"), (9, "3B")]
)
def test_who_fields_a_successful_sacrifice(mod: int, fielder: str) -> None:
    # DDB "Bunt Chart": 0-1 P, 2-3 C, 4-6 1B, 7-9 3B
    assert sacrifice_fielder(mod) == fielder


def test_dd_from_the_batter_card_is_a_missed_bunt() -> None:
    # DDB "Bunt Chart" DD, batter's card: a miss with the lead runner stealing
    assert bunt("DD", from_batter=True, mod=4) == Bunt(BuntPlay.MISSED_BUNT)


@pytest.mark.parametrize(
    ("strikes", "play"), [(0, BuntPlay.STRIKE_TWO), (1, BuntPlay.STRIKEOUT), (2, BuntPlay.STRIKEOUT)]
)
def test_dd_from_the_pitcher_card_two_strikes_or_a_foul_tip_strikeout(strikes: int, play: BuntPlay) -> None:
    # DDB "Bunt Chart" DD, pitcher's card
    assert bunt("DD", from_batter=False, mod=4, strikes=strikes).play is play


@pytest.mark.parametrize(
    ("mod", "run", "steal", "stolen"),
    [(2, "F", 3, True), (3, "F", 3, False), (0, "VF", 1, True), (0, "avg", 9, False), (0, "VF", 0, False)],
)
def test_the_steal_on_a_missed_bunt(mod: int, run: str, steal: int, stolen: bool) -> None:
    # DDB "Bunt Chart" DD: F/VF and the mod die below his STEAL rating
    assert speed_steal(mod, run, steal) is stolen


@pytest.mark.parametrize("code", ["SI+", "SI"])
@pytest.mark.parametrize("from_batter", [True, False])
def test_singles_are_sacrifices(code: str, from_batter: bool) -> None:
    # DDB "Bunt Chart" SI+ and SI
    assert bunt(code, from_batter=from_batter, mod=8) == Bunt(BuntPlay.SACRIFICE, "3B")


@pytest.mark.parametrize(("balls", "play"), [(0, BuntPlay.BALL), (2, BuntPlay.BALL), (3, BuntPlay.WALK)])
def test_bb_is_a_ball(balls: int, play: BuntPlay) -> None:
    # DDB "Bunt Chart" BB: a ball; ball four walks him
    assert bunt("BB", from_batter=True, mod=0, balls=balls).play is play
    assert bunt("BB", from_batter=False, mod=0, balls=balls).play is play


def test_hbp() -> None:
    # DDB "Bunt Chart" HBP
    assert bunt("HBP", from_batter=False, mod=0) == Bunt(BuntPlay.HIT_BY_PITCH)


def test_so_from_the_batter_card_is_a_sacrifice_without_a_squeeze() -> None:
    # DDB "Bunt Chart" SO, batter's card
    assert bunt("SO", from_batter=True, mod=2) == Bunt(BuntPlay.SACRIFICE, "C")


@pytest.mark.parametrize(("strikes", "play"), [(0, BuntPlay.STRIKE_TWO), (1, BuntPlay.STRIKEOUT)])
def test_so_from_the_pitcher_card(strikes: int, play: BuntPlay) -> None:
    # DDB "Bunt Chart" SO, pitcher's card: two strikes, or out with any strike on him
    assert bunt("SO", from_batter=False, mod=0, strikes=strikes, squeeze=True, third="VF").play is play


OUT, SAFE, SCORES = BuntPlay.SQUEEZE_RUNNER_OUT, BuntPlay.SQUEEZE_BOTH_SAFE, BuntPlay.SQUEEZE_RUNNER_SCORES
# DDB "Bunt Chart" suicide squeeze: (mod, fielder) -> the play for VS, S, avg, F, VF
SQUEEZE_IN = {
    (0, "P"): (OUT, OUT, OUT, SAFE, SAFE),
    (1, "P"): (OUT, OUT, SAFE, SAFE, SAFE),
    (2, "1B"): (OUT, OUT, OUT, SAFE, SAFE),
    (3, "1B"): (OUT, OUT, OUT, SAFE, SAFE),
    (4, "1B"): (OUT, OUT, SAFE, SAFE, SAFE),
    (5, "1B"): (OUT, OUT, SAFE, SAFE, SAFE),
    (6, "3B"): (OUT, OUT, OUT, SAFE, SAFE),
    (7, "3B"): (OUT, OUT, OUT, SAFE, SAFE),
    (8, "3B"): (OUT, OUT, SAFE, SAFE, SAFE),
    (9, "3B"): (OUT, OUT, SAFE, SAFE, SAFE),
}
SQUEEZE_DEEP = {
    (0, "P"): (OUT, OUT, SCORES, SCORES, SCORES),
    (1, "P"): (SAFE, SAFE, SAFE, SAFE, SAFE),
    (2, "1B"): (OUT, OUT, SCORES, SCORES, SCORES),
    (5, "1B"): (OUT, OUT, SCORES, SCORES, SCORES),
    (6, "3B"): (OUT, OUT, SCORES, SCORES, SCORES),
    (9, "3B"): (OUT, OUT, SCORES, SCORES, SCORES),
}


@pytest.mark.parametrize(
    ("infield_in", "mod", "fielder"), [(True, *k) for k in SQUEEZE_IN] + [(False, *k) for k in SQUEEZE_DEEP]
)
def test_suicide_squeeze_by_mod_die_depth_and_the_speed_of_the_runner_on_third(
    infield_in: bool, mod: int, fielder: str
) -> None:
    # DDB "Bunt Chart" SO from the batter's card on a suicide squeeze
    plays = (SQUEEZE_IN if infield_in else SQUEEZE_DEEP)[mod, fielder]
    for run, play in zip(("VS", "S", "avg", "F", "VF"), plays, strict=True):
        assert bunt("SO", from_batter=True, mod=mod, squeeze=True, infield_in=infield_in, third=run) == Bunt(
            play, fielder
        )


def test_a_squeeze_needs_the_runner_on_third() -> None:
    with pytest.raises(ValueError, match="runner on third"):
        bunt("SO", from_batter=True, mod=0, squeeze=True)


@pytest.mark.parametrize("from_batter", [True, False])
def test_def_goes_to_the_def_chart(from_batter: bool) -> None:
    # DDB "Bunt Chart" DEF
    assert bunt("DEF", from_batter=from_batter, mod=5) == Bunt(BuntPlay.DEF)


@pytest.mark.parametrize(
    ("position", "fielder"),
    [
        ("2B", "1B"),
        ("RF", "1B"),
        ("SS", "3B"),
        ("LF", "3B"),
        ("CF", "C"),
        ("P", "P"),
        ("C", "C"),
        ("1B", "1B"),
        ("3B", "3B"),
    ],
)
def test_def_remapped_to_the_bunt_fielders(position: str, fielder: str) -> None:
    # DDB "Bunt Chart" DEF: 2B/RF to 1B, SS/LF to 3B, CF to C
    assert def_fielder(position) == fielder


@pytest.mark.parametrize(
    ("fielder", "infield_in", "rating"),
    [("1B", True, 4), ("3B", True, 4), ("1B", False, 3), ("C", True, 3), ("P", True, 3)],
)
def test_def_corners_add_one_with_the_infield_in(fielder: str, infield_in: bool, rating: int) -> None:
    # DDB "Bunt Chart" DEF, its note
    assert def_rating(fielder, 3, infield_in=infield_in) == rating


@pytest.mark.parametrize(
    ("mod", "play", "fielder"),
    [
        (0, BuntPlay.POP_OUT_DOUBLE_OFF, None),
        (1, BuntPlay.POP_OUT, None),
        (2, BuntPlay.SACRIFICE, "C"),
        (9, BuntPlay.SACRIFICE, "3B"),
    ],
)
def test_out_by_mod_die(mod: int, play: BuntPlay, fielder: str | None) -> None:
    # DDB "Bunt Chart" OUT: 0 pop out and the lead runner doubled off, 1 pop out, else a sacrifice
    assert bunt("OUT", from_batter=True, mod=mod) == Bunt(play, fielder)
    assert out_words(mod)


def test_the_bunt_chart_refuses_other_codes_and_counts() -> None:
    with pytest.raises(ValueError, match="not a play code"):
        bunt("G6", from_batter=True, mod=0)
    with pytest.raises(ValueError, match="no such count"):
        bunt("BB", from_batter=True, mod=0, balls=4)
