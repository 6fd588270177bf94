"""The game ends the moment the winning run scores (Official Baseball Rules 5.08(b), 9.06(f), 9.04).

Each test sets the bottom of the 9th (or another inning) on the conftest's table,
gives the home batter a card whose every cell reads one result and the away
pitcher a card whose every cell reads one result, scripts the dice, and plays one
plate appearance through ``flow.plate_appearance``, the path a game takes.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cards.models import Pitcher
from engine.boxscore import box_score
from engine.events import (
    ErrorCharged,
    Event,
    GameEnded,
    HalfInningStarted,
    PlateAppearanceEnded,
    PlateAppearanceStarted,
    RunnerMoved,
    RunnerOut,
    RunScored,
)
from engine.game import Game
from engine.inside_pitch import flow
from engine.requests import Request
from engine.setup import LineupSpot
from engine.situation import Situation, TeamSituation
from engine.walk_offs import game_decided
from tests.engine.conftest import Table
from tests.engine.helpers import SEAVER, clone_batter

BATTER = "home-c"  # the home team's lead-off man, up first
PITCHER = "away-p"
NO_STRATEGY = (20, 12)  # the strategy roll with men on: the calls are the managers' (``calls``)
BLANK = ((6, 1), (6, 1))  # the pitcher's card: a blank cell, read the batter's card
BATTER_CARD = ((6, 1), (6, 1))  # any cell of the batter's one-result card

# --- arranging the situation -----------------------------------------------------------


def situation(table: Table, away: int = 3, home: int = 3, inning: int = 9, top: bool = False, outs: int = 0) -> Game:
    """The score, the half inning and the outs; the half inning's start is in the events (the box score reads it)."""
    g = table.at(
        Situation(inning=inning, top=top, outs=outs, away=TeamSituation(runs=away), home=TeamSituation(runs=home))
    )
    g.events.append(HalfInningStarted(inning, top, g.state.batting.key))
    calls(table)
    return g


def calls(table: Table, **choices: str) -> None:
    """The managers' answers by request kind (defense, offense, play_at ...); otherwise the suggestion.

    The defense pitches, the offense swings away and the infield plays back unless told otherwise.
    """
    answers = {"defense": "pitch", "offense": "swing", "infield_depth": "back", **choices}

    def answer(request: Request) -> str:
        choice = answers.get(request.kind, request.suggestion)
        if request.kind == "defense" and choice == "pitch" and choice not in request.option_keys():
            choice = "pitch:back"  # the defense sets its infield with its call (runners on, < 2 outs)
        return choice

    table.game.auto_manager = answer


def batter_reads(table: Table, reading: str, **changes: object) -> None:
    """Every cell of the batter's card (the one now up for the batting team) reads ``reading``."""
    team = table.game.state.batting
    spot = team.order[team.up]
    card = clone_batter(spot.batter, spot.batter.id, matrix=[[reading] * 6] * 6, **changes)
    team.order[team.up] = LineupSpot(card, spot.position)


def pitcher_reads(table: Table, reading: str, **changes: object) -> None:
    """Every cell of the fielding team's pitcher's card reads ``reading``."""
    team = table.game.state.fielding
    data = {**SEAVER.model_dump(mode="json"), "id": team.pitcher.id, "name": team.pitcher.name}
    team.pitcher = Pitcher.model_validate({**data, "matrix": [[reading] * 6] * 6, **changes})


def bases_loaded(table: Table) -> None:
    for base in (1, 2, 3):
        table.runner(base)


def play(table: Table, *rolls: tuple[int, int]) -> Game:
    dice = table.script(*rolls)
    flow.plate_appearance(table.game)
    dice.assert_done()
    return table.game


# --- reading the events -----------------------------------------------------------------


