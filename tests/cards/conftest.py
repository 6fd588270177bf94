"""Shared card sets for the card tests.

``sample`` is the real bundled sample set (the books' cards plus the hand-made
teams). ``books`` is a set built in a temporary folder from a copy of the
books' card file alone, plus a stand-in batting card for Tom Seaver (marked ##),
so the books' cards can be tested whatever state the hand-made files are in.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cards import SAMPLE_SET
from cards.loader import CardSet, load_set

# A stand-in for Seaver's own batting card: the books print only his pitching card.
SEAVER_BATTING = """\
[[batter]]
id = "tom-seaver-1970-batting"
name = "Tom Seaver"
team = "New York (N)"
year = 1970
handmade = true
bats = "R"
injury = 0
positions = ["P - 4 (3)"]
matrix = [
  ["K",  "K",  "G4", "**1", "F8", "K"],
  ["K",  "G6", "K",  "**2", "K",  "P2"],
  ["S6", "K",  "G5", "K",   "K",  "**3"],
  ["K",  "F7", "K",  "?8",  "G3", "K"],
  ["K",  "K",  "W",  "K",   "K",  "F9"],
  ["G1", "K",  "K",  "L6",  "K",  "K"],
]
hits_vs_lhp = "S=1-3; D=4"
hits_vs_rhp = "S=1-3; D=4"
vs_lhp = { k = 15, w = 2, hr = 1 }
vs_rhp = { k = 15, w = 2, hr = 1 }
br = 1
bnt = 4
att = "N"
sb = 0
gdp = 3
sf = 1
hbp = 0
"""


def make_books_set(folder: Path) -> Path:
    """A set folder holding a copy of books.toml and the stand-in Seaver batting card."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(SAMPLE_SET / "set.toml", folder / "set.toml")
    shutil.copy(SAMPLE_SET / "books.toml", folder / "books.toml")
    (folder / "seaver-batting.toml").write_text(SEAVER_BATTING, encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def sample() -> CardSet:
    """The real bundled sample set."""
    return load_set(SAMPLE_SET)


@pytest.fixture(scope="session")
def books(tmp_path_factory: pytest.TempPathFactory) -> CardSet:
    """The books' cards only (see the module docstring)."""
    return load_set(make_books_set(tmp_path_factory.mktemp("books")))
