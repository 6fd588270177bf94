"""Deep Drive's pool odds (engine.deep_drive.value): each card against the pool's average opponent.

The oracle is engine.deep_drive.odds.pa_odds, the exact odds of one matchup over every reading and
mod die (DDB "How to Play", "Rare Chart", "Rare Readings", "Reading the Results", the DEEP DRIVE
section and the DEF Chart): a card's pool odds must be its odds averaged over the opponents by weight.
"""

from __future__ import annotations

import pytest

from cards import BUNDLED_SETS
from cards.deep_drive.loader import load_deep_drive_set
from engine.deep_drive.handbook import handbook_of
from engine.deep_drive.odds import pa_odds, summary
from engine.deep_drive.value import pool_odds
from engine.policy import RESULTS
from tests.engine.deep_drive.helpers import batter, pitcher

_SUMMARY_OF = {"SO": "K"}


def _exact(b: object, p: object) -> list[float]:
    odds = summary(pa_odds(b, p, handbook_of("")))  # type: ignore[arg-type]
    by = {_SUMMARY_OF.get(k, k): v for k, v in odds.items()}
    return [by[r] for r in RESULTS]


def test_a_walk_on_every_number_of_both_cards_is_a_walk() -> None:
    # DDB "How to Play": 00-49 reads the batter's card, 50-99 the pitcher's; three equal dice roll again.
    walker = batter("walker", chances={"BB": "00-49"})
    thrower = pitcher("thrower", chances={"BB": "50-99"})
    odds = pool_odds([walker], [thrower], {})
    assert odds["walker"][RESULTS.index("BB")] == pytest.approx(1.0)
    assert odds["thrower"][RESULTS.index("BB")] == pytest.approx(1.0)


def test_a_never_line_turns_the_other_cards_reading_into_an_out() -> None:
    # DDB "Rare Readings": a BB read on the batter's card stands only if the pitcher's BB line allows it.
    walker = batter("walker", chances={"BB": "00-49"})
    never = pitcher("never", chances={"BB": "never", "OUT": "50-99"})
    odds = pool_odds([walker], [never], {})
    assert odds["walker"][RESULTS.index("BB")] == 0.0
    assert odds["walker"][RESULTS.index("OUT")] == pytest.approx(1.0)


def test_the_pool_odds_are_the_exact_odds_averaged_over_the_opponents() -> None:
    cards = load_deep_drive_set(BUNDLED_SETS / "deep-drive-sample")
    batters = [cards.batters[c] for c in ("kris-bryant-2016", "anthony-rizzo-2016", "dexter-fowler-2016")]
    pitchers = [cards.pitchers[c] for c in ("jon-lester-2016", "corey-kluber-2016", "aroldis-chapman-2016")]
    weights = {"jon-lester-2016": 200.0, "corey-kluber-2016": 215.0, "aroldis-chapman-2016": 58.0}
    weights |= {"kris-bryant-2016": 603.0, "anthony-rizzo-2016": 583.0, "dexter-fowler-2016": 456.0}
    odds = pool_odds(batters, pitchers, weights)
    exact = {(b.id, p.id): _exact(b, p) for b in batters for p in pitchers}
    n = len(RESULTS)
    for b in batters:
        total = sum(weights[p.id] for p in pitchers)
        want = [sum(weights[p.id] * exact[b.id, p.id][k] for p in pitchers) / total for k in range(n)]
        assert odds[b.id] == pytest.approx(want, abs=1e-12)
    for p in pitchers:
        total = sum(weights[b.id] for b in batters)
        want = [sum(weights[b.id] * exact[b.id, p.id][k] for b in batters) / total for k in range(n)]
        assert odds[p.id] == pytest.approx(want, abs=1e-12)
