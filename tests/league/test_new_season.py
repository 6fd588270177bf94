"""The next season (issue 28, docs/seasons.md): ``new_season`` waits for a finished season, closes it and
opens the next in one transaction, with or without a change of card set, keeping the past readable.

The league is four bench-only teams (bench.synth), three games each, and a one-game final.
"""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest

from bench.synth import bench_league, write_bench_set
from cards import BUNDLED_SETS
from cards.loader import SET_FILE, load_set, write_cards
from engine.rulesets import DEEP_DRIVE
from league import autoplay, db, draft, history
from league.errors import CardError, RosterError, SeasonNotOver
from league.models import League
from league.playoffs import PlayoffFormat, Round
from league.seasons import new_season_text, season_text
from league.store import Store
from tests.league.conftest import direct, injure, query, unchanged

TEAMS, GAMES = 4, 3
COMMISSIONER = 7
ONE_GAME_FINAL = PlayoffFormat("custom", teams=2, rounds=(Round(1, name="Final"),), division_winners=False)
NEXT_SET = """name = "Bench next year"
ruleset = "inside-pitch"
description = "The bench set's players again under new ids, one of them missing: a tiny next year's set."
"""


@pytest.fixture(scope="module")
def bench_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_bench_set(tmp_path_factory.mktemp("cards") / "bench", TEAMS)


