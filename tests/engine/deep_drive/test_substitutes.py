"""Manual steals (DDB "Stealing Bases" (2)), pinch hitters and runners, defensive replacements,
substitutes taking the field, ejections (DDB "Choice Chart" 01 and 99, the Odd Play Book) and who
leaves when hurt (DDB "Rare Chart", the handbook's In-Game Injury chart).

The test handbook's manual Stolen Base chart: the runner gets his jump when the red die is at most
STEAL + adjust; then a reading 00-49 steals, 50-99 is caught. Its In-Game Injury chart: 00-49 out
for the game and 10 more."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from bot.terminal import game as terminal
from engine.deep_drive import manager, prepitch, substitutes
from engine.deep_drive.odds import pa_odds, summary
from engine.deep_drive.state import dd
from engine.dice import ScriptedDice
from engine.events import Injury, PlateAppearanceStarted, Reading, RunnerOut, Substitution
from engine.game import Game
from engine.requests import Request
from engine.setup import TeamSetup
from engine.situation import Situation, TeamSituation
from tests.engine.deep_drive.helpers import (
    HandMadeHandbook,
    answers,
    bases,
    batter,
    dice,
    pct,
    pitcher,
    register,
    setup,
    team,
    two,
)
from tests.engine.deep_drive.helpers import runner as runner_card


@pytest.fixture(autouse=True)
def handbook() -> None:
    register()


STRIKEOUT = pct(25, 1)  # 25 on the batters' cards: SO
STRONG = {
    "DD": "00-09",
    "SI+": "10-14",
    "SI": "15-24",
    "BB": "25-29",
    "HBP": "30",
    "SO": "31-39",
    "DEF": "40-44",
    "OUT": "45-49",
}


def thief(steal: str, run: str = "F", key: str = "thief") -> Any:
    return batter(key, key.title(), positions=["LF 3"], steal=steal, run=run)


def sub_team(prefix: str, name: str, **kwargs: Any) -> TeamSetup:
    return team(prefix, name, bullpen=(pitcher(f"{prefix}-rp", usage="RELIEVER", endurance="3"),), **kwargs)


def game(
    rolls: ScriptedDice,
    *,
    away: TeamSetup | None = None,
    home: TeamSetup | None = None,
    inning: int = 1,
    top: bool = True,
    outs: int = 0,
    runners: tuple[Any, Any, Any] = (None, None, None),
    score: tuple[int, int] = (0, 0),
    up: int = 0,
    auto: Any = None,
    until: str = "plate_appearance",
    **options: Any,
) -> Game:
    situation = Situation(
        inning=inning,
        top=top,
        outs=outs,
        runners=runners,
        away=TeamSituation(runs=score[0], up=up if top else 0),
        home=TeamSituation(runs=score[1], up=0 if top else up),
    )
    g = Game(
        setup(
            away or team("away", "Away"),
            home or team("home", "Home", dh=options.get("designated_hitter", True)),
            **options,
        ),
        0,
        dice=rolls,
        situation=situation,
        until=until,
        auto_manager=auto,
    )
    rolls.assert_done()
    return g


@dataclass
class Recorder:
    """An auto-manager that answers like ``answers`` and keeps every request it saw."""

    by_kind: dict[str, str]

    def __post_init__(self) -> None:
        self.seen: list[Request] = []

    def __call__(self, request: Request) -> str:
        self.seen.append(request)
        return self.by_kind.get(request.kind, request.suggestion)

    def asked(self, kind: str) -> list[Request]:
        return [r for r in self.seen if r.kind == kind]


def subs(g: Game) -> list[tuple[str, str, str, str]]:
    return [(e.kind, e.player_in, e.player_out, e.position) for e in g.events if isinstance(e, Substitution)]


def read(g: Game, card: str) -> list[str]:
    return [e.result for e in g.events if isinstance(e, Reading) and e.card == card]


# --- manual steals: DDB "Stealing Bases" (2) ---------------------------------------------------------


def test_a_manual_steal_is_the_offenses_call_and_reads_red_and_white() -> None:
    """STEAL 3, sent: red 2 (at most 3) and white 4 read 24, SB. Then the batter strikes out."""
    g = game(dice(two(24), STRIKEOUT), runners=(thief("3B"), None, None), auto=answers(offense="steal"),
             dd_steals=True, dd_manual_steals=True)  # fmt: skip
    assert read(g, "Stolen Base Chart") == ["SB"]
    assert bases(g) == ("-", "thief", "-")


def test_a_manual_steal_caught() -> None:
    """STEAL 5, sent: 57 reads CS on the test chart."""
    g = game(dice(two(57), STRIKEOUT), runners=(thief("5B"), None, None), auto=answers(offense="steal"),
             dd_steals=True, dd_manual_steals=True)  # fmt: skip
    assert [e.how for e in g.events if isinstance(e, RunnerOut)] == ["CS 2", "K"]


def test_a_runner_sent_without_the_jump_holds() -> None:
    """STEAL 3, sent: red 4 is above 3, no jump; he stays on first."""
    g = game(dice(two(44), STRIKEOUT), runners=(thief("3B"), None, None), auto=answers(offense="steal"),
             dd_steals=True, dd_manual_steals=True)  # fmt: skip
    assert read(g, "Stolen Base Chart") == ["holds"]
    assert bases(g) == ("thief", "-", "-")


def test_with_manual_steals_nobody_runs_unless_sent() -> None:
    """No automatic steal roll: the only dice are the plate appearance's."""
    g = game(dice(STRIKEOUT), runners=(thief("9A"), None, None), auto=answers(offense="swing"),
             dd_steals=True, dd_manual_steals=True)  # fmt: skip
    assert bases(g) == ("thief", "-", "-")


