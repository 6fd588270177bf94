"""Calibrating Deep Drive cards in the league's own games (seasons.deep_drive.generate, seasons.calibrate):
the scales reach the cards, the league plays the game its set names, a two-way player is signed."""

from __future__ import annotations

import tomllib
from dataclasses import astuple, dataclass, field, replace
from pathlib import Path

import pytest

from cards.deep_drive.loader import is_pitchers_own
from cards.deep_drive.models import Batter, Pitcher
from seasons.calibrate import played_batting
from seasons.deep_drive import counts as cnt
from seasons.deep_drive import generate as gen
from seasons.deep_drive import outs as outs_mod
from seasons.deep_drive import ratings as rt
from seasons.deep_drive.generate import (
    RUNS_PER_SI_PLUS,
    SI_PLUS_LIMITS,
    DeepDriveCalibration,
    base_runs,
    build,
    generate,
    scaled,
    stretched,
)
from seasons.stats import Batting, Season
from tests.seasons.test_deep_drive_generate import DEFAULT
from tests.seasons.test_generate import two_teams

RATES = cnt.Rates(hr=0.03, tr=0.005, do=0.045, si=0.15, bb=0.08, hbp=0.01, so=0.2)


def test_scales_multiply_each_result_by_its_own() -> None:
    got = scaled(RATES, {"HR": 2.0, "3B": 0.5, "2B": 1.1, "1B": 0.9, "BB": 1.2, "HBP": 1.0, "K": 0.8})
    assert astuple(got) == pytest.approx((0.06, 0.0025, 0.0495, 0.135, 0.096, 0.01, 0.16))
    assert scaled(RATES, {}) == RATES


def test_a_pitchers_spread_is_stretched_about_the_league() -> None:
    league = cnt.Rates(hr=0.03, tr=0.005, do=0.045, si=0.15, bb=0.08, hbp=0.01, so=0.2)
    assert astuple(stretched(league, league, {"H": 1.3, "HR": 1.3, "BB": 1.3, "K": 1.3})) == pytest.approx(
        astuple(league)
    )
    mine = replace(league, hr=0.04, so=0.25, si=0.16)
    got = stretched(mine, league, {"HR": 1.2, "K": 0.8, "H": 1.5})
    assert got.hr == pytest.approx(0.042) and got.so == pytest.approx(0.24) and got.bb == pytest.approx(0.08)
    hits = league.si + league.do + league.tr + 1.5 * 0.01  # his hits on balls in play .21 against .20
    assert got.si + got.do + got.tr == pytest.approx(hits)
    assert got.do / got.si == pytest.approx(mine.do / mine.si)  # split as his own
    assert stretched(mine, league, {}) == mine


def test_the_gdp_scale_and_dither_set_the_hard_grounders() -> None:
    def hard(codes: list[str]) -> int:
        return sum(c.startswith("G") and c.endswith("h") for c in codes)

    grounders = outs_mod.type_counts(outs_mod.Tilt())["G"]  # 5: 5 x 0.35 = 1.75 hard
    assert grounders == 5
    assert hard(outs_mod.outs_section(outs_mod.Tilt(), "R")) == 2  # rounds
    assert hard(outs_mod.outs_section(outs_mod.Tilt(), "R", dither=0.0)) == 1
    assert hard(outs_mod.outs_section(outs_mod.Tilt(), "R", dither=0.99)) == 2
    assert hard(outs_mod.outs_section(outs_mod.Tilt(), "R", hard_scale=2.0)) == 4  # 3.5 + .5
    assert hard(outs_mod.outs_section(outs_mod.Tilt(), "R", hard_scale=9.0)) == 4  # one grounder stays plain
    assert hard(outs_mod.outs_section(outs_mod.Tilt(), "R", hard_scale=0.0)) == 0
    assert 0 <= outs_mod.dither("abc-2016") < 1 and outs_mod.dither("abc-2016") == outs_mod.dither("abc-2016")


