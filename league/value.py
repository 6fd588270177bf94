"""A player's value, in runs above replacement over a season, from his card alone (docs/player-value.md).

The ruleset reads the cards (its league policy's ``pool_odds``: each card's exact odds of a single,
double ... out against the pool's average opponent); this module turns odds into runs the same way
for every ruleset:

- **Runs per plate appearance** by linear weights (:data:`LINEAR_WEIGHTS`), less the pool's average:
  a batter's above the average batter's, a pitcher's below the average pitcher's (runs he saves).
- **Playing time**: a batter's plate appearances, a pitcher's innings, over a 162-game season: a
  regular's (:data:`REGULAR_PA`; :data:`STARTER_INNINGS` or :data:`RELIEVER_INNINGS` by his card's
  role), or less when the card's real season says he played less (his at bats, his innings).
- **Replacement**: :data:`REPLACEMENT` runs per plate appearance (or batter faced) below average,
  what a team gets from the players nobody drafted; so a batter and a pitcher compare on one scale.
- **Position**: :data:`POSITION_RUNS` for the most valuable position his card lists (scarce
  positions more), and his fielding: :data:`FIELDING_RUNS` a rating point above the pool's average
  rating at that position; both in proportion to his playing time.

The table is computed once per card pool (:func:`player_values`) and is the auto-drafter's order
(league.autodraft).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from cards.loader import GENERIC_PITCHER_BATTING
from cards.models import is_composite
from cards.notation import Position
from engine.lineup import fielding_rating
from engine.policy import RESULTS
from engine.rulesets import Ruleset, for_family
from league.cardpool import CardPool
from league.errors import CardError

# Runs a result is worth, against an average plate appearance's zero (Tango, Lichtman and Dolphin,
# "The Book", 2007, ch. 1: run values of each event, 1999-2002, rounded; a reach on an error as a single
# and a bit, a strikeout a little worse than another out). Only differences between players count:
# the pool's average is taken off.
LINEAR_WEIGHTS: Mapping[str, float] = {
    "1B": 0.47,
    "2B": 0.77,
    "3B": 1.04,
    "HR": 1.40,
    "BB": 0.31,
    "HBP": 0.33,
    "K": -0.29,
    "OUT": -0.27,
    "ERR": 0.48,
}
SEASON_GAMES = 162  # values are per 162-game season, whatever the cards' season
REGULAR_PA = 650  # a regular's plate appearances in a season
STARTER_INNINGS = 200  # a starting pitcher's innings in a season
RELIEVER_INNINGS = 70  # a reliever's
REPLACEMENT = 0.030  # runs per plate appearance a replacement player is below average (20 runs a regular's season)
# FanGraphs' positional adjustment (runs per 162 games): how much harder a position is to fill.
POSITION_RUNS: Mapping[str, float] = {
    "C": 12.5,
    "SS": 7.5,
    "2B": 2.5,
    "3B": 2.5,
    "CF": 2.5,
    "LF": -7.5,
    "RF": -7.5,
    "1B": -12.5,
    "DH": -17.5,
}
# Dugout's own: runs a season one rating point (range or defense) above the pool's average at a
# position saves, more where more balls and harder plays come.
FIELDING_RUNS: Mapping[str, float] = {"C": 3, "1B": 2, "2B": 5, "3B": 4, "SS": 6, "LF": 3, "CF": 5, "RF": 3}
FIELD = tuple(p for p in POSITION_RUNS if p != "DH")


@dataclass(frozen=True)
class PlayerValue:
    """One card's value. ``runs``: above replacement over a season, the draft's order."""

    card_id: str
    name: str
    kind: Literal["batter", "pitcher"]
    runs: float
    positions: tuple[str, ...]  # the fielding positions his card lists (none: a DH); ("P",) for a pitcher
    role: str  # a batter's position his value counts ("C" ... "DH"); a pitcher's "starter" or "reliever"
    playing_time: float  # plate appearances (a batter) or innings (a pitcher) in a season
    rate: float  # runs per plate appearance above the average (a batter) or saved below it (a pitcher)
    position_runs: float = 0.0  # his position's adjustment and his fielding there, in the season's runs

    def line(self) -> str:
        """A short line for a board or a pick: "C, 24.1 runs" / "starter, 31.0 runs"."""
        return f"{self.role}, {self.runs:.1f} runs"


class Values(dict[str, PlayerValue]):
    """A pool's value table by card id, with its cards best first (:attr:`ranked`) for the auto-drafter."""

    @cached_property
    def ranked(self) -> tuple[str, ...]:
        return tuple(sorted(self, key=lambda c: (-self[c].runs, c)))


_CACHE: weakref.WeakKeyDictionary[CardPool, Values] = weakref.WeakKeyDictionary()