@pytest.mark.parametrize(("infield", "after"), [("in", ("-", "thief", "r3")), ("normal", ("thief", "-", "r3"))])
def test_a_manual_steal_gets_the_infield_ins_point(infield: str, after: tuple[str, str, str]) -> None:
    """DDB "Infield In": +1 to the STEAL of the runner on first. STEAL 2, red 3: he goes only with it in."""
    g = game(dice(two(31), STRIKEOUT), runners=(thief("2B"), None, runner_card("r3")),
             auto=answers(offense="steal", infield=infield), dd_steals=True, dd_manual_steals=True)  # fmt: skip
    assert bases(g) == after


def test_a_manual_steal_reads_the_pitchers_h_and_the_catchers_t() -> None:
    """DDB "Stealing Bases": add the pitcher's H (here -1) and the catcher's T (here -1): STEAL 4, red 3 holds."""
    home = team("home", "Home", starter=pitcher("home-sp", positions=["P 3 H-1"]),
                overrides={"C": batter("home-c", positions=["C 3 PB:C T-1"])})  # fmt: skip
    g = game(dice(two(31), STRIKEOUT), home=home, runners=(thief("4B"), None, None),
             auto=answers(offense="steal"), dd_steals=True, dd_manual_steals=True)  # fmt: skip
    assert read(g, "Stolen Base Chart") == ["holds"]


def test_the_first_batter_of_the_game_takes_a_point_off_a_manual_steal() -> None:
    """STEAL 3, red 3: the leadoff man on first in the first inning holds (3 > 3 - 1)."""
    leadoff = thief("3B")
    away = team("away", "Away", overrides={"C": leadoff})
    g = game(dice(two(31), STRIKEOUT), away=away, runners=(leadoff, None, None), up=1,
             auto=answers(offense="steal"), dd_steals=True, dd_manual_steals=True)  # fmt: skip
    assert read(g, "Stolen Base Chart") == ["holds"]


def test_steal_is_offered_only_where_a_runner_may_go() -> None:
    """Second with the mark for third; not a runner on second without it."""
    marked = Recorder({"offense": "swing"})
    game(dice(STRIKEOUT), runners=(None, thief("5A+"), None), auto=marked, dd_steals=True, dd_manual_steals=True)
    plain = Recorder({"offense": "swing"})
    game(dice(STRIKEOUT), runners=(None, thief("5A"), None), auto=plain, dd_steals=True, dd_manual_steals=True)
    assert "steal" in [o.key for o in marked.asked("offense")[0].options]
    assert "steal" not in [o.key for o in plain.asked("offense")[0].options]


