"""The store of a game played: its setup (league.setups), its start, progress and finish.

A finished game is stored in one transaction: its record, the season tables, the pitchers'
rest and the injuries (league.rest).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cards.notation import Position
from engine.boxscore import box_score
from engine.events import Injury as InjuryEvent
from engine.game import ASKING_LEVELS, AnyGame, Game
from engine.requests import ReplayMismatch
from engine.rulesets import ruleset as ruleset_named
from engine.setup import AnySetup, AnyTeamSetup, SetupError
from league import compact, rest, seasontables, setups
from league.cardpool import CardPool
from league.errors import (
    GameError,
    LineupError,
    PlayerUnavailable,
)
from league.models import (
    GameRecord,
    Hand,
    League,
    Replacement,
    Team,
    days_in_a_row,
)
from league.setups import Club
from league.store.base import _dumps, utc_now
from league.store.games import GameStore
from league.store.teams import SELECT_ROTATION_SLOT_OF, UPDATE_TEAM_NEXT_SLOT
from league.usage import Pace

# --- SQL (parameters are ? placeholders)

# (played_day, ruleset, setup, seed, managed, asking, channel_id, thread_id, started_at, game_id)
START_GAME = """
UPDATE game SET status = 'live', played_day = ?, ruleset = ?, setup = ?, seed = ?, log = '[]', managed = ?,
    asking = ?, time_called = '[]', channel_id = coalesce(?, channel_id), thread_id = coalesce(?, thread_id),
    started_at = ?
WHERE id = ?
"""
# A live game of either team, other than the game itself: a team plays one game at a time.
# (game_id, team_id, team_id, team_id, team_id)
SELECT_TEAMS_LIVE_GAME = """
SELECT * FROM game WHERE status = 'live' AND id != ?
    AND (away_team_id IN (?, ?) OR home_team_id IN (?, ?))
ORDER BY id LIMIT 1
"""
# (log, managed, asking, time_called, game_id)
UPDATE_GAME_LOG = "UPDATE game SET log = ?, managed = ?, asking = ?, time_called = ? WHERE id = ?"
# (game_id, league_id, card_id, team_id, season, day, started, outs, batters_faced, rest_days)
INSERT_PITCHER_USAGE = """
INSERT INTO pitcher_usage (game_id, league_id, card_id, team_id, season, day, started, outs, batters_faced, rest_days)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
# (league_id, card_id, season, first day, last day)
SELECT_DAYS_PITCHED = """
SELECT DISTINCT day FROM pitcher_usage WHERE league_id = ? AND card_id = ? AND season = ? AND day BETWEEN ? AND ?
"""
# A starter the Bench Usage Chart sat, his turn skipped: (game_id, league_id, card_id, team_id, season, day, rest_days)
INSERT_SKIPPED_START = """
INSERT INTO skipped_start (game_id, league_id, card_id, team_id, season, day, rest_days)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (game_id, card_id) DO UPDATE SET
    league_id = excluded.league_id, team_id = excluded.team_id, season = excluded.season, day = excluded.day,
    rest_days = excluded.rest_days
"""
# (league_id, card_id, team_id, game_id, season, day, kind, days, days_left)
INSERT_INJURY = """
INSERT INTO injury (league_id, card_id, team_id, game_id, season, day, kind, days, days_left)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
# (snapshot_id, game_id): after START_GAME
UPDATE_GAME_SNAPSHOT = "UPDATE game SET snapshot_id = ? WHERE id = ?"
# (managed, asking, away_runs, home_runs, line_score, log_z, box_z, innings, finished_at, game_id)
FINISH_GAME_PACKED = """
UPDATE game SET status = 'final', log = '[]', managed = ?, asking = ?, time_called = '[]',
    away_runs = ?, home_runs = ?, line_score = ?, box_score = '{}', log_z = ?, box_z = ?, innings = ?,
    finished_at = ?
