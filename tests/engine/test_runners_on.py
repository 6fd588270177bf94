"""Runners on: the readings the rules README settles (Dugout issue 11).

Sacrifice flies and the runner on first (IP2007 §11.3), the outfielder's throwing error
ET? #8 on hits and on tag-ups (IP2007 §5 #8), the grounder's throwing error ET? #6 on a
home-to-first double play (IP2007 §9.8) and past its receiver, the bases-loaded G5 and
first and third with the pivot man in (IP2007 §9.5, §9.6, §9.8). Every test scripts the
dice; the home team fields (CF arm +1 error 5, RF arm +1 error 6, SS error 4, 2B range 4
error 8, 1B range 3, C range 5 error 19).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from cards.notation import PitcherResult, Position
from engine.events import Check, ErrorCharged, Reading, RunScored
from engine.inside_pitch.fielding import error_play
from engine.inside_pitch.flyouts import play_fly_out
from engine.inside_pitch.options import InsidePitchOptions
from engine.inside_pitch.reading import Ball
from engine.state import Runner
from tests.engine.conftest import Table
from tests.engine.test_ground_outs import at_bat as grounder_at_bat
from tests.engine.test_ground_outs import checks, decide, decided, infield, play
from tests.engine.test_hits import arm, at_bat, bases, batter, outs_made, runs

ET = PitcherResult.THROWING_ERROR


def errors(table: Table) -> list[tuple[str, str]]:
    return [(e.fielder, e.kind) for e in table.game.events if isinstance(e, ErrorCharged)]


def scored(table: Table) -> list[tuple[str, bool]]:
    return [(e.runner, e.rbi) for e in table.game.events if isinstance(e, RunScored)]


def fly(table: Table, runner: Runner, notation: str) -> str:
    return play_fly_out(table.game, at_bat(runner), runner, Ball("F", int(notation[-1]), "batter"))


def on_et(table: Table, runner: Runner, notation: str) -> str:
    """The pitcher's card read ET?; the batter's card gave ``notation`` (played for real, no stand-in)."""
    kind, fielder = notation[:-1], int(notation[-1])
    return error_play(table.game, at_bat(runner), runner, Ball(kind, fielder, "batter"), ET)


def options_2007(table: Table) -> None:
    table.game.setup = replace(table.game.setup, options=InsidePitchOptions(throw_charts_2007=True))


# --- sacrifice flies: only the runners on second and third tag up (IP2007 §11.3) -----------


def test_ip2007_11_3_sacrifice_fly_scores_and_the_runner_on_first_holds_without_a_throw(table: Table) -> None:
    table.runner(3, br=3)
    table.runner(1, br=6)  # BR 6 + arm 1: he would take second without a throw if he tagged
    dice = table.script((6, 1))  # the SF roll only
    assert fly(table, batter(table, sf=3), "F8") == "SF8"
    assert bases(table) == ["runner-1", None, None]
    assert scored(table) == [("runner-3", True)]
    assert table.game.state.outs == 1
    dice.assert_done()


def test_ip2007_11_3_throw_home_the_runner_on_first_is_not_a_trailing_runner(table: Table) -> None:
    table.runner(3, br=2)
    table.runner(1, br=4)
    arm(table, Position.CENTER, 0)
    # SF fails; the runner from third ABR 2 draws a throw; red 1: he scores. The runner on
    # first is not on the play, so chart A's white 1 moves nobody.
    dice = table.script((6, 6), (6, 1), (6, 1))
    assert fly(table, batter(table, sf=1), "F8") == "SF8"
    assert bases(table) == ["runner-1", None, None]
    assert runs(table) == 1
    dice.assert_done()


def test_ip2007_11_3_bases_loaded_cut_off_throws_out_the_runner_from_second_and_first_holds(table: Table) -> None:
    table.game.state.outs = 1
    for base in (1, 2, 3):
        table.runner(base, br=1)
    arm(table, Position.RIGHT, 1)
    # SF fails; ABR 1 + 1 = 2; chart B 1: the run scores, the cut-off throw gets the runner from second.
    dice = table.script((6, 6), (6, 6), (6, 1))
    assert fly(table, batter(table, sf=0), "F9") == "SF9"
    assert outs_made(table) == [("batter", 0, "F9"), ("runner-2", 3, "9-5")]
    assert bases(table) == ["runner-1", None, None]
    assert runs(table) == 1
    dice.assert_done()


def test_ip2007_11_3_three_dice_throw_home_the_runner_on_first_holds(table: Table) -> None:
    options_2007(table)
    table.runner(3, br=2)
    table.runner(1, br=6)
    arm(table, Position.CENTER, 0)
    # SF fails; red 1: the run scores; OTC roll 2.1's white 1 would move a trailing runner: there is none.
    dice = table.script((6, 6), (6, 1), (6, 1), (6, 1))
    assert fly(table, batter(table, sf=1), "F8") == "SF8"
    assert bases(table) == ["runner-1", None, None]
    dice.assert_done()


# --- ET? #8 on a hit to the outfield: the chart, then the error's bases (IP2007 §5 #8) -----


def s8_runner_on_first(table: Table) -> Runner:
    """S8 with a runner on first (BR 3): ABR 3 - 1 + 1 (CF arm) = 3, a throw to third; the batter BR 3."""
    table.runner(1, br=3)
    return batter(table, br=3)


def test_et_8_on_a_hit_the_error_is_checked_and_the_throw_chart_read(table: Table) -> None:
    b = s8_runner_on_first(table)
    # d20 5 <= the CF's 5: an error. Red 2 <= ABR 3: he makes third on the chart; the
    # error takes him home; the batter, the trailing runner, gets second.
    dice = table.script((20, 5), (6, 2), (6, 6))
    assert on_et(table, b, "S8") == "S8"
    assert bases(table) == [None, "batter", None]
    assert scored(table) == [("runner-1", False)]  # he scored on the error: no RBI
    assert errors(table) == [("home-cf", "throwing")]
    assert table.game.state.outs == 0
    assert [e.result for e in table.game.events if isinstance(e, Reading) and e.card == "throw chart"] == ["abr_check"]
    dice.assert_done()


def test_et_8_on_a_hit_a_runner_who_holds_gets_the_base_he_ran_for(table: Table) -> None:
    b = s8_runner_on_first(table)
    dice = table.script((20, 1), (6, 4), (6, 1))  # red 4 > 3: he would hold at second
    on_et(table, b, "S8")
    assert bases(table) == [None, "batter", "runner-1"]
    assert runs(table) == 0
    dice.assert_done()


@pytest.mark.parametrize("white", [1, 3, 6])  # chart B: cut off and trailing out; lead out; rundown
def test_et_8_on_a_hit_nobody_is_thrown_out(table: Table, white: int) -> None:
    b = s8_runner_on_first(table)
    dice = table.script((20, 5), (6, 6), (6, white))  # no rundown die after a throwing error
    on_et(table, b, "S8")
    assert outs_made(table) == []
    assert bases(table) == [None, "batter", None]
    assert runs(table) == 1
    dice.assert_done()


def test_et_8_on_a_double_the_runner_trying_for_home_and_the_batter(table: Table) -> None:
    table.runner(1, br=2)  # D8 first to home: 2 + 1 + 1 = 4
    b = batter(table, br=1)
    dice = table.script((20, 3), (6, 5), (6, 1))  # error; red 5 > 4: he would hold at third
    assert on_et(table, b, "D8") == "D8"
    assert bases(table) == [None, None, "batter"]
    assert runs(table) == 1
    dice.assert_done()


def test_et_8_on_a_hit_no_error_plays_the_throw_as_usual(table: Table) -> None:
    b = s8_runner_on_first(table)
    # No error; chart B 3: the lead runner is out at third, the batter (BR 3) takes second on the throw.
    dice = table.script((20, 6), (6, 6), (6, 3))
    on_et(table, b, "S8")
    assert outs_made(table) == [("runner-1", 3, "8-5")]
    assert bases(table) == [None, "batter", None]
    assert errors(table) == []
    dice.assert_done()


def test_et_8_with_the_2007_three_dice(table: Table) -> None:
    options_2007(table)
    b = s8_runner_on_first(table)
    # Error; red 5 > ABR 3: he holds on OTC roll 1; the error gives him third, the batter second.
    dice = table.script((20, 2), (6, 5), (6, 1), (6, 1))
    on_et(table, b, "S8")
    assert bases(table) == [None, "batter", "runner-1"]
    dice.assert_done()


def test_et_8_no_throw_no_error_check(table: Table) -> None:
    table.runner(1, br=6)  # ABR 6: third without a throw, so nothing to throw away
    b = batter(table)
    dice = table.script()
    on_et(table, b, "S8")
    assert bases(table) == ["batter", None, "runner-1"]
    assert errors(table) == []
    dice.assert_done()


# --- ET? #8 on the throw after a fly out (the 2007 ET? chart's F cell, IP2007 §5 #8) -------


def test_et_chart_reads_8_on_an_outfield_fly(table: Table) -> None:
    dice = table.script()
    assert on_et(table, batter(table), "F8") == "F8"  # nobody on: no throw, no error check
    assert [(e.card, e.result) for e in table.game.events if isinstance(e, Reading)] == [("ET? error chart", "#8")]
    dice.assert_done()


def ip2007_8_example(table: Table, on_first: bool) -> Runner:
    """IP2007 §5 #8: F9, a runner on second (BR 5), RF arm 0; the 2021 tag-up number is 5 + 0 = 5."""
    table.runner(2, br=5)
    if on_first:
        table.runner(1, br=3)
    arm(table, Position.RIGHT, 0)  # error 6
    return batter(table)


