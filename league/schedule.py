"""The season's schedule: home-and-away series in which every team plays the same number of games.

How a schedule is built, and the weighting a league gets:

- Games come in series: ``series_length`` consecutive days between the same two teams in the same
  park. Every series starts on the same day, so a season is a run of series "rounds"; round r
  (from 0) covers days r*L+1 to r*L+L.
- A round robin is every pair meeting once, in rounds where nobody plays twice (the circle method).
  With an even number of teams everyone plays every round; with an odd number one team sits out
  each round, a different one each time, so everyone sits out once per round robin.
- Without divisions the season is round robins back to back, so each pair meets the same number of
  series, give or take one. With an even number of teams the last round robin may stop part way
  (each round still gives everyone one series); with an odd number only whole round robins balance.
- With divisions (all the same size) each team plays every division rival twice as many series as
  each team outside its division: one "cycle" is a league-wide round robin plus a round robin inside
  every division (the divisions play theirs side by side). When the games are not a whole number of
  cycles, the rest is made up from a division round robin first, then from part of a league-wide one.
- Home and away: a pair's series alternate parks. When a pair meets an odd number of times, the odd
  series are handed out so that every team's home and road series differ by at most one.

The same arguments and seed always give the same schedule.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from league.errors import LeagueError

# How many times a cycle is shuffled looking for an order in which no pair meets in back-to-back series.
SHUFFLE_TRIES = 50

Pair = tuple[str, str]
Round = list[Pair]  # the series played at the same time; nobody appears twice


class ScheduleError(LeagueError, ValueError):
    """The schedule asked for cannot be made; the message says what to change."""


@dataclass(frozen=True)
class ScheduledGame:
    day: int  # from 1
    away: str
    home: str


@dataclass(frozen=True)
class _Plan:
    """How the series per team are made up from round robins (see the module docstring)."""

    cycles: int  # league-wide round robin + division round robins, this many times
    extra_division: bool  # one more whole division round robin
    division_rounds: int  # rounds from a further division round robin (even divisions only)
    league_rounds: int  # rounds from a further league-wide round robin (even team counts only)


def make_schedule(
    teams: Sequence[str],
    games_per_team: int,
    series_length: int = 3,
    divisions: Mapping[str, Sequence[str]] | None = None,
    seed: int = 0,
) -> list[ScheduledGame]:
    """Every team plays ``games_per_team`` games in series of ``series_length``; sorted by day.

    Raises ScheduleError, saying what would work, when the teams, divisions or numbers cannot balance.
    """
    team_list = _check_teams(teams)
    groups = _check_divisions(team_list, divisions)
    if series_length < 1:
        raise ScheduleError(f"series_length must be at least 1; got {series_length}")
    if games_per_team < 1:
        raise ScheduleError(f"games_per_team must be at least 1; got {games_per_team}")
    if games_per_team % series_length:
        below = games_per_team - games_per_team % series_length
        above = below + series_length
        raise ScheduleError(
            f"games_per_team ({games_per_team}) must be a multiple of series_length ({series_length}): "
            f"try {' or '.join(str(g) for g in (below, above) if g > 0)}"
        )
    series = games_per_team // series_length
    division_size = len(groups[0]) if groups else None
    plan = _plan(len(team_list), division_size, series)
    if plan is None:
        raise ScheduleError(_unbalanced(len(team_list), division_size, series, series_length))
    rng = random.Random(seed)
    rounds = _rounds(team_list, groups, plan, rng)
    return _games(rounds, series_length, rng)


# --- checking the input ----------------------------------------------------------------


def _check_teams(teams: Sequence[str]) -> list[str]:
    if isinstance(teams, str):
        raise ScheduleError("teams must be a list of team keys, not a single string")
    team_list = list(teams)
    if len(team_list) < 2:
        raise ScheduleError(f"a schedule needs at least two teams; got {len(team_list)}")
    seen: set[str] = set()
    for team in team_list:
        if not isinstance(team, str) or not team.strip():
            raise ScheduleError(f"team keys must be non-empty strings; got {team!r}")
        if team in seen:
            raise ScheduleError(f"team {team!r} is listed twice; list each team once")
        seen.add(team)
    return team_list


def _check_divisions(teams: list[str], divisions: Mapping[str, Sequence[str]] | None) -> list[list[str]]:
    """The divisions as lists of teams; every team in exactly one, all the same size."""
    if not divisions:
        return []
    placed: dict[str, str] = {}
    groups: list[list[str]] = []
    for name, members in divisions.items():
        if isinstance(members, str):
            raise ScheduleError(f"division {name!r} must list its teams, not a single string")
        group = list(members)
        if not group:
            raise ScheduleError(f"division {name!r} has no teams; drop it or give it teams")
        for team in group:
            if team not in teams:
                raise ScheduleError(f"division {name!r} lists {team!r}, which is not one of the teams")
            if team in placed:
                raise ScheduleError(f"{team!r} is in two divisions ({placed[team]!r} and {name!r}); pick one")
            placed[team] = name
        groups.append(group)
    missing = [t for t in teams if t not in placed]
    if missing:
        raise ScheduleError(f"every team needs a division; not placed: {', '.join(missing)}")
    sizes = {name: len(members) for name, members in divisions.items()}
    if len(set(sizes.values())) > 1:
        listed = ", ".join(f"{name} {size}" for name, size in sizes.items())
        raise ScheduleError(f"divisions must be the same size for every team to play the same games; got {listed}")
    return groups


# --- the numbers -------------------------------------------------------------------------


def _plan(teams: int, division_size: int | None, series: int) -> _Plan | None:
    """Round robins that give every team exactly ``series`` series, or None when they cannot."""
    league = teams - 1  # series per team in a league-wide round robin
    division = division_size - 1 if division_size else 0
    cycles, rest = divmod(series, league + division)
    extra_division = False
    division_rounds = league_rounds = 0
    if division and rest >= division:
        extra_division, rest = True, rest - division
    elif division and rest and division_size is not None and division_size % 2 == 0:
        division_rounds, rest = rest, 0  # part of a division round robin: everyone plays every round
    if rest and teams % 2 == 0:
        league_rounds, rest = rest, 0
    return None if rest else _Plan(cycles, extra_division, division_rounds, league_rounds)


def _unbalanced(teams: int, division_size: int | None, series: int, series_length: int) -> str:
    """Why the series cannot balance, with the nearest games per team that do."""
    cycle = teams - 1 + (division_size - 1 if division_size else 0)
    works = [s for s in range(1, series + 2 * cycle + 1) if _plan(teams, division_size, s) is not None]
    below = [s for s in works if s < series][-1:]
    above = [s for s in works if s > series][:1]
    nearest = " or ".join(str(s * series_length) for s in below + above)
    # Only an odd team count fails: with an even one, part of a league-wide round robin makes up any rest.
    return (
        f"{teams} teams cannot each play {series * series_length} games in series of {series_length}: "
        f"with an odd number of teams one sits out each series, so only whole round robins balance; "
        f"try {nearest}"
    )


# --- the rounds ----------------------------------------------------------------------------


def round_robin(teams: Sequence[str]) -> list[Round]:
    """Every pair once, in rounds where nobody plays twice (the circle method); an odd count leaves one out a round."""
    if len(teams) < 2:
        return []
    slots: list[str | None] = list(teams)
    if len(slots) % 2:
        slots.append(None)  # the bye
    n = len(slots)
    rounds: list[Round] = []
    for _ in range(n - 1):
        pairs = [(slots[i], slots[n - 1 - i]) for i in range(n // 2)]
        rounds.append([(a, b) for a, b in pairs if a is not None and b is not None])
        slots = [slots[0], slots[-1], *slots[1:-1]]  # everyone but the first moves one place round the circle
    return rounds


def _shuffled(teams: Sequence[str], rng: random.Random) -> list[str]:
    out = list(teams)
    rng.shuffle(out)
    return out


def _league_round_robin(teams: list[str], rng: random.Random) -> list[Round]:
    return round_robin(_shuffled(teams, rng))


def _division_round_robin(groups: list[list[str]], rng: random.Random) -> list[Round]:
    """Each division's round robin, played side by side."""
    each = [round_robin(_shuffled(group, rng)) for group in groups]
    return [[pair for rounds in each for pair in rounds[r]] for r in range(len(each[0]))]


