"""A game from any situation (engine.situation), as python-chess reads a position.

The strongest check: a game cut into pieces, each started from the situation the
last one left (``Situation.of``) with the same dice, gives the same events and
requests as the game played through.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from engine.dice import ScriptedDice, SeededDice
from engine.events import Decided, Event, HalfInningStarted, PlateAppearanceStarted, RunnerMoved, RunScored
from engine.game import Game
from engine.requests import Request
from engine.setup import SetupError
from engine.situation import GAME, HALF_INNING, PLATE_APPEARANCE, START, OnBase, Situation, TeamSituation
from tests.engine.helpers import BENCH, CBP, clone_batter, setup

# Seaver against Bench-card batters at Citizens Bank Park (no park adjustments but K/W/HR as printed).
HOMER = ((6, 1), (6, 3), (20, 5))  # row 3 column 1 "/HR" on Seaver's card; 5 <= HR 20
STRIKEOUT = ((6, 1), (6, 1), (20, 1))  # row 1 column 1 "K"; 1 <= K


@dataclass
class RecordingDice:
    """Seeded dice that remember every roll, so a test can script the same rolls again."""

    seeded: SeededDice
    rolls: list[tuple[int, int]] = field(default_factory=list)

    def roll(self, sides: int) -> int:
        value = self.seeded.roll(sides)
        self.rolls.append((sides, value))
        return value


def runner(card_id: str, br: int = 3) -> OnBase:
    return OnBase(clone_batter(BENCH, card_id, br=br))


def test_a_situation_sets_the_board() -> None:
    situation = Situation(
        inning=8,
        top=False,
        outs=1,
        runners=(None, runner("on-second", br=5), None),
        away=TeamSituation(runs=4, pitcher="away-rp1", batters_faced=7, pull_count=2, bench=("away-bench-2",)),
        home=TeamSituation(runs=3, up=6, bullpen=("home-rp2",)),
        infield_depth={"SS": "half", "2B": "half"},
    )
    g = Game(setup(park=CBP), seed=3, situation=situation, until=START)
    state = g.state
    assert (state.inning, state.top, state.outs) == (8, False, 1)
    assert (state.away.runs, state.home.runs) == (4, 3)
    # The away team batted eight times, the home team seven and is up now.
    assert len(state.away.runs_by_inning) == 8 and state.home.runs_by_inning == [3, 0, 0, 0, 0, 0, 0, 0]
    assert [r.id if r else None for r in state.bases] == [None, "on-second", None]
    assert state.bases[1] is not None and state.bases[1].br == 5 and state.bases[1].pitcher == "away-rp1"
    away, home = state.away, state.home
    assert away.pitcher.id == "away-rp1" and away.batters_faced() == 7 and away.pull_count["away-rp1"] == 2
    assert "away-p" in away.removed  # the starter has left
    assert [b.id for b in away.available_bench()] == ["away-bench-2"]
    assert [p.id for p in home.available_relievers()] == ["home-rp2"]
    assert home.up == 6 and state.batting is home
    assert state.depth(state_position("SS")) == "half" and state.depth(state_position("3B")) == "back"
    assert g.events == [HalfInningStarted(8, False, "home")] and g.pending is None and not g.over


def state_position(name: str):  # type: ignore[no-untyped-def]
    from cards.notation import Position

    return Position(name)


def test_tired_puts_the_pitcher_at_his_tired_number() -> None:
    g = Game(setup(park=CBP), seed=1, situation=Situation(home=TeamSituation(tired=True)), until=START)
    line = g.state.home.stamina()
    assert line is not None and g.state.home.batters_faced() == line.tired and g.state.home.tired()


def test_one_plate_appearance_from_a_situation() -> None:
    """Bottom of the ninth, tied, a man on second: a home run off Seaver's card ends it 5-3 (two runs)."""
    situation = Situation(
        inning=9, top=False, outs=1, runners=(None, runner("on-second"), None), away=TeamSituation(runs=3),
        home=TeamSituation(runs=3),
    )  # fmt: skip
    no_strategy = (20, 12)  # the strategy roll with a man on calls nothing here
    dice = ScriptedDice.of(no_strategy, *HOMER)
    g = Game(setup(park=CBP), seed=0, dice=dice, situation=situation, until=PLATE_APPEARANCE)
    dice.assert_done()
    scored = [e.runner for e in g.events if isinstance(e, RunScored)]
    assert scored == ["on-second", "home-c"]
    assert (g.state.away.runs, g.state.home.runs) == (3, 5) and g.over


def test_one_plate_appearance_stops_after_it() -> None:
    dice = ScriptedDice.of(*STRIKEOUT)
    g = Game(setup(park=CBP), seed=0, dice=dice, situation=Situation(outs=1), until=PLATE_APPEARANCE)
    dice.assert_done()
    assert g.state.outs == 2 and not g.over and g.state.away.up == 1
    assert sum(isinstance(e, PlateAppearanceStarted) for e in g.events) == 1


def test_a_half_inning_from_a_situation_ends_at_its_third_out() -> None:
    dice = ScriptedDice.of(*STRIKEOUT, *STRIKEOUT)
    g = Game(setup(park=CBP), seed=0, dice=dice, situation=Situation(inning=4, outs=1), until=HALF_INNING)
    dice.assert_done()
    assert (g.state.inning, g.state.top, g.state.outs) == (4, True, 3)


