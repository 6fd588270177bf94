"""Real playing time (league.usage): the auto-manager keeps a set team's players near their real starts.

A team made from a set entry with ``games`` and ``starts`` remembers them; ``playable_setup``
rests a lineup regular ahead of his real pace for the bench man most behind his own who can
play the position, and skips a starter ahead of his pace for the ready pitcher most behind
his. Without targets nothing changes. The starts so far are the season tables'.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.boxscore import box_score
from engine.game import Game
from engine.inside_pitch.options import InsidePitchOptions
from league.models import Replacement
from league.seasontables import game_rows
from league.store import Store
from league.usage import Pace, era_starter_rest, most_behind
from tests.cards.test_team_entries import HC_TEAM, make_set
from tests.league.conftest import direct
from tests.league.test_teams_from_set import MV_TEAM

TARGETS = {
    "hc-walt-pruett-1970": 60,
    "hc-gus-hadley-1970": 40,
    "hc-frank-dinardo-1970": 50,
    "hc-rudy-kasprzak-1970": 80,
    "hc-lyle-brennaman-1970": 30,
    "hc-chet-morrow-1970": 25,
    "hc-harlan-goss-1970": 10,
}
USAGE = "games = 100\nstarts = { " + ", ".join(f'"{c}" = {n}' for c, n in TARGETS.items()) + " }\nbullpen = {"


async def season_of(store: Store, tmp_path: Path, usage: bool = True, at_bats: bool = False) -> tuple[int, int, int]:
    """A league of HC (with usage targets, or none) and MV (none): (league id, HC id, MV id). Without
    ``at_bats`` the batters' cards lose their stats, so the lineups pace by starts."""
    text = HC_TEAM.replace("bullpen = {", USAGE) if usage else HC_TEAM
    folder = make_set(tmp_path, text + MV_TEAM)
    if not at_bats:
        for path in folder.glob("*.toml"):
            path.write_text(re.sub(r"(?m)^stats = \{ games = .*\n", "", path.read_text()))
    league = await store.create_league("Season", [str(folder)], options=InsidePitchOptions())
    hc, mv = await store.create_teams_from_sets(league.id)
    return league.id, hc.id, mv.id


def started(db_path: Path, league_id: int, team_id: int, season: int, games: int, starts: dict[str, int]) -> None:
    """The season tables as if the team had played ``games`` games with these starts."""
    with direct(db_path) as db:
        key = (league_id, season, "regular", team_id)
        rows = [("hc-eddie-stroud-1970", games - sum(n for c, n in starts.items() if _pitcher(c)))]
        rows += [(c, n) for c, n in starts.items() if _pitcher(c)]
        for card_id, n in rows:
            db.execute(
                "INSERT INTO season_pitching (league_id, season, phase, team_id, card_id, name, last_day, last_game,"
                " games, games_started) VALUES (?, ?, ?, ?, ?, 'x', 1, 1, ?, ?)",
                (*key, card_id, n, n),
            )
        for card_id, n in starts.items():
            if not _pitcher(card_id):
                db.execute(
                    "INSERT INTO season_batting (league_id, season, phase, team_id, card_id, name, last_day,"
                    " last_game, games, games_started) VALUES (?, ?, ?, ?, ?, 'x', 1, 1, ?, ?)",
                    (*key, card_id, n, n),
                )


def _pitcher(card_id: str) -> bool:
    return card_id in ("hc-lyle-brennaman-1970", "hc-chet-morrow-1970", "hc-harlan-goss-1970")