def told(event: Event) -> tuple[object, ...]:
    """An event as a short tuple for exact comparisons."""
    if isinstance(event, RunnerMoved):
        return ("moved", event.runner, event.start, event.end, event.reason)
    if isinstance(event, RunScored):
        return ("run", event.runner, event.rbi)
    if isinstance(event, RunnerOut):
        return ("out", event.runner, event.base, event.how)
    if isinstance(event, PlateAppearanceEnded):
        return ("result", event.batter, event.result, event.outs_made, event.rbi)
    if isinstance(event, GameEnded):
        return ("final", event.away_runs, event.home_runs, event.innings)
    if isinstance(event, ErrorCharged):
        return ("error", event.position, event.kind)
    return (event.type,)


PLAY_EVENTS = (RunnerMoved, RunScored, RunnerOut, PlateAppearanceEnded, GameEnded, ErrorCharged)


def plays(g: Game) -> list[tuple[object, ...]]:
    """What happened on the bases and the scorer's record, in order (rolls and readings left out)."""
    return [told(e) for e in g.events if isinstance(e, PLAY_EVENTS)]


def after_winning_run(g: Game) -> list[type[Event]]:
    """The kinds of event that follow the run that gave the home team the lead."""
    index = max(i for i, e in enumerate(g.events) if isinstance(e, RunScored))
    return [type(e) for e in g.events[index + 1 :]]


def assert_final(g: Game, away: int, home: int, innings: int = 9) -> None:
    assert g.state.over
    assert (g.state.away.runs, g.state.home.runs) == (away, home)
    assert isinstance(g.events[-1], GameEnded)
    assert told(g.events[-1]) == ("final", away, home, innings)


def batting_line(g: Game, player: str = BATTER) -> tuple[int, ...]:
    """PA AB H 2B 3B HR RBI BB HBP SF SH of a home batter in the box score."""
    b = next(b for b in box_score(g).home.batting if b.player == player)
    return (b.pa, b.ab, b.h, b.doubles, b.triples, b.hr, b.rbi, b.bb, b.hbp, b.sf, b.sh)


GameCheck = Callable[[Game], None]


# --- hits (OBR 9.06(f)) ------------------------------------------------------------------


def test_walk_off_single_ends_the_game_on_the_winning_run(table: Table) -> None:
    """OBR 5.08(b): a single scores the man from third with the score tied; nothing is played after."""
    situation(table)
    table.runner(3)
    batter_reads(table, "S8")
    pitcher_reads(table, "")
    g = play(table, NO_STRATEGY, *BLANK, *BATTER_CARD)
    assert plays(g) == [
        ("moved", "runner-3", 3, 4, "hit"),
        ("moved", BATTER, 0, 1, "hit"),
        ("run", "runner-3", True),
        ("result", BATTER, "S8", 0, 1),
        ("final", 3, 4, 9),
    ]
    assert after_winning_run(g) == [PlateAppearanceEnded, GameEnded]
    assert_final(g, 3, 4)
    assert batting_line(g) == (1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0)


def test_bases_loaded_double_with_the_score_tied_is_a_single_and_ends_4_3(table: Table) -> None:
    """OBR 9.06(f): only the winning run counts; the batter is credited with one base, as the man from third."""
    situation(table)
    bases_loaded(table)
    batter_reads(table, "D8")
    pitcher_reads(table, "")
    g = play(table, NO_STRATEGY, *BLANK, *BATTER_CARD)
    assert plays(g) == [
        ("moved", "runner-3", 3, 4, "hit"),
        # The batter reaches first and forces the men on first and second up a base.
        ("moved", "runner-2", 2, 3, "hit"),
        ("moved", "runner-1", 1, 2, "hit"),
        ("moved", BATTER, 0, 1, "hit"),
        ("run", "runner-3", True),
        ("result", BATTER, "S8", 0, 1),
        ("final", 3, 4, 9),
    ]
    assert_final(g, 3, 4)
    assert [r.id if r else None for r in g.state.bases] == [BATTER, "runner-1", "runner-2"]
    # The box score counts a single, not a double, and one RBI.
    assert batting_line(g) == (1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0)
    box = box_score(g)
    assert (box.line.home.r, box.line.home.h, box.line.final) == (1, 1, True)
    assert next(p for p in box.away.pitching if p.player == PITCHER).h == 1


