"""Roster moves as /roster and ``dugout roster`` make them: the players looked up by name or card id, the
store's move, and the sentence that says what happened (or the one refusal), the same in both front ends.

Who may do it is the front end's question (a Discord member's rights; at the terminal the commissioner)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.words.errors import UserError
from bot.words.lookup import find_card, find_cards
from cards.text import roster_line
from league.cardpool import CardPool
from league.models import League, RosterEntry, Team, Trade
from league.store import Store

if TYPE_CHECKING:
    from cards.models import Batter, Pitcher


def player_line(pool: CardPool, entry: RosterEntry, unavailable: dict[str, str]) -> str:
    """One player: what he plays, and why he cannot play today if he cannot."""
    card = pool.card(entry.card_id)
    what = roster_line(card)
    note = unavailable.get(entry.card_id)
    return f"{card.name}: {what}" + (f" · *{note}*" if note else "")


def names(pool: CardPool, card_ids: Sequence[str]) -> str:
    return ", ".join(pool.name(c) for c in card_ids) or "nobody"


def trade_line(trade: Trade, teams: dict[int, Team], pool: CardPool) -> str:
    offering, receiving = teams[trade.offering_team_id], teams[trade.receiving_team_id]
    return (
        f"#{trade.id}: {offering.abbreviation} gives {names(pool, trade.offered)} "
        f"to {receiving.abbreviation} for {names(pool, trade.requested)}"
    )


async def unsigned_players(store: Store, league_id: int) -> list[Batter | Pitcher]:
    """Players' cards of the league's sets that no team has signed.

    A pitcher's own batting card is left out: it comes with the pitcher and is never signed alone.
    """
    pool = await store.card_pool(league_id)
    signed = set()
    for team in await store.teams(league_id):
        signed |= {e.card_id for e in await store.roster(team.id)}
    sets: list[Any] = list(pool.sets)  # either game's cards: the lists read only ids and names
    cards: list[Batter | Pitcher] = [
        b for s in sets for b in s.batters.values() if not pool.is_pitchers_batting_card(b)
    ]
    cards += [p for s in sets for p in s.pitchers.values()]
    return [c for c in cards if c.id not in signed]


async def roster_ids(store: Store, team: Team) -> list[str]:
    return [e.card_id for e in await store.roster(team.id)]


async def roster_sections(store: Store, league: League, team: Team) -> tuple[str, list[tuple[str, list[str]]]]:
    """/roster show: the count line, then (heading, player lines) for batters, pitchers and the injured list
    (an empty list: nobody)."""
    pool = await store.card_pool(league.id)
    roster = await store.roster(team.id)
    unavailable = await store.unavailable(league.id)
    active = [e for e in roster if e.status == "active"]
    injured = [e for e in roster if e.status != "active"]
    counts = f"{len(active)} active of {league.rules.roster_limit}; {len(injured)} on the injured list"
    batters = [player_line(pool, e, unavailable) for e in active if e.kind == "batter"]
    pitchers = [player_line(pool, e, unavailable) for e in active if e.kind == "pitcher"]
    sections = [(f"Batters ({len(batters)})", batters), (f"Pitchers ({len(pitchers)})", pitchers)]
    if injured:
        sections.append((f"Injured list ({len(injured)})", [player_line(pool, e, unavailable) for e in injured]))
    return counts, sections


async def sign(store: Store, league: League, team: Team, player: str, by: int | None) -> str:
    pool = await store.card_pool(league.id)
    free_agents = [c.id for c in await unsigned_players(store, league.id)]
    card_id = find_card(pool, player, free_agents, "among the free agents")
    await store.sign(team.id, card_id, by=by)
    return f"{team.name} signs **{pool.name(card_id)}**."


async def release(store: Store, league: League, team: Team, player: str, by: int | None) -> str:
    pool = await store.card_pool(league.id)
    card_id = find_card(pool, player, await roster_ids(store, team), f"on the {team.name} roster")
    await store.release(team.id, card_id, by=by)
    return f"{team.name} releases **{pool.name(card_id)}**; he is a free agent again."


async def injured_list(store: Store, league: League, team: Team, player: str, activate: bool, by: int | None) -> str:
    """The injured list: a player placed on it, or activated from it."""
    pool = await store.card_pool(league.id)
    card_id = find_card(pool, player, await roster_ids(store, team), f"on the {team.name} roster")
    if activate:
        await store.activate(team.id, card_id, by=by)
        return f"{team.name} activates **{pool.name(card_id)}** from the injured list."
    await store.place_on_injured_list(team.id, card_id, by=by)
    return f"{team.name} places **{pool.name(card_id)}** on the injured list; his roster spot is free."


async def trade_cards(
    store: Store, pool: CardPool, offering: Team, receiving: Team, give: str, receive: str
) -> tuple[list[str], list[str]]:
    """The players each side of a proposed trade gives, by name or card id, comma-separated."""
    offered = find_cards(pool, give, await roster_ids(store, offering), f"on the {offering.name} roster")
    requested = find_cards(pool, receive, await roster_ids(store, receiving), f"on the {receiving.name} roster")
    if not offered and not requested:
        raise UserError("Name the players in the trade: `give` (yours) and/or `receive` (theirs), comma-separated.")
    return offered, requested


def trade_done(trade: Trade, teams: dict[int, Team], pool: CardPool) -> str:
    offering, receiving = teams[trade.offering_team_id], teams[trade.receiving_team_id]
    return (
        f"Trade #{trade.id} is done: {names(pool, trade.offered)} to {receiving.name}, "
        f"{names(pool, trade.requested)} to {offering.name}."
    )


def trade_refused(trade: Trade, teams: dict[int, Team]) -> str:
    offering, receiving = teams[trade.offering_team_id], teams[trade.receiving_team_id]
    word = "withdrawn" if trade.status == "withdrawn" else "turned down"
    return f"Trade #{trade.id} ({offering.name} to {receiving.name}) is {word}."
