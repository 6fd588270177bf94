"""Infield depth (IP2021 "Infield Depth"; IP2007 §8): where the infielders play and what it changes.

The four infielders each play "back", "half" (double-play depth) or "in"; the
defense sets them with one of a few named alignments at the start of a plate
appearance. The pitcher and catcher never move: they count as "in" for the runner
on third and the double play, yet throw to any base. Every adjustment lives in
``tables/infield_depth.toml``; other modules read depth only through this one.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from cards.notation import Position
from engine.inside_pitch.tables import load_table
from engine.requests import Option

if TYPE_CHECKING:
    from engine.game import Game

UNCHANGED = "unchanged"
FIXED = {Position.P: "P", Position.C: "C"}


def _table() -> dict[str, Any]:
    return load_table("infield_depth")


def infielders() -> list[Position]:
    return list(_INFIELDERS)


_INFIELDERS = tuple(Position(p) for p in _table()["infielders"])
_INFIELDER_KEYS = tuple(p.value for p in _INFIELDERS)


def _alignment_names() -> dict[tuple[str, ...], str]:
    """The named alignments by their depths in ``_INFIELDER_KEYS`` order (the first name for each)."""
    names: dict[tuple[str, ...], str] = {}
    for key, alignment in _table()["alignments"].items():
        names.setdefault(tuple(alignment[p] for p in _INFIELDER_KEYS), key)
    return names


_ALIGNMENT_NAMES = _alignment_names()


def holding_runner(g: Game) -> bool:
    """The first baseman holds a runner on first when second base is open (Dugout's reading)."""
    return g.state.runner_on(1) is not None and g.state.runner_on(2) is None


def current(g: Game, position: Position) -> str:
    """Where the fielder at ``position`` plays: "back", "half" or "in".

    P and C always count as "in" (IP2021: they have the advantages of playing in)
    though they may throw to any base; outfielders report "back". Use the
    adjustment functions below rather than mapping a depth to numbers yourself.
    """
    if position in FIXED:
        return "in"
    if not position.is_infield:
        return "back"
    depth = g.state.depth(position)
    # IP2021 "Infield Depth": the first baseman holding a runner is not "in".
    if position is Position.FIRST and depth == "in" and holding_runner(g):
        return str(_table()["holding_runner"]["instead_of_in"])
    return depth


def column(g: Game, position: Position) -> str:
    """The column of the adjustment table: "back", "half", "in", or "P" / "C"."""
    return FIXED.get(position) or current(g, position)


def _adjustment(g: Game, position: Position, name: str) -> int:
    if not (position in FIXED or position.is_infield):
        return 0
    return int(_table()["adjustments"][column(g, position)][name])


def range_adjustment(g: Game, position: Position) -> int:
    """IP2021 infield depth table, range: back 0, half -1, in -2; never for P, C or outfielders."""
    return _adjustment(g, position, "range")


def gdp_adjustment(g: Game, position: Position) -> int:
    """Combined GDP change for a double play started by this fielder (half +1, pitcher +1)."""
    return _adjustment(g, position, "gdp")


def br_first_adjustment(g: Game, position: Position) -> int:
    """BR change for the runner forced on this fielder's double play try (half -1, pitcher -1)."""
    return _adjustment(g, position, "br_first")


def br_third_adjustment(g: Game, position: Position) -> int:
    """BR change for the runner from third in a play at the plate (back +2, half -1, in/P/C -2)."""
    return _adjustment(g, position, "br_third")


def throws_to(g: Game, position: Position, base: int) -> bool:
    """Whether this fielder may make a play at ``base`` (4 = home): an infielder playing in throws home or to first."""
    if not (position in FIXED or position.is_infield):
        return True
    return base in _table()["adjustments"][column(g, position)]["throws_to"]


def describe(g: Game, position: Position) -> str:
    """ "SS halfway" style, for a modifier's name."""
    if position in FIXED:
        return f"{position.value} fielding"
    words = {"back": "back", "half": "halfway", "in": "in"}
    return f"{position.value} {words[current(g, position)]}"


# --- the defense's decision ---------------------------------------------------------


def alignment_of(g: Game) -> dict[str, str]:
    depths = g.state.infield_depth
    return {p: depths.get(p, "back") for p in _INFIELDER_KEYS}


def suggested_alignment(g: Game) -> str:
    """The books' suggested infield depth (IP2021 chart; IP2007 §8.4), as the auto-manager plays it.

    Two outs or a run difference of 4 or more: all back. A runner on third in a
    tied or one-run game: all in. Otherwise by base state: double-play depth with a
    runner on first and second open or on first and third (and with first and
    second), back with a runner on second or third alone, second and third, or the
    bases loaded.
    """
    state = g.state
    chart = _table()["suggested"]
    if state.outs >= chart["all_back_outs"] or state.run_difference() >= chart["all_back_run_difference"]:
        return "back"
    if state.runner_on(3) is not None and state.run_difference() <= chart["in_with_runner_on_third_run_difference"]:
        return "in"
    return str(chart["by_bases"][state.base_state()])


def before_plate_appearance(g: Game) -> None:
    """IP2021 "Infield Depth": set the infield before the pitch.

    With the bases empty, or with two outs, the infield plays back (normal
    positioning; the books' chart puts it back with two outs) and nobody is asked.
    Otherwise the defense is asked (``infield_depth``) whenever the base/out state
    differs from the one it last answered for; the state remembers that one until
    the bases empty or the half inning ends (``GameState.depth_set_for``).
    """
    state = g.state
    if state.outs >= 2 or (state.bases[0] is None and state.bases[1] is None and state.bases[2] is None):
        state.infield_depth = {}
        state.depth_set_for = None
        return
    situation = (state.outs, state.base_state())
    if state.depth_set_for == situation:
        return
    state.depth_set_for = situation
    alignments: dict[str, dict[str, str]] = _table()["alignments"]
    now = alignment_of(g)
    named_now = _ALIGNMENT_NAMES.get(tuple(now.values()))
    suggestion = suggested_alignment(g)
    if suggestion == named_now:
        suggestion = UNCHANGED
    # The prompt and options are built only if a person (or a test's manager) reads them.
    prompt = partial(_prompt, g)
    options = partial(_options, alignments, now, named_now)
    context = {"holding_runner": holding_runner(g), "alignments": list(alignments)}
    choice = g.ask(state.fielding.key, "infield_depth", prompt, options, suggestion, context)
    if choice != UNCHANGED:
        state.infield_depth = {p: d for p, d in alignments[choice].items() if p != "label"}


def _prompt(g: Game) -> str:
    state = g.state
    outs = f"{state.outs} out" if state.outs == 1 else f"{state.outs} outs"
    return f"Runners {state.base_state()}, {outs}: where does the infield play?"


def _options(alignments: dict[str, dict[str, str]], now: dict[str, str], named_now: str | None) -> list[Option]:
    now_label = alignments[named_now]["label"] if named_now else ", ".join(f"{p} {d}" for p, d in now.items())
    options = [Option(key, str(a["label"])) for key, a in alignments.items()]
    options.append(Option(UNCHANGED, f"Keep: {now_label}"))
    return options


__all__ = [
    "before_plate_appearance",
    "br_first_adjustment",
    "br_third_adjustment",
    "current",
    "gdp_adjustment",
    "range_adjustment",
    "suggested_alignment",
    "throws_to",
]
