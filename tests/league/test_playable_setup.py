"""``Store.playable_setup``: a game's setup that never stops on who cannot play today.

A saved lineup's hurt player (or one on the injured list) is replaced from the healthy bench by
the auto-manager's rule for a man hurt in a game (``best_at``: the best range at his position,
else the best hitter); a rotation with nobody ready gets a spot starter from the bullpen (a
reliever with a START line first, then the bullpen's order). ``build_game_setup`` still refuses,
so a league's manager is asked to fix his own lineup where there is one to ask.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.notation import Position
from engine.inside_pitch.manager import best_at
from league.errors import PlayerUnavailable
from league.models import League, Replacement, Team
from league.store import Store
from tests.league.conftest import HC_STARTERS, injure


async def test_hurt_players_in_a_saved_lineup_are_replaced_from_the_bench_by_the_auto_managers_rule(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    record = await store.schedule_game(league.id, hc.id, mv.id)
    before = await store.build_game_setup(record.id)
    lineup = [s for s in before.away.lineup if s.position is not Position.P]
    first, second = lineup[0], lineup[3]
    injure(db_path, league, first.batter.id, 3)
    injure(db_path, league, second.batter.id, 2)
    await store.place_on_injured_list(hc.id, second.batter.id)
    with pytest.raises(PlayerUnavailable, match="injured"):
        await store.build_game_setup(record.id)

    setup, replacements = await store.playable_setup(record.id)

    bench = list(before.away.bench)
    one = best_at(bench, first.position)
    bench.remove(one)
    two = best_at(bench, second.position)
    assert replacements == [
        Replacement(
            "Harbor City",
            first.position,
            first.batter.id,
            one.id,
            f"Harbor City: {first.batter.name} is injured (3 more days); {one.name} plays {first.position.value}",
        ),
        Replacement(
            "Harbor City",
            second.position,
            second.batter.id,
            two.id,
            f"Harbor City: {second.batter.name} is on the injured list; {two.name} plays {second.position.value}",
        ),
    ]
    # Each takes the hurt man's place in the order; nobody else moves; the bench loses them.
    expected = [
        (one.id if s is first else two.id if s is second else s.batter.id, s.position) for s in before.away.lineup
    ]
    assert [(s.batter.id, s.position) for s in setup.away.lineup] == expected
    assert {b.id for b in setup.away.bench} == {b.id for b in before.away.bench} - {one.id, two.id}
    assert setup.home == before.home
    started = await store.start_game(record.id, setup=setup, seed=1)
    assert started.status == "live"


async def test_a_rotation_with_nobody_ready_gets_a_spot_starter_from_the_bullpen(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    """Harbor City's five starters are hurt: Harlan Goss, the only reliever with a START line,
    starts before the long man; with Goss hurt too, the long man (Vance Tillery) does."""
    hc, mv = ready
    record = await store.schedule_game(league.id, mv.id, hc.id)
    for card_id in HC_STARTERS:
        injure(db_path, league, card_id, 5)
    await store.set_bullpen_role(hc.id, "hc-vance-tillery-1970", "long")
    with pytest.raises(PlayerUnavailable, match="Harbor City has no starter ready"):
        await store.build_game_setup(record.id)

    setup, replacements = await store.playable_setup(record.id)

    assert setup.home.pitcher.id == "hc-harlan-goss-1970"
    assert "hc-harlan-goss-1970" not in {p.id for p in setup.home.bullpen}
    assert [(r.team, r.position, r.out, r.player_in) for r in replacements] == [
        ("Harbor City", Position.P, HC_STARTERS[0], "hc-harlan-goss-1970")
    ]
    assert replacements[0].text.startswith("Harbor City has no starter ready (Lyle Brennaman is injured (5 more days);")
    assert replacements[0].text.endswith("); Harlan Goss makes a spot start")

    injure(db_path, league, "hc-harlan-goss-1970", 5)
    setup, replacements = await store.playable_setup(record.id)
    assert setup.home.pitcher.id == "hc-vance-tillery-1970"
    assert [r.player_in for r in replacements] == ["hc-vance-tillery-1970"]


async def test_a_ready_team_needs_no_replacements(store: Store, league: League, ready: tuple[Team, Team]) -> None:
    hc, mv = ready
    record = await store.schedule_game(league.id, hc.id, mv.id)
    assert await store.playable_setup(record.id) == (await store.build_game_setup(record.id), [])
