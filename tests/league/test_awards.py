"""The season's awards (docs/awards.md): the formulas on a hand-made season whose winners are known, and
in a league that plays: decided once, in the transaction that ends the regular season, and a first season's
awards unchanged after a second is played."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bench.synth import bench_league, write_bench_set
from league import autoplay, awards, seasontables
from league.models import League
from league.playoffs import PlayoffFormat, Round
from league.store import Store
from tests.league.conftest import direct, snapshot

TEAM_KEY = {1: "X", 2: "Y"}
GAMES = 10  # each team's: 31 plate appearances or 30 outs qualify


def batting(team: int, card: str, pa: int, ab: int, singles: int, doubles: int, hr: int, bb: int) -> dict[str, Any]:
    row = dict.fromkeys(
        ("r", "triples", "rbi", "k", "hbp", "sf", "sh", "ci", "gidp", "sb", "cs", "lob", "games_started"), 0
    )
    h = singles + doubles + hr
    return row | {
        "team_id": team, "card_id": card, "name": card, "last_day": 1, "last_game": 1, "games": GAMES,
        "pa": pa, "ab": ab, "h": h, "doubles": doubles, "hr": hr, "bb": bb, "r": h,
    }  # fmt: skip


def pitching(team: int, card: str, games: int, gs: int, outs: int, er: int, hr: int, bb: int, k: int, **marks: int):
    row = dict.fromkeys(("w", "l", "s", "hld", "bs", "h", "hbp", "wp", "bk", "cg", "sho", "bf"), 0)
    return row | {
        "team_id": team, "card_id": card, "name": card, "last_day": 1, "last_game": 1, "games": games,
        "games_started": gs, "outs": outs, "r": er, "er": er, "hr": hr, "bb": bb, "k": k,
    } | marks  # fmt: skip


def fielding(team: int, card: str, position: str) -> dict[str, Any]:
    return {
        "team_id": team, "card_id": card, "name": card, "position": position, "last_day": 1, "last_game": 1,
        "games": GAMES, "e": 0,
    }  # fmt: skip


def hand_made() -> Any:
    """Shortstop Abel and first baseman Bart hit alike (8 singles, 3 doubles, 6 home runs, 4 walks in 40 PA);
    Cole and Dan make outs. Pete pitches well, Paul badly; Rex and Ron relieve, Rex saving three."""
    rows_b = [
        batting(1, "abel", 40, 36, 8, 3, 6, 4),
        batting(2, "bart", 40, 36, 8, 3, 6, 4),
        batting(1, "cole", 40, 38, 5, 1, 0, 2),
        batting(2, "dan", 40, 38, 6, 0, 0, 2),
        batting(2, "dash", 20, 18, 6, 2, 3, 2),  # the best rates, short of the 31 plate appearances
    ]
    rows_p = [
        pitching(1, "pete", 5, 5, 45, 3, 0, 5, 15),
        pitching(2, "paul", 5, 5, 45, 10, 3, 10, 5),
        pitching(1, "rex", 5, 0, 15, 1, 0, 1, 6, s=3),
        pitching(2, "ron", 4, 0, 12, 6, 1, 3, 2, hld=1),
    ]
    rows_f = [fielding(1, "abel", "SS"), fielding(2, "bart", "1B"), fielding(1, "cole", "C"), fielding(2, "dan", "2B")]
    return seasontables.season_stats_from_rows(rows_b, rows_p, rows_f, TEAM_KEY, {1: GAMES, 2: GAMES})  # type: ignore[arg-type]


def won(found: list[awards.Award]) -> dict[str, str]:
    return {a.award: a.card_id for a in found}


def test_the_hand_made_season_s_winners_follow_the_formulas() -> None:
    stats = hand_made()
    found = awards.decide(stats, {"X": "", "Y": ""}, {"X": 0.4, "Y": 0.6}, rookies={"bart", "dash", "ron"})
    # Abel over Bart: the same bats, and a shortstop's +7.5 beside a first baseman's -12.5 outweighs Bart's
    # better team (x1.1 against x0.9). Dash's rates lead both, without the plate appearances to qualify. Of the
    # rookies, Bart's -6.9 runs (3.4 batting, 1B -12.5) beat Dash's -13.0 (his ten games as a DH's, -17.5), and
    # Ron's 12 outs are short of half the 30 a rookie needs.
    assert won(found) == {"mvp": "abel", "cy_young": "pete", "rookie": "bart", "reliever": "rex"}


def test_a_cy_young_score_is_the_doc_s_pitching_runs_by_hand() -> None:
    stats = hand_made()
    found = {a.award: a for a in awards.decide(stats, {"X": "", "Y": ""}, {"X": 0.5, "Y": 0.5}, rookies=())}
    # The league: 117 outs, 20 earned runs: ERA 27*20/117 = 4.6154. FIP's raw sum 13*4 + 3*19 - 2*28 = 53, so its
    # constant is 4.6154 - 3*53/117 = 3.2564. Pete: ERA runs 4.6154*45/27 - 3 = 4.6923; FIP 3*(15 - 30)/45 + 3.2564
    # = 2.2564, FIP runs (4.6154 - 2.2564)*45/27 = 3.9316; pitching runs (4.6923 + 3.9316)/2 = 4.3120.
    assert found["cy_young"].card_id == "pete" and found["cy_young"].score == pytest.approx(4.31, abs=0.005)


def test_a_league_of_two_has_each_award_in_each() -> None:
    stats = hand_made()
    found = awards.decide(stats, {"X": "AL", "Y": "NL"}, {"X": 0.5, "Y": 0.5}, rookies=())
    # Each measured against his own league: in the NL (team Y alone) Bart's bat is the league's best but
    # first base costs him 12.5 runs, and Paul's innings beat Ron's, the NL's average: Paul is its MVP too.
    assert {(a.award, a.subleague, a.card_id) for a in found if a.award in ("mvp", "cy_young")} == {
        ("mvp", "AL", "abel"), ("mvp", "NL", "paul"), ("cy_young", "AL", "pete"), ("cy_young", "NL", "paul"),
    }  # fmt: skip


def test_nobody_qualified_means_no_award() -> None:
    found = awards.decide(hand_made(), {"X": "", "Y": ""}, {}, rookies={"ron"})
    assert "rookie" not in won(found)  # Ron, the one rookie, has 12 outs: a rookie needs half of 30


# --- in a league that plays -----------------------------------------------------------------------

TEAMS = 4
ONE_GAME_FINAL = PlayoffFormat("custom", teams=2, rounds=(Round(1, name="Final"),), division_winners=False)


@pytest.fixture(scope="module")
def bench_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_bench_set(tmp_path_factory.mktemp("cards") / "bench", TEAMS)


def award_rows(path: Path) -> list[tuple[Any, ...]]:
    with direct(path) as conn:
        return conn.execute("SELECT * FROM award ORDER BY season, award, subleague").fetchall()


async def next_season(store: Store, league: League, games: int) -> League:
    """Season 2 by hand (season new is another part of issue 28): the league's season bumped, a schedule made."""
    with direct(store.path) as conn:
        conn.execute("UPDATE league SET season = season + 1 WHERE id = ?", (league.id,))
    await store.schedule_season(league.id, games, seed=5)
    return await store.league(league.id)


