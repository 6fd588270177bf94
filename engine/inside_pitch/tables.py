"""The rule charts, kept as data in ``tables/<name>.toml`` and read once."""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import Any


@functools.cache
def load_table(name: str) -> dict[str, Any]:
    """The chart ``tables/<name>.toml`` as a dict (cached: charts never change during play)."""
    text = resources.files("engine.inside_pitch").joinpath("tables", f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)
