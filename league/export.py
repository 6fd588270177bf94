"""The stats export: a season's stats as tables a spreadsheet reads (docs/export.md says each file and column).

A league service: it reads the store and makes rows; the front ends (``dugout export``, ``/stats export``)
write them, both through :func:`csv_bytes` so a file is the same byte for byte wherever it is made.
Seven tables: the season's batting, pitching and fielding lines (a line per player per team per phase, as
the season tables keep them, with the rates), the standings, the schedule with its results, and every
game's box score as two tables (all batting lines, all pitching lines) keyed by game id: one file to
filter or pivot rather than thousands of small ones.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.stats import Batting, Pitching, innings_pitched
from league.errors import NotFound
from league.standings import OVERALL, StandingsRow
from league.store import Store

# The engine's count names as a spreadsheet's columns (the usual abbreviations).
BATTING_HEADS = {
    "pa": "PA",
    "ab": "AB",
    "r": "R",
    "h": "H",
    "doubles": "2B",
    "triples": "3B",
    "hr": "HR",
    "rbi": "RBI",
    "bb": "BB",
    "k": "SO",
    "hbp": "HBP",
    "sf": "SF",
    "sh": "SH",
    "ci": "CI",
    "gidp": "GIDP",
    "sb": "SB",
    "cs": "CS",
    "lob": "LOB",
}
PITCHING_HEADS = {
    "h": "H",
    "r": "R",
    "er": "ER",
    "bb": "BB",
    "k": "SO",
    "hr": "HR",
    "bf": "BF",
    "hbp": "HBP",
    "wp": "WP",
    "bk": "BK",
}
WHO = ("season", "phase", "player_id", "name", "team")


@dataclass(frozen=True)
class Table:
    """One CSV file: ``name`` is its stem (``batting`` is written as ``season-1-batting.csv``)."""

    name: str
    header: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]


@dataclass(frozen=True)
class SeasonExport:
    league: str
    season: int
    tables: tuple[Table, ...]

    def file_name(self, table: Table) -> str:
        return f"season-{self.season}-{table.name}.csv"


def rate(value: float, places: int = 3) -> str:
    """A rate as a plain decimal a spreadsheet reads as a number ("0.312"); empty when undefined (an ERA
    charged with no out recorded is infinite: no number)."""
    return "" if math.isinf(value) else f"{value:.{places}f}"


def csv_bytes(table: Table) -> bytes:
    """The table as RFC 4180 CSV (header row, CRLF line ends, quotes where needed) in UTF-8 with a byte order
    mark, so that Excel reads names like "José" right (other readers skip the mark)."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\r\n")
    writer.writerow(table.header)
    writer.writerows(table.rows)
    return text.getvalue().encode("utf-8-sig")


async def season_export(store: Store, league_id: int, season: int | None = None) -> SeasonExport:
    """The season's tables (default: the current season). NotFound, one line, for a season the league has not
    reached or one with no final game yet (nothing to export)."""
    league = await store.league(league_id)
    year = await exportable_season(store, league_id, season)
    games = await store.game_summaries(league_id, season=year)
    teams = {t.id: t for t in await store.teams(league_id)}
    key = {t.id: t.abbreviation for t in teams.values()}
    rows = await store.season_rows(league_id, year)
    tables = (
        _batting(year, rows["batting"]),
        _pitching(year, rows["pitching"]),
        _fielding(year, rows["fielding"]),
        await _standings(store, league_id, year, teams.values()),
        Table(
            "schedule",
            (
                "game_id",
                "season",
                "phase",
                "day",
                "played_day",
                "away",
                "home",
                "away_runs",
                "home_runs",
                "status",
                "forfeited_by",
            ),
            tuple(
                (
                    g.id,
                    g.season,
                    g.phase,
                    g.day,
                    _blank(g.played_day),
                    key[g.away_team_id],
                    key[g.home_team_id],
                    _blank(g.away_runs),
                    _blank(g.home_runs),
                    g.status,
                    ""
                    if g.forfeited_by is None
                    else key[g.away_team_id if g.forfeited_by == "away" else g.home_team_id],
                )
                for g in games
            ),
        ),
        *_box_tables(await store.season_boxes(league_id, year)),
    )
    return SeasonExport(league.name, year, tables)


async def exportable_season(store: Store, league_id: int, season: int | None = None) -> int:
    """The season asked for (default: the current one) if it has stats to export: NotFound, in one line, for
    a season the league has not reached or one with no final game yet. Quick: the front ends ask it first."""
    league = await store.league(league_id)
    year = league.season if season is None else season
    if not await store.game_summaries(league_id, season=year, status="final"):  # NotFound past its seasons
        raise NotFound(f"season {year} of {league.name} has no final game yet: there are no stats to export")
    return year


def _blank(value: object) -> object:
    return "" if value is None else value


def _batting_rates(line: Batting) -> tuple[Any, ...]:
    return (line.tb, rate(line.avg), rate(line.obp), rate(line.slg), rate(line.ops))


