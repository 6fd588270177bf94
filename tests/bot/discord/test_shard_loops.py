"""A sharded bot's background loops run its own servers' leagues only (bot.shards, docs/shards.md): the daily
deadline's auto-play and the draft clocks leave another shard's league alone; a league with no server is
shard 0's. The bot is the real sharded client (discord.py's AutoShardedBot) on one shard of the fake."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.discord.app import ShardedDugoutBot, make_bot
from bot.shards import Shards
from league import autoplay, draft
from league.models import League, LeagueRules
from league.store import Store
from tests.bot.conftest import sample_league
from tests.fakediscord import FakeChannel, FakeDiscord

COUNT = 2


def second_server(fake: FakeDiscord) -> dict[str, FakeChannel]:
    """A server on shard 0 of 2; the fake's own is on shard 1."""
    assert (fake.guild_id >> 22) % COUNT == 1
    return fake.add_guild("Second Server", shard=0, shard_count=COUNT)


def shard_zero_bot(fake: FakeDiscord, store: Store) -> ShardedDugoutBot:
    bot = make_bot(store, guild_id=fake.guild_id, my_shards=Shards(frozenset({0}), COUNT))
    assert isinstance(bot, ShardedDugoutBot)
    return bot


async def league_with_a_game(store: Store, guild_id: int | None, commissioner: int, name: str) -> League:
    league = await sample_league(store, guild_id, commissioner, name=name)  # type: ignore[arg-type]
    await store.set_rules(league.id, LeagueRules(deadline_hour_utc=5))
    teams = {t.abbreviation: t for t in await store.teams(league.id)}
    await store.schedule_game(league.id, teams["HC"].id, teams["MV"].id)
    return league


async def test_the_deadline_plays_the_days_of_this_shards_leagues_only(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    other = second_server(fake)
    theirs = await league_with_a_game(store, fake.guild_id, fake.commissioner.id, "Shard One League")
    mine = await league_with_a_game(store, other["general"].guild_id, fake.commissioner.id, "Shard Zero League")
    terminal = await league_with_a_game(store, None, fake.commissioner.id, "Terminal League")
    await store.set_channel(theirs.id, "announcements", fake.general.id)
    await store.set_channel(mine.id, "announcements", other["general"].id)

    async with fake.running(shard_zero_bot(fake, store)) as bot:
        assert [g.id for g in bot.guilds] == [other["general"].guild_id]  # shard 0 holds the second server only
        cog: Any = bot.get_cog("LeagueCog")
        cog._deadlines_since = datetime(2026, 5, 1, 4, 59, tzinfo=UTC)
        played = await cog.run_deadlines(datetime(2026, 5, 1, 5, 0, 30, tzinfo=UTC))
        assert sorted(lg.name for lg in played) == ["Shard Zero League", "Terminal League"]
        posted = fake.last_message(other["general"])
        assert posted is not None and "Shard Zero League's day is played" in posted.text

    assert [(await store.league(lg.id)).day for lg in (theirs, mine, terminal)] == [1, 2, 2]
    assert [g.status for g in await store.games(theirs.id)] == ["scheduled"]  # shard 1's process plays it
    assert fake.messages_in(fake.general) == []


async def draft_running(store: Store, guild_id: int | None, commissioner: int, name: str, now: float) -> League:
    league = await store.create_league(name, ["sample"], guild_id=guild_id, commissioners=[commissioner])
    order = [
        (await store.create_team(league.id, team, abbr)).id
        for team, abbr in (("Harbor City", "HC"), ("Mesa Valley", "MV"))
    ]
    await draft.setup(store, league.id, by=commissioner, order=order, rounds=1, clock="2m")
    await draft.start(store, league.id, now, by=commissioner)
    return league


async def test_the_draft_clock_picks_in_this_shards_leagues_only(fake_discord: FakeDiscord, store: Store) -> None:
    fake = fake_discord
    other = second_server(fake)
    now = time.time()  # the cog's own loop (on the clock) finds nothing due; run_clocks is asked an hour on
    theirs = await draft_running(store, fake.guild_id, fake.commissioner.id, "Shard One Draft", now)
    mine = await draft_running(store, other["general"].guild_id, fake.commissioner.id, "Shard Zero Draft", now)
    async with fake.running(shard_zero_bot(fake, store)) as bot:
        cog: Any = bot.get_cog("DraftCog")
        done = await cog.run_clocks(now + 3600)
        assert [p.draft.league_id for p in done] == [mine.id]
    assert [(await draft.current(store, lg.id)).made for lg in (theirs, mine)] == [0, 1]


async def test_a_day_another_process_played_since_the_last_check_is_not_played_again(
    fake_discord: FakeDiscord, store: Store, tmp_path: Path
) -> None:
    """Two processes whose shards overlap (or a standby started beside the old process) both own a league and
    both see its deadline fall: the one that checks after the other played the day leaves it alone."""
    fake = fake_discord
    other = second_server(fake)
    league = await league_with_a_game(store, other["general"].guild_id, fake.commissioner.id, "Shared League")
    await store.set_rules(league.id, LeagueRules(deadline_hour_utc=5))
    teams = {t.abbreviation: t for t in await store.teams(league.id)}
    await store.schedule_game(league.id, teams["HC"].id, teams["MV"].id, day=2)
    await store.set_channel(league.id, "announcements", other["general"].id)

    async with fake.running(shard_zero_bot(fake, store)) as bot:
        cog: Any = bot.get_cog("LeagueCog")
        cog._deadlines_since = datetime(2026, 5, 1, 4, 58, tzinfo=UTC)
        assert await cog.run_deadlines(datetime(2026, 5, 1, 4, 59, tzinfo=UTC)) == []  # it sees day 1
        # The other process, on its own store, checks first after the deadline and plays day 1.
        async with await Store.open(tmp_path / "league.sqlite3") as elsewhere:  # the store's file
            await autoplay.advance(elsewhere, league.id, 1, from_day=1)
        await cog.run_deadlines(datetime(2026, 5, 1, 5, 0, 30, tzinfo=UTC))

    assert (await store.league(league.id)).day == 2
    assert [g.status for g in await store.games(league.id)] == ["final", "scheduled"]  # day 2's waits for its day
    assert fake.messages_in(other["general"]) == []
