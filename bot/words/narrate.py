"""Events into words, roll by roll, the way the rule books tell a play, and a line that sums it up.

Pure functions, no I/O: the terminal prints these lines and the Discord bot puts the
same lines into embeds. A die roll that is read right away on a card, a chart or a
rating check is folded into that reading ("Pitcher card 3-4 (Tom Seaver): K"); a roll
nothing reads is told on its own. The engine's keys and chart codes are said in plain
words (``bot.words.glossary``). Each plate appearance ends with one line that tells the whole
play, from the calls before the pitch to the last runner ("Renfrow caught stealing
second 2-6; Ochoa strikes out"); its RBI are the events' own (OBR 9.04). Event types
this module does not know are told generically, and no event ever makes it raise.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bot.words.glossary import (
    CALLS,
    CHART_RESULTS,
    HIT_RANGE_RESULTS,
    MOVE_REASONS,
    PITCHER_CELLS,
    POSITIONS,
    RARE_PLAYS,
    WHO_CALLED,
    plural,
    said_counts,
)
from engine.boxscore import (
    BattingLine,
    BoxScore,
    FieldingLine,
    LineScore,
    TeamBox,
    classify,
    earned_runs,
    ordinal,
    player_names,
)
from engine.events import (
    EXTRA_INNING_RUNNER,
    Check,
    Decided,
    ErrorCharged,
    Event,
    Fatigue,
    GameEnded,
    HalfInningStarted,
    PlateAppearanceEnded,
    PlateAppearanceStarted,
    Reading,
    Roll,
    RunnerMoved,
    RunnerOut,
    RunScored,
    Substitution,
)
from engine.rulesets import rulesets
from engine.scene import outs_text
from engine.setup import AnySetup

FIELDERS = {
    1: "the pitcher",
    2: "the catcher",
    3: "first",
    4: "second",
    5: "third",
    6: "short",
    7: "left",
    8: "center",
    9: "right",
}
HIT_RANGES = ("LH?/RH?", "LH?", "RH?", "H?")
CARDS = {"pitcher": "Pitcher card", "batter": "Batter card", "ballpark": "Ballpark card"}
HIT_WORDS = {"1B": "single", "2B": "double", "3B": "triple"}
HIT_VERBS = {"1B": "singles", "2B": "doubles", "3B": "triples"}
OUT_WORDS = {"G": "grounds to", "F": "flies to", "L": "lines to", "P": "pops up to"}
OUT_VERBS = {"G": "grounds out to", "F": "flies out to", "L": "lines out to", "P": "pops out to"}
BASE_WORDS = {1: "first", 2: "second", 3: "third", 4: "home"}
WORD_BASES = {"first": 1, "second": 2, "third": 3, "home": 4}
PICKOFF_CELL = "BK / PO / POE"  # running.pickoff's reading of the pitcher's balk and pickoff ranges
STRATEGY_ROLL = "strategy roll"
SPOTS = {n: ordinal(n) for n in range(1, 10)}


@dataclass(frozen=True)
class Names:
    """Who the ids in events are: player ids and the two team keys."""

    players: Mapping[str, str]
    teams: Mapping[str, str]
    # The game's setup, when known: a run's earned or not is then the box score's own (engine.boxscore).
    setup: AnySetup | None = field(default=None, compare=False)

    @classmethod
    def of(cls, setup: AnySetup) -> Names:
        return cls(player_names(setup), {"away": setup.away.name, "home": setup.home.name}, setup)

    def player(self, player_id: str) -> str:
        return self.players.get(player_id, player_id)

    def team(self, key: str) -> str:
        return self.teams.get(key, key)


@dataclass(frozen=True)
class Line:
    """One narrated line; ``kind`` is the event's type tag, for a front end's layout.

    The line that sums up a play has kind "result" (it is told where the result is).
    """

    kind: str
    text: str


@dataclass(frozen=True)
class Context:
    """Where an event stands among the game's events, for the words that need the play around it."""

    events: Sequence[Event]
    index: int

    def before(self) -> Sequence[Event]:
        """The events of this play so far, back to the previous result or half inning."""
        start = play_start(self.events, self.index)
        return self.events[start : self.index]

    def after(self) -> Sequence[Event]:
        """The rest of this play, up to its result."""
        out = []
        for event in self.events[self.index + 1 :]:
            if isinstance(event, PlateAppearanceStarted | HalfInningStarted | GameEnded):
                break
            out.append(event)
            if isinstance(event, PlateAppearanceEnded):
                break
        return out


def play_start(events: Sequence[Event], index: int) -> int:
    """The index after the last result, half-inning start or end of game before ``index``."""
    for i in range(index - 1, -1, -1):
        if isinstance(events[i], PlateAppearanceEnded | HalfInningStarted | GameEnded):
            return i + 1
    return 0


def base_name(base: int) -> str:
    return {0: "the plate", 4: "home"}.get(base, ordinal(base))


def base_word(base: int) -> str:
    return BASE_WORDS.get(base, base_name(base))


def bases_text(bases: Sequence[str | None]) -> str:
    taken = [ordinal(i + 1) for i, who in enumerate(bases) if who]
    if not taken:
        return "bases empty"
    if len(taken) == 3:
        return "bases loaded"
    if len(taken) == 1:
        return f"runner on {taken[0]}"
    return f"runners on {taken[0]} and {taken[1]}"


def _field(notation: str) -> str:
    digits = [c for c in notation if c.isdigit()]
    return FIELDERS.get(int(digits[-1]), "") if digits else ""


