"""When a game may start (issue 13), end to end: one thread for two managers starting at once,
a game on its day (a commissioner may override), a team in one live game at a time, only
rested relievers in the bullpen, refusals shown to the member who asked alone (also after a
deferral), and /league-create visible only to members with Manage Server."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.app import NOT_DONE
from engine.boxscore import walk
from engine.events import Event
from engine.setup import GameSetup
from league.models import LeagueRules
from league.store import Store
from tests.bot.conftest import ask, running_bot
from tests.bot.discord.test_live_game import two_teams
from tests.fakediscord import FakeDiscord
from tests.fakediscord.records import CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE
from tests.league.conftest import played, seed_where

MANAGE_GUILD = str(1 << 5)  # Discord's permission bitfield, as a string


async def test_two_managers_starting_the_same_game_at_once_get_one_thread_and_one_private_refusal(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    async with running_bot(fake, store):
        options = {"game": str(scheduled.id)}
        first = await fake.slash(fake.manager_a, "game", "start", options=options, channel=fake.games_channel)
        second = await fake.slash(fake.manager_b, "game", "start", options=options, channel=fake.games_channel)
        replies = [await first.response(), await second.response()]
        [public] = [r for r in replies if not r.ephemeral]
        [private] = [r for r in replies if r.ephemeral]
        assert "already" in private.text  # "being started by someone else", or "live" if the first was done
        assert private.type == CHANNEL_MESSAGE  # refused before anything was deferred
        [thread] = fake.threads
        assert thread.mention in public.text
        record = await store.game(scheduled.id)
        assert (record.status, record.thread_id) == ("live", thread.id)
        assert [g.id for g in await store.games(league.id, status="live")] == [scheduled.id]
        # Only the winner's announcement is in the channel: the refusal is the other manager's alone.
        shown = fake.messages_in(fake.games_channel, include_ephemeral=False)
        assert [m.id for m in shown if m.interaction_id is not None] == [public.message.id]  # type: ignore[union-attr]


async def test_a_game_starts_on_its_day_unless_a_commissioner_overrides(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    tomorrow = await store.schedule_game(league.id, away.id, home.id, day=2)
    async with running_bot(fake, store):
        game = str(tomorrow.id)
        refused = await ask(fake, fake.manager_a, "game", "start", game=game)
        assert refused.ephemeral and refused.type == CHANNEL_MESSAGE
        assert "is on day 2 and today is day 1; a game starts on its day" in refused.text
        not_his = await ask(fake, fake.manager_a, "game", "start", game=game, override=True)
        assert not_his.ephemeral and "Only a commissioner" in not_his.text
        autoplay = await ask(fake, fake.commissioner, "game", "autoplay", game=game)
        assert autoplay.ephemeral and "is on day 2 and today is day 1" in autoplay.text
        assert fake.threads == [] and (await store.game(tomorrow.id)).status == "scheduled"

        started = await (
            await fake.slash(
                fake.commissioner, "game", "start", options={"game": game, "override": True}, channel=fake.games_channel
            )
        ).response()
        assert not started.ephemeral and f"Game #{tomorrow.id} is on" in started.text
        [thread] = fake.threads
        record = await store.game(tomorrow.id)
        assert (record.status, record.day, record.played_day, record.thread_id) == ("live", 2, 1, thread.id)


async def test_autoplay_before_its_day_needs_the_override(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (None, None))
    tomorrow = await store.schedule_game(league.id, away.id, home.id, day=2)
    async with running_bot(fake, store):
        refused = await ask(fake, fake.commissioner, "game", "autoplay", game=str(tomorrow.id))
        assert refused.ephemeral and "is on day 2 and today is day 1" in refused.text
        reply = await ask(fake, fake.commissioner, "game", "autoplay", game=str(tomorrow.id), seed=3, override=True)
    assert reply.embed is not None and reply.embed["title"] == "Final: Harbor City at Mesa Valley"
    record = await store.game(tomorrow.id)
    assert (record.status, record.played_day) == ("final", 1)


async def test_a_team_in_a_live_game_cannot_start_another(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    first = await store.schedule_game(league.id, away.id, home.id)
    second = await store.schedule_game(league.id, home.id, away.id)
    async with running_bot(fake, store):
        reply = await (
            await fake.slash(
                fake.manager_a, "game", "start", options={"game": str(first.id)}, channel=fake.games_channel
            )
        ).response()
        assert not reply.ephemeral
        busy = f"is playing game {first.id} (Harbor City at Mesa Valley, day 1) now; a team plays one game at a time"
        refused = await ask(fake, fake.manager_b, "game", "start", game=str(second.id))
        assert refused.ephemeral and busy in refused.text and refused.type == CHANNEL_MESSAGE
        overridden = await ask(fake, fake.commissioner, "game", "start", game=str(second.id), override=True)
        assert overridden.ephemeral and busy in overridden.text
        autoplay = await ask(fake, fake.commissioner, "game", "autoplay", game=str(second.id), override=True)
        assert autoplay.ephemeral and busy in autoplay.text
        assert len(fake.threads) == 1 and (await store.game(second.id)).status == "scheduled"


async def test_an_error_after_the_deferral_reaches_only_the_user_and_leaves_no_thread(
    fake_discord: FakeDiscord, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another Dugout process starts the game between the checks and the store's start: the refusal
    comes after the public "thinking...", yet only the user sees it and the new thread is deleted."""
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    real_start = store.start_game

    async def raced(game_id: int, **kwargs: Any) -> Any:
        await real_start(game_id, seed=99)  # the other process wins
        return await real_start(game_id, **kwargs)

    monkeypatch.setattr(store, "start_game", raced)
    async with running_bot(fake, store):
        handle = await fake.slash(
            fake.manager_a, "game", "start", options={"game": str(scheduled.id)}, channel=fake.games_channel
        )
        told = await handle.followup(0)
        assert told.ephemeral and f"game {scheduled.id} is live; it has already started" in told.text
        assert handle.callback_type == DEFERRED_CHANNEL_MESSAGE
        original = handle.original
        assert original is not None and original.text == NOT_DONE  # ended "thinking...", then deleted
        await fake.wait_for(lambda: original.deleted)
        await fake.wait_for(lambda: not fake.threads)
        assert fake.requests_to("DELETE", r"/channels/\d+$")
        assert fake.messages_in(fake.games_channel, include_ephemeral=False) == []
    record = await store.game(scheduled.id)
    assert (record.status, record.seed, record.thread_id) == ("live", 99, None)


