"""Playoffs through the store: started once the season is final, played game by game to a champion.

The sample set has two full teams; a copy of them with new ids and names (Harbor Dock, Mesa
West) makes four, so that a bracket has two rounds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import SAMPLE_SET
from league.errors import CardError, GameError, NotFound
from league.models import GameRecord, League, Playoffs, Team
from league.playoffs import PlayoffError, custom, preset
from league.store import Store
from tests.league.conftest import COMMISSIONER, GUILD, HC_PLAYERS, HC_STARTERS, MV_PLAYERS, MV_STARTERS, played

COPIES = {"Harbor City": ("Harbor Dock", "hc-", "hd-"), "Mesa Valley": ("Mesa West", "mv-", "mw-")}


def copy_of_the_sample_teams(folder: Path) -> Path:
    """A card set of the two sample teams under new names and ids."""
    folder.mkdir()
    (folder / "set.toml").write_text('name = "Copies"\nruleset = "inside-pitch"\n', encoding="utf-8")
    for source in ("harbor-city-1970.toml", "mesa-valley-1970.toml"):
        text = (SAMPLE_SET / source).read_text(encoding="utf-8")
        for old, (new, old_prefix, new_prefix) in COPIES.items():
            text = text.replace(old, new).replace(f'"{old_prefix}', f'"{new_prefix}')
            text = text.replace(f'"{old.lower().replace(" ", "-")}-', f'"{new.lower().replace(" ", "-")}-')
        (folder / source.replace("harbor-city", "harbor-dock").replace("mesa-valley", "mesa-west")).write_text(
            text, encoding="utf-8"
        )
    return folder


def renamed(ids: list[str], old: str, new: str) -> list[str]:
    assert all(i.startswith(old) for i in ids)
    return [new + i[len(old) :] for i in ids]


TEAMS = [
    ("Harbor City", "HC", HC_PLAYERS, HC_STARTERS, "harbor-city-bowl-1970"),
    ("Mesa Valley", "MV", MV_PLAYERS, MV_STARTERS, "mesa-valley-field-1970"),
    ("Harbor Dock", "HD", renamed(HC_PLAYERS, "hc-", "hd-"), renamed(HC_STARTERS, "hc-", "hd-"), None),
    ("Mesa West", "MW", renamed(MV_PLAYERS, "mv-", "mw-"), renamed(MV_STARTERS, "mv-", "mw-"), None),
]


@pytest.fixture
async def four(store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[League, dict[str, Team]]:
    """A league of four ready teams whose regular season is over: HC 3-0, MV 2-1, HD 1-2, MW 0-3 (forfeits)."""
    monkeypatch.setenv("DUGOUT_CARD_SETS_DIR", str(tmp_path))  # a league with a server names its sets
    copy_of_the_sample_teams(tmp_path / "copies")
    league = await store.create_league("Four", ["sample", "copies"], guild_id=GUILD, commissioners=[COMMISSIONER])
    teams: dict[str, Team] = {}
    for name, key, players, starters, park in TEAMS:
        team = await store.create_team(league.id, name, key, ballpark=park or "harbor-city-bowl-1970")
        for card_id in players:
            await store.sign(team.id, card_id)
        await store.save_auto_lineup(team.id, "L")
        await store.save_auto_lineup(team.id, "R")
        await store.set_rotation(team.id, starters)
        teams[key] = team
    losses = [("MV", "HC"), ("HD", "HC"), ("MW", "HC"), ("HD", "MV"), ("MW", "MV"), ("MW", "HD")]
    await lose(store, league, teams, losses)
    return league, teams


async def lose(store: Store, league: League, teams: dict[str, Team], games: list[tuple[str, str]]) -> None:
    """Regular-season games on day 1, each forfeited by the first team named (the away side)."""
    for loser, winner in games:
        game = await store.schedule_game(league.id, teams[loser].id, teams[winner].id, day=1)
        await store.forfeit_game(game.id, "away")


async def play_out(store: Store, league: League) -> tuple[Playoffs, list[GameRecord]]:
    """Play every scheduled playoff game on its day, auto-managed, advancing the calendar, to a champion."""
    seed = 0
    for _ in range(60):
        playoffs = await store.playoffs(league.id)
        assert playoffs is not None
        if playoffs.champion_team_id is not None:
            break
        today = (await store.league(league.id)).day
        todays = await store.games(league.id, day=today, status="scheduled")
        for game in todays:
            assert game.phase == "playoffs"
            record = await store.start_game(game.id, seed=seed)
            seed += 1
            await store.finish_game(record.id, played(record))
        if not todays:
            await store.advance_day(league.id)
    else:
        raise AssertionError("the playoffs never ended")
    games = [g for g in await store.games(league.id) if g.phase == "playoffs"]
    return playoffs, games


def check_series(playoffs: Playoffs, games: list[GameRecord], series_games: dict[int, list[GameRecord]]) -> None:
    """Every series: home teams by its pattern, one game a day, no game past the deciding one."""
    for series in playoffs.series:
        mine = series_games[series.id]
        assert series.winner_team_id is not None
        needed = series.best_of // 2 + 1
        winner_wins = series.high_wins if series.winner_team_id == series.high_team_id else series.low_wins
        assert winner_wins == needed
        assert len(mine) == series.high_wins + series.low_wins  # no unneeded game was ever made
        assert all(g.status == "final" for g in mine)
        for number, game in enumerate(mine):
            expected = series.high_team_id if series.home[number] == "H" else series.low_team_id
            assert game.home_team_id == expected, (series.id, number)
        assert [g.day for g in mine] == list(range(mine[0].day, mine[0].day + len(mine)))
        last = mine[-1]
        last_winner = last.home_team_id if (last.home_runs or 0) > (last.away_runs or 0) else last.away_team_id
        assert last_winner == series.winner_team_id
    assert sum(len(v) for v in series_games.values()) == len(games)


async def test_the_playoffs_wait_for_the_last_regular_season_game(
    store: Store, four: tuple[League, dict[str, Team]]
) -> None:
    league, teams = four
    extra = await store.schedule_game(league.id, teams["HC"].id, teams["MV"].id, day=1)
    with pytest.raises(GameError) as exc:
        await store.start_playoffs(league.id)
    assert str(exc.value) == (
        f"1 regular-season game of season 1 is not final (the first: game {extra.id}, day 1); "
        "play, forfeit or finish them before the playoffs start"
    )
    assert await store.playoffs(league.id) is None
    await store.forfeit_game(extra.id, "home")
    playoffs = await store.start_playoffs(league.id)
    with pytest.raises(GameError, match="the season 1 playoffs of Four began on day 2"):
        await store.start_playoffs(league.id)
    assert playoffs.started_day == 2
    # A game knows its series (a live game's thread ends with it); a regular-season game has none.
    assert await store.series_of(extra.id) is None
    for series in playoffs.series:
        [first] = await store.series_games(series.id)
        assert await store.series_of(first.id) == series


async def test_a_bracket_played_to_a_champion(store: Store, four: tuple[League, dict[str, Team]]) -> None:
    league, teams = four
    standings_before = await store.standings(league.id)
    await store.set_playoff_format(league.id, preset("top4"))
    playoffs = await store.start_playoffs(league.id)
    by_id = {t.id: k for k, t in teams.items()}
    assert [(by_id[s.team_id], s.seed, s.how) for s in playoffs.seeds] == [
        ("HC", 1, "record"),
        ("MV", 2, "record"),
        ("HD", 3, "record"),
        ("MW", 4, "record"),
    ]
    first = [(by_id[s.high_team_id], by_id[s.low_team_id], s.best_of, s.home) for s in playoffs.series]
    assert first == [("HC", "MW", 5, "HHLLH"), ("MV", "HD", 5, "HHLLH")]
    # Only each series' first game exists: on day 2, the higher seed at home.
    scheduled = [g for g in await store.games(league.id) if g.phase == "playoffs"]
    firsts = [(by_id[g.away_team_id], by_id[g.home_team_id], g.day) for g in scheduled]
    assert firsts == [("MW", "HC", 2), ("HD", "MV", 2)]

    playoffs, games = await play_out(store, league)
    series_games = {s.id: await store.series_games(s.id) for s in playoffs.series}
    assert [s.round for s in playoffs.series] == [1, 1, 2]
    final = playoffs.series[2]
    assert {final.high_team_id, final.low_team_id} == {s.winner_team_id for s in playoffs.series[:2]}
    assert final.best_of == 7 and final.home == "HHLLLHH"
    # The final starts the day after the round's last game.
    assert series_games[final.id][0].day == max(g.day for s in playoffs.series[:2] for g in series_games[s.id]) + 1
    check_series(playoffs, games, series_games)
    assert playoffs.champion_team_id == final.winner_team_id
    assert (await store.playoffs(league.id)) == playoffs
    # Playoff games count in neither the standings nor the season's stats.
    assert await store.standings(league.id) == standings_before
    assert await store.box_scores(league.id) == []


async def test_two_leagues_champions_meet_last_with_home_field_to_the_better_record(
    store: Store, four: tuple[League, dict[str, Team]]
) -> None:
    league, teams = four
    for key, sub in (("HC", "AL"), ("HD", "AL"), ("MV", "NL"), ("MW", "NL")):
        await store.set_subleague(teams[key].id, sub)
    assert (await store.playoff_format(league.id)).name == "mlb"  # the default with two leagues
    with pytest.raises(PlayoffError, match="6 teams qualify in league AL, which has only 2"):
        await store.start_playoffs(league.id)
    assert await store.playoffs(league.id) is None
    await store.set_playoff_format(league.id, custom(2, "1,3"))
    playoffs = await store.start_playoffs(league.id)
    by_id = {t.id: k for k, t in teams.items()}
    assert [(s.bracket, by_id[s.high_team_id], by_id[s.low_team_id], s.best_of) for s in playoffs.series] == [
        ("AL", "HC", "HD", 1),
        ("NL", "MV", "MW", 1),
    ]
    playoffs, games = await play_out(store, league)
    series_games = {s.id: await store.series_games(s.id) for s in playoffs.series}
    check_series(playoffs, games, series_games)
    final = playoffs.series[-1]
    assert (final.round, final.bracket, final.best_of, final.home) == (2, "", 3, "HHH")
    al, nl = playoffs.series[0].winner_team_id, playoffs.series[1].winner_team_id
    rank = {s.team_id: s.rank for s in playoffs.seeds}
    assert al is not None and nl is not None
    assert final.high_team_id == min((al, nl), key=lambda t: rank[t])
    assert playoffs.champion_team_id == final.winner_team_id


async def test_a_forfeit_moves_a_series_on_and_an_unneeded_game_is_never_made(
    store: Store, four: tuple[League, dict[str, Team]]
) -> None:
    league, teams = four
    await store.set_playoff_format(league.id, custom(2, "3", division_winners=False))
    playoffs = await store.start_playoffs(league.id)
    (series,) = playoffs.series
    for number in range(2):
        game = (await store.series_games(series.id))[-1]
        assert game.status == "scheduled" and game.day == 2 + number
        assert game.home_team_id == teams["HC"].id  # a best of three: every game at the higher seed
        await store.forfeit_game(game.id, "away")  # MV forfeits
    games = await store.series_games(series.id)
    assert len(games) == 2  # 2-0: the third game is never made
    playoffs_now = await store.playoffs(league.id)
    assert playoffs_now is not None and playoffs_now.champion_team_id == teams["HC"].id
    assert playoffs_now.series[0].high_wins == 2 and playoffs_now.series[0].low_wins == 0


async def test_no_playoffs_and_a_season_without_games_are_refused(store: Store, league: League) -> None:
    with pytest.raises(GameError, match="season 1 has no games yet"):
        await store.start_playoffs(league.id)
    await store.set_playoff_format(league.id, preset("none"))
    assert (await store.playoff_format(league.id)).plays is False
    with pytest.raises(NotFound):
        await store.start_playoffs(999)


async def test_before_1969_the_pennant_winners_meet_in_the_world_series_alone(
    store: Store, four: tuple[League, dict[str, Team]]
) -> None:
    league, teams = four
    for key, sub in (("HC", "AL"), ("HD", "AL"), ("MV", "NL"), ("MW", "NL")):
        await store.set_subleague(teams[key].id, sub)
    await store.set_playoff_format(league.id, preset("world-series"))
    playoffs = await store.start_playoffs(league.id)
    by_id = {t.id: k for k, t in teams.items()}
    # HC (3-0) wins the AL and MV (2-1) the NL; the better record has the first two games at home.
    assert [(s.round, s.bracket, by_id[s.high_team_id], by_id[s.low_team_id], s.best_of) for s in playoffs.series] == [
        (1, "", "HC", "MV", 7)
    ]
    playoffs, games = await play_out(store, league)
    check_series(playoffs, games, {s.id: await store.series_games(s.id) for s in playoffs.series})
    assert len(playoffs.series) == 1
    assert playoffs.champion_team_id == playoffs.series[0].winner_team_id


@pytest.mark.parametrize(("stated", "two_leagues", "expected"), [("lcs-5", True, "lcs-5"), ("lcs-5", False, "top4")])
async def test_a_card_set_of_an_era_gives_its_playoff_format(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stated: str, two_leagues: bool, expected: str
) -> None:
    monkeypatch.setenv("DUGOUT_CARD_SETS_DIR", str(tmp_path))
    copy_of_the_sample_teams(tmp_path / "era")
    (tmp_path / "era" / "set.toml").write_text(
        f'name = "Era"\nruleset = "inside-pitch"\nplayoffs = "{stated}"\n', encoding="utf-8"
    )
    league = await store.create_league("Era", ["era", "sample"], guild_id=GUILD, commissioners=[COMMISSIONER])
    for name, key, sub in (("East", "E", "AL"), ("West", "W", "NL")):
        team = await store.create_team(league.id, name, key)
        if two_leagues:
            await store.set_subleague(team.id, sub)
    assert (await store.playoff_format(league.id)).name == expected
    await store.set_playoff_format(league.id, preset("top2"))  # the commissioner's choice comes first
    assert (await store.playoff_format(league.id)).name == "top2"


async def test_a_card_set_naming_no_playoff_format_is_refused_by_name(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DUGOUT_CARD_SETS_DIR", str(tmp_path))
    copy_of_the_sample_teams(tmp_path / "era")
    (tmp_path / "era" / "set.toml").write_text('name = "Era"\nruleset = "inside-pitch"\nplayoffs = "nba"\n')
    league = await store.create_league("Era", ["era", "sample"], guild_id=GUILD, commissioners=[COMMISSIONER])
    for name, key, sub in (("East", "E", "AL"), ("West", "W", "NL")):
        await store.set_subleague((await store.create_team(league.id, name, key)).id, sub)
    with pytest.raises(CardError, match="names a playoff format Dugout lacks: no playoff format called 'nba'"):
        await store.playoff_format(league.id)
