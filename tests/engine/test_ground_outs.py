"""Ground outs (IP2021 "Ground Outs"; IP2007 §9; the older key's "Ground Outs")."""

from __future__ import annotations

import dataclasses

import pytest

from cards.notation import Hand
from engine.events import Check, Decided, RunnerMoved, RunnerOut, RunScored
from engine.inside_pitch.options import InsidePitchOptions
from engine.inside_pitch.outs import play_out
from engine.inside_pitch.reading import AtBat, Ball
from engine.requests import Decision, ReplayMismatch
from engine.situation import Situation, TeamSituation
from engine.state import Runner
from tests.engine.conftest import Table

ALIGNMENTS = {
    "back": dict.fromkeys(("1B", "2B", "3B", "SS"), "back"),
    "half": dict.fromkeys(("1B", "2B", "3B", "SS"), "half"),
    "in": dict.fromkeys(("1B", "2B", "3B", "SS"), "in"),
}


# --- helpers shared with the line-out and depth tests --------------------------------


def at_bat(table: Table, gdp: int = 2, br: int = 3, side: Hand = Hand.RIGHT, pitcher_gdp: int = 0) -> AtBat:
    g = table.game
    card = g.state.batting.order[0].batter.model_copy(update={"gdp": gdp, "br": br, "id": "batter", "name": "Batter"})
    pitcher = g.state.fielding.pitcher.model_copy(update={"gdp": pitcher_gdp})
    return AtBat(card, pitcher, side, tired=False, runners_on=bool(g.state.occupied()), park_k=0, park_w=0, park_hr=0)


def play(table: Table, notation: str, ab: AtBat | None = None) -> str:
    ab = ab or at_bat(table)
    batter = Runner(ab.batter, ab.pitcher.id)
    return play_out(table.game, ab, batter, Ball(notation[0], int(notation[1:]), "batter"))


def infield(table: Table, alignment: str) -> None:
    table.game.state.infield_depth = dict(ALIGNMENTS[alignment])


def decide(table: Table, kind: str, choice: str) -> None:
    """Log a manager's answer for the next request of this kind (the game replays it)."""
    g = table.game
    side = g.state.batting.key if kind == "runner_on_third" else g.state.fielding.key
    g.log.append(Decision(len(g.log), side, kind, choice))


def bases(table: Table) -> list[str | None]:
    return [r.id if r else None for r in table.game.state.bases]


def outs_made(table: Table) -> list[tuple[str, int, str]]:
    return [(e.runner, e.base, e.how) for e in table.game.events if isinstance(e, RunnerOut)]


def runs(table: Table) -> list[RunScored]:
    return [e for e in table.game.events if isinstance(e, RunScored)]


def checks(table: Table) -> list[Check]:
    return [e for e in table.game.events if isinstance(e, Check)]


def decided(table: Table) -> list[tuple[str, str]]:
    return [(e.kind, e.choice) for e in table.game.events if isinstance(e, Decided)]


def slow_roller_2007(table: Table) -> None:
    g = table.game
    g.setup = dataclasses.replace(g.setup, options=InsidePitchOptions(slow_roller_2007=True))


# --- no runners on, two outs ---------------------------------------------------------


def test_bases_empty_simple_ground_out(table: Table) -> None:
    dice = table.script()
    assert play(table, "G6") == "G6"
    assert outs_made(table) == [("batter", 0, "6-3")]
    assert table.game.state.outs == 1
    dice.assert_done()


def test_first_baseman_unassisted(table: Table) -> None:
    dice = table.script()
    play(table, "G3")
    assert outs_made(table) == [("batter", 0, "3U")]
    dice.assert_done()


def test_two_outs_the_out_at_first_ends_it_and_nobody_scores(table: Table) -> None:
    table.game.state.outs = 2
    table.runner(1)
    table.runner(3, br=6)
    dice = table.script()
    assert play(table, "G4") == "G4"
    assert outs_made(table) == [("batter", 0, "4-3")]
    assert table.game.state.outs == 3
    assert runs(table) == []
    assert [e for e in table.game.events if isinstance(e, RunnerMoved)] == []
    dice.assert_done()


