"""Season tables: every final game's box score added to per-player season rows as the game is stored.

The rows hold the counts :func:`league.stats.season_stats` adds up from box scores, one row
per player per team per season per phase (and per position for fielding), so that
standings, season stats, leaders and the team and player pages never read a game's JSON.
:func:`add_box` is what ``Store.finish_game`` calls inside its transaction; :func:`rebuild`
fills the tables for the games already final when the database is upgraded;
:func:`season_stats_from_rows` turns the rows back into :class:`league.stats.SeasonStats`,
equal to what ``league.stats.season_stats`` makes of the same box scores.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import aiosqlite

from engine.stats import BATTING_COUNTS, FIELDING_COUNTS, PITCHING_COUNTS
from league.compact import pack, unpack
from league.stats import (
    DECISIONS,
    BattingStats,
    FieldingStats,
    PitchingStats,
    SeasonStats,
    complete_game,
    finished,
)

# --- SQL (parameters are ? placeholders)

# (innings, game_id)
UPDATE_GAME_INNINGS = "UPDATE game SET innings = ? WHERE id = ?"
SELECT_FINALS_TO_REBUILD = """
SELECT id, league_id, season, phase, day, played_day, away_team_id, home_team_id, forfeited_by,
    line_score, log, box_score, box_z
FROM game WHERE status = 'final' ORDER BY league_id, season, coalesce(played_day, day), id
"""
_SEASON_KEY = "league_id, season, phase, team_id, card_id"
_UPSERT_LAST = "last_day = excluded.last_day, last_game = excluded.last_game, name = excluded.name"
_BATTING = "games, pa, ab, r, h, doubles, triples, hr, rbi, bb, k, hbp, sf, sh, ci, gidp, sb, cs, lob"
_PITCHING = "games, games_started, w, l, s, hld, bs, outs, h, r, er, bb, k, hr, bf, hbp, wp, bk"


def _adding(table: str, columns: str) -> str:
    """SET clauses adding a conflicting row's counts (the table named: PostgreSQL asks which ``games``)."""
    return ", ".join(f"{c} = {table}.{c} + excluded.{c}" for c in columns.split(", "))


def _marks(count: int) -> str:
    return ", ".join("?" * count)


# (league_id, season, phase, team_id, card_id, name, last_day, last_game, games … lob)
UPSERT_SEASON_BATTING_0006 = f"""
INSERT INTO season_batting ({_SEASON_KEY}, name, last_day, last_game, {_BATTING})
VALUES ({_marks(8 + len(_BATTING.split(", ")))})
ON CONFLICT (league_id, season, phase, card_id, team_id) DO UPDATE SET
    {_UPSERT_LAST}, {_adding("season_batting", _BATTING)}
"""
# The same from 0009 on, with games_started last.
_BATTING_STARTED = f"{_BATTING}, games_started"
UPSERT_SEASON_BATTING = f"""
INSERT INTO season_batting ({_SEASON_KEY}, name, last_day, last_game, {_BATTING_STARTED})
VALUES ({_marks(8 + len(_BATTING_STARTED.split(", ")))})
ON CONFLICT (league_id, season, phase, card_id, team_id) DO UPDATE SET
    {_UPSERT_LAST}, {_adding("season_batting", _BATTING_STARTED)}
"""
# (league_id, season, phase, team_id, card_id, name, last_day, last_game, games, games_started, w … bk)
UPSERT_SEASON_PITCHING_0006 = f"""
INSERT INTO season_pitching ({_SEASON_KEY}, name, last_day, last_game, {_PITCHING})
VALUES ({_marks(8 + len(_PITCHING.split(", ")))})
ON CONFLICT (league_id, season, phase, card_id, team_id) DO UPDATE SET
    {_UPSERT_LAST}, {_adding("season_pitching", _PITCHING)}
"""
# The same from 0013_complete_games on, with cg and sho last.
_PITCHING_COMPLETE = f"{_PITCHING}, cg, sho"
UPSERT_SEASON_PITCHING = f"""
INSERT INTO season_pitching ({_SEASON_KEY}, name, last_day, last_game, {_PITCHING_COMPLETE})
VALUES ({_marks(8 + len(_PITCHING_COMPLETE.split(", ")))})
ON CONFLICT (league_id, season, phase, card_id, team_id) DO UPDATE SET
    {_UPSERT_LAST}, {_adding("season_pitching", _PITCHING_COMPLETE)}
"""
# (league_id, season, phase, team_id, card_id, position, name, last_day, last_game, games, e)
UPSERT_SEASON_FIELDING = f"""
INSERT INTO season_fielding ({_SEASON_KEY}, position, name, last_day, last_game, games, e)
VALUES ({_marks(11)})
ON CONFLICT (league_id, season, phase, card_id, team_id, position) DO UPDATE SET
    {_UPSERT_LAST}, {_adding("season_fielding", "games, e")}
"""
# (log_z, box_z, game_id): a final game stored before 0006, compressed
PACK_FINAL_GAME = "UPDATE game SET log_z = ?, box_z = ?, log = '[]', box_score = '{}' WHERE id = ?"

