"""Issue 14: small stored games and season tables kept current as games finish.

The season tables must equal the box scores added up (league.stats.season_stats) over
auto-played games of both phases and a forfeit; a failure inside finish_game leaves neither
the game nor its season rows; a game stores its setup by reference to the league's card
snapshot and still replays; a database upgraded to 0006 gets its season rows from the
games already final; the team and player pages agree with the games.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from bot.terminal.game import build_setup
from cards import SAMPLE_SET
from cards.loader import load_set
from engine.boxscore import box_score
from engine.game import Game
from engine.setup import LineupSpot
from league import db
from league.errors import NotFound
from league.models import GameRecord, League, Team
from league.stats import LEADER_STATS, SeasonStats, leaders, season_stats
from league.store import Store
from tests.league.conftest import direct, played, query, unchanged

REGULAR_GAMES = 24
PLAYOFF_GAMES = 2


async def play(
    store: Store, league: League, away: Team, home: Team, seed: int, db_path: Path, phase: str = "regular"
) -> GameRecord:
    """One game of the day played auto-managed to the end and finished, then the day moves on."""
    game = await store.schedule_game(league.id, away.id, home.id)
    if phase != "regular":
        with direct(db_path) as conn:
            conn.execute("UPDATE game SET phase = ? WHERE id = ?", (phase, game.id))
    setup, _ = await store.playable_setup(game.id)
    record = await store.start_game(game.id, setup=setup, seed=seed)
    final = await store.finish_game(record.id, played(record))
    await store.advance_day(league.id)
    return final


@pytest.fixture
async def season(store: Store, league: League, ready: tuple[Team, Team], db_path: Path) -> list[GameRecord]:
    """24 regular-season games, a forfeit, and two playoff games between Harbor City and Mesa Valley."""
    hc, mv = ready
    finals = []
    for n in range(REGULAR_GAMES):
        away, home = (hc, mv) if n % 2 == 0 else (mv, hc)
        finals.append(await play(store, league, away, home, 100 + n, db_path))
    forfeit = await store.schedule_game(league.id, hc.id, mv.id)
    finals.append(await store.forfeit_game(forfeit.id, "home"))
    await store.advance_day(league.id)
    for n in range(PLAYOFF_GAMES):
        finals.append(await play(store, league, hc, mv, 500 + n, db_path, phase="playoffs"))
    return finals


async def test_the_season_tables_are_the_stored_box_scores_added_up(
    store: Store, league: League, season: list[GameRecord]
) -> None:
    regular = await store.season_stats(league.id)
    boxes = await store.box_scores(league.id)
    assert len(boxes) == REGULAR_GAMES  # the forfeit has no box score, the playoff games are apart
    assert regular == season_stats(boxes)
    assert regular.team_games == {"HC": REGULAR_GAMES, "MV": REGULAR_GAMES}
    assert sum(b.pa for b in regular.batting.values()) > 30 * REGULAR_GAMES  # the tables are not empty
    playoffs = await store.season_stats(league.id, phase="playoffs")
    assert playoffs == season_stats(await store.box_scores(league.id, phase="playoffs"))
    assert playoffs.team_games == {"HC": PLAYOFF_GAMES, "MV": PLAYOFF_GAMES}
    for stat in LEADER_STATS:
        assert await store.leaders(league.id, stat, limit=5) == leaders(
            season_stats(boxes), stat, regular.team_games, 5
        )
    _, board = await store.leader_board(league.id, ["hr", "era"], limit=3)
    assert board == {s: leaders(regular, s, regular.team_games, 3) for s in ("hr", "era")}
    # The standings count the forfeit (Mesa Valley at home lost it 9-0) and not the playoffs.
    table = {r.team: r for r in (await store.standings(league.id))["overall"]}
    wins = {"HC": 0, "MV": 0}
    for g in season[: REGULAR_GAMES + 1]:
        assert g.away_runs is not None and g.home_runs is not None
        winner = g.away_team_id if g.away_runs > g.home_runs else g.home_team_id
        wins["HC" if winner == season[0].away_team_id else "MV"] += 1
    assert {t: (r.w, r.l) for t, r in table.items()} == {
        t: (wins[t], REGULAR_GAMES + 1 - wins[t]) for t in ("HC", "MV")
    }


@pytest.mark.parametrize("stage", ["game", "pitchers", "injuries", "season"])
async def test_a_failure_inside_finish_game_leaves_neither_the_game_nor_its_season_rows(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path, stage: str
) -> None:
    hc, mv = ready
    await play(store, league, hc, mv, 1, db_path)
    before = await store.season_stats(league.id)
    game = await store.schedule_game(league.id, mv.id, hc.id)
    record = await store.start_game(game.id, seed=2)
    data = played(record)

    async def fail(at: str) -> None:
        if at == stage:
            raise RuntimeError(f"stopped at {at}")

    store.finish_hook = fail
    with unchanged(db_path), pytest.raises(RuntimeError, match=f"stopped at {stage}"):
        await store.finish_game(record.id, data)
    assert await store.season_stats(league.id) == before
    store.finish_hook = None
    await store.finish_game(record.id, data)
    after = await store.season_stats(league.id)
    assert after == season_stats(await store.box_scores(league.id)) != before


async def test_a_stored_game_refers_to_the_leagues_cards_and_replays_as_played(
    store: Store, league: League, ready: tuple[Team, Team], db_path: Path
) -> None:
    hc, mv = ready
    finals = [await play(store, league, hc, mv, seed, db_path) for seed in (3, 4, 5)]
    assert query(db_path, "SELECT count(*) FROM card_snapshot") == [(1,)]  # one snapshot for the league's sets
    sizes = query(db_path, "SELECT length(setup), length(log), length(box_score), snapshot_id FROM game")
    assert all(setup < 4000 and (log, box) == (2, 2) and snap == 1 for setup, log, box, snap in sizes)
    for final in finals:
        assert final.seed is not None and final.box_score is not None
        game = await store.load_game(final.id)
        again = Game(game.setup, final.seed)  # auto-managed from the start: the same game
        assert again.to_dict() == game.to_dict() == {**final.game_dict(), "managed": [], "time_called": []}
        assert final.box_score == json.loads(json.dumps(box_score(again).to_dict()))
        assert final.innings == box_score(again).line.innings

    # A card that differs from the league's (a setup made elsewhere) is kept written out in full.
    game = await store.schedule_game(league.id, mv.id, hc.id)
    setup, _ = await store.playable_setup(game.id)
    changed = setup.home.lineup[0].batter.model_copy(update={"name": "Somebody Else"})
    spot = LineupSpot(changed, setup.home.lineup[0].position)
    odd = replace(setup, home=replace(setup.home, lineup=(spot, *setup.home.lineup[1:])))
    live = await store.start_game(game.id, setup=odd, seed=9)
    assert live.setup == Game(odd, 9).to_dict()["setup"]
    assert live.setup["home"]["lineup"][0]["batter"]["name"] == "Somebody Else"
    stored = json.loads(query(db_path, "SELECT setup FROM game WHERE id = ?", (game.id,))[0][0])
    assert stored["home"]["lineup"][0]["batter"]["name"] == "Somebody Else"
    assert stored["home"]["lineup"][1]["batter"] == setup.home.lineup[1].batter.id
    assert (await store.load_game(game.id)).setup.home.lineup[0].batter.name == "Somebody Else"


async def old_database(path: Path, version: int) -> list[Game]:
    """A database at ``version`` (before issue 14: 5) with six final games stored the old way, inline:
    games 1-4 regular, 5 forfeited, 6 a playoff game. Seed 1 (game 2) is Harbor City's complete-game shutout."""
    conn = await db.connect(path)
    await db.upgrade(conn, db.migrations()[:5])
    await conn.close()
    setup = build_setup(load_set(SAMPLE_SET), "Harbor City", "Mesa Valley")
    games = [Game(setup, seed) for seed in range(6)]
    with direct(path) as old:
        old.execute("INSERT INTO league (id, name, ruleset) VALUES (1, 'Old League', 'IP2021')")
        old.execute("INSERT INTO league_card_set VALUES (1, 1, 'sample')")
        old.execute("INSERT INTO team (id, league_id, name, abbreviation) VALUES (1, 1, 'Harbor City', 'HC')")
        old.execute("INSERT INTO team (id, league_id, name, abbreviation) VALUES (2, 1, 'Mesa Valley', 'MV')")
        for n, game in enumerate(games, start=1):
            box = box_score(game)
            phase = "playoffs" if n == 6 else "regular"
            old.execute(
                "INSERT INTO game (league_id, season, day, played_day, away_team_id, home_team_id, status, ruleset,"
                " setup, seed, log, away_runs, home_runs, line_score, box_score, phase)"
                " VALUES (1, 1, ?, ?, 1, 2, 'final', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    n,
                    n,
                    game.to_dict()["ruleset"],
                    json.dumps(game.to_dict()["setup"]),
                    game.seed,
                    json.dumps(game.log_to_json()),
                    box.line.away.r,
                    box.line.home.r,
                    json.dumps(box.line.to_dict()),
                    json.dumps(box.to_dict()),
                    phase,
                ),
            )
        old.execute("UPDATE game SET status = 'final', forfeited_by = 'away', box_score = '{}' WHERE id = 5")
    if version > 5:
        conn = await db.connect(path)
        await db.upgrade(conn, db.migrations()[:version])
        await conn.close()
    return games


