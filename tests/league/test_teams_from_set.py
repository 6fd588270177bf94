"""A league's teams made from its card set's [[team]] entries: in one transaction, all or nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.inside_pitch.options import InsidePitchOptions
from league.errors import AlreadyExists, RosterError
from league.store import Store
from tests.cards.test_team_entries import HC_TEAM, make_set
from tests.league.conftest import snapshot

MV_TEAM = """
[[team]]
id = "mv-1970"
name = "Mesa Valley Miners"
abbreviation = "MV"
league = "AL"
ballpark = "mesa-valley-field-1970"
roster = [
  "mv-bo-renfrow-1970", "mv-tito-alcazar-1970", "mv-hank-gorski-1970", "mv-wendell-pike-1970",
  "mv-manny-quintero-1970", "mv-dutch-lindqvist-1970", "mv-clyde-barnett-1970", "mv-jerome-pettaway-1970",
  "mv-rusty-kellerman-1970", "mv-skip-van-dorn-1970", "mv-curt-vollmer-1970", "mv-rollie-danforth-1970",
  "mv-wes-augustyn-1970", "mv-jack-oberholt-1970", "mv-emil-sorensen-1970", "mv-gabe-thurlow-1970",
]
vs_rhp = [
  "mv-manny-quintero-1970 SS", "mv-wendell-pike-1970 2B", "mv-jerome-pettaway-1970 CF", "mv-hank-gorski-1970 1B",
  "mv-dutch-lindqvist-1970 3B", "mv-rusty-kellerman-1970 RF", "mv-clyde-barnett-1970 LF", "mv-bo-renfrow-1970 C",
  "mv-skip-van-dorn-1970 DH",
]
vs_lhp = [
  "mv-manny-quintero-1970 SS", "mv-wendell-pike-1970 2B", "mv-jerome-pettaway-1970 CF", "mv-hank-gorski-1970 1B",
  "mv-dutch-lindqvist-1970 3B", "mv-rusty-kellerman-1970 RF", "mv-clyde-barnett-1970 LF", "mv-tito-alcazar-1970 C",
  "mv-bo-renfrow-1970 DH",
]
rotation = [
  "mv-curt-vollmer-1970", "mv-rollie-danforth-1970", "mv-wes-augustyn-1970", "mv-jack-oberholt-1970",
  "mv-emil-sorensen-1970",
]
bullpen = { closer = ["mv-gabe-thurlow-1970"] }
"""


async def league_of(store: Store, folder: Path, dh: bool) -> int:
    league = await store.create_league("Season", [str(folder)], options=InsidePitchOptions(designated_hitter=dh))
    return league.id


async def test_every_team_entry_becomes_a_team(store: Store, tmp_path: Path) -> None:
    league_id = await league_of(store, make_set(tmp_path, HC_TEAM + MV_TEAM), dh=False)
    made = await store.create_teams_from_sets(league_id)
    assert [(t.name, t.abbreviation, t.subleague, t.division, t.ballpark) for t in made] == [
        ("Harbor City Captains", "HC", "NL", "E", "harbor-city-bowl-1970"),
        ("Mesa Valley Miners", "MV", "AL", None, "mesa-valley-field-1970"),
    ]
    hc = made[0]
    assert len(await store.roster(hc.id)) == 20
    lineup = await store.lineup(hc.id, "R")
    assert lineup is not None
    assert [(s.card_id, s.position.value) for s in lineup.spots][-2:] == [
        ("hc-arturo-belmonte-1970", "SS"),
        (None, "P"),  # no DH in this league: the pitcher bats in the DH's spot
    ]
    vs_left = await store.lineup(hc.id, "L")
    assert vs_left is not None and vs_left.spots[2].card_id == "hc-frank-dinardo-1970"
    assert (await store.rotation(hc.id)).starters[0] == "hc-lyle-brennaman-1970"
    assert [(r.card_id, r.role) for r in await store.bullpen_roles(hc.id)] == [
        ("hc-vance-tillery-1970", "closer"),
        ("hc-royce-dunlap-1970", "setup"),
        ("hc-harlan-goss-1970", "long"),
    ]


async def test_with_the_dh_the_dh_bats(store: Store, tmp_path: Path) -> None:
    league_id = await league_of(store, make_set(tmp_path, HC_TEAM), dh=True)
    (hc,) = await store.create_teams_from_sets(league_id)
    lineup = await store.lineup(hc.id, "R")
    assert lineup is not None
    assert (lineup.spots[-1].card_id, lineup.spots[-1].position.value) == ("hc-lonnie-cheever-1970", "DH")


async def test_a_clash_half_way_leaves_no_team(store: Store, tmp_path: Path, db_path: Path) -> None:
    league_id = await league_of(store, make_set(tmp_path, HC_TEAM + MV_TEAM), dh=False)
    await store.create_team(league_id, "Mesa Valley Miners", "MVM")  # the second entry's name is taken
    before = snapshot(db_path)
    with pytest.raises(AlreadyExists, match="the league already has a team called Mesa Valley Miners"):
        await store.create_teams_from_sets(league_id)
    assert snapshot(db_path) == before
    assert [t.name for t in await store.teams(league_id)] == ["Mesa Valley Miners"]


async def test_a_card_already_on_a_roster_is_a_clash(store: Store, tmp_path: Path, db_path: Path) -> None:
    league_id = await league_of(store, make_set(tmp_path, HC_TEAM + MV_TEAM), dh=False)
    other = await store.create_team(league_id, "Someone Else", "SE")
    await store.sign(other.id, "mv-gabe-thurlow-1970")
    before = snapshot(db_path)
    with pytest.raises(RosterError, match="Gabe Thurlow is already on the Someone Else roster"):
        await store.create_teams_from_sets(league_id)
    assert snapshot(db_path) == before