def test_automatic_steals_offer_no_steal_call() -> None:
    recorder = Recorder({})
    game(dice(pct(14, 4), STRIKEOUT), runners=(thief("3B"), None, None), auto=recorder, dd_steals=True)
    assert "steal" not in [o.key for o in recorder.asked("offense")[0].options]


@pytest.mark.parametrize(("steal", "suggested"), [("9A", "steal"), ("1F", "swing")])
def test_the_auto_manager_sends_a_runner_on_good_odds(steal: str, suggested: str) -> None:
    """Dugout's default handbook: a 9A runner is safe far more than 70% of the times he gets the jump."""
    recorder = Recorder({"offense": "swing"})
    game(dice(STRIKEOUT), runners=(thief(steal), None, None), auto=recorder, handbook="",
         dd_steals=True, dd_manual_steals=True)  # fmt: skip
    assert recorder.asked("offense")[0].suggestion == suggested


def test_the_odds_come_from_the_chart() -> None:
    """The test chart: STEAL 4 goes on red 0-4 (half the rolls) and is safe on 00-49 (all of those)."""
    g = game(dice(STRIKEOUT), runners=(thief("4B"), None, None), auto=answers(offense="swing"),
             dd_steals=True, dd_manual_steals=True)  # fmt: skip
    on_first = g.state.bases[0]
    assert on_first is not None
    assert prepitch.manual_odds(g, on_first) == (0.5, 1.0)


# --- pinch hitters ------------------------------------------------------------------------------


def test_a_pinch_hitter_called_by_the_offense() -> None:
    """The offense's call lists "Pinch hitter..." with a bench; then who comes in; he bats."""
    away = sub_team("away", "Away", bench=(batter("ph", "Pinch"),))
    g = game(dice(STRIKEOUT), away=away, auto=answers(offense="pinch_hit", who_comes_in="ph"))
    assert subs(g) == [("pinch_hitter", "ph", "away-c", "PH")]
    assert [e.batter for e in g.events if isinstance(e, PlateAppearanceStarted)] == ["ph"]
    assert 0 in g.state.away.unplaced


def test_backing_out_of_a_pinch_hitter_asks_the_call_again() -> None:
    away = sub_team("away", "Away", bench=(batter("ph", "Pinch"),))
    recorder = Recorder({"who_comes_in": "back"})
    calls = iter(["pinch_hit", "swing"])

    def auto(request: Request) -> str:
        return next(calls) if request.kind == "offense" else recorder(request)

    g = game(dice(STRIKEOUT), away=away, auto=auto)
    assert subs(g) == []
    assert [e.batter for e in g.events if isinstance(e, PlateAppearanceStarted)] == ["away-c"]


def test_the_auto_manager_bats_for_the_pitcher_late_when_behind() -> None:
    """No DH, the 7th, a run behind, the pitcher up: the bench's best hitter bats for him."""
    away = sub_team(
        "away", "Away", dh=False, bench=(batter("weak", "Weak"), batter("strong", "Strong", chances=STRONG))
    )
    g = game(dice(pct(35, 1)), away=away, inning=7, score=(0, 1), up=8, designated_hitter=False)
    assert subs(g) == [("pinch_hitter", "strong", "away-sp", "PH")]


@pytest.mark.parametrize(("inning", "score"), [(6, (0, 1)), (7, (1, 1)), (8, (2, 1))])
def test_the_auto_manager_lets_the_pitcher_bat_early_or_when_not_behind(inning: int, score: tuple[int, int]) -> None:
    away = sub_team("away", "Away", dh=False, bench=(batter("strong", "Strong", chances=STRONG),))
    g = game(dice(STRIKEOUT), away=away, inning=inning, score=score, up=8, designated_hitter=False)
    assert subs(g) == []


def test_nobody_bats_for_the_pitcher_with_the_bullpen_empty() -> None:
    away = team("away", "Away", dh=False, bench=(batter("strong", "Strong", chances=STRONG),))
    recorder = Recorder({})
    g = game(dice(STRIKEOUT), away=away, inning=8, score=(0, 1), up=8, auto=recorder, designated_hitter=False)
    assert not any("pinch_hit" in [o.key for o in r.options] for r in recorder.asked("offense"))
    assert subs(g) == []