async def test_upgrading_a_database_builds_the_season_rows_of_its_final_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    games = await old_database(path, 5)  # a database as Dugout left it before issue 14
    store = await Store.open(path)
    try:
        boxes = await store.box_scores(1)
        assert len(boxes) == 4  # games 1-4: game 5 was forfeited, game 6 is a playoff game
        stats = await store.season_stats(1)
        assert stats == season_stats(boxes) and stats.team_games == {"HC": 4, "MV": 4}
        assert stats != SeasonStats()
        playoffs = await store.season_stats(1, phase="playoffs")
        assert playoffs.team_games == {"HC": 1, "MV": 1}
        assert playoffs == season_stats([("HC", "MV", json.loads(json.dumps(box_score(games[5]).to_dict())))])
        innings = query(path, "SELECT id, innings FROM game ORDER BY id")
        assert innings == [(n, box_score(g).line.innings) for n, g in enumerate(games, start=1)]
        # An old game keeps its cards inline and still loads and replays; its log and box are compressed now.
        assert (await store.load_game(1)).to_dict() == games[0].to_dict()
        assert (await store.game(1)).box_score == json.loads(json.dumps(box_score(games[0]).to_dict()))
        packed = query(path, "SELECT id FROM game WHERE log = '[]' AND box_score = '{}' AND log_z IS NOT NULL")
        assert packed == [(1,), (2,), (3,), (4,), (6,)]  # the forfeit (5) had neither
    finally:
        await store.close()


