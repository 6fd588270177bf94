"""A live game within Discord's limits, and one that never stops (issue 13), end to end against the fake."""

from __future__ import annotations

from collections import Counter

from engine.events import PlateAppearanceEnded
from engine.game import Game
from league.models import LeagueRules
from league.store import Store
from tests.bot.conftest import running_bot
from tests.bot.test_live_game import click_through, every_pitch, start_game, two_teams, wait_final
from tests.fakediscord import FakeDiscord


async def test_rest_calls_per_plate_appearance_with_both_sides_managed_every_pitch(
    fake_discord: FakeDiscord, store: Store
) -> None:
    fake = fake_discord
    league, away, home = await two_teams(fake, store, (fake.manager_a.id, fake.manager_b.id))
    await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
    await every_pitch(store, league.id, fake)
    scheduled = await store.schedule_game(league.id, away.id, home.id)
    managers = {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}
    async with running_bot(fake, store):
        thread = await start_game(fake, fake.manager_a, scheduled.id, seed=7)
        first = len(fake.requests)
        clicks = await click_through(fake, thread, managers)
        record = await wait_final(fake, store, scheduled.id)
        await fake.wait_for(lambda: any("Standings" in m.text for m in fake.messages_in(thread)))
        calls = fake.requests[first:]
    game = Game.from_dict(record.game_dict())
    pas = sum(1 for e in game.events if isinstance(e, PlateAppearanceEnded))
    kinds = Counter(f"{r.method} {r.path.split('/')[1]}" for r in calls)
    # The bot's own calls: posts and edits in the thread. The answers to clicks (one each, unavoidable)
    # are the interaction callbacks, which Discord does not count against the bot's limits.
    own = len(calls) - kinds["POST interactions"]
    assert kinds["POST interactions"] == clicks
    assert own / pas <= 2.5, kinds  # was 4.2 (6.4 with the answers to clicks) before issue 13
    assert len(calls) / pas <= 4.5, kinds
