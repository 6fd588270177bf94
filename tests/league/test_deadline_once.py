"""A league's day is played once for one deadline, however many processes run it (issue 30).

Two bot processes that both own a league (shards misconfigured to overlap, or a standby started while the old
process still runs) both see its deadline pass. Each plays the day it saw before the deadline fell
(``from_day``); the store moves the day on only from the day the run began on, in the transaction that moves
it, so the second run is refused (DayMoved) and the league moves on one day. Two stores on one database
stand for the two processes (on PostgreSQL, the real case).
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bench.synth import bench_league, write_bench_set
from league import autoplay
from league.errors import DayMoved
from league.models import League
from league.store import Store

TEAMS, GAMES = 4, 2


@pytest.fixture(scope="module")
def bench_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_bench_set(tmp_path_factory.mktemp("cards") / "bench", TEAMS)


@pytest.fixture
async def season(store: Store, bench_set: Path) -> League:
    return await bench_league(store, bench_set, TEAMS, GAMES, seed=3)


async def test_a_deadline_run_after_another_process_played_the_day_is_refused(
    store: Store, db_path: Path | str, season: League
) -> None:
    day = season.day
    async with await Store.open(db_path) as other:
        [played] = await autoplay.advance(store, season.id, 1, from_day=day, rng=random.Random(1))
        with pytest.raises(DayMoved, match=f"day {day + 1}"):
            await autoplay.advance(other, season.id, 1, from_day=day, rng=random.Random(2))
    assert (await store.league(season.id)).day == day + 1
    assert len(played.games) == TEAMS // 2
    assert [g.status for g in await store.games(season.id) if g.day == day + 1] == ["scheduled"] * (TEAMS // 2)


async def test_two_stores_racing_for_one_deadline_move_the_day_on_once(
    store: Store, db_path: Path | str, season: League
) -> None:
    day = season.day
    async with await Store.open(db_path) as other:
        runs = await asyncio.gather(
            *(
                autoplay.advance(s, season.id, 1, from_day=day, rng=random.Random(n))
                for n, s in enumerate((store, other))
            ),
            return_exceptions=True,
        )
    refused = [r for r in runs if isinstance(r, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], DayMoved), runs
    assert (await store.league(season.id)).day == day + 1
    games = await store.games(season.id)
    # Every game of the day played (each once: a final game cannot start again), none of the next day's.
    assert {g.status for g in games if g.day == day} == {"final"}
    assert {g.status for g in games if g.day > day} == {"scheduled"}
