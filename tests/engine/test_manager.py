"""Substitutions, pitching changes, fatigue and injuries: the managers' calls before the pitch."""

from __future__ import annotations

import re

import pytest

from cards.notation import Position
from engine import substitutions
from engine.boxscore import box_score
from engine.events import Decided, Fatigue, PlateAppearanceEnded, PlateAppearanceStarted, Substitution
from engine.game import Game
from engine.inside_pitch import manager
from engine.inside_pitch.options import InsidePitchOptions
from engine.requests import IllegalChoice
from engine.situation import Situation, TeamSituation
from tests.engine.conftest import Table
from tests.engine.helpers import setup


def events_of(game: Game, kind: type) -> list:
    return [e for e in game.events if isinstance(e, kind)]


# --- through the game object: requests, legality, the box score -----------------------------


def test_the_defense_is_asked_before_every_pitch_and_may_change_pitchers() -> None:
    """Issue 12: a pitching change in two steps, the call, then who comes in; the call is asked again."""
    game = Game(setup(), seed=4, asking={"home": "every"})
    assert game.pending is not None and (game.pending.kind, game.pending.side) == ("defense", "home")
    assert game.pending.option_keys() == ["pitch", "intentional_walk", "relief", "field"]
    game.choose("home", "relief")
    assert game.pending is not None and game.pending.kind == "who_comes_in"
    assert game.pending.option_keys() == ["home-rp1", "home-rp2", "back"]
    # Hand, his card's ERA, the batter up's OBP/SLG against him, role, stamina line and fatigue; the last
    # reliever listed is the closer.
    assert [re.sub(r"\d", "9", o.label) for o in game.pending.options[:2]] == [
        "home RP9 (R), ERA 9.99, away-c .999/.999, reliever, RELIEF 9/9, rested",
        "home RP9 (R), ERA 9.99, away-c .999/.999, closer, RELIEF 9/9, rested",
    ]
    game.choose("home", "home-rp1")
    change = events_of(game, Substitution)[0]
    assert (change.kind, change.player_in, change.player_out, change.spot) == ("pitcher", "home-rp1", "home-p", 9)
    assert game.pending is not None and game.pending.kind == "defense"  # a change asks again
    game.choose("home", "relief")
    assert game.pending is not None and game.pending.option_keys() == ["home-rp2", "back"]
    game.choose("home", "back")  # changed his mind: the call again, nothing changed
    assert game.pending is not None and game.pending.kind == "defense"
    game.choose("home", "pitch")
    started = events_of(game, PlateAppearanceStarted)[0]
    assert started.pitcher == "home-rp1"
    assert game.state.home.order[8].batter.id == "home-rp1"  # he bats in the pitcher's spot


def test_a_pinch_hitter_bats_and_the_man_he_replaced_is_out_for_the_game() -> None:
    game = Game(setup(), seed=4, asking={"away": "every"})
    assert game.pending is not None and game.pending.kind == "offense"
    leadoff = game.state.away.order[0].batter.id
    game.choose("away", "pinch_hit")
    assert game.pending is not None and game.pending.kind == "who_comes_in"
    assert "away-bench-1" in game.pending.option_keys()
    game.choose("away", "away-bench-1")
    assert game.pending is not None and game.pending.kind == "offense"
    game.choose("away", "pinch_hit")
    assert game.pending is not None and "away-bench-1" not in game.pending.option_keys()  # he is already in
    with pytest.raises(IllegalChoice):
        game.choose("away", "away-bench-1")
    game.choose("away", "back")
    game.choose("away", "swing")
    assert events_of(game, PlateAppearanceStarted)[0].batter == "away-bench-1"
    assert leadoff in game.state.away.removed
    while game.pending is not None:
        game.auto_answer()
    box = box_score(game)
    ph = next(line for line in box.away.batting if line.player == "away-bench-1")
    # IP2021 leaves positions to baseball (OBR 5.10): he stays in at C, the bench has no catcher.
    assert (ph.position, ph.spot) == ("PH-C", 1) and ph.pa >= 1


