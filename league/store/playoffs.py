"""The store of playoffs (league.playoffs): the format, the bracket and its series, and a
season's close."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

from league.errors import (
    CardError,
    GameError,
    NotFound,
    SeasonClosed,
)
from league.models import (
    GameRecord,
    League,
    Playoffs,
    PlayoffSeed,
    PlayoffSeries,
)
from league.names import plural
from league.playoffs import PlayoffError, PlayoffFormat, pairings, seed_teams
from league.playoffs import Seed as PlayoffSeedKey
from league.playoffs import preset as playoff_preset
from league.store.base import _check_id, _dumps, _season_of
from league.store.games import SELECT_SEASON_SCHEDULE
from league.store.tables import TableStore
from league.store.teams import SELECT_TEAMS

# --- SQL (? placeholders; an optional filter "(CAST(? AS type) IS NULL OR column = ?)" takes the value twice)

SELECT_PLAYOFF_FORMAT = "SELECT format FROM playoff_format WHERE league_id = ?"
# (league_id, format)
UPSERT_PLAYOFF_FORMAT = """
INSERT INTO playoff_format (league_id, format) VALUES (?, ?)
ON CONFLICT (league_id) DO UPDATE SET format = excluded.format
"""
# (league_id, season)
SELECT_PLAYOFFS = "SELECT * FROM playoffs WHERE league_id = ? AND season = ?"
# (league_id, season, format, started_day)
INSERT_PLAYOFFS = "INSERT INTO playoffs (league_id, season, format, started_day) VALUES (?, ?, ?, ?)"
# (champion_team_id, league_id, season)
UPDATE_PLAYOFF_CHAMPION = "UPDATE playoffs SET champion_team_id = ? WHERE league_id = ? AND season = ?"
# (league_id, season, team_id, bracket, seed, how, rank)
INSERT_PLAYOFF_SEED = """
INSERT INTO playoff_seed (league_id, season, team_id, bracket, seed, how, rank) VALUES (?, ?, ?, ?, ?, ?, ?)
"""
# (league_id, season)
SELECT_PLAYOFF_SEEDS = "SELECT * FROM playoff_seed WHERE league_id = ? AND season = ? ORDER BY bracket, seed"
# (league_id, season, round, bracket, slot, high_team_id, low_team_id, best_of, home)
INSERT_PLAYOFF_SERIES = """
INSERT INTO playoff_series (league_id, season, round, bracket, slot, high_team_id, low_team_id, best_of, home)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
"""
# A series with the games each side has won (final games, forfeits too).
_SERIES_WITH_WINS = """
SELECT s.*,
    (SELECT count(*) FROM game g WHERE g.series_id = s.id AND g.status = 'final'
        AND ((g.home_team_id = s.high_team_id AND g.home_runs > g.away_runs)
          OR (g.away_team_id = s.high_team_id AND g.away_runs > g.home_runs))) AS high_wins,
    (SELECT count(*) FROM game g WHERE g.series_id = s.id AND g.status = 'final'
        AND ((g.home_team_id = s.low_team_id AND g.home_runs > g.away_runs)
          OR (g.away_team_id = s.low_team_id AND g.away_runs > g.home_runs))) AS low_wins
FROM playoff_series s
"""
# (series_id)
SELECT_PLAYOFF_SERIES = _SERIES_WITH_WINS + "WHERE s.id = ?"
# (league_id, season)
SELECT_PLAYOFF_SERIES_ALL = (
    _SERIES_WITH_WINS + "WHERE s.league_id = ? AND s.season = ? ORDER BY s.round, s.bracket, s.slot"
)
# (winner_team_id, series_id)
UPDATE_SERIES_WINNER = "UPDATE playoff_series SET winner_team_id = ? WHERE id = ?"
# (league_id, season, day, away_team_id, home_team_id, series_id)
INSERT_PLAYOFF_GAME = """
INSERT INTO game (league_id, season, day, away_team_id, home_team_id, phase, series_id)
VALUES (?, ?, ?, ?, ?, 'playoffs', ?)
"""
# (game_id)
SELECT_GAME_SERIES = "SELECT series_id FROM game WHERE id = ?"
# A series' games not yet final (scheduled, live or postponed): (series_id)
COUNT_SERIES_OPEN_GAMES = "SELECT count(*) FROM game WHERE series_id = ? AND status != 'final'"
# (series_id)
SELECT_SERIES_GAMES = "SELECT * FROM game WHERE series_id = ? ORDER BY id"
# Regular-season games not final, first the earliest: (league_id, season)
SELECT_UNFINISHED_REGULAR = """
SELECT * FROM game WHERE league_id = ? AND season = ? AND phase = 'regular' AND status != 'final' ORDER BY day, id
"""
# Is any regular-season game not final? Three seeks of the game_finals index, not a scan: (league_id, season)
SELECT_ONE_UNFINISHED_REGULAR = """
SELECT 1 FROM game WHERE league_id = ? AND season = ? AND phase = 'regular'
    AND status IN ('scheduled', 'live', 'postponed') LIMIT 1