def test_steal_scales_move_the_number_and_the_letter() -> None:
    from engine.deep_drive.handbook import parse_handbook

    hb = parse_handbook(DEFAULT.read_text(encoding="utf-8"), "handbook.toml")
    season = two_teams()
    ctx = rt.context(season)
    b = Batting(pa=600, ab=540, h=150, bb=50, hbp=5, sb=10, cs=5)
    plain = rt.steal(b, hb, ctx)
    assert rt.steal(b, hb, ctx, {}) == plain
    more = rt.steal(b, hb, ctx, {"attempts": 3.0})
    assert int(more[0]) > int(plain[0]) and more[1] == plain[1]
    better = rt.steal(b, hb, ctx, {"success": 1.4})
    assert better[0] == plain[0] and better[1] < plain[1]  # A is the best letter


def test_a_fielding_batter_card_is_not_a_pitchers_batting_card() -> None:
    pitcher = Pitcher.model_validate(
        {"id": "p", "name": "Jack Shuck", "team": "Chicago", "year": 2016, "throws": "R", "injury": "A",
         "positions": ["P 3"], "chances": {"OUT": "50-99"}, "outs": ["G6"] * 10, "usage": "RELIEVER",
         "endurance": "1", "wp": "C", "bk": "C", "po": "C"}
    )  # fmt: skip

    def batter(positions: list[str], name: str = "Jack Shuck") -> Batter:
        return Batter.model_validate(
            {"id": "b", "name": name, "team": "Chicago", "year": 2016, "bats": "L", "injury": "A",
             "positions": positions, "chances": {"OUT": "00-49"}, "outs": ["G6"] * 10,
             "deep_drive": {"DO": "00-69", "F9d": "70-99"}}
        )  # fmt: skip

    assert is_pitchers_own(batter(["DH"]), pitcher)
    assert not is_pitchers_own(batter(["CF 3"]), pitcher)  # 2016's Shuck: an outfielder who pitched once
    assert not is_pitchers_own(batter(["DH"], "Someone Else"), pitcher)


@dataclass
class Played:
    """A stand-in league: every card plays its player's real line, with home runs halved."""

    team_games: int
    batting: dict[str, dict[str, int]] = field(default_factory=dict)
    pitching: dict[str, dict[str, int]] = field(default_factory=dict)


def played_lines(season: Season, *, hr_kept: float = 1.0, runs: float = 1.0) -> Played:
    """Every card plays its player's real line over the real team games, with ``hr_kept`` of his home
    runs (the rest made outs); the league scores ``runs`` times its real runs (all on the first card)."""
    played = Played(team_games=sum(t.g for t in season.teams.values()))
    scored = round(runs * season.league_batting().r)
    for p in season.players.values():
        b = p.batting
        if b is None:
            continue
        hr = round(b.hr * hr_kept)
        played.batting[f"{p.player_id}-1970"] = {
            "pa": b.pa, "ab": b.ab, "r": 0 if played.batting else scored, "h": b.h - b.hr + hr,
            "doubles": b.doubles, "triples": b.triples, "hr": hr, "bb": b.bb, "k": b.k, "hbp": b.hbp,
            "sf": b.sf, "sh": b.sh, "gidp": b.gidp, "sb": b.sb, "cs": b.cs,
        }  # fmt: skip
    return played


def test_the_si_plus_share_answers_the_league_s_runs() -> None:
    made = two_teams()
    teams = {t: replace(team, batting=replace(team.batting, r=10_000)) for t, team in made.teams.items()}
    season = replace(made, teams=teams)
    # The ratio is runs over the line's BaseRuns, played over real: the stand-in's line is the
    # players' (k converts), so a league scoring ratio / k times the real runs reads `ratio`.
    k = base_runs(season.league_batting()) / base_runs(played_batting(played_lines(season)))

    cal = DeepDriveCalibration()
    assert cal.si_plus == cnt.SI_PLUS_SHARE == 0.5
    cal.update(played_lines(season, runs=1.018 / k), set(), season, Batting())
    # 1.8 % more runs than the line is worth at a share of .50: the share falls by .018 / RUNS_PER_SI_PLUS.
    assert cal.si_plus == pytest.approx(0.5 - 0.018 / RUNS_PER_SI_PLUS, abs=1e-3)
    assert cal.runs[0][0] == 0.5 and cal.runs[0][1] == pytest.approx(1.018, abs=1e-4)
    first = cal.si_plus
    cal.update(played_lines(season, runs=1.0 / k), set(), season, Batting())
    assert cal.si_plus == pytest.approx(first, abs=1e-3)  # the second round alone (POOL_FROM 2): on target
    cal.update(played_lines(season, runs=0.98 / k), set(), season, Batting())
    # rounds 2 and 3 pooled: level .99 at a mean share of `first`
    assert cal.si_plus == pytest.approx(first + 0.01 / RUNS_PER_SI_PLUS, abs=1e-3)
    assert f"SI+ share {cal.si_plus:.3f}" in cal.describe()
    many = DeepDriveCalibration()
    many.update(played_lines(season, runs=2.0 / k), set(), season, Batting())
    assert many.si_plus == SI_PLUS_LIMITS[0]


