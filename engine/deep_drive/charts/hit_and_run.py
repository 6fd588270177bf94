"""DDB "Hit and Run Chart": the runner goes with the pitch; each play code changes.

Table: ``hit_and_run.toml``. :func:`hit_and_run` reads a play code (with the mod die for BB and
SO); :func:`deep_drive` and :func:`out` say how a Deep Drive result and an out code change. The
steal on the re-rolled mod die is :func:`engine.deep_drive.charts.bunt.speed_steal`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.deep_drive.charts.base import Where, one_of, read_table, roll_index, section, spans, text

CODES = ("DD", "SI+", "SI", "BB", "HBP", "SO", "DEF", "OUT")


class Play(StrEnum):
    """What a play code comes to on the hit and run.

    DEEP_DRIVE: roll the batter's Deep Drive section again, then apply :func:`deep_drive`.
    SINGLE: a single; every runner takes two bases.
    PITCH: a ball, a strike or a foul (:class:`HitAndRun`'s ``pitch`` and ``steal``); the at bat goes on.
    DEF: the handbook's DEF Chart as usual.
    OUT: the card's out code, changed by :func:`out`.
    """

    DEEP_DRIVE = "deep_drive"
    SINGLE = "single"
    PITCH = "pitch"
    DEF = "def"
    OUT = "out"


class Pitch(StrEnum):
    BALL = "ball"
    STRIKE = "strike"
    FOUL = "foul"


class Steal(StrEnum):
    """The runner on a ball or strike: CAUGHT, thrown out stealing; SPEED, roll the mod die again
    and :func:`~engine.deep_drive.charts.bunt.speed_steal` decides."""

    CAUGHT = "caught"
    SPEED = "speed"


class Change(StrEnum):
    """How the hit and run changes a result (None: it plays as usual).

    RUNNERS_SCORE: every runner scores.  LEAD_DOUBLED_OFF: the lead runner in motion is doubled
    off.  RUNNERS_HOLD: the runners in motion may not advance.  SLOW: the ground ball becomes its
    slow kind (G4 and G4h become G4s).
    """

    RUNNERS_SCORE = "runners_score"
    LEAD_DOUBLED_OFF = "lead_runner_doubled_off"
    RUNNERS_HOLD = "runners_hold"
    SLOW = "slow"


@dataclass(frozen=True)
class HitAndRun:
    play: Play
    pitch: Pitch | None = None
    steal: Steal | None = None
    words: str = ""


@dataclass(frozen=True)
class OutChange:
    """An out code on the hit and run: the code to play (a slow grounder for most ground balls)
    and what happens to the runners in motion."""

    code: str
    change: Change | None


@dataclass(frozen=True)
class HitAndRunChart:
    codes: Mapping[str, str]
    deep_drive: Mapping[str, Change]
    bb: tuple[HitAndRun, ...]
    so: tuple[HitAndRun, ...]
    hbp: HitAndRun
    out: Mapping[str, Change]


def _pitch(value: Any, key: str, where: Where) -> HitAndRun:
    if not isinstance(value, dict):
        raise where.error(key, "expected a table")
    steal = value.get("steal")
    pitch = Pitch(one_of(value.get("pitch"), [p.value for p in Pitch], where, key))
    if steal is not None and pitch is Pitch.FOUL:
        raise where.error(key, "nobody steals on a foul ball")
    return HitAndRun(
        play=Play.PITCH,
        pitch=pitch,
        steal=None if steal is None else Steal(one_of(steal, [s.value for s in Steal], where, key)),
        words=text(value.get("words"), where, key),
    )


def parse_hit_and_run(doc: Mapping[str, Any], file: str) -> HitAndRunChart:
    where = Where(file, "Hit and Run Chart")
    codes_doc = section(doc, "codes", where)
    if set(codes_doc) != set(CODES):
        raise where.error("codes", f"expected the play codes {', '.join(CODES)}, found {', '.join(codes_doc)}")
    kinds = ("deep_drive", "single", "bb", "so", "hbp", "def", "out")
    codes = {code: one_of(codes_doc[code], kinds, where, code) for code in CODES}
    changes = [c.value for c in Change]
    dd_where = where.sub("DD")
    deep_drive = {
        one_of(k, ("HR", "TR", "DO", "F7d", "F8d", "F9d"), dd_where, k): Change(one_of(v, changes, dd_where, k))
        for k, v in section(doc, "deep_drive", where).items()
    }
    bb_where, so_where = where.sub("BB"), where.sub("SO")
    bb = spans(section(doc, "bb", where), bb_where, 1, lambda v, k: _pitch(v, k, bb_where))
    so = spans(section(doc, "so", where), so_where, 1, lambda v, k: _pitch(v, k, so_where))
    hbp = _pitch(section(doc, "hbp", where), "hbp", where.sub("HBP"))
    out_where = where.sub("OUT")
    out = {}
    for key, value in section(doc, "out", where).items():
        change = Change(one_of(value, changes, out_where, key))
        if change is Change.SLOW and not (key.startswith("G") and key[1:2].isdigit()):
            raise out_where.error(key, "only a ground ball turns slow")
        out[key] = change
    return HitAndRunChart(codes, deep_drive, bb, so, hbp, out)


@functools.cache
def hit_and_run_chart() -> HitAndRunChart:
    doc, file = read_table("hit_and_run")
    return parse_hit_and_run(doc, file)


def hit_and_run(code: str, mod: int) -> HitAndRun:
    """DDB "Hit and Run Chart": the play code read, with the PA's mod die (read by BB and SO)."""
    chart = hit_and_run_chart()
    if code not in chart.codes:
        raise ValueError(f"{code!r} is not a play code of the Hit and Run Chart")
    roll_index(mod, 10, "the mod die")
    kind = chart.codes[code]
    if kind == "bb":
        return chart.bb[mod]
    if kind == "so":
        return chart.so[mod]
    if kind == "hbp":
        return chart.hbp
    return HitAndRun(Play(kind))


def deep_drive(result: str) -> Change | None:
    """DDB "Hit and Run Chart" DD: how the Deep Drive section's result (HR, TR, DO, F7d...) changes."""
    return hit_and_run_chart().deep_drive.get(result)


def out(code: str) -> OutChange:
    """DDB "Hit and Run Chart" OUT: the out code to play and what happens to the runners in motion."""
    change = hit_and_run_chart().out.get(code)
    if change is Change.SLOW:
        return OutChange(code[:2] + "s", Change.SLOW)
    return OutChange(code, change)


def load_all() -> None:
    hit_and_run_chart()
