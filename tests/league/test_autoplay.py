"""league.autoplay: every day's unplayed games auto-played through the store, day after day.

The league is four bench-only teams (bench.synth: the sample set's two teams copied under
new ids), six games each in series of three: twelve games on six days.
"""

from __future__ import annotations

import itertools
import os
import random
import signal
import subprocess
import sys
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bench.synth import bench_league, write_bench_set
from league import autoplay
from league.errors import SettingsError
from league.models import League, LeagueRules
from league.store import Store
from tests.league.conftest import direct, injure, intact, query

ROOT = Path(__file__).resolve().parents[2]
TEAMS, GAMES = 4, 6


@pytest.fixture(scope="session")
def bench_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_bench_set(tmp_path_factory.mktemp("cards") / "bench", TEAMS)


@pytest.fixture
async def season(store: Store, bench_set: Path) -> League:
    return await bench_league(store, bench_set, TEAMS, GAMES, seed=3)


def starters(box: dict) -> tuple[str, str]:  # type: ignore[type-arg]
    return box["away"]["pitching"][0]["player"], box["home"]["pitching"][0]["player"]


async def test_a_whole_short_season_is_played_and_every_total_adds_up(store: Store, season: League) -> None:
    seen: list[tuple[int, int, int]] = []
    days = await autoplay.advance(
        store, season.id, to_end=True, rng=random.Random(7), progress=lambda d, n, t: seen.append((d.day, n, t))
    )
    games = await store.games(season.id)
    assert len(games) == TEAMS * GAMES // 2 and {g.status for g in games} == {"final"}
    assert sum(len(d.games) for d in days) == len(games)
    assert seen[-1][1:] == (len(games), len(games)) and [d for d, _, _ in seen] == [d.day for d in days]
    assert (await store.league(season.id)).day == days[-1].day + 1
    # each game played on its day, once
    assert all(g.played_day == g.day for g in games)

    table = await store.standings(season.id)
    assert sorted(r.w + r.l for r in table["overall"]) == [GAMES] * TEAMS
    assert sum(r.w for r in table["overall"]) == sum(r.l for r in table["overall"]) == len(games)
    assert sum(r.runs_for for r in table["overall"]) == sum((g.away_runs or 0) + (g.home_runs or 0) for g in games)

    # the season's stats are the sum of the stored box scores
    boxes = await store.box_scores(season.id)
    assert len(boxes) == len(games)
    batting: Counter[tuple[str, str]] = Counter()
    pitching: Counter[tuple[str, str]] = Counter()
    for _, _, box in boxes:
        for side in ("away", "home"):
            for line in box[side]["batting"]:
                for stat in ("pa", "ab", "h", "hr", "rbi", "bb", "k"):
                    batting[line["player"], stat] += line[stat]
            for line in box[side]["pitching"]:
                for stat in ("outs", "h", "r", "er", "k", "bb"):
                    pitching[line["player"], stat] += line[stat]
                pitching[line["player"], "w"] += "W" in line["decision"].split(", ")
    stats = await store.season_stats(season.id)
    assert {(p, s): getattr(stats.batting[p], s) for p, s in batting} == dict(batting)
    assert {(p, s): getattr(stats.pitching[p], s) for p, s in pitching} == dict(pitching)
    assert sum(line.w for line in stats.pitching.values()) == len(games)

    # the summaries say what the box scores say
    for summary in (g for d in days for g in d.games):
        record = await store.game(summary.game_id)
        assert (summary.away_runs, summary.home_runs) == (record.away_runs, record.home_runs)
        assert record.box_score is not None
        winners = [p["name"] for s in ("away", "home") for p in record.box_score[s]["pitching"] if "W" in p["decision"]]
        assert [summary.winning_pitcher] == winners


