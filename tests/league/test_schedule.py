"""The schedule: every team the same games, series at one park, home and away even, nobody twice a day."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

import pytest

from league.schedule import ScheduledGame, ScheduleError, make_schedule, round_robin


def teams_of(n: int) -> list[str]:
    return [f"T{i:02d}" for i in range(n)]


def series_of(schedule: list[ScheduledGame]) -> dict[str, list[tuple[str, bool, int, int]]]:
    """Each team's series in order: (opponent, at home, games, first day), its games against one team in one park."""
    games: dict[str, list[tuple[int, str, bool]]] = defaultdict(list)
    for game in schedule:
        games[game.away].append((game.day, game.home, False))
        games[game.home].append((game.day, game.away, True))
    found: dict[str, list[tuple[str, bool, int, int]]] = {}
    for team, played in games.items():
        played.sort()
        runs: list[tuple[str, bool, int, int]] = []
        for day, opponent, home in played:
            if runs and runs[-1][:2] == (opponent, home):
                runs[-1] = (opponent, home, runs[-1][2] + 1, runs[-1][3])
            else:
                runs.append((opponent, home, 1, day))
        found[team] = runs
    return found


def trips(runs: list[tuple[str, bool, int, int]]) -> list[int]:
    """The lengths, in series, of a team's homestands and road trips."""
    lengths: list[int] = []
    for k, run in enumerate(runs):
        if k and run[1] == runs[k - 1][1]:
            lengths[-1] += 1
        else:
            lengths.append(1)
    return lengths


def longest_streak(days: list[int]) -> int:
    longest = run = 0
    for k, day in enumerate(sorted(days)):
        run = run + 1 if k and day == sorted(days)[k - 1] + 1 else 1
        longest = max(longest, run)
    return longest


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
        assert abs(home[team] - away) <= series_length + 1, f"{team}: {home[team]} home, {away} away"
    runs = series_of(schedule)
    pairs: Counter[frozenset[str]] = Counter()
    hosted: Counter[tuple[str, str]] = Counter()
    for team, team_runs in runs.items():
        for opponent, at_home, length, _ in team_runs:
            assert max(1, series_length - 1) <= length <= series_length + 1 or length % series_length == 0, (
                f"{team}: a series of {length} against {opponent}"
            )
            if at_home:
                pairs[frozenset((team, opponent))] += 1
                hosted[(team, opponent)] += 1
    for pair in pairs:
        a, b = sorted(pair)
        assert abs(hosted[(a, b)] - hosted[(b, a)]) <= 1, f"{a} and {b}: parks not split evenly"
    return dict(pairs)


@pytest.mark.parametrize(
    ("n", "games", "series_length"),
    [(2, 6, 3), (4, 12, 3), (4, 60, 3), (6, 30, 3), (6, 40, 4), (8, 81, 3), (10, 18, 2), (7, 36, 3), (3, 8, 2)],
)
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_every_team_plays_its_games_in_balanced_series(n: int, games: int, series_length: int, seed: int) -> None:
    teams = teams_of(n)
    schedule = make_schedule(teams, games, series_length, seed=seed)
    assert_sound(schedule, teams, games, series_length)
    met = Counter(frozenset((g.away, g.home)) for g in schedule)
    counts = [met[frozenset((a, b))] for i, a in enumerate(teams) for b in teams[i + 1 :]]
    assert max(counts) - min(counts) <= series_length + 1, "pairs meet as evenly as the games allow"


def test_an_even_league_plays_every_day_and_an_odd_one_rests_one_team_a_series() -> None:
    even = make_schedule(teams_of(6), 30, 3, off_days=0)
    assert max(g.day for g in even) == 30
    assert all(sum(1 for g in even if g.day == day) == 3 for day in range(1, 31))
    odd = make_schedule(teams_of(5), 24, 3, off_days=0)  # two round robins of 5 rounds each, 4 series a team
    assert max(g.day for g in odd) == 30
    for day in range(1, 31):
        playing = {t for g in odd if g.day == day for t in (g.away, g.home)}
        assert len(playing) == 4, f"day {day}: exactly one team sits out"


