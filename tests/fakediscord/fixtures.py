"""Pytest fixtures for end-to-end tests against the fake Discord.

Use them from a conftest.py (so that test modules need no imports of fixture names):

    from tests.fakediscord.fixtures import fake_discord, no_error_logs  # noqa: F401

- `no_error_logs` fails the test at teardown if anything logged at ERROR or above on the
  `discord` or `bot` loggers: discord.py logs exceptions raised in commands, views and
  event handlers instead of raising them.
- `fake_discord` is a started `FakeDiscord` with discord.py pointed at it; at teardown it
  fails if any request hit a route the fake does not know, or if the fake itself failed.
  It uses `no_error_logs`.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator

import pytest

from tests.fakediscord.server import WATCHED_LOGGERS, FakeDiscord, format_log_records

__all__ = ["fake_discord", "no_error_logs"]


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def no_error_logs() -> Iterator[list[logging.LogRecord]]:
    """The ERROR records logged during the test (the test fails at teardown if there are any)."""
    collector = _Collector()
    loggers = [logging.getLogger(name) for name in WATCHED_LOGGERS]
    for logger in loggers:
        logger.addHandler(collector)
    try:
        yield collector.records
    finally:
        for logger in loggers:
            logger.removeHandler(collector)
    if collector.records:
        pytest.fail("ERROR records were logged:\n" + format_log_records(collector.records), pytrace=False)


@pytest.fixture
async def fake_discord(no_error_logs: list[logging.LogRecord]) -> AsyncIterator[FakeDiscord]:
    """A running fake Discord, with discord.py's REST base and Gateway pointed at it."""
    async with FakeDiscord() as fake:
        with fake.point_client_here():
            yield fake
    problems = []
    if fake.unknown_routes:
        problems.append(f"requests to routes the fake Discord does not know: {fake.unknown_routes}")
    if fake.errors:
        problems.append("the fake Discord failed:\n" + "\n".join(fake.errors))
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
