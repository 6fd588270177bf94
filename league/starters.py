"""Who starts a league game on the mound: the rotation's turn, a skipped turn, a spot starter.

A league service: pure code on what the store has read (the team's rotation, roster and bullpen
roles, who cannot play today, its real usage); the ruleset's league policy (engine.policy) says
who may make a spot start and which role a card gives. No SQL here: the store reads and keeps.
"""

from __future__ import annotations

from collections.abc import Mapping

from cards.models import Pitcher
from cards.notation import Position
from engine.policy import LeaguePolicy
from league.cardpool import CardPool
from league.errors import LineupError, PlayerUnavailable
from league.models import BullpenRoleName, Replacement, RosterEntry, Rotation, Team
from league.usage import Pace, most_behind

# The bullpen's order in a game: long, middle, unassigned, setup, closer (the engine brings
# relievers in in order and keeps the last for the close game late).
BULLPEN_ORDER: dict[BullpenRoleName | None, int] = {"long": 0, "middle": 1, None: 2, "setup": 3, "closer": 4}


def next_starter(
    team: Team,
    rotation: Rotation,
    roster: Mapping[str, RosterEntry],
    roles: Mapping[str, BullpenRoleName | None],
    pool: CardPool,
    policy: LeaguePolicy,
    unavailable: Mapping[str, str],
    replacements: list[Replacement] | None = None,
    pace: Pace | None = None,
) -> Pitcher:
    """Whose turn it is in the rotation, passing over starters who are resting or hurt.

    With ``replacements`` (a list to note them in), a rotation with nobody ready gets a
    spot starter from the bullpen (:func:`spot_starter`) instead of refusing. With
    ``pace`` (the team's real usage), a starter ahead of his real pace is skipped for the
    ready pitcher most behind his (:mod:`league.usage`).
    """

    def spot() -> Pitcher | None:
        return spot_starter(rotation, roster, roles, pool, policy, unavailable)

    if not rotation.starters:
        if replacements is not None and (arm := spot()):
            text = f"{team.name} has no rotation; {arm.name} makes a spot start"
            replacements.append(Replacement(team.name, Position.P, None, arm.id, text))
            return arm
        raise LineupError(f"{team.name} has no rotation; set one before its games can start")
    turn = list(rotation.starters)
    first = turn.index(rotation.next_starter) if rotation.next_starter else 0
    reasons = []
    for card_id in turn[first:] + turn[:first]:
        if roster[card_id].status != "active":
            reasons.append(f"{pool.name(card_id)} is on the injured list")
        elif card_id in unavailable:
            reasons.append(f"{pool.name(card_id)} is {unavailable[card_id]}")
        elif pace is not None and replacements is not None and pace.ahead(card_id):
            staff = [*turn, *(e.card_id for e in roster.values() if e.kind == "pitcher" and e.card_id not in turn)]
            ready = [
                c for c in staff if c != card_id and roster[c].status == "active" and c not in unavailable
            ]  # the rotation first (the first of equals), then the rest of the staff
            other = most_behind(pace, ready)
            if other is None:
                return pool.pitcher(card_id)
            text = (
                f"{team.name}: {pool.name(card_id)} is skipped ({pace.line(card_id)}); "
                f"{pool.name(other)} starts ({pace.line(other)})"
            )
            replacements.append(Replacement(team.name, Position.P, card_id, other, text))
            return pool.pitcher(other)
        else:
            return pool.pitcher(card_id)
    if replacements is not None and (arm := spot()):
        text = f"{team.name} has no starter ready ({'; '.join(reasons)}); {arm.name} makes a spot start"
        replacements.append(Replacement(team.name, Position.P, turn[first], arm.id, text))
        return arm
    raise PlayerUnavailable(f"{team.name} has no starter ready: {'; '.join(reasons)}")


def spot_starter(
    rotation: Rotation,
    roster: Mapping[str, RosterEntry],
    roles: Mapping[str, BullpenRoleName | None],
    pool: CardPool,
    policy: LeaguePolicy,
    unavailable: Mapping[str, str],
) -> Pitcher | None:
    """Dugout's rule (the books leave rotations to the manager): with no starter ready, the
    healthy, rested reliever who may start (the ruleset's policy: an Inside Pitch START line, a Deep
    Drive STARTER or Usage box with rest games) starts, else the first of the bullpen in its order
    (long, middle, unassigned, setup, closer; a card's own role when the team gave none); None if
    nobody in the bullpen can."""
    busy = set(rotation.starters) | set(unavailable)
    arms = [
        pool.pitcher(e.card_id)
        for e in roster.values()
        if e.kind == "pitcher" and e.status == "active" and e.card_id not in busy
    ]
    if not arms:
        return None
    # the first of equals
    return min(arms, key=lambda p: (not policy.may_start(p), BULLPEN_ORDER[roles.get(p.id) or policy.card_role(p)]))


def bullpen(
    relievers: list[str], roles: Mapping[str, BullpenRoleName | None], pool: CardPool, policy: LeaguePolicy
) -> list[str]:
    """The relievers in the order the engine brings them in (:data:`BULLPEN_ORDER`); a card's own role
    (a Deep Drive CLOSER) counts unless the team gave him one."""
    return sorted(relievers, key=lambda c: BULLPEN_ORDER[roles.get(c) or policy.card_role(pool.pitcher(c))])
