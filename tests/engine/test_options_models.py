"""Each ruleset's own options model (``Ruleset.options``, issue 27), and the flat options of before.

Until issue 27 one flat ``Options`` held both games' options (Deep Drive's with a ``dd_`` prefix), so a
game or league stored then names them all; each model reads such a dict as the game then played it.
"""

from __future__ import annotations

import pytest

from engine.deep_drive.options import DeepDriveOptions
from engine.inside_pitch.options import InsidePitchOptions
from engine.rulesets import DEEP_DRIVE, INSIDE_PITCH, ruleset
from engine.setup import GameOptions, GameSetup, SetupError
from tests.engine.helpers import setup

# A flat options dict as the code before issue 27 stored it (Options.to_dict()), with options of
# both games away from their defaults.
FLAT = {
    "designated_hitter": True,
    "dh_leagues": "AL",
    "innings": 7,
    "slow_roller_2007": True,
    "station_to_station": False,
    "throw_charts_2007": True,
    "pull": False,
    "exhausted": True,
    "strategy_rolls": "rules",
    "roll_again_when_bases_change": False,
    "special_k_outs_only": False,
    "dropped_pop_odd_2007": False,
    "infield_single_br_2007": False,
    "catcher_pop_out_2007": False,
    "infield_depth_2007": True,
    "extra_inning_runner": True,
    "dd_never_as_rare_0": True,
    "dd_closers": False,
    "dd_ballpark_effects": True,
    "dd_manual_baserunning": False,
    "dd_steals": True,
    "dd_on_base_events": True,
    "dd_manual_steals": True,
    "dd_auto_bunt_below": 16,
}


def test_each_ruleset_names_its_own_options_model() -> None:
    assert ruleset(INSIDE_PITCH).options is InsidePitchOptions
    assert ruleset(DEEP_DRIVE).options is DeepDriveOptions


def test_a_flat_dict_of_before_reads_into_each_model_with_its_own_values() -> None:
    ip = InsidePitchOptions.from_dict(FLAT)
    assert ip.to_dict() == {k: v for k, v in FLAT.items() if not k.startswith("dd_")}
    dd = DeepDriveOptions.from_dict(FLAT)
    shared = ("designated_hitter", "dh_leagues", "innings", "extra_inning_runner")
    assert dd.to_dict() == {k: v for k, v in FLAT.items() if k.startswith("dd_") or k in shared}


def test_a_model_reads_back_what_it_writes() -> None:
    for model in (InsidePitchOptions, DeepDriveOptions):
        options = model.from_dict(FLAT)
        assert model.from_dict(options.to_dict()) == options


def test_a_name_no_game_ever_had_is_refused_in_one_line() -> None:
    with pytest.raises(SetupError, match=r"^unknown game option\(s\): dd_bunts, warp_speed$"):
        DeepDriveOptions.from_dict({"innings": 9, "warp_speed": True, "dd_bunts": 1})


def test_a_model_keeps_only_its_own_checks() -> None:
    with pytest.raises(SetupError, match=r"^strategy_rolls is 'suggestions' or 'rules'"):
        InsidePitchOptions(strategy_rolls="sometimes")
    with pytest.raises(SetupError, match=r"^dd_auto_bunt_below counts a card's numbers, 0 to 50"):
        DeepDriveOptions(dd_auto_bunt_below=51)
    assert "dd_closers" not in InsidePitchOptions.names() and "pull" not in DeepDriveOptions.names()


def test_a_setup_holds_its_rulesets_model() -> None:
    """Shared options alone (the default) are read into the game's model; another game's are refused."""
    base = setup()
    assert type(base.options) is InsidePitchOptions
    shared = GameSetup(base.away, base.home, base.ballpark, GameOptions(innings=7), ruleset=DEEP_DRIVE)
    assert shared.options == DeepDriveOptions(innings=7)
    with pytest.raises(SetupError, match=r"^a deep-drive-1.2.5 game reads DeepDriveOptions, not InsidePitchOptions$"):
        GameSetup(base.away, base.home, base.ballpark, InsidePitchOptions(), ruleset=DEEP_DRIVE)
