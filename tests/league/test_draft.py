"""The draft service (league.draft) on a real file: order, clock, queues, the auto-drafter, restarts, refusals."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from pathlib import Path

import pytest

from league import draft
from league.autodraft import STARTERS
from league.draft import ClockOutOfRange, DraftNotRunning, OutOfTurn, PlayerTaken
from league.errors import CardError, NotAllowed, NotFound, SettingsError
from league.models import League, Team
from league.store import Store
from tests.league.conftest import (
    COMMISSIONER,
    HC_MANAGER,
    HC_PITCHERS,
    HC_PLAYERS,
    MV_MANAGER,
    MV_PITCHERS,
    MV_PLAYERS,
    STRANGER,
    direct,
    query,
    unchanged,
)

T0 = 1_800_000_000.0  # a fixed "now": the service takes time as an argument


def write(path: Path, statement: str, params: tuple[object, ...]) -> None:
    with direct(path) as conn:
        conn.execute(statement, params)


async def third_team(store: Store, league: League) -> Team:
    return await store.create_team(league.id, "Cincinnati", "CIN")


async def pool_ids(store: Store, league: League) -> list[str]:
    return await draft.available(store, league.id)


async def test_snake_and_straight_orders(store: Store, league: League, teams: tuple[Team, Team]) -> None:
    hc, mv = teams
    cin = await third_team(store, league)
    order = [hc.id, mv.id, cin.id]
    made = await draft.setup(store, league.id, by=COMMISSIONER, order=order, style="snake", rounds=3)
    assert [draft.slot(made.order, "snake", n)[1] for n in range(1, 10)] == [*order, *order[::-1], *order]
    assert [draft.slot(made.order, "straight", n)[1] for n in range(1, 10)] == order * 3
    await draft.start(store, league.id, T0, by=COMMISSIONER)
    await draft.auto_all(store, league.id, T0, by=COMMISSIONER)
    picks = await store.draft_picks(made.id)
    assert [p.team_id for p in picks] == [*order, *order[::-1], *order]
    assert [p.round for p in picks] == [1, 1, 1, 2, 2, 2, 3, 3, 3]


async def test_random_order_is_drawn_with_the_seed(store: Store, league: League, teams: tuple[Team, Team]) -> None:
    await third_team(store, league)
    first = await draft.setup(store, league.id, by=COMMISSIONER, order="random", seed=7, rounds=2)
    again = await draft.setup(store, league.id, by=COMMISSIONER, order="random", seed=7, rounds=2)
    orders = {(await draft.setup(store, league.id, by=COMMISSIONER, seed=s, rounds=2)).order for s in range(12)}
    assert first.order == again.order and len(orders) > 1


async def test_reverse_standings_order(store: Store, league: League, teams: tuple[Team, Team], db_path: Path) -> None:
    hc, mv = teams
    cin = await third_team(store, league)
    with pytest.raises(SettingsError, match="first season"):
        await draft.setup(store, league.id, by=COMMISSIONER, order="standings", rounds=2)
    # Season 1's finals (scores are all the standings read): MV 3-0, CIN 2-2, HC 1-4.
    results = [(mv, hc, 5, 1), (mv, hc, 4, 2), (mv, cin, 3, 0), (hc, cin, 6, 2), (cin, hc, 1, 0), (cin, hc, 2, 0)]
    for day, (away, home, away_runs, home_runs) in enumerate(results, start=1):
        write(
            db_path,
            "INSERT INTO game (league_id, season, day, phase, away_team_id, home_team_id, seed, status, setup,"
            " played_day, line_score, box_score, away_runs, home_runs, innings)"
            " VALUES (?, 1, ?, 'regular', ?, ?, 1, 'final', '{}', ?, '{}', '{}', ?, ?, 9)",
            (league.id, day, away.id, home.id, day, away_runs, home_runs),
        )
    write(db_path, "UPDATE league SET season = 2 WHERE id = ?", (league.id,))
    overall = [r.team for r in (await store.standings(league.id, 1))["overall"]]
    assert overall == ["MV", "CIN", "HC"]  # 3-0, 2-2, 1-4
    made = await draft.setup(store, league.id, by=COMMISSIONER, order="standings", rounds=2)
    assert made.order == (hc.id, cin.id, mv.id)


async def test_queue_first_then_the_clock(store: Store, league: League, teams: tuple[Team, Team]) -> None:
    hc, mv = teams
    made = await draft.setup(store, league.id, by=COMMISSIONER, order=[hc.id, mv.id], rounds=2, clock="2m")
    pool = await pool_ids(store, league)
    wanted, taken = pool[-1], pool[-2]
    await draft.queue_add(store, league.id, mv.id, taken, by=MV_MANAGER)
    await draft.queue_add(store, league.id, mv.id, wanted, by=MV_MANAGER)
    assert await draft.queue(store, league.id, mv.id, by=MV_MANAGER) == [taken, wanted]
    await draft.start(store, league.id, T0, by=COMMISSIONER)
    await draft.pick(store, league.id, taken, T0 + 10, by=HC_MANAGER)  # HC takes MV's first choice
    assert await draft.queue(store, league.id, mv.id, by=MV_MANAGER) == [wanted]
    assert await draft.tick(store, T0 + 10 + 119) == []  # MV's clock has a second left
    [progress] = await draft.tick(store, T0 + 10 + 120)
    [queued] = progress.picks
    assert (queued.team_id, queued.card_id, queued.made_by) == (mv.id, wanted, "queue")
    assert progress.draft.deadline == T0 + 130 + 120  # the next clock starts at the pick
    [progress] = await draft.tick(store, T0 + 250)  # MV again (snake), nothing queued: the auto-drafter
    assert [p.made_by for p in progress.picks] == ["auto"] and progress.draft.number == 4
    rostered = {e.card_id for e in await store.roster(mv.id)}
    assert {wanted, progress.picks[0].card_id} <= rostered
    assert made.id == progress.draft.id


async def test_pause_and_resume_keep_the_time_left(store: Store, league: League, teams: tuple[Team, Team]) -> None:
    hc, mv = teams
    await draft.setup(store, league.id, by=COMMISSIONER, order=[hc.id, mv.id], rounds=1, clock="10m")
    await draft.start(store, league.id, T0, by=COMMISSIONER)
    paused = await draft.pause(store, league.id, T0 + 240, by=COMMISSIONER)
    assert paused.state == "paused" and paused.remaining == 360
    assert await draft.tick(store, T0 + 100_000) == []  # no clock runs while paused
    with pytest.raises(DraftNotRunning, match="is paused"):
        await draft.pick(store, league.id, (await pool_ids(store, league))[0], T0, by=HC_MANAGER)
    resumed = (await draft.resume(store, league.id, T0 + 5000, by=COMMISSIONER)).draft
    assert resumed.state == "running" and resumed.deadline == T0 + 5000 + 360
    assert await draft.tick(store, T0 + 5359) == []
    assert len((await draft.tick(store, T0 + 5360))[0].picks) == 1


async def test_a_draft_killed_at_every_step_resumes_from_the_file(db_path: Path) -> None:
    """Each step on a store opened afresh: nothing lives between steps but the file."""

    async def step(action):  # type: ignore[no-untyped-def]
        async with await Store.open(db_path) as store:
            return await action(store)

    league = await step(lambda s: s.create_league("L", ["sample"], commissioners=[COMMISSIONER]))
    hc = await step(lambda s: s.create_team(league.id, "Harbor City", "HC", manager_id=HC_MANAGER))
    mv = await step(lambda s: s.create_team(league.id, "Mesa Valley", "MV", manager_id=MV_MANAGER))
    await step(lambda s: draft.setup(s, league.id, by=COMMISSIONER, order=[hc.id, mv.id], rounds=3, clock="5m"))
    await step(lambda s: draft.start(s, league.id, T0, by=COMMISSIONER))
    first = (await step(lambda s: draft.available(s, league.id)))[0]
    await step(lambda s: draft.pick(s, league.id, first, T0 + 30, by=HC_MANAGER))
    left = (await step(lambda s: s.draft(league.id))).time_left(T0 + 100)
    assert left == 300 - 70  # MV's clock started at the pick, and the file kept it
    await step(lambda s: draft.pause(s, league.id, T0 + 100, by=COMMISSIONER))
    await step(lambda s: draft.resume(s, league.id, T0 + 900, by=COMMISSIONER))
    assert (await step(lambda s: s.draft(league.id))).deadline == T0 + 900 + 230
    for now in (T0 + 1130, T0 + 1430, T0 + 1730, T0 + 2030, T0 + 2330):  # each clock runs out in turn
        assert len(await step(lambda s, now=now: draft.tick(s, now))) == 1
    done = await step(lambda s: s.draft(league.id))
    assert done.state == "done" and done.made == 6 and done.deadline is None
    picks = await step(lambda s: s.draft_picks(done.id))
    assert [p.number for p in picks] == [1, 2, 3, 4, 5, 6] and len({p.card_id for p in picks}) == 6


async def settled(call: Awaitable[object]) -> object:
    try:
        return await call
    except Exception as error:
        return error


@pytest.mark.parametrize("together", [True, False], ids=["at-once", "one-after-the-other"])
async def test_two_picks_for_one_turn_make_one(
    db_path: Path, store: Store, league: League, teams: tuple[Team, Team], together: bool
) -> None:
    hc, mv = teams
    await draft.setup(store, league.id, by=COMMISSIONER, order=[hc.id, mv.id], rounds=2)
    await draft.start(store, league.id, T0, by=COMMISSIONER)
    a, b = (await pool_ids(store, league))[:2]
    other = await Store.open(db_path)
    try:
        # Both mean Harbor City's first pick. Whichever reads the draft after the other's pick is
        # made sees Mountain View on the clock; the commissioner names the team so that he is refused
        # then too, instead of making Mountain View's pick.
        calls = (
            lambda: draft.pick(store, league.id, a, T0 + 1, by=HC_MANAGER),
            lambda: draft.pick(other, league.id, b, T0 + 1, by=COMMISSIONER, team_id=hc.id),
        )
        if together:
            results = list(await asyncio.gather(*(settled(call()) for call in calls)))
        else:
            results = [await settled(call()) for call in calls]
    finally:
        await other.close()
    made = [r for r in results if isinstance(r, draft.Progress)]
    refused = [r for r in results if isinstance(r, OutOfTurn)]
    assert len(made) == 1 and len(refused) == 1, results
    assert query(db_path, "SELECT count(*) FROM draft_pick") == [(1,)]
    assert len(await store.roster(hc.id)) == 1 and await store.roster(mv.id) == []


async def test_refusals_change_nothing(db_path: Path, store: Store, league: League, teams: tuple[Team, Team]) -> None:
    hc, mv = teams
    with pytest.raises(ClockOutOfRange, match="2 minutes to 12 hours; not 1m"):
        await draft.setup(store, league.id, by=COMMISSIONER, clock="1m")
    with pytest.raises(ClockOutOfRange, match="not 13h"):
        await draft.setup(store, league.id, by=COMMISSIONER, clock="13h")
    with pytest.raises(NotAllowed, match="only a commissioner"):
        await draft.setup(store, league.id, by=HC_MANAGER)
    with pytest.raises(DraftNotRunning, match="no draft"):
        await draft.pick(store, league.id, "x", T0, by=HC_MANAGER)
    await draft.setup(store, league.id, by=COMMISSIONER, order=[hc.id, mv.id], rounds=2)
    first, second = (await pool_ids(store, league))[:2]
    with pytest.raises(DraftNotRunning, match="has not started"):
        await draft.pick(store, league.id, first, T0, by=HC_MANAGER)
    await draft.start(store, league.id, T0, by=COMMISSIONER)
    with unchanged(db_path):
        with pytest.raises(OutOfTurn, match="Harbor City's pick"):
            await draft.pick(store, league.id, first, T0, by=MV_MANAGER)
        with pytest.raises(OutOfTurn, match="Harbor City's pick"):
            await draft.pick(store, league.id, first, T0, by=STRANGER)
        with pytest.raises(NotAllowed, match="only a commissioner"):
            await draft.pause(store, league.id, T0, by=MV_MANAGER)
        with pytest.raises(NotAllowed, match="only a commissioner"):
            await draft.auto_all(store, league.id, T0, by=MV_MANAGER)
    await draft.pick(store, league.id, first, T0, by=HC_MANAGER)
    with unchanged(db_path):
        with pytest.raises(PlayerTaken, match="already on the Harbor City roster"):
            await draft.pick(store, league.id, first, T0, by=MV_MANAGER)
        with pytest.raises(DraftNotRunning, match="has started"):
            await draft.setup(store, league.id, by=COMMISSIONER)
        with pytest.raises(CardError, match="not a player the draft offers"):
            await draft.pick(store, league.id, "harbor-city-bowl-1970", T0, by=MV_MANAGER)
        with pytest.raises(NotFound, match="not in the team's queue"):
            await draft.queue_remove(store, league.id, mv.id, second, by=MV_MANAGER)
        with pytest.raises(NotAllowed, match="only the manager of Mesa Valley"):
            await draft.queue_add(store, league.id, mv.id, second, by=HC_MANAGER)
    assert await draft.queue_add(store, league.id, mv.id, second, by=MV_MANAGER) == [second]
    assert await draft.queue_remove(store, league.id, mv.id, second, by=MV_MANAGER) == []
    await draft.pick(store, league.id, second, T0, by=MV_MANAGER)


async def test_auto_all_fills_lineups_and_rotations(store: Store, league: League, teams: tuple[Team, Team]) -> None:
    hc, mv = teams
    await draft.setup(store, league.id, by=COMMISSIONER, order=[hc.id, mv.id], rounds=20)
    for team, players, pitchers in ((hc, HC_PLAYERS, HC_PITCHERS), (mv, MV_PLAYERS, MV_PITCHERS)):
        for card_id in [c for c in players if c not in pitchers][:14] + pitchers[:6]:  # every position
            await draft.queue_add(store, league.id, team.id, card_id, by=None)
    progress = await draft.auto_all(store, league.id, T0, by=COMMISSIONER)
    assert {p.made_by for p in progress.picks} == {"queue"}
    assert progress.draft.state == "done" and len(progress.picks) == 40
    for team in teams:
        assert len(await store.roster(team.id)) == 20
        assert await store.lineup(team.id, "R") is not None and await store.lineup(team.id, "L") is not None
        assert (await store.rotation(team.id)).starters


async def test_the_auto_drafter_alone_makes_playable_teams(
    store: Store, league: League, teams: tuple[Team, Team]
) -> None:
    """No queues: league.autodraft fills every position and the staff, so lineups and rotations follow."""
    hc, mv = teams
    await draft.setup(store, league.id, by=COMMISSIONER, order=[hc.id, mv.id], rounds=20)
    progress = await draft.auto_all(store, league.id, T0, by=COMMISSIONER)
    assert {p.made_by for p in progress.picks} == {"auto"} and progress.draft.state == "done"
    for team in teams:
        assert await store.lineup(team.id, "R") is not None and await store.lineup(team.id, "L") is not None
        assert len((await store.rotation(team.id)).starters) == STARTERS