def result_words(result: str, notation: str) -> str:
    """A plate appearance's result in words, with the scorer's notation: "single to center (S8)"."""
    text = result.strip().upper()
    mark = classify(result, notation)
    shown = notation or result
    where = _field(shown)
    to = f" to {where}" if where else ""
    if "DP" in text or "DP" in notation.upper():
        sequence = next((t for t in (notation, result) if _is_throw_sequence(t)), "")
        if not sequence and notation and notation.upper() != text:
            sequence = f"({notation})"
        return f"Double play {sequence}".strip()
    if text == "IBB":
        return "intentionally walked"
    if _is_throw_sequence(shown):
        return f"out, {shown}"
    if mark == "K":
        return "strikes out"
    if mark == "BB":
        return "walks"
    if mark == "HBP":
        return "hit by pitch"
    if mark == "HR":
        return f"home run{to}"
    if mark in HIT_WORDS:
        stretch = ", stretching" if "+" in shown else ""
        return f"{HIT_WORDS[mark]}{to}{stretch} ({shown})"
    if mark == "SF":
        return f"sacrifice fly{to} ({shown})"
    if mark == "SH":
        return f"sacrifice bunt ({shown})"
    if mark == "E":
        return f"reaches on an error ({shown})"
    if mark == "CI":
        return "reaches on catcher's interference"
    if text == "FC":
        return f"fielder's choice ({notation})" if notation and notation != result else "fielder's choice"
    if text in ("RARE", "RP"):
        return "a rare play"
    verb = OUT_WORDS.get(shown[:1].upper())
    if verb and where:
        return f"{verb} {where} ({shown})"
    return shown


def _is_throw_sequence(text: str) -> bool:
    parts = text.split("-")
    return len(parts) >= 2 and all(p.isdigit() for p in parts)


def _signed(name: str, value: int) -> str:
    return f" + {name} {value}" if value >= 0 else f" - {name} {-value}"


def _modifier_name(modifier: str, check: str) -> str:
    """ "ballpark K" in a K check reads "ballpark"."""
    words = modifier.split()
    if len(words) > 1 and check.split()[:1] == words[-1:]:
        return " ".join(words[:-1])
    return modifier


def _folds(roll: Roll, following: Event | None) -> bool:
    """Does the next event read this roll (so it is told there)?"""
    if isinstance(following, Check):
        return len(roll.values) == 1 and roll.values[0] == following.roll
    if isinstance(following, Reading):
        if roll.dice == "2d6" and len(roll.values) == 2:
            red, white = roll.values
            if following.cell == f"{red}-{white}":
                return True
            # The throw chart reads the red die; a rare-play chart the two dice added.
            throw = following.card == "throw chart" and following.cell == str(red)
            return throw or following.cell == str(red + white)
        if len(roll.values) != 1:
            return False
        value = str(roll.values[0])
        if following.cell == PICKOFF_CELL:
            return True
        # Charts read by a rating and a die: "BNT 3, 14", "INJ 2, 7", "L6 3".
        return following.cell == value or following.cell.endswith((f", {value}", f" {value}"))
    return False


def describe(event: Event, names: Names, roll: Roll | None = None, context: Context | None = None) -> str | None:
    """One event in words; ``roll`` is the roll it reads, if any. None: nothing worth a line.

    ``context`` (the game's events and where this one is) lets a line name what the
    event alone does not: the runner held, the man a reliever bats for, who made a call.
    """
    try:
        return _describe(event, names, roll, context)
    except Exception:  # a front end must never fall over on an event it does not expect
        return generic(event, names)


# Calls that go without saying: a manager who lets his man pitch or swing away.
ROUTINE_CALLS = {"pitch", "swing", "unchanged"}
# Calls told by the substitution that follows them.
SUBSTITUTION_CALLS = ("relief:", "field:", "pinch_hit:", "pinch_run:", "injury:", "position:", "replace:", "double:")
# The steps of a change (engine.inside_pitch.manager): the substitution that follows tells it.
CHANGE_STEPS = frozenset(("who_leaves", "who_comes_in"))
# Deep Drive's "no change" answers, asked at the start of every half: told only when a manager gave them.
QUIET_CALLS = {"defense": frozenset(("none",)), "pitching_change": frozenset(("stay",))}
CHANGE_CALLS = frozenset(("relief", "field", "pinch_hit", "pinch_run", "double", "back"))


def call_words(kind: str, choice: str) -> str:
    """What a manager's call does, as the end of a sentence: "brings the infield in"."""
    if choice.startswith("steal:"):
        starts = sorted((int(b) for b in choice.split(":")[1].split("+")), reverse=True)
        runners = " and ".join(f"the runner from {base_word(b)}" for b in starts)
        return f"sends {runners}"
    return CALLS.get(kind, {}).get(choice, "")


def _strategy_roll(context: Context | None) -> int | None:
    """The strategy roll the calls before this pitch were made on, if there was one."""
    if context is None:
        return None
    for event in reversed(context.before()):
        if isinstance(event, Roll) and event.purpose == STRATEGY_ROLL:
            return event.values[0]
        if isinstance(event, PlateAppearanceStarted):
            return None
    return None


def _decided(event: Decided, names: Names, context: Context | None = None) -> str | None:
    """A call, and who made it. A manager's own call never shows the strategy roll as its cause."""
    if event.choice in ROUTINE_CALLS or event.choice.startswith(SUBSTITUTION_CALLS):
        return None
    if event.choice in QUIET_CALLS.get(event.kind, ()) and event.by != "manager":
        return None  # the auto-manager leaving things be, each half inning: nothing to tell
    if event.kind in CHANGE_STEPS or event.choice in CHANGE_CALLS:
        return None  # the substitution that follows tells the change
    team = names.team(event.side)
    if event.choice.startswith("pitch:"):  # the defense's call with its infield (engine: defense first)
        alignment = event.choice.split(":", 1)[1]
        if alignment == "back":
            return None
        does = call_words("infield_depth", alignment)
    else:
        does = call_words(event.kind, event.choice)
    who = WHO_CALLED.get(event.by, event.by.replace("_", " "))
    if not does:  # a question this module has no sentence for: its kind and the answer
        by = "" if event.by == "manager" else f" ({who})"
        return f"{team} manager, {event.kind.replace('_', ' ')}: {event.choice.replace('_', ' ')}{by}"
    if event.by == "manager":
        return f"{team} manager {does}"
    roll = _strategy_roll(context) if event.kind in ("offense", "defense") else None
    on = f", on strategy roll {roll}" if roll is not None else ""
    return f"{team} {does} ({who}{on})"


def _spot_holder(events: Sequence[Event], upto: int, team: str, spot: int) -> str | None:
    """Who batted in ``spot`` for ``team`` before ``events[upto]``, as far as substitutions say."""
    for event in reversed(events[:upto]):
        if isinstance(event, Substitution) and event.team == team and event.spot == spot:
            return event.player_in
    return None


