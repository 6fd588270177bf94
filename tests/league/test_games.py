"""Games through the store: schedule, setup from the saved teams, play, finish; rest, injuries, standings, stats."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine.boxscore import box_score, walk
from engine.events import Event, Injury
from engine.game import Game
from engine.inside_pitch.options import InsidePitchOptions
from engine.setup import GameSetup
from league.errors import GameError, LineupError, NotFound, PlayerUnavailable, SettingsError
from league.models import GameRecord, League, LeagueRules, Team, days_in_a_row
from league.store import Store
from tests.league.conftest import (
    HC_PITCHERS,
    HC_PLAYERS,
    HC_STARTERS,
    MV_PITCHERS,
    MV_PLAYERS,
    MV_STARTERS,
    injure,
    played,
    query,
    seed_where,
    unchanged,
)

LEFTY = "mv-rollie-danforth-1970"  # Mesa Valley's left-handed starter


async def started(store: Store, league: League, hc: Team, mv: Team, seed: int = 7, **kwargs: object) -> GameRecord:
    game = await store.schedule_game(league.id, hc.id, mv.id)
    return await store.start_game(game.id, seed=seed, **kwargs)  # type: ignore[arg-type]


async def finished(store: Store, league: League, hc: Team, mv: Team, seed: int = 7) -> GameRecord:
    record = await started(store, league, hc, mv, seed)
    return await store.finish_game(record.id, played(record))


# --- scheduling ---------------------------------------------------------------------------------


async def test_a_game_is_scheduled_for_today_or_a_given_day(
    store: Store, league: League, teams: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = teams
    today = await store.schedule_game(league.id, hc.id, mv.id)
    later = await store.schedule_game(league.id, mv.id, hc.id, day=4)
    assert (today.day, today.status, today.away_team_id, today.home_team_id) == (1, "scheduled", hc.id, mv.id)
    assert await store.games(league.id) == [today, later]
    assert await store.games(league.id, day=4) == [later]
    assert await store.game(later.id) == later
    other = await store.create_league("Other", ["sample"])
    stranger = await store.create_team(other.id, "Stranger", "ST")
    with unchanged(db_path):
        with pytest.raises(GameError, match="cannot play itself"):
            await store.schedule_game(league.id, hc.id, hc.id)
        with pytest.raises(NotFound, match="Stranger is not in Test League"):
            await store.schedule_game(league.id, hc.id, stranger.id)
        with pytest.raises(GameError, match="numbered from 1"):
            await store.schedule_game(league.id, hc.id, mv.id, day=0)
        with pytest.raises(NotFound, match="no game with id 99"):
            await store.game(99)


async def test_a_season_schedule_comes_from_league_schedule(
    store: Store, league: League, teams: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = teams
    await store.advance_day(league.id, 2)
    with unchanged(db_path), pytest.raises(SettingsError, match="cannot each play 1 games in series of 2 to 4"):
        await store.schedule_season(league.id, 1, series_length=3)
    games = await store.schedule_season(league.id, 6, series_length=3, seed=1)
    assert len(games) == 6
    assert [g.day for g in games] == [3, 4, 5, 7, 8, 9]  # one off day (12% of 6 games), the day the teams travel
    assert sorted((g.away_team_id, g.home_team_id) for g in games) == [(hc.id, mv.id)] * 3 + [(mv.id, hc.id)] * 3
    with unchanged(db_path), pytest.raises(GameError, match="already has games scheduled"):
        await store.schedule_season(league.id, 6)


async def test_leagues_must_be_all_or_none_and_the_schedule_weights_them(
    store: Store, league: League, teams: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = teams
    await store.set_subleague(hc.id, "AL")
    with unchanged(db_path), pytest.raises(SettingsError, match="give these one: Mesa Valley"):
        await store.schedule_season(league.id, 6)
    await store.set_subleague(mv.id, "NL")
    games = await store.schedule_season(league.id, 6, off_days=0)
    assert [g.day for g in games] == [1, 2, 3, 4, 5, 6]
    assert sorted((g.away_team_id, g.home_team_id) for g in games) == [(hc.id, mv.id)] * 3 + [(mv.id, hc.id)] * 3


async def test_divisions_must_be_all_or_none(
    store: Store, league: League, teams: tuple[Team, Team], db_path: Path
) -> None:
    hc, _ = teams
    await store.set_division(hc.id, "East")
    with unchanged(db_path), pytest.raises(SettingsError, match="give these one: Mesa Valley"):
        await store.schedule_season(league.id, 6)


async def test_postponing_and_moving_a_game(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    game = await store.schedule_game(league.id, hc.id, mv.id)
    assert (await store.postpone_game(game.id)).status == "postponed"
    moved = await store.reschedule_game(game.id, 5)
    assert (moved.status, moved.day) == ("scheduled", 5)
    live = await store.start_game(game.id, seed=1, override=True)  # day 5's game, started on day 1
    with unchanged(db_path):
        with pytest.raises(GameError, match="only a scheduled game can be postponed"):
            await store.postpone_game(live.id)
        with pytest.raises(GameError, match="it cannot be moved"):
            await store.reschedule_game(live.id, 6)


# --- the setup ---------------------------------------------------------------------------------


async def test_the_setup_comes_from_the_saved_teams(store: Store, league: League, ready: tuple[Team, Team]) -> None:
    hc, mv = ready
    await store.set_bullpen_role(hc.id, "hc-vance-tillery-1970", "closer")
    await store.set_bullpen_role(hc.id, "hc-harlan-goss-1970", "long")
    game = await store.schedule_game(league.id, hc.id, mv.id)
    setup = await store.build_game_setup(game.id)
    away, home = setup.away, setup.home
    assert (away.name, home.name, setup.ballpark.id) == ("Harbor City", "Mesa Valley", "mesa-valley-field-1970")
    assert (away.pitcher.id, home.pitcher.id) == (HC_STARTERS[0], MV_STARTERS[0])
    vs_right = await store.lineup(hc.id, "R")
    assert vs_right is not None
    assert [s.batter.id for s in away.lineup][:8] == vs_right.card_ids()
    # The pitcher's spot bats with his own batting card, else the generic one.
    assert (away.lineup[8].batter.id, home.lineup[8].batter.id) == ("pitcher-batting", "mv-curt-vollmer-batting-1970")
    assert len(away.bench) == 14 - 8
    relievers = [p.id for p in away.bullpen]
    assert sorted(relievers) == sorted(set(HC_PITCHERS) - set(HC_STARTERS))
    assert (relievers[0], relievers[-1]) == ("hc-harlan-goss-1970", "hc-vance-tillery-1970")
    assert setup.options == league.options
    assert Game(setup, seed=3).over  # the engine plays it


async def test_the_lineup_is_chosen_by_the_other_starters_hand(
    store: Store, league: League, ready: tuple[Team, Team]
) -> None:
    hc, mv = ready
    vs_left = await store.lineup(hc.id, "L")
    assert vs_left is not None
    order = list(vs_left.spots)
    order[0], order[1] = order[1], order[0]
    await store.save_lineup(hc.id, "L", [(s.card_id, s.position) for s in order])
    await store.set_next_starter(mv.id, LEFTY)
    game = await store.schedule_game(league.id, hc.id, mv.id)
    setup = await store.build_game_setup(game.id)
    assert setup.home.pitcher.id == LEFTY
    assert [s.batter.id for s in setup.away.lineup][:2] == [order[0].card_id, order[1].card_id]


async def test_one_saved_lineup_serves_against_either_hand(
    store: Store, league: League, teams: tuple[Team, Team]
) -> None:
    hc, mv = teams
    for team, players, starters in ((hc, HC_PLAYERS, HC_STARTERS), (mv, MV_PLAYERS, MV_STARTERS)):
        for card_id in players:
            await store.sign(team.id, card_id)
        await store.set_rotation(team.id, starters)
        await store.save_auto_lineup(team.id, "R")
    await store.set_next_starter(mv.id, LEFTY)
    game = await store.schedule_game(league.id, hc.id, mv.id)
    setup = await store.build_game_setup(game.id)
    saved = await store.lineup(hc.id, "R")
    assert saved is not None and [s.batter.id for s in setup.away.lineup][:8] == saved.card_ids()


async def test_the_designated_hitter_bats_for_the_pitcher(
    store: Store, league: League, ready: tuple[Team, Team]
) -> None:
    hc, mv = ready
    await store.set_options(league.id, InsidePitchOptions(designated_hitter=True))
    for team in ready:
        await store.save_auto_lineup(team.id, "L")
        await store.save_auto_lineup(team.id, "R")
    game = await store.schedule_game(league.id, hc.id, mv.id)
    setup = await store.build_game_setup(game.id)
    assert setup.options.designated_hitter
    assert "P" not in [s.position.value for s in setup.away.lineup]
    assert "DH" in [s.position.value for s in setup.home.lineup]


async def test_a_game_without_a_rotation_lineup_or_ballpark_cannot_be_set_up(
    store: Store, league: League, teams: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = teams
    game = await store.schedule_game(league.id, hc.id, mv.id)
    for card_id in HC_PLAYERS:
        await store.sign(hc.id, card_id)
    for card_id in MV_PLAYERS:
        await store.sign(mv.id, card_id)
    with unchanged(db_path), pytest.raises(LineupError, match="Harbor City has no rotation"):
        await store.start_game(game.id)
    await store.set_rotation(hc.id, HC_STARTERS)
    await store.set_rotation(mv.id, MV_STARTERS)
    with unchanged(db_path), pytest.raises(LineupError, match="Harbor City has no saved lineup"):
        await store.start_game(game.id)
    for team in teams:
        await store.save_auto_lineup(team.id, "R")
    other_park = await store.create_team(league.id, "Parkless", "PL")
    away_game = await store.schedule_game(league.id, hc.id, other_park.id)
    with unchanged(db_path), pytest.raises(GameError, match="Parkless has no ballpark"):
        await store.build_game_setup(away_game.id)
    assert (await store.start_game(game.id, seed=1)).status == "live"


async def test_an_injured_player_in_the_saved_lineup_stops_the_game(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    lineup = await store.lineup(hc.id, "R")
    assert lineup is not None
    injure(db_path, league, lineup.card_ids()[2], days=2)
    game = await store.schedule_game(league.id, hc.id, mv.id)
    with unchanged(db_path), pytest.raises(PlayerUnavailable, match=r"injured \(2 more days\).*against right-handers"):
        await store.start_game(game.id)


# --- playing and finishing -----------------------------------------------------------------------


async def test_starting_stores_the_setup_seed_and_where_it_is_played(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    game = await store.schedule_game(league.id, hc.id, mv.id)
    setup = await store.build_game_setup(game.id)
    live = await store.start_game(game.id, seed=11, managed=["home"], channel_id=300, thread_id=301)
    assert (live.status, live.seed, live.managed, live.played_day) == ("live", 11, ["home"], 1)
    assert (live.channel_id, live.thread_id) == (300, 301)
    assert live.setup == Game(setup, 11).to_dict()["setup"]
    assert live.started_at is not None
    assert await store.live_games() == [live]
    moved = await store.set_game_channel(live.id, 400, None)
    assert (moved.channel_id, moved.thread_id) == (400, None)
    with unchanged(db_path):
        with pytest.raises(GameError, match="is live; it has already started"):
            await store.start_game(game.id)
        with pytest.raises(GameError, match="its setup is already fixed"):
            await store.build_game_setup(game.id)
    await store.forfeit_game(live.id, "away")  # the teams are free again for their next game
    assert (await store.start_game((await store.schedule_game(league.id, mv.id, hc.id)).id)).seed is not None


async def test_a_game_may_start_from_a_setup_made_elsewhere(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    await finished(store, league, hc, mv)
    game = await store.schedule_game(league.id, mv.id, hc.id)
    setup = await store.build_game_setup(game.id)
    ace = (await store.card_pool(league.id)).pitcher(HC_STARTERS[0])
    tired = replace(setup, home=replace(setup.home, pitcher=ace))
    broken = replace(setup, away=replace(setup.away, lineup=setup.away.lineup[:8]))
    with unchanged(db_path):
        with pytest.raises(PlayerUnavailable, match="Harbor City: Lyle Brennaman is resting"):
            await store.start_game(game.id, setup=tired)
        with pytest.raises(LineupError, match="a lineup has 9 batters, not 8"):
            await store.start_game(game.id, setup=broken)
        with pytest.raises(GameError, match="'away' and 'home'"):
            await store.start_game(game.id, managed=["visitors"])
        with pytest.raises(GameError, match="has not been played"):
            await store.load_game(game.id)
    live = await store.start_game(game.id, setup=setup, seed=5)
    assert live.setup == Game(setup, 5).to_dict()["setup"]


async def test_a_live_game_saves_its_decisions_and_replays(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    live = await started(store, league, hc, mv, managed=["home", "away"])
    game = await store.load_game(live.id)
    assert game.pending is not None and game.log == []
    for _ in range(3):
        assert game.pending is not None
        game.choose(game.pending.side, game.pending.suggestion)
    saved = await store.save_progress(live.id, game.to_dict())
    assert len(saved.log) == len(game.log) > 0
    again = await store.load_game(live.id)
    assert again.pending == game.pending and again.events == game.events
    with unchanged(db_path):
        with pytest.raises(GameError, match="not over yet"):
            await store.finish_game(live.id, game.to_dict())
        with pytest.raises(GameError, match="its setup or seed differs"):
            await store.save_progress(live.id, {**game.to_dict(), "seed": 12345})
        with pytest.raises(GameError, match="does not replay"):
            await store.save_progress(live.id, {**game.to_dict(), "log": [{"seq": 0, "side": "home"}]})


async def test_finishing_writes_the_scores_usage_and_rotation_at_once(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    live = await started(store, league, hc, mv)
    data = played(live)
    final = await store.finish_game(live.id, data)
    box = box_score(Game.from_dict(data))
    assert final.status == "final" and final.finished_at is not None
    assert (final.away_runs, final.home_runs) == (box.line.away.r, box.line.home.r)
    assert final.box_score == json.loads(json.dumps(box.to_dict()))
    assert final.line_score == json.loads(json.dumps(box.line.to_dict()))
    assert final.log == data["log"]
    usage = await store.pitcher_usage(league.id)
    lines = {p.player: p for side in ("away", "home") for p in box.team(side).pitching}
    assert {u.card_id for u in usage} == set(lines)
    for u in usage:
        assert (u.outs, u.batters_faced, u.day) == (lines[u.card_id].outs, lines[u.card_id].bf, 1)
        assert u.started == (u.card_id in (HC_STARTERS[0], MV_STARTERS[0]))
        assert u.team_id == (hc.id if u.card_id.startswith("hc-") else mv.id)
    assert (await store.rotation(hc.id)).next_starter == HC_STARTERS[1]
    assert (await store.rotation(mv.id)).next_starter == MV_STARTERS[1]
    assert await store.live_games() == []
    with unchanged(db_path), pytest.raises(GameError, match="is final; only a live game can finish"):
        await store.finish_game(live.id, data)
    scheduled = await store.schedule_game(league.id, hc.id, mv.id)
    with unchanged(db_path), pytest.raises(GameError, match="is scheduled; only a live game can finish"):
        await store.finish_game(scheduled.id, data)


# --- when a game may start (issue 13) ------------------------------------------------------------


async def test_a_game_starts_only_on_its_day_unless_a_commissioner_overrides(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    tomorrow = await store.schedule_game(league.id, hc.id, mv.id, day=2)
    with unchanged(db_path):
        with pytest.raises(GameError, match="game 1 is on day 2 and today is day 1; a game starts on its day"):
            await store.check_start(tomorrow.id)
        with pytest.raises(GameError, match="game 1 is on day 2 and today is day 1; a game starts on its day"):
            await store.start_game(tomorrow.id, seed=1)
    assert (await store.check_start(tomorrow.id, override=True)).id == tomorrow.id
    early = await store.start_game(tomorrow.id, seed=1, override=True)
    assert (early.status, early.day, early.played_day) == ("live", 2, 1)
    await store.finish_game(early.id, played(early))
    await store.advance_day(league.id, 2)  # day 3
    # A postponed game waits for a commissioner (or to be moved) on any day but its own …
    postponed = await store.postpone_game((await store.schedule_game(league.id, mv.id, hc.id, day=2)).id)
    with unchanged(db_path), pytest.raises(GameError, match="is on day 2 and today is day 3"):
        await store.start_game(postponed.id, seed=2)
    # … while a scheduled game whose day has passed is a make-up game its managers may start (issue 26)
    missed = await store.schedule_game(league.id, mv.id, hc.id, day=2)
    assert (await store.check_start(missed.id)).day == 2
    assert (await store.check_start((await store.schedule_game(league.id, mv.id, hc.id)).id)).day == 3


async def test_a_team_plays_one_live_game_at_a_time_whatever_the_override(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    live = await started(store, league, hc, mv)
    other = await store.schedule_game(league.id, mv.id, hc.id)
    busy = rf"Mesa Valley is playing game {live.id} \(Harbor City at Mesa Valley, day 1\) now; a team plays one game"
    with unchanged(db_path):
        with pytest.raises(GameError, match=busy):
            await store.check_start(other.id)
        with pytest.raises(GameError, match=busy):
            await store.start_game(other.id, seed=1, override=True)
        with pytest.raises(GameError, match=f"game {live.id} is live; it has already started"):
            await store.check_start(live.id)
    await store.finish_game(live.id, played(live))
    assert (await store.start_game(other.id, seed=3)).status == "live"


async def test_a_tired_reliever_is_left_out_of_the_bullpen_and_cannot_be_sent_in(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    """Every pitcher who may enter is rested (issue 13), by the league's rest rules (LeagueRules.rest_days)."""
    hc, mv = ready
    await store.set_rules(league.id, LeagueRules(long_relief_outs=1, long_relief_rest_days=1))
    first = await store.schedule_game(league.id, hc.id, mv.id)
    setup = await store.build_game_setup(first.id)
    seed = seed_where(setup, lambda events: _relievers_with_outs(setup, events))
    await store.finish_game(first.id, played(await store.start_game(first.id, seed=seed)))
    tired = {u.card_id for u in await store.pitcher_usage(league.id) if not u.started and u.rest_days}
    assert tired
    game = await store.schedule_game(league.id, mv.id, hc.id)  # the same day: they rest today
    fresh = await store.build_game_setup(game.id)
    mv_pen = {p for p in MV_PITCHERS if p not in MV_STARTERS} - tired
    hc_pen = {p for p in HC_PITCHERS if p not in HC_STARTERS} - tired
    assert {p.id for p in fresh.away.bullpen} == mv_pen and {p.id for p in fresh.home.bullpen} == hc_pen
    one = sorted(tired)[0]
    side = "away" if one in MV_PITCHERS else "home"
    team = fresh.away if side == "away" else fresh.home
    pool = await store.card_pool(league.id)
    sneaked = replace(fresh, **{side: replace(team, bullpen=(*team.bullpen, pool.pitcher(one)))})
    with unchanged(db_path), pytest.raises(PlayerUnavailable, match=f"{team.name}: {pool.name(one)} is resting"):
        await store.start_game(game.id, setup=sneaked)
    assert (await store.start_game(game.id, setup=fresh, seed=1)).status == "live"


