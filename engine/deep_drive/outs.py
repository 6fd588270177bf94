"""DDB "Outs Chart": the out codes as data (tables/outs.toml) and the one place that plays them.

The table is loaded and checked once (:func:`chart`); a bad table raises :class:`OutsChartError`
naming the file, the code and the base state. :func:`play_out` plays a code on the bases as they
stand: ground balls by their base-state rows (with the chart's speed, fielder and 10s-die
conditions, and the defensive manager's choices asked through ``g.ask``), fly balls with the
Baserunner Advancement Chart for tag-ups, line drives with the double- and triple-play rolls,
pop-ups. The infield-in, corners-in, playing-it-safe and outfield-in changes are applied here
(DDB "Infield In", "Infield In at the Corners", "Playing it Safe", "Outfield In").
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

from cards.notation import Position
from engine.bases import move, move_without_rbi, put_out, put_out_advancing
from engine.deep_drive import running
from engine.deep_drive.cards import fielder_at
from engine.deep_drive.state import INFIELD_IN, Alignment, dd
from engine.requests import Option
from engine.state import HOME

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDRunner

FILE = "engine/deep_drive/tables/outs.toml"
CHART = "Outs Chart"
KINDS = ("ground", "fly", "shallow", "line", "pop")
STATES = ("1", "2", "3", "12", "13", "23", "123")
_STEP = re.compile(r"^(B|R[123])(?: (out))?(?: ([1234]))?$")
_ATOM = re.compile(r"^(?:R[123] slower R[123]|R[123] (?:slow|fast)|fielder(?:=|<=)[0-6]|tens=\d|outs=[0-2])$")


class OutsChartError(ValueError):
    """The outs table does not hold: the message names the file, the code and the cell."""


@dataclass(frozen=True, slots=True)
class Step:
    who: int  # 0 the batter, 1-3 the runner who started there
    out: bool
    to: int  # the base he reaches, or where he is put out (4 = home)
    when: str  # a condition, "" for always


@dataclass(frozen=True, slots=True)
class Branch:
    when: str
    then: tuple[Step, ...]
    otherwise: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    options: Mapping[str, tuple[Step, ...]]
    suggest: str
    offer: str  # the choice exists only when this holds ("": always)
    default: str  # what is played when it does not


Row = tuple[Step, ...] | Branch | Choice


@dataclass(frozen=True, slots=True)
class OutCode:
    code: str
    fielder: Position | None
    kind: str
    rows: Mapping[str, Row]
    slow: bool = False
    doubled: tuple[int, ...] | str = ()
    triple: bool = False
    odd: str = ""
    even: str = ""


# --- loading ----------------------------------------------------------------------------------


def _fail(code: str, cell: str, why: str) -> OutsChartError:
    return OutsChartError(f"{FILE}: {CHART}, {code} {cell}: {why}")


def _condition(text: str, code: str, cell: str) -> str:
    for part in re.split(r"\s*[|&]\s*", text.strip()):
        atom = part.lstrip("!").strip()
        if not _ATOM.match(atom):
            raise _fail(code, cell, f"{part!r} is not a condition")
    return text.strip()


def _steps(text: Any, code: str, cell: str, state: str) -> tuple[Step, ...]:
    if not isinstance(text, str):
        raise _fail(code, cell, f"expected steps as text, found {text!r}")
    steps = []
    for raw in text.split(";"):
        body, _, when = raw.partition("?")
        match = _STEP.match(body.strip())
        if not match:
            raise _fail(code, cell, f"{raw.strip()!r} is not a step (like 'B out', 'R1 out 2', 'R3 4')")
        who = 0 if match.group(1) == "B" else int(match.group(1)[1])
        if who and str(who) not in state:
            raise _fail(code, cell, f"{raw.strip()!r}: nobody is on {who} in state {state}")
        if match.group(3) is None and (who or not match.group(2)):
            raise _fail(code, cell, f"{raw.strip()!r}: name the base (only 'B out' means at first)")
        to = int(match.group(3) or 1)
        if not match.group(2) and to <= who:
            raise _fail(code, cell, f"{raw.strip()!r}: a runner moves forward")
        steps.append(Step(who, match.group(2) is not None, to, _condition(when, code, cell) if when.strip() else ""))
    return tuple(steps)


def _row(value: Any, code: str, state: str) -> Row:
    if isinstance(value, str):
        return _steps(value, code, state, state)
    if not isinstance(value, dict):
        raise _fail(code, state, f"expected steps or a table, found {value!r}")
    if "if" in value:
        return Branch(
            _condition(str(value["if"]), code, state),
            _steps(value.get("then"), code, f"{state} then", state),
            _steps(value.get("else"), code, f"{state} else", state),
        )
    if "choose" in value:
        options = {key: _steps(text, code, f"{state} {key}", state) for key, text in dict(value["choose"]).items()}
        suggest = str(value.get("suggest", ""))
        default = str(value.get("default", suggest))
        if suggest not in options or default not in options:
            raise _fail(code, state, f"suggest and default name one of {', '.join(options)}")
        offer = _condition(str(value["offer"]), code, state) if "offer" in value else ""
        return Choice(options, suggest, offer, default)
    raise _fail(code, state, "a table row has 'if' or 'choose'")


def parse(doc: Mapping[str, Any]) -> dict[str, OutCode]:
    codes: dict[str, OutCode] = {}
    for code, raw in doc.items():
        if not isinstance(raw, dict):
            raise _fail(code, "", "expected a table")
        kind = raw.get("kind")
        if kind not in KINDS:
            raise _fail(code, "kind", f"{kind!r} is not one of {', '.join(KINDS)}")
        fielder = Position(raw["fielder"]) if "fielder" in raw else None
        rows: dict[str, Row] = {}
        slow = bool(raw.get("slow", False))
        if kind == "ground" and not slow:
            for state in STATES:
                if state not in raw:
                    raise _fail(code, state, "a ground ball lists every base state")
                rows[state] = _row(raw[state], code, state)
        doubled = raw.get("doubled", ())
        doubled = doubled if isinstance(doubled, str) else tuple(int(b) for b in doubled)
        if fielder is None and not (raw.get("odd") and raw.get("even")):
            raise _fail(code, "fielder", "every code names its fielder (or odd/even codes)")
        codes[code] = OutCode(
            code,
            fielder,
            kind,
            rows,
            slow,
            doubled,
            bool(raw.get("triple", False)),
            raw.get("odd", ""),
            raw.get("even", ""),
        )
    return codes


@functools.cache
def chart() -> dict[str, OutCode]:
    text = resources.files("engine.deep_drive").joinpath("tables/outs.toml").read_text(encoding="utf-8")
    return parse(tomllib.loads(text))


# --- playing a code --------------------------------------------------------------------------


# Not frozen, as plate.CardRoll: made on every out, never changed after.
@dataclass(slots=True)
class Ball:
    """An out code to play, and the dice it came from: the 10s (G5h) and 1s (Pf, Pm) dice."""

    code: str
    red: int
    white: int
    source: str = "card"  # "card", "deep drive", "DEF"


def _holds(g: DDGame, when: str, runners: Mapping[int, DDRunner], rating: int, ball: Ball, outs: int) -> bool:
    if not when:
        return True
    return any(all(_atom(g, a.strip(), runners, rating, ball, outs) for a in alt.split("&")) for alt in when.split("|"))


def _atom(g: DDGame, atom: str, runners: Mapping[int, DDRunner], rating: int, ball: Ball, outs: int) -> bool:
    if atom.startswith("!"):
        return not _atom(g, atom[1:].strip(), runners, rating, ball, outs)
    words = atom.split()
    if len(words) == 3:  # "R2 slower R1"
        return runners[int(words[0][1])].card.run.rank < runners[int(words[2][1])].card.run.rank
    if len(words) == 2:  # "R3 slow", "R2 fast"
        rank = runners[int(words[0][1])].card.run.rank
        return rank <= 1 if words[1] == "slow" else rank >= 3
    if atom.startswith("fielder<="):
        return rating <= int(atom[9:])
    if atom.startswith("fielder="):
        return rating == int(atom[8:])
    if atom.startswith("tens="):
        return ball.red == int(atom[5:])
    if atom.startswith("outs="):
        return outs == int(atom[5:])
    raise AssertionError(atom)


def ground_words(code: str, key: str) -> str:
    return {
        "dp": "go to second for the double play",
        "hold": "hold the runner on third and take the out at first",
        "third": "throw to third to force the lead runner",
    }.get(key, key)


FIELDER_WORDS = {
    Position.P: "the pitcher",
    Position.C: "the catcher",
    Position.FIRST: "the first baseman",
    Position.SECOND: "the second baseman",
    Position.THIRD: "the third baseman",
    Position.SHORT: "the shortstop",
}
BASE_NAMES = {"1": "first", "2": "second", "3": "third"}


def ball_words(code: OutCode) -> str:
    """A ground-ball code as the Outs Chart describes it: G1h is "A hard ground ball to the pitcher"."""
    speed = "hard " if code.code.endswith("h") else "slow " if code.slow else ""
    fielder = FIELDER_WORDS.get(code.fielder) if code.fielder is not None else None
    return f"A {speed}ground ball to {fielder or 'an infielder'}"


def bases_words(key: str) -> str:
    """The runners of a base-state key: "13" is "runners on first and third", "123" "the bases loaded"."""
    if key == "123":
        return "the bases loaded"
    names = [BASE_NAMES[b] for b in key]
    if len(names) == 1:
        return f"a runner on {names[0]}"
    return f"runners on {' and '.join(names)}"


def play_out(g: DDGame, ball: Ball, batter: DDRunner) -> str:
    """Play an out code on the bases; returns the scorer's notation (the code played)."""
    code = chart()[ball.code]
    if code.odd:  # DDB "Outs Chart" Pf, Pm: the 1s die, odd or even
        code = chart()[code.odd if ball.white % 2 == 1 else code.even]
    state = g.state
    plan = dd(g).alignment
    note = dd(g).play
    note.final = code.code
    if code.fielder is not None:
        note.fielders = [
            code.fielder.value,
            *(["1B"] if code.kind == "ground" and code.fielder is not Position.FIRST else []),
        ]
    if code.kind in ("fly",) and plan.outfield_in and state.runner_on(3) is not None:
        # DDB "Outfield In": a deep fly falls in for the game-winning single; a fly is a deep fly.
        if code.code.endswith("d"):
            return running.outfield_in_single(g, batter, code.code)
        code = chart()[code.code + "d"]
    if code.kind == "line" and code.fielder is not None and _falls_in(plan, code.fielder):
        # DDB "Infield In": a line drive through a drawn-in infield is a single; runners take two.
        return running.single_exactly(g, batter, 1 if plan.safe else 2, f"S{code.fielder.number}", code.code)
    if code.kind == "ground":
        return _ground(g, code, ball, batter)
    put_out(g, batter, 0, code.code)
    if state.outs >= 3 or not state.runners_on():
        return code.code
    if code.kind == "fly":
        running.tag_up(g, code.code, batter, deep_drive=ball.source == "deep drive")
    elif code.kind == "line":
        _double_off(g, code)
    return code.code


