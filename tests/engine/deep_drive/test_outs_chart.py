"""DDB "Outs Chart": every code in each base state it changes, with scripted dice.

Each case is one plate appearance: the leadoff man's card reads OUT (40, mod 1) and his OUTS give
the code under test; the runners are stated. Bases after the play name who stands where.
"""

from __future__ import annotations

import pytest

from engine.deep_drive.outs import OutsChartError, chart, parse
from engine.events import PlateAppearanceEnded, RunnerOut
from tests.engine.deep_drive.helpers import answers, at, bases, dice, hitter, pct, register, runner, two


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


def R(n: int, run: str = "avg") -> object:
    return runner(f"r{n}", run)


def on(state: str, **runs: str) -> tuple[object, object, object]:
    return tuple(R(n, runs.get(f"r{n}", "avg")) if str(n) in state else None for n in (1, 2, 3))  # type: ignore[return-value]


# (code, state, outs before, runs by runner, home ratings, choice, bases after, outs after, runs)
GROUND = [
    # G1 / G2: to the pitcher, to the catcher.
    ("G1", "1", 0, {}, {}, None, ("hitter", "-", "-"), 1, 0),
    ("G1", "2", 0, {}, {}, None, ("-", "r2", "-"), 1, 0),
    ("G1", "3", 0, {}, {}, None, ("-", "-", "r3"), 1, 0),
    ("G1", "12", 0, {"r2": "S"}, {}, None, ("hitter", "r1", "-"), 1, 0),  # the slower man on 2nd is out at 3rd
    ("G1", "12", 0, {}, {}, None, ("hitter", "-", "r2"), 1, 0),
    ("G1", "13", 0, {}, {}, None, ("-", "r1", "r3"), 1, 0),
    ("G1", "23", 0, {}, {}, None, ("-", "r2", "r3"), 1, 0),
    ("G1", "123", 0, {}, {}, None, ("hitter", "r1", "r2"), 1, 0),
    ("G2", "12", 0, {"r2": "VS", "r1": "S"}, {}, None, ("hitter", "r1", "-"), 1, 0),
    ("G2", "123", 0, {}, {}, None, ("hitter", "r1", "r2"), 1, 0),
    # G1h: hard to the pitcher.
    ("G1h", "1", 0, {}, {}, None, ("-", "-", "-"), 2, 0),
    ("G1h", "1", 2, {}, {}, None, ("r1", "-", "-"), 3, 0),  # two out: the batter is out
    ("G1h", "12", 0, {}, {}, None, ("-", "-", "r2"), 2, 0),  # the double play (the suggestion)
    ("G1h", "12", 0, {}, {}, "third", ("hitter", "r1", "-"), 1, 0),
    ("G1h", "13", 0, {}, {}, None, ("-", "-", "-"), 2, 1),  # two, and the run scores
    ("G1h", "13", 0, {"r3": "S"}, {}, None, ("-", "-", "r3"), 2, 0),  # a slow man holds
    ("G1h", "13", 0, {}, {}, "hold", ("-", "r1", "r3"), 1, 0),
    ("G1h", "123", 0, {}, {}, None, ("-", "r1", "r2"), 2, 0),
    ("G4h", "12", 2, {}, {}, None, ("-", "r2", "-"), 3, 0),  # two out: the force at second ends it
    ("G1s", "123", 0, {}, {}, None, ("-", "r1", "r2"), 1, 1),
    ("G2s", "12", 1, {}, {}, None, ("-", "r1", "r2"), 2, 0),
    # G3: to first.
    ("G3", "2", 0, {}, {}, None, ("-", "-", "r2"), 1, 0),
    ("G3", "12", 0, {}, {}, None, ("hitter", "-", "r2"), 1, 0),
    ("G3", "13", 0, {}, {}, None, ("-", "r1", "r3"), 1, 0),
    ("G3h", "1", 0, {}, {}, None, ("-", "-", "-"), 2, 0),
    ("G3h", "2", 0, {}, {}, None, ("-", "-", "r2"), 1, 0),
    ("G3h", "12", 0, {}, {}, None, ("-", "-", "r2"), 2, 0),
    ("G3h", "12", 0, {}, {"1B": 5}, None, ("-", "r1", "-"), 2, 0),  # a 5 throws across for the lead runner
    ("G3h", "12", 0, {"r2": "F"}, {"1B": 5}, None, ("-", "-", "r2"), 2, 0),  # ... not a fast one
    ("G3h", "13", 0, {}, {}, None, ("-", "-", "-"), 2, 1),
    ("G3h", "123", 0, {}, {}, None, ("-", "r1", "r2"), 2, 0),
    ("G3s", "3", 0, {}, {}, None, ("-", "-", "-"), 1, 1),
    # G4: to second.
    ("G4", "3", 0, {}, {}, None, ("-", "-", "-"), 1, 1),
    ("G4", "12", 0, {}, {}, None, ("hitter", "-", "r2"), 1, 0),
    ("G4", "13", 0, {}, {}, None, ("hitter", "-", "-"), 1, 1),
    ("G4", "23", 0, {}, {}, None, ("-", "-", "r2"), 1, 1),
    ("G4", "123", 0, {}, {}, None, ("hitter", "-", "r2"), 1, 1),
    ("G4h", "1", 0, {}, {}, None, ("-", "-", "-"), 2, 0),
    ("G4h", "3", 0, {}, {}, None, ("-", "-", "-"), 1, 1),
    ("G4h", "12", 0, {}, {}, None, ("-", "-", "r2"), 2, 0),
    ("G4h", "12", 0, {"r2": "S"}, {"2B": 5}, None, ("-", "r1", "-"), 2, 0),  # a 5 forces a slow lead runner
    ("G4h", "13", 0, {}, {}, None, ("-", "-", "-"), 2, 1),
    ("G4h", "13", 1, {}, {}, None, ("-", "-", "r3"), 3, 0),  # the double play ends it: no run, he is left on
    ("G4h", "23", 0, {}, {}, None, ("-", "-", "r2"), 1, 1),
    ("G4h", "123", 0, {}, {}, None, ("-", "-", "r2"), 2, 1),
    # G5: to third.
    ("G5", "12", 0, {}, {}, None, ("hitter", "-", "r2"), 1, 0),
    ("G5", "12", 0, {"r2": "S"}, {}, None, ("hitter", "r1", "-"), 1, 0),
    ("G5", "12", 0, {}, {"3B": 5}, None, ("hitter", "r1", "-"), 1, 0),
    ("G5", "13", 0, {}, {"3B": 3}, None, ("hitter", "-", "-"), 1, 1),
    ("G5", "13", 0, {}, {"3B": 4}, None, ("hitter", "-", "r3"), 1, 0),
    ("G5", "13", 1, {}, {"3B": 3}, None, ("hitter", "-", "-"), 2, 1),
    ("G5", "123", 0, {}, {}, None, ("hitter", "r1", "r2"), 1, 0),
    ("G5h", "1", 0, {}, {}, None, ("-", "-", "-"), 2, 0),
    ("G5h", "13", 0, {}, {}, "hold", ("-", "r1", "r3"), 1, 0),
    ("G5h", "123", 0, {}, {}, None, ("-", "r1", "r2"), 2, 0),
    ("G5s", "23", 0, {}, {}, None, ("-", "-", "r2"), 1, 1),
    # G6: to short.
    ("G6", "3", 0, {}, {}, None, ("-", "-", "-"), 1, 1),
    ("G6", "12", 0, {}, {}, None, ("hitter", "-", "r2"), 1, 0),
    ("G6", "12", 0, {}, {"SS": 5}, None, ("hitter", "r1", "-"), 1, 0),
    ("G6", "13", 0, {}, {}, None, ("hitter", "-", "-"), 1, 1),
    ("G6", "23", 0, {}, {}, None, ("-", "r2", "-"), 1, 1),
    ("G6", "123", 0, {}, {}, None, ("hitter", "-", "r2"), 1, 1),
    ("G6h", "1", 0, {}, {}, None, ("-", "-", "-"), 2, 0),
    ("G6h", "12", 0, {"r2": "VS"}, {"SS": 5}, None, ("-", "r1", "-"), 2, 0),
    ("G6h", "13", 0, {}, {}, None, ("-", "-", "-"), 2, 1),
    ("G6h", "23", 0, {}, {}, None, ("-", "r2", "-"), 1, 1),
    ("G6h", "123", 0, {}, {}, None, ("-", "-", "r2"), 2, 1),
    ("G6s", "12", 0, {}, {}, None, ("-", "r1", "r2"), 1, 0),
]


