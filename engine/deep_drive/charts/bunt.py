"""DDB "Bunt Chart": a sacrifice bunt (and the suicide squeeze), read by play code and card.

Table: ``bunt.toml``. :func:`bunt` resolves a play code to a :class:`Bunt` the engine applies;
:func:`def_fielder` and :func:`def_rating` move a DEF Chart reading to the bunt's fielders;
:func:`speed_steal` is the steal check the missed bunt (and the Hit and Run Chart) share.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from engine.deep_drive.charts.base import (
    POSITIONS,
    RUNS,
    Position,
    Run,
    Where,
    integer,
    one_of,
    read_table,
    roll_index,
    run_rating,
    section,
    some_of,
    spans,
    text,
)

CODES = ("DD", "SI+", "SI", "BB", "HBP", "SO", "DEF", "OUT")
CARD_PLAYS = ("sacrifice", "missed_bunt", "two_strikes", "ball", "hit_by_pitch", "def", "out", "squeeze")
FAST: frozenset[Run] = frozenset({"F", "VF"})


class BuntPlay(StrEnum):
    """What a bunt comes to. Every play names exactly what moves:

    SACRIFICE: the batter is out at first, every runner takes one base.
    MISSED_BUNT: a strike; the lead runner was stealing: :func:`speed_steal` says if he made it.
    STRIKE_TWO: the count goes to two strikes; the at bat goes on.
    STRIKEOUT: he strikes out (a strike already on him when the card said two strikes).
    BALL: a ball; the at bat goes on, runners hold.  WALK: ball four.
    HIT_BY_PITCH: the batter takes first (forced runners move up).
    DEF: the handbook's DEF Chart (fielders through :func:`def_fielder`); a single there is an
    infield single, every runner one base.
    POP_OUT: the batter is out, runners hold.  POP_OUT_DOUBLE_OFF: the batter is out and so is
    the lead runner, doubled off.
    SQUEEZE_RUNNER_OUT: the runner from third is out at the plate, the batter safe at first on
    the fielder's choice (Dugout: other runners take one base, as on the sacrifice).
    SQUEEZE_BOTH_SAFE: the runner from third scores, the batter is safe at first on the
    fielder's choice, other runners take one base.
    SQUEEZE_RUNNER_SCORES: the runner from third scores, the batter is out at first, other
    runners take one base.
    """

    SACRIFICE = "sacrifice"
    MISSED_BUNT = "missed_bunt"
    STRIKE_TWO = "strike_two"
    STRIKEOUT = "strikeout"
    BALL = "ball"
    WALK = "walk"
    HIT_BY_PITCH = "hit_by_pitch"
    DEF = "def"
    POP_OUT = "pop_out"
    POP_OUT_DOUBLE_OFF = "pop_out_double_off"
    SQUEEZE_RUNNER_OUT = "squeeze_runner_out"
    SQUEEZE_BOTH_SAFE = "squeeze_both_safe"
    SQUEEZE_RUNNER_SCORES = "squeeze_runner_scores"


@dataclass(frozen=True)
class Bunt:
    """The Bunt Chart read: the play and the fielder who handles the ball (None when nobody does)."""

    play: BuntPlay
    fielder: Position | None = None


@dataclass(frozen=True)
class SqueezeCell:
    fielder: Position
    runner_out: frozenset[Run]
    otherwise: Literal["both_safe", "runner_scores"]


@dataclass(frozen=True)
class CardPlays:
    batter: str
    pitcher: str
    otherwise: str | None  # the batter's play when a squeeze cell has no squeeze on


@dataclass(frozen=True)
class BuntChart:
    fielder: tuple[Position, ...]
    codes: Mapping[str, CardPlays]
    out: tuple[tuple[BuntPlay, str], ...]
    squeeze_in: tuple[SqueezeCell, ...]
    squeeze_deep: tuple[SqueezeCell, ...]
    remap: Mapping[Position, Position]
    infield_in_bonus: Mapping[Position, int]


def parse_bunt(doc: Mapping[str, Any], file: str) -> BuntChart:
    where = Where(file, "Bunt Chart")
    fielder_where = where.sub("fielder")
    fielder = spans(
        section(doc, "fielder", where), fielder_where, 1, lambda v, k: one_of(v, POSITIONS, fielder_where, k)
    )
    codes_doc = section(doc, "codes", where)
    if set(codes_doc) != set(CODES):
        raise where.error("codes", f"expected the play codes {', '.join(CODES)}, found {', '.join(codes_doc)}")
    codes = {}
    for code in CODES:
        row = section(codes_doc, code, where)
        batter = one_of(row.get("batter"), CARD_PLAYS, where, f"{code} batter")
        pitcher = one_of(row.get("pitcher"), [p for p in CARD_PLAYS if p != "squeeze"], where, f"{code} pitcher")
        otherwise = row.get("otherwise")
        if (batter == "squeeze") != (otherwise is not None):
            raise where.error(f"{code} otherwise", "a squeeze cell names the play without a squeeze, and only it")
        if otherwise is not None:
            otherwise = one_of(otherwise, [p for p in CARD_PLAYS if p != "squeeze"], where, f"{code} otherwise")
        codes[code] = CardPlays(batter, pitcher, otherwise)
    out_where = where.sub("OUT")

    def out_cell(value: Any, key: str) -> tuple[BuntPlay, str]:
        if not isinstance(value, dict):
            raise out_where.error(key, "expected a table")
        play = one_of(value.get("play"), ("sacrifice", "pop_out", "pop_out_double_off"), out_where, key)
        return BuntPlay(play), text(value.get("words"), out_where, key)

    out = spans(section(doc, "out", where), out_where, 1, out_cell)
    squeeze_doc = section(doc, "squeeze", where)

    def squeeze(depth: str) -> tuple[SqueezeCell, ...]:
        sq_where = where.sub(f"suicide squeeze, infield {depth}")

        def cell(value: Any, key: str) -> SqueezeCell:
            if not isinstance(value, dict):
                raise sq_where.error(key, "expected a table")
            return SqueezeCell(
                fielder=one_of(value.get("fielder"), POSITIONS, sq_where, key),
                runner_out=some_of(value.get("runner_out"), RUNS, sq_where, key),
                otherwise=one_of(value.get("otherwise"), ("both_safe", "runner_scores"), sq_where, key),
            )

        return spans(section(squeeze_doc, depth, sq_where), sq_where, 1, cell)

    def_where = where.sub("DEF")
    def_doc = section(doc, "def", where)
    remap = {
        one_of(k, POSITIONS, def_where, f"remap {k}"): one_of(v, POSITIONS, def_where, f"remap {k}")
        for k, v in section(def_doc, "remap", def_where).items()
    }
    bonus = {
        one_of(k, POSITIONS, def_where, f"infield_in_bonus {k}"): integer(v, def_where, f"infield_in_bonus {k}", 0, 2)
        for k, v in section(def_doc, "infield_in_bonus", def_where).items()
    }
    return BuntChart(fielder, codes, out, squeeze("in"), squeeze("deep"), remap, bonus)


@functools.cache
def bunt_chart() -> BuntChart:
    doc, file = read_table("bunt")
    return parse_bunt(doc, file)


def sacrifice_fielder(mod: int) -> Position:
    """DDB "Bunt Chart": who fields a successful sacrifice, by the mod die."""
    return bunt_chart().fielder[roll_index(mod, 10, "the mod die")]


def bunt(
    code: str,
    *,
    from_batter: bool,
    mod: int,
    balls: int = 0,
    strikes: int = 0,
    squeeze: bool = False,
    infield_in: bool = False,
    third: str | None = None,
) -> Bunt:
    """DDB "Bunt Chart": the play code ``code`` read off the batter's card (``from_batter``) or the
    pitcher's, with the PA's mod die and the count so far. ``squeeze``: the runner on third is
    going (a suicide squeeze); then ``third`` is his run rating and ``infield_in`` the depth."""
    chart = bunt_chart()
    if code not in chart.codes:
        raise ValueError(f"{code!r} is not a play code of the Bunt Chart")
    roll_index(mod, 10, "the mod die")
    if not (0 <= balls <= 3 and 0 <= strikes <= 2):
        raise ValueError(f"no such count: {balls} balls, {strikes} strikes")
    plays = chart.codes[code]
    play = plays.batter if from_batter else plays.pitcher
    if play == "squeeze":
        if not squeeze:
            play = plays.otherwise or "sacrifice"
        else:
            if third is None:
                raise ValueError("a suicide squeeze needs the run rating of the runner on third")
            cell = (chart.squeeze_in if infield_in else chart.squeeze_deep)[mod]
            if run_rating(third) in cell.runner_out:
                return Bunt(BuntPlay.SQUEEZE_RUNNER_OUT, cell.fielder)
            scores = BuntPlay.SQUEEZE_BOTH_SAFE if cell.otherwise == "both_safe" else BuntPlay.SQUEEZE_RUNNER_SCORES
            return Bunt(scores, cell.fielder)
    if play == "out":
        out_play = chart.out[mod][0]
        return Bunt(out_play, sacrifice_fielder(mod) if out_play is BuntPlay.SACRIFICE else None)
    if play == "sacrifice":
        return Bunt(BuntPlay.SACRIFICE, sacrifice_fielder(mod))
    if play == "two_strikes":
        return Bunt(BuntPlay.STRIKEOUT if strikes >= 1 else BuntPlay.STRIKE_TWO)
    if play == "ball":
        return Bunt(BuntPlay.WALK if balls == 3 else BuntPlay.BALL)
    return Bunt(BuntPlay(play))


def out_words(mod: int) -> str:
    """The words for OUT on a bunt, by the mod die."""
    return bunt_chart().out[roll_index(mod, 10, "the mod die")][1]


def def_fielder(position: str) -> Position:
    """DDB "Bunt Chart" DEF: the fielder a DEF Chart row names, moved to the one who fields the
    bunt (2B and RF to 1B, SS and LF to 3B, CF to C; the rest keep theirs)."""
    if position not in POSITIONS:
        raise ValueError(f"{position!r} is not a position")
    return bunt_chart().remap.get(position, position)


def def_rating(fielder: str, rating: int, *, infield_in: bool) -> int:
    """DDB "Bunt Chart" DEF: the defense rating the DEF Chart reads for the bunt's fielder
    (after :func:`def_fielder`): the corner men add 1 with the infield in."""
    bonus = bunt_chart().infield_in_bonus.get(fielder, 0) if infield_in else 0  # type: ignore[call-overload]
    return rating + int(bonus)


def speed_steal(mod: int, run: str, steal: int) -> bool:
    """The steal on a missed bunt (DDB "Bunt Chart" DD) and on the hit and run's re-rolled mod die
    (DDB "Hit and Run Chart" BB and SO): he makes it if he is F or VF and the mod die is below
    his STEAL number (the card's number: Dugout does not add H or T here); else he is caught."""
    roll_index(mod, 10, "the mod die")
    return run_rating(run) in FAST and mod < steal


def load_all() -> None:
    bunt_chart()
