"""Two bot processes with two shards each share one PostgreSQL store and one fake Discord (issue 30).

``dugout run --bot --shards 0-1 --shard-count 4`` and ``--shards 2-3 --shard-count 4``, real processes, each
with ten leagues live at once (their servers spread over its two shards). No cross-talk: every REST call
about a league's threads and channels comes from its process's token, every click reaches that process only.
No double post: each thread tells every play once and its final once. Every deadline once: the leagues'
daily deadline falls while the games are live (tests/bot/discord/deadline_clock.py), and each league moves
on one day and says so once. Then the second process is killed (SIGKILL) mid-game, its games posting
plays after a manager's answer, restarted on the same shards, and resumes them.

"Same results": each league of the second process has a twin in the first, with the same teams, the same
seed and the same manager's clicks (the suggested answer every time), which plays uninterrupted. A game is
its setup, seed and decisions, so the killed and resumed game must end with the twin's line score and box
score; and each final stands as the game replayed from its stored setup, seed and log.
"""

from __future__ import annotations

import asyncio
import re
import signal
from contextlib import AsyncExitStack
from pathlib import Path

import pytest

from engine.game import Game
from tests.bot.discord import deadline_clock
from tests.bot.discord.test_live_game import (
    PROMPT,
    asked_field,
    click_through,
    game_over,
    plays_told,
    suggested_button,
    summaries,
    wait_final,
)
from tests.bot.discord.test_sharded_bots import LeagueDatabase, bot_process, live_game, token
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser, RecordedMessage

COUNT = 4
SIDES = ("0-1", "2-3")  # the two processes' shards
LEAGUES = 10  # on each side
CLICKS_BEFORE_THE_KILL = 1
INNINGS = 5  # shorter games: twenty at once through the fake's rate limits
WAIT = 30.0  # for a prompt, twenty games sharing two processes and two cores