def test_a_reliever_bats_where_the_pitcher_was_batted_for() -> None:
    """As the team takes the field the pinch hitter's spot gets a new pitcher (no double switch)."""
    away = sub_team("away", "Away", dh=False, bench=(batter("strong", "Strong", chances=STRONG),))
    g = game(dice(pct(35, 1)), away=away, inning=7, score=(0, 1), up=8, designated_hitter=False)
    substitutes.place(g, g.state.away)
    assert subs(g)[-1] == ("pitcher", "away-rp", "away-sp", "P")
    assert g.state.away.order[8].batter.id == "away-rp" and g.state.away.pitcher.id == "away-rp"
    assert not g.state.away.unplaced and "away-rp" in dd(g).arms


def pinch_hit_for_the_pitcher(auto: Any, positions: list[str]) -> Game:
    """The 7th, a run behind, no DH: the auto-manager bats the bench's man for the pitcher (8th
    spot) and the batter makes an out (35 on the cards: SO); then his team takes the field."""
    ph = batter("ph", "Pinch", positions=positions, chances=STRONG)
    away = team("away", "Away", dh=False, bench=(ph,),
                bullpen=(pitcher("away-rp", usage="RELIEVER"), pitcher("away-cl", usage="CLOSER")))  # fmt: skip
    g = game(dice(pct(35, 1)), away=away, inning=7, score=(0, 1), up=8, designated_hitter=False, auto=auto)
    assert subs(g) == [("pinch_hitter", "ph", "away-sp", "PH")]
    substitutes.place(g, g.state.away)
    return g


def test_a_double_switch_keeps_the_pinch_hitter_in_the_field_and_bats_the_pitcher_for_the_fielder() -> None:
    """Baseball's double switch (DDB "General Rules": the sport's rules apply): the pinch hitter stays
    in at LF in the pitcher's old spot; the left fielder leaves and the new pitcher bats in his (6th)."""
    auto = Recorder({"defensive_position": "double", "who_leaves": "LF"})
    steps = auto.__call__

    def switch(request: Request) -> str:
        if request.kind == "who_comes_in" and request.context.get("change") == "double":
            auto.seen.append(request)
            return "away-cl"
        return steps(request)

    g = pinch_hit_for_the_pitcher(switch, ["LF 2", "RF 4"])
    order = g.state.away.order
    assert (order[8].batter.id, order[8].position.value) == ("ph", "LF")
    assert (order[5].batter.id, order[5].position.value) == ("away-cl", "P")
    assert g.state.away.pitcher.id == "away-cl" and "away-cl" in dd(g).arms
    assert "away-lf" in g.state.away.removed and not g.state.away.unplaced
    assert subs(g)[-2:] == [("position", "ph", "away-lf", "LF"), ("pitcher", "away-cl", "away-sp", "P")]
    # Only the positions his card rates him at are offered; each names his rating there.
    (leaves,) = auto.asked("who_leaves")
    assert [(o.key, o.label) for o in leaves.options] == [
        ("LF", "LF: Away LF; Pinch LF 2"),
        ("RF", "RF: Away RF; Pinch RF 4"),
        ("back", "Back"),
    ]


def test_backing_out_of_a_double_switch_asks_who_pitches_again() -> None:
    calls = iter(["double", "relief:away-rp"])
    steps = answers(who_leaves="back")

    def auto(request: Request) -> str:
        return next(calls) if request.kind == "defensive_position" else str(steps(request))

    g = pinch_hit_for_the_pitcher(auto, ["LF 2"])
    order = g.state.away.order
    assert (order[8].batter.id, order[5].batter.id) == ("away-rp", "away-lf")
    assert subs(g)[-1] == ("pitcher", "away-rp", "away-sp", "P")