def _falls_in(plan: Alignment, fielder: Position) -> bool:
    """DDB "Infield In": every line out (L1 to the pitcher included) is a single with the infield
    in; DDB "Infield In at the Corners": only L3 and L5."""
    return plan.infield == INFIELD_IN or plan.infield_in_at(fielder)


def _double_off(g: DDGame, code: OutCode) -> None:
    """DDB "Outs Chart" L1, L3-L6: 00-09 doubles a runner off; then 00-29 a second for a triple play."""
    state = g.state
    red, white = g.two_d10(f"{code.code}: doubled off?")
    if 10 * red + white > 9:
        return
    order = code.doubled
    bases: list[int] = [3, 2, 1] if isinstance(order, str) else list(order)
    occupied = [b for b in bases if state.runner_on(b) is not None]
    base = occupied[0]
    runner = state.runner_on(base)
    assert runner is not None
    put_out(g, runner, base, f"{code.code} doubled off")
    if not code.triple or state.outs >= 3 or len(occupied) < 2:
        return
    red, white = g.two_d10(f"{code.code}: triple play?")
    if 10 * red + white <= 29:
        base = occupied[1]
        runner = state.runner_on(base)
        assert runner is not None
        put_out(g, runner, base, f"{code.code} triple play")


def _infield_rows(g: DDGame, code: OutCode, key: str, batter: DDRunner) -> tuple[Step, ...] | None:
    """DDB "Infield In" / "Infield In at the Corners" / "Playing it Safe" with a runner on third."""
    plan = dd(g).alignment
    if "3" not in key or code.fielder is None or not plan.infield_in_at(code.fielder):
        return None
    forced = key == "123"
    plain = code.code[-1].isdigit()
    others = [Step(b, False, b + 1, "") for b in (2, 1) if str(b) in key]
    if forced:  # forced home: out at the plate
        batter_step = Step(0, True, 1, "") if code.code.endswith("h") else Step(0, False, 1, "")
        return (Step(3, True, 4, ""), *others, batter_step)
    if plain and not plan.safe:  # thrown out at home; the batter safe, the others up a base
        return (Step(3, True, 4, ""), *others, Step(0, False, 1, ""))
    if plain:  # playing it safe: "the runner holds at 3rd with other runners moving up one base"
        return (Step(0, True, 1, ""), *others)  # the throw goes to first
    return None  # G#s, G#h: the runner on third holds: the chart's row, without his advance


