"""Events into words, roll by roll, the way the rule books tell a play.

Pure functions, no I/O: the terminal prints these lines and the Discord bot can
put the same lines into embeds. A die roll that is read right away on a card,
a chart or a rating check is folded into that reading ("Pitcher card 3-4 (Tom
Seaver): K"); a roll nothing reads is told on its own. Event types this module
does not know are told generically, and no event ever makes it raise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.boxscore import BoxScore, LineScore, TeamBox, classify, ordinal, player_names
from engine.events import (
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
from engine.setup import GameSetup

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
OUT_WORDS = {"G": "grounds to", "F": "flies to", "L": "lines to", "P": "pops up to"}
# What a rating check's success and failure mean, by the start of its name.
VERDICTS = (
    ("K", ("strikeout", "no strikeout")),
    ("W", ("walk", "no walk")),
    ("HBP", ("hit by pitch", "not hit")),
    ("HR", ("home run", "no home run")),
    ("passed ball", ("blocked", "passed ball")),
    ("error", ("error", "no error")),
    ("range", ("play made", "no play")),
    ("GDP", ("double play", "no double play")),
)
# Reasons a runner moves that go without saying in the narration.
PLAIN_REASONS = {"hit", "home run"}


@dataclass(frozen=True)
class Names:
    """Who the ids in events are: player ids and the two team keys."""

    players: Mapping[str, str]
    teams: Mapping[str, str]

    @classmethod
    def of(cls, setup: GameSetup) -> Names:
        return cls(player_names(setup), {"away": setup.away.name, "home": setup.home.name})

    def player(self, player_id: str) -> str:
        return self.players.get(player_id, player_id)

    def team(self, key: str) -> str:
        return self.teams.get(key, key)


@dataclass(frozen=True)
class Line:
    """One narrated line; ``kind`` is the event's type tag, for a front end's layout."""

    kind: str
    text: str


def base_name(base: int) -> str:
    return {0: "the plate", 4: "home"}.get(base, ordinal(base))


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


def _verdict(check: Check) -> str:
    for prefix, (yes, no) in VERDICTS:
        if check.name == prefix or check.name.startswith(prefix + " ") or check.name.startswith(prefix + "("):
            return yes if check.success else no
    return "success" if check.success else "fails"


def _folds(roll: Roll, following: Event | None) -> bool:
    """Does the next event read this roll (so it is told there)?"""
    if isinstance(following, Check):
        return len(roll.values) == 1 and roll.values[0] == following.roll
    if isinstance(following, Reading):
        if roll.dice == "2d6" and len(roll.values) == 2:
            return following.cell == f"{roll.values[0]}-{roll.values[1]}"
        return len(roll.values) == 1 and following.cell == str(roll.values[0])
    return False


def describe(event: Event, names: Names, roll: Roll | None = None) -> str | None:
    """One event in words; ``roll`` is the roll it reads, if any. None: nothing worth a line."""
    try:
        return _describe(event, names, roll)
    except Exception:  # a front end must never fall over on an event it does not expect
        return generic(event, names)


# Calls that go without saying: a manager who lets his man pitch or swing away.
ROUTINE_CALLS = {"pitch", "swing", "unchanged"}
# Calls told by the substitution that follows them.
SUBSTITUTION_CALLS = ("relief:", "field:", "pinch_hit:", "pinch_run:", "injury:", "position:", "replace:", "double:")
# The steps of a change (engine.inside_pitch.manager): the substitution that follows tells it.
CHANGE_STEPS = frozenset(("who_leaves", "who_comes_in"))
CHANGE_CALLS = frozenset(("relief", "field", "pinch_hit", "pinch_run", "double", "back"))
CALL_WORDS = {
    "intentional_walk": "intentional walk",
    "pickoff": "pickoff throw",
    "hit_and_run": "hit and run",
    "sacrifice": "sacrifice bunt",
    "squeeze": "squeeze play",
    "bunt_for_hit": "bunt for a hit",
    "bunt_again": "bunt again",
    "swing_away": "swing away",
}


def _decided(event: Decided, names: Names) -> str | None:
    if event.choice in ROUTINE_CALLS or event.choice.startswith(SUBSTITUTION_CALLS):
        return None
    if event.kind in CHANGE_STEPS or event.choice in CHANGE_CALLS:
        return None
    if event.choice.startswith("pitch:"):  # the defense's call with its infield: "infield double play"
        alignment = event.choice.split(":", 1)[1]
        if alignment == "back":
            return None
        by = "" if event.by == "manager" else f" ({'auto-manager' if event.by == 'auto' else event.by})"
        return f"{names.team(event.side)} manager, infield: {alignment.replace('_', ' ')}{by}"
    by = "" if event.by == "manager" else f" ({'auto-manager' if event.by == 'auto' else event.by})"
    choice = CALL_WORDS.get(event.choice, event.choice.replace("_", " "))
    if event.choice.startswith("steal:"):
        bases = [int(b) for b in event.choice.split(":")[1].split("+")]
        choice = "steal: " + " and ".join(f"{base_name(b)} to {base_name(b + 1)}" for b in bases)
    return f"{names.team(event.side)} manager, {event.kind.replace('_', ' ')}: {choice}{by}"


def _substitution(event: Substitution, names: Names) -> str:
    new, old = names.player(event.player_in), names.player(event.player_out)
    if event.kind == "pitcher":
        return f"Pitching change: {new} replaces {old}"
    if event.kind == "pinch_hitter":
        return f"{new} pinch-hits for {old}"
    if event.kind == "pinch_runner":
        return f"{new} pinch-runs for {old}"
    if event.kind == "position":  # a substitute already in the game takes the field
        if event.player_in == event.player_out:
            return f"{new} stays in the game at {event.position}"
        return f"{new} goes in at {event.position}, replacing {old}"
    if event.kind == "injury":
        return f"{new} replaces the injured {old} ({event.position})"
    return f"{new} replaces {old} at {event.position}"


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


def _describe(event: Event, names: Names, roll: Roll | None) -> str | None:
    if isinstance(event, HalfInningStarted):
        half = "Top" if event.top else "Bottom"
        return f"{half} of the {ordinal(event.inning)}: {names.team(event.batting)} batting"
    if isinstance(event, PlateAppearanceStarted):
        outs = f"{event.outs} out" + ("" if event.outs == 1 else "s")
        return (
            f"{names.player(event.batter)} ({event.batter_side}) vs {names.player(event.pitcher)} "
            f"({event.pitcher_hand}); {outs}, {bases_text(event.bases)}"
        )
    if isinstance(event, Roll):
        return f"{event.dice} {'-'.join(str(v) for v in event.values)} for {event.purpose}"
    if isinstance(event, Reading):
        return _reading(event, roll)
    if isinstance(event, Check):
        die = roll.dice if roll is not None else "roll"
        mods = "".join(_signed(_modifier_name(name, event.name), value) for name, value in event.modifiers)
        total = f" = {event.target}" if event.modifiers else ""
        return f"{die} {event.roll} vs {event.name} {event.rating}{mods}{total}: {_verdict(event)}"
    if isinstance(event, RunnerMoved):
        who = names.player(event.runner)
        why = "" if event.reason in PLAIN_REASONS else f" ({event.reason})"
        if event.end >= 4:
            return f"{who} scores{why}" if event.start == 0 else f"{who} scores from {base_name(event.start)}{why}"
        if event.start == 0:
            return f"{who} to {base_name(event.end)}{why}"
        return f"{who} from {base_name(event.start)} to {base_name(event.end)}{why}"
    if isinstance(event, RunnerOut):
        who = names.player(event.runner)
        if event.base == 0:
            return f"{who} strikes out" if event.how == "K" else f"{who} is out ({event.how})"
        return f"{who} is out at {base_name(event.base)} ({event.how})"
    if isinstance(event, RunScored):
        return None if event.earned else f"The run by {names.player(event.runner)} is unearned"
    if isinstance(event, ErrorCharged):
        return f"Error on {names.player(event.fielder)} ({event.position}): {event.kind}"
    if isinstance(event, PlateAppearanceEnded):
        rbi = {0: "", 1: ", RBI"}.get(event.rbi, f", {event.rbi} RBI")
        return f"{names.player(event.batter)}: {result_words(event.result, event.notation)}{rbi}"
    if isinstance(event, Decided):
        return _decided(event, names)
    if isinstance(event, Substitution):
        return _substitution(event, names)
    if isinstance(event, Fatigue):
        who = names.player(event.pitcher)
        if event.state == "exhausted":
            return f"{who} is exhausted: he must leave before the next batter"
        return f"{who} is {event.state} ({event.batters_faced} batters faced)"
    if isinstance(event, GameEnded):
        extra = "" if event.innings == 9 else f" in {event.innings} innings"
        return f"Final{extra}: {names.team('away')} {event.away_runs}, {names.team('home')} {event.home_runs}"
    if event.type == "injury":
        return _injury(event, names)
    return generic(event, names)


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


def _reading(event: Reading, roll: Roll | None) -> str:
    if event.card in CARDS:
        return f"{CARDS[event.card]} {event.cell} ({event.owner}): {event.result}"
    if event.card == "** line":
        return f"{event.owner}'s ** line, column {event.cell}: {event.result}"
    die = f"{roll.dice} " if roll is not None else ""
    if event.card in HIT_RANGES:
        return f"{die}{event.cell} on {event.owner}'s {event.card} ranges: {event.result}"
    return f"{event.card} ({event.owner}), {die}{event.cell}: {event.result}"


def narrate(events: Sequence[Event], names: Names, start: int = 0, final: bool = True) -> tuple[list[Line], int]:
    """Lines for ``events[start:]`` and the index to continue from.

    Unless ``final``, a roll at the very end is held back: the event that reads
    it may not have happened yet (the game is waiting for a manager).
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
                text = describe(following, names, event)
                if text:
                    lines.append(Line(following.type, text))
                index += 2
                continue
        text = describe(event, names)
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
    errors = [f"{f.name} ({f.e})" if f.e > 1 else f.name for f in team.fielding if f.e]
    if errors:
        rows.append("E: " + ", ".join(errors))
    rows.append(f"Left on base: {team.lob}")
    return "\n".join(rows)


def format_box_score(box: BoxScore) -> str:
    return "\n\n".join([format_line_score(box.line), format_team_box(box.away), format_team_box(box.home)])
