"""A live game survives what Discord does (issue 13): failed calls, deleted messages and threads,
archived threads, crashes. Each test plays a short game (one inning, both sides managed and
clicked through) with one fault injected at a chosen moment, and checks that the game ends
with its box score and standings posted once, and every play shown exactly once.

A 503 on an interaction callback or followup: discord.py retries those itself.

A "crash" here is the bot dying at an await: every game session's task is cancelled where it
stands (today's ``Sessions.live`` and ``GameSession.task``) and the client closes; a new bot
on the same league file then resumes.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.discord.app import DugoutBot
from engine.game import Game
from engine.inside_pitch.options import InsidePitchOptions
from league.models import GameRecord, LeagueRules
from league.store import Store
from tests.bot.conftest import running_bot
from tests.bot.discord.test_live_game import (
    asked_field,
    every_pitch,
    game_over,
    open_prompt,
    plays_told,
    start_game,
    suggested_button,
    summaries,
    two_teams,
    wait_final,
)
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser, RecordedMessage, RecordedRequest


async def short_league(fake: FakeDiscord, store: Store) -> GameRecord:
    """The sample league, one-inning games, no pace, both managers asked every call (so the game
    waits on their clicks, and a fault can be set at a chosen moment); one game scheduled."""
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    await store.set_options(league.id, InsidePitchOptions(innings=1))
    await every_pitch(store, league.id, fake)
    return await store.schedule_game(league.id, away.id, home.id)


def managers(fake: FakeDiscord) -> dict[int, FakeUser]:
    return {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}


def game_threads(fake: FakeDiscord) -> list[FakeChannel]:
    """Every thread opened (each test plays one game), deleted ones included, oldest first."""
    return sorted([*fake.threads, *fake.deleted_channels.values()], key=lambda t: t.id)


def live_thread(fake: FakeDiscord) -> FakeChannel | None:
    """The newest thread not deleted."""
    return next((t for t in reversed(game_threads(fake)) if t.id in fake.world.channels), None)


async def answer(fake: FakeDiscord, prompt: RecordedMessage) -> None:
    """The manager the prompt names clicks the auto-manager's suggestion."""
    [manager] = [user for uid, user in managers(fake).items() if f"<@{uid}>" in asked_field(prompt)]
    await (await fake.click(manager, prompt, suggested_button(prompt))).response(timeout=20)


async def click_until(fake: FakeDiscord, thread: FakeChannel, done: Callable[[], bool]) -> None:
    """Answer prompts as they come until ``done()``."""
    while True:
        found = await fake.wait_for(lambda: done() or open_prompt(fake, thread), timeout=20)
        if not isinstance(found, RecordedMessage):
            return
        await answer(fake, found)


async def finish(fake: FakeDiscord, store: Store, game_id: int, thread: FakeChannel) -> GameRecord:
    """Answer every question to the end, following the game to a new thread if its thread is deleted."""
    while True:
        if thread.id in fake.deleted_channels:
            thread = await fake.wait_for(lambda old=thread: next_thread(fake, old), timeout=20)  # type: ignore[misc]
        found = await fake.wait_for(lambda now=thread: next_step(fake, now), timeout=20)  # type: ignore[misc]
        if isinstance(found, RecordedMessage):
            await answer(fake, found)
        elif game_over(fake, thread):
            return await wait_final(fake, store, game_id)


def next_thread(fake: FakeDiscord, old: FakeChannel) -> FakeChannel | None:
    new = live_thread(fake)
    return new if new is not old else None


def next_step(fake: FakeDiscord, thread: FakeChannel) -> RecordedMessage | bool:
    """The open prompt, or True when the game is over or its thread deleted, or False to wait."""
    return thread.id in fake.deleted_channels or game_over(fake, thread) or open_prompt(fake, thread) or False


def assert_shown_once(fake: FakeDiscord, record: GameRecord, threads: list[FakeChannel]) -> None:
    """Every play told exactly once over the game's threads, the end (box score, standings) once."""
    expected = Game.from_dict({**record.game_dict(), "managed": []})
    assert record.status == "final"
    assert sum(plays_told(fake, t) for t in threads) == summaries(expected)
    texts = [m.text for t in threads for m in fake.messages_in(t)]
    assert sum(text.startswith("Final:") for text in texts) == 1
    assert sum(text.startswith("Standings:") for text in texts) == 1