def _relievers_with_outs(setup: GameSetup, events: list[Event]) -> bool:
    box = walk(setup, events)
    starters = {setup.away.pitcher.id, setup.home.pitcher.id}
    return any(p.outs >= 1 and p.player not in starters for side in ("away", "home") for p in box.team(side).pitching)


async def test_a_game_started_in_discord_has_only_rested_relievers(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    await store.set_rules(league.id, LeagueRules(long_relief_outs=1, long_relief_rest_days=1))
    first = await store.schedule_game(league.id, away.id, home.id)
    setup = await store.build_game_setup(first.id)
    seed = seed_where(setup, lambda events: _relievers_with_outs(setup, events))
    await store.finish_game(first.id, played(await store.start_game(first.id, seed=seed)))
    tired = {u.card_id for u in await store.pitcher_usage(league.id) if not u.started and u.rest_days}
    everyone = {p.id for p in (*setup.away.bullpen, *setup.home.bullpen)}
    assert tired and tired < everyone
    second = await store.schedule_game(league.id, home.id, away.id)  # the same day: they rest today
    async with running_bot(fake, store):
        reply = await (
            await fake.slash(
                fake.manager_b, "game", "start", options={"game": str(second.id)}, channel=fake.games_channel
            )
        ).response()
        assert not reply.ephemeral
        record = await store.game(second.id)
    assert record.setup is not None
    bullpens = {p["id"] for side in ("away", "home") for p in record.setup[side]["bullpen"]}
    assert bullpens == everyone - tired


async def test_league_create_is_synced_for_manage_server_only(fake_discord: FakeDiscord, store: Store) -> None:
    """Discord honours default_member_permissions on a top-level command only: /league-create carries
    MANAGE_GUILD ("32"), the /league group none, and it holds no create any more."""
    fake = fake_discord
    async with running_bot(fake, store):
        [sync] = fake.requests_to("PUT", rf"/applications/\d+/guilds/{fake.guild_id}/commands")
        sent = {c["name"]: c for c in sync.json}
        assert sent["league-create"]["default_member_permissions"] == 1 << 5  # discord.py sends the number
        synced = {c["name"]: c for c in fake.commands(fake.guild_id)}  # what Discord keeps and answers
        create = synced["league-create"]
        assert create["default_member_permissions"] == MANAGE_GUILD and create.get("dm_permission") is False
        assert synced["league"]["default_member_permissions"] is None
        assert "create" not in {o["name"] for o in synced["league"]["options"]}
        assert all(c["default_member_permissions"] is None for n, c in synced.items() if n != "league-create")
        refused = await ask(fake, fake.manager_a, "league-create", name="Mine")  # the bot checks too
        assert refused.ephemeral and "Manage Server" in refused.text and await store.leagues(fake.guild_id) == []
        made = await ask(fake, fake.commissioner, "league-create", name="Test League")
        assert not made.ephemeral and "Test League" in made.text
        helped = await ask(fake, fake.stranger, "help")
        assert "**/league-create**: Start this server's league (Manage Server" in "\n".join(
            e["description"] for e in helped.embeds
        )