def test_an_intentional_walk_is_a_walk_but_not_on_the_pull_count() -> None:
    game = Game(setup(), seed=4, asking={"home": "every"})
    game.choose("home", "intentional_walk")
    ended = events_of(game, PlateAppearanceEnded)[0]
    assert ended.notation == "IBB"
    on_first = game.state.runner_on(1)  # the game waits on the defense's call to the next batter
    assert game.pending is not None and game.pending.kind == "defense"
    assert on_first is not None and on_first.id == ended.batter
    while game.pending is not None:
        game.auto_answer()
    box = box_score(game)
    assert box.away.batting_totals().bb >= 1


def test_auto_managed_games_change_pitchers_by_the_pull_rule() -> None:
    changes = 0
    for seed in range(40):
        game = Game(setup(), seed)
        for change in events_of(game, Substitution):
            assert change.kind in ("pitcher", "pinch_hitter", "injury")
            changes += change.kind == "pitcher"
        assert game.over
    assert changes > 0


def test_no_pull_and_no_exhaustion_keeps_the_starter_in_until_he_is_batted_for() -> None:
    for seed in range(20):
        game = Game(setup(InsidePitchOptions(pull=False, exhausted=False)), seed)
        batted_for: set[str] = set()
        for event in events_of(game, Substitution):
            if event.kind == "pinch_hitter" and event.position == "PH" and event.spot == 9:
                batted_for.add(event.team)
            if event.kind == "pitcher":
                assert event.team in batted_for, (seed, event)
        assert not [e for e in events_of(game, Fatigue) if e.state == "exhausted"]


# --- the rules, on an arranged table --------------------------------------------------------


def test_seavers_start_line_tired_at_33_batters_faced(table: Table) -> None:
    """IP2007 sample pitcher's card: START (36) 33 / 13 — tired once he has faced 33 batters."""
    g = table.game
    team = g.state.fielding
    line = team.stamina()
    assert line is not None and (line.tired, line.pull) == (33, 13)
    team.faced[team.pitcher.id] = line.tired - 1
    assert not team.tired()
    team.faced[team.pitcher.id] = line.tired
    assert team.tired()


def test_past_pull_when_runs_hits_and_walks_exceed_the_rating(table: Table) -> None:
    """Seaver's pull rating 13: at 13 runs + hits + walks he stays, at 14 he should come out."""
    team = table.game.state.fielding
    line = team.stamina()
    assert line is not None
    team.pull_count[team.pitcher.id] = line.pull
    assert not team.past_pull()
    manager.count_for_pull(team, team.pitcher.id, "BB", 0)
    assert team.past_pull()


def test_pull_count_takes_runs_hits_and_unintentional_walks_only(table: Table) -> None:
    team = table.game.state.fielding
    pid = team.pitcher.id
    team.pull_count.clear()
    assert manager.count_for_pull(team, pid, "2B", 1) == 2
    assert manager.count_for_pull(team, pid, "K", 0) == 2
    assert manager.count_for_pull(team, pid, None, 0) == 2  # an intentional walk passes None
    assert manager.count_for_pull(team, pid, "BB", 0) == 3


def test_a_tired_reading_exhausts_him_and_he_must_leave(table: Table) -> None:
    g = table.game
    team = g.state.fielding
    line = team.stamina()
    assert line is not None
    team.faced[team.pitcher.id] = line.tired
    manager.note_fatigue(g, team, tired_reading=True)
    assert team.exhausted
    assert [e.state for e in events_of(g, Fatigue)] == ["tired", "exhausted"]
    old = team.pitcher.id
    manager.forced_moves(g)
    assert team.pitcher.id != old and not team.exhausted
    assert old in team.removed
    assert [d.kind for d in events_of(g, Decided)] == ["pitching_change"]


def test_exhausted_with_nobody_in_the_bullpen_he_pitches_on(table: Table) -> None:
    g = table.game
    team = g.state.fielding
    team.used_pitchers += [p.id for p in team.setup.bullpen]
    team.exhausted = True
    old = team.pitcher.id
    manager.forced_moves(g)
    assert team.pitcher.id == old


def test_the_exhausted_option_off_never_exhausts(table: Table) -> None:
    g = table.game
    g.setup = setup(InsidePitchOptions(exhausted=False))
    team = g.state.fielding
    manager.note_fatigue(g, team, tired_reading=True)
    assert not team.exhausted