def test_no_double_switch_for_a_pinch_hitter_rated_nowhere_and_the_auto_manager_makes_none() -> None:
    auto = Recorder({})
    g = pinch_hit_for_the_pitcher(auto, ["DH"])
    (placing,) = auto.asked("defensive_position")
    assert [o.key for o in placing.options] == ["relief:away-rp", "relief:away-cl"]
    assert g.state.away.order[8].batter.id == g.state.away.pitcher.id
    auto = Recorder({})
    pinch_hit_for_the_pitcher(auto, ["LF 2"])
    (placing,) = auto.asked("defensive_position")
    assert "double" in [o.key for o in placing.options] and placing.suggestion.startswith("relief:")


# --- pinch runners ----------------------------------------------------------------------------


def test_the_auto_manager_runs_for_a_slow_tying_run_late() -> None:
    """The 8th, a run behind, a slow runner on first is the tying run: the bench's fastest runs."""
    slow = batter("slow", "Slow", positions=["1B 3"], run="S")
    away = sub_team("away", "Away", overrides={"1B": slow},
                    bench=(batter("avg", "Avg"), batter("quick", "Quick", run="VF")))  # fmt: skip
    g = game(dice(STRIKEOUT), away=away, inning=8, outs=1, score=(0, 1), runners=(slow, None, None))
    assert subs(g) == [("pinch_runner", "quick", "slow", "PR")]
    assert bases(g) == ("quick", "-", "-")


@pytest.mark.parametrize(
    ("score", "run", "inning"),
    [((0, 3), "S", 8), ((0, 1), "avg", 8), ((0, 1), "S", 6), ((1, 0), "S", 8)],
)
def test_no_pinch_runner_unless_slow_tying_or_winning_and_late(score: tuple[int, int], run: str, inning: int) -> None:
    slow = batter("slow", "Slow", positions=["1B 3"], run=run)
    away = sub_team("away", "Away", overrides={"1B": slow}, bench=(batter("quick", "Quick", run="VF"),))
    g = game(dice(STRIKEOUT), away=away, inning=inning, score=score, runners=(slow, None, None))
    assert subs(g) == []


def test_the_offense_picks_which_runner_to_run_for() -> None:
    r1 = batter("r1", "R1", positions=["1B 3"])
    r2 = batter("r2", "R2", positions=["2B 3"])
    away = sub_team("away", "Away", overrides={"1B": r1, "2B": r2}, bench=(batter("pr", "Runner", run="F"),))
    calls = iter(["pinch_run", "swing"])
    by_kind = answers(who_leaves="1", who_comes_in="pr")

    def auto(request: Request) -> str:
        return next(calls) if request.kind == "offense" else str(by_kind(request))

    g = game(dice(STRIKEOUT), away=away, runners=(r1, r2, None), auto=auto)
    assert subs(g) == [("pinch_runner", "pr", "r1", "PR")]
    assert bases(g) == ("pr", "r2", "-")


def test_a_pinch_runner_who_cannot_play_the_position_is_replaced_in_the_field() -> None:
    """The runner plays LF only; the first baseman's spot: the bench's first baseman comes in for him."""
    slow = batter("slow", "Slow", positions=["1B 3"], run="S")
    quick = batter("quick", "Quick", run="VF", positions=["LF 3"])
    away = sub_team("away", "Away", overrides={"1B": slow}, bench=(quick, batter("glove", positions=["1B 5"])))
    g = game(dice(STRIKEOUT), away=away, inning=8, outs=1, score=(0, 1), runners=(slow, None, None))
    substitutes.place(g, g.state.away)
    assert subs(g)[-1] == ("defense", "glove", "quick", "1B")
    assert g.state.away.order[1].batter.id == "glove" and not g.state.away.unplaced


def test_a_pinch_hitter_who_plays_the_position_stays_in() -> None:
    away = sub_team("away", "Away", bench=(batter("ph", "Pinch", positions=["C 2 PB:B"]),))
    g = game(dice(STRIKEOUT), away=away, auto=answers(offense="pinch_hit", who_comes_in="ph"))
    substitutes.place(g, g.state.away)
    assert subs(g)[-1] == ("position", "ph", "ph", "C")


# --- defensive replacements -------------------------------------------------------------------