# --- runner on first: IP2021's worked examples -----------------------------------------


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_ip2021_g6_example_br3_halfway(table: Table, roll: int) -> None:
    """G6: batter GDP 1, pitcher 0, 2B pivot +1, halfway +1 = 3; runner BR 3 is 2 at halfway.

    1-3 double play 6-4-3; 4-5 (the book's "3-5", see README) forced at second; 6 a 6-3 ground out.
    """
    infield(table, "half")
    table.runner(1, br=3)
    dice = table.script((6, roll))
    result = play(table, "G6", at_bat(table, gdp=1))
    gdp = checks(table)[0]
    assert (gdp.name, gdp.target) == ("GDP", 3)
    if roll <= 3:
        assert result == "DP"
        assert outs_made(table) == [("runner-1", 2, "6-4"), ("batter", 0, "6-4-3")]
        assert bases(table) == [None, None, None]
    elif roll <= 5:
        assert result == "G6"
        assert outs_made(table) == [("runner-1", 2, "6-4")]
        assert bases(table) == ["batter", None, None]
        assert checks(table)[1].target == 2
    else:
        assert outs_made(table) == [("batter", 0, "6-3")]
        assert bases(table) == [None, "runner-1", None]
    dice.assert_done()


@pytest.mark.parametrize(("roll", "safe"), [(4, True), (5, False), (6, True)])
def test_ip2021_g6_example_br5_halfway(table: Table, roll: int, safe: bool) -> None:
    """Same G6, runner BR 5 (4 at halfway): 4 and 6 safe at second with a 6-3 out, 5 forced."""
    infield(table, "half")
    table.runner(1, br=5)
    dice = table.script((6, roll))
    play(table, "G6", at_bat(table, gdp=1))
    if safe:
        assert outs_made(table) == [("batter", 0, "6-3")]
        assert bases(table) == [None, "runner-1", None]
    else:
        assert outs_made(table) == [("runner-1", 2, "6-4")]
        assert bases(table) == ["batter", None, None]
    dice.assert_done()


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_ip2021_g4_example_every_roll_a_double_play(table: Table, roll: int) -> None:
    """G4: batter GDP 4, pitcher 0, SS pivot +1, halfway +1 = 6: every roll is a 4-6-3."""
    infield(table, "half")
    table.runner(1, br=3)
    dice = table.script((6, roll))
    assert play(table, "G4", at_bat(table, gdp=4)) == "DP"
    assert outs_made(table) == [("runner-1", 2, "4-6"), ("batter", 0, "4-6-3")]
    assert table.game.state.outs == 2
    dice.assert_done()


def test_ip2007_g4_example_slow_roller_option_a_six_is_no_double_play(table: Table) -> None:
    """IP2007 §9.2's reading of the G4 example: only a 6 is not a double play."""
    slow_roller_2007(table)
    infield(table, "half")
    table.runner(1, br=3)
    dice = table.script((6, 6))
    assert play(table, "G4", at_bat(table, gdp=4)) == "G4"
    assert outs_made(table) == [("batter", 0, "4-3")]
    assert bases(table) == [None, "runner-1", None]
    dice.assert_done()


@pytest.mark.parametrize(("roll", "safe"), [(1, True), (2, True), (3, True), (4, True), (5, False), (6, True)])
def test_older_key_rollins_on_first_no_double_play(table: Table, roll: int, safe: bool) -> None:
    """Rollins (BR 4) on first, no double play: forced at second on a 5, safe on 1-4 and 6."""
    infield(table, "back")
    table.runner(1, br=4, name="rollins")
    dice = table.script((6, roll))
    # Combined GDP 0 (batter -1, pitcher 0, SS pivot +1, back): no roll is a double play.
    play(table, "G4", at_bat(table, gdp=-1))
    if safe:
        assert outs_made(table) == [("batter", 0, "4-3")]
        assert bases(table) == [None, "rollins", None]
    else:
        assert outs_made(table) == [("rollins", 2, "4-6")]
        assert bases(table) == ["batter", None, None]
    dice.assert_done()


@pytest.mark.parametrize(("side", "notation", "pivot"), [(Hand.LEFT, "G1", "SS"), (Hand.RIGHT, "G1", "2B")])
def test_pivot_chart_by_batter_side(table: Table, side: Hand, notation: str, pivot: str) -> None:
    table.runner(1)
    dice = table.script((6, 1))
    play(table, notation, at_bat(table, gdp=0, side=side))
    gdp = checks(table)[0]
    assert (f"pivot {pivot}", 1) in gdp.modifiers
    # IP2021 "Infield Depth": the pitcher fielding adds 1 to the GDP.
    assert ("P fielding", 1) in gdp.modifiers
    assert outs_made(table)[0][2] == ("1-6" if pivot == "SS" else "1-4")
    dice.assert_done()


