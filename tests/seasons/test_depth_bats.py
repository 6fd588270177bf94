"""Depth bats: a team's batters its roster has no place for, pooled into one composite card on it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from cards.loader import load_set
from seasons.depth import ROSTER_SIZE, depth_chart, pool_depth_bat
from seasons.fit import fit_season
from seasons.inside_pitch.generate import generate
from seasons.stats import Batting, Fielding, Pitching, Player, Season, Stint
from seasons.write import ATTRIBUTION_FILE
from tests.seasons import test_fit
from tests.seasons.set_builders import full_team, pitcher, season, team
from tests.seasons.test_generate import (
    BENCH,
    HITTING,
    PITCHING,
    SEAVER,
    FakeFit,
    fake_batter_ratings,
    fake_fit,
    fake_pitcher_ratings,
    two_teams,
)


def with_travellers() -> list[Player]:
    """Two full teams; a BBB man who batted for AAA too (a stint each); a BBB pitcher who batted for AAA."""
    players = full_team("aaa") + full_team("bbb")
    for_aaa = Batting(g=30, pa=100, ab=90, h=30, doubles=5, hr=4, bb=10, k=20)
    for_bbb = Batting(g=100, pa=300, ab=270, h=70, doubles=10, hr=6, bb=30, k=50)
    stints = (
        Stint("aaa", for_aaa, None, {"LF": 20, "1B": 5, "all": 30, "GS": 22}),
        Stint("bbb", for_bbb, None, {"LF": 90, "all": 100, "GS": 85}),
    )
    fielding = {"LF": Fielding("LF", g=110, po=200, a=5, e=3), "1B": Fielding("1B", g=5, po=40, a=2, e=0, dp=4)}
    players.append(Player("travel", "Travel", "L", "L", "bbb", for_aaa + for_bbb, None, fielding, stints))
    # A pitcher's batting is the pitcher's spot's, never a depth bat's.
    arm = pitcher("armbat", "bbb", g=30, gs=30, bfp=800)
    swing = Batting(g=10, pa=20, ab=18, h=3)
    players.append(replace(arm, batting=swing, stints=(Stint("aaa", swing, Pitching(g=10, gs=10, bf=250), {"P": 10}),)))
    return players


def ids(players: list[Player]) -> tuple[set[str], set[str]]:
    return {p.player_id for p in players if p.batting}, {p.player_id for p in players if p.pitching}


def test_the_pool_sums_the_batting_stints_of_everyone_left_off_but_pitchers() -> None:
    players = with_travellers()
    s = season(players, [team("aaa"), team("bbb")])
    by_id = {p.player_id: p for p in players}
    roster = {p.player_id for p in players if p.team_id == "aaa" and p.batting} - {"aaaut"}
    bat = pool_depth_bat(s, "aaa", roster)
    assert bat is not None and bat.batting is not None
    # aaaut's whole line and only Travel's stint with AAA; the pitcher's at-bats are not in it.
    ut = by_id["aaaut"].batting
    assert ut is not None
    assert bat.batting == Batting(g=30, pa=100, ab=90, h=30, doubles=5, hr=4, bb=10, k=20) + ut
    assert (bat.player_id, bat.name, bat.team_id) == ("aaa-depth-bats", "aaa depth bats 1970", "aaa")
    assert bat.pitching is None
    # aaaut (150 PA, right) against Travel's 100 PA with AAA (left): he bats right.
    assert bat.bats == "R"
    # Games by position summed; aaaut's starts from his games at C-RF and DH (no GS), Travel's GS.
    assert bat.stints == (
        Stint("aaa", bat.batting, None, {"2B": 20, "SS": 25, "3B": 10, "all": 85, "GS": 55 + 22, "LF": 20, "1B": 5}),
    )
    assert bat.fielding["LF"] == Fielding("LF", g=110, po=200, a=5, e=3)
    # Everyone on the roster: no bat.
    assert pool_depth_bat(s, "aaa", roster | {"aaaut", "travel"}) is None


def test_the_bat_takes_the_last_bench_place_and_carries_the_pools_starts() -> None:
    players = with_travellers()
    s = season(players, [team("aaa"), team("bbb")])
    bats, arms = ids(players)
    plain = depth_chart(s, "aaa", bats, arms, True)
    d = depth_chart(s, "aaa", bats, arms, True, depth_bats=True)
    assert plain.depth_bat is None
    assert len(plain.roster_batters) + len(plain.roster_pitchers) == ROSTER_SIZE
    assert len(d.roster_batters) + len(d.roster_pitchers) == ROSTER_SIZE
    assert d.roster_pitchers == plain.roster_pitchers
    # The bench man with the fewest starts (the second catcher stays) gives his place and joins the pool.
    assert plain.roster_batters[-1] == "aaaut"  # 55 starts (his games at 2B, SS, 3B)
    assert d.roster_batters == (*plain.roster_batters[:-1], "aaa-depth-bats")
    assert d.depth_bat is not None and d.depth_bat.batting is not None
    assert d.depth_bat.batting.pa == 150 + 100  # aaaut's and Travel's AAA stint
    assert d.batter_starts["aaa-depth-bats"] == 55 + 22
    assert d.depth_bat_share == 250 / 6000
    assert any("aaa depth bats 1970: 2 batters left off the roster pooled into one card" in n for n in d.notes)
    # A team whose men all have places gets no bat.
    alone = full_team("aaa")
    bats, arms = ids(alone)
    assert depth_chart(season(alone, [team("aaa")]), "aaa", bats, arms, True, depth_bats=True).depth_bat is None


def test_a_full_bench_gives_the_last_relievers_place_beside_a_depth_arm_and_starts_cap_at_the_games() -> None:
    # AAA's bench is one catcher; three men who mainly played elsewhere batted 400 starts for AAA.
    players = [p for p in full_team("aaa") if p.player_id not in ("aaalf2", "aaaut")] + full_team("bbb")
    for i in range(3):
        line = Batting(g=140, pa=560, ab=500, h=130, hr=10, bb=50, k=90)
        stints = (Stint("aaa", line, None, {"RF": 140, "all": 140, "GS": 134}), Stint("bbb", line, None, {"RF": 150}))
        players.append(Player(f"tr{i}", f"Tr{i}", "R", "R", "bbb", line + line, None, {}, stints))
    # 17 pitchers for 16 places: the last reliever and the man left off make a depth arm.
    players += [pitcher(f"aaamop{i}", "aaa", g=5, bfp=40 - 5 * i) for i in range(3)]
    s = season(players, [team("aaa"), team("bbb")])
    bats, arms = ids(players)
    with_arm = depth_chart(s, "aaa", bats, arms, True, depth_arms=True)
    d = depth_chart(s, "aaa", bats, arms, True, depth_arms=True, depth_bats=True)
    assert len(with_arm.roster_batters) == 10 and len(with_arm.roster_pitchers) == 16
    assert with_arm.roster_pitchers[-1] == "aaa-depth-arms"
    assert d.roster_batters == (*with_arm.roster_batters, "aaa-depth-bats")
    assert d.roster_pitchers == (*with_arm.roster_pitchers[:-2], "aaa-depth-arms")
    assert d.depth_arm is not None and d.depth_arm.pitching is not None and with_arm.depth_arm is not None
    last = with_arm.roster_pitchers[-2]
    assert last not in d.roster_pitchers  # the last reliever joins the arm's pool
    assert d.depth_arm.pitching.bf == with_arm.depth_arm.pitching.bf + s.players[last].pitching.bf  # type: ignore[union-attr]
    assert len(d.roster_batters) + len(d.roster_pitchers) == ROSTER_SIZE
    assert d.batter_starts["aaa-depth-bats"] == 162  # 402 real starts; one card starts once a game


def test_the_fit_makes_the_bat_a_card_and_leaves_every_other_card_as_it_was() -> None:
    s = test_fit.season()
    regular = next(p for p in s.players.values() if p.batting is not None and p.pitching is None)
    bat = pool_depth_bat(s, regular.team_id, {p.player_id for p in s.players.values() if p is not regular})
    assert bat is not None
    plain = fit_season(s, rounds=1)
    with_bat = fit_season(s, rounds=1, depth_bats=[bat])
    assert set(with_bat.batters) == set(plain.batters) | {bat.player_id}
    assert {k: v for k, v in with_bat.batters.items() if k != bat.player_id} == plain.batters
    assert with_bat.pitchers == plain.pitchers
    # The bat is one man here: his card is that man's.
    assert with_bat.batters[bat.player_id] == plain.batters[regular.player_id]


def test_a_generated_sets_team_entry_carries_its_depth_bat(tmp_path: Path) -> None:
    def fit(s: Season, depth_arms: Sequence[Player] = (), depth_bats: Sequence[Player] = ()) -> FakeFit:
        out = fake_fit(s)
        for arm in depth_arms:
            out.pitchers[arm.player_id] = {k: SEAVER[k] for k in PITCHING if k in SEAVER}
        for bat in depth_bats:
            out.batters[bat.player_id] = {k: BENCH[k] for k in HITTING}
        return out

    data = two_teams()
    for_aaa = Batting(g=30, pa=100, ab=90, h=30, doubles=5, hr=4, bb=10, k=20)
    stints = (Stint("aaa", for_aaa, None, {"LF": 25, "all": 30, "GS": 22}), Stint("bbb", for_aaa, None, {"LF": 30}))
    travel = Player("travel", "Travel", "L", "L", "bbb", for_aaa + for_aaa, None, {}, stints)
    data = replace(data, players={**data.players, "travel": travel})
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
    aaa = cardset.team_entries["aaa-1970"]
    assert len(aaa.roster) <= ROSTER_SIZE and "aaa-depth-bats-1970" in aaa.roster
    card = cardset.batters["aaa-depth-bats-1970"]
    assert (card.name, card.team, card.injury) == ("aaa depth bats 1970", "Aaa Club", 0)
    # His starts: Travel's 22 with AAA and those of the bench man whose place he took.
    chart = depth_chart(data, "aaa", set(fit(data).batters), set(fit(data).pitchers), False, depth_arms=True)
    given = [p for p in chart.roster_batters if f"{p}-1970" not in aaa.roster]
    assert len(given) == 1
    assert aaa.starts["aaa-depth-bats-1970"] == 22 + chart.batter_starts[given[0]]
    notes = (tmp_path / "set" / ATTRIBUTION_FILE).read_text()
    assert "aaa: aaa depth bats 1970: 2 batters left off the roster pooled into one card" in notes
