"""The era's bunting of a generated Deep Drive set (seasons.deep_drive.bunting): the season's sacrifice
bunts a game, the share of plate appearances under a number, and the number fitted round by round
and stated in the set (``auto_bunt_below``, the auto-manager's ``dd_auto_bunt_below``)."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from cards.deep_drive.models import Batter
from league.cardpool import CardPool
from seasons.deep_drive.bunting import MOST, MOST_SHARE, SPOTS, SPOTS_FACTOR, BuntFit, real_bunts, share_below
from seasons.deep_drive.generate import generate
from seasons.stats import Season
from tests.engine.deep_drive.helpers import batter
from tests.seasons.test_deep_drive_calibrate import Played, played_lines
from tests.seasons.test_deep_drive_generate import DEFAULT
from tests.seasons.test_generate import two_teams


def with_sacrifices(season: Season, per_team: int, year: int | None = None) -> Season:
    teams = {t: replace(team, batting=replace(team.batting, sh=per_team)) for t, team in season.teams.items()}
    return replace(season, teams=teams, year=year or season.year)


def hitter(key: str, on_base: int) -> Batter:
    """A card that reaches base on ``on_base`` of its 50 numbers (all singles), the rest outs."""
    chances = {"SI": f"00-{on_base - 1:02d}", "OUT": f"{on_base:02d}-49"} if on_base else {"OUT": "00-49"}
    if on_base == 50:
        chances = {"SI": "00-49"}
    return batter(key, chances=chances)


def test_the_seasons_bunts_are_its_sacrifice_hits_a_team_game() -> None:
    season = with_sacrifices(two_teams(), 162)  # two teams of 162 games: one a game
    assert real_bunts(season, played_sac_flies=0.4) == pytest.approx(1.0)


def test_before_1931_the_sacrifice_hits_held_the_flies() -> None:
    """1908-1930 scored a sacrifice fly as a sacrifice hit: the league's own flies a game come off."""
    season = with_sacrifices(two_teams(), 162, year=1927)
    assert real_bunts(season, played_sac_flies=0.4) == pytest.approx(0.6)
    assert real_bunts(season, played_sac_flies=1.5) == 0.0


def test_the_share_below_counts_plate_appearances() -> None:
    cards = [hitter("weak", 10), hitter("fair", 15), hitter("good", 20)]
    weights = {"weak": 100.0, "fair": 300.0, "good": 600.0}
    assert cards[0].on_base_numbers() == 10
    assert share_below(cards, weights, 10) == 0.0
    assert share_below(cards, weights, 11) == pytest.approx(0.1)
    assert share_below(cards, weights, 16) == pytest.approx(0.4)
    assert share_below(cards, weights, 51) == 1.0


def round_of(bunts: float, flies: float = 0.0, games: int = 100) -> Played:
    return Played(team_games=games, batting={"x": {"sh": round(bunts * games), "sf": round(flies * games)}})


def test_the_number_is_fitted_from_the_late_bunts_and_the_spots() -> None:
    season = with_sacrifices(two_teams(), 162)  # the season bunted once a team game
    cards = [hitter(f"b{n}", n) for n in range(5, 25)]
    weights = {c.id: 1.0 for c in cards}  # 5 % of the PA at each number from 5 to 24
    fit = BuntFit()
    fit.update(round_of(0.2), season, cards, weights)  # late and close only: 0.2 a game
    assert fit.base == pytest.approx(0.2) and fit.target == pytest.approx(1.0)
    # 0.8 more a game at 1.2 spots: two thirds of the PA, the cards under 18 (13 of 20: 65 %)
    assert fit.spots == SPOTS and fit.below == 18
    fit.update(round_of(1.5), season, cards, weights)  # that bunted 1.3 more: 2 spots a game
    assert fit.spots == pytest.approx(1.3 / 0.65)
    assert fit.below == 13  # 0.8 / 2 = 40 %: the 8 cards under 13
    assert "bunting below 13 on-base numbers" in fit.describe()


