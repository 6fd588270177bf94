"""Which settings a league of each game has: the game options its engine reads and its league rules.

``/league options`` (Discord) and ``dugout run --option`` (the terminal league) offer a league only
these: Deep Drive reads the ``dd_`` options and the four both games play (engine.deep_drive reads no
other option; ``dh_leagues`` is the store's: each game's DH is its home park's league's); Inside
Pitch reads the rest. Two league rules act on Deep Drive leagues only (``LeagueRules``).
"""

from __future__ import annotations

import dataclasses
import re

from engine.rulesets import DEEP_DRIVE, INSIDE_PITCH
from engine.setup import Options
from league.models import LeagueRules

GAME_OPTIONS = {f.name: f.type for f in dataclasses.fields(Options)}
LEAGUE_RULES = {f.name: f.type for f in dataclasses.fields(LeagueRules)}
SETTINGS = {**GAME_OPTIONS, **LEAGUE_RULES}
SHARED_OPTIONS = frozenset(("designated_hitter", "dh_leagues", "innings", "extra_inning_runner"))
DEEP_DRIVE_RULES = frozenset(("post_game_injuries", "bench_usage"))
# A setting's whole number as typed, in Discord or at the terminal: ASCII digits only (str.isdigit()
# takes "²", which int() refuses), one optional sign. The setting's range is its model's to check.
WHOLE_NUMBER = re.compile(r"-?[0-9]+")
# The games by name, for messages.
TITLES = {INSIDE_PITCH: "Inside Pitch", DEEP_DRIVE: "Deep Drive"}


def settings_of(ruleset: str) -> list[str]:
    """The settings a league of ``ruleset`` has: the game options its engine reads, its rules."""
    if ruleset == DEEP_DRIVE:
        return [n for n in SETTINGS if n in SHARED_OPTIONS or n.startswith("dd_") or n in LEAGUE_RULES]
    return [n for n in SETTINGS if not n.startswith("dd_") and n not in DEEP_DRIVE_RULES]


def not_of(ruleset: str, names: list[str]) -> list[str]:
    """The names that are not settings of a league of ``ruleset`` (the other game's, or none at all)."""
    own = settings_of(ruleset)
    return [name for name in names if name not in own]
