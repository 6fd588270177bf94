"""One owner for a live game, in Discord (issue 26, league.lease): the bot takes a live game's lease when
it starts or resumes it, renews it while it plays and gives it back at the final or when it stops. A game
another process holds is left alone (and logged) until its lease is free; a game the bot holds is refused
to another process (a terminal ``dugout run``) with the terminal's one-line message."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import socket
import time
from pathlib import Path

import pytest

from league.errors import GameBusy
from league.lease import LEASE_SECONDS, Owner
from league.models import LeagueRules
from league.store import Store
from tests.bot.conftest import ask, running_bot
from tests.bot.discord.test_live_game import (
    click_through,
    open_prompt,
    start_game,
    suggested_button,
    two_teams,
    wait_final,
)
from tests.fakediscord import FakeDiscord

BEAT = 0.05  # the bot's renewals and retries, every 15 s in earnest


@pytest.fixture(autouse=True)
def quick_beats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.discord.session.HEARTBEAT_SECONDS", BEAT)


def busy_message(game_id: int) -> str:
    """What another process is told while this one (the test's, where the bot runs) holds the game."""
    return (
        rf"^game {game_id} is being played by another dugout process \(pid {os.getpid()} on host "
        rf"{re.escape(socket.gethostname())}\) since \d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d UTC; try again when it ends$"
    )


async def test_the_bot_leaves_a_game_another_process_holds_and_plays_it_once_it_is_free(
    fake_discord: FakeDiscord, store: Store, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, None))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    game_id = (await store.schedule_game(league.id, away.id, home.id)).id
    async with running_bot(fake, store) as bot:
        thread = await start_game(fake, fake.manager_a, game_id, seed=5)
        asked = await fake.wait_for(lambda: open_prompt(fake, thread))
        lease = await store.game_lease(game_id)
        assert lease is not None and lease.owner == bot.sessions.owner.id  # taken at the start
    assert await store.game_lease(game_id) is None  # given back when the bot stopped
    edits, posted = asked.edits, len(fake.messages_in(thread))

    other = await Store.open(tmp_path / "league.sqlite3")  # another process's connection: a terminal run
    try:
        theirs = Owner.this_process()
        await other.take_lease(game_id, theirs)
        caplog.set_level(logging.WARNING, "bot.session")
        async with running_bot(fake, store) as bot:
            await asyncio.sleep(10 * BEAT)  # ten beats: each tries the game again, and finds it held
            assert bot.sessions.get(game_id) is None
            assert (asked.edits, len(fake.messages_in(thread))) == (edits, posted)  # the thread untouched
            assert f"game {game_id} is left alone and tried again later: game {game_id} is being played" in caplog.text
            assert (await store.game_lease(game_id)).owner == theirs.id  # type: ignore[union-attr]
            # /game resume is refused in private, without the other process's host and pid.
            reply = await ask(fake, fake.manager_a, "game", "resume", game=str(game_id))
            assert reply.ephemeral and reply.text == (
                f"Game #{game_id} is being played by another Dugout process; try again later."
            )

            await other.release_lease(game_id, theirs)  # that process ends: the bot's next beat takes the game
            await fake.wait_for(lambda: asked.edits > edits, what="the bot resuming the game")
            lease = await store.game_lease(game_id)
            assert lease is not None and lease.owner == bot.sessions.owner.id
            with pytest.raises(GameBusy, match=busy_message(game_id)):  # what dugout run says, and exits
                await other.take_lease(game_id, Owner.this_process())

            await click_through(fake, thread, {fake.manager_a.id: fake.manager_a})
            await wait_final(fake, store, game_id)
            assert await store.game_lease(game_id) is None  # given back with the final
    finally:
        await other.close()


