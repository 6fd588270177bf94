"""Players and ballparks named in a command: by card id (what autocomplete sends) or by name.

A card id of the league's sets is taken as it is, so that the store can say what is
wrong with it ("already on the Mesa Valley roster"); a name must match exactly one of
the cards the command is about (a team's roster, the free agents …), whole or in part.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.words.errors import UserError
from league.cardpool import CardPool
from league.errors import CardError


def is_card(pool: CardPool, text: str) -> bool:
    try:
        pool.card(text)
    except CardError:
        return False
    return True


def find_card(pool: CardPool, text: str, among: Iterable[str], where: str) -> str:
    """The card ``text`` names: a card id, else the one card of ``among`` whose name matches.

    ``where`` finishes the refusals' sentences, e.g. "on the Harbor City roster".
    """
    wanted = " ".join(text.split())
    if not wanted:
        raise UserError(f"Name a player {where}.")
    if is_card(pool, wanted):
        return wanted
    ids = list(dict.fromkeys(among))
    lowered = wanted.lower()
    found = [c for c in ids if pool.name(c).lower() == lowered] or [c for c in ids if lowered in pool.name(c).lower()]
    if len(found) == 1:
        return found[0]
    if not found:
        raise UserError(f"No player {where} matches {wanted!r}; pick one from the list or give his card id.")
    shown = ", ".join(f"{pool.name(c)} (`{c}`)" for c in found[:5])
    raise UserError(f"{wanted!r} could be {shown}; give the card id to say which.")


def find_cards(pool: CardPool, text: str, among: Iterable[str], where: str) -> list[str]:
    """Comma-separated players (ids or names) in the order given; an empty text is nobody."""
    ids = list(among)
    return [find_card(pool, part, ids, where) for part in text.split(",") if part.strip()]


def find_ballpark(pool: CardPool, text: str) -> str:
    """A ballpark card of the league's sets, by id or by (part of) its name or team."""
    parks = [p for s in pool.sets for p in s.ballparks.values()]
    wanted = " ".join(text.split()).lower()
    found = [p for p in parks if wanted == p.id] or [
        p for p in parks if wanted and (wanted in p.name.lower() or wanted == p.team.lower())
    ]
    if len(found) != 1:
        names = ", ".join(f"{p.name} (`{p.id}`)" for p in parks) or "none"
        raise UserError(f"No single ballpark matches {text!r}; the league's ballparks are: {names}.")
    return found[0].id
