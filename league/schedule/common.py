"""What the schedule's parts share: its numbers, types and errors, and the checks of what is asked (league.schedule)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from league.errors import LeagueError

# How many times a cycle is shuffled looking for an order in which no pair meets in back-to-back series.
SHUFFLE_TRIES = 50
# The longest homestand or road trip the host search aims for, in series (MLB rarely goes past four).
DEFAULT_MAX_TRIP = 4
# Off days per team when none are asked: this share of the games, about one a week (MLB: 19 in 162 games).
OFF_DAY_SHARE = 0.12
# One shorter series, balanced by one more longer one, per this many series a team plays (MLB: 2 of 52).
SERIES_PER_SHORT = 26
# Host-search moves per series, and what the search weighs: a homestand or trip of one series, each series
# past max_trip, and (home games - road games) squared.
HOST_MOVES = 24
SINGLE_COST = 2.0
LONG_TRIP_COST = 8.0
BALANCE_COST = 3.0
# At most one series in this many is a game longer or shorter than asked, where the numbers allow.
MIXED_SERIES = 6
# Reordering rounds so pairs due a longer series meet in a long round: moves per round, and what an uncovered
# pair weighs by kind (division, league, interleague) against a pair meeting in back-to-back series.
COVER_MOVES = 40
COVER_WEIGHTS = (3.0, 1.0, 0.0)
REPEAT_COST = 5
# The most days in a row a team should play (MLB's labour agreement: 20).
MAX_STREAK = 20
# Swaps of two long rounds tried when a team would still play more than MAX_STREAK days in a row.
STREAK_MOVES = 60
# A two-league season shorter than one cycle of rounds (MLB 2020) is regional: this share of the series
# against division rivals, the rest against the other league's matching division.
REGIONAL_DIVISION_SHARE = 2 / 3
# Tries at picking which series are longer or shorter before one more round is made a day longer.
LENGTH_TRIES = 12

DIVISION, LEAGUE, INTERLEAGUE = 0, 1, 2  # what a pair of teams is, most weighted first

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
    # In the order of their names, so two leagues' divisions pair by name ("AL East" with "NL East").
    for name, members in sorted(divisions.items(), key=lambda item: str(item[0])):
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
    if len(set(sizes.values())) > 1 and min(sizes.values()) < 2:
        listed = ", ".join(f"{name} {size}" for name, size in sizes.items())
        raise ScheduleError(f"divisions of different sizes need at least two teams each; got {listed}")
    return groups


def _leagues_apart(
    teams: list[str], subleagues: Mapping[str, str] | None, interleague: bool | None = None
) -> list[list[str]]:
    """Two leagues that do not meet (``interleague`` False) or of different sizes, each its teams (by league
    name), to schedule apart; else []."""
    if not subleagues or any(not subleagues.get(t) for t in teams) or set(subleagues) - set(teams):
        return []  # _check_subleagues says what is wrong
    names = sorted({subleagues[t] for t in teams})
    leagues = [[t for t in teams if subleagues[t] == name] for name in names]
    if len(leagues) != 2:
        return []
    if interleague is False:
        return leagues
    gap = abs(len(leagues[0]) - len(leagues[1]))
    # Leagues of different sizes meet only when asked (MLB 1998-2012), and when the bigger league's teams left
    # over in an interleague round can pair up among themselves.
    return leagues if gap and (interleague is not True or gap % 2) else []


def _check_subleagues(
    teams: list[str], groups: list[list[str]], subleagues: Mapping[str, str] | None
) -> list[list[str]]:
    """The two leagues' teams (sorted by league name, the same size: see _leagues_apart), or [] for one
    league; divisions each inside one."""
    if not subleagues:
        return []
    for team in subleagues:
        if team not in teams:
            raise ScheduleError(f"subleagues names {team!r}, which is not one of the teams")
    missing = [t for t in teams if not subleagues.get(t)]
    if missing:
        raise ScheduleError(f"when any team has a league every team needs one; not placed: {', '.join(missing)}")
    names = sorted({subleagues[t] for t in teams})
    if len(names) == 1:
        return []
    if len(names) > 2:
        raise ScheduleError(f"a schedule has one league or two; got {len(names)}: {', '.join(names)}")
    leagues = [[t for t in teams if subleagues[t] == name] for name in names]
    for group in groups:
        if len({subleagues[t] for t in group}) > 1:
            raise ScheduleError(
                f"a division's teams must all be in one league; {', '.join(group)} are not: move a team or a league"
            )
    return leagues


def _spread(count: int, total: int) -> list[int]:
    """``count`` of ``total`` rounds, spread evenly; the first round only when more than half are taken."""
    return sorted({int((k + 0.5) * total / count) for k in range(count)}) if count else []
