"""How the bot does with ten games live at once: click latency, REST calls per plate appearance, 429s.

The real bot runs against the fake Discord on 127.0.0.1 (tests/fakediscord) with its
rate-limit mode on (Discord's per-channel and global limits, with their headers: see
tests/fakediscord/ratelimits.py), ten games live at once at a pace of 0 s between
plays, both sides managed. Managers answer every prompt as it appears (a button click)
and ask for /game status now and then; each interaction is timed from the moment the
fake sends it until the bot's first response reaches the fake.

It prints the clicks' and commands' first-response p50/p99, the REST calls the bot made
per plate appearance shown (thread creation, posts, edits, interaction answers: every
call from the first /game start on), the calls by route, and the 429s the fake sent
(target 0: discord.py waits on the headers, so a 429 means calls it could not foresee).
It also prints the peak of calls counted against the bot's global limit in any one second.

--processes N runs the bot as N real ``dugout run --bot`` processes, one shard each (one server per
shard, the games split between them), one token, sharing the store and the bot's request budget
(bot.discord.pacing); --own-budgets gives each its own bucket instead, as before, to compare.
--postgresql (or --database-url) puts the store on PostgreSQL.
Figures, not pass/fail. Usage: python -m bench.bot [--clicks 200] [--no-limits] [--every] [--games 10]
[--processes 2 [--own-budgets]] [--postgresql | --database-url URL]
(--every: both managers asked every call, not only when it matters).
"""

from __future__ import annotations

import asyncio
import os
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import bench
from bench import Parser, at_least_one
from engine.events import PlateAppearanceEnded
from engine.game import Game
from league import db
from league.cardpool import CARD_SETS_DIR
from league.models import LeagueRules
from league.store import Store
from tests.bot.conftest import running_bot, sample_pairs
from tests.bot.discord.test_live_game import asked_field, game_over, open_prompt, suggested_button
from tests.fakediscord import FakeDiscord
from tests.fakediscord.ratelimits import exempt_from_global
from tests.fakediscord.records import RecordedMessage, RecordedRequest
from tests.fakediscord.world import FakeChannel, FakeUser
from tests.pgserver import running_server

GAMES = 10
# A bot process (--processes) is the real ``dugout run --bot`` pointed at the fake, as in test_sharded_bots.py.
LAUNCHER = """
import sys, discord.gateway, discord.http, yarl
discord.http.Route.BASE = sys.argv[1]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
import os, bot.discord.pacing
if os.environ.get("BENCH_OWN_BUDGETS"):  # --own-budgets: each process alone, as before the shared budget
    async def alone(self): return False
    bot.discord.pacing.SharedBudget.take = alone
from bot.terminal import cli
sys.exit(cli.main(["run", "--bot", *sys.argv[3:]]))
"""


async def plate_appearances_shown(store: Store, game_ids: list[int]) -> int:
    """Plate appearances whose plays the threads have shown (each game's ``posted`` events)."""
    shown = 0
    for game_id in game_ids:
        record = await store.game(game_id)
        events = Game.from_dict(record.game_dict()).events[: record.posted]
        shown += sum(1 for e in events if isinstance(e, PlateAppearanceEnded))
    return shown


def start_on(channel: FakeChannel) -> Callable[[FakeDiscord, FakeUser, int, int], Awaitable[FakeChannel]]:
    """``/game start`` in a server's games channel (test_live_game.start_game, in any server)."""

    async def start(fake: FakeDiscord, user: FakeUser, game_id: int, seed: int) -> FakeChannel:
        options = {"game": str(game_id), "seed": seed}
        reply = await (await fake.slash(user, "game", "start", options=options, channel=channel)).response(30)
        assert not reply.ephemeral, reply.text
        return await fake.wait_for(lambda: next((t for t in fake.threads if t.mention in reply.text), None), 30)

    return start


def peak_per_second(calls: list[RecordedRequest]) -> int:
    """The most calls counted against the bot's global limit in any one second (a sliding second)."""
    times = sorted(r.at for r in calls if r.api and r.route and not exempt_from_global(r.route))
    peak, first = 0, 0
    for last, at in enumerate(times):
        while at - times[first] >= 1.0:
            first += 1
        peak = max(peak, last - first + 1)
    return peak