def test_pitcher_fielding_takes_one_from_the_runner_on_first(table: Table) -> None:
    table.runner(1, br=4)
    # GDP: 0 + 0 + 1 (2B pivot) + 1 (pitcher) = 2; a 4 is no DP; BR 4 - 1 = 3: forced.
    dice = table.script((6, 4))
    play(table, "G1", at_bat(table, gdp=0))
    assert outs_made(table) == [("runner-1", 2, "1-4")]
    assert checks(table)[1].target == 3
    dice.assert_done()


def test_runner_on_first_infielder_in_throws_only_to_first(table: Table) -> None:
    """IP2021 "Infield Depth": an infielder playing in throws home or to first."""
    infield(table, "in")
    table.runner(1)
    dice = table.script()
    play(table, "G6")
    assert outs_made(table) == [("batter", 0, "6-3")]
    assert bases(table) == [None, "runner-1", None]
    dice.assert_done()


def test_pivot_man_playing_in_means_no_double_play(table: Table) -> None:
    """All in, the pitcher fields it: he may throw to second, but the pivot is in: the force only."""
    infield(table, "in")
    table.runner(1, br=2)
    dice = table.script((6, 1))
    assert play(table, "G1", at_bat(table, gdp=6)) == "G1"
    assert [c.name for c in checks(table)] == ["Runner 1 beats the force"]
    assert outs_made(table) == [("batter", 0, "1-3")]
    dice.assert_done()


# --- runner on second ------------------------------------------------------------------


@pytest.mark.parametrize("notation", ["G2", "G3", "G4"])
def test_runner_on_second_advances_on_g2_g3_g4(table: Table, notation: str) -> None:
    table.runner(2, br=1)
    dice = table.script()
    play(table, notation)
    assert bases(table) == [None, None, "runner-2"]
    assert table.game.state.outs == 1
    dice.assert_done()


@pytest.mark.parametrize(("notation", "roll", "third"), [("G1", 3, True), ("G1", 4, False), ("G6", 6, False)])
def test_runner_on_second_g1_g6_on_his_br(table: Table, notation: str, roll: int, third: bool) -> None:
    table.runner(2, br=3)
    dice = table.script((6, roll))
    play(table, notation)
    assert bases(table) == ([None, None, "runner-2"] if third else [None, "runner-2", None])
    dice.assert_done()


def test_runner_on_second_g6_slow_roller_2007_advances_on_a_six(table: Table) -> None:
    slow_roller_2007(table)
    table.runner(2, br=3)
    dice = table.script((6, 6))
    play(table, "G6")
    assert bases(table) == [None, None, "runner-2"]
    dice.assert_done()


@pytest.mark.parametrize(("roll", "third"), [(5, False), (6, True)])
def test_runner_on_second_g5_only_on_a_six(table: Table, roll: int, third: bool) -> None:
    table.runner(2, br=6)
    dice = table.script((6, roll))
    play(table, "G5")
    assert bases(table) == ([None, None, "runner-2"] if third else [None, "runner-2", None])
    dice.assert_done()


# --- runner on third --------------------------------------------------------------------


@pytest.mark.parametrize(("roll", "scores"), [(1, True), (2, False), (3, False), (4, False), (5, False), (6, False)])
def test_ip2021_infield_in_g6_play_at_the_plate(table: Table, roll: int, scores: bool) -> None:
    """IP2021 range example, the play at the plate: infield in, the tying run (BR 3) at third, one out,
    he goes and the shortstop throws home: BR 3 becomes 1, out on 2-6, safe on 1."""
    g = table.game
    g.state.outs = 1
    infield(table, "in")
    table.runner(3, br=3)
    decide(table, "runner_on_third", "go")
    decide(table, "play_at", "plate")
    dice = table.script((6, roll))
    assert play(table, "G6") == "G6"
    assert checks(table)[0].target == 1
    if scores:
        assert outs_made(table) == []
        assert len(runs(table)) == 1
    else:
        assert outs_made(table) == [("runner-3", 4, "6-2")]
        assert runs(table) == []
    assert bases(table) == ["batter", None, None]
    dice.assert_done()