def test_a_defensive_replacement_at_the_start_of_the_half() -> None:
    home = sub_team("home", "Home", bench=(batter("glove", "Glove", positions=["SS 5"]),))
    auto = answers(defense="field", who_leaves="SS", who_comes_in="glove")
    g = game(dice(STRIKEOUT), home=home, auto=auto)
    assert subs(g) == [("defense", "glove", "home-ss", "SS")]
    assert next(s for s in g.state.home.order if s.position.value == "SS").batter.id == "glove"


def test_the_auto_manager_makes_no_defensive_change() -> None:
    home = sub_team("home", "Home", bench=(batter("glove", "Glove", positions=["SS 5"]),))
    recorder = Recorder({})
    g = game(dice(STRIKEOUT), home=home, auto=recorder)
    assert [r.suggestion for r in recorder.asked("defense")] == ["none"] and subs(g) == []


# --- ejections ----------------------------------------------------------------------------------


def sent_home(roll: int, **kwargs: Any) -> Game:
    """An SI (10) with a fast runner on second sent home; the Choice Chart reads ``roll``."""
    r2 = batter("r2", "R2", positions=["LF 3"], run="F")
    away = kwargs.pop("away", None) or team(
        "away", "Away", overrides={"LF": r2}, bench=(batter("sub", positions=["LF 4"]),)
    )
    home = kwargs.pop("home", None) or team("home", "Home", bench=(batter("backstop", positions=["C 4 PB:B"]),))
    return game(dice(pct(10, 1), two(roll)), away=away, home=home, runners=(None, r2, None),
                auto=answers(send_runner="send"), dd_manual_baserunning=True, **kwargs)  # fmt: skip


def test_choice_chart_01_ejects_the_fielder_covering() -> None:
    """DDB "Choice Chart" 01: safe, and the catcher covering the plate is ejected: the bench catcher comes in."""
    g = sent_home(1)
    assert g.state.away.runs == 1
    assert read(g, "ejection") == ["ejected"]
    assert subs(g) == [("ejection", "backstop", "home-c", "C")]
    assert "home-c" in g.state.home.removed


def test_choice_chart_99_ejects_the_runner() -> None:
    """DDB "Choice Chart" 99: out, and the runner is ejected; the bench man takes his spot and position."""
    g = sent_home(99)
    assert g.state.outs == 1
    assert subs(g) == [("ejection", "sub", "r2", "LF")]
    assert g.state.away.order[5].batter.id == "sub" and not g.state.away.unplaced


def test_an_ejected_player_with_nobody_on_the_bench_stays() -> None:
    g = sent_home(1, home=team("home", "Home"))
    assert subs(g) == [] and read(g, "ejection") == ["ejected", "nobody left on the bench: he stays in the game"]


class Ejecting(HandMadeHandbook):
    def odd_play(self, code: str, mod: int) -> tuple[str, str]:
        return (f"the batter argues the {code}", "eject-batter")


def test_the_odd_play_books_ejected_batter_leaves_after_the_play() -> None:
    """Rare 50-99: an odd play; the handbook's outcome "eject-batter": the strikeout stands, then he goes."""
    from tests.engine.deep_drive.helpers import BOOK_ROWS

    register(Ejecting(dict(BOOK_ROWS)))
    away = team("away", "Away", bench=(batter("sub", positions=["C 3 PB:C"]),))
    g = game(dice(pct(11, 1), two(70), STRIKEOUT), away=away)
    assert [e.how for e in g.events if isinstance(e, RunnerOut)] == ["K"]
    assert subs(g) == [("ejection", "sub", "away-c", "C")]


# --- injuries -----------------------------------------------------------------------------------


def test_a_hurt_pitcher_cannot_stay() -> None:
    """Rare 30-49: the pitcher checked, 20 on the test chart: out for the game and 10 more; at the
    next call the defense must bring in a reliever ("stay" is not an option)."""
    home = sub_team("home", "Home")
    recorder = Recorder({})
    g = game(dice(pct(11, 1), two(35), STRIKEOUT, two(20)), home=home, auto=recorder)
    assert [(e.player, e.kind, e.days) for e in g.events if isinstance(e, Injury)] == [("home-sp", "game+10", 10)]
    manager.pitching_change(g)
    change = recorder.asked("pitching_change")[-1]
    assert [o.key for o in change.options] == ["relief:home-rp"]
    assert g.state.home.pitcher.id == "home-rp"


