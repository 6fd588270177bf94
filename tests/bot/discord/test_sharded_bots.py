"""Two bot processes, each on its own shard, share one league database and one fake Discord (issue 30).

Each is the real ``dugout run --bot --shards N --shard-count 2`` in a process of its own (as in
test_bot_signals.py). The fake's two servers fall on different shards, with a league and a live game in
each. Each process must resume and play only its own server's game: every REST call about a game's
thread comes from that league's process (the processes log in with tokens of their own, which the fake
records), every click reaches that process only, and no play or final is posted twice.

The test runs on a SQLite file and on a real PostgreSQL database (tests/pgserver.py): ``LeagueDatabase``
is how the test opens the store and what the bot processes are given to find it.
test_two_processes_postgres.py runs twenty leagues this way, with deadlines and a killed process.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from engine.game import Game
from league.models import LeagueRules
from league.store import Store
from tests.bot.conftest import sample_league
from tests.bot.discord.test_live_game import click_through, game_over, plays_told, summaries, wait_final
from tests.fakediscord import FakeChannel, FakeDiscord

COUNT = 2
START_BOUND = 30.0  # a fresh interpreter importing discord.py on a busy two-core machine
STOP_BOUND = 10.0

# The launcher points discord.py at the fake (as FakeDiscord.point_client_here does in process), shrinks a
# thread's posting window as tests/bot/conftest.py's quick_pacing does, and skips the 5 s discord.py waits
# before each shard's IDENTIFY after the first (Discord's limit; the fake has none). With a deadline file, the
# league cog's clock is the test's (deadline_clock.py).
LAUNCHER = """
import os, sys, discord, discord.gateway, discord.http, yarl
discord.http.Route.BASE = sys.argv[1]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
async def identify_now(self, shard_id, *, initial=False):
    pass
discord.Client.before_identify_hook = identify_now
import bot.discord.pacing
bot.discord.pacing.CHANNEL_WINDOW = 0.005
if os.environ.get("DUGOUT_TEST_DEADLINE_FILE"):
    import tests.bot.discord.deadline_clock
    tests.bot.discord.deadline_clock.install(os.environ["DUGOUT_TEST_DEADLINE_FILE"])
from bot.terminal import cli
sys.exit(cli.main(["run", "--bot", *sys.argv[3:]]))
"""


@dataclass
class LeagueDatabase:
    """The league store both processes share: a SQLite file's path or a PostgreSQL database's URL."""

    path: Path | str
    env: dict[str, str] = field(default_factory=dict)

    @asynccontextmanager
    async def open(self) -> AsyncIterator[Store]:
        async with await Store.open(self.path) as store:
            yield store

    def arguments(self) -> list[str]:
        return ["--database", str(self.path)]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> LeagueDatabase:
    if request.param == "sqlite":
        return LeagueDatabase(tmp_path / "league.sqlite3")
    return LeagueDatabase(request.getfixturevalue("pg_store_url"))


def token(shard: int | str) -> str:
    return f"fake-bot-token-shard-{shard}"


def shard_of(guild_id: int) -> int:
    return (guild_id >> 22) % COUNT


@asynccontextmanager
async def bot_process(
    fake: FakeDiscord,
    database: LeagueDatabase,
    shard: int | str,
    log: Path,
    *,
    count: int = COUNT,
    env: dict[str, str] | None = None,
) -> AsyncIterator[asyncio.subprocess.Process]:
    """``dugout run --bot --shards SHARD --shard-count COUNT`` (SHARD may be a range, 0-1), logged in to the
    fake with a token of the shards' own and ready."""
    env = {**os.environ, **database.env, **(env or {}), "DISCORD_TOKEN": token(shard), "DUGOUT_LOG_LEVEL": "INFO"}
    env.pop("DUGOUT_DEV_GUILD_ID", None)
    arguments = [*database.arguments(), "--shards", str(shard), "--shard-count", str(count)]
    start = log.stat().st_size if log.exists() else 0  # a restart appends to the log
    with log.open("a") as out:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", LAUNCHER, fake.api_url, fake.gateway_url, *arguments, stdout=out, stderr=out, env=env
        )
    try:
        await fake.wait_for(
            lambda: "ready as" in log.read_text()[start:] or process.returncode is not None, START_BOUND
        )
        assert process.returncode is None, log.read_text()
        yield process
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), STOP_BOUND)
            except TimeoutError:
                process.kill()
                await process.wait()