async def test_awards_are_decided_by_the_last_game_once_and_stay_as_seasons_follow(
    store: Store, bench_set: Path
) -> None:
    league = await bench_league(store, bench_set, TEAMS, 6, seed=3)
    await autoplay.advance(store, league.id, 2, rng=random.Random(1))
    assert await store.awards(league.id) == []  # the regular season goes on: no awards yet
    await autoplay.advance(store, league.id, to_end=True, rng=random.Random(1))
    first = await store.awards(league.id, 1)
    assert {a.award for a in first} == set(awards.AWARDS) and {a.season for a in first} == {1}
    stats = await store.season_stats(league.id, 1)
    for a in first:  # each winner is the season's, with a line that year
        assert a.card_id in stats.batting or a.card_id in stats.pitching
    rows = award_rows(store.path)

    before = snapshot(store.path)
    async with store.transaction():
        await store._decide_awards(league, 1)  # a second decision changes nothing
    assert snapshot(store.path) == before
    await store.set_playoff_format(league.id, ONE_GAME_FINAL)
    await store.start_playoffs(league.id)
    await autoplay.advance(store, league.id, to_end=True, rng=random.Random(2))
    assert award_rows(store.path) == rows

    league = await next_season(store, league, 6)
    await autoplay.advance(store, league.id, to_end=True, rng=random.Random(3))
    assert award_rows(store.path)[: len(rows)] == rows  # the first season's, as they were
    second = await store.awards(league.id, 2)
    assert {a.award for a in second} >= {"mvp", "cy_young"}
    # Everyone who played in season 1 is no rookie in season 2.
    assert all(
        a.card_id not in stats.batting and a.card_id not in stats.pitching for a in second if a.award == "rookie"
    )
    assert [a.season for a in await store.awards(league.id)] == [1] * len(first) + [2] * len(second)

    # The records kept at each regular season's end are what the games add up to.
    kept = await store.season_records(league.id)
    assert {r.season for r in kept} == {1, 2} and all(r.w + r.l == 6 for r in kept)
    with direct(store.path) as conn:
        conn.execute("DELETE FROM season_record")
    assert await store.season_records(league.id) == kept


async def test_a_season_without_a_schedule_gets_its_awards_when_its_playoffs_start(
    store: Store, bench_set: Path
) -> None:
    league = await bench_league(store, bench_set, TEAMS, 3, seed=3)
    await autoplay.advance(store, league.id, to_end=True, rng=random.Random(1))
    with direct(store.path) as conn:  # the games stay; the schedule goes
        conn.execute("DELETE FROM award")
        conn.execute("DELETE FROM award_season")
        conn.execute("DELETE FROM season_record")
        conn.execute("DELETE FROM season_schedule")
    await store.set_playoff_format(league.id, ONE_GAME_FINAL)
    await store.start_playoffs(league.id)
    assert {a.award for a in await store.awards(league.id)} >= {"mvp", "cy_young"}


async def test_a_generated_set_s_real_winner_is_kept_beside_the_league_s(store: Store, bench_set: Path) -> None:
    text = (bench_set / "set.toml").read_text(encoding="utf-8")
    real = text + '\n[[awards]]\naward = "mvp"\nleague = ""\nperson = "ruthba01"\nname = "Babe Ruth"\n'
    folder = bench_set.parent / "with-awards"
    import shutil

    shutil.copytree(bench_set, folder, dirs_exist_ok=True)
    (folder / "set.toml").write_text(real, encoding="utf-8")
    league = await bench_league(store, folder, TEAMS, 3, seed=3)
    await autoplay.advance(store, league.id, to_end=True, rng=random.Random(1))
    mvp = next(a for a in await store.awards(league.id) if a.award == "mvp")
    assert (mvp.real_person, mvp.real_name) == ("ruthba01", "Babe Ruth")
    cy = next(a for a in await store.awards(league.id) if a.award == "cy_young")
    assert cy.real_name is None  # the set names no real Cy Young
