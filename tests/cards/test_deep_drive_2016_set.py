"""The bundled 2016 Deep Drive set (cards/sets/2016-deep-drive): it loads by name as a Deep Drive
league's set, with its own handbook, its licence, and its pitchers' and two-way players' cards."""

from __future__ import annotations

from typing import Any, cast

from cards import BUNDLED_SETS
from engine.deep_drive.handbook import parse_handbook
from league.cardpool import CardPool, resolve_set

SET = "2016-deep-drive"


def test_the_set_loads_by_name_as_deep_drive() -> None:
    assert resolve_set(SET) == BUNDLED_SETS / SET
    pool = CardPool.load([SET])
    assert pool.family == "deep-drive"
    parse_handbook(pool.handbook(), "handbook.toml")  # the season's own, valid
    assert pool.handbook() == (BUNDLED_SETS / SET / "handbook.toml").read_text(encoding="utf-8")
    cardset: Any = pool.sets[0]
    assert len(cardset.team_entries) == 30
    assert len(cardset.pitchers) == 742
    # Every carded batter, and a depth bat for each of the 11 teams whose roster has room for one.
    depth_bats = [b for b in cardset.batters if b.endswith("-depth-bats-2016")]
    assert len(cardset.batters) == 673 + 11 and len(depth_bats) == 11
    options = pool.options()
    # 2016: the AL played with the DH, the NL without; each game plays its home park's rule.
    assert options is not None and options.dh_leagues == "AL" and not options.designated_hitter


def test_the_licence_and_the_calibration_are_stated() -> None:
    text = (BUNDLED_SETS / SET / "ATTRIBUTION.md").read_text(encoding="utf-8")
    assert "Lahman Baseball Database" in text and "CC BY-SA 3.0" in text
    assert "docs/deep-drive/real-seasons.md" in text
    assert "calibrated in 6 rounds of the league's own Deep Drive games" in text


def test_pitchers_bat_with_their_own_cards_and_two_way_players_are_signed() -> None:
    pool = CardPool.load([SET])
    bumgarner = pool.pitcher("bumgama01-2016")
    own = pool.batting_card_for(bumgarner)
    assert own is not None and own.id == "bumgama01-batting-2016"
    assert pool.is_pitchers_batting_card(own)
    # JB Shuck, a White Sox outfielder who also pitched: his batter card goes on a roster.
    assert not pool.is_pitchers_batting_card(pool.batter("shuckja01-2016"))
    shuck = pool.pitcher("shuckja01-pitching-2016")
    generic = pool.batting_card_for(shuck)
    assert generic is not None and cast(Any, generic).id == "pitcher-batting"
