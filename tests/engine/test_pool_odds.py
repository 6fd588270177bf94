"""Inside Pitch's pool odds (engine.inside_pitch.value): each card against the pool's average opponent.

The oracle is engine.inside_pitch.odds, the exact Fraction odds of one matchup (IP2021 "Pitcher
Card", "Batter Card", "Ballpark Card", "?7, ?8, ?9"): a batter's pool odds must be the weighted
mean of his exact odds against each pitcher, a pitcher's the mean over the batters.
"""

from __future__ import annotations

import pytest

from cards import SAMPLE_SET
from cards.loader import load_set
from cards.models import Ballpark, Batter, Pitcher
from engine.inside_pitch.odds import plate_appearance_odds
from engine.inside_pitch.value import pool_odds
from engine.policy import RESULTS
from tests.engine.helpers import BENCH, SAN_DIEGO, SEAVER, clone_batter


def _pitcher(card_id: str, cell: str, **changes: object) -> Pitcher:
    data = {**SEAVER.model_dump(mode="json"), "id": card_id, "name": card_id, "matrix": [[cell] * 6] * 6}
    return Pitcher.model_validate({**data, **changes})


def _neutral(park: Ballpark) -> Ballpark:
    """The park with no K/W/HR adjustments: pool odds are read in a neutral park."""
    return Ballpark.model_validate({**park.model_dump(mode="json"), "adjustments": {"k": 0, "w": 0, "hr": 0}})


def _exact(pitcher: Pitcher, batter: Batter, park: Ballpark) -> list[float]:
    cats = plate_appearance_odds(pitcher, batter, park).categories()
    by = {"1B": cats["1B"], "2B": cats["2B"], "3B": cats["3B"], "HR": cats["HR"], "BB": cats["BB"]}
    by |= {"HBP": cats["HBP"], "K": cats["K"], "OUT": cats["OUT"] + cats["RARE"], "ERR": 0}
    return [float(by[r]) for r in RESULTS]


def test_a_blank_pitcher_card_reads_the_batter_card_alone() -> None:
    # IP2021 "Pitcher Card": a blank cell sends the reader to the batter's card.
    blank = _pitcher("blank", "")
    walker = clone_batter(BENCH, "walker", matrix=[["W"] * 6] * 6)
    striker = clone_batter(BENCH, "striker", matrix=[["K"] * 6] * 6)
    odds = pool_odds([walker, striker], [blank], [SAN_DIEGO], {})
    assert odds["walker"][RESULTS.index("BB")] == pytest.approx(1.0)
    assert odds["striker"][RESULTS.index("K")] == pytest.approx(1.0)
    # The pitcher faces each half the time (equal weights), and by weight 3:1 three walks in four.
    assert odds["blank"][RESULTS.index("BB")] == pytest.approx(0.5)
    odds = pool_odds([walker, striker], [blank], [SAN_DIEGO], {"walker": 3.0, "striker": 1.0})
    assert odds["blank"][RESULTS.index("BB")] == pytest.approx(0.75)


def test_a_single_cell_and_a_starred_cell_need_no_batter() -> None:
    # IP2021 "Pitcher Card": S1 is a single, ** an out from the pitcher's ** line, whoever bats.
    odds = pool_odds([BENCH], [_pitcher("s1", "S1"), _pitcher("stars", "**")], [SAN_DIEGO], {})
    assert odds["s1"][RESULTS.index("1B")] == pytest.approx(1.0)
    assert odds["stars"][RESULTS.index("OUT")] == pytest.approx(1.0)
    assert odds[BENCH.id][RESULTS.index("1B")] == pytest.approx(0.5)


def test_the_pool_odds_are_the_exact_odds_averaged_over_the_opponents() -> None:
    cards = load_set(SAMPLE_SET)
    batters = [cards.batters[c] for c in ("johnny-bench-1970", "hc-gus-hadley-1970", "hc-dell-ashby-1970")]
    pitchers = [cards.pitchers[c] for c in ("tom-seaver-1970", "hc-chet-morrow-1970", "mv-roy-gandy-1970")]
    park = _neutral(SAN_DIEGO)
    weights = {"tom-seaver-1970": 3.0, "hc-chet-morrow-1970": 1.0, "mv-roy-gandy-1970": 2.0}
    weights |= {"johnny-bench-1970": 600.0, "hc-gus-hadley-1970": 250.0, "hc-dell-ashby-1970": 400.0}
    odds = pool_odds(batters, pitchers, [park], weights)
    exact = {(p.id, b.id): _exact(p, b, park) for p in pitchers for b in batters}

    def mean(ids: list[str], of: str, batter: bool) -> list[float]:
        total = sum(weights[i] for i in ids)
        rows = [exact[(i, of) if batter else (of, i)] for i in ids]
        return [sum(weights[i] * row[k] for i, row in zip(ids, rows, strict=True)) / total for k in range(len(RESULTS))]

    for b in batters:
        assert odds[b.id] == pytest.approx(mean([p.id for p in pitchers], b.id, True), abs=1e-12)
    for p in pitchers:
        assert odds[p.id] == pytest.approx(mean([b.id for b in batters], p.id, False), abs=1e-12)