def _substitution(event: Substitution, names: Names, context: Context | None = None) -> str:
    new, old = names.player(event.player_in), names.player(event.player_out)
    if event.kind == "pitcher":
        # After a pinch hitter took the pitcher's spot, the reliever bats in the pinch
        # hitter's place: the pitcher left the game when the pinch hitter came in.
        holder = _spot_holder(context.events, context.index, event.team, event.spot) if context and event.spot else None
        if holder is not None and holder != event.player_out:
            return (
                f"Pitching change: {new} pitches for {names.team(event.team)}, "
                f"batting {SPOTS.get(event.spot, event.spot)} in place of {names.player(holder)}"
            )
        return f"Pitching change: {new} replaces {old}"
    if event.kind == "pinch_hitter":
        return f"{new} pinch-hits for {old}"
    if event.kind == "pinch_runner":
        return f"{new} pinch-runs for {old}"
    where = POSITIONS.get(event.position, event.position)
    if event.kind == "position":  # a substitute already in the game takes the field
        if event.player_in == event.player_out:
            return f"{new} stays in the game as the {where}"
        return f"{new} goes in as the {where}, replacing {old}"
    if event.kind == "injury":
        return f"{new} replaces the injured {old} ({where})"
    return f"{new} replaces {old} as the {where}"


def generic(event: Any, names: Names) -> str:
    try:
        data = dict(event.to_dict())
    except Exception:
        return repr(event)
    kind = str(data.pop("type", type(event).__name__))
    parts = []
    for key, value in data.items():
        if isinstance(value, str) and value in names.players:
            value = names.player(value)
        parts.append(f"{key.replace('_', ' ')} {value}")
    return (
        f"{kind.replace('_', ' ').capitalize()}: {', '.join(parts)}" if parts else kind.replace("_", " ").capitalize()
    )


def _describe(event: Event, names: Names, roll: Roll | None, context: Context | None = None) -> str | None:
    if isinstance(event, HalfInningStarted):
        half = "Top" if event.top else "Bottom"
        return f"{half} of the {ordinal(event.inning)}: {names.team(event.batting)} batting"
    if isinstance(event, PlateAppearanceStarted):
        outs = outs_text(event.outs)
        return (
            f"{names.player(event.batter)} ({event.batter_side}) vs {names.player(event.pitcher)} "
            f"({event.pitcher_hand}); {outs}, {bases_text(event.bases)}"
        )
    if isinstance(event, Roll):
        if event.purpose == STRATEGY_ROLL:
            return None  # told with the calls it advised (or not at all: a manager's own call)
        rolled = f"{event.dice} {'-'.join(str(v) for v in event.values)} for {purpose_words(event.purpose)}"
        outcome = range_outcome(event, context)
        return f"{rolled}: {outcome}" if outcome else rolled
    if isinstance(event, Reading):
        if (own := own_readings().get(event.card)) is not None:
            owner = names.player(event.owner) if event.owner in names.players else event.owner
            return own(event, owner, roll, context.before() if context is not None else ())
        return _reading(event, roll)
    if isinstance(event, Check):
        return _check(event, names, roll, context)
    if isinstance(event, RunnerMoved) and event.reason == EXTRA_INNING_RUNNER:
        before = context.events[: context.index] if context is not None else ()
        opened = next((e for e in reversed(before) if isinstance(e, HalfInningStarted)), None)
        inning = f"the {ordinal(opened.inning)}" if opened is not None else "the inning"
        return f"{names.player(event.runner)} starts {inning} on {base_word(event.end)}"
    if isinstance(event, RunnerMoved):
        who = names.player(event.runner)
        why = MOVE_REASONS.get(event.reason, event.reason.replace("_", " "))
        why = f", {why}" if why else ""
        if event.end >= 4:
            return f"{who} scores{why}" if event.start == 0 else f"{who} scores from {base_name(event.start)}{why}"
        if event.start == 0:
            return f"{who} to {base_name(event.end)}{why}"
        return f"{who} from {base_name(event.start)} to {base_name(event.end)}{why}"
    if isinstance(event, RunnerOut):
        return _runner_out(event, names, context)
    if isinstance(event, RunScored):
        return None if _earned(event, names, context) else f"The run by {names.player(event.runner)} is unearned"
    if isinstance(event, ErrorCharged):
        kind = ERROR_KINDS.get(event.kind, event.kind.replace("_", " "))
        return f"Error on the {POSITIONS.get(event.position, event.position)}, {names.player(event.fielder)}: {kind}"
    if isinstance(event, PlateAppearanceEnded):
        if context is not None:
            begin = play_start(context.events, context.index)
            return summary(context.events[begin : context.index + 1], names, context.events, begin)
        rbi = {0: "", 1: ", RBI"}.get(event.rbi, f", {event.rbi} RBI")
        return f"{names.player(event.batter)}: {result_words(event.result, event.notation)}{rbi}"
    if isinstance(event, Decided):
        return _decided(event, names, context)
    if isinstance(event, Substitution):
        return _substitution(event, names, context)
    if isinstance(event, Fatigue):
        who = names.player(event.pitcher)
        if event.state == "exhausted":
            return f"{who} is exhausted: he must leave before the next batter"
        return f"{who} is {event.state} ({plural(event.batters_faced, 'batter')} faced)"
    if isinstance(event, GameEnded):
        extra = "" if event.innings == 9 else f" in {event.innings} innings"
        return f"Final{extra}: {names.team('away')} {event.away_runs}, {names.team('home')} {event.home_runs}"
    if event.type == "injury":
        return _injury(event, names)
    return generic(event, names)


def _bases_now(context: Context) -> set[int]:
    """The bases taken at this point of the plate appearance: its start's, moved on by the events since."""
    taken: dict[str, int] = {}
    for event in context.before():
        if isinstance(event, PlateAppearanceStarted):
            taken = {who: base for base, who in enumerate(event.bases, 1) if who}
        elif isinstance(event, RunnerMoved):
            if event.end >= 4:
                taken.pop(event.runner, None)
            else:
                taken[event.runner] = event.end
        elif isinstance(event, RunnerOut):
            taken.pop(event.runner, None)
    return set(taken.values())


def _next_read(context: Context) -> Event | None:
    """The first reading or check after this roll, in its play."""
    return next((e for e in context.after() if isinstance(e, Reading | Check)), None)


