"""Manager decisions: what the engine asks, and the answers it logs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.frozen import quick_init
from engine.stats import average

# The most options a request may have: a Discord select menu holds 25.
MAX_OPTIONS = 25


@dataclass(frozen=True)
class Option:
    key: str
    label: str


@dataclass(frozen=True)
class Request:
    """One question to one side; ``suggestion`` is the auto-manager's answer.

    ``context`` says the same as ``prompt`` as data, for front ends and auto-managers
    (``engine.game.Game.context``): the inning, score, outs, batter, pitcher, runners
    and infield depths, and for a question in the middle of a play the ball and its
    fielder.
    """

    seq: int
    side: str  # "away" or "home"
    kind: str  # e.g. "infield_depth", "runner_on_third"
    prompt: str
    options: tuple[Option, ...]
    suggestion: str
    context: Mapping[str, Any] = field(default_factory=dict)

    def option_keys(self) -> list[str]:
        return [o.key for o in self.options]

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["context"] = dict(self.context)
        return data


@dataclass(frozen=True, slots=True)
class Decision:
    seq: int
    side: str
    kind: str
    choice: str
    by: str = "manager"  # "manager", "auto" or "timeout"

    def to_dict(self) -> dict[str, Any]:
        # asdict's deep copies cost a season's auto-play seconds: every game logs some 160 decisions.
        return {"seq": self.seq, "side": self.side, "kind": self.kind, "choice": self.choice, "by": self.by}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        return cls(**data)


quick_init(Decision)  # one for every call a manager makes: see engine.frozen


def card_line(chances: Mapping[str, float]) -> str:
    """ ".312/.405": the on-base and slugging a plate appearance's chances give (singles, doubles, triples,
    home runs, walks and hit batters under both rulesets' odds' names: 1B 2B 3B HR BB HBP), as a scorer
    prints them. What a pinch hitter's or a reliever's option shows of the matchup."""
    hits = {kind: chances.get(kind, 0.0) for kind in ("1B", "2B", "3B", "HR")}
    walks = chances.get("BB", 0.0) + chances.get("HBP", 0.0)
    at_bats = 1 - walks
    bases = hits["1B"] + 2 * hits["2B"] + 3 * hits["3B"] + 4 * hits["HR"]
    slugging = bases / at_bats if at_bats > 0 else 0.0
    return f"{average(sum(hits.values()) + walks)}/{average(slugging)}"


class DecisionError(ValueError):
    """An answer the engine refuses; the subclass says why."""


class NoPendingRequest(DecisionError):
    pass


class NotYourTurn(DecisionError):
    pass


class IllegalChoice(DecisionError):
    pass


class StaleRequest(DecisionError):
    """An answer to a request that is no longer the pending one."""


class ReplayMismatch(RuntimeError):
    """The decision log does not fit the game it is replayed into."""