def test_odd_league_sits_each_team_out_equally() -> None:
    teams = teams_of(7)
    schedule = make_schedule(teams, 36, 3, off_days=0)  # 12 series = two round robins of 7 rounds
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
    schedule = make_schedule(teams, 30, 3, seed=3, off_days=0)  # 10 series = two round robins of 5
    pairs = assert_sound(schedule, teams, 30, 3)
    assert set(pairs.values()) == {2}
    for a in teams:
        assert sum(1 for g in schedule if g.home == a) == 15
        for b in teams:
            if a != b:
                assert sum(1 for g in schedule if g.home == a and g.away == b) == 3


def test_no_pair_meets_in_back_to_back_series() -> None:
    schedule = make_schedule(teams_of(8), 63, 3, seed=5)  # three round robins
    for team, runs in series_of(schedule).items():
        for before, after in itertools.pairwise(runs):
            assert before[0] != after[0], f"{team} plays {before[0]} in back-to-back series"


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
    assert_sound(schedule, teams, games, series_length)
    met = Counter(frozenset((g.away, g.home)) for g in schedule)
    rivals = division_pairs(divisions)
    others = {frozenset((a, b)) for a in teams for b in teams if a < b} - rivals
    rival_games = {met[p] for p in rivals}
    other_games = {met[p] for p in others}
    assert len(rival_games) == len(other_games) == 1, "each class of pair meets the same number of times"
    assert rival_games == {2 * n for n in other_games} and min(other_games) >= 1


@pytest.mark.parametrize("games", [9, 24, 33, 42])
def test_division_games_that_do_not_divide_still_favour_rivals(games: int) -> None:
    divisions = {"East": ["A", "B", "C", "D"], "West": ["E", "F", "G", "H"]}  # a cycle is 10 series
    teams = [t for members in divisions.values() for t in members]
    schedule = make_schedule(teams, games, 3, divisions, seed=4)
    assert_sound(schedule, teams, games, 3)
    met = Counter(frozenset((g.away, g.home)) for g in schedule)
    rivals = division_pairs(divisions)
    rival_counts = [met[p] for p in rivals]
    other_counts = [met[frozenset((a, b))] for a in teams for b in teams if a < b and frozenset((a, b)) not in rivals]
    assert max(rival_counts) - min(rival_counts) <= 4  # a series apart, give or take a longer one
    assert max(other_counts) - min(other_counts) <= 4
    assert sum(rival_counts) / len(rival_counts) > sum(other_counts) / len(other_counts)


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
        (["A", "B", "C", "D"], 1, 3, None, "4 teams cannot each play 1 games in series of 2 to 4"),
        (
            ["A", "B", "C", "D", "E"],
            9,
            3,
            None,
            "one sits out each round, so only whole round robins balance; try 8 or 10",
        ),
        (["A", "B", "C", "D"], 6, 3, {"X": ["A", "B"], "Y": ["C", "Z"]}, "'Z', which is not one of the teams"),
        (["A", "B", "C", "D"], 6, 3, {"X": ["A", "B"], "Y": ["B", "C", "D"]}, "'B' is in two divisions"),
        (["A", "B", "C", "D"], 6, 3, {"X": ["A", "B"], "Y": ["C"]}, "not placed: D"),
        (["A", "B", "C", "D"], 6, 3, {"X": ["A"], "Y": ["B", "C", "D"]}, "need at least two teams each; got X 1, Y 3"),
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
    with pytest.raises(ScheduleError, match="try 32 or 34"):
        make_schedule(list("ABCDEFGHI"), 33, 3, {"N": list("ABC"), "C": list("DEF"), "S": list("GHI")})
    with pytest.raises(ScheduleError, match="try 16 or 18"):
        make_schedule(list("ABCDE"), 17, 3)  # 5 teams: each longer or shorter series changes two teams' games
    assert len(make_schedule(list("ABCDE"), 24, 3)) == 5 * 24 // 2
    assert len(make_schedule(list("ABCDE"), 18, 3)) == 5 * 18 // 2  # eight series: two of 3 games, six of 2