async def test_a_regular_ahead_of_his_pace_rests_and_the_bench_man_most_behind_plays(
    store: Store, tmp_path: Path, db_path: Path
) -> None:
    league_id, hc, mv = await season_of(store, tmp_path)
    game = await store.schedule_game(league_id, mv, hc)
    # 20 games: Pruett caught all 20 (pace 60 %: 12); Hadley (C, 1B) none of his 40 %; DiNardo
    # (1B 3B LF, 5 of 50 %) is further behind but his card has no C.
    started(db_path, league_id, hc, game.season, 20, {"hc-walt-pruett-1970": 20, "hc-frank-dinardo-1970": 5})
    before = await store.build_game_setup(game.id)  # a manager's own setup: his saved lineup as it is
    setup, replacements = await store.playable_setup(game.id)
    text = (
        "Harbor City Captains: Walt Pruett rests (20 starts in 20 games, his real pace 12); "
        "Gus Hadley plays C (0 starts in 20 games, his real pace 8)"
    )
    assert replacements == [
        Replacement("Harbor City Captains", before.home.lineup[6].position, "hc-walt-pruett-1970",
                    "hc-gus-hadley-1970", text)
    ]  # fmt: skip
    spots = [(s.batter.id, s.position.value) for s in setup.home.lineup]
    assert spots[6] == ("hc-gus-hadley-1970", "C")
    assert (
        spots[:6] + spots[7:]
        == [(s.batter.id, s.position.value) for s in before.home.lineup][:6]
        + [(s.batter.id, s.position.value) for s in before.home.lineup][7:]
    )
    assert "hc-walt-pruett-1970" in {b.id for b in setup.home.bench}
    assert setup.away == before.away  # MV has no targets


async def test_nobody_behind_at_the_position_leaves_the_regular_in(store: Store, tmp_path: Path, db_path: Path) -> None:
    league_id, hc, mv = await season_of(store, tmp_path)
    game = await store.schedule_game(league_id, mv, hc)
    started(db_path, league_id, hc, game.season, 20, {"hc-walt-pruett-1970": 20, "hc-gus-hadley-1970": 9})
    setup, replacements = await store.playable_setup(game.id)
    assert replacements == []
    assert setup == await store.build_game_setup(game.id)


async def test_a_starter_ahead_of_his_pace_is_skipped_for_the_ready_arm_most_behind(
    store: Store, tmp_path: Path, db_path: Path
) -> None:
    league_id, hc, mv = await season_of(store, tmp_path)
    game = await store.schedule_game(league_id, mv, hc)
    # Brennaman (his turn) 10 starts in 20 games, pace 30 %: 6; Morrow 2 of 25 % (5 by today), Goss 0 of 10 %.
    started(
        db_path,
        league_id,
        hc,
        game.season,
        20,
        {"hc-lyle-brennaman-1970": 10, "hc-chet-morrow-1970": 2, "hc-walt-pruett-1970": 12},
    )
    assert (await store.build_game_setup(game.id)).home.pitcher.id == "hc-lyle-brennaman-1970"
    setup, replacements = await store.playable_setup(game.id)
    assert setup.home.pitcher.id == "hc-chet-morrow-1970"
    assert replacements == [
        Replacement(
            "Harbor City Captains",
            before_p := replacements[0].position,
            "hc-lyle-brennaman-1970",
            "hc-chet-morrow-1970",
            "Harbor City Captains: Lyle Brennaman is skipped (10 starts in 20 games, his real pace 6); "
            "Chet Morrow starts (2 starts in 20 games, his real pace 5)",
        )
    ]
    assert before_p.value == "P"
    assert "hc-chet-morrow-1970" not in {p.id for p in setup.home.bullpen}


async def test_a_pitcher_who_bats_counts_each_start_once(store: Store, tmp_path: Path, db_path: Path) -> None:
    """Without the DH a starter also starts in the batting order: his batting line's starts are the same
    games as his pitching line's, not more of them (a 1970 league once skipped a man at 29 starts as 58)."""
    league_id, hc, mv = await season_of(store, tmp_path)
    game = await store.schedule_game(league_id, mv, hc)
    # Brennaman (his turn) 6 starts in 20 games, pace 30 %: 6.3 through today; Morrow 2 of 25 %.
    starts = {"hc-lyle-brennaman-1970": 6, "hc-chet-morrow-1970": 2, "hc-walt-pruett-1970": 12}
    started(db_path, league_id, hc, game.season, 20, starts)
    with direct(db_path) as db:
        db.execute(
            "INSERT INTO season_batting (league_id, season, phase, team_id, card_id, name, last_day, last_game,"
            " games, games_started) VALUES (?, ?, 'regular', ?, 'hc-lyle-brennaman-1970', 'x', 1, 1, 6, 6)",
            (league_id, game.season, hc),
        )
    setup, replacements = await store.playable_setup(game.id)
    assert setup.home.pitcher.id == "hc-lyle-brennaman-1970"
    assert [r for r in replacements if r.position.value == "P"] == []


