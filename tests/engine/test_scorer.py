"""The official scorer: earned runs (OBR 9.16), wins and losses (9.17), saves, holds and blown saves (9.19).

Most cases are written as events by hand, half inning by half inning, in the shape the engine
emits them; the rule book's own examples are retold in Dugout's words. One case plays the
engine's error rules with scripted dice to show that their events carry what the scorer needs.
"""

from __future__ import annotations

import pytest

from bot.words.narrate import format_team_box
from engine.boxscore import BoxScore, misplays, walk
from engine.events import (
    ErrorCharged,
    Event,
    HalfInningStarted,
    PlateAppearanceEnded,
    PlateAppearanceStarted,
    RunnerMoved,
    RunnerOut,
    RunScored,
)
from engine.inside_pitch.fielding import error_play
from engine.inside_pitch.reading import Ball
from league.stats import leaders, qualifying_outs, qualifying_pa, season_stats
from tests.engine.conftest import Table
from tests.engine.test_boxscore import Script, decisions, relief_setup
from tests.engine.test_errors import E, played  # noqa: F401 - the fixture
from tests.engine.test_range import at_bat, batter_runner

NO_RBI = ("error", "passed ball", "wild pitch", "balk")


def mv(runner: str, start: int, end: int, reason: str = "hit") -> RunnerMoved:
    return RunnerMoved(runner, start, end, reason)


def out(runner: str, base: int = 0, how: str = "6-3") -> RunnerOut:
    return RunnerOut(runner, base, how)


def err(kind: str = "fielding", fielder: str = "home-ss") -> ErrorCharged:
    return ErrorCharged(fielder, "SS", kind)


class Half:
    """One half inning written by hand: each plate appearance's plays, with the bases kept for it."""

    def __init__(self, pitcher: str = "home-p", inning: int = 1, top: bool = True) -> None:
        self.events: list[Event] = [HalfInningStarted(inning, top, "away" if top else "home")]
        self.pitcher = pitcher
        self.on: dict[int, str] = {}
        self.outs = 0

    def relieve(self, pitcher: str) -> Half:
        self.pitcher = pitcher
        return self

    def pa(self, batter: str, result: str, *plays: Event) -> Half:
        """A plate appearance: its plays in order; a man reaching home scores (no run after the third out)."""
        bases = (self.on.get(1), self.on.get(2), self.on.get(3))
        self.events.append(PlateAppearanceStarted(batter, self.pitcher, self.outs, bases, "R", "R"))
        outs_made = 0
        for play in plays:
            self.events.append(play)
            if isinstance(play, RunnerMoved):
                self.on = {b: r for b, r in self.on.items() if r != play.runner}
                if play.end < 4:
                    self.on[play.end] = play.runner
                elif self.outs < 3:
                    self.events.append(RunScored(play.runner, batter, play.reason not in NO_RBI, True))
            elif isinstance(play, RunnerOut):
                self.on = {b: r for b, r in self.on.items() if r != play.runner}
                self.outs += 1
                outs_made += 1
        self.events.append(PlateAppearanceEnded(batter, self.pitcher, result, result, outs_made, 0))
        return self

    def k(self, batter: str) -> Half:
        return self.pa(batter, "K", out(batter, 0, "K"))

    def single(self, batter: str, *runners: Event) -> Half:
        return self.pa(batter, "S8", *runners, mv(batter, 0, 1))

    def homer(self, batter: str) -> Half:
        """A home run: everyone on scores, then the batter."""
        moves = [mv(r, b, 4, "home run") for b, r in sorted(self.on.items(), reverse=True)]
        return self.pa(batter, "HR", *moves, mv(batter, 0, 4, "home run"))

    def e6(self, batter: str, *runners: Event) -> Half:
        """The batter reaches on the shortstop's fumble (IP2021 error #1): runners up a base on the error."""
        return self.pa(batter, "E6", err(), *runners, mv(batter, 0, 1, "error"))


def box(*halves: Half) -> BoxScore:
    return walk(relief_setup(), [e for h in halves for e in h.events])