@pytest.mark.parametrize(
    ("code", "state", "outs", "runs", "ratings", "choice", "after", "outs_after", "scored"), GROUND
)
def test_ground_balls(
    code: str,
    state: str,
    outs: int,
    runs: dict[str, str],
    ratings: dict[str, int],
    choice: str | None,
    after: tuple[str, str, str],
    outs_after: int,
    scored: int,
) -> None:
    auto = answers(ground_ball=choice) if choice else None
    game = at(hitter(code), dice(pct(40, 1)), runners=on(state, **runs), outs=outs, home_ratings=ratings, auto=auto)
    assert (bases(game), game.state.outs, game.state.away.runs) == (after, outs_after, scored)


def test_g5h_reads_the_tens_die() -> None:
    """DDB "Outs Chart" G5h, first and second: a 10s die of 0 or 5 forces the lead runner at third."""
    chances = {"OUT": "00-19", "SO": "20-49"}
    tens_0 = at(hitter("G5h", chances), dice(pct(5, 1)), runners=on("12"))
    tens_1 = at(hitter("G5h", chances), dice(pct(15, 1)), runners=on("12"))
    assert bases(tens_0) == ("-", "r1", "-") and tens_0.state.outs == 2
    assert bases(tens_1) == ("-", "-", "r2") and tens_1.state.outs == 2