async def test_the_rotation_turns_and_no_pitcher_pitches_while_resting(store: Store, season: League) -> None:
    await autoplay.advance(store, season.id, to_end=True, rng=random.Random(11))
    teams = {t.id: t for t in await store.teams(season.id)}
    started: dict[int, list[str]] = defaultdict(list)
    for game in await store.games(season.id):
        assert game.box_score is not None
        away, home = starters(game.box_score)
        started[game.away_team_id].append(away)
        started[game.home_team_id].append(home)
    for team_id, pitchers in started.items():
        rotation = (await store.rotation(team_id)).starters
        # six games on six days in a row, four days' rest: the five starters in turn, then the first again
        assert pitchers == [*rotation, rotation[0]], teams[team_id].name
    outings: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for usage in await store.pitcher_usage(season.id):
        outings[usage.card_id].append((usage.day, usage.rested_on))
    for card_id, days in outings.items():
        days.sort()
        for (_, rested_on), (next_day, _) in itertools.pairwise(days):
            assert next_day >= rested_on, card_id


async def test_a_hurt_player_is_replaced_and_a_live_game_is_left_alone(
    store: Store, season: League, db_path: Path
) -> None:
    day1 = await store.games(season.id, day=1)
    assert len(day1) == 2
    live, other = day1
    await store.start_game(live.id, seed=5, managed=["home"])  # someone plays it in Discord
    lineup = await store.lineup(other.home_team_id, "R")
    assert lineup is not None and lineup.spots[0].card_id is not None
    hurt = lineup.spots[0].card_id
    injure(db_path, season, hurt, 3)

    summary = await autoplay.play_day(store, season.id, rng=random.Random(2))

    assert [g.game_id for g in summary.games] == [other.id]
    assert (await store.game(live.id)).status == "live"
    names = {t.id: t.name for t in await store.teams(season.id)}
    matchup = f"{names[live.away_team_id]} at {names[live.home_team_id]}"
    assert summary.left == (f"game {live.id} ({matchup}) is being played live; left alone",)
    record = await store.game(other.id)
    assert record.status == "final" and record.box_score is not None
    batted = {line["player"] for s in ("away", "home") for line in record.box_score[s]["batting"]}
    assert hurt not in batted
    [text] = [t for t in summary.games[0].replacements if "injured" in t]
    assert "injured" in text
    assert (await store.league(season.id)).day == 2

    # the live game's teams wait for it: their day-2 games stay scheduled until it is final
    busy = {live.away_team_id, live.home_team_id}
    summary2 = await autoplay.play_day(store, season.id, rng=random.Random(3))
    waiting = [g for g in await store.games(season.id, day=2) if {g.away_team_id, g.home_team_id} & busy]
    assert waiting and all(g.status == "scheduled" for g in waiting)
    assert all(any(f"game {g.id}" in why for why in summary2.left) for g in waiting)


async def test_a_crash_inside_a_game_s_store_loses_nothing_and_the_day_can_be_run_again(
    store: Store, season: League
) -> None:
    day1 = await store.games(season.id, day=1)
    finishes = 0

    async def crash(stage: str) -> None:
        nonlocal finishes
        if stage == "pitchers":
            finishes += 1
            if finishes == 2:
                raise RuntimeError("the power went out")

    store.finish_hook = crash
    with pytest.raises(RuntimeError):
        await autoplay.play_day(store, season.id, rng=random.Random(4))
    statuses = {g.id: g.status for g in await store.games(season.id, day=1)}
    assert sorted(statuses.values()) == ["final", "scheduled"]  # the first stored whole, the second not at all
    unplayed = next(g for g in await store.games(season.id, day=1) if g.status == "scheduled")
    assert unplayed.setup is None and unplayed.seed is None
    assert {u.game_id for u in await store.pitcher_usage(season.id)} == {g for g, s in statuses.items() if s == "final"}
    assert (await store.league(season.id)).day == 1  # the day did not move on

    store.finish_hook = None
    again = await autoplay.play_day(store, season.id, rng=random.Random(5))
    assert [g.game_id for g in again.games] == [unplayed.id]  # only the game left; none played twice
    assert {g.status for g in await store.games(season.id, day=1)} == {"final"}
    usage = Counter(u.game_id for u in await store.pitcher_usage(season.id))
    for game in day1:
        record = await store.game(game.id)
        assert record.box_score is not None
        pitched = sum(len(record.box_score[s]["pitching"]) for s in ("away", "home"))
        assert usage[game.id] == pitched
    assert (await store.league(season.id)).day == 2