@pytest.fixture(scope="module")
def next_set(bench_set: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every player of the bench set as the same person under a new id ("n-" + the old), but team 1's first
    batter, who has no card in it."""
    cards = load_set(bench_set)
    folder = tmp_path_factory.mktemp("cards") / "next"
    folder.mkdir()
    (folder / SET_FILE).write_text(NEXT_SET, encoding="utf-8")
    gone = missing_player(bench_set)
    players = [c for c in [*cards.batters.values(), *cards.pitchers.values()] if c.id not in (gone, "pitcher-batting")]
    write_cards(folder / "players.toml", [c.model_copy(update={"id": "n-" + c.id, "person": c.id}) for c in players])
    return folder


def missing_player(bench_set: Path) -> str:
    cards = load_set(bench_set)
    pitchers = {p.name for p in cards.pitchers.values()}
    return next(b.id for b in cards.batters.values() if b.team == "Bench 01" and b.name not in pitchers)


@pytest.fixture
async def season(store: Store, bench_set: Path) -> League:
    league = await bench_league(store, bench_set, TEAMS, GAMES, seed=3, commissioners=(7,))
    await store.set_playoff_format(league.id, ONE_GAME_FINAL)
    return league


async def finish(store: Store, league: League, seed: int = 1) -> None:
    """The regular season auto-played, then the playoffs to a champion."""
    await autoplay.advance(store, league.id, to_end=True, rng=random.Random(seed))
    await store.start_playoffs(league.id)
    await autoplay.advance(store, league.id, to_end=True, rng=random.Random(seed + 1))


async def test_a_season_not_finished_is_refused_and_nothing_changes(
    store: Store, season: League, db_path: Path
) -> None:
    with unchanged(db_path), pytest.raises(SeasonNotOver, match=r"^season 1 of Bench League is not over: 6 "):
        await store.new_season(season.id)
    await autoplay.advance(store, season.id, to_end=True, rng=random.Random(1))
    with unchanged(db_path), pytest.raises(SeasonNotOver, match="regular season is over and the playoffs come next"):
        await store.new_season(season.id)
    await store.start_playoffs(season.id)
    with unchanged(db_path), pytest.raises(SeasonNotOver, match="its playoffs are under way"):
        await store.new_season(season.id)
    assert (await store.season(season.id)).state == "playoffs"


async def test_a_league_without_playoffs_is_finished_with_its_schedule_and_its_leader_is_champion(
    store: Store, season: League
) -> None:
    await store.set_playoff_format(season.id, PlayoffFormat("none", teams=0, rounds=()))
    await autoplay.advance(store, season.id, to_end=True, rng=random.Random(1))
    leader = (await store.standings(season.id))["overall"][0].team
    done = await store.new_season(season.id)
    assert done.closed.champion == (await store.find_team(season.id, leader)).name


async def test_the_next_season_starts_again_and_the_first_stays_as_it_was(
    store: Store, season: League, db_path: Path
) -> None:
    await finish(store, season)
    standings = await store.standings(season.id)
    stats = await store.season_stats(season.id)
    playoffs = await store.playoffs(season.id)
    assert playoffs is not None and playoffs.champion_team_id is not None
    teams = await store.teams(season.id)
    a, b = teams[0], teams[1]
    trade = await store.propose_trade(a.id, b.id, [(await store.roster(a.id))[0].card_id], [], by=7)
    hurt = (await store.roster(b.id))[0].card_id
    league = await store.league(season.id)
    injure(db_path, league, hurt, 30)
    rosters = {t.id: [e.card_id for e in await store.roster(t.id)] for t in teams}

    done = await store.new_season(season.id, by=7)

    league = await store.league(season.id)
    assert (league.season, league.day) == (2, 1)
    champion = (await store.team(playoffs.champion_team_id)).name
    assert (done.closed.number, done.closed.state, done.closed.champion) == (1, "closed", champion)
    assert (done.opened.number, done.opened.state, done.withdrawn_trades, done.healed) == (2, "regular season", 1, 1)
    assert (await store.trade(trade.id)).status == "withdrawn"
    assert hurt not in await store.unavailable(season.id)  # the winter healed him
    assert {t.id: [e.card_id for e in await store.roster(t.id)] for t in teams} == rosters  # no redraft
    assert new_season_text(done).startswith(f"Bench League: season 1 is closed; champion: {champion}. Season 2")
    assert f"Champion: {champion}" in season_text(await store.season(season.id, 1))

    await store.schedule_season(season.id, GAMES, seed=4)  # the new season takes a schedule
    await finish(store, league, seed=5)
    assert await store.standings(season.id, 1) == standings
    assert await store.season_stats(season.id, 1) == stats
    assert await store.playoffs(season.id, 1) == playoffs
    assert (await store.season_stats(season.id)).team_games == {t.abbreviation: GAMES for t in teams}
    assert (await store.season(season.id, 2)).state.startswith("finished")
    assert [s.number for s in await store.seasons(season.id)] == [1, 2]


async def test_injuries_carry_into_the_new_season_by_the_league_rule(
    store: Store, season: League, db_path: Path
) -> None:
    await store.set_rules(season.id, season.rules.__class__(**{**season.rules.to_dict(), "carry_injuries": 1}))
    await finish(store, season)
    hurt = (await store.roster((await store.teams(season.id))[0].id))[0].card_id
    injure(db_path, await store.league(season.id), hurt, 3)
    done = await store.new_season(season.id)
    assert done.carried == 1
    assert (await store.unavailable(season.id))[hurt] == "injured (3 more days)"


async def test_a_new_card_set_gives_each_player_his_card_of_the_same_person(
    store: Store, season: League, bench_set: Path, next_set: Path, db_path: Path
) -> None:
    await finish(store, season)
    first = await store.season_stats(season.id)
    team = (await store.teams(season.id))[0]
    lineup = await store.lineup(team.id, "R")
    assert lineup is not None
    gone = missing_player(bench_set)
    regular = lineup.card_ids()[0]
    with direct(db_path) as conn:  # his real playing time, as a set's team entry gives it
        conn.execute(
            "INSERT INTO team_usage (team_id, card_id, starts, games) VALUES (?, ?, 150, 162)", (team.id, regular)
        )

    done = await store.new_season(season.id, card_set=str(next_set))

    league = await store.league(season.id)
    assert league.card_sets == (str(bench_set), str(next_set))
    roster = [e.card_id for e in await store.roster(team.id)]
    assert gone in roster and all(c.startswith("n-") for c in roster if c != gone)
    assert [c.text() for c in done.opened.missing()] == [
        f"{(await store.card_pool(season.id)).name(gone)} (Bench 01) has no card in the new set and keeps {gone}"
    ]
    moved = await store.lineup(team.id, "R")
    assert moved is not None
    assert moved.card_ids() == [c if c == gone else "n-" + c for c in lineup.card_ids()]
    assert all(c.startswith("n-") for c in (await store.rotation(team.id)).starters)
    assert query(db_path, "SELECT card_id, starts FROM team_usage WHERE team_id = ?", (team.id,)) == [
        ("n-" + regular if regular != gone else regular, 150)
    ]
    assert await store.season_stats(season.id, 1) == first  # the past keeps its card ids

    # A player's lines of every season: the cards of his person (CardPool.cards_of), then the season tables.
    await store.schedule_season(season.id, GAMES, seed=4)
    await finish(store, league, seed=5)
    someone = lineup.card_ids()[1]
    pool = await store.card_pool(season.id)
    ids = [c.id for c in pool.cards_of(pool.person(someone))]
    assert ids == [someone, "n-" + someone]
    rows = query(
        db_path,
        f"SELECT season, card_id FROM season_batting WHERE league_id = ? AND phase = 'regular' "
        f"AND card_id IN ({', '.join('?' * len(ids))}) ORDER BY season",
        (season.id, *ids),
    )
    assert rows == [(1, someone), (2, "n-" + someone)]


async def test_a_player_without_a_new_card_retires_by_the_league_rule(
    store: Store, season: League, bench_set: Path, next_set: Path
) -> None:
    await store.set_rules(season.id, season.rules.__class__(**{**season.rules.to_dict(), "retire_missing": 1}))
    await finish(store, season)
    gone = missing_player(bench_set)
    done = await store.new_season(season.id, card_set=str(next_set))
    assert [(c.kind, c.card_id) for c in done.opened.missing()] == [("retired", gone)]
    team = (await store.teams(season.id))[0]
    assert gone not in [e.card_id for e in await store.roster(team.id)]
    assert (await store.roster_moves(season.id, limit=1))[0].kind == "release"


async def test_a_redraft_keeps_each_teams_keepers_the_marked_first(store: Store, season: League) -> None:
    await store.set_rules(season.id, season.rules.__class__(**{**season.rules.to_dict(), "redraft": 1, "keepers": 2}))
    await finish(store, season)
    teams = await store.teams(season.id)
    reliever = (await store.roster(teams[0].id))[-1].card_id  # in no lineup nor the rotation: kept only if marked
    assert reliever not in await store.keepers(teams[0].id)
    assert await store.set_keepers(teams[0].id, [reliever]) == [reliever]
    default = await store.keepers(teams[1].id)
    lineup = await store.lineup(teams[1].id, "R")
    assert lineup is not None and default == lineup.card_ids()[:2]  # the lineup vs right-handers, in order
    await store.new_season(season.id)
    kept = [e.card_id for e in await store.roster(teams[0].id)]
    assert reliever in kept
    assert [e.card_id for e in await store.roster(teams[1].id)] == default
    for team in teams:
        assert len(await store.roster(team.id)) == 2


async def test_an_unknown_card_set_is_refused_and_nothing_changes(store: Store, season: League, db_path: Path) -> None:
    await finish(store, season)
    with unchanged(db_path), pytest.raises(CardError, match="no card set 'no-such-set'"):
        await store.new_season(season.id, card_set="no-such-set")


async def test_upgrading_an_old_file_keeps_its_rows_and_reads_its_season(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = await db.connect(path)
    seasons = next(m.version for m in db.migrations() if m.name.endswith("_seasons.sql"))
    await db.upgrade(conn, db.migrations()[: seasons - 1])  # the file before the seasons' migration
    await conn.close()
    with direct(path) as old:
        old.execute("INSERT INTO league (id, name, ruleset, season, day) VALUES (1, 'Old League', 'IP2021', 3, 40)")
        old.execute("INSERT INTO league_card_set VALUES (1, 1, 'sample')")
        old.execute("INSERT INTO team (id, league_id, name, abbreviation) VALUES (1, 1, 'Harbor City', 'HC')")
    columns = "id, name, ruleset, options, rules, season, day, guild_id, created_at"  # later migrations add more
    before = query(path, f"SELECT {columns} FROM league")
    store = await Store.open(path)
    try:
        assert query(path, f"SELECT {columns} FROM league") == before
        record = await store.season(1)
        assert (record.number, record.state, record.card_sets) == (3, "regular season", ("sample",))
        assert (await store.season(1, 2)).state == "closed"
    finally:
        await store.close()


async def test_a_deep_drive_league_takes_its_next_sets_cards_too(store: Store, tmp_path: Path) -> None:
    """The same service for either ruleset: Deep Drive cards carry a person as Inside Pitch's do."""
    sample = BUNDLED_SETS / "deep-drive-sample"
    folder = tmp_path / "dd-next"
    shutil.copytree(sample, folder)
    for name in ("chicago-n-2016.toml", "cleveland-2016.toml"):
        tables = (sample / name).read_text(encoding="utf-8").split("\n[[")
        text = "\n[[".join(t for t in tables if not t.startswith("team]]"))  # the players, not the team entry
        (folder / name).write_text(re.sub(r'^id = "(.*)"$', r'id = "n-\1"\nperson = "\1"', text, flags=re.M))
    pool = await store.card_sets(["deep-drive-sample"])
    league = await store.create_league("DD", ["deep-drive-sample"], ruleset=DEEP_DRIVE, options=pool.options())
    a, b = await store.create_teams_from_sets(league.id)
    game = await store.schedule_game(league.id, a.id, b.id, day=1)
    await store.forfeit_game(game.id, "away")
    await store.set_playoff_format(league.id, PlayoffFormat("none", teams=0, rounds=()))
    with direct(store.path) as conn:  # its one game is its whole schedule
        conn.execute("INSERT INTO season_schedule (league_id, season, games) VALUES (?, 1, 1)", (league.id,))
    rotation = (await store.rotation(a.id)).starters
    assert len(rotation) == 5

    done = await store.new_season(league.id, card_set=str(folder))

    assert done.opened.missing() == [] and (await store.league(league.id)).season == 2
    for team in (a, b):
        assert all(e.card_id.startswith("n-") for e in await store.roster(team.id))
    assert (await store.rotation(a.id)).starters == tuple("n-" + c for c in rotation)


# --- a league that lives: two seasons, a set change and a redraft between them ---------------------


async def test_two_seasons_with_a_set_change_and_a_redraft_between_them(
    store: Store, season: League, next_set: Path
) -> None:
    league = season
    rules = league.rules.to_dict()
    await store.set_rules(league.id, league.rules.__class__(**{**rules, "redraft": 1, "keepers": 2}))
    await finish(store, league)
    first_history = await history.history(store, league.id)
    first_awards = await store.awards(league.id, 1)
    first_standings = await store.standings(league.id)
    first_stats = await store.season_stats(league.id, 1)
    assert first_awards and first_history[0].champion is not None

    await store.new_season(league.id, card_set=str(next_set), by=COMMISSIONER)
    teams = await store.teams(league.id)
    assert [len(await store.roster(t.id)) for t in teams] == [2] * len(teams)  # the keepers, on their new cards
    await draft.setup(store, league.id, by=COMMISSIONER, order="standings", seed=1)
    done = await draft.auto_all(store, league.id, now=1000.0, by=COMMISSIONER)
    assert (await draft.current(store, league.id)).state == "done", done

    pool = await store.card_pool(league.id)
    rostered = [e.card_id for t in teams for e in await store.roster(t.id)]
    people = [(pool.person(c), pool.card(c).kind) for c in rostered]
    assert len(people) == len(set(people))  # no man drafted twice, on his old card or his new
    assert all(pool.set_of(c) == str(next_set) for c in rostered)  # the season's cards, none of last year's
    for team in teams:  # every team drafted to a playable roster, its lineups and rotation made for it
        assert await store.lineup(team.id, "R") is not None
        assert (await store.rotation(team.id)).starters

    await store.schedule_season(league.id, GAMES, seed=4)
    await finish(store, await store.league(league.id), seed=5)

    assert await store.awards(league.id, 1) == first_awards
    assert await store.season_stats(league.id, 1) == first_stats
    assert await store.standings(league.id, season=1) == first_standings
    both = await history.history(store, league.id)
    assert both[0] == first_history[0] and [s.season for s in both] == [1, 2]
    assert len(await store.awards(league.id, 2)) == len(first_awards)

    # A player kept on his new card has both seasons on his page, as one person.
    kept = next(c for c in rostered if pool.cards_of(pool.person(c))[0].id != c)
    seasons = await history.player_seasons(store, league.id, kept)
    assert [s.season for s in seasons] == [1, 2]


async def test_a_man_is_on_one_roster_whichever_of_his_cards_is_signed(
    store: Store, season: League, next_set: Path
) -> None:
    await finish(store, season)
    await store.new_season(season.id, card_set=str(next_set), by=COMMISSIONER)
    pool = await store.card_pool(season.id)
    a, b = (await store.teams(season.id))[:2]
    new_card = next(e.card_id for e in await store.roster(a.id) if e.card_id.startswith("n-"))
    old_card = new_card.removeprefix("n-")  # last season's card of the same man
    assert pool.person(old_card) == pool.person(new_card)
    with pytest.raises(RosterError, match=f"already on the {a.name} roster, on his card {new_card}"):
        await store.sign(b.id, old_card)
    assert old_card not in await draft.available(store, season.id)