def test_double_scoring_the_winning_run_from_second_is_a_double(table: Table) -> None:
    """OBR 9.06(f): the winning runner needed two bases from second, so the batter keeps his double."""
    situation(table)
    table.runner(2)
    batter_reads(table, "D8")
    pitcher_reads(table, "")
    g = play(table, NO_STRATEGY, *BLANK, *BATTER_CARD)
    assert plays(g) == [
        ("moved", "runner-2", 2, 4, "hit"),
        ("moved", BATTER, 0, 2, "hit"),
        ("run", "runner-2", True),
        ("result", BATTER, "D8", 0, 1),
        ("final", 3, 4, 9),
    ]
    assert batting_line(g) == (1, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0)


def test_runs_ahead_of_the_winning_run_count(table: Table) -> None:
    """OBR 5.08(b): down one with men on second and third, a double scores both (the lead runner first): 5-4."""
    situation(table, away=4, home=3)
    table.runner(3)
    table.runner(2)
    batter_reads(table, "D8")
    pitcher_reads(table, "")
    g = play(table, NO_STRATEGY, *BLANK, *BATTER_CARD)
    assert plays(g) == [
        ("moved", "runner-3", 3, 4, "hit"),
        ("run", "runner-3", True),
        ("moved", "runner-2", 2, 4, "hit"),
        ("moved", BATTER, 0, 2, "hit"),
        ("run", "runner-2", True),
        ("result", BATTER, "D8", 0, 2),
        ("final", 4, 5, 9),
    ]
    assert batting_line(g) == (1, 1, 1, 1, 0, 0, 2, 0, 0, 0, 0)


def test_stretch_single_scoring_the_man_from_second_is_credited_as_a_single(table: Table) -> None:
    """IP2021 "S+7, S+8, S+9" runners take two bases, but the hit gave one: OBR 9.06(f) credits a single."""
    situation(table)
    table.runner(2)
    pitcher_reads(table, "@")
    # Citizens Bank Park's S+8 is in column 4, row 4; no stretch roll follows: the game is over.
    g = play(table, NO_STRATEGY, *BLANK, (6, 4), (6, 4))
    assert plays(g) == [
        ("moved", "runner-2", 2, 4, "hit"),
        ("moved", BATTER, 0, 1, "hit"),
        ("run", "runner-2", True),
        ("result", BATTER, "S8", 0, 1),
        ("final", 3, 4, 9),
    ]
    assert batting_line(g) == (1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0)


def test_walk_off_triple_from_first(table: Table) -> None:
    """OBR 9.06(f): the man from first needed three bases: a triple."""
    situation(table)
    table.runner(1)
    batter_reads(table, "T8")
    pitcher_reads(table, "")
    g = play(table, NO_STRATEGY, *BLANK, *BATTER_CARD)
    assert plays(g) == [
        ("moved", "runner-1", 1, 4, "hit"),
        ("moved", BATTER, 0, 3, "hit"),
        ("run", "runner-1", True),
        ("result", BATTER, "T8", 0, 1),
        ("final", 3, 4, 9),
    ]
    assert batting_line(g) == (1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0)


def test_walk_off_grand_slam_counts_every_run(table: Table) -> None:
    """OBR 9.06(f) exception: a home run over the fence counts all four runs: 7-3."""
    situation(table)
    bases_loaded(table)
    batter_reads(table, "S8")
    pitcher_reads(table, "HR")
    g = play(table, NO_STRATEGY, *BLANK, (20, 1))  # HR check: 1 <= HR 20
    assert plays(g) == [
        ("moved", "runner-3", 3, 4, "home run"),
        ("run", "runner-3", True),
        ("moved", "runner-2", 2, 4, "home run"),
        ("run", "runner-2", True),
        ("moved", "runner-1", 1, 4, "home run"),
        ("run", "runner-1", True),
        ("moved", BATTER, 0, 4, "home run"),
        ("run", BATTER, True),
        ("result", BATTER, "HR", 0, 4),
        ("final", 3, 7, 9),
    ]
    assert_final(g, 3, 7)
    assert batting_line(g) == (1, 1, 1, 0, 0, 1, 4, 0, 0, 0, 0)


