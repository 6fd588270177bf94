"""Card sets on disk: loading with every problem reported, and writing back.

A set is a folder ``cards/sets/<set>/`` with a ``set.toml`` (name, ruleset,
description) and any number of card files (``*.toml``, usually one a team).
A card file holds arrays of tables ``[[batter]]``, ``[[pitcher]]`` and
``[[ballpark]]``, and may hold ``[[team]]`` entries (a team's roster, lineups,
rotation and bullpen: :mod:`cards.teams`). Card ids are unique within a set.

Loading is all or nothing: every problem in every file is collected, each
naming its file, card and cell, and if there is any, :class:`CardSetError`
is raised and no card is returned.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from cards import families
from cards.models import Ballpark, Batter, Card, Pitcher
from cards.notation import QUOTE_LIMIT, quote
from cards.teams import TeamEntry
from cards.toml_format import format_cards

if TYPE_CHECKING:
    from cards.deep_drive.loader import DeepDriveSet

SET_FILE = "set.toml"
# A Deep Drive set's own Season Handbook (set.toml: handbook = "handbook.toml"); not a card file.
HANDBOOK_FILE = "handbook.toml"
OUTSIDE_HANDBOOK = "names a file outside the set's folder; the handbook must be a file in it"
DEFAULT_HANDBOOK = "default"  # set.toml: handbook = "default", Dugout's own (engine.deep_drive.handbook)
# The batter card used for pitchers who have no batting card of their own.
GENERIC_PITCHER_BATTING = "pitcher-batting"
CARD_TYPES: dict[str, type[Batter] | type[Pitcher] | type[Ballpark]] = {
    "batter": Batter,
    "pitcher": Pitcher,
    "ballpark": Ballpark,
}
TEAM_TABLE = "team"
# The leagues set.toml's designated_hitter may name (a team entry's ``league``).
DH_LEAGUES = ("AL", "NL")


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a card set, placed as exactly as we can."""

    file: str
    message: str
    card: str | None = None
    cell: str | None = None

    def __str__(self) -> str:
        where = self.file
        if self.card:
            where += f": {self.card}"
        if self.cell:
            where += f": {self.cell}"
        return f"{where}: {self.message}"


