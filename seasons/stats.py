"""A season's statistics as plain data: what the card generator reads.

``seasons.lahman`` fills these from the Lahman database; tests build them by hand. Counts
are whole numbers; a column the season's data lacks (SO before 1910, CS in the early NL,
SF before 1954 ...) is filled by the documented rule in ``seasons.lahman`` and named in
``Season.filled``, so nothing downstream sees a missing value.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import stats

POSITIONS = ("P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")


@dataclass(kw_only=True)
class Batting(stats.Batting):
    """A batting line (``engine.stats``' model; ``k`` is Lahman's SO), with the player's games and
    intentional walks. Stints are pooled: one line per player per season (and one per team). ``pa`` is
    AB + BB + HBP + SH + SF (Lahman has no PA column); Lahman has no CI or LOB: they stay 0."""

    g: int = 0
    ibb: int = 0


@dataclass(kw_only=True)
class Pitching(stats.Pitching):
    """A pitching line (``engine.stats``' model; stints pooled): ``outs`` is Lahman's IPouts, ``bf`` its
    BFP (batters faced), ``k`` its SO; with the games, decisions and the rest of Lahman's columns."""

    g: int = 0
    gs: int = 0
    gf: int = 0
    cg: int = 0
    sho: int = 0
    w: int = 0
    l: int = 0  # noqa: E741 (the column's name)
    sv: int = 0
    ibb: int = 0
    sh: int = 0
    sf: int = 0
    gidp: int = 0


Batting.COUNTS = stats.counts_of(Batting)  # every column adds up
Pitching.COUNTS = stats.counts_of(Pitching)


@dataclass
class Fielding(stats.Fielding):
    """One player's fielding at one position (stints pooled). ``inn_outs`` is None where the season lacks it."""

    position: str  # one of POSITIONS
    g: int = 0
    gs: int = 0
    inn_outs: int | None = None
    po: int = 0
    a: int = 0
    dp: int = 0
    pb: int = 0  # catchers
    sb: int = 0  # catchers: steals against (0 where unknown)
    cs: int = 0  # catchers: caught stealing (0 where unknown)


@dataclass(frozen=True)
class Stint:
    """What a player did for one team: the depth chart's evidence."""

    team_id: str
    batting: Batting | None
    pitching: Pitching | None
    # Games by position from Lahman's Appearances: keys "P" "C" "1B" "2B" "3B" "SS" "LF" "CF"
    # "RF" "DH" "PH" "PR", plus "all" (G_all) and "GS" (games started, any position).
    appearances: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Player:
    player_id: str  # Lahman's playerID, e.g. "benchjo01"
    name: str  # "Johnny Bench"
    bats: str  # "L", "R" or "S" (unknown: "R")
    throws: str  # "L" or "R" (unknown: "R")
    team_id: str  # the team he played most for (PA + BFP), whose card set file holds him
    batting: Batting | None  # all stints pooled; None when he never came to bat
    pitching: Pitching | None  # all stints pooled; None when he never pitched
    fielding: dict[str, Fielding]  # by position in POSITIONS
    stints: tuple[Stint, ...]  # in Lahman's stint order


@dataclass(frozen=True)
class TeamSeason:
    team_id: str  # Lahman's teamID, e.g. "CIN"
    name: str  # "Cincinnati Reds"
    city: str  # "Cincinnati": the name without the nickname (best effort)
    abbreviation: str  # 2-4 letters for a scoreboard
    league: str  # "AL" or "NL"
    division: str | None  # "E", "C", "W" or None before 1969
    park: str  # the park's name
    g: int
    g_home: int
    w: int
    l: int  # noqa: E741
    r: int
    ra: int
    bpf: int  # Lahman's batter park factor (100 = neutral, for the team's whole season)
    ppf: int  # pitcher park factor
    batting: Batting  # the team's batting, summed from its players' stints
    pitching: Pitching  # the team's pitching, summed from its players' stints
    e: int
    dp: int


def sac_flies_among_sacrifice_hits(year: int) -> bool:
    """Sacrifice flies scored as sacrifice hits (no at-bat), not apart: 1908-1930 and 1939.

    Lahman has no SF column then (nor in 1901-1907 and 1931-1953 but 1939, when a fly that
    scored a run was an at-bat, an out)."""
    return 1908 <= year <= 1930 or year == 1939


@dataclass(frozen=True)
class Season:
    year: int
    leagues: tuple[str, ...]  # the leagues read: ("AL", "NL"), or one of them
    teams: dict[str, TeamSeason]  # by team_id
    players: dict[str, Player]  # by player_id
    filled: tuple[str, ...] = ()  # a sentence per column filled by rule, for the set's notes

    def league_batting(self, league: str | None = None) -> Batting:
        """Every team's batting summed (one league's, or every league read)."""
        total = Batting()
        for team in self.teams.values():
            if league is None or team.league == league:
                total = total + team.batting
        return total

    def league_pitching(self, league: str | None = None) -> Pitching:
        total = Pitching()
        for team in self.teams.values():
            if league is None or team.league == league:
                total = total + team.pitching
        return total