# --- issue 14: schedules like a real league's -------------------------------------------------


def mlb_league() -> tuple[list[str], dict[str, list[str]], dict[str, str]]:
    """30 teams: two leagues (AL, NL) of three divisions of five, as MLB since 2013."""
    teams: list[str] = []
    divisions: dict[str, list[str]] = {}
    subleagues: dict[str, str] = {}
    for league in ("AL", "NL"):
        for division in ("East", "Central", "West"):
            members = [f"{league}{division[0]}{i}" for i in range(5)]
            divisions[f"{league} {division}"] = members
            teams += members
            subleagues.update(dict.fromkeys(members, league))
    return teams, divisions, subleagues


@pytest.mark.parametrize("seed", [0, 2])
def test_a_30_team_mlb_season_has_mlbs_shape(seed: int) -> None:
    """MLB 2023: 162 games, 81 at home; 13 against each division rival (52), 6 or 7 against the other ten in the
    league (64), 46 interleague (3 against each, 4 against the natural rival as two two-game series)."""
    teams, divisions, subleagues = mlb_league()
    schedule = make_schedule(teams, 162, 3, divisions, seed, subleagues=subleagues)
    assert_sound(schedule, teams, 162, 3)
    home = Counter(g.home for g in schedule)
    assert all(80 <= home[t] <= 82 for t in teams), sorted(home.values())
    assert sum(home[t] == 81 for t in teams) >= 24
    division_of = {t: name for name, members in divisions.items() for t in members}
    met = Counter(frozenset((g.away, g.home)) for g in schedule)
    by_kind: dict[str, list[int]] = defaultdict(list)
    for i, a in enumerate(teams):
        for b in teams[i + 1 :]:
            kind = (
                "division"
                if division_of[a] == division_of[b]
                else "league"
                if subleagues[a] == subleagues[b]
                else "interleague"
            )
            by_kind[kind].append(met[frozenset((a, b))])
    assert set(by_kind["division"]) <= {12, 13, 14} and Counter(by_kind["division"])[13] >= 45  # of 60 pairs
    assert set(by_kind["league"]) <= {6, 7, 8} and Counter(by_kind["league"])[8] <= 2  # of 150
    assert set(by_kind["interleague"]) <= {3, 4} and Counter(by_kind["interleague"])[4] >= 15  # of 225
    for team in teams:  # natural rivals: the same place in the same division of the other league
        rival = [g for g in schedule if team in (g.away, g.home) and subleagues[g.away] != subleagues[g.home]]
        two_game = [r for r in series_of(rival)[team] if r[2] == 2]
        assert len(two_game) == 2 and two_game[0][0] == two_game[1][0] and two_game[0][1] != two_game[1][1]
    runs = series_of(schedule)
    lengths = Counter(r[2] for team_runs in runs.values() for r in team_runs)
    assert set(lengths) == {2, 3, 4} and lengths[3] > 4 * (lengths[2] + lengths[4])  # mostly three
    assert sum(len(r) for r in runs.values()) == 30 * 52  # MLB's 52 series a team


@pytest.mark.parametrize("seed", [0, 3, 4])
def test_a_30_team_season_has_off_days_homestands_and_trips(seed: int) -> None:
    teams, divisions, subleagues = mlb_league()
    schedule = make_schedule(teams, 162, 3, divisions, seed, subleagues=subleagues)
    last = max(g.day for g in schedule)
    assert last == 162 + 19  # 19 off days each by default (12% of the games), about one a week
    days: dict[str, list[int]] = defaultdict(list)
    for game in schedule:
        days[game.away].append(game.day)
        days[game.home].append(game.day)
    assert max(longest_streak(d) for d in days.values()) <= 20  # MLB: at most 20 days in a row
    stands = [length for runs in series_of(schedule).values() for length in trips(runs)]
    assert max(stands) <= 5
    assert sum(2 <= s <= 4 for s in stands) >= 0.6 * len(stands)  # a single series at home or away is rarer


