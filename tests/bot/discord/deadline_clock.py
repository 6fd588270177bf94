"""A bot process's clock for a deadline a test sets off (test_two_processes_postgres.py): not a test module.

The league cog's clock reads an hour before the deadline (``HOUR``:00 UTC) until the test creates the file
it names, then the deadline's moment onward, in real seconds; the cog checks for deadlines every
``CHECK_SECONDS``. Every process given the file crosses the same deadline once, when the test says, and a
process started after the file exists starts past it, as a bot restarted after a deadline does.
"""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

HOUR = 12  # the leagues' deadline_hour_utc
CHECK_SECONDS = 0.2
BEFORE = datetime(2026, 1, 1, HOUR - 1, 0, tzinfo=UTC)
AT = datetime(2026, 1, 1, HOUR, 0, tzinfo=UTC)


def install(trigger: str) -> None:
    """Point the league cog's clock at the trigger file and have it check for deadlines often: as the bot adds
    the cog, since discord.py loads a cog's module afresh (a module imported here would not be the bot's)."""
    from discord.ext import commands

    started = time.time()

    class Clock(datetime):
        @classmethod
        def now(cls, tz: tzinfo | None = None) -> Clock:  # type: ignore[override]
            try:
                since, base = os.stat(trigger).st_mtime, AT
            except FileNotFoundError:
                since, base = started, BEFORE
            moment = base + timedelta(seconds=max(0.0, time.time() - since))
            return cls.fromtimestamp(moment.timestamp(), tz)

    add_cog = commands.Bot.add_cog

    async def add_with_clock(bot: commands.Bot, cog: commands.Cog, **options: Any) -> None:
        if type(cog).__name__ == "LeagueCog":
            module = type(cog).__init__.__globals__  # the cog module's own namespace
            module["datetime"], module["DEADLINE_CHECK_SECONDS"] = Clock, CHECK_SECONDS
            cog._deadlines_since = Clock.now(UTC)  # type: ignore[attr-defined]
        await add_cog(bot, cog, **options)

    commands.Bot.add_cog = add_with_clock  # type: ignore[method-assign]
