"""The injury chart (IP2021 "Injuries"; IP2007 §14), called by the rare plays that hurt someone.

1d6 in the column of the player's INJ rating (``tables/injury.toml``). A "reroll N"
cell rolls again in column N. The result is recorded as an :class:`Injury` event.
Taking the player out of the game (a substitution) and keeping his days out of the
lineup are left to the substitution rules and the league; this module only records
what the chart says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.events import Injury
from engine.events import Reading as ReadingEvent
from engine.inside_pitch.tables import load_table

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame

REROLL = "reroll "
# Chart columns are INJ ratings 0-7; a reroll that chains past 7 cannot happen (column 7 has none).
MAX_ROLLS = 8


def _days_dice(g: IPGame, dice: str, name: str) -> int:
    purpose = f"days out ({name})"
    rollers: dict[str, Callable[[], int]] = {
        "1d6": lambda: g.d6(purpose),
        "2d6": lambda: sum(g.two_d6(purpose)),
        "1d20": lambda: g.d20(purpose),
    }
    return rollers[dice]()


def roll_injury(g: IPGame, player_name: str, player_id: str, rating: int) -> Injury:
    """Roll on the injury chart for a player with INJ ``rating``; emits and returns the :class:`Injury`.

    "game" keeps him out of the rest of this game with no further days; "game+1d6"
    and the like add the dice's days; "15-day" and "60-day" are those many days.
    """
    chart = load_table("injury")
    column = rating
    for _ in range(MAX_ROLLS):
        roll = g.d6(f"injury chart ({player_name}, INJ {column})")
        result = str(chart["columns"][str(column)][roll - 1])
        g.emit(ReadingEvent("injury chart", player_name, f"INJ {column}, {roll}", result))
        if not result.startswith(REROLL):
            break
        column = int(result.removeprefix(REROLL))
    else:
        raise ValueError("the injury chart rerolls without end")
    spec = chart["results"][result]
    days = int(spec["days"]) if "days" in spec else _days_dice(g, spec["dice"], player_name)
    injury = Injury(player_id, player_name, rating, result, days)
    g.emit(injury)
    if result != "none":
        g.state.injured.append(player_id)  # IP2021 "Injuries": he leaves; manager.forced_moves replaces him
    return injury