@asynccontextmanager
async def bot_processes(
    fake: FakeDiscord, database: str, count: int, folder: Path, own_budgets: bool
) -> AsyncIterator[list[Path]]:
    """``count`` processes of ``dugout run --bot --shards i --shard-count count``, one token, ready; their logs."""
    logs = [folder / f"bot-{shard}.log" for shard in range(count)]
    processes: list[asyncio.subprocess.Process] = []
    env = {**os.environ, "DISCORD_TOKEN": "bench-bot-token", "DUGOUT_LOG_LEVEL": "INFO"}
    if own_budgets:
        env["BENCH_OWN_BUDGETS"] = "1"
    env.pop("DUGOUT_DEV_GUILD_ID", None)
    try:
        for shard, log in enumerate(logs):
            arguments = ["--database", database, "--shards", str(shard), "--shard-count", str(count)]
            with log.open("w") as out:
                processes.append(
                    await asyncio.create_subprocess_exec(
                        sys.executable,
                        "-c",
                        LAUNCHER,
                        fake.api_url,
                        fake.gateway_url,
                        *arguments,
                        stdout=out,
                        stderr=out,
                        env=env,
                    )
                )
        for process, log in zip(processes, logs, strict=True):
            await fake.wait_for(lambda: "ready as" in log.read_text() or process.returncode is not None, 60)  # noqa: B023
            if process.returncode is not None:
                raise RuntimeError(f"a bot process stopped: {log.read_text()[-2000:]}")
        yield logs
    finally:
        for process in processes:
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                await asyncio.wait_for(process.wait(), 20)
            except TimeoutError:
                process.kill()
                await process.wait()


