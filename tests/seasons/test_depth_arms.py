"""Depth arms: a team's pitchers its staff has no place for, pooled into one composite card on it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from cards.loader import load_set
from cards.models import PitcherStats
from seasons.depth import ROSTER_SIZE, depth_chart, pool_depth_arm
from seasons.fit import fit_season
from seasons.inside_pitch.generate import generate
from seasons.stats import Fielding, Pitching, Player, Season, Stint
from seasons.write import ATTRIBUTION_FILE
from tests.seasons import test_fit
from tests.seasons.set_builders import full_team, pitcher, season, team
from tests.seasons.test_generate import (
    PITCHING,
    SEAVER,
    FakeFit,
    fake_batter_ratings,
    fake_fit,
    fake_pitcher_ratings,
    two_teams,
)


def with_extras() -> list[Player]:
    """AAA's full team, two mop-up men, and a BBB man who pitched for AAA too (a stint each)."""
    players = full_team("aaa") + full_team("bbb")
    mop1 = pitcher("aaamop1", "aaa", g=6, gs=2, bfp=60, throws="L")
    mop2 = pitcher("aaamop2", "aaa", g=4, gs=1, bfp=40)
    players += [
        replace(mop1, fielding={"P": Fielding("P", g=6, inn_outs=40, po=1, a=3, e=1)}),
        replace(mop2, fielding={"P": Fielding("P", g=4, inn_outs=30, po=0, a=2, e=0, dp=1)}),
    ]
    for_aaa = Pitching(g=5, gs=1, outs=45, bf=70, h=20, er=12, r=13, hr=3, bb=9, k=11)
    for_bbb = Pitching(g=20, gs=0, outs=60, bf=90, h=20, er=8, hr=2, bb=8, k=20)
    stints = (Stint("aaa", None, for_aaa, {"P": 5}), Stint("bbb", None, for_bbb, {"P": 20}))
    players.append(Player("travel", "Travel", "R", "R", "bbb", None, for_aaa + for_bbb, {}, stints))
    return players


def ids(players: list[Player]) -> tuple[set[str], set[str]]:
    return {p.player_id for p in players if p.batting}, {p.player_id for p in players if p.pitching}


def test_the_pool_sums_the_stints_of_everyone_left_off() -> None:
    players = with_extras()
    s = season(players, [team("aaa"), team("bbb")])
    staff = {p.player_id for p in players if p.team_id == "aaa" and p.pitching} - {"aaamop1", "aaamop2", "aaarp6"}
    arm = pool_depth_arm(s, "aaa", staff)
    assert arm is not None and arm.pitching is not None
    by_id = {p.player_id: p for p in players}
    # aaarp6's whole line, the two mop-up men's, and only Travel's stint with AAA.
    lines = [by_id["aaarp6"].pitching, by_id["aaamop1"].pitching, by_id["aaamop2"].pitching]
    expected = Pitching(g=5, gs=1, outs=45, bf=70, h=20, er=12, r=13, hr=3, bb=9, k=11)
    for one in lines:
        assert one is not None
        expected = expected + one
    assert arm.pitching == expected
    assert (arm.pitching.bf, arm.pitching.gs, arm.pitching.g) == (190 + 60 + 40 + 70, 2 + 1 + 1, 32 + 6 + 4 + 5)
    assert (arm.player_id, arm.name, arm.team_id, arm.throws, arm.batting) == (
        "aaa-depth-arms", "aaa depth arms 1970", "aaa", "R", None,
    )  # fmt: skip
    assert arm.fielding["P"] == Fielding("P", g=10, gs=0, inn_outs=70, po=1, a=5, e=1, dp=1)
    assert arm.stints == (Stint("aaa", None, expected, {"P": 47, "all": 47, "GS": 4}),)
    # Nobody left off: no arm.
    everyone = {p.player_id for p in players if p.pitching}
    assert pool_depth_arm(s, "aaa", everyone) is None


def test_the_arm_takes_the_last_relievers_place_and_is_the_long_man() -> None:
    players = with_extras()
    s = season(players, [team("aaa"), team("bbb")])
    bats, arms = ids(players)
    plain = depth_chart(s, "aaa", bats, arms, True)
    d = depth_chart(s, "aaa", bats, arms, True, depth_arms=True)
    assert plain.depth_arm is None
    assert len(plain.roster_batters) + len(plain.roster_pitchers) == ROSTER_SIZE
    assert len(d.roster_batters) + len(d.roster_pitchers) == ROSTER_SIZE
    assert d.roster_batters == plain.roster_batters
    # The staff's last reliever (fewest relief BF) gives his place and joins the pool.
    assert plain.roster_pitchers[-1] == "aaarp6" and "aaamop1" not in plain.roster_pitchers
    assert d.roster_pitchers == (*plain.roster_pitchers[:-1], "aaa-depth-arms")
    assert d.depth_arm is not None and d.depth_arm.pitching is not None
    assert d.depth_arm.pitching.bf == 360
    aaa_bfp = sum(p.pitching.bf for p in players if p.team_id == "aaa" and p.pitching) + 70
    assert d.depth_arm_share == 360 / aaa_bfp
    assert d.bullpen["long"] == ("aaa-depth-arms",)
    assert d.bullpen["middle"][0] == plain.bullpen["long"][0]
    assert d.pitcher_starts["aaa-depth-arms"] == 4
    assert any("aaa depth arms 1970: 4 pitchers left off the staff" in n for n in d.notes)
    # A team whose men all have places gets no arm.
    alone = full_team("aaa")
    bats, arms = ids(alone)
    assert depth_chart(season(alone, [team("aaa")]), "aaa", bats, arms, True, depth_arms=True).depth_arm is None