L = TypeVar("L", BattingStats, PitchingStats, FieldingStats)  # a player's season line of one table

PITCHING_MARKS = tuple(dict.fromkeys(DECISIONS.values()))  # w, l, s, hld, bs


@dataclass
class GameRows:
    """One game's additions: {(team_id, card_id): (name, counts)}, fielding by (team_id, card_id, position)."""

    batting: dict[tuple[int, str], tuple[str, dict[str, int]]] = field(default_factory=dict)
    pitching: dict[tuple[int, str], tuple[str, dict[str, int]]] = field(default_factory=dict)
    fielding: dict[tuple[int, str, str], tuple[str, dict[str, int]]] = field(default_factory=dict)


def _count(line: Mapping[str, Any], name: str) -> int:
    value = line[name]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be a count, got {value!r}")
    return value


def game_rows(box: Mapping[str, Any], team_ids: Mapping[str, int]) -> GameRows:
    """What one box score adds, team by team, the way ``league.stats`` counts it."""
    rows = GameRows()
    done = finished(box)
    for side in ("away", "home"):
        team_id, team_box = team_ids[side], box[side]
        started: set[int] = set()  # spots whose starter is counted: the first line of each spot started
        for line in team_box["batting"]:
            player = str(line["player"])
            _, counts = rows.batting.setdefault((team_id, player), (str(line["name"]), {"games": 1}))
            spot = line.get("spot", 0)
            if isinstance(spot, int) and spot > 0 and spot not in started:
                started.add(spot)
                counts["games_started"] = counts.get("games_started", 0) + 1
            for stat in BATTING_COUNTS:
                counts[stat] = counts.get(stat, 0) + _count(line, stat)
        for order, line in enumerate(team_box["pitching"]):
            player = str(line["player"])
            key = (team_id, player)
            if key not in rows.pitching:
                rows.pitching[key] = (str(line["name"]), {"games": 1, "games_started": int(order == 0)})
            counts = rows.pitching[key][1]
            for stat in PITCHING_COUNTS:
                counts[stat] = counts.get(stat, 0) + _count(line, stat)
            for mark in str(line.get("decision") or "").split(","):
                decision = DECISIONS.get(mark.strip())
                if decision is not None:
                    counts[decision] = counts.get(decision, 0) + 1
        for mark, count in complete_game(team_box["pitching"], done).items():
            counts = rows.pitching[(team_id, str(team_box["pitching"][0]["player"]))][1]
            counts[mark] = counts.get(mark, 0) + count
        fielded: set[str] = set()
        for line in team_box["fielding"]:
            player, position = str(line["player"]), str(line["position"])
            _, counts = rows.fielding.setdefault((team_id, player, position), (str(line["name"]), {}))
            if player not in fielded:
                counts["games"] = counts.get("games", 0) + 1
                fielded.add(player)
            for stat in FIELDING_COUNTS:
                counts[stat] = counts.get(stat, 0) + _count(line, stat)
    return rows


