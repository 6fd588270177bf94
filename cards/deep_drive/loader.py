"""Deep Drive card sets on disk: a folder whose set.toml says ``ruleset = "deep-drive"``.

The layout is Inside Pitch's (:mod:`cards.loader`): card files of ``[[batter]]``, ``[[pitcher]]``,
``[[ballpark]]`` and ``[[team]]`` tables, read with the Deep Drive models
(:mod:`cards.deep_drive.models`). Loading is all or nothing, and every problem names its file,
its card and its field, as for Inside Pitch. Team entries are :mod:`cards.teams`'s, checked the
same way (lineups by hand, five starters, bullpen roles).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cards.deep_drive.models import Ballpark, Batter, Pitcher
from cards.loader import (
    DEEP_DRIVE_CARD_TYPES,
    GENERIC_PITCHER_BATTING,
    SET_FILE,
    CardSetError,
    Problem,
    SetInfo,
    check_teams,
    open_set,
    read_card_files,
)
from cards.models import Card
from cards.teams import TeamEntry

CARD_TYPES: Mapping[str, type[Card]] = DEEP_DRIVE_CARD_TYPES
AnyDeepDriveCard = Batter | Pitcher | Ballpark


@dataclass
class DeepDriveSet:
    """A loaded Deep Drive set: its cards by kind and id, its files and its team entries."""

    info: SetInfo
    path: Path
    batters: dict[str, Batter] = field(default_factory=dict)
    pitchers: dict[str, Pitcher] = field(default_factory=dict)
    ballparks: dict[str, Ballpark] = field(default_factory=dict)
    files: dict[str, list[str]] = field(default_factory=dict)  # file -> card ids, in order
    team_entries: dict[str, TeamEntry] = field(default_factory=dict)
    team_files: dict[str, list[str]] = field(default_factory=dict)

    def group(self, kind: str) -> dict[str, Any]:
        groups: dict[str, dict[str, Any]] = {
            "batter": self.batters,
            "pitcher": self.pitchers,
            "ballpark": self.ballparks,
        }
        return groups[kind]

    def card(self, card_id: str) -> AnyDeepDriveCard:
        for group in (self.batters, self.pitchers, self.ballparks):
            if card_id in group:
                return group[card_id]
        raise KeyError(card_id)

    def all_cards(self) -> list[AnyDeepDriveCard]:
        return [*self.batters.values(), *self.pitchers.values(), *self.ballparks.values()]

    def batting_card_for(self, pitcher: Pitcher) -> Batter | None:
        """The batter card a pitcher bats with: one with his name, team and year that fields no
        position but P or DH (:func:`is_pitchers_own`), else the set's generic "Pitcher At Bat"
        card (DDB "How to Play")."""
        own = next((b for b in self.batters.values() if is_pitchers_own(b, pitcher)), None)
        return own or self.batters.get(GENERIC_PITCHER_BATTING)

    def find(self, text: str) -> list[AnyDeepDriveCard]:
        """The cards ``text`` names: the card with that id; else those whose name is ``text`` (any
        case); else those whose name contains it."""
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


def is_pitchers_own(batter: Batter, pitcher: Pitcher) -> bool:
    """``batter`` is ``pitcher``'s own batting card: the same name, team and year, and no fielding
    position but P or DH. A batter card of that name that plays the field is a two-way player's
    own card (a generated season's position player who also pitched): he is signed as a batter; so is
    one of a pitcher card marked ``two_way = true`` (a two-way DH, who fields nowhere)."""
    if pitcher.two_way:
        return False
    if (batter.name, batter.team, batter.year) != (pitcher.name, pitcher.team, pitcher.year):
        return False
    return all(f.position.value in ("P", "DH") for f in batter.positions)


def load_deep_drive_set(path: str | Path) -> DeepDriveSet:
    """Load and validate a whole Deep Drive set; raise CardSetError listing every problem."""
    root, info, problems = open_set(path)
    if info is not None and info.ruleset != "deep-drive":
        message = f"a {info.ruleset} set, not a Deep Drive one"
        raise CardSetError([Problem(str(root / SET_FILE), message, cell="ruleset")])
    cardset = DeepDriveSet(info or SetInfo(name="?", ruleset="deep-drive"), root)
    _, team_where = read_card_files(root, CARD_TYPES, cardset, problems)
    check_teams(cardset, team_where, problems)
    if problems:
        raise CardSetError(problems)
    return cardset
