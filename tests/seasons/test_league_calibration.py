"""seasons.calibrate where the two leagues differ (the DH in one only, or leagues that did not meet):
each league's scales from its own cards' games against its own real line; elsewhere one set, as before."""

from __future__ import annotations

import dataclasses

import pytest

from seasons.calibrate import (
    Calibration,
    LeagueSplit,
    league_view,
    leagues_differ,
    player_league,
    rates,
    steal_rates,
)
from seasons.common import league_split
from seasons.deep_drive.generate import DeepDriveCalibration
from seasons.fit import CATS, fit_season
from seasons.stats import Batting, Player, Season, Stint
from tests.seasons.set_builders import batter, pitcher, season, team
from tests.seasons.test_calibrate import Played, _line

AL_LINE = Batting(pa=6000, ab=5400, r=750, h=1400, doubles=220, triples=40, hr=180, bb=500, hbp=40, k=1200,
                  sb=80, cs=40)  # fmt: skip
NL_LINE = Batting(pa=6000, ab=5450, r=680, h=1380, doubles=250, triples=30, hr=150, bb=480, hbp=30, k=1300,
                  sb=100, cs=40)  # fmt: skip


def _as_batting(line: dict[str, int]) -> Batting:
    return Batting(pa=line["pa"], ab=line["ab"], r=line["r"], h=line["h"], doubles=line["doubles"],
                   triples=line["triples"], hr=line["hr"], bb=line["bb"], k=line["k"], hbp=line["hbp"],
                   sb=line["sb"], cs=line["cs"])  # fmt: skip


def two_leagues(year: int) -> Season:
    return season(
        [],
        [
            dataclasses.replace(team("aaa", "AL"), batting=AL_LINE),
            dataclasses.replace(team("nnn", "NL"), batting=NL_LINE),
        ],
        year=year,
    )


SPLIT = LeagueSplit(
    league_of={"a": "AL", "ap": "AL", "n": "NL", "np": "NL"},
    pitchers_real={"AL": Batting(), "NL": Batting(pa=100, ab=95, h=10, bb=5, k=40)},
    team_share={"AL": 0.5, "NL": 0.5},
)
AL_PLAYED = _line(pa=3000, ab=2700, r=400, h=760, doubles=100, triples=20, hr=100, bb=220, k=560, hbp=15,
                  sb=50, cs=20)  # fmt: skip
NL_PLAYED = _line(pa=3000, ab=2750, r=320, h=700, doubles=130, triples=12, hr=70, bb=230, k=660, hbp=12,
                  sb=40, cs=25)  # fmt: skip


@pytest.mark.parametrize(
    ("year", "leagues", "differ"),
    [(2016, ("AL", "NL"), True), (1985, ("AL", "NL"), True), (1927, ("AL", "NL"), True), (1970, ("AL", "NL"), True),
     (2023, ("AL", "NL"), False), (2020, ("AL", "NL"), False), (1999, ("AL", "NL"), True), (2016, ("AL",), False)],
)  # fmt: skip
def test_the_leagues_differ_with_the_dh_in_one_or_before_they_met(
    year: int, leagues: tuple[str, ...], differ: bool
) -> None:
    s = season([], [team(f"{lg.lower()}x", lg) for lg in leagues], year=year)
    assert leagues_differ(s) is differ


def test_a_traded_player_takes_the_league_of_most_of_his_pa_and_bfp() -> None:
    s = season([], [team("aaa", "AL"), team("nnn", "NL")], year=2016)
    one = Batting(pa=200)
    two = Batting(pa=350)
    moved = Player("m", "M", "R", "R", "aaa", one + two, None, {},
                   (Stint("aaa", one, None, {}), Stint("nnn", two, None, {})))  # fmt: skip
    assert player_league(moved, s) == "NL"  # 350 of his 550 PA in the NL
    # an arm: PA and BFP counted together (40 PA + 300 BFP in the AL against 100 PA in the NL)
    arm_al = dataclasses.replace(pitcher("x", "aaa", bfp=300).stints[0], batting=Batting(pa=40))
    arm = Player("x", "X", "R", "R", "nnn", None, None, {}, (arm_al, Stint("nnn", Batting(pa=100), None, {})))
    assert player_league(arm, s) == "AL"
    # a tie goes to his card's team's league
    tied = Player("t", "T", "R", "R", "nnn", None, None, {},
                  (Stint("aaa", Batting(pa=100), None, {}), Stint("nnn", Batting(pa=100), None, {})))  # fmt: skip
    assert player_league(tied, s) == "NL"


