"""The auto-manager's lineup: nine men covering the field, in a sensible batting order.

Policy (Dugout's own; the books leave lineups to the manager): fill the
hardest positions first (C, SS, 2B, CF, 3B, RF, LF, 1B) with the best fielder
by range, then the DH with the best remaining hitter; bat them by a simple
hitting score (hits and ?-chances on the card plus walk rating), best hitters
at the top, the pitcher last.

Deep Drive cards (:mod:`cards.deep_drive.models`) have a score of their own
(:func:`deep_drive_score`) and are rated at a position by their defense 1-5; Inside
Pitch's score and range are read exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cards.deep_drive import models as dd
from cards.models import Batter, Pitcher
from cards.notation import Hit, Position, SplitHit
from engine.setup import AnyTeamSetup, LineupSpot, SetupError, TeamSetup

FILL_ORDER = (
    Position.C,
    Position.SHORT,
    Position.SECOND,
    Position.CENTER,
    Position.THIRD,
    Position.RIGHT,
    Position.LEFT,
    Position.FIRST,
)


def deep_drive_score(batter: Any) -> float:
    """Dugout's hitting score for a Deep Drive batter: his on-base numbers out of 50 (DD, SI+, SI,
    BB, HBP), with the DD numbers weighted by the extra bases his DEEP DRIVE section gives
    (home runs count three more, triples two, doubles one, out of 100)."""
    on_base = 0
    deep = 0
    for code, chance in batter.chances.items():
        if chance.numbers is None or code not in ("DD", "SI+", "SI", "BB", "HBP"):
            continue
        size = chance.numbers.high - chance.numbers.low + 1
        on_base += size
        if code == "DD":
            deep = size
    bases = 0.0
    for code, numbers in batter.deep_drive.items():
        weight = {"HR": 3, "TR": 2, "DO": 1}.get(code, -1)  # the deep fly out costs the base he did not reach
        bases += weight * (numbers.high - numbers.low + 1) / 100
    return on_base + deep * bases


def _defense(card: Any, position: Position) -> int:
    """A fielder's rating at a position: Inside Pitch's range, Deep Drive's defense."""
    line = card.fielding(position)
    return int(line.defense) if type(card) is dd.Batter else int(line.range)


def fielding_rating(card: Any, position: Position) -> int | None:
    """A batter's rating at a position his card lists (higher is better: Inside Pitch's range 1-6,
    Deep Drive's defense 1-5); None when it does not list it."""
    return _defense(card, position) if card.fielding(position) is not None else None


def hitting_score(batter: Batter) -> float:
    card: Any = batter  # a Deep Drive setup holds its own cards where the types name Inside Pitch's
    if type(card) is dd.Batter:
        return deep_drive_score(card)
    score = 0.0
    for row in batter.matrix:
        for cell in row:
            for reading in (cell.vs_left, cell.vs_right):
                # The readings are plain dataclasses: comparing types is quicker than isinstance,
                # and a game scores every bench player it might send up.
                if type(reading) is Hit:
                    score += 1.0 if reading.kind in "DTH" else 0.5  # extra bases count double; HitKind is a str
                elif type(reading) is SplitHit:
                    score += 0.25
    ratings = (batter.vs_lhp, batter.vs_rhp)
    return score + sum(r.w + r.hr / 2 - r.k / 2 for r in ratings) / 4


def best_fielder(candidates: Sequence[Batter], position: Position) -> Batter:
    """The candidate with the best range at ``position``, the better hitter on a tie (all must play it)."""
    return max(candidates, key=lambda b: (_defense(b, position), hitting_score(b)))


def _covers(batters: Sequence[Batter], positions: Sequence[Position], used: set[str]) -> bool:
    """Whether distinct men not in ``used`` can play every one of ``positions`` (a bipartite matching)."""
    owner: dict[str, Position] = {}  # batter id -> the position he takes

    def place(position: Position, seen: set[str]) -> bool:
        for b in batters:
            if b.id in used or b.id in seen or b.fielding(position) is None:
                continue
            seen.add(b.id)
            if b.id not in owner or place(owner[b.id], seen):
                owner[b.id] = position
                return True
        return False

    return all(place(position, set()) for position in positions)


def auto_team(
    name: str,
    batters: Sequence[Batter],
    starter: Pitcher,
    pitcher_batting: Batter | None,
    designated_hitter: bool = False,
    bullpen: Sequence[Pitcher] = (),
    own_batting: Mapping[str, Batter] | None = None,
) -> AnyTeamSetup:
    """``pitcher_batting`` is the generic pitchers' card; ``own_batting`` the pitchers' own ("##"), by id."""
    own = dict(own_batting or {})
    chosen: dict[Position, Batter] = {}
    used: set[str] = set()
    for i, position in enumerate(FILL_ORDER):
        candidates = [b for b in batters if b.id not in used and b.fielding(position) is not None]
        if not candidates:
            raise SetupError(f"{name}: nobody on the roster plays {position}")
        best = best_fielder(candidates, position)
        later = FILL_ORDER[i + 1 :]
        if not _covers(batters, later, used | {best.id}):
            # He is the only man for a position filled later: the best of those who leave it covered.
            keep = [b for b in candidates if _covers(batters, later, used | {b.id})]
            best = best_fielder(keep, position) if keep else best
        chosen[position] = best
        used.add(best.id)
    if designated_hitter:
        rest = [b for b in batters if b.id not in used and b.id != (pitcher_batting.id if pitcher_batting else "")]
        if not rest:
            raise SetupError(f"{name}: nobody left to be the designated hitter")
        chosen[Position.DH] = max(rest, key=hitting_score)
        used.add(chosen[Position.DH].id)
    order = sorted(chosen.items(), key=lambda item: -hitting_score(item[1]))
    lineup = [LineupSpot(batter, position) for position, batter in order]
    if not designated_hitter:
        card = own.get(starter.id) or pitcher_batting
        if card is None:
            raise SetupError(f"{name}: the pitcher bats and has no batting card")
        lineup.append(LineupSpot(card, Position.P))
    bench = tuple(b for b in batters if b.id not in used)
    return TeamSetup(name, tuple(lineup), starter, pitcher_batting, bench, tuple(bullpen), own)