def er(b: BoxScore, pitcher: str) -> tuple[int, int]:
    """(R, ER) of a home pitcher."""
    line = next(p for p in b.home.pitching if p.player == pitcher)
    return line.r, line.er


# --- OBR 9.16: earned runs -----------------------------------------------------------------


def test_obr_9_16_a_two_out_error_should_have_ended_the_inning_so_the_homers_after_it_are_unearned() -> None:
    # 9.16(a) comment, first example: two out, a man reaches on an error, two home runs follow.
    half = Half().k("a").k("b").e6("c").homer("d").homer("e").k("f")
    b = box(half)
    assert er(b, "home-p") == (3, 0)
    assert b.home.er == 0


def test_obr_9_16_a_a_wild_pitch_counts_toward_an_earned_run() -> None:
    # 9.16(a) comment, second example: a triple, then a wild pitch brings him in.
    half = Half().k("a").pa("b", "T8", mv("b", 0, 3)).pa("c", "F8", mv("b", 3, 4, "wild pitch"), out("c", 0, "F8"))
    half.k("d")
    assert er(box(half), "home-p") == (1, 1)


def test_obr_9_16_a_catchers_interference_is_not_an_assumed_out_but_his_run_is_unearned() -> None:
    # 9.16(a) comment: with two out, interference puts a man on and a homer follows: one of two runs earned.
    half = Half().k("a").k("b")
    half.pa("c", "CI", err("catcher's interference", "home-c"), mv("c", 0, 1, "catcher's interference"))
    half.homer("d").k("e")
    b = box(half)
    assert er(b, "home-p") == (2, 1)
    assert b.home.er == 1


def test_obr_9_16_c_a_runner_not_doubled_off_because_of_an_error_scores_unearned() -> None:
    # One out, a single; a liner to short is caught, but the throw to double the runner off first
    # goes astray (IP2021 #7) and he takes second. Error-free that was the third out: the homer's two runs
    # are unearned, and so is his.
    half = Half().k("a").single("b")
    half.pa("c", "L6", out("c", 0, "L6"), ErrorCharged("home-ss", "SS", "throwing", "b"), mv("b", 1, 2, "error"))
    half.homer("d").k("e")
    b = box(half)
    assert er(b, "home-p") == (2, 0)
    assert b.home.er == 0


def test_obr_9_16_d_a_runner_moved_up_by_a_passed_ball_scores_unearned_on_a_single() -> None:
    # On first, a passed ball takes him to second, a single scores him: error-free he is on second at most.
    half = Half().single("a").pa("b", "S8", mv("a", 1, 2, "passed ball"), mv("a", 2, 4), mv("b", 0, 1))
    half.k("c").k("d").k("e")
    assert er(box(half), "home-p") == (1, 0)


def test_the_same_runner_moved_up_by_a_wild_pitch_scores_earned() -> None:
    half = Half().single("a").pa("b", "S8", mv("a", 1, 2, "wild pitch"), mv("a", 2, 4), mv("b", 0, 1))
    half.k("c").k("d").k("e")
    assert er(box(half), "home-p") == (1, 1)


def test_a_runner_an_error_moved_up_still_scores_earned_on_a_home_run() -> None:
    # The pickoff throw gets away (first to second), then a homer: both would have scored error-free.
    half = Half().single("a")
    half.pa("b", "HR", err("pickoff throw", "home-p"), mv("a", 1, 2, "error"), mv("a", 2, 4, "home run"))
    half.events[-1:-1] = [mv("b", 0, 4, "home run"), RunScored("b", "b", True, True)]
    half.k("c").k("d").k("e")
    assert er(box(half), "home-p") == (2, 2)


def test_once_the_errors_give_the_defense_three_chances_no_later_run_is_earned() -> None:
    # One out; an error (the second chance); a strikeout (the third); then a single and a homer.
    half = Half().k("a").e6("b").k("c").single("d", mv("b", 1, 2)).homer("e").k("f")
    b = box(half)
    assert er(b, "home-p") == (3, 0)


