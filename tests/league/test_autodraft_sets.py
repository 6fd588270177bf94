"""The auto-drafter on the bundled real seasons: a whole league drafted from a card set gets a lineup
(with and without the designated hitter) and a rotation for every team, in seconds (docs/player-value.md)."""

from __future__ import annotations

import time

import pytest

from engine.lineup import auto_team
from engine.rulesets import for_family
from league.autodraft import STARTERS, best_rotation, choose_pick
from league.cardpool import CardPool
from league.value import compute_values, player_values

TEAMS, ROUNDS = 30, 26


@pytest.mark.slow
@pytest.mark.parametrize("card_set", ["2023", "2016-deep-drive"])
def test_thirty_teams_draft_twenty_six_rounds_and_every_team_can_play(card_set: str) -> None:
    pool = CardPool.load([card_set])
    start = time.process_time()
    compute_values(pool, for_family(pool.family))
    assert time.process_time() - start < 2  # about 0.2-0.3 s of processor time here
    values = player_values(pool)
    rosters: list[list[str]] = [[] for _ in range(TEAMS)]
    available = set(values)
    start = time.process_time()
    for r in range(ROUNDS):
        for team in range(TEAMS) if r % 2 == 0 else reversed(range(TEAMS)):
            pick = choose_pick(values, rosters[team], available, picks_left=ROUNDS - r)
            available.remove(pick)
            rosters[team].append(pick)
    assert time.process_time() - start < 10  # 780 picks: about 0.1 s here
    for i, roster in enumerate(rosters):
        batters = [pool.batter(c) for c in roster if values[c].kind == "batter"]
        rotation = best_rotation(values, roster)
        assert len(rotation) == STARTERS
        ace = pool.pitcher(rotation[0])
        for dh in (True, False):
            team = auto_team(f"team {i}", batters, ace, pool.batting_card_for(ace), dh)
            assert len(team.lineup) == 9
