"""Team entries of a card set: a real team's depth chart, ready to become a league's team.

A card file may hold ``[[team]]`` tables beside its cards::

    [[team]]
    id = "cin-1970"
    name = "Cincinnati Reds"
    abbreviation = "CIN"
    league = "NL"                      # "AL" or "NL"
    division = "W"                     # optional
    ballpark = "cin-1970-park"         # a ballpark card of the set
    roster = ["benchjo01-1970", ...]   # active card ids, at most ROSTER_LIMIT
    vs_rhp = ["rosepe01-1970 RF", ..., "perezto01-1970 DH"]   # 9 spots: "card-id POSITION"
    vs_lhp = [...]
    rotation = ["merriji01-1970", ...] # five starters, in turn
    bullpen = { closer = ["granewa01-1970"], setup = [...], middle = [...], long = [...] }
    games = 162                        # optional: the team's real games
    starts = { "benchjo01-1970" = 139, "merriji01-1970" = 34, ... }   # optional: real games started

``games`` and ``starts`` are the team's real usage (a generated set has them; hand-made sets
need none): each roster player's games started (GS, as a batter or as a pitcher) in a season
of ``games`` games. A league's auto-manager plays each man about his share of starts
(``league.store``); ``starts`` needs ``games``, and every count is at most ``games``.

Each lineup names nine batters at the eight fielding positions and DH. A league that plays
without the designated hitter plays the pitcher in the DH's spot of the batting order
(:func:`lineup_spots`). The loader checks every id against the set's cards
(:func:`check_team`); this module checks the shape of an entry.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from cards.notation import Position, quote

ROSTER_LIMIT = 26  # a league's default active roster limit (league.models.LeagueRules.roster_limit)
ROTATION_SIZE = 5
LINEUP_POSITIONS = frozenset(p for p in Position if p is not Position.P)  # the eight fielders and DH
BULLPEN_ROLES = ("closer", "setup", "middle", "long")


class Spot(BaseModel):
    model_config = ConfigDict(frozen=True)

    card_id: str
    position: Position

    def __str__(self) -> str:
        return f"{self.card_id} {self.position.value}"


def parse_spot(value: Any) -> Spot:
    """ "benchjo01-1970 C" -> Spot; a message a card maker understands otherwise."""
    if isinstance(value, Spot):
        return value
    if not isinstance(value, str):
        raise ValueError("a lineup spot is a string 'card-id POSITION', like 'benchjo01-1970 C'")
    parts = value.split()
    if len(parts) != 2:
        raise ValueError(f"a lineup spot is 'card-id POSITION', like 'benchjo01-1970 C'; got {quote(value)}")
    card_id, pos = parts
    try:
        position = Position(pos.upper())
    except ValueError:
        names = " ".join(p.value for p in Position if p is not Position.P)
        raise ValueError(f"{quote(pos)} is not a lineup position; the positions are {names}") from None
    if position is Position.P:
        raise ValueError(
            "a lineup names a DH, not P: a league without the designated hitter bats the pitcher in the DH's spot"
        )
    return Spot(card_id=card_id, position=position)


class Bullpen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    closer: list[str] = []
    setup: list[str] = []
    middle: list[str] = []
    long: list[str] = []

    def roles(self) -> list[tuple[str, str]]:
        """(card id, role) for every reliever, closer first."""
        return [(card_id, role) for role in BULLPEN_ROLES for card_id in getattr(self, role)]


class TeamEntry(BaseModel):
    """One ``[[team]]`` table, its shape checked (ids are checked against the set by the loader)."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=80)
    name: str = Field(min_length=1, max_length=100)
    abbreviation: str
    league: str
    division: str | None = None
    ballpark: str
    roster: list[str]
    vs_rhp: list[Spot]
    vs_lhp: list[Spot]
    rotation: list[str]
    bullpen: Bullpen = Bullpen()
    games: int | None = Field(default=None, ge=1, le=200)
    starts: dict[str, int] = {}

    @field_validator("abbreviation")
    @classmethod
    def _abbreviation(cls, value: str) -> str:
        if not (1 <= len(value) <= 5 and value.isalnum() and value.isascii()):
            raise ValueError("a team abbreviation is 1 to 5 letters or digits, like CIN")
        return value

    @field_validator("league")
    @classmethod
    def _league(cls, value: str) -> str:
        if value not in ("AL", "NL"):
            raise ValueError("a team's league is AL or NL")
        return value

    @field_validator("vs_rhp", "vs_lhp", mode="before")
    @classmethod
    def _spots(cls, value: Any) -> Any:
        if not isinstance(value, list):
            raise ValueError("a lineup is a list of 9 spots 'card-id POSITION'")
        return [parse_spot(v) for v in value]

    @field_validator("vs_rhp", "vs_lhp")
    @classmethod
    def _lineup(cls, value: list[Spot]) -> list[Spot]:
        if len(value) != 9:
            raise ValueError(f"a lineup has 9 spots; this one has {len(value)}")
        seen = [s.position for s in value]
        for position in seen:
            if seen.count(position) > 1:
                raise ValueError(f"{position.value} is in the lineup twice; each position once")
        ids = [s.card_id for s in value]
        for card_id in ids:
            if ids.count(card_id) > 1:
                raise ValueError(f"{card_id} is in the lineup twice")
        return value

    @field_validator("roster")
    @classmethod
    def _roster(cls, value: list[str]) -> list[str]:
        if not value:
            raise ValueError("the roster is empty")
        if len(value) > ROSTER_LIMIT:
            raise ValueError(f"the roster has {len(value)} players; the active roster limit is {ROSTER_LIMIT}")
        for card_id in value:
            if value.count(card_id) > 1:
                raise ValueError(f"{card_id} is on the roster twice")
        return value

    @field_validator("rotation")
    @classmethod
    def _rotation(cls, value: list[str]) -> list[str]:
        if len(value) != ROTATION_SIZE:
            raise ValueError(f"a rotation has {ROTATION_SIZE} starters; this one has {len(value)}")
        for card_id in value:
            if value.count(card_id) > 1:
                raise ValueError(f"{card_id} is in the rotation twice")
        return value

    @field_validator("starts")
    @classmethod
    def _starts(cls, value: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        games = info.data.get("games")
        if value and games is None:
            raise ValueError("starts are out of the team's games: give games (the team's real games) too")
        roster = info.data.get("roster") or []
        for card_id, n in value.items():
            if n < 0 or (games is not None and n > games):
                raise ValueError(f"{card_id} has {n} starts; a count is 0 to games ({games})")
            if roster and card_id not in roster:
                raise ValueError(f"{card_id} has starts but is not on the team's roster")
        return value

    def lineup(self, vs_hand: str) -> list[Spot]:
        return self.vs_lhp if vs_hand == "L" else self.vs_rhp

    def to_table(self) -> dict[str, Any]:
        """The entry as its on-disk table (as the loader reads it)."""
        table: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "abbreviation": self.abbreviation,
            "league": self.league,
        }
        if self.division is not None:
            table["division"] = self.division
        table["ballpark"] = self.ballpark
        table["roster"] = list(self.roster)
        table["vs_rhp"] = [str(s) for s in self.vs_rhp]
        table["vs_lhp"] = [str(s) for s in self.vs_lhp]
        table["rotation"] = list(self.rotation)
        bullpen = {role: list(getattr(self.bullpen, role)) for role in BULLPEN_ROLES if getattr(self.bullpen, role)}
        if bullpen:
            table["bullpen"] = bullpen
        if self.games is not None:
            table["games"] = self.games
        if self.starts:
            table["starts"] = dict(self.starts)
        return table


def lineup_spots(spots: list[Spot], designated_hitter: bool) -> list[tuple[str | None, str]]:
    """A set's lineup as a league saves it: (card id, position), None for the pitcher's spot.

    Without the designated hitter the DH's place in the batting order becomes the pitcher's.
    """
    out: list[tuple[str | None, str]] = []
    for spot in spots:
        if spot.position is Position.DH and not designated_hitter:
            out.append((None, Position.P.value))
        else:
            out.append((spot.card_id, spot.position.value))
    return out
