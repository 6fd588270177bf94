"""bench.teams: the team-runs gap split into floor, conversion, composition, cards and park."""

from __future__ import annotations

import math
import sqlite3
from dataclasses import replace
from pathlib import Path

from bench.fidelity import Line, _batting_line, base_runs
from bench.teams import Staff, TeamPlay, composition, decompose, pitching_runs, read_teams, slope
from seasons.stats import Batting
from tests.seasons.set_builders import batter, season, team


def test_pitching_runs_are_base_runs_with_the_other_hits_in_the_leagues_shares() -> None:
    league = Line(h=100, hr=10, doubles=18, triples=9)
    line = Staff(bf=10, h=2, bb=1, hbp=0, hr=1, so=3)
    expected = base_runs(Line(pa=10, ab=9, h=2, doubles=0.2, triples=0.1, hr=1, bb=1, so=3))
    assert pitching_runs(line, league) == expected


def test_slope_is_least_squares() -> None:
    assert slope([0, 1, 2], [1, 3, 5]) == 2
    assert slope([1, 1], [0, 5]) == 0.0  # no spread in x: no slope


def test_composition_weighs_each_mans_real_line_by_his_replay_pa() -> None:
    a = batter("a", "aaa", {"1B": 100}, pa=400, h=100, hr=10, bb=40)
    s = season([a], [team("aaa")])
    # A man without a Lahman line (a depth bat) counts as he played.
    out = composition(s, {"a": Line(pa=200, h=70), "aaa-depth-bats": Line(pa=50, ab=50, h=10, hr=1)})
    real = _batting_line(a.batting) if a.batting else Line()
    assert (out.pa, out.h, out.hr, out.bb, out.doubles) == (250, real.h / 2 + 10, 5 + 1, 20, real.doubles / 2)


def _db(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.executescript(
            """
            CREATE TABLE team (id INTEGER, abbreviation TEXT, ballpark TEXT);
            CREATE TABLE game (away_team_id INTEGER, home_team_id INTEGER, away_runs INTEGER, home_runs INTEGER,
                               status TEXT, phase TEXT);
            CREATE TABLE season_batting (team_id INTEGER, card_id TEXT, phase TEXT, pa INTEGER, ab INTEGER,
                r INTEGER, h INTEGER, doubles INTEGER, triples INTEGER, hr INTEGER, bb INTEGER, k INTEGER,
                hbp INTEGER, sf INTEGER, sb INTEGER, cs INTEGER, gidp INTEGER, sh INTEGER);
            CREATE TABLE season_pitching (team_id INTEGER, card_id TEXT, phase TEXT, bf INTEGER, h INTEGER,
                bb INTEGER, hbp INTEGER, hr INTEGER, k INTEGER);
            INSERT INTO team VALUES (1, 'AAA', 'aaa-1970-park'), (2, 'BBB', 'bbb-1970-park');
            INSERT INTO game VALUES (1, 2, 3, 5, 'final', 'regular'), (2, 1, 2, 7, 'final', 'regular'),
                                    (1, 2, 9, 9, 'final', 'playoffs');
            INSERT INTO season_batting VALUES
                (1, 'a-1970', 'regular', 8, 7, 2, 3, 1, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0),
                (1, 'a-1970', 'regular', 4, 4, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0),
                (1, 'a-1970', 'playoffs', 40, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                (2, 'b-1970', 'regular', 9, 9, 5, 4, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0);
            INSERT INTO season_pitching VALUES
                (1, 'p-1970', 'regular', 20, 5, 2, 0, 1, 4), (1, 'aaa-depth-arms-1970', 'regular', 6, 2, 0, 1, 0, 1),
                (2, 'q-1970', 'regular', 25, 6, 3, 0, 0, 5);
            """
        )


def test_read_teams_pools_a_replays_regular_season_by_team(tmp_path: Path) -> None:
    _db(tmp_path / "r.sqlite3")
    s = season([], [team("AAA"), team("BBB")])
    plays = read_teams(tmp_path / "r.sqlite3", s)
    aaa, bbb = plays["AAA"], plays["BBB"]
    assert (aaa.games, aaa.runs, aaa.allowed, bbb.runs, bbb.allowed) == (2, 3 + 7, 5 + 2, 5 + 2, 3 + 7)
    assert (aaa.home_runs, aaa.home_games, aaa.road_runs, aaa.road_games) == (9, 1, 8, 1)
    assert list(aaa.batters) == ["a"] and aaa.batters["a"].pa == 12 and aaa.batters["a"].h == 4
    assert (aaa.batting.pa, aaa.batting.h, aaa.batting.doubles, aaa.batting.so) == (12, 4, 1, 3)
    assert aaa.pitching == Staff(bf=26, h=7, bb=2, hbp=1, hr=1, so=5)
    assert aaa.pitchers["aaa-depth-arms"] == Staff(bf=6, h=2, bb=0, hbp=1, hr=0, so=1)
    # A second database adds to the first.
    read_teams(tmp_path / "r.sqlite3", s, plays)
    assert (plays["AAA"].games, plays["AAA"].batters["a"].pa) == (4, 24)


def test_a_replay_that_plays_the_real_lines_has_no_line_gap_and_the_park_in_full() -> None:
    lines = [
        Batting(pa=6000, ab=5400, h=1400, doubles=250, triples=30, hr=150, bb=500, hbp=40, sf=40),
        Batting(pa=6100, ab=5450, h=1500, doubles=280, triples=35, hr=190, bb=560, hbp=50, sf=40),
        Batting(pa=5900, ab=5350, h=1300, doubles=230, triples=25, hr=110, bb=460, hbp=30, sf=40),
    ]
    factors, runs = (110, 100, 90), (700, 800, 600)
    teams = [replace(team(t), batting=b, bpf=f, r=r) for t, b, f, r in zip("ABC", lines, factors, runs, strict=True)]
    s = season([], teams)
    plays: dict[str, TeamPlay] = {}
    for t, home in zip(teams, (1.2, 1.0, 0.8), strict=True):
        play = TeamPlay(games=t.g, runs=t.r, allowed=t.ra, batting=_batting_line(t.batting))
        # Both teams' runs at home against on the road: exactly the home effect 2 BPF/100 - 1.
        play.home_runs, play.home_games, play.road_runs, play.road_games = 9 * home, 1, 9, 1
        plays[t.team_id] = play
    d = decompose(s, plays)
    corr, rmse = d.pairs["  line b ~ B"]
    assert math.isclose(corr, 1) and math.isclose(rmse, 0, abs_tol=1e-9)
    assert math.isclose(d.park_slope, 1) and math.isclose(d.park_correlation, 1)
    assert [t for t, _ in d.rows] == ["A", "B", "C"]
