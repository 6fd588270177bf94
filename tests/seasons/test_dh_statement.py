"""set.toml's designated_hitter as the generators write it: the leagues of the season that used the DH."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest

from cards.loader import load_set
from seasons.calibrate import dh_statement
from seasons.deep_drive.generate import generate as generate_deep_drive
from seasons.fit import league_opponents
from seasons.inside_pitch.generate import generate
from seasons.stats import Batting, Season
from tests.seasons.set_builders import full_team, pitcher, season, team
from tests.seasons.test_deep_drive_generate import DEFAULT
from tests.seasons.test_generate import fake_batter_ratings, fake_fit, fake_pitcher_ratings


@pytest.mark.parametrize(
    ("year", "leagues", "said"),
    [
        (1985, ["AL", "NL"], ["AL"]),  # the AL from 1973, the NL without until 2022
        (1970, ["AL", "NL"], False),
        (2023, ["AL", "NL"], True),
        (2020, ["AL", "NL"], True),  # the NL's one DH season before 2022
        (2021, ["NL", "AL"], ["AL"]),
        (1985, ["AL"], True),  # a set of one league: its rule everywhere
        (1985, ["NL"], False),
        (1914, ["AL", "FL", "NL"], False),  # the Federal League never had one
    ],
)
def test_the_statement_by_season(year: int, leagues: list[str], said: object) -> None:
    assert dh_statement(year, leagues) == said


def two_leagues(year: int) -> Season:
    players = full_team("aaa") + full_team("bbb")
    return season(players, [team("aaa", "AL"), team("bbb", "NL")], year=year)


def parts(year: int) -> dict[str, object]:
    return {
        "load_season": lambda _y, _l: two_leagues(year),
        "fit_season": fake_fit,
        "batter_ratings": fake_batter_ratings,
        "pitcher_ratings": fake_pitcher_ratings,
    }


@pytest.mark.parametrize(("year", "said"), [(1985, ["AL"]), (1970, False), (2023, True)])
def test_the_inside_pitch_generator_writes_it(tmp_path: Path, year: int, said: object) -> None:
    generate(year, ["AL", "NL"], tmp_path / "s", **parts(year))  # type: ignore[arg-type]
    cardset = load_set(tmp_path / "s")
    assert cardset.info.designated_hitter == said
    assert {t.league for t in cardset.team_entries.values()} == {"AL", "NL"}


def test_the_deep_drive_generator_writes_it(tmp_path: Path) -> None:
    generate_deep_drive(1985, ["AL", "NL"], tmp_path / "s", load_season=lambda _y, _l: two_leagues(1985),
                        handbook_text=DEFAULT.read_text(encoding="utf-8"))  # fmt: skip
    info = tomllib.loads((tmp_path / "s" / "set.toml").read_text(encoding="utf-8"))
    assert info["designated_hitter"] == ["AL"]


def test_a_pitcher_of_a_league_without_the_dh_is_fitted_as_against_the_pooled_batter() -> None:
    """seasons.fit.league_opponents: 1985's NL (pitchers batting) against the AL (a DH); per result the
    pooled rate over the rate of the league he pitched in, by BFP; nothing where the leagues agree."""
    al = dataclasses.replace(team("aaa", "AL"), batting=Batting(ab=900, h=250, doubles=50, hr=40, bb=80, k=150))
    nl = dataclasses.replace(team("bbb", "NL"), batting=Batting(ab=900, h=230, doubles=40, hr=20, bb=80, k=170))
    arm = pitcher("bbbsp", "bbb", g=30, gs=30, bfp=800)
    s1985 = season([arm], [al, nl], year=1985)
    scales = league_opponents(s1985, arm)
    # Pooled: 1960 PA (AB + BB), HR 60, 2B 90, K 320; the NL's 980 PA: HR 20, 2B 40, K 170 (no HBP: 1.0).
    assert scales["HR"] == pytest.approx((60 / 1960) / (20 / 980))
    assert scales["2B"] == pytest.approx((90 / 1960) / (40 / 980))
    assert scales["K"] == pytest.approx((320 / 1960) / (170 / 980))
    assert scales["HBP"] == 1.0
    # 1970: neither league had the DH, but they played apart: the same scales.
    assert league_opponents(season([arm], [al, nl], year=1970), arm) == scales
    assert league_opponents(season([arm], [al, nl], year=2023), arm) == {}  # both had it, and they met
    assert league_opponents(season([arm], [al, nl], year=2005), arm)["HR"] == scales["HR"]  # the NL without