async def test_an_empty_bullpen_leaves_the_starter_to_pitch_on(
    store: Store, league: League, ready: tuple[Team, Team]
) -> None:
    """Dugout's decision: a team with no rested reliever still plays; its starter pitches the whole game."""
    hc, mv = ready
    for card_id in HC_PITCHERS[5:]:
        await store.release(hc.id, card_id)
    game = await store.schedule_game(league.id, hc.id, mv.id)
    setup = await store.build_game_setup(game.id)
    assert setup.away.bullpen == ()
    final = await store.finish_game(game.id, played(await store.start_game(game.id, setup=setup, seed=4)))
    box = walk(setup, Game.from_dict(final.game_dict()).events)
    assert [p.player for p in box.away.pitching] == [setup.away.pitcher.id]


# --- rest ------------------------------------------------------------------------------------------


async def test_a_starter_rests_his_days_and_his_turn_passes_to_the_next(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    await finished(store, league, hc, mv)
    ace = HC_STARTERS[0]
    assert (await store.unavailable(league.id))[ace] == "resting (pitched on day 1; ready on day 6)"
    with unchanged(db_path), pytest.raises(PlayerUnavailable, match="Lyle Brennaman cannot start: he is resting"):
        await store.set_next_starter(hc.id, ace)
    await store.set_rotation(hc.id, HC_STARTERS)  # his turn again, but he is resting
    await store.advance_day(league.id)
    setup = await store.build_game_setup((await store.schedule_game(league.id, hc.id, mv.id)).id)
    assert setup.away.pitcher.id == HC_STARTERS[1]
    assert ace not in [p.id for p in setup.away.bullpen]
    await store.advance_day(league.id, 3)
    assert ace in await store.unavailable(league.id)  # day 5: still resting
    await store.advance_day(league.id)
    assert ace not in await store.unavailable(league.id)  # day 6: four days of rest
    assert (await store.set_next_starter(hc.id, ace)).next_starter == ace


async def test_no_starter_ready_is_a_clear_refusal(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    await store.set_rotation(hc.id, HC_STARTERS[:1])
    await finished(store, league, hc, mv)
    game = await store.schedule_game(league.id, mv.id, hc.id)
    with unchanged(db_path), pytest.raises(PlayerUnavailable, match="Harbor City has no starter ready: Lyle Brennaman"):
        await store.start_game(game.id)


async def test_relievers_rest_as_the_league_says(store: Store, league: League, ready: tuple[Team, Team]) -> None:
    hc, mv = ready
    await store.set_rules(league.id, LeagueRules(long_relief_outs=1, long_relief_rest_days=1))
    game = await store.schedule_game(league.id, hc.id, mv.id)
    setup = await store.build_game_setup(game.id)

    seed = seed_where(setup, lambda events: _relievers_with_outs(setup, events))
    final = await store.finish_game(game.id, played(await store.start_game(game.id, seed=seed)))
    usage = [u for u in await store.pitcher_usage(league.id) if not u.started]
    assert usage and final.status == "final"
    unavailable = await store.unavailable(league.id)
    for u in usage:
        assert u.rest_days == (1 if u.outs >= 1 else 0)
        assert (u.card_id in unavailable) == (u.rest_days > 0)
    await store.advance_day(league.id, 2)
    assert not {u.card_id for u in usage} & set(await store.unavailable(league.id))


async def test_a_reliever_used_days_in_a_row_gets_a_day_off(
    store: Store, league: League, ready: tuple[Team, Team]
) -> None:
    hc, mv = ready
    await store.set_rules(league.id, LeagueRules(relief_days_in_a_row=2, long_relief_outs=27))
    reliever, *others = [p for p in HC_PITCHERS if p not in HC_STARTERS]
    for card_id in others:
        await store.release(hc.id, card_id)
    rests = []
    for day in (1, 2):
        game = await store.schedule_game(league.id, hc.id, mv.id)
        setup = await store.build_game_setup(game.id)
        assert [p.id for p in setup.away.bullpen] == [reliever]
        seed = seed_where(setup, lambda events, s=setup: _pitched(s, events, reliever))
        await store.finish_game(game.id, played(await store.start_game(game.id, seed=seed)))
        [usage] = [u for u in await store.pitcher_usage(league.id, reliever) if u.day == day]
        rests.append(usage.rest_days)
        await store.advance_day(league.id)
    assert rests == [0, 1]
    assert reliever in await store.unavailable(league.id)  # day 3: his day off


def _pitched(setup: GameSetup, events: list[Event], pitcher: str) -> bool:
    box = walk(setup, events)
    return any(p.player == pitcher for p in box.away.pitching)


def _relievers_with_outs(setup: GameSetup, events: list[Event]) -> bool:
    box = walk(setup, events)
    starters = {setup.away.pitcher.id, setup.home.pitcher.id}
    return any(p.outs >= 1 and p.player not in starters for side in ("away", "home") for p in box.team(side).pitching)


def test_rest_days_by_the_league_rules() -> None:
    rules = LeagueRules(starter_rest_days=4, long_relief_outs=9, long_relief_rest_days=2, relief_days_in_a_row=3)
    assert rules.rest_days(started=True, outs=1, days_in_a_row=1) == 4
    assert rules.rest_days(started=False, outs=8, days_in_a_row=1) == 0
    assert rules.rest_days(started=False, outs=9, days_in_a_row=1) == 2
    assert rules.rest_days(started=False, outs=2, days_in_a_row=3) == 1
    assert LeagueRules(relief_days_in_a_row=0).rest_days(started=False, outs=2, days_in_a_row=9) == 0
    assert days_in_a_row([], 5) == 1
    assert days_in_a_row([3, 4], 5) == 3
    assert days_in_a_row([2, 4], 5) == 2
    assert days_in_a_row([5, 4], 5) == 2  # a doubleheader's first game is the same day


# --- injuries --------------------------------------------------------------------------------------


def _injuries(events: list[Event]) -> list[Injury]:
    return [e for e in events if isinstance(e, Injury) and e.leaves_game]


async def test_an_injury_keeps_him_out_for_its_days(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    game = await store.schedule_game(league.id, hc.id, mv.id)
    setup = await store.build_game_setup(game.id)
    batters = {s.batter.id for team in (setup.away, setup.home) for s in team.lineup}
    seed = seed_where(setup, lambda events: any(i.days >= 2 and i.player in batters for i in _injuries(events)))
    data = played(await store.start_game(game.id, seed=seed))
    hurt = next(i for i in _injuries(Game.from_dict(data).events) if i.days >= 2 and i.player in batters)
    await store.finish_game(game.id, data)
    [injury] = [i for i in await store.injuries(league.id) if i.card_id == hurt.player]
    team = hc if hurt.player.startswith("hc-") else mv
    assert (injury.kind, injury.days, injury.days_left, injury.game_id, injury.day, injury.team_id) == (
        hurt.kind,
        hurt.days,
        hurt.days,
        game.id,
        1,
        team.id,
    )
    assert (await store.unavailable(league.id))[hurt.player] == f"injured ({hurt.days} more days)"
    lineup = await store.lineup(team.id, "R")
    assert lineup is not None
    spots = [(s.card_id, s.position) for s in lineup.spots]
    spots[0] = (hurt.player, spots[0][1]) if hurt.player not in lineup.card_ids() else spots[0]
    with unchanged(db_path), pytest.raises(PlayerUnavailable, match="more days"):
        await store.save_lineup(team.id, "R", spots)
    # He misses days 2 … 1 + days: the first day after the game still counts them all.
    await store.advance_day(league.id)
    assert [i.days_left for i in await store.injuries(league.id) if i.card_id == hurt.player] == [hurt.days]
    await store.advance_day(league.id, hurt.days - 1)
    assert [i.days_left for i in await store.injuries(league.id) if i.card_id == hurt.player] == [1]
    assert hurt.player in await store.unavailable(league.id)
    await store.advance_day(league.id)
    assert hurt.player not in await store.unavailable(league.id)
    assert [i.days_left for i in await store.injuries(league.id, current=False) if i.card_id == hurt.player] == [0]


async def test_an_injury_for_the_game_alone_costs_no_days(
    store: Store, league: League, ready: tuple[Team, Team]
) -> None:
    hc, mv = ready
    game = await store.schedule_game(league.id, hc.id, mv.id)
    setup = await store.build_game_setup(game.id)
    batters = {s.batter.id for team in (setup.away, setup.home) for s in team.lineup}
    seed = seed_where(setup, lambda events: any(i.kind == "game" and i.player in batters for i in _injuries(events)))
    final = await store.finish_game(game.id, played(await store.start_game(game.id, seed=seed)))
    hurt = [i for i in await store.injuries(league.id, current=False) if i.kind == "game"]
    assert hurt and all((i.days, i.days_left, i.game_id) == (0, 0, final.id) for i in hurt)
    assert not {i.card_id for i in hurt} & set(await store.unavailable(league.id))


# --- standings and stats ---------------------------------------------------------------------------


async def test_standings_and_stats_come_from_the_final_games(
    store: Store, league: League, ready: tuple[Team, Team]
) -> None:
    hc, mv = ready
    games = [await finished(store, league, hc, mv, seed=1)]
    await store.advance_day(league.id)
    games.append(await finished(store, league, mv, hc, seed=2))
    await started(store, league, hc, mv, seed=3, managed=["home"])  # live: not counted
    table = await store.standings(league.id)
    rows = {r.team: r for r in table["overall"]}
    wins = {"HC": 0, "MV": 0}
    runs = {"HC": 0, "MV": 0}
    for g in games:
        away = "HC" if g.away_team_id == hc.id else "MV"
        home = "MV" if away == "HC" else "HC"
        assert g.away_runs is not None and g.home_runs is not None
        wins[away if g.away_runs > g.home_runs else home] += 1
        runs[away] += g.away_runs
        runs[home] += g.home_runs
    assert {t: (r.w, r.l, r.runs_for) for t, r in rows.items()} == {
        t: (wins[t], 2 - wins[t], runs[t]) for t in ("HC", "MV")
    }
    boxes = await store.box_scores(league.id)
    assert [(a, h) for a, h, _ in boxes] == [("HC", "MV"), ("MV", "HC")]
    stats = await store.season_stats(league.id)
    assert stats.team_games == {"HC": 2, "MV": 2}
    hits = sum(line["h"] for _, _, box in boxes for side in ("away", "home") for line in box[side]["batting"])
    assert sum(b.h for b in stats.batting.values()) == hits
    leaders = await store.leaders(league.id, "h", limit=3)
    assert len(leaders) <= 3 and all(isinstance(v, int) for _, v in leaders)
    assert query(store.path, "SELECT count(*) FROM game WHERE status = 'final'") == [(2,)]


async def test_divisions_reach_the_standings(store: Store, league: League, ready: tuple[Team, Team]) -> None:
    hc, mv = ready
    await store.set_division(hc.id, "East")
    await store.set_division(mv.id, "West")
    await finished(store, league, hc, mv)
    table = await store.standings(league.id)
    assert set(table) == {"overall", "East", "West"}
    assert [r.team for r in table["East"]] == ["HC"]