def _ground(g: DDGame, code: OutCode, ball: Ball, batter: DDRunner) -> str:
    state = g.state
    outs_before = state.outs
    key = "".join(str(b) for b in (1, 2, 3) if state.runner_on(b) is not None)
    runners = {b: r for b in (1, 2, 3) if (r := state.runner_on(b)) is not None}
    _, _, rating = fielder_at(state.fielding, code.fielder) if code.fielder else ("", "", 0)
    plan = dd(g).alignment
    hold_third = False
    if not key:
        put_out(g, batter, 0, code.code)
        return code.code
    steps = _infield_rows(g, code, key, batter)
    if steps is None:
        if code.slow:
            steps = (Step(0, True, 1, ""), *(Step(b, False, b + 1, "") for b in (3, 2, 1) if str(b) in key))
        else:
            steps = _resolve(g, code, key, code.rows[key], runners, rating, ball, outs_before)
        # DDB "Infield In" (Gh, Gs) and "Playing it Safe": the runner on third holds unless forced.
        forced = key == "123"
        infield_in = code.fielder is not None and plan.infield_in_at(code.fielder)
        hold_third = "3" in key and not forced and (infield_in or plan.safe)
    for step in steps:
        if state.outs >= 3 and step.out:
            break  # the third out ends the play
        if not _holds(g, step.when, runners, rating, ball, outs_before):
            continue
        if step.who == 0:
            if step.out:
                put_out(g, batter, 0, code.code)
            elif state.outs < 3:
                move(g, batter, 0, step.to, "fielder's choice", batter)
            continue
        runner = runners[step.who]
        if step.out:
            put_out_advancing(g, runner, step.who, step.to, f"{code.code} force")
            continue
        if state.outs >= 3 or (hold_third and step.who == 3):
            continue
        if step.to < HOME and state.runner_on(step.to) is not None:
            continue  # the base ahead is held: he stays (a runner on third who held)
        if step.to >= HOME and state.outs - outs_before >= 2:
            move_without_rbi(g, runner, step.who, step.to, "ground out", batter)  # OBR 9.04: no RBI on a DP
        else:
            move(g, runner, step.who, step.to, "ground out", batter)
    return code.code


def _resolve(
    g: DDGame, code: OutCode, key: str, row: Row, runners: Mapping[int, DDRunner], rating: int, ball: Ball, outs: int
) -> tuple[Step, ...]:
    if isinstance(row, tuple):
        return row
    if isinstance(row, Branch):
        return row.then if _holds(g, row.when, runners, rating, ball, outs) else row.otherwise
    if row.offer and not _holds(g, row.offer, runners, rating, ball, outs):
        return row.options[row.default]
    suggestion = _suggest(g, code, key, row)
    team = g.state.fielding
    choice = g.ask(
        team.key,
        "ground_ball",
        lambda: f"{ball_words(code)} with {bases_words(key)}: where does the throw go?",
        lambda: [Option(k, ground_words(code.code, k)) for k in row.options],
        suggestion,
        lambda: {"code": code.code, "bases": key},
    )
    return row.options[choice]


def _suggest(g: DDGame, code: OutCode, key: str, row: Choice) -> str:
    """The auto-manager: the double play, except late and close with the run on third that matters."""
    state = g.state
    if "hold" in row.options and key == "13" and state.outs == 0:
        lead = state.fielding.runs - state.batting.runs
        if state.inning >= 7 and 0 <= lead <= 1:
            return "hold"
    return row.suggest