def test_obr_9_16_b_a_muffed_foul_fly_prolongs_the_at_bat_and_his_homer_is_unearned() -> None:
    # Two out; the catcher drops the batter's foul pop; he homers on the next pitch.
    half = Half().k("a").k("b")
    half.pa("c", "HR", err("dropped foul pop-up", "home-c"), mv("c", 0, 4, "home run")).k("d")
    b = box(half)
    assert er(b, "home-p") == (1, 0)
    assert b.home.er == 0


def test_a_batter_who_strikes_out_after_a_dropped_foul_is_one_chance_not_two() -> None:
    # One out; a dropped foul, then the same batter strikes out: two chances in all, so the homer
    # that follows the single is earned.
    half = Half().k("a").pa("b", "K", err("dropped foul pop-up", "home-c"), out("b", 0, "K"))
    half.single("c").homer("d").k("e")
    assert er(box(half), "home-p") == (2, 2)


def test_a_misplayed_relay_that_costs_the_double_play_leaves_the_run_on_the_play_unearned() -> None:
    # IP2021 #6: one out, first and third; the force at second is made, the pivot man throws the relay
    # away. Error-free it is an inning-ending double play, so the runner from third does not score.
    half = Half().k("a").single("b").pa("c", "S8", mv("b", 1, 3), mv("c", 0, 1))
    relay = (err("throwing", "home-2b"), out("c", 2, "6-4"), mv("b", 3, 4, "fielder's choice"))
    half.pa("d", "FC", *relay, mv("d", 0, 1, "fielder's choice")).k("e")
    assert er(box(half), "home-p") == (1, 0)


def test_the_same_run_on_a_clean_fielders_choice_is_earned() -> None:
    half = Half().k("a").single("b").pa("c", "S8", mv("b", 1, 3), mv("c", 0, 1))
    half.pa("d", "FC", out("c", 2, "6-4"), mv("b", 3, 4, "fielder's choice"), mv("d", 0, 1, "fielder's choice"))
    half.k("e")
    assert er(box(half), "home-p") == (1, 1)


def test_misplays_finds_the_error_that_cost_the_out() -> None:
    half = Half().k("a").e6("b").pa("c", "S8", err("throwing", "home-cf"), mv("c", 0, 1), mv("c", 1, 2, "error"))
    found = misplays(half.events)
    assert [(m.missed_at, m.erased, m.hit) for m in found.values()] == [(5, True, 0), (-1, False, 1)]
    assert isinstance(half.events[5], ErrorCharged)


# --- OBR 9.16(g) and (i): relievers ------------------------------------------------------------


def test_obr_9_16_i_a_reliever_has_no_benefit_of_the_errors_before_him() -> None:
    # One out, a man reaches on an error (the team's second chance); the starter leaves. The reliever
    # strikes out one (the team's third chance, his second) and gives up a homer: the batter's run is
    # earned for him and unearned for the team; the man on base was the starter's, and unearned.
    half = Half().k("a").e6("b").relieve("home-r1").k("c").homer("d").k("e")
    b = box(half)
    assert er(b, "home-p") == (1, 0)
    assert er(b, "home-r1") == (1, 1)
    assert b.home.er == 0
    assert "Team ER: 0" in format_team_box(b.home)


def test_obr_9_16_g_the_runner_a_pitcher_left_on_base_is_charged_to_him() -> None:
    half = Half().single("a").relieve("home-r1").homer("b").k("c").k("d").k("e")
    b = box(half)
    assert er(b, "home-p") == (1, 1)
    assert er(b, "home-r1") == (1, 1)
    assert b.home.er == 2
    assert "Team ER" not in format_team_box(b.home)


def test_obr_9_16_g_a_fielders_choice_on_the_inherited_runner_leaves_the_batter_to_the_first_pitcher() -> None:
    # The starter's runner is forced at second; the batter safe on the fielder's choice is the starter's
    # runner now, and the homer that follows scores one run for each pitcher.
    half = Half().single("a").relieve("home-r1")
    half.pa("b", "FC", out("a", 2, "6-4"), mv("b", 0, 1, "fielder's choice")).homer("c").k("d").k("e")
    b = box(half)
    assert er(b, "home-p") == (1, 1)
    assert er(b, "home-r1") == (1, 1)


# --- the engine's own events ------------------------------------------------------------------------