def test_a_hurt_runner_is_replaced_on_base_by_the_bench_man_at_his_position() -> None:
    """A hit batsman (HBP 20) checked on Rare 10-29 and hurt: the bench's best catcher runs for him and catches."""
    away = team("away", "Away", bench=(batter("weak", positions=["C 1 PB:F"]), batter("good", positions=["C 5 PB:A"])))
    g = game(dice(pct(11, 1), two(15), pct(20, 2), two(30)), away=away)
    assert subs(g) == [("injury", "good", "away-c", "PR")]
    assert bases(g) == ("good", "-", "-") and not g.state.away.unplaced


def test_substitution_steps_are_follow_ups() -> None:
    from engine.deep_drive import asking

    assert {"who_leaves", "who_comes_in"} <= asking.FOLLOW_UPS


def test_ejection_words_name_the_player() -> None:
    g = sent_home(99)
    assert [e.owner for e in g.events if isinstance(e, Reading) and e.card == "ejection"] == ["R2"]


def test_a_pitcher_hurt_on_base_gets_a_runner_and_a_new_pitcher_follows() -> None:
    """No DH: the pitcher, hit by a pitch (HBP 20), is checked on Rare 10-29 and hurt (30): a pinch
    runner takes first; when his team takes the field a reliever pitches and bats in that spot."""
    away = sub_team("away", "Away", dh=False, bench=(batter("quick", "Quick", run="VF"),))
    g = game(dice(pct(11, 1), two(15), pct(20, 2), two(30)), away=away, up=8, designated_hitter=False)
    assert [(e.player, e.kind) for e in g.events if isinstance(e, Injury)] == [("away-sp", "game+10")]
    assert subs(g) == [("pinch_runner", "quick", "away-sp", "PR")] and bases(g) == ("quick", "-", "-")
    substitutes.place(g, g.state.away)
    assert subs(g)[-1] == ("pitcher", "away-rp", "away-sp", "P") and g.state.away.pitcher.id == "away-rp"
    assert g.state.away.order[8].batter.id == "away-rp" and "quick" in g.state.away.removed


def test_a_hurt_pinch_hitter_is_replaced_and_his_replacement_still_takes_the_field_later() -> None:
    """The pinch hitter for the catcher (unplaced) walks, is checked and hurt: the bench's best
    catcher runs for him and is placed with the team, at catcher."""
    away = sub_team("away", "Away", bench=(batter("ph", "Pinch"), batter("backstop", positions=["C 4 PB:B"])))
    calls = iter(["pinch_hit", "swing"])
    by_kind = answers(who_comes_in="ph")

    def auto(request: Request) -> str:
        return next(calls) if request.kind == "offense" else str(by_kind(request))

    g = game(dice(pct(11, 1), two(15), pct(16, 2), two(30)), away=away, auto=auto)
    assert subs(g) == [("pinch_hitter", "ph", "away-c", "PH"), ("injury", "backstop", "ph", "PR")]
    assert 0 in g.state.away.unplaced
    substitutes.place(g, g.state.away)
    assert subs(g)[-1] == ("position", "backstop", "backstop", "C") and not g.state.away.unplaced


def test_the_replacement_requests_give_each_mans_rating_at_the_position() -> None:
    """The words of a defensive replacement: the fielders with their defense, the bench men with their
    rating at the position, "no SS rating" for a man not rated there (still offered)."""
    bench = (batter("glove", "Glove", positions=["SS 5"]), batter("bat", "Bat", positions=["LF 2"]))
    recorder = Recorder({"who_leaves": "SS", "who_comes_in": "glove"})
    calls = iter(["field"])

    def auto(request: Request) -> str:
        return next(calls, "none") if request.kind == "defense" else recorder(request)

    game(dice(STRIKEOUT), home=sub_team("home", "Home", bench=bench), auto=auto)
    [leaves] = recorder.asked("who_leaves")
    assert [o.label for o in leaves.options][4:6] == ["SS: Home SS (defense 3)", "LF: Home LF (defense 3)"]
    [comes] = recorder.asked("who_comes_in")
    assert [o.label for o in comes.options] == ["Glove (SS 5)", "Bat (no SS rating)", "Back"]


