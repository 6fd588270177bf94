"""Depth charts from hand-built seasons: the stated rules, and a legal lineup and rotation always."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from seasons.depth import (
    FIELD,
    MAX_PITCHERS,
    MIN_PITCHERS,
    ROSTER_SIZE,
    DepthError,
    best_assignment,
    depth_chart,
    hand_shares,
    staff_size,
)
from seasons.stats import Player
from tests.seasons.set_builders import batter, full_team, pitcher, season, team


def chart(players: list[Player], dh: bool = True):  # type: ignore[no-untyped-def]
    s = season(players, [team("aaa")])
    bats = {p.player_id for p in players if p.batting}
    arms = {p.player_id for p in players if p.pitching}
    return depth_chart(s, "aaa", bats, arms, dh)


def lefty_starters(players: list[Player]) -> list[Player]:
    """Two of the five starters throw left: the league's share of starts by right-handers is 107/159."""
    return [replace(p, throws="L") if p.player_id.endswith(("sp3", "sp4")) else p for p in players]


def test_regulars_platoon_order_rotation_and_bullpen() -> None:
    d = chart(lefty_starters(full_team("aaa")))
    # LF: aaalf (L, 95 starts) plays against right-handers, aaalf2 (R, 60 starts) against left-handers.
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
    assert d.games == 162
    assert d.batter_starts["aaalf"] == 95 and d.batter_starts["aaaut"] == 55
    assert d.pitcher_starts == {"aaasp0": 33, "aaasp1": 28, "aaasp2": 23, "aaasp3": 18, "aaasp4": 13, "aaasp5": 8}


def test_hand_shares_follow_the_stated_platoon_rule() -> None:
    # 162 games, 70 % against right-handers: 113.4 games against RHP, 48.6 against LHP.
    assert hand_shares("L", 100, 162, 0.7) == {"R": 1.0, "L": 0.0}
    assert hand_shares("L", 150, 162, 0.7)["R"] == pytest.approx(113.4 / 150)
    assert hand_shares("R", 60, 162, 0.7)["L"] == pytest.approx(48.6 / 60)
    assert hand_shares("S", 100, 162, 0.7) == pytest.approx({"R": 0.7, "L": 0.3})


def cardinals() -> list[Player]:
    """The 1970 Cardinals' shape: a star catcher who also plays third, a left-handed catcher,
    a right-handed third baseman, and a platoon at first."""
    star = batter("torre", "aaa", {"C": 90, "3B": 73, "GS": 158}, pa=700, h=200, hr=21)
    players = [
        star,
        batter("simmons", "aaa", {"C": 79, "GS": 75}, pa=320, h=70, bats="L"),
        batter("shannon", "aaa", {"3B": 51, "GS": 50}, pa=200, h=40),
        batter("lefty1b", "aaa", {"1B": 95, "GS": 90}, pa=380, h=100, bats="L"),
        batter("righty1b", "aaa", {"1B": 65, "GS": 60}, pa=240, h=60),
        *(
            batter(f"aaa{pos.lower()}", "aaa", {pos: 150, "GS": 148}, pa=600, h=160)
            for pos in ("2B", "SS", "LF", "CF", "RF")
        ),
        batter("pinch", "aaa", {"LF": 20, "DH": 30, "GS": 30}, pa=150, h=50, hr=9),
    ]
    return players + lefty_starters([p for p in full_team("aaa") if p.pitching])


@pytest.mark.parametrize("dh", [False, True])
def test_the_assignment_plays_the_star_catcher_every_day(dh: bool) -> None:
    d = chart(cardinals(), dh)
    vs_r, vs_l = dict((pos, pid) for pid, pos in d.vs_rhp), dict((pos, pid) for pid, pos in d.vs_lhp)
    # Against right-handers the left-handed catcher catches and the star plays third;
    # against left-handers the star catches and the right-handed third baseman plays.
    assert (vs_r["C"], vs_r["3B"], vs_l["C"], vs_l["3B"]) == ("simmons", "torre", "torre", "shannon")
    assert (vs_r["1B"], vs_l["1B"]) == ("lefty1b", "righty1b")
    if dh:
        assert vs_r["DH"] == "pinch"  # the most starts at DH
    else:
        # Without the DH the eight fielders are the assignment's; the DH's spot (the pitcher's) is 9th.
        assert d.vs_rhp[8][1] == d.vs_lhp[8][1] == "DH"
        assert d.vs_rhp[8][0] not in ("torre", "simmons", "lefty1b")


