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

import random
from collections.abc import Mapping, Sequence

from league.schedule.common import (
    DEFAULT_MAX_TRIP,
    MAX_STREAK,
    OFF_DAY_SHARE,
    ScheduledGame,
    ScheduleError,
    _check_divisions,
    _check_subleagues,
    _check_teams,
    _leagues_apart,
)
from league.schedule.rounds import _Layout, _series_per_team, round_robin
from league.schedule.season import _Season

# The schedule's parts: common.py (numbers, types, the checks of what is asked), rounds.py (step 1 and
# the numbers of series), season.py (steps 2 to 4); make_schedule puts them together.
__all__ = ["MAX_STREAK", "ScheduleError", "ScheduledGame", "make_schedule", "round_robin"]


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
