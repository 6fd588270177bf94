"""Shared by the whole suite: the slow tier starts first, so that on several cores (pytest -n) its long
tests run beside the many short ones instead of after them."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable: otherwise in order