@pytest.mark.parametrize(("red", "white"), [(1, 2), (5, 1), (6, 6)])
def test_ip2007_8_example_the_runner_going_scores_on_the_error(table: Table, red: int, white: int) -> None:
    b = ip2007_8_example(table, on_first=False)
    # Red at most 5 takes third (and 6-6 would throw him out): the error sends him home.
    dice = table.script((20, 6), (6, red), (6, white))
    assert on_et(table, b, "F9") == "SF9"
    assert bases(table) == [None, None, None]
    assert outs_made(table) == [("batter", 0, "F9")]
    assert scored(table) == [("runner-2", False)]
    assert errors(table) == [("home-rf", "throwing")]
    dice.assert_done()


def test_ip2007_8_example_the_runner_who_holds_gets_third_and_the_runner_on_first_second(table: Table) -> None:
    b = ip2007_8_example(table, on_first=True)
    dice = table.script((20, 1), (6, 6), (6, 1))  # red 6 > 5: he would hold
    assert on_et(table, b, "F9") == "F9"
    assert bases(table) == [None, "runner-1", "runner-2"]
    assert table.game.state.outs == 1
    dice.assert_done()


def test_ip2007_8_example_going_with_a_runner_on_first(table: Table) -> None:
    b = ip2007_8_example(table, on_first=True)
    dice = table.script((20, 4), (6, 3), (6, 1))
    on_et(table, b, "F9")
    assert bases(table) == [None, "runner-1", None]
    assert runs(table) == 1
    dice.assert_done()


