"""Playoffs: the format a league chooses, seeding from the standings, and each round's series.

Pure: no I/O. The store keeps what happened (league.store); this module says who plays whom.

Who qualifies, per bracket (each of the league's two leagues, "AL" and "NL", is a bracket of its
own; a league without them is one bracket): ``teams`` teams, the division winners first (when the
teams have divisions) by their place in the standings, then the best of the rest (wild cards) by
theirs; a league without divisions takes its top ``teams``. The top ``byes`` seeds skip the first
round. With two leagues, the two bracket champions meet in a last round (MLB's World Series), the
team with the better regular-season record at home as the higher seed.

Pairings: in the first round seed ``byes+1`` plays the last seed, ``byes+2`` the next to last and
so on. After it, a fixed bracket keeps each winner in the place of the series he won (a bye keeps
his seed's place), the best place playing the worst: MLB's 1 v winner of 4/5 and 2 v winner of
3/6. Reseeding pairs the best seed left with the worst instead.

Home field game by game comes from a round's pattern, blocks of games that alternate between
the higher seed and the lower, the higher first: MLB's "2-3-2" for a best of seven, "2-2-1" for
a best of five, "3" (every game at the higher seed) for the wild-card round's best of three.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from league.errors import SettingsError

BEST_OF = (1, 3, 5, 7)
DEFAULT_PATTERN = {1: "1", 3: "3", 5: "2-2-1", 7: "2-3-2"}
MAX_TEAMS = 32  # per bracket
SeedHow = Literal["division", "wild card", "record"]
ONE_LEAGUE = ""  # the bracket name of a league without two leagues, and of the final between them


class PlayoffError(SettingsError):
    """A playoff format that cannot be played, or teams it cannot seed; the message says what to change."""


def _pattern_letters(pattern: str, best_of: int) -> str:
    """ "2-3-2" as the home side game by game: "HHLLLHH" (H: the higher seed at home)."""
    if not re.fullmatch(r"[1-7](-[1-7])*", pattern):
        raise PlayoffError(
            f"a home pattern is blocks of games like 2-3-2 (higher seed, lower, higher); got {pattern!r}"
        )
    blocks = [int(b) for b in pattern.split("-")]
    if sum(blocks) != best_of:
        raise PlayoffError(
            f"the home pattern {pattern} covers {sum(blocks)} games; a best of {best_of} needs {best_of}"
        )
    return "".join(("H" if i % 2 == 0 else "L") * n for i, n in enumerate(blocks))


@dataclass(frozen=True)
class Round:
    """One round: its series' length, the home pattern and a name to show."""

    best_of: int
    pattern: str = ""  # blocks, "2-3-2"; "" for the default of the length
    name: str = ""

    def __post_init__(self) -> None:
        if self.best_of not in BEST_OF:
            raise PlayoffError(f"a series is a best of 1, 3, 5 or 7; got {self.best_of!r}")
        if not self.pattern:
            object.__setattr__(self, "pattern", DEFAULT_PATTERN[self.best_of])
        _pattern_letters(self.pattern, self.best_of)

    @property
    def home(self) -> str:
        """Who is at home game by game: H the higher seed, L the lower."""
        return _pattern_letters(self.pattern, self.best_of)

    @property
    def wins_needed(self) -> int:
        return self.best_of // 2 + 1


def bracket_rounds(teams: int, byes: int) -> int:
    """Rounds to a bracket's champion: one for the first round, then halving to one team."""
    left = byes + (teams - byes) // 2
    return 1 + left.bit_length() - 1


