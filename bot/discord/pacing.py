"""Every Discord call a live game makes goes through here: paced to Discord's limits, retried when it fails.

Discord allows about 5 messages per 5 seconds in a channel and 50 requests a second
for a bot. discord.py waits out a 429 it is told about and retries a few 5xx, but a
503 after its retries, a timeout or a dropped connection reaches the caller: a live
game must not stop for those, so ``Pacer.call`` waits its turn (the thread's own
window, then the bot's shared budget) and tries again with a growing pause.
Answers to a user's click are not paced: Discord does not count them against the bot.

The bot's budget is its own in one process (a token bucket). Sharded processes share it through
the league database (:class:`SharedBudget`, league.store.budget): each takes a few requests at a
time from the current fifth of a second's budget, and waits for the next fifth once it is spent.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import aiohttp
import discord

from league.errors import LeagueError
from league.store import Store

log = logging.getLogger("bot.pacing")

T = TypeVar("T")

CHANNEL_CALLS, CHANNEL_WINDOW = 5, 5.0  # per thread: Discord's message limit per channel
GLOBAL_RATE = 40.0  # the bot's calls per second, all games together (Discord allows 50)
# The shared budget: slots of a fifth of a second with 7 requests each (35 a second); a second seen
# from anywhere spans at most six slots, 42 requests, leaving Discord's 50 room for the calls that
# are not paced (a thread's history, a channel fetched) and for calls that arrive late (whole-second
# slots would let twice the budget through across a slot's edge). A process takes BATCH at a time:
# one database write per BATCH calls. (40 games on two processes peaked at 49 with 8 a slot.)
SLOTS_PER_SECOND, PER_SLOT, BATCH = 5, 7, 4
ALONE_FOR = 10.0  # seconds a process paces on its own bucket after the shared budget failed
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)  # seconds between tries; after the last, the caller's supervisor
UNKNOWN_MESSAGE, UNKNOWN_CHANNEL, ARCHIVED = 10008, 10003, 50083


def transient(error: BaseException) -> bool:
    """A failure worth trying again: Discord's 5xx and 429, timeouts, dropped connections."""
    if isinstance(error, discord.DiscordServerError | discord.RateLimited):
        return True
    if isinstance(error, discord.HTTPException):
        return error.status == 429 or error.status >= 500
    return isinstance(error, TimeoutError | aiohttp.ClientError | OSError)


def gone(error: BaseException) -> bool:
    """The message or thread was deleted: post it again rather than edit it."""
    return isinstance(error, discord.NotFound) and error.code in (UNKNOWN_MESSAGE, UNKNOWN_CHANNEL)


def archived(error: BaseException) -> bool:
    return isinstance(error, discord.HTTPException) and error.code == ARCHIVED


class SharedBudget:
    """The bot's budget taken from the league database, shared with the bot's other processes.

    ``bot`` says whose budget (the application id, known once logged in). A database that fails
    does not stop a game: the call goes on under the process's own bucket (the caller's fallback)."""

    def __init__(self, store: Store, bot: Callable[[], int | None], clock: Callable[[], float] = time.time) -> None:
        self.store, self.bot, self.clock = store, bot, clock
        self.slot, self.left = -1, 0  # the slot of the requests in hand, and how many are left
        self.alone_until = 0.0  # after the database failed: pace alone until then, then ask it again

    async def take(self) -> bool:
        """Wait for one request of the shared budget; False: none to be had from the database (use your own)."""
        bot = self.bot()
        if bot is None or self.clock() < self.alone_until:
            return False
        while True:
            now = self.clock() * SLOTS_PER_SECOND
            slot = int(now)
            if slot == self.slot and self.left > 0:
                self.left -= 1
                return True
            try:
                granted = await self.store.grant_requests(bot, slot, BATCH, PER_SLOT)
            except LeagueError as exc:
                log.warning("the shared request budget is out of reach (%s): this process paces alone a while", exc)
                self.alone_until = self.clock() + ALONE_FOR
                return False
            if granted:
                self.slot, self.left = slot, granted - 1
                return True
            await asyncio.sleep((slot + 1 - now) / SLOTS_PER_SECOND)  # this slot is spent: the next one


class Pacer:
    """The per-thread windows and the bot's global token bucket, shared by every live game.

    The global bucket is fair by arrival: callers wait on one lock in turn, so a busy
    game cannot starve the others; each thread's own window waits before that turn.
    With a ``shared`` budget (sharded processes) the turn takes its request from it instead.
    """

    def __init__(
        self,
        rate: float | None = None,
        window: float | None = None,
        burst: int = 10,
        shared: SharedBudget | None = None,
    ) -> None:
        self.shared = shared
        self.rate = rate or GLOBAL_RATE
        self.window = CHANNEL_WINDOW if window is None else window
        self.burst, self.clock = burst, time.monotonic
        self.tokens = float(burst)
        self.filled = self.clock()
        self.turn = asyncio.Lock()
        self.windows: dict[int, collections.deque[float]] = {}

    async def slot(self, channel_id: int) -> None:
        """Wait until the thread may post (at most CHANNEL_CALLS in any CHANNEL_WINDOW) and the bot may call."""
        window = self.windows.setdefault(channel_id, collections.deque(maxlen=CHANNEL_CALLS))
        if len(window) == CHANNEL_CALLS:
            wait = window[0] + self.window - self.clock()
            if wait > 0:
                await asyncio.sleep(wait)
        window.append(self.clock())  # claimed before the global wait: the thread's order is kept
        async with self.turn:
            if self.shared is not None and await self.shared.take():
                return
            now = self.clock()
            self.tokens = min(self.burst, self.tokens + (now - self.filled) * self.rate)
            self.filled = now
            if self.tokens < 1:
                await asyncio.sleep((1 - self.tokens) / self.rate)
                self.tokens, self.filled = 1.0, self.clock()
            self.tokens -= 1

    def forget(self, channel_id: int) -> None:
        self.windows.pop(channel_id, None)

    async def call(self, channel_id: int, make: Callable[[], Awaitable[T]], what: str = "call") -> T:
        """``make()`` in the thread's turn, tried again after a transient failure; other errors raise."""
        for attempt in range(len(BACKOFF) + 1):
            await self.slot(channel_id)
            try:
                return await make()
            except Exception as error:
                if not transient(error) or attempt == len(BACKOFF):
                    raise
                pause = BACKOFF[attempt]
                log.warning("%s in channel %d failed (%s); trying again in %.1fs", what, channel_id, error, pause)
                await asyncio.sleep(pause)
        raise AssertionError("unreachable")