BATTING_COLUMNS = ("games", *BATTING_COUNTS, "games_started")
PITCHING_COLUMNS = ("games", "games_started", *PITCHING_MARKS, *PITCHING_COUNTS, "cg", "sho")
FIELDING_COLUMNS = ("games", *FIELDING_COUNTS)


class Readable(Protocol):
    """A row read by column name: the store's (league.db.Row) or a migration's (aiosqlite.Row)."""

    def __getitem__(self, key: str, /) -> Any: ...


class Writer(Protocol):
    """A connection add_box writes through: the store's (league.db.Connection) or a migration's (aiosqlite)."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Any: ...


async def add_box(
    conn: Writer,
    *,
    league_id: int,
    season: int,
    phase: str,
    day: int,
    game_id: int,
    team_ids: Mapping[str, int],
    box: Mapping[str, Any],
    starts: bool = True,
    complete: bool = True,
) -> None:
    """Add one final game's box score to the season tables (inside the caller's transaction).

    ``starts=False``: the tables as migration 0006 made them, before batters' games_started (0009);
    ``complete=False``: before the pitchers' complete games and shutouts (0013_complete_games).
    """
    rows = game_rows(box, team_ids)
    where = (league_id, season, phase)
    columns = BATTING_COLUMNS if starts else BATTING_COLUMNS[:-1]
    pitching = PITCHING_COLUMNS if complete else PITCHING_COLUMNS[:-2]
    await conn.executemany(
        UPSERT_SEASON_BATTING if starts else UPSERT_SEASON_BATTING_0006,
        [
            (*where, team_id, card_id, name, day, game_id, *(counts.get(c, 0) for c in columns))
            for (team_id, card_id), (name, counts) in rows.batting.items()
        ],
    )
    await conn.executemany(
        UPSERT_SEASON_PITCHING if complete else UPSERT_SEASON_PITCHING_0006,
        [
            (*where, team_id, card_id, name, day, game_id, *(counts.get(c, 0) for c in pitching))
            for (team_id, card_id), (name, counts) in rows.pitching.items()
        ],
    )
    await conn.executemany(
        UPSERT_SEASON_FIELDING,
        [
            (*where, team_id, card_id, position, name, day, game_id, *(counts.get(c, 0) for c in FIELDING_COLUMNS))
            for (team_id, card_id, position), (name, counts) in rows.fielding.items()
        ],
    )


def stored_box(row: Readable) -> dict[str, Any]:
    """A final game row's box score, compressed or not."""
    if row["box_z"] is not None:
        return dict(unpack(row["box_z"]))
    return dict(json.loads(row["box_score"] or "{}"))


async def rebuild_0006(conn: aiosqlite.Connection) -> None:
    """:func:`rebuild` as the upgrade to 0006 runs it: the batting table has no games_started yet."""
    await rebuild(conn, starts=False, complete=False)


async def rebuild_0009(conn: aiosqlite.Connection) -> None:
    """:func:`rebuild` as the upgrade to 0009 runs it: the pitching table has no cg and sho yet."""
    await rebuild(conn, complete=False)