@pytest.mark.usefixtures("played")  # no ball is played on as read
def test_a_booted_grounder_played_by_the_engine_gives_an_unearned_run(table: Table) -> None:
    # Two out; IP2021 error #1 (1d20 of 1 against the shortstop's 4) puts the batter on; a homer follows.
    g = table.game
    half = Half(g.state.fielding.pitcher.id).k("a").k("b")
    g.state.outs = 2
    dice = table.script((20, 1))
    g.events += [*half.events, PlateAppearanceStarted("batter", half.pitcher, 2, (None, None, None), "R", "R")]
    assert error_play(g, at_bat(table), batter_runner(table), Ball("G", 6, "batter"), E) == "E6"
    dice.assert_done()
    g.events.append(PlateAppearanceEnded("batter", half.pitcher, "E6", "E6", 0, 0))
    rest = Half(half.pitcher)
    rest.events, rest.outs, rest.on = [], 2, {1: "batter"}
    rest.homer("next").k("c")
    b = walk(g.setup, [*g.events, *rest.events])
    assert [(e.runner, e.reason) for e in g.events if isinstance(e, RunnerMoved)] == [("batter", "error")]
    (line,) = b.home.pitching
    assert (line.r, line.er, b.home.er) == (2, 0, 0)


# --- OBR 9.17 and 9.19: decisions ---------------------------------------------------------------------


def game(away: list[str], home: list[str], away_homers: dict[int, int], home_homers: dict[int, int]) -> BoxScore:
    """Nine innings by hand: pitchers by inning, homers before three strikeouts in the innings named."""
    s = Script()
    for inning in range(1, 10):
        s.half(inning, True)
        for _ in range(away_homers.get(inning, 0)):
            s.homer(home[inning - 1])
        s.outs(home[inning - 1])
        if inning == 9 and sum(home_homers.values()) > sum(away_homers.values()):
            break
        s.half(inning, False)
        for _ in range(home_homers.get(inning, 0)):
            s.homer(away[inning - 1])
        s.outs(away[inning - 1])
    return walk(relief_setup(), s.end(sum(away_homers.values()), sum(home_homers.values())))


def test_obr_9_17_a_starter_with_exactly_five_innings_gets_the_win() -> None:
    b = game(["away-p"] * 5 + ["away-r1"] * 4, ["home-p"] * 9, {1: 5}, {})
    assert decisions(b) == {"away-p": "W", "home-p": "L", "away-r1": "S"}  # 9.19(d)(3): four innings


def test_obr_9_17_a_starter_one_out_short_of_five_innings_gets_no_win() -> None:
    s = Script().half(1, True).homer("home-p").outs("home-p").half(1, False).outs("away-p")
    for inning in range(2, 10):
        s.half(inning, True).outs("home-p").half(inning, False)
        if inning == 5:
            s.outs("away-p", 2).outs("away-r1", 1)
        else:
            s.outs("away-p" if inning < 5 else "away-r1")
    b = walk(relief_setup(), s.end(1, 0))
    assert decisions(b) == {"away-r1": "W", "home-p": "L"}
    assert [p.ip for p in b.away.pitching] == ["4.2", "4.1"]


def test_obr_9_19_d_1_a_lead_of_three_and_an_inning_is_a_save() -> None:
    b = game(["away-p"] * 8 + ["away-r1"], ["home-p"] * 9, {1: 3}, {})
    assert decisions(b) == {"away-p": "W", "home-p": "L", "away-r1": "S"}


def test_obr_9_19_d_2_the_tying_run_on_deck_is_a_save_for_one_out() -> None:
    # Ahead by two with two out in the ninth, bases empty: the batter and the man on deck could tie it.
    s = Script().half(1, True).homer("home-p").homer("home-p").outs("home-p")
    s.half(1, False).outs("away-p")
    for inning in range(2, 10):
        s.half(inning, True).outs("home-p").half(inning, False)
        if inning == 9:
            s.outs("away-p", 2).outs("away-r1", 1)
        else:
            s.outs("away-p")
    b = walk(relief_setup(), s.end(2, 0))
    assert decisions(b) == {"away-p": "W", "home-p": "L", "away-r1": "S"}


