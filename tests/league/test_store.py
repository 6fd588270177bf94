"""The store's leagues, teams, rosters and trades, against a real SQLite file; refusals write nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import SAMPLE_SET
from cards.loader import load_set, write_cards
from engine.inside_pitch.options import InsidePitchOptions
from league.errors import (
    AlreadyExists,
    CardError,
    NotAllowed,
    NotFound,
    PlayerUnavailable,
    RosterError,
    SettingsError,
    TradeError,
)
from league.models import League, LeagueRules, Team
from league.store import Store
from tests.league.conftest import (
    COMMISSIONER,
    GUILD,
    HC_MANAGER,
    HC_PLAYERS,
    MV_MANAGER,
    MV_PLAYERS,
    STRANGER,
    injure,
    unchanged,
)

BENCH = "hc-walt-pruett-1970"  # a Harbor City catcher
ARM = "hc-vance-tillery-1970"  # a Harbor City reliever
MV_BAT = "mv-bo-renfrow-1970"

# --- leagues ---------------------------------------------------------------------------------


async def test_a_league_keeps_its_sets_options_rules_and_commissioners(store: Store) -> None:
    options = InsidePitchOptions(designated_hitter=True, roll_again_when_bases_change=True, extra_inning_runner=True)
    rules = LeagueRules(roster_limit=24, starter_rest_days=3)
    made = await store.create_league(
        "  Summer   League ", ["sample"], guild_id=GUILD, commissioners=[5, 6, 5], options=options, rules=rules
    )
    read = await store.league(made.id)
    assert read == made
    assert read.name == "Summer League"
    assert (read.options, read.rules, read.card_sets, read.commissioners) == (options, rules, ("sample",), (5, 6))
    assert (read.season, read.day, read.guild_id) == (1, 1, GUILD)
    assert await store.find_league("summer league", GUILD) == read
    assert await store.leagues(GUILD) == [read]
    assert await store.leagues(None) == []


async def test_a_league_name_is_taken_once_per_guild(store: Store, league: League, db_path: Path) -> None:
    with unchanged(db_path), pytest.raises(AlreadyExists, match="already a league called"):
        await store.create_league("TEST LEAGUE", ["sample"], guild_id=GUILD)
    other = await store.create_league("Test League", ["sample"], guild_id=GUILD + 1)
    assert other.id != league.id


@pytest.mark.parametrize(
    ("sets", "error", "message"),
    [
        (["no-such-set"], CardError, "no card set 'no-such-set'"),
        ([], SettingsError, "at least one card set"),
        (["sample", "sample"], SettingsError, "listed twice"),
    ],
)
async def test_a_league_needs_card_sets_it_can_load(
    store: Store, db_path: Path, sets: list[str], error: type[Exception], message: str
) -> None:
    with unchanged(db_path), pytest.raises(error, match=message):
        await store.create_league("Broken", sets)


async def test_bad_names_and_rulesets_are_refused(store: Store, db_path: Path) -> None:
    with unchanged(db_path):
        with pytest.raises(SettingsError, match="cannot be empty"):
            await store.create_league("   ", ["sample"])
        with pytest.raises(SettingsError, match=r"plays inside-pitch-2021 and deep-drive-1\.2\.5; not 'deep-drive'"):
            await store.create_league("Deep", ["sample"], ruleset="deep-drive")


async def test_unknown_leagues_are_not_found(store: Store) -> None:
    with pytest.raises(NotFound, match="no league with id 42"):
        await store.league(42)
    with pytest.raises(NotFound, match="no league called"):
        await store.find_league("Nowhere", GUILD)


async def test_options_and_rules_change_and_bad_rules_are_refused(store: Store, league: League, db_path: Path) -> None:
    changed = await store.set_options(league.id, InsidePitchOptions(designated_hitter=True))
    assert changed.options.designated_hitter
    changed = await store.set_rules(league.id, LeagueRules(roster_limit=20))
    assert changed.rules.roster_limit == 20
    with unchanged(db_path), pytest.raises(SettingsError, match="roster_limit"):
        await store.set_rules(league.id, LeagueRules.from_dict({"roster_limit": -1}))
    with pytest.raises(SettingsError, match="unknown league rule"):
        LeagueRules.from_dict({"bench_size": 5})


async def test_commissioners_come_and_go_but_one_stays(store: Store, league: League, db_path: Path) -> None:
    assert await store.is_commissioner(league.id, COMMISSIONER)
    assert (await store.add_commissioner(league.id, 2)).commissioners == (COMMISSIONER, 2)
    assert (await store.add_commissioner(league.id, 2)).commissioners == (COMMISSIONER, 2)
    assert (await store.remove_commissioner(league.id, COMMISSIONER)).commissioners == (2,)
    with unchanged(db_path):
        with pytest.raises(NotAllowed, match="needs a commissioner"):
            await store.remove_commissioner(league.id, 2)
        with pytest.raises(NotFound, match="not a commissioner"):
            await store.remove_commissioner(league.id, STRANGER)


async def test_channels_are_set_replaced_and_removed(store: Store, league: League) -> None:
    assert (await store.set_channel(league.id, "Games", 100)).channels == {"games": 100}
    assert (await store.set_channel(league.id, "games", 101)).channels == {"games": 101}
    assert (await store.set_channel(league.id, "announcements", 7)).channels == {"games": 101, "announcements": 7}
    assert (await store.set_channel(league.id, "games", None)).channels == {"announcements": 7}


async def test_a_card_set_is_added_once(store: Store, league: League, db_path: Path) -> None:
    with unchanged(db_path), pytest.raises(AlreadyExists, match="already plays with"):
        await store.add_card_set(league.id, "sample")
    with unchanged(db_path), pytest.raises(CardError, match="no card set"):
        await store.add_card_set(league.id, "missing")


async def test_a_card_set_with_new_ids_joins_the_league(
    store: Store, league: League, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DUGOUT_CARD_SETS_DIR", str(tmp_path))  # the league has a server: its sets go by name
    sample = load_set(SAMPLE_SET)
    park = sample.ballparks["san-diego-stadium-1970"].model_copy(update={"id": "extra-park-1970"})
    folder = tmp_path / "extra"
    folder.mkdir()
    (folder / "set.toml").write_text('name = "Extra"\nruleset = "inside-pitch"\n', encoding="utf-8")
    write_cards(folder / "parks.toml", [park])
    grown = await store.add_card_set(league.id, "extra")
    assert grown.card_sets == ("sample", "extra")
    pool = await store.card_pool(league.id)
    assert pool.ballpark("extra-park-1970").name == park.name
    assert pool.batter("johnny-bench-1970").name == "Johnny Bench"
    clash = tmp_path / "clash"
    clash.mkdir()
    (clash / "set.toml").write_text('name = "Clash"\nruleset = "inside-pitch"\n', encoding="utf-8")
    write_cards(clash / "parks.toml", [sample.ballparks["san-diego-stadium-1970"]])
    with unchanged(store.path), pytest.raises(CardError, match="is in two of the league's card sets"):
        await store.add_card_set(league.id, "clash")


async def test_advancing_the_day(store: Store, league: League, db_path: Path) -> None:
    assert (await store.advance_day(league.id)).day == 2
    assert (await store.advance_day(league.id, 3)).day == 5
    with unchanged(db_path), pytest.raises(SettingsError, match="at least one day"):
        await store.advance_day(league.id, 0)


# --- teams ------------------------------------------------------------------------------------


async def test_a_team_has_a_name_abbreviation_ballpark_and_managers(store: Store, league: League) -> None:
    team = await store.create_team(league.id, "Harbor City", "hcb", ballpark="harbor-city-bowl-1970", manager_id=10)
    assert (team.name, team.abbreviation, team.ballpark, team.manager_id) == (
        "Harbor City",
        "HCB",
        "harbor-city-bowl-1970",
        10,
    )
    team = await store.add_co_manager(team.id, 11)
    team = await store.add_co_manager(team.id, 12)
    assert team.managers == (10, 11, 12)
    team = await store.remove_co_manager(team.id, 11)
    team = await store.set_manager(team.id, 12)  # a co-manager promoted is no longer a co-manager
    assert (team.manager_id, team.co_managers) == (12, ())
    team = await store.rename_team(team.id, "Harbor City Sailors", "HCS")
    team = await store.set_division(team.id, "East")
    team = await store.set_ballpark(team.id, "san-diego-stadium-1970")
    assert team == await store.team(team.id)
    assert (team.name, team.abbreviation, team.division, team.ballpark) == (
        "Harbor City Sailors",
        "HCS",
        "East",
        "san-diego-stadium-1970",
    )
    assert await store.find_team(league.id, "hcs") == team
    assert await store.find_team(league.id, "sailors") == team
    assert await store.teams(league.id) == [team]


async def test_bad_teams_are_refused(store: Store, league: League, teams: tuple[Team, Team], db_path: Path) -> None:
    hc, _ = teams
    with unchanged(db_path):
        with pytest.raises(AlreadyExists, match="already has a team called"):
            await store.create_team(league.id, "harbor city", "XX")
        with pytest.raises(AlreadyExists, match="already uses the abbreviation HC"):
            await store.create_team(league.id, "Harbor Town", "hc")
        with pytest.raises(SettingsError, match="1 to 5 letters"):
            await store.create_team(league.id, "Long Name", "TOOLONG")
        with pytest.raises(CardError, match="not a ballpark card"):
            await store.create_team(league.id, "Park", "PK", ballpark=BENCH)
        with pytest.raises(CardError, match="no card 'nowhere-park'"):
            await store.set_ballpark(hc.id, "nowhere-park")
        with pytest.raises(NotFound, match="no team with id 999"):
            await store.team(999)
        with pytest.raises(NotFound, match="no single team matches"):
            await store.find_team(league.id, "Nobody")
        with pytest.raises(AlreadyExists, match="already the manager"):
            await store.add_co_manager(hc.id, HC_MANAGER)
        with pytest.raises(NotFound, match="not a co-manager"):
            await store.remove_co_manager(hc.id, STRANGER)


async def test_who_may_manage_a_team(store: Store, teams: tuple[Team, Team]) -> None:
    hc, _ = teams
    await store.add_co_manager(hc.id, 11)
    assert await store.can_manage(hc.id, HC_MANAGER)
    assert await store.can_manage(hc.id, 11)
    assert await store.can_manage(hc.id, COMMISSIONER)
    assert not await store.can_manage(hc.id, MV_MANAGER)


# --- rosters ----------------------------------------------------------------------------------


async def test_signing_puts_a_card_on_the_roster_and_logs_it(store: Store, teams: tuple[Team, Team]) -> None:
    hc, _ = teams
    entry = await store.sign(hc.id, BENCH, by=HC_MANAGER)
    assert (entry.team_id, entry.card_id, entry.kind, entry.status, entry.since_day) == (
        hc.id,
        BENCH,
        "batter",
        "active",
        1,
    )
    assert (await store.sign(hc.id, ARM)).kind == "pitcher"
    assert [e.card_id for e in await store.roster(hc.id)] == [BENCH, ARM]
    moves = await store.roster_moves(hc.league_id)
    assert [(m.kind, m.card_id, m.team_id, m.from_team_id) for m in moves] == [
        ("sign", ARM, hc.id, None),
        ("sign", BENCH, hc.id, None),
    ]
    assert moves[1].by_user == HC_MANAGER


async def test_a_card_is_on_one_team_at_most(store: Store, teams: tuple[Team, Team], db_path: Path) -> None:
    hc, mv = teams
    await store.sign(hc.id, BENCH)
    with unchanged(db_path):
        with pytest.raises(RosterError, match="already on the Harbor City roster"):
            await store.sign(mv.id, BENCH)
        with pytest.raises(RosterError, match="already on the Harbor City roster"):
            await store.sign(hc.id, BENCH)


@pytest.mark.parametrize(
    ("card_id", "message"),
    [
        ("nobody-1970", "no card 'nobody-1970' in the league's card sets"),
        ("harbor-city-bowl-1970", "is a ballpark card"),
        ("hc-chet-morrow-batting-1970", "is a pitcher's batting card"),
        ("pitcher-batting", "is a pitcher's batting card"),
    ],
)
async def test_only_players_cards_can_be_signed(
    store: Store, teams: tuple[Team, Team], db_path: Path, card_id: str, message: str
) -> None:
    with unchanged(db_path), pytest.raises(CardError, match=message):
        await store.sign(teams[0].id, card_id)


async def test_a_full_roster_takes_nobody_more(
    store: Store, league: League, teams: tuple[Team, Team], db_path: Path
) -> None:
    hc, _ = teams
    await store.set_rules(league.id, LeagueRules(roster_limit=3))
    for card_id in HC_PLAYERS[:3]:
        await store.sign(hc.id, card_id)
    with unchanged(db_path), pytest.raises(RosterError, match="has 3 active players and the limit is 3"):
        await store.sign(hc.id, HC_PLAYERS[3])


async def test_releasing_takes_him_off_the_lineups_and_staff(store: Store, ready: tuple[Team, Team]) -> None:
    hc, mv = ready
    lineup = await store.lineup(hc.id, "R")
    assert lineup is not None
    batter = lineup.card_ids()[0]
    starter = (await store.rotation(hc.id)).starters[0]
    move = await store.release(hc.id, batter, by=COMMISSIONER)
    await store.release(hc.id, starter)
    assert (move.kind, move.card_id, move.team_id, move.from_team_id, move.by_user) == (
        "release",
        batter,
        None,
        hc.id,
        COMMISSIONER,
    )
    assert batter not in [e.card_id for e in await store.roster(hc.id)]
    after = await store.lineup(hc.id, "R")
    assert after is not None and len(after.spots) == 8 and batter not in after.card_ids()
    assert starter not in (await store.rotation(hc.id)).starters
    await store.sign(mv.id, batter)  # a free agent again
    assert [e.card_id for e in await store.roster(mv.id)][-1] == batter


async def test_releasing_someone_not_on_the_team_is_refused(
    store: Store, teams: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = teams
    await store.sign(mv.id, MV_BAT)
    with unchanged(db_path):
        with pytest.raises(RosterError, match="not on the Harbor City roster"):
            await store.release(hc.id, MV_BAT)
        with pytest.raises(RosterError, match="not on the Harbor City roster"):
            await store.release(hc.id, BENCH)


async def test_only_injured_players_go_on_the_injured_list(
    store: Store, teams: tuple[Team, Team], db_path: Path
) -> None:
    hc, _ = teams
    await store.sign(hc.id, BENCH)
    with unchanged(db_path):
        with pytest.raises(RosterError, match="not injured"):
            await store.place_on_injured_list(hc.id, BENCH)
        with pytest.raises(RosterError, match="not on the injured list"):
            await store.activate(hc.id, BENCH)


async def test_the_injured_list_frees_a_place_and_activation_needs_one(
    store: Store, league: League, teams: tuple[Team, Team], db_path: Path
) -> None:
    hc, _ = teams
    await store.set_rules(league.id, LeagueRules(roster_limit=1))
    await store.sign(hc.id, BENCH)
    injure(db_path, league, BENCH, days=2)
    move = await store.place_on_injured_list(hc.id, BENCH, by=HC_MANAGER)
    assert (move.kind, move.team_id, move.from_team_id) == ("injured_list", hc.id, hc.id)
    assert [(e.card_id, e.status) for e in await store.roster(hc.id)] == [(BENCH, "injured_list")]
    await store.sign(hc.id, ARM)  # his place is free
    with unchanged(db_path):
        with pytest.raises(PlayerUnavailable, match=r"still injured \(2 more days\)"):
            await store.activate(hc.id, BENCH)
        with pytest.raises(RosterError, match="already on the injured list"):
            await store.place_on_injured_list(hc.id, BENCH)
    await store.advance_day(league.id, 3)
    with unchanged(db_path), pytest.raises(RosterError, match="limit is 1"):
        await store.activate(hc.id, BENCH)
    await store.release(hc.id, ARM)
    assert (await store.activate(hc.id, BENCH)).kind == "activate"
    assert [(e.card_id, e.status) for e in await store.roster(hc.id)] == [(BENCH, "active")]


# --- trades -------------------------------------------------------------------------------------


async def _signed(store: Store, teams: tuple[Team, Team]) -> tuple[Team, Team]:
    hc, mv = teams
    for card_id in HC_PLAYERS[:4]:
        await store.sign(hc.id, card_id)
    for card_id in MV_PLAYERS[:4]:
        await store.sign(mv.id, card_id)
    return hc, mv


async def test_a_trade_goes_through_when_the_other_manager_accepts(store: Store, teams: tuple[Team, Team]) -> None:
    hc, mv = await _signed(store, teams)
    trade = await store.propose_trade(hc.id, mv.id, [HC_PLAYERS[0]], [MV_PLAYERS[0], MV_PLAYERS[1]], by=HC_MANAGER)
    assert (trade.status, trade.offered, trade.requested, trade.proposed_by) == (
        "pending",
        (HC_PLAYERS[0],),
        (MV_PLAYERS[0], MV_PLAYERS[1]),
        HC_MANAGER,
    )
    assert await store.trades(hc.league_id) == [trade]
    assert await store.trade(trade.id) == trade
    done = await store.accept_trade(trade.id, by=MV_MANAGER)
    assert (done.status, done.decided_by) == ("completed", MV_MANAGER)
    assert {e.card_id for e in await store.roster(hc.id)} == {*HC_PLAYERS[1:4], MV_PLAYERS[0], MV_PLAYERS[1]}
    assert {e.card_id for e in await store.roster(mv.id)} == {*MV_PLAYERS[2:4], HC_PLAYERS[0]}
    moves = [m for m in await store.roster_moves(hc.league_id) if m.kind == "trade"]
    assert {(m.card_id, m.from_team_id, m.team_id, m.trade_id) for m in moves} == {
        (HC_PLAYERS[0], hc.id, mv.id, trade.id),
        (MV_PLAYERS[0], mv.id, hc.id, trade.id),
        (MV_PLAYERS[1], mv.id, hc.id, trade.id),
    }
    assert await store.trades(hc.league_id) == []
    assert await store.trades(hc.league_id, status=None) == [done]


async def test_a_commissioner_executes_a_trade_at_once(store: Store, teams: tuple[Team, Team], db_path: Path) -> None:
    hc, mv = await _signed(store, teams)
    trade = await store.propose_trade(hc.id, mv.id, [HC_PLAYERS[0]], [MV_PLAYERS[0]], by=COMMISSIONER)
    with unchanged(db_path), pytest.raises(NotAllowed, match="only a commissioner"):
        await store.execute_trade(trade.id, by=MV_MANAGER)
    done = await store.execute_trade(trade.id, by=COMMISSIONER)
    assert (done.status, done.decided_by) == ("completed", COMMISSIONER)
    assert HC_PLAYERS[0] in {e.card_id for e in await store.roster(mv.id)}


async def test_a_traded_player_leaves_his_old_teams_lineup(store: Store, ready: tuple[Team, Team]) -> None:
    hc, mv = ready
    lineup = await store.lineup(hc.id, "L")
    assert lineup is not None
    star = lineup.card_ids()[0]
    ace = (await store.rotation(hc.id)).starters[0]
    trade = await store.propose_trade(hc.id, mv.id, [star, ace], [], by=HC_MANAGER)
    await store.accept_trade(trade.id, by=MV_MANAGER)
    after = await store.lineup(hc.id, "L")
    assert after is not None and star not in after.card_ids()
    assert ace not in (await store.rotation(hc.id)).starters
    assert star in {e.card_id for e in await store.roster(mv.id)}


async def test_only_the_right_people_decide_a_trade(store: Store, teams: tuple[Team, Team], db_path: Path) -> None:
    hc, mv = await _signed(store, teams)
    with unchanged(db_path), pytest.raises(NotAllowed, match="only a manager of Harbor City or a commissioner"):
        await store.propose_trade(hc.id, mv.id, [HC_PLAYERS[0]], [MV_PLAYERS[0]], by=MV_MANAGER)
    trade = await store.propose_trade(hc.id, mv.id, [HC_PLAYERS[0]], [MV_PLAYERS[0]], by=HC_MANAGER)
    with unchanged(db_path):
        with pytest.raises(NotAllowed, match="only a manager of Mesa Valley can accept"):
            await store.accept_trade(trade.id, by=HC_MANAGER)
        with pytest.raises(NotAllowed, match="can turn down"):
            await store.reject_trade(trade.id, by=STRANGER)
    assert (await store.reject_trade(trade.id, by=MV_MANAGER)).status == "rejected"
    with unchanged(db_path), pytest.raises(TradeError, match="is rejected, no longer pending"):
        await store.accept_trade(trade.id, by=MV_MANAGER)
    again = await store.propose_trade(hc.id, mv.id, [HC_PLAYERS[0]], [MV_PLAYERS[0]], by=HC_MANAGER)
    assert (await store.reject_trade(again.id, by=HC_MANAGER)).status == "withdrawn"


@pytest.mark.parametrize(
    ("offered", "requested", "message"),
    [
        ([MV_PLAYERS[0]], [], "not on the Harbor City roster"),
        ([], [HC_PLAYERS[0]], "not on the Mesa Valley roster"),
        ([], [], "at least one player"),
        ([HC_PLAYERS[0], HC_PLAYERS[0]], [], "named twice"),
    ],
)
async def test_a_trade_of_players_the_teams_do_not_have_is_refused(
    store: Store, teams: tuple[Team, Team], db_path: Path, offered: list[str], requested: list[str], message: str
) -> None:
    hc, mv = await _signed(store, teams)
    with unchanged(db_path), pytest.raises(TradeError, match=message):
        await store.propose_trade(hc.id, mv.id, offered, requested, by=HC_MANAGER)


async def test_a_trade_cannot_go_through_once_a_player_has_gone(
    store: Store, teams: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = await _signed(store, teams)
    trade = await store.propose_trade(hc.id, mv.id, [HC_PLAYERS[0]], [MV_PLAYERS[0]], by=HC_MANAGER)
    await store.release(mv.id, MV_PLAYERS[0])
    with unchanged(db_path), pytest.raises(TradeError, match="not on the Mesa Valley roster"):
        await store.accept_trade(trade.id, by=MV_MANAGER)


async def test_a_trade_may_not_push_a_roster_over_the_limit(
    store: Store, league: League, teams: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = await _signed(store, teams)
    trade = await store.propose_trade(hc.id, mv.id, [HC_PLAYERS[0]], MV_PLAYERS[:2], by=HC_MANAGER)
    await store.set_rules(league.id, LeagueRules(roster_limit=4))
    with unchanged(db_path), pytest.raises(TradeError, match="give Harbor City 5 active players, over the limit of 4"):
        await store.accept_trade(trade.id, by=MV_MANAGER)


async def test_trades_stay_inside_a_league(store: Store, teams: tuple[Team, Team], db_path: Path) -> None:
    hc, _ = teams
    other = await store.create_league("Other", ["sample"], commissioners=[COMMISSIONER])
    far = await store.create_team(other.id, "Far Away", "FA")
    with unchanged(db_path):
        with pytest.raises(TradeError, match="different leagues"):
            await store.propose_trade(hc.id, far.id, [], [], by=COMMISSIONER)
        with pytest.raises(TradeError, match="cannot trade with itself"):
            await store.propose_trade(hc.id, hc.id, [], [], by=COMMISSIONER)
        with pytest.raises(NotFound, match="no trade with id 77"):
            await store.accept_trade(77, by=HC_MANAGER)


async def test_a_team_belongs_to_one_of_two_leagues_or_none(store: Store) -> None:
    """Issue 14: the American and National Leagues in one Dugout league (weights, tie-breaks, wild cards)."""
    league = await store.create_league("Two Leagues", card_sets=["sample"])
    team = await store.create_team(league.id, "Harbor City", "HC", subleague=" AL ")
    assert team.subleague == "AL"
    assert (await store.set_subleague(team.id, "NL")).subleague == "NL"
    assert (await store.set_subleague(team.id, None)).subleague is None
    with pytest.raises(SettingsError):
        await store.set_subleague(team.id, "  ")