def test_a_no_dh_team_never_parks_a_regular_at_dh() -> None:
    # A regular at third with many games at DH: without the DH he plays third, never the DH's spot.
    players = [p if p.player_id != "aaa3b" else batter("aaa3b", "aaa", {"3B": 100, "DH": 50}, pa=600, h=180, hr=30)
               for p in full_team("aaa")]  # fmt: skip
    d = chart(lefty_starters(players), dh=False)
    assert ("aaa3b", "3B") in d.vs_rhp and ("aaa3b", "3B") in d.vs_lhp


def test_best_assignment_is_exact() -> None:
    # Greedy takes 10 (row 0 at col 0) and then 1; the best is 9 + 8.
    assert best_assignment([[10, 9], [8, 1]]) == [1, 0]
    assert best_assignment([[1, 0], [0, 1], [5, 5]]) in ([2, 1], [0, 2])


def test_a_position_nobody_played_is_filled_and_noted() -> None:
    players = [p for p in full_team("aaa") if p.player_id not in ("aaass", "aaaut")]
    d = chart(lefty_starters(players))
    ss = dict((pos, pid) for pid, pos in d.vs_rhp)["SS"]
    assert ss in d.roster_batters
    assert f"aaa: nobody played SS; {ss.title()} plays there" in d.notes


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


def test_the_staff_is_as_big_as_the_team_needed() -> None:
    # Nine arms covered all of a 1920s staff's work: the minimum of nine, the rest of the 26 bat.
    small = [pitcher(f"sp{i}", "aaa", g=35, gs=30, bfp=1000) for i in range(4)]
    small += [pitcher(f"rp{i}", "aaa", g=30, bfp=100) for i in range(5)]
    assert staff_size(small) == MIN_PITCHERS
    # Ten arms of 300 and a mop-up man of 30: 95 % of 3,030 is 2,879, so the tenth is needed, not the last.
    mid = [pitcher(f"p{i}", "aaa", bfp=300) for i in range(10)] + [pitcher("mop", "aaa", bfp=30)]
    assert staff_size(mid) == 10
    # Thirty arms of equal work: today's roster limit.
    assert staff_size([pitcher(f"p{i}", "aaa", bfp=200) for i in range(30)]) == MAX_PITCHERS


def test_a_small_staff_leaves_its_places_to_the_bench() -> None:
    # Five workhorses, four relievers and three mop-up men: nine arms; 17 of the 20 batters make it.
    batters = [p for p in full_team("aaa") if p.batting]
    batters += [batter(f"bench{i}", "aaa", {"LF": 10 - i}, pa=60 - i) for i in range(8)]
    arms = [pitcher(f"sp{i}", "aaa", g=38, gs=38, bfp=900) for i in range(5)]
    arms += [pitcher(f"rp{i}", "aaa", g=40, bfp=100) for i in range(4)]
    arms += [pitcher(f"mop{i}", "aaa", g=3, bfp=10) for i in range(3)]
    d = chart(batters + arms)
    assert len(d.roster_pitchers) == MIN_PITCHERS
    assert not any(p.startswith("mop") for p in d.roster_pitchers)
    assert len(d.roster_batters) == ROSTER_SIZE - MIN_PITCHERS
    assert "bench4" in d.roster_batters and "bench5" not in d.roster_batters


def test_the_closer_keeps_his_place_though_long_men_faced_more_batters() -> None:
    # Nine places for the staff: five starters and four relievers. The closer (40 saves) faced 260
    # batters in relief, fewer than the four long men's 300-330: ranked by batters faced he was left off.
    batters = [p for p in full_team("aaa") if p.batting]
    batters += [batter(f"bench{i}", "aaa", {"LF": 10 - i}, pa=60 - i) for i in range(12)]
    arms = [pitcher(f"sp{i}", "aaa", g=34, gs=34, bfp=900) for i in range(5)]
    arms += [pitcher(f"lr{i}", "aaa", g=40, gf=5, bfp=330 - 10 * i) for i in range(4)]
    arms.append(pitcher("closer", "aaa", g=65, gf=55, sv=40, bfp=260))
    d = chart(batters + arms)
    assert len(d.roster_pitchers) == MIN_PITCHERS
    assert "closer" in d.roster_pitchers and "lr3" not in d.roster_pitchers  # the long man of least work goes
    assert d.bullpen["closer"] == ("closer",)
