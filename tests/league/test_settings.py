"""A league's settings come from its ruleset's options model (issue 27): its game options, the league
rules every league has, and the league rules its model names as its own (``LEAGUE_RULES``)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from engine.deep_drive.options import DeepDriveOptions
from engine.inside_pitch.options import InsidePitchOptions
from engine.rulesets import DEEP_DRIVE, INSIDE_PITCH, NAMES
from engine.rulesets import ruleset as real_ruleset
from engine.setup import GameOptions
from league import models, settings
from league.models import LeagueRules

EVERY_LEAGUE = [
    "roster_limit",
    "starter_rest_days",
    "long_relief_outs",
    "long_relief_rest_days",
    "relief_days_in_a_row",
    "pace_seconds",
    "prompt_timeout_seconds",
    "deadline_hour_utc",
    "carry_injuries",
    "redraft",
    "keepers",
    "retire_missing",
]


def test_each_league_has_its_models_options_and_its_league_rules() -> None:
    assert settings.settings_of(INSIDE_PITCH) == [*InsidePitchOptions.names(), *EVERY_LEAGUE]
    assert settings.settings_of(DEEP_DRIVE) == [
        *DeepDriveOptions.names(),
        *EVERY_LEAGUE,
        "post_game_injuries",
        "bench_usage",
    ]
    assert settings.owners_of("pull") == [INSIDE_PITCH] and settings.owners_of("bench_usage") == [DEEP_DRIVE]
    assert settings.owners_of("innings") == list(NAMES) and settings.owners_of("warp_speed") == []
    assert set(settings.every_setting()) == {
        *InsidePitchOptions.names(),
        *DeepDriveOptions.names(),
        *LeagueRules().to_dict(),
    }


def test_a_third_ruleset_brings_its_own_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing in the settings names a game: a ruleset's model alone says what its leagues have."""

    @dataclass(frozen=True)
    class ThirdOptions(GameOptions):
        LEAGUE_RULES: ClassVar[tuple[str, ...]] = ("bench_usage",)
        mercy_rule: bool = False

    third: Any = dataclasses.replace(real_ruleset(INSIDE_PITCH), name="third-1", title="Third", options=ThirdOptions)

    def ruleset(name: str) -> Any:
        return third if name == "third-1" else real_ruleset(name)

    monkeypatch.setattr(settings, "NAMES", (*NAMES, "third-1"))
    monkeypatch.setattr(settings, "ruleset", ruleset)
    monkeypatch.setattr(models, "ruleset_named", ruleset)  # a league's options model (league.models.options_model)
    settings._settings.cache_clear()
    try:
        assert settings.settings_of("third-1") == [*GameOptions.names(), "mercy_rule", *EVERY_LEAGUE, "bench_usage"]
        assert settings.owners_of("bench_usage") == [DEEP_DRIVE, "third-1"]
        assert settings.not_of(INSIDE_PITCH, ["mercy_rule", "pull"]) == ["mercy_rule"]
    finally:
        settings._settings.cache_clear()


def test_the_on_off_league_rules_are_those_kept_as_0_or_1() -> None:
    assert [r for r in settings.LEAGUE_RULES if settings.is_switch(r)] == [
        "carry_injuries",
        "redraft",
        "retire_missing",
        "post_game_injuries",
        "bench_usage",
    ]


def test_a_league_of_a_ruleset_dugout_does_not_play_still_lists_its_shared_settings() -> None:
    """A stored league row may name a ruleset this Dugout does not play ("IP2021" in old test files): its
    settings and title still read (the shared options, the rules no game claims), never an exception."""
    shared = settings.settings_of("IP2021")
    assert [n for n in shared if n in GameOptions.names()] == GameOptions.names()
    assert "bench_usage" not in shared and "dd_closers" not in shared
    assert settings.ruleset_title("IP2021") == "IP2021" and settings.ruleset_title(DEEP_DRIVE) == "Deep Drive"
