"""Issue 26 through the fake Discord: a season whose schedule is played takes no more days or games and
says what comes next (/league advance-day, the daily deadline), and a game left on a past day while its
team's live game went on is its managers' to start, without a commissioner's override."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

from league import autoplay
from league.store import Store
from tests.bot.conftest import ask, running_bot, sample_league
from tests.fakediscord import FakeDiscord
from tests.league.conftest import played, snapshot


async def test_a_played_schedule_is_closed_to_advance_day_and_the_deadline(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id)
    await store.schedule_season(league.id, 2, series_length=1)
    await autoplay.advance(store, league.id, to_end=True, rng=random.Random(4))
    await store.set_channel(league.id, "announcements", fake.general.id)
    await store.set_rules(league.id, league.rules.from_dict({**league.rules.to_dict(), "deadline_hour_utc": 5}))
    before = snapshot(store.path)
    async with running_bot(fake, store) as bot:
        reply = await ask(fake, fake.commissioner, "league", "advance-day")
        assert reply.ephemeral and not reply.deferred
        assert "the regular season of season 1 of Test League is over" in reply.text
        assert "/playoffs start" in reply.text
        cog: Any = bot.get_cog("LeagueCog")
        cog._deadlines_since = datetime(2026, 5, 1, 4, 59, tzinfo=UTC)
        await cog.run_deadlines(datetime(2026, 5, 1, 5, 0, 30, tzinfo=UTC))
        assert fake.messages_in(fake.general, include_ephemeral=False) == []  # nothing played, nothing posted
    assert snapshot(store.path) == before  # not a game, not a day


async def test_a_game_left_on_a_past_day_by_a_live_game_is_its_managers_to_start(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league = await sample_league(store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, None))
    first, second = await store.schedule_season(league.id, 2, series_length=1)
    live = await store.start_game(first.id, seed=3)  # being played while the commissioner advances twice
    await autoplay.advance(store, league.id, 2)
    assert (await store.league(league.id)).day == second.day + 1 and (await store.game(second.id)).status == "scheduled"
    await store.finish_game(live.id, played(live))
    await store.set_channel(league.id, "games", fake.games_channel.id)
    async with running_bot(fake, store):
        reply = await (
            await fake.slash(
                fake.manager_a, "game", "start", options={"game": str(second.id)}, channel=fake.games_channel
            )
        ).response()
        assert not reply.ephemeral, reply.text
        assert (await store.game(second.id)).status == "live"
