"""A small TOML writer for card files, laid out like the printed card.

tomli-w would write a 6x6 matrix on one line; people edit these files by
hand, so matrices get one row a line with aligned cells, and small tables
(ratings, ranges) stay inline.
"""

from __future__ import annotations

import json
import re
from typing import Any

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        inner = ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, list):
        if value and all(isinstance(row, list) for row in value):
            return _grid(value)
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to a card file")


def _grid(rows: list[list[Any]]) -> str:
    cells = [[_value(c) for c in row] for row in rows]
    width = max((len(c) for row in cells for c in row), default=0)
    lines = ["  [" + " ".join((c + ",").ljust(width + 1) for c in row[:-1]) + " " + row[-1] + "]," for row in cells]
    return "[\n" + "\n".join(lines) + "\n]"


def format_cards(groups: dict[str, list[dict[str, Any]]], header: dict[str, Any] | None = None) -> str:
    """Render top-level keys, then each ``[[kind]]`` array of card tables."""
    out: list[str] = []
    for key, value in (header or {}).items():
        out.append(f"{_key(key)} = {_value(value)}")
    for kind, tables in groups.items():
        for table in tables:
            if out:
                out.append("")
            out.append(f"[[{kind}]]")
            out.extend(f"{_key(k)} = {_value(v)}" for k, v in table.items())
    return "\n".join(out) + "\n"