def range_outcome(roll: Roll, context: Context | None) -> str:
    """What a roll against a range came to, when no reading or check tells it ("" when another line does).

    The engine rolls the pitcher's WP and PB? ranges, the (??) and HR? ranges and a few one-die
    choices and then simply goes on: the events that follow say what the roll decided.
    """
    if context is None:
        return ""
    purpose, after = roll.purpose, context.after()
    following = _next_read(context)
    if purpose == "WP / PB? range":  # IP2021 "WLD": a wild pitch, a passed-ball chance, or a foul ball
        if any(isinstance(e, RunnerMoved) and e.reason == "wild pitch" for e in after):
            return "a wild pitch"
        if isinstance(following, Check) and following.name.startswith("passed ball"):
            return "a passed ball, unless the catcher blocks it"
        return "a foul ball; the at bat goes on" if _bases_now(context) else "nobody on to move; the at bat goes on"
    if purpose == "?? range":  # IP2021 "(??)": within the range, the split result; outside, the batter's card
        if isinstance(following, Reading) and following.card == "batter":
            return "outside the range: the batter's card decides"
        if isinstance(following, Reading) and following.card == "** line":
            return "within the range: an out off the pitcher's outs line"
        return "within the range: a single"
    if purpose == "HR? range":
        if isinstance(following, Check) and following.name.startswith("HR"):
            return "within the range: a home run check"
        return "outside the range: the batter's card decides"
    if purpose.startswith("single or double past"):  # IP2007 §6 "#"
        hit = next((e for e in after if isinstance(e, RunnerMoved) and e.start == 0), None)
        return {1: "a single", 2: "a double"}.get(hit.end, "") if hit is not None else ""
    if purpose == "force at third":  # the defense took the force on a G5 right at the third baseman
        out = any(isinstance(e, RunnerOut) and e.base == 3 for e in after)
        return "the force at third is made" if out else "no force: the out is at first"
    if purpose.endswith(("doubled off?", "triple play?")):  # DDB "Outs Chart": 00-09 (00-29) puts him out
        out = any(isinstance(e, RunnerOut) and e.base for e in after)
        what = "doubled off" if purpose.endswith("doubled off?") else "a triple play"
        return f"yes: {what}" if out else "no: the runners hold"
    if purpose.startswith("runner on second (") and not isinstance(following, Check):  # G5: he goes on a 6
        moved = any(isinstance(e, RunnerMoved) and e.start == 2 for e in after)
        return "the runner on second takes third" if moved else "the runner on second stays"
    return ""


def _earned(event: RunScored, names: Names, context: Context | None) -> bool:
    """Is the run earned, as the box score charges it to its pitcher (OBR 9.16)? The event's own flag only
    says the runner did not reach on an error; without the setup there is nothing better."""
    if names.setup is None or context is None:
        return event.earned
    # Every event known, not those up to the run: the plate appearance's result (a hit, an error) decides.
    return _earned_runs(names.setup, context.events).get(context.index, event.earned)


# The last game's earned runs: a walk over every event, once per narration and not once per run scored.
_last_earned: tuple[AnySetup, Sequence[Event], int, Event | None, dict[int, bool]] | None = None


def _earned_runs(setup: AnySetup, events: Sequence[Event]) -> dict[int, bool]:
    global _last_earned
    last = events[-1] if events else None
    kept = _last_earned  # read once: narrations in other threads (the web site's) replace it
    if kept is not None and kept[0] is setup and kept[1] is events and kept[2] == len(events) and kept[3] is last:
        return kept[4]
    earned = earned_runs(setup, events)
    _last_earned = (setup, events, len(events), last, earned)
    return earned


ERROR_KINDS = {
    "throwing (steal)": "his throw on the steal gets away",
    "pickoff throw": "his pickoff throw gets away",
    "throwing": "a throwing error",
    "fielding": "a fielding error",
}

# Roll purposes the engine writes for itself, in words (the rest read plainly as they are).
PURPOSES = (
    (re.compile(r"^(.*): OTC roll (\d) \((red|white|blue)\)$"), r"\1, the \3 die"),
    (re.compile(r"^\?\? range$"), "the split check"),
    (re.compile(r"^HR\? range$"), "the home run chance"),
    (re.compile(r"^WP / PB\? range$"), "a wild pitch or passed ball"),
    (re.compile(r"^\?\? bunt: play at the plate$"), "the play at the plate on the bunt"),
    (re.compile(r"^single or double past (\d)$"), "a single or a double past the fielder (\\1)"),
)


@cache
def purpose_words(purpose: str) -> str:
    for pattern, words in PURPOSES:
        if pattern.match(purpose):
            return pattern.sub(words, purpose)
    return purpose.replace("_", " ")


def _injury(event: Any, names: Names) -> str:
    """Told from the event's fields by name, so a change in the Injury event type cannot break it."""
    who = getattr(event, "name", "") or names.player(str(getattr(event, "player", "")))
    kind = str(getattr(event, "kind", ""))
    if kind == "none":
        return f"{who} is shaken up but stays in the game"
    days = int(getattr(event, "days", 0) or 0)
    more = f" and {days} more day{'s' if days != 1 else ''}" if days else ""
    if kind.startswith("game"):
        label = "out for the game"
    elif kind.endswith("-day"):
        label = f"to the {kind} injured list"
    else:
        label = f"injured ({kind})"
    return f"{who} is hurt: {label}{more}"


@cache
def own_readings() -> Mapping[str, Callable[[Reading, str, Roll | None, Sequence[Event]], str]]:
    """The readings a ruleset tells in words of its own (its narration's), by chart; the rest read as charts do."""
    return {card: words for rules in rulesets() for card, words in rules.narration.readings.items()}


@cache
def _error_type(code: str) -> str:
    """An error chart's type ("#5") by its name in the chart's own table (its ruleset's narration)."""
    name = next((n for rules in rulesets() if (n := rules.narration.error_type(code))), None)
    return f"{name} ({code})" if name else code


