"""Inside Pitch's own words for its events and questions (reached as its ruleset's ``narration``)."""

from __future__ import annotations

from engine.inside_pitch.manager import is_substitution
from engine.inside_pitch.tables import load_table
from engine.rulesets import Narration


def error_type(code: str) -> str | None:
    """An error chart's type ("#5") by its name in the chart's own table; None for a code it does not name."""
    name = load_table("errors_e").get("types", {}).get(code, {}).get("name")
    return str(name) if name else None


# Its readings are all told as charts and cards are (bot.words.narrate); none in words of their own.
NARRATION = Narration(readings={}, error_type=error_type, is_substitution=is_substitution)
