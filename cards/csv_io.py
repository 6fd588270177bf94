"""Cards in spreadsheets: CSV import into a set, and export back out.

One row a card. Columns are the card file's keys; nested tables are flattened
with dots (``vs_lhp.k``, ``split_checks.vs_left``); matrix cells are columns
``r1c1`` to ``r6c6`` (row = white die, column = red die); lists (positions,
the ** line) are written in one cell separated by ``;``. An empty cell leaves
an optional field unset; an empty matrix cell is a blank.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any

from cards.loader import CARD_TYPES, CardSetError, Problem, dump_card, validate_card, write_cards
from cards.models import AnyCard

_CELL = re.compile(r"^r([1-6])c([1-6])$")
_LISTS = {"positions", "outs"}
_FLAGS = {"handmade", "own_batting_card"}


def flatten(table: dict[str, Any]) -> dict[str, str]:
    row: dict[str, str] = {}
    for key, value in table.items():
        if key == "matrix":
            for r, cells in enumerate(value, start=1):
                for c, cell in enumerate(cells, start=1):
                    row[f"r{r}c{c}"] = str(cell)
        elif isinstance(value, dict):
            for sub, inner in flatten(value).items():
                row[f"{key}.{sub}"] = inner
        elif isinstance(value, list):
            row[key] = "; ".join(str(v) for v in value)
        elif isinstance(value, bool):
            row[key] = "true" if value else "false"
        else:
            row[key] = str(value)
    return row


def unflatten(row: dict[str, str]) -> dict[str, Any]:
    table: dict[str, Any] = {}
    matrix: list[list[str]] | None = None
    for column, raw in row.items():
        column = (column or "").strip()
        value = (raw or "").strip()
        if not column:
            continue
        if cell := _CELL.match(column):
            matrix = matrix or [[""] * 6 for _ in range(6)]
            matrix[int(cell.group(1)) - 1][int(cell.group(2)) - 1] = value
            continue
        if not value:
            continue
        target = table
        *parents, leaf = column.split(".")
        for parent in parents:
            target = target.setdefault(parent, {})
        if leaf in _LISTS:
            target[leaf] = [part.strip() for part in value.split(";") if part.strip()]
        elif leaf in _FLAGS and value.lower() in ("true", "false"):
            target[leaf] = value.lower() == "true"
        else:
            target[leaf] = value
    if matrix is not None:
        table["matrix"] = matrix
    return table


def import_csv(source: str | Path, kind: str, target: str | Path) -> list[AnyCard]:
    """Validate every row of a CSV file of one card kind and write them as a card file.

    Nothing is written unless every row is valid; CardSetError lists each problem
    with the CSV file, the row and the cell.
    """
    if kind not in CARD_TYPES:
        raise CardSetError([Problem(str(source), f"unknown card kind {kind!r}; use batter, pitcher or ballpark")])
    path = Path(source)
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            rows = list(csv.DictReader(handle))
    except OSError as exc:
        raise CardSetError([Problem(str(path), f"cannot read: {exc.strerror}")]) from None
    cards: list[AnyCard] = []
    problems: list[Problem] = []
    for number, row in enumerate(rows, start=2):  # row 1 is the header
        card, found = validate_card(unflatten(row), kind, f"{path} row {number}", number - 2)
        problems += found
        if card is not None:
            cards.append(card)  # type: ignore[arg-type]
    ids = [c.id for c in cards]
    problems += [
        Problem(str(path), f"card id {i!r} appears twice") for i in sorted({i for i in ids if ids.count(i) > 1})
    ]
    if not rows:
        problems.append(Problem(str(path), "no card rows"))
    if problems:
        raise CardSetError(problems)
    write_cards(Path(target), cards)
    return cards


def export_csv(cards: list[AnyCard], target: str | Path) -> None:
    """Write cards of one kind as CSV rows (the inverse of import_csv)."""
    rows = [flatten(dump_card(card)) for card in cards]
    columns: list[str] = []
    for row in rows:
        columns += [c for c in row if c not in columns]
    with Path(target).open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
