"""The bot's heartbeat, for Docker's HEALTHCHECK: ``python -m bot.discord.health`` tells a working bot from a stuck one.

Once logged in and ready, the bot touches the file DUGOUT_HEARTBEAT names every :data:`INTERVAL`
seconds while its gateway connection is alive (``latency`` finite). A bot stuck before login never
writes it, and one whose loop or connection hangs stops refreshing it: the check fails when the file
is missing or older than :data:`STALE` seconds (exit 1, one line saying which), else exits 0.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import sys
import time
from pathlib import Path
from typing import Protocol

HEARTBEAT = "DUGOUT_HEARTBEAT"
INTERVAL = 20.0
STALE = 3 * INTERVAL

log = logging.getLogger(__name__)


class Client(Protocol):
    @property
    def latency(self) -> float: ...

    def is_ready(self) -> bool: ...

    def is_closed(self) -> bool: ...


def heartbeat_path() -> Path | None:
    value = os.environ.get(HEARTBEAT, "").strip()
    return Path(value) if value else None


async def beat(client: Client, path: Path, interval: float = INTERVAL) -> None:
    """Touch ``path`` every ``interval`` seconds while the client is logged in and its connection alive.
    Its folder is made if missing; a file that cannot be written is logged (once until it can be again)
    and tried at the next beat, so the task never dies and the health check says what is wrong."""
    failed = False
    while not client.is_closed():
        if client.is_ready() and math.isfinite(client.latency):
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.touch()  # a new file, or a fresh mtime on the old one
                failed = False
            except OSError as exc:
                if not failed:
                    log.error("the heartbeat file %s cannot be written (%s): the health check will fail", path, exc)
                failed = True
        await asyncio.sleep(interval)


def problem(path: Path, now: float, stale: float = STALE) -> str | None:
    """Why the bot is not healthy, or None when its heartbeat is fresh."""
    try:
        age = now - path.stat().st_mtime
    except FileNotFoundError:
        return f"no heartbeat at {path}: the bot has not logged in to Discord (yet)"
    if age > stale:
        return f"the heartbeat at {path} is {age:.0f} s old (over {stale:.0f} s): the bot is stuck or disconnected"
    return None


def main() -> int:
    path = heartbeat_path()
    if path is None:
        print(f"{HEARTBEAT} is not set: the bot writes no heartbeat to check", file=sys.stderr)
        return 1
    found = problem(path, time.time())
    print(found or f"ok: heartbeat {time.time() - path.stat().st_mtime:.0f} s old", file=sys.stderr if found else None)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
