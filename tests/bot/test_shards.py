"""Which servers a bot process runs (bot.shards): Discord's rule ``(guild_id >> 22) % count``, and the options."""

from __future__ import annotations

import re

import pytest

from bot.shards import ALL, Shards, from_options, parse, parse_ids


def on_shard(shard: int, count: int) -> int:
    """A guild id (a snowflake) that Discord puts on ``shard`` of ``count``."""
    return (1000 * count + shard) << 22 | 0x1234


def test_a_guild_belongs_to_the_shard_of_its_id() -> None:
    two = Shards(frozenset({1}), 2)
    assert two.owns(on_shard(1, 2))
    assert not two.owns(on_shard(0, 2))
    eight = Shards(frozenset({0, 1, 2, 3}), 8)
    assert [eight.owns(on_shard(s, 8)) for s in range(8)] == [True] * 4 + [False] * 4
    # A real snowflake: only its timestamp bits count, not its low bits (worker, process, increment).
    assert Shards(frozenset({(1200000000000000100 >> 22) % 8}), 8).owns(1200000000000000100)


def test_a_league_without_a_server_belongs_to_shard_0_only() -> None:
    assert Shards(frozenset({0, 3}), 4).owns(None)
    assert not Shards(frozenset({1, 2}), 4).owns(None)


def test_the_unsharded_bot_runs_every_league() -> None:
    assert not ALL.sharded
    assert ALL.owns(on_shard(5, 8)) and ALL.owns(None)
    assert parse(None, None) == ALL and parse("", " ") == ALL


def test_every_guild_has_exactly_one_owner_among_processes_that_split_the_shards() -> None:
    processes = [parse("0-1", "4"), parse("2,3", "4")]
    for guild in [None, *(on_shard(s, 4) for s in range(4)), 1200000000000000100, 1200000000000000999]:
        assert sum(p.owns(guild) for p in processes) == 1


def test_ranges_and_lists() -> None:
    assert parse_ids("0-3") == {0, 1, 2, 3}
    assert parse_ids("0, 2,5-7") == {0, 2, 5, 6, 7}
    assert parse("4", "8") == Shards(frozenset({4}), 8)
    assert parse(None, "3") == Shards(frozenset({0, 1, 2}), 3)  # a count alone: all its shards


@pytest.mark.parametrize(
    ("shards", "count", "names"),
    [
        ("0-3", None, "--shards (DUGOUT_SHARDS) needs --shard-count"),
        ("0-3", "eight", "--shard-count (DUGOUT_SHARD_COUNT) is a number"),
        ("0", "0", "--shard-count (DUGOUT_SHARD_COUNT) is a number"),
        ("0-8", "8", "--shards (DUGOUT_SHARDS): shard 8 is not below --shard-count 8"),
        ("3-1", "8", "--shards (DUGOUT_SHARDS): '3-1' runs backwards"),
        ("a", "8", "--shards (DUGOUT_SHARDS): 'a' is not a shard id"),
        ("1,,2", "8", "--shards (DUGOUT_SHARDS): '1,,2' is not a shard id"),
        ("-1", "8", "--shards (DUGOUT_SHARDS): '-1' is not a shard id"),
    ],
)
def test_bad_values_name_the_option(shards: str | None, count: str | None, names: str) -> None:
    with pytest.raises(ValueError, match="^" + re.escape(names)) as caught:
        parse(shards, count)
    assert "\n" not in str(caught.value)


def test_the_environment_fills_in_what_the_command_line_leaves_out() -> None:
    env = {"DUGOUT_SHARDS": "1", "DUGOUT_SHARD_COUNT": "2"}
    assert from_options(None, None, env) == Shards(frozenset({1}), 2)
    assert from_options("0", None, env) == Shards(frozenset({0}), 2)
    assert from_options(None, None, {}) == ALL
