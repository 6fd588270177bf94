"""Who the auto-manager brings in from the bullpen: the pitching changes (manager) and the pitcher
who bats in a pinch hitter's spot (substitutes) both ask it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.deep_drive.models import Pitcher
from engine.deep_drive import endurance

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDTeam


def lead(g: DDGame, team: DDTeam) -> int:
    """The team's runs less its opponent's."""
    other = g.state.away if team is g.state.home else g.state.home
    return team.runs - other.runs


def save_situation(g: DDGame, team: DDTeam) -> bool:
    ahead = lead(g, team)
    return 0 < ahead <= endurance.CLOSER_LEAD or 0 < ahead <= len(g.state.occupied()) + 2


def pick_reliever(g: DDGame, team: DDTeam) -> Pitcher | None:
    """The auto-manager's man: the closer for a save from the last inning on, else the freshest
    RELIEVER. A STARTER (a one-off game's bullpen holds the rest of the rotation) only when no
    reliever is left, then the closer: a starter's big Endurance would otherwise always win."""
    pen = team.available_relievers()
    if not pen:
        return None
    closers = [p for p in pen if p.usage.role == "CLOSER"]
    relievers = [p for p in pen if p.usage.role == "RELIEVER"]
    starters = [p for p in pen if p.usage.role == "STARTER"]
    late = g.state.inning >= g.setup.options.innings
    if closers and late and save_situation(g, team):
        return closers[0]
    pool = relievers or starters or closers
    # Ties go to the man listed first. By identity: pen.index compared cards with ==, field by field.
    rank = {id(p): -i for i, p in enumerate(pen)}
    return max(pool, key=lambda p: (p.endurance_as(False), rank[id(p)]))
