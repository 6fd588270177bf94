"""The standings: records, order and tie-breakers, games behind, streaks, divisions; worked out by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.standings import FinalGame, StandingsError, StandingsRow, standings


def g(day: int, away: str, home: str, away_runs: int, home_runs: int) -> FinalGame:
    return FinalGame(day, away, home, away_runs, home_runs)


def order(rows: list[StandingsRow]) -> list[str]:
    return [row.team for row in rows]


# A, B, C, D play six games; E has not played yet.
#   A 2-1 (beat B, lost to C, beat D)  runs 5-7      B 2-1 (lost to A, beat C, beat D)  runs 14-4
#   C 1-2 (lost to B, beat A, lost to D) runs 7-8    D 1-2 (lost to A, lost to B, beat C) runs 4-11
SMALL = [
    g(1, "A", "B", 3, 2),
    g(2, "B", "C", 5, 1),
    g(3, "C", "A", 4, 0),
    g(4, "D", "A", 1, 2),
    g(5, "D", "B", 0, 7),
    g(6, "C", "D", 2, 3),
]


def test_a_small_league_by_hand() -> None:
    table = standings(["A", "B", "C", "D", "E"], SMALL)["overall"]
    # A and B are both 2-1: A beat B, so A leads though B has the better run differential.
    # C and D are both 1-2: D beat C, though C has the better run differential. E (0-0, .000) is last.
    assert order(table) == ["A", "B", "D", "C", "E"]
    assert table[0] == StandingsRow(
        team="A",
        w=2,
        l=1,
        pct=2 / 3,
        gb=0.0,
        home_w=1,
        home_l=1,
        away_w=1,
        away_l=0,
        runs_for=5,
        runs_against=7,
        run_differential=-2,
        streak="W1",
        last_ten="2-1",
    )
    b = table[1]
    assert (b.w, b.l, b.home_w, b.home_l, b.away_w, b.away_l) == (2, 1, 1, 1, 1, 0)
    assert (b.runs_for, b.runs_against, b.run_differential, b.streak, b.gb) == (14, 4, 10, "W2", 0.0)
    d, c = table[2], table[3]
    assert (d.w, d.l, d.gb, d.streak, d.run_differential) == (1, 2, 1.0, "W1", -7)
    assert (c.w, c.l, c.gb, c.streak, c.run_differential) == (1, 2, 1.0, "L1", -1)
    e = table[4]
    assert (e.w, e.l, e.pct, e.streak, e.last_ten, e.runs_for) == (0, 0, 0.0, "-", "0-0", 0)
    assert e.gb == 0.5  # ((2 - 0) + (0 - 1)) / 2


def test_run_differential_breaks_a_tie_head_to_head_cannot() -> None:
    # A and B are 1-0 and never met; C and D are 0-1 and never met.
    games = [g(1, "C", "A", 0, 5), g(1, "D", "B", 1, 2)]
    table = standings(["D", "C", "B", "A"], games)["overall"]
    assert order(table) == ["A", "B", "D", "C"]
    assert [row.run_differential for row in table] == [5, 1, -1, -5]


def test_a_split_season_series_goes_to_run_differential() -> None:
    games = [g(1, "A", "B", 1, 0), g(2, "A", "B", 0, 9)]  # 1-1 each, B +8 for the pair
    assert order(standings(["A", "B"], games)["overall"]) == ["B", "A"]


def test_teams_level_on_everything_go_by_name() -> None:
    games = [g(1, "B", "A", 2, 1), g(2, "A", "B", 2, 1)]  # 1-1, +0 each
    assert order(standings(["B", "A", "C"], games)["overall"]) == ["A", "B", "C"]
    assert order(standings(["Z", "M", "C"], [])["overall"]) == ["C", "M", "Z"]


def test_a_three_way_tie_is_broken_head_to_head_then_again_between_the_two_still_level() -> None:
    # Among A, B, C: A 3-1; B 1-2 and C 1-2, with B beating C. C has by far the better run differential,
    # so only comparing B and C again among themselves puts B ahead. Each of A, B, C ends 3-3; D (4-5)
    # and E (1-0) are there to even the records up.
    games = [
        g(1, "A", "B", 1, 0),
        g(2, "B", "A", 0, 1),
        g(3, "C", "A", 1, 0),
        g(4, "A", "C", 1, 0),
        g(5, "B", "C", 1, 0),
        g(6, "D", "A", 1, 0),
        g(7, "A", "D", 0, 1),
        g(8, "B", "D", 1, 0),
        g(9, "D", "B", 0, 1),
        g(10, "B", "D", 0, 1),
        g(11, "C", "D", 10, 0),
        g(12, "D", "C", 0, 10),
        g(13, "C", "D", 0, 1),
        g(14, "D", "E", 0, 1),
    ]
    table = standings(["A", "B", "C", "D", "E"], games)["overall"]
    records = {row.team: (row.w, row.l) for row in table}
    assert records == {"A": (3, 3), "B": (3, 3), "C": (3, 3), "D": (4, 5), "E": (1, 0)}
    assert order(table) == ["E", "A", "B", "C", "D"]
    assert table[2].run_differential < table[3].run_differential  # B over C on head to head alone


def test_games_behind_in_halves() -> None:
    # A 3-0; B 2-0, half a game back (A leads on run differential); C 1-3 and D 0-2 are both 2.5 back;
    # E 0-1 is 2 back but below C on percentage, and above D on run differential.
    games = [
        g(1, "A", "C", 4, 1),
        g(2, "C", "A", 0, 3),
        g(3, "A", "D", 5, 2),
        g(4, "B", "D", 2, 1),
        g(5, "C", "B", 1, 6),
        g(6, "C", "E", 2, 0),
    ]
    table = standings(["A", "B", "C", "D", "E"], games)["overall"]
    assert [(row.team, row.gb) for row in table] == [("A", 0.0), ("B", 0.5), ("C", 2.5), ("E", 2.0), ("D", 2.5)]


def test_streak_and_last_ten_in_day_order() -> None:
    # Results by day for A: W W L W W W W L L W W W (days 1-12), given out of order.
    results = "WWLWWWWLLWWW"
    games = [g(day, "A", "B", 2, 1) if r == "W" else g(day, "A", "B", 1, 2) for day, r in enumerate(results, start=1)]
    games.reverse()
    table = {row.team: row for row in standings(["A", "B"], games)["overall"]}
    assert table["A"].streak == "W3" and table["B"].streak == "L3"
    assert table["A"].last_ten == "7-3" and table["B"].last_ten == "3-7"  # days 3-12: L W W W W L L W W W
    assert (table["A"].w, table["A"].l) == (9, 3)
    two = standings(["A", "B"], [g(2, "A", "B", 0, 1), g(1, "A", "B", 1, 0)])["overall"]
    assert {row.team: row.streak for row in two} == {"A": "L1", "B": "W1"}


def test_division_tables_count_games_behind_their_own_leader() -> None:
    divisions = {"East": ["A", "B"], "West": ["C", "D", "E"]}
    tables = standings(["A", "B", "C", "D", "E"], SMALL, divisions)
    assert set(tables) == {"overall", "East", "West"}
    assert order(tables["East"]) == ["A", "B"]
    assert order(tables["West"]) == ["D", "C", "E"]
    assert [row.gb for row in tables["West"]] == [0.0, 0.0, -0.5]  # E 0-0 against D's 1-2
    overall_d = next(row for row in tables["overall"] if row.team == "D")
    assert tables["West"][0] == replace(overall_d, gb=0.0)  # the same record, behind nobody in its division


def test_a_tie_cannot_be_a_final_score() -> None:
    with pytest.raises(StandingsError, match="cannot be tied"):
        g(1, "A", "B", 3, 3)
    with pytest.raises(StandingsError, match="cannot play itself"):
        g(1, "A", "A", 3, 2)
    with pytest.raises(StandingsError, match="negative"):
        g(1, "A", "B", -1, 2)


@pytest.mark.parametrize(
    ("teams", "divisions", "message"),
    [
        (["A", "B"], None, "'C' is not one of the teams"),
        (["A", "B", "C", "A"], None, "listed twice: A"),
        (["A", "B", "C"], {"East": ["A", "X"]}, "not in the league: X"),
        (["A", "B", "C"], {"overall": ["A"]}, "cannot be called 'overall'"),
        ("ABC", None, "not a single string"),
    ],
)
def test_bad_input_is_refused(teams: list[str], divisions: dict[str, list[str]] | None, message: str) -> None:
    with pytest.raises(StandingsError) as error:
        standings(teams, [g(1, "A", "C", 1, 0)], divisions)
    assert message in str(error.value)
