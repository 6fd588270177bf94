"""Which settings a league has: its ruleset's game options (``Ruleset.options``) and its league rules.

``/league options`` (Discord) and ``dugout run --option`` (the terminal league) offer a league only
these: the fields of its ruleset's options model, the league rules every league has, and the league
rules its options model names as its own (``LEAGUE_RULES``: Deep Drive's post-game injuries and bench
usage). ``dh_leagues`` is the store's, shared by every model: each game's DH is its home park's league's.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache

from engine.rulesets import NAMES, UnknownRuleset, ruleset
from league.models import RULE_RANGES, LeagueRules, options_model

LEAGUE_RULES = [f.name for f in dataclasses.fields(LeagueRules)]
# A setting's whole number as typed, in Discord or at the terminal: ASCII digits only (str.isdigit()
# takes "²", which int() refuses), one optional sign. The setting's range is its model's to check.
WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def settings_of(name: str) -> list[str]:
    """The settings a league of the ruleset ``name`` has: its game options, then its league rules."""
    return list(_settings(name))


@cache
def _settings(name: str) -> tuple[str, ...]:
    model = options_model(name)  # a league naming no ruleset Dugout plays: the shared options
    # A league rule a ruleset names as its own is that ruleset's leagues' alone.
    theirs = {rule for other in NAMES if other != name for rule in ruleset(other).options.LEAGUE_RULES}
    rules = [rule for rule in LEAGUE_RULES if rule not in theirs or rule in model.LEAGUE_RULES]
    return (*model.names(), *rules)


def ruleset_title(name: str) -> str:
    """The game a league plays, for people ("Deep Drive"); a name Dugout does not play, as it is."""
    try:
        return ruleset(name).title
    except UnknownRuleset:
        return name


def game_options_of(name: str) -> list[str]:
    """The game options of the ruleset ``name`` (its options model's fields)."""
    return options_model(name).names()


def every_setting() -> list[str]:
    """Every ruleset's settings, each name once: the game options, then the league rules."""
    options = [option for name in NAMES for option in game_options_of(name)]
    return list(dict.fromkeys([*options, *LEAGUE_RULES]))


def owners_of(setting: str) -> list[str]:
    """The rulesets whose leagues have ``setting``."""
    return [name for name in NAMES if setting in settings_of(name)]


def not_of(name: str, names: list[str]) -> list[str]:
    """The names that are not settings of a league of ``name`` (another game's, or none at all)."""
    own = settings_of(name)
    return [n for n in names if n not in own]


def is_switch(rule: str) -> bool:
    """A league rule kept as a number that is on (1) or off (0) (``RULE_RANGES``)."""
    return RULE_RANGES.get(rule) == (0, 1)
