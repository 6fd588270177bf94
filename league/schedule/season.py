"""The season from its rounds (league.schedule, steps 2 to 4): series lengths, days and off days, and
the hosts' search for homestands and road trips."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

from league.schedule.common import (
    BALANCE_COST,
    COVER_MOVES,
    COVER_WEIGHTS,
    HOST_MOVES,
    LENGTH_TRIES,
    LONG_TRIP_COST,
    MAX_STREAK,
    REPEAT_COST,
    SERIES_PER_SHORT,
    SINGLE_COST,
    STREAK_MOVES,
    Round,
    ScheduledGame,
    ScheduleError,
    _spread,
)
from league.schedule.rounds import _Layout, _odd_hosts

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