def player_values(pool: CardPool, ruleset: Ruleset | None = None) -> Values:
    """Every player's value in the pool (its pitchers' batting cards and composite cards left out), computed
    once per pool; ``ruleset``: the pool's own (its sets' family) when not given."""
    cached = _CACHE.get(pool)
    if cached is not None and ruleset is None:
        return cached
    table = compute_values(pool, ruleset or for_family(pool.family))
    if ruleset is None:
        _CACHE[pool] = table
    return table


def _stat(card: Any, name: str) -> int | None:
    """A count from the card's real season (at bats, innings), None when the card does not say."""
    stats = getattr(card, "stats", None)
    value = getattr(stats, name, None) if stats is not None else None
    return value if isinstance(value, int) else None


def compute_values(pool: CardPool, ruleset: Ruleset) -> Values:
    policy = ruleset.policy
    pitchers: list[Any] = []
    ballparks: list[Any] = []
    for cardset in pool.sets:
        pitchers += [p for p in cardset.pitchers.values() if not is_composite(p.id)]
        ballparks += list(cardset.ballparks.values())
    # A pitcher's own batting card has his name, team and year (both rulesets' loaders): only those are asked.
    arms = {(p.name, p.team, p.year) for p in pitchers}
    cards: list[Any] = [b for cardset in pool.sets for b in cardset.batters.values()]
    batters = [
        b
        for b in cards
        if not is_composite(b.id)
        and not (
            ((b.name, b.team, b.year) in arms or b.id == GENERIC_PITCHER_BATTING) and pool.is_pitchers_batting_card(b)
        )
    ]
    scale = SEASON_GAMES / (pool.season_games() or SEASON_GAMES)
    starter = {p.id: bool(policy.is_starter(p)) for p in pitchers}
    # Each card's playing time, before his odds are known: a batter's at bats (plate appearances come
    # below), a pitcher's innings; the averages the odds are taken against are weighted by them.
    at_bats = {b.id: _stat(b, "at_bats") for b in batters}
    innings: dict[str, float] = {}
    for p in pitchers:
        full = STARTER_INNINGS if starter[p.id] else RELIEVER_INNINGS
        real = _stat(p, "innings")
        innings[p.id] = full if real is None else min(full, real * scale)
    weights = {b.id: float(REGULAR_PA if (ab := at_bats[b.id]) is None else ab) for b in batters} | innings
    try:
        odds = policy.pool_odds(batters, pitchers, ballparks, weights, pool.handbook())
    except ValueError as exc:  # a card no plate appearance ends on (all WLD): the ruleset names it
        raise CardError(f"cannot value the pool's players: {exc}") from exc
    run_of = [LINEAR_WEIGHTS[r] for r in RESULTS]
    rate = {cid: sum(p * w for p, w in zip(o, run_of, strict=True)) for cid, o in odds.items()}
    walks = (RESULTS.index("BB"), RESULTS.index("HBP"))
    outs = (RESULTS.index("K"), RESULTS.index("OUT"))

    def average(cards: list[Any]) -> float:
        total = sum(weights[c.id] for c in cards)
        return sum(rate[c.id] * weights[c.id] for c in cards) / total if total else 0.0

    table = Values()
    mean = average(batters)
    fielding_mean = _fielding_means(batters)
    for b in batters:
        o = odds[b.id]
        ab = at_bats[b.id]
        pa = REGULAR_PA if ab is None else min(REGULAR_PA, ab * scale / max(0.5, 1 - o[walks[0]] - o[walks[1]]))
        share = pa / REGULAR_PA
        positions = tuple(p for p in FIELD if b.fielding(Position(p)) is not None)
        by_position = {
            p: POSITION_RUNS[p] + FIELDING_RUNS[p] * (_rating(b, p) - fielding_mean[p]) for p in positions
        } or {"DH": POSITION_RUNS["DH"]}
        role = max(by_position, key=lambda p: (by_position[p], POSITION_RUNS[p]))
        above = rate[b.id] - mean
        extra = by_position[role] * share
        runs = pa * (above + REPLACEMENT) + extra
        table[b.id] = PlayerValue(b.id, b.name, "batter", runs, positions, role, pa, above, extra)
    mean = average(pitchers)
    for p in pitchers:
        o = odds[p.id]
        faced = innings[p.id] * 3 / max(0.3, o[outs[0]] + o[outs[1]])
        saved = mean - rate[p.id]
        role = "starter" if starter[p.id] else "reliever"
        table[p.id] = PlayerValue(
            p.id, p.name, "pitcher", faced * (saved + REPLACEMENT), ("P",), role, innings[p.id], saved
        )
    return table


def _rating(card: Any, position: str) -> float:
    rating = fielding_rating(card, Position(position))
    return float(rating) if rating is not None else 0.0


def _fielding_means(batters: list[Any]) -> dict[str, float]:
    """The pool's average fielding rating at each position, over the cards that list it."""
    means = {}
    for position in FIELD:
        ratings = [r for b in batters if (r := fielding_rating(b, Position(position))) is not None]
        means[position] = sum(ratings) / len(ratings) if ratings else 0.0
    return means