def test_a_round_without_extra_bunts_does_not_make_everyone_bunt() -> None:
    """A short round whose bunts land at the late ones alone: the spots stay at half the first guess
    or more, so the number stays under the best hitters' (at most MOST_SHARE of the PA bunted for)."""
    season = with_sacrifices(two_teams(), 162)  # one a game
    cards = [hitter(f"b{n}", n) for n in range(5, 25)] + [hitter("all", 50)]
    weights = {c.id: 1.0 for c in cards}
    fit = BuntFit()
    fit.update(round_of(0.2), season, cards, weights)
    first = fit.below
    fit.update(round_of(0.19, games=20), season, cards, weights)
    assert fit.spots == pytest.approx(SPOTS / SPOTS_FACTOR)
    assert share_below(cards, weights, fit.below) <= MOST_SHARE + 0.05 and first <= fit.below <= 22
    assert fit.below <= MOST


def test_the_late_bunts_are_every_round_played_without_a_number() -> None:
    season = with_sacrifices(two_teams(), 32)  # 0.2 a game: no number
    fit = BuntFit()
    fit.update(round_of(0.15, games=100), season, [hitter("b", 9)], {"b": 1.0})
    fit.update(round_of(0.21, games=300), season, [hitter("b", 9)], {"b": 1.0})
    assert fit.base == pytest.approx(0.195) and fit.below == 0


@pytest.mark.parametrize(("sacrifices", "below"), [(32, 0), (48, 0), (60, 10)])
def test_a_season_within_a_rounds_noise_of_the_late_bunts_states_nothing(sacrifices: int, below: int) -> None:
    """0.20 and 0.30 bunts a game against 0.25 late ones: within MIN_EXTRA (0.1); 0.37 is not."""
    season = with_sacrifices(two_teams(), sacrifices)
    cards = [hitter("b", 9), hitter("c", 30)]
    fit = BuntFit()
    fit.update(round_of(0.25), season, cards, {"b": 1.0, "c": 9.0})
    assert fit.below == below
    assert ("late and close only" in fit.describe()) == (below == 0)


def bunting_generate(tmp_path: Path, season: Season, bunts: float) -> tuple[Path, list[str]]:
    """Generate with a stand-in league that bunts ``bunts`` a team game (and plays the real lines);
    the set.toml each round played."""
    played_with: list[str] = []

    def player(folder: Path, games: int, seed: int) -> Played:
        info = tomllib.loads((folder / "set.toml").read_text(encoding="utf-8"))
        played_with.append(str(info.get("auto_bunt_below", "")))
        played = played_lines(season)
        first = next(iter(played.batting.values()))
        first["sh"] = round(bunts * played.team_games)
        return played

    out = tmp_path / "set"
    generate(1970, ["NL"], out, load_season=lambda _y, _l: season,
             handbook_text=DEFAULT.read_text(encoding="utf-8"), player=player, schedule=[0.2, 0.2])  # fmt: skip
    return out, played_with


def test_a_generated_set_states_its_eras_bunting(tmp_path: Path) -> None:
    """The first round bunts late and close only (no statement); the second plays the fitted number,
    and the set says it, so a league made from it bunts so."""
    season = with_sacrifices(two_teams(), 162)
    out, played_with = bunting_generate(tmp_path, season, bunts=0.2)
    said = tomllib.loads((out / "set.toml").read_text(encoding="utf-8"))["auto_bunt_below"]
    assert played_with[0] == "" and played_with[1] != ""
    # The stand-in never bunts more however many it is told to, yet the best hitters still swing.
    best = max(c.on_base_numbers() for c in CardPool.load([str(out)]).sets[0].batters.values())
    assert 1 <= said <= best
    options = CardPool.load([str(out)]).options()
    assert options is not None and options.dd_auto_bunt_below == said


def test_a_modern_set_says_nothing_of_bunting(tmp_path: Path) -> None:
    season = with_sacrifices(two_teams(), 16)  # 0.1 a game, fewer than the late bunts
    out, played_with = bunting_generate(tmp_path, season, bunts=0.2)
    assert "auto_bunt_below" not in (out / "set.toml").read_text(encoding="utf-8")
    assert played_with == ["", ""]
