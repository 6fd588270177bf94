"""The store of the schedule and its games: scheduling, a game's setup (league.setups), its start,
progress and finish, and a live game's owner (league.lease).

A finished game is stored in one transaction: its record, the season tables, the pitchers'
rest and the injuries (league.rest).
"""

from __future__ import annotations

import asyncio
import time

from league.errors import (
    GameBusy,
    GameError,
    NotFound,
    NotOnSchedule,
    SettingsError,
)
from league.lease import LEASE_SECONDS, RENEW_GAME_LEASE, GameLease, Owner
from league.models import (
    GameRecord,
    GameStatus,
    GameSummary,
    League,
)
from league.schedule import ScheduleError, make_schedule
from league.store.base import _check_choice, _check_day, _check_id, _dumps, _season_of, utc_now
from league.store.teams import SELECT_TEAMS, TeamStore

# --- SQL (? placeholders; an optional filter "(CAST(? AS type) IS NULL OR column = ?)" takes the value twice)

# (league_id, season, day, away_team_id, home_team_id)
INSERT_GAME = """
INSERT INTO game (league_id, season, day, away_team_id, home_team_id) VALUES (?, ?, ?, ?, ?) RETURNING id
"""
SELECT_GAME = "SELECT * FROM game WHERE id = ?"
# How far a game has got, without reading its setup or log: a page that follows it polls this.
SELECT_GAME_PROGRESS = "SELECT status, posted, length(log) AS logged FROM game WHERE id = ?"
# (league_id, season, day, day, status, status)
SELECT_GAMES = """
SELECT * FROM game
WHERE league_id = ? AND season = ? AND (CAST(? AS BIGINT) IS NULL OR day = ?)
    AND (CAST(? AS TEXT) IS NULL OR status = ?)
ORDER BY day, id
"""
SELECT_LIVE_GAMES = "SELECT * FROM game WHERE status = 'live' ORDER BY id"
# (posted, scoreboard_id, game_id): how far the thread has shown a live game
UPDATE_GAME_POSTED = "UPDATE game SET posted = ?, scoreboard_id = coalesce(?, scoreboard_id) WHERE id = ?"
# (prompt_id, game_id)
UPDATE_GAME_PROMPT = "UPDATE game SET prompt_id = ? WHERE id = ?"
# (paused, game_id)
UPDATE_GAME_PAUSED = "UPDATE game SET paused = ? WHERE id = ?"
# (forfeited_by, away_runs, home_runs, line_score, finished_at, game_id)
FORFEIT_GAME = """
UPDATE game SET status = 'final', forfeited_by = ?, away_runs = ?, home_runs = ?, line_score = ?, box_score = '{}',
    played_day = coalesce(played_day, (SELECT day FROM league WHERE league.id = game.league_id)),
    setup = coalesce(setup, '{}'), seed = coalesce(seed, 0), finished_at = ?
WHERE id = ?
"""
COUNT_SEASON_GAMES = "SELECT count(*) FROM game WHERE league_id = ? AND season = ?"
# Auto-play (league.autoplay): (league_id, season, day) the scheduled games through a day, and the last
# day with a scheduled game (league_id, season).
SELECT_SCHEDULED_THROUGH = """
SELECT * FROM game WHERE league_id = ? AND season = ? AND status = 'scheduled' AND day <= ? ORDER BY day, id
"""
SELECT_LAST_SCHEDULED_DAY = "SELECT max(day) FROM game WHERE league_id = ? AND season = ? AND status = 'scheduled'"
UPDATE_GAME_STATUS = "UPDATE game SET status = ? WHERE id = ?"
UPDATE_GAME_DAY = "UPDATE game SET day = ?, status = 'scheduled' WHERE id = ?"
# (channel_id, thread_id, game_id)
UPDATE_GAME_CHANNEL = "UPDATE game SET channel_id = ?, thread_id = ? WHERE id = ?"
# Finished games whose thread has not shown the box score yet (a forfeit has none)
SELECT_UNPOSTED_FINALS = """
SELECT * FROM game WHERE status = 'final' AND final_posted = 0 AND forfeited_by IS NULL AND thread_id IS NOT NULL
ORDER BY id
"""
# (game_id)
UPDATE_FINAL_POSTED = "UPDATE game SET final_posted = 1 WHERE id = ?"
# A season's games without their setups, logs and box scores (lists, autocomplete):
# (league_id, season, day, day, status, status)
SELECT_GAME_SUMMARIES = """
SELECT id, season, day, played_day, away_team_id, home_team_id, status, away_runs, home_runs, forfeited_by, phase
FROM game WHERE league_id = ? AND season = ? AND (CAST(? AS BIGINT) IS NULL OR day = ?)
    AND (CAST(? AS TEXT) IS NULL OR status = ?)
AND (CAST(? AS BIGINT) IS NULL OR ? IN (away_team_id, home_team_id))
ORDER BY day, id
"""
# A season's close (issue 26): the schedule a season was given. (league_id, season, games)
INSERT_SEASON_SCHEDULE = """
INSERT INTO season_schedule (league_id, season, games) VALUES (?, ?, ?)
ON CONFLICT (league_id, season) DO UPDATE SET games = excluded.games
"""
# (league_id, season)
SELECT_SEASON_SCHEDULE = "SELECT games FROM season_schedule WHERE league_id = ? AND season = ?"
# A live game's owner (league.lease): (game_id)
SELECT_GAME_LEASE = "SELECT * FROM game_lease WHERE game_id = ?"
# (game_id, owner, host, pid, taken_at, expires_at): its owner renewing keeps the time it took it
UPSERT_GAME_LEASE = """
INSERT INTO game_lease (game_id, owner, host, pid, taken_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (game_id) DO UPDATE SET
    owner = excluded.owner, host = excluded.host, pid = excluded.pid, expires_at = excluded.expires_at,
    taken_at = CASE WHEN game_lease.owner = excluded.owner THEN game_lease.taken_at ELSE excluded.taken_at END
"""
# (game_id, owner)
DELETE_GAME_LEASE = "DELETE FROM game_lease WHERE game_id = ? AND owner = ?"


