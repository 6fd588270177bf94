"""The extra-inning runner (``InsidePitchOptions.extra_inning_runner``, Official Baseball Rules 7.01(b)).

Whole games of one scheduled inning (``InsidePitchOptions(innings=1)``): both pitchers' cards read
"K" against right-handed batters and "HR" against left-handers, every batter bats right
but the home team's sixth, a left-hander. Every plate appearance is one roll of the
pitcher's card and its check (after a strategy roll when a man is on), so the dice are scripted
exactly: the top and bottom of the 1st go down in order, the top of the 2nd (the first
extra inning) strands its runner, and the home team's sixth batter ends the bottom of
the 2nd with a home run that scores the runner placed on second.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from cards.models import Pitcher
from engine.boxscore import box_score
from engine.dice import ScriptedDice
from engine.events import EXTRA_INNING_RUNNER, GameEnded, HalfInningStarted, RunnerMoved, RunScored
from engine.game import Game
from engine.inside_pitch.options import InsidePitchOptions
from engine.requests import Request
from engine.setup import GameSetup, LineupSpot
from tests.engine.helpers import SAN_DIEGO, SEAVER, clone_batter, team

CARD = [(6, 1), (6, 1)]  # any cell of the pitcher's card: they all read the same
STRATEGY = [(20, 12)]  # the strategy roll with a man on: no call the managers do not make
HR_CHECK = [(20, 1)]  # a pitcher's HR: the batter's home run check, made
K = [*CARD, (20, 1)]  # a pitcher's K: the strikeout check, made


def teams(options: InsidePitchOptions, lefty: int = 5) -> GameSetup:
    """The two teams above: ``away-c`` ... lead off; the home team's man at ``lefty`` in the
    order (the sixth, ``home-lf``, unless a test says) bats left."""
    arm = Pitcher.model_validate({**SEAVER.model_dump(mode="json"), "matrix": [["HR/K"] * 6] * 6})
    away, home = team("away", arm), team("home", arm)
    order = list(home.lineup)
    spot = order[lefty]
    order[lefty] = LineupSpot(clone_batter(spot.batter, spot.batter.id, bats="L"), spot.position)
    return GameSetup(away, replace(home, lineup=tuple(order)), SAN_DIEGO, options)


def answers(relief_in: tuple[int, bool] | None = None) -> Callable[[Request], str]:
    """The defense pitches, the offense swings; with ``relief_in`` (inning, top) the fielding
    team changes pitchers at its first call of that half, before its first batter."""
    changed: list[bool] = []

    def answer(request: Request) -> str:
        if request.kind == "defense" and relief_in is not None and not changed:
            game_half = request.context.get("inning"), request.context.get("top")
            if game_half == relief_in and "relief" in request.option_keys():
                changed.append(True)
                return "relief"
        choice = {"defense": "pitch", "offense": "swing", "infield_depth": "back"}.get(request.kind, request.suggestion)
        if request.kind == "defense" and choice not in request.option_keys():
            choice = next(k for k in request.option_keys() if k.startswith("pitch"))
        return choice

    return answer


# Top and bottom of the 1st: three strikeouts each, nobody on.
FIRST_INNING = K * 6
# Top of the 2nd: a runner on second, three strikeouts, each after a strategy roll.
TOP_OF_SECOND = (STRATEGY + K) * 3
# Bottom of the 2nd: two strikeouts, then the left-hander's home run.
BOTTOM_OF_SECOND = (STRATEGY + K) * 2 + STRATEGY + CARD + HR_CHECK
WALK_OFF = FIRST_INNING + TOP_OF_SECOND + BOTTOM_OF_SECOND


def play(options: InsidePitchOptions, rolls: list[tuple[int, int]], relief_in: tuple[int, bool] | None = None) -> Game:
    dice = ScriptedDice.of(*rolls)
    g = Game(teams(options), seed=1, dice=dice, auto_manager=answers(relief_in))
    assert dice.left_over == []
    return g


def placed(g: Game) -> list[tuple[int, bool, str]]:
    """(inning, top, runner) for every extra-inning runner put on second."""
    out = []
    half: HalfInningStarted | None = None
    for event in g.events:
        if isinstance(event, HalfInningStarted):
            half = event
        elif isinstance(event, RunnerMoved) and event.reason == EXTRA_INNING_RUNNER:
            assert half is not None and (event.start, event.end) == (0, 2)
            out.append((half.inning, half.top, event.runner))
    return out


ON = InsidePitchOptions(innings=1, extra_inning_runner=True)


def test_off_by_default() -> None:
    assert InsidePitchOptions().extra_inning_runner is False
    assert InsidePitchOptions.from_dict({}).extra_inning_runner is False
    # The same game without the option: nobody on in the 2nd, so no strategy rolls, and the
    # home run is a solo shot (1-0 home).
    rolls = FIRST_INNING + K * 5 + CARD + HR_CHECK
    g = play(InsidePitchOptions(innings=1), rolls)
    assert placed(g) == []
    assert (g.state.away.runs, g.state.home.runs) == (0, 1)


def test_the_batter_before_the_leadoff_man_starts_each_extra_half_on_second() -> None:
    g = play(ON, WALK_OFF)
    # Three batters a half: the third man of each order made the last out of the 1st.
    assert placed(g) == [(2, True, "away-2b"), (2, False, "home-2b")]
    # None in the scheduled inning: the first half inning's first event is no runner.
    first = [e for e in g.events[:3] if isinstance(e, RunnerMoved)]
    assert first == []


def test_walk_off_home_run_scores_the_placed_runner_unearned() -> None:
    g = play(ON, WALK_OFF)
    assert g.state.over and (g.state.away.runs, g.state.home.runs) == (0, 2)
    runs = [(e.runner, e.batter, e.rbi, e.earned) for e in g.events if isinstance(e, RunScored)]
    assert runs == [("home-2b", "home-lf", True, False), ("home-lf", "home-lf", True, True)]
    box = box_score(g)
    pitching = {p.player: (p.outs, p.r, p.er) for p in box.away.pitching}
    assert pitching == {"away-p": (5, 2, 1)}  # his runner's run is his, and unearned
    batting = {b.player: (b.pa, b.r, b.rbi, b.hr) for b in box.home.batting}
    assert batting["home-2b"] == (1, 1, 0, 0)  # a run without a plate appearance in the 2nd
    assert batting["home-lf"] == (1, 1, 2, 1)
    assert box.line.home.innings == (0, 2)


def test_runner_is_charged_to_the_pitcher_who_faces_the_first_batter() -> None:
    """A reliever who comes in before the half's first batter takes the runner over."""
    g = play(ON, WALK_OFF, relief_in=(2, False))
    pitching = {p.player: (p.outs, p.r, p.er) for p in box_score(g).away.pitching}
    assert pitching == {"away-p": (3, 0, 0), "away-rp1": (2, 2, 1)}


