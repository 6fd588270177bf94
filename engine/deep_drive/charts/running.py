"""Runners taking the extra base: DDB "Baserunner Advancement Chart", "Choice Chart",
"Cut-Off Chart", "Outfielder Assignment Chart", and the mod-die rule for the outfielder who
throws on singles and doubles.

Tables: ``advancement.toml``, ``choice.toml``, ``cutoff.toml``, ``outfielders.toml``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal, get_args

from engine.deep_drive.charts.base import (
    OUTFIELDERS,
    RUNS,
    Position,
    Run,
    Where,
    flag,
    integer,
    one_of,
    pick_one,
    read_table,
    roll_index,
    run_rating,
    section,
    some_of,
    spans,
    text,
)

# ---------------------------------------------------------------- Baserunner Advancement


class Advance(StrEnum):
    """A cell of the Baserunner Advancement Chart."""

    NO = "NO"
    NO_ASK = "NO?"
    YES_ASK = "YES?"
    YES = "YES"

    @property
    def goes(self) -> bool:
        """What an automatic-baserunning game does: the "?" is ignored."""
        return self in (Advance.YES, Advance.YES_ASK)

    @property
    def asks(self) -> bool:
        """Whether a manual-baserunning game asks the offense (and a runner sent rolls the Choice Chart)."""
        return self in (Advance.NO_ASK, Advance.YES_ASK)


HIT_CODES = ("SI+", "SI", "DO")
FLY_CODES = ("DD-F7d", "DD-F8d", "DD-F9d", "F7", "F8", "F9", "F7d", "F8d", "F9d")
BASE_NAMES = {1: "first", 2: "second", 3: "third"}
INFIELDERS: tuple[Position, ...] = ("1B", "2B", "3B", "SS")


@dataclass(frozen=True)
class AdvancementChart:
    hits: Mapping[str, tuple[Mapping[Run, Advance], ...]]  # code -> by outs 0..2 -> by run
    flies: Mapping[str, Mapping[int, Mapping[Run, Advance]]]  # code -> by base 1..3 -> by run


def _advance_row(value: Any, where: Where, cell: str) -> Mapping[Run, Advance]:
    if not isinstance(value, list) or len(value) != len(RUNS):
        raise where.error(cell, f"expected one cell for each of {', '.join(RUNS)}, found {value!r}")
    return {
        run: Advance(one_of(item, [a.value for a in Advance], where, f"{cell} {run}"))
        for run, item in zip(RUNS, value, strict=True)
    }


def _advance_cell(value: Any, key: str, *, where: Where, code: str) -> Mapping[Run, Advance]:
    return _advance_row(value, where, f"{code} {key}")


def parse_advancement(doc: Mapping[str, Any], file: str) -> AdvancementChart:
    where = Where(file, "Baserunner Advancement Chart")
    if doc.get("runs") != list(RUNS):
        raise where.error("runs", f"the columns must be {list(RUNS)}")
    hits_doc, flies_doc = section(doc, "hits", where), section(doc, "flies", where)
    if set(hits_doc) != set(HIT_CODES):
        raise where.error("hits", f"expected the codes {', '.join(HIT_CODES)}, found {', '.join(hits_doc)}")
    if set(flies_doc) != set(FLY_CODES):
        raise where.error("flies", f"expected the codes {', '.join(FLY_CODES)}, found {', '.join(flies_doc)}")
    hits = {}
    for code in HIT_CODES:
        table = section(hits_doc, code, where)
        hits[code] = spans(table, where, 1, functools.partial(_advance_cell, where=where, code=code), size=3)
    flies = {}
    for code in FLY_CODES:
        table = section(flies_doc, code, where)
        if set(table) != set(BASE_NAMES.values()):
            raise where.error(code, "expected the rows first, second and third")
        flies[code] = {base: _advance_row(table[name], where, f"{code} {name}") for base, name in BASE_NAMES.items()}
    return AdvancementChart(hits, flies)


@functools.cache
def advancement_chart() -> AdvancementChart:
    doc, file = read_table("advancement")
    return parse_advancement(doc, file)


def advancement(code: str, run: str, *, outs: int | None = None, from_base: int | None = None) -> Advance:
    """DDB "Baserunner Advancement Chart": the cell for a runner of this run rating.

    Hits (SI+, SI, DO) read by ``outs`` (0-2); fly outs (DD-F7d... F9d) by ``from_base``
    (1-3: the base the runner tags from; "DD-" marks a deep fly off the Deep Drive section).
    """
    chart, rating = advancement_chart(), run_rating(run)
    if code in chart.hits:
        if outs is None or not 0 <= outs <= 2:
            raise ValueError(f"{code} reads the chart by outs 0-2, not {outs!r}")
        return chart.hits[code][outs][rating]
    if code in chart.flies:
        if from_base not in BASE_NAMES:
            raise ValueError(f"{code} reads the chart by the base the runner starts from (1-3), not {from_base!r}")
        return chart.flies[code][from_base][rating]
    raise ValueError(f"{code!r} is not on the Baserunner Advancement Chart")


# ---------------------------------------------------------------- Choice Chart

ChoiceResult = Literal["safe", "out", "rundown", "drop", "speed"]


@dataclass(frozen=True)
class ChoiceCell:
    result: ChoiceResult
    words: str
    assign: bool = False
    collision: bool = False
    ejected: Literal["fielder", "runner"] | None = None
    drop_at_or_below: int | None = None
    out_words: str | None = None


@dataclass(frozen=True)
class Choice:
    """The Choice Chart read for one runner sent.

    ``runner_out``: he is out (tagged in a rundown, thrown out, out in a collision).
    ``error``: he is safe because the fielder covering dropped the throw (charged to him).
    ``rundown``: roll :func:`rundown` for the runners behind him.
    ``collision``: roll :func:`collision` for injuries.
    ``ejected``: "fielder" (the one covering the base) or "runner", thrown out of the game.
    ``assign``: the Outfielder Assignment Chart names the outfielder credited (:func:`assigned_outfielder`).
    """

    roll: int
    runner_out: bool
    words: str
    error: bool = False
    rundown: bool = False
    collision: bool = False
    ejected: Literal["fielder", "runner"] | None = None
    assign: bool = False


@dataclass(frozen=True)
class Rundown:
    """Roll 00's second roll: whether every runner behind the one caught takes one more base."""

    trailing_advance: bool
    words: str