def test_a_run_on_a_double_play_is_no_rbi() -> None:
    game = at(hitter("G4h"), dice(pct(40, 1)), runners=on("13"))
    result = next(e for e in game.events if isinstance(e, PlateAppearanceEnded))
    assert (result.result, result.rbi, game.state.away.runs) == ("DP", 0, 1)


def test_a_run_on_a_ground_out_is_an_rbi() -> None:
    game = at(hitter("G6"), dice(pct(40, 1)), runners=on("3"))
    result = next(e for e in game.events if isinstance(e, PlateAppearanceEnded))
    assert (result.result, result.rbi) == ("GO", 1)


# --- fly balls: tag-ups by the Baserunner Advancement Chart (automatic: the ? ignored) --------

FLIES = [
    ("F8", "3", {"r3": "avg"}, ("-", "-", "-"), 1),  # F8 3rd to home, avg: YES
    ("F8", "3", {"r3": "VS"}, ("-", "-", "r3"), 0),  # NO?: holds
    ("F7", "3", {"r3": "S"}, ("-", "-", "r3"), 0),  # F7 S: NO?
    ("F7", "3", {"r3": "avg"}, ("-", "-", "-"), 1),  # YES?
    ("F9", "2", {"r2": "avg"}, ("-", "r2", "-"), 0),  # F9 2nd to 3rd avg: NO?
    ("F9", "2", {"r2": "F"}, ("-", "-", "r2"), 0),  # YES?
    ("F8d", "3", {"r3": "VS"}, ("-", "-", "-"), 1),  # deep: YES?
    ("F8d", "2", {"r2": "avg"}, ("-", "r2", "-"), 0),  # F8d 2nd avg: NO?
    ("F9d", "23", {"r2": "S", "r3": "S"}, ("-", "r2", "-"), 1),  # r3 scores; F9d 2nd S: NO?
    ("F8d", "1", {"r1": "VF"}, ("r1", "-", "-"), 0),  # off OUTS, no 1st-to-2nd row: holds
    ("F8s", "3", {"r3": "VF"}, ("-", "-", "r3"), 0),  # shallow: runners hold
    ("F7s", "123", {}, ("r1", "r2", "r3"), 0),
]


@pytest.mark.parametrize(("code", "state", "runs", "after", "scored"), FLIES)
def test_fly_balls(code: str, state: str, runs: dict[str, str], after: tuple[str, str, str], scored: int) -> None:
    game = at(hitter(code), dice(pct(40, 1)), runners=on(state, **runs))
    assert (bases(game), game.state.outs, game.state.away.runs) == (after, 1, scored)