def chart_result(card: str, result: str) -> str:
    """A chart's result in words."""
    words = CHART_RESULTS.get(card.replace(" (2007)", ""), {}).get(result)
    if words:
        return words
    if card.startswith("rare plays"):
        return RARE_PLAYS.get(result, result.replace("_", " "))
    if card.endswith("error chart"):
        return "a foul ball: the at bat goes on" if result == "foul" else _error_type(result)
    if card == "injury chart":
        if result.startswith("game+"):
            return f"out for the game and {result[5:]} more days"
        if result.startswith("reroll"):
            return "roll again"
    return result.replace("_", " ")


def _reading(event: Reading, roll: Roll | None) -> str:
    die = f"{roll.dice} {'-'.join(str(v) for v in roll.values)}" if roll is not None else ""
    if event.card == "pitcher" and event.cell == PICKOFF_CELL:
        return _pickoff(event, roll)
    if event.card in CARDS:
        shown = PITCHER_CELLS.get(event.result, event.result) if event.card == "pitcher" else event.result
        return f"{CARDS[event.card]} {event.cell} ({event.owner}): {shown}"
    if event.card == "** line":
        return f"{event.owner}'s ** line, column {event.cell}: {event.result}"
    if event.card in HIT_RANGES:
        whose = "hit ranges" if event.card != "H?" else "hit ranges on the ballpark card"
        result = HIT_RANGE_RESULTS.get(event.result, event.result)
        return f"{die or 'roll'} {event.cell if not die else ''}".strip() + f" on {event.owner}'s {whose}: {result}"
    if event.card.endswith("error chart"):
        return f"Error chart ({event.owner}, {event.cell}): {chart_result(event.card, event.result)}"
    if event.card == "range chart":
        ball, made = event.cell.rsplit(" ", 1)
        verdict = "makes the play" if made == "made" else "does not get to it"
        return f"{event.owner} {verdict} on the {ball}: {event.result}"
    if event.card in ("throw chart", "OTC roll 1"):
        return f"{event.owner} throws ({die or 'die ' + event.cell}): {chart_result(event.card, event.result)}"
    if event.card in ("throw chart B", "OTC roll 3"):
        return f"The throw (die {event.cell}): {chart_result(event.card, event.result)}"
    if event.card == "OTC roll 2.6":
        return f"{event.owner}'s arm, die {event.cell}: {chart_result(event.card, event.result)}"
    if event.card == "bunt fielder":
        return f"The bunt ({die or event.cell}): {chart_result(event.card, event.result)}"
    if event.card == "third base location":
        return f"Where the third baseman fields it ({die or event.cell}): {chart_result(event.card, event.result)}"
    label = event.card[:1].upper() + event.card[1:]
    owner = "" if event.owner == "Inside Pitch" else f" ({event.owner})"
    cell = die if roll is not None and event.cell in (str(roll.values[-1]), str(sum(roll.values))) else event.cell
    return f"{label}{owner}, {said_counts(cell)}: {chart_result(event.card, event.result)}"


PICKOFF_WORDS = {
    "balk": "a balk: every runner moves up a base",
    "picked off": "picked off",
    "pickoff error": "the throw gets away",
}


def _pickoff(event: Reading, roll: Roll | None) -> str:
    """IP2021 "A strategy roll of 20": the pitcher throws over; his balk and pickoff ranges decide."""
    runner, base = "", ""
    if roll is not None:
        found = re.match(r"pickoff attempt on (.+) at (first|second|third)", roll.purpose)
        if found:
            runner, base = found.groups()
    die = f" (1d20 {roll.values[0]})" if roll is not None else ""
    to = f" to {base}" if base else ""
    if event.result == "no play":
        held = f"{runner} is held at {base}" if runner else "the runner gets back"
        return f"{event.owner} throws over{to}{die}: {held}"
    return f"{event.owner} throws over{to}{die}: {PICKOFF_WORDS.get(event.result, event.result)}"


# Rating checks by name: (pattern, subject, rating, yes, no); the subject may use the groups.
CHECKS: tuple[tuple[re.Pattern[str], str, str, str, str], ...] = tuple(
    (re.compile(pattern), subject, rating, yes, no)
    for pattern, subject, rating, yes, no in (
        (r"^K$", "Strikeout check", "K", "strikeout", "no strikeout"),
        (r"^W$", "Walk check", "W", "walk", "no walk"),
        (r"^HBP$", "Hit-by-pitch check", "HBP", "hit by pitch", "not hit"),
        (r"^HR \((.*)\)$", "Home run check", "HR", "home run", "no home run"),
        (r"^GDP$", "Double-play check", "GDP", "double play", "no double play"),
        (r"^SF$", "Sacrifice fly check", "SF", "he scores with no throw", "the outfielder throws"),
        (r"^range \((.+) stops the throw\)$", "{0} tries to stop the throw", "range", "he stops it", "it gets by"),
        (r"^range \((.+), bunt\)$", "{0} on the bunt", "range", "he makes the play", "no play"),
        (r"^range \((.+), (.+)\)$", "{0}'s range on the {1}", "range", "play made", "no play"),
        (r"^error \((.+), (.+): odd rolls only\)$", "Error check, {0} ({1}, odd rolls only)", "E", "error", "no error"),
        (r"^error \((.+), (.+)\)$", "Error check, {0} ({1})", "E", "error", "no error"),
        (r"^passed ball \((.+) blocks\)$", "{0} tries to block the pitch", "PB", "blocked", "passed ball"),
        (r"^steal: (.+) steals (\w+)$", "{0} steals {1}", "SB", "safe", "caught"),
        (r"^hit and run: (.+) steals (\w+)$", "{0} runs on the hit and run, for {1}", "SB", "safe", "caught"),
        (r"^squeeze: (.+) steals (\w+)$", "{0} breaks for {1} on the squeeze", "SB", "safe", "caught"),
        (r"^bunt for a hit$", "Bunt for a hit", "BNT", "safe at first", "thrown out"),
        (r"^(.+) beats the force$", "{0} tries to beat the force", "BR", "safe", "forced out"),
        (r"^(.+) beats the throw \((.+)\)$", "{0} tries to beat the throw on the {1}", "BR", "safe", "thrown out"),
        (r"^(.+) scores$", "{0} tries to score", "BR", "scores", "out at the plate"),
        (r"^(.+) takes third$", "Can {0} take third?", "BR", "he takes third", "he stays at second"),
        (r"^(.+) gets back$", "{0} tries to get back", "BR", "gets back", "doubled off"),
        (r"^(S\+\d) stretch$", "The batter stretches the {0}", "BR", "takes second", "holds at first"),
    )
)
ADVANCE = re.compile(r"^(.+) to (first|second|third|home|[1-4])$")


