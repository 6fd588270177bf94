"""Deep Drive's own words for its events and questions (reached as its ruleset's ``narration``): the
Endurance count, the DEF Chart with the Play-by-Play Chart's words, the Error Chart."""

from __future__ import annotations

from collections.abc import Sequence

from engine.deep_drive.charts.play_by_play import play_by_play
from engine.deep_drive.manager import RELIEF
from engine.deep_drive.substitutes import DOUBLE_SWITCH, FIELD, PINCH_HIT, PINCH_RUN
from engine.events import Event, PlateAppearanceStarted, Reading, Roll
from engine.rulesets import Narration
from engine.scene import said_counts

# DEF Chart results the Play-by-Play Chart pictures (DDB "Play-by-Play Chart").
PLAY_BY_PLAY_RESULTS = ("SI+", "SI", "ERR")
# The calls that begin a change, and the keys of the changes they list (``relief:<card>``, ``replace:<card>``).
CHANGES = frozenset((RELIEF, FIELD, PINCH_HIT, PINCH_RUN, DOUBLE_SWITCH))
SUBSTITUTIONS = ("relief:", "replace:")


def is_substitution(key: str) -> bool:
    """A pitching change or a substitution (front ends list these apart)."""
    return key in CHANGES or key.startswith(SUBSTITUTIONS)


def reading(event: Reading, owner: str, roll: Roll | None, before: Sequence[Event]) -> str:
    """A Deep Drive Endurance count, DEF Chart or Error Chart reading, with the Play-by-Play Chart's
    words for a DEF single or error (read with the DEF roll's mod die, and its white die for an error)."""
    if event.card == "endurance":
        if event.result.lstrip("-").isdigit():
            return f"{owner}'s Endurance: {event.result} ({said_counts(event.cell)})"
        return f"{owner} pitches fatigued ({said_counts(event.cell)}): {event.result}"
    if event.card == "Error Chart":
        return f"Error Chart ({owner}, {event.cell}): {event.result}"
    text = f"DEF Chart {event.cell} ({owner}): {event.result}"
    fielder = event.cell.partition(": ")[2].split(" ")[0]
    if roll is None:  # the DEF roll is its own line, just before the reading
        roll = next((e for e in reversed(before) if isinstance(e, Roll) and e.purpose == "DEF Chart"), None)
    if event.result not in PLAY_BY_PLAY_RESULTS or roll is None or len(roll.values) != 3 or not fielder:
        return text
    words = play_by_play_words(f"{event.result}({fielder})", roll.values[2], roll.values[1], before)
    return f"{text}. {words}" if words else text


def play_by_play_words(code: str, mod: int, white: int, before: Sequence[Event]) -> str | None:
    """DDB "Play-by-Play Chart" words for SI(pos), SI+(pos) or ERR(pos); None if the chart has no row."""
    started = next((e for e in reversed(before) if isinstance(e, PlateAppearanceStarted)), None)
    runners = [base for base, who in enumerate(started.bases, 1) if who] if started else []
    try:
        return play_by_play(code, mod, white, runners=runners, outs=started.outs if started else 0).words
    except ValueError:
        return None


NARRATION = Narration(
    readings={card: reading for card in ("endurance", "DEF Chart", "Error Chart")},
    error_type=lambda code: None,  # its Error Chart reads as printed
    is_substitution=is_substitution,
)