def test_ip2021_infield_in_runner_holds_shortstop_looks_him_back(table: Table) -> None:
    g = table.game
    g.state.outs = 1
    infield(table, "in")
    table.runner(3, br=3)
    dice = table.script()
    play(table, "G6")
    # Auto-manager: BR 3 - 2 = 1 is under 4, so he holds; the only play is at first.
    assert decided(table) == [("runner_on_third", "hold")]
    assert outs_made(table) == [("batter", 0, "6-3")]
    assert bases(table) == [None, None, "runner-3"]
    dice.assert_done()


def test_runner_on_third_infield_back_goes_and_scores_on_the_out_at_first(table: Table) -> None:
    table.at(Situation(inning=2, home=TeamSituation(runs=3)))  # early, not close
    infield(table, "back")
    table.runner(3, br=3)  # 3 + 2 = 5: he goes; early, not close: the out at first
    dice = table.script()
    play(table, "G4")
    assert decided(table) == [("runner_on_third", "go"), ("play_at", "first")]
    assert outs_made(table) == [("batter", 0, "4-3")]
    assert [(r.runner, r.rbi) for r in runs(table)] == [("runner-3", True)]
    dice.assert_done()


def test_auto_manager_throws_home_late_and_close(table: Table) -> None:
    table.at(Situation(inning=9))
    infield(table, "half")
    table.runner(3, br=5)  # 5 - 1 = 4: goes; 4 is above 3, so no throw home
    dice = table.script()
    play(table, "G6")
    assert decided(table) == [("runner_on_third", "go"), ("play_at", "first")]
    dice.assert_done()

    t2 = Table()
    t2.at(Situation(inning=9))
    infield(t2, "half")
    t2.runner(3, br=3)
    decide(t2, "runner_on_third", "go")
    dice = t2.script((6, 3))
    play(t2, "G6")
    assert decided(t2)[-1] == ("play_at", "plate")
    assert outs_made(t2) == [("runner-3", 4, "6-2")]  # BR 3 - 1 = 2: a 3 gets him
    dice.assert_done()


@pytest.mark.parametrize(
    ("inning", "score", "choice"),
    [(7, (0, 0), "first"), (7, (1, 0), "first"), (6, (0, 0), "double_play"), (7, (2, 0), "double_play")],
)
def test_auto_manager_looks_the_runner_back_from_the_7th_when_late_and_close(
    table: Table, inning: int, score: tuple[int, int], choice: str
) -> None:
    # Corners, nobody out, the runner on third holds (BR 1 + 1 < 4). From the 7th inning, within a run
    # (README: "late and close (from the 7th, within a run)"), the defense keeps the run off the board and
    # takes the out at first; earlier, or two runs apart, it turns two and lets the run score.
    table.at(Situation(inning=inning, away=TeamSituation(runs=score[0]), home=TeamSituation(runs=score[1])))
    infield(table, "half")
    table.runner(1, br=3)
    table.runner(3, br=1)
    dice = table.script(*([(6, 1)] if choice == "double_play" else []))
    play(table, "G6", at_bat(table, gdp=1))
    assert decided(table) == [("runner_on_third", "hold"), ("play_at", choice)]
    dice.assert_done()


def test_slow_roller_2007_at_the_plate(table: Table) -> None:
    slow_roller_2007(table)
    infield(table, "in")
    table.runner(3, br=3)
    decide(table, "runner_on_third", "go")
    decide(table, "play_at", "plate")
    dice = table.script((6, 6))
    play(table, "G6")
    assert outs_made(table) == [("batter", 0, "6-3")]
    assert len(runs(table)) == 1
    dice.assert_done()


# --- first and second ---------------------------------------------------------------------


@pytest.mark.parametrize(("roll", "result"), [(1, "dp"), (5, "force"), (6, "safe")])
def test_first_and_second_double_play_try_runner_on_second_to_third(table: Table, roll: int, result: str) -> None:
    infield(table, "half")
    table.runner(1, br=3)
    table.runner(2, br=3)
    dice = table.script((6, roll))
    play(table, "G6", at_bat(table, gdp=1))
    if result == "dp":
        assert outs_made(table) == [("runner-1", 2, "6-4"), ("batter", 0, "6-4-3")]
        assert bases(table) == [None, None, "runner-2"]
    elif result == "force":
        assert outs_made(table) == [("runner-1", 2, "6-4")]
        assert bases(table) == ["batter", None, "runner-2"]
    else:
        assert outs_made(table) == [("batter", 0, "6-3")]
        assert bases(table) == [None, "runner-1", "runner-2"]
    dice.assert_done()


