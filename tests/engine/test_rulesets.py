"""The ruleset interface (engine.rulesets): a setup names its rules, a stored game replays with them."""

from __future__ import annotations

import pytest

from engine.game import Game
from engine.rulesets import INSIDE_PITCH, UnknownRuleset, families, family_of, for_family, ruleset, rulesets
from tests.engine.helpers import setup


def test_inside_pitch_is_the_default_and_a_stored_game_names_it() -> None:
    game = Game(setup(), seed=5)
    assert game.rules.name == INSIDE_PITCH and game.rules.family == "inside-pitch"
    data = game.to_dict()
    assert data["ruleset"] == INSIDE_PITCH
    again = Game.from_dict(data)
    assert again.setup.ruleset == INSIDE_PITCH
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in game.events]


def test_a_game_stored_before_rulesets_were_named_replays_as_inside_pitch() -> None:
    data = Game(setup(), seed=5).to_dict()
    del data["ruleset"]
    assert Game.from_dict(data).rules.name == INSIDE_PITCH


def test_an_unknown_ruleset_is_refused_by_name() -> None:
    data = Game(setup(), seed=5).to_dict()
    data["ruleset"] = "strat-o-matic"
    with pytest.raises(UnknownRuleset, match="not 'strat-o-matic'"):
        Game.from_dict(data)
    with pytest.raises(UnknownRuleset):
        ruleset("inside-pitch-1990")


def test_a_card_set_family_is_the_ruleset_without_its_edition() -> None:
    assert family_of(INSIDE_PITCH) == "inside-pitch"
    assert family_of("deep-drive-1.2.5") == "deep-drive"


def test_ten_sided_dice_read_0_to_9_and_each_roll_is_an_event() -> None:
    from engine.dice import ScriptedDice
    from engine.events import Roll

    # DDB "Dice": red is the tens die, white the ones, green the mod die; a die's 10 face reads 0.
    dice = ScriptedDice.of((10, 6), (10, 4), (10, 10), (10, 7), (10, 3), (10, 10))
    game = Game(setup(), seed=5, until="start", dice=dice)
    before = len(game.events)
    assert game.three_d10("plate appearance") == (6, 4, 0)
    assert game.two_d10("DEF chart") == (7, 3)
    assert game.d10("mod") == 0
    rolls = [e for e in game.events[before:] if isinstance(e, Roll)]
    assert [(r.dice, r.values) for r in rolls] == [("3d10", (6, 4, 0)), ("2d10", (7, 3)), ("1d10", (0,))]
    dice.assert_done()


def test_a_setup_keeps_its_handbook_text_and_leaves_it_out_when_default() -> None:
    import dataclasses

    from engine.deep_drive.handbook import default_handbook, handbook_of
    from engine.setup import GameSetup

    plain = setup()
    assert "handbook" not in plain.to_dict()  # setups stored before it read the same
    assert handbook_of(plain.handbook) is default_handbook()
    own = dataclasses.replace(plain, handbook="# a league's own handbook\\n")
    assert GameSetup.from_dict(own.to_dict()).handbook == own.handbook


def test_a_card_set_plays_the_ruleset_of_its_family() -> None:
    """set.toml's ruleset ("deep-drive") finds the game that plays its cards; the registry lists both."""
    assert for_family("deep-drive").name == "deep-drive-1.2.5"
    assert for_family("inside-pitch").name == "inside-pitch-2021"
    assert families() == ("inside-pitch", "deep-drive")
    assert [r.name for r in rulesets()] == ["inside-pitch-2021", "deep-drive-1.2.5"]
    assert {r.sample_set for r in rulesets()} == {"sample", "deep-drive-sample"}
    with pytest.raises(UnknownRuleset, match="not 'strat'"):
        for_family("strat")
