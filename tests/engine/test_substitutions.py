"""Players the engine must not forget: hurt players leave, pitchers bat with their own cards,
substitutes are put at a position (IP2021 "Injuries"; IP2007 sample pitcher card "##";
baseball's substitution rules, OBR 5.10, where the books are silent)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cards.models import Batter, Pitcher
from cards.notation import Bats, Position
from engine import substitutions
from engine.boxscore import box_score, walk
from engine.dice import ScriptedDice
from engine.events import Decided, Injury, PlateAppearanceEnded, PlateAppearanceStarted, Substitution
from engine.game import Game
from engine.inside_pitch import flow, manager, rare
from engine.inside_pitch.options import InsidePitchOptions
from engine.requests import Request
from engine.setup import GameSetup, LineupSpot, SetupError, TeamSetup
from engine.situation import START, Situation, TeamSituation
from engine.state import Runner, TeamState
from tests.engine.conftest import Table
from tests.engine.helpers import BENCH, CBP, clone_batter, setup
from tests.engine.test_range import at_bat
from tests.engine.test_rare import two_d6
from tests.engine.test_reading import PEAVY


def subs(table: Table) -> list[tuple[str, str, str, str, str, int]]:
    return [
        (e.team, e.kind, e.player_in, e.player_out, e.position, e.spot)
        for e in table.game.events
        if isinstance(e, Substitution)
    ]


def decided(table: Table) -> list[tuple[str, str, str]]:
    return [(e.side, e.kind, e.choice) for e in table.game.events if isinstance(e, Decided)]


def set_bench(team: TeamState, *cards: Batter) -> None:
    team.setup = replace(team.setup, bench=cards)


def bench_card(name: str, *positions: str, br: int = 3) -> Batter:
    return clone_batter(BENCH, name, positions=list(positions) or ["1B - 3 (8)"], br=br)


def answering(table: Table, *answers: str) -> list[Request]:
    """Answer the next requests with ``answers`` in turn; returns the requests seen."""
    seen: list[Request] = []
    queue = list(answers)

    def answer(request: Request) -> str:
        seen.append(request)
        return queue.pop(0)

    table.game.auto_manager = answer
    return seen


def put_on(table: Table, base: int, team: TeamState, spot: int) -> Runner:
    runner = Runner(team.order[spot].batter, table.game.state.fielding.pitcher.id)
    table.game.state.bases[base - 1] = runner
    return runner


# --- IP2021 "Injuries": a hurt player leaves the game ----------------------------------------


def test_batter_hit_and_hurt_gets_a_pinch_runner_the_auto_manager_picks_by_br(table: Table) -> None:
    """IP2021 "Injuries": the batter hit by the pitch (rare play 4) is hurt; a pinch runner
    (OBR 5.10) takes first. The auto-manager sends the bench's best BR."""
    g = table.game
    offense = g.state.batting
    set_bench(offense, bench_card("slow", br=1), bench_card("fast", br=5), bench_card("mid", br=3))
    offense.up = 3
    hurt = offense.order[3].batter.model_copy(update={"injury": 2})
    offense.order[3] = LineupSpot(hurt, offense.order[3].position)
    dice = table.script(*two_d6(4), (6, 2))  # INJ 2, roll 2: out for the game
    batter = Runner(hurt, g.state.fielding.pitcher.id)
    assert rare.rare_play(g, at_bat(table, hurt), batter) == "HBP"
    assert g.state.injured == ["away-3b"]
    manager.forced_moves(g)
    dice.assert_done()
    assert decided(table) == [("away", "injury_replacement", "injury:fast")]
    on_first = g.state.runner_on(1)
    assert on_first is not None and on_first.id == "fast"
    assert subs(table) == [("away", "injury", "fast", "away-3b", "PR", 4)]
    assert offense.unplaced == {3} and "away-3b" in offense.removed
    assert [e.player for e in g.events if isinstance(e, Injury)] == ["away-3b"]