def side_of(shard: int) -> str:
    return SIDES[shard // 2]


@pytest.mark.slow  # 25 to 55 s on a busy machine: started with the slow tier, not left to the end of a run
async def test_two_sharded_processes_on_postgresql_deadlines_and_a_killed_process(
    fake_discord: FakeDiscord, pg_store_url: str, tmp_path: Path
) -> None:
    fake = fake_discord
    database = LeagueDatabase(pg_store_url)
    trigger = tmp_path / "deadline"
    env = {"DUGOUT_TEST_DEADLINE_FILE": str(trigger)}

    # Ten servers a side, alternating between the side's two shards; league i of each side has seed 100 + i.
    games: dict[str, list[tuple[int, FakeChannel, FakeChannel, str]]] = {side: [] for side in SIDES}
    began = asyncio.get_running_loop().time()
    async with database.open() as store:
        for number in range(LEAGUES):
            for side_number, side in enumerate(SIDES):
                shard = 2 * side_number + number % 2
                channels = fake.add_guild(f"Server {side} {number}", shard=shard, shard_count=COUNT)
                name = f"League {side} {number}"
                game_id, thread = await live_game(
                    fake,
                    store,
                    channels["games"],
                    name,
                    seed=100 + number,
                    innings=INNINGS,
                    deadline_hour_utc=deadline_clock.HOUR,
                )
                games[side].append((game_id, thread, channels["games"], name))
    owner = {
        ch.id: side for side in SIDES for _, thread, games_channel, _ in games[side] for ch in (thread, games_channel)
    }
    managers = {fake.manager_a.id: fake.manager_a}
    first, second = SIDES
    logs = {side: tmp_path / f"shards-{side}.log" for side in SIDES}

    async def deadline_told(name: str, channel: FakeChannel) -> int:
        return sum(m.content.startswith(f"The deadline passed: {name}'s day") for m in fake.messages_in(channel))

    loop = asyncio.get_running_loop()
    print(f"twenty leagues set up in {loop.time() - began:.1f}s")
    async with AsyncExitStack() as processes:
        started = loop.time()
        running = await asyncio.gather(
            *(
                processes.enter_async_context(bot_process(fake, database, side, logs[side], count=COUNT, env=env))
                for side in SIDES
            )
        )
        for side in SIDES:
            text = logs[side].read_text()
            assert f"this process runs shards {side.replace('-', ',')} of {COUNT}" in text, text
            assert f"resumed {LEAGUES} live game(s)" in text, text

        # The deadline falls while all twenty games are live.
        trigger.touch()
        every = [entry for side in SIDES for entry in games[side]]
        await fake.wait_for(
            lambda: all(
                any(m.content.startswith(f"The deadline passed: {name}'s day") for m in fake.messages_in(ch))
                for _, _, ch, name in every
            ),
            20,
        )

        # The first side plays its games to the end; the second answers a prompt in each, and its process is
        # killed at once, its games playing on from the answers: posting plays, storing them.
        playing = asyncio.gather(
            *(click_through(fake, thread, managers, timeout=WAIT) for _, thread, _, _ in games[first])
        )
        await asyncio.gather(
            *(
                click_through(fake, t, managers, stop_after=CLICKS_BEFORE_THE_KILL, timeout=WAIT)
                for _, t, _, _ in games[second]
            )
        )
        victim = running[1]
        victim.send_signal(signal.SIGKILL)
        await victim.wait()
        killed_at = loop.time()
        async with database.open() as store:
            live = [g for g, _, _, _ in games[second] if (await store.game(g)).status == "live"]
        assert len(live) >= LEAGUES // 2, f"only {len(live)} of the second side's games were live when killed"
        # Every game not told to its end is resumed: the live ones, and a final whose box score was not posted
        # (or was posted, the kill coming before the store heard: the resumed game finds it in the thread).
        untold = [g for g, thread, _, _ in games[second] if not game_over(fake, thread)]
        restart = logs[second].stat().st_size

        async with bot_process(fake, database, second, logs[second], count=COUNT, env=env):
            resumed = re.search(r"resumed (\d+) live game", logs[second].read_text()[restart:])
            assert resumed is not None and len(untold) <= int(resumed[1]) <= LEAGUES, logs[second].read_text()
            resumed_in = loop.time() - killed_at
            stale = await asyncio.gather(*(click_resumed(fake, thread, managers) for _, thread, _, _ in games[second]))
            await playing
            async with database.open() as store:
                finals = {g: await wait_final(fake, store, g) for side in SIDES for g, _, _, _ in games[side]}
            await fake.wait_for(lambda: all(game_over(fake, thread) for _, thread, _, _ in every), 30)
        took = loop.time() - started
    print(f"stale prompts clicked after the restart: {sum(stale)}")
    print(f"twenty live games in two processes, {len(live)} killed mid-game ({resumed_in:.1f}s): {took:.1f}s")

    for side in SIDES:
        text = logs[side].read_text()
        assert "Traceback" not in text and "ERROR" not in text, text

    # No cross-talk: every call about a league's thread or channels came from its side's token (interaction
    # callbacks carry none: the clicks are checked below).
    for channel_id, side in owner.items():
        callers = {r.authorization for r in fake.requests if r.channel_id == channel_id and r.authorization}
        assert callers == {f"Bot {token(side)}"}, (channel_id, callers)
    for session in fake.gateway.sessions:
        assert session.shard is not None and session.token == token(side_of(session.shard[0]))
        clicked = {int(str(e["d"]["channel_id"])) for e in session.events if e["t"] == "INTERACTION_CREATE"}
        assert all(owner[c] == side_of(session.shard[0]) for c in clicked), clicked

    async with database.open() as store:
        for _, _, channel, name in every:
            # Every deadline once: one day on, said once.
            assert await deadline_told(name, channel) == 1, name
            [league] = await store.leagues(channel.guild_id)
            assert league.day == 2, name

    for side in SIDES:
        for game_id, thread, _, _ in games[side]:
            record = finals[game_id]
            # No play and no final posted twice, none lost; the final is the game its stored log replays.
            replayed = Game.from_dict({**record.game_dict(), "managed": []})
            assert plays_told(fake, thread) == summaries(replayed), thread.name
            assert sum(m.content.startswith("Standings:") for m in fake.messages_in(thread)) == 1, thread.name

    # Same results: the killed and resumed games end as their uninterrupted twins did.
    for (kept, _, _, _), (resumed, _, _, _) in zip(games[first], games[second], strict=True):
        assert finals[resumed].line_score == finals[kept].line_score, (kept, resumed)
        assert finals[resumed].box_score == finals[kept].box_score, (kept, resumed)
        assert finals[resumed].game_dict()["log"] == finals[kept].game_dict()["log"], (kept, resumed)


async def click_resumed(fake: FakeDiscord, thread: FakeChannel, managers: dict[int, FakeUser]) -> int:
    """click_through for a resumed game. The kill may leave a prompt of the dead process with its buttons
    (posted, or answered, before it could record or clear it): a click there is told, privately, that the
    question was answered, and the resumed game asks again in a prompt of its own. The stale clicks."""
    stale: set[int] = set()
    while True:
        prompt = await fake.wait_for(lambda: game_over(fake, thread) or fresh_prompt(fake, thread, stale), WAIT)
        if not isinstance(prompt, RecordedMessage):
            return len(stale)
        [manager] = [user for uid, user in managers.items() if f"<@{uid}>" in asked_field(prompt)]
        reply = await (await fake.click(manager, prompt, suggested_button(prompt))).response()
        if reply.type != 7:
            assert "already been answered" in reply.text and prompt.id not in stale, reply.text
            stale.add(prompt.id)


def fresh_prompt(fake: FakeDiscord, thread: FakeChannel, stale: set[int]) -> RecordedMessage | None:
    """The thread's prompt with its buttons, a stale one left out (at most one other)."""
    prompts = [m for m in fake.messages_in(thread) if m.id not in stale and any(PROMPT.match(c) for c in m.custom_ids)]
    assert len(prompts) <= 1, f"more than one open prompt: {prompts}"
    return prompts[0] if prompts else None
