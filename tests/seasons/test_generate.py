"""generate() with hand-made season data and hand-made fit and ratings: the set it writes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from cards import SAMPLE_SET
from cards.loader import dump_card, load_set, write_set
from seasons.inside_pitch.generate import GenerateError, generate
from seasons.stats import Player, Season
from seasons.write import ATTRIBUTION_FILE, SetExists
from tests.seasons.set_builders import batter, full_team, pitcher, season, team

SAMPLE = load_set(SAMPLE_SET)
HITTING = ("matrix", "hits_vs_lhp", "hits_vs_rhp", "vs_lhp", "vs_rhp", "hbp")
PITCHING = ("matrix", "outs", "home_run_ranges", "split_checks", "special_k", "hbp")
BENCH = dump_card(SAMPLE.batters["johnny-bench-1970"])
SEAVER = dump_card(SAMPLE.pitchers["tom-seaver-1970"])
PARK = dump_card(SAMPLE.ballparks["san-diego-stadium-1970"])


@dataclass
class FakeFit:
    batters: dict[str, dict[str, object]] = field(default_factory=dict)
    pitchers: dict[str, dict[str, object]] = field(default_factory=dict)
    ballparks: dict[str, dict[str, object]] = field(default_factory=dict)
    pitcher_batting: dict[str, object] = field(default_factory=dict)
    clipped: list[str] = field(default_factory=list)


def fake_fit(s: Season) -> FakeFit:
    fit = FakeFit(clipped=["Aaa1B: HR rate above the card's reach; clipped to 9 %"])
    for p in s.players.values():
        pitcher_ = p.pitching is not None and p.pitching.bf > (p.batting.pa if p.batting else 0)
        if p.batting and p.batting.pa > 0 and not (pitcher_ and p.batting.pa < 50):
            fit.batters[p.player_id] = {k: BENCH[k] for k in HITTING}
        if p.pitching and p.pitching.bf > 0:
            fit.pitchers[p.player_id] = {k: SEAVER[k] for k in PITCHING if k in SEAVER}
    fit.ballparks = {t: {k: PARK[k] for k in ("matrix", "hit_ranges", "adjustments")} for t in s.teams}
    fit.pitcher_batting = {k: BENCH[k] for k in HITTING}
    return fit


def fake_batter_ratings(p: Player, s: Season) -> dict[str, object]:
    return {"injury": 1, "positions": ["C - 5/2 (19) -2"], "br": 2, "bnt": 2, "att": 3, "sb": 5, "gdp": 2, "sf": 2}


def fake_pitcher_ratings(p: Player, s: Season) -> dict[str, object]:
    keys = ("injury", "positions", "start", "relief", "wild_pitch", "hold", "steal", "gdp", "balk", "pickoff")
    return {k: SEAVER[k] for k in keys if k in SEAVER}


def two_teams() -> Season:
    players = full_team("aaa") + full_team("bbb")
    # A pitcher with 60 PA (own batting card) and a batter who pitched once.
    players.append(pitcher("aaaace", "aaa", g=35, gs=35, bfp=1000))
    ace = players[-1]
    players[-1] = Player(**{**ace.__dict__, "batting": batter("x", "aaa", {}, pa=60, h=12).batting})
    hitter = batter("bbbtwo", "bbb", {"RF": 10}, pa=90, h=20)
    players.append(Player(**{**hitter.__dict__, "pitching": pitcher("x", "bbb", g=1, bfp=5).pitching}))
    return season(players, [team("aaa", "NL"), team("bbb", "NL")], year=1970)


def with_sides() -> Season:
    """Two teams whose ace starter bats left and closer both ways (Lahman "B", read as "S")."""
    players = [p for p in two_teams().players.values() if p.player_id not in ("aaasp0", "aaacl")]
    players.append(pitcher("aaasp0", "aaa", g=33, gs=33, bfp=900, bats="L"))
    players.append(pitcher("aaacl", "aaa", g=65, gf=55, sv=35, bfp=280, bats="S"))
    return season(players, [team("aaa", "NL"), team("bbb", "NL")], year=1970)


def run(tmp_path: Path, s: Season | None = None, **kw: object) -> object:
    data = s or two_teams()

    def load(year: int, leagues: Sequence[str]) -> Season:
        assert (year, tuple(leagues)) == (1970, ("NL",))
        return data

    parts: dict[str, object] = {
        "load_season": load,
        "fit_season": fake_fit,
        "batter_ratings": fake_batter_ratings,
        "pitcher_ratings": fake_pitcher_ratings,
    }
    return generate(1970, ["NL"], tmp_path / "1970", **(parts | kw))  # type: ignore[arg-type]


def test_generate_writes_a_set_that_loads(tmp_path: Path) -> None:
    lines: list[str] = []
    report = run(tmp_path, progress=lines.append)
    cardset = load_set(tmp_path / "1970")
    assert (report.teams, report.ballparks) == (2, 2)  # type: ignore[attr-defined]
    assert report.pitchers == len(cardset.pitchers) == 2 * 14 + 2  # type: ignore[attr-defined]
    assert sorted(cardset.files) == ["aaa.toml", "bbb.toml", "pitcher-batting.toml"]
    assert cardset.info.name == "1970"
    assert cardset.info.designated_hitter is False
    assert cardset.info.licence == "CC BY-SA 3.0"
    assert "pitcher-batting" in cardset.batters
    # The ace's own batting card comes with him; the two-way batter's pitcher card is apart.
    assert cardset.pitchers["aaaace-1970"].own_batting_card is True
    assert "aaaace-batting-1970" in cardset.batters
    assert "bbbtwo-1970" in cardset.batters and "bbbtwo-pitching-1970" in cardset.pitchers
    aaa = cardset.team_entries["aaa-1970"]
    assert aaa.ballpark == "aaa-1970-park"
    assert aaa.rotation[0] == "aaaace-1970"
    assert "aaaace-batting-1970" not in aaa.roster
    assert [str(s) for s in aaa.vs_rhp][-1] == "aaadh-1970 DH"  # no DH in the 1970 NL: its spot bats 9th
    text = (tmp_path / "1970" / ATTRIBUTION_FILE).read_text()
    assert "CC BY-SA 3.0" in text and "Aaa1B: HR rate above the card's reach" in text
    assert lines[0] == "reading the 1970 season (NL) from the Lahman database"


def test_pitcher_cards_carry_the_side_they_bat_from(tmp_path: Path) -> None:
    """A pitcher without a batting card of his own bats with the generic (right-handed) card from his
    own side: the card says which (a depth arm's says nothing: tests.seasons.test_depth_arms)."""
    run(tmp_path, with_sides())
    cardset = load_set(tmp_path / "1970")
    sides = {p.id: p.bats.value if p.bats else None for p in cardset.pitchers.values()}
    assert (sides["aaasp0-1970"], sides["aaacl-1970"], sides["aaasp1-1970"]) == ("L", "S", "R")
    assert cardset.batting_card_for(cardset.pitchers["aaasp0-1970"]).id == "pitcher-batting"  # type: ignore[union-attr]


def test_a_written_set_reloads_identically(tmp_path: Path) -> None:
    run(tmp_path)
    first = load_set(tmp_path / "1970")
    write_set(first, tmp_path / "again")
    again = load_set(tmp_path / "again")
    assert again.all_cards() == first.all_cards()
    assert again.team_entries == first.team_entries
    for rel in first.files:
        assert (tmp_path / "again" / rel).read_text() == (tmp_path / "1970" / rel).read_text()


def test_an_existing_set_is_replaced_only_with_force(tmp_path: Path) -> None:
    run(tmp_path)
    with pytest.raises(SetExists, match="1970 already exists; nothing written: replace it with --force"):
        run(tmp_path)
    run(tmp_path, force=True)
    assert not (tmp_path / "1970.partial").exists()
    other = tmp_path / "notaset"
    other.mkdir()
    (other / "keep.txt").write_text("mine")
    with pytest.raises(SetExists, match="is not a card set"):
        generate(1970, ["NL"], other, force=True, load_season=lambda y, lg: two_teams(), fit_season=fake_fit,
                 batter_ratings=fake_batter_ratings, pitcher_ratings=fake_pitcher_ratings)  # fmt: skip
    assert (other / "keep.txt").read_text() == "mine"


def test_a_card_that_does_not_validate_stops_generation(tmp_path: Path) -> None:
    def bad_ratings(p: Player, s: Season) -> dict[str, object]:
        return {**fake_batter_ratings(p, s), "br": 9}

    with pytest.raises(GenerateError, match=r"the batter card aaa1b-1970 \(Aaa1B\) does not validate: br: "):
        run(tmp_path, batter_ratings=bad_ratings)
    assert not (tmp_path / "1970").exists()


def test_calibration_plays_each_round_in_the_league(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real fit and ratings, calibrated in a real (tiny) league: league.replay.play_season."""
    import seasons.inside_pitch.generate
    from league.replay import play_season

    # 4 and 8 of 162 games
    monkeypatch.setattr(seasons.inside_pitch.generate, "season_calibration_schedule", lambda season: (0.025, 0.05))
    calls: list[tuple[int, int]] = []

    def player(folder: Path, games: int, seed: int) -> object:
        assert load_set(folder).team_entries  # the candidate set, written for the round
        calls.append((games, seed))
        return play_season(folder, games, seed)

    report = generate(1970, ["NL"], tmp_path / "set", load_season=lambda y, lg: two_teams(), player=player)
    assert calls == [(4, 1), (8, 2)]
    assert {"1B", "2B", "HR"} <= set(report.adjust)  # those the tiny league played and the team had
    assert any(note.startswith("calibrated in 2 rounds of league games") for note in report.notes)
    again = generate(1970, ["NL"], tmp_path / "again", load_season=lambda y, lg: two_teams(), player=play_season)
    assert again.adjust == report.adjust  # the rounds replay from their seeds


def test_a_set_from_2020_on_states_the_extra_inning_runner(tmp_path: Path) -> None:
    """OBR 7.01(b): the set info says so from 2020; earlier sets say nothing (no runner)."""
    run(tmp_path)
    assert load_set(tmp_path / "1970").info.extra_inning_runner is None
    assert "extra_inning_runner" not in (tmp_path / "1970" / "set.toml").read_text()
    two = two_teams()
    later = season(list(two.players.values()), list(two.teams.values()), year=2023)
    parts = {
        "load_season": lambda year, leagues: later,
        "fit_season": fake_fit,
        "batter_ratings": fake_batter_ratings,
        "pitcher_ratings": fake_pitcher_ratings,
    }
    generate(2023, ["NL"], tmp_path / "2023", **parts)  # type: ignore[arg-type]
    cardset = load_set(tmp_path / "2023")
    assert cardset.info.extra_inning_runner is True
    assert "extra_inning_runner = true" in (tmp_path / "2023" / "set.toml").read_text()
