"""The auto-drafter: whom a team takes when its queue or the draft's clock picks for it (docs/player-value.md).

The first player of the team's queue still available; else the best value (league.value) while
making sure that by the end of the draft the team has a playable roster, :data:`NEEDS`:

- a player for each fielding position, C 1B 2B 3B SS LF CF RF (a card that lists it; each man
  fills one), and :data:`BATTERS` batters in all (the designated hitter and a bench);
- :data:`STARTERS` starting pitchers (by the card's role) and :data:`PITCHERS` pitchers in all.

A player who fills something the team still lacks counts :data:`NEED_BONUS` runs more; and when the
team has no more picks left than things it lacks (``picks_left``), only such a player is taken. The
league's lineups and rotations are then made from the roster as for any team (engine.lineup,
league.starters).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from league.value import FIELD, PlayerValue, Values

BATTERS = 10  # eight fielders, a designated hitter and one on the bench
STARTERS = 5
PITCHERS = 10  # five starters and five more for the bullpen
NEED_BONUS = 8.0  # runs: what filling a lack is worth over a slightly better player who fills none
_FIELDERS = frozenset(FIELD)
NEEDS = (*FIELD, f"{BATTERS} batters", f"{STARTERS} starters", f"{PITCHERS} pitchers")  # for the docs


def _positions_filled(batters: list[PlayerValue]) -> int:
    """How many of the eight fielding positions distinct men can cover (a bipartite matching)."""
    owner: dict[str, int] = {}

    def place(i: int, seen: set[str]) -> bool:
        for position in batters[i].positions:
            if position in seen:
                continue
            seen.add(position)
            if position not in owner or place(owner[position], seen):
                owner[position] = i
                return True
        return False

    for i in range(len(batters)):
        place(i, set())
    return len(owner)


def lacks(players: Iterable[PlayerValue]) -> int:
    """How many picks a team with these players still needs to meet :data:`NEEDS` (0: a playable roster)."""
    mine = list(players)
    return _lacks([p for p in mine if p.kind == "batter"], [p for p in mine if p.kind == "pitcher"])


def _lacks(batters: list[PlayerValue], pitchers: list[PlayerValue]) -> int:
    open_positions = len(_FIELDERS) - _positions_filled(batters)
    more_batters = max(0, BATTERS - len(batters) - open_positions)
    starters = max(0, STARTERS - sum(p.role == "starter" for p in pitchers))
    more_pitchers = max(0, PITCHERS - len(pitchers) - starters)
    return open_positions + more_batters + starters + more_pitchers


def choose_pick(
    values: Mapping[str, PlayerValue],
    roster: Iterable[str],
    available: Collection[str],
    queue: Iterable[str] = (),
    picks_left: int | None = None,
) -> str:
    """The card id the team takes: ``roster`` its players so far, ``available`` the pool's players nobody
    has taken, ``queue`` its manager's list in order, ``picks_left`` its picks still to make counting this
    one (None: fill what it lacks first). Only players of ``values`` are chosen (a queued one is taken as
    it is); raises ValueError when none is available."""
    free: Collection[str] = available if isinstance(available, (set, frozenset)) else set(available)
    for card_id in queue:
        if card_id in free:
            return card_id
    mine = [values[c] for c in roster if c in values]
    batters = [p for p in mine if p.kind == "batter"]
    pitchers = [p for p in mine if p.kind == "pitcher"]
    lack = _lacks(batters, pitchers)
    forced = lack > 0 and (picks_left is None or lack >= picks_left)
    ranked = values.ranked if isinstance(values, Values) else sorted(values, key=lambda c: (-values[c].runs, c))
    best: str | None = None  # the best of all, in value order
    for card_id in ranked:
        if card_id not in free:
            continue
        player = values[card_id]
        if best is None:
            best = card_id
            if lack == 0:
                return best
        if not forced and player.runs + NEED_BONUS < values[best].runs:
            return best  # nobody further down can fill a lack and beat the best
        more = [player]
        if (_lacks(batters + more, pitchers) if player.kind == "batter" else _lacks(batters, pitchers + more)) < lack:
            return card_id
    if best is None:
        raise ValueError("nobody is left to draft")
    return best


def best_rotation(values: Mapping[str, PlayerValue], roster: Iterable[str], size: int = STARTERS) -> list[str]:
    """A drafted team's rotation: its ``size`` most valuable starters by card, then (if it has too few) its
    most valuable other pitchers; in value order, the best first (for ``Store.set_rotation``)."""
    arms = [values[c] for c in roster if c in values and values[c].kind == "pitcher"]
    arms.sort(key=lambda p: (p.role != "starter", -p.runs, p.card_id))
    return [p.card_id for p in arms[:size]]
