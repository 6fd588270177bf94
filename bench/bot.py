"""How fast the bot answers while ten games are live: interaction to first response, p50 and p99.

The real bot runs against the fake Discord on 127.0.0.1 (tests/fakediscord), with ten
games live at once at a pace of 0.05 s between plays. Managers answer every prompt
as it appears (a button click) and ask for /game status now and then; each
interaction is timed from the moment the fake sends it until the bot's first
response reaches the fake. Figures, not pass/fail. Usage: python -m bench.bot [clicks]
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from league.models import LeagueRules
from league.store import Store
from tests.bot.conftest import running_bot, sample_pairs
from tests.bot.test_live_game import open_prompt, start_game, suggested_button
from tests.fakediscord import FakeDiscord
from tests.fakediscord.world import FakeChannel

GAMES = 10


async def measure(clicks_wanted: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord() as fake, await Store.open(Path(folder) / "bench.sqlite3") as store:
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
            games = [await store.schedule_game(league.id, away.id, home.id) for away, home in pairs]
            clicks: list[float] = []
            commands: list[float] = []
            async with running_bot(fake, store):
                threads = [await start_game(fake, fake.commissioner, g.id, seed=n) for n, g in enumerate(games)]

                async def manage(thread: FakeChannel) -> None:
                    while len(clicks) < clicks_wanted:
                        prompt = await fake.wait_for(lambda: open_prompt(fake, thread), timeout=30)
                        [uid] = [u for u in managers if f"<@{u}>" in prompt.content]
                        start = time.perf_counter()
                        handle = await fake.click(managers[uid], prompt, suggested_button(prompt))
                        await handle.response()
                        clicks.append(time.perf_counter() - start)
                        if len(clicks) % 10 == 0:
                            start = time.perf_counter()
                            await (await fake.slash(fake.stranger, "game", "status", channel=thread)).response()
                            commands.append(time.perf_counter() - start)

                began = time.perf_counter()
                await asyncio.gather(*(manage(t) for t in threads))
                elapsed = time.perf_counter() - began
    print(f"{GAMES} live games, {len(clicks)} prompt clicks and {len(commands)} /game status in {elapsed:.1f} s")
    for name, times in (("button click", clicks), ("/game status", commands)):
        ms = sorted(t * 1000 for t in times)
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        print(f"{name}: first response p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms")


def main() -> None:
    asyncio.run(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 500))


if __name__ == "__main__":
    main()
