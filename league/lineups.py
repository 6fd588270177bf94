"""Lineup legality: what a saved lineup must be before a game can use it.

Baseball's rules as the engine plays them (engine.setup.TeamSetup.validate): nine spots,
every fielding position once, and either the pitcher's spot or a designated hitter as the
league's option says. On top of those the league's: everyone in it is on the team's active
roster, is a batter's card, and is neither injured nor resting. A player may play a
position his card does not list (the engine rates him out of position).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from cards.notation import Position
from league.errors import LineupError, PlayerUnavailable
from league.models import Hand, RosterEntry, SavedSpot

SPOTS = 9


def parse_hand(hand: str) -> Hand:
    text = hand.strip().upper()[:1]
    if text == "L":
        return "L"
    if text == "R":
        return "R"
    raise LineupError(f"a lineup is against left-handed (L) or right-handed (R) starters, not {hand!r}")


def parse_position(position: str | Position) -> Position:
    try:
        return Position(str(position).strip().upper())
    except ValueError:
        names = " ".join(p.value for p in Position)
        raise LineupError(f"{position!r} is not a position; the positions are {names}") from None


def parse_spots(spots: Iterable[tuple[str | None, str | Position]]) -> tuple[SavedSpot, ...]:
    """Spots as (card id or None for the pitcher's spot, position), in batting order."""
    return tuple(SavedSpot(card_id or None, parse_position(position)) for card_id, position in spots)


def check_lineup(
    team_name: str,
    spots: tuple[SavedSpot, ...],
    *,
    designated_hitter: bool,
    roster: Mapping[str, RosterEntry],
    unavailable: Mapping[str, str],
    name: Callable[[str], str],
) -> None:
    """Raise LineupError (PlayerUnavailable for the hurt and the resting) saying what to change."""
    if len(spots) != SPOTS:
        raise LineupError(f"{team_name}: a lineup has {SPOTS} spots; this one has {len(spots)}")
    positions = [s.position for s in spots]
    for position in positions:
        if positions.count(position) > 1:
            raise LineupError(f"{team_name}: {position} is in the lineup twice; each position once")
    if designated_hitter and Position.P in positions:
        raise LineupError(f"{team_name}: the league plays with the designated hitter, so the pitcher does not bat")
    if not designated_hitter and Position.DH in positions:
        raise LineupError(f"{team_name}: the league plays without the designated hitter; the pitcher bats (P)")
    # Nine different positions, with P or DH as the league says: every wanted position is filled.
    for spot in spots:
        if spot.position is Position.P and spot.card_id is not None:
            raise LineupError(
                f"{team_name}: the pitcher's spot (P) takes no player: whoever starts bats there, "
                f"so leave it empty instead of naming {name(spot.card_id)}"
            )
    ids = [s.card_id for s in spots if s.card_id is not None]
    for card_id in ids:
        if ids.count(card_id) > 1:
            raise LineupError(f"{team_name}: {name(card_id)} is in the lineup twice")
    for card_id in ids:
        entry = roster.get(card_id)
        if entry is None:
            raise LineupError(f"{team_name}: {name(card_id)} is not on the roster; sign him first")
        if entry.kind != "batter":
            raise LineupError(f"{team_name}: {name(card_id)} is a pitcher; put a batter in the lineup")
        if entry.status != "active":
            raise PlayerUnavailable(f"{team_name}: {name(card_id)} is on the injured list; activate him first")
        if card_id in unavailable:
            raise PlayerUnavailable(f"{team_name}: {name(card_id)} is {unavailable[card_id]}; pick someone else")
