"""The auto-manager's lineup: nine men covering the field, in a sensible batting order.

Policy (Dugout's own; the books leave lineups to the manager): fill the
hardest positions first (C, SS, 2B, CF, 3B, RF, LF, 1B) with the best fielder
by range, then the DH with the best remaining hitter; bat them by a simple
hitting score (hits and ?-chances on the card plus walk rating), best hitters
at the top, the pitcher last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cards.models import Batter, Pitcher
from cards.notation import Hit, Position, SplitHit
from engine.setup import LineupSpot, SetupError, TeamSetup

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


def hitting_score(batter: Batter) -> float:
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
    return max(candidates, key=lambda b: (b.fielding(position).range, hitting_score(b)))  # type: ignore[union-attr]


def auto_team(
    name: str,
    batters: Sequence[Batter],
    starter: Pitcher,
    pitcher_batting: Batter | None,
    designated_hitter: bool = False,
    bullpen: Sequence[Pitcher] = (),
    own_batting: Mapping[str, Batter] | None = None,
) -> TeamSetup:
    """``pitcher_batting`` is the generic pitchers' card; ``own_batting`` the pitchers' own ("##"), by id."""
    own = dict(own_batting or {})
    chosen: dict[Position, Batter] = {}
    used: set[str] = set()
    for position in FILL_ORDER:
        candidates = [b for b in batters if b.id not in used and b.fielding(position) is not None]
        if not candidates:
            raise SetupError(f"{name}: nobody on the roster plays {position}")
        best = best_fielder(candidates, position)
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