def test_et_8_tag_from_second_no_error_plays_the_tag_up(table: Table) -> None:
    b = ip2007_8_example(table, on_first=True)
    dice = table.script((20, 7), (6, 3), (6, 1))
    assert on_et(table, b, "F9") == "F9"
    assert bases(table) == ["runner-1", None, "runner-2"]
    assert errors(table) == []
    dice.assert_done()


def test_et_8_tag_from_second_number_6_draws_no_throw_no_check(table: Table) -> None:
    table.runner(2, br=5)  # 5 + 1 = 6
    dice = table.script((6, 2), (6, 1))  # only the 2d6: he takes third
    on_et(table, batter(table), "F9")
    assert bases(table) == [None, None, "runner-2"]
    dice.assert_done()


def test_et_8_f7_never_sends_the_runner_from_second(table: Table) -> None:
    table.runner(2, br=6)
    dice = table.script()
    on_et(table, batter(table), "F7")
    assert bases(table) == [None, "runner-2", None]
    dice.assert_done()


def test_et_8_the_throw_home_after_a_failed_sacrifice_fly(table: Table) -> None:
    for base in (1, 2, 3):
        table.runner(base, br=1)
    # SF 6 fails; ABR 1 + 1 = 2 draws the throw home; d20 6: the RF errs; red 3 would hold
    # everyone: the error gives the man from third home and each man behind a base.
    dice = table.script((6, 6), (20, 6), (6, 3), (6, 1))
    assert on_et(table, batter(table, sf=1), "F9") == "SF9"
    assert bases(table) == [None, "runner-1", "runner-2"]
    assert scored(table) == [("runner-3", False)]
    assert table.game.state.outs == 1
    dice.assert_done()