def test_first_and_second_one_out_double_play_ends_the_inning(table: Table) -> None:
    table.game.state.outs = 1
    table.runner(1)
    table.runner(2)
    dice = table.script((6, 1))
    assert play(table, "G6") == "DP"
    assert table.game.state.outs == 3
    assert [e for e in table.game.events if isinstance(e, RunnerMoved)] == []
    dice.assert_done()


@pytest.mark.parametrize(
    ("gdp_roll", "outs", "on_base"), [(1, 2, [None, "runner-1", None]), (6, 1, [None, "runner-1", "runner-2"])]
)
def test_g5_toward_the_line_5_3_double_play_on_the_runner_from_second(
    table: Table, gdp_roll: int, outs: int, on_base: list[str | None]
) -> None:
    """G5, 1-2: toward the line; no pivot, the runner from second's BR; the runner on first takes second."""
    table.runner(1, br=3)
    table.runner(2, br=3)
    dice = table.script((6, 2), (6, gdp_roll))
    play(table, "G5")
    gdp = checks(table)[0]
    assert not any(name.startswith("pivot") for name, _ in gdp.modifiers)
    assert table.game.state.outs == outs
    assert bases(table) == on_base
    if gdp_roll == 1:
        assert outs_made(table) == [("runner-2", 3, "5U"), ("batter", 0, "5-3")]
    dice.assert_done()


@pytest.mark.parametrize(("roll", "forced"), [(1, True), (5, True), (6, False)])
def test_g5_right_at_him_force_at_third(table: Table, roll: int, forced: bool) -> None:
    table.runner(1)
    table.runner(2)
    decide(table, "force_or_double_play", "force")
    dice = table.script((6, 3), (6, roll))
    play(table, "G5")
    if forced:
        assert outs_made(table) == [("runner-2", 3, "5U")]
        assert bases(table) == ["batter", "runner-1", None]
    else:
        assert outs_made(table) == [("batter", 0, "5-3")]
        assert bases(table) == [None, "runner-1", "runner-2"]
    dice.assert_done()


def test_g5_right_at_him_auto_manager_tries_the_5_4_3(table: Table) -> None:
    table.runner(1)
    table.runner(2)
    # combined GDP 2 + 0 + 1 (2B pivot) = 3: try the double play
    dice = table.script((6, 4), (6, 3))
    assert play(table, "G5") == "DP"
    assert decided(table) == [("force_or_double_play", "double_play")]
    assert outs_made(table) == [("runner-1", 2, "5-4"), ("batter", 0, "5-4-3")]
    assert bases(table) == [None, None, "runner-2"]
    dice.assert_done()


def test_g5_in_the_hole_5_4_3_try(table: Table) -> None:
    table.runner(1, br=6)
    table.runner(2)
    dice = table.script((6, 6), (6, 4))  # in the hole; GDP 3: a 4 is no DP; BR 6: safe
    play(table, "G5")
    assert decided(table) == []
    assert outs_made(table) == [("batter", 0, "5-3")]
    assert bases(table) == [None, "runner-1", "runner-2"]
    dice.assert_done()


def test_first_and_second_infielder_in_out_at_first_runners_move_up(table: Table) -> None:
    infield(table, "in")
    table.runner(1)
    table.runner(2)
    dice = table.script()
    play(table, "G5")
    assert outs_made(table) == [("batter", 0, "5-3")]
    assert bases(table) == [None, "runner-1", "runner-2"]
    dice.assert_done()


# --- first and third ------------------------------------------------------------------------


def test_first_and_third_runner_goes_double_play_run_scores_without_rbi(table: Table) -> None:
    infield(table, "half")
    table.runner(1)
    table.runner(3, br=5)  # 5 - 1 = 4: he goes; early: turn two
    dice = table.script((6, 1))
    assert play(table, "G6") == "DP"
    assert decided(table) == [("runner_on_third", "go"), ("play_at", "double_play")]
    assert [(r.runner, r.rbi) for r in runs(table)] == [("runner-3", False)]
    assert bases(table) == [None, None, None]
    dice.assert_done()


def test_first_and_third_one_out_double_play_no_run(table: Table) -> None:
    table.game.state.outs = 1
    infield(table, "half")
    table.runner(1)
    table.runner(3, br=5)
    dice = table.script((6, 1))
    assert play(table, "G6") == "DP"
    assert runs(table) == []
    dice.assert_done()


