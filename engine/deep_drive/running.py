"""Hits, tag-ups and the runners: DDB "Reading the Results" with the Baserunner Advancement Chart.

Automatic baserunning (the book's default here): a runner whose cell reads YES or YES? takes the
extra base, NO or NO? holds, and nobody is thrown out trying. "Playing it Safe" keeps every
runner to the minimum on hits and keeps the runner on third from scoring on an out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.bases import HOME_RUN, WalkOff, move, runners_lead_first
from engine.deep_drive import manual
from engine.deep_drive.readers import advancement, goes
from engine.deep_drive.state import dd
from engine.events import Reading
from engine.state import HOME

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDRunner

# Bases a hit gives the batter (the scorer's credit on a game-ending hit: OBR 9.06(f)).
BASES = {"SI": 1, "SI+": 1, "DO": 2, "TR": 3, "HR": 4}
LETTER = {1: "S", 2: "D", 3: "T", 4: "HR"}


def _cell(g: DDGame, code: str, runner: DDRunner, base: int) -> str:
    """The chart's cell for one runner on a hit, by the outs."""
    state = g.state
    run = runner.card.run.value
    cell = advancement(code, run, outs=state.outs)
    g.emit(Reading("Baserunner Advancement Chart", runner.name, f"{code} from {base}, {state.outs} out, {run}", cell))
    return cell


def hit(g: DDGame, batter: DDRunner, code: str, notation: str) -> str:
    """SI+, SI, DO, TR or HR off a card: the runners' minimum bases, the chart's extra ones, the batter's."""
    bases = BASES[code]
    state = g.state
    dd(g).started_on_first = state.runner_on(1)
    ask = manual.manual(g) and not dd(g).alignment.safe
    sent: list[tuple[DDRunner, int]] = []
    try:
        if code == "HR":
            for base, runner in runners_lead_first(g):
                move(g, runner, base, HOME, HOME_RUN, batter)
            move(g, batter, 0, HOME, HOME_RUN, batter)
            return notation
        for base, runner in runners_lead_first(g):
            end = min(base + bases, HOME)
            open_ahead = end < HOME and (end + 1 >= HOME or state.runner_on(end + 1) is None)
            if code in ("SI", "SI+", "DO") and open_ahead and not dd(g).alignment.safe:
                cell = _cell(g, code, runner, base)
                if ask and cell in ("NO?", "YES?"):
                    if manual.send(g, runner, end + 1, cell):
                        sent.append((runner, end))
                elif goes(cell):
                    end += 1
            move(g, runner, base, end, "hit", batter)
        move(g, batter, 0, bases, "hit", batter)
        for runner, at in sent:  # manual baserunning: each runner sent tries for one more base
            if state.outs < 3 and state.runner_on(at) is runner:
                manual.try_for_base(g, runner, at, code, batter, "hit")
    except WalkOff as walk_off:
        walk_off.on_hit(bases, notation)
        raise
    return notation


def exactly(g: DDGame, batter: DDRunner, batter_to: int, runner_bases: int, notation: str) -> str:
    """A hit on which every runner moves exactly ``runner_bases`` (an infield single, a fatigued
    pitcher's deep fly that falls in, a liner through a drawn-in infield)."""
    try:
        for base, runner in runners_lead_first(g):
            move(g, runner, base, min(base + runner_bases, HOME), "hit", batter)
        move(g, batter, 0, batter_to, "hit", batter)
    except WalkOff as walk_off:
        walk_off.on_hit(batter_to, notation)
        raise
    return notation


def single_exactly(g: DDGame, batter: DDRunner, runner_bases: int, notation: str, why: str) -> str:
    g.emit(Reading("Outs Chart", g.state.fielding.name, why, f"single, runners take {runner_bases}"))
    return exactly(g, batter, 1, runner_bases, notation)


def outfield_in_single(g: DDGame, batter: DDRunner, code: str) -> str:
    """DDB "Outfield In": a deep fly over the drawn-in outfield is the game-winning single."""
    g.emit(Reading("Outs Chart", g.state.fielding.name, f"{code}, outfield in", "single"))
    return exactly(g, batter, 1, 1, f"S{code[1]}")


def tag_up(g: DDGame, code: str, batter: DDRunner, deep_drive: bool) -> None:
    """A fly out with runners on: who tags and moves up, lead runner first (automatic baserunning)."""
    state = g.state
    key = f"DD-{code}" if deep_drive else code
    safe = dd(g).alignment.safe
    dd(g).started_on_first = state.runner_on(1)
    ask = manual.manual(g)
    for base in (3, 2, 1):
        runner = state.runner_on(base)
        if runner is None or state.outs >= 3:
            continue
        if base < 3 and state.runner_on(base + 1) is not None:
            continue
        if base == 3 and safe:
            continue  # DDB "Playing it Safe": he scores from third only on a hit
        run = runner.card.run.value
        cell = advancement(key, run, from_base=base)
        g.emit(Reading("Baserunner Advancement Chart", runner.name, f"{key} from {base}, {run}", cell))
        if ask and cell in ("NO?", "YES?"):
            if manual.send(g, runner, base + 1, cell):
                manual.try_for_base(g, runner, base, key, batter, "sacrifice fly" if base == 3 else "tag up")
        elif goes(cell):
            move(g, runner, base, base + 1, "sacrifice fly" if base == 3 else "tag up", batter)
