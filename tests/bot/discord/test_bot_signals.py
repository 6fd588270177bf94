"""The bot stops cleanly on a signal, mid-game, and the next start resumes the game (issue 26).

The real ``dugout run --bot`` runs as a process of its own against the fake Discord on 127.0.0.1
(a two-line launcher points discord.py there, as ``FakeDiscord.point_client_here`` does in
process). Each signal comes while a game waits on a manager: Ctrl-C (SIGINT), SIGINT to a bot
started from a non-interactive shell (which leaves SIGINT ignored in its background jobs) and
SIGTERM (``docker stop``). The bot must end within STOP_BOUND seconds with status 0, leave the
game live and saved, and a new bot on the same file must pick the game up where it stood.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from league.models import LeagueRules
from league.store import Store
from tests.bot.conftest import sample_league
from tests.bot.discord.test_live_game import asked_field, every_pitch, open_prompt, suggested_button
from tests.fakediscord import FakeChannel, FakeDiscord, RecordedMessage

STOP_BOUND = 10.0  # seconds from the signal to the process's end
START_BOUND = 30.0  # a fresh interpreter importing discord.py on a busy two-core machine

LAUNCHER = """
import sys, discord.gateway, discord.http, yarl
discord.http.Route.BASE = sys.argv[1]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
from bot.terminal import cli
sys.exit(cli.main(["run", "--bot", "--database", sys.argv[3]]))
"""


def ignore_sigint() -> None:
    """What a non-interactive shell does to a job it starts in the background (POSIX, "Signals")."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@asynccontextmanager
async def bot_process(
    fake: FakeDiscord, database: Path, log: Path, preexec: Callable[[], None] | None = None
) -> AsyncIterator[asyncio.subprocess.Process]:
    """``dugout run --bot`` on ``database``, logged in to the fake and ready (its live games resumed)."""
    env = {
        **os.environ,
        "DISCORD_TOKEN": "fake-bot-token",
        "DUGOUT_DEV_GUILD_ID": str(fake.guild_id),
        "DUGOUT_LOG_LEVEL": "INFO",
    }
    with log.open("w") as out:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            LAUNCHER,
            fake.api_url,
            fake.gateway_url,
            str(database),
            stdout=out,
            stderr=out,
            env=env,
            preexec_fn=preexec,
        )
    try:
        await fake.wait_for(lambda: "ready as" in log.read_text() or process.returncode is not None, START_BOUND)
        assert process.returncode is None, log.read_text()
        yield process
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def answer(fake: FakeDiscord, thread: FakeChannel) -> RecordedMessage:
    """The open question, answered with the suggestion by the manager it asks; the question answered."""
    prompt = await fake.wait_for(lambda: open_prompt(fake, thread), 20)
    manager = next(m for m in (fake.manager_a, fake.manager_b) if f"<@{m.id}>" in asked_field(prompt))
    reply = await (await fake.click(manager, prompt, suggested_button(prompt))).response(timeout=20)
    assert reply.type == 7, reply.text  # the play moves on in its message
    return prompt


@pytest.mark.parametrize(
    ("signum", "preexec"),
    [
        pytest.param(signal.SIGINT, None, id="ctrl-c"),
        pytest.param(signal.SIGINT, ignore_sigint, id="ctrl-c-from-a-non-interactive-shell"),
        pytest.param(signal.SIGTERM, None, id="sigterm"),
    ],
)
async def test_a_signal_mid_game_stops_the_bot_and_the_next_start_resumes_it(
    fake_discord: FakeDiscord, tmp_path: Path, signum: int, preexec: Callable[[], None] | None
) -> None:
    fake = fake_discord
    database = tmp_path / "league.sqlite3"
    async with await Store.open(database) as store:
        league = await sample_league(
            store, fake.guild_id, fake.commissioner.id, managers=(fake.manager_a.id, fake.manager_b.id)
        )
        await store.set_rules(league.id, LeagueRules(pace_seconds=0, prompt_timeout_seconds=0))
        await every_pitch(store, league.id, fake)
        teams = {t.abbreviation: t for t in await store.teams(league.id)}
        scheduled = await store.schedule_game(league.id, teams["HC"].id, teams["MV"].id)

    async with bot_process(fake, database, tmp_path / "first.log", preexec) as first:
        handle = await fake.slash(
            fake.manager_a, "game", "start", options={"game": str(scheduled.id), "seed": 3}, channel=fake.games_channel
        )
        started = await handle.response(timeout=20)
        thread = await fake.wait_for(lambda: next((t for t in fake.threads if t.mention in started.text), None))
        for _ in range(3):
            await answer(fake, thread)
        await fake.wait_for(lambda: open_prompt(fake, thread), 20)  # the game waits on a manager
        loop = asyncio.get_running_loop()
        sent = loop.time()
        first.send_signal(signum)
        try:
            await asyncio.wait_for(first.wait(), STOP_BOUND)
        except TimeoutError:
            pytest.fail(f"the bot did not stop within {STOP_BOUND}s of signal {signum}")
        took = loop.time() - sent
    log = (tmp_path / "first.log").read_text()
    assert first.returncode == 0, log
    assert "Traceback" not in log, log
    print(f"signal {signal.Signals(signum).name}: the bot stopped in {took:.2f}s")

    async with await Store.open(database) as store:
        saved = await store.game(scheduled.id)
    assert saved.status == "live" and saved.posted > 0  # saved where it stood

    async with bot_process(fake, database, tmp_path / "second.log") as second:
        assert "resumed 1 live game(s)" in (tmp_path / "second.log").read_text()
        await answer(fake, thread)  # the resumed game takes the next answer in its thread
        await fake.wait_for(lambda: open_prompt(fake, thread), 20)
        second.send_signal(signal.SIGTERM)
        await asyncio.wait_for(second.wait(), STOP_BOUND)
    assert second.returncode == 0
    async with await Store.open(database) as store:
        after = await store.game(scheduled.id)
    assert after.status == "live" and len(after.game_dict()["log"]) > len(saved.game_dict()["log"])