def test_the_league_s_games_scale_the_cards(tmp_path: Path) -> None:
    season = two_teams()
    seen: list[tuple[str, int, int]] = []

    def player_with(hr_kept: float):  # type: ignore[no-untyped-def]
        def player(folder: Path, games: int, seed: int) -> Played:
            info = tomllib.loads((folder / "set.toml").read_text(encoding="utf-8"))
            seen.append((info["ruleset"], games, seed))
            return played_lines(season, hr_kept=hr_kept)

        return player

    def hr_numbers(folder: Path) -> int:
        total = 0
        for path in folder.glob("*.toml"):
            for table in tomllib.loads(path.read_text(encoding="utf-8")).get("batter", []):
                chance = Batter.model_validate(table).chance("DD")
                if chance is not None and chance.numbers is not None:
                    total += chance.numbers.high - chance.numbers.low + 1
        return total

    def scale(text: str, result: str) -> float:
        return float(next(part.split()[1] for part in text.split(", ") if part.split()[0] == result))

    def make(name: str, **kw: object) -> str:
        report = generate(1970, ["NL"], tmp_path / name, load_season=lambda _y, _l: season,
                          handbook_text=DEFAULT.read_text(encoding="utf-8"), **kw)  # type: ignore[arg-type]  # fmt: skip
        return report.calibration

    assert make("plain") == ""
    full = make("full", player=player_with(1.0), schedule=(0.5,))
    assert seen == [("deep-drive", 81, 1)]  # half the schedule, seed 1, a Deep Drive set
    halved = make("halved", player=player_with(0.5), schedule=(0.5,))
    hr = sum(p.batting.hr for p in season.players.values() if p.batting)
    kept = sum(round(p.batting.hr * 0.5) for p in season.players.values() if p.batting)
    # Half the home runs played: the scale doubles (real / played), the other results stay.
    assert scale(halved, "HR") == pytest.approx(scale(full, "HR") * hr / kept, abs=0.002)
    assert scale(halved, "BB") == scale(full, "BB")
    assert hr_numbers(tmp_path / "halved") > hr_numbers(tmp_path / "full")
    assert "calibrated in 1 rounds" in (tmp_path / "full" / "ATTRIBUTION.md").read_text(encoding="utf-8")


def test_base_runs_is_the_benchmarks() -> None:
    from bench.fidelity import Line
    from bench.fidelity import base_runs as bench_base_runs

    counts = {"ab": 5500, "h": 1400, "doubles": 280, "triples": 30, "hr": 190, "bb": 500, "hbp": 60, "sf": 40}
    assert base_runs(Batting(**counts)) == pytest.approx(bench_base_runs(Line(**counts)))
    assert base_runs(Batting(**counts)) == pytest.approx(740, abs=30)  # a 2016 team's line scores about that


def test_the_benchmark_finds_each_games_bundled_set(tmp_path: Path) -> None:
    from bench.fidelity import bundled_name, main, set_for
    from cards import BUNDLED_SETS

    assert bundled_name(1970) == "1970" and bundled_name(2016, "deep-drive") == "2016-deep-drive"
    assert set_for(2016, ("AL", "NL"), tmp_path, "deep-drive") == BUNDLED_SETS / "2016-deep-drive"
    assert set_for(1970, ("AL", "NL"), tmp_path) == BUNDLED_SETS / "1970"
    with pytest.raises(SystemExit):
        main(["--season", "2016", "--ruleset", "strat-o-matic"])