def test_solo_home_run_in_a_tie_ends_the_game(table: Table) -> None:
    """OBR 5.08(b): the batter's own run wins; nothing follows but the result and the end."""
    situation(table)
    batter_reads(table, "S8")
    pitcher_reads(table, "HR")
    g = play(table, *BLANK, (20, 1))  # bases empty: no strategy roll
    assert plays(g)[-3:] == [("run", BATTER, True), ("result", BATTER, "HR", 0, 1), ("final", 3, 4, 9)]
    assert after_winning_run(g) == [PlateAppearanceEnded, GameEnded]


# --- awards of first base (OBR 5.08(b) comment) ------------------------------------------


def test_bases_loaded_walk_forces_in_the_winning_run_and_puts_the_batter_on_first(table: Table) -> None:
    """OBR 5.08(b) comment: a walk-off walk is a walk: the runner from third scores, the batter takes first."""
    situation(table)
    bases_loaded(table)
    pitcher_reads(table, "W")
    g = play(table, NO_STRATEGY, *BLANK, (20, 1))  # walk check: 1 <= W
    assert plays(g) == [
        ("moved", "runner-3", 3, 4, "walk"),
        ("moved", "runner-2", 2, 3, "walk"),
        ("moved", "runner-1", 1, 2, "walk"),
        ("moved", BATTER, 0, 1, "walk"),
        ("run", "runner-3", True),
        ("result", BATTER, "BB", 0, 1),
        ("final", 3, 4, 9),
    ]
    assert after_winning_run(g) == [PlateAppearanceEnded, GameEnded]
    assert batting_line(g) == (1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0)


def test_bases_loaded_hit_batter_ends_the_game(table: Table) -> None:
    """OBR 5.08(b) comment: hit by a pitch with the bases loaded and the score tied."""
    situation(table)
    bases_loaded(table)
    batter_reads(table, "S8", hbp=10)
    pitcher_reads(table, "HBP")
    g = play(table, NO_STRATEGY, *BLANK, (20, 1))  # HBP check: 1 <= 10 - 3
    assert plays(g)[-3:] == [("run", "runner-3", True), ("result", BATTER, "HBP", 0, 1), ("final", 3, 4, 9)]
    assert ("moved", BATTER, 0, 1, "hit by pitch") in plays(g)
    assert batting_line(g) == (1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0)


def test_intentional_walk_with_the_bases_loaded_ends_the_game(table: Table) -> None:
    """OBR 5.08(b) comment: an intentional walk forces the winning run in like any walk."""
    situation(table)
    bases_loaded(table)
    calls(table, defense="intentional_walk")
    g = play(table, NO_STRATEGY)
    assert plays(g) == [
        ("moved", "runner-3", 3, 4, "intentional walk"),
        ("moved", "runner-2", 2, 3, "intentional walk"),
        ("moved", "runner-1", 1, 2, "intentional walk"),
        ("moved", BATTER, 0, 1, "intentional walk"),
        ("run", "runner-3", True),
        ("result", BATTER, "IBB", 0, 1),
        ("final", 3, 4, 9),
    ]
    assert batting_line(g)[:2] == (1, 0)


# --- between pitches: the at bat never finishes ----------------------------------------------