def test_a_hurt_runner_gets_a_pinch_runner_who_takes_his_base(table: Table) -> None:
    """IP2021 "Injuries": he leaves; his replacement runs for him and gets a position later."""
    g = table.game
    offense = g.state.batting
    spot = offense.order[3]
    runner = table.runner(2)
    runner_card = spot.batter
    g.state.bases[1] = type(runner)(runner_card, runner.pitcher)
    g.state.injured.append(runner_card.id)
    manager.forced_moves(g)
    new = offense.order[3]
    assert new.batter.id.startswith("away-bench") and offense.unplaced == {3}
    on_second = g.state.runner_on(2)
    assert on_second is not None and on_second.id == new.batter.id
    sub = events_of(g, Substitution)[0]
    assert (sub.kind, sub.player_out, sub.position, sub.spot) == ("injury", runner_card.id, "PR", 4)
    assert runner_card.id in offense.removed


def test_a_hurt_pitcher_is_replaced_before_the_next_pitch(table: Table) -> None:
    g = table.game
    team = g.state.fielding
    old = team.pitcher.id
    g.state.injured.append(old)
    manager.forced_moves(g)
    assert team.pitcher.id != old


def test_pinch_hitting_for_the_pitcher_brings_a_new_pitcher_next_time_out(table: Table) -> None:
    g = table.game
    offense = g.state.batting
    pitcher = offense.pitcher.id
    substitutions.replace_player(g, offense, 8, offense.available_bench()[0], Position.P, "pinch_hitter")
    assert manager.must_change_pitcher(offense)
    assert pitcher in offense.removed
    g.state.top = False  # the away team takes the field
    manager.forced_moves(g)
    assert offense.pitcher.id != pitcher
    assert offense.order[8].batter.id == offense.pitcher.id


def test_auto_manager_pinch_hits_for_the_pitcher_late_when_not_ahead(table: Table) -> None:
    g = table.at(Situation(inning=7, away=TeamSituation(up=8, tired=True)))
    offense = g.state.batting
    choice = manager.offense(g, None)
    assert choice == "swing"
    assert offense.order[8].batter.id in {b.id for b in offense.setup.bench}


def test_a_fresh_pitcher_is_batted_for_late_only_two_runs_behind(table: Table) -> None:
    """Dugout's policy: a pitcher not yet tired (faced fewer than his START number) bats in a close game."""
    g = table.at(Situation(inning=8, away=TeamSituation(up=8, runs=2, batters_faced=20), home=TeamSituation(runs=3)))
    pitcher = g.state.batting.order[8].batter.id
    assert manager.offense(g, None) == "swing" and g.state.batting.order[8].batter.id == pitcher
    g = table.at(Situation(inning=8, away=TeamSituation(up=8, runs=1, batters_faced=20), home=TeamSituation(runs=3)))
    manager.offense(g, None)
    assert g.state.batting.order[8].batter.id in {b.id for b in g.state.batting.setup.bench}


def test_the_closer_comes_in_the_ninth_with_a_small_lead(table: Table) -> None:
    g = table.at(Situation(inning=9, home=TeamSituation(runs=2)))
    assert manager.auto_reliever(g, g.state.fielding).id == g.state.fielding.setup.bullpen[-1].id
    g = table.at(Situation(inning=9, home=TeamSituation(runs=6)))
    assert manager.auto_reliever(g, g.state.fielding).id == g.state.fielding.setup.bullpen[0].id


def test_steal_options_only_when_the_base_ahead_is_free_or_its_man_runs(table: Table) -> None:
    table.runner(1)
    table.runner(2)
    keys = [o.key for o in manager.offense_options(table.game, table.game.state.batting)]
    assert [k for k in keys if k.startswith("steal:")] == ["steal:2", "steal:1+2"]


def test_hard_strategy_rules_leave_only_the_rolls_call(table: Table) -> None:
    g = table.game
    table.runner(1)
    keys = [o.key for o in manager.offense_options(g, g.state.batting, hard_call="steal:1")]
    assert keys[0] == "steal:1" and not {"swing", "hit_and_run", "sacrifice"} & set(keys)
