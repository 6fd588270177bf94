"""The bundled real seasons (issue 15 "Bundle at least three generated seasons ... each validating";
issue 16's 2016 Deep Drive set): every set loads, and every team can take the field against either
hand with a five-man rotation, as a league made from it will ask."""

from __future__ import annotations

from typing import Any

import pytest

from cards import BUNDLED_SETS
from cards.loader import load_any_set

REAL_SEASONS = ("1927", "1970", "2023", "2016-deep-drive")
FIELD = {"C", "1B", "2B", "3B", "SS", "LF", "CF", "RF"}


@pytest.mark.parametrize("name", REAL_SEASONS)
def test_every_team_of_a_bundled_season_takes_the_field(name: str) -> None:
    folder = BUNDLED_SETS / name
    cards = load_any_set(folder)  # raises, naming file, card and cell, on anything invalid
    assert "CC BY-SA 3.0" in (folder / "ATTRIBUTION.md").read_text()
    assert len(cards.team_entries) >= 16
    for key, team in cards.team_entries.items():
        roster = set(team.roster)
        for lineup in (team.vs_rhp, team.vs_lhp):
            ids = [spot.card_id for spot in lineup]
            positions = [spot.position.value for spot in lineup]
            assert len(ids) == len(set(ids)) == 9, key
            assert set(positions) >= FIELD, key  # the ninth is the DH, or the pitcher's spot
            assert set(ids) <= roster and all(i in cards.batters for i in ids), key
        assert len(team.rotation) == len(set(team.rotation)) == 5, key
        assert set(team.rotation) <= roster and all(p in cards.pitchers for p in team.rotation), key
        assert team.ballpark in cards.ballparks, key


# Lahman's bats: one pitcher of each set who has no batting card of his own and does not bat right.
NOT_RIGHT = {
    "1927": ("barneje01-1927", "L"),  # Jesse Barnes
    "1970": ("beenefr01-1970", "S"),  # Fred Beene ("B" in Lahman)
    "2023": ("snellbl01-2023", "L"),  # Blake Snell
    "2016-deep-drive": ("lambjo02-2016", "L"),  # John Lamb
}


@pytest.mark.parametrize("name", REAL_SEASONS)
def test_every_real_pitcher_card_says_which_side_he_bats_from(name: str) -> None:
    """A pitcher without a batting card of his own bats with the generic card, which bats right, from
    his own side (engine.state.TeamState.pitcher_spot); only the depth arms (many men) give none."""
    cards = load_any_set(BUNDLED_SETS / name)
    assert [p.id for p in cards.pitchers.values() if p.bats is None] == [
        p.id for p in cards.pitchers.values() if getattr(p, "depth_arm", False)
    ]
    card_id, side = NOT_RIGHT[name]
    pitcher = cards.pitchers[card_id]
    batting: Any = cards.batting_card_for(pitcher)  # type: ignore[arg-type]
    assert (batting.id, batting.bats.value) == ("pitcher-batting", "R")
    assert pitcher.bats is not None and pitcher.bats.value == side
