"""``dugout export``: a season's stats written as CSV files into a folder (league.export; docs/export.md).

The folder may exist and hold other files: they are left alone. A file the export would write that is
already there is refused before anything is written (name another folder, or remove the old export),
so an export never overwrites anything.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TextIO

from bot.terminal.files import add_file_arguments, database_path
from bot.terminal.league import pick_league
from league import db
from league.errors import LeagueError, SettingsError
from league.export import csv_bytes, season_export
from league.store import Store


async def export(path: Path | str, league_name: str | None, season: int | None, out_dir: Path, out: TextIO) -> int:

    if db.missing(path):
        raise SettingsError(f"no league file at {path} (dugout run or /league-create makes a league)")
    async with await Store.open(path) as store:
        league = await pick_league(store, league_name)
        made = await season_export(store, league.id, season)
    if out_dir.exists() and not out_dir.is_dir():
        raise SettingsError(f"--out {out_dir} is a file, not a folder")
    files = [(out_dir / made.file_name(table), csv_bytes(table)) for table in made.tables]
    there = [f.name for f, _ in files if f.exists()]
    if there:
        raise SettingsError(
            f"{out_dir} already has {', '.join(there)}: name another folder with --out, or remove the old export"
        )
    out_dir.mkdir(parents=True, exist_ok=True)
    for file, data in files:
        file.write_bytes(data)
    rows = sum(len(t.rows) for t in made.tables)
    print(f"Season {made.season} of {made.league}: {len(files)} files, {rows} rows, in {out_dir}", file=out)
    for (file, _), table in zip(files, made.tables, strict=True):
        print(f"  {file.name}  {len(table.rows)} rows", file=out)
    return 0


def _run(args: argparse.Namespace) -> int:

    try:
        return asyncio.run(export(database_path(args), args.league, args.season, Path(args.out), sys.stdout))
    except LeagueError as exc:
        print(f"dugout export: {exc}", file=sys.stderr)
        return 1


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:

    parser = sub.add_parser(
        "export",
        help="write a season's stats as CSV files a spreadsheet reads (docs/export.md)",
        description="Write a season's batting, pitching and fielding lines, standings, schedule with results "
        "and every game's box score as CSV files into --out (made if need be). Files already there are left "
        "alone; an export that would overwrite one is refused.",
    )
    parser.add_argument("--season", type=int, help="the season (default: the league's current one)")
    parser.add_argument("--out", required=True, help="the folder to write the files into")
    add_file_arguments(parser)
    parser.set_defaults(func=_run)
