"""Cards in spreadsheets: CSV import into a set, and export back out.

One row a card. Columns are the card file's keys; nested tables are flattened
with dots (``vs_lhp.k``, ``split_checks.vs_left``; a Deep Drive card's
``chances.SI+`` and ``deep_drive.HR``); matrix cells are columns
``r1c1`` to ``r6c6`` (row = white die, column = red die); lists (positions,
the ** line, a Deep Drive card's OUTS) are written in one cell separated by ``;``.
An empty cell leaves an optional field unset; an empty matrix cell is a blank. A CSV is read as
UTF-8, with or without a byte-order mark, else as Windows-1252 (Excel's plain "CSV" on Windows).
A Deep Drive set's CSV has the same shape, read with the Deep Drive models.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from cards import families
from cards.families import card_types
from cards.loader import (
    CARD_TYPES,
    SET_FILE,
    CardSetError,
    Problem,
    dump_card,
    kind_of,
    read_toml,
    set_ruleset,
    validate_card,
    write_cards,
)
from cards.models import Card
from cards.toml_format import format_cards

# What import_csv does when the card file is already there.
Existing = Literal["refuse", "append", "replace"]

_CELL = re.compile(r"^r([1-6])c([1-6])$")
_LISTS = {"positions", "outs"}
_FLAGS = {"handmade", "own_batting_card", "depth_arm"}


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


class CardFileExists(CardSetError):
    """The card file import_csv was to write is already there, and neither append nor replace was asked."""


def _ids_in(path: Path) -> dict[str, str]:
    """The card ids a card file holds, each with its card's label (a file that does not parse holds none)."""
    data, _ = read_toml(path, str(path))
    if data is None:
        return {}
    ids: dict[str, str] = {}
    for kind, tables in data.items():
        for table in tables if kind in CARD_TYPES and isinstance(tables, list) else []:
            if isinstance(table, dict) and isinstance(table.get("id"), str):
                ids[table["id"]] = f"{kind} {table.get('name', table['id'])}"
    return ids


def _read_rows(path: Path) -> list[dict[str, str]]:
    """The CSV's rows: UTF-8 with or without a byte-order mark, else Windows-1252 (what Excel saves as
    "CSV" on Windows); anything else is refused in one line saying what to save it as."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CardSetError([Problem(str(path), f"cannot read: {exc.strerror}")]) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = raw.decode("cp1252")
        except UnicodeDecodeError as exc:
            line = raw.count(b"\n", 0, exc.start) + 1
            message = (
                f"neither UTF-8 nor Windows-1252 text (byte 0x{raw[exc.start]:02x} on line {line}); "
                "save it as CSV UTF-8"
            )
            raise CardSetError([Problem(str(path), message)]) from None
    try:
        return list(csv.DictReader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise CardSetError([Problem(str(path), f"not a CSV file: {exc}")]) from None


def _taken_ids(target: Path, existing: Existing) -> dict[str, tuple[Path, str]]:
    """Ids the imported cards must not reuse: the target's own when appending, and those of the
    other card files of its set (ids are unique within a set) when it is inside one."""
    files = [target] if existing == "append" and target.exists() else []
    root = _set_root(target)
    if root is not None:
        files += [p for p in sorted(root.rglob("*.toml")) if p.name != SET_FILE and p.resolve() != target.resolve()]
    return {card_id: (path, label) for path in files for card_id, label in _ids_in(path).items()}


def _set_root(target: Path) -> Path | None:
    """The set folder (holding set.toml) a card file is inside, if any."""
    return next((p for p in target.resolve().parents if (p / SET_FILE).is_file()), None)


def import_csv(
    source: str | Path, kind: str, target: str | Path, existing: Existing = "refuse", ruleset: str | None = None
) -> list[Card]:
    """Validate every row of a CSV file of one card kind and write them as a card file.

    The rows are read with the models of ``ruleset`` ("inside-pitch" or "deep-drive"); None
    takes the ruleset of the set the target is inside, else Inside Pitch.

    Nothing is written unless every row is valid and no card id is already used by the
    target file or (inside a set) another card file of the set; CardSetError lists each
    problem with the CSV file, the row and the cell. An existing target is never
    replaced silently: ``existing`` says whether to refuse (CardFileExists), append the
    new cards after the file's own (its text is kept as it is) or replace it.
    """
    out = Path(target)
    if existing == "refuse" and out.exists():
        raise CardFileExists([Problem(str(out), "already exists")])
    if kind not in CARD_TYPES:
        raise CardSetError([Problem(str(source), f"unknown card kind {kind!r}; use batter, pitcher or ballpark")])
    path = Path(source)
    rows = _read_rows(path)
    if ruleset is None:
        root = _set_root(out)
        ruleset = set_ruleset(root) if root is not None else families.DEFAULT
    models = card_types(ruleset)
    cards: list[Card] = []
    rows_of: list[int] = []
    problems: list[Problem] = []
    for number, row in enumerate(rows, start=2):  # row 1 is the header
        card, found = validate_card(unflatten(row), kind, f"{path} row {number}", number - 2, models)
        problems += found
        if card is not None:
            cards.append(card)
            rows_of.append(number)
    ids = [c.id for c in cards]
    problems += [
        Problem(str(path), f"card id {i!r} appears twice") for i in sorted({i for i in ids if ids.count(i) > 1})
    ]
    if not rows:
        problems.append(Problem(str(path), "no card rows"))
    taken = _taken_ids(out, existing) if not problems else {}
    problems += [
        Problem(
            f"{path} row {number}",
            f"card id already in {taken[card.id][0]} ({taken[card.id][1]})",
            f"{kind} {card.name} ({card.id})",
        )
        for number, card in zip(rows_of, cards, strict=True)
        if card.id in taken
    ]
    if problems:
        raise CardSetError(problems)
    if existing == "append" and out.exists():
        _append_cards(out, cards)
    else:
        write_cards(out, cards)
    return cards


def _append_cards(target: Path, cards: list[Card]) -> None:
    """Add cards at the end of a card file, leaving its own text (comments, layout) untouched.

    TOML lets ``[[batter]]`` tables follow any others, so the new tables go after the old;
    the whole is parsed before it is written, so a file that would not load is never written.
    """
    _, unreadable = read_toml(target, str(target))
    if unreadable:
        raise CardSetError([Problem(str(target), f"{unreadable[0].message}, so nothing was added to it")])
    old = target.read_text(encoding="utf-8")
    grouped: dict[str, list[dict[str, Any]]] = {}
    for card in cards:
        grouped.setdefault(kind_of(card), []).append(dump_card(card))
    new = old.rstrip("\n") + "\n\n" + format_cards(grouped) if old.strip() else format_cards(grouped)
    try:
        tomllib.loads(new)
    except tomllib.TOMLDecodeError as exc:
        raise CardSetError([Problem(str(target), f"not valid TOML, so nothing was added to it: {exc}")]) from None
    target.write_text(new, encoding="utf-8")


def export_csv(cards: Sequence[Card], target: str | Path) -> None:
    """Write cards of one kind as CSV rows (the inverse of import_csv)."""
    rows = [flatten(dump_card(card)) for card in cards]
    columns: list[str] = []
    for row in rows:
        columns += [c for c in row if c not in columns]
    with Path(target).open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