async def test_without_targets_the_auto_manager_plays_the_saved_lineup_and_rotation(
    store: Store, tmp_path: Path, db_path: Path
) -> None:
    league_id, hc, mv = await season_of(store, tmp_path, usage=False)
    game = await store.schedule_game(league_id, mv, hc)
    started(db_path, league_id, hc, game.season, 20, {"hc-walt-pruett-1970": 20, "hc-lyle-brennaman-1970": 10})
    setup, replacements = await store.playable_setup(game.id)
    assert replacements == []
    assert setup == await store.build_game_setup(game.id)


async def test_the_targets_are_kept_with_the_team(store: Store, tmp_path: Path, db_path: Path) -> None:
    _, hc, _ = await season_of(store, tmp_path)
    with direct(db_path) as db:
        rows = db.execute("SELECT card_id, starts, games FROM team_usage WHERE team_id = ? ORDER BY card_id", (hc,))
        assert rows.fetchall()[:2] == [("hc-chet-morrow-1970", 25, 100), ("hc-frank-dinardo-1970", 50, 100)]


def test_the_pace_scales_to_the_games_played() -> None:
    # A 162-game season's 126 starts: in a 60-game league, 60 * 126/162 = 46.7 by the end.
    pace = Pace(162, {"a": 126, "b": 36}, 59, {"a": 47, "b": 5})
    assert pace.pace("a", 60) == 60 * 126 / 162
    assert pace.ahead("a")  # 47 > 46.7: starting the 60th game puts him more than a start ahead
    assert not Pace(162, {"a": 126}, 59, {"a": 46}).ahead("a")
    assert most_behind(pace, ["a", "b", "c"]) == "b"  # b: 60 * 36/162 - 5 = 8.3 behind; c has no target
    assert pace.line("a") == "47 starts in 59 games, his real pace 46"


async def test_a_regular_ahead_of_his_at_bats_rests_though_on_his_starts(
    store: Store, tmp_path: Path, db_path: Path
) -> None:
    """With every batter's real at-bats (his card's stats), the lineups pace by them: Pruett's 12 starts in
    20 games are his pace (60 %), but his 40 at-bats are ahead of his share of the batters' at-bats."""
    league_id, hc, mv = await season_of(store, tmp_path, at_bats=True)
    game = await store.schedule_game(league_id, mv, hc)
    starts = {"hc-walt-pruett-1970": 12, "hc-frank-dinardo-1970": 5, "hc-rudy-kasprzak-1970": 16}
    started(db_path, league_id, hc, game.season, 20, starts)
    at_bats = {"hc-walt-pruett-1970": 40, "hc-frank-dinardo-1970": 10, "hc-rudy-kasprzak-1970": 35}
    with direct(db_path) as db:
        for card_id, n in at_bats.items():
            db.execute("UPDATE season_batting SET ab = ? WHERE card_id = ? AND team_id = ?", (n, card_id, hc))
    # The cards' real at-bats: Pruett 469, Hadley 166, DiNardo 218, Kasprzak 581 (1434). Through today
    # (85 at-bats in 20 games, 4.25 a game) Pruett's pace is 469/1434 * 89.25 = 29.2: 40 is ahead;
    # Hadley (C) 10.3 behind; Kasprzak's 35 is under his 36.2.
    setup, replacements = await store.playable_setup(game.id)
    assert [r.text for r in replacements] == [
        "Harbor City Captains: Walt Pruett rests (40 at-bats in 20 games, his real pace 28); "
        "Gus Hadley plays C (0 at-bats in 20 games, his real pace 10)"
    ]
    assert setup.home.lineup[6].batter.id == "hc-gus-hadley-1970"


def test_a_regular_paced_by_at_bats_gets_his_share_of_them() -> None:
    """A regular with 80 % of his spot's real at-bats, who bats 5 times a start where his backup bats 3:
    paced by starts (80 of 100) he would take 400 of 460 at-bats (87 %); paced by at-bats he starts
    the n games where 5n = 0.8 (5n + 3 (100 - n)), 70.6 of 100, and takes his 80 %."""
    targets, real = {"reg": 80, "sub": 20}, {"reg": 400, "sub": 100}
    starts, at_bats = {"reg": 0, "sub": 0}, {"reg": 0, "sub": 0}
    for played in range(100):
        pace = Pace(100, targets, played, starts, real, at_bats)
        who = "sub" if pace.ahead("reg") and most_behind(pace, ["sub"]) == "sub" else "reg"
        starts[who] += 1
        at_bats[who] += 5 if who == "reg" else 3
    assert abs(at_bats["reg"] / sum(at_bats.values()) - 0.8) < 0.01
    assert 70 <= starts["reg"] <= 72
    assert Pace(100, targets, 100, starts, real, at_bats).line("reg") == (
        f"{at_bats['reg']} at-bats in 100 games, his real pace {0.8 * sum(at_bats.values()):.0f}"
    )