def test_the_fit_makes_the_arm_a_card_and_leaves_every_other_card_as_it_was() -> None:
    s = test_fit.season()
    arm = pool_depth_arm(s, "AAA", {p.player_id for p in s.players.values() if p.player_id != "arm04"})
    assert arm is not None
    plain = fit_season(s, rounds=1)
    with_arm = fit_season(s, rounds=1, depth_arms=[arm])
    assert set(with_arm.pitchers) == set(plain.pitchers) | {"aaa-depth-arms"}
    assert {k: v for k, v in with_arm.pitchers.items() if k != arm.player_id} == plain.pitchers
    assert with_arm.batters == plain.batters
    # The arm is arm04 alone here: his card is arm04's.
    assert with_arm.pitchers[arm.player_id] == plain.pitchers["arm04"]


def test_a_generated_sets_team_entry_carries_its_depth_arm(tmp_path: Path) -> None:
    def fit(s: Season, depth_arms: Sequence[Player] = ()) -> FakeFit:
        out = fake_fit(s)
        for arm in depth_arms:
            out.pitchers[arm.player_id] = {k: SEAVER[k] for k in PITCHING if k in SEAVER}
        return out

    data = two_teams()  # AAA: 15 pitchers for 14 places; BBB: 14 for 13
    generate(
        1970,
        ["NL"],
        tmp_path / "set",
        load_season=lambda year, leagues: data,
        fit_season=fit,
        batter_ratings=fake_batter_ratings,
        pitcher_ratings=fake_pitcher_ratings,
        depth_arms=True,
    )
    cardset = load_set(tmp_path / "set")
    aaa, bbb = cardset.team_entries["aaa-1970"], cardset.team_entries["bbb-1970"]
    assert len(aaa.roster) == ROSTER_SIZE and aaa.roster[-1] == "aaa-depth-arms-1970"
    assert "aaarp5-1970" not in aaa.roster and "aaarp6-1970" not in aaa.roster  # pooled in him
    assert aaa.bullpen.long == ["aaa-depth-arms-1970"]
    card = cardset.pitchers["aaa-depth-arms-1970"]
    assert (card.name, card.team, card.depth_arm, card.injury) == ("aaa depth arms 1970", "Aaa Club", True, 0)
    assert card.bats is None  # many men: he bats from the generic card's side
    assert card.stats is not None and card.stats.innings == (200 * 3 // 4 + 190 * 3 // 4) // 3
    # BBB (13 batters, so 13 pitchers' places): the arm pools the reliever left off and the one whose place he takes.
    assert bbb.roster[-1] == "bbb-depth-arms-1970" and "bbbtwo-pitching-1970" not in bbb.roster
    off = [
        p
        for p in data.players.values()
        if p.team_id == "bbb" and p.pitching and f"{p.player_id}-1970" not in bbb.roster
    ]
    assert sorted(p.player_id for p in off) == ["bbbrp5", "bbbrp6"]
    outs = sum(p.pitching.outs for p in off if p.pitching)
    assert cardset.pitchers["bbb-depth-arms-1970"].stats == PitcherStats(
        wins=0, losses=0, saves=1, era="0.00", innings=outs // 3, hits=97, strikeouts=64, walks=0, home_runs=0
    )
    notes = (tmp_path / "set" / ATTRIBUTION_FILE).read_text()
    assert "aaa: aaa depth arms 1970: 2 pitchers left off the staff pooled into one card" in notes


def test_the_arms_relief_outings_count_at_most_one_a_team_game() -> None:
    from seasons.inside_pitch.generate import _one_outing_a_game

    many = pitcher("x", "aaa", g=248, gs=22, bfp=1500)
    arm = pool_depth_arm(season([many], [team("aaa")]), "aaa", set())
    assert arm is not None
    rated = _one_outing_a_game(arm, season([many], [team("aaa")]))
    assert rated.pitching == replace(many.pitching, g=22 + 162)  # 226 relief outings, 162 games
    few = pitcher("y", "aaa", g=60, gs=5, bfp=500)
    arm = pool_depth_arm(season([few], [team("aaa")]), "aaa", set())
    assert arm is not None and _one_outing_a_game(arm, season([few], [team("aaa")])) is arm