def test_a_league_view_holds_its_own_cards_games_and_errors() -> None:
    played = Played(team_games=300, batting={"a": AL_PLAYED, "n": NL_PLAYED, "x": _line(pa=5)},
                    pitching={"ap": {"bf": 10, "wp": 3}, "np": {"bf": 12, "wp": 1}},
                    errors=90, errors_by_card={"a": 50, "n": 40})  # fmt: skip
    view = league_view(played, SPLIT, "AL")
    assert (view.team_games, set(view.batting), set(view.pitching), view.errors) == (150, {"a"}, {"ap"}, 50)
    # no errors by card: the league's share of them
    assert league_view(dataclasses.replace(played, errors_by_card=None), SPLIT, "NL").errors == 45


def test_each_leagues_scales_come_from_its_own_games_against_its_own_real_line() -> None:
    real = two_leagues(2016)
    played = Played(team_games=200, batting={"a": AL_PLAYED, "n": NL_PLAYED})
    cal = Calibration()
    cal.update(played, ["ap", "np"], real, Batting(), split=SPLIT)
    assert set(cal.leagues) == {"AL", "NL"}
    assert cal.adjust == {} and cal.steals == {}  # the set's own levels are not used: the leagues' are
    for league, mine, line in (("AL", AL_PLAYED, AL_LINE), ("NL", NL_PLAYED, NL_LINE)):
        sub = cal.leagues[league]
        got, want = rates(_as_batting(mine)), rates(line)
        per_pa = {k: want[k] / got[k] for k in got if k not in ("2B", "3B")}
        assert {k: v for k, v in sub.adjust.items() if k not in ("2B", "3B")} == pytest.approx(per_pa)
        # 2B per team game: the league's 100 team games (half of 200) against its 162
        doubles = {"AL": 100, "NL": 130}[league]
        assert sub.adjust["2B"] == pytest.approx((line.doubles / 162) / (doubles / 100))
        steals = steal_rates(_as_batting(mine))
        assert sub.steals == pytest.approx({k: steal_rates(line)[k] / steals[k] for k in steals})
        assert cal.for_league(league) is sub
    assert cal.for_league(None) is cal
    assert cal.leagues["AL"].adjust["HR"] != pytest.approx(cal.leagues["NL"].adjust["HR"])

    # A round in which only the AL's cards play differently moves only the AL's scales.
    hotter = dict(AL_PLAYED, hr=130, h=790)
    other = Calibration()
    other.update(Played(team_games=200, batting={"a": hotter, "n": NL_PLAYED}), [], real, Batting(), split=SPLIT)
    assert other.leagues["NL"].adjust == cal.leagues["NL"].adjust
    assert other.leagues["NL"].steals == cal.leagues["NL"].steals
    assert other.leagues["AL"].adjust["HR"] == pytest.approx(cal.leagues["AL"].adjust["HR"] * 100 / 130)
    text = cal.describe()
    assert text.startswith("AL: 1B ") and "; NL: 1B " in text and "; both leagues: " in text


def test_where_the_leagues_do_not_differ_the_split_changes_nothing() -> None:
    real = two_leagues(2023)  # both leagues with the DH, and they meet: one set of scales
    played = Played(team_games=200, batting={"a": AL_PLAYED, "n": NL_PLAYED})
    plain, given = Calibration(), Calibration()
    plain.update(played, [], real, Batting())
    given.update(played, [], real, Batting(), split=SPLIT)
    assert given == plain and given.leagues == {}
    assert given.describe() == plain.describe()
    assert league_split(real, 2023) is None
    dd_plain, dd_given = DeepDriveCalibration(), DeepDriveCalibration()
    dd_plain.update(played, [], real, Batting())
    dd_given.update(played, [], real, Batting(), split=SPLIT)
    assert dd_given == dd_plain and "SI+ share" in dd_given.describe()


