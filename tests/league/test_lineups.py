"""Saved lineups, rotations and bullpen roles: what is legal, and the clear refusal of what is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.notation import Position
from engine.inside_pitch.options import InsidePitchOptions
from league.errors import LineupError, PlayerUnavailable, RosterError
from league.models import League, LeagueRules, SavedSpot, Team
from league.store import Store
from tests.league.conftest import HC_PITCHERS, HC_PLAYERS, HC_STARTERS, MV_PLAYERS, injure, unchanged

HC_LINEUP: list[tuple[str | None, str]] = [
    ("hc-jesse-whitcomb-1970", "CF"),
    ("hc-dell-ashby-1970", "2B"),
    ("hc-otis-redfern-1970", "RF"),
    ("hc-rudy-kasprzak-1970", "1B"),
    ("hc-cal-brandeis-1970", "3B"),
    ("hc-marv-tolliver-1970", "LF"),
    ("hc-walt-pruett-1970", "C"),
    ("hc-arturo-belmonte-1970", "SS"),
    (None, "P"),
]
RELIEVER = "hc-vance-tillery-1970"
SPARE_BAT = "hc-buddy-lanier-1970"


def with_spot(index: int, spot: tuple[str | None, str]) -> list[tuple[str | None, str]]:
    lineup = list(HC_LINEUP)
    lineup[index] = spot
    return lineup


@pytest.fixture
async def signed(store: Store, teams: tuple[Team, Team]) -> Team:
    hc, _ = teams
    for card_id in HC_PLAYERS:
        await store.sign(hc.id, card_id)
    return hc


async def test_a_saved_lineup_reads_back_in_batting_order(store: Store, signed: Team) -> None:
    lineup = await store.save_lineup(signed.id, "r", HC_LINEUP)
    assert lineup.vs_hand == "R"
    assert lineup.spots == tuple(SavedSpot(c, Position(p)) for c, p in HC_LINEUP)
    assert await store.lineup(signed.id, "R") == lineup
    assert await store.lineup(signed.id, "L") is None
    flipped = await store.save_lineup(signed.id, "R", [HC_LINEUP[1], HC_LINEUP[0], *HC_LINEUP[2:]])
    assert flipped.card_ids()[:2] == ["hc-dell-ashby-1970", "hc-jesse-whitcomb-1970"]
    assert await store.lineup(signed.id, "R") == flipped


@pytest.mark.parametrize(
    ("spots", "message"),
    [
        (HC_LINEUP[:8], "a lineup has 9 spots; this one has 8"),
        (with_spot(6, (SPARE_BAT, "SS")), "SS is in the lineup twice"),
        (with_spot(8, (SPARE_BAT, "DH")), "without the designated hitter"),
        (with_spot(8, (SPARE_BAT, "P")), "the pitcher's spot \\(P\\) takes no player"),
        (with_spot(6, ("hc-dell-ashby-1970", "C")), "Dell Ashby is in the lineup twice"),
        (with_spot(6, (MV_PLAYERS[0], "C")), "Bo Renfrow is not on the roster"),
        (with_spot(6, (RELIEVER, "C")), "Vance Tillery is a pitcher"),
        (with_spot(6, (SPARE_BAT, "XX")), "'XX' is not a position"),
    ],
)
async def test_an_illegal_lineup_is_refused(
    store: Store, signed: Team, db_path: Path, spots: list[tuple[str | None, str]], message: str
) -> None:
    await store.save_lineup(signed.id, "R", HC_LINEUP)
    with unchanged(db_path), pytest.raises(LineupError, match=message):
        await store.save_lineup(signed.id, "R", spots)


async def test_a_lineup_is_against_left_or_right_handers(store: Store, signed: Team, db_path: Path) -> None:
    with unchanged(db_path), pytest.raises(LineupError, match=r"left-handed \(L\) or right-handed \(R\)"):
        await store.save_lineup(signed.id, "X", HC_LINEUP)


async def test_the_injured_cannot_be_in_a_lineup(store: Store, league: League, signed: Team, db_path: Path) -> None:
    injure(db_path, league, "hc-walt-pruett-1970", days=3)
    with unchanged(db_path), pytest.raises(PlayerUnavailable, match=r"Walt Pruett is injured \(3 more days\)"):
        await store.save_lineup(signed.id, "R", HC_LINEUP)
    await store.place_on_injured_list(signed.id, "hc-walt-pruett-1970")
    with unchanged(db_path), pytest.raises(PlayerUnavailable, match="Walt Pruett is on the injured list"):
        await store.save_lineup(signed.id, "R", HC_LINEUP)


async def test_with_the_designated_hitter_the_pitcher_does_not_bat(
    store: Store, league: League, signed: Team, db_path: Path
) -> None:
    await store.set_options(league.id, InsidePitchOptions(designated_hitter=True))
    with unchanged(db_path), pytest.raises(LineupError, match="the pitcher does not bat"):
        await store.save_lineup(signed.id, "L", HC_LINEUP)
    lineup = await store.save_lineup(signed.id, "L", with_spot(8, (SPARE_BAT, "DH")))
    assert lineup.spots[8] == SavedSpot(SPARE_BAT, Position.DH)


async def test_the_auto_lineup_is_legal_and_passes_over_the_injured(
    store: Store, league: League, signed: Team, db_path: Path
) -> None:
    first = await store.save_auto_lineup(signed.id, "L")
    assert len(first.spots) == 9 and first.spots[-1] == SavedSpot(None, Position.P)
    assert set(first.card_ids()) <= set(HC_PLAYERS)
    star = first.card_ids()[0]
    injure(db_path, league, star, days=5)
    second = await store.save_auto_lineup(signed.id, "L")
    assert star not in second.card_ids()
    await store.set_options(league.id, InsidePitchOptions(designated_hitter=True))
    with_dh = await store.save_auto_lineup(signed.id, "R")
    assert {s.position for s in with_dh.spots} == set(Position) - {Position.P}


async def test_the_auto_lineup_needs_batters(store: Store, teams: tuple[Team, Team], db_path: Path) -> None:
    hc, _ = teams
    with unchanged(db_path), pytest.raises(LineupError, match="no healthy batters"):
        await store.save_auto_lineup(hc.id, "R")
    await store.sign(hc.id, SPARE_BAT)
    with unchanged(db_path), pytest.raises(LineupError, match="nobody on the roster plays C"):
        await store.save_auto_lineup(hc.id, "R")


# --- rotation and bullpen ------------------------------------------------------------------------


async def test_the_rotation_starts_at_the_top_and_can_skip_ahead(store: Store, signed: Team) -> None:
    rotation = await store.set_rotation(signed.id, HC_STARTERS)
    assert (rotation.starters, rotation.next_starter) == (tuple(HC_STARTERS), HC_STARTERS[0])
    assert (await store.set_next_starter(signed.id, HC_STARTERS[3])).next_starter == HC_STARTERS[3]
    turned = await store.set_rotation(signed.id, HC_STARTERS[::-1])  # a new rotation starts at its top
    assert await store.rotation(signed.id) == turned
    assert turned.next_starter == HC_STARTERS[-1]


@pytest.mark.parametrize(
    ("starters", "error", "message"),
    [
        ([], LineupError, "at least one starter"),
        ([HC_STARTERS[0], HC_STARTERS[0]], LineupError, "in the rotation twice"),
        ([HC_STARTERS[0], SPARE_BAT], LineupError, "Buddy Lanier is not a pitcher"),
        ([HC_STARTERS[0], "mv-curt-vollmer-1970"], RosterError, "Curt Vollmer is not on the Harbor City roster"),
        ([HC_STARTERS[0], "nobody"], RosterError, "nobody is not on the Harbor City roster"),
    ],
)
async def test_an_illegal_rotation_is_refused(
    store: Store, signed: Team, db_path: Path, starters: list[str], error: type[Exception], message: str
) -> None:
    await store.set_rotation(signed.id, HC_STARTERS)
    with unchanged(db_path), pytest.raises(error, match=message):
        await store.set_rotation(signed.id, starters)


async def test_an_injured_pitcher_cannot_be_named_to_start(
    store: Store, league: League, signed: Team, db_path: Path
) -> None:
    await store.set_rotation(signed.id, HC_STARTERS)
    injure(db_path, league, HC_STARTERS[1], days=4)
    with unchanged(db_path):
        with pytest.raises(PlayerUnavailable, match=r"Chet Morrow cannot start: he is injured \(4 more days\)"):
            await store.set_next_starter(signed.id, HC_STARTERS[1])
        with pytest.raises(LineupError, match="is not in the Harbor City rotation"):
            await store.set_next_starter(signed.id, RELIEVER)


async def test_bullpen_roles_are_set_and_cleared(store: Store, signed: Team, db_path: Path) -> None:
    closer, setup = HC_PITCHERS[-1], HC_PITCHERS[-2]
    await store.set_bullpen_role(signed.id, closer, "closer")
    roles = await store.set_bullpen_role(signed.id, setup, "setup")
    assert [(r.card_id, r.role) for r in roles] == [(closer, "closer"), (setup, "setup")]
    assert await store.bullpen_roles(signed.id) == roles
    roles = await store.set_bullpen_role(signed.id, closer, "long")
    assert {(r.card_id, r.role) for r in roles} == {(closer, "long"), (setup, "setup")}
    assert [r.card_id for r in await store.set_bullpen_role(signed.id, closer, None)] == [setup]
    with unchanged(db_path):
        with pytest.raises(LineupError, match="a bullpen role is one of long, middle, setup, closer"):
            await store.set_bullpen_role(signed.id, closer, "opener")
        with pytest.raises(LineupError, match="Buddy Lanier is not a pitcher"):
            await store.set_bullpen_role(signed.id, SPARE_BAT, "closer")


async def test_a_smaller_roster_limit_does_not_touch_lineups(
    store: Store, league: League, signed: Team, db_path: Path
) -> None:
    await store.save_lineup(signed.id, "R", HC_LINEUP)
    await store.set_rules(league.id, LeagueRules(roster_limit=10))
    assert (await store.lineup(signed.id, "R")) is not None
    with unchanged(db_path), pytest.raises(RosterError, match="limit is 10"):
        await store.sign(signed.id, "johnny-bench-1970")