def test_the_notes_show_only_the_scales_a_deep_drive_card_reads() -> None:
    """Inside Pitch's SF, WP and error scales, BR offset and batters' spread are not Deep Drive's:
    the set's calibration note leaves them out, whatever the shared rounds fitted."""
    cal = DeepDriveCalibration(
        adjust={"HR": 0.98},
        gdp={"gdp": 1.5},
        events={"sf": 0.836, "wp": 0.883, "e": 2.0},
        running={"br": -0.071},
        spread={"BB": 1.1},
        pitcher_spread={"K": 1.016},
        si_plus=0.382,
    )
    assert cal.describe() == "HR 0.980, gdp 1.500, pitchers' spread K 1.016, SI+ share 0.382"
    assert cal.events == {"sf": 0.836, "wp": 0.883, "e": 2.0}  # kept: only the words leave them out


def test_the_rounds_are_inside_pitchs_for_the_season(tmp_path: Path) -> None:
    """Issue 16: the same method as Inside Pitch's. A season with few home runs plays full rounds until
    they hold about 7,000 of them (seasons.calibrate.season_calibration_schedule); Deep Drive played the
    plain five, and 1927's cards (920 home runs a season) replayed +11.7 % HR over 10 replays."""
    from seasons.calibrate import season_calibration_schedule

    season = two_teams()
    rounds: list[int] = []

    def player(folder: Path, games: int, seed: int) -> Played:
        rounds.append(seed)
        return played_lines(season)

    generate(1970, ["NL"], tmp_path / "set", load_season=lambda _y, _l: season,
             handbook_text=DEFAULT.read_text(encoding="utf-8"), player=player)  # fmt: skip
    expected = season_calibration_schedule(season)
    assert len(expected) > 5  # two made-up teams hit few home runs: the most rounds
    assert len(rounds) == len(expected)


def test_the_error_scale_answers_the_season_s_errors() -> None:
    """The handbook's error chances are scaled by real over played errors per team game, the rounds
    pooled from the second on (errors taken as proportional to the scale)."""
    cal = DeepDriveCalibration()
    assert cal.error_scale == 1.0
    cal.update_errors(0.36, 2_000, 0.6)  # unscaled, the games give 0.6 of the season's errors
    assert cal.error_scale == pytest.approx(0.6 / 0.36)
    cal.update_errors(0.62, 2_000, 0.6)  # round 2 alone (POOL_FROM 2): 0.62 at 1.667
    assert cal.error_scale == pytest.approx(0.6 / 0.36 * 0.6 / 0.62)
    second = cal.error_scale
    cal.update_errors(0.58, 6_000, 0.6)  # rounds 2 and 3 pooled, weighted by their team games
    k = (2_000 * 0.62 + 6_000 * 0.58) / (2_000 * 0.6 / 0.36 + 6_000 * second)
    assert cal.error_scale == pytest.approx(0.6 / k)
    assert f"error chances {cal.error_scale:.3f}" in cal.describe()
    cal.update_errors(0.0, 2_000, 0.6)  # a league that counts no errors moves nothing
    assert len(cal.error_rounds) == 3
    far = DeepDriveCalibration()
    far.update_errors(0.1, 2_000, 0.6)
    assert far.error_scale == 2.0  # EVENT_SCALE_LIMITS


def test_a_round_s_errors_reach_the_scale_and_the_handbook(monkeypatch: pytest.MonkeyPatch) -> None:
    """``update`` fits the scale from the played league's errors against the season's, and ``build``
    derives the handbook with it."""
    made = two_teams()
    season = replace(made, teams={t: replace(team, e=100) for t, team in made.teams.items()})
    real = 100 * len(season.teams) / sum(t.g for t in season.teams.values())
    played = played_lines(season)
    played.errors = round(0.5 * real * played.team_games)  # type: ignore[attr-defined]
    cal = DeepDriveCalibration()
    cal.update(played, set(), season, Batting())
    assert cal.error_scale == pytest.approx(2.0, rel=0.01)
    seen: list[float] = []

    def derive(totals: object, error_scale: float = 1.0) -> object:
        seen.append(error_scale)
        raise RuntimeError("enough")

    monkeypatch.setattr(gen, "derive", derive)
    with pytest.raises(RuntimeError, match="enough"):
        build(season, calibration=DeepDriveCalibration(error_scale=1.5))
    assert seen == [1.5]
