"""league.value: a player's value in runs from his card's exact odds (docs/player-value.md).

Hand-made cards whose odds are certain: a blank pitcher card sends every plate appearance to the
batter's card (IP2021 "Pitcher Card"), S1 is a single and ** an out whoever bats; so their runs
follow from the linear weights, the playing time and the position by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cards.deep_drive.loader import DeepDriveSet
from cards.loader import CardSet, SetInfo
from cards.models import Batter, Pitcher
from league.cardpool import CardPool
from league.errors import CardError
from league.value import (
    FIELDING_RUNS,
    LINEAR_WEIGHTS,
    POSITION_RUNS,
    RELIEVER_INNINGS,
    REPLACEMENT,
    STARTER_INNINGS,
    player_values,
)
from tests.engine.deep_drive import helpers as dd
from tests.engine.helpers import BENCH, SEAVER, clone_batter

REGULAR = 650


def pool(*cards: Any, ruleset: str = "inside-pitch") -> CardPool:
    info = SetInfo(name="test", ruleset=ruleset)
    cardset: Any = (CardSet if ruleset == "inside-pitch" else DeepDriveSet)(info=info, path=Path("test"))
    for card in cards:
        cardset.group(card.kind)[card.id] = card
    return CardPool(["test"], [cardset])


def hitter(card_id: str, cell: str | None = None, **changes: object) -> Batter:
    """Bench's card, no real season (a regular's playing time), one position unless told."""
    fields: dict[str, object] = {"stats": None, "positions": ["LF - 3 (6) 0"], **changes}
    if cell is not None:
        fields["matrix"] = [[cell] * 6] * 6
    return clone_batter(BENCH, card_id, **fields)


def arm(card_id: str, cell: str = "", **changes: object) -> Pitcher:
    data = {**SEAVER.model_dump(mode="json"), "id": card_id, "name": card_id, "matrix": [[cell] * 6] * 6}
    return Pitcher.model_validate({**data, "stats": None, "own_batting_card": False, **changes})


def test_a_walk_every_time_is_worth_a_walks_runs_over_a_strikeout_every_time() -> None:
    values = player_values(pool(hitter("walker", "W"), hitter("striker", "K"), arm("blank")))
    walker, striker = values["walker"], values["striker"]
    assert walker.kind == striker.kind == "batter"
    assert walker.runs > striker.runs
    # Both regulars at the same position: the difference is the two results' runs over a season.
    assert walker.runs - striker.runs == pytest.approx(REGULAR * (LINEAR_WEIGHTS["BB"] - LINEAR_WEIGHTS["K"]))
    # Each against the pool's average (the two halves): a walk's runs less the mean, plus replacement.
    mean = (LINEAR_WEIGHTS["BB"] + LINEAR_WEIGHTS["K"]) / 2
    left_field = POSITION_RUNS["LF"]
    assert walker.runs == pytest.approx(REGULAR * (LINEAR_WEIGHTS["BB"] - mean + REPLACEMENT) + left_field)


def test_a_card_better_in_every_cell_is_worth_more() -> None:
    # Bench's card with every out cell a single: no cell reads worse, some better.
    matrix = [[cell if not _is_out(cell) else "S8" for cell in row] for row in BENCH.model_dump(mode="json")["matrix"]]
    better = hitter("better", matrix=matrix)
    values = player_values(pool(hitter("bench"), better, arm("seaver", cell="K"), SEAVER))
    assert values["better"].runs > values["bench"].runs
    assert values["better"].rate > values["bench"].rate


def _is_out(cell: str) -> bool:
    return cell[:1] in ("G", "F", "P", "L") or cell.startswith("**")


def test_a_catcher_is_worth_more_than_the_same_bat_at_first_base() -> None:
    catcher = hitter("catcher", positions=["C - 3/2 (10) 0"])
    first = hitter("first", positions=["1B - 3 (10)"])
    designated = hitter("dh", positions=["DH"])
    values = player_values(pool(catcher, first, designated, arm("blank")))
    # The only card at his position: his fielding is the average, so only the position counts.
    assert values["catcher"].runs - values["first"].runs == pytest.approx(POSITION_RUNS["C"] - POSITION_RUNS["1B"])
    assert values["first"].runs - values["dh"].runs == pytest.approx(POSITION_RUNS["1B"] - POSITION_RUNS["DH"])
    assert (values["catcher"].role, values["first"].role, values["dh"].role) == ("C", "1B", "DH")
    assert values["dh"].positions == ()


def test_a_better_fielder_is_worth_his_rating_points_above_the_average() -> None:
    good = hitter("good", positions=["SS - 5 (4) 0"])
    poor = hitter("poor", positions=["SS - 3 (4) 0"])
    values = player_values(pool(good, poor, arm("blank")))
    assert values["good"].runs - values["poor"].runs == pytest.approx(2 * FIELDING_RUNS["SS"])


def test_a_player_is_valued_at_his_most_valuable_position() -> None:
    both = hitter("both", positions=["1B - 3 (10)", "C - 3/2 (10) 0"])
    values = player_values(pool(both, arm("blank")))
    assert values["both"].role == "C"
    assert set(values["both"].positions) == {"C", "1B"}


def test_a_part_timer_by_his_card_gets_his_share_of_a_regulars_plate_appearances() -> None:
    regular = hitter("regular", "S8", stats={"at_bats": 650})
    part = hitter("part", "S8", stats={"at_bats": 130})
    values = player_values(pool(regular, part, hitter("striker", "K"), arm("blank")))
    assert values["regular"].playing_time == REGULAR
    assert values["part"].playing_time == 130  # a single every time: his at bats are his plate appearances
    above = values["part"].runs - POSITION_RUNS["LF"] * 130 / REGULAR
    assert above * 5 == pytest.approx(values["regular"].runs - POSITION_RUNS["LF"])


def test_a_pitcher_who_gets_everyone_out_saves_the_runs_of_the_singles_he_does_not_give() -> None:
    # IP2021 "Pitcher Card": S1 is a single and ** an out from his ** line, whoever bats.
    outs, singles = arm("outs", "**"), arm("singles", "S1")
    values = player_values(pool(outs, singles, hitter("bench")))
    assert values["outs"].kind == "pitcher"
    assert values["outs"].runs > values["singles"].runs
    # A starter's innings, three batters faced each; the average pitcher is the two alike (equal innings).
    mean = (LINEAR_WEIGHTS["OUT"] + LINEAR_WEIGHTS["1B"]) / 2
    faced = STARTER_INNINGS * 3
    assert values["outs"].runs == pytest.approx(faced * (mean - LINEAR_WEIGHTS["OUT"] + REPLACEMENT))


def test_a_reliever_pitches_fewer_innings_than_a_starter_with_the_same_card() -> None:
    starter = arm("starter", "**")
    reliever = arm("reliever", "**", start=None, relief="(50) 8 / 4")
    values = player_values(pool(starter, reliever, arm("singles", "S1"), hitter("bench")))
    assert (values["starter"].role, values["reliever"].role) == ("starter", "reliever")
    assert (values["starter"].playing_time, values["reliever"].playing_time) == (STARTER_INNINGS, RELIEVER_INNINGS)
    assert values["starter"].runs == pytest.approx(values["reliever"].runs * STARTER_INNINGS / RELIEVER_INNINGS)


def test_pitchers_batting_cards_and_ballparks_are_not_players() -> None:
    own = clone_batter(BENCH, "seaver-batting", name=SEAVER.name, team=SEAVER.team, year=SEAVER.year)
    seaver = arm("seaver", name=SEAVER.name, own_batting_card=True)
    values = player_values(pool(own, seaver, hitter("bench")))
    assert set(values) == {"seaver", "bench"}


def test_a_card_no_plate_appearance_ends_on_is_named() -> None:
    # IP2021 "WLD": with the bases empty a foul, read again; a card of nothing else never ends one.
    with pytest.raises(CardError, match="wild's card is all WLD"):
        player_values(pool(hitter("bench"), arm("wild", "WLD")))


def test_the_table_is_computed_once_per_pool() -> None:
    cards = pool(hitter("bench"), arm("blank"))
    assert player_values(cards) is player_values(cards)
    assert player_values(cards).ranked[0] in ("bench", "blank")


def test_deep_drive_cards_are_valued_by_their_own_dice() -> None:
    # DDB "How to Play": 00-49 on the batter's card; a walk on all of them against an out on all the pitcher's.
    walker = dd.batter("walker", chances={"BB": "00-49"}, positions=["LF 3"])
    striker = dd.batter("striker", chances={"SO": "00-49"}, positions=["LF 3"])
    out = dd.pitcher("out", chances={"OUT": "50-99"})
    values = player_values(pool(walker, striker, out, ruleset="deep-drive"))
    # Half the readings on each card (495 of 990 each): half his plate appearances walk, or strike out.
    assert values["walker"].runs - values["striker"].runs == pytest.approx(
        REGULAR * (LINEAR_WEIGHTS["BB"] - LINEAR_WEIGHTS["K"]) / 2
    )
    assert values["out"].role == "starter"


def test_a_real_set_gives_both_kinds_and_every_position() -> None:
    values = player_values(CardPool.load(["sample"]))
    roles = {v.role for v in values.values()}
    assert {"starter", "reliever", "C", "SS"} <= roles
    assert values.ranked == tuple(sorted(values, key=lambda c: (-values[c].runs, c)))