def test_the_offense_is_asked_for_the_hurt_runners_pinch_runner_from_its_bench(table: Table) -> None:
    g = table.game
    offense = g.state.batting
    put_on(table, 2, offense, 5)
    g.state.injured.append(offense.order[5].batter.id)
    seen = answering(table, "injury:away-bench-2")
    manager.forced_moves(g)
    assert [(r.side, r.kind, r.option_keys()) for r in seen] == [
        ("away", "injury_replacement", ["injury:away-bench-1", "injury:away-bench-2"])
    ]
    on_second = g.state.runner_on(2)
    assert on_second is not None and on_second.id == "away-bench-2"
    assert subs(table) == [("away", "injury", "away-bench-2", "away-lf", "PR", 6)]


def test_a_hurt_runner_with_nobody_on_the_bench_stays_on_base(table: Table) -> None:
    """Dugout's rule where the books are silent: with no bench left, the hurt man plays on."""
    g = table.game
    offense = g.state.batting
    set_bench(offense)
    runner = put_on(table, 1, offense, 2)
    g.state.injured.append(runner.id)
    manager.forced_moves(g)
    assert g.state.runner_on(1) is runner and subs(table) == [] and decided(table) == []
    assert g.state.injured == []


def test_a_hurt_fielder_is_replaced_at_his_position_by_the_best_fielder_there(table: Table) -> None:
    """IP2021 "Injuries": the center fielder hurt on a catch at the wall leaves; the bench's
    best center fielder takes his place in the order and in center (OBR 5.10)."""
    g = table.game
    defense = g.state.fielding
    set_bench(defense, bench_card("poor-cf", "CF - 2 (9) 0"), bench_card("good-cf", "CF - 5 (3) +2"))
    g.state.injured.append("home-cf")
    manager.forced_moves(g)
    assert decided(table) == [("home", "injury_replacement", "injury:good-cf")]
    assert subs(table) == [("home", "injury", "good-cf", "home-cf", "CF", 7)]
    assert defense.fielder(Position.CENTER).id == "good-cf" and defense.fielder(Position.CENTER).range == 5
    assert not defense.unplaced


def test_a_fielder_hurt_on_the_third_out_is_replaced_in_the_order_when_his_team_bats(table: Table) -> None:
    g = table.at(Situation(top=False))  # the home team, whose center fielder was hurt, now bats
    g.state.injured.append("home-cf")
    manager.forced_moves(g)
    assert subs(table) == [("home", "injury", "home-bench-1", "home-cf", "CF", 7)]
    assert g.state.home.order[6] == LineupSpot(g.state.home.setup.bench[0], Position.CENTER)


def test_a_hurt_pitcher_leaves_the_mound_before_the_next_pitch(table: Table) -> None:
    g = table.game
    defense = g.state.fielding
    g.state.outs = 1
    g.state.injured.append("home-p")
    manager.forced_moves(g)
    assert decided(table) == [("home", "pitching_change", "relief:home-rp1")]
    assert subs(table) == [("home", "pitcher", "home-rp1", "home-p", "P", 9)]
    assert defense.pitcher.id == "home-rp1" and defense.order[8].batter.id == "home-rp1"


def test_a_hurt_pitcher_with_nobody_left_in_the_bullpen_pitches_on(table: Table) -> None:
    """Dugout's rule: as an exhausted pitcher with an empty bullpen, he stays on the mound."""
    g = table.game
    defense = g.state.fielding
    defense.used_pitchers += [p.id for p in defense.setup.bullpen]
    g.state.injured.append("home-p")
    manager.forced_moves(g)
    assert defense.pitcher.id == "home-p" and "home-p" not in defense.removed
    assert subs(table) == [] and decided(table) == []


