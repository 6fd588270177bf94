"""The designated hitter by league (AL from 1973, NL without until 2022): set.toml names the leagues that
use it, a league made from the set keeps them (``InsidePitchOptions.dh_leagues``), and every game plays its home
team's league's rule, for both teams (MLB's interleague games and World Series: the home park's rule).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cards import BUNDLED_SETS
from cards.loader import CardSetError, SetInfo, load_any_set, load_set
from cards.notation import Position
from engine.inside_pitch.options import InsidePitchOptions
from engine.rulesets import DEEP_DRIVE
from engine.setup import GameSetup, SetupError
from league.cardpool import CardPool
from league.models import DH_RULE, Replacement
from league.store import Store
from tests.cards.test_team_entries import HC_TEAM, make_set
from tests.league.test_teams_from_set import MV_TEAM

# --- set.toml ------------------------------------------------------------------------------------


def stating(tmp_path: Path, line: str, teams: str = HC_TEAM + MV_TEAM) -> Path:
    folder = make_set(tmp_path, teams)
    meta = folder / "set.toml"
    meta.write_text(meta.read_text() + line + "\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("designated_hitter = true", True),
        ("designated_hitter = false", False),
        ('designated_hitter = ["AL"]', ["AL"]),
        ('designated_hitter = ["AL", "NL"]', ["AL", "NL"]),
        ("designated_hitter = []", []),
        ("", None),
    ],
)
def test_set_toml_states_the_dh_as_a_bool_or_the_leagues(tmp_path: Path, line: str, said: object) -> None:
    assert load_set(stating(tmp_path, line)).info.designated_hitter == said


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('designated_hitter = ["XL"]', "designated_hitter names leagues AL or NL; not XL"),
        ('designated_hitter = ["AL", "AL"]', "designated_hitter names a league twice"),
        ('designated_hitter = "AL"', 'designated_hitter is true, false or the leagues that use it, e.g. ["AL"]'),
        ("designated_hitter = [1]", 'designated_hitter is true, false or the leagues that use it, e.g. ["AL"]'),
    ],
)
def test_a_bad_statement_names_set_toml(tmp_path: Path, line: str, message: str) -> None:
    folder = stating(tmp_path, line)
    with pytest.raises(CardSetError) as caught:
        load_set(folder)
    (problem,) = caught.value.problems
    assert problem.file == str(folder / "set.toml")
    assert problem.cell == "designated_hitter"
    assert message in problem.message


@pytest.mark.parametrize(
    ("line", "teams", "options"),
    [
        ('designated_hitter = ["AL"]', HC_TEAM + MV_TEAM, InsidePitchOptions(dh_leagues="AL")),
        # Every league of the set's teams, or none of them: the one rule of every game, as true and false are.
        ('designated_hitter = ["AL", "NL"]', HC_TEAM + MV_TEAM, InsidePitchOptions(designated_hitter=True)),
        ('designated_hitter = ["AL"]', HC_TEAM, InsidePitchOptions(designated_hitter=False)),
        ("designated_hitter = []", HC_TEAM + MV_TEAM, InsidePitchOptions(designated_hitter=False)),
        ("designated_hitter = true", HC_TEAM + MV_TEAM, InsidePitchOptions(designated_hitter=True)),
    ],
)
def test_a_league_takes_the_sets_leagues(tmp_path: Path, line: str, teams: str, options: InsidePitchOptions) -> None:
    assert CardPool.load([str(stating(tmp_path, line, teams))]).options() == options


# --- the option ---------------------------------------------------------------------------------


def test_each_game_plays_its_home_leagues_rule() -> None:
    options = InsidePitchOptions(dh_leagues=" nl, al ,AL")
    assert options.dh_leagues == "AL,NL"  # written one way however it is typed
    mixed = InsidePitchOptions(dh_leagues="al")
    assert (mixed.uses_dh("AL"), mixed.uses_dh("nl"), mixed.uses_dh(None)) == (True, False, False)
    assert mixed.at_home_of("AL") == InsidePitchOptions(designated_hitter=True, dh_leagues="AL")
    assert mixed.at_home_of("NL") is mixed
    everywhere = InsidePitchOptions(designated_hitter=True)  # no leagues named: the league's one rule, as before
    assert (everywhere.uses_dh("NL"), everywhere.uses_dh(None)) == (True, True)
    assert InsidePitchOptions.from_dict(mixed.to_dict()) == mixed
    with pytest.raises(SetupError, match="dh_leagues names leagues"):
        InsidePitchOptions(dh_leagues=["AL"])  # type: ignore[arg-type]


# --- the store: Inside Pitch ----------------------------------------------------------------------


async def mixed_league(store: Store, folder: Path, ruleset: str | None = None) -> tuple[int, dict[str, int]]:
    pool = await store.card_sets([str(folder)])
    kw = {"ruleset": ruleset} if ruleset else {}
    league = await store.create_league("Mixed", [str(folder)], options=pool.options(), **kw)
    teams = await store.create_teams_from_sets(league.id)
    return league.id, {t.subleague or "": t.id for t in teams}


async def setup_at(store: Store, league_id: int, away: int, home: int) -> GameSetup:
    game = await store.schedule_game(league_id, away, home)
    setup, _ = await store.playable_setup(game.id)
    return setup


def positions(setup: GameSetup, side: str) -> list[str]:
    return [s.position.value for s in getattr(setup, side).lineup]


async def test_an_al_park_has_the_dh_for_both_teams_and_an_nl_park_neither(store: Store, tmp_path: Path) -> None:
    league_id, ids = await mixed_league(store, stating(tmp_path, 'designated_hitter = ["AL"]'))
    # Each team's saved lineups are of its home park's rule.
    hc, mv = await store.lineup(ids["NL"], "R"), await store.lineup(ids["AL"], "R")
    assert hc is not None and mv is not None
    assert (hc.spots[-1].card_id, hc.spots[-1].position) == (None, Position.P)
    assert (mv.spots[-1].card_id, mv.spots[-1].position) == ("mv-skip-van-dorn-1970", Position.DH)

    at_al = await setup_at(store, league_id, ids["NL"], ids["AL"])
    assert at_al.options.designated_hitter
    assert "P" not in positions(at_al, "away") + positions(at_al, "home")
    # The NL team's pitcher's spot goes to its bench's best hitter (engine.lineup.hitting_score: Dinardo
    # 14.5, Cheever 14.375, Hadley 14.0, Lanier 12.875), batting ninth.
    assert (at_al.away.lineup[-1].batter.id, at_al.away.lineup[-1].position) == ("hc-frank-dinardo-1970", Position.DH)
    assert at_al.home.lineup[-1].batter.id == "mv-skip-van-dorn-1970"

    at_nl = await setup_at(store, league_id, ids["AL"], ids["NL"])
    assert not at_nl.options.designated_hitter
    assert "DH" not in positions(at_nl, "away") + positions(at_nl, "home")
    # The AL team's DH sits; its starter bats in his spot.
    assert at_nl.away.lineup[-1].position is Position.P
    assert at_nl.away.lineup[-1].batter.id == "mv-curt-vollmer-batting-1970"  # the starter's own card (##)
    assert "mv-skip-van-dorn-1970" in {b.id for b in at_nl.away.bench}


async def test_the_managers_are_told_who_bats_where_under_the_parks_rule(store: Store, tmp_path: Path) -> None:
    """A lineup turned to the game's rule is noted (``Replacement.rule`` DH_RULE), for the auto-played
    setup and for a game a person starts (``build_game_setup``'s ``told``) alike: who bats in which
    spot for whom and why. A lineup already of the park's rule is not."""
    league_id, ids = await mixed_league(store, stating(tmp_path, 'designated_hitter = ["AL"]'))
    at_nl = await store.schedule_game(league_id, ids["AL"], ids["NL"])
    setup, replacements = await store.playable_setup(at_nl.id)
    told: list[Replacement] = []
    await store.build_game_setup(at_nl.id, told)
    pitcher = setup.away.pitcher
    assert (
        told
        == replacements
        == [
            Replacement(
                "Mesa Valley Miners",
                Position.P,
                "mv-skip-van-dorn-1970",
                pitcher.id,
                f"No DH in NL parks: {pitcher.name} bats 9th for Mesa Valley Miners; Skip Van Dorn (DH) sits",
                DH_RULE,
            )
        ]
    )
    at_al = await store.schedule_game(league_id, ids["NL"], ids["AL"])
    setup, replacements = await store.playable_setup(at_al.id)
    assert [(r.team, r.position, r.out, r.player_in, r.text) for r in replacements] == [
        (
            "Harbor City Captains",
            Position.DH,
            None,
            "hc-frank-dinardo-1970",
            f"The DH in AL parks: Frank DiNardo bats 9th for Harbor City Captains as the DH; "
            f"{setup.away.pitcher.name} does not bat",
        )
    ]


async def test_the_auto_lineup_is_of_the_teams_home_rule(store: Store, tmp_path: Path) -> None:
    _, ids = await mixed_league(store, stating(tmp_path, 'designated_hitter = ["AL"]'))
    nl = await store.save_auto_lineup(ids["NL"], "L")
    al = await store.save_auto_lineup(ids["AL"], "L")
    assert Position.P in [s.position for s in nl.spots] and Position.DH not in [s.position for s in nl.spots]
    assert Position.DH in [s.position for s in al.spots] and Position.P not in [s.position for s in al.spots]


async def test_a_stored_league_keeps_its_dh_leagues(db_path: Path, tmp_path: Path) -> None:
    folder = stating(tmp_path, 'designated_hitter = ["AL"]')
    store = await Store.open(db_path)
    try:
        league_id, _ = await mixed_league(store, folder)
    finally:
        await store.close()
    again = await Store.open(db_path)
    try:
        league = await again.league(league_id)
        assert league.options == InsidePitchOptions(dh_leagues="AL")
        assert {t.subleague for t in await again.teams(league_id)} == {"AL", "NL"}
    finally:
        await again.close()


# --- the store: Deep Drive ------------------------------------------------------------------------


def deep_drive_mixed(tmp_path: Path) -> Path:
    folder = tmp_path / "dd"
    shutil.copytree(BUNDLED_SETS / "deep-drive-sample", folder)
    meta = folder / "set.toml"
    meta.write_text(meta.read_text().replace("designated_hitter = true", 'designated_hitter = ["AL"]'))
    assert load_any_set(folder).info.designated_hitter == ["AL"]
    return folder


async def test_deep_drive_plays_the_home_parks_rule(store: Store, tmp_path: Path) -> None:
    league_id, ids = await mixed_league(store, deep_drive_mixed(tmp_path), DEEP_DRIVE)
    at_al = await setup_at(store, league_id, ids["NL"], ids["AL"])  # the Cubs at Cleveland
    assert at_al.options.designated_hitter
    assert "DH" in positions(at_al, "away") and "DH" in positions(at_al, "home")
    assert "P" not in positions(at_al, "away") + positions(at_al, "home")
    at_nl = await setup_at(store, league_id, ids["AL"], ids["NL"])  # Cleveland at Wrigley
    assert not at_nl.options.designated_hitter
    assert "P" in positions(at_nl, "away") and "P" in positions(at_nl, "home")
    assert "DH" not in positions(at_nl, "away") + positions(at_nl, "home")


def test_set_info_keeps_the_list() -> None:
    info = SetInfo(name="1985", ruleset="inside-pitch", designated_hitter=["AL"])
    assert (info.dh_leagues(), SetInfo(name="x", ruleset="deep-drive", designated_hitter=True).dh_leagues()) == (
        ("AL",),
        None,
    )
