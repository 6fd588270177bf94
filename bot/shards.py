"""Which Discord servers this bot process runs (docs/shards.md): the one place the rule lives.

Discord puts a server on shard ``(guild_id >> 22) % shard_count``. A process given some shards
(``dugout run --bot --shards 0-3 --shard-count 8``) runs the leagues of the servers on them: their
live games, prompts, deadlines, draft clocks and news. A league with no server (a terminal league)
belongs to shard 0, as Discord's direct messages do, so exactly one process runs it. Pure: no discord.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

MAX_SHARDS = 10_000  # far beyond any bot Dugout serves; a typo's 10**9 shards is refused


@dataclass(frozen=True)
class Shards:
    """The shards a process runs: ``ids`` of ``count``; ``ids`` None for the unsharded bot (every server)."""

    ids: frozenset[int] | None = None
    count: int = 1

    @property
    def sharded(self) -> bool:
        return self.ids is not None

    def owns(self, guild_id: int | None) -> bool:
        """Is a league of this server (None: no server) this process's to run?"""
        if self.ids is None:
            return True
        shard = 0 if guild_id is None else (guild_id >> 22) % self.count
        return shard in self.ids

    def describe(self) -> str:
        if self.ids is None:
            return "every server"
        return f"shards {','.join(str(i) for i in sorted(self.ids))} of {self.count}"


ALL = Shards()


def parse_ids(text: str) -> frozenset[int]:
    """``0-3``, ``0,2,5-7``: the shard ids named; ValueError with what is wrong."""
    ids: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        low, dash, high = part.partition("-")
        if not low.strip().isdigit() or (dash and not high.strip().isdigit()):
            raise ValueError(f"{part or text!r} is not a shard id or a range such as 0-3")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ValueError(f"{part!r} runs backwards")
        ids.update(range(first, last + 1))
    return frozenset(ids)


def parse(shards: str | None, count: str | None) -> Shards:
    """The process's shards from ``--shards`` and ``--shard-count`` (each may be None: not given).

    Neither: :data:`ALL`. A count alone runs every shard of it; shards need a count. ValueError names
    the option that is wrong."""
    if not (shards or "").strip() and not (count or "").strip():
        return ALL
    if not (count or "").strip():
        raise ValueError(
            "--shards (DUGOUT_SHARDS) needs --shard-count (DUGOUT_SHARD_COUNT): how many shards the bot has in all"
        )
    text = (count or "").strip()
    if not text.isdigit() or not 1 <= int(text) <= MAX_SHARDS:
        raise ValueError(
            f"--shard-count (DUGOUT_SHARD_COUNT) is a number of shards from 1 to {MAX_SHARDS}, not {count!r}"
        )
    total = int(text)
    if not (shards or "").strip():
        return Shards(frozenset(range(total)), total)
    try:
        ids = parse_ids(shards or "")
    except ValueError as exc:
        raise ValueError(f"--shards (DUGOUT_SHARDS): {exc}") from None
    if wrong := sorted(i for i in ids if i >= total):
        raise ValueError(
            f"--shards (DUGOUT_SHARDS): shard {wrong[0]} is not below --shard-count {total} (shards count from 0)"
        )
    return Shards(ids, total)


def from_options(shards: str | None, count: str | None, env: Mapping[str, str]) -> Shards:
    """The command line's options, else the environment's DUGOUT_SHARDS and DUGOUT_SHARD_COUNT."""
    return parse(
        shards if shards is not None else env.get("DUGOUT_SHARDS"),
        count if count is not None else env.get("DUGOUT_SHARD_COUNT"),
    )
