"""[[team]] entries in a card set: parsed, checked against the set's cards, written back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cards import SAMPLE_SET
from cards.loader import CardSetError, load_set, write_set
from cards.teams import lineup_spots

HC_TEAM = """\
[[team]]
id = "hc-1970"
name = "Harbor City Captains"
abbreviation = "HC"
league = "NL"
division = "E"
ballpark = "harbor-city-bowl-1970"
roster = [
  "hc-walt-pruett-1970", "hc-gus-hadley-1970", "hc-rudy-kasprzak-1970", "hc-dell-ashby-1970",
  "hc-arturo-belmonte-1970", "hc-cal-brandeis-1970", "hc-marv-tolliver-1970", "hc-jesse-whitcomb-1970",
  "hc-otis-redfern-1970", "hc-buddy-lanier-1970", "hc-lonnie-cheever-1970", "hc-frank-dinardo-1970",
  "hc-lyle-brennaman-1970", "hc-chet-morrow-1970", "hc-dwight-halvorsen-1970", "hc-eddie-stroud-1970",
  "hc-sammy-pickard-1970", "hc-vance-tillery-1970", "hc-royce-dunlap-1970", "hc-harlan-goss-1970",
]
vs_rhp = [
  "hc-dell-ashby-1970 2B", "hc-jesse-whitcomb-1970 CF", "hc-rudy-kasprzak-1970 1B", "hc-otis-redfern-1970 RF",
  "hc-cal-brandeis-1970 3B", "hc-marv-tolliver-1970 LF", "hc-walt-pruett-1970 C", "hc-arturo-belmonte-1970 SS",
  "hc-lonnie-cheever-1970 DH",
]
vs_lhp = [
  "hc-dell-ashby-1970 2B", "hc-jesse-whitcomb-1970 CF", "hc-frank-dinardo-1970 1B", "hc-otis-redfern-1970 RF",
  "hc-cal-brandeis-1970 3B", "hc-marv-tolliver-1970 LF", "hc-walt-pruett-1970 C", "hc-arturo-belmonte-1970 SS",
  "hc-buddy-lanier-1970 DH",
]
rotation = [
  "hc-lyle-brennaman-1970", "hc-chet-morrow-1970", "hc-dwight-halvorsen-1970", "hc-eddie-stroud-1970",
  "hc-sammy-pickard-1970",
]
bullpen = { closer = ["hc-vance-tillery-1970"], setup = ["hc-royce-dunlap-1970"], long = ["hc-harlan-goss-1970"] }
"""


def make_set(tmp_path: Path, team_text: str) -> Path:
    folder = tmp_path / "set"
    shutil.copytree(SAMPLE_SET, folder)
    (folder / "teams.toml").write_text(team_text, encoding="utf-8")
    return folder


def problems(folder: Path) -> list[str]:
    with pytest.raises(CardSetError) as caught:
        load_set(folder)
    return [str(p) for p in caught.value.problems]


def test_a_team_entry_loads(tmp_path: Path) -> None:
    cardset = load_set(make_set(tmp_path, HC_TEAM))
    team = cardset.team_entries["hc-1970"]
    assert (team.name, team.abbreviation, team.league, team.division) == ("Harbor City Captains", "HC", "NL", "E")
    assert team.ballpark == "harbor-city-bowl-1970"
    assert len(team.roster) == 20
    assert [str(s) for s in team.vs_lhp][2] == "hc-frank-dinardo-1970 1B"
    assert team.rotation[0] == "hc-lyle-brennaman-1970"
    assert team.bullpen.roles() == [
        ("hc-vance-tillery-1970", "closer"),
        ("hc-royce-dunlap-1970", "setup"),
        ("hc-harlan-goss-1970", "long"),
    ]
    assert cardset.team_files == {"teams.toml": ["hc-1970"]}


def test_without_the_dh_the_pitcher_bats_in_the_dh_spot(tmp_path: Path) -> None:
    team = load_set(make_set(tmp_path, HC_TEAM)).team_entries["hc-1970"]
    without = lineup_spots(team.vs_rhp, designated_hitter=False)
    assert without[-1] == (None, "P")
    assert without[:2] == [("hc-dell-ashby-1970", "2B"), ("hc-jesse-whitcomb-1970", "CF")]
    assert lineup_spots(team.vs_rhp, designated_hitter=True)[-1] == ("hc-lonnie-cheever-1970", "DH")


def test_written_back_it_reloads_identically(tmp_path: Path) -> None:
    cardset = load_set(make_set(tmp_path, HC_TEAM))
    write_set(cardset, tmp_path / "again")
    again = load_set(tmp_path / "again")
    assert again.team_entries == cardset.team_entries
    assert again.team_files == cardset.team_files


def test_usage_targets_load_and_write_back(tmp_path: Path) -> None:
    text = HC_TEAM.replace(
        "bullpen = {",
        'games = 154\nstarts = { "hc-walt-pruett-1970" = 140, "hc-lyle-brennaman-1970" = 38 }\nbullpen = {',
    )
    cardset = load_set(make_set(tmp_path, text))
    team = cardset.team_entries["hc-1970"]
    assert team.games == 154
    assert team.starts == {"hc-walt-pruett-1970": 140, "hc-lyle-brennaman-1970": 38}
    write_set(cardset, tmp_path / "again")
    assert load_set(tmp_path / "again").team_entries["hc-1970"] == team
    assert load_set(make_set(tmp_path / "plain", HC_TEAM)).team_entries["hc-1970"].starts == {}


def test_ids_must_be_cards_of_the_right_kind(tmp_path: Path) -> None:
    text = (
        HC_TEAM.replace('ballpark = "harbor-city-bowl-1970"', 'ballpark = "hc-walt-pruett-1970"')
        .replace('"hc-otis-redfern-1970 RF",\n  "hc-cal', '"hc-nobody-1970 RF",\n  "hc-cal')
        .replace('rotation = [\n  "hc-lyle-brennaman-1970"', 'rotation = [\n  "hc-walt-pruett-1970"')
        .replace('closer = ["hc-vance-tillery-1970"]', 'closer = ["mv-gabe-thurlow-1970"]')
    )
    file = str(tmp_path / "set" / "teams.toml")
    label = "team Harbor City Captains (hc-1970)"
    assert problems(make_set(tmp_path, text)) == [
        f"{file}: {label}: ballpark: 'hc-walt-pruett-1970' is not a ballpark card of the set",
        f"{file}: {label}: vs_rhp spot 4: 'hc-nobody-1970' is not a batter card of the set",
        f"{file}: {label}: vs_lhp spot 4: 'hc-nobody-1970' is not a batter card of the set",
        f"{file}: {label}: rotation entry 1: 'hc-walt-pruett-1970' is not a pitcher card of the set",
        f"{file}: {label}: bullpen.closer: 'mv-gabe-thurlow-1970' is not on the team's roster",
    ]


def test_roster_entries_are_checked(tmp_path: Path) -> None:
    text = HC_TEAM.replace(
        '"hc-harlan-goss-1970",\n]',
        '"hc-harlan-goss-1970", "hc-chet-morrow-batting-1970", "harbor-city-bowl-1970", "hc-ghost-1970",\n]',
    )
    # A second team with a player the first already has.
    text += (
        HC_TEAM.replace('id = "hc-1970"', 'id = "hc2-1970"')
        .replace("Harbor City Captains", "Second Captains")
        .replace('"HC"', '"HC2"')
    )
    file = str(tmp_path / "set" / "teams.toml")
    found = problems(make_set(tmp_path, text))
    label = "team Harbor City Captains (hc-1970)"
    assert found[:3] == [
        f"{file}: {label}: roster entry 21: 'hc-chet-morrow-batting-1970' is a pitcher's batting card;"
        " it comes with the pitcher, so list him",
        f"{file}: {label}: roster entry 22: 'harbor-city-bowl-1970' is a ballpark card;"
        " a team's ballpark is its ballpark field",
        f"{file}: {label}: roster entry 23: 'hc-ghost-1970' is not a card of the set",
    ]
    assert found[3] == (
        f"{file}: team Second Captains (hc2-1970): roster entry 1: 'hc-walt-pruett-1970' is also on the roster"
        " of team 'hc-1970'"
    )
    assert len(found) == 3 + 20


@pytest.mark.parametrize(
    ("old", "new", "cell", "message"),
    [
        ('league = "NL"', 'league = "PCL"', "league", "a team's league is AL or NL (got 'PCL')"),
        (
            '"hc-lonnie-cheever-1970 DH"',
            '"hc-lonnie-cheever-1970 P"',
            "vs_rhp",
            "a lineup names a DH, not P: a league without the designated hitter bats the pitcher in the DH's spot",
        ),
        (
            '"hc-lonnie-cheever-1970 DH"',
            '"hc-lonnie-cheever-1970 XX"',
            "vs_rhp",
            "'XX' is not a lineup position; the positions are C 1B 2B 3B SS LF CF RF DH",
        ),
        (
            '"hc-lonnie-cheever-1970 DH"',
            '"hc-lonnie-cheever-1970 CF"',
            "vs_rhp",
            "CF is in the lineup twice; each position once",
        ),
        ('"hc-buddy-lanier-1970 DH",\n]', "]", "vs_lhp", "a lineup has 9 spots; this one has 8"),
        ('"hc-sammy-pickard-1970",\n]', "]", "rotation", "a rotation has 5 starters; this one has 4"),
        (
            'abbreviation = "HC"',
            'abbreviation = "HARBOR"',
            "abbreviation",
            "a team abbreviation is 1 to 5 letters or digits, like CIN (got 'HARBOR')",
        ),
        ('division = "E"', 'divison = "E"', "divison", "unknown field (check the spelling)"),
        (
            "bullpen = {",
            'starts = { "hc-walt-pruett-1970" = 140 }\nbullpen = {',
            "starts",
            "starts are out of the team's games: give games (the team's real games) too",
        ),
        (
            "bullpen = {",
            'games = 154\nstarts = { "hc-walt-pruett-1970" = 160 }\nbullpen = {',
            "starts",
            "hc-walt-pruett-1970 has 160 starts; a count is 0 to games (154)",
        ),
        (
            "bullpen = {",
            'games = 154\nstarts = { "hc-ghost-1970" = 20 }\nbullpen = {',
            "starts",
            "hc-ghost-1970 has starts but is not on the team's roster",
        ),
        ("bullpen = {", "games = 0\nbullpen = {", "games", "Input should be greater than or equal to 1 (got 0)"),
    ],
)
def test_shape_problems_name_file_team_and_field(tmp_path: Path, old: str, new: str, cell: str, message: str) -> None:
    assert old in HC_TEAM
    file = str(tmp_path / "set" / "teams.toml")
    found = problems(make_set(tmp_path, HC_TEAM.replace(old, new)))
    assert found == [f"{file}: team Harbor City Captains (hc-1970): {cell}: {message}"]


def test_a_roster_over_the_limit_is_refused(tmp_path: Path) -> None:
    many = ", ".join(f'"x{i}"' for i in range(27))
    text = HC_TEAM.replace("roster = [", f"roster = [{many},\n")
    file = str(tmp_path / "set" / "teams.toml")
    assert problems(make_set(tmp_path, text)) == [
        f"{file}: team Harbor City Captains (hc-1970): roster: the roster has 47 players; the active roster limit is 26"
    ]


def test_set_toml_says_dh_source_and_licence(tmp_path: Path) -> None:
    folder = make_set(tmp_path, HC_TEAM)
    meta = folder / "set.toml"
    meta.write_text(
        meta.read_text() + 'designated_hitter = false\nsource = "Lahman"\nlicence = "CC BY-SA 3.0"\n', encoding="utf-8"
    )
    info = load_set(folder).info
    assert (info.designated_hitter, info.source, info.licence) == (False, "Lahman", "CC BY-SA 3.0")
    assert load_set(SAMPLE_SET).info.designated_hitter is None