async def test_a_game_whose_lease_another_process_took_over_is_stopped_and_left_to_it(
    fake_discord: FakeDiscord, store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, None))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    game_id = (await store.schedule_game(league.id, away.id, home.id)).id
    caplog.set_level(logging.WARNING, "bot.session")
    async with running_bot(fake, store) as bot:
        thread = await start_game(fake, fake.manager_a, game_id, seed=5)
        await fake.wait_for(lambda: open_prompt(fake, thread))
        # The bot's lease lapsed (its process was suspended past LEASE_SECONDS) and another took it over.
        theirs = Owner.this_process()
        await store.take_lease(game_id, theirs, now=time.time() + LEASE_SECONDS + 1)
        # Stopped, its lease left alone, and forgotten: the last step comes a moment after the first.
        await fake.wait_for(lambda: bot.sessions.get(game_id) is None, what="the bot giving the game up")
        assert f"game {game_id} is left to another process: game {game_id} is no longer this process's" in caplog.text
        assert (await store.game_lease(game_id)).owner == theirs.id  # type: ignore[union-attr]  # not released
        await store.release_lease(game_id, theirs)  # that process is done with it: the bot takes it up again
        await fake.wait_for(lambda: bot.sessions.running(game_id), what="the bot taking the game up again")
        assert (await store.game_lease(game_id)).owner == bot.sessions.owner.id  # type: ignore[union-attr]


async def test_an_answer_to_a_game_another_process_took_over_is_not_saved(
    fake_discord: FakeDiscord, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answer is saved in the transaction that renews the lease (as the terminal's are): a click that
    comes after another process took the game over, before the bot's next beat, is refused in private
    and changes nothing; the session leaves the game to that process."""
    monkeypatch.setattr("bot.discord.session.HEARTBEAT_SECONDS", 3600.0)  # no beat notices it first
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, None))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    game_id = (await store.schedule_game(league.id, away.id, home.id)).id
    async with running_bot(fake, store) as bot:
        thread = await start_game(fake, fake.manager_a, game_id, seed=5)
        prompt = await fake.wait_for(lambda: open_prompt(fake, thread))
        theirs = Owner.this_process()
        await store.take_lease(game_id, theirs, now=time.time() + LEASE_SECONDS + 1)
        log = (await store.game(game_id)).game_dict()["log"]
        reply = await (await fake.click(fake.manager_a, prompt, suggested_button(prompt))).response()
        assert reply.ephemeral and reply.text == (
            f"Game #{game_id} is being played by another Dugout process; that was not saved."
        )
        assert (await store.game(game_id)).game_dict()["log"] == log
        # Stopped, its lease left alone, and forgotten: the last step comes a moment after the first.
        await fake.wait_for(lambda: bot.sessions.get(game_id) is None, what="the bot giving the game up")
        assert (await store.game_lease(game_id)).owner == theirs.id  # type: ignore[union-attr]
        await store.release_lease(game_id, theirs)
        await bot.sessions.beat()  # the next beat takes it up again
        assert bot.sessions.running(game_id)


async def test_a_session_that_stopped_for_good_keeps_no_lease(
    fake_discord: FakeDiscord,
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
    no_error_logs: list[logging.LogRecord],
) -> None:
    """A session that gave up after its restarts: another process (or /game resume) may take the game."""
    fake = fake_discord
    fake.fail_fast_on_error_logs = False  # its giving up is logged as an error, as it should be
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, None))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    game_id = (await store.schedule_game(league.id, away.id, home.id)).id

    async def fails(self: object, pace: int) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("bot.discord.session.RESTART_DELAYS", ())
    monkeypatch.setattr("bot.discord.session.GameSession._show_plays", fails)
    async with running_bot(fake, store) as bot:
        await start_game(fake, fake.manager_a, game_id, seed=5)
        await fake.wait_for(lambda: bot.sessions.get(game_id) is not None and not bot.sessions.running(game_id))
        await asyncio.sleep(5 * BEAT)
        assert await store.game_lease(game_id) is None
        assert (await store.take_lease(game_id, Owner.this_process())).game_id == game_id
    assert [r.getMessage() for r in no_error_logs] == [
        f"game {game_id} stopped for good; it stays live and /game resume restarts it"
    ]
    no_error_logs.clear()
    fake.error_logs.clear()


async def test_a_waiting_game_that_was_deleted_is_dropped(fake_discord: FakeDiscord, store: Store) -> None:
    async with running_bot(fake_discord, store) as bot:
        bot.sessions.waiting.add(999)  # a live game another process held, deleted since
        await bot.sessions.beat()
        assert bot.sessions.waiting == set()