def test_a_pitcher_hit_and_hurt_is_run_for_and_replaced_as_his_team_takes_the_field(table: Table) -> None:
    g = table.game
    offense = g.state.batting
    put_on(table, 1, offense, 8)  # the pitcher, hit by a pitch
    g.state.injured.append("away-p")
    manager.forced_moves(g)
    assert subs(table) == [("away", "injury", "away-bench-1", "away-p", "PR", 9)]
    g.state.top = False  # the away team takes the field
    g.state.bases = [None, None, None]
    manager.forced_moves(g)
    assert decided(table)[-1] == ("away", "defensive_position", "relief:away-rp1")
    assert subs(table)[-1] == ("away", "pitcher", "away-rp1", "away-p", "P", 9)
    assert offense.pitcher.id == "away-rp1" and offense.order[8].batter.id == "away-rp1"
    assert {"away-p", "away-bench-1"} <= offense.removed and not offense.unplaced


# --- IP2007 sample pitcher card "##": a pitcher with his own batting card bats with it --------


def own_card(name: str) -> Batter:
    return clone_batter(BENCH, f"{name}-batting", positions=["P - 4 (3)"], br=5, bats="L")


def dh_setup() -> GameSetup:
    """The test teams with a designated hitter batting ninth instead of the pitcher."""
    base = setup(InsidePitchOptions(designated_hitter=True))

    def dh(team: TeamSetup) -> TeamSetup:
        hitter = clone_batter(BENCH, f"{team.name}-dh", positions=["DH"])
        return replace(team, lineup=(*team.lineup[:8], LineupSpot(hitter, Position.DH)), pitcher_batting=None)

    return replace(base, away=dh(base.away), home=dh(base.home))


def with_own_cards(
    cards: dict[str, Batter], generic: bool = True, options: InsidePitchOptions | None = None
) -> GameSetup:
    base = setup(options)
    home = replace(base.home, own_batting=cards, pitcher_batting=base.home.pitcher_batting if generic else None)
    return replace(base, home=home)


def test_a_pitcher_with_his_own_batting_card_bats_with_it() -> None:
    """IP2007 sample pitcher's card: "##" after the name means the pitcher has his own batting
    card; the team's generic pitchers' card is for the others."""
    game_setup = with_own_cards({"home-p": own_card("home-p"), "home-rp2": own_card("home-rp2")})
    game = Game(game_setup, seed=1, managed={"away", "home"})
    home = game.state.home
    spot = home.order[8]
    assert (spot.batter.id, spot.batter.name, spot.batter.bats.value, spot.batter.br) == ("home-p", "home P", "L", 5)
    substitutions.change_pitcher(game, home, game_setup.home.bullpen[0])  # no card of his own: the generic one
    assert home.order[8].batter.matrix == game_setup.home.pitcher_batting.matrix  # type: ignore[union-attr]
    assert (home.order[8].batter.id, home.order[8].batter.br) == ("home-rp1", BENCH.br)
    substitutions.change_pitcher(game, home, game_setup.home.bullpen[1])  # his own card
    assert (home.order[8].batter.id, home.order[8].batter.bats.value, home.order[8].batter.br) == ("home-rp2", "L", 5)


def test_the_generic_card_is_needed_only_for_a_pitcher_without_his_own() -> None:
    everyone = {p: own_card(p) for p in ("home-p", "home-rp1", "home-rp2")}
    with_own_cards(everyone, generic=False).validate()
    with pytest.raises(SetupError, match="home RP2 has no batting card of his own"):
        with_own_cards({p: everyone[p] for p in ("home-p", "home-rp1")}, generic=False).validate()
    dh_setup().validate()  # with the DH nobody needs a batting card
    with_own_cards({"stranger": own_card("x")}).validate()  # a card for a man not on the staff is never used


def test_own_batting_cards_round_trip_through_the_stored_setup() -> None:
    game_setup = with_own_cards({"home-p": own_card("home-p")})
    again = GameSetup.from_dict(game_setup.to_dict())
    assert again == game_setup and again.home.own_batting["home-p"].br == 5
    assert "own_batting" not in setup().to_dict()["home"]  # stored setups without them read the same


def batting_left(team: TeamSetup) -> TeamSetup:
    return replace(team, pitcher=team.pitcher.model_copy(update={"bats": Bats.LEFT}))


