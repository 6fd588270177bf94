"""Infield depth (IP2021 "Infield Depth"; IP2007 §8): where the infielders play and what it changes.

The four infielders each play "back", "half" (double-play depth) or "in"; the
defense sets them with one of a few named alignments at the start of a plate
appearance. The pitcher and catcher never move: they count as "in" for the runner
on third and the double play, yet throw to any base. A first baseman holding a
runner on first is "holding" instead of some of the depths the defense may set
(IP2021: instead of "in"; IP2007 §8.5: instead of any), and the request, the
modifiers' names and the narration say so. Every adjustment lives in
``tables/infield_depth.toml`` (IP2021's table, or IP2007's with
``InsidePitchOptions.infield_depth_2007``); other modules read depth only through this one.
The state keeps the depths the defense set (``GameState.infield_depth``; the bunt
rules read them); :func:`alignment_of` gives the ones played.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from cards.notation import Position
from engine.events import Reading as ReadingEvent
from engine.inside_pitch.asking import bases_text
from engine.inside_pitch.tables import load_table
from engine.requests import Option

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame

UNCHANGED = "unchanged"
HOLDING = "holding"
FIXED = {Position.P: "P", Position.C: "C"}
WORDS = {"back": "back", "half": "halfway", "in": "in", HOLDING: "holding the runner"}


def _table() -> dict[str, Any]:
    return load_table("infield_depth")


def infielders() -> list[Position]:
    return list(_INFIELDERS)


_INFIELDERS = tuple(Position(p) for p in _table()["infielders"])
_INFIELDER_KEYS = tuple(p.value for p in _INFIELDERS)


class _Rules:
    """One infield depth table (IP2021's, or IP2007 §8.5's) with its holding-the-runner rule."""

    def __init__(self, adjustments: dict[str, dict[str, Any]], holding: dict[str, Any]) -> None:
        self.adjustments = adjustments
        self.replaces = frozenset(str(d) for d in holding["replaces"])
        self.plays_as = str(holding["plays_as"])
        self.prompt = str(holding["prompt"])

    def row(self, position: Position, column: str) -> dict[str, Any]:
        """The fielder's own column ("1B back") where the table has one, else the depth's."""
        return self.adjustments.get(f"{position.value} {column}") or self.adjustments[column]


_RULES = {
    False: _Rules(_table()["adjustments"], _table()["holding_runner"]),
    True: _Rules(_table()["adjustments_2007"], _table()["holding_runner_2007"]),
}


def _rules(g: IPGame) -> _Rules:
    return _RULES[g.setup.options.infield_depth_2007]


def holding_runner(g: IPGame) -> bool:
    """The first baseman holds a runner on first when second base is open (Dugout's reading)."""
    return g.state.runner_on(1) is not None and g.state.runner_on(2) is None


def _played(rules: _Rules, holding: bool, position: str, depth: str) -> str:
    """The depth a fielder set to ``depth`` plays: "holding" for a first baseman the rule holds."""
    return HOLDING if holding and position == "1B" and depth in rules.replaces else depth


def current(g: IPGame, position: Position) -> str:
    """Where the fielder at ``position`` plays: "back", "half", "in" or "holding" (1B only).

    P and C always count as "in" (IP2021: they have the advantages of playing in)
    though they may throw to any base; outfielders report "back". The first
    baseman holding a runner on first is "holding" in place of the depths the rule
    replaces (IP2021 "Infield Depth": he is not "in"; IP2007 §8.5: he is at
    double-play depth). Use the adjustment functions below rather than mapping a
    depth to numbers yourself.
    """
    if position in FIXED:
        return "in"
    if not position.is_infield:
        return "back"
    depth = g.state.depth(position)
    if position is Position.FIRST and holding_runner(g):
        return _played(_rules(g), True, "1B", depth)
    return depth


def column(g: IPGame, position: Position) -> str:
    """The column of the adjustment table: "back", "half", "in", or "P" / "C" (holding plays as its column)."""
    fixed = FIXED.get(position)
    if fixed is not None:
        return fixed
    depth = current(g, position)
    return _rules(g).plays_as if depth == HOLDING else depth


def _adjustment(g: IPGame, position: Position, name: str) -> int:
    if not (position in FIXED or position.is_infield):
        return 0
    return int(_rules(g).row(position, column(g, position))[name])


def range_adjustment(g: IPGame, position: Position) -> int:
    """IP2021 infield depth table, range: back 0, half -1, in -2; never for P, C or outfielders."""
    return _adjustment(g, position, "range")


def gdp_adjustment(g: IPGame, position: Position) -> int:
    """Combined GDP change for a double play started by this fielder (half +1, pitcher +1)."""
    return _adjustment(g, position, "gdp")


def br_first_adjustment(g: IPGame, position: Position) -> int:
    """BR change for the runner forced on this fielder's double play try (half -1, pitcher -1)."""
    return _adjustment(g, position, "br_first")


def br_third_adjustment(g: IPGame, position: Position) -> int:
    """BR change for the runner from third in a play at the plate (back +2, half -1, in/P/C -2)."""
    return _adjustment(g, position, "br_third")


def throws_to(g: IPGame, position: Position, base: int) -> bool:
    """Whether this fielder may make a play at ``base`` (4 = home): an infielder playing in throws home or to first."""
    if not (position in FIXED or position.is_infield):
        return True
    return base in _rules(g).row(position, column(g, position))["throws_to"]


def describe(g: IPGame, position: Position) -> str:
    """ "SS halfway", "1B holding the runner" style, for a modifier's name."""
    if position in FIXED:
        return f"{position.value} fielding"
    return f"{position.value} {WORDS[current(g, position)]}"


# --- the defense's decision ---------------------------------------------------------


def alignment_of(g: IPGame) -> dict[str, str]:
    """Where the infielders play now, by position: the depths set, with "holding" for a held first baseman."""
    depths = g.state.infield_depth
    holding = holding_runner(g)
    rules = _rules(g)
    return {p: _played(rules, holding, p, depths.get(p, "back")) for p in _INFIELDER_KEYS}


def _alignments() -> dict[str, dict[str, str]]:
    """The named alignments' depths by position, without their labels."""
    return {key: {p: str(alignment[p]) for p in _INFIELDER_KEYS} for key, alignment in _table()["alignments"].items()}


_ALIGNMENTS = _alignments()
# The named alignments as they are played, by (2007 table?, first baseman holding?), built once:
# while the first baseman holds, "in" for him is "holding".
_PLAYED = {
    (table, holding): {
        key: {p: _played(_RULES[table], holding, p, d) for p, d in alignment.items()}
        for key, alignment in _ALIGNMENTS.items()
    }
    for table in (False, True)
    for holding in (False, True)
}


def suggested_alignment(g: IPGame) -> str:
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


def set_with_call(g: IPGame) -> bool:
    """Whether the defense sets its infield with its call before the pitch: runners on, fewer than two outs.

    The defense decides first (issue 12): its one call names the pitch and the
    alignment together, before the offense is asked, and the offense sees it.
    """
    state = g.state
    return state.outs < 2 and (state.bases[0] is not None or state.bases[1] is not None or state.bases[2] is not None)


def play_back(g: IPGame) -> None:
    """Bases empty or two outs: the infield plays back and nobody is asked (see :func:`before_plate_appearance`)."""
    g.state.infield_depth = {}
    g.state.depth_set_for = None


def call_alignment(g: IPGame) -> str:
    """The alignment the auto-manager sets with the call: the one set for this very base/out state
    if there is one (the manager's own choice stands), else the books' suggestion."""
    state = g.state
    if state.depth_set_for == (state.outs, state.base_state()):
        now = alignment_of(g)
        played = _PLAYED[g.setup.options.infield_depth_2007, holding_runner(g)]
        named = next((k for k, a in played.items() if a == now), None)
        if named is not None:
            return named
    return suggested_alignment(g)


def alignment_options(g: IPGame) -> list[tuple[str, str]]:
    """(alignment key, label) for each named alignment as it would be played now."""
    played = _PLAYED[g.setup.options.infield_depth_2007, holding_runner(g)]
    return [(key, _label(key, alignment)) for key, alignment in played.items()]


def set_alignment(g: IPGame, key: str) -> None:
    """The defense sets the infield to a named alignment for this base/out state (its call before the pitch)."""
    state = g.state
    state.infield_depth = dict(_ALIGNMENTS[key])
    state.depth_set_for = (state.outs, state.base_state())


def alignment_text(g: IPGame) -> str:
    """The infield as the batter sees it: "Double-play depth (halfway), 1B holding the runner"."""
    now = alignment_of(g)
    played = _PLAYED[g.setup.options.infield_depth_2007, holding_runner(g)]
    named = next((key for key, a in played.items() if a == now), None)
    if named is not None:
        return _label(named, now)
    return ", ".join(f"{p} {WORDS[d]}" for p, d in now.items())


def before_plate_appearance(g: IPGame) -> None:
    """IP2021 "Infield Depth": set the infield before the pitch.

    With the bases empty, or with two outs, the infield plays back (normal
    positioning; the books' chart puts it back with two outs) and nobody is asked.
    Otherwise the defense is asked (``infield_depth``) whenever the base/out state
    differs from the one it last answered for; the state remembers that one until
    the bases empty or the half inning ends (``GameState.depth_set_for``). The
    defense sets it with its call (:func:`set_with_call`), so it is asked here only
    when the bases changed before the pitch (a steal, a pickoff, a balk).
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
    rules, holding = _rules(g), holding_runner(g)
    played = _PLAYED[g.setup.options.infield_depth_2007, holding]  # alignments compare as played
    now = alignment_of(g)
    named_now = next((key for key, a in played.items() if a == now), None)
    suggestion = suggested_alignment(g)
    if suggestion == named_now:
        suggestion = UNCHANGED
    # The prompt and options are built only if a person (or a test's manager) reads them.
    prompt = partial(_prompt, g, rules, holding)
    options = partial(_options, played, now, named_now)
    context: Callable[[], dict[str, object]] = partial(
        dict, holding_runner=holding, alignments=list(_ALIGNMENTS), played_now=now
    )
    choice = g.ask(state.fielding.key, "infield_depth", prompt, options, suggestion, context)
    if choice != UNCHANGED:
        state.infield_depth = dict(_ALIGNMENTS[choice])
    if holding:
        _tell_holding(g, rules)


def tell_holding(g: IPGame) -> None:
    """After the call: say so when the first baseman holds the runner instead of playing where the infield was set."""
    if holding_runner(g):
        _tell_holding(g, _rules(g))


def _tell_holding(g: IPGame, rules: _Rules) -> None:
    """Say so when the first baseman holds the runner instead of playing where the infield was set.

    A Reading event, which the narration tells as it is: "infield depth (Name), 1B:
    holding the runner, not in (played halfway)".
    """
    set_to = g.state.depth(Position.FIRST)
    if set_to not in rules.replaces or set_to == rules.plays_as:
        return
    fielder = g.state.fielding.fielder(Position.FIRST)
    result = f"holding the runner, not {WORDS[set_to]} (played {WORDS[rules.plays_as]})"
    g.emit(ReadingEvent("infield depth", fielder.name, "1B", result))


def _prompt(g: IPGame, rules: _Rules, holding: bool) -> str:
    # The score, outs and matchup come before it (asking.words).
    text = f"{bases_text(g).capitalize()}: where does the infield play?"
    return f"{text} {rules.prompt}" if holding else text


def _label(key: str, played: dict[str, str]) -> str:
    alignment = _table()["alignments"][key]
    return str(alignment["holding_label"] if played["1B"] == HOLDING else alignment["label"])


def _options(played: dict[str, dict[str, str]], now: dict[str, str], named_now: str | None) -> list[Option]:
    if named_now is not None:
        now_label = _label(named_now, now)
    else:
        now_label = ", ".join(f"{p} {WORDS[d]}" for p, d in now.items())
    options = [Option(key, _label(key, alignment)) for key, alignment in played.items()]
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