def test_et_8_after_the_sacrifice_fly_the_throw_to_third(table: Table) -> None:
    table.runner(3, br=1)
    table.runner(2, br=3)  # ABR 3 + 1 = 4: a throw to third
    dice = table.script((6, 1), (20, 2), (6, 1), (6, 1))  # SF; error; red 1 takes third; the error home
    assert on_et(table, batter(table, sf=2), "F9") == "SF9"
    assert bases(table) == [None, None, None]
    assert scored(table) == [("runner-3", True), ("runner-2", False)]
    dice.assert_done()


def test_et_8_tag_up_with_the_2007_three_dice_example(table: Table) -> None:
    # IP2007 §5 #8 with its own numbers: ABR 5 + 0 - 1 = 4; red 1-4 third and home on the error.
    options_2007(table)
    b = ip2007_8_example(table, on_first=True)
    dice = table.script((20, 6), (6, 4), (6, 6), (6, 6))
    on_et(table, b, "F9")
    assert bases(table) == [None, "runner-1", None]
    assert runs(table) == 1
    dice.assert_done()


def test_et_8_tag_up_with_the_2007_three_dice_red_5_holds_then_third(table: Table) -> None:
    options_2007(table)
    b = ip2007_8_example(table, on_first=True)
    dice = table.script((20, 6), (6, 5), (6, 6), (6, 6))
    on_et(table, b, "F9")
    assert bases(table) == [None, "runner-1", "runner-2"]
    assert runs(table) == 0
    dice.assert_done()


# --- ET? #6, home to first: the catcher is the pivot man (IP2007 §9.8) ----------------------


def loaded_infield_in(table: Table) -> Runner:
    infield(table, "in")
    for base in (1, 2, 3):
        table.runner(base, br=3)
    return batter(table)


def test_et_6_home_to_first_the_shortstops_throw_home_gets_past_the_catcher(table: Table) -> None:
    b = loaded_infield_in(table)
    # d20 4: the SS errs on the throw home; everyone moves up; the catcher (range 5) misses
    # on a 6; the runner it was for has scored; one BR roll, 3: everyone one base more.
    dice = table.script((20, 4), (6, 6), (6, 3))
    assert on_et(table, b, "G6") == "E6"
    assert bases(table) == [None, "batter", "runner-1"]
    assert runs(table) == 2
    assert errors(table) == [("home-ss", "throwing")]
    stops = [e.name for e in table.game.events if isinstance(e, Check) and "stops the throw" in e.name]
    assert stops == ["range (home-c stops the throw)"]
    dice.assert_done()


def test_et_6_home_to_first_the_catchers_relay_is_checked(table: Table) -> None:
    b = loaded_infield_in(table)
    # No error by the SS (5 > 4); the catcher errs on the relay (19): the force at home stands,
    # the batter is safe, the runners move up; the 1B (range 3) stops it on a 3.
    dice = table.script((20, 5), (20, 19), (6, 3))
    assert on_et(table, b, "G6") == "FC"
    assert outs_made(table) == [("runner-3", 4, "6-2")]
    assert bases(table) == ["batter", "runner-1", "runner-2"]
    assert runs(table) == 0
    assert errors(table) == [("home-c", "throwing")]
    dice.assert_done()


def test_et_6_home_to_first_the_catchers_relay_gets_past_first(table: Table) -> None:
    b = loaded_infield_in(table)
    dice = table.script((20, 5), (20, 1), (6, 4), (6, 1))  # past the 1B; BR roll 1: everyone up
    on_et(table, b, "G6")
    assert bases(table) == [None, "batter", "runner-1"]
    assert scored(table) == [("runner-2", False)]
    assert table.game.state.outs == 1
    dice.assert_done()


def test_et_6_home_to_first_no_error_on_either_throw_is_the_double_play_try(table: Table) -> None:
    b = loaded_infield_in(table)
    # Neither errs: the ground out is played; the home-to-first try (GDP 2, catcher 0), 1: a double play.
    dice = table.script((20, 5), (20, 20), (6, 1))
    assert on_et(table, b, "G6") == "DP"
    assert outs_made(table) == [("runner-3", 4, "6-2"), ("batter", 0, "6-2-3")]
    dice.assert_done()


