"""The store of season tables and reports: standings, box scores, season stats, leaders, player
and team pages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from league import seasontables, setups
from league.cardpool import CardPool
from league.errors import (
    CardError,
    NotFound,
)
from league.models import (
    League,
    PlayerGame,
    PlayerPage,
    RosterLine,
    SeasonLine,
    Split,
    Team,
    TeamPage,
)
from league.standings import OVERALL, WILD_CARDS, FinalGame, LeagueStandings, StandingsRow, leagues, standings
from league.stats import FieldingStats, SeasonStats, leaders, season_stats
from league.store.base import Row, _check_limit, _check_phase, _season_of
from league.store.play import PlayStore
from league.store.teams import SELECT_ROSTER_ENTRY, SELECT_TEAMS

# --- SQL (? placeholders; an optional filter "(CAST(? AS type) IS NULL OR column = ?)" takes the value twice)

# What standings and team pages need, without a game's JSON. (league_id, season, phase)
SELECT_STANDINGS_GAMES = """
SELECT id, coalesce(played_day, day) AS day, away_team_id, home_team_id, away_runs, home_runs, innings, forfeited_by
FROM game WHERE league_id = ? AND season = ? AND phase = ? AND status = 'final'
ORDER BY coalesce(played_day, day), id
"""
# (league_id, season, phase): final games' box scores in the order played
SELECT_FINAL_BOXES = """
SELECT id, away_team_id, home_team_id, forfeited_by, box_score, box_z
FROM game WHERE league_id = ? AND season = ? AND phase = ? AND status = 'final'
ORDER BY coalesce(played_day, day), id
"""
# Box scores each team appears in: final games but forfeits. (league_id, season, phase)
SELECT_TEAM_BOX_GAMES = """
SELECT team_id, count(*) AS games FROM (
    SELECT away_team_id AS team_id FROM game
    WHERE league_id = ? AND season = ? AND phase = ? AND status = 'final' AND forfeited_by IS NULL
    UNION ALL
    SELECT home_team_id FROM game
    WHERE league_id = ? AND season = ? AND phase = ? AND status = 'final' AND forfeited_by IS NULL
) AS team_game GROUP BY team_id
"""
# The starters of a season's final games: (league_id, season)
SELECT_STARTERS = """
SELECT game_id, team_id, card_id FROM pitcher_usage WHERE league_id = ? AND season = ? AND started = 1
"""
# (league_id, season, phase)
SELECT_SEASON_BATTING = "SELECT * FROM season_batting WHERE league_id = ? AND season = ? AND phase = ?"
SELECT_SEASON_PITCHING = "SELECT * FROM season_pitching WHERE league_id = ? AND season = ? AND phase = ?"
SELECT_SEASON_FIELDING = "SELECT * FROM season_fielding WHERE league_id = ? AND season = ? AND phase = ?"
# A player's rows, every season or one: (league_id, card_id, season, season)
SELECT_PLAYER_BATTING = """
SELECT * FROM season_batting WHERE league_id = ? AND card_id = ? AND (CAST(? AS BIGINT) IS NULL OR season = ?)
ORDER BY season, phase DESC, last_day, last_game
"""
SELECT_PLAYER_PITCHING = """
SELECT * FROM season_pitching WHERE league_id = ? AND card_id = ? AND (CAST(? AS BIGINT) IS NULL OR season = ?)
ORDER BY season, phase DESC, last_day, last_game
"""
SELECT_PLAYER_FIELDING = """
SELECT * FROM season_fielding WHERE league_id = ? AND card_id = ? AND (CAST(? AS BIGINT) IS NULL OR season = ?)
ORDER BY season, phase DESC, last_day, last_game
"""
# A team's rows of a season and phase: (team_id, season, phase)
SELECT_TEAM_BATTING = "SELECT * FROM season_batting WHERE team_id = ? AND season = ? AND phase = ?"
SELECT_TEAM_PITCHING = "SELECT * FROM season_pitching WHERE team_id = ? AND season = ? AND phase = ?"
SELECT_TEAM_FIELDING = "SELECT * FROM season_fielding WHERE team_id = ? AND season = ? AND phase = ?"
# The stats export (league.export): a season's final games with box scores, both phases, in the order played.
# (league_id, season)
SELECT_SEASON_BOXES = """
SELECT id, phase, coalesce(played_day, day) AS day, away_team_id, home_team_id, box_score, box_z
FROM game WHERE league_id = ? AND season = ? AND status = 'final' AND forfeited_by IS NULL
ORDER BY coalesce(played_day, day), id
"""
# A player's game log: the regular season's final games (not forfeits) of every team he has a line for,
# in the order played, with their box scores. (league_id, season, league_id, season, card_id) twice.
SELECT_PLAYER_GAMES = """
SELECT id, coalesce(played_day, day) AS day, away_team_id, home_team_id, away_runs, home_runs, box_score, box_z
FROM game WHERE league_id = ? AND season = ? AND phase = 'regular' AND status = 'final' AND forfeited_by IS NULL
AND (away_team_id IN (SELECT team_id FROM {mine} AS mine) OR home_team_id IN (SELECT team_id FROM {mine} AS mine))
ORDER BY coalesce(played_day, day), id
""".format(
    mine="(SELECT team_id FROM season_batting WHERE league_id = ?1 AND season = ?2 AND card_id = ?3 "
    "UNION SELECT team_id FROM season_pitching WHERE league_id = ?1 AND season = ?2 AND card_id = ?3)"
)
# (league_id, season): every row of the three season tables, both phases
SELECT_EXPORT_BATTING = (
    "SELECT * FROM season_batting WHERE league_id = ? AND season = ? ORDER BY phase DESC, team_id, name"
)
SELECT_EXPORT_PITCHING = (
    "SELECT * FROM season_pitching WHERE league_id = ? AND season = ? ORDER BY phase DESC, team_id, name"
)
SELECT_EXPORT_FIELDING = """
SELECT * FROM season_fielding WHERE league_id = ? AND season = ? ORDER BY phase DESC, team_id, name, position
"""
# Every co-manager of a league's teams at once: (league_id)
SELECT_LEAGUE_CO_MANAGERS = """
SELECT co_manager.team_id, co_manager.user_id FROM co_manager JOIN team ON team.id = co_manager.team_id
WHERE team.league_id = ? ORDER BY co_manager.rowid
"""


class TableStore(PlayStore):
    """Season tables and reports."""

    # --- standings and stats --------------------------------------------------------------

    async def _teams_of(self, league_id: int) -> list[Team]:
        """The league's teams in two queries (reports read them often)."""
        co: dict[int, list[int]] = {}
        for r in await self._all(SELECT_LEAGUE_CO_MANAGERS, (league_id,)):
            co.setdefault(r["team_id"], []).append(r["user_id"])
        return [Team.from_row(r, tuple(co.get(r["id"], ()))) for r in await self._all(SELECT_TEAMS, (league_id,))]

    async def _final_rows(self, league_id: int, season: int, phase: str) -> list[Row]:
        """(id, day, away_team_id, home_team_id, away_runs, home_runs, innings, forfeited_by) of the final games."""
        return await self._all(SELECT_STANDINGS_GAMES, (league_id, season, phase))

    async def league_standings(
        self, league_id: int, season: int | None = None, *, wild_cards: int = WILD_CARDS, phase: str = "regular"
    ) -> list[LeagueStandings]:
        """Each league's (AL, NL; or the one) standings, division winners and ``wild_cards`` wild cards."""
        _check_phase(phase)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            year = _season_of(league, season)
            teams = await self._teams_of(league_id)
            finals = await self._final_rows(league_id, year, phase)
        return leagues(
            *_standings_input(league, year, teams, finals)[:4], wild_cards=wild_cards, draw=_draw(league, year)
        )

    async def standings(
        self, league_id: int, season: int | None = None, *, phase: str = "regular"
    ) -> dict[str, list[StandingsRow]]:
        """The standings (league.standings): "overall" and each division; teams by abbreviation.

        Read from the final games' scores alone (no game's JSON is parsed).
        """
        _check_phase(phase)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            year = _season_of(league, season)
            teams = await self._teams_of(league_id)
            finals = await self._final_rows(league_id, year, phase)
        return _standings_of(league, year, teams, finals)

    async def box_scores(
        self, league_id: int, season: int | None = None, *, phase: str = "regular"
    ) -> list[tuple[str, str, dict[str, Any]]]:
        """(away, home, box score) of every final game of the season in the order played; teams by abbreviation.

        This reads every game's box score: reports use the season tables (:meth:`season_stats`).
        """
        _check_phase(phase)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            key = {t.id: t.abbreviation for t in await self._teams_of(league_id)}
            rows = await self._all(SELECT_FINAL_BOXES, (league_id, _season_of(league, season), phase))
        # Forfeits count in the standings, not in players' stats.
        return [
            (key[r["away_team_id"]], key[r["home_team_id"]], seasontables.stored_box(r))
            for r in rows
            if r["forfeited_by"] is None
        ]

    async def season_rows(self, league_id: int, season: int | None = None) -> dict[str, list[dict[str, Any]]]:
        """The season tables' rows as they are kept (a player's line per team, phase and, for fielding,
        position), both phases: {"batting": [...], "pitching": [...], "fielding": [...]}, each row a
        dict of its columns with "team" (the abbreviation) added. For the stats export (league.export)."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            where = (league_id, _season_of(league, season))
            key = {t.id: t.abbreviation for t in await self._teams_of(league_id)}
            out: dict[str, list[dict[str, Any]]] = {}
            for kind, query in (
                ("batting", SELECT_EXPORT_BATTING),
                ("pitching", SELECT_EXPORT_PITCHING),
                ("fielding", SELECT_EXPORT_FIELDING),
            ):
                out[kind] = [{**dict(r), "team": key[r["team_id"]]} for r in await self._all(query, where)]
            return out

    async def season_boxes(
        self, league_id: int, season: int | None = None
    ) -> list[tuple[int, str, int, str, str, dict[str, Any]]]:
        """(game id, phase, day played, away, home, box score) of the season's final games but forfeits, both
        phases, in the order played (teams by abbreviation): what the stats export writes game by game."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            key = {t.id: t.abbreviation for t in await self._teams_of(league_id)}
            rows = await self._all(SELECT_SEASON_BOXES, (league_id, _season_of(league, season)))
        return [
            (r["id"], r["phase"], r["day"], key[r["away_team_id"]], key[r["home_team_id"]], seasontables.stored_box(r))
            for r in rows
        ]

    async def _season_stats(self, league: League, season: int, phase: str) -> tuple[SeasonStats, dict[int, Team]]:
        teams = {t.id: t for t in await self._teams_of(league.id)}
        where = (league.id, season, phase)
        team_games = {r["team_id"]: r["games"] for r in await self._all(SELECT_TEAM_BOX_GAMES, where * 2)}
        stats = seasontables.season_stats_from_rows(
            await self._all(SELECT_SEASON_BATTING, where),
            await self._all(SELECT_SEASON_PITCHING, where),
            await self._all(SELECT_SEASON_FIELDING, where),
            {team_id: team.abbreviation for team_id, team in teams.items()},
            team_games,
        )
        return stats, teams

    async def season_stats(self, league_id: int, season: int | None = None, *, phase: str = "regular") -> SeasonStats:
        """Season batting, pitching and fielding (league.stats), from the season tables kept as games finish."""
        _check_phase(phase)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            stats, _ = await self._season_stats(league, _season_of(league, season), phase)
            return stats

    async def leaders(
        self, league_id: int, stat: str, *, season: int | None = None, limit: int = 10, phase: str = "regular"
    ) -> list[tuple[str, float | int]]:
        """The season's leaders in one stat (league.stats.LEADER_STATS): (card id, value), best first."""
        _check_limit(limit)
        totals = await self.season_stats(league_id, season, phase=phase)
        return leaders(totals, stat, totals.team_games, limit)

    async def leader_board(
        self,
        league_id: int,
        stats: Sequence[str],
        *,
        season: int | None = None,
        limit: int = 5,
        phase: str = "regular",
    ) -> tuple[SeasonStats, dict[str, list[tuple[str, float | int]]]]:
        """The leaders in several stats at once (the season's totals read once), and those totals."""
        _check_limit(limit)
        totals = await self.season_stats(league_id, season, phase=phase)
        return totals, {stat: leaders(totals, stat, totals.team_games, limit) for stat in stats}

    async def player_page(self, league_id: int, card_id: str, season: int | None = None) -> PlayerPage:
        """A player's seasons (every season's, or one's): a line per team per phase, from the season tables."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            if season is not None:
                _season_of(league, season)
            pool = await self._league_pool(league)
            teams = {t.id: t for t in await self._teams_of(league_id)}
            where = (league_id, card_id, season, season)
            rows = {
                "batting": await self._all(SELECT_PLAYER_BATTING, where),
                "pitching": await self._all(SELECT_PLAYER_PITCHING, where),
                "fielding": await self._all(SELECT_PLAYER_FIELDING, where),
            }
            entry = await self._one(SELECT_ROSTER_ENTRY, (league_id, card_id))
            on = None if entry is None else entry["team_id"]
            if entry is None and not any(rows.values()):
                pool.card(card_id)  # CardError for a card the league never had: not an empty page
        lines: dict[tuple[int, str, int], dict[str, Any]] = {}
        order: dict[tuple[int, str, int], tuple[int, int]] = {}
        for kind, found in rows.items():
            for row in found:
                key = (row["season"], row["phase"], row["team_id"])
                order[key] = min(
                    order.get(key, (row["last_day"], row["last_game"])), (row["last_day"], row["last_game"])
                )
                one = seasontables.season_stats_from_rows(
                    [row] if kind == "batting" else [],
                    [row] if kind == "pitching" else [],
                    [row] if kind == "fielding" else [],
                    {row["team_id"]: teams[row["team_id"]].abbreviation},
                    {},
                )
                line = lines.setdefault(key, {})
                if kind == "batting":
                    line["batting"] = one.batting[card_id]
                elif kind == "pitching":
                    line["pitching"] = one.pitching[card_id]
                else:
                    line["fielding"] = _add_fielding(line.get("fielding"), one.fielding[card_id])
        keys = sorted(lines, key=lambda k: (k[0], k[1] != "regular", order[k]))
        page_lines = tuple(
            SeasonLine(
                season=k[0],
                phase="regular" if k[1] == "regular" else "playoffs",
                team_id=k[2],
                team=teams[k[2]].abbreviation,
                batting=lines[k].get("batting"),
                pitching=lines[k].get("pitching"),
                fielding=lines[k].get("fielding"),
            )
            for k in keys
        )
        return PlayerPage(card_id, pool.name(card_id), teams[on].abbreviation if on in teams else None, page_lines)

    async def player_games(self, league_id: int, card_id: str, season: int | None = None) -> list[PlayerGame]:
        """The regular-season games the player played (default: this season), in the order played, with his
        batting and pitching lines in each: the box scores of his teams' final games, read in one query."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            year = _season_of(league, season)
            key = {t.id: t.abbreviation for t in await self._teams_of(league_id)}
            rows = await self._all(SELECT_PLAYER_GAMES, (league_id, year, card_id))
        out = []
        for r in rows:
            away, home = key[r["away_team_id"]], key[r["home_team_id"]]
            one = season_stats([(away, home, _his_box(seasontables.stored_box(r), card_id))])
            batting, pitching = one.batting.get(card_id), one.pitching.get(card_id)
            if batting is None and pitching is None:
                continue
            team = one.player_team[card_id]
            out.append(
                PlayerGame(
                    r["id"],
                    r["day"],
                    team,
                    home if team == away else away,
                    team == home,
                    r["away_runs"],
                    r["home_runs"],
                    batting,
                    pitching,
                )
            )
        return out

    async def team_page(self, league_id: int, team_id: int, season: int | None = None) -> TeamPage:
        """A team's season: record, splits, streak, last ten, and its roster with each player's line."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            team = await self._team(team_id)
            if team.league_id != league_id:
                raise NotFound(f"{team.name} is not in {league.name}")
            year = _season_of(league, season)
            pool = await self._league_pool(league)
            teams = await self._teams_of(league_id)
            finals = await self._final_rows(league_id, year, "regular")
            starters = {
                (r["game_id"], r["team_id"]): r["card_id"] for r in await self._all(SELECT_STARTERS, (league_id, year))
            }
            where = (team_id, year, "regular")
            stats = seasontables.season_stats_from_rows(
                await self._all(SELECT_TEAM_BATTING, where),
                await self._all(SELECT_TEAM_PITCHING, where),
                await self._all(SELECT_TEAM_FIELDING, where),
                {team_id: team.abbreviation},
                {
                    team_id: sum(
                        1
                        for g in finals
                        if team_id in (g["away_team_id"], g["home_team_id"]) and g["forfeited_by"] is None
                    )
                },
            )
            roster = list((await self._roster(team_id)).values())
        table = _standings_of(league, year, teams, finals)[OVERALL]
        row = next(r for r in table if r.team == team.abbreviation)
        mine = [g for g in finals if team_id in (g["away_team_id"], g["home_team_id"])]
        runs_for = sum(g["away_runs"] if g["away_team_id"] == team_id else g["home_runs"] for g in mine)
        runs_against = sum(g["home_runs"] if g["away_team_id"] == team_id else g["away_runs"] for g in mine)
        splits = _splits(team, {t.id: t for t in teams}, mine, starters, pool, league.options.innings)
        lines = [
            RosterLine(
                e.card_id,
                pool.name(e.card_id),
                e.kind,
                e.status,
                stats.batting.get(e.card_id),
                stats.pitching.get(e.card_id),
            )
            for e in roster
        ]
        lines.sort(
            key=lambda r: (
                r.kind != "batter",
                -(r.batting.pa if r.kind == "batter" and r.batting else r.pitching.outs if r.pitching else 0),
                r.name,
            )
        )
        return TeamPage(
            team=team,
            season=year,
            w=row.w,
            l=row.l,
            runs_for=runs_for,
            runs_against=runs_against,
            streak=row.streak,
            last_ten=row.last_ten,
            splits=splits,
            roster=tuple(lines),
            batting=stats.team_batting(team.abbreviation),
            pitching=stats.team_pitching(team.abbreviation),
        )


def _standings_input(
    league: League, season: int, teams: Sequence[Team], finals: Sequence[Row]
) -> tuple[list[str], list[FinalGame], dict[str, list[str]] | None, dict[str, list[str]] | None]:
    """Teams, final games, divisions and leagues for league.standings, from the lean game rows.

    A division of a team in a league is named with the league ("AL East") unless its name
    already starts with it, so the AL's East and the NL's East are two divisions.
    """
    key = {t.id: t.abbreviation for t in teams}
    games = [
        FinalGame(g["day"], key[g["away_team_id"]], key[g["home_team_id"]], g["away_runs"] or 0, g["home_runs"] or 0)
        for g in finals
    ]
    divisions: dict[str, list[str]] = {}
    subleagues: dict[str, list[str]] = {}
    for team in teams:
        if team.subleague is not None:
            subleagues.setdefault(team.subleague, []).append(team.abbreviation)
        if team.division is not None:
            name = team.division
            if team.subleague is not None and not name.startswith(f"{team.subleague} "):
                name = f"{team.subleague} {name}"
            divisions.setdefault(name, []).append(team.abbreviation)
    return [t.abbreviation for t in teams], games, divisions or None, subleagues or None


def _draw(league: League, season: int) -> str:
    """The seed of the standings' last tie-break, a draw: fixed by league and season."""
    return f"{league.id}/{season}"