def _check(event: Check, names: Names, roll: Roll | None, context: Context | None) -> str:
    die = roll.dice if roll is not None else "die"
    mods = "".join(_signed(_modifier_name(name, event.name), value) for name, value in event.modifiers)
    total = f" = {event.target}" if event.modifiers else ""
    subject, rating, yes, no = _check_words(event, names, context)
    verdict = yes if event.success else no
    subject += " " if subject.endswith("?") else ": "
    return f"{subject}{die} {event.roll} vs {rating} {event.rating}{mods}{total}: {verdict}"


def _check_words(event: Check, names: Names, context: Context | None) -> tuple[str, str, str, str]:
    for pattern, subject, rating, yes, no in CHECKS:
        found = pattern.match(event.name)
        if found:
            return subject.format(*found.groups()), rating, yes, no
    found = ADVANCE.match(event.name)
    if found:  # a runner tries for a base: on a throw, an error or a tag-up
        runner, to = found.groups()
        target = int(to) if to.isdigit() else WORD_BASES[to]
        where = base_word(target)
        thrown_out = context is not None and any(
            isinstance(e, RunnerOut) and names.player(e.runner) == runner for e in context.after()
        )
        # A failed check is a runner who stays where he is, unless a throw then puts him out (what happened).
        no = f"thrown out at {where}" if thrown_out else f"he stays at {base_word(target - 1)}"
        subject = f"Can {runner} take {where}?" if target < 4 else f"Can {runner} score?"
        return subject, "BR", f"he takes {where}" if target < 4 else "he scores", no
    return event.name.replace("_", " "), "rating", "made it", "did not"


THROWS = re.compile(r"^\d+(-\d+)*U?$")


def _started_on(context: Context | None, runner: str) -> int | None:
    """The base the runner stood on when the plate appearance began, if the context shows it."""
    if context is None:
        return None
    started = next((e for e in reversed(context.before()) if isinstance(e, PlateAppearanceStarted)), None)
    if started is None or runner not in started.bases:
        return None
    return started.bases.index(runner) + 1


def _forced(context: Context | None, runner: str, base: int) -> bool:
    """Was the runner forced to ``base`` (every base behind him taken at the pitch, on a ball on the ground)?"""
    start = _started_on(context, runner)
    if start is None or context is None:
        return False
    started = next(e for e in reversed(context.before()) if isinstance(e, PlateAppearanceStarted))
    return base == start + 1 and all(started.bases[: start - 1])


def _runner_out(event: RunnerOut, names: Names, context: Context | None) -> str:
    who = names.player(event.runner)
    how = event.how
    if event.base == 0:
        return f"{who} strikes out" if how == "K" else f"{who} is out ({how})"
    base = base_word(event.base)
    if how.startswith("CS"):
        return f"{who} is caught stealing {base} ({how[2:].strip()})"
    if how.startswith("picked off"):
        throws = how[len("picked off") :].strip()
        return f"{who} is picked off {base}" + (f" ({throws})" if throws else "")
    if how.startswith("doubled off"):
        return f"{who} is doubled off {base}"
    if THROWS.match(how):
        if _started_on(context, event.runner) == event.base:  # out at his own base: a catch, and he had left it
            return f"{who} is doubled off {base} ({how})"
        if _forced(context, event.runner, event.base):
            return f"{who} is forced at {base} ({how})"
        plate = "the plate" if event.base == 4 else base
        return f"{who} is thrown out at {plate} ({how})"
    return f"{who} is out at {base} ({how})"


# --- the one-line summary -------------------------------------------------------------


def _short(names: Names, player: str) -> str:
    """A runner in a summary: his last name, as a broadcaster says it after the first mention."""
    name = names.player(player)
    first, _, rest = name.partition(" ")
    return rest or first


def _batter_words(ended: PlateAppearanceEnded, batter_out: RunnerOut | None) -> str:
    """What the batter did, as a verb phrase: "grounds into a 6-4-3 double play", "singles to left"."""
    result, notation = ended.result, ended.notation
    text = result.strip().upper()
    mark = classify(result, notation)
    shown = notation or result
    where = _field(shown)
    to = f" to {where}" if where else ""
    throws = batter_out.how if batter_out is not None and THROWS.match(batter_out.how) else ""
    if "DP" in text or "DP" in notation.upper() or "TP" in text:
        play = "triple play" if "TP" in text else "double play"
        sequence = next((t for t in (notation, result, throws) if _is_throw_sequence(t)), "")
        if shown[:1].upper() == "L":  # a liner caught, a runner doubled off his base
            return f"lines into a {play}{to}"
        return f"grounds into a {sequence} {play}".replace("  ", " ") if sequence else f"hits into a {play}"
    if text == "IBB":
        return "is intentionally walked"
    if mark == "K":
        return "strikes out"
    if mark == "BB":
        return "walks"
    if mark == "HBP":
        return "is hit by a pitch"
    if mark == "HR":
        return f"homers{to}"
    if mark in HIT_VERBS:
        return f"{HIT_VERBS[mark]}{to} ({shown})"
    if mark == "SF":
        return f"hits a sacrifice fly{to} ({shown})"
    if mark == "SH":
        return f"lays down a sacrifice bunt ({shown.replace('SH', '').strip() or shown})"
    if mark == "E":
        fielder = POSITIONS.get(_position(shown), "")
        return f"reaches on an error by the {fielder} ({shown})" if fielder else f"reaches on an error ({shown})"
    if mark == "CI":
        return "reaches on catcher's interference"
    if text == "FC":
        return "reaches on a fielder's choice"
    if _is_throw_sequence(shown) or throws:
        kind = OUT_VERBS.get(shown[:1].upper(), "grounds out")
        verb = kind.split(" to")[0] if kind.endswith(" to") else kind
        if throws.endswith("U"):  # the fielder made the out himself
            return f"{verb} to {_field(throws)}, unassisted ({throws})"
        return f"{verb} {throws or shown}"
    out = OUT_VERBS.get(shown[:1].upper())
    if out and where:
        return f"{out} {where} ({shown})"
    return result_words(result, notation)