def _rounds(teams: list[str], groups: list[list[str]], plan: _Plan, rng: random.Random) -> list[Round]:
    rounds: list[Round] = []
    for _ in range(plan.cycles):
        block = _league_round_robin(teams, rng) + (_division_round_robin(groups, rng) if groups else [])
        rounds += _arrange(block, rounds[-1] if rounds else [], rng)
    tail: list[Round] = []
    if plan.extra_division:
        tail += _division_round_robin(groups, rng)
    if plan.division_rounds:
        tail += _division_round_robin(groups, rng)[: plan.division_rounds]
    if plan.league_rounds:
        tail += _league_round_robin(teams, rng)[: plan.league_rounds]
    if tail:
        rounds += _arrange(tail, rounds[-1] if rounds else [], rng)
    return rounds


def _arrange(block: list[Round], previous: Round, rng: random.Random) -> list[Round]:
    """The block's rounds in a shuffled order, avoiding a pair meeting in back-to-back series where it can."""
    best: list[Round] = block
    best_repeats = -1
    for _ in range(SHUFFLE_TRIES):
        order = list(block)
        rng.shuffle(order)
        repeats = sum(_meet_again(a, b) for a, b in zip([previous, *order], order, strict=False))
        if best_repeats < 0 or repeats < best_repeats:
            best, best_repeats = order, repeats
        if repeats == 0:
            break
    return best