def test_a_stored_game_keeps_the_option_and_replays_the_same() -> None:
    g = play(ON, WALK_OFF)
    stored = GameSetup.from_dict(g.setup.to_dict())
    assert stored.options == ON
    again = Game(stored, seed=1, dice=ScriptedDice.of(*WALK_OFF), auto_manager=answers())
    assert again.events == g.events
    # A game stored before the option existed has no such key: it plays without the runner.
    old = g.setup.to_dict()
    del old["options"]["extra_inning_runner"]
    assert GameSetup.from_dict(old).options.extra_inning_runner is False


def test_every_extra_half_places_the_man_before_its_leadoff_batter() -> None:
    """Into the 3rd (the second extra inning), the home team's seventh man the left-hander."""
    bottom_of_second = (STRATEGY + K) * 3
    top_of_third = (STRATEGY + K) * 3
    rolls = FIRST_INNING + TOP_OF_SECOND + bottom_of_second + top_of_third + STRATEGY + CARD + HR_CHECK
    g = Game(teams(ON, lefty=6), seed=1, dice=ScriptedDice.of(*rolls), auto_manager=answers())
    assert placed(g) == [(2, True, "away-2b"), (2, False, "home-2b"), (3, True, "away-lf"), (3, False, "home-lf")]
    assert told_final(g) == (0, 2, 3)


def told_final(g: Game) -> tuple[int, int, int]:
    end = g.events[-1]
    assert isinstance(end, GameEnded)
    return end.away_runs, end.home_runs, end.innings