@dataclass(frozen=True)
class Collision:
    """Rolls 02 and 98's second roll: who is hurt (the handbook's In-Game Injury chart says how badly)."""

    runner_hurt: bool
    fielder_hurt: bool
    words: str


@dataclass(frozen=True)
class ChoiceChart:
    rolls: tuple[ChoiceCell, ...]
    safe_through: Mapping[Run, int]
    rundown: tuple[frozenset[Run], ...]
    rundown_words: tuple[str, str]  # buys time, tagged out at once
    collision: tuple[Collision, ...]
    throw_home_hits: frozenset[str]
    runner_from_first_to: int


def _choice_cell(value: Any, key: str, where: Where) -> ChoiceCell:
    if not isinstance(value, dict):
        raise where.error(key, "expected a table")
    known = {"result", "words", "out_words", "assign", "collision", "ejected", "drop_at_or_below"}
    if extra := set(value) - known:
        raise where.error(key, f"unknown fields {', '.join(sorted(extra))}")
    result: ChoiceResult = one_of(value.get("result"), get_args(ChoiceResult), where, key)
    drop = value.get("drop_at_or_below")
    if (result == "drop") != (drop is not None):
        raise where.error(key, 'drop_at_or_below goes with result "drop" and only with it')
    ejected = value.get("ejected")
    out_words = value.get("out_words")
    if (result in ("drop", "speed")) != (out_words is not None):
        raise where.error(key, 'out_words goes with results "drop" and "speed" and only with them')
    return ChoiceCell(
        result=result,
        words=text(value.get("words"), where, key),
        assign=flag(value.get("assign", False), where, key),
        collision=flag(value.get("collision", False), where, key),
        ejected=None if ejected is None else one_of(ejected, ("fielder", "runner"), where, key),
        drop_at_or_below=None if drop is None else integer(drop, where, key, -1, 6),
        out_words=None if out_words is None else text(out_words, where, key),
    )