def test_wild_pitch_scoring_the_winning_run_ends_the_at_bat_unfinished(table: Table) -> None:
    """IP2021 "WLD" and OBR 5.08(b): the game ends on the wild pitch; the batter has no plate appearance."""
    situation(table)
    table.runner(3)
    pitcher_reads(table, "WLD")
    g = play(table, NO_STRATEGY, *BLANK, (20, 5))  # 5 in WP 1-9
    assert plays(g) == [("moved", "runner-3", 3, 4, "wild pitch"), ("run", "runner-3", False), ("final", 3, 4, 9)]
    assert after_winning_run(g) == [GameEnded]
    assert sum(isinstance(e, PlateAppearanceStarted) for e in g.events) == 1
    box = box_score(g)
    assert batting_line(g)[:2] == (0, 0)
    away_p = next(p for p in box.away.pitching if p.player == PITCHER)
    assert (away_p.bf, away_p.wp, away_p.r) == (0, 1, 1)
    assert (box.line.home.innings, box.line.home.r, box.line.final) == ((1,), 1, True)


def test_passed_ball_scoring_the_winning_run_ends_the_game(table: Table) -> None:
    """IP2021 "WLD": PB? 10-12 and the catcher fails to block it (1d6 over his rating)."""
    situation(table)
    table.runner(3)
    pitcher_reads(table, "WLD")
    g = play(table, NO_STRATEGY, *BLANK, (20, 11), (6, 6))
    assert plays(g) == [("moved", "runner-3", 3, 4, "passed ball"), ("run", "runner-3", False), ("final", 3, 4, 9)]
    assert batting_line(g)[:2] == (0, 0)


def test_balk_on_a_pickoff_try_ends_the_game_before_the_pitch(table: Table) -> None:
    """IP2021 "A strategy roll of 20" (BK range) and OBR 5.08(b): no plate appearance begins."""
    situation(table)
    table.runner(3)
    calls(table, defense="pickoff")
    g = play(table, NO_STRATEGY, (20, 2))  # 2 in BK 1-3
    assert plays(g) == [("moved", "runner-3", 3, 4, "balk"), ("run", "runner-3", False), ("final", 3, 4, 9)]
    assert not any(isinstance(e, PlateAppearanceStarted) for e in g.events)
    away_p = next(p for p in box_score(g).away.pitching if p.player == PITCHER)
    assert (away_p.bk, away_p.bf) == (1, 0)


def test_pickoff_throw_that_gets_away_ends_the_game(table: Table) -> None:
    """IP2021 "A strategy roll of 20" (POE): the pitcher throws it away and the man on third scores."""
    situation(table)
    table.runner(3)
    pitcher_reads(table, "", pickoff_error="6-7")
    calls(table, defense="pickoff")
    g = play(table, NO_STRATEGY, (20, 6))
    assert plays(g) == [
        ("error", "P", "pickoff throw"),
        ("moved", "runner-3", 3, 4, "error"),
        ("run", "runner-3", False),
        ("final", 3, 4, 9),
    ]


def test_steal_of_home_ends_the_game(table: Table) -> None:
    """IP2021 "Strategy Roll", stealing home (SB + pitcher SB - 10) and OBR 5.08(b)."""
    situation(table)
    table.runner(3)  # SB 14: 14 + 0 - 10 = 4
    calls(table, offense="steal:3")
    g = play(table, NO_STRATEGY, (20, 3))
    assert plays(g) == [("moved", "runner-3", 3, 4, "stolen base"), ("run", "runner-3", False), ("final", 3, 4, 9)]
    assert not any(isinstance(e, PlateAppearanceStarted) for e in g.events)
    assert next(b for b in box_score(g).home.batting if b.player == "runner-3").sb == 1


# --- outs and errors -------------------------------------------------------------------------


def test_error_scoring_the_winning_run_ends_the_game_without_an_rbi(table: Table) -> None:
    """IP2021 "Errors" #1 and OBR 9.04: the shortstop boots it; the run is no RBI; the batter reached on the error."""
    situation(table)
    table.runner(3)
    batter_reads(table, "G6")
    pitcher_reads(table, "E?")
    g = play(table, NO_STRATEGY, *BLANK, *BATTER_CARD, (20, 1))  # 1 <= the shortstop's error number 4
    assert plays(g) == [
        ("error", "SS", "fielding"),
        ("moved", "runner-3", 3, 4, "error"),
        ("run", "runner-3", False),
        ("result", BATTER, "E6", 0, 0),  # OBR 9.04: no RBI on an error
        ("final", 3, 4, 9),
    ]
    assert batting_line(g) == (1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)


