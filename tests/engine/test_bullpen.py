"""The auto-manager's bullpen by inning and score: Dugout's own policy (the books leave the
choice of reliever to the manager; engine/inside_pitch/manager.py states the policy)."""

from __future__ import annotations

import dataclasses

import pytest

from cards.models import Pitcher
from engine.events import Substitution
from engine.game import Game
from engine.inside_pitch import manager
from engine.inside_pitch.options import InsidePitchOptions
from engine.setup import GameSetup, TeamSetup
from engine.situation import START, Situation, TeamSituation
from engine.state import TeamState
from tests.engine.helpers import CBP, SEAVER, setup, team

# The league's order: long man, middle men, setup men, the closer last.
PEN = (
    ("long", "R", "(30) 12 / 5"),
    ("mid-r", "R", "(40) 6 / 3"),
    ("mid-l", "L", "(40) 6 / 3"),
    ("setup-r", "R", "(60) 5 / 2"),
    ("setup-l", "L", "(60) 5 / 2"),
    ("closer", "R", "(60) 5 / 2"),
)


def _reliever(key: str, throws: str, relief: str) -> Pitcher:
    data = SEAVER.model_dump(mode="json")
    data.update(id=f"home-{key}", name=f"home {key}", throws=throws, relief=relief)
    return Pitcher.model_validate(data)


def _game(
    inning: int,
    lead: int,
    closer: str = "(60) 5 / 2",
    options: InsidePitchOptions | None = None,
    depth_arm: str | None = None,
    **home: object,
) -> Game:
    """The home team in the field in the top of ``inning``, ``lead`` runs ahead (negative: behind);
    the away team's leadoff man (a right-handed batter) due up, nobody on, nobody out.
    ``depth_arm``: the reliever whose card is a depth arm."""
    pen = [_reliever(k, t, closer if k == "closer" else r) for k, t, r in PEN]
    pen = [p.model_copy(update={"depth_arm": p.id == f"home-{depth_arm}"}) for p in pen]
    home_team: TeamSetup = dataclasses.replace(team("home", SEAVER), bullpen=tuple(pen))
    setup = GameSetup(team("away", SEAVER), home_team, CBP, options or InsidePitchOptions())
    runs = max(lead, 0), max(-lead, 0)
    situation = Situation(
        inning=inning,
        away=TeamSituation(runs=runs[1]),
        home=TeamSituation(runs=runs[0], **home),  # type: ignore[arg-type]
    )
    return Game(setup, seed=1, situation=situation, until=START)


def _chosen(g: Game) -> str:
    return manager.auto_reliever(g, g.state.fielding).id.removeprefix("home-")


def test_the_roles_are_read_from_the_bullpen_order() -> None:
    roles = manager.bullpen_roles(_game(1, 0).state.home)
    assert {role: [p.id.removeprefix("home-") for p in men] for role, men in roles.items()} == {
        "closer": ["closer"],
        "setup": ["setup-r", "setup-l"],
        "long": ["long"],
        "middle": ["mid-r", "mid-l"],
    }


def test_save_situation_in_the_ninth_brings_the_closer() -> None:
    assert _chosen(_game(9, 2)) == "closer"
    assert _chosen(_game(9, 1)) == "closer"
    assert _chosen(_game(9, 3)) == "closer"


def test_a_closer_already_used_leaves_the_save_to_a_setup_man() -> None:
    assert _chosen(_game(9, 2, bullpen=("home-long", "home-mid-r", "home-mid-l", "home-setup-r", "home-setup-l"))) == (
        "setup-r"
    )


def test_late_and_close_brings_the_setup_man_facing_the_batters_side() -> None:
    assert _chosen(_game(7, 0)) == "setup-r"  # the batter due up bats right: the right-hander
    assert _chosen(_game(8, -1)) == "setup-r"
    assert _chosen(_game(8, 3)) == "setup-r"  # three ahead in the eighth: not yet a save for a one-inning closer
    used = ("home-long", "home-mid-r", "home-mid-l", "home-setup-l", "home-closer")
    assert _chosen(_game(8, 0, bullpen=used)) == "setup-l"  # the other setup man when the first has pitched


def test_early_the_long_man_and_otherwise_a_middle_man() -> None:
    assert _chosen(_game(3, 0)) == "long"
    assert _chosen(_game(5, -4)) == "long"
    assert _chosen(_game(6, 0)) == "mid-r"  # the sixth is not late
    assert _chosen(_game(9, 5)) == "mid-r"  # a blowout: no save, not close
    assert _chosen(_game(8, -2)) == "mid-r"  # behind by two late: not close
    assert _chosen(_game(9, 5, bullpen=("home-mid-l", "home-closer"))) == "mid-l"


