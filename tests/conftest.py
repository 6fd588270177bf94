"""Shared by the whole suite: the slow tier starts first, its longest tests (``slow(first=True)``, a
season's replays) before the rest, so that on several processes (pytest -n) they run beside the many
short tests instead of after them."""

from __future__ import annotations

import pytest

# A real PostgreSQL server for the tests that ask for it: the fixtures pg_server and pg_url.
pytest_plugins = ["tests.pgserver"]


def _order(item: pytest.Item) -> int:
    slow = item.get_closest_marker("slow")
    return 2 if slow is None else 0 if slow.kwargs.get("first") else 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_order)  # stable: otherwise in collection order
