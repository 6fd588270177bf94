"""Depth charts from hand-built seasons: the stated rules, and a legal lineup and rotation always."""

from __future__ import annotations

import random

import pytest

from seasons.depth import FIELD, ROSTER_SIZE, DepthError, depth_chart
from seasons.stats import Player
from tests.seasons.set_builders import batter, full_team, pitcher, season, team


def chart(players: list[Player], dh: bool = True):  # type: ignore[no-untyped-def]
    s = season(players, [team("aaa")])
    bats = {p.player_id for p in players if p.batting}
    arms = {p.player_id for p in players if p.pitching}
    return depth_chart(s, "aaa", bats, arms, dh)


def test_regulars_platoon_order_rotation_and_bullpen() -> None:
    d = chart(full_team("aaa"))
    # LF: aaalf (L, 95 games) and aaalf2 (R, 60 games >= 40 %) platoon.
    assert dict((pos, pid) for pid, pos in d.vs_rhp)["LF"] == "aaalf"
    assert dict((pos, pid) for pid, pos in d.vs_lhp)["LF"] == "aaalf2"
    assert [pid for pid, _ in d.vs_rhp] == [
        "aaa2b", "aaarf", "aaadh", "aaa1b", "aaalf", "aaacf", "aaa3b", "aaac", "aaass",
    ]  # fmt: skip
    assert d.rotation == ("aaasp0", "aaasp1", "aaasp2", "aaasp3", "aaasp4")
    assert d.bullpen["closer"] == ("aaacl",)
    assert d.bullpen["setup"] == ("aaarp0", "aaarp1")
    assert d.bullpen["long"] == ("aaasp5",)  # the sixth starter: most batters faced per game
    assert len(d.roster_batters) + len(d.roster_pitchers) == ROSTER_SIZE
    assert "aaac2" in d.roster_batters


def test_without_the_dh_the_dh_spot_bats_ninth() -> None:
    d = chart(full_team("aaa"), dh=False)
    assert d.vs_rhp[8] == ("aaadh", "DH")
    assert d.vs_rhp[0] == ("aaacf", "CF")


def test_no_platoon_when_the_runner_up_played_little() -> None:
    players = [
        p if p.player_id != "aaalf2" else batter("aaalf2", "aaa", {"LF": 30}, bats="R") for p in full_team("aaa")
    ]
    d = chart(players)
    assert dict((pos, pid) for pid, pos in d.vs_lhp)["LF"] == "aaalf"


def test_a_position_nobody_played_is_filled_and_noted() -> None:
    players = [p for p in full_team("aaa") if p.player_id not in ("aaass", "aaaut")]
    d = chart(players)
    assert dict((pos, pid) for pid, pos in d.vs_rhp)["SS"] == "aaadh"  # most PA of the rest
    assert d.notes == ("aaa: nobody played SS; Aaadh (most PA of the rest) plays there",)


def test_short_of_starters_the_busiest_arms_fill_the_rotation() -> None:
    players = [p for p in full_team("aaa") if not p.player_id.startswith("aaasp")]
    players.append(pitcher("aaasp0", "aaa", g=30, gs=30, bfp=800))
    d = chart(players)
    assert d.rotation == ("aaasp0", "aaacl", "aaarp0", "aaarp1", "aaarp2")
    assert "aaacl" not in d.bullpen.get("closer", ())


def test_too_few_players_is_a_clear_error() -> None:
    players = [p for p in full_team("aaa") if p.pitching][:4] + [p for p in full_team("aaa") if p.batting]
    with pytest.raises(DepthError, match="aaa: 4 pitchers with cards; a rotation needs 5"):
        chart(players)
    with pytest.raises(DepthError, match="aaa: 3 batters with cards; a lineup needs 9"):
        chart([p for p in full_team("aaa") if p.pitching] + [p for p in full_team("aaa") if p.batting][:3])


def thin_team(rng: random.Random) -> list[Player]:
    """A random team: 9-24 batters with 0-3 positions each (games 0-160), 5-20 pitchers."""
    players: list[Player] = []
    for i in range(rng.randint(9, 24)):
        games = {pos: rng.randint(0, 160) for pos in rng.sample([*FIELD, "DH", "PH"], rng.randint(0, 3))}
        pa = rng.randint(1, 700)
        players.append(batter(f"b{i}", "aaa", games, pa=pa, h=pa // 4, bb=pa // 10, bats=rng.choice("LRS")))
    for i in range(rng.randint(5, 20)):
        g = rng.randint(1, 70)
        gs = rng.randint(0, g)
        players.append(pitcher(f"p{i}", "aaa", g=g, gs=gs, gf=rng.randint(0, g - gs), bfp=rng.randint(1, 1100)))
    return players


@pytest.mark.parametrize("seed", range(60))
def test_every_team_fields_a_legal_lineup_and_five_starters(seed: int) -> None:
    rng = random.Random(seed)
    players = thin_team(rng)
    dh = seed % 2 == 0
    d = chart(players, dh)
    batters = {p.player_id for p in players if p.batting}
    arms = {p.player_id for p in players if p.pitching}
    for lineup in (d.vs_rhp, d.vs_lhp):
        assert len(lineup) == 9
        assert sorted(pos for _, pos in lineup) == sorted([*FIELD, "DH"])
        assert len({pid for pid, _ in lineup}) == 9
        assert all(pid in batters and pid in d.roster_batters for pid, _ in lineup)
        if not dh:
            assert lineup[8][1] == "DH"
    assert len(d.rotation) == len(set(d.rotation)) == 5
    assert set(d.rotation) <= set(d.roster_pitchers) <= arms
    assert len(d.roster_batters) + len(d.roster_pitchers) <= ROSTER_SIZE
    assert len(set(d.roster_batters)) == len(d.roster_batters)
    relievers = [pid for ids in d.bullpen.values() for pid in ids]
    assert len(relievers) == len(set(relievers))
    assert set(relievers) <= set(d.roster_pitchers) - set(d.rotation)
