"""Batting orders, the rotation and bullpen roles as /lineup, /rotation and ``dugout lineup`` and
``dugout rotation`` read and write them: the same parsing, lines and refusals in both front ends."""

from __future__ import annotations

from collections.abc import Sequence

from bot.words.errors import UserError
from bot.words.lookup import find_card
from cards.notation import Position
from league.cardpool import CardPool
from league.errors import LineupError
from league.lineups import SPOTS, parse_position
from league.models import League, Team
from league.store import Store

HANDS = {"L": "left-handed starters", "R": "right-handed starters"}
NO_ROLE = "none"
LINEUP_FORMAT = (
    f"Write the batting order as {SPOTS} spots separated by commas, each a player and his position, "
    "e.g. `Rudy Kasprzak 1B, Cal Brandeis 3B, …, P`: `P` alone is the pitcher's spot "
    "(with the designated hitter, name a DH instead). Card ids work as well as names."
)


def hands(vs: str) -> list[str]:
    return list(HANDS) if vs == "both" else [vs]


def parse_lineup(text: str, pool: CardPool, batters: Sequence[str], team: Team) -> list[tuple[str | None, str]]:
    """A typed batting order as (card id or None for the pitcher's spot, position), with the format on a mistake."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != SPOTS or not all(parts):
        given = len([p for p in parts if p])
        raise UserError(f"A lineup has {SPOTS} spots; that one has {given}. {LINEUP_FORMAT}")
    spots: list[tuple[str | None, str]] = []
    for number, part in enumerate(parts, start=1):
        *who, written = part.split()
        try:
            position = parse_position(written)
        except LineupError as exc:
            raise UserError(f"Spot {number} ({part!r}) does not end with a position: {exc}. {LINEUP_FORMAT}") from exc
        if position is Position.P:
            if who:
                raise UserError(f"Spot {number}: the pitcher's spot is `P` alone (whoever starts bats there).")
            spots.append((None, position.value))
            continue
        if not who:
            raise UserError(f"Spot {number} ({part!r}) names no player. {LINEUP_FORMAT}")
        where = f"among the {team.name} batters (spot {number})"
        spots.append((find_card(pool, " ".join(who), batters, where), position.value))
    return spots


def lineup_lines(
    spots: Sequence[tuple[str | None, Position]], pool: CardPool, unavailable: dict[str, str]
) -> list[str]:
    lines = []
    for number, (card_id, position) in enumerate(spots, start=1):
        if card_id is None:
            lines.append(f"{number}. the pitcher, P")
            continue
        note = unavailable.get(card_id)
        lines.append(f"{number}. {pool.name(card_id)}, {position.value}" + (f" · *{note}*" if note else ""))
    return lines


async def staff_lines(store: Store, league: League, team: Team) -> tuple[list[str], list[str]]:
    """The rotation (who starts next marked) and the bullpen with its roles, in the order the engine calls
    on it: long, middle, no role, setup, closer."""
    pool = await store.card_pool(league.id)
    unavailable = await store.unavailable(league.id)
    rotation = await store.rotation(team.id)
    roles = {r.card_id: r.role for r in await store.bullpen_roles(team.id)}

    def note(card_id: str) -> str:
        reason = unavailable.get(card_id)
        return f" · *{reason}*" if reason else ""

    starters = [
        f"{n}. {pool.name(c)}{' ← next' if c == rotation.next_starter else ''}{note(c)}"
        for n, c in enumerate(rotation.starters, start=1)
    ]
    order = {"long": 0, "middle": 1, None: 2, "setup": 3, "closer": 4}
    pitchers = [e for e in await store.roster(team.id) if e.kind == "pitcher" and e.status == "active"]
    relievers = sorted(
        (e.card_id for e in pitchers if e.card_id not in rotation.starters), key=lambda c: order[roles.get(c)]
    )
    return starters, [f"{pool.name(c)}: {roles.get(c) or 'no role'}{note(c)}" for c in relievers]


def role_said(name: str, role: str, team: Team) -> str:
    said = "has no bullpen role now" if role == NO_ROLE else f"is the {role} man" if role != "closer" else "closes"
    return f"{name} {said} for {team.name}."