def test_sacrifice_fly_ends_the_game(table: Table) -> None:
    """IP2021 "Fly Outs" (1d6 at most SF: a deep fly) and OBR 9.08(d): a sacrifice fly, one RBI, no at bat."""
    situation(table)
    table.runner(3)
    batter_reads(table, "F8")
    pitcher_reads(table, "")
    g = play(table, NO_STRATEGY, *BLANK, *BATTER_CARD, (6, 1))
    assert plays(g) == [
        ("out", BATTER, 0, "F8"),
        ("moved", "runner-3", 3, 4, "sacrifice fly"),
        ("run", "runner-3", True),
        ("result", BATTER, "SF8", 1, 1),
        ("final", 3, 4, 9),
    ]
    assert batting_line(g) == (1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0)


def test_ground_out_scoring_the_winning_run_ends_the_game(table: Table) -> None:
    """IP2021 "Runner on third, less than two outs": he goes, the defense takes the out at first; one RBI."""
    situation(table)
    table.runner(3, br=5)
    batter_reads(table, "G6")
    pitcher_reads(table, "")
    calls(table, runner_on_third="go", play_at="first")
    g = play(table, NO_STRATEGY, *BLANK, *BATTER_CARD)
    assert plays(g) == [
        ("out", BATTER, 0, "6-3"),
        ("moved", "runner-3", 3, 4, "ground out"),
        ("run", "runner-3", True),
        ("result", BATTER, "6-3", 1, 1),
        ("final", 3, 4, 9),
    ]
    assert batting_line(g) == (1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0)


def test_fielders_choice_at_the_plate_ends_the_game(table: Table) -> None:
    """IP2021 "Runner on third": the throw home is too late (1d6 at most his BR); a fielder's choice, one RBI."""
    situation(table)
    table.runner(3, br=5)
    batter_reads(table, "G6")
    pitcher_reads(table, "")
    calls(table, runner_on_third="go", play_at="plate")
    g = play(table, NO_STRATEGY, *BLANK, *BATTER_CARD, (6, 2))
    assert plays(g) == [
        ("moved", "runner-3", 3, 4, "fielder's choice"),
        ("run", "runner-3", True),
        ("result", BATTER, "FC", 0, 1),
        ("final", 3, 4, 9),
    ]
    assert batting_line(g) == (1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0)


def test_squeeze_bunt_ends_the_game(table: Table) -> None:
    """IP2021 "Squeeze", successful: the batter is out at first and the run scores; a sacrifice, one RBI."""
    situation(table)
    table.runner(3)
    pitcher_reads(table, "")
    calls(table, offense="squeeze")
    # The pitcher's card lets the bunt go on; the pitcher fields it (1d6: 1); squeeze chart BNT 2: 1 is successful.
    g = play(table, NO_STRATEGY, *BLANK, (6, 1), (20, 1))
    assert plays(g) == [
        ("out", BATTER, 0, "1-3"),
        ("moved", "runner-3", 3, 4, "sacrifice bunt"),
        ("run", "runner-3", True),
        ("result", BATTER, "SH 1-3", 1, 1),
        ("final", 3, 4, 9),
    ]
    assert batting_line(g) == (1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1)


# --- when the game goes on -------------------------------------------------------------------


def test_extra_innings_walk_off(table: Table) -> None:
    """OBR 5.08(b): the bottom of an extra inning ends on the winning run too."""
    situation(table, inning=11)
    table.runner(3)
    batter_reads(table, "S8")
    pitcher_reads(table, "")
    g = play(table, *BLANK, *BATTER_CARD)  # IP2021: no strategy roll once the inning passes 10
    assert_final(g, 3, 4, innings=11)