def test_a_lead_of_three_with_the_bases_empty_and_one_out_is_no_save() -> None:
    # The tying run is in the hole, not on deck, and he pitched a third of an inning.
    s = Script().half(1, True).homer("home-p").homer("home-p").homer("home-p").outs("home-p")
    s.half(1, False).outs("away-p")
    for inning in range(2, 10):
        s.half(inning, True).outs("home-p").half(inning, False)
        if inning == 9:
            s.outs("away-p", 2).outs("away-r1", 1)
        else:
            s.outs("away-p")
    b = walk(relief_setup(), s.end(3, 0))
    assert decisions(b) == {"away-p": "W", "home-p": "L"}


def test_obr_9_19_d_3_three_innings_with_any_lead_is_a_save_two_are_not() -> None:
    three = game(["away-p"] * 6 + ["away-r1"] * 3, ["home-p"] * 9, {1: 6}, {})
    assert decisions(three) == {"away-p": "W", "home-p": "L", "away-r1": "S"}
    two = game(["away-p"] * 7 + ["away-r1"] * 2, ["home-p"] * 9, {1: 6}, {})
    assert decisions(two) == {"away-p": "W", "home-p": "L"}


def test_a_setup_man_who_keeps_a_one_run_lead_for_the_closer_gets_a_hold() -> None:
    b = game(["away-p"] * 7 + ["away-r1", "away-r2"], ["home-p"] * 9, {2: 1}, {})
    assert decisions(b) == {"away-p": "W", "home-p": "L", "away-r1": "HLD", "away-r2": "S"}


def test_a_blown_save_can_still_be_the_win() -> None:
    # Away leads 1-0; its reliever gives up the tying homer in the eighth (BS); away scores again in
    # the ninth with him the pitcher of record (W), and the closer saves it.
    b = game(["away-p"] * 7 + ["away-r1", "away-r2"], ["home-p"] * 9, {1: 1, 9: 1}, {8: 1})
    assert decisions(b) == {"away-r1": "W, BS", "away-r2": "S", "home-p": "L"}


def test_a_blown_save_and_the_loss() -> None:
    # Away leads 1-0 into the eighth; its reliever gives up two homers: the tie (BS) and the lead (L).
    b = game(["away-p"] * 7 + ["away-r1"] * 2, ["home-p"] * 9, {1: 1}, {8: 2})
    assert decisions(b) == {"away-r1": "L, BS", "home-p": "W"}
    assert b.to_dict()["away"]["pitching"][1]["decision"] == "L, BS"
    assert "(L, BS)" in format_team_box(b.away)


@pytest.mark.parametrize(("lead", "marks"), [(3, {"away-r1": "HLD", "away-r2": "S"}), (4, {})])
def test_obr_9_19_a_hold_needs_a_save_situation_a_lead_of_at_most_three(lead: int, marks: dict[str, str]) -> None:
    # 9.19(d)(1): a lead of no more than three runs. r1 pitches the 8th, r2 the 9th, the bases empty each time.
    b = game(["away-p"] * 7 + ["away-r1", "away-r2"], ["home-p"] * 9, {1: lead}, {})
    assert decisions(b) == {"away-p": "W", "home-p": "L", **marks}


@pytest.mark.parametrize(("lead", "mark"), [(3, "W, BS"), (4, "W")])
def test_obr_9_19_a_blown_save_needs_a_lead_of_at_most_three_when_he_came_in(lead: int, mark: str) -> None:
    # r1 enters the 8th ahead by ``lead`` and gives it all back; away wins it in the 9th, r1 the pitcher of record.
    b = game(["away-p"] * 7 + ["away-r1"] * 2, ["home-p"] * 9, {1: lead, 9: 1}, {8: lead})
    assert decisions(b) == {"away-r1": mark, "home-p": "L"}


def test_obr_9_19_no_hold_for_a_reliever_who_came_in_with_the_score_tied() -> None:
    # 9.19(d): a save situation needs a lead. r1 keeps a 0-0 tie in the 7th; r2 pitches the 8th and 9th and is
    # the pitcher of record when away scores in the 9th.
    b = game(["away-p"] * 6 + ["away-r1"] + ["away-r2"] * 2, ["home-p"] * 9, {9: 1}, {})
    assert decisions(b) == {"away-r2": "W", "home-p": "L"}