def test_the_off_days_asked_for_are_every_teams_and_a_break_makes_up_what_rounds_cannot() -> None:
    teams = teams_of(6)
    for off_days in (0, 4, 12):
        schedule = make_schedule(teams, 30, 3, off_days=off_days, seed=1)
        assert_sound(schedule, teams, 30, 3)
        assert max(g.day for g in schedule) == 30 + off_days
    # 10 rounds can give 10 off days at most (a long round each); the other 5 are a league-wide break.
    schedule = make_schedule(teams, 30, 3, off_days=15, seed=1)
    game_days = {g.day for g in schedule}
    assert max(game_days) == 45
    empty = sorted(set(range(1, 46)) - game_days)
    assert any(empty[k : k + 5] == list(range(empty[k], empty[k] + 5)) for k in range(len(empty)))


def test_a_two_league_season_without_divisions_weights_the_own_league_twice() -> None:
    teams = teams_of(8)
    subleagues = {t: "AL" if i < 4 else "NL" for i, t in enumerate(teams)}
    schedule = make_schedule(teams, 30, 3, seed=5, subleagues=subleagues)  # a cycle: 3 + 3 + 4 series
    assert_sound(schedule, teams, 30, 3)
    met = Counter(frozenset((g.away, g.home)) for g in schedule)
    own = {met[frozenset((a, b))] for a in teams for b in teams if a < b and subleagues[a] == subleagues[b]}
    other = {met[frozenset((a, b))] for a in teams for b in teams if subleagues[a] != subleagues[b]}
    assert own == {6} and other == {3}


@pytest.mark.parametrize(
    ("n", "games"), [(2, 6), (2, 2), (4, 20), (4, 10), (5, 24), (6, 40), (7, 36), (8, 60), (9, 48), (4, 7)]
)
def test_small_and_odd_leagues_still_work(n: int, games: int) -> None:
    teams = teams_of(n)
    schedule = make_schedule(teams, games, 3, seed=n)
    assert_sound(schedule, teams, games, 3)
    assert schedule == make_schedule(teams, games, 3, seed=n)


def test_a_small_two_league_league_with_odd_divisions() -> None:
    teams = teams_of(12)
    divisions = {"AE": teams[0:3], "AW": teams[3:6], "NE": teams[6:9], "NW": teams[9:12]}
    subleagues = {t: "AL" if i < 6 else "NL" for i, t in enumerate(teams)}
    schedule = make_schedule(teams, 60, 3, divisions, 8, subleagues=subleagues)
    assert_sound(schedule, teams, 60, 3)
    met = Counter(frozenset((g.away, g.home)) for g in schedule)
    rivals = division_pairs(divisions)
    league = {frozenset((a, b)) for a in teams for b in teams if a < b and subleagues[a] == subleagues[b]} - rivals
    inter = {frozenset((a, b)) for a in teams for b in teams if subleagues[a] != subleagues[b]}
    assert min(met[p] for p in rivals) > max(met[p] for p in league) > max(met[p] for p in inter)


def test_the_same_arguments_and_seed_give_the_same_season() -> None:
    teams, divisions, subleagues = mlb_league()
    first = make_schedule(teams, 162, 3, divisions, 9, subleagues=subleagues)
    assert first == make_schedule(teams, 162, 3, divisions, 9, subleagues=subleagues)
    assert first != make_schedule(teams, 162, 3, divisions, 10, subleagues=subleagues)


@pytest.mark.parametrize(
    ("subleagues", "message"),
    [
        ({"A": "AL", "B": "AL", "C": "NL"}, "not placed: D"),
        ({"A": "AL", "B": "AL", "C": "AL", "D": "NL"}, "each of two leagues needs at least two teams; got NL 1"),
        ({"A": "AL", "B": "NL", "C": "XL", "D": "NL"}, "one league or two; got 3"),
        ({"A": "AL", "B": "NL", "C": "AL", "D": "NL", "Z": "AL"}, "'Z', which is not one of the teams"),
        ({"A": "AL", "B": "NL", "C": "AL", "D": "NL"}, "a division's teams must all be in one league; A, B"),
    ],
)
def test_bad_leagues_are_refused_with_a_clear_message(subleagues: dict[str, str], message: str) -> None:
    divisions = {"X": ["A", "B"], "Y": ["C", "D"]} if message.startswith("a division") else None
    with pytest.raises(ScheduleError) as error:
        make_schedule(list("ABCD"), 6, 3, divisions, subleagues=subleagues)
    assert message in str(error.value)


