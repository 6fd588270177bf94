"""The strategy roll (IP2021 "Strategy Roll"; IP2007 §12; the older card key's "Strategy rolls")."""

from __future__ import annotations

import pytest

from cards.models import Batter
from cards.notation import Position
from engine.inside_pitch.strategy import (
    adjusted_att,
    bunt_range,
    hit_and_run_range,
    steal_bases,
    steal_key,
    steal_options,
    stealers,
    strategy_applies,
    suggest_offense,
    suggest_pickoff,
)
from engine.situation import Situation, TeamSituation
from tests.engine.conftest import Table
from tests.engine.helpers import BENCH, clone_batter
from tests.engine.test_running import put, set_pitcher


def batter(bnt: int) -> Batter:
    return clone_batter(BENCH, f"bunter-{bnt}", bnt=bnt)


def calls(table: Table, bnt: int, pitcher: bool = False) -> dict[int, str]:
    """The auto-manager's call for every strategy roll 1-20."""
    card = clone_batter(BENCH, "at-bat", bnt=bnt)
    return {roll: suggest_offense(table.game, roll, pitcher, card) for roll in range(1, 21)}


def expect(**ranges: tuple[int, int]) -> dict[int, str]:
    """Rolls by call: ``expect(steal_1=(1, 7), swing=(10, 20))``; calls not named are "swing"."""
    out = dict.fromkeys(range(1, 21), "swing")
    names = {"steal_1": "steal:1", "hit_and_run": "hit_and_run", "sacrifice": "sacrifice"}
    for name, (low, high) in ranges.items():
        for roll in range(low, high + 1):
            out[roll] = names[name]
    return out


# --- when the roll is used ------------------------------------------------------------------


def test_no_strategy_5_2_in_the_8th(table: Table) -> None:
    """IP2021 example: 5-2 in the 8th, 5 - 2 + 8 = 11: no strategy rolls."""
    g = table.at(Situation(inning=8, away=TeamSituation(runs=5), home=TeamSituation(runs=2)))
    put(table, 1, att=20)
    assert not strategy_applies(g)
    assert suggest_offense(g, 1, False, batter(3)) == "swing"
    g = table.at(Situation(inning=8, away=TeamSituation(runs=2), home=TeamSituation(runs=5)))
    put(table, 1, att=20)
    assert not strategy_applies(g)  # the difference either way


def test_strategy_at_exactly_10(table: Table) -> None:
    g = table.at(Situation(inning=8, away=TeamSituation(runs=4), home=TeamSituation(runs=2)))
    put(table, 1)
    assert strategy_applies(g)


def test_no_strategy_with_the_bases_empty(table: Table) -> None:
    assert not strategy_applies(table.game)
    assert suggest_offense(table.game, 1, False, batter(5)) == "swing"


# --- Adjusted ATT -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("att", "hold", "base", "adjusted"),
    [
        (7, 0, 2, 7),
        (2, 4, 2, 4),  # IP2021: "A runner with an ATT = 2 will only see an Adjusted ATT rate of 4"
        (13, 1, 2, 14),
        (6, 0, 3, 3),  # IP2021 double steal example: "ATT of 6 is halved"
        (7, 0, 3, 3),  # round down
        (1, 4, 3, 1),  # cap (2) before halving
        (13, 2, 4, 3),  # home: 15 / 5
        (9, 0, 4, 1),
        (2, -4, 2, 0),  # never below 0
        (0, 4, 2, 0),
        ("H", 1, 2, 0),  # IP2021: H always 0 "regardless of a pitcher's HLD"
        ("H", -3, 2, 0),
        ("N", 4, 2, None),
    ],
)
def test_adjusted_att(att: int | str, hold: int, base: int, adjusted: int | None) -> None:
    assert adjusted_att(att, hold, base) == adjusted


# --- the book's table, column by column ---------------------------------------------------


