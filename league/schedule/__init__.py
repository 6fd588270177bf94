"""The season's schedule: series of two to four games, off days, homestands and road trips, MLB-like weights.

How a schedule is built:

1. **Rounds.** The season is a run of series "rounds": in a round every team plays at most one series,
   all starting the same week-part. A round robin is every pair meeting once, in rounds where nobody plays
   twice (the circle method); with an odd number of teams one sits out each round, a different one each
   time. Which round robins make up the season sets the weights:

   - one league, no divisions: league-wide round robins back to back, so each pair meets the same number
     of series, give or take one (an even league may stop part way through the last one; an odd one only
     balances with whole round robins);
   - divisions (all the same size): a "cycle" is a league-wide round robin plus a round robin inside every
     division, so division rivals meet twice as often as the rest; the rest of the series come from a
     division round robin first, then from part of a league-wide one;
   - divisions of different sizes (MLB 1994-2012: 5, 5 and 4; 5, 6 and 5): a cycle is a league-wide round
     robin plus a "division block" of k series for every team inside its division, k the biggest
     division's round robin (one more where an odd division needs an even number: 6 for 5, 6 and 5). A
     smaller division plays whole round robins and then rounds of one more (even) or, odd, pairs i and
     i + j round the circle, the next block taking the next rounds, so the extra series go round its
     pairs. Everyone in the league meets every cycle and division rivals meet more often (a smaller
     division's a little more). Past whole cycles: one more block, then a block of the rest when it is at
     most k, else part of a league-wide round robin. A division sits out rounds of a block it needs fewer
     for, so such a season has some more off days than one of even divisions (162 games: 194-195 days
     instead of 181);
   - two leagues that do not meet (``interleague=False``: MLB's before 1997) or of different sizes (MLB's AL
     and NL of 1977-1992) unless asked to meet: each league's own schedule as above, merged by day;
   - two leagues that meet with divisions of different sizes (MLB 1997), or of different sizes with
     ``interleague=True`` (MLB 1998-2012, 14 and 16 teams; an even difference): each league's own rounds
     side by side, and a block of interleague rounds in mid-season (MLB's interleague weeks), one series
     per team per round, as many as the biggest division's teams: with divisions matching in size each
     team meets the other league's matching division (paired by name: East with East), otherwise the
     smaller league's teams in order meet the bigger one's shifted one place a round, its teams left over
     playing each other;
   - two leagues (``subleagues``, the same size, divisions all of one size): MLB's 4:2:1 in series,
     a cycle being two round robins inside each league, two inside each division and one interleague
     round (every pair of leagues' teams once). With an odd league or division the team that sits out
     in one league plays the one that sits out in the other, an interleague series taken from the cycle's
     interleague rounds, so every round has every team playing. Series past whole cycles come from a
     division round robin, then interleague rounds (the first pairs each team with its "natural rival",
     the same place in the same division of the other league), then league rounds. A season shorter than
     one cycle (MLB 2020's 60 games, its nearest) is regional: about two thirds of the series inside the
     division (REGIONAL_DIVISION_SHARE), the rest against the other league's matching division (2020: 40
     and 20 games; here 36 and 24).

   Divisions are taken in the order of their names, so two leagues' divisions pair by name.

   Each cycle's rounds are shuffled, avoiding a pair meeting in back-to-back series where it can.

2. **Series lengths.** Every series is ``series_length`` games (3), give or take one. When the games per
   team are not a multiple of it, each team gets the same number of longer (or shorter) series: longer
   ones go first to division rivals, then the league, then interleague; shorter ones first to pairs of
   the other league that meet twice (MLB's two two-game series against the natural rival). MLB 2023's
   162 games come out as its 52 series: 13 games against each division rival, 6 or 7 against the rest
   of the league, 3 against each interleague team and 4 (2 + 2) against the natural rival.

3. **Off days.** ``off_days`` (default about one a week: 12% of the games) is the days each team has
   without a game. Some rounds are one day longer than the series (about every other round, spread out):
   a team that plays a longer series plays every day of it, the others have the first day off, the day
   they travel. Every team plays every game on the same number of days, so each has the same off days;
   a team also rests in a round it sits out (odd leagues). When the rounds cannot give that many off
   days, whole-league off days (an All-Star break) make up the rest, in the middle of the season.
   With off days at all, no team plays more than MAX_STREAK (20) days in a row: where the round order
   alone would, the whole league gets one more off day between two series (the season a day longer).

4. **Home and away.** A pair's series are split between the parks as evenly as they can be, and each
   team plays as many home games as road games, give or take a series. Hosts are then improved by a short
   seeded search so homestands and road trips run two to ``max_trip`` series (4, about 12 days), a single
   series at home or away being rare.

The same arguments and seed always give the same schedule; a 30-team, 162-game season takes a fraction
of a second.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
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


def make_schedule(
    teams: Sequence[str],
    games_per_team: int,
    series_length: int = 3,
    divisions: Mapping[str, Sequence[str]] | None = None,
    seed: int = 0,
    *,
    subleagues: Mapping[str, str] | None = None,
    off_days: int | None = None,
    max_trip: int = DEFAULT_MAX_TRIP,
    interleague: bool | None = None,
) -> list[ScheduledGame]:
    """Every team plays ``games_per_team`` games, in series of ``series_length`` give or take one; sorted by day.

    ``divisions`` maps a division's name to its teams, ``subleagues`` a team to its league ("AL", "NL"),
    ``off_days`` is the days each team has without a game (default: 12% of the games), ``max_trip`` the
    longest homestand or road trip aimed for, in series. ``interleague`` (two leagues only): False keeps
    the leagues apart (MLB before 1997), True or None lets leagues of the same size meet (leagues of
    different sizes always play apart). Raises ScheduleError, saying what would work, when the teams,
    divisions, leagues or numbers cannot balance.
    """
    team_list = _check_teams(teams)
    apart = _leagues_apart(team_list, subleagues, interleague)
    if apart:
        # Leagues that do not meet (interleague=False: MLB's before 1997), or two of different sizes (the AL
        # and NL of 1977-1992 and 1998-2012), which cannot share the cycles of interleague rounds: each league
        # plays a schedule of its own.
        small = [f"{subleagues[m[0]]} {len(m)}" for m in apart if len(m) < 2] if subleagues else []
        if small:
            raise ScheduleError(f"each of two leagues needs at least two teams; got {', '.join(small)}")
        games: list[ScheduledGame] = []
        for index, members in enumerate(apart):
            own = {n: list(m) for n, m in (divisions or {}).items() if set(m) & set(members)}
            for name, group in own.items():
                if not set(group) <= set(members):
                    raise ScheduleError(f"a division's teams must all be in one league; {name!r} is not")
            games += make_schedule(
                members, games_per_team, series_length, own or None, seed * 2 + index,
                off_days=off_days, max_trip=max_trip,
            )  # fmt: skip
        return sorted(games, key=lambda g: g.day)
    groups = _check_divisions(team_list, divisions)
    leagues = _check_subleagues(team_list, groups, subleagues)
    if series_length < 1:
        raise ScheduleError(f"series_length must be at least 1; got {series_length}")
    if games_per_team < 1:
        raise ScheduleError(f"games_per_team must be at least 1; got {games_per_team}")
    if off_days is not None and off_days < 0:
        raise ScheduleError(f"off_days cannot be negative; got {off_days}")
    if max_trip < 1:
        raise ScheduleError(f"max_trip must be at least 1 series; got {max_trip}")
    layout = _Layout(team_list, groups, leagues)
    series = _series_per_team(layout, games_per_team, series_length)
    rng = random.Random(seed)
    rounds = layout.rounds(series, rng)
    off = round(games_per_team * OFF_DAY_SHARE) if off_days is None else off_days
    games = _Season(layout, rounds, games_per_team, series_length, max_trip, rng).games(off)
    return _rest_long_streaks(games) if off else games  # a league that asks for no off days plays every day


def _rest_long_streaks(games: list[ScheduledGame]) -> list[ScheduledGame]:
    """The guarantee behind MAX_STREAK: where a team would still play more than MAX_STREAK days in a row
    (the search above usually avoids it, not always), the whole league gets an off day between two
    series inside that run, as late as keeps the run short enough; every later game moves back a day."""
    while True:
        cut = _streak_cut(games)
        if cut is None:
            return games
        games = [g if g.day < cut else ScheduledGame(g.day + 1, g.away, g.home) for g in games]


def _streak_cut(games: list[ScheduledGame]) -> int | None:
    """The day to make a league-wide off day, or None when no team plays more than MAX_STREAK days in a row."""
    by_day: dict[int, dict[str, tuple[str, str]]] = {}
    for g in games:
        by_day.setdefault(g.day, {})[g.away] = by_day.setdefault(g.day, {})[g.home] = (g.away, g.home)
    days = sorted(by_day)
    teams = {team for day in by_day.values() for team in day}
    for team in sorted(teams):
        start = None
        for day in days:
            if team not in by_day[day]:
                start = None
                continue
            start = day if start is None or team not in by_day.get(day - 1, {}) else start
            if day - start + 1 > MAX_STREAK:
                # A day between series for every team (nobody's game goes on with the same opponent in the same
                # park), the latest that leaves this team at most MAX_STREAK days in a row before it.
                for cut in range(day, start, -1):
                    before, after = by_day.get(cut - 1, {}), by_day.get(cut, {})
                    if all(before.get(t) != after.get(t) for t in after):
                        return cut
                return day  # no clean day (a series longer than MAX_STREAK): break it anyway
    return None


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


# --- the numbers -------------------------------------------------------------------------


class _Layout:
    """The teams, their divisions and leagues: what each pair is, and the rounds a season of series is made of."""

    def __init__(self, teams: list[str], groups: list[list[str]], leagues: list[list[str]]) -> None:
        self.teams = teams
        self.groups = groups
        self.leagues = leagues
        self.division_of = {t: i for i, group in enumerate(groups) for t in group}
        self.league_of = {t: i for i, members in enumerate(leagues) for t in members}
        # Divisions of different sizes (MLB 1994-2012) are planned by _Uneven; two such leagues by _Paired.
        self.uneven = len({len(g) for g in groups}) > 1
        self.division_size = len(groups[0]) if groups and not self.uneven else None
        self.paired = _Paired(self) if leagues and (self.uneven or len(leagues[0]) != len(leagues[1])) else None

    def kind(self, a: str, b: str) -> int:
        if self.leagues and self.league_of[a] != self.league_of[b]:
            return INTERLEAGUE
        if self.groups and self.division_of[a] == self.division_of[b]:
            return DIVISION
        return LEAGUE

    def plannable(self, series: int) -> bool:
        if self.paired:
            return self.paired.split(series) is not None
        if self.leagues:
            return True  # every round of two leagues has every team playing: any number of rounds balances
        if self.uneven:
            return _Uneven(self.teams, self.groups).plan(series) is not None
        return _plan(len(self.teams), self.division_size, series) is not None

    def whole(self, series: int) -> bool:
        """Whether the series are whole cycles (two leagues: give or take the natural rivals' round)."""
        if not self.leagues or self.paired:
            return True
        return series % _TwoLeagues(self, random.Random(0)).cycle in (0, 1)

    def rounds(self, series: int, rng: random.Random) -> list[Round]:
        if self.paired:
            return self.paired.rounds(series, rng)
        if self.leagues:
            return _TwoLeagues(self, rng).rounds(series)
        if self.uneven:
            return _Uneven(self.teams, self.groups).rounds(series, rng)
        plan = _plan(len(self.teams), self.division_size, series)
        assert plan is not None, "checked by _series_per_team"
        return _rounds(self.teams, self.groups, plan, rng)


def _series_per_team(layout: _Layout, games: int, length: int) -> int:
    """The series each team plays: the number closest to games / length that the rounds and lengths allow."""
    found = _series_for(layout, games, length)
    if found is not None:
        return found
    works = [g for g in range(1, 2 * games + 2 * len(layout.teams) + 8) if _series_for(layout, g, length) is not None]
    below = [g for g in works if g < games][-1:]
    above = [g for g in works if g > games][:1]
    nearest = " or ".join(str(g) for g in below + above)
    shortest, longest = max(1, length - 1), length + 1
    return_reason = (
        "with an odd number of teams one sits out each round, so only whole round robins balance"
        if len(layout.teams) % 2
        else f"every series is {shortest} to {longest} games"
    )
    raise ScheduleError(
        f"{len(layout.teams)} teams cannot each play {games} games in series of {shortest} to {longest}: "
        f"{return_reason}; try {nearest}"
    )


def _series_for(layout: _Layout, games: int, length: int) -> int | None:
    odd = len(layout.teams) % 2 == 1

    def fits(series: int) -> bool:
        extra = games - series * length
        if abs(extra) > series or (extra < 0 and length == 1):
            return False  # each series at most one game longer or shorter, and never empty
        # An odd league's extra games come in pairs: each longer series lengthens two teams' seasons.
        return not (odd and extra % 2) and layout.plannable(series)

    # Mostly series of the asked length (at most one in MIXED_SERIES a game longer or shorter), a whole number of
    # cycles where that allows (two leagues: MLB's 162 games are 51 series a cycle plus the natural rivals' round),
    # then the fewest series longer or shorter.
    candidates = sorted(
        range(1, games + 1),
        key=lambda s: (
            abs(games - s * length) > s // MIXED_SERIES,
            not layout.whole(s),
            abs(games - s * length),
            s * length > games,
        ),
    )
    return next((s for s in candidates if fits(s)), None)


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


# --- divisions of different sizes ---------------------------------------------------------------


def _regular(sizes: Sequence[int], k: int) -> bool:
    """Whether every division can give each of its teams exactly ``k`` series inside it (an odd division's
    teams only an even number: each series takes two of them)."""
    return k >= 0 and all(size * k % 2 == 0 for size in sizes)


def _regular_rounds(group: list[str], k: int, turn: int = 0) -> list[Round]:
    """Rounds inside one division giving each of its teams exactly ``k`` series (see _regular): whole round
    robins, then ``r`` = the rest: r rounds of a round robin (an even division), or for an odd one r / 2 steps
    of "the team j places on round the circle" (i, i + j), each step's cycles in three rounds. The ``turn``-th
    block of a season takes the next rounds or steps, so the extra series go round the division's pairs."""
    d = len(group)
    whole, r = divmod(k, d - 1)
    rounds = [list(round_) for _ in range(whole) for round_ in round_robin(group)]
    if not r:
        return rounds
    if d % 2 == 0:
        circle = round_robin(group)
        return rounds + [circle[(turn * r + i) % (d - 1)] for i in range(r)]
    steps = (d - 1) // 2
    for step in [(turn * r // 2 + i) % steps + 1 for i in range(r // 2)]:
        parts: list[Round] = [[], [], []]
        seen: set[int] = set()
        for start in range(d):
            if start in seen:
                continue
            cycle = [start]
            while (cycle[-1] + step) % d != start:
                cycle.append((cycle[-1] + step) % d)
            seen.update(cycle)
            for t, at in enumerate(cycle):
                # Along an odd cycle the edges alternate between two rounds, the last one in a third.
                part = 2 if t == len(cycle) - 1 and len(cycle) % 2 else t % 2
                parts[part].append((group[at], group[(at + step) % d]))
        rounds += [p for p in parts if p]
    return rounds


class _Uneven:
    """One league whose divisions are of different sizes (MLB 1994-2012: 5, 5 and 4; 5, 6 and 5).

    A cycle is a league-wide round robin plus a "division block": ``k`` series for every team against its
    own division's teams, k the division round robin's of the biggest division (one more when an odd division
    needs an even number), so division rivals meet more often than the rest, a smaller division's a little
    more. Past whole cycles: one more division block, then a division block of the rest when it is at most
    k, else part of a league-wide round robin (an even league).
    """

    def __init__(self, teams: list[str], groups: list[list[str]]) -> None:
        self.teams = teams
        self.groups = groups
        sizes = [len(g) for g in groups]
        self.k = max(sizes) - 1
        while not _regular(sizes, self.k):
            self.k += 1
        self.sizes = sizes

    def plan(self, series: int) -> tuple[int, list[int], int] | None:
        """(cycles, the further division blocks' k, further league rounds), or None when they cannot balance."""
        cycles, rest = divmod(series, len(self.teams) - 1 + self.k)
        blocks: list[int] = []
        if rest >= self.k:
            blocks.append(self.k)
            rest -= self.k
        if rest and rest <= self.k and _regular(self.sizes, rest):
            blocks.append(rest)
            rest = 0
        league_rounds = 0
        if rest and len(self.teams) % 2 == 0:
            league_rounds, rest = rest, 0
        return None if rest else (cycles, blocks, league_rounds)

    def block(self, k: int, order: list[list[str]], turn: int) -> list[Round]:
        """Every division's rounds of ``k`` series a team (the ``turn``-th block, its teams in ``order``), side by
        side; a division with fewer rounds sits out rounds spread through the block."""
        each = [_regular_rounds(group, k, turn) for group in order]
        count = max(len(rounds) for rounds in each)
        out: list[Round] = [[] for _ in range(count)]
        for rounds in each:
            idle = set(_spread(count - len(rounds), count))
            places = [r for r in range(count) if r not in idle]
            for place, round_ in zip(places, rounds, strict=True):
                out[place] += round_
        return out

    def rounds(self, series: int, rng: random.Random) -> list[Round]:
        plan = self.plan(series)
        assert plan is not None, "checked by _series_per_team"
        cycles, blocks, league_rounds = plan
        order = [_shuffled(group, rng) for group in self.groups]  # one order a season: the turns go round it
        rounds: list[Round] = []
        for turn in range(cycles):
            cycle = _league_round_robin(self.teams, rng) + self.block(self.k, order, turn)
            rounds += _arrange(cycle, rounds[-1] if rounds else [], rng)
        tail = [round_ for n, k in enumerate(blocks) for round_ in self.block(k, order, cycles + n)]
        tail += _league_round_robin(self.teams, rng)[:league_rounds]
        if tail:
            rounds += _arrange(tail, rounds[-1] if rounds else [], rng)
        return rounds


class _Paired:
    """Two leagues that meet, with divisions of different sizes (MLB 1997: 5, 5 and 4 in each) or of different
    sizes themselves (MLB 1998-2012: 14 and 16, an even difference).

    Each league plays its own rounds (_Uneven, or _plan's for one with divisions of one size) side by side,
    and every team plays ``interleague`` series in a block of rounds in mid-season (MLB's interleague
    weeks). Leagues of one size with divisions matching in size meet the other league's matching division
    (divisions paired by order), as MLB's did from 1997, a smaller division's teams meeting one team twice;
    otherwise each round pairs the smaller league's teams in order with the bigger one's shifted one place
    on, and the bigger league's teams left over play each other (a league series). The number is the
    biggest division's size (without divisions a third of the smaller league), fewer when the season is too
    short for it to balance.
    """

    def __init__(self, layout: _Layout) -> None:
        small, big = sorted(layout.leagues, key=len)
        self.leagues = [
            _Layout(members, [g for g in layout.groups if g[0] in set(members)], []) for members in (small, big)
        ]
        self.biggest = max(len(g) for g in layout.groups) if layout.groups else -(-len(small) // 3)

    def split(self, series: int) -> int | None:
        """The interleague series per team for a season of ``series``, or None when none balances."""
        for interleague in range(min(self.biggest, series // 4), -1, -1):
            if all(league.plannable(series - interleague) for league in self.leagues):
                return interleague
        return None

    def _listed(self, league: _Layout) -> list[list[str]]:
        return league.groups or [league.teams]

    def matchings(self, count: int) -> list[Round]:
        first, second = (self._listed(league) for league in self.leagues)
        if [len(g) for g in first] == [len(g) for g in second]:
            pairs = list(zip(first, second, strict=True))
            return [[(a[x], b[(x + s) % len(b)]) for a, b in pairs for x in range(len(a))] for s in range(count)]
        ours, theirs = [t for g in first for t in g], [t for g in second for t in g]
        rounds: list[Round] = []
        for s in range(count):
            round_ = [(ours[x], theirs[(x + s) % len(theirs)]) for x in range(len(ours))]
            left = [theirs[(x + s) % len(theirs)] for x in range(len(ours), len(theirs))]
            rounds.append(round_ + list(zip(left[::2], left[1::2], strict=True)))
        return rounds

    def rounds(self, series: int, rng: random.Random) -> list[Round]:
        interleague = self.split(series)
        assert interleague is not None, "checked by _series_per_team"
        own = [league.rounds(series - interleague, rng) for league in self.leagues]
        count = max(len(r) for r in own)
        side = [[pair for r in own if at < len(r) for pair in r[at]] for at in range(count)]
        middle = count // 2
        block = _arrange(self.matchings(interleague), side[middle - 1] if middle else [], rng)
        return side[:middle] + block + side[middle:]


# --- two leagues -----------------------------------------------------------------------------


class _TwoLeagues:
    """Rounds for two leagues of the same size, every round a series for every team (see the module docstring).

    The leagues' teams are laid out by division, position x of division k being (k, x). The interleague
    pairs split into perfect matchings: matching (t, s) pairs (k, x) of the first league with
    (k + t, x + s) of the second. The "aligned" ones (t = 0) pair each division with its counterpart, so they
    can pair the teams that sit out an odd division's round robin; (0, 0) pairs natural rivals.
    """

    def __init__(self, layout: _Layout, rng: random.Random) -> None:
        self.rng = rng
        by_league: list[list[list[str]]] = []
        for members in layout.leagues:
            inside = set(members)
            groups = [list(g) for g in layout.groups if g[0] in inside] if layout.groups else [list(members)]
            by_league.append(groups)
        self.has_divisions = bool(layout.groups) and len(by_league[0][0]) > 1
        self.divisions = by_league
        self.q, self.d = len(by_league[0]), len(by_league[0][0])
        self.m = self.q * self.d
        self.first = [t for g in by_league[0] for t in g]
        self.second = [t for g in by_league[1] for t in g]
        self.matchings = [self._matching(0, s) for s in range(self.d)]  # aligned first, natural rivals first of all
        crossed = [self._matching(t, s) for t in range(1, self.q) for s in range(self.d)]
        rng.shuffle(crossed)
        self.matchings += crossed
        self.league_rounds = self.m - 1 + self.m % 2
        self.division_rounds = self.d - 1 + self.d % 2 if self.has_divisions else 0
        self.cycle = len(self._cycle(count_only=True))

    def _matching(self, t: int, s: int) -> dict[str, str]:
        d, q = self.d, self.q
        return {self.first[k * d + x]: self.second[((k + t) % q) * d + (x + s) % d] for k in range(q) for x in range(d)}

    def _pick(self, used: list[int], aligned: bool) -> int:
        """A matching for the teams sitting out: one not used yet this cycle, leaving the natural rivals' last."""
        pool = list(range(self.d)) if aligned else list(range(self.d, len(self.matchings))) + list(range(self.d))
        pool = [i for i in pool if i != 0] + [0]
        choice = next((i for i in pool if i not in used), pool[0])
        used.append(choice)
        return choice

    def _side_by_side(self, first: list[str], second: list[str], matching: dict[str, str] | None) -> list[Round]:
        """Round robins of two groups played at the same time; an odd pair of groups' byes play each other."""
        ours = round_robin(_shuffled(first, self.rng)) or [[]]  # a group of one sits out its one round
        theirs = round_robin(_shuffled(second, self.rng)) or [[]]
        if matching is None:
            self.rng.shuffle(theirs)
            return [a + b for a, b in zip(ours, theirs, strict=True)]
        by_bye = {_sitting_out(r, second): r for r in theirs}
        combined = []
        for r in ours:
            bye = _sitting_out(r, first)
            combined.append(r + by_bye[matching[bye]] + [(bye, matching[bye])])
        return combined

    def _league_block(self, used: list[int], count_only: bool) -> list[Round]:
        index = self._pick(used, aligned=self.q == 1) if self.m % 2 else None
        if count_only:
            return [[]] * self.league_rounds
        return self._side_by_side(self.first, self.second, None if index is None else self.matchings[index])

    def _division_block(self, used: list[int], count_only: bool) -> list[Round]:
        index = self._pick(used, aligned=True) if self.d % 2 else None
        if count_only:
            return [[]] * self.division_rounds
        rounds: list[Round] = [[] for _ in range(self.division_rounds)]
        matching = None if index is None else self.matchings[index]
        for ours, theirs in zip(self.divisions[0], self.divisions[1], strict=True):
            for r, piece in enumerate(self._side_by_side(ours, theirs, matching)):
                rounds[r] += piece
        return rounds

    def _interleague(self, index: int) -> Round:
        return list(self.matchings[index].items())

    def _cycle(self, count_only: bool = False) -> list[Round]:
        used: list[int] = []
        block = self._league_block(used, count_only) + self._league_block(used, count_only)
        if self.has_divisions:
            block += self._division_block(used, count_only) + self._division_block(used, count_only)
        block += [[] if count_only else self._interleague(i) for i in range(len(self.matchings)) if i not in used]
        return block

    def _regional(self, rest: int, used: list[int]) -> list[Round]:
        """A season shorter than one cycle (MLB 2020's 60 games): division rivals and the other league's
        matching division only, about two thirds of the series in the division (2020: 40 games of 60)."""
        blocks = round(rest * REGIONAL_DIVISION_SHARE / self.division_rounds)
        blocks = max(0, min(blocks, rest // self.division_rounds))
        rounds: list[Round] = []
        for _ in range(blocks):
            rounds += self._division_block(used, False)
        rounds += [self._interleague(i % self.d) for i in range(rest - len(rounds))]
        return rounds

    def rounds(self, series: int) -> list[Round]:
        cycles, rest = divmod(series, self.cycle)
        rounds: list[Round] = []
        for _ in range(cycles):
            rounds += _arrange(self._cycle(), rounds[-1] if rounds else [], self.rng)
        used: list[int] = []
        tail: list[Round] = []
        if not cycles and self.has_divisions:
            tail = self._regional(rest, used)
            return _arrange(tail, [], self.rng)
        extra_divisions = 0
        while self.has_divisions and rest >= self.division_rounds and extra_divisions < 2:
            tail += self._division_block(used, False)
            rest -= self.division_rounds
            extra_divisions += 1
        unused = [i for i in range(len(self.matchings)) if i not in used][:rest]
        tail += [self._interleague(i) for i in unused]
        rest -= len(unused)
        while rest > 0:
            block = self._league_block(used, False)[:rest]
            tail += block
            rest -= len(block)
        if tail:
            rounds += _arrange(tail, rounds[-1] if rounds else [], self.rng)
        return rounds


def _sitting_out(round_: Round, members: list[str]) -> str:
    playing = {t for pair in round_ for t in pair}
    return next(t for t in members if t not in playing)


# --- home and away -------------------------------------------------------------------------


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


# --- lengths, days and parks -------------------------------------------------------------------


class _Season:
    """The rounds' series made into games: how long each series is, which days, whose park."""

    def __init__(
        self, layout: _Layout, rounds: list[Round], games: int, length: int, max_trip: int, rng: random.Random
    ) -> None:
        self.rng = rng
        self.games_per_team = games
        self.length = length
        self.max_trip = max_trip
        self.rounds = len(rounds)
        self.names = list(layout.teams)
        index = {t: i for i, t in enumerate(self.names)}
        self.a: list[int] = []  # the series' two teams, as indexes into names
        self.b: list[int] = []
        self.round: list[int] = []
        self.kind: list[int] = []
        self.pair: list[int] = []  # which pair of teams, numbered
        self.meetings: list[list[int]] = []  # each pair's series, in round order
        pair_ids: dict[frozenset[int], int] = {}
        for r, round_ in enumerate(rounds):
            for x, y in round_:
                a, b = index[x], index[y]
                key = frozenset((a, b))
                if key not in pair_ids:
                    pair_ids[key] = len(self.meetings)
                    self.meetings.append([])
                self.meetings[pair_ids[key]].append(len(self.a))
                self.a.append(a)
                self.b.append(b)
                self.round.append(r)
                self.kind.append(layout.kind(x, y))
                self.pair.append(pair_ids[key])
        self.count = len(self.a)
        self.series_per_team = 2 * self.count // len(self.names)
        self.size = [length] * self.count

    # --- lengths ---

    def games(self, off_days: int) -> list[ScheduledGame]:
        extra = self.games_per_team - self.series_per_team * self.length
        shorter = self.series_per_team // SERIES_PER_SHORT if self.length > 1 else 0
        if len(self.names) % 2:
            shorter -= shorter % 2  # an odd league changes series lengths two teams at a time
        while shorter and max(extra, 0) + max(-extra, 0) + 2 * shorter > self.series_per_team:
            shorter -= 2 if len(self.names) % 2 else 1
        up, down = max(extra, 0) + shorter, max(-extra, 0) + shorter
        # Days = rounds * length + long rounds + break; every team plays the same games, so off days = days - games.
        wanted = off_days + self.games_per_team - self.rounds * self.length
        long_count = min(max(wanted, up), self.rounds)
        while True:
            long_rounds = _spread(long_count, self.rounds)
            if up:
                self._cover(long_rounds)
            if self._lengths(long_rounds, up, down, max(0, wanted - long_count)):
                break
            if long_count == self.rounds:  # every round a day longer and still no way: should not happen
                raise ScheduleError(
                    f"could not give every team {up} longer series; try another seed or another number of games"
                )
            long_count += 1
        self._hosts()
        return self._days(long_rounds, max(0, wanted - long_count))

    def _cover(self, long_rounds: list[int]) -> None:
        """Reorder the rounds so every pair that should meet in a longer series meets in a long round.

        A seeded hill climb swapping a long round's place with a short one's, weighing a division pair with no
        series in a long round most, a league pair less, and a pair meeting in back-to-back series most of all.
        """
        long = [False] * self.rounds
        for r in long_rounds:
            long[r] = True
        if all(long) or not any(long):
            return
        pairs_in: list[list[int]] = [[] for _ in range(self.rounds)]
        for i in range(self.count):
            pairs_in[self.round[i]].append(self.pair[i])
        pair_kind = [self.kind[m[0]] for m in self.meetings]
        weight = [COVER_WEIGHTS[k] for k in pair_kind]
        covered = [0] * len(self.meetings)
        for r in long_rounds:
            for p in pairs_in[r]:
                covered[p] += 1
        sets = [set(ps) for ps in pairs_in]
        where = list(range(self.rounds))  # place -> round
        short = [r for r in range(self.rounds) if not long[r]]

        def repeats(place: int) -> int:
            if place < 0 or place + 1 >= self.rounds:
                return 0
            return REPEAT_COST * len(sets[where[place]] & sets[where[place + 1]])

        def moved(round_: int, change: int) -> float:
            cost = 0.0
            for p in pairs_in[round_]:
                before = covered[p] == 0
                covered[p] += change
                cost += weight[p] * ((covered[p] == 0) - before)
            return cost

        for _ in range(COVER_MOVES * self.rounds):
            x, y = self.rng.choice(long_rounds), self.rng.choice(short)
            near = sorted({x - 1, x, y - 1, y})
            before = sum(repeats(p) for p in near)
            change = moved(where[x], -1) + moved(where[y], +1)
            where[x], where[y] = where[y], where[x]
            change += sum(repeats(p) for p in near) - before
            if change > 0:
                where[x], where[y] = where[y], where[x]
                moved(where[x], +1)
                moved(where[y], -1)
        place = {r: p for p, r in enumerate(where)}
        self.round = [place[r] for r in self.round]

    def _lengths(self, long_rounds: list[int], up: int, down: int, break_days: int) -> bool:
        """Longer series (in the long rounds) and shorter ones, ``up`` and ``down`` for every team.

        Of a few seeded tries, the one whose longest run of days without an off day is shortest is kept.
        """
        position = {r: p for p, r in enumerate(long_rounds)}
        best: tuple[int, list[int]] | None = None
        for _ in range(LENGTH_TRIES):
            self.size = [self.length] * self.count
            longer = [i for i in range(self.count) if self.round[i] in position]
            self.rng.shuffle(longer)
            longer.sort(key=lambda i: self.kind[i])
            taken = self._choose(longer, up, once_per_pair=True, position=position)
            if taken is None:
                continue
            for i in taken:
                self.size[i] += 1
            shorter = [i for i in range(self.count) if i not in taken]
            self.rng.shuffle(shorter)
            shorter.sort(key=lambda i: (-self.kind[i], -len(self.meetings[self.pair[i]])))
            cut = self._choose(shorter, down, once_per_pair=False, position={})
            if cut is None:
                continue
            for i in cut:
                self.size[i] -= 1
            streak = self._longest_streak(long_rounds, break_days)
            if best is None or streak < best[0]:
                best = (streak, self.size)
            if streak <= MAX_STREAK:
                break
        if best is None:
            return False
        self.size = best[1]
        if best[0] > MAX_STREAK:
            self._shorten_streaks(long_rounds, break_days)
        return True

    def _shorten_streaks(self, long_rounds: list[int], break_days: int) -> None:
        """Swap long rounds (each keeps its series and their lengths) while that shortens the longest streaks."""
        by_round: dict[int, list[int]] = {}
        for i in range(self.count):
            by_round.setdefault(self.round[i], []).append(i)

        def score() -> tuple[int, int]:
            pairs = [{self.pair[i] for i in by_round.get(r, [])} for r in range(self.rounds)]
            repeats = sum(len(x & y) for x, y in itertools.pairwise(pairs))
            return self._longest_streak(long_rounds, break_days), repeats

        if len(long_rounds) < 2:
            return
        current = score()
        for _ in range(STREAK_MOVES):
            if current[0] <= MAX_STREAK:
                return
            x, y = self.rng.sample(long_rounds, 2)
            by_round[x], by_round[y] = by_round.get(y, []), by_round.get(x, [])
            for i in by_round[x]:
                self.round[i] = x
            for i in by_round[y]:
                self.round[i] = y
            after = score()
            if after[0] < current[0] and after[1] <= current[1]:
                current = after
                continue
            by_round[x], by_round[y] = by_round[y], by_round[x]
            for i in by_round[x]:
                self.round[i] = x
            for i in by_round[y]:
                self.round[i] = y

    def _longest_streak(self, long_rounds: list[int], break_days: int) -> int:
        """The most days in a row any team plays."""
        starts = self._starts(set(long_rounds), break_days)
        days: list[list[int]] = [[] for _ in self.names]
        for i in range(self.count):
            first = self._first_day(i, set(long_rounds), starts)
            for t in (self.a[i], self.b[i]):
                days[t] += range(first, first + self.size[i])
        longest = 0
        for team_days in days:
            team_days.sort()
            run = 0
            for k, day in enumerate(team_days):
                run = run + 1 if k and day == team_days[k - 1] + 1 else 1
                longest = max(longest, run)
        return longest

    def _choose(
        self, candidates: list[int], each: int, once_per_pair: bool, position: dict[int, int]
    ) -> set[int] | None:
        """``each`` of the candidate series for every team, earlier candidates first; None when it cannot."""
        teams = len(self.names)
        need = [each] * teams
        if not each:
            return set()
        taken: set[int] = set()
        pairs: set[int] = set()
        pair_count = [0] * len(self.meetings)
        marks: dict[tuple[int, int], bool] = {}  # (team, long-round position): has a longer series there

        def spaced(i: int) -> bool:
            p = position.get(self.round[i])
            if p is None:
                return True
            return not any(marks.get((t, p + d)) for t in (self.a[i], self.b[i]) for d in (-1, 1))

        passes: list[Callable[[int], bool]] = [
            lambda i: self.pair[i] not in pairs and spaced(i),
            lambda i: spaced(i) and pair_count[self.pair[i]] < 2,
            lambda i: self.pair[i] not in pairs,
        ]
        if not once_per_pair:
            passes = []
        passes.append(lambda i: True)
        for allowed in passes:
            for i in candidates:
                a, b = self.a[i], self.b[i]
                if i in taken or not need[a] or not need[b] or not allowed(i):
                    continue
                taken.add(i)
                pairs.add(self.pair[i])
                pair_count[self.pair[i]] += 1
                need[a] -= 1
                need[b] -= 1
                p = position.get(self.round[i])
                if p is not None:
                    marks[(a, p)] = marks[(b, p)] = True
        if any(need) and not _augment(candidates, self.a, self.b, taken, need):
            return None
        return taken

    # --- parks ---

    def _hosts(self) -> None:
        """Who hosts each series: pairs split evenly, then a seeded search for homestands, trips and balance."""
        for series in self.meetings:
            series.sort(key=lambda i: self.round[i])  # the rounds may have been reordered (_cover)
        firsts = [(self.a[s[0]], self.b[s[0]]) for s in self.meetings]
        odd_pairs = [(str(a), str(b)) for (a, b), s in zip(firsts, self.meetings, strict=True) if len(s) % 2]
        hosts = _odd_hosts(odd_pairs)
        self.a_hosts = [False] * self.count
        for (a, b), series in zip(firsts, self.meetings, strict=True):
            odd = len(series) % 2
            by_chance = a if self.rng.random() < 0.5 else b
            first = (a if (str(a), str(b)) in hosts else b) if odd else by_chance
            for nth, i in enumerate(series):
                host = first if nth % 2 == 0 else (b if first == a else a)
                self.a_hosts[i] = host == self.a[i]
        _HostSearch(self).run()

    def host(self, i: int) -> int:
        return self.a[i] if self.a_hosts[i] else self.b[i]

    # --- days ---

    def _starts(self, long: set[int], break_days: int) -> list[int]:
        """Each round's first day."""
        break_before = max(1, self.rounds // 2)
        start: list[int] = []
        day = 1
        for r in range(self.rounds):
            if r == break_before:
                day += break_days  # whole-league off days (the All-Star break) when long rounds are not enough
            start.append(day)
            day += self.length + (r in long)
        return start

    def _first_day(self, i: int, long: set[int], starts: list[int]) -> int:
        """A series ends on its round's last day, its off days first (the day the teams travel); the season's
        first series start on day 1."""
        r = self.round[i]
        return starts[r] if r == 0 else starts[r] + self.length + (r in long) - self.size[i]

    def _days(self, long_rounds: list[int], break_days: int) -> list[ScheduledGame]:
        long = set(long_rounds)
        starts = self._starts(long, break_days)
        games: list[ScheduledGame] = []
        for i in range(self.count):
            first = self._first_day(i, long, starts)
            home = self.host(i)
            away = self.b[i] if home == self.a[i] else self.a[i]
            games += [ScheduledGame(d, self.names[away], self.names[home]) for d in range(first, first + self.size[i])]
        games.sort(key=lambda g: g.day)
        return games


def _spread(count: int, total: int) -> list[int]:
    """``count`` of ``total`` rounds, spread evenly; the first round only when more than half are taken."""
    return sorted({int((k + 0.5) * total / count) for k in range(count)}) if count else []


def _augment(candidates: list[int], a: list[int], b: list[int], taken: set[int], need: list[int]) -> bool:
    """Take more candidates until every team's need is met, by alternating paths; False if some cannot be.

    From a team still short, a path goes out by a series not taken, back by one taken, and so on, until it
    reaches another team still short; swapping which of the path's series are taken gives both ends one more
    and everyone on the way the same. (No blossoms: on the rare graph this misses, the caller tries again.)
    """
    edges: dict[int, list[int]] = {}
    for i in candidates:
        edges.setdefault(a[i], []).append(i)
        edges.setdefault(b[i], []).append(i)
    for start in range(len(need)):
        while need[start]:
            parent: dict[int, tuple[int, int, int]] = {start: (-1, -1, -1)}  # team: (came from, free, taken)
            queue = [start]
            path: list[int] = []
            end = -1
            for team in queue:
                for i in edges.get(team, []):
                    if i in taken:
                        continue
                    other = b[i] if a[i] == team else a[i]
                    if need[other] and (other != start or need[start] > 1):
                        end, path, at = other, [i], team
                        while at != start:
                            at, free, back = parent[at]
                            path += [back, free]
                        break
                    for j in edges.get(other, []):
                        nxt = b[j] if a[j] == other else a[j]
                        if j in taken and nxt not in parent:
                            parent[nxt] = (team, i, j)
                            queue.append(nxt)
                if end >= 0:
                    break
            if end < 0 or len(set(path)) != len(path):
                return False
            for i in path:
                taken.symmetric_difference_update({i})
            need[start] -= 1
            need[end] -= 1
    return True


class _HostSearch:
    """Seeded annealing over who hosts each series: swap a pair's parks between two of its series (its split stays
    even) or, for a pair meeting an odd number of times, give the odd series to the other team; keep a change that
    makes homestands and trips run 2 to max_trip series with home and road games balanced, or by chance early on.
    """

    def __init__(self, season: _Season) -> None:
        self.s = season
        teams = len(season.names)
        self.order: list[list[int]] = [[] for _ in range(teams)]  # each team's series in round order
        self.at: list[tuple[int, int]] = [(0, 0)] * season.count  # where series i is in its teams' orders
        for i in sorted(range(season.count), key=lambda i: season.round[i]):
            self.at[i] = (len(self.order[season.a[i]]), len(self.order[season.b[i]]))
            self.order[season.a[i]].append(i)
            self.order[season.b[i]].append(i)
        self.home = [[season.host(i) == t for i in self.order[t]] for t in range(teams)]
        self.home_games = [0] * teams
        for i in range(season.count):
            self.home_games[season.host(i)] += season.size[i]
        self.trip_cost = [0.0] + [
            SINGLE_COST if k == 1 else LONG_TRIP_COST * max(0, k - season.max_trip) for k in range(1, season.count + 2)
        ]

    def _window(self, team: int, j: int) -> tuple[int, int]:
        """The runs of home or road series touching positions j - 1 to j + 1 (a flip at j changes only these)."""
        home = self.home[team]
        lo, hi = max(j - 1, 0), min(j + 1, len(home) - 1)
        while lo > 0 and home[lo - 1] == home[lo]:
            lo -= 1
        while hi < len(home) - 1 and home[hi + 1] == home[hi]:
            hi += 1
        return lo, hi

    def _runs(self, team: int, lo: int, hi: int) -> float:
        home = self.home[team]
        cost, run = 0.0, 1
        for x in range(lo + 1, hi + 1):
            if home[x] == home[x - 1]:
                run += 1
            else:
                cost += self.trip_cost[run]
                run = 1
        return cost + self.trip_cost[run]

    def _balance(self, team: int) -> float:
        return BALANCE_COST * (2 * self.home_games[team] - self.s.games_per_team) ** 2

    def flip(self, i: int) -> float:
        """Give series i to the other park; the change in cost."""
        s = self.s
        a, b = s.a[i], s.b[i]
        ja, jb = self.at[i]
        wa, wb = self._window(a, ja), self._window(b, jb)
        before = self._runs(a, *wa) + self._runs(b, *wb) + self._balance(a) + self._balance(b)
        s.a_hosts[i] = not s.a_hosts[i]
        self.home[a][ja] = not self.home[a][ja]
        self.home[b][jb] = not self.home[b][jb]
        change = s.size[i] if s.a_hosts[i] else -s.size[i]
        self.home_games[a] += change
        self.home_games[b] -= change
        return self._runs(a, *wa) + self._runs(b, *wb) + self._balance(a) + self._balance(b) - before

    def run(self) -> None:
        s, rng = self.s, self.s.rng
        steps = HOST_MOVES * s.count
        hot, cold = 3.0, 0.05
        for step in range(steps):
            temperature = hot * (cold / hot) ** (step / steps)
            i = rng.randrange(s.count)
            series = s.meetings[s.pair[i]]
            if len(series) % 2 and (len(series) == 1 or rng.random() < 0.5):
                moves = [i]
            else:
                others = [j for j in series if s.host(j) != s.host(i)]
                if not others:
                    continue
                moves = [i, rng.choice(others)]
            change = sum(self.flip(m) for m in moves)
            if change > 0 and rng.random() >= math.exp(-change / temperature):
                for m in reversed(moves):
                    self.flip(m)