def test_one_league_named_for_every_team_is_one_league() -> None:
    teams = teams_of(4)
    same = make_schedule(teams, 12, 3, seed=1, subleagues=dict.fromkeys(teams, "AL"))
    assert same == make_schedule(teams, 12, 3, seed=1)


@pytest.mark.parametrize("seed", [1, 11, 19])  # seeds whose round order alone left a team 23 days in a row
def test_no_team_ever_plays_more_than_20_days_in_a_row(seed: int) -> None:
    """MLB's labour agreement: at most 20 days in a row. Where the round search falls short, the whole
    league gets an off day between two series, so the season runs a day longer and nobody's series splits."""
    teams, divisions, subleagues = mlb_league()
    schedule = make_schedule(teams, 162, 3, divisions, seed, subleagues=subleagues)
    days: dict[str, list[int]] = defaultdict(list)
    for game in schedule:
        days[game.away].append(game.day)
        days[game.home].append(game.day)
    assert max(longest_streak(d) for d in days.values()) <= 20
    assert all(len(d) == 162 == len(set(d)) for d in days.values())
    assert 162 + 19 < max(g.day for g in schedule) <= 162 + 19 + 2  # the extra league-wide off day
    runs = series_of(schedule)
    assert sum(len(r) for r in runs.values()) == 30 * 52 and all(2 <= n <= 4 for r in runs.values() for *_, n, _ in r)


def test_a_league_wide_off_day_goes_between_series_inside_the_run_that_is_too_long() -> None:
    from league.schedule import MAX_STREAK, _rest_long_streaks

    # Two teams meeting in 25 two-game series, day after day: 50 days in a row.
    games = [ScheduledGame(day, *(("A", "B") if (day - 1) // 2 % 2 else ("B", "A"))) for day in range(1, 51)]
    rested = _rest_long_streaks(games)
    played = [g.day for g in rested]
    assert len(played) == 50 and longest_streak(played) == MAX_STREAK
    assert sorted(set(range(1, 53)) - set(played)) == [21, 42]  # after the 10th and 20th series
    assert [(g.away, g.home) for g in rested] == [(g.away, g.home) for g in games]  # same order of games


@pytest.mark.parametrize(("days", "off"), [(20, []), (21, [21])])
def test_twenty_days_in_a_row_are_allowed_and_twenty_one_are_not(days: int, off: list[int]) -> None:
    """MLB's labour agreement: at most 20 days in a row. One-game series, so every day is between series:
    20 days are left alone; a 21st gets a league-wide off day before it."""
    from league.schedule import _rest_long_streaks

    games = [ScheduledGame(day, *(("A", "B") if day % 2 else ("B", "A"))) for day in range(1, days + 1)]
    played = [g.day for g in _rest_long_streaks(games)]
    assert len(played) == days and sorted(set(range(1, days + 2)) - set(played))[: len(off)] == off
    assert longest_streak(played) == 20


def test_two_leagues_of_different_sizes_play_apart() -> None:
    """1985: the AL's 14 teams and the NL's 12, each league its own schedule (no interleague before 1997)."""
    al, nl = [f"a{i}" for i in range(14)], [f"n{i}" for i in range(12)]
    divisions = {"AL East": al[:7], "AL West": al[7:], "NL East": nl[:6], "NL West": nl[6:]}
    leagues = {**dict.fromkeys(al, "AL"), **dict.fromkeys(nl, "NL")}
    games = make_schedule(al + nl, 162, 3, divisions, 7, subleagues=leagues)
    played = {t: 0 for t in al + nl}
    for g in games:
        assert leagues[g.away] == leagues[g.home]
        played[g.away] += 1
        played[g.home] += 1
    assert set(played.values()) == {162}
    assert [g.day for g in games] == sorted(g.day for g in games)