@dataclass(frozen=True)
class PlayoffFormat:
    """Who qualifies (``teams`` per bracket, ``byes`` for the best seeds), the rounds, and pairing.

    ``teams == 0`` with no rounds is the format "none": no playoffs.
    """

    name: str = "custom"
    teams: int = 4
    byes: int = 0
    rounds: tuple[Round, ...] = field(default_factory=lambda: (Round(5, name="Semifinals"), Round(7, name="Final")))
    reseed: bool = False
    division_winners: bool = True  # division winners qualify and are seeded first

    def __post_init__(self) -> None:
        object.__setattr__(self, "rounds", tuple(self.rounds))
        if self.teams == 0 and not self.rounds:
            if self.byes:
                raise PlayoffError("a league without playoffs has no byes")
            return
        if self.teams == 1:  # each league's pennant winner, and the World Series between them alone
            if self.byes or len(self.rounds) != 1:
                raise PlayoffError(
                    "with 1 team from each league the two pennant winners meet in one series: give one round, no byes"
                )
            return
        if not isinstance(self.teams, int) or not 2 <= self.teams <= MAX_TEAMS:
            raise PlayoffError(f"2 to {MAX_TEAMS} teams qualify in each league; got {self.teams!r}")
        if not isinstance(self.byes, int) or not 0 <= self.byes < self.teams:
            raise PlayoffError(f"the byes are fewer than the {self.teams} teams that qualify; got {self.byes!r}")
        playing = self.teams - self.byes
        if playing % 2:
            raise PlayoffError(
                f"{self.teams} teams with {self.byes} byes leaves {playing} to play the first round; "
                "it needs an even number: change the teams or the byes"
            )
        left = self.byes + playing // 2
        if left & (left - 1):
            raise PlayoffError(
                f"{self.teams} teams with {self.byes} byes leaves {left} after the first round; it must halve "
                "round by round to one (2, 4, 8 …): e.g. 6 teams with 2 byes, 4 with none, 8 with none"
            )
        need = self.bracket_rounds
        if len(self.rounds) not in (need, need + 1):
            raise PlayoffError(
                f"{self.teams} teams with {self.byes} byes play {need} rounds to a champion "
                f"({need + 1} with two leagues, whose champions meet last); {len(self.rounds)} rounds were given"
            )

    @property
    def plays(self) -> bool:
        return bool(self.rounds)

    @property
    def bracket_rounds(self) -> int:
        return bracket_rounds(self.teams, self.byes) if self.plays else 0

    @property
    def two_leagues(self) -> bool:
        """The format ends with a round between two leagues' champions."""
        return self.plays and len(self.rounds) == self.bracket_rounds + 1

    def round_name(self, number: int) -> str:
        rnd = self.rounds[number - 1]
        if rnd.name:
            return rnd.name
        if number == len(self.rounds):
            return "Final"
        return f"Round {number}"

    def describe(self) -> str:
        if not self.plays:
            return "none: no playoffs"
        per = "in each league" if self.two_leagues else "qualify"
        qualify = f"{self.teams} teams {per}" + (" (division winners first)" if self.division_winners else "")
        byes = f", {self.byes} byes" if self.byes else ""
        rounds = ", ".join(
            f"{self.round_name(i)} best of {r.best_of} ({r.pattern})" for i, r in enumerate(self.rounds, 1)
        )
        return f"{self.name}: {qualify}{byes}; {rounds}; {'reseeded' if self.reseed else 'fixed bracket'}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "teams": self.teams,
            "byes": self.byes,
            "rounds": [{"best_of": r.best_of, "pattern": r.pattern, "name": r.name} for r in self.rounds],
            "reseed": self.reseed,
            "division_winners": self.division_winners,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayoffFormat:
        known = {"name", "teams", "byes", "rounds", "reseed", "division_winners"}
        unknown = set(data) - known
        if unknown:
            raise PlayoffError(f"unknown playoff setting(s): {', '.join(sorted(unknown))}")
        rounds = tuple(Round(**r) for r in data.get("rounds", ()))
        return cls(**{**data, "rounds": rounds})