def test_et_6_the_catcher_fielding_it_steps_on_home_his_relay_is_the_only_throw(table: Table) -> None:
    for base in (1, 2, 3):
        table.runner(base, br=3)
    dice = table.script((20, 12), (6, 1))  # one check, the catcher's; the 1B stops it
    assert on_et(table, batter(table), "G2") == "FC"
    assert outs_made(table) == [("runner-3", 4, "2U")]
    assert bases(table) == ["batter", "runner-1", "runner-2"]
    assert errors(table) == [("home-c", "throwing")]
    dice.assert_done()


def test_et_6_bases_loaded_infield_back_the_pivot_man_is_at_second(table: Table) -> None:
    infield(table, "back")
    for base in (1, 2, 3):
        table.runner(base, br=3)
    # Back: no home-to-first; the SS throws to the 2B (pivot chart), who errs on the relay.
    dice = table.script((20, 5), (20, 8), (6, 3))
    assert on_et(table, batter(table), "G6") == "FC"
    assert outs_made(table) == [("runner-1", 2, "6-4")]
    assert bases(table) == ["batter", None, "runner-2"]
    assert scored(table) == [("runner-3", False)]  # error-free a force double play: no RBI (OBR 9.04(b))
    dice.assert_done()


# --- ET? #6, the throw gets past the receiver: the runner it was for pushes the man ahead ---


def test_et_6_the_runner_the_throw_was_for_pushes_the_runner_ahead(table: Table) -> None:
    table.runner(1, br=3)
    table.runner(2, br=3)
    # The SS errs on the throw to second (everyone up a base); it gets past the 2B (range 4,
    # roll 5): the runner from first, for whom it was meant, takes third and pushes the man
    # from second home. One BR roll, 6: nobody more.
    dice = table.script((20, 4), (6, 5), (6, 6))
    assert on_et(table, batter(table), "G6") == "E6"
    assert bases(table) == ["batter", None, "runner-1"]
    assert scored(table) == [("runner-2", False)]
    dice.assert_done()


def test_et_6_push_with_the_bases_loaded(table: Table) -> None:
    infield(table, "back")
    for base in (1, 2, 3):
        table.runner(base, br=3)
    dice = table.script((20, 1), (6, 6), (6, 4))  # the throw to second gets past the 2B; BR roll 4
    on_et(table, batter(table), "G6")
    assert bases(table) == ["batter", None, "runner-1"]
    assert runs(table) == 2
    dice.assert_done()


# --- bases loaded, infield not in, G5: the first-and-second play (IP2007 §9.5, §9.8) --------


def loaded(table: Table) -> None:
    infield(table, "back")
    for base in (1, 2, 3):
        table.runner(base, br=3)


def test_bases_loaded_g5_toward_the_line_the_5_3_double_play_the_run_scores(table: Table) -> None:
    loaded(table)
    dice = table.script((6, 2), (6, 2))  # toward the line; GDP 2 + 0 (no pivot) = 2: a double play
    assert play(table, "G5") == "DP"
    assert decided(table) == [("play_at", "double_play")]
    assert outs_made(table) == [("runner-2", 3, "5U"), ("batter", 0, "5-3")]
    assert bases(table) == [None, "runner-1", None]
    assert scored(table) == [("runner-3", False)]
    assert not any(name.startswith("pivot") for name, _ in checks(table)[0].modifiers)
    dice.assert_done()


def test_bases_loaded_g5_toward_the_line_one_out_the_double_play_ends_it_without_a_run(table: Table) -> None:
    loaded(table)
    table.game.state.outs = 1
    dice = table.script((6, 1), (6, 1))
    assert play(table, "G5") == "DP"
    assert table.game.state.outs == 3
    assert runs(table) == 0
    dice.assert_done()


@pytest.mark.parametrize(("roll", "forced"), [(1, True), (6, False)])
def test_bases_loaded_g5_right_at_him_force_at_third(table: Table, roll: int, forced: bool) -> None:
    loaded(table)
    decide(table, "play_at", "double_play")
    decide(table, "force_or_double_play", "force")
    dice = table.script((6, 3), (6, roll))
    play(table, "G5")
    if forced:
        assert outs_made(table) == [("runner-2", 3, "5U")]
        assert bases(table) == ["batter", "runner-1", None]
    else:
        assert outs_made(table) == [("batter", 0, "5-3")]
        assert bases(table) == [None, "runner-1", "runner-2"]
    assert runs(table) == 1
    dice.assert_done()


