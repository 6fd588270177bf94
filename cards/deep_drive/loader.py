"""Deep Drive card sets on disk: a folder whose set.toml says ``ruleset = "deep-drive"``.

The layout is Inside Pitch's (:mod:`cards.loader`): card files of ``[[batter]]``, ``[[pitcher]]``,
``[[ballpark]]`` and ``[[team]]`` tables, read with the Deep Drive models
(:mod:`cards.deep_drive.models`). Loading is all or nothing, and every problem names its file,
its card and its field, as for Inside Pitch. Team entries are :mod:`cards.teams`'s, checked the
same way (lineups by hand, five starters, bullpen roles).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cards.deep_drive.models import Ballpark, Batter, Pitcher
from cards.loader import (
    DEFAULT_HANDBOOK,
    GENERIC_PITCHER_BATTING,
    OUTSIDE_HANDBOOK,
    SET_FILE,
    Cards,
    CardSetError,
    Problem,
    SetInfo,
    check_teams,
    handbook_file,
    open_set,
    read_card_files,
    read_toml,
)
from cards.models import Card

CARD_TYPES: Mapping[str, type[Card]] = {"batter": Batter, "pitcher": Pitcher, "ballpark": Ballpark}
AnyDeepDriveCard = Batter | Pitcher | Ballpark


@dataclass
class DeepDriveSet(Cards[Batter, Pitcher, Ballpark]):
    """A loaded Deep Drive set."""

    def batting_card_for(self, pitcher: Pitcher) -> Batter | None:
        """The batter card a pitcher bats with: one with his name, team and year that fields no
        position but P or DH (:func:`is_pitchers_own`), else the set's generic "Pitcher At Bat"
        card (DDB "How to Play")."""
        own = next((b for b in self.batters.values() if is_pitchers_own(b, pitcher)), None)
        return own or self.batters.get(GENERIC_PITCHER_BATTING)

    def is_pitchers_batting_card(self, batter: Batter) -> bool:
        """A pitcher's own batting card: his name, team and year, fielding nowhere but P or DH."""
        return any(is_pitchers_own(batter, p) for p in self.pitchers.values())


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
    handbook = None
    if info is not None and info.handbook not in ("", DEFAULT_HANDBOOK):
        handbook = handbook_file(root, info.handbook)
        if handbook is None:  # outside the set's folder: never read (nor its name echoed)
            problems.append(Problem(str(root / SET_FILE), OUTSIDE_HANDBOOK, cell="handbook"))
        else:
            # Read here so a bad file is named now, not met as a crash when a game starts (the engine checks
            # the charts themselves: cards may not import it).
            problems += read_toml(handbook, str(handbook))[1]
    _, team_where = read_card_files(root, CARD_TYPES, cardset, problems, handbook)
    check_teams(cardset, team_where, problems)
    if problems:
        raise CardSetError(problems)
    return cardset


# cards.families: this module loads the Deep Drive family's sets.
load = load_deep_drive_set