async def measure(
    clicks_wanted: int,
    rate_limits: bool,
    every: bool,
    games: int,
    processes: int,
    database: str | None,
    own_budgets: bool = False,
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ[CARD_SETS_DIR] = folder  # the leagues' card sets by name (sample_pairs), in every process
        target = database or str(Path(folder) / "bench.sqlite3")
        async with FakeDiscord(rate_limits=rate_limits) as fake, await Store.open(target) as store:
            managers = {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}
            # One server per process, each on that process's shard, with a league of its share of the games.
            servers = [fake.games_channel]
            if processes > 1:
                home_shard = (fake.guild_id >> 22) % processes
                others = [s for s in range(processes) if s != home_shard]
                servers += [fake.add_guild(f"Server {s}", shard=s, shard_count=processes)["games"] for s in others]
            game_ids: list[int] = []
            starts: list[tuple[Callable[..., Awaitable[FakeChannel]], int, int]] = []
            for n, channel in enumerate(servers):
                share = games // len(servers) + (n < games % len(servers))
                # A pair of teams per game: a team plays one game at a time.
                league, pairs = await sample_pairs(
                    store,
                    channel.guild_id or 0,
                    fake.commissioner.id,
                    Path(folder),
                    share,
                    managers=(*managers,),  # type: ignore[arg-type]
                )
                await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
                await store.set_channel(league.id, "games", channel.id)
                for manager in managers if every else ():
                    await store.set_manager_asking(league.id, manager, "every")
                for away, home in pairs:
                    game_id = (await store.schedule_game(league.id, away.id, home.id)).id
                    starts.append((start_on(channel), game_id, len(game_ids)))
                    game_ids.append(game_id)
            clicks: list[float] = []
            commands: list[float] = []
            async with AsyncExitStack() as running:
                if processes:
                    logs = await running.enter_async_context(
                        bot_processes(fake, target, processes, Path(folder), own_budgets)
                    )
                else:
                    logs = []
                    await running.enter_async_context(running_bot(fake, store))
                since = fake.mark()
                began = time.perf_counter()
                threads = [await start(fake, fake.commissioner, game_id, seed) for start, game_id, seed in starts]

                async def manage(thread: FakeChannel) -> None:
                    while len(clicks) < clicks_wanted:
                        prompt = await fake.wait_for(
                            lambda: open_prompt(fake, thread) or game_over(fake, thread), timeout=120
                        )
                        if not isinstance(prompt, RecordedMessage):
                            return  # this game is over
                        [uid] = [u for u in managers if f"<@{u}>" in asked_field(prompt)]
                        start = time.perf_counter()
                        handle = await fake.click(managers[uid], prompt, suggested_button(prompt))
                        await handle.response(30)
                        clicks.append(time.perf_counter() - start)
                        if len(clicks) % 10 == 0:
                            start = time.perf_counter()
                            await (await fake.slash(fake.stranger, "game", "status", channel=thread)).response(30)
                            commands.append(time.perf_counter() - start)

                await asyncio.gather(*(manage(t) for t in threads))
                elapsed = time.perf_counter() - began
                calls = fake.calls_by_route(since)
                limited = fake.rate_limited(since)
                peak = peak_per_second(fake.requests[since:])
                shown = await plate_appearances_shown(store, game_ids)
            errors = sum(log.read_text().count("Traceback") for log in logs)
    mode = "Discord's rate limits enforced" if rate_limits else "no rate limits"
    where = "PostgreSQL" if database and db.url_of(database).get_backend_name() != db.SQLITE else "SQLite"
    bots = f"{processes} bot process(es)" if processes else "the bot in this process"
    bots += ", each on its own budget" if own_budgets and processes else ""
    print(
        f"{games} live games ({mode}; {where}, {bots}), {len(clicks)} prompt clicks and {len(commands)} /game status"
        f" in {elapsed:.1f} s"
    )
    for name, times in (("button click", clicks), ("/game status", commands)):
        if not times:
            continue
        ms = sorted(t * 1000 for t in times)
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        print(f"{name}: first response p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms")
    total = sum(calls.values())
    per = total / shown if shown else float("nan")
    print(f"REST calls: {total} for {shown} plate appearances shown, {per:.2f} per plate appearance")
    for route, count in calls.items():
        print(f"  {route}: {count} ({count / shown if shown else float('nan'):.2f} per plate appearance)")
    print(f"peak requests in any one second (all processes, global limit's calls): {peak}")
    global_429 = sum(r.limited == "global" for r in limited)
    print(f"429s received: {len(limited)} ({global_429} global)")
    if processes:
        print(f"tracebacks in the bot processes' logs: {errors}")


def build_parser() -> Parser:
    parser = bench.parser("python -m bench.bot", __doc__)
    parser.add_argument(
        "--clicks", type=at_least_one, default=200, help="prompt clicks to time across the games (default: 200)"
    )
    parser.add_argument("--no-limits", action="store_true", help="the fake Discord without its rate limits")
    parser.add_argument("--every", action="store_true", help="both managers asked every call, not only when it matters")
    parser.add_argument("--games", type=at_least_one, default=GAMES, help=f"live games at once (default: {GAMES})")
    parser.add_argument(
        "--processes",
        type=at_least_one,
        help="run the bot in this many processes (dugout run --bot, one shard each, sharing the database and the"
        " bot's request budget); default: the bot in the benchmark's own process",
    )
    parser.add_argument(
        "--own-budgets",
        action="store_true",
        help="with --processes: each process paces on its own bucket, as before they shared one (to compare)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--database-url", help="the league store (postgresql://…); default: a temporary SQLite file")
    where.add_argument(
        "--postgresql", action="store_true", help="the league store on a throwaway PostgreSQL server (tests/pgserver)"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.own_budgets and not args.processes:
        parser.error("--own-budgets needs --processes (a lone bot has its own budget anyway)")
    if not args.postgresql:
        asyncio.run(
            measure(args.clicks, not args.no_limits, args.every, args.games, args.processes or 0, args.database_url)
        )
        return 0
    with running_server() as server:
        url = server.create_database("bench_bot")
        asyncio.run(
            measure(args.clicks, not args.no_limits, args.every, args.games, args.processes or 0, url, args.own_budgets)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