def test_table_att_7_hld_0_bnt_3(table: Table) -> None:
    """IP2021 table, first column: steal 1-7, hit and run 8-9, none 10-17, bunt 18-19, pickoff 20.

    The book prints the bunt as 18-20; its bunting chart gives BNT 3 18-19 and a 20 is
    always the pickoff (the card key's Rollins example says 18-19).
    """
    set_pitcher(table, hold=0)
    put(table, 1, att=7)
    assert calls(table, bnt=3) == expect(steal_1=(1, 7), hit_and_run=(8, 9), sacrifice=(18, 19))
    assert suggest_pickoff(20)


def test_card_key_rollins_on_first_peavy_bnt_3_no_out(table: Table) -> None:
    """Card key example: Rollins (ATT 7) on first, Peavy (HLD 0), no out, a 3 bunter at bat."""
    set_pitcher(table, hold=0)
    put(table, 1, att=7, name="rollins")
    got = calls(table, bnt=3)
    assert [r for r in got if got[r] == "steal:1"] == list(range(1, 8))
    assert [r for r in got if got[r] == "hit_and_run"] == [8, 9]
    assert [r for r in got if got[r] == "sacrifice"] == [18, 19]
    assert [r for r in range(1, 21) if suggest_pickoff(r)] == [20]


def test_table_att_2_hld_plus_4_bnt_4_with_the_cap(table: Table) -> None:
    """IP2021 table, second column: steal 1-4 (the cap), hit and run 5-6, none 7-16, bunt 17-19."""
    set_pitcher(table, hold=4)
    put(table, 1, att=2)
    assert calls(table, bnt=4) == expect(steal_1=(1, 4), hit_and_run=(5, 6), sacrifice=(17, 19))


def test_table_att_h_hld_plus_1_bnt_2(table: Table) -> None:
    """IP2021 table, third column: no steal, hit and run 1-2, none 3-18, bunt 19."""
    set_pitcher(table, hold=1)
    put(table, 1, att="H")
    assert calls(table, bnt=2) == expect(hit_and_run=(1, 2), sacrifice=(19, 19))


def test_table_att_13_hld_plus_1_bnt_5(table: Table) -> None:
    """IP2021 table, fourth column: steal 1-14, hit and run 15-16, bunt 17-19 (16 overlaps: the hit and run wins)."""
    set_pitcher(table, hold=1)
    put(table, 1, att=13)
    bunts = bunt_range(5, False)
    assert bunts is not None and 16 in bunts
    assert calls(table, bnt=5) == expect(steal_1=(1, 14), hit_and_run=(15, 16), sacrifice=(17, 19))


# --- several runners ------------------------------------------------------------------------


def test_double_steal_example(table: Table) -> None:
    """IP2021 example: HLD 0, runner on first ATT 1, on second ATT 6: 1 double steal, 2-3 only the runner on second."""
    set_pitcher(table, hold=0)
    put(table, 1, att=1)
    put(table, 2, att=6)
    g = table.game
    assert suggest_offense(g, 1, False, batter(0)) == "steal:1+2"
    assert suggest_offense(g, 2, False, batter(0)) == "steal:2"
    assert suggest_offense(g, 3, False, batter(0)) == "steal:2"
    assert stealers(g, 4) == []


def test_a_runner_cannot_steal_into_an_occupied_base(table: Table) -> None:
    set_pitcher(table, hold=0)
    put(table, 1, att=13)
    put(table, 2, att="N")
    assert stealers(table.game, 5) == []
    assert suggest_offense(table.game, 5, False, batter(0)) == "swing"


def test_first_and_third_steals(table: Table) -> None:
    set_pitcher(table, hold=0)
    put(table, 1, att=7)
    put(table, 3, att=13)  # home: 13 / 5 = 2
    g = table.game
    assert suggest_offense(g, 2, False, batter(0)) == "steal:1+3"
    assert suggest_offense(g, 3, False, batter(0)) == "steal:1"
    assert suggest_offense(g, 8, False, batter(0)) == "hit_and_run"