async def test_upgrading_to_complete_games_keeps_the_season_rows_and_fills_cg_and_sho(tmp_path: Path) -> None:
    path = tmp_path / "before.sqlite3"
    level = next(m.version for m in db.migrations() if m.name.endswith("_complete_games.sql")) - 1
    games = await old_database(path, level)
    columns = "league_id, season, phase, team_id, card_id, name, last_day, last_game, games, outs, r, w, l"
    before = query(path, f"SELECT {columns} FROM season_pitching ORDER BY phase, team_id, card_id")
    assert len(before) > 4
    store = await Store.open(path)  # upgrades
    try:
        assert query(path, f"SELECT {columns} FROM season_pitching ORDER BY phase, team_id, card_id") == before
        stats = await store.season_stats(1)
        assert stats == season_stats(await store.box_scores(1))
        ace = box_score(games[1]).away.pitching  # seed 1: Harbor City's starter pitched alone and allowed no run
        assert len(ace) == 1 and ace[0].r == 0
        assert (stats.pitching[ace[0].player].cg, stats.pitching[ace[0].player].sho) >= (1, 1)
        assert stats.team_pitching("HC").sho >= 1
        assert await store.leaders(1, "sho") == [(ace[0].player, stats.pitching[ace[0].player].sho)]
    finally:
        await store.close()


