"""The standings: records, order and tie-breakers, games behind, streaks, divisions; worked out by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.models import League
from league.standings import FinalGame, StandingsError, StandingsRow, leagues, standings
from league.store import Store


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


def test_run_differential_is_no_tie_break_the_seeded_draw_is_the_last() -> None:
    # MLB tiebreaker procedures: no step uses runs. A and B are 1-0 and never met, C and D 0-1: every
    # step leaves each pair level, so the draw orders them; its seed, not the names or the order the
    # teams and games were given, decides.
    games = [g(1, "C", "A", 0, 5), g(1, "D", "B", 1, 2)]
    draws = {seed: order(standings(["D", "C", "B", "A"], games, draw=seed)["overall"]) for seed in ("", "1/1")}
    assert draws == {"": ["B", "A", "D", "C"], "1/1": ["A", "B", "D", "C"]}  # sha256 of "<seed>/<team>"
    assert order(standings(["A", "B", "C", "D"], list(reversed(games)), draw="1/1")["overall"]) == draws["1/1"]


def test_teams_level_on_everything_go_by_the_draw() -> None:
    # 1-1 each, +0 each: head to head and intraleague level; A won the later game, the last half of
    # the league games (one game each), whatever the draw (MLB tiebreaker procedures, step 4).
    games = [g(1, "B", "A", 2, 1), g(2, "A", "B", 2, 1)]
    assert order(standings(["B", "A", "C"], games, draw="x")["overall"]) == ["A", "B", "C"]
    assert order(standings(["B", "A", "C"], games, draw="s1")["overall"]) == ["A", "B", "C"]
    assert order(standings(["A", "B", "C"], [], draw="y")["overall"]) == ["C", "A", "B"]
    assert order(standings(["A", "B", "C"], [], draw="s1")["overall"]) == ["C", "B", "A"]


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
    # A 3-0 and B 2-0 never met; C 1-3; D 0-2 and E 0-1 are both .000, never met, and lost every game,
    # so the draw orders each pair.
    games = [
        g(1, "A", "C", 4, 1),
        g(2, "C", "A", 0, 3),
        g(3, "A", "D", 5, 2),
        g(4, "B", "D", 2, 1),
        g(5, "C", "B", 1, 6),
        g(6, "C", "E", 2, 0),
    ]
    table = standings(["A", "B", "C", "D", "E"], games)["overall"]
    assert order(table)[2:] == ["C", "D", "E"]
    assert order(table)[0] == "B"  # A and B never met, and both won every game: the draw puts B first
    assert [(row.team, row.gb) for row in table] == [("B", 0.0), ("A", 0.0), ("C", 2.0), ("D", 2.0), ("E", 1.5)]
    # Counted from B (2-0), A (3-0) would be -0.5 games behind: never negative, it shows 0.
    by_a = standings(["A", "B", "C", "D", "E"], games, draw="1/1")["overall"]
    assert order(by_a)[0] == "A"
    assert [(row.team, row.gb) for row in by_a] == [("A", 0.0), ("B", 0.5), ("C", 2.5), ("D", 2.5), ("E", 2.0)]


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
    # E 0-0 against D's 1-2 would be -0.5 games behind: games behind are never negative.
    assert [row.gb for row in tables["West"]] == [0.0, 0.0, 0.0]
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


# --- MLB tiebreaker procedures (since 2022: no tiebreaker games) ------------------------------------


def beats(day: int, winner: str, loser: str, runs: int = 1) -> FinalGame:
    """``winner`` wins at home, ``runs`` to 0."""
    return g(day, loser, winner, 0, runs)


def test_mlb_step_1_head_to_head_before_everything_else() -> None:
    # MLB tiebreaker procedures, two clubs, step 1: A and B are 3-3; A won the season series 2-1 though B
    # has the better intradivision record (B 3-2, A 2-2) and the far better run differential.
    games = [
        beats(1, "A", "B"),
        beats(2, "A", "B"),
        beats(3, "B", "A", 9),
        beats(4, "C", "A"),
        beats(5, "B", "C", 9),
        beats(6, "B", "C", 9),
        beats(7, "X", "B"),
        beats(9, "A", "X"),
        beats(10, "X", "A"),
    ]
    tables = standings(["A", "B", "C", "X"], games, {"East": ["A", "B", "C"], "West": ["X"]})
    east = tables["East"]
    assert [(r.team, r.w, r.l) for r in east] == [("A", 3, 3), ("B", 3, 3), ("C", 1, 2)]
    assert (east[0].run_differential, east[1].run_differential) == (-8, 24)
    assert order(standings(["A", "B", "C", "X"], games)["overall"]) == ["X", "A", "B", "C"]


# Step 2 (and step 4 without divisions): A, B and C are the East, X the West; A and B are 2-2 and split
# their two games. A is 2-1 in the division, B 1-2; B won its last two games, A one of its last two;
# B has the better run differential.
STEP_2 = [
    beats(0, "X", "C"),
    beats(1, "C", "B"),
    beats(2, "A", "B"),
    beats(3, "B", "A", 10),
    beats(4, "A", "C"),
    beats(5, "B", "X", 10),
    beats(6, "X", "A"),
]


def test_mlb_step_2_intradivision_record() -> None:
    tables = standings(["A", "B", "C", "X"], STEP_2, {"East": ["A", "B", "C"], "West": ["X"]})
    assert [(r.team, r.w, r.l) for r in tables["overall"]] == [("X", 2, 1), ("A", 2, 2), ("B", 2, 2), ("C", 1, 2)]
    assert order(tables["East"]) == ["A", "B", "C"]
    # MLB applies the step to clubs of different divisions too: each team's record in its own division.
    # Here A is 1-0 against C, its division; B is alone in its own, no games: .500.
    apart = standings(["A", "B", "C", "X"], STEP_2, {"East": ["A", "C"], "West": ["B"], "Central": ["X"]})
    assert order(apart["overall"]) == ["X", "A", "B", "C"]
    # A team without a division has no intradivision record: the step is skipped (then step 4 puts B first).
    assert order(standings(["A", "B", "C", "X"], STEP_2, {"East": ["A", "C"]})["overall"]) == ["X", "B", "A", "C"]


def test_mlb_step_4_last_half_of_intraleague_games_when_there_are_no_divisions() -> None:
    # Without divisions the same A and B are level head to head and in league games (all of them, 2-2):
    # in the last half of them (two games each) B is 2-0, A 1-1.
    for draw in ("", "1/1"):
        assert order(standings(["A", "B", "C", "X"], STEP_2, draw=draw)["overall"]) == ["X", "B", "A", "C"]


def test_mlb_step_3_intraleague_record() -> None:
    # A and B (AL) are 2-2 and split their games; A is 2-1 against the AL (B once, C once), B 1-2; B won
    # its last two games (one against N of the NL), A lost its last two. Without leagues, step 4 puts B first.
    games = [
        beats(0, "N", "C"),
        beats(0, "N", "C"),
        beats(1, "C", "B"),
        beats(2, "A", "C"),
        beats(3, "A", "B"),
        beats(4, "B", "A"),
        beats(5, "N", "A"),
        beats(6, "B", "N"),
    ]
    teams = ["A", "B", "C", "N"]
    leagues_of = {"AL": ["A", "B", "C"], "NL": ["N"]}
    table = standings(teams, games, subleagues=leagues_of)["overall"]
    assert [(r.team, r.w, r.l) for r in table] == [("N", 3, 1), ("A", 2, 2), ("B", 2, 2), ("C", 1, 3)]
    assert order(standings(teams, games)["overall"]) == ["N", "B", "A", "C"]


def test_mlb_step_4_the_last_half_plus_one_skips_games_between_the_tied_clubs() -> None:
    # One league, no divisions. A and B are 3-3 and split their two games (days 3 and 4); their last halves
    # (days 4-6) are both 1-2. Plus one game: the latest earlier game not between the tied clubs, day 2,
    # a win for each (2-2). Plus two: day 1, A lost and B won, so B is ahead. Counting day 3 (A beat B)
    # instead, as the proviso forbids, would have put A ahead.
    games = [
        beats(1, "D", "A"),
        beats(1, "B", "C"),
        beats(2, "A", "C"),
        beats(2, "B", "D"),
        beats(3, "A", "B"),
        beats(4, "B", "A"),
        beats(5, "A", "C"),
        beats(5, "D", "B"),
        beats(6, "D", "A"),
        beats(6, "C", "B"),
    ]
    for draw in ("", "1/1", "x", "s1"):
        table = standings(["A", "B", "C", "D"], games, draw=draw)["overall"]
        assert [(r.team, r.w, r.l) for r in table] == [("D", 3, 1), ("B", 3, 3), ("A", 3, 3), ("C", 1, 3)]


def test_mlb_step_4_the_last_half_of_an_odd_count_is_rounded_up() -> None:
    # One league, no divisions; A and B never met and are 2-3 (C and D 3-2). Oldest first, A went L W W L L
    # and B W L L W L. Half of five rounded up is three: both 1-2; plus one game, A is 2-2 and B 1-3, so A is
    # ahead. Rounded down (two games) B would be ahead, 1-1 to A's 0-2.
    games = [
        beats(1, "C", "A"),
        beats(1, "B", "D"),
        beats(2, "A", "C"),
        beats(2, "C", "B"),
        beats(3, "A", "D"),
        beats(3, "D", "B"),
        beats(4, "D", "A"),
        beats(4, "B", "C"),
        beats(5, "C", "A"),
        beats(5, "D", "B"),
    ]
    for draw in ("", "1/1", "x", "s1"):
        table = standings(["A", "B", "C", "D"], games, draw=draw)["overall"]
        assert [(r.team, r.w, r.l) for r in table][2:] == [("A", 2, 3), ("B", 2, 3)]


def test_mlb_three_clubs_combined_head_to_head_then_the_two_left_again() -> None:
    # MLB tiebreaker procedures, three or more clubs: A, B and C are 5-5. Among the three A is 4-1, B 2-3,
    # C 2-4 combined, so A is first; B and C are then compared again as two clubs, head to head, where
    # C won 2-1: C second, though B's combined record was the better. D and E fill the records up.
    games = [
        beats(1, "A", "B"),
        beats(2, "B", "A"),
        beats(3, "A", "C"),
        beats(4, "A", "C"),
        beats(5, "A", "C"),
        beats(6, "C", "B"),
        beats(7, "C", "B"),
        beats(8, "B", "C"),
        beats(9, "A", "D"),
        *[beats(10 + n, "D", "A") for n in range(4)],
        *[beats(20 + n, "B", "E") for n in range(3)],
        *[beats(30 + n, "E", "B") for n in range(2)],
        *[beats(40 + n, "C", "E") for n in range(3)],
        beats(50, "E", "C"),
    ]
    table = standings(["A", "B", "C", "D", "E"], games)["overall"]
    assert [(r.team, r.w, r.l) for r in table] == [("D", 4, 1), ("A", 5, 5), ("C", 5, 5), ("B", 5, 5), ("E", 3, 6)]


def test_mlb_three_clubs_two_level_at_the_top_are_ranked_between_themselves() -> None:
    # A, B, C are 3-3; among themselves A 3-2, B 3-2, C 1-3: A and B, level, are ranked between themselves
    # from step 1 as two clubs, where B won the season series 2-1; C is third. D and E fill up the records.
    games = [
        beats(1, "B", "A"),
        beats(2, "A", "B"),
        beats(3, "B", "A"),
        beats(4, "A", "C"),
        beats(5, "A", "C"),
        beats(6, "B", "C"),
        beats(7, "C", "B"),
        beats(8, "C", "D"),
        beats(9, "C", "D"),
        beats(10, "D", "A"),
        beats(11, "D", "B"),
        beats(12, "D", "E"),
    ]
    for draw in ("", "1/1", "y"):
        table = standings(["A", "B", "C", "D", "E"], games, draw=draw)["overall"]
        assert [(r.team, r.w, r.l) for r in table] == [("D", 3, 2), ("B", 3, 3), ("A", 3, 3), ("C", 3, 3), ("E", 0, 1)]


# --- wild cards -------------------------------------------------------------------------------------

# The AL: East E1 8-2, E2 7-3, E3 4-6; West W1 6-4, W2 6-5, W3 2-8, every game against Z, the NL's one team.
AL_RECORDS = {"E1": (8, 2), "E2": (7, 3), "E3": (4, 6), "W1": (6, 4), "W2": (6, 5), "W3": (2, 8)}
AL_DIVISIONS = {"AL East": ["E1", "E2", "E3"], "AL West": ["W1", "W2", "W3"]}
TWO_LEAGUES = {"AL": list(AL_RECORDS), "NL": ["Z"]}


def al_games() -> list[FinalGame]:
    games = []
    for team, (won, lost) in AL_RECORDS.items():
        games += [beats(day, team, "Z") for day in range(won)]
        games += [beats(day, "Z", team) for day in range(won, won + lost)]
    return games


def test_each_league_has_its_division_winners_then_its_wild_cards() -> None:
    al, nl = leagues([*AL_RECORDS, "Z"], al_games(), AL_DIVISIONS, TWO_LEAGUES, wild_cards=2)
    assert (al.name, nl.name) == ("AL", "NL")
    assert [r.team for r in al.division_winners] == ["E1", "W1"]
    assert [(w.team, w.has_wild_card, w.wc_gb) for w in al.wild_card] == [
        ("E2", True, -3.0),  # leads E3, the first team out, by ((7 - 4) + (6 - 3)) / 2
        ("W2", True, -1.5),  # ((6 - 4) + (6 - 5)) / 2 ahead of E3
        ("E3", False, 1.5),  # behind W2, the last team in
        ("W3", False, 3.5),  # ((6 - 2) + (8 - 5)) / 2
    ]
    assert al.seeds == ["E1", "W1", "E2", "W2"]
    assert list(al.divisions) == ["AL East", "AL West"]
    assert [(r.team, r.gb) for r in al.divisions["AL West"]] == [("W1", 0.0), ("W2", 0.5), ("W3", 4.0)]
    assert [(r.team, r.gb) for r in al.table] == [
        ("E1", 0.0),
        ("E2", 1.0),
        ("W1", 2.0),
        ("W2", 2.5),
        ("E3", 4.0),
        ("W3", 6.0),
    ]
    assert nl.divisions == {} and nl.division_winners == [] and nl.seeds == ["Z"]
    three = leagues([*AL_RECORDS, "Z"], al_games(), AL_DIVISIONS, TWO_LEAGUES)[0]  # MLB's three
    assert [(w.team, w.has_wild_card, w.wc_gb) for w in three.wild_card] == [
        ("E2", True, -5.0),  # W3 is the first team out
        ("W2", True, -3.5),
        ("E3", True, -2.0),
        ("W3", False, 2.0),
    ]


def test_wild_card_games_behind_with_uneven_games_are_never_negative() -> None:
    # One league, no divisions, one wild card: everyone is in the race. A 1-0 holds it (1.000);
    # B 3-1 (.750) is out, but on margin it is half a game ahead: WC GB 0, never -0.5.
    games = [beats(1, "A", "C"), *[beats(d, "B", "C") for d in (2, 3, 4)], beats(5, "C", "B")]
    [league] = leagues(["A", "B", "C"], games, wild_cards=1)
    assert league.name is None and league.division_winners == []
    assert [(w.team, w.has_wild_card, w.wc_gb) for w in league.wild_card] == [
        ("A", True, 0.0),
        ("B", False, 0.0),
        ("C", False, 2.0),
    ]
    assert [r.gb for r in league.table] == [0.0, 0.0, 2.0]  # C 1-4 from A 1-0: ((1 - 1) + (4 - 0)) / 2


@pytest.mark.parametrize(
    ("divisions", "subleagues", "message"),
    [
        (None, {"AL": ["A", "B"]}, "give these one: C"),
        ({"East": ["A", "C"]}, {"AL": ["A", "B"], "NL": ["C"]}, "division 'East' has teams of more than one league"),
        (None, {"AL": ["A", "B"], "NL": ["B", "C"]}, "B is in two leagues"),
    ],
)
def test_leagues_refuse_teams_without_a_league_or_split_divisions(
    divisions: dict[str, list[str]] | None, subleagues: dict[str, list[str]], message: str
) -> None:
    with pytest.raises(StandingsError, match=message):
        leagues(["A", "B", "C"], [], divisions, subleagues)


# --- through the store --------------------------------------------------------------------------------


async def test_the_store_passes_leagues_divisions_and_a_seeded_draw(store: Store, league: League) -> None:
    made = {}
    for abbreviation, subleague, division in (
        ("NYA", "AL", "East"),
        ("BOS", "AL", "East"),
        ("HOU", "AL", "West"),
        ("NYN", "NL", "East"),
        ("ATL", "NL", "East"),
    ):
        made[abbreviation] = await store.create_team(
            league.id, f"Team {abbreviation}", abbreviation, division=division, subleague=subleague
        )

    async def win(winner: str, loser: str) -> None:  # a forfeit by the away side: final, 9-0 to the home side
        game = await store.schedule_game(league.id, made[loser].id, made[winner].id)
        await store.forfeit_game(game.id, "away")

    for winner, loser in (("NYA", "HOU"), ("NYA", "NYN"), ("BOS", "ATL"), ("HOU", "NYN"), ("NYN", "BOS")):
        await win(winner, loser)
    tables = await store.standings(league.id)
    assert list(tables) == ["overall", "AL East", "AL West", "NL East"]  # the AL's East is not the NL's
    assert [(r.team, r.w, r.l) for r in tables["AL East"]] == [("NYA", 2, 0), ("BOS", 1, 1)]
    al, nl = await store.league_standings(league.id, wild_cards=1)
    assert al.seeds == ["NYA", "HOU", "BOS"]  # the division winners, best first, then the wild card
    assert [(w.team, w.has_wild_card, w.wc_gb) for w in al.wild_card] == [("BOS", True, 0.0)]
    # NYN 1-2 and ATL 0-1: NYN wins the NL East on percentage; ATL, the only other team, is the wild card.
    assert nl.seeds == ["NYN", "ATL"] and [r.gb for r in nl.divisions["NL East"]] == [0.0, 0.0]