def test_triple_steal(table: Table) -> None:
    set_pitcher(table, hold=0)
    for base in (1, 2, 3):
        put(table, base, att=20)
    assert suggest_offense(table.game, 4, False, batter(0)) == "steal:1+2+3"
    # 20 / 5 = 4 for home: on a 5 the runner on third holds, and so must the others.
    assert suggest_offense(table.game, 5, False, batter(0)) == "swing"


def test_no_hit_and_run_without_a_runner_on_first(table: Table) -> None:
    set_pitcher(table, hold=0)
    put(table, 2, att=6)
    assert hit_and_run_range(table.game) == range(0)
    assert suggest_offense(table.game, 4, False, batter(0)) == "swing"


def test_n_runner_never_steals_nor_hits_and_runs(table: Table) -> None:
    set_pitcher(table, hold=4)
    put(table, 1, att="N")
    assert calls(table, bnt=3) == expect(sacrifice=(18, 19))


def test_two_outs_no_hit_and_run_and_no_bunt_but_steals(table: Table) -> None:
    """IP2021: "Ignore sacrifice bunt attempts with two outs"; IP2007 §12 adds the hit and run."""
    set_pitcher(table, hold=0)
    put(table, 1, att=7)
    table.game.state.outs = 2
    assert calls(table, bnt=3) == expect(steal_1=(1, 7))


def test_a_20_is_the_pickoff_even_inside_a_steal_range(table: Table) -> None:
    set_pitcher(table, hold=10)
    put(table, 1, att=10)  # Adjusted ATT 20
    assert suggest_offense(table.game, 19, False, batter(0)) == "steal:1"
    assert suggest_offense(table.game, 20, False, batter(0)) == "swing"
    assert suggest_pickoff(20) and not suggest_pickoff(19)


# --- sacrifice bunts ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bnt", "players", "pitchers"),
    [
        (5, (16, 19), (10, 19)),
        (4, (17, 19), (12, 19)),
        (3, (18, 19), (14, 19)),
        (2, (19, 19), (18, 19)),
        (1, None, (18, 19)),
        (0, None, None),
    ],
)
def test_bunting_chart(bnt: int, players: tuple[int, int] | None, pitchers: tuple[int, int] | None) -> None:
    """IP2021 bunting chart (runner on first, fewer than two outs), position players and pitchers."""
    for pitcher, want in ((False, players), (True, pitchers)):
        got = bunt_range(bnt, pitcher)
        assert (None if got is None else (got.low, got.high)) == want


def test_pitcher_bunts_on_his_own_column(table: Table) -> None:
    put(table, 1, att="N")
    assert calls(table, bnt=5, pitcher=True) == expect(sacrifice=(10, 19))
    assert calls(table, bnt=1, pitcher=True) == expect(sacrifice=(18, 19))
    assert calls(table, bnt=1) == expect()


def test_batter_in_the_p_spot_is_a_pitcher(table: Table) -> None:
    """With no batter given, the batter due up and his lineup spot decide the bunting column."""
    g = table.game
    put(table, 1, att="N")
    team = g.state.batting
    team.up = next(i for i, s in enumerate(team.order) if s.position is Position.P)
    assert team.order[team.up].batter.bnt == 2
    assert suggest_offense(g, 18) == "sacrifice"  # pitchers, BNT 2: 18-19
    team.up = next(i for i, s in enumerate(team.order) if s.position is not Position.P)
    assert suggest_offense(g, 18) == "swing"  # position players, BNT 2: 19
    assert suggest_offense(g, 19) == "sacrifice"


def test_no_sacrifice_without_a_runner_on_first(table: Table) -> None:
    put(table, 2, att="N")
    assert suggest_offense(table.game, 19, False, batter(5)) == "swing"


def test_sacrifice_with_runners_on_first_and_second(table: Table) -> None:
    put(table, 1, att="N")
    put(table, 2, att="N")
    assert suggest_offense(table.game, 19, False, batter(5)) == "sacrifice"