def parse_choice(doc: Mapping[str, Any], file: str) -> ChoiceChart:
    where = Where(file, "Choice Chart")
    rolls = spans(section(doc, "rolls", where), where, 2, lambda v, k: _choice_cell(v, k, where))
    speed_where = where.sub("speed window")
    safe = section(section(doc, "speed", where), "safe_through", speed_where)
    if set(safe) != set(RUNS):
        raise speed_where.error("safe_through", f"expected one roll for each of {', '.join(RUNS)}")
    window = [r for r, cell in enumerate(rolls) if cell.result == "speed"]
    low, high = (window[0] - 1, window[-1]) if window else (0, 0)
    safe_through = {run: integer(safe[run], speed_where, run, low, high) for run in RUNS}
    if [safe_through[run] for run in RUNS] != sorted(safe_through.values()):
        raise speed_where.error("safe_through", "a faster runner must be safe at least as often as a slower one")
    rundown_where = where.sub("rundown")
    rundown = spans(
        section(doc, "rundown", where),
        rundown_where,
        2,
        lambda v, k: some_of(v.get("buys_time") if isinstance(v, dict) else None, RUNS, rundown_where, k),
    )
    words = section(doc, "rundown_words", where)
    rundown_words = (
        text(words.get("buys_time"), rundown_where, "rundown_words.buys_time"),
        text(words.get("quickly"), rundown_where, "rundown_words.quickly"),
    )
    collision_where = where.sub("collision")

    def collision(value: Any, key: str) -> Collision:
        if not isinstance(value, dict):
            raise collision_where.error(key, "expected a table")
        return Collision(
            runner_hurt=flag(value.get("runner"), collision_where, key),
            fielder_hurt=flag(value.get("fielder"), collision_where, key),
            words=text(value.get("words"), collision_where, key),
        )

    collisions = spans(section(doc, "collision", where), collision_where, 2, collision)
    home_where = where.sub("throw home on a single")
    home = section(doc, "throw_home", where)
    return ChoiceChart(
        rolls=rolls,
        safe_through=safe_through,
        rundown=rundown,
        rundown_words=rundown_words,
        collision=collisions,
        throw_home_hits=some_of(home.get("hits"), HIT_CODES, home_where, "hits"),
        runner_from_first_to=integer(home.get("runner_from_first_to"), home_where, "runner_from_first_to", 2, 4),
    )


@functools.cache
def choice_chart() -> ChoiceChart:
    doc, file = read_table("choice")
    return parse_choice(doc, file)


def choice(roll: int, run: str, covering_rating: int) -> Choice:
    """DDB "Choice Chart": a runner of run rating ``run`` sent for the extra base, the throw
    taken by a fielder whose effective defense rating is ``covering_rating``."""
    cell = choice_chart().rolls[roll_index(roll, 100, "the Choice Chart roll")]
    rating = run_rating(run)
    out = {
        "safe": False,
        "out": True,
        "rundown": True,
        "drop": cell.drop_at_or_below is not None and covering_rating > cell.drop_at_or_below,
        "speed": roll > choice_chart().safe_through[rating],
    }[cell.result]
    return Choice(
        roll=roll,
        runner_out=out,
        words=cell.out_words if out and cell.out_words else cell.words,
        error=cell.result == "drop" and not out,
        rundown=cell.result == "rundown",
        collision=cell.collision,
        ejected=cell.ejected,
        assign=cell.assign,
    )


def rundown(roll: int, run: str) -> Rundown:
    """DDB "Choice Chart" 00, the second roll, read against the run rating of the runner caught."""
    chart = choice_chart()
    advance = run_rating(run) in chart.rundown[roll_index(roll, 100, "the rundown roll")]
    return Rundown(trailing_advance=advance, words=chart.rundown_words[0 if advance else 1])


def collision(roll: int) -> Collision:
    """DDB "Choice Chart" 02 and 98, the second roll: who is hurt."""
    return choice_chart().collision[roll_index(roll, 100, "the collision roll")]


def runner_from_first_on_throw_home(hit: str) -> int | None:
    """DDB "Choice Chart", its note: on a single whose throw goes home, the base a runner who
    started on first reaches (None on other hits). Dugout applies it whenever the throw goes
    home, the runner sent safe or out; on roll 00 the rundown table moves the runners instead."""
    chart = choice_chart()
    return chart.runner_from_first_to if hit in chart.throw_home_hits else None


# ---------------------------------------------------------------- Cut-Off Chart

CutOffResult = Literal["throw_error", "over_cutoff", "hold", "trailing_out"]