def test_a_run_on_a_fly_out_is_a_sacrifice_fly() -> None:
    game = at(hitter("F8"), dice(pct(40, 1)), runners=on("3"))
    result = next(e for e in game.events if isinstance(e, PlateAppearanceEnded))
    assert (result.result, result.notation, result.rbi) == ("SF", "F8", 1)


def test_nobody_tags_after_the_third_out() -> None:
    game = at(hitter("F8"), dice(pct(40, 1)), runners=on("3"), outs=2)
    assert game.state.away.runs == 0 and game.state.outs == 3


# --- line drives ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "state", "rolls", "after", "outs_after"),
    [
        ("L6", "12", [5, 25], ("-", "-", "-"), 3),  # 2nd doubled off, then 1st: a triple play
        ("L6", "12", [5, 30], ("r1", "-", "-"), 2),  # 30: no triple play
        ("L6", "12", [10], ("r1", "r2", "-"), 1),  # 10: nobody doubled off
        ("L4", "13", [9, 29], ("-", "-", "-"), 3),  # 1st, then 3rd
        ("L3", "23", [0, 50], ("-", "-", "r3"), 2),  # 1st, 2nd then 3rd: the man on 2nd
        ("L5", "12", [0, 99], ("r1", "-", "-"), 2),  # 3rd, 2nd, then 1st
    ],
)
def test_line_drives(code: str, state: str, rolls: list[int], after: tuple[str, str, str], outs_after: int) -> None:
    game = at(hitter(code), dice(pct(40, 1), *(two(r) for r in rolls)), runners=on(state))
    assert (bases(game), game.state.outs) == (after, outs_after)


def test_a_line_out_with_nobody_on_rolls_nothing_more() -> None:
    game = at(hitter("L4"), dice(pct(40, 1)))
    assert game.state.outs == 1


def test_l1_from_49_and_mod_0() -> None:
    """DDB "Outs Chart" note: an out at 49 with the mod die 0 is a line out to the pitcher (lead runner doubled off)."""
    game = at(hitter("G6"), dice(pct(49, 0), two(3)), runners=on("12"))
    outs = [e.how for e in game.events if isinstance(e, RunnerOut)]
    assert outs == ["L1", "L1 doubled off"] and bases(game) == ("r1", "-", "-")


def test_an_out_at_48_with_mod_0_is_the_card_s() -> None:
    game = at(hitter("G6"), dice(pct(48, 0)))
    assert [e.how for e in game.events if isinstance(e, RunnerOut)] == ["G6"]


# --- pop-ups -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "reading", "caught_by"),
    [("Pf", 41, "P2"), ("Pf", 42, "P3"), ("Pm", 43, "P4"), ("Pm", 44, "P6"), ("P5", 40, "P5")],
)
def test_pop_ups(code: str, reading: int, caught_by: str) -> None:
    """DDB "Outs Chart" Pf, Pm: an odd 1s die is P2 (P4), an even one P3 (P6). Runners hold."""
    game = at(hitter(code), dice(pct(reading, 1)), runners=on("123"))
    assert [e.how for e in game.events if isinstance(e, RunnerOut)] == [caught_by]
    assert bases(game) == ("r1", "r2", "r3")


# --- the infield in, the corners in, playing it safe, the outfield in -------------------------


