"""Every numeric game option and league rule has a range, checked by the model itself (issue 26).

``LeagueRules`` and each ruleset's options model (``Ruleset.options``) are the source of truth for both front ends
(``/league options`` and ``dugout run --option/--rule``): a value out of range is refused
with one line naming the setting, so 10**30 seconds of pace or innings never reaches a game.
"""

from __future__ import annotations

import dataclasses

import pytest

from engine.deep_drive.options import DeepDriveOptions
from engine.inside_pitch.options import InsidePitchOptions
from engine.setup import GameOptions, SetupError
from league.errors import SettingsError
from league.models import RULE_RANGES, LeagueRules

HUGE = 10**30


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(LeagueRules)])
def test_each_league_rule_takes_its_range_and_nothing_beyond(name: str) -> None:
    low, high = RULE_RANGES[name]
    assert getattr(LeagueRules(**{name: low}), name) == low
    assert getattr(LeagueRules(**{name: high}), name) == high
    for bad in (low - 1, high + 1, HUGE):
        with pytest.raises(SettingsError, match=rf"^league rule {name} is a whole number, {low} to {high}; got "):
            LeagueRules(**{name: bad})


def test_a_huge_value_is_quoted_in_part() -> None:
    with pytest.raises(SettingsError) as caught:
        LeagueRules(pace_seconds=10**200)
    assert len(str(caught.value)) < 120


@pytest.mark.parametrize(
    ("model", "name", "low", "high"),
    [
        (InsidePitchOptions, "innings", 1, 30),
        (DeepDriveOptions, "innings", 1, 30),
        (DeepDriveOptions, "dd_auto_bunt_below", 0, 50),
    ],
)
def test_each_numeric_game_option_takes_its_range_and_nothing_beyond(
    model: type[GameOptions], name: str, low: int, high: int
) -> None:
    assert getattr(model(**{name: high}), name) == high  # type: ignore[arg-type]
    for bad in (low - 1, high + 1, HUGE):
        with pytest.raises(SetupError, match=rf"^{name} .*{low} to {high}"):
            model(**{name: bad})  # type: ignore[arg-type]