@dataclass(frozen=True)
class CutOff:
    """The Cut-Off Chart's roll. ``error_check``: roll one die for :func:`cutoff_error`."""

    roll: int
    result: CutOffResult
    words: str

    @property
    def error_check(self) -> bool:
        return self.result in ("throw_error", "over_cutoff")


@dataclass(frozen=True)
class OverCutoff:
    """Where the runners go when the throw sails over the cut-off man (rolls 01-04, error made).
    ``runner_from_first_to``: the base a runner who started on first reaches; ``batter_to``:
    the batter's new base. None: he stays where the hit put him."""

    runner_from_first_to: int | None
    batter_to: int | None


@dataclass(frozen=True)
class CutOffChart:
    rolls: tuple[CutOff, ...]
    over_hits: frozenset[str]
    first_to: int
    slow: frozenset[Run]
    slow_first_to: int
    batter_to: int
    cutoff_man: Mapping[Position, tuple[Position, ...]]


def parse_cutoff(doc: Mapping[str, Any], file: str) -> CutOffChart:
    where = Where(file, "Cut-Off Chart")

    def cell(value: Any, key: str) -> CutOff:
        if not isinstance(value, dict):
            raise where.error(key, "expected a table")
        result: CutOffResult = one_of(value.get("result"), get_args(CutOffResult), where, key)
        return CutOff(int(key.split("-")[0]), result, text(value.get("words"), where, key))

    rolls = spans(section(doc, "rolls", where), where, 2, cell)
    rolls = tuple(CutOff(roll, c.result, c.words) for roll, c in enumerate(rolls))
    over_where = where.sub("over the cut-off man")
    over = section(doc, "over_cutoff", where)
    man_where = where.sub("cut-off man")
    men = section(doc, "cutoff_man", where)
    if set(men) != set(OUTFIELDERS):
        raise man_where.error(", ".join(men), "expected one row for each of LF, CF, RF")
    cutoff_man = {}
    for of in OUTFIELDERS:
        infielders = men[of]
        if not isinstance(infielders, list) or not 1 <= len(infielders) <= 2:
            raise man_where.error(of, "expected one or two infielders")
        cutoff_man[of] = tuple(one_of(p, INFIELDERS, man_where, of) for p in infielders)
    return CutOffChart(
        rolls=rolls,
        over_hits=some_of(over.get("hits"), HIT_CODES, over_where, "hits"),
        first_to=integer(over.get("runner_from_first_to"), over_where, "runner_from_first_to", 2, 3),
        slow=some_of(over.get("slow"), RUNS, over_where, "slow"),
        slow_first_to=integer(over.get("slow_runner_from_first_to"), over_where, "slow_runner_from_first_to", 2, 3),
        batter_to=integer(over.get("batter_to"), over_where, "batter_to", 1, 2),
        cutoff_man=cutoff_man,
    )


@functools.cache
def cutoff_chart() -> CutOffChart:
    doc, file = read_table("cutoff")
    return parse_cutoff(doc, file)


def cutoff(roll: int) -> CutOff:
    """DDB "Cut-Off Chart": the roll when the defense cuts the ball off."""
    return cutoff_chart().rolls[roll_index(roll, 100, "the Cut-Off Chart roll")]


def cutoff_error(die: int, outfielder_defense: int) -> bool:
    """DDB "Cut-Off Chart" 00 and 01-04: one die (0-9); the throw is bad when it shows more
    than the outfielder's defense rating. Without the error the roll plays as 05-94 (Dugout)."""
    return roll_index(die, 10, "the die") > outfielder_defense


def over_cutoff(hit: str, runner_from_first: str | None, batter: str, *, second_open: bool = True) -> OverCutoff:
    """DDB "Cut-Off Chart" 01-04 with the error made, on a single (other hits: nobody moves).
    ``runner_from_first``: the run rating of a runner who started on first, or None.
    ``second_open``: second is empty but for him (a runner who stopped at second fills it)."""
    chart = cutoff_chart()
    rating = None if runner_from_first is None else run_rating(runner_from_first)
    batter_rating = run_rating(batter)
    if hit not in chart.over_hits:
        return OverCutoff(None, None)
    to = None if rating is None else (chart.slow_first_to if rating in chart.slow else chart.first_to)
    free = second_open and (to is None or to > 2)
    return OverCutoff(to, chart.batter_to if free and batter_rating not in chart.slow else None)