def test_a_pitcher_who_bats_left_bats_left_with_the_generic_card() -> None:
    """A generated set's pitcher card gives his side; with the team's generic (right-handed) card he
    bats from it: shown L, and the pitcher's HR? range is read for a LHB (IP2021 "HR?": "using the
    batter's handedness"). Peavy's ranges: LHB 1-7, RHB 1-5; a 6 is in only the left-hander's."""
    base = setup(park=CBP)
    assert base.home.pitcher_batting is not None and base.home.pitcher_batting.bats is Bats.RIGHT
    game_setup = replace(base, home=batting_left(base.home))
    g = Game(game_setup, seed=1, situation=Situation(top=False, home=TeamSituation(up=8)), until=START)
    g.events.clear()
    up = g.state.home.order[8].batter
    assert (up.id, up.bats, up.matrix) == ("home-p", Bats.LEFT, base.home.pitcher_batting.matrix)
    peavy = PEAVY.model_dump(mode="json")
    g.state.away.pitcher = Pitcher.model_validate({**peavy, "id": "away-p", "matrix": [["HR?"] * 6] * 6})
    g.auto_manager = lambda request: request.suggestion
    # The pitcher's card (a HR? cell), his HR? range for a LHB (6), the batter's HR rating vs RHP (20).
    dice = ScriptedDice.of((6, 1), (6, 1), (20, 6), (20, 1))
    g.dice = dice
    flow.plate_appearance(g)
    dice.assert_done()
    started = next(e for e in g.events if isinstance(e, PlateAppearanceStarted))
    assert (started.batter, started.batter_side) == ("home-p", "L")
    assert [(e.batter, e.result) for e in g.events if isinstance(e, PlateAppearanceEnded)] == [("home-p", "HR")]
    # A pitcher with his own card bats from that card's side; one without a side, from the generic card's.
    own = with_own_cards({"home-p": clone_batter(BENCH, "own", positions=["P - 4 (3)"], bats="R")})
    own = replace(own, home=batting_left(own.home))
    assert Game(own, seed=1, managed={"away", "home"}).state.home.order[8].batter.bats is Bats.RIGHT
    assert Game(base, seed=1, managed={"away", "home"}).state.home.order[8].batter.bats is Bats.RIGHT


def test_sample_teams_bat_their_marked_pitchers_with_their_own_cards() -> None:
    from bot.terminal.game import build_setup
    from cards import SAMPLE_SET
    from cards.loader import GENERIC_PITCHER_BATTING, load_set

    cards = load_set(SAMPLE_SET)
    game_setup = build_setup(cards, "Harbor City", "Mesa Valley")
    for team in (game_setup.away, game_setup.home):
        marked = [p for p in (team.pitcher, *team.bullpen) if p.own_batting_card]
        assert marked and sorted(team.own_batting) == sorted(p.id for p in marked)
        for p in marked:
            assert team.batting_card(p) == cards.own_batting_card(p)
        assert team.pitcher_batting is not None and team.pitcher_batting.id == GENERIC_PITCHER_BATTING


# --- OBR 5.10: a pinch hitter or runner who stays in is put at a position -----------------------


def pinch_hit(table: Table, spot: int, player: str) -> TeamState:
    """The away team bats ``player`` for the man in ``spot``; then the away team takes the field."""
    g = table.game
    team = g.state.away
    card = next(b for b in team.available_bench() if b.id == player)
    substitutions.replace_player(g, team, spot, card, team.order[spot].position, "pinch_hitter")
    g.state.top = False
    g.state.home.runs_by_inning = [0]
    return team


def test_nobody_fields_a_position_he_was_not_put_at(table: Table) -> None:
    team = pinch_hit(table, 4, "away-bench-1")
    with pytest.raises(LookupError, match="has not been given a position"):
        team.fielder(Position.SHORT)