async def live_game(
    fake: FakeDiscord,
    store: Store,
    games: FakeChannel,
    name: str,
    seed: int,
    *,
    innings: int = 9,
    deadline_hour_utc: int = 24,
) -> tuple[int, FakeChannel]:
    """A league of the games channel's server, its game live in a thread of that channel: Skipper A manages
    the visitors (asked when it matters), the auto-manager the home team. The game's id and thread."""
    assert games.guild_id is not None
    league = await sample_league(
        store, games.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, None), name=name
    )
    await store.set_options(league.id, replace(league.options, innings=innings))
    rules = LeagueRules(pace_seconds=0, prompt_timeout_seconds=0, deadline_hour_utc=deadline_hour_utc)
    await store.set_rules(league.id, rules)
    await store.set_channel(league.id, "games", games.id)
    teams = {t.abbreviation: t for t in await store.teams(league.id)}
    scheduled = await store.schedule_game(league.id, teams["HC"].id, teams["MV"].id)
    thread = FakeChannel(
        fake.ids.next(),
        f"Day 1: {name}",
        type=11,
        guild_id=games.guild_id,
        parent_id=games.id,
        owner_id=fake.bot_user.id,
    )
    thread.thread_members.add(fake.bot_user.id)
    fake.world.channels[thread.id] = thread
    asking = {"away": await store.manager_asking(league.id, fake.manager_a.id)}
    await store.start_game(
        scheduled.id, seed=seed, managed=["away"], asking=asking, channel_id=games.id, thread_id=thread.id
    )
    return scheduled.id, thread


async def test_each_process_plays_only_its_own_servers_live_game(
    fake_discord: FakeDiscord, database: LeagueDatabase, tmp_path: Path
) -> None:
    fake = fake_discord
    other = fake.add_guild("Second Server", shard=1 - shard_of(fake.guild_id), shard_count=COUNT)
    async with database.open() as store:
        here = await live_game(fake, store, fake.games_channel, "First League", seed=5)
        there = await live_game(fake, store, other["games"], "Second League", seed=7)
    owner = {here[1].id: shard_of(fake.guild_id), there[1].id: shard_of(other["games"].guild_id or 0)}
    assert sorted(owner.values()) == [0, 1]

    logs = {shard: tmp_path / f"shard-{shard}.log" for shard in range(COUNT)}
    async with AsyncExitStack() as processes:
        await asyncio.gather(
            *(processes.enter_async_context(bot_process(fake, database, s, logs[s])) for s in range(COUNT))
        )
        for shard, log in logs.items():
            assert f"this process runs shards {shard} of {COUNT}" in log.read_text()
            assert "resumed 1 live game(s)" in log.read_text(), log.read_text()
        managers = {fake.manager_a.id: fake.manager_a}
        await asyncio.gather(*(click_through(fake, thread, managers) for _, thread in (here, there)))
        async with database.open() as store:
            finals = [await wait_final(fake, store, game_id) for game_id, _ in (here, there)]
        await fake.wait_for(lambda: all(game_over(fake, thread) for _, thread in (here, there)), 20)

    for log in logs.values():
        assert "Traceback" not in log.read_text() and "ERROR" not in log.read_text(), log.read_text()

    for (_, thread), record in zip((here, there), finals, strict=True):
        # Every call about the thread came from the process of its server's shard (interaction callbacks
        # carry no token: the clicks are checked below).
        callers = {r.authorization for r in fake.requests if r.channel_id == thread.id and r.authorization}
        assert callers == {f"Bot {token(owner[thread.id])}"}, (thread.name, callers)
        # No play and no final posted twice, none lost.
        expected = Game.from_dict({**record.game_dict(), "managed": []})
        assert plays_told(fake, thread) == summaries(expected)
        assert sum(m.content.startswith("Standings:") for m in fake.messages_in(thread)) == 1

    # Each click reached the process of its server's shard only.
    for session in fake.gateway.sessions:
        assert session.shard is not None and session.token == token(session.shard[0])
        clicked_in = {int(str(e["d"]["channel_id"])) for e in session.events if e["t"] == "INTERACTION_CREATE"}
        assert clicked_in == {cid for cid, shard in owner.items() if shard == session.shard[0]}
