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
Figures, not pass/fail. Usage: python -m bench.bot [--clicks 200] [--no-limits] [--every]
(--every: both managers asked every call, not only when it matters).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import bench
from bench import Parser, at_least_one
from engine.events import PlateAppearanceEnded
from engine.game import Game
from league.models import LeagueRules
from league.store import Store
from tests.bot.conftest import running_bot, sample_pairs
from tests.bot.discord.test_live_game import asked_field, game_over, open_prompt, start_game, suggested_button
from tests.fakediscord import FakeDiscord
from tests.fakediscord.records import RecordedMessage
from tests.fakediscord.world import FakeChannel

GAMES = 10


async def plate_appearances_shown(store: Store, game_ids: list[int]) -> int:
    """Plate appearances whose plays the threads have shown (each game's ``posted`` events)."""
    shown = 0
    for game_id in game_ids:
        record = await store.game(game_id)
        events = Game.from_dict(record.game_dict()).events[: record.posted]
        shown += sum(1 for e in events if isinstance(e, PlateAppearanceEnded))
    return shown


async def measure(clicks_wanted: int, rate_limits: bool, every: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with (
            FakeDiscord(rate_limits=rate_limits) as fake,
            await Store.open(Path(folder) / "bench.sqlite3") as store,
        ):
            managers = {fake.manager_a.id: fake.manager_a, fake.manager_b.id: fake.manager_b}
            # A pair of teams per game: a team plays one game at a time.
            league, pairs = await sample_pairs(
                store,
                fake.guild_id,
                fake.commissioner.id,
                Path(folder),
                GAMES,
                managers=(*managers,),  # type: ignore[arg-type]
            )
            await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
            for manager in managers if every else ():
                await store.set_manager_asking(league.id, manager, "every")
            games = [await store.schedule_game(league.id, away.id, home.id) for away, home in pairs]
            clicks: list[float] = []
            commands: list[float] = []
            async with running_bot(fake, store):
                since = fake.mark()
                began = time.perf_counter()
                threads = [await start_game(fake, fake.commissioner, g.id, seed=n) for n, g in enumerate(games)]

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
                        await handle.response()
                        clicks.append(time.perf_counter() - start)
                        if len(clicks) % 10 == 0:
                            start = time.perf_counter()
                            await (await fake.slash(fake.stranger, "game", "status", channel=thread)).response()
                            commands.append(time.perf_counter() - start)

                await asyncio.gather(*(manage(t) for t in threads))
                elapsed = time.perf_counter() - began
                calls = fake.calls_by_route(since)
                limited = len(fake.rate_limited(since))
                shown = await plate_appearances_shown(store, [g.id for g in games])
    mode = "Discord's rate limits enforced" if rate_limits else "no rate limits"
    print(
        f"{GAMES} live games ({mode}), {len(clicks)} prompt clicks and {len(commands)} /game status in {elapsed:.1f} s"
    )
    for name, times in (("button click", clicks), ("/game status", commands)):
        ms = sorted(t * 1000 for t in times)
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        print(f"{name}: first response p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms")
    total = sum(calls.values())
    per = total / shown if shown else float("nan")
    print(f"REST calls: {total} for {shown} plate appearances shown, {per:.2f} per plate appearance")
    for route, count in calls.items():
        print(f"  {route}: {count} ({count / shown if shown else float('nan'):.2f} per plate appearance)")
    print(f"429s received: {limited}")


def build_parser() -> Parser:
    parser = bench.parser("python -m bench.bot", __doc__)
    parser.add_argument(
        "--clicks", type=at_least_one, default=200, help="prompt clicks to time across the games (default: 200)"
    )
    parser.add_argument("--no-limits", action="store_true", help="the fake Discord without its rate limits")
    parser.add_argument("--every", action="store_true", help="both managers asked every call, not only when it matters")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    asyncio.run(measure(args.clicks, not args.no_limits, args.every))
    return 0


if __name__ == "__main__":
    sys.exit(main())
