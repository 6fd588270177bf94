"""Every public method of the store answers a bad argument with a named error (league.errors) that says
what is wrong, and writes nothing: never a raw sqlite3 error, and never an empty answer to a wrong question."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from league.errors import CardError, GameError, LeagueError, NotFound, RosterError, SettingsError
from league.models import League, Team
from league.store import Store
from tests.league.conftest import HC_PLAYERS, unchanged

HUGE = 2**70  # past SQLite's 64-bit integers

Call = Callable[[Store, League, Team], Awaitable[Any]]

BAD: dict[str, tuple[Call, type[LeagueError], str]] = {
    # Discord ids kept in INTEGER columns (a raw sqlite3.IntegrityError or OverflowError before)
    "set_manager text": (lambda s, lg, t: s.set_manager(t.id, "abc"), SettingsError, "manager's user id"),
    "set_manager huge": (lambda s, lg, t: s.set_manager(t.id, HUGE), SettingsError, "manager's user id"),
    "set_manager zero": (lambda s, lg, t: s.set_manager(t.id, 0), SettingsError, "manager's user id"),
    "co-manager text": (lambda s, lg, t: s.add_co_manager(t.id, "abc"), SettingsError, "co-manager's user id"),
    "commissioner float": (lambda s, lg, t: s.add_commissioner(lg.id, 1.5), SettingsError, "user id"),
    "channel text": (lambda s, lg, t: s.set_channel(lg.id, "games", "abc"), SettingsError, "channel id"),
    "team manager text": (
        lambda s, lg, t: s.create_team(lg.id, "New Team", "NT", manager_id="abc"),
        SettingsError,
        "manager's user id",
    ),
    "league server text": (
        lambda s, lg, t: s.create_league("Other", ["sample"], guild_id="abc"),  # type: ignore[arg-type]
        SettingsError,
        "server id",
    ),
    "league commissioner huge": (
        lambda s, lg, t: s.create_league("Other", ["sample"], commissioners=[HUGE]),
        SettingsError,
        "commissioner's user id",
    ),
    "asking user huge": (lambda s, lg, t: s.set_manager_asking(lg.id, HUGE, "never"), SettingsError, "user id"),
    "pings user text": (lambda s, lg, t: s.set_manager_pings(lg.id, "abc", True), SettingsError, "user id"),
    # ids past SQLite's integers are simply not there
    "team huge": (lambda s, lg, t: s.team(HUGE), NotFound, f"no team with id {HUGE}"),
    "league huge": (lambda s, lg, t: s.league(HUGE), NotFound, f"no league with id {HUGE}"),
    "game huge": (lambda s, lg, t: s.game(HUGE), NotFound, f"no game with id {HUGE}"),
    "trade huge": (lambda s, lg, t: s.trade(HUGE), NotFound, f"no trade with id {HUGE}"),
    "set_manager team huge": (lambda s, lg, t: s.set_manager(HUGE, 5), NotFound, "no team with id"),
    # choices that matched nothing and answered empty
    "games status": (lambda s, lg, t: s.games(lg.id, status="done"), SettingsError, "a game's status is one of"),
    "summaries status": (
        lambda s, lg, t: s.game_summaries(lg.id, status="done"),
        SettingsError,
        "a game's status is one of",
    ),
    "games day": (lambda s, lg, t: s.games(lg.id, day=0), GameError, "days are numbered from 1"),
    "game day huge": (lambda s, lg, t: s.schedule_game(lg.id, t.id, t.id + 1, day=HUGE), GameError, "days are"),
    "season first day": (lambda s, lg, t: s.schedule_season(lg.id, 4, first_day=0), GameError, "days are"),
    "reschedule day huge": (lambda s, lg, t: s.reschedule_game(1, HUGE), GameError, "days are"),
    "advance days huge": (lambda s, lg, t: s.advance_day(lg.id, HUGE), GameError, "days are"),
    "sign by text": (
        lambda s, lg, t: s.sign(t.id, HC_PLAYERS[0], by="abc"),
        SettingsError,
        "user id of who made the move",
    ),
    "trades status": (lambda s, lg, t: s.trades(lg.id, status="open"), SettingsError, "a trade's status is one of"),
    "standings phase": (lambda s, lg, t: s.standings(lg.id, phase="post"), SettingsError, "a phase is"),
    "league standings phase": (lambda s, lg, t: s.league_standings(lg.id, phase="post"), SettingsError, "a phase is"),
    "box scores phase": (lambda s, lg, t: s.box_scores(lg.id, phase="post"), SettingsError, "a phase is"),
    "leaders phase": (lambda s, lg, t: s.leaders(lg.id, "avg", phase="post"), SettingsError, "a phase is"),
    "player_page card": (lambda s, lg, t: s.player_page(lg.id, "no-such-card"), CardError, "no card 'no-such-card'"),
    # seasons the league has not reached (season 0 was read as the current one, -1 answered empty)
    "games season": (lambda s, lg, t: s.games(lg.id, season=2), NotFound, "no season 2"),
    "standings season": (lambda s, lg, t: s.standings(lg.id, season=-1), NotFound, "no season -1"),
    "standings season 0": (lambda s, lg, t: s.standings(lg.id, season=0), NotFound, "no season 0"),
    "stats season": (lambda s, lg, t: s.season_stats(lg.id, season=9), NotFound, "no season 9"),
    "playoffs season": (lambda s, lg, t: s.playoffs(lg.id, season=9), NotFound, "no season 9"),
    "team page season": (lambda s, lg, t: s.team_page(lg.id, t.id, season=9), NotFound, "no season 9"),
    "player page season": (lambda s, lg, t: s.player_page(lg.id, HC_PLAYERS[0], season=9), NotFound, "no season 9"),
    "season number": (lambda s, lg, t: s.season(lg.id, 9), NotFound, "no season 9"),
    "season number zero": (lambda s, lg, t: s.season(lg.id, 0), NotFound, "no season 0"),
    # keepers: more than the league keeps, or a player of no roster of the team
    "keepers too many": (lambda s, lg, t: s.set_keepers(t.id, HC_PLAYERS[:1]), RosterError, "keeps 0 players a team"),
    # limits (SQLite reads LIMIT -1 as no limit)
    "roster moves limit": (lambda s, lg, t: s.roster_moves(lg.id, limit=-1), SettingsError, "a limit is"),
    "leaders limit": (lambda s, lg, t: s.leaders(lg.id, "avg", limit=0), SettingsError, "a limit is"),
    # a number past SQLite's integers was read as "no rows" by every query: named like any other bad limit
    "roster moves limit huge": (lambda s, lg, t: s.roster_moves(lg.id, limit=HUGE), SettingsError, "a limit is"),
    "leaders limit huge": (lambda s, lg, t: s.leaders(lg.id, "avg", limit=HUGE), SettingsError, "a limit is"),
    # reads of an unknown league
    "asking league": (lambda s, lg, t: s.manager_asking(999, 5), NotFound, "no league with id 999"),
    "pings league": (lambda s, lg, t: s.manager_pings(999, 5), NotFound, "no league with id 999"),
}


@pytest.mark.parametrize("case", sorted(BAD))
async def test_a_bad_argument_is_a_named_error(
    store: Store, league: League, teams: tuple[Team, Team], db_path: Path, case: str
) -> None:
    call, error, message = BAD[case]
    with unchanged(db_path), pytest.raises(error, match=message):
        await call(store, league, teams[0])


async def test_good_arguments_still_answer(store: Store, league: League, teams: tuple[Team, Team]) -> None:
    hc, _ = teams
    assert (await store.set_manager(hc.id, 2**63 - 1)).manager_id == 2**63 - 1
    assert (await store.set_manager(hc.id, None)).manager_id is None
    assert await store.games(league.id, season=1, day=1, status="final") == []
    assert await store.trades(league.id, status=None) == []
    assert await store.roster_moves(league.id, limit=1) == []
    page = await store.player_page(league.id, HC_PLAYERS[0], season=1)  # a card of the sets, no games yet
    assert page.lines == ()


# Every public method that takes a row id, called with ``i``: an id past SQLite's integers (which its driver
# cannot send) is answered as an id no row has, not with a raw OverflowError, nor an empty answer.
Idd = Callable[[Store, League, Team, int], Awaitable[Any]]
BY_ID: dict[str, Idd] = {
    "league": lambda s, lg, t, i: s.league(i),
    "card_pool": lambda s, lg, t, i: s.card_pool(i),
    "set_rules": lambda s, lg, t, i: s.set_rules(i, lg.rules),
    "add_commissioner": lambda s, lg, t, i: s.add_commissioner(i, 5),
    "set_channel": lambda s, lg, t, i: s.set_channel(i, "games", 5),
    "is_commissioner": lambda s, lg, t, i: s.is_commissioner(i, 5),
    "advance_day": lambda s, lg, t, i: s.advance_day(i),
    "teams": lambda s, lg, t, i: s.teams(i),
    "find_team": lambda s, lg, t, i: s.find_team(i, "HC"),
    "roster_moves": lambda s, lg, t, i: s.roster_moves(i),
    "trades": lambda s, lg, t, i: s.trades(i),
    "injuries": lambda s, lg, t, i: s.injuries(i),
    "pitcher_usage": lambda s, lg, t, i: s.pitcher_usage(i),
    "games": lambda s, lg, t, i: s.games(i),
    "standings": lambda s, lg, t, i: s.standings(i),
    "season_stats": lambda s, lg, t, i: s.season_stats(i),
    "manager_asking": lambda s, lg, t, i: s.manager_asking(i, 5),
    "playoffs": lambda s, lg, t, i: s.playoffs(i),
    "season_closed": lambda s, lg, t, i: s.season_closed(i),
    "team": lambda s, lg, t, i: s.team(i),
    "team_page": lambda s, lg, t, i: s.team_page(lg.id, i),
    "can_manage": lambda s, lg, t, i: s.can_manage(i, 5),
    "set_manager": lambda s, lg, t, i: s.set_manager(i, 5),
    "roster": lambda s, lg, t, i: s.roster(i),
    "sign": lambda s, lg, t, i: s.sign(i, HC_PLAYERS[0]),
    "lineup": lambda s, lg, t, i: s.lineup(i, "R"),
    "rotation": lambda s, lg, t, i: s.rotation(i),
    "bullpen_roles": lambda s, lg, t, i: s.bullpen_roles(i),
    "trade": lambda s, lg, t, i: s.trade(i),
    "accept_trade": lambda s, lg, t, i: s.accept_trade(i, by=5),
    "game": lambda s, lg, t, i: s.game(i),
    "postpone_game": lambda s, lg, t, i: s.postpone_game(i),
    "check_start": lambda s, lg, t, i: s.check_start(i),
    "load_game": lambda s, lg, t, i: s.load_game(i),
    "set_paused": lambda s, lg, t, i: s.set_paused(i, True),
    "series_of": lambda s, lg, t, i: s.series_of(i),
    "game_lease": lambda s, lg, t, i: s.game_lease(i),
    "series_games": lambda s, lg, t, i: s.series_games(i),
    "season": lambda s, lg, t, i: s.season(i),
    "seasons": lambda s, lg, t, i: s.seasons(i),
    "new_season": lambda s, lg, t, i: s.new_season(i),
    "check_new_season": lambda s, lg, t, i: s.check_new_season(i),
    "keepers": lambda s, lg, t, i: s.keepers(i),
    "set_keepers": lambda s, lg, t, i: s.set_keepers(i, []),
}


async def _answer(call: Awaitable[Any], number: int) -> str:
    """What a call answered, the id written as ID: a value, or the error's kind and message."""
    try:
        answer = repr(await call)
    except LeagueError as exc:
        answer = f"{type(exc).__name__}: {exc}"
    return answer.replace(str(number), "ID")


@pytest.mark.parametrize("case", sorted(BY_ID))
async def test_an_id_past_sqlites_integers_is_answered_as_any_unknown_id(
    store: Store, league: League, teams: tuple[Team, Team], db_path: Path, case: str
) -> None:
    call = BY_ID[case]
    unknown = await _answer(call(store, league, teams[0], 987654321), 987654321)
    with unchanged(db_path):
        assert await _answer(call(store, league, teams[0], HUGE), HUGE) == unknown