def test_first_and_third_runner_holds_defense_looks_him_back(table: Table) -> None:
    infield(table, "half")
    table.runner(1)
    table.runner(3, br=3)  # 3 - 1 = 2: holds
    decide(table, "runner_on_third", "hold")
    decide(table, "play_at", "first")
    dice = table.script()
    play(table, "G6")
    assert outs_made(table) == [("batter", 0, "6-3")]
    assert bases(table) == [None, "runner-1", "runner-3"]
    assert runs(table) == []
    dice.assert_done()


def test_first_and_third_runner_holds_defense_turns_two_and_lets_him_score(table: Table) -> None:
    infield(table, "half")
    table.runner(1)
    table.runner(3, br=3)
    dice = table.script((6, 2))
    play(table, "G6")
    assert decided(table) == [("runner_on_third", "hold"), ("play_at", "double_play")]
    assert len(runs(table)) == 1
    dice.assert_done()


def test_first_and_third_play_at_the_plate_batter_safe_runner_to_second(table: Table) -> None:
    infield(table, "in")
    table.runner(1)
    table.runner(3, br=4)
    decide(table, "runner_on_third", "go")
    decide(table, "play_at", "plate")
    dice = table.script((6, 3))  # 4 - 2 = 2: out
    play(table, "G4")
    assert outs_made(table) == [("runner-3", 4, "4-2")]
    assert bases(table) == ["batter", "runner-1", None]
    dice.assert_done()


# --- second and third, bases loaded -----------------------------------------------------------


def test_second_and_third_runner_from_second_takes_third_when_the_runner_from_third_goes(table: Table) -> None:
    """README: IP2021 moves the runner from second to third whenever the runner from third goes."""
    infield(table, "in")
    table.runner(2)
    table.runner(3, br=3)
    decide(table, "runner_on_third", "go")
    decide(table, "play_at", "plate")
    dice = table.script((6, 4))
    play(table, "G6")
    assert outs_made(table) == [("runner-3", 4, "6-2")]
    assert bases(table) == ["batter", None, "runner-2"]
    dice.assert_done()


def test_second_and_third_runner_holds_both_stay(table: Table) -> None:
    infield(table, "in")
    table.runner(2)
    table.runner(3, br=3)
    dice = table.script()
    play(table, "G6")
    assert bases(table) == [None, "runner-2", "runner-3"]
    dice.assert_done()


@pytest.mark.parametrize(("roll", "result"), [(1, "dp"), (2, "force"), (6, "safe")])
def test_bases_loaded_infield_in_home_to_first(table: Table, roll: int, result: str) -> None:
    """IP2007 §9.8: infield in, a home-to-first double play try, the catcher's pivot zero."""
    infield(table, "in")
    for base in (1, 2, 3):
        table.runner(base, br=3)
    dice = table.script((6, roll))  # GDP 1 + 0 + 0 (catcher) + 0 (in); BR 3 - 2 = 1
    play(table, "G6", at_bat(table, gdp=1))
    assert decided(table) == [("play_at", "home_double_play")]
    if result == "dp":
        assert outs_made(table) == [("runner-3", 4, "6-2"), ("batter", 0, "6-2-3")]
        assert bases(table) == [None, "runner-1", "runner-2"]
    elif result == "force":
        assert outs_made(table) == [("runner-3", 4, "6-2")]
        assert bases(table) == ["batter", "runner-1", "runner-2"]
    else:
        assert outs_made(table) == [("batter", 0, "6-3")]
        assert bases(table) == [None, "runner-1", "runner-2"]
        assert len(runs(table)) == 1
    dice.assert_done()


def test_bases_loaded_infield_back_no_home_double_play(table: Table) -> None:
    infield(table, "back")
    for base in (1, 2, 3):
        table.runner(base)
    decide(table, "play_at", "first")
    dice = table.script()
    play(table, "G6")
    assert outs_made(table) == [("batter", 0, "6-3")]
    assert bases(table) == [None, "runner-1", "runner-2"]
    assert [(r.runner, r.rbi) for r in runs(table)] == [("runner-3", True)]
    dice.assert_done()


def test_bases_loaded_infield_back_offers_no_home_double_play(table: Table) -> None:
    infield(table, "back")
    for base in (1, 2, 3):
        table.runner(base)
    decide(table, "play_at", "home_double_play")
    table.script((6, 1))
    with pytest.raises(ReplayMismatch, match="play_at"):
        play(table, "G6")
