"""A card's person: the player it shows, the same across sets (issue 28, seasons). The generators write
the Lahman playerID; seasons.persons adds it to a set generated before, from the ids; a hand-made card
may state one, and a card without one is its own person."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from cards import BUNDLED_SETS, SAMPLE_SET
from cards.csv_io import export_csv, import_csv
from cards.loader import dump_card, load_any_set, load_set
from seasons.deep_drive.generate import generate as generate_deep_drive
from seasons.persons import add_persons, person_of
from tests.seasons.test_deep_drive_generate import DEFAULT
from tests.seasons.test_generate import run, two_teams

GENERATED = ("1927", "1970", "2023", "2016-deep-drive")


def test_generated_cards_name_their_player_for_either_ruleset(tmp_path: Path) -> None:
    run(tmp_path)
    inside_pitch = load_set(tmp_path / "1970")
    generate_deep_drive(1970, ["NL"], tmp_path / "dd", load_season=lambda _y, _l: two_teams(),
                        handbook_text=DEFAULT.read_text(encoding="utf-8"))  # fmt: skip
    deep_drive = load_any_set(tmp_path / "dd")
    for cards in (inside_pitch, deep_drive):
        assert cards.pitchers["aaaace-1970"].person == "aaaace"
        assert cards.batters["aaaace-batting-1970"].person == "aaaace"  # his own batting card: the same man
        assert cards.pitchers["bbbtwo-pitching-1970"].person == cards.batters["bbbtwo-1970"].person == "bbbtwo"
    assert dump_card(inside_pitch.pitchers["aaaace-1970"])["person"] == "aaaace"  # written to the file


@pytest.mark.parametrize(
    ("card_id", "person"),
    [
        ("ruthba01-1927", "ruthba01"),
        ("ohtansh01-batting-2023", "ohtansh01"),
        ("ruthba01-pitching-1927", "ruthba01"),
        ("bal-depth-arms-1970", "bal-depth-arms"),
        ("pitcher-batting", None),
        ("bal-1970-park", None),
    ],
)
def test_an_id_names_its_person(card_id: str, person: str | None) -> None:
    assert person_of(card_id) == person


def test_adding_persons_touches_only_player_tables_without_one() -> None:
    text = (
        '[[batter]]\nid = "aaronha01-1970"\nyear = 1970\nbats = "R"\n\n'
        '[[pitcher]]\nid = "seaveto01-1970"\nyear = 1970\nperson = "someone"\n\n'
        '[[ballpark]]\nid = "atl-1970-park"\nyear = 1970\n'
    )
    once = add_persons(text)
    assert once == text.replace("year = 1970\nbats", 'year = 1970\nperson = "aaronha01"\nbats', 1)
    assert add_persons(once) == once


@pytest.mark.parametrize("name", GENERATED)
def test_the_bundled_generated_sets_name_every_players_person(name: str) -> None:
    cards = load_any_set(BUNDLED_SETS / name)
    players = [*cards.batters.values(), *cards.pitchers.values()]
    assert all(c.person == person_of(c.id) for c in players if c.id != "pitcher-batting")


def test_a_hand_made_card_may_state_its_person_and_is_its_own_without() -> None:
    bench = load_set(SAMPLE_SET).batters["johnny-bench-1970"]
    assert bench.person is None and bench.person_id == "johnny-bench-1970"
    assert bench.model_copy(update={"person": "benchjo01"}).person_id == "benchjo01"
    with pytest.raises(ValidationError, match="person"):
        type(bench).model_validate({**dump_card(bench), "person": "Not An Id"})


@pytest.mark.parametrize("name", ["1970", "2016-deep-drive"])
def test_a_person_goes_through_csv_and_back_for_either_ruleset(name: str, tmp_path: Path) -> None:
    cards = load_any_set(BUNDLED_SETS / name)
    batters = [b for b in cards.batters.values() if b.person][:3]
    export_csv(batters, tmp_path / "batters.csv")
    back = import_csv(tmp_path / "batters.csv", "batter", tmp_path / "batters.toml", ruleset=cards.info.ruleset)
    assert [c.person for c in back] == [c.person for c in batters] and all(c.person for c in back)