def test_a_pinch_hitter_who_plays_the_position_stays_in_there(table: Table) -> None:
    g = table.game
    set_bench(g.state.away, bench_card("util", "SS - 3 (10) 0", "2B - 3 (9) 0"))
    team = pinch_hit(table, 4, "util")
    seen = answering(table, "position:SS")
    manager.forced_moves(g)
    assert [(r.side, r.kind, r.suggestion) for r in seen] == [("away", "defensive_position", "position:SS")]
    assert seen[0].option_keys() == ["position:SS"]  # the only open position; nobody left on the bench
    assert team.order[4] == LineupSpot(team.setup.bench[0], Position.SHORT) and not team.unplaced
    assert team.fielder(Position.SHORT).id == "util" and team.fielder(Position.SHORT).range == 3
    assert subs(table) == [
        ("away", "pinch_hitter", "util", "away-ss", "PH", 5),
        ("away", "position", "util", "util", "SS", 5),
    ]
    box = walk(g.setup, g.events)
    line = next(b for b in box.away.batting if b.player == "util")
    assert (line.position, line.spot) == ("PH-SS", 5)
    assert [(f.player, f.position) for f in box.away.fielding if f.position == "SS"] == [
        ("away-ss", "SS"),
        ("util", "SS"),
    ]


def test_a_pinch_hitter_who_cannot_play_there_gives_way_to_a_defensive_replacement(table: Table) -> None:
    g = table.game
    set_bench(g.state.away, bench_card("slugger", "1B - 2 (14)"), bench_card("glove", "C - 4/3 (8) +1"))
    team = pinch_hit(table, 0, "slugger")  # batted for the catcher
    manager.forced_moves(g)
    assert decided(table) == [("away", "defensive_position", "replace:glove:C")]
    assert subs(table)[-1] == ("away", "defense", "glove", "slugger", "C", 1)
    assert team.fielder(Position.C).id == "glove" and "slugger" in team.removed
    box = walk(g.setup, g.events)
    lines = {b.player: (b.position, b.spot) for b in box.away.batting}
    assert lines["slugger"] == ("PH", 1) and lines["glove"] == ("C", 1)
    assert ("glove", "C") in [(f.player, f.position) for f in box.away.fielding]
    assert "slugger" not in [f.player for f in box.away.fielding]


def test_two_substitutes_may_swap_the_open_positions(table: Table) -> None:
    g = table.game
    set_bench(g.state.away, bench_card("a", "2B - 4 (8) +1"), bench_card("b", "SS - 4 (4) +1"))
    pinch_hit(table, 4, "a")  # for the shortstop
    pinch_hit(table, 2, "b")  # for the second baseman
    seen = answering(table, "position:SS", "position:2B")
    manager.forced_moves(g)
    assert [r.option_keys()[:2] for r in seen] == [["position:2B", "position:SS"], ["position:2B"]]
    assert [r.suggestion for r in seen] == ["position:SS", "position:2B"]
    team = g.state.away
    assert (team.fielder(Position.SHORT).id, team.fielder(Position.SECOND).id) == ("b", "a")


def test_a_pinch_hitter_for_the_designated_hitter_is_the_designated_hitter() -> None:
    """OBR 5.11(a)(5): a pinch hitter for the DH becomes the DH."""
    game = Game(dh_setup(), seed=1)
    table = Table.__new__(Table)
    table.game = game
    game.events.clear()
    game.state = game.fresh_state()
    game.state.away.runs_by_inning = [0]
    team = game.state.away
    dh = next(i for i, s in enumerate(team.order) if s.position is Position.DH)
    team = pinch_hit(table, dh, "away-bench-1")
    seen = answering(table, "position:DH")
    manager.forced_moves(game)
    assert seen[0].option_keys()[0] == "position:DH" and seen[0].suggestion == "position:DH"
    assert not [k for k in seen[0].option_keys() if k.startswith("position:") and k != "position:DH"]
    assert team.order[dh].position is Position.DH and not team.unplaced


def test_a_new_pitcher_takes_the_spot_of_the_pinch_hitter_who_batted_for_the_pitcher(table: Table) -> None:
    g = table.game
    team = pinch_hit(table, 8, "away-bench-1")
    seen = answering(table, "relief:away-rp2")
    manager.forced_moves(g)
    keys = seen[0].option_keys()
    # Issue 12: a new pitcher in the spot, or "Double switch..." whose steps come after.
    assert keys == ["relief:away-rp1", "relief:away-rp2", "double"]
    assert seen[0].suggestion == "relief:away-rp1"
    assert team.pitcher.id == "away-rp2" and team.order[8].batter.id == "away-rp2"
    assert decided(table) == [("away", "defensive_position", "relief:away-rp2")]  # no second pitching request