def _pitching_rates(line: Pitching) -> tuple[Any, ...]:
    return (rate(line.era, 2), rate(line.whip, 2), rate(line.k9, 2))


def _counts(row: Mapping[str, Any], names: Iterable[str]) -> tuple[int, ...]:
    return tuple(int(row[name]) for name in names)


def _batting(season: int, rows: Sequence[Mapping[str, Any]]) -> Table:
    header = (*WHO, "G", "GS", *BATTING_HEADS.values(), "TB", "AVG", "OBP", "SLG", "OPS")
    out = []
    for row in rows:
        line = Batting(**{name: row[name] for name in BATTING_HEADS})
        who = (season, row["phase"], row["card_id"], row["name"], row["team"])
        out.append((*who, row["games"], row["games_started"], *_counts(row, BATTING_HEADS), *_batting_rates(line)))
    return Table("batting", header, tuple(out))


PITCHING_MARKS = {"w": "W", "l": "L", "s": "SV", "hld": "HLD", "bs": "BS", "cg": "CG", "sho": "SHO"}


def _pitching(season: int, rows: Sequence[Mapping[str, Any]]) -> Table:
    header = (*WHO, "G", "GS", *PITCHING_MARKS.values(), "IP", "OUTS", *PITCHING_HEADS.values(), "ERA", "WHIP", "K9")
    out = []
    for row in rows:
        line = Pitching(outs=row["outs"], **{name: row[name] for name in PITCHING_HEADS})
        who = (season, row["phase"], row["card_id"], row["name"], row["team"])
        marks = _counts(row, PITCHING_MARKS)
        counts = _counts(row, PITCHING_HEADS)
        out.append(
            (*who, row["games"], row["games_started"], *marks, line.ip, line.outs, *counts, *_pitching_rates(line))
        )
    return Table("pitching", header, tuple(out))


def _fielding(season: int, rows: Sequence[Mapping[str, Any]]) -> Table:
    return Table(
        "fielding",
        (*WHO, "POS", "G", "E"),
        tuple(
            (season, r["phase"], r["card_id"], r["name"], r["team"], r["position"], r["games"], r["e"]) for r in rows
        ),
    )


async def _standings(store: Store, league_id: int, season: int, teams: Iterable[Any]) -> Table:
    """The regular season's overall table in order, each team with its league and division and its games
    behind in its division (overall when the league has none)."""
    tables = await store.standings(league_id, season)
    by_team = {t.abbreviation: t for t in teams}
    behind = {row.team: row.gb for name, table in tables.items() if name != OVERALL for row in table}
    header = (
        "season",
        "rank",
        "team",
        "team_name",
        "league",
        "division",
        "W",
        "L",
        "PCT",
        "GB",
        "HOME_W",
        "HOME_L",
        "AWAY_W",
        "AWAY_L",
        "RS",
        "RA",
        "DIFF",
        "STRK",
        "L10",
    )
    out = []
    for rank, row in enumerate(tables[OVERALL], start=1):
        team = by_team[row.team]
        out.append(_standings_row(season, rank, row, team.name, team.subleague, team.division, behind.get(row.team)))
    return Table("standings", header, tuple(out))


def _standings_row(
    season: int, rank: int, row: StandingsRow, name: str, subleague: str | None, division: str | None, gb: float | None
) -> tuple[Any, ...]:
    games_behind = row.gb if gb is None else gb
    return (
        season,
        rank,
        row.team,
        name,
        _blank(subleague),
        _blank(division),
        row.w,
        row.l,
        rate(row.pct),
        f"{games_behind:.1f}",
        row.home_w,
        row.home_l,
        row.away_w,
        row.away_l,
        row.runs_for,
        row.runs_against,
        row.run_differential,
        row.streak,
        row.last_ten,
    )


GAME = ("game_id", "phase", "day", "team", "opponent", "side")


def _box_tables(boxes: Sequence[tuple[int, str, int, str, str, dict[str, Any]]]) -> tuple[Table, Table]:
    batting: list[tuple[Any, ...]] = []
    pitching: list[tuple[Any, ...]] = []
    for game_id, phase, day, away, home, box in boxes:
        for side, team, other in (("away", away, home), ("home", home, away)):
            where = (game_id, phase, day, team, other, side)
            for line in box[side]["batting"]:
                who = (line.get("spot", 0), line["player"], line["name"], line.get("position", ""))
                batting.append((*where, *who, *_counts(line, BATTING_HEADS)))
            for order, line in enumerate(box[side]["pitching"], start=1):
                outs = int(line["outs"])
                who = (order, line["player"], line["name"], line.get("decision") or "")
                pitching.append((*where, *who, innings_pitched(outs), outs, *_counts(line, PITCHING_HEADS)))
    return (
        Table("box_batting", (*GAME, "spot", "player_id", "name", "POS", *BATTING_HEADS.values()), tuple(batting)),
        Table(
            "box_pitching",
            (*GAME, "order", "player_id", "name", "decision", "IP", "OUTS", *PITCHING_HEADS.values()),
            tuple(pitching),
        ),
    )