PRESETS: dict[str, PlayoffFormat] = {
    "mlb": PlayoffFormat(
        "mlb",
        teams=6,
        byes=2,
        rounds=(
            Round(3, "3", "Wild Card Series"),
            Round(5, "2-2-1", "Division Series"),
            Round(7, "2-3-2", "League Championship Series"),
            Round(7, "2-3-2", "World Series"),
        ),
    ),
    # MLB's eras, which a card set's set.toml names (``playoffs``) for the league it makes.
    "world-series": PlayoffFormat(
        "world-series", teams=1, rounds=(Round(7, "2-3-2", "World Series"),), division_winners=False
    ),
    "lcs-5": PlayoffFormat(
        "lcs-5",
        teams=2,
        rounds=(Round(5, "2-3", "League Championship Series"), Round(7, "2-3-2", "World Series")),
    ),
    "lcs-7": PlayoffFormat(
        "lcs-7",
        teams=2,
        rounds=(Round(7, "2-3-2", "League Championship Series"), Round(7, "2-3-2", "World Series")),
    ),
    "division-series": PlayoffFormat(
        "division-series",
        teams=4,
        rounds=(
            Round(5, "2-2-1", "Division Series"),
            Round(7, "2-3-2", "League Championship Series"),
            Round(7, "2-3-2", "World Series"),
        ),
    ),
    "wild-card-game": PlayoffFormat(
        "wild-card-game",
        teams=5,
        byes=3,
        rounds=(
            Round(1, "1", "Wild Card Game"),
            Round(5, "2-2-1", "Division Series"),
            Round(7, "2-3-2", "League Championship Series"),
            Round(7, "2-3-2", "World Series"),
        ),
    ),
    "sixteen": PlayoffFormat(  # 2020's short season
        "sixteen",
        teams=8,
        rounds=(
            Round(3, "3", "Wild Card Series"),
            Round(5, "2-2-1", "Division Series"),
            Round(7, "2-3-2", "League Championship Series"),
            Round(7, "2-3-2", "World Series"),
        ),
    ),
    "top4": PlayoffFormat("top4", teams=4, rounds=(Round(5, name="Semifinals"), Round(7, name="Final"))),
    "top2": PlayoffFormat("top2", teams=2, rounds=(Round(7, name="Final"),)),
    "none": PlayoffFormat("none", teams=0, rounds=()),
}


def preset(name: str) -> PlayoffFormat:
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise PlayoffError(f"no playoff format called {name!r}; the presets are {', '.join(PRESETS)}") from None


def parse_rounds(text: str) -> tuple[Round, ...]:
    """Rounds as typed: series lengths in order, each with an optional home pattern: "3:3, 5:2-2-1, 7, 7"."""
    rounds = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        length, _, pattern = part.partition(":")
        if not length.strip().isdigit():
            raise PlayoffError(f"a round is a series length (1, 3, 5 or 7), optionally :pattern; got {part!r}")
        rounds.append(Round(int(length), pattern.strip()))
    if not rounds:
        raise PlayoffError("give the rounds' series lengths in order, e.g. 5,7")
    return tuple(rounds)


def custom(
    teams: int, rounds: str, *, byes: int = 0, reseed: bool = False, division_winners: bool = True
) -> PlayoffFormat:
    return PlayoffFormat("custom", teams, byes, parse_rounds(rounds), reseed, division_winners)


# --- seeding ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Seed:
    team: str
    bracket: str  # the team's league ("AL"), or ONE_LEAGUE
    seed: int  # 1 is the best in its bracket
    how: SeedHow
    rank: int  # place in the whole league's standings, 1 the best: home field between brackets


def brackets_of(leagues: Mapping[str, str | None]) -> list[str]:
    """The brackets the teams make: their two leagues, or one."""
    named = sorted({v for v in leagues.values() if v is not None})
    if named and any(v is None for v in leagues.values()):
        missing = ", ".join(sorted(t for t, v in leagues.items() if v is None))
        raise PlayoffError(f"some teams are in a league (AL, NL) and some are not; put these in one: {missing}")
    if len(named) > 2:
        raise PlayoffError(f"the playoffs take one league or two; the teams are in {len(named)}: {', '.join(named)}")
    return named if len(named) == 2 else [ONE_LEAGUE]