"""
# (league_id, season)
SELECT_LAST_REGULAR_DAY = """
SELECT max(coalesce(played_day, day)) FROM game WHERE league_id = ? AND season = ? AND phase = 'regular'
"""


class PlayoffStore(TableStore):
    """Playoffs and a season's close."""

    # --- playoffs (league.playoffs) ---------------------------------------------------------

    async def _playoff_format(self, league_id: int) -> PlayoffFormat:
        text = await self._value(SELECT_PLAYOFF_FORMAT, (league_id,))
        if text is not None:
            return PlayoffFormat.from_dict(json.loads(text))
        teams = [await self._team(r["id"]) for r in await self._all(SELECT_TEAMS, (league_id,))]
        two = len({t.subleague for t in teams if t.subleague is not None}) == 2
        era = (await self._league_pool(await self._league(league_id))).playoffs()
        if era is not None and two:  # the era's formats are MLB's, for two leagues
            try:
                return playoff_preset(era)
            except PlayoffError as exc:
                raise CardError(f"a card set of the league names a playoff format Dugout lacks: {exc}") from None
        return playoff_preset("mlb" if two else "top4")

    async def playoff_format(self, league_id: int) -> PlayoffFormat:
        """The format the league's next playoffs are played with: the one chosen, else with two leagues (AL,
        NL) the one its card sets' era played (set.toml's ``playoffs``) or mlb, else top4."""
        async with self.transaction(write=False):
            await self._league(league_id)
            return await self._playoff_format(league_id)

    async def set_playoff_format(self, league_id: int, fmt: PlayoffFormat) -> PlayoffFormat:
        """Choose the format; playoffs already started keep the one they started with."""
        async with self.transaction():
            await self._league(league_id)
            await self._run(UPSERT_PLAYOFF_FORMAT, (league_id, _dumps(fmt.to_dict())))
            return await self._playoff_format(league_id)

    async def _playoffs(self, league_id: int, season: int) -> Playoffs | None:
        row = await self._one(SELECT_PLAYOFFS, (league_id, season))
        if row is None:
            return None
        seeds = tuple(PlayoffSeed.from_row(r) for r in await self._all(SELECT_PLAYOFF_SEEDS, (league_id, season)))
        series = await self._all(SELECT_PLAYOFF_SERIES_ALL, (league_id, season))
        return Playoffs(
            league_id=league_id,
            season=season,
            format=PlayoffFormat.from_dict(json.loads(row["format"])),
            started_day=row["started_day"],
            champion_team_id=row["champion_team_id"],
            seeds=seeds,
            series=tuple(PlayoffSeries.from_row(r) for r in series),
        )

    async def playoffs(self, league_id: int, season: int | None = None) -> Playoffs | None:
        """The season's playoffs (default: the current season's); None before they start."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            return await self._playoffs(league_id, _season_of(league, season))

    async def series_of(self, game_id: int) -> PlayoffSeries | None:
        """The playoff series a game belongs to (None for a regular-season game)."""
        async with self.transaction(write=False):
            row = await self._one(SELECT_GAME_SERIES, (_check_id(game_id, "game"),))
            if row is None:
                raise NotFound(f"no game with id {game_id}")
            return None if row["series_id"] is None else await self._series(row["series_id"])

    async def series_games(self, series_id: int) -> list[GameRecord]:
        """A series' games so far, in order (only the games it needed are ever made)."""
        async with self.transaction(write=False):
            await self._series(series_id)  # an unknown series is named, not answered with no games
            return [await self._record(r) for r in await self._all(SELECT_SERIES_GAMES, (series_id,))]

    async def start_playoffs(self, league_id: int) -> Playoffs:
        """Seed the playoffs from the regular-season standings and schedule each first-round series' first game.

        Only once every regular-season game is final. The first games are on the day after the
        season's last (or today, if that is later); each later game is made when the one before
        it ends (:meth:`_advance_series`, inside :meth:`finish_game`'s transaction).
        """
        async with self.transaction():
            league = await self._league(league_id)
            started = await self._playoffs(league_id, league.season)
            if started is not None:
                raise GameError(
                    f"the season {league.season} playoffs of {league.name} began on day {started.started_day}; "
                    "see the bracket for where they stand"
                )
            waiting = await self._all(SELECT_UNFINISHED_REGULAR, (league_id, league.season))
            if waiting:
                first = await self._record(waiting[0])
                raise GameError(
                    f"{plural(len(waiting), 'regular-season game')} of season {league.season} "
                    f"{'is' if len(waiting) == 1 else 'are'} not final (the first: game {first.id}, day {first.day}); "
                    "play, forfeit or finish them before the playoffs start"
                )
            last_day = await self._value(SELECT_LAST_REGULAR_DAY, (league_id, league.season))
            if last_day is None:
                raise GameError(f"season {league.season} has no games yet; schedule and play the season first")
            fmt = await self._playoff_format(league_id)
            teams = [await self._team(r["id"]) for r in await self._all(SELECT_TEAMS, (league_id,))]
            table = await self.standings(league_id)
            by_key = {t.abbreviation: t for t in teams}
            # Each league's own order: its division winners as the division tables break their ties, then
            # the wild-card race; ranks in the whole league's table give home field between two leagues.
            order: list[str] = []
            for standing in await self.league_standings(league_id):
                if fmt.division_winners:
                    order += [r.team for r in standing.division_winners] + [w.team for w in standing.wild_card]
                else:
                    order += [r.team for r in standing.table]
            seeds = seed_teams(
                fmt,
                order,
                {t.abbreviation: t.division for t in teams},
                {t.abbreviation: t.subleague for t in teams},
                ranks={row.team: i for i, row in enumerate(table["overall"], start=1)},
            )
            day = max(league.day, int(last_day) + 1)
            await self._run(INSERT_PLAYOFFS, (league_id, league.season, _dumps(fmt.to_dict()), day))
            for s in seeds:
                await self._run(
                    INSERT_PLAYOFF_SEED,
                    (league_id, league.season, by_key[s.team].id, s.bracket, s.seed, s.how, s.rank),
                )
            await self._make_round(league, 1, {}, day)
            playoffs = await self._playoffs(league_id, league.season)
            assert playoffs is not None
            return playoffs

    async def _make_round(self, league: League, number: int, winners: Mapping[tuple[str, int], int], day: int) -> None:
        """A round's series, each with its first game on ``day``."""
        playoffs = await self._playoffs(league.id, league.season)
        assert playoffs is not None
        seeds = [PlayoffSeedKey(str(s.team_id), s.bracket, s.seed, cast(Any, s.how), s.rank) for s in playoffs.seeds]
        keyed = {where: str(team_id) for where, team_id in winners.items()}
        for m in pairings(playoffs.format, seeds, number, keyed):
            series_id = await self._value(
                INSERT_PLAYOFF_SERIES,
                (league.id, league.season, m.round, m.bracket, m.slot, int(m.high), int(m.low), m.best_of, m.home),
            )
            await self._schedule_series_game(league, series_id, day)

    async def _series(self, series_id: int) -> PlayoffSeries:
        row = await self._one(SELECT_PLAYOFF_SERIES, (_check_id(series_id, "playoff series"),))
        if row is None:
            raise NotFound(f"no playoff series with id {series_id}")
        return PlayoffSeries.from_row(row)

    async def _schedule_series_game(self, league: League, series_id: int, day: int) -> None:
        series = await self._series(series_id)
        high_home = series.home[series.games_played] == "H"
        home, away = (
            (series.high_team_id, series.low_team_id) if high_home else (series.low_team_id, series.high_team_id)
        )
        await self._run(INSERT_PLAYOFF_GAME, (league.id, league.season, day, away, home, series_id))

    async def _advance_series(self, game_id: int) -> None:
        """After a playoff game is final: the series' next game tomorrow, or its winner; a round won
        makes the next round's series; the last series' winner is the champion."""
        series_id = await self._value(SELECT_GAME_SERIES, (game_id,))
        if series_id is None:
            return
        record = await self._game(game_id)
        league = await self._league(record.league_id)
        series = await self._series(series_id)
        if series.winner_team_id is not None or await self._value(COUNT_SERIES_OPEN_GAMES, (series_id,)):
            return
        # The day after the game's (a forfeit before its day counts on its day), and never before today.
        day = max(max(record.day, record.played_day or 0) + 1, league.day)
        needed = series.best_of // 2 + 1
        if max(series.high_wins, series.low_wins) < needed:
            await self._schedule_series_game(league, series_id, day)
            return
        winner = series.high_team_id if series.high_wins >= needed else series.low_team_id
        await self._run(UPDATE_SERIES_WINNER, (winner, series_id))
        playoffs = await self._playoffs(league.id, record.season)
        assert playoffs is not None
        this_round = [s for s in playoffs.series if s.round == series.round]
        if any(s.winner_team_id is None for s in this_round):
            return
        if series.round == len(playoffs.format.rounds):
            await self._run(UPDATE_PLAYOFF_CHAMPION, (winner, league.id, record.season))
            return
        winners = {(s.bracket, s.slot): cast(int, s.winner_team_id) for s in this_round}
        await self._make_round(league, series.round + 1, winners, day)

    # --- a season's close (issue 26) ------------------------------------------------------------

    async def _closed(self, league: League, phase: str | None) -> str | None:
        """Why the league's current season takes no more games of ``phase`` now, with what comes next;
        None while it does. ``phase`` None asks whether it takes any game at all: its regular season over
        and its playoffs not begun, or a champion crowned.

        A regular season is over once its playoffs began, or once every game of its schedule
        (:meth:`schedule_season`) is final; a season without a schedule (the sample terminal league,
        a game a run) goes on until its playoffs. Once the playoffs have a champion nothing changes."""
        where = f"season {league.season} of {league.name}"
        playoffs = await self._playoffs(league.id, league.season)
        if playoffs is not None and playoffs.champion_team_id is not None:
            champion = await self._team(playoffs.champion_team_id)
            return (
                f"{where} is over: {champion.name} won the playoffs, and its results stay as they are "
                "(dugout season new, /season new open the next season)"
            )
        if phase == "playoffs" or (phase is None and playoffs is not None):
            return None
        if playoffs is not None:
            return (
                f"the regular season of {where} is over and its playoffs are under way: play their games "
                "(dugout playoffs, /playoffs bracket show the series)"
            )
        if await self._value(SELECT_SEASON_SCHEDULE, (league.id, league.season)) is None:
            return None
        if await self._one(SELECT_ONE_UNFINISHED_REGULAR, (league.id, league.season)) is not None:
            return None
        return (
            f"the regular season of {where} is over: every scheduled game is final. Next come the playoffs: "
            "dugout playoffs start at the terminal, /playoffs start in Discord"
        )

    async def _check_open(self, league: League, phase: str) -> None:
        why = await self._closed(league, phase)
        if why is not None:
            raise SeasonClosed(why)

    async def season_closed(self, league_id: int) -> str | None:
        """What comes next when the league's current season can take no game now (its regular season
        over and the playoffs not begun, or its champion crowned); None while games may be played."""
        async with self.transaction(write=False):
            return await self._closed(await self._league(league_id), None)

    async def check_season_open(self, league_id: int) -> None:
        """:meth:`season_closed` as a :class:`SeasonClosed` error (auto-play asks before a day)."""
        why = await self.season_closed(league_id)
        if why is not None:
            raise SeasonClosed(why)