def test_a_double_switch_keeps_the_pinch_hitter_in_and_bats_the_new_pitcher_in_the_fielders_spot(
    table: Table,
) -> None:
    """OBR 5.10(b): the manager names the spots of the players coming in at once."""
    g = table.game
    team = pinch_hit(table, 8, "away-bench-1")
    seen = answering(table, "double", "3B", "away-rp1")
    manager.forced_moves(g)
    # Two steps after the double switch: the fielder he replaces (his card plays 3B only), then who pitches.
    assert [(r.kind, r.option_keys()) for r in seen[1:]] == [
        ("who_leaves", ["3B", "back"]),
        ("who_comes_in", ["away-rp1", "away-rp2", "back"]),
    ]
    assert team.order[8] == LineupSpot(team.setup.bench[0], Position.THIRD)
    assert team.order[3].batter.id == "away-rp1" and team.order[3].position is Position.P
    assert team.fielder(Position.THIRD).id == "away-bench-1" and team.pitcher.id == "away-rp1"
    assert {"away-p", "away-3b"} <= team.removed
    assert subs(table)[-2:] == [
        ("away", "position", "away-bench-1", "away-3b", "3B", 9),
        ("away", "pitcher", "away-rp1", "away-p", "P", 4),
    ]
    box = walk(g.setup, g.events)
    assert next(b for b in box.away.batting if b.player == "away-bench-1").position == "PH-3B"
    assert [(f.player, f.position) for f in box.away.fielding if f.position == "3B"] == [
        ("away-3b", "3B"),
        ("away-bench-1", "3B"),
    ]


def test_backing_out_of_a_double_switch_asks_where_the_pinch_hitter_plays_again(table: Table) -> None:
    """Issue 12: "back" in a change's steps changes nothing and asks the question again."""
    g = table.game
    team = pinch_hit(table, 8, "away-bench-1")
    seen = answering(table, "double", "3B", "back", "relief:away-rp2")
    manager.forced_moves(g)
    assert [r.kind for r in seen] == ["defensive_position", "who_leaves", "who_comes_in", "defensive_position"]
    assert seen[2].context["change"] == "double"
    assert team.pitcher.id == "away-rp2" and team.order[8].batter.id == "away-rp2"
    assert team.fielder(Position.THIRD).id == "away-3b"


def test_nobody_runs_for_the_pitcher_when_nobody_is_left_to_pitch(table: Table) -> None:
    g = table.game
    offense = g.state.batting
    put_on(table, 1, offense, 8)
    keys = [o.key for o in manager.offense_options(g, offense)]
    assert "pinch_run" in keys
    offense.used_pitchers += [p.id for p in offense.setup.bullpen]
    keys = [o.key for o in manager.offense_options(g, offense)]
    assert "pinch_run" not in keys


def test_a_managed_side_is_asked_where_its_pinch_hitter_plays_and_the_box_score_shows_it() -> None:
    game = Game(setup(), seed=4, asking={"away": "every"})
    game.choose("away", "pinch_hit")
    game.choose("away", "away-bench-1")
    while game.pending is not None and game.pending.kind != "defensive_position":
        game.auto_answer()
    assert game.pending is not None and game.pending.side == "away"
    assert game.pending.option_keys()[0] == "position:C" and game.pending.suggestion == "position:C"
    game.choose("away", "replace:away-bench-2:C")
    while game.pending is not None:
        game.auto_answer()
    box = box_score(game)
    lines = {b.player: b.position for b in box.away.batting}
    assert lines["away-bench-1"] == "PH" and lines["away-bench-2"] == "C"
    assert [f.player for f in box.away.fielding if f.position == "C"] == ["away-c", "away-bench-2"]
