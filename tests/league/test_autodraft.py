"""league.autodraft: the auto-drafter takes the queue's first, else the best value while filling what a
roster lacks, so that an automatic draft gives every team a playable roster (docs/player-value.md)."""

from __future__ import annotations

import random
import time

import pytest

from league.autodraft import BATTERS, NEED_BONUS, PITCHERS, STARTERS, best_rotation, choose_pick, lacks
from league.value import FIELD, PlayerValue, Values


def batter(card_id: str, runs: float, *positions: str) -> PlayerValue:
    return PlayerValue(card_id, card_id, "batter", runs, positions, positions[0] if positions else "DH", 650, 0.0)


def pitcher(card_id: str, runs: float, role: str = "starter") -> PlayerValue:
    return PlayerValue(card_id, card_id, "pitcher", runs, ("P",), role, 200, 0.0)


def table(*players: PlayerValue) -> Values:
    return Values({p.card_id: p for p in players})


def full_roster_but(missing: str) -> list[PlayerValue]:
    """Everything NEEDS asks for but a player at ``missing``."""
    fielders = [batter(f"own-{p}", 10, p) for p in FIELD if p != missing]
    extra = [batter(f"own-dh{i}", 10) for i in range(BATTERS - len(fielders))]
    arms = [pitcher(f"own-sp{i}", 10) for i in range(STARTERS)]
    arms += [pitcher(f"own-rp{i}", 10, "reliever") for i in range(PITCHERS - STARTERS)]
    return fielders + extra + arms


def test_the_queue_comes_first_even_below_the_best() -> None:
    values = table(batter("star", 60, "SS"), batter("queued", 5, "1B"), batter("taken", 50, "C"))
    pick = choose_pick(values, [], {"star", "queued"}, queue=["taken", "queued", "star"])
    assert pick == "queued"  # "taken" is no longer available


def test_with_nothing_lacking_the_best_value_is_taken() -> None:
    roster = full_roster_but("none")
    values = table(*roster, batter("catcher", 20, "C"), pitcher("ace", 40))
    assert lacks(roster) == 0
    assert choose_pick(values, [p.card_id for p in roster], {"catcher", "ace"}) == "ace"


def test_the_pick_fills_a_missing_catcher() -> None:
    roster = full_roster_but("C")
    assert lacks(roster) == 1
    values = table(*roster, batter("catcher", 20, "C"), batter("slugger", 60, "1B"), pitcher("ace", 50))
    ids = [p.card_id for p in roster]
    # Last pick: only a catcher makes the roster playable.
    assert choose_pick(values, ids, {"catcher", "slugger", "ace"}, picks_left=1) == "catcher"
    # With picks to spare, the far better player first; the catcher can wait.
    assert choose_pick(values, ids, {"catcher", "slugger", "ace"}, picks_left=5) == "slugger"
    # Not told how many picks are left: what the team lacks first.
    assert choose_pick(values, ids, {"catcher", "slugger", "ace"}) == "catcher"


def test_a_player_filling_a_lack_wins_by_up_to_the_need_bonus() -> None:
    roster = full_roster_but("C")
    ids = [p.card_id for p in roster]
    close = table(*roster, batter("catcher", 30, "C"), batter("first", 30 + NEED_BONUS - 1, "1B"))
    assert choose_pick(close, ids, {"catcher", "first"}, picks_left=5) == "catcher"
    far = table(*roster, batter("catcher", 30, "C"), batter("first", 30 + NEED_BONUS + 1, "1B"))
    assert choose_pick(far, ids, {"catcher", "first"}, picks_left=5) == "first"


def test_a_man_fills_one_position_though_his_card_lists_two() -> None:
    # A shortstop who also catches covers one of the two: the team still lacks the other.
    both = batter("both", 10, "SS", "C")
    assert lacks([both]) == lacks([batter("ss", 10, "SS")])


def test_nobody_left_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="nobody is left"):
        choose_pick(table(batter("a", 1, "C")), [], set())
    # Cards that are not players (a ballpark, a pitcher's batting card) are never picked.
    with pytest.raises(ValueError, match="nobody is left"):
        choose_pick(table(batter("a", 1, "C")), [], {"some-park"})


def _pool(seed: int, size: int) -> Values:
    """A made-up pool: batters at every position (catchers scarcer), starters and relievers."""
    rng = random.Random(seed)
    players = []
    for i in range(size):
        roll = rng.random()
        if roll < 0.45:
            players.append(pitcher(f"p{i}", rng.gauss(5, 15), "starter" if rng.random() < 0.4 else "reliever"))
        else:
            positions = rng.sample([p for p in FIELD if p != "C"], rng.choice((1, 1, 2)))
            if rng.random() < 0.08:
                positions = ["C", *positions[:1]]
            players.append(batter(f"b{i}", rng.gauss(5, 15), *positions))
    return table(*players)


def test_a_whole_automatic_draft_gives_every_team_a_playable_roster_in_seconds() -> None:
    values = _pool(28, 1500)
    teams, rounds = 30, 26
    rosters: list[list[str]] = [[] for _ in range(teams)]
    available = set(values)
    start = time.perf_counter()
    for r in range(rounds):
        for team in range(teams) if r % 2 == 0 else reversed(range(teams)):  # snake
            pick = choose_pick(values, rosters[team], available, picks_left=rounds - r)
            available.remove(pick)
            rosters[team].append(pick)
    elapsed = time.perf_counter() - start
    assert all(lacks(values[c] for c in roster) == 0 for roster in rosters)
    assert elapsed < 10  # 780 picks: about a tenth of a second here


def test_the_rotation_is_the_best_starters_then_the_best_others() -> None:
    values = table(
        pitcher("ace", 40),
        pitcher("closer", 60, "reliever"),
        pitcher("fifth", 2),
        pitcher("long", 5, "reliever"),
        batter("slugger", 80, "1B"),
    )
    roster = list(values)
    assert best_rotation(values, roster, size=2) == ["ace", "fifth"]
    assert best_rotation(values, roster, size=3) == ["ace", "fifth", "closer"]