def test_the_tying_run_does_not_end_the_game(table: Table) -> None:
    """Down one, a single scores the man from third: 4-4, the inning goes on with the batter on first."""
    situation(table, away=4, home=3)
    table.runner(3)
    batter_reads(table, "S8")
    pitcher_reads(table, "")
    g = play(table, NO_STRATEGY, *BLANK, *BATTER_CARD)
    assert not g.state.over
    assert plays(g) == [
        ("moved", "runner-3", 3, 4, "hit"),
        ("run", "runner-3", True),
        ("moved", BATTER, 0, 1, "hit"),
        ("result", BATTER, "S8", 0, 1),
    ]
    assert [r.id if r else None for r in g.state.bases] == [BATTER, None, None]


def test_the_go_ahead_run_in_the_top_of_the_ninth_does_not_end_the_game(table: Table) -> None:
    """Only the home team's run ends a game: a bases-loaded double in the top half scores as usual."""
    situation(table, top=True)
    bases_loaded(table)
    batter_reads(table, "D8")
    pitcher_reads(table, "")
    # The throw on the man from first trying to score: first die 1, he scores (chart A).
    g = play(table, NO_STRATEGY, *BLANK, *BATTER_CARD, (6, 1), (6, 1))
    assert not g.state.over
    assert plays(g) == [
        ("moved", "runner-3", 3, 4, "hit"),
        ("run", "runner-3", True),
        ("moved", "runner-2", 2, 4, "hit"),
        ("run", "runner-2", True),
        ("moved", "runner-1", 1, 3, "hit"),
        ("moved", "away-c", 0, 2, "hit"),
        ("moved", "runner-1", 3, 4, "extra base"),
        ("run", "runner-1", True),
        ("moved", "away-c", 2, 3, "extra base"),
        ("result", "away-c", "D8", 0, 3),
    ]
    assert (g.state.away.runs, g.state.home.runs) == (6, 3)


def test_the_go_ahead_run_in_the_eighth_does_not_end_the_game(table: Table) -> None:
    """Before the last inning the home team's lead ends nothing."""
    situation(table, inning=8)
    bases_loaded(table)
    pitcher_reads(table, "W")
    g = play(table, NO_STRATEGY, *BLANK, (20, 1))
    assert not g.state.over
    assert (g.state.away.runs, g.state.home.runs) == (3, 4)
    assert plays(g)[-1] == ("result", BATTER, "BB", 0, 1)


def test_a_whole_game_stops_on_the_winning_run(make_table: Callable[[], Table]) -> None:
    """engine.innings: a bottom of the 9th that ends on a walk-off ends the game; no more half innings begin."""
    table = make_table()
    g = situation(table)
    table.runner(3)
    batter_reads(table, "S8")
    pitcher_reads(table, "")
    table.script(NO_STRATEGY, *BLANK, *BATTER_CARD)
    while not g.state.over:
        flow.plate_appearance(g)
    assert_final(g, 3, 4)
    assert sum(isinstance(e, HalfInningStarted) for e in g.events) == 1


@pytest.mark.parametrize(
    ("inning", "top", "away", "home", "decided"),
    [
        (8, True, 0, 1, False),  # OBR 7.01: nine innings; after the top of the 8th nothing is decided
        (8, False, 0, 1, False),
        (9, True, 0, 1, True),  # the home team ahead after the top of the 9th does not bat
        (9, True, 1, 0, False),
        (9, False, 1, 0, True),
        (9, False, 1, 1, False),  # tied after nine: extra innings
        (10, True, 1, 1, False),
        (10, False, 2, 1, True),
    ],
)
def test_a_game_is_decided_after_a_half_from_the_ninth_on_and_never_tied(
    make_table: Callable[[], Table], inning: int, top: bool, away: int, home: int, decided: bool
) -> None:
    table = make_table()
    g = table.at(Situation(inning=inning, top=top, away=TeamSituation(runs=away), home=TeamSituation(runs=home)))
    g.state.outs = 3  # the half is over
    assert game_decided(g) is decided