def test_deep_drive_keeps_an_si_plus_share_per_league() -> None:
    real = two_leagues(2016)
    played = Played(team_games=200, batting={"a": AL_PLAYED, "n": NL_PLAYED})
    cal = DeepDriveCalibration()
    cal.update(played, [], real, Batting(), split=SPLIT)
    assert isinstance(cal.leagues["AL"], DeepDriveCalibration)
    shares = {lg: sub.si_plus for lg, sub in cal.leagues.items() if isinstance(sub, DeepDriveCalibration)}
    assert shares["AL"] != pytest.approx(shares["NL"])
    assert cal.describe().count("SI+ share") == 2


def test_league_split_names_each_card_by_its_players_league() -> None:
    players = [batter("b1", "aaa", {"1B": 100}), batter("b2", "nnn", {"1B": 100}), pitcher("p1", "nnn")]
    s = season(players, [team("aaa", "AL"), team("nnn", "NL"), team("mmm", "NL")], year=2016)
    split = league_split(s, 2016)
    assert split is not None
    assert split.league_of["b1-2016"] == "AL" and split.league_of["b2-2016"] == "NL"
    assert split.league_of["p1-2016"] == "NL"
    assert split.team_share == pytest.approx({"AL": 1 / 3, "NL": 2 / 3})


def _fit_season() -> Season:
    players = []
    for t in ("aaa", "nnn"):
        for i in range(6):
            players.append(batter(f"{t}b{i}", t, {"1B": 150}, pa=600, h=150 + 5 * i, hr=10 + 3 * i, bats="LRS"[i % 3]))
        for i in range(4):
            players.append(pitcher(f"{t}p{i}", t, gs=30, bfp=800, throws="LR"[i % 2]))
    teams = []
    for t, lg in (("aaa", "AL"), ("nnn", "NL")):
        roster = [p for p in players if p.team_id == t]
        teams.append(dataclasses.replace(team(t, lg), batting=sum((p.batting for p in roster if p.batting), Batting())))
    return season(players, teams, year=2016)


def test_the_fit_takes_each_players_leagues_scales_and_one_set_fits_as_before() -> None:
    s = _fit_season()
    scales = {"HR": 1.2, "K": 0.9}
    plain = fit_season(s, adjust=scales, rounds=1)
    same = fit_season(s, adjust=scales, league_adjust={"AL": scales, "NL": scales}, rounds=1)
    assert same.batters == plain.batters and same.pitchers == plain.pitchers and same.targets == plain.targets
    apart = fit_season(s, adjust=scales, league_adjust={"AL": {"HR": 1.5, "K": 0.72}, "NL": scales}, rounds=1)
    hr, k = CATS.index("HR"), CATS.index("K")
    for hand in "LR":
        assert apart.targets["nnnb1"][hand] == plain.targets["nnnb1"][hand]  # the NL's scales: unchanged
        assert apart.pitcher_targets["nnnp0"][hand] == plain.pitcher_targets["nnnp0"][hand]
        assert apart.targets["aaab1"][hand][hr] == pytest.approx(plain.targets["aaab1"][hand][hr] * 1.5 / 1.2)
        assert apart.targets["aaab1"][hand][k] == pytest.approx(plain.targets["aaab1"][hand][k] * 0.8)
        assert apart.pitcher_targets["aaap0"][hand][k] == pytest.approx(plain.pitcher_targets["aaap0"][hand][k] * 0.8)


def test_the_bench_prints_each_leagues_runs_a_game() -> None:
    from bench.fidelity import Replay, league_runs

    s = season([], [dataclasses.replace(team("aaa", "AL"), r=810), dataclasses.replace(team("nnn", "NL"), r=648)])
    replays = [
        Replay(team_runs={"aaa": 400, "nnn": 300}, team_games={"aaa": 81, "nnn": 81}),
        Replay(team_runs={"aaa": 410, "nnn": 348}, team_games={"aaa": 81, "nnn": 81}),
    ]
    assert league_runs(s, replays) == [
        ("AL R/G", pytest.approx(5.0), pytest.approx(810 / 162), None),
        ("NL R/G", pytest.approx(4.0), pytest.approx(648 / 162), None),
    ]
    assert league_runs(season([], [team("aaa", "AL")]), replays) == []