def seed_teams(
    fmt: PlayoffFormat,
    order: Sequence[str],
    divisions: Mapping[str, str | None],
    leagues: Mapping[str, str | None],
    ranks: Mapping[str, int] | None = None,
) -> list[Seed]:
    """The qualifiers, by bracket then seed. ``order``: every team, best first; within a league its division
    winners must come before the rest when the format seeds them first (each division's leader is the first
    of its teams in ``order``). ``ranks``: each team's place in the whole league's table (default: ``order``'s),
    which gives home field between two leagues' champions."""
    if not fmt.plays:
        raise PlayoffError("the league's playoff format is none: choose one (mlb, top4, …) to play playoffs")
    brackets = brackets_of({t: leagues.get(t) for t in order})
    if fmt.two_leagues != (len(brackets) == 2):
        if fmt.two_leagues:
            raise PlayoffError(
                f"the {fmt.name} format ends with a round between two leagues' champions, and the teams are in "
                "one league: put each team in AL or NL, or choose a format for one league (top4)"
            )
        raise PlayoffError(
            f"the teams are in two leagues, whose champions meet last: the {fmt.name} format needs one more "
            f"round ({fmt.bracket_rounds + 1} in all)"
        )
    rank = dict(ranks) if ranks is not None else {team: i for i, team in enumerate(order, start=1)}
    seeds: list[Seed] = []
    for bracket in brackets:
        members = [t for t in order if len(brackets) == 1 or leagues.get(t) == bracket]
        where = f"league {bracket}" if bracket else "the league"
        if len(members) < fmt.teams:
            raise PlayoffError(f"{fmt.teams} teams qualify in {where}, which has only {len(members)}")
        winners: list[str] = []
        if fmt.division_winners:
            seen: set[str] = set()
            for team in members:
                division = divisions.get(team)
                if division is not None and division not in seen:
                    seen.add(division)
                    winners.append(team)
        if len(winners) > fmt.teams:
            raise PlayoffError(
                f"{where} has {len(winners)} division winners and only {fmt.teams} teams qualify: "
                "let more teams in, or seed by record alone"
            )
        rest = [t for t in members if t not in winners][: fmt.teams - len(winners)]
        how_rest: SeedHow = "wild card" if winners else "record"
        entries: list[tuple[str, SeedHow]] = [(t, "division") for t in winners] + [(t, how_rest) for t in rest]
        for number, (team, how) in enumerate(entries, start=1):
            seeds.append(Seed(team, bracket, number, how, rank[team]))
    return seeds


# --- pairings -------------------------------------------------------------------------


@dataclass(frozen=True)
class Matchup:
    round: int
    bracket: str
    slot: int  # its place in the round's bracket, 1 the best
    high: str  # the higher seed: home field by the round's pattern
    low: str
    best_of: int
    home: str  # H/L game by game


def pairings(
    fmt: PlayoffFormat, seeds: Sequence[Seed], number: int, winners: Mapping[tuple[str, int], str]
) -> list[Matchup]:
    """Round ``number``'s series. ``winners``: the previous round's, by (bracket, slot) of their series."""
    if not 1 <= number <= len(fmt.rounds):
        raise PlayoffError(f"the {fmt.name} format has {len(fmt.rounds)} rounds; there is no round {number}")
    rnd = fmt.rounds[number - 1]
    by_team = {s.team: s for s in seeds}
    out: list[Matchup] = []

    def matchup(bracket: str, slot: int, a: str, b: str, key: str) -> Matchup:
        sa, sb = by_team[a], by_team[b]
        high, low = (a, b) if getattr(sa, key) <= getattr(sb, key) else (b, a)
        return Matchup(number, bracket, slot, high, low, rnd.best_of, rnd.home)

    if number > fmt.bracket_rounds:  # the two leagues' champions
        champions = [w for (_, _), w in sorted(winners.items())]
        if not fmt.bracket_rounds:  # no rounds inside the leagues: their pennant winners (world-series)
            champions = [s.team for s in sorted(seeds, key=lambda s: s.bracket)]
        if len(champions) != 2:
            raise PlayoffError(f"the last round needs both leagues' champions; {len(champions)} known")
        return [matchup(ONE_LEAGUE, 1, champions[0], champions[1], "rank")]
    for bracket in dict.fromkeys(s.bracket for s in seeds):
        mine = [s for s in seeds if s.bracket == bracket]
        if number == 1:
            field_ = [(s.seed, s.team) for s in mine if s.seed > fmt.byes]
        else:
            field_ = [(slot, team) for (b, slot), team in winners.items() if b == bracket]
            if number == 2:
                field_ += [(s.seed, s.team) for s in mine if s.seed <= fmt.byes]
            if fmt.reseed:
                field_ = [(by_team[team].seed, team) for _, team in field_]
        field_.sort()
        for i in range(len(field_) // 2):
            slot = field_[i][0] if number == 1 else i + 1
            out.append(matchup(bracket, slot, field_[i][1], field_[-1 - i][1], "seed"))
    return out
