"""engine.lineup.auto_team covers the field whenever the roster can: a drafted roster (league.autodraft)
has a man for every position, but one who plays two may be the best at the first one filled."""

from __future__ import annotations

from cards.notation import Position
from engine.lineup import auto_team
from tests.engine.helpers import BENCH, SEAVER, clone_batter

ONE_EACH = {
    "C": "C - 3/2 (10) 0",
    "1B": "1B - 3 (10)",
    "2B": "2B - 3 (10) 0",
    "3B": "3B - 3 (10)",
    "SS": "SS - 3 (10) 0",
    "LF": "LF - 3 (10) 0",
    "CF": "CF - 3 (10) 0",
    "RF": "RF - 3 (10) 0",
}


def test_a_man_who_plays_two_positions_is_left_for_the_one_only_he_plays() -> None:
    # The utility man is the best shortstop (filled early) and the only first baseman: the regular
    # shortstop plays short and he plays first, or nobody would.
    utility = clone_batter(BENCH, "utility", positions=["SS - 5 (4) 0", "1B - 3 (10)"])
    others = [clone_batter(BENCH, f"own-{p.lower()}", positions=[line]) for p, line in ONE_EACH.items() if p != "1B"]
    hitter = clone_batter(BENCH, "hitter", positions=["DH"])
    team = auto_team("Test", [utility, *others, hitter], SEAVER, None, designated_hitter=True)
    at = {spot.position: spot.batter.id for spot in team.lineup}
    assert at[Position.FIRST] == "utility"
    assert at[Position.SHORT] == "own-ss"


def test_the_best_fielder_still_plays_where_the_roster_allows_it() -> None:
    utility = clone_batter(BENCH, "utility", positions=["SS - 5 (4) 0", "1B - 3 (10)"])
    everyone = [clone_batter(BENCH, f"own-{p.lower()}", positions=[line]) for p, line in ONE_EACH.items()]
    team = auto_team("Test", [utility, *everyone], SEAVER, None, designated_hitter=True)
    at = {spot.position: spot.batter.id for spot in team.lineup}
    assert at[Position.SHORT] == "utility"