def mark_of(ended: PlateAppearanceEnded) -> str | None:
    """The scorer's mark of a result (None for an ordinary out)."""
    return classify(ended.result, ended.notation)


def _position(notation: str) -> str:
    digits = [c for c in notation if c.isdigit()]
    return ("", "P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")[int(digits[-1])] if digits else ""


# How the batter reached base, which his result already says.
SAID = ("hit", "walk", "intentional walk", "hit by pitch", "stretch", "catcher's interference", "fielder's choice")
# Runners who move between pitches: told before the batter's result.
BETWEEN_PITCHES = ("wild pitch", "passed ball", "balk")
# Reasons a runner moved that the batter's result already explains, left out of the summary.
IMPLIED = {"tag-up", "sacrifice fly", "sacrifice bunt", "ground out", "fielder's choice", "double play"}


def _runner_words(event: Event, names: Names, events: Sequence[Event], index: int) -> str | None:
    """A runner's part in a play, short: "Gorski scores", "Renfrow caught stealing second (2-6)"."""
    context = Context(events, index)
    if isinstance(event, RunnerMoved) and event.reason == EXTRA_INNING_RUNNER:
        return None  # told as the half starts (describe)
    if isinstance(event, RunnerMoved):
        who = _short(names, event.runner)
        why = "" if event.reason in IMPLIED else MOVE_REASONS.get(event.reason, event.reason.replace("_", " "))
        if event.reason == "stolen base":
            return f"{who} steals {base_word(event.end)}"
        why = f" {why}" if why else ""
        if event.end >= 4:
            return f"{who} scores{why}"
        return f"{who} to {base_word(event.end)}{why}"
    if isinstance(event, RunnerOut):
        text = _runner_out(event, names, context)
        text = text.replace(names.player(event.runner), _short(names, event.runner), 1)
        return text.replace(" is ", " ", 1)
    if isinstance(event, ErrorCharged):
        fielder = POSITIONS.get(event.position, event.position)
        return f"error by {fielder} {_short(names, event.fielder)}"
    if isinstance(event, Reading) and event.cell == PICKOFF_CELL and event.result == "balk":
        return f"{_short(names, _pitcher_id(names, event.owner))} balks"
    if isinstance(event, Substitution):
        return _substitution(event, names, context)
    if isinstance(event, Decided) and event.kind == "defense" and event.choice == "pickoff":
        return None
    return None


def _pitcher_id(names: Names, name: str) -> str:
    return next((pid for pid, shown in names.players.items() if shown == name), name)


def summary(play: Sequence[Event], names: Names, events: Sequence[Event] | None = None, offset: int = 0) -> str:
    """One line for a whole play: the plays before the pitch, the batter's result, every runner, the RBI.

    ``play`` runs from just after the previous result (or half-inning start) to this
    play's result or its last event. The RBI are the result event's own (OBR 9.04),
    never counted here.
    """
    everything = events if events is not None else play
    parts: list[str] = []
    started = next((i for i, e in enumerate(play) if isinstance(e, PlateAppearanceStarted)), None)
    ended = next((e for e in play if isinstance(e, PlateAppearanceEnded)), None)
    for i, event in enumerate(play):
        if started is not None and i > started:
            break
        words = _runner_words(event, names, everything, offset + i)
        if words:
            parts.append(words)
    batter_part = ""
    if ended is not None and started is not None:
        batter = ended.batter
        batter_out = next(
            (e for e in play[started:] if isinstance(e, RunnerOut) and e.runner == batter and e.base == 0), None
        )
        words = _batter_words(ended, batter_out)
        others = [e for e in play[started:] if isinstance(e, RunnerOut) and e.runner != batter]
        if batter_out is None and others and ended.notation[:1].upper() == "G" and mark_of(ended) is None:
            # Safe at first while a runner is put out: a force, or the fielder's choice of a runner.
            at = offset + started + 1
            forced = any(_forced(Context(everything, at + play.index(e) - started), e.runner, e.base) for e in others)
            words = "grounds into a force out" if forced else "reaches on a fielder's choice"
        batter_part = f"{names.player(batter)} {words}"
        mark = classify(ended.result, ended.notation)
        during: list[str] = []
        for i in range(started + 1, len(play)):
            event = play[i]
            if isinstance(event, RunnerMoved) and event.reason in BETWEEN_PITCHES:
                parts.append(_runner_words(event, names, everything, offset + i) or "")
                continue
            event = play[i]
            if isinstance(event, RunnerOut) and event.runner == batter and event.base == 0:
                continue
            if isinstance(event, RunnerMoved) and event.runner == batter and event.end < 4 and event.reason in SAID:
                continue  # the result says where he ended up
            if isinstance(event, RunnerMoved) and event.runner == batter and ended.result.upper().startswith("HR"):
                continue
            if isinstance(event, RunnerMoved) and any(
                isinstance(e, RunnerMoved | RunnerOut) and e.runner == event.runner for e in play[i + 1 :]
            ):
                continue  # only where he ended up
            if isinstance(event, ErrorCharged) and (mark == "E" or event.kind == "catcher's interference"):
                continue  # the result names the error
            if isinstance(event, RunnerMoved) and mark == "E" and event.reason == "error":
                if event.runner == batter:
                    continue
                event = RunnerMoved(event.runner, event.start, event.end, "ground out")  # the error is said
            if isinstance(event, Substitution):
                continue
            words = _runner_words(event, names, everything, offset + i)
            if words:
                during.append(words)
        if during:
            batter_part += ": " + ", ".join(during)
        if ended.rbi:
            batter_part += f" ({ended.rbi} RBI)"
        parts.append(batter_part)
    elif started is not None:  # the third out or the winning run came before a result
        for i in range(started + 1, len(play)):
            words = _runner_words(play[i], names, everything, offset + i)
            if words:
                parts.append(words)
    if not parts:
        return ""
    text = "; ".join(p for p in parts if p)
    return text[:1].upper() + text[1:]


def open_play(events: Sequence[Event], index: int) -> bool:
    """Do the events before ``index`` (a half inning's start or the game's end) hold a play with no result?"""
    start = play_start(events, index)
    return any(isinstance(e, RunnerOut | RunnerMoved) for e in events[start:index])