class CardSetError(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class NotACardSet(CardSetError):
    """The path is no card set at all (missing, not a folder, no set.toml): one problem, found at once."""


class RealAward(BaseModel):
    """A generated season's real award winner (set.toml ``[[awards]]``), shown beside the league's own."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    award: str = Field(pattern=r"^(mvp|cy_young|rookie|reliever)$")
    league: str = ""  # "AL", "NL"; "" for an award of the whole majors (the Cy Young before 1967)
    person: str = Field(min_length=1)  # the player's id in the data (Lahman's playerID)
    name: str = Field(min_length=1)


class SetInfo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    ruleset: str = Field(pattern=r"^(inside-pitch|deep-drive)$")
    description: str = ""
    # The designated hitter: true or false for every game, or the leagues whose parks use it (["AL"]:
    # the AL from 1973 to 2021, each game playing its home team's league's rule; team entries name
    # their league). None: the set does not say.
    designated_hitter: bool | list[str] | None = None
    # Whether extra innings start with a runner on second (OBR 7.01(b), MLB from 2020;
    # None: the set does not say, and games play without it).
    extra_inning_runner: bool | None = None
    # Whether the set's two leagues meet in the regular season (MLB from 1997): false schedules each
    # league apart, true or None (the set does not say) lets two leagues of the same size meet
    # (league.schedule's interleague rounds).
    interleague: bool | None = None
    # The playoff format of the set's era, one of league.playoffs' presets ("world-series" for 1903-1968,
    # "lcs-5" for 1969-1984 ...): a league made from the set plays it unless its commissioner chose
    # another. None: the set does not say (the league's default: mlb with two leagues, else top4).
    playoffs: str | None = Field(default=None, pattern=r"^[a-z0-9-]{1,40}$")
    source: str = ""  # where the cards come from, e.g. "Lahman database 2024 (SABR)"
    licence: str = ""  # e.g. "CC BY-SA 3.0"
    # Deep Drive: the season handbook whose charts the set's cards are read with ("default": the
    # project's own; engine.deep_drive.handbook). Inside Pitch sets leave it empty.
    handbook: str = ""
    # Deep Drive: how the era bunted, for the auto-manager (the option dd_auto_bunt_below,
    # engine.deep_drive.options: it sacrifices for batters whose card reaches base on fewer numbers);
    # None: late and close only.
    auto_bunt_below: int | None = Field(default=None, ge=1, le=50)
    # A generated season's real awards, and its rookies by their id in the data (Lahman's playerID):
    # league.awards shows the real winners beside the league's and takes these players as rookies.
    awards: list[RealAward] = Field(default_factory=list)
    rookies: list[str] = Field(default_factory=list)

    @field_validator("designated_hitter", mode="before")
    @classmethod
    def _designated_hitter(cls, value: Any) -> Any:
        if value is None or isinstance(value, bool):
            return value
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValueError(
                'designated_hitter is true, false or the leagues that use it, e.g. ["AL"]; got ' + quote(value)
            )
        wrong = [v for v in value if v not in DH_LEAGUES]
        if wrong:
            raise ValueError(
                f"designated_hitter names leagues {' or '.join(DH_LEAGUES)}; not {_clip(', '.join(wrong))}"
            )
        if len(set(value)) != len(value):
            raise ValueError("designated_hitter names a league twice")
        return value

    @field_validator("interleague", mode="before")
    @classmethod
    def _interleague(cls, value: Any) -> Any:
        if value is None or isinstance(value, bool):
            return value
        raise ValueError(f"interleague is true (the leagues meet) or false (they do not); got {quote(value)}")

    def dh_leagues(self) -> tuple[str, ...] | None:
        """The leagues whose parks use the designated hitter when the set names them; None for true/false/unsaid."""
        return tuple(self.designated_hitter) if isinstance(self.designated_hitter, list) else None


BatterT = TypeVar("BatterT", bound=Card)
PitcherT = TypeVar("PitcherT", bound=Card)
BallparkT = TypeVar("BallparkT", bound=Card)


@dataclass
class Cards(Generic[BatterT, PitcherT, BallparkT]):
    """A loaded set of either game: its cards by kind and id, its files and its team entries (the
    rulesets' sets differ only in their card models and how a pitcher finds his batting card)."""

    info: SetInfo
    path: Path
    batters: dict[str, BatterT] = field(default_factory=dict)
    pitchers: dict[str, PitcherT] = field(default_factory=dict)
    ballparks: dict[str, BallparkT] = field(default_factory=dict)
    files: dict[str, list[str]] = field(default_factory=dict)  # file -> card ids, in order
    team_entries: dict[str, TeamEntry] = field(default_factory=dict)  # team entries by id, in file order
    team_files: dict[str, list[str]] = field(default_factory=dict)  # file -> team entry ids, in order

    def group(self, kind: str) -> dict[str, Any]:
        """The cards of one kind ("batter", "pitcher" or "ballpark"), by id."""
        groups: dict[str, dict[str, Any]] = {
            "batter": self.batters,
            "pitcher": self.pitchers,
            "ballpark": self.ballparks,
        }
        return groups[kind]

    def card(self, card_id: str) -> BatterT | PitcherT | BallparkT:
        for group in (self.batters, self.pitchers, self.ballparks):
            if card_id in group:
                return group[card_id]
        raise KeyError(card_id)

    def all_cards(self) -> list[BatterT | PitcherT | BallparkT]:
        return [*self.batters.values(), *self.pitchers.values(), *self.ballparks.values()]

    def find(self, text: str) -> list[BatterT | PitcherT | BallparkT]:
        """The cards ``text`` names: the card with that id; else those whose name is ``text``
        (any case); else those whose name contains it."""
        wanted = " ".join(text.split())
        try:
            return [self.card(wanted)]
        except KeyError:
            pass
        lowered = wanted.lower()
        if not lowered:
            return []
        cards = self.all_cards()
        return [c for c in cards if c.name.lower() == lowered] or [c for c in cards if lowered in c.name.lower()]

    def teams(self) -> list[str]:
        """Teams with players in the set, as "year team"."""
        return sorted({f"{c.year} {c.team}" for c in [*self.batters.values(), *self.pitchers.values()]})


@dataclass
class CardSet(Cards[Batter, Pitcher, Ballpark]):
    """A loaded Inside Pitch set."""

    def own_batting_card(self, pitcher: Pitcher) -> Batter | None:
        """The batter card with the pitcher's name, team and year, if the set has one."""
        return next(
            (
                b
                for b in self.batters.values()
                if (b.name, b.team, b.year) == (pitcher.name, pitcher.team, pitcher.year)
            ),
            None,
        )

    def batting_card_for(self, pitcher: Pitcher) -> Batter | None:
        """A pitcher's own batting card ("##"), else the set's generic pitcher batting card."""
        own = self.own_batting_card(pitcher) if pitcher.own_batting_card else None
        return own or self.batters.get(GENERIC_PITCHER_BATTING)

    def is_pitchers_batting_card(self, batter: Batter) -> bool:
        """A pitcher's own batting card ("##"): it comes with the pitcher, not on a roster. A batter card
        that shares a name with a pitcher card not marked ## is a two-way player's own card."""
        return any(
            p.own_batting_card and (p.name, p.team, p.year) == (batter.name, batter.team, batter.year)
            for p in self.pitchers.values()
        )


def describe_cell(loc: tuple[int | str, ...]) -> str | None:
    """Turn a pydantic error location into words a card maker recognises."""
    if not loc:
        return None
    head, rest = loc[0], loc[1:]
    if head == "matrix" and len(rest) >= 2:
        return f"matrix row {int(rest[0]) + 1} column {int(rest[1]) + 1}"
    if head == "matrix" and len(rest) == 1:
        return f"matrix row {int(rest[0]) + 1}"
    if head == "outs" and rest:
        return f"** line column {int(rest[0]) + 1}"
    if head == "positions" and rest:
        return f"positions entry {int(rest[0]) + 1}"
    return _clip(".".join(str(part) for part in loc))


def _message(error: Any) -> str:
    msg = str(error["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        msg = msg.removeprefix(prefix)
    if error["type"] == "extra_forbidden":
        return "unknown field (check the spelling)"
    if error["type"] == "missing":
        return "missing"
    value = error.get("input")
    scalar = isinstance(value, str | int) and not isinstance(value, bool)
    shown = scalar and (quote(value) in msg or repr(value) in msg)
    empty = value == ""
    if scalar and error["loc"] and not shown and not empty:
        msg += f" (got {quote(value)})"
    return msg


def _clip(value: Any) -> str:
    """A name or id for a card's label, cut short when long (it heads every problem of the card), its
    control characters escaped so that a problem stays one line and cannot drive a terminal."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(value)[: QUOTE_LIMIT + 1])
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "…"


def _card_label(raw: Any, index: int, kind: str) -> str:
    if isinstance(raw, dict):
        name = raw.get("name")
        ident = raw.get("id")
        if name and ident:
            return f"{kind} {_clip(name)} ({_clip(ident)})"
        if name or ident:
            return f"{kind} {_clip(name or ident)}"
    return f"{kind} #{index + 1}"


def validate_card(
    raw: Any, kind: str, file: str, index: int, card_types: Mapping[str, type[Card]] | None = None
) -> tuple[Card | None, list[Problem]]:
    """Validate one card table with the ruleset's models (``card_types``, Inside Pitch's by default);
    return the card or the problems found in it."""
    label = _card_label(raw, index, kind)
    try:
        return (card_types or CARD_TYPES)[kind].model_validate(raw), []
    except ValidationError as exc:
        problems = [
            Problem(file, _message(err), label, describe_cell(tuple(err["loc"])))
            for err in exc.errors(include_url=False)
        ]
        return None, problems


def read_toml(path: Path, name: str) -> tuple[dict[str, Any] | None, list[Problem]]:
    """A TOML file's tables, or the one problem that stops it being read (named ``name``)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return None, [Problem(name, f"cannot read: {exc.strerror}")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        byte = raw[exc.start : exc.start + 1].hex()
        message = f"not UTF-8 text: byte 0x{byte} at line {line}, column {column} (save the file as UTF-8)"
        return None, [Problem(name, message)]
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as exc:
        return None, [Problem(name, f"not valid TOML: {exc}")]
    except RecursionError:  # tomllib recurses into nested arrays and inline tables
        return None, [Problem(name, "not valid TOML for a card file: arrays or tables nested too deeply")]


def open_set(path: str | Path) -> tuple[Path, SetInfo | None, list[Problem]]:
    """The set's folder and its set.toml read: raise NotACardSet for a path that is no set at all;
    problems in set.toml are returned (with the info None) so they are reported with the cards'."""
    root = Path(path)
    # Refuse a path that is no set before reading anything: a stray folder (a home
    # directory, /tmp) would otherwise have every *.toml under it read as a card file.
    if not root.exists():
        aside = root.with_name(root.name + ".replaced")  # seasons.write: a `generate --force` cut short
        if (aside / SET_FILE).is_file():
            message = (
                f"no such card set folder, but {aside.name} beside it holds the set it had before a "
                f"`dugout cards generate --force` was cut short: rename it to {root.name} (or generate again)"
            )
            raise NotACardSet([Problem(str(root), message)])
        raise NotACardSet([Problem(str(root), "no such card set folder")])
    if not root.is_dir():
        raise NotACardSet([Problem(str(root), f"not a folder; a card set is a folder with a {SET_FILE}")])
    if not (root / SET_FILE).is_file():
        raise NotACardSet([Problem(str(root), f"not a card set: the folder has no {SET_FILE}")])
    meta, problems = read_toml(root / SET_FILE, str(root / SET_FILE))
    info: SetInfo | None = None
    if meta is not None:
        try:
            info = SetInfo.model_validate(meta)
        except ValidationError as exc:
            problems += [
                Problem(str(root / SET_FILE), _message(e), cell=describe_cell(tuple(e["loc"])))
                for e in exc.errors(include_url=False)
            ]
    return root, info, problems


def set_ruleset(path: str | Path) -> str:
    """The ruleset family a set's set.toml names (cards.families); the default family when set.toml
    cannot say (its problems are then reported by the loader)."""
    _, info, _ = open_set(path)
    return info.ruleset if info is not None else families.DEFAULT


def load_set(path: str | Path) -> CardSet:
    """Load and validate a whole Inside Pitch set; raise CardSetError listing every problem.

    A Deep Drive set (``ruleset = "deep-drive"``) is refused with one problem that says so:
    load it with :func:`load_any_set` or :func:`cards.deep_drive.loader.load_deep_drive_set`.
    """
    root, info, problems = open_set(path)
    if info is not None and families.loader(info.ruleset) is not load:
        message = f"a {info.ruleset} set, not an Inside Pitch one (load it with load_any_set)"
        raise CardSetError([Problem(str(root / SET_FILE), message, cell="ruleset")])
    cardset = CardSet(info or SetInfo(name="?", ruleset=families.DEFAULT), root)
    where, team_where = read_card_files(root, CARD_TYPES, cardset, problems)
    for pitcher in cardset.pitchers.values():
        if pitcher.own_batting_card and cardset.own_batting_card(pitcher) is None:
            problems.append(
                Problem(
                    where[pitcher.id],
                    "marked ## (own batting card) but the set has no batter card with the same name, team and year",
                    f"pitcher {pitcher.name} ({pitcher.id})",
                    "own_batting_card",
                )
            )
    check_teams(cardset, team_where, problems)
    if problems:
        raise CardSetError(problems)
    return cardset


def load_any_set(path: str | Path) -> CardSet | DeepDriveSet:
    """Load a set of either ruleset, as its set.toml says (the ``dugout cards`` commands use this)."""
    cardset: CardSet | DeepDriveSet = families.loader(set_ruleset(path))(path)
    return cardset


# cards.families: this module loads the Inside Pitch family's sets.
load = load_set


class _Cards(Protocol):
    """What the shared reading of card files fills in: a set of either ruleset."""

    def group(self, kind: str) -> dict[str, Any]: ...

    @property
    def files(self) -> dict[str, list[str]]: ...

    @property
    def team_entries(self) -> dict[str, TeamEntry]: ...

    @property
    def team_files(self) -> dict[str, list[str]]: ...

    @property
    def batters(self) -> Mapping[str, Card]: ...

    @property
    def pitchers(self) -> Mapping[str, Card]: ...

    @property
    def ballparks(self) -> Mapping[str, Card]: ...


def handbook_file(root: Path, name: str) -> Path | None:
    """The file a set.toml's ``handbook = name`` names, or None when it leaves the set's folder (an
    absolute path, "..", a symlink out): a set never has a file elsewhere on the host read."""
    path = root / name
    if Path(name).is_absolute() or not path.resolve().is_relative_to(root.resolve()):
        return None
    return path


def read_card_files(
    root: Path,
    card_types: Mapping[str, type[Card]],
    cardset: _Cards,
    problems: list[Problem],
    handbook: Path | None = None,
) -> tuple[dict[str, str], dict[str, str]]:
    """Read every card file under ``root`` into ``cardset`` with ``card_types`` (kind -> model),
    adding each problem found to ``problems``; return each card id's file and each team entry's.
    The set's own ``handbook`` file (and any handbook.toml) is no card file."""
    where: dict[str, str] = {}
    team_where: dict[str, str] = {}  # team entry id -> file
    skip = handbook.resolve() if handbook is not None else None
    card_files = sorted(
        p for p in root.rglob("*.toml") if p.name not in (SET_FILE, HANDBOOK_FILE) and p.resolve() != skip
    )
    if not card_files:
        problems.append(Problem(str(root), "the set has no card files (*.toml)"))
    inside = root.resolve()
    for card_path in card_files:
        name = str(card_path)
        if not card_path.resolve().is_relative_to(inside):  # a link out of the set: nothing elsewhere is read
            problems.append(Problem(name, "links to a file outside the set's folder; a card file must be in it"))
            continue
        data, file_problems = read_toml(card_path, name)
        problems += file_problems
        if data is None:
            continue
        ids: list[str] = []
        for key, tables in data.items():
            if key == TEAM_TABLE:
                problems += _read_teams(tables, name, str(card_path.relative_to(root)), cardset, team_where)
                continue
            if key not in card_types:
                kinds = ", ".join(f"[[{k}]]" for k in [*card_types, TEAM_TABLE])
                problems.append(Problem(name, f"unknown table [[{_clip(key)}]]; card files hold {kinds}"))
                continue
            if not isinstance(tables, list):
                problems.append(Problem(name, f"write cards as [[{_clip(key)}]] tables"))
                continue
            for index, raw in enumerate(tables):
                card, card_problems = validate_card(raw, key, name, index, card_types)
                problems += card_problems
                if card is None:
                    continue
                if card.id in where:
                    other = Path(where[card.id]).relative_to(root)
                    label = _card_label(raw, index, key)
                    problems.append(Problem(name, f"card id {quote(card.id)} is also used in {other}", label))
                    continue
                where[card.id] = name
                ids.append(card.id)
                cardset.group(key)[card.id] = card
        cardset.files[str(card_path.relative_to(root))] = ids
    return where, team_where


def check_teams(cardset: _Cards, team_where: dict[str, str], problems: list[Problem]) -> None:
    """Check every team entry against the set's cards (:func:`check_team`), adding the problems."""
    on_team: dict[str, str] = {}
    for team in cardset.team_entries.values():
        problems += check_team(team, cardset, team_where[team.id], on_team)


def _read_teams(tables: Any, file: str, rel: str, cardset: _Cards, team_where: dict[str, str]) -> list[Problem]:
    """Validate the shape of a file's [[team]] tables and add them to the set."""
    if not isinstance(tables, list):
        return [Problem(file, f"write team entries as [[{TEAM_TABLE}]] tables")]
    problems: list[Problem] = []
    for index, raw in enumerate(tables):
        label = _card_label(raw, index, TEAM_TABLE)
        try:
            team = TeamEntry.model_validate(raw)
        except ValidationError as exc:
            problems += [
                Problem(file, _message(e), label, _clip(".".join(str(part) for part in e["loc"])) or None)
                for e in exc.errors(include_url=False)
            ]
            continue
        if team.id in team_where:
            # The other file named within the set, as for a card id: never a host path.
            other = next(f for f, ids in cardset.team_files.items() if team.id in ids)
            problems.append(Problem(file, f"team id {quote(team.id)} is also used in {other}", label))
            continue
        team_where[team.id] = file
        cardset.team_entries[team.id] = team
        cardset.team_files.setdefault(rel, []).append(team.id)
    return problems


def check_team(team: TeamEntry, cardset: _Cards, file: str, on_team: dict[str, str]) -> list[Problem]:
    """Every id a team entry names must be a card of the set of the right kind, and on its roster.

    ``on_team`` (card id -> team id) is filled in as teams are checked, so a card on two
    teams' rosters is reported.
    """
    label = f"team {_clip(team.name)} ({team.id})"
    problems: list[Problem] = []

    def problem(cell: str, message: str) -> None:
        problems.append(Problem(file, message, label, cell))

    if team.ballpark not in cardset.ballparks:
        problem("ballpark", f"{quote(team.ballpark)} is not a ballpark card of the set")
    for index, card_id in enumerate(team.roster):
        cell = f"roster entry {index + 1}"
        if card_id in cardset.pitchers:
            pass
        elif card_id in cardset.batters:
            if _pitchers_batting_card(cardset, card_id):
                problem(cell, f"{quote(card_id)} is a pitcher's batting card; it comes with the pitcher, so list him")
                continue
        elif card_id in cardset.ballparks:
            problem(cell, f"{quote(card_id)} is a ballpark card; a team's ballpark is its ballpark field")
            continue
        else:
            problem(cell, f"{quote(card_id)} is not a card of the set")
            continue
        if card_id in on_team:
            problem(cell, f"{quote(card_id)} is also on the roster of team {quote(on_team[card_id])}")
        else:
            on_team[card_id] = team.id
    roster = set(team.roster)
    for hand in ("vs_rhp", "vs_lhp"):
        for index, spot in enumerate(getattr(team, hand)):
            cell = f"{hand} spot {index + 1}"
            if spot.card_id not in cardset.batters:
                problem(cell, f"{quote(spot.card_id)} is not a batter card of the set")
            elif spot.card_id not in roster:
                problem(cell, f"{quote(spot.card_id)} is not on the team's roster")
    for index, card_id in enumerate(team.rotation):
        _check_pitcher(card_id, f"rotation entry {index + 1}", cardset, roster, problem)
    seen: set[str] = set()
    for card_id, role in team.bullpen.roles():
        _check_pitcher(card_id, f"bullpen.{role}", cardset, roster, problem)
        if card_id in seen:
            problem(f"bullpen.{role}", f"{quote(card_id)} has two bullpen roles; give him one")
        seen.add(card_id)
    return problems


def _check_pitcher(card_id: str, cell: str, cardset: _Cards, roster: set[str], problem: Any) -> None:
    if card_id not in cardset.pitchers:
        problem(cell, f"{quote(card_id)} is not a pitcher card of the set")
    elif card_id not in roster:
        problem(cell, f"{quote(card_id)} is not on the team's roster")


def _pitchers_batting_card(cardset: _Cards, card_id: str) -> bool:
    if card_id == GENERIC_PITCHER_BATTING:
        return True
    batter = cardset.batters[card_id]
    return any(
        getattr(p, "own_batting_card", False) and (p.name, p.team, p.year) == (batter.name, batter.team, batter.year)
        for p in cardset.pitchers.values()
    )


def dump_card(card: Card) -> dict[str, Any]:
    """The card as its on-disk table: notation strings and integers."""
    return card.model_dump(mode="json", exclude_defaults=True)


def kind_of(card: Card) -> str:
    """ "batter", "pitcher" or "ballpark", for a card of either ruleset."""
    return card.kind


def write_set(cardset: CardSet | DeepDriveSet, root: str | Path) -> None:
    """Write a set to a folder in the same layout it was loaded from."""
    out = Path(root)
    out.mkdir(parents=True, exist_ok=True)
    meta = cardset.info.model_dump(exclude_defaults=True)
    (out / SET_FILE).write_text(format_cards({}, header=meta), encoding="utf-8")
    for rel, ids in cardset.files.items():
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        cards = [cardset.card(i) for i in ids]
        teams = [cardset.team_entries[t] for t in cardset.team_files.get(rel, [])]
        write_cards(target, cards, teams)


def write_cards(target: Path, cards: Sequence[Card], teams: list[TeamEntry] | None = None) -> None:
    grouped: dict[str, list[dict[str, Any]]] = {}
    for card in cards:
        grouped.setdefault(kind_of(card), []).append(dump_card(card))
    if teams:
        grouped[TEAM_TABLE] = [t.to_table() for t in teams]
    target.write_text(format_cards(grouped), encoding="utf-8")
