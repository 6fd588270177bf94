"""The league's rows as frozen, typed models: what the store reads back from the database.

Each model is built from a database row by ``from_row`` (JSON columns parsed, flags made
bools). Models are values: changing the league goes through :class:`league.store.Store`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal, NamedTuple

from cards.notation import Position, quote
from engine.rulesets import UnknownRuleset
from engine.rulesets import ruleset as ruleset_named
from engine.setup import GameOptions
from league.compact import Cards, unpack, unpack_setup
from league.db import Row
from league.errors import SettingsError
from league.playoffs import PlayoffFormat
from league.stats import BattingStats, FieldingStats, PitchingStats

Hand = Literal["L", "R"]
HANDS: tuple[Hand, ...] = ("L", "R")
RosterKind = Literal["batter", "pitcher"]
RosterStatus = Literal["active", "injured_list"]
GameStatus = Literal["scheduled", "live", "final", "postponed"]
TradeStatus = Literal["pending", "completed", "rejected", "withdrawn"]
MoveKind = Literal["sign", "release", "trade", "injured_list", "activate"]
BullpenRoleName = Literal["long", "middle", "setup", "closer"]
# The engine brings relievers in in the bullpen's order and saves the last one listed (the
# closer) for a close game late; so the bullpen is listed in this order, unassigned arms after
# the middle men.
BULLPEN_ROLES: tuple[BullpenRoleName, ...] = ("long", "middle", "setup", "closer")


def _json(text: str | None) -> Any:
    return None if text is None else json.loads(text)


# SQLite's integers are signed 64-bit: no row id or Discord id (user, server, channel) is larger.
MAX_ID = 2**63 - 1

# Each league rule's range, for both front ends: beyond it a value is a slip (a pace of 10**30 seconds
# would stall every game). The Deep Drive rules are switches, 0 or 1; 24 o'clock is no deadline.
RULE_RANGES: dict[str, tuple[int, int]] = {
    "roster_limit": (1, 100),
    "starter_rest_days": (0, 30),
    "long_relief_outs": (1, 60),
    "long_relief_rest_days": (0, 30),
    "relief_days_in_a_row": (0, 30),
    "pace_seconds": (0, 600),
    "prompt_timeout_seconds": (0, 86400),
    "deadline_hour_utc": (0, 24),
    "post_game_injuries": (0, 1),
    "bench_usage": (0, 1),
    "carry_injuries": (0, 1),
    "redraft": (0, 1),
    "keepers": (0, 100),
    "retire_missing": (0, 1),
}


@dataclass(frozen=True)
class LeagueRules:
    """The league's own rules between games and its games' pacing (the rules of play are its ruleset's options).

    Rest is counted in league days. A pitcher is resting from the day he pitched through
    that day plus his rest days, so a starter with 4 days of rest who starts on day 10 is
    back on day 15.
    """

    roster_limit: int = 26  # active players; the injured list does not count
    starter_rest_days: int = 4
    # A reliever who gets this many outs (three innings) rests long_relief_rest_days.
    long_relief_outs: int = 9
    long_relief_rest_days: int = 2
    # A reliever who pitches on this many league days in a row rests the next day; 0: never.
    relief_days_in_a_row: int = 3
    # How its games run in Discord: seconds between plate appearances, and seconds a
    # manager has to answer before the auto-manager answers for him.
    pace_seconds: int = 3
    prompt_timeout_seconds: int = 300
    # The league's deadline: every day at this hour (UTC, 0-23) the bot plays the day's games nobody
    # started, auto-managed, and moves the calendar on (league.autoplay); 24: no deadline.
    deadline_hour_utc: int = 24
    # A new season (league.seasons, docs/seasons.md): 1 carries the injured's days left into it (0: the
    # winter heals them; pitchers' rest never carries); redraft 1 releases every player but each team's
    # ``keepers`` to the pool; retire_missing 1 releases a player the new card set has no card for (0
    # keeps him on his old card).
    carry_injuries: int = 0
    redraft: int = 0
    keepers: int = 0
    retire_missing: int = 0
    # Deep Drive leagues only (its options model names them: LEAGUE_RULES). DDB "Post-Game Injuries":
    # after each game the Training Room chart's days (engine.deep_drive.policy, kept by league.rest); 0
    # turns it off. DDB "Using the Bench": 1 sits the starters the Bench Usage Chart's dice call for before
    # each auto-managed game (the book suggests it for short series).
    post_game_injuries: int = 1
    bench_usage: int = 0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            low, high = RULE_RANGES[f.name]
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise SettingsError(f"league rule {f.name} is a whole number, {low} to {high}; got {quote(value)}")

    def to_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LeagueRules:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise SettingsError(
                f"unknown league rule(s): {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}"
            )
        return cls(**data)

    def rest_days(self, started: bool, outs: int, days_in_a_row: int) -> int:
        """League days of rest owed for one outing; ``days_in_a_row`` counts this day."""
        if started:
            return self.starter_rest_days
        rest = self.long_relief_rest_days if outs >= self.long_relief_outs else 0
        if self.relief_days_in_a_row and days_in_a_row >= self.relief_days_in_a_row:
            rest = max(rest, 1)
        return rest


def days_in_a_row(days_pitched: Iterable[int], today: int) -> int:
    """League days in a row, ending today, on which a pitcher has pitched (today counts)."""
    pitched = set(days_pitched)
    count = 1
    while today - count in pitched:
        count += 1
    return count


def options_model(ruleset: str) -> type[GameOptions]:
    """The options model of a league of ``ruleset``; a row naming no ruleset Dugout plays (it could not
    play a game either) still reads, with the options every game shares."""
    try:
        return ruleset_named(ruleset).options
    except UnknownRuleset:
        return GameOptions


@dataclass(frozen=True)
class League:
    id: int
    name: str
    ruleset: str
    options: GameOptions  # its ruleset's options model (Ruleset.options)
    rules: LeagueRules
    season: int
    day: int
    guild_id: int | None
    card_sets: tuple[str, ...]
    commissioners: tuple[int, ...]
    channels: Mapping[str, int]  # purpose ("games", "announcements" …) -> channel id
    created_at: str
    slug: str = ""  # its web site's path (league.web), unique in the file
    web_secret: str | None = None  # set: the site is unlisted, reachable only with the secret in its path

    @property
    def web_path(self) -> str:
        """The first part of the path of the league's web pages: its slug, with the secret when unlisted."""
        return self.slug if self.web_secret is None else f"{self.slug}-{self.web_secret}"

    @classmethod
    def from_row(
        cls,
        row: Row,
        card_sets: tuple[str, ...],
        commissioners: tuple[int, ...],
        channels: Mapping[str, int],
    ) -> League:
        return cls(
            id=row["id"],
            name=row["name"],
            ruleset=row["ruleset"],
            options=options_model(row["ruleset"]).from_dict(json.loads(row["options"])),
            rules=LeagueRules.from_dict(json.loads(row["rules"])),
            season=row["season"],
            day=row["day"],
            guild_id=row["guild_id"],
            card_sets=card_sets,
            commissioners=commissioners,
            channels=dict(channels),
            created_at=row["created_at"],
            slug=row["slug"] or "",
            web_secret=row["web_secret"],
        )


@dataclass(frozen=True)
class Team:
    id: int
    league_id: int
    name: str
    abbreviation: str
    ballpark: str | None  # ballpark card id
    manager_id: int | None
    co_managers: tuple[int, ...]
    division: str | None
    next_slot: int  # the rotation slot due to start next
    subleague: str | None = None  # "AL", "NL": one of two leagues in one (None: a single league)

    @property
    def managers(self) -> tuple[int, ...]:
        """Everyone who may run the team: the manager first, then the co-managers."""
        first = (self.manager_id,) if self.manager_id is not None else ()
        return first + self.co_managers

    @classmethod
    def from_row(cls, row: Row, co_managers: tuple[int, ...]) -> Team:
        return cls(
            id=row["id"],
            league_id=row["league_id"],
            name=row["name"],
            abbreviation=row["abbreviation"],
            ballpark=row["ballpark"],
            manager_id=row["manager_id"],
            co_managers=co_managers,
            division=row["division"],
            next_slot=row["next_slot"],
            subleague=row["subleague"],
        )


@dataclass(frozen=True)
class RosterEntry:
    league_id: int
    team_id: int
    card_id: str
    kind: RosterKind
    status: RosterStatus
    since_day: int

    @classmethod
    def from_row(cls, row: Row) -> RosterEntry:
        return cls(row["league_id"], row["team_id"], row["card_id"], row["kind"], row["status"], row["since_day"])


@dataclass(frozen=True)
class RosterMove:
    """One line of the transactions log. ``team_id`` is the team after the move, ``from_team_id`` before it."""

    id: int
    league_id: int
    season: int
    day: int
    kind: MoveKind
    card_id: str
    team_id: int | None
    from_team_id: int | None
    trade_id: int | None
    by_user: int | None
    at: str

    @classmethod
    def from_row(cls, row: Row) -> RosterMove:
        return cls(**{f.name: row[f.name] for f in fields(cls)})


@dataclass(frozen=True)
class Trade:
    id: int
    league_id: int
    offering_team_id: int
    receiving_team_id: int
    status: TradeStatus
    proposed_by: int
    decided_by: int | None
    proposed_day: int
    decided_day: int | None
    offered: tuple[str, ...]  # cards the offering team gives
    requested: tuple[str, ...]  # cards it gets from the receiving team

    @classmethod
    def from_row(cls, row: Row, offered: tuple[str, ...], requested: tuple[str, ...]) -> Trade:
        return cls(
            id=row["id"],
            league_id=row["league_id"],
            offering_team_id=row["offering_team_id"],
            receiving_team_id=row["receiving_team_id"],
            status=row["status"],
            proposed_by=row["proposed_by"],
            decided_by=row["decided_by"],
            proposed_day=row["proposed_day"],
            decided_day=row["decided_day"],
            offered=offered,
            requested=requested,
        )


class SavedSpot(NamedTuple):
    """A spot in a saved batting order; the pitcher's spot (``P``) has no card."""

    card_id: str | None
    position: Position


@dataclass(frozen=True)
class Lineup:
    team_id: int
    vs_hand: Hand  # the opposing starter's hand this lineup is for
    spots: tuple[SavedSpot, ...]  # batting order

    def card_ids(self) -> list[str]:
        return [s.card_id for s in self.spots if s.card_id is not None]


@dataclass(frozen=True)
class Rotation:
    team_id: int
    starters: tuple[str, ...]  # in turn
    next_starter: str | None  # whose turn it is (resting or hurt starters are skipped at game time)


@dataclass(frozen=True)
class Replacement:
    """A player the auto-manager put in for one who cannot play today (``Store.playable_setup``).

    In a saved lineup: ``position`` is the spot's position, ``out`` the hurt, resting or
    departed player and ``player_in`` the bench player who takes his place. For the
    starter: ``position`` is P, ``out`` the rotation man whose turn it was (None without a
    rotation) and ``player_in`` the spot starter from the bullpen. For a lineup turned to the
    game's designated hitter rule (``rule`` :data:`DH_RULE`, nobody hurt): without the DH,
    ``position`` is P, ``out`` the saved DH and ``player_in`` the starter who bats in his spot;
    with it, ``position`` is DH, ``out`` None and ``player_in`` the bench hitter in the pitcher's spot.
    """

    team: str
    position: Position
    out: str | None
    player_in: str
    text: str  # in words, for the manager: who, why, who instead
    rule: str = ""  # the rule behind it when nobody is missing: DH_RULE; "" otherwise
    # Games the starter ``out`` must rest from today: a starter the Bench Usage Chart sat (DDB "Using
    # the Bench": his turn is skipped); ``Store.start_game`` keeps it. 0 for everyone else.
    rest: int = 0


DH_RULE = "designated hitter"  # Replacement.rule of a lineup turned to the game's DH rule


@dataclass(frozen=True)
class BullpenRole:
    card_id: str
    role: BullpenRoleName


@dataclass(frozen=True)
class GameRecord:
    """A scheduled, live, final or postponed game; ``setup``, ``seed`` and ``log`` are the engine game."""

    id: int
    league_id: int
    season: int
    day: int
    played_day: int | None
    away_team_id: int
    home_team_id: int
    status: GameStatus
    ruleset: str | None
    setup: dict[str, Any] | None
    seed: int | None
    log: list[dict[str, Any]]
    managed: list[str]
    channel_id: int | None
    thread_id: int | None
    away_runs: int | None
    home_runs: int | None
    line_score: dict[str, Any] | None
    box_score: dict[str, Any] | None
    started_at: str | None
    finished_at: str | None
    posted: int = 0  # events of the game the Discord thread has shown
    scoreboard_id: int | None = None  # the thread's scoreboard message
    prompt_id: int | None = None  # the message asking a manager now
    paused: bool = False
    forfeited_by: str | None = None  # "away" or "home"
    # How often each managed side is asked (engine.game.Game.asking) and who called time.
    asking: dict[str, str] = field(default_factory=dict)
    time_called: list[str] = field(default_factory=list)
    phase: str = "regular"  # or "playoffs": standings and season stats count the regular season's
    snapshot_id: int | None = None  # the league's card snapshot its stored setup refers to (None: cards inline)
    innings: int | None = None  # innings a final game lasted (None for a forfeit)

    def game_dict(self) -> dict[str, Any]:
        """The game as ``engine.game.Game.from_dict`` reads it; only for a live or final game."""
        if self.setup is None or self.seed is None:
            raise ValueError(f"game {self.id} has not started")
        return {
            "ruleset": self.ruleset,
            "setup": self.setup,
            "seed": self.seed,
            "log": self.log,
            "managed": self.managed,
            "asking": self.asking,
            "time_called": self.time_called,
        }

    @classmethod
    def from_row(cls, row: Row, cards: Cards | None = None) -> GameRecord:
        """The game from its row; ``cards``: the snapshot a setup stored by reference needs."""
        setup = _json(row["setup"])
        if setup and row["snapshot_id"] is not None:
            if cards is None:
                raise ValueError(f"game {row['id']} stores its setup by reference; give its card snapshot")
            setup = unpack_setup(setup, cards)
        return cls(
            id=row["id"],
            league_id=row["league_id"],
            season=row["season"],
            day=row["day"],
            played_day=row["played_day"],
            away_team_id=row["away_team_id"],
            home_team_id=row["home_team_id"],
            status=row["status"],
            ruleset=row["ruleset"],
            setup=setup,
            seed=row["seed"],
            log=unpack(row["log_z"]) if row["log_z"] is not None else json.loads(row["log"]),
            managed=json.loads(row["managed"]),
            channel_id=row["channel_id"],
            thread_id=row["thread_id"],
            away_runs=row["away_runs"],
            home_runs=row["home_runs"],
            line_score=_json(row["line_score"]),
            box_score=unpack(row["box_z"]) if row["box_z"] is not None else _json(row["box_score"]),
            started_at=row["started_at"],
            finished_at=row["finished_at"],
            posted=row["posted"],
            scoreboard_id=row["scoreboard_id"],
            prompt_id=row["prompt_id"],
            paused=bool(row["paused"]),
            forfeited_by=row["forfeited_by"],
            asking=json.loads(row["asking"]),
            time_called=json.loads(row["time_called"]),
            phase=row["phase"],
            snapshot_id=row["snapshot_id"],
            innings=row["innings"],
        )


@dataclass(frozen=True)
class PitcherUsage:
    game_id: int
    card_id: str
    team_id: int
    season: int
    day: int
    started: bool
    outs: int
    batters_faced: int
    rest_days: int

    @property
    def rested_on(self) -> int:
        """The first league day he may pitch again (the day itself when he owes no rest)."""
        return self.day + self.rest_days + 1 if self.rest_days else self.day

    @classmethod
    def from_row(cls, row: Row) -> PitcherUsage:
        return cls(
            game_id=row["game_id"],
            card_id=row["card_id"],
            team_id=row["team_id"],
            season=row["season"],
            day=row["day"],
            started=bool(row["started"]),
            outs=row["outs"],
            batters_faced=row["batters_faced"],
            rest_days=row["rest_days"],
        )


@dataclass(frozen=True)
class Injury:
    """An injury from a game's Injury event. Hurt on day D for N days, he misses days D+1 … D+N
    (and any later game on day D): ``days_left`` is N through day D+1, then counts down as
    ``advance_day`` passes each missed day, reaching 0 on day D+N+1. A "game" injury has N = 0.
    """

    id: int
    league_id: int
    card_id: str
    team_id: int | None
    game_id: int | None
    season: int
    day: int
    kind: str  # the injury chart's result
    days: int  # league days missed after the game
    days_left: int

    @classmethod
    def from_row(cls, row: Row) -> Injury:
        return cls(**{f.name: row[f.name] for f in fields(cls)})


# --- pages (issue 14) ------------------------------------------------------------------------------

Phase = Literal["regular", "playoffs"]


@dataclass(frozen=True)
class SeasonLine:
    """A player's season with one team in one phase: his batting, pitching and fielding lines (None: none)."""

    season: int
    phase: Phase
    team_id: int
    team: str  # the team's abbreviation
    batting: BattingStats | None
    pitching: PitchingStats | None
    fielding: FieldingStats | None


@dataclass(frozen=True)
class PlayerPage:
    card_id: str
    name: str
    team: str | None  # the team he is on now (abbreviation), None if on none
    lines: tuple[SeasonLine, ...]  # by season, the regular season before the playoffs, teams in the order played


@dataclass(frozen=True)
class PlayerGame:
    """A game in a player's game log: his team, the other, the score and his lines in it (None: none)."""

    game_id: int
    day: int
    team: str  # abbreviations
    opponent: str
    home: bool
    away_runs: int
    home_runs: int
    batting: BattingStats | None
    pitching: PitchingStats | None


@dataclass(frozen=True)
class Split:
    """A team's record in some of its games: home, road, one-run games …"""

    name: str
    w: int
    l: int  # noqa: E741 - the standings' column

    @property
    def pct(self) -> float:
        return self.w / (self.w + self.l) if self.w + self.l else 0.0

    def __str__(self) -> str:
        return f"{self.w}-{self.l}"


@dataclass(frozen=True)
class RosterLine:
    """A player on the roster and his season with this team (regular season)."""

    card_id: str
    name: str
    kind: RosterKind
    status: RosterStatus
    batting: BattingStats | None
    pitching: PitchingStats | None


@dataclass(frozen=True)
class TeamPage:
    team: Team
    season: int
    w: int
    l: int  # noqa: E741 - the standings' column
    runs_for: int
    runs_against: int
    streak: str  # "W3", "L1"; "-" before the first game
    last_ten: str  # "6-4"
    splits: tuple[Split, ...]
    roster: tuple[RosterLine, ...]  # batters by plate appearances, then pitchers by outs
    batting: BattingStats  # the team's totals
    pitching: PitchingStats


@dataclass(frozen=True)
class GameSummary:
    """A game as a list shows it: who, when, its state and score; no setup, log or box score to read."""

    id: int
    season: int
    day: int
    played_day: int | None
    away_team_id: int
    home_team_id: int
    status: GameStatus
    away_runs: int | None
    home_runs: int | None
    forfeited_by: str | None
    phase: str

    @classmethod
    def from_row(cls, row: Row) -> GameSummary:
        return cls(**{f.name: row[f.name] for f in fields(cls)})


@dataclass(frozen=True)
class PlayoffSeed:
    team_id: int
    bracket: str  # the team's league ("AL"), or "" for a league without two
    seed: int  # 1 is the best of its bracket
    how: str  # "division", "wild card" or "record"
    rank: int  # place in the whole league's regular-season standings

    @classmethod
    def from_row(cls, row: Row) -> PlayoffSeed:
        return cls(row["team_id"], row["bracket"], row["seed"], row["how"], row["rank"])


@dataclass(frozen=True)
class PlayoffSeries:
    """A series: the higher seed has home field game by game as ``home`` says (H him, L the lower seed)."""

    id: int
    round: int
    bracket: str
    slot: int
    high_team_id: int
    low_team_id: int
    best_of: int
    home: str
    winner_team_id: int | None
    high_wins: int
    low_wins: int

    @property
    def games_played(self) -> int:
        return self.high_wins + self.low_wins

    @classmethod
    def from_row(cls, row: Row) -> PlayoffSeries:
        return cls(**{f.name: row[f.name] for f in fields(cls)})


@dataclass(frozen=True)
class Playoffs:
    """A season's playoffs: the format they are played with, the seeds, every series so far, the champion."""

    league_id: int
    season: int
    format: PlayoffFormat
    started_day: int
    champion_team_id: int | None
    seeds: tuple[PlayoffSeed, ...]
    series: tuple[PlayoffSeries, ...]  # by round, bracket, slot
