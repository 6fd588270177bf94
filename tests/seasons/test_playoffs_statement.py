"""set.toml's playoffs as the generators write it: the postseason of the season's era (league.playoffs' presets)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from cards.loader import load_set
from league.playoffs import PRESETS
from seasons.common import PLAYOFF_ERAS, playoffs_statement
from seasons.deep_drive.generate import generate as generate_deep_drive
from seasons.inside_pitch.generate import generate
from tests.seasons.test_deep_drive_generate import DEFAULT
from tests.seasons.test_dh_statement import parts, two_leagues


@pytest.mark.parametrize(
    ("year", "leagues", "said"),
    [
        (1903, ["AL", "NL"], "world-series"),  # the first World Series
        (1927, ["NL", "AL"], "world-series"),
        (1968, ["AL", "NL"], "world-series"),
        (1969, ["AL", "NL"], "lcs-5"),  # two divisions a league, best-of-five league series
        (1984, ["AL", "NL"], "lcs-5"),
        (1985, ["AL", "NL"], "lcs-7"),
        (1994, ["AL", "NL"], "none"),  # the strike: no postseason
        (1995, ["AL", "NL"], "division-series"),
        (2016, ["AL", "NL"], "wild-card-game"),
        (2020, ["AL", "NL"], "sixteen"),
        (2021, ["AL", "NL"], "wild-card-game"),
        (2023, ["AL", "NL"], "mlb"),
        (1970, ["NL"], None),  # one league: no World Series to play
        (1901, ["AL", "NL"], None),  # before the first World Series
        (1914, ["AL", "FL", "NL"], None),
    ],
)
def test_the_statement_by_season(year: int, leagues: list[str], said: str | None) -> None:
    assert playoffs_statement(year, leagues) == said


def test_every_era_is_a_preset_the_league_plays() -> None:
    assert {name for _, name in PLAYOFF_ERAS} <= set(PRESETS)


@pytest.mark.parametrize(("year", "said"), [(1927, "world-series"), (1970, "lcs-5"), (2023, "mlb")])
def test_the_inside_pitch_generator_writes_it(tmp_path: Path, year: int, said: str) -> None:
    generate(year, ["AL", "NL"], tmp_path / "s", **parts(year))  # type: ignore[arg-type]
    assert load_set(tmp_path / "s").info.playoffs == said


def test_the_deep_drive_generator_writes_it(tmp_path: Path) -> None:
    generate_deep_drive(1985, ["AL", "NL"], tmp_path / "s", load_season=lambda _y, _l: two_leagues(1985),
                        handbook_text=DEFAULT.read_text(encoding="utf-8"))  # fmt: skip
    info = tomllib.loads((tmp_path / "s" / "set.toml").read_text(encoding="utf-8"))
    assert info["playoffs"] == "lcs-7"


@pytest.mark.parametrize(("name", "said"), [("1927", "world-series"), ("1970", "lcs-5"), ("2023", "mlb")])
def test_the_bundled_sets_state_their_era(name: str, said: str) -> None:
    assert load_set(Path("cards/sets") / name).info.playoffs == said