def _standings_of(
    league: League, season: int, teams: Sequence[Team], finals: Sequence[Row]
) -> dict[str, list[StandingsRow]]:
    return standings(*_standings_input(league, season, teams, finals), draw=_draw(league, season))


def _his_box(box: dict[str, Any], card_id: str) -> dict[str, Any]:
    """A box score cut down to one player's lines, for league.stats to add up as his game alone: his batting
    lines, and his side's whole pitching when he pitched (a complete game is the starter's alone)."""
    cut = dict(box)
    for side in ("away", "home"):
        team = box[side]
        pitched = any(str(line["player"]) == card_id for line in team["pitching"])
        cut[side] = {
            "batting": [line for line in team["batting"] if str(line["player"]) == card_id],
            "pitching": team["pitching"] if pitched else [],
            "fielding": [],
        }
    return cut


def _add_fielding(before: FieldingStats | None, more: FieldingStats) -> FieldingStats:
    if before is None:
        return more
    positions = dict(before.positions)
    for position, games in more.positions.items():
        positions[position] = positions.get(position, 0) + games
    total = more + before  # his counts (engine.stats); his games and positions:
    total.games, total.positions = before.games + more.games, positions
    return total


def _splits(
    team: Team,
    teams: Mapping[int, Team],
    games: Sequence[Row],
    starters: Mapping[tuple[int, int], str],
    pool: CardPool,
    innings: int,
) -> tuple[Split, ...]:
    """The team's record home and away, in close and long games, by opponent and by the other starter's hand."""
    tally: dict[str, list[int]] = {}

    def add(name: str, won: bool) -> None:
        tally.setdefault(name, [0, 0])[0 if won else 1] += 1

    order = ["Home", "Road", "One-run games", "Extra innings"]
    if team.division is not None:
        order += ["Vs division", "Vs other divisions"]
    if team.subleague is not None:
        order += [f"Vs {team.subleague}", "Vs other league"]
    order += ["Vs LHP starters", "Vs RHP starters"]
    for g in games:
        home = g["home_team_id"] == team.id
        ours, theirs = (g["home_runs"], g["away_runs"]) if home else (g["away_runs"], g["home_runs"])
        won = ours > theirs
        other = teams[g["away_team_id"] if home else g["home_team_id"]]
        add("Home" if home else "Road", won)
        if abs(ours - theirs) == 1:
            add("One-run games", won)
        if g["innings"] is not None and g["innings"] > innings:
            add("Extra innings", won)
        if team.division is not None:
            add("Vs division" if other.division == team.division else "Vs other divisions", won)
        if team.subleague is not None:
            add(f"Vs {team.subleague}" if other.subleague == team.subleague else "Vs other league", won)
        starter = starters.get((g["id"], other.id))
        if starter is not None:
            try:
                hand = setups.hand(pool.pitcher(starter))
            except CardError:
                continue
            add("Vs LHP starters" if hand == "L" else "Vs RHP starters", won)
    return tuple(Split(name, *tally.get(name, [0, 0])) for name in order)