def test_a_depth_arm_takes_early_and_middle_relief_but_not_the_late_close_or_save_ones() -> None:
    """A depth arm (many men's innings on one card) comes in first early and otherwise, wherever he is listed."""

    def game(inning: int, lead: int, **home: object) -> Game:
        return _game(inning, lead, depth_arm="mid-l", **home)

    assert _chosen(game(3, 0)) == "mid-l"  # early: before the long man
    assert _chosen(game(9, 5)) == "mid-l"  # otherwise: before the right-handed middle man facing a right-hander
    assert _chosen(game(9, 2)) == "closer"
    assert _chosen(game(7, 0)) == "setup-r"
    left = ("home-long", "home-mid-r", "home-setup-r", "home-setup-l", "home-closer")
    assert _chosen(game(3, 0, bullpen=left)) == "long"  # he has pitched: the roles as before


def test_a_two_inning_closer_has_save_situations_from_the_eighth() -> None:
    """His RELIEF line's 9 batters cover two innings at 4.3 an inning; a 5-batter line one."""
    g = _game(8, 2)
    assert manager.closer_from_inning(g, g.state.home) == 9
    g = _game(8, 2, closer="(70) 9 / 3")
    assert manager.closer_from_inning(g, g.state.home) == 8
    assert _chosen(g) == "closer"
    assert _chosen(_game(8, 2)) == "setup-r"
    assert _chosen(_game(7, 2, closer="(70) 9 / 3")) == "setup-r"


def test_the_closer_replaces_a_reliever_or_a_tired_starter_before_the_ninth_and_a_one_inning_man_anyone() -> None:
    g = _game(9, 2, pitcher="home-setup-r")
    assert manager.planned_change(g, g.state.home)
    assert manager.defense(g, None) == "pitch"  # the change was made, then the pitch
    assert g.state.home.pitcher.id == "home-closer"
    g = _game(9, 2, batters_faced=30, tired=True)
    assert manager.planned_change(g, g.state.home)
    # A fresh starter finishes his game when the closer is a fireman of two innings ("(70) 9 / 3")...
    g = _game(9, 2, closer="(70) 9 / 3", batters_faced=24)
    assert not manager.planned_change(g, g.state.home)
    assert manager.defense(g, None) == "pitch" and g.state.home.pitcher.id == "home-p"
    # ...or of a bit more than one ("(60) 6 / 2": 1970's usual short man)...
    assert not manager.planned_change(*_at(_game(9, 2, closer="(60) 6 / 2", batters_faced=24)))
    # ...but a one-inning closer ("(60) 5 / 2") takes the ninth from him too, as today's closers do.
    g = _game(9, 2, batters_faced=24)
    assert manager.planned_change(g, g.state.home)
    assert manager.defense(g, None) == "pitch" and g.state.home.pitcher.id == "home-closer"


def test_late_a_tired_pitcher_makes_way_for_a_setup_man_when_close_else_a_middle_man() -> None:
    g = _game(7, 1, batters_faced=30, tired=True)
    assert manager.planned_change(g, g.state.home)
    manager.defense(g, None)
    assert g.state.home.pitcher.id == "home-setup-r"
    g = _game(8, 5, batters_faced=30, tired=True)
    manager.defense(g, None)
    assert g.state.home.pitcher.id == "home-mid-r"
    assert not manager.planned_change(*_at(_game(6, 0, batters_faced=30, tired=True)))  # not late
    assert not manager.planned_change(*_at(_game(7, 1, batters_faced=20)))  # not tired


def test_no_planned_change_once_the_inning_is_under_way_or_without_the_pull_option() -> None:
    g = _game(9, 2, pitcher="home-setup-r")
    g.state.outs = 1
    assert not manager.planned_change(g, g.state.home)
    g = _game(9, 2, pitcher="home-setup-r", options=InsidePitchOptions(pull=False))
    assert manager.defense(g, None) == "pitch" and g.state.home.pitcher.id == "home-setup-r"


def _at(g: Game) -> tuple[Game, TeamState]:
    return g, g.state.home


def test_a_stored_game_replays_from_its_logged_choices_whatever_the_policy_of_the_day(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Auto-managed answers are logged: a game played under one bullpen policy replays the same under another."""
    games = [Game(setup(), seed) for seed in range(6)]
    played = [g for g in games if any(isinstance(e, Substitution) and e.kind == "pitcher" for e in g.events)]
    assert played
    monkeypatch.setattr(manager, "auto_reliever", lambda g, team: team.available_relievers()[-1])
    # A policy that would change pitchers before every batter while anyone is left (suggestions stay legal).
    monkeypatch.setattr(manager, "planned_change", lambda g, team: bool(team.available_relievers()))
    for game in played:
        again = Game.from_dict(game.to_dict())
        assert (again.state.away.runs, again.state.home.runs) == (game.state.away.runs, game.state.home.runs)
        changes = [e for e in again.events if isinstance(e, Substitution)]
        assert changes == [e for e in game.events if isinstance(e, Substitution)]