def test_a_box_score_counts_the_first_man_in_each_spot_as_a_starter() -> None:
    from cards import SAMPLE_SET
    from cards.loader import load_set
    from tests.league.test_season_tables import build_setup

    setup = build_setup(load_set(SAMPLE_SET), "Harbor City", "Mesa Valley")
    box = box_score(Game(setup, 3)).to_dict()
    rows = game_rows(box, {"away": 1, "home": 2})
    for team_id, team in ((1, setup.away), (2, setup.home)):
        starts = {c: counts.get("games_started", 0) for (t, c), (_, counts) in rows.batting.items() if t == team_id}
        # The pitcher's spot is his line: the starting pitcher starts there.
        lineup = {team.pitcher.id if s.position.value == "P" else s.batter.id for s in team.lineup}
        assert {c for c, n in starts.items() if n} == lineup
        assert sum(starts.values()) == 9


async def test_a_depth_arm_starts_on_his_pace_and_never_rests(store: Store, tmp_path: Path, db_path: Path) -> None:
    """A generated set's depth arm (many men's innings on one card): the rotation's pace rule starts him
    like anyone, and after his game he is ready the next day, where a starter rests his four."""
    folder = make_set(tmp_path, HC_TEAM.replace("bullpen = {", USAGE) + MV_TEAM)
    cards = folder / "harbor-city-1970.toml"
    goss = 'id = "hc-harlan-goss-1970"\n'
    cards.write_text(cards.read_text().replace(goss, goss + "depth_arm = true\n"), encoding="utf-8")
    league = await store.create_league("Season", [str(folder)], options=InsidePitchOptions())
    hc, mv = (t.id for t in await store.create_teams_from_sets(league.id))
    game = await store.schedule_game(league.id, mv, hc)
    # Brennaman (his turn) 10 starts in 20 games, pace 6; Morrow 5 of 25 %: 5.25 by today; Goss 0 of 10 %: 2.1.
    started(db_path, league.id, hc, game.season, 20, {"hc-lyle-brennaman-1970": 10, "hc-chet-morrow-1970": 5})
    setup, replacements = await store.playable_setup(game.id)
    assert setup.home.pitcher.id == "hc-harlan-goss-1970" and setup.home.pitcher.depth_arm
    assert "Harlan Goss starts (0 starts in 20 games, his real pace 2)" in replacements[0].text
    record = await store.start_game(game.id, setup=setup, seed=1)
    final = Game.from_dict(record.game_dict())
    assert final.over
    await store.finish_game(game.id, final.to_dict())
    usage = {u.card_id: u for u in await store.pitcher_usage(league.id)}
    assert usage["hc-harlan-goss-1970"].started and usage["hc-harlan-goss-1970"].rest_days == 0
    away_starter = setup.away.pitcher.id
    assert usage[away_starter].rest_days == 4
    unavailable = await store.unavailable(league.id)
    assert "hc-harlan-goss-1970" not in unavailable and away_starter in unavailable


def test_the_era_rest_lets_the_busiest_starter_make_his_real_starts() -> None:
    # 41 starts of 162 in 181 days: a start every 4.4 days, three days of rest (a four-man rotation)
    assert era_starter_rest(41 / 162, 162, 181, 4) == 3
    # 34 of 162: every 5.3 days, the league's own four (a five-man rotation)
    assert era_starter_rest(34 / 162, 162, 181, 4) == 4
    # 51 of 154 in 168 days (a deadball workhorse): every 3.3 days, two days of rest
    assert era_starter_rest(51 / 154, 154, 168, 4) == 2
    # never more than the league's rule, never less than a day; the share scales to a short season
    assert era_starter_rest(20 / 162, 162, 181, 4) == 4
    assert era_starter_rest(1.0, 162, 162, 4) == 1
    assert era_starter_rest(41 / 162, 60, 67, 4) == 3