async def test_the_team_page_agrees_with_the_games(
    store: Store, league: League, ready: tuple[Team, Team], season: list[GameRecord]
) -> None:
    hc, mv = ready
    await store.set_division(hc.id, "East")
    await store.set_division(mv.id, "West")
    page = await store.team_page(league.id, hc.id)
    pool = await store.card_pool(league.id)
    regular = season[: REGULAR_GAMES + 1]
    tally: dict[str, list[int]] = {}
    results = []
    for g in regular:
        assert g.away_runs is not None and g.home_runs is not None
        home = g.home_team_id == hc.id
        ours, theirs = (g.home_runs, g.away_runs) if home else (g.away_runs, g.home_runs)
        won = ours > theirs
        results.append(won)
        names = ["Home" if home else "Road", "Vs other divisions"]
        if abs(ours - theirs) == 1:
            names.append("One-run games")
        if g.line_score is not None and g.line_score.get("innings", 0) > 9:
            names.append("Extra innings")
        if g.forfeited_by is None:
            assert g.setup is not None
            their_starter = g.setup["away" if home else "home"]["pitcher"]["id"]
            names.append(f"Vs {pool.pitcher(their_starter).throws.value}HP starters")
        for name in names:
            tally.setdefault(name, [0, 0])[0 if won else 1] += 1
    splits = {s.name: (s.w, s.l) for s in page.splits}
    expected = {name: tuple(tally.get(name, [0, 0])) for name in splits}
    assert splits == expected
    assert set(splits) == {
        "Home",
        "Road",
        "One-run games",
        "Extra innings",
        "Vs division",
        "Vs other divisions",
        "Vs LHP starters",
        "Vs RHP starters",
    }
    assert (page.w, page.l) == (sum(results), len(results) - sum(results))
    assert splits["Home"][0] + splits["Road"][0] == page.w
    last = results[-10:]
    assert page.last_ten == f"{sum(last)}-{10 - sum(last)}"
    streak = 1
    while streak < len(results) and results[-1 - streak] == results[-1]:
        streak += 1
    assert page.streak == f"{'W' if results[-1] else 'L'}{streak}"
    stats = await store.season_stats(league.id)
    assert page.batting == stats.team_batting("HC") and page.pitching == stats.team_pitching("HC")
    assert len(page.roster) == len(await store.roster(hc.id))
    for line in page.roster:
        assert line.batting == stats.batting.get(line.card_id)
        assert line.pitching == stats.pitching.get(line.card_id)
    assert [r.kind for r in page.roster] == sorted((r.kind for r in page.roster), key=lambda k: k != "batter")


async def test_the_player_page_has_a_line_per_season_and_phase(
    store: Store, league: League, ready: tuple[Team, Team], season: list[GameRecord]
) -> None:
    hc, _ = ready
    regular = await store.season_stats(league.id)
    playoffs = await store.season_stats(league.id, phase="playoffs")
    batter = max(regular.batting.values(), key=lambda b: b.pa).player
    page = await store.player_page(league.id, batter)
    assert (page.name, page.team) == (regular.batting[batter].name, regular.player_team[batter])
    assert [(line.season, line.phase, line.team) for line in page.lines] == [
        (1, "regular", regular.player_team[batter]),
        (1, "playoffs", playoffs.player_team[batter]),
    ]
    assert page.lines[0].batting == regular.batting[batter]
    assert page.lines[1].batting == playoffs.batting[batter]
    assert page.lines[0].fielding == regular.fielding[batter]
    assert page.lines[0].pitching is None
    pitcher = max(regular.pitching.values(), key=lambda p: p.outs).player
    lines = (await store.player_page(league.id, pitcher, season=1)).lines
    assert lines[0].pitching == regular.pitching[pitcher]
    with pytest.raises(NotFound, match="no season 2"):  # not an empty page: the league has not reached it
        await store.player_page(league.id, pitcher, season=2)
    with pytest.raises(NotFound, match="no season 2"):
        await store.team_page(league.id, hc.id, season=2)