def test_a_blocked_runners_roll_is_read_on_for_the_bunt(table: Table) -> None:
    set_pitcher(table, hold=1)
    put(table, 1, att=13)  # would steal on 1-14, but second is taken
    put(table, 2, att="N")
    assert suggest_offense(table.game, 14, True, batter(3)) == "sacrifice"  # pitchers, BNT 3: 14-19


# --- play keys ---------------------------------------------------------------------------


def test_steal_keys() -> None:
    assert steal_key([2, 1]) == "steal:1+2"
    assert steal_bases("steal:1+3") == [1, 3]
    assert steal_bases("steal:2") == [2]
    assert steal_bases("hit_and_run") == []


def test_steal_options(table: Table) -> None:
    put(table, 1)
    put(table, 2)
    assert steal_options(table.game) == ["steal:2", "steal:1+2"]
    put(table, 3, att="N")
    assert steal_options(table.game) == []
    put(table, 3, att=1)
    assert steal_options(table.game) == ["steal:3", "steal:2+3", "steal:1+2+3"]


# --- the auto-manager reads the roll "with the game situation in mind" (issue 26) -------------


def bases_loaded_one_out_down_two_in_the_8th(table: Table, sb_on_third: int) -> None:
    """2 + 8 = 10: the strategy roll still applies (IP2021 "Strategy Roll"). ATT 20 everywhere:
    home's Adjusted ATT is 20 / 5 = 4, so a 3 gives every runner the jump."""
    table.at(Situation(inning=8, outs=1, away=TeamSituation(runs=1), home=TeamSituation(runs=3)))
    set_pitcher(table, hold=0, steal=0)
    put(table, 1, att=20)
    put(table, 2, att=20)
    put(table, 3, att=20, sb=sb_on_third)


def test_the_auto_manager_does_not_steal_home_on_a_hopeless_sb(table: Table) -> None:
    """IP2021 "Strategy Roll": stealing home is SB + pitcher SB - 10; SB 10 against a pitcher's 0
    leaves 0, safe only on the always-safe 1-2 (IP2007 §12.1.2). The book's roll calls the triple
    steal (a hard rule plays it); the rolls "should always be applied with the game situation in
    mind", so the auto-manager keeps the man on third, the others are blocked, and it swings away."""
    from engine.inside_pitch import manager
    from engine.inside_pitch.strategy import hopeless

    bases_loaded_one_out_down_two_in_the_8th(table, sb_on_third=10)
    g = table.game
    assert strategy_applies(g) and hopeless(g, 3)
    assert suggest_offense(g, 3, False, batter(0)) == "steal:1+2+3"
    assert suggest_offense(g, 3, False, batter(0), sensible=True) == "swing"
    assert manager.offense(g, 3) == "swing"


def test_the_auto_manager_still_steals_home_with_a_chance(table: Table) -> None:
    """SB 14: 14 + 0 - 10 = 4, safe on 1-4 of 20: not hopeless, so the roll's triple steal stands."""
    from engine.inside_pitch import manager

    bases_loaded_one_out_down_two_in_the_8th(table, sb_on_third=14)
    assert manager.offense(table.game, 3) == "steal:1+2+3"


def test_a_steal_of_second_is_hopeless_only_below_the_always_safe_rolls(table: Table) -> None:
    """Second and third: SB + pitcher SB + the catcher's arm (IP2021); 2 or less is safe only on 1-2."""
    from engine.inside_pitch.strategy import hopeless
    from tests.engine.test_running import set_catcher

    set_pitcher(table, hold=0, steal=-1)
    put(table, 1, att=7, sb=3)
    set_catcher(table, arm=0)  # 3 - 1 + 0 = 2
    assert hopeless(table.game, 1)
    set_catcher(table, arm=1)  # 3: safe on 1-3
    assert not hopeless(table.game, 1)