class GameStore(TeamStore):
    """The schedule and its games."""

    # --- what the playoffs' store (league.store.playoffs, above this one) decides for a game --------

    async def _check_open(self, league: League, phase: str) -> None:
        """Refuse a game of ``phase`` when the league's season takes none now (a season's close)."""
        raise NotImplementedError

    async def _advance_series(self, game_id: int) -> None:
        """A finished playoff game moves its series on (inside the finishing transaction)."""
        raise NotImplementedError

    # --- games: scheduling ----------------------------------------------------------------

    async def _game(self, game_id: int) -> GameRecord:
        row = await self._one(SELECT_GAME, (_check_id(game_id, "game"),))
        if row is None:
            raise NotFound(f"no game with id {game_id}")
        return await self._record(row)

    async def game(self, game_id: int) -> GameRecord:
        async with self.transaction(write=False):
            return await self._game(game_id)

    async def game_progress(self, game_id: int) -> tuple[str, int, int]:
        """A game's status, the events its front end has shown and its log's size: a change in any of
        them is a change in what the game's page shows (cheap to ask twice a second)."""
        async with self.transaction(write=False):
            row = await self._one(SELECT_GAME_PROGRESS, (_check_id(game_id, "game"),))
            if row is None:
                raise NotFound(f"no game with id {game_id}")
            return str(row["status"]), int(row["posted"]), int(row["logged"] or 0)

    async def games(
        self, league_id: int, *, season: int | None = None, day: int | None = None, status: GameStatus | None = None
    ) -> list[GameRecord]:
        """The league's games of a season (default: the current one), by day; one day's or one status's if asked."""
        _check_choice(status, "a game's status", GameStatus)
        _check_day(day)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            rows = await self._all(SELECT_GAMES, (league_id, _season_of(league, season), day, day, status, status))
            return [await self._record(r) for r in rows]

    async def game_summaries(
        self,
        league_id: int,
        *,
        season: int | None = None,
        day: int | None = None,
        status: GameStatus | None = None,
        team_id: int | None = None,
    ) -> list[GameSummary]:
        """The season's games (default: the current one) by day, without reading their setups, logs or box scores;
        one team's with ``team_id``."""
        _check_choice(status, "a game's status", GameStatus)
        _check_day(day)
        async with self.transaction(write=False):
            league = await self._league(league_id)
            where = (league_id, _season_of(league, season), day, day, status, status, team_id, team_id)
            rows = await self._all(SELECT_GAME_SUMMARIES, where)
            return [GameSummary.from_row(r) for r in rows]

    async def scheduled_through(self, league_id: int, day: int) -> list[GameRecord]:
        """The current season's games still 'scheduled' on ``day`` or before (not live, final or postponed), by day."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            rows = await self._all(SELECT_SCHEDULED_THROUGH, (league_id, league.season, day))
            return [await self._record(r) for r in rows]

    async def last_scheduled_day(self, league_id: int) -> int | None:
        """The last day of the current season with a game still 'scheduled'; None when none is."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            day = await self._value(SELECT_LAST_SCHEDULED_DAY, (league_id, league.season))
            return None if day is None else int(day)

    async def live_games(self) -> list[GameRecord]:
        """Every game in progress in every league: the bot resumes these when it starts."""
        async with self.transaction(write=False):
            return [await self._record(r) for r in await self._all(SELECT_LIVE_GAMES)]

    async def schedule_game(
        self, league_id: int, away_team_id: int, home_team_id: int, day: int | None = None
    ) -> GameRecord:
        """One game on a league day (default: today); refused (:class:`NotOnSchedule`) in a season that has a
        schedule, whose standings count only the schedule's games."""
        async with self.transaction():
            league = await self._league(league_id)
            away, home = await self._team(away_team_id), await self._team(home_team_id)
            for team in (away, home):
                if team.league_id != league_id:
                    raise NotFound(f"{team.name} is not in {league.name}")
            if away.id == home.id:
                raise GameError(f"{away.name} cannot play itself")
            await self._check_open(league, "regular")
            if await self._value(SELECT_SEASON_SCHEDULE, (league.id, league.season)) is not None:
                raise NotOnSchedule(
                    f"season {league.season} of {league.name} has a schedule: its regular season plays the "
                    "schedule's games and no other"
                )
            when = league.day if day is None else day
            _check_day(when)
            return await self._game(await self._value(INSERT_GAME, (league_id, league.season, when, away.id, home.id)))

    async def schedule_season(
        self,
        league_id: int,
        games_per_team: int,
        *,
        series_length: int = 3,
        seed: int = 0,
        first_day: int | None = None,
        off_days: int | None = None,
    ) -> list[GameRecord]:
        """The season's games (league.schedule), from ``first_day`` (default: today); teams in divisions and
        leagues (AL, NL) if set; ``off_days`` each team's days without a game (default: the schedule's). The
        two leagues meet or not as the league's card sets say (``CardPool.interleague``: a generated season
        before 1997 has none)."""
        _check_day(first_day)
        async with self.transaction():
            league = await self._league(league_id)
            interleague = (await self._league_pool(league)).interleague()
            if await self._value(COUNT_SEASON_GAMES, (league_id, league.season)):
                raise GameError(f"season {league.season} of {league.name} already has games scheduled")
            teams = [await self._team(r["id"]) for r in await self._all(SELECT_TEAMS, (league_id,))]
            by_key = {t.abbreviation: t for t in teams}
            divisions: dict[str, list[str]] = {}
            for team in teams:
                if team.division is not None:
                    divisions.setdefault(team.division, []).append(team.abbreviation)
            if divisions and any(t.division is None for t in teams):
                missing = ", ".join(t.name for t in teams if t.division is None)
                raise SettingsError(f"some teams have a division and some do not; give these one: {missing}")
            subleagues = {t.abbreviation: t.subleague for t in teams if t.subleague is not None}
            if subleagues and len(subleagues) < len(teams):
                missing = ", ".join(t.name for t in teams if t.subleague is None)
                raise SettingsError(f"some teams have a league (AL, NL) and some do not; give these one: {missing}")
            try:
                planned = await asyncio.to_thread(  # a big league's schedule takes a moment: not on the event loop
                    make_schedule,
                    list(by_key),
                    games_per_team,
                    series_length,
                    divisions or None,
                    seed,
                    subleagues=subleagues or None,
                    off_days=off_days,
                    interleague=interleague,
                )
            except ScheduleError as exc:
                raise SettingsError(str(exc)) from exc
            start = league.day if first_day is None else first_day
            ids = [
                await self._value(
                    INSERT_GAME,
                    (league_id, league.season, start + g.day - 1, by_key[g.away].id, by_key[g.home].id),
                )
                for g in planned
            ]
            await self._run(INSERT_SEASON_SCHEDULE, (league_id, league.season, len(ids)))
            return [await self._game(i) for i in ids]

    async def postpone_game(self, game_id: int) -> GameRecord:
        async with self.transaction():
            game = await self._game(game_id)
            if game.status != "scheduled":
                raise GameError(f"game {game_id} is {game.status}; only a scheduled game can be postponed")
            await self._run(UPDATE_GAME_STATUS, ("postponed", game_id))
            return await self._game(game_id)

    async def reschedule_game(self, game_id: int, day: int) -> GameRecord:
        """A scheduled or postponed game moved to another league day."""
        _check_day(day)
        async with self.transaction():
            game = await self._game(game_id)
            if game.status not in ("scheduled", "postponed"):
                raise GameError(f"game {game_id} is {game.status}; it cannot be moved")
            await self._run(UPDATE_GAME_DAY, (day, game_id))
            return await self._game(game_id)

    # --- games: what the front ends keep of a game (posts, pauses), forfeits --------------------

    async def unposted_finals(self) -> list[GameRecord]:
        """Finished games whose thread has not shown the end yet: the bot died right after the last out."""
        async with self.transaction(write=False):
            return [await self._record(r) for r in await self._all(SELECT_UNPOSTED_FINALS)]

    async def games_to_resume(self) -> list[GameRecord]:
        """What the bot picks up when it starts: every live game, then every final game whose end is unposted."""
        async with self.transaction(write=False):
            rows = [*await self._all(SELECT_LIVE_GAMES), *await self._all(SELECT_UNPOSTED_FINALS)]
            return [await self._record(r) for r in rows]

    async def record_final_posted(self, game_id: int) -> None:
        """The thread has shown the game's box score and standings line."""
        async with self.transaction():
            await self._game(game_id)
            await self._run(UPDATE_FINAL_POSTED, (game_id,))

    async def set_game_channel(self, game_id: int, channel_id: int | None, thread_id: int | None = None) -> GameRecord:
        """The channel (and thread) a game is played in."""
        async with self.transaction():
            await self._game(game_id)
            await self._run(UPDATE_GAME_CHANNEL, (channel_id, thread_id, game_id))
            return await self._game(game_id)

    async def record_posted(self, game_id: int, posted: int, scoreboard_id: int | None = None) -> GameRecord:
        """How many of a live game's events its Discord thread has shown (and the scoreboard message)."""
        if posted < 0:
            raise GameError("posted counts events; it cannot be negative")
        async with self.transaction():
            await self._game(game_id)
            await self._run(UPDATE_GAME_POSTED, (posted, scoreboard_id, game_id))
            return await self._game(game_id)

    async def record_prompt(self, game_id: int, message_id: int | None) -> GameRecord:
        """The Discord message that asks a live game's manager now (None: nothing is asked)."""
        async with self.transaction():
            await self._game(game_id)
            await self._run(UPDATE_GAME_PROMPT, (message_id, game_id))
            return await self._game(game_id)

    async def set_paused(self, game_id: int, paused: bool) -> GameRecord:
        """Stop or restart play of a live game; a paused game waits, even across restarts."""
        async with self.transaction():
            game = await self._game(game_id)
            if game.status != "live":
                raise GameError(f"game {game_id} is {game.status}; only a live game can be paused or resumed")
            if game.paused == paused:
                raise GameError(f"game {game_id} is already {'paused' if paused else 'being played'}")
            await self._run(UPDATE_GAME_PAUSED, (int(paused), game_id))
            return await self._game(game_id)

    async def forfeit_game(self, game_id: int, side: str) -> GameRecord:
        """``side`` forfeits a scheduled, postponed or live game: final, 9-0 to the other side.

        A forfeit counts in the standings only: it has no box score, so it adds nothing
        to players' stats and no rest to pitchers.
        """
        if side not in ("away", "home"):
            raise GameError(f"the side that forfeits is 'away' or 'home', not {side!r}")
        async with self.transaction():
            game = await self._game(game_id)
            if game.status == "final":
                raise GameError(f"game {game_id} is already final")
            away_runs, home_runs = (0, 9) if side == "away" else (9, 0)
            line = _dumps({"forfeit": side})
            await self._run(FORFEIT_GAME, (side, away_runs, home_runs, line, utc_now(), game_id))
            await self._advance_series(game_id)  # a playoff game: the series goes on
            return await self._game(game_id)

    # --- a live game's owner (league.lease, issue 26) --------------------------------------------

    async def _lease(self, game_id: int) -> GameLease | None:
        row = await self._one(SELECT_GAME_LEASE, (game_id,))
        return None if row is None else GameLease.from_row(row)

    async def game_lease(self, game_id: int) -> GameLease | None:
        """Who holds the game's lease (None: nobody has taken it)."""
        async with self.transaction(write=False):
            await self._game(game_id)
            return await self._lease(game_id)

    async def take_lease(
        self, game_id: int, owner: Owner, *, seconds: float = LEASE_SECONDS, now: float | None = None
    ) -> GameLease:
        """``owner`` holds the live game for ``seconds`` (renewed if it held it already); refused with
        :class:`GameBusy`, changing nothing, while another holds a lease that has not lapsed and whose
        process is not known to be gone. Take it in the transaction that starts or resumes the game."""
        at = time.time() if now is None else now
        async with self.transaction():
            game = await self._game(game_id)
            if game.status != "live":
                raise GameError(f"game {game_id} is {game.status}; only a live game is played by someone")
            held = await self._lease(game_id)
            if held is not None and not held.free_for(owner, at):
                raise GameBusy(f"game {game_id} is being played by {held.holder_text()}; try again when it ends")
            await self._run(UPSERT_GAME_LEASE, (game_id, owner.id, owner.host, owner.pid, at, at + seconds))
            lease = await self._lease(game_id)
            assert lease is not None
            return lease

    async def renew_lease(
        self, game_id: int, owner: Owner, *, seconds: float = LEASE_SECONDS, now: float | None = None
    ) -> GameLease:
        """The owner's lease, now lasting ``seconds`` more; :class:`GameBusy` if it is no longer its own
        (it lapsed and another process took it over: stop playing). Renew it in the transaction that
        saves an answer, so no answer is saved to a game another process plays."""
        at = time.time() if now is None else now
        async with self.transaction():
            await self._game(game_id)
            await self._run(RENEW_GAME_LEASE, (at + seconds, game_id, owner.id))
            lease = await self._lease(game_id)
            if lease is None or lease.owner != owner.id:
                holder = "nobody" if lease is None else lease.holder_text()
                raise GameBusy(f"game {game_id} is no longer this process's to play: it is held by {holder}")
            return lease

    async def release_lease(self, game_id: int, owner: Owner) -> None:
        """The owner stops playing the game (stopped, or the game is over); another's lease is left alone."""
        async with self.transaction():
            await self._run(DELETE_GAME_LEASE, (game_id, owner.id))
