"""Small stored games: cards once per league, setups by reference, compressed logs and box scores.

A game's setup (``engine.setup.GameSetup.to_dict``) writes every card out in full: about
31 KB a game. The store keeps the league's cards once per version of its card sets, a
*snapshot* (:func:`card_snapshot`), and a game's setup with each card that is exactly the
snapshot's replaced by its id (:func:`pack_setup`); :func:`unpack_setup` puts them back. A
card that differs from the snapshot's (a setup made elsewhere) stays written out, so a
game always rebuilds to exactly the setup it was played with.

A final game's decision log and box score are stored as zlib-compressed JSON (:func:`pack`).
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Callable, Mapping
from typing import Any

from league.cardpool import CardPool

Cards = Mapping[str, Mapping[str, Mapping[str, Any]]]  # kind -> card id -> card dict
KINDS = ("batters", "pitchers", "ballparks")


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def card_snapshot(pool: CardPool) -> tuple[str, str]:
    """(digest, JSON) of every card of the pool as a setup writes it: batters, pitchers, ballparks.

    The first set's card wins where sets share an id (only the generic pitchers' batting card
    may be shared; a setup holding another set's is kept inline by :func:`pack_setup`).
    """
    cards: dict[str, dict[str, Any]] = {kind: {} for kind in KINDS}
    for cardset in pool.sets:
        for kind, found in (
            ("batters", cardset.batters),
            ("pitchers", cardset.pitchers),
            ("ballparks", cardset.ballparks),
        ):
            for card_id, card in found.items():
                cards[kind].setdefault(card_id, card.model_dump(mode="json", exclude_defaults=True))
    text = dumps(cards)
    return hashlib.sha256(text.encode()).hexdigest()[:32], text


def _map_team(team: Mapping[str, Any], card: Callable[[str, Any], Any]) -> dict[str, Any]:
    out = dict(team)
    out["lineup"] = [{**spot, "batter": card("batters", spot["batter"])} for spot in team["lineup"]]
    out["pitcher"] = card("pitchers", team["pitcher"])
    if team.get("pitcher_batting") is not None:
        out["pitcher_batting"] = card("batters", team["pitcher_batting"])
    out["bench"] = [card("batters", b) for b in team.get("bench", ())]
    out["bullpen"] = [card("pitchers", p) for p in team.get("bullpen", ())]
    if "own_batting" in team:
        out["own_batting"] = {pid: card("batters", c) for pid, c in team["own_batting"].items()}
    return out


def _map_setup(setup: Mapping[str, Any], card: Callable[[str, Any], Any]) -> dict[str, Any]:
    out = dict(setup)
    out["away"] = _map_team(setup["away"], card)
    out["home"] = _map_team(setup["home"], card)
    out["ballpark"] = card("ballparks", setup["ballpark"])
    return out


def pack_setup(setup: Mapping[str, Any], cards: Cards) -> dict[str, Any]:
    """The setup with every card the snapshot holds exactly as written replaced by its id."""

    def card(kind: str, data: Any) -> Any:
        if isinstance(data, Mapping) and cards[kind].get(str(data.get("id"))) == data:
            return data["id"]
        return data

    return _map_setup(setup, card)


def unpack_setup(setup: Mapping[str, Any], cards: Cards) -> dict[str, Any]:
    """The full setup (``GameSetup.to_dict``) from a packed one; inline cards are kept as they are.

    The card dicts are the snapshot's own (shared, not copied): read them, do not change them.
    """

    def card(kind: str, data: Any) -> Any:
        if isinstance(data, str):
            found = cards[kind].get(data)
            if found is None:
                raise KeyError(f"card {data!r} is not in the game's card snapshot")
            return found
        return data

    return _map_setup(setup, card)


def pack(value: Any) -> bytes:
    """JSON, compressed."""
    return zlib.compress(dumps(value).encode(), 6)


def unpack(data: bytes) -> Any:
    return json.loads(zlib.decompress(data))