def test_a_bad_situation_is_refused_with_a_reason() -> None:
    with pytest.raises(SetupError, match="not the starter or in the bullpen"):
        Game(setup(), seed=0, situation=Situation(home=TeamSituation(pitcher="nobody")))
    with pytest.raises(SetupError, match="0, 1 or 2 outs"):
        Situation(outs=3)
    with pytest.raises(SetupError, match="two bases"):
        Situation(runners=(runner("x"), runner("x"), None))
    with pytest.raises(SetupError, match="do not fit its line score"):  # the home team has not batted yet
        Game(setup(), seed=0, situation=Situation(home=TeamSituation(runs=2)))
    with pytest.raises(SetupError, match="the game is over"):  # OBR 5.08(b)
        Game(
            setup(),
            seed=0,
            situation=Situation(inning=9, top=False, away=TeamSituation(runs=2), home=TeamSituation(runs=5)),
        )
    with pytest.raises(SetupError, match="the game is over"):
        Game(setup(), seed=0, situation=Situation(inning=10, away=TeamSituation(runs=2), home=TeamSituation(runs=3)))
    Game(
        setup(),
        seed=0,
        situation=Situation(inning=9, away=TeamSituation(runs=2), home=TeamSituation(runs=5)),
        until=START,
    )
    with pytest.raises(SetupError, match="until is one of"):
        Game(setup(), seed=0, until="forever")


def played_events(events: list[Event]) -> list[Event]:
    """A piece's events without the half's opening (a piece resumes a half already begun)."""
    return [e for e in events if not isinstance(e, HalfInningStarted)]


def whimsical(request: Request) -> str:
    """A manager who picks any legal option, the same one whenever he sees the same question."""
    keys = request.option_keys()
    return keys[zlib.crc32(f"{request.kind}|{request.prompt}|{keys}".encode()) % len(keys)]


@pytest.mark.parametrize("manager", [None, whimsical], ids=["suggestions", "any-legal-choice"])
@pytest.mark.parametrize("seed", range(12))
def test_a_game_cut_at_every_plate_appearance_plays_as_the_game_does(
    seed: int, manager: Callable[[Request], str] | None
) -> None:
    """Each piece starts from ``Situation.of`` the last piece's state, with the same dice and answers."""
    recording = RecordingDice(SeededDice(seed))
    whole = Game(setup(), seed=seed, dice=recording, auto_manager=manager)
    assert whole.over

    rolls = recording.rolls
    events: list[Event] = []
    at = Situation()
    used = 0
    for _ in range(400):
        dice = ScriptedDice(list(rolls[used:]))
        piece = Game(setup(), seed=seed, dice=dice, situation=at, until=PLATE_APPEARANCE, auto_manager=manager)
        used += dice.used
        events += played_events(piece.events)
        if piece.over:
            break
        at = Situation.of(piece.state)  # after a third out: the start of the next half
    assert used == len(rolls)
    # The decision log numbers restart in each piece; compare the calls themselves.
    assert strip_seq(events) == strip_seq(played_events(whole.events))


def strip_seq(events: list[Event]) -> list[object]:
    return [(e.side, e.kind, e.choice, e.by) if isinstance(e, Decided) else e for e in events]


def test_requests_carry_their_situation_as_data() -> None:
    """The offense's call names the batter, pitcher and runners as data beside the prompt."""
    situation = Situation(
        inning=7, outs=1, runners=(runner("on-first", br=4), None, None), away=TeamSituation(runs=1, up=3)
    )
    g = Game(setup(park=CBP), seed=5, situation=situation, managed=("away",), until=PLATE_APPEARANCE)
    request = g.pending
    assert isinstance(request, Request) and request.side == "away"
    context = request.context
    assert context["inning"] == 7 and context["top"] is True and context["outs"] == 1
    assert context["score"] == {"away": 1, "home": 0}
    assert context["batter"]["id"] == "away-3b" and context["pitcher"]["id"] == "home-p"
    assert context["runners"] == {
        "1": {"id": "on-first", "name": "on-first", "br": 4, "sb": BENCH.sb, "att": BENCH.att}
    }
    assert request.to_dict()["context"]["outs"] == 1


def test_a_game_from_a_situation_is_stored_and_replayed() -> None:
    situation = Situation(
        inning=6, top=False, outs=2, runners=(runner("r1"), None, runner("r3")), away=TeamSituation(runs=2)
    )
    g = Game(setup(), seed=11, situation=situation, managed=("home",), until=GAME)
    while g.pending is not None:
        g.choose(g.pending.side, g.pending.suggestion)
    again = Game.from_dict(g.to_dict())
    assert again.events == g.events and again.over
    assert Game(setup(), seed=11).to_dict().get("situation") is None  # a game from the first pitch stores none


def test_a_run_scored_from_a_situation_counts_for_the_runner_placed() -> None:
    """Top of the first, runner on third: a home run scores him and the batter."""
    dice = ScriptedDice.of((20, 12), *HOMER)
    g = Game(
        setup(park=CBP),
        seed=0,
        dice=dice,
        situation=Situation(runners=(None, None, runner("r3"))),
        until=PLATE_APPEARANCE,
    )
    dice.assert_done()
    moved = [(e.runner, e.start, e.end) for e in g.events if isinstance(e, RunnerMoved)]
    assert moved == [("r3", 3, 4), ("away-c", 0, 4)]
    assert g.state.away.runs == 2