@contextlib.asynccontextmanager
async def crashing_bot(
    fake: FakeDiscord, store: Store
) -> AsyncIterator[tuple[DugoutBot, Callable[[], Awaitable[None]]]]:
    """A running bot and a function that crashes it: its sessions stop dead where they stand."""
    async with running_bot(fake, store) as bot:

        async def crash() -> None:
            for session in list(bot.sessions.live.values()):
                if session.task is not None:
                    session.task.cancel()
                # A killed process's lease is taken over at once, its pid being gone (tests/league/test_lease.py);
                # this "process" is the test's, still alive: its lease is freed as the kill would leave it.
                await store.release_lease(session.game_id, bot.sessions.owner)
            bot.sessions.live.clear()

        yield bot, crash


# --- a 503 on each kind of call ---------------------------------------------------------------


@pytest.mark.parametrize(
    "route",
    [
        pytest.param("POST /channels/{id}/messages"),  # a play, a prompt
        pytest.param("PATCH /channels/{id}/messages/{id}"),  # the scoreboard
        "POST /interactions/{id}/{token}/callback",  # the answer to a click: discord.py retries it
    ],
)
async def test_a_503_mid_game_on_each_kind_of_call(fake_discord: FakeDiscord, store: Store, route: str) -> None:
    fake = fake_discord
    scheduled = await short_league(fake, store)
    async with running_bot(fake, store):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=7)
        await click_until(fake, thread, lambda: plays_told(fake, thread) >= 1)
        fault = fake.fail(route, status=503)
        record = await finish(fake, store, scheduled.id, thread)
    assert fault.spent, f"the game ended before {route} was called"
    assert_shown_once(fake, record, game_threads(fake))


@pytest.mark.parametrize(
    "route",
    [
        "POST /channels/{id}/threads",
        "POST /webhooks/{id}/{token}",  # the reply to /game start: discord.py retries it
    ],
)
async def test_a_503_when_the_game_starts(fake_discord: FakeDiscord, store: Store, route: str) -> None:
    """Opening the thread fails once, or the reply to /game start does: the game still starts, once."""
    fake = fake_discord
    scheduled = await short_league(fake, store)
    fault = fake.fail(route, status=503)
    async with running_bot(fake, store):
        handle = await fake.slash(fake.manager_a, "game", "start", options={"game": str(scheduled.id), "seed": 7},
                                  channel=fake.games_channel)  # fmt: skip
        await handle.response(timeout=30)
        thread = await fake.wait_for(lambda: live_thread(fake), timeout=30)
        record = await finish(fake, store, scheduled.id, thread)
    assert fault.spent
    assert len(fake.threads) == 1  # no stray thread
    assert_shown_once(fake, record, game_threads(fake))


async def test_a_post_that_times_out_but_was_made_is_not_shown_twice(fake_discord: FakeDiscord, store: Store) -> None:
    """Discord posts the play but the answer never comes (the connection drops): a retry must not post it again."""
    fake = fake_discord
    scheduled = await short_league(fake, store)
    async with running_bot(fake, store):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=7)
        await click_until(fake, thread, lambda: plays_told(fake, thread) >= 1)
        fault = fake.fail("POST /channels/{id}/messages", disconnect=True, after=True, channel=thread)
        record = await finish(fake, store, scheduled.id, thread)
    assert fault.spent
    assert_shown_once(fake, record, game_threads(fake))


# --- what moderators do -----------------------------------------------------------------------


async def test_a_deleted_scoreboard_is_posted_again(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    scheduled = await short_league(fake, store)
    async with running_bot(fake, store):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=7)
        scoreboard = await fake.wait_for(lambda: next(iter(fake.messages_in(thread)), None))
        await click_until(fake, thread, lambda: plays_told(fake, thread) >= 1)
        await fake.delete_message(scoreboard)
        record = await finish(fake, store, scheduled.id, thread)
    boards = [m for m in fake.messages_in(thread) if any(c.startswith("dgt:") for v in [m, *m.versions]
                                                         for c in v.custom_ids)]  # fmt: skip
    assert len(boards) == 1 and boards[0].id != scoreboard.id and "Final" in boards[0].text
    assert_shown_once(fake, record, [thread])