CHILD = """
import asyncio, os, random, signal, sys
from league.store import Store
from league.autoplay import play_day

path, league_id = sys.argv[1], int(sys.argv[2])
finishes = 0

async def hook(stage):
    global finishes
    if stage == "injuries":
        finishes += 1
        if finishes == 2:
            os.kill(os.getpid(), signal.SIGKILL)

async def main():
    store = await Store.open(path)
    store.finish_hook = hook
    await play_day(store, league_id, rng=random.Random(1))

asyncio.run(main())
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
async def test_a_process_killed_mid_day_leaves_whole_games_and_the_rerun_finishes_the_day(
    store: Store, season: League, db_path: Path
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(db_path), str(season.id)], cwd=ROOT, env=env, capture_output=True, timeout=120
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    intact(db_path)
    rows = query(db_path, "SELECT status, setup IS NULL, box_score IS NULL FROM game WHERE day = 1 ORDER BY id")
    assert rows == [("final", 0, 0), ("scheduled", 1, 1)]
    await autoplay.play_day(store, season.id, rng=random.Random(6))
    assert query(db_path, "SELECT status FROM game WHERE day = 1") == [("final",), ("final",)]
    per_game = query(db_path, "SELECT game_id, count(*) FROM pitcher_usage GROUP BY game_id")
    assert len(per_game) == 2


async def test_advance_refuses_neither_or_both(store: Store, season: League) -> None:
    with pytest.raises(ValueError):
        await autoplay.advance(store, season.id)
    with pytest.raises(ValueError):
        await autoplay.advance(store, season.id, 2, to_end=True)
    played = await autoplay.advance(store, season.id, 2, rng=random.Random(1))
    assert [d.day for d in played] == [1, 2] and (await store.league(season.id)).day == 3


def test_the_deadline_falls_once_a_day_at_its_hour_and_is_not_made_up() -> None:
    rules = LeagueRules(deadline_hour_utc=5)
    at = datetime(2026, 5, 1, 5, 0, tzinfo=UTC)
    minute = timedelta(minutes=1)
    assert autoplay.deadline_passed(rules, at - minute, at)
    assert autoplay.deadline_passed(rules, at - minute, at + minute)
    assert not autoplay.deadline_passed(rules, at, at + minute)  # already handled at 05:00
    assert not autoplay.deadline_passed(rules, at + minute, at + timedelta(hours=23))
    assert autoplay.deadline_passed(rules, at + minute, at + timedelta(days=1))
    assert not autoplay.deadline_passed(LeagueRules(), at - minute, at + timedelta(days=3))  # 24: no deadline
    with pytest.raises(SettingsError):
        LeagueRules(deadline_hour_utc=25)


async def test_a_game_that_cannot_be_set_up_is_reported_and_the_rest_of_the_day_is_played(
    store: Store, season: League, db_path: Path
) -> None:
    broken, other = await store.games(season.id, day=1)
    with direct(db_path) as conn:
        conn.execute("DELETE FROM lineup_spot WHERE team_id = ?", (broken.home_team_id,))
    summary = await autoplay.play_day(store, season.id, rng=random.Random(8))
    assert [g.game_id for g in summary.games] == [other.id]
    [why] = summary.left
    assert why.startswith(f"game {broken.id} (") and "cannot be played" in why and "no saved lineup" in why
    assert (await store.game(broken.id)).status == "scheduled"
    # fixed, it is played with the next day's games
    for hand in ("L", "R"):
        await store.save_auto_lineup(broken.home_team_id, hand)
    later = await autoplay.play_day(store, season.id, rng=random.Random(9))
    assert broken.id in [g.game_id for g in later.games]
    assert (await store.game(broken.id)).status == "final"
