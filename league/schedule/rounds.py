"""The season's series rounds (league.schedule, step 1): round robins, divisions of different sizes, two
leagues, the hosts of pairs that meet an odd number of times, and the numbers of series a layout of
teams can play (:class:`_Layout`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from league.schedule.common import (
    DIVISION,
    INTERLEAGUE,
    LEAGUE,
    MIXED_SERIES,
    REGIONAL_DIVISION_SHARE,
    SHUFFLE_TRIES,
    Pair,
    Round,
    ScheduleError,
    _Plan,
    _spread,
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