def _meet_again(first: Round, second: Round) -> int:
    met = {frozenset(p) for p in first}
    return sum(frozenset(p) in met for p in second)


# --- home and away --------------------------------------------------------------------------


def _odd_hosts(pairs: list[Pair]) -> set[Pair]:
    """(host, visitor) for each pair, chosen so every team hosts as often as it visits, give or take one.

    An Euler-tour orientation: join every team with an odd number of these pairs to a dummy, walk closed
    trails through the pairs, and let each step's first team host. A closed trail enters each team as
    often as it leaves it, so only the dummy's pairs (at most one per team) unbalance anyone.
    """
    neighbours: dict[str | None, list[str | None]] = {}
    for a, b in pairs:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    for team in [t for t, n in neighbours.items() if len(n) % 2]:
        neighbours[team].append(None)
        neighbours.setdefault(None, []).append(team)
    hosts: set[Pair] = set()
    for start in list(neighbours):
        while neighbours[start]:
            at = start
            while neighbours[at]:
                to = neighbours[at].pop()
                neighbours[to].remove(at)
                if at is not None and to is not None:
                    hosts.add((at, to))
                at = to
    return hosts


def _games(rounds: list[Round], series_length: int, rng: random.Random) -> list[ScheduledGame]:
    meetings: dict[frozenset[str], list[int]] = {}
    firsts: dict[frozenset[str], Pair] = {}
    for index, round_ in enumerate(rounds):
        for pair in round_:
            key = frozenset(pair)
            meetings.setdefault(key, []).append(index)
            firsts.setdefault(key, pair)
    odd = [firsts[key] for key, when in meetings.items() if len(when) % 2]
    hosts = _odd_hosts(odd)
    # Who hosts each pair's first series; after that the parks alternate.
    first_host: dict[frozenset[str], str] = {}
    for key, pair in firsts.items():
        a, b = pair
        if len(meetings[key]) % 2:
            first_host[key] = a if (a, b) in hosts else b
        else:
            first_host[key] = a if rng.random() < 0.5 else b
    games: list[ScheduledGame] = []
    for index, round_ in enumerate(rounds):
        for pair in round_:
            key = frozenset(pair)
            nth = meetings[key].index(index)
            a, b = pair
            first = first_host[key]
            other = b if first == a else a
            home, away = (first, other) if nth % 2 == 0 else (other, first)
            start = index * series_length + 1
            games += [ScheduledGame(day, away, home) for day in range(start, start + series_length)]
    games.sort(key=lambda g: g.day)
    return games