async def test_a_deleted_prompt_is_asked_again(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    scheduled = await short_league(fake, store)
    async with running_bot(fake, store):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=7)
        prompt = await fake.wait_for(lambda: next((m for m in fake.messages_in(thread) if any(
            c.startswith(f"dg:{scheduled.id}:") for c in m.custom_ids)), None), timeout=10)  # fmt: skip
        asked = list(prompt.custom_ids)
        await fake.delete_message(prompt)
        again = await fake.wait_for(lambda: next((m for m in fake.messages_in(thread) if m.custom_ids == asked), None),
                                    timeout=10)  # fmt: skip
        assert again.id != prompt.id
        record = await finish(fake, store, scheduled.id, thread)
    assert_shown_once(fake, record, [thread])


async def test_a_deleted_thread_gets_a_new_one(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    scheduled = await short_league(fake, store)
    async with running_bot(fake, store):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=7)
        await click_until(fake, thread, lambda: len(fake.interactions) >= 3)  # /game start and two answers
        await fake.delete_thread(thread)
        record = await finish(fake, store, scheduled.id, thread)
    threads = game_threads(fake)
    assert len(threads) == 2 and threads[0].id == thread.id and threads[1].parent_id == fake.games_channel.id
    assert_shown_once(fake, record, threads)  # what the old thread showed, the new one goes on from


@pytest.mark.parametrize("locked", [False, True])
async def test_an_archived_thread_at_restart(fake_discord: FakeDiscord, store: Store, locked: bool) -> None:
    """The thread was archived (and locked) while the bot was down: the resumed game unarchives it
    (the bot has Manage Threads) and goes on there."""
    fake = fake_discord
    scheduled = await short_league(fake, store)
    async with running_bot(fake, store):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=7)
        await click_until(fake, thread, lambda: len(fake.interactions) >= 3)  # /game start and two answers
        await fake.wait_for(lambda: any(c.startswith("dg:") for m in fake.messages_in(thread) for c in m.custom_ids))
    await fake.archive_thread(thread, locked=locked)
    async with running_bot(fake, store):
        record = await finish(fake, store, scheduled.id, thread)
    assert not thread.archived
    assert_shown_once(fake, record, game_threads(fake))


# --- crashes --------------------------------------------------------------------------------


def a_play(rec: RecordedRequest) -> bool:
    """A post telling a play: an embed whose description ends with the play's summary in bold."""
    embeds = (rec.json or {}).get("embeds") or []
    lines = (embeds[0].get("description") or "").splitlines() if embeds else []
    return bool(lines) and lines[-1].startswith("**")


async def test_a_crash_between_posting_a_play_and_recording_it(fake_discord: FakeDiscord, store: Store) -> None:
    """Discord has the post, the store does not know: after the restart the play is not posted again."""
    fake = fake_discord
    scheduled = await short_league(fake, store)
    for manager in managers(fake):  # asked only when it matters: most plays are posts, not answered questions
        await store.set_manager_asking(scheduled.league_id, manager, "matters")
    # Posted at once, the answer held long enough for the crash to come first.
    fault = fake.hold("POST /channels/{id}/messages", 3, after=True, skip=2, where=a_play)
    async with crashing_bot(fake, store) as (_, crash):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=7)
        await click_until(fake, thread, lambda: fault.hits > 0)
        await crash()
    assert (await store.game(scheduled.id)).status == "live"
    async with running_bot(fake, store):
        record = await finish(fake, store, scheduled.id, thread)
    assert_shown_once(fake, record, [thread])


async def test_a_crash_right_after_the_last_out_still_posts_the_end(fake_discord: FakeDiscord, store: Store) -> None:
    """The bot dies as it posts the box score: after the restart the box score and standings are posted, once."""
    fake = fake_discord
    scheduled = await short_league(fake, store)

    def box_score(rec: RecordedRequest) -> bool:
        embeds = (rec.json or {}).get("embeds") or []
        return bool(embeds) and str(embeds[0].get("title") or "").startswith("Final:")

    # The crash comes while the box score is on its way; it never arrives.
    fault = fake.fail("POST /channels/{id}/messages", disconnect=True, hold=3, where=box_score)
    async with crashing_bot(fake, store) as (_, crash):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=7)
        await click_until(fake, thread, lambda: fault.hits > 0)
        await crash()
    assert not game_over(fake, thread)
    async with running_bot(fake, store):
        await fake.wait_for(lambda: game_over(fake, thread), timeout=20)
        record = await wait_final(fake, store, scheduled.id)
    assert_shown_once(fake, record, [thread])
