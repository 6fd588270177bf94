"""What the Discord bot keeps of a live game: how far its thread got, its prompt, pauses,
the decisions saved after every answer, and forfeits. Every refusal writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.events import Decided
from engine.game import Game
from league.errors import GameError, SettingsError
from league.models import League, Team
from league.store import Store
from tests.league.conftest import unchanged


async def live_game(store: Store, league: League, ready: tuple[Team, Team], seed: int = 4) -> int:
    hc, mv = ready
    record = await store.schedule_game(league.id, hc.id, mv.id)
    await store.start_game(record.id, seed=seed, managed=["away", "home"])
    return record.id


async def test_posting_state_and_prompt_are_kept(store: Store, league: League, ready: tuple[Team, Team]) -> None:
    game_id = await live_game(store, league, ready)
    record = await store.record_posted(game_id, 12, scoreboard_id=777)
    assert (record.posted, record.scoreboard_id) == (12, 777)
    record = await store.record_posted(game_id, 30)  # the scoreboard stays
    assert (record.posted, record.scoreboard_id) == (30, 777)
    assert (await store.record_prompt(game_id, 888)).prompt_id == 888
    assert (await store.record_prompt(game_id, None)).prompt_id is None
    with pytest.raises(GameError, match="negative"):
        await store.record_posted(game_id, -1)


async def test_pause_and_resume(store: Store, league: League, ready: tuple[Team, Team], db_path: Path) -> None:
    game_id = await live_game(store, league, ready)
    assert (await store.set_paused(game_id, True)).paused
    with unchanged(db_path), pytest.raises(GameError, match="already paused"):
        await store.set_paused(game_id, True)
    assert not (await store.set_paused(game_id, False)).paused
    hc, mv = ready
    scheduled = await store.schedule_game(league.id, hc.id, mv.id)
    with unchanged(db_path), pytest.raises(GameError, match="only a live game"):
        await store.set_paused(scheduled.id, True)


async def test_decisions_are_saved_only_as_a_continuation(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    game_id = await live_game(store, league, ready)
    game = await store.load_game(game_id)
    for _ in range(5):
        assert game.pending is not None
        game.choose(game.pending.side, game.pending.suggestion)
    saved = await store.save_decisions(game_id, game)
    assert len(saved.log) == 5 and (await store.load_game(game_id)).log == game.log

    # The same game, answered differently from the third decision on.
    other = Game(game.setup, game.seed, game.log[:2], managed=game.managed)
    assert other.pending is not None
    other.choose(other.pending.side, other.pending.option_keys()[-1])
    assert other.log[2] != game.log[2]
    with unchanged(db_path), pytest.raises(GameError, match="earlier decisions differ"):
        await store.save_decisions(game_id, other)
    other.seed += 1
    with unchanged(db_path), pytest.raises(GameError, match="seed"):
        await store.save_decisions(game_id, other)


async def test_forfeits_count_in_the_standings_only(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    scheduled = await store.schedule_game(league.id, hc.id, mv.id)
    live_id = await live_game(store, league, ready)
    record = await store.forfeit_game(scheduled.id, "home")
    assert (record.status, record.forfeited_by, record.away_runs, record.home_runs) == ("final", "home", 9, 0)
    record = await store.forfeit_game(live_id, "away")
    assert (record.away_runs, record.home_runs) == (0, 9)
    with unchanged(db_path), pytest.raises(GameError, match="already final"):
        await store.forfeit_game(live_id, "home")
    with unchanged(db_path), pytest.raises(GameError, match="'away' or 'home'"):
        await store.forfeit_game(live_id, "visitors")
    rows = (await store.standings(league.id))["overall"]
    assert {(r.team, r.w, r.l) for r in rows} == {("HC", 1, 1), ("MV", 1, 1)}
    assert await store.box_scores(league.id) == []


# --- how often a manager is asked (engine.game.Game.asking) -------------------------------------


async def test_asking_levels_and_called_time_are_kept_with_every_answer(
    store: Store, league: League, ready: tuple[Team, Team]
) -> None:
    hc, mv = ready
    record = await store.schedule_game(league.id, hc.id, mv.id)
    record = await store.start_game(record.id, seed=4, managed=["away", "home"], asking={"home": "matters"})
    assert record.asking == {"home": "matters"}
    game = await store.load_game(record.id)
    assert game.asking == {"away": "every", "home": "matters"}  # a managed side without a level: every question
    game.call_time("home")
    game.set_asking("away", "never")
    saved = await store.save_decisions(record.id, game)
    assert saved.asking == {"away": "never", "home": "matters"} and saved.time_called == ["home"]
    again = await store.load_game(record.id)
    assert again.asking == game.asking and again.time_called == {"home"}


async def test_a_bad_asking_level_is_refused_and_nothing_starts(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    record = await store.schedule_game(league.id, hc.id, mv.id)
    with unchanged(db_path), pytest.raises(GameError, match="asking is a side"):
        await store.start_game(record.id, seed=4, managed=["home"], asking={"home": "sometimes"})


async def test_a_managers_default_asking_level(store: Store, league: League, db_path: Path) -> None:
    assert await store.manager_asking(league.id, 10) == "matters"  # nobody chose: when it matters
    await store.set_manager_asking(league.id, 10, "every")
    assert await store.manager_asking(league.id, 10) == "every"
    await store.set_manager_asking(league.id, 10, "never")
    assert await store.manager_asking(league.id, 10) == "never"
    assert await store.manager_asking(league.id, 20) == "matters"
    with unchanged(db_path), pytest.raises(SettingsError, match="one of every, matters, never"):
        await store.set_manager_asking(league.id, 10, "often")


async def test_auto_answers_taken_back_by_call_time_are_saved_but_a_persons_never_dropped(
    store: Store, league: League, ready: tuple[Team, Team]
) -> None:
    hc, mv = ready
    record = await store.schedule_game(league.id, hc.id, mv.id)
    record = await store.start_game(record.id, seed=4, managed=["home"], asking={"home": "matters"})
    game = await store.load_game(record.id)
    await store.save_decisions(record.id, game)  # the auto answers up to the first question, saved
    before = len(game.log)
    first_call = next(i for i, e in enumerate(game.events) if isinstance(e, Decided) and e.side == "home")
    game.call_time("home", seen=first_call)  # he has seen nothing past it: his call comes there
    assert len(game.log) < before and game.pending is not None and game.pending.side == "home"
    saved = await store.save_decisions(record.id, game)
    assert len(saved.log) == len(game.log)
    game.choose("home", game.pending.suggestion)
    await store.save_decisions(record.id, game)
    other = await store.load_game(record.id)
    mine = max(d.seq for d in other.log if d.by == "manager")
    del other.log[mine:]  # drop the manager's own answer: refused
    with pytest.raises(GameError, match="earlier decisions differ"):
        await store.save_decisions(record.id, other)


async def test_a_managers_pings_and_a_finals_posting(store: Store, league: League, ready: tuple[Team, Team]) -> None:
    """Issue 13: pings on unless a manager turns them off (his asking level kept); a finished game's end is
    unposted until the bot records it, so a restart right after the last out posts it once."""
    assert await store.manager_pings(league.id, 501) is True
    await store.set_manager_asking(league.id, 501, "every")
    await store.set_manager_pings(league.id, 501, False)
    assert await store.manager_pings(league.id, 501) is False
    assert await store.manager_asking(league.id, 501) == "every"
    await store.set_manager_pings(league.id, 502, False)  # no row yet: the default level
    assert await store.manager_asking(league.id, 502) == "matters"
    hc, mv = ready
    record = await store.schedule_game(league.id, hc.id, mv.id)
    await store.start_game(record.id, seed=4, thread_id=900, channel_id=901)
    await store.finish_game(record.id, (await store.load_game(record.id)).to_dict())
    assert [r.id for r in await store.unposted_finals()] == [record.id]
    assert record.id in [r.id for r in await store.games_to_resume()]
    await store.record_final_posted(record.id)
    assert await store.unposted_finals() == []
