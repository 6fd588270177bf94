"""engine.deep_drive.policy and league.rest's dice: what a Deep Drive league does between games, each
rule with exact inputs.

DDB "Starting Pitcher Rest", DDB "Post-Game Injuries" (with the Training Room chart of Dugout's
default handbook), DDB "Using the Bench" (Bench Usage Chart), and the auto-manager's Deep Drive
hitting score.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest

from cards import BUNDLED_SETS
from cards.deep_drive.loader import load_deep_drive_set
from cards.deep_drive.models import Batter, Pitcher
from cards.notation import Position
from engine.deep_drive import policy as dd
from engine.deep_drive.handbook import default_handbook
from engine.events import Event, HalfInningStarted, Reading, Substitution
from engine.lineup import auto_team, deep_drive_score, hitting_score
from engine.setup import LineupSpot, TeamSetup
from league import rest

SAMPLE = load_deep_drive_set(BUNDLED_SETS / "deep-drive-sample")


def batter(card_id: str) -> Batter:
    return SAMPLE.batters[card_id]


def pitcher(card_id: str) -> Pitcher:
    return SAMPLE.pitchers[card_id]


def scripted(*values: int) -> Callable[[int], int]:
    """Dice that read ``values`` in order (each within its die) and fail on one roll too many."""
    rolls: Iterator[int] = iter(values)

    def roll(n: int) -> int:
        value = next(rolls)
        assert 0 <= value < n, f"scripted {value} for a die of {n}"
        return value

    return roll


# --- DDB "Starting Pitcher Rest" ---------------------------------------------------------------


def test_the_usage_number_is_his_rest() -> None:
    arrieta = pitcher("jake-arrieta-2016")  # STARTER (4)
    assert str(arrieta.usage) == "STARTER (4)"
    assert dd.starter_rest(arrieta, fell_to_zero=False, league_default=9) == 4
    assert dd.starter_rest(arrieta, fell_to_zero=True, league_default=9) == 4  # no asterisk: no extra game


def test_the_asterisk_adds_a_game_when_his_endurance_fell_to_zero() -> None:
    lester = pitcher("jon-lester-2016")  # STARTER (4*)
    assert lester.usage.tiring
    assert dd.starter_rest(lester, fell_to_zero=False, league_default=9) == 4
    assert dd.starter_rest(lester, fell_to_zero=True, league_default=9) == 5


def test_a_reliever_without_a_number_rests_as_the_league_says() -> None:
    chapman = pitcher("aroldis-chapman-2016")  # CLOSER
    assert chapman.usage.rest is None
    assert dd.starter_rest(chapman, fell_to_zero=True, league_default=3) == 3


def test_endurance_at_zero_is_read_from_the_engines_readings() -> None:
    readings: list[Event] = [
        Reading("endurance", "jon-lester-2016", "inning finished", "1"),
        Reading("endurance", "corey-kluber-2016", "inning finished", "0"),
        Reading("endurance", "jon-lester-2016", "SO, mod 4, fatigued pitcher", "BB"),  # not a count
    ]
    assert not dd.endurance_fell_to_zero(readings, "jon-lester-2016")
    assert dd.endurance_fell_to_zero(readings, "corey-kluber-2016")
    readings.append(Reading("endurance", "jon-lester-2016", "first run allowed", "-1"))
    assert dd.endurance_fell_to_zero(readings, "jon-lester-2016")


def test_spot_starters_and_closers_come_from_the_usage_box() -> None:
    assert dd.can_start(pitcher("jon-lester-2016"))  # STARTER (4*)
    assert dd.can_start(pitcher("mike-montgomery-2016"))  # RELIEVER (4): he has made starts
    assert not dd.can_start(pitcher("hector-rondon-2016"))  # RELIEVER
    assert dd.usage_role(pitcher("aroldis-chapman-2016")) == "closer"
    assert dd.usage_role(pitcher("hector-rondon-2016")) is None


# --- DDB "Post-Game Injuries" --------------------------------------------------------------------


def cubs_setup() -> TeamSetup:
    order = [
        ("dexter-fowler-2016", Position.CENTER),
        ("kris-bryant-2016", Position.THIRD),
        ("anthony-rizzo-2016", Position.FIRST),
        ("ben-zobrist-2016", Position.SECOND),
        ("addison-russell-2016", Position.SHORT),
        ("jason-heyward-2016", Position.RIGHT),
        ("jorge-soler-2016", Position.LEFT),
        ("willson-contreras-2016", Position.C),
        ("javier-baez-2016", Position.DH),
    ]
    spots = tuple(LineupSpot(cast(Any, batter(card_id)), position) for card_id, position in order)
    return TeamSetup("Chicago (N)", spots, cast(Any, pitcher("jon-lester-2016")))


def test_who_was_at_a_position_when_an_inning_began() -> None:
    team = cubs_setup()
    events: list[Event] = [
        HalfInningStarted(1, True, "away"),
        HalfInningStarted(1, False, "home"),
        Substitution("away", "pitcher", "hector-rondon-2016", "jon-lester-2016", "P", 0),
        Substitution("away", "defense", "albert-almora-2016", "dexter-fowler-2016", "CF", 1),
        Substitution("home", "pitcher", "cody-allen-2016", "corey-kluber-2016", "P", 0),  # the other team
        HalfInningStarted(2, True, "away"),
    ]
    innings = dd.fielders_by_inning(team, "away", events)
    assert innings[1]["P"] == "jon-lester-2016" and innings[1]["CF"] == "dexter-fowler-2016"
    assert innings[2]["P"] == "hector-rondon-2016" and innings[2]["CF"] == "albert-almora-2016"
    assert 3 not in innings


def post_game(dice: Callable[[int], int], events: list[Event], dh: bool = True) -> list[dd.PostGameInjury]:
    setups = {"away": cubs_setup(), "home": cubs_setup()}
    cards = [*(s.batter for s in setups["away"].lineup), setups["away"].pitcher]
    return dd.post_game_injuries(
        setups,
        events,
        default_handbook(),
        dice,
        designated_hitter=dh,
        names={c.id: c.name for c in cards},
        grades={c.id: cast(Any, c).injury for c in cards},
    )


HALVES: list[Event] = [HalfInningStarted(i, True, "away") for i in range(1, 10)]


def test_the_red_die_names_the_position_and_the_white_the_inning() -> None:
    # DDB "Post-Game Injuries": red 5 = 3B (Bryant, injury A), white 3 = the 3rd inning; the Training
    # Room roll 01 reads 5 games for an A. The home team's 7 = LF, 40 = fine.
    assert batter("kris-bryant-2016").injury == "A"
    [hurt] = post_game(scripted(5, 3, 1, 7, 2, 40), HALVES)
    assert (hurt.side, hurt.player, hurt.position, hurt.inning, hurt.days) == ("away", "kris-bryant-2016", "3B", 3, 5)


def test_an_aa_player_is_never_hurt_and_a_high_roll_is_fine() -> None:
    assert batter("anthony-rizzo-2016").injury == "AA"
    assert post_game(scripted(3, 1, 0, 5, 1, 40), HALVES) == []  # Rizzo (1B) on a 00; Bryant on a 40


def test_the_dh_in_a_game_without_one_and_an_inning_not_played_check_nobody() -> None:
    assert post_game(scripted(0, 1, 0, 5, 0, 0), HALVES, dh=False) == []  # red 0 = DH; white 0 = the 10th
    [hurt] = post_game(scripted(0, 1, 0, 5, 0, 0), [*HALVES, HalfInningStarted(10, True, "away")], dh=False)
    assert (hurt.player, hurt.inning, hurt.days) == ("kris-bryant-2016", 10, 10)  # 00 for an A: 10 games


def test_the_league_dice_are_the_games_own() -> None:
    first, again = rest.post_game_dice(42), rest.post_game_dice(42)
    assert [first(10) for _ in range(6)] == [again(10) for _ in range(6)]


# --- DDB "Using the Bench" ------------------------------------------------------------------------


def starters() -> dict[str, Any]:
    return {s.position.value: s.batter for s in cubs_setup().lineup} | {"P": pitcher("jon-lester-2016")}


def test_triples_sit_anyone_but_an_aa() -> None:
    # 555: the third baseman (Bryant, A) sits; 333: the first baseman (Rizzo, AA) plays.
    [sitter] = dd.bench_usage_sitters(5, 5, 5, starters(), designated_hitter=True)
    assert (sitter.player, sitter.position, sitter.needs) == ("kris-bryant-2016", "3B", "AA")
    assert dd.bench_usage_sitters(3, 3, 3, starters(), designated_hitter=True) == []


def test_doubles_and_the_single_green_and_red_dice() -> None:
    # 8-8-2: CF (Fowler, C) on two dice needs A: sits; the green 2 is the catcher (Contreras, B), who
    # needs B: plays.
    sat = dd.bench_usage_sitters(8, 8, 2, starters(), designated_hitter=True)
    assert [(s.player, s.needs) for s in sat] == [("dexter-fowler-2016", "A")]
    # 7-1-2 (red, white, green): LF (Soler, D) needs C on the red die: sits; P (Lester, A) plays.
    sat = dd.bench_usage_sitters(7, 1, 2, starters(), designated_hitter=True)
    assert [(s.player, s.position, s.needs) for s in sat] == [("jorge-soler-2016", "LF", "C")]


def test_the_dh_sits_only_where_there_is_one() -> None:
    # 000: the DH (Baez) sits unless AA.
    assert [s.player for s in dd.bench_usage_sitters(0, 0, 0, starters(), designated_hitter=True)] == [
        "javier-baez-2016"
    ]
    assert dd.bench_usage_sitters(0, 0, 0, starters(), designated_hitter=False) == []


# --- the auto-manager's Deep Drive hitting score ---------------------------------------------------


def test_the_deep_drive_score_counts_on_base_numbers_and_extra_bases() -> None:
    # Fowler: DD 00-06 (7), SI+ 2, SI 4, BB 10, HBP 2 = 25 on base; DEEP DRIVE HR 18, TR 9, DO 34,
    # F8d 39 of 100: 7 x (3x.18 + 2x.09 + .34 - .39) = 7 x 0.67 = 4.69.
    fowler = batter("dexter-fowler-2016")
    assert deep_drive_score(fowler) == pytest.approx(25 + 4.69)
    assert hitting_score(cast(Any, fowler)) == deep_drive_score(fowler)


def test_rizzo_outscores_the_pitcher_at_bat() -> None:
    assert deep_drive_score(batter("anthony-rizzo-2016")) > deep_drive_score(batter("pitcher-batting")) + 20


def test_the_auto_lineup_covers_the_field_with_deep_drive_cards() -> None:
    cubs = [b for b in SAMPLE.batters.values() if b.team == "Chicago (N)"]
    pitchers = [p.name for p in SAMPLE.pitchers.values()]
    hitters = [b for b in cubs if b.name not in pitchers]
    team = auto_team("Chicago (N)", cast(Any, hitters), cast(Any, pitcher("jon-lester-2016")), None, True)
    positions = {s.position for s in team.lineup}
    assert positions == set(Position) - {Position.P}
    # the best defense at each position among those who play it (DDB "Cards": defense 1-5)
    catcher = next(s.batter for s in team.lineup if s.position is Position.C)
    best = max(cast(Any, b).fielding(Position.C).defense for b in hitters if b.fielding(Position.C))
    assert cast(Any, catcher).fielding(Position.C).defense == best