@pytest.mark.parametrize(
    ("code", "state", "infield", "safe", "after", "outs_after", "scored"),
    [
        ("G6", "3", "in", False, ("hitter", "-", "-"), 1, 0),  # thrown out at home
        ("G6", "3", "in", True, ("-", "-", "r3"), 1, 0),  # safe: he holds, the batter is out
        # safe: "the runner holds at 3rd with other runners moving up one base"; the batter out at 1st
        ("G6", "13", "in", True, ("-", "r1", "r3"), 1, 0),
        ("G5", "23", "in", True, ("-", "r2", "r3"), 1, 0),  # r2 cannot move up: third is held
        ("G6", "123", "in", False, ("hitter", "r1", "r2"), 1, 0),  # forced: out at the plate
        ("G6h", "3", "in", False, ("-", "-", "r3"), 1, 0),  # hard grounder: he holds
        ("G4h", "23", "in", False, ("-", "r2", "r3"), 1, 0),  # he holds, so the man on 2nd does
        ("G4s", "123", "in", False, ("hitter", "r1", "r2"), 1, 0),  # forced: out at the plate
        ("G4h", "123", "in", False, ("-", "r1", "r2"), 2, 0),  # forced, then the batter: home to first
        ("G4", "3", "corners", False, ("-", "-", "-"), 1, 1),  # the middle stays back: the run scores
        ("G5", "3", "corners", False, ("hitter", "-", "-"), 1, 0),
    ],
)
def test_infield_in(
    code: str, state: str, infield: str, safe: bool, after: tuple[str, str, str], outs_after: int, scored: int
) -> None:
    """DDB "Infield In", "Infield In at the Corners", "Playing it Safe"."""
    auto = answers(infield=infield, offense="safe" if safe else "swing")
    game = at(hitter(code), dice(pct(40, 1)), runners=on(state), auto=auto)
    assert (bases(game), game.state.outs, game.state.away.runs) == (after, outs_after, scored)


@pytest.mark.parametrize(
    ("code", "infield", "safe", "after", "scored"),
    [
        ("L4", "in", False, ("hitter", "-", "-"), 1),  # a single: runners take two (r1 to 3rd... and r3 home)
        ("L4", "in", True, ("hitter", "r1", "-"), 1),
        ("L4", "corners", False, ("r1", "-", "r3"), 0),  # not at the corners: a line out (no double off: 10)
        ("L5", "corners", False, ("hitter", "-", "-"), 1),
    ],
)
def test_line_drives_through_a_drawn_in_infield(
    code: str, infield: str, safe: bool, after: tuple[str, str, str], scored: int
) -> None:
    extra = [] if code == "L5" or infield == "in" else [two(10)]
    game = at(
        hitter(code),
        dice(pct(40, 1), *extra),
        runners=(R(1), None, R(3)),
        auto=answers(infield=infield, offense="safe" if safe else "swing"),
    )
    assert (game.state.away.runs, bases(game)[0]) == (scored, after[0])


def test_outfield_in_turns_a_fly_into_a_deep_fly_and_the_winning_run_scores() -> None:
    """DDB "Outfield In": bottom of the 9th, tied, winning run on third; F8 plays as F8d (r3 VS: YES?)."""
    game = at(hitter("F8"), dice(pct(40, 1)), runners=on("3", r3="VS"), inning=9, top=False, outs=1)
    assert game.state.over and game.state.home.runs == 1


def test_outfield_in_a_deep_fly_is_the_winning_single() -> None:
    game = at(hitter("F9d"), dice(pct(40, 1)), runners=on("3", r3="VS"), inning=9, top=False, outs=2)
    result = next(e for e in game.events if isinstance(e, PlateAppearanceEnded))
    assert game.state.over and result.result == "1B"


def test_outfield_normal_the_fly_is_the_third_out() -> None:
    game = at(
        hitter("F8"), dice(pct(40, 1)), runners=on("3"), inning=9, top=False, outs=2, auto=answers(outfield="normal")
    )
    assert not game.state.over and game.state.outs == 3


# --- the table itself ----------------------------------------------------------------------


def test_every_code_a_card_may_print_is_charted() -> None:
    from cards.deep_drive.notation import OUT_CODES

    assert OUT_CODES | {"L1"} == set(chart())


def test_a_bad_cell_names_the_file_code_and_state() -> None:
    with pytest.raises(OutsChartError, match=r"outs.toml: Outs Chart, G1 12: 'R4 2' is not a step"):
        parse(
            {
                "G1": {
                    "fielder": "P",
                    "kind": "ground",
                    **{s: "B out" for s in ("1", "2", "3", "13", "23", "123")},
                    "12": "R4 2",
                }
            }
        )
    with pytest.raises(OutsChartError, match=r"G1 3: 'R1 2': nobody is on 1"):
        parse(
            {
                "G1": {
                    "fielder": "P",
                    "kind": "ground",
                    **{s: "B out" for s in ("1", "2", "12", "13", "23", "123")},
                    "3": "R1 2",
                }
            }
        )