@pytest.mark.parametrize(("on_base", "marks"), [(2, {"away-r1": "HLD"}), (1, {})])
def test_obr_9_19_the_tying_run_on_deck_makes_a_four_run_lead_a_save_situation(
    on_base: int, marks: dict[str, str]
) -> None:
    # 9.19(d)(2): ahead by four with two on, the tying run is on deck; with one on he is not yet.
    # r1 relieves in the 8th after the singles and strikes out the side; r2 pitches the 9th (no save at 4).
    s = Script().half(1, True)
    for _ in range(4):
        s.homer("home-p")
    s.outs("home-p").half(1, False).outs("away-p")
    for inning in range(2, 8):
        s.half(inning, True).outs("home-p").half(inning, False).outs("away-p")
    s.half(8, True).outs("home-p")
    eighth = Half("away-p", inning=8, top=False).single("home-c")
    if on_base == 2:
        eighth.single("home-1b", mv("home-c", 1, 2))
    eighth.relieve("away-r1").k("home-2b").k("home-3b").k("home-ss")
    s.events += eighth.events
    s.half(9, True).outs("home-p").half(9, False).outs("away-r2")
    b = walk(relief_setup(), s.end(4, 0))
    assert decisions(b) == {"away-p": "W", "home-p": "L", **marks}


# --- season stats and the batting title ------------------------------------------------------------


def test_season_stats_count_holds_and_blown_saves_from_the_decision_marks() -> None:
    first = game(["away-p"] * 7 + ["away-r1", "away-r2"], ["home-p"] * 9, {2: 1}, {})
    second = game(["away-p"] * 7 + ["away-r1"] * 2, ["home-p"] * 9, {1: 1}, {8: 2})
    stats = season_stats([("AWY", "HOM", first.to_dict()), ("AWY", "HOM", second.to_dict())])
    r1, r2, starter = stats.pitching["away-r1"], stats.pitching["away-r2"], stats.pitching["away-p"]
    assert (r1.w, r1.l, r1.s, r1.hld, r1.bs) == (0, 1, 0, 1, 1)
    assert (r2.s, r2.hld, starter.w) == (1, 0, 1)
    assert (stats.team_pitching("AWY").hld, stats.team_pitching("AWY").bs) == (1, 1)
    assert leaders(stats, "hld", stats.team_games) == [("away-r1", 1)]


@pytest.mark.parametrize(
    ("games", "pa"),
    [(162, 502), (154, 477), (60, 186), (5, 16), (15, 47), (10, 31), (1, 3), (0, 0)],
)
def test_the_batting_title_needs_3_1_plate_appearances_a_team_game_rounded_as_mlb_rounds(games: int, pa: int) -> None:
    # OBR 9.22(a): 3.1 x 162 = 502.2 -> 502; 3.1 x 5 = 15.5 rounds up to 16; 3.1 x 15 = 46.5 -> 47.
    assert qualifying_pa(games) == pa


def test_a_batter_with_502_plate_appearances_in_162_games_qualifies_and_501_does_not() -> None:
    b = game(["away-p"] * 9, ["home-p"] * 9, {1: 1}, {})
    data = b.to_dict()
    stats = season_stats([("AWY", "HOM", data)])
    hitter = stats.batting["away-c"]
    for pa, qualified in ((502, True), (501, False)):
        hitter.pa, hitter.ab, hitter.h = pa, pa, 150
        best = leaders(stats, "avg", {"AWY": 162, "HOM": 162})
        assert ("away-c" in [player for player, _ in best]) is qualified
    assert qualifying_outs(162) == 486  # the ERA title: an inning a team game


def test_a_game_still_being_played_has_no_decisions() -> None:
    s = Script().half(1, True).homer("home-p").outs("home-p").half(1, False).outs("away-p")
    b = walk(relief_setup(), s.events)
    assert decisions(b) == {}
    assert not b.line.final