def trailing_out_pick(die: int, candidates: int) -> int:
    """DDB "Cut-Off Chart" 95-99: which of the runners trying to move up (the trailing runners,
    lead first, then the batter) is thrown out: the index of the one picked. One die, split
    evenly (two: 0-4 the lead one, 5-9 the other). With one candidate no die is needed, but a
    die given is accepted."""
    return pick_one(die, candidates)


def cutoff_man(outfielder: str, die: int | None = None) -> Position:
    """DDB "Cut-Off Chart" 95-99: the infielder who cuts off the throw of ``outfielder``; the
    center fielder's is picked by one die (0-4 the shortstop, 5-9 the second baseman)."""
    if outfielder not in OUTFIELDERS:
        raise ValueError(f"{outfielder!r} is not an outfielder")
    men = cutoff_chart().cutoff_man[outfielder]
    if len(men) == 1:
        return men[0]
    if die is None:
        raise ValueError(f"the {outfielder}'s cut-off man is picked by one die")
    return men[pick_one(die, len(men))]


# ---------------------------------------------------------------- outfielders


@dataclass(frozen=True)
class AssignmentRow:
    fielders: tuple[Position, ...]
    tie: Position | None


@dataclass(frozen=True)
class OutfieldChart:
    throwing: tuple[Position, ...]
    assignment: tuple[AssignmentRow, ...]


def parse_outfielders(doc: Mapping[str, Any], file: str) -> OutfieldChart:
    throw_where = Where(file, "Cut-Off Chart (outfielder throwing)")
    throwing = spans(
        section(doc, "throwing", throw_where), throw_where, 1, lambda v, k: one_of(v, OUTFIELDERS, throw_where, k)
    )
    where = Where(file, "Outfielder Assignment Chart")

    def row(value: Any, key: str) -> AssignmentRow:
        if not isinstance(value, dict) or not isinstance(value.get("fielders"), list):
            raise where.error(key, "expected a table with a list of fielders")
        fielders = tuple(one_of(p, OUTFIELDERS, where, key) for p in value["fielders"])
        if len(fielders) not in (1, 2) or len(set(fielders)) != len(fielders):
            raise where.error(key, "expected one outfielder, or two different ones")
        tie = value.get("tie")
        if (len(fielders) == 2) != (tie is not None):
            raise where.error(key, "two fielders need a tie, one fielder none")
        return AssignmentRow(fielders, None if tie is None else one_of(tie, fielders, where, key))

    return OutfieldChart(throwing, spans(section(doc, "assignment", where), where, 1, row))


@functools.cache
def outfield_chart() -> OutfieldChart:
    doc, file = read_table("outfielders")
    return parse_outfielders(doc, file)


def throwing_outfielder(mod: int) -> Position:
    """The outfielder who comes up with the ball on a single or double (and who goes back on a
    deep drive), by the mod die: 0-2 LF, 3-6 CF, 7-9 RF."""
    return outfield_chart().throwing[roll_index(mod, 10, "the mod die")]


def assigned_outfielder(mod: int, safe: bool, defense: Mapping[str, int]) -> Position:
    """DDB "Outfielder Assignment Chart": the outfielder credited with an out (``safe`` False)
    or blamed for an extra base taken (``safe`` True). ``defense`` maps LF, CF, RF to their
    defense ratings; of two fielders a safe runner goes to the worse, an out to the better,
    the chart's named fielder on a tie."""
    row = outfield_chart().assignment[roll_index(mod, 10, "the mod die")]
    if len(row.fielders) == 1:
        return row.fielders[0]
    a, b = row.fielders
    if defense[a] == defense[b]:
        assert row.tie is not None
        return row.tie
    worse, better = (a, b) if defense[a] < defense[b] else (b, a)
    return worse if safe else better


def load_all() -> None:
    advancement_chart()
    choice_chart()
    cutoff_chart()
    outfield_chart()


__all__ = [
    "Advance",
    "Choice",
    "Collision",
    "CutOff",
    "OverCutoff",
    "Rundown",
    "advancement",
    "assigned_outfielder",
    "choice",
    "collision",
    "cutoff",
    "cutoff_error",
    "cutoff_man",
    "over_cutoff",
    "rundown",
    "runner_from_first_on_throw_home",
    "throwing_outfielder",
    "trailing_out_pick",
]
