"""The schedule: every team the same games, series at one park, home and away even, nobody twice a day."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

import pytest

from league.schedule import ScheduledGame, ScheduleError, make_schedule, round_robin


def teams_of(n: int) -> list[str]:
    return [f"T{i:02d}" for i in range(n)]


def series_of(schedule: list[ScheduledGame], series_length: int) -> list[tuple[int, str, str]]:
    """(round, away, home) for each series, checking every day of a series has the same games."""
    by_day: dict[int, set[tuple[str, str]]] = defaultdict(set)
    for game in schedule:
        by_day[game.day].add((game.away, game.home))
    rounds = max(by_day) // series_length
    assert max(by_day) == rounds * series_length, "the season ends on the last day of a series"
    found = []
    for r in range(rounds):
        days = [by_day[r * series_length + d] for d in range(1, series_length + 1)]
        assert all(day == days[0] for day in days), f"round {r}: a series changed park or opponent mid-series"
        found += [(r, away, home) for away, home in sorted(days[0])]
    return found


def assert_sound(
    schedule: list[ScheduledGame], teams: Sequence[str], games: int, series_length: int
) -> dict[frozenset[str], int]:
    """The checks every schedule must pass; returns the series each pair plays."""
    assert schedule == sorted(schedule, key=lambda g: g.day)
    assert min(g.day for g in schedule) == 1
    played = Counter[str]()
    home = Counter[str]()
    per_day: dict[int, Counter[str]] = defaultdict(Counter)
    for game in schedule:
        assert game.away != game.home
        assert game.away in teams and game.home in teams
        played[game.away] += 1
        played[game.home] += 1
        home[game.home] += 1
        per_day[game.day][game.away] += 1
        per_day[game.day][game.home] += 1
    assert {t: played[t] for t in teams} == dict.fromkeys(teams, games)
    for day, counts in per_day.items():
        assert max(counts.values()) == 1, f"day {day}: a team plays twice"
    for team in teams:
        away = played[team] - home[team]
        assert abs(home[team] - away) <= series_length, f"{team}: {home[team]} home, {away} away"
    pairs = Counter(frozenset((away, home)) for _, away, home in series_of(schedule, series_length))
    for pair in pairs:
        a, b = sorted(pair)
        a_home = sum(1 for _, away, home in series_of(schedule, series_length) if home == a and away == b)
        assert abs(a_home - (pairs[pair] - a_home)) <= 1, f"{a} and {b}: parks not alternating"
    return dict(pairs)


@pytest.mark.parametrize(
    ("n", "games", "series_length"),
    [(2, 6, 3), (4, 12, 3), (4, 60, 3), (6, 30, 3), (6, 40, 4), (8, 81, 3), (10, 18, 2), (7, 36, 3), (3, 8, 2)],
)
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_every_team_plays_its_games_in_balanced_series(n: int, games: int, series_length: int, seed: int) -> None:
    teams = teams_of(n)
    schedule = make_schedule(teams, games, series_length, seed=seed)
    pairs = assert_sound(schedule, teams, games, series_length)
    counts = [pairs.get(frozenset((a, b)), 0) for i, a in enumerate(teams) for b in teams[i + 1 :]]
    assert max(counts) - min(counts) <= 1, "pairs meet as evenly as the games allow"


def test_an_even_league_plays_every_day_and_an_odd_one_rests_one_team_a_series() -> None:
    even = make_schedule(teams_of(6), 30, 3)
    assert max(g.day for g in even) == 30
    assert all(sum(1 for g in even if g.day == day) == 3 for day in range(1, 31))
    odd = make_schedule(teams_of(5), 24, 3)  # two round robins of 5 rounds each, 4 series a team
    assert max(g.day for g in odd) == 30
    for day in range(1, 31):
        playing = {t for g in odd if g.day == day for t in (g.away, g.home)}
        assert len(playing) == 4, f"day {day}: exactly one team sits out"


def test_odd_league_sits_each_team_out_equally() -> None:
    teams = teams_of(7)
    schedule = make_schedule(teams, 36, 3)  # 12 series = two round robins of 7 rounds
    days = max(g.day for g in schedule)
    idle = Counter(
        t
        for day in range(1, days + 1)
        for t in teams
        if t not in {x for g in schedule if g.day == day for x in (g.away, g.home)}
    )
    assert set(idle.values()) == {6}  # two rounds of 3 days each


def test_whole_round_robins_meet_each_pair_the_same_times_at_home_and_away() -> None:
    teams = teams_of(6)
    schedule = make_schedule(teams, 30, 3, seed=3)  # 10 series = two round robins of 5
    pairs = assert_sound(schedule, teams, 30, 3)
    assert set(pairs.values()) == {2}
    for a in teams:
        assert sum(1 for g in schedule if g.home == a) == 15
        for b in teams:
            if a != b:
                assert sum(1 for g in schedule if g.home == a and g.away == b) == 3


def test_no_pair_meets_in_back_to_back_series() -> None:
    schedule = make_schedule(teams_of(8), 63, 3, seed=5)  # three round robins
    found = series_of(schedule, 3)
    by_round: dict[int, set[frozenset[str]]] = defaultdict(set)
    for r, away, home in found:
        by_round[r].add(frozenset((away, home)))
    for r in range(1, max(by_round) + 1):
        assert not by_round[r] & by_round[r - 1], f"round {r} repeats a series of round {r - 1}"


def test_the_same_seed_gives_the_same_schedule_and_another_seed_another() -> None:
    teams = teams_of(6)
    assert make_schedule(teams, 30, 3, seed=11) == make_schedule(teams, 30, 3, seed=11)
    assert make_schedule(teams, 30, 3, seed=11) != make_schedule(teams, 30, 3, seed=12)


def division_pairs(divisions: Mapping[str, Sequence[str]]) -> set[frozenset[str]]:
    return {frozenset((a, b)) for members in divisions.values() for a in members for b in members if a != b}


@pytest.mark.parametrize(
    ("divisions", "games", "series_length"),
    [
        ({"East": ["A", "B", "C", "D"], "West": ["E", "F", "G", "H"]}, 60, 3),  # 7 + 3 series a cycle
        ({"East": ["A", "B", "C"], "West": ["D", "E", "F"]}, 21, 3),  # 5 + 2, divisions of 3 rest a team
        ({"N": ["A", "B", "C"], "C": ["D", "E", "F"], "S": ["G", "H", "I"]}, 60, 3),  # 9 teams: 8 + 2
        ({"N": ["A", "B"], "C": ["C", "D"], "S": ["E", "F"]}, 36, 3),  # 5 + 1, two cycles
    ],
)
def test_division_rivals_meet_twice_as_often_as_the_others(
    divisions: dict[str, list[str]], games: int, series_length: int
) -> None:
    teams = [t for members in divisions.values() for t in members]
    schedule = make_schedule(teams, games, series_length, divisions, seed=2)
    pairs = assert_sound(schedule, teams, games, series_length)
    rivals = division_pairs(divisions)
    others = {frozenset((a, b)) for a in teams for b in teams if a < b} - rivals
    rival_series = {pairs.get(p, 0) for p in rivals}
    other_series = {pairs.get(p, 0) for p in others}
    assert len(rival_series) == len(other_series) == 1, "each class of pair meets the same number of times"
    assert rival_series == {2 * n for n in other_series} and min(other_series) >= 1


@pytest.mark.parametrize("games", [9, 24, 33, 42])
def test_division_games_that_do_not_divide_still_favour_rivals(games: int) -> None:
    divisions = {"East": ["A", "B", "C", "D"], "West": ["E", "F", "G", "H"]}  # a cycle is 10 series
    teams = [t for members in divisions.values() for t in members]
    schedule = make_schedule(teams, games, 3, divisions, seed=4)
    pairs = assert_sound(schedule, teams, games, 3)
    rivals = division_pairs(divisions)
    rival_counts = [pairs.get(p, 0) for p in rivals]
    other_counts = [
        pairs.get(frozenset((a, b)), 0) for a in teams for b in teams if a < b and frozenset((a, b)) not in rivals
    ]
    assert max(rival_counts) - min(rival_counts) <= 1
    assert max(other_counts) - min(other_counts) <= 1
    assert min(rival_counts) >= max(other_counts)


def test_round_robin_meets_every_pair_once_with_nobody_twice_a_round() -> None:
    for n in range(2, 10):
        rounds = round_robin(teams_of(n))
        assert len(rounds) == (n - 1 if n % 2 == 0 else n)
        met = [frozenset(p) for r in rounds for p in r]
        assert len(met) == len(set(met)) == n * (n - 1) // 2
        for r in rounds:
            playing = [t for p in r for t in p]
            assert len(playing) == len(set(playing)) == n - n % 2


@pytest.mark.parametrize(
    ("teams", "games", "series_length", "divisions", "message"),
    [
        ([], 6, 3, None, "at least two teams"),
        (["A"], 6, 3, None, "at least two teams"),
        (["A", "B", "A"], 6, 3, None, "'A' is listed twice"),
        (["A", ""], 6, 3, None, "non-empty strings"),
        ("ABCD", 6, 3, None, "not a single string"),
        (["A", "B"], 0, 3, None, "games_per_team must be at least 1"),
        (["A", "B"], 6, 0, None, "series_length must be at least 1"),
        (["A", "B", "C", "D"], 10, 3, None, "multiple of series_length (3): try 9 or 12"),
        (["A", "B", "C", "D", "E"], 9, 3, None, "one sits out each series"),
        (["A", "B", "C", "D"], 6, 3, {"X": ["A", "B"], "Y": ["C", "Z"]}, "'Z', which is not one of the teams"),
        (["A", "B", "C", "D"], 6, 3, {"X": ["A", "B"], "Y": ["B", "C", "D"]}, "'B' is in two divisions"),
        (["A", "B", "C", "D"], 6, 3, {"X": ["A", "B"], "Y": ["C"]}, "not placed: D"),
        (["A", "B", "C", "D"], 6, 3, {"X": ["A"], "Y": ["B", "C", "D"]}, "the same size"),
        (["A", "B", "C", "D"], 6, 3, {"X": ["A", "B", "C", "D"], "Y": []}, "'Y' has no teams"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(
    teams: list[str], games: int, series_length: int, divisions: dict[str, list[str]] | None, message: str
) -> None:
    with pytest.raises(ScheduleError) as error:
        make_schedule(teams, games, series_length, divisions)
    assert message in str(error.value)


def test_an_odd_league_that_cannot_balance_is_told_the_nearest_games_that_do() -> None:
    with pytest.raises(ScheduleError, match="try 30 or 36"):
        make_schedule(list("ABCDEFGHI"), 33, 3, {"N": list("ABC"), "C": list("DEF"), "S": list("GHI")})
    with pytest.raises(ScheduleError, match="try 12 or 24"):
        make_schedule(list("ABCDE"), 18, 3)
    assert len(make_schedule(list("ABCDE"), 24, 3)) == 5 * 24 // 2