async def rebuild(conn: aiosqlite.Connection, *, starts: bool = True, complete: bool = True) -> None:
    """Fill the season tables and the innings from every final game, and compress the logs and box scores of
    those stored before (the upgrade to 0006, in its transaction; again at 0009 for the batters' starts and
    at 0013 for the complete games). Setups stay inline: they still load."""
    for table in ("season_batting", "season_pitching", "season_fielding"):
        await conn.execute(f"DELETE FROM {table}")
    async with conn.execute(SELECT_FINALS_TO_REBUILD) as cursor:
        finals = list(await cursor.fetchall())
    for row in finals:
        line = json.loads(row["line_score"] or "{}")
        if isinstance(line.get("innings"), int):
            await conn.execute(UPDATE_GAME_INNINGS, (line["innings"], row["id"]))
        if row["forfeited_by"] is not None:
            continue
        if row["box_z"] is None:  # written before 0006: its log and box score compressed as finish_game now does
            log = json.loads(row["log"])
            await conn.execute(PACK_FINAL_GAME, (pack(log), pack(json.loads(row["box_score"])), row["id"]))
        await add_box(
            conn,
            league_id=row["league_id"],
            season=row["season"],
            phase=row["phase"],
            day=row["played_day"] if row["played_day"] is not None else row["day"],
            game_id=row["id"],
            team_ids={"away": row["away_team_id"], "home": row["home_team_id"]},
            box=stored_box(row),
            starts=starts,
            complete=complete,
        )


# --- from rows back to season stats --------------------------------------------------------------


def _latest(row: Readable) -> tuple[int, int]:
    return (row["last_day"], row["last_game"])


def season_stats_from_rows(
    batting: Sequence[Readable],
    pitching: Sequence[Readable],
    fielding: Sequence[Readable],
    team_key: Mapping[int, str],
    team_games: Mapping[int, int],
) -> SeasonStats:
    """The season's :class:`SeasonStats` from its rows; ``team_games``: box scores per team id."""
    stats = SeasonStats()
    latest: dict[str, tuple[tuple[int, int], str]] = {}  # player -> (when, team) over every table

    def seen(player: str, row: Readable, team: str) -> None:
        when = _latest(row)
        if player not in latest or when > latest[player][0]:
            latest[player] = (when, team)

    for team_id, games in team_games.items():
        if games:
            team = team_key[team_id]
            stats.team_games[team] = games
            stats._team_batting[team] = BattingStats(team, team, team, games=games)
            stats._team_pitching[team] = PitchingStats(team, team, team, games=games, games_started=games)

    when: dict[tuple[str, str], tuple[int, int]] = {}  # (table, player) -> his latest row in it

    def line(table: str, lines: dict[str, L], row: Readable, team: str, make: Callable[[str, str, str], L]) -> L:
        """The player's season line in ``lines``, named and teamed as his latest row says."""
        player = row["card_id"]
        found = lines.setdefault(player, make(player, row["name"], team))
        if (table, player) not in when or _latest(row) > when[table, player]:
            when[table, player] = _latest(row)
            found.name, found.team = row["name"], team
        seen(player, row, team)
        return found

    for row in batting:
        team = team_key[row["team_id"]]
        season = line("batting", stats.batting, row, team, BattingStats)
        season.games += row["games"]
        team_line = stats._team_batting.setdefault(team, BattingStats(team, team, team))
        for name in BATTING_COUNTS:
            setattr(season, name, getattr(season, name) + row[name])
            setattr(team_line, name, getattr(team_line, name) + row[name])

    for row in pitching:
        team = team_key[row["team_id"]]
        pitcher = line("pitching", stats.pitching, row, team, PitchingStats)
        pitcher.games += row["games"]
        pitcher.games_started += row["games_started"]
        team_pitching = stats._team_pitching.setdefault(team, PitchingStats(team, team, team))
        for name in (*PITCHING_COUNTS, *PITCHING_MARKS, "cg", "sho"):
            setattr(pitcher, name, getattr(pitcher, name) + row[name])
            setattr(team_pitching, name, getattr(team_pitching, name) + row[name])

    for row in fielding:
        fielder = line("fielding", stats.fielding, row, team_key[row["team_id"]], FieldingStats)
        fielder.games += row["games"]
        for name in FIELDING_COUNTS:
            setattr(fielder, name, getattr(fielder, name) + row[name])
        if row["games"]:
            fielder.positions[row["position"]] = fielder.positions.get(row["position"], 0) + row["games"]

    stats.player_team.update({player: team for player, (_, team) in latest.items()})
    return stats
