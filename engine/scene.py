"""Where a game stands, in the words every question of both rulesets opens with: the score, the
inning and the outs, and who is on base by name."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import AnyGame

BASE_WORDS = {1: "first", 2: "second", 3: "third"}


def outs_text(outs: int) -> str:
    """ "nobody out", "1 out", "2 outs" (the play-by-play's words, bot.words.outs_words)."""
    return "nobody out" if outs == 0 else f"{outs} out" if outs == 1 else f"{outs} outs"


OUT_COUNT = re.compile(r"\b(\d) outs?\b")
ONE_OF_MANY = re.compile(r"(?<![\w.-])1 (batter|run|game|inning|day)s\b")


def said_counts(text: str) -> str:
    """An engine cell's counts in words: "0 out" "nobody out", "2 out" "2 outs", "1 batters" "1 batter"."""
    return ONE_OF_MANY.sub(r"1 \1", OUT_COUNT.sub(lambda m: outs_text(int(m.group(1))), text))


def score_line(g: AnyGame) -> str:
    """ "Harbor City 3, Mesa Valley 2, top 7, 1 out" """
    state = g.state
    half = "top" if state.top else "bottom"
    return (
        f"{state.away.name} {state.away.runs}, {state.home.name} {state.home.runs}, "
        f"{half} {state.inning}, {outs_text(state.outs)}"
    )


def bases_text(g: AnyGame) -> str:
    """ "bases empty", "runner on first (Rose)", "runners on first (Rose) and third (Perez)" """
    on = [f"{BASE_WORDS[b]} ({r.name})" for b, r in enumerate(g.state.bases, 1) if r is not None]
    if not on:
        return "bases empty"
    if len(on) == 3:
        return "bases loaded (" + ", ".join(r.name for r in g.state.bases if r is not None) + ")"
    return ("runner on " if len(on) == 1 else "runners on ") + " and ".join(on)