def test_a_substitute_taking_the_field_is_offered_with_his_rating() -> None:
    """DDB "General Rules" (baseball's): the pinch runner stays at first base or a bench man comes in; the
    words say who is rated there."""
    slow = batter("slow", "Slow", positions=["1B 3"], run="S")
    quick = batter("quick", "Quick", run="VF", positions=["LF 3"])
    away = sub_team("away", "Away", overrides={"1B": slow}, bench=(quick, batter("glove", "Glove", positions=["1B 5"])))
    recorder = Recorder({})
    g = game(dice(STRIKEOUT), away=away, inning=8, outs=1, score=(0, 1), runners=(slow, None, None), auto=recorder)
    substitutes.place(g, g.state.away)
    [placed] = recorder.asked("defensive_position")
    assert placed.prompt.startswith("Quick came in for the 1B and stays in the game: where does he play?")
    assert [o.label for o in placed.options] == ["Quick plays 1B (no 1B rating)", "Glove in at 1B for Quick (1B 5)"]


# --- each choice's quality in the pinch-hitter and relief menus (issue 26) --------------------


def bundled_game() -> Game:
    """The bundled Deep Drive cards under the Season Handbook (the hand-made charts have no odds)."""
    return Game(
        terminal.build_setup(terminal.load_cards("deep-drive")), seed=5, asking={"away": "every", "home": "every"}
    )


def scorer_line(odds: dict[str, float]) -> str:
    """OBP and SLG worked out here from pa_odds' summary, for the menus to agree with."""
    s = summary(odds)
    on = s["1B"] + s["2B"] + s["3B"] + s["HR"] + s["BB"] + s["HBP"]
    slg = (s["1B"] + 2 * s["2B"] + 3 * s["3B"] + 4 * s["HR"]) / (1 - s["BB"] - s["HBP"])
    return f"{on:.3f}/{slg:.3f}".replace("0.", ".")


def test_the_pinch_hitter_menu_shows_each_mans_card_line_against_the_pitcher() -> None:
    g = bundled_game()
    while g.pending is not None and not (g.pending.kind == "offense" and "pinch_hit" in g.pending.option_keys()):
        g.choose(g.pending.side, g.pending.suggestion)
    assert g.pending is not None
    side = g.pending.side
    g.choose(side, "pinch_hit")
    menu = g.pending
    assert menu is not None and menu.kind == "who_comes_in"
    pitcher_on = g.state.fielding.pitcher
    assert f"against {pitcher_on.name} ({pitcher_on.throws.value})?" in menu.prompt
    lines = []
    for option in menu.options[:-1]:
        card: Any = next(b for b in g.state.batting.available_bench() if b.id == option.key)
        line = scorer_line(pa_odds(card, pitcher_on, dd(g).handbook))
        assert option.label == f"{card.name} ({card.bats.value}), OBP/SLG {line}, RUN {card.run.value}"
        lines.append(line)
    assert len(set(lines)) > 1


def test_the_relief_menu_shows_the_batter_ups_line_against_each_pitcher() -> None:
    g = bundled_game()
    while g.pending is not None and not (g.pending.kind == "defense" and "relief" in g.pending.option_keys()):
        g.choose(g.pending.side, g.pending.suggestion)
    assert g.pending is not None
    g.choose(g.pending.side, "relief")
    menu = g.pending
    assert menu is not None and menu.kind == "who_comes_in"
    offense = g.state.batting
    up: Any = offense.order[offense.up % len(offense.order)].batter
    assert f"{up.name} ({up.bats.value}) is up: his OBP/SLG against each." in menu.prompt
    for option in menu.options[:-1]:
        arm: Any = next(p for p in g.state.fielding.available_relievers() if option.key == f"relief:{p.id}")
        line = scorer_line(pa_odds(up, arm, dd(g).handbook))
        era = f", ERA {arm.stats.era}" if arm.stats is not None and arm.stats.era else ""
        surname = up.name.split()[-1]
        assert (
            option.label
            == f"{arm.name} ({arm.throws.value}){era}, {surname} {line}, {arm.usage}, Endurance {arm.endurance}"
        )