WHERE id = ?
"""
# A card's starts so far: (team_id, season, team_id, season). A pitcher who bats (no DH) starts in the
# batting order in the games he starts on the mound, so his two lines count the same starts: the larger
# is his, never their sum (a position player's pitching line has none).
SELECT_TEAM_STARTS = """
SELECT card_id, MAX(starts) AS starts FROM (
    SELECT card_id, SUM(games_started) AS starts FROM season_batting
    WHERE team_id = ? AND season = ? AND phase = 'regular' GROUP BY card_id
    UNION ALL
    SELECT card_id, SUM(games_started) AS starts FROM season_pitching
    WHERE team_id = ? AND season = ? AND phase = 'regular' GROUP BY card_id
) AS line GROUP BY card_id
"""
# The team's games so far (one starting pitcher a game): (team_id, season)
SELECT_TEAM_GAMES_STARTED = """
SELECT COALESCE(SUM(games_started), 0) FROM season_pitching WHERE team_id = ? AND season = ? AND phase = 'regular'
"""
# A card's at-bats so far: (team_id, season)
SELECT_TEAM_AT_BATS = """
SELECT card_id, SUM(ab) AS ab FROM season_batting
WHERE team_id = ? AND season = ? AND phase = 'regular' GROUP BY card_id
"""
# (team_id)
SELECT_TEAM_USAGE = "SELECT card_id, starts, games FROM team_usage WHERE team_id = ?"


class PlayStore(GameStore):
    """A game from its setup to its finish."""

    # --- a game's setup (league.setups makes it; the store reads what it needs) ----------------

    async def _club(self, team: Team) -> Club:
        """The team's plans as a game's setup reads them (league.setups)."""
        hands: tuple[Hand, ...] = ("L", "R")
        lineups = {hand: lineup for hand in hands if (lineup := await self._lineup(team.id, hand)) is not None}
        roles = {r.card_id: r.role for r in await self._bullpen_roles(team.id)}
        return Club(team, await self._roster(team.id), await self._rotation(team), roles, lineups)

    async def _pace(self, team: Team, season: int, pool: CardPool) -> Pace | None:
        """The team's real usage and its starts so far this season; None for a team without targets. Its batters
        are paced by at-bats when every one with a target has his real at-bats (his card's stats)."""
        rows = await self._all(SELECT_TEAM_USAGE, (team.id,))
        if not rows:
            return None
        rows_started = await self._all(SELECT_TEAM_STARTS, (team.id, season, team.id, season))
        started = {row["card_id"]: row["starts"] for row in rows_started}
        played = await self._value(SELECT_TEAM_GAMES_STARTED, (team.id, season))
        targets = {r["card_id"]: r["starts"] for r in rows}
        roster = await self._roster(team.id)
        batters = [c for c in targets if c in roster and roster[c].kind == "batter"]
        real = {c: s.at_bats for c in batters if (s := pool.batter(c).stats) and s.at_bats is not None}
        if len(real) < len(batters) or not sum(real.values()):
            real = {}
        at_bats = {row["card_id"]: row["ab"] for row in await self._all(SELECT_TEAM_AT_BATS, (team.id, season))}
        return Pace(rows[0]["games"], targets, int(played or 0), started, real, at_bats)

    async def _build_setup(
        self,
        league: League,
        game: GameRecord,
        replacements: list[Replacement] | None = None,
        told: list[Replacement] | None = None,
    ) -> AnySetup:
        """The game's setup (league.setups.game_setup) from the teams as they stand today."""
        pool = await self._league_pool(league)
        away, home = await self._team(game.away_team_id), await self._team(game.home_team_id)
        unavailable = await self._unavailable(league)
        # The auto-manager (replacements wanted) follows real usage in the regular season.
        follow = replacements is not None and game.phase == "regular"
        paces = (
            (await self._pace(away, game.season, pool), await self._pace(home, game.season, pool))
            if follow
            else (None, None)
        )
        clubs = await self._club(away), await self._club(home)
        return setups.game_setup(league, game, pool, *clubs, unavailable, paces, replacements, told)

    async def build_game_setup(self, game_id: int, told: list[Replacement] | None = None) -> AnySetup:
        """The game as the teams stand today: lineups vs the other starter's hand, next starters, bullpens, park.

        Deep Drive's Bench Usage Chart (a league rule) may sit a starter: his replacement is noted in
        ``told`` (a list to fill), for the front end to tell the managers before the first pitch.
        """
        async with self.transaction(write=False):
            game = await self._game(game_id)
            if game.status not in ("scheduled", "postponed"):
                raise GameError(f"game {game_id} is {game.status}; its setup is already fixed")
            return await self._build_setup(await self._league(game.league_id), game, told=told)

    async def playable_setup(self, game_id: int) -> tuple[AnySetup, list[Replacement]]:
        """The game's setup as :meth:`build_game_setup` makes it, never stopped by who cannot play today.

        A saved lineup's hurt, resting or departed player is replaced by the bench player
        the auto-manager would send in for a man hurt in a game (the best range at his
        position, else the best hitter: ``engine.inside_pitch.manager.best_at``); a rotation
        with no starter ready gets a spot starter from the bullpen. Nothing is saved: the
        replacements come back for the front end to tell the manager.
        """
        async with self.transaction(write=False):
            game = await self._game(game_id)
            if game.status not in ("scheduled", "postponed"):
                raise GameError(f"game {game_id} is {game.status}; its setup is already fixed")
            replacements: list[Replacement] = []
            setup = await self._build_setup(await self._league(game.league_id), game, replacements)
            return setup, replacements

    async def _check_setup_players(self, league: League, setup: AnySetup) -> None:
        """A setup made elsewhere: nobody who may enter the game (lineup, starter, bench, bullpen) is
        injured or resting, so a tired reliever can never come in (issue 13: every pitcher who enters
        is rested). league.setups.team_setup leaves them out of the setups it makes."""
        unavailable = await self._unavailable(league)
        for team in (setup.away, setup.home):
            players = [
                team.pitcher,
                *(s.batter for s in team.lineup if s.position is not Position.P),
                *team.bench,
                *team.bullpen,
            ]
            for card in players:
                if card.id in unavailable:
                    raise PlayerUnavailable(f"{team.name}: {card.name} is {unavailable[card.id]}; he cannot play")

    async def _check_start(self, league: League, game: GameRecord, override: bool) -> None:
        """Refuse a start that may not happen now: a game already started or over, a game of a closed
        season (:meth:`_check_open`), a game whose day is still to come or a postponed game whose day is
        not today (unless ``override``: a commissioner's call), or a team already playing a live game.

        A scheduled game whose day has passed is a make-up game: its teams were busy in a live game
        when the league's day was played (league.autoplay leaves them scheduled), and it is played
        when they are free, by its managers or by the next day's auto-play."""
        if game.status == "live":
            raise GameError(f"game {game.id} is live; it has already started")
        if game.status not in ("scheduled", "postponed"):
            raise GameError(f"game {game.id} is {game.status}; it cannot start again")
        await self._check_open(league, game.phase)
        if not override and (game.day > league.day or (game.status == "postponed" and game.day != league.day)):
            raise GameError(
                f"game {game.id} is on day {game.day} and today is day {league.day}; a game starts on its day "
                "(a commissioner may start it anyway, or move it)"
            )
        teams = (game.away_team_id, game.home_team_id)
        row = await self._one(SELECT_TEAMS_LIVE_GAME, (game.id, *teams, *teams))
        if row is not None:
            live = await self._record(row)
            busy = await self._team(next(t for t in teams if t in (live.away_team_id, live.home_team_id)))
            away, home = await self._team(live.away_team_id), await self._team(live.home_team_id)
            raise GameError(
                f"{busy.name} is playing game {live.id} ({away.name} at {home.name}, day {live.day}) now; "
                "a team plays one game at a time"
            )

    async def check_start(self, game_id: int, *, override: bool = False) -> GameRecord:
        """The game, if it may start now (as :meth:`start_game` would check); else the refusal.

        Writes nothing: a front end asks first so that a refusal comes before it opens anything.
        """
        async with self.transaction(write=False):
            game = await self._game(game_id)
            await self._check_start(await self._league(game.league_id), game, override)
            return game

    # --- a game played: its start, progress and finish -------------------------------------------

    async def start_game(
        self,
        game_id: int,
        *,
        setup: AnySetup | None = None,
        seed: int | None = None,
        managed: Iterable[str] = (),
        asking: Mapping[str, str] | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        override: bool = False,
        told: Sequence[Replacement] = (),
    ) -> GameRecord:
        """The game goes live with a setup (default: ``build_game_setup``) and a seed (default: a random one).

        ``told`` are the notes that came with the setup (``build_game_setup``'s, ``playable_setup``'s):
        a starter the Bench Usage Chart sat (``Replacement.rest``) has his turn skipped and rests from
        today as after a start (DDB "Using the Bench"), kept in ``skipped_start``. Without a setup
        the notes of the one built here are used.

        ``managed`` sides are asked every question unless ``asking`` gives a side's level
        ("every", "matters" or "never": engine.game.Game.asking).

        Only on its day (league.day) unless ``override`` (the caller checks that a commissioner
        asked), and only if neither team is playing a live game; every player who may enter
        is healthy and rested (:meth:`_check_setup_players`). An empty bullpen is allowed: the
        starter then pitches on, as the engine's manager does when nobody is left.
        """
        async with self.transaction():
            game = await self._game(game_id)
            league = await self._league(game.league_id)
            await self._check_start(league, game, override)
            if setup is None:
                built: list[Replacement] = []
                setup = await self._build_setup(league, game, told=built)
                told = built
            else:
                try:
                    setup.validate()
                except SetupError as exc:
                    raise LineupError(str(exc)) from exc
                await self._check_setup_players(league, setup)
            if setup.ruleset != league.ruleset:
                raise GameError(f"the league plays {league.ruleset}; that setup is for {setup.ruleset}")
            sides = sorted(set(managed))
            if any(side not in ("away", "home") for side in sides):
                raise GameError(f"the sides a person manages are 'away' and 'home', not {sides}")
            levels = dict(asking or {})
            for side, level in levels.items():
                if side not in ("away", "home") or level not in ASKING_LEVELS:
                    raise GameError(f"asking is a side ('away', 'home') and one of {', '.join(ASKING_LEVELS)}")
            snapshot_id, cards = await self._snapshot_for(league)
            await self._run(
                START_GAME,
                (
                    league.day,
                    setup.ruleset,
                    _dumps(compact.pack_setup(setup.to_dict(), cards)),
                    secrets.randbits(62) if seed is None else seed,
                    _dumps(sides),
                    _dumps(levels),
                    channel_id,
                    thread_id,
                    utc_now(),
                    game_id,
                ),
            )
            await self._run(UPDATE_GAME_SNAPSHOT, (snapshot_id, game_id))
            await self._skip_turns(league, game, told)
            return await self._game(game_id)

    async def _skip_turns(self, league: League, game: GameRecord, told: Sequence[Replacement]) -> None:
        """DDB "Using the Bench": each starter the Bench Usage Chart sat rests his Usage box's games
        from today (the day the game starts), as a start's rest is counted (:meth:`_unavailable`)."""
        by_name = {}
        for team_id in (game.away_team_id, game.home_team_id):
            by_name[(await self._team(team_id)).name] = team_id
        for note in told:
            if note.rest > 0 and note.out is not None and note.team in by_name:
                where = (game.id, league.id, note.out, by_name[note.team], league.season, league.day)
                await self._run(INSERT_SKIPPED_START, (*where, note.rest))

    def _same_game(self, game: GameRecord, data: Mapping[str, Any]) -> AnyGame:
        """The engine game rebuilt from ``data``, refused unless it is this game (same setup and seed)."""
        if data.get("seed") != game.seed or json.loads(_dumps(data.get("setup"))) != game.setup:
            raise GameError(f"that is not game {game.id}: its setup or seed differs from the one stored")
        try:
            return Game.from_dict(dict(data))
        except (ReplayMismatch, SetupError, ValueError, KeyError, TypeError) as exc:
            raise GameError(f"game {game.id} does not replay: {exc}") from exc

    async def save_progress(self, game_id: int, game_dict: Mapping[str, Any]) -> GameRecord:
        """A live game's decision log (and who manages each side), saved after every answer."""
        async with self.transaction():
            game = await self._game(game_id)
            if game.status != "live":
                raise GameError(f"game {game_id} is {game.status}, not live")
            replay = self._same_game(game, game_dict)
            await self._run(UPDATE_GAME_LOG, (_dumps(replay.log_to_json()), *_asking(replay), game_id))
            return await self._game(game_id)

    async def save_decisions(self, game_id: int, game: AnyGame) -> GameRecord:
        """A live game's decisions as the engine in hand has them: the bot's path after every answer.

        Cheaper than :meth:`save_progress`, which rebuilds the game from JSON: this game was
        loaded from the record and replayed by the engine, so it is checked by its seed and
        by the stored log agreeing with its log, but for auto-manager answers that nobody
        had seen yet and the engine took back (``Game.take_back``: a manager called time).
        """
        log = game.log_to_json()
        async with self.transaction():
            record = await self._game(game_id)
            if record.status != "live":
                raise GameError(f"game {game_id} is {record.status}, not live")
            same = 0
            for stored, now in zip(record.log, log, strict=False):
                if stored != now:
                    break
                same += 1
            if game.seed != record.seed or any(d.get("by") != "auto" for d in record.log[same:]):
                raise GameError(f"that is not game {game_id} going on: its seed or earlier decisions differ")
            await self._run(UPDATE_GAME_LOG, (_dumps(log), *_asking(game), game_id))
            return await self._game(game_id)

    async def load_game(self, game_id: int) -> AnyGame:
        """A live or final game replayed from its setup, seed and log."""
        record = await self.game(game_id)
        if record.status not in ("live", "final"):
            raise GameError(f"game {game_id} is {record.status}; it has not been played")
        return Game.from_dict(record.game_dict())

    async def _hook(self, stage: str) -> None:
        if self.finish_hook is not None:
            await self.finish_hook(stage)

    async def finish_game(self, game_id: int, game_dict: Mapping[str, Any] | AnyGame) -> GameRecord:
        """A finished game, all at once: final status, log, line and box score, pitchers' rest, injuries.

        The line and box scores are derived from the replay of ``game_dict`` (``Game.to_dict()``),
        or from the engine game in hand (:meth:`play_auto_game`: no replay), checked by its seed.
        """
        async with self.transaction():
            record = await self._game(game_id)
            if record.status != "live":
                raise GameError(f"game {game_id} is {record.status}; only a live game can finish")
            game = self._game_in_hand(record, game_dict)
            if not game.over:
                raise GameError(f"game {game_id} is not over yet; it can only be finished after the last out")
            league = await self._league(record.league_id)
            day = record.played_day if record.played_day is not None else league.day
            box = box_score(game)
            line = box.line
            box_dict = box.to_dict()
            await self._run(
                FINISH_GAME_PACKED,
                (
                    *_asking(game)[:2],
                    line.away.r,
                    line.home.r,
                    _dumps(line.to_dict()),
                    compact.pack(game.log_to_json()),
                    compact.pack(box_dict),
                    line.innings,
                    utc_now(),
                    game_id,
                ),
            )
            await self._hook("game")
            team_ids = {"away": record.away_team_id, "home": record.home_team_id}
            await seasontables.add_box(
                self._conn,
                league_id=league.id,
                season=record.season,
                phase=record.phase,
                day=day,
                game_id=game_id,
                team_ids=team_ids,
                box=box_dict,
            )
            await self._hook("season")
            policy = ruleset_named(game.setup.ruleset).policy
            depth_arms = rest.depth_arms(game.setup)
            for side in ("away", "home"):
                team = await self._team(team_ids[side])
                starter = game.setup.away.pitcher if side == "away" else game.setup.home.pitcher
                for pitching in box.team(side).pitching:
                    started = pitching.player == starter.id
                    in_a_row = await self._relief_days_in_a_row(league, record.season, pitching.player, day)
                    days = rest.pitcher_rest(
                        league.rules,
                        policy,
                        starter,
                        started=started,
                        outs=pitching.outs,
                        in_a_row=in_a_row,
                        events=game.events,
                        depth_arm=pitching.player in depth_arms,
                    )
                    usage = (pitching.player, team.id, record.season, day, int(started), pitching.outs, pitching.bf)
                    await self._run(INSERT_PITCHER_USAGE, (game_id, league.id, *usage, days))
                slot = await self._value(SELECT_ROTATION_SLOT_OF, (team.id, starter.id))
                if slot is not None:
                    await self._run(UPDATE_TEAM_NEXT_SLOT, (slot + 1, team.id))
            await self._hook("pitchers")
            for event in game.events:
                if isinstance(event, InjuryEvent) and event.leaves_game:
                    side = "away" if event.player in _player_ids(game.setup.away) else "home"
                    where = (league.id, event.player, team_ids[side], game_id, record.season, day)
                    await self._run(INSERT_INJURY, (*where, event.kind, event.days, event.days))
            for injury in rest.post_game_injuries(league.rules, policy, game):  # DDB "Post-Game Injuries"
                where = (league.id, injury.player, team_ids[injury.side], record.id, record.season, day)
                await self._run(INSERT_INJURY, (*where, "training room", injury.days, injury.days))
            await self._hook("injuries")
            await self._advance_series(game_id)  # a playoff game: the series goes on
            return await self._game(game_id)

    def _game_in_hand(self, record: GameRecord, game: Mapping[str, Any] | AnyGame) -> AnyGame:
        if not isinstance(game, Game):
            return self._same_game(record, game)
        if game.seed != record.seed:
            raise GameError(f"that is not game {record.id}: its seed differs from the one stored")
        return game

    async def play_auto_game(
        self, game_id: int, game: AnyGame, *, override: bool = True, told: Sequence[Replacement] = ()
    ) -> GameRecord:
        """A game nobody manages, started with ``game``'s setup and seed and finished with its result in ONE
        transaction: a kill leaves it scheduled (nothing written) or final (all written), never live.

        ``game`` is ``Game(setup, seed)`` played to the end (league.autoplay plays them); the usual
        start checks apply (a team with a live game is refused), with ``override`` for a game left
        over from an earlier day; ``told``, the setup's notes (``playable_setup``), as for :meth:`start_game`.
        """
        async with self.transaction():
            await self.start_game(game_id, setup=game.setup, seed=game.seed, override=override, told=told)
            return await self.finish_game(game_id, game)

    async def _relief_days_in_a_row(self, league: League, season: int, card_id: str, day: int) -> int:
        window = league.rules.relief_days_in_a_row
        rows = await self._all(SELECT_DAYS_PITCHED, (league.id, card_id, season, day - window, day - 1))
        return days_in_a_row((r["day"] for r in rows), day)


def _player_ids(team: AnyTeamSetup) -> set[str]:
    ids = {s.batter.id for s in team.lineup} | {b.id for b in team.bench}
    ids |= {team.pitcher.id} | {p.id for p in team.bullpen}
    if team.pitcher_batting is not None:
        ids.add(team.pitcher_batting.id)
    return ids


def _asking(game: AnyGame) -> tuple[str, str, str]:
    """Who manages a game, how often each side is asked and who called time, as stored."""
    return _dumps(sorted(game.managed)), _dumps(game.asking), _dumps(sorted(game.time_called))
