"""A finished season is closed (issue 26): once its schedule is played no regular-season game is added,
started or auto-played, once its playoffs have a champion nothing changes, and the refusal says what
comes next. And no game is stranded on a past day while its team's live game went on.

The league is four bench-only teams (bench.synth), three games each: six games on three days.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bench.synth import bench_league, write_bench_set
from league import autoplay
from league.errors import GameError, NotOnSchedule, SeasonClosed
from league.models import League, Team
from league.playoffs import PlayoffFormat, Round
from league.store import Store
from tests.league.conftest import direct, played, unchanged

TEAMS, GAMES = 4, 3
ONE_GAME_FINAL = PlayoffFormat("custom", teams=2, rounds=(Round(1, name="Final"),), division_winners=False)


@pytest.fixture(scope="module")
def bench_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_bench_set(tmp_path_factory.mktemp("cards") / "bench", TEAMS)


@pytest.fixture
async def season(store: Store, bench_set: Path) -> League:
    return await bench_league(store, bench_set, TEAMS, GAMES, seed=3)


async def test_a_played_schedule_takes_no_more_regular_season_games_and_its_champion_closes_it(
    store: Store, season: League, db_path: Path
) -> None:
    await autoplay.advance(store, season.id, to_end=True, rng=random.Random(1))
    a, b, *_ = (t.id for t in await store.teams(season.id))
    regular_over = "the regular season of season 1 of Bench League is over: every scheduled game is final"
    with unchanged(db_path):  # not a game more, not a day more: the playoffs come next
        with pytest.raises(SeasonClosed, match=f"{regular_over}. Next come the playoffs: dugout playoffs start"):
            await store.schedule_game(season.id, a, b)
        with pytest.raises(SeasonClosed, match=regular_over):
            await autoplay.advance(store, season.id, 1)
    assert await store.season_closed(season.id) == (
        f"{regular_over}. Next come the playoffs: dugout playoffs start at the terminal, /playoffs start in Discord"
    )

    await store.set_playoff_format(season.id, ONE_GAME_FINAL)
    await store.start_playoffs(season.id)
    assert await store.season_closed(season.id) is None  # the playoffs are to be played
    under_way = "the regular season of season 1 of Bench League is over and its playoffs are under way"
    with unchanged(db_path), pytest.raises(SeasonClosed, match=under_way):
        await store.schedule_game(season.id, a, b)

    await autoplay.advance(store, season.id, to_end=True, rng=random.Random(2))
    playoffs = await store.playoffs(season.id)
    assert playoffs is not None and playoffs.champion_team_id is not None
    champion = (await store.team(playoffs.champion_team_id)).name
    over = f"season 1 of Bench League is over: {champion} won the playoffs, and its results stay as they are"
    with unchanged(db_path):
        for refused in (store.schedule_game(season.id, a, b), autoplay.advance(store, season.id, to_end=True)):
            with pytest.raises(SeasonClosed, match=over):
                await refused
    assert (await store.season_closed(season.id) or "").startswith(over)


async def test_a_game_of_a_closed_season_cannot_start_whoever_asks(store: Store, season: League, db_path: Path) -> None:
    """A regular-season game still scheduled when the playoffs began (a database from before this rule):
    neither a manager nor a commissioner's override nor the auto-play starts it."""
    await autoplay.advance(store, season.id, to_end=True, rng=random.Random(1))
    await store.set_playoff_format(season.id, ONE_GAME_FINAL)
    await store.start_playoffs(season.id)
    last = max(await store.games(season.id), key=lambda g: g.id)
    with direct(db_path) as conn:
        conn.execute(
            "INSERT INTO game (league_id, season, day, away_team_id, home_team_id) VALUES (?, 1, ?, ?, ?)",
            (season.id, last.day, last.away_team_id, last.home_team_id),
        )
    [stray] = [g for g in await store.games(season.id, status="scheduled") if g.phase == "regular"]
    with unchanged(db_path):
        for override in (False, True):
            with pytest.raises(SeasonClosed, match="playoffs are under way"):
                await store.check_start(stray.id, override=override)
            with pytest.raises(SeasonClosed, match="playoffs are under way"):
                await store.start_game(stray.id, seed=1, override=override)


async def test_a_season_without_a_schedule_stays_open(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    """The sample terminal league schedules a game a run: every game final is not the season's end."""
    hc, mv = ready
    game = await store.start_game((await store.schedule_game(league.id, hc.id, mv.id)).id, seed=4)
    await store.finish_game(game.id, played(game))
    assert await store.season_closed(league.id) is None
    assert (await store.schedule_game(league.id, mv.id, hc.id)).status == "scheduled"


async def test_games_waiting_for_a_live_game_are_played_once_it_ends_and_their_managers_may_start_them(
    store: Store, season: League, db_path: Path
) -> None:
    """/league advance-day twice while a team's game is live: its next game is left on a past day. It is
    not stranded: its managers may start it without a commissioner once the live game is final, and the
    next day's auto-play plays it if they do not."""
    live, _ = await store.games(season.id, day=1)
    live = await store.start_game(live.id, seed=5)  # someone plays it in Discord
    await autoplay.play_day(store, season.id, rng=random.Random(1))
    await autoplay.play_day(store, season.id, rng=random.Random(2))
    assert (await store.league(season.id)).day == 3
    busy = {live.away_team_id, live.home_team_id}
    waiting = [g for g in await store.games(season.id, day=2) if {g.away_team_id, g.home_team_id} & busy]
    assert waiting and all(g.status == "scheduled" for g in waiting)
    with unchanged(db_path), pytest.raises(GameError, match="is playing game"):
        await store.check_start(waiting[0].id)  # its team is still busy
    await store.finish_game(live.id, played(live))

    assert (await store.check_start(waiting[0].id)).id == waiting[0].id  # no override: a make-up game
    first = await store.start_game(waiting[0].id, seed=6)
    assert (first.status, first.day, first.played_day) == ("live", 2, 3)
    await store.finish_game(first.id, played(first))

    day = await autoplay.play_day(store, season.id, rng=random.Random(3))  # the rest: made up on day 3
    assert {g.id for g in waiting[1:]} <= {g.game_id for g in day.games}
    assert all(g.status == "final" for g in await store.games(season.id, day=2))


async def test_a_scheduled_season_whose_last_game_is_postponed_takes_no_other(
    store: Store, season: League, db_path: Path
) -> None:
    """Its regular season is not over (a game is still to be played), yet a game added now would count in
    standings the schedule settles: it is refused, and the postponed game waits for its commissioner."""
    last = max(await store.games(season.id), key=lambda g: (g.day, g.id))
    await store.postpone_game(last.id)
    await autoplay.advance(store, season.id, to_end=True, rng=random.Random(1))
    assert [g.id for g in await store.games(season.id) if g.status != "final"] == [last.id]
    a, b, *_ = (t.id for t in await store.teams(season.id))
    with unchanged(db_path), pytest.raises(NotOnSchedule, match=r"^season 1 of Bench League has a schedule: "):
        await store.schedule_game(season.id, a, b)
