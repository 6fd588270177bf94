"""Add ``person = "..."`` to a generated set's player cards, derived from their ids, without regenerating it.

    python -m seasons.persons cards/sets/1970 [more set folders]

The generators (seasons.inside_pitch.generate, seasons.deep_drive.generate) now write each player
card's ``person`` (seasons.common.person: the Lahman playerID as card ids write it). Sets generated
before that have ids that say it: ``{playerID}-{year}``, ``{playerID}-batting-{year}`` (a pitcher's own
batting card), ``{playerID}-pitching-{year}`` (a batter's pitcher card) and a team's depth cards
``{team}-depth-arms-{year}``. This adds the line after each ``[[batter]]``/``[[pitcher]]`` table's
``year`` line, leaving the rest of the file's text as it is; a table that states a person, or whose id
says none (the generic pitchers' batting card), is left alone. Running it twice changes nothing.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path

PLAYER_ID = re.compile(r"^(?P<person>[a-z0-9]+(-depth-(arms|bats))?)(-batting|-pitching)?-(?P<year>\d{4})$")
TABLE = re.compile(r"^\[\[(?P<kind>\w+)\]\]\s*$")
KEY = re.compile(r'^(?P<key>\w+)\s*=\s*"?(?P<value>[^"]*)"?\s*$')


def person_of(card_id: str) -> str | None:
    """The person a generated card's id names; None for an id of no player."""
    found = PLAYER_ID.match(card_id)
    return found["person"] if found else None


def add_persons(text: str) -> str:
    """The card file's text with ``person`` added to the player tables that lack it."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    kind, card_id, year_at, has_person = "", "", -1, False

    def finish() -> None:
        person = person_of(card_id) if kind in ("batter", "pitcher") and not has_person else None
        if person is not None and year_at >= 0:
            out.insert(year_at + 1, f'person = "{person}"\n')

    for line in lines:
        table = TABLE.match(line)
        if table:
            finish()
            kind, card_id, year_at, has_person = table["kind"], "", -1, False
        elif (pair := KEY.match(line)) is not None:
            if pair["key"] == "id":
                card_id = pair["value"]
            elif pair["key"] == "year":
                year_at = len(out)
            elif pair["key"] == "person":
                has_person = True
        out.append(line)
    finish()
    return "".join(out)


def main(argv: Sequence[str]) -> int:
    if not argv:
        print("usage: python -m seasons.persons SET_FOLDER [SET_FOLDER ...]", file=sys.stderr)
        return 2
    for folder in map(Path, argv):
        changed = 0
        for path in sorted(folder.glob("*.toml")):
            text = path.read_text(encoding="utf-8")
            new = add_persons(text)
            if new != text:
                path.write_text(new, encoding="utf-8")
                changed += 1
        print(f"{folder}: {changed} file(s) changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
