"""The playoff format a commissioner chooses, with /playoffs format or ``dugout playoffs format``: a preset,
or his own rounds; the same refusals in both front ends."""

from __future__ import annotations

from bot.words.errors import UserError
from league.playoffs import PlayoffFormat, custom, preset


def choose_format(
    preset_name: str | None, teams: int | None, rounds: str | None, byes: int = 0, reseed: bool = False
) -> PlayoffFormat | None:
    """The format asked for; None when nothing was asked (then the front end shows the current one)."""
    if preset_name is None and teams is None and rounds is None:
        return None
    if preset_name is not None:
        if teams is not None or rounds is not None:
            raise UserError("Choose a preset or give teams and rounds, not both.")
        return preset(preset_name)
    if teams is None or rounds is None:
        raise UserError("Your own format needs both teams (per league) and rounds (e.g. 5,7).")
    return custom(teams, rounds, byes=byes, reseed=reseed)
