"""Names of leagues, teams and divisions: invisible characters cannot make a blank name or a look-alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.terminal.league import pick_league
from league.errors import AlreadyExists, SettingsError
from league.models import League, Team
from league.names import clean_name, name_key, normalize_name
from league.store import Store
from tests.league.conftest import GUILD, direct, unchanged

ZWSP = "\u200b"


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        (f"Harbor City{ZWSP}", "Harbor City"),
        ("Harbor\u200dCity", "HarborCity"),  # a zero-width joiner joins nothing
        ("\u202eHarbor City\u202c", "Harbor City"),  # bidi overrides
        ("Harbor\tCity\n", "Harbor City"),  # whitespace controls separate words
        ("\x07Harbor\x00 City\x1b", "Harbor City"),  # other controls go
        ("Ｈａｒｂｏｒ\u3000City", "Harbor City"),  # full-width letters and space (NFKC)
        ("Cafe\u0301", "Café"),  # decomposed accent composed
        ("\u3164Harbor City\u2800", "Harbor City"),  # blank letters
        ("  Harbor   City  ", "Harbor City"),
    ],
)
def test_a_name_is_kept_in_one_form(typed: str, kept: str) -> None:
    assert normalize_name(typed) == kept


@pytest.mark.parametrize("blank", [f"{ZWSP}{ZWSP}", "\u2060\ufeff", "\x00\x1b", " \u3164 ", "\u200e"])
def test_a_name_of_invisible_characters_is_refused(blank: str) -> None:
    with pytest.raises(SettingsError, match="the team name cannot be empty"):
        clean_name(blank, "team name")


def test_names_compare_in_any_case_and_form() -> None:
    assert name_key("ÉTÉ League") == name_key("été league")
    assert name_key("STRASSE") == name_key("Straße")
    assert name_key(f"Harbor City{ZWSP}") == name_key("harbor city")


async def test_a_blank_league_name_is_refused(store: Store, db_path: Path) -> None:
    with unchanged(db_path), pytest.raises(SettingsError, match="league name cannot be empty"):
        await store.create_league(f"{ZWSP}{ZWSP}", ["sample"], guild_id=GUILD)


@pytest.mark.parametrize("twin", [f"Test League{ZWSP}", "TEST LEAGUE", "Ｔｅｓｔ League", "Test\u2060 League"])
async def test_a_look_alike_league_name_is_taken(store: Store, league: League, db_path: Path, twin: str) -> None:
    with unchanged(db_path), pytest.raises(AlreadyExists, match="already a league called"):
        await store.create_league(twin, ["sample"], guild_id=GUILD)
    assert await store.find_league(twin, GUILD) == league


async def test_non_ascii_names_are_the_same_in_any_case(store: Store, db_path: Path) -> None:
    made = await store.create_league("Liga Ñandú", ["sample"], guild_id=GUILD)
    with unchanged(db_path), pytest.raises(AlreadyExists):
        await store.create_league("LIGA ÑANDÚ", ["sample"], guild_id=GUILD)
    assert await store.find_league("liga ñandú", GUILD) == made


async def test_team_names_are_normalized_made_or_renamed(store: Store, teams: tuple[Team, Team], db_path: Path) -> None:
    hc, mv = teams
    with unchanged(db_path):
        with pytest.raises(AlreadyExists, match="already has a team called Harbor City"):
            await store.create_team(hc.league_id, f"Harbor City{ZWSP}", "HCX")
        with pytest.raises(AlreadyExists, match="already has a team called Harbor City"):
            await store.rename_team(mv.id, "HARBOR\u200b CITY")
        with pytest.raises(SettingsError, match="team name cannot be empty"):
            await store.rename_team(mv.id, f"{ZWSP}\u3164")
        with pytest.raises(SettingsError, match="division cannot be empty"):
            await store.set_division(mv.id, ZWSP)
    renamed = await store.rename_team(mv.id, f"Mesa\u00a0Valley{ZWSP} Suns")
    assert renamed.name == "Mesa Valley Suns"
    assert (await store.set_division(mv.id, f"West{ZWSP}")).division == "West"
    assert await store.find_team(hc.league_id, f"harbor city{ZWSP}") == hc


async def test_a_league_named_before_names_were_cleaned_still_works(
    store: Store, league: League, db_path: Path
) -> None:
    with direct(db_path) as conn:
        conn.execute("UPDATE league SET name = ? WHERE id = ?", (f"Test League{ZWSP}", league.id))
    old = await store.league(league.id)
    assert await store.find_league(f"Test League{ZWSP}", GUILD) == old
    assert await store.find_league("test league", GUILD) == old
    assert await pick_league(store, "TEST LEAGUE") == old
    with unchanged(db_path), pytest.raises(AlreadyExists):
        await store.create_league("Test League", ["sample"], guild_id=GUILD)
