"""Inside Pitch behind the ruleset interface (engine.rulesets)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cards.models import Ballpark, Batter, Pitcher
from cards.notation import Position
from engine.inside_pitch import asking, words
from engine.inside_pitch.flow import plate_appearance
from engine.inside_pitch.options import InsidePitchOptions
from engine.inside_pitch.policy import POLICY
from engine.rulesets import INSIDE_PITCH, Ruleset

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPRunner


def context(g: IPGame) -> dict[str, Any]:
    """Where an Inside Pitch game stands, as a request's data: the ratings its calls turn on."""
    state = g.state
    offense, defense = state.batting, state.fielding
    up = offense.order[offense.up % len(offense.order)]
    pitcher = defense.pitcher
    stamina = defense.stamina()

    def runner(r: IPRunner) -> dict[str, Any]:
        card = r.card
        return {"id": card.id, "name": card.name, "br": card.br, "sb": card.sb, "att": card.att}

    return {
        "inning": state.inning,
        "top": state.top,
        "teams": {"away": state.away.name, "home": state.home.name},
        "outs": state.outs,
        "score": {"away": state.away.runs, "home": state.home.runs},
        "batting": offense.key,
        "batter": {
            "id": up.batter.id,
            "name": up.batter.name,
            "bats": up.batter.bats.value,
            "position": up.position.value,
            "bnt": up.batter.bnt,
        },
        "pitcher": {
            "id": pitcher.id,
            "name": pitcher.name,
            "throws": pitcher.throws.value,
            "batters_faced": defense.batters_faced(),
            "tired": defense.tired(),
            "tired_at": stamina.tired if stamina else None,
        },
        "runners": {str(base): runner(r) for base, r in enumerate(state.bases, 1) if r is not None},
        "infield_depth": {p: state.depth(Position(p)) for p in ("1B", "2B", "3B", "SS")},
    }


RULESET = Ruleset(
    name=INSIDE_PITCH,
    family="inside-pitch",
    title="Inside Pitch",
    plate_appearance=plate_appearance,
    follow_ups=asking.FOLLOW_UPS,
    matters=asking.matters,
    words=asking.words,
    context=context,
    batter=Batter,
    pitcher=Pitcher,
    ballpark=Ballpark,
    policy=POLICY,
    sample_set="sample",
    generator="seasons.inside_pitch.generate",
    narration=words.NARRATION,
    options=InsidePitchOptions,
)