def test_bases_loaded_g5_in_the_hole_the_5_4_3_try(table: Table) -> None:
    loaded(table)
    dice = table.script((6, 5), (6, 5))  # in the hole; GDP 2 + 1 (2B) = 3: a 5 is no DP; BR 3: forced
    assert play(table, "G5", grounder_at_bat(table, gdp=2)) == "G5"
    assert outs_made(table) == [("runner-1", 2, "5-4")]
    assert bases(table) == ["batter", None, "runner-2"]
    assert runs(table) == 1
    dice.assert_done()


def test_bases_loaded_g6_is_still_the_double_play_through_second(table: Table) -> None:
    loaded(table)
    dice = table.script((6, 1))  # no location roll off the third baseman
    assert play(table, "G6") == "DP"
    assert outs_made(table) == [("runner-1", 2, "6-4"), ("batter", 0, "6-4-3")]
    assert bases(table) == [None, None, "runner-2"]
    dice.assert_done()


# --- first and third, the run conceded with the pivot man in: the force at second -----------


def first_and_third_pivot_in(table: Table) -> None:
    """The SS halfway fields a G6; the 2B, the pivot man, plays in (IP2021 "Infield Depth")."""
    table.game.state.infield_depth = {"1B": "back", "2B": "in", "3B": "back", "SS": "half"}
    table.runner(1, br=3)
    table.runner(3, br=5)  # 5 - 1 = 4: he goes


@pytest.mark.parametrize(("roll", "forced"), [(3, True), (2, False), (6, False)])
def test_first_and_third_pivot_in_the_force_at_second_is_still_made(table: Table, roll: int, forced: bool) -> None:
    first_and_third_pivot_in(table)
    # No double play with the pivot man in; the same die against BR 3 - 1 (halfway) = 2.
    dice = table.script((6, roll))
    assert play(table, "G6") == "G6"
    assert decided(table) == [("runner_on_third", "go"), ("play_at", "double_play")]
    assert [c.name for c in checks(table)] == ["Runner 1 beats the force"]
    if forced:
        assert outs_made(table) == [("runner-1", 2, "6-4")]
        assert bases(table) == ["batter", None, None]
    else:
        assert outs_made(table) == [("batter", 0, "6-3")]
        assert bases(table) == [None, "runner-1", None]
    assert scored(table) == [("runner-3", True)]
    assert table.game.state.outs == 1
    dice.assert_done()


def play_at_labels(table: Table) -> list[list[str]]:
    """Record the labels of every "play_at" request the game makes from now on."""
    asked: list[list[str]] = []
    g = table.game
    real_ask = g.ask

    def ask(side: str, kind: str, prompt: object, options: object, suggestion: str, context: object = None) -> str:
        if kind == "play_at":
            listed = options() if callable(options) else options
            asked.append([o.label for o in listed])  # type: ignore[union-attr]
        return real_ask(side, kind, prompt, options, suggestion, context)  # type: ignore[arg-type]

    g.ask = ask  # type: ignore[method-assign]
    return asked


def test_first_and_third_pivot_in_the_option_says_force(table: Table) -> None:
    first_and_third_pivot_in(table)
    asked = play_at_labels(table)
    table.script((6, 3))
    play(table, "G6")
    assert asked == [["Throw home", "Force at second, no double play (the run scores)", "Take the out at first"]]


def test_bases_loaded_g5_the_option_says_first_and_second(table: Table) -> None:
    loaded(table)
    asked = play_at_labels(table)
    table.script((6, 5), (6, 1))
    play(table, "G5")
    assert asked == [["Play it as first and second (the run scores)", "Take the out at first"]]


def test_first_and_third_pivot_in_the_runner_holds_only_the_play_at_first(table: Table) -> None:
    # Unchanged: the reading is for a runner who goes; one who holds is looked back.
    first_and_third_pivot_in(table)
    decide(table, "runner_on_third", "hold")
    dice = table.script()
    play(table, "G6")
    assert decided(table) == [("runner_on_third", "hold")]  # one choice left: nobody is asked
    assert outs_made(table) == [("batter", 0, "6-3")]
    assert bases(table) == [None, "runner-1", "runner-3"]
    dice.assert_done()