def narrate(events: Sequence[Event], names: Names, start: int = 0, final: bool = True) -> tuple[list[Line], int]:
    """Lines for ``events[start:]`` and the index to continue from.

    Unless ``final``, a roll at the very end is held back: the event that reads
    it may not have happened yet (the game is waiting for a manager). A play that
    ends with no result (a runner caught stealing for the third out, a steal of home
    that wins the game) is summed up before the next half inning or the final.
    """
    lines: list[Line] = []
    index = start
    while index < len(events):
        event = events[index]
        if isinstance(event, Roll):
            following = events[index + 1] if index + 1 < len(events) else None
            if following is None and not final:
                break
            if _folds(event, following):
                assert following is not None
                text = describe(following, names, event, Context(events, index + 1))
                if text:
                    lines.append(Line(following.type, text))
                index += 2
                continue
        if isinstance(event, HalfInningStarted | GameEnded) and open_play(events, index):
            play_from = play_start(events, index)
            text = summary(events[play_from:index], names, events, play_from)
            if text:
                lines.append(Line("result", text))
        text = describe(event, names, context=Context(events, index))
        if text:
            lines.append(Line(event.type, text))
        index += 1
    return lines, index


# --- tables --------------------------------------------------------------------------


def format_line_score(line: LineScore) -> str:
    """The line score as a text table; an unplayed bottom half shows x."""
    innings = max(line.innings, len(line.away.innings), len(line.home.innings))
    width = max(len(line.away.name), len(line.home.name), 4)
    head = " " * width + "".join(f"{i:>3}" for i in range(1, innings + 1)) + "    R  H  E"
    rows = [head]
    for team in (line.away, line.home):
        cells = [f"{runs:>3}" for runs in team.innings]
        missing = innings - len(team.innings)
        cells += ["  x" if line.final else "   "] * missing
        rows.append(f"{team.name:<{width}}" + "".join(cells) + f"   {team.r:>2} {team.h:>2} {team.e:>2}")
    return "\n".join(rows)


BATTING_COLUMNS = (
    ("AB", "ab"),
    ("R", "r"),
    ("H", "h"),
    ("2B", "doubles"),
    ("3B", "triples"),
    ("HR", "hr"),
    ("RBI", "rbi"),
    ("BB", "bb"),
    ("K", "k"),
    ("HBP", "hbp"),
    ("SF", "sf"),
    ("SH", "sh"),
    ("GIDP", "gidp"),
    ("SB", "sb"),
    ("CS", "cs"),
    ("LOB", "lob"),
)
PITCHING_COLUMNS = (
    ("H", "h"),
    ("R", "r"),
    ("ER", "er"),
    ("BB", "bb"),
    ("K", "k"),
    ("HR", "hr"),
    ("BF", "bf"),
    ("HBP", "hbp"),
    ("WP", "wp"),
    ("BK", "bk"),
)


def format_team_box(team: TeamBox) -> str:
    width = max([len(b.name) + len(b.position) + 5 for b in team.batting] + [len(team.name), 20])
    head = f"{team.name:<{width}}" + "".join(f"{label:>{max(3, len(label) + 1)}}" for label, _ in BATTING_COLUMNS)
    rows = [head]
    lines = [*team.batting, team.batting_totals()]
    for b in lines:
        spot = f"{b.spot:>2} " if b.spot else "   "
        who = f"{spot}{b.name} {b.position}".rstrip() if b.player else b.name
        rows.append(
            f"{who:<{width}}"
            + "".join(f"{getattr(b, attr):>{max(3, len(label) + 1)}}" for label, attr in BATTING_COLUMNS)
        )
    rows.append("")
    pwidth = max([len(p.name) + len(p.decision) + 4 for p in team.pitching] + [width])
    rows.append(f"{'Pitching':<{pwidth}}  IP" + "".join(f"{label:>{len(label) + 2}}" for label, _ in PITCHING_COLUMNS))
    for p in team.pitching:
        who = f"{p.name} ({p.decision})" if p.decision else p.name
        rows.append(
            f"{who:<{pwidth}}{p.ip:>4}"
            + "".join(f"{getattr(p, attr):>{len(label) + 2}}" for label, attr in PITCHING_COLUMNS)
        )
    if team.er != sum(p.er for p in team.pitching):  # OBR 9.16(i): a reliever had no benefit of earlier errors
        rows.append(f"Team ER: {team.er}")
    errors = who_did(team.fielding, "e")
    if errors:
        rows.append("E: " + errors)
    rows.append(f"Left on base: {team.lob}")
    return "\n".join(rows)


def who_did(lines: Sequence[BattingLine | FieldingLine], count: str) -> str:
    """The players with a count, a number after those with more than one: "Ochoa (2), Renfrow"."""
    done = [(line.name, getattr(line, count)) for line in lines if getattr(line, count)]
    return ", ".join(f"{name} ({n})" if n > 1 else name for name, n in done)


def double_plays(events: Sequence[Event]) -> dict[str, int]:
    """Each side's double (and triple) plays turned: plate appearances in which its defence made two or more outs."""
    turned = {"away": 0, "home": 0}
    fielding, outs = "home", 0
    for event in events:
        if isinstance(event, HalfInningStarted):
            fielding = "home" if event.top else "away"
        if isinstance(event, PlateAppearanceStarted):
            outs = 0
        elif isinstance(event, RunnerOut):
            outs += 1
        elif isinstance(event, PlateAppearanceEnded) and outs >= 2:
            turned[fielding] += 1
    return turned


def scorer_notes(team: TeamBox, double_plays: int) -> list[tuple[str, str]]:
    """The notes under a team's box: who doubled, tripled, homered and erred, its double plays, its left on base."""
    notes = [
        (label, who_did(team.batting, count)) for label, count in (("2B", "doubles"), ("3B", "triples"), ("HR", "hr"))
    ]
    notes.append(("E", who_did(team.fielding, "e")))
    notes = [(label, text) for label, text in notes if text]
    if double_plays:
        notes.append(("DP", str(double_plays)))
    notes.append(("LOB", str(team.lob)))
    return notes


def format_box_score(box: BoxScore) -> str:
    return "\n\n".join([format_line_score(box.line), format_team_box(box.away), format_team_box(box.home)])
