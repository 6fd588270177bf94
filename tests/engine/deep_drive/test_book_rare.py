"""DDB "Rare Chart": three equal dice, the second roll, and who is hurt on 00-09."""

from __future__ import annotations

import pytest

from engine.deep_drive.charts.rare import Injured, RareKind, injured_fielder, is_rare, pick_injured, rare


@pytest.mark.parametrize(
    ("dice", "rare_"), [((0, 0, 0), True), ((7, 7, 7), True), ((7, 7, 6), False), ((1, 2, 1), False)]
)
def test_three_equal_dice_go_to_the_rare_chart(dice: tuple[int, int, int], rare_: bool) -> None:
    # DDB "Rare Chart": the same number on all three dice
    assert is_rare(*dice) is rare_


@pytest.mark.parametrize(
    ("roll", "kind"),
    [
        (0, RareKind.FIELDER_INJURED),
        (9, RareKind.FIELDER_INJURED),
        (10, RareKind.BATTER_CHECK),
        (29, RareKind.BATTER_CHECK),
        (30, RareKind.PITCHER_CHECK),
        (49, RareKind.PITCHER_CHECK),
        (50, RareKind.ODD_PLAY),
        (99, RareKind.ODD_PLAY),
    ],
)
def test_rare_rolls(roll: int, kind: RareKind) -> None:
    # DDB "Rare Chart": 00-09 fielder, 10-29 batter, 30-49 pitcher, 50-99 Odd Play Book
    assert rare(roll).kind is kind


@pytest.mark.parametrize("code", ["HR", "TR", "DO"])
@pytest.mark.parametrize(("mod", "fielder"), [(0, "LF"), (2, "LF"), (3, "CF"), (6, "CF"), (7, "RF"), (9, "RF")])
def test_an_outfielder_is_hurt_on_long_hits(code: str, mod: int, fielder: str) -> None:
    # DDB "Rare Chart" 00-09: HR, TR and DO by the mod die
    assert injured_fielder(code, mod).fielder == fielder


@pytest.mark.parametrize("code", ["SI+", "SI"])
@pytest.mark.parametrize(
    ("mod", "fielder"),
    [(0, "P"), (1, "P"), (2, "1B"), (3, "1B"), (4, "2B"), (5, "2B"), (6, "3B"), (7, "3B"), (8, "SS"), (9, "SS")],
)
def test_an_infielder_is_hurt_on_singles(code: str, mod: int, fielder: str) -> None:
    # DDB "Rare Chart" 00-09: SI+ and SI by the mod die
    assert injured_fielder(code, mod).fielder == fielder


@pytest.mark.parametrize("code", ["SO", "BB", "HBP"])
def test_the_catcher_is_hurt_by_a_foul_tip(code: str) -> None:
    # DDB "Rare Chart" 00-09: SO, BB, HBP
    assert injured_fielder(code, 5).fielder == "C"


def test_other_plays_hurt_one_of_the_fielders_involved_not_the_pitcher() -> None:
    # DDB "Rare Chart" 00-09: a 6-4-3 double play hurts the SS, 2B or 1B
    hurt = injured_fielder("G6", 0, ["SS", "2B", "1B"])
    assert hurt == Injured(None, hurt.words, ("SS", "2B", "1B"))
    assert [pick_injured(die, hurt.pick_from) for die in (0, 3, 4, 6, 7, 9)] == ["SS", "SS", "2B", "2B", "1B", "1B"]
    assert injured_fielder("G1", 0, ["P", "1B"]).fielder == "1B"
    assert injured_fielder("F8", 0, ["CF"]).fielder == "CF"


def test_the_pitcher_is_hurt_when_nobody_else_handled_the_ball() -> None:
    # Dugout's reading: a play only the pitcher touched
    assert injured_fielder("P1", 4, ["P"]).fielder == "P"


def test_a_play_without_a_fielder_needs_them_named() -> None:
    with pytest.raises(ValueError, match="name the fielders"):
        injured_fielder("G6", 0)
    with pytest.raises(ValueError, match="not a fielder"):
        injured_fielder("G6", 0, ["DH"])
