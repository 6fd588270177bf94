"""Each ruleset's league policy (engine.policy), reached through its Ruleset: what the league asks it.

Deep Drive's rules themselves are tested with exact inputs in test_deep_drive_rules.py; here, that
each ruleset answers with its own (Inside Pitch: the league's rules alone, no charts)."""

from __future__ import annotations

from cards import BUNDLED_SETS
from cards.deep_drive.loader import load_deep_drive_set
from cards.loader import load_set
from engine.deep_drive.policy import POLICY as DEEP_DRIVE_POLICY
from engine.inside_pitch.policy import POLICY as INSIDE_PITCH_POLICY
from engine.rulesets import DEEP_DRIVE, INSIDE_PITCH, ruleset

SAMPLE = load_set(BUNDLED_SETS / "sample")
DD_SAMPLE = load_deep_drive_set(BUNDLED_SETS / "deep-drive-sample")


def test_each_ruleset_reaches_its_own_league_policy() -> None:
    assert ruleset(INSIDE_PITCH).policy is INSIDE_PITCH_POLICY
    assert ruleset(DEEP_DRIVE).policy is DEEP_DRIVE_POLICY


def test_an_inside_pitch_spot_starter_has_a_start_line_and_rests_as_the_league_says() -> None:
    policy = ruleset(INSIDE_PITCH).policy
    pitchers = list(SAMPLE.pitchers.values())
    assert [policy.may_start(p) for p in pitchers] == [p.start is not None for p in pitchers]
    assert {policy.may_start(p) for p in pitchers} == {True, False}  # the sample has both
    assert all(policy.card_role(p) is None for p in pitchers)  # only the team gives roles
    assert policy.starter_rest(pitchers[0], (), 4) == 4


def test_inside_pitch_has_no_bench_chart_and_no_post_game_injuries() -> None:
    policy = ruleset(INSIDE_PITCH).policy
    assert not policy.bench_chart
    starters = {"P": next(iter(SAMPLE.pitchers.values()))}
    assert policy.bench_sitters(0, 0, 0, starters, designated_hitter=True) == []


def test_deep_drive_starts_a_starter_and_closes_with_a_closer() -> None:
    """DDB "Cards": a STARTER (or a reliever with rest games) may start; a CLOSER closes by his card."""
    policy = ruleset(DEEP_DRIVE).policy
    assert policy.bench_chart
    pitchers = list(DD_SAMPLE.pitchers.values())
    starter = next(p for p in pitchers if p.usage.role == "STARTER")
    assert policy.may_start(starter)
    closer = next(p for p in pitchers if p.usage.role == "CLOSER")
    assert policy.card_role(closer) == "closer"


def test_a_starter_by_his_card_is_each_games_own() -> None:
    """IP2021 "Pitcher Cards": a START line makes a starter; DDB "Cards": the Usage box's STARTER
    (a reliever with rest games may spot-start, but does not open an auto-managed team's game)."""
    ip = ruleset(INSIDE_PITCH).policy
    ip_pitchers = list(SAMPLE.pitchers.values())
    assert [ip.is_starter(p) for p in ip_pitchers] == [p.start is not None for p in ip_pitchers]
    dd = ruleset(DEEP_DRIVE).policy
    dd_pitchers = list(DD_SAMPLE.pitchers.values())
    assert [dd.is_starter(p) for p in dd_pitchers] == [p.usage.role == "STARTER" for p in dd_pitchers]
    assert {dd.is_starter(p) for p in dd_pitchers} == {True, False}
    assert (ip.starter_card, dd.starter_card) == ("pitcher with a START line", "STARTER in the Usage boxes")
