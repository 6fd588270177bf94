"""A team made, changed or removed, as /team create, edit and remove and ``dugout team create``, ``edit`` and
``remove`` do it: the same lookups, the same changes, all or none, the same words."""

from __future__ import annotations

from bot.words.errors import UserError
from bot.words.lookup import find_ballpark
from league.models import League, Team
from league.store import Store

NO_DIVISION = "none"  # what an edit takes to take a team out of its division (or its league)


async def create_team(
    store: Store,
    league: League,
    name: str,
    abbreviation: str,
    *,
    ballpark: str | None,
    division: str | None,
    manager_id: int | None = None,
    next_step: str,
) -> tuple[Team, str]:
    """The new team and what to do next (``next_step``: the front end's command that signs players)."""
    park = find_ballpark(await store.card_pool(league.id), ballpark) if ballpark else None
    team = await store.create_team(
        league.id, name, abbreviation, ballpark=park, manager_id=manager_id, division=division
    )
    return team, f"**{team.name}** ({team.abbreviation}) joins {league.name}. Next: `{next_step}` its players."


async def edit_team(
    store: Store,
    league: League,
    team: Team,
    *,
    name: str | None,
    abbreviation: str | None,
    ballpark: str | None,
    division: str | None,
    subleague: str | None,
) -> tuple[Team, str]:
    """The team renamed, moved to another ballpark, division or league (NO_DIVISION: out of it)."""
    if all(v is None for v in (name, abbreviation, ballpark, division, subleague)):
        raise UserError("Say what to change: a name, an abbreviation, a ballpark, a division or a league.")
    park = find_ballpark(await store.card_pool(league.id), ballpark) if ballpark else None
    async with store.transaction():  # all the changes or none
        if name is not None or abbreviation is not None:
            team = await store.rename_team(team.id, name or team.name, abbreviation)
        if park is not None:
            team = await store.set_ballpark(team.id, park)
        if division is not None:
            team = await store.set_division(team.id, None if division.lower() == NO_DIVISION else division)
        if subleague is not None:
            team = await store.set_subleague(team.id, None if subleague.lower() == NO_DIVISION else subleague)
    return team, f"{team.name} is updated."


async def remove_team(store: Store, league: League, team: Team) -> str:
    """A team without games taken out of the league; its players go back to the free agents."""
    players = len(await store.roster(team.id))
    await store.remove_team(team.id)
    freed = f"its {players} players are free agents again" if players else "it had no players"
    return f"{team.name} ({team.abbreviation}) leaves {league.name}; {freed}."
