"""Deep Drive behind the ruleset interface (engine.rulesets)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cards.deep_drive.models import Ballpark, Batter, Pitcher
from engine.deep_drive import asking, flow, words
from engine.deep_drive.options import DeepDriveOptions
from engine.deep_drive.policy import POLICY
from engine.deep_drive.state import dd
from engine.rulesets import DEEP_DRIVE, Ruleset

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame


def context(g: DDGame) -> dict[str, Any]:
    """Where a Deep Drive game stands, as a request's data: the ratings its calls turn on."""
    state = g.state
    offense, defense = state.batting, state.fielding
    up = offense.order[offense.up % len(offense.order)].batter
    pitcher = defense.pitcher
    arm = dd(g).arms.get(pitcher.id)
    return {
        "inning": state.inning,
        "top": state.top,
        "teams": {"away": state.away.name, "home": state.home.name},
        "outs": state.outs,
        "score": {"away": state.away.runs, "home": state.home.runs},
        "batting": offense.key,
        "batter": {
            "id": up.id,
            "name": up.name,
            "bats": up.bats.value,
            "side": up.side_against(pitcher.throws).value,
            "run": up.run.value,
            "steal": str(up.steal),
        },
        "pitcher": {
            "id": pitcher.id,
            "name": pitcher.name,
            "throws": pitcher.throws.value,
            "usage": str(pitcher.usage),
            "endurance": arm.endurance if arm else pitcher.endurance_as(False),
            "fatigued": arm.fatigued() if arm else False,
        },
        "runners": {
            str(base): {"id": r.id, "name": r.name, "run": r.card.run.value}
            for base, r in enumerate(state.bases, 1)
            if r is not None
        },
        "alignment": {
            "infield": dd(g).alignment.infield,
            "outfield_in": dd(g).alignment.outfield_in,
            "safe": dd(g).alignment.safe,
        },
    }


RULESET = Ruleset(
    name=DEEP_DRIVE,
    family="deep-drive",
    title="Deep Drive",
    plate_appearance=flow.plate_appearance,
    follow_ups=asking.FOLLOW_UPS,
    matters=asking.matters,
    words=asking.words,
    context=context,
    batter=Batter,
    pitcher=Pitcher,
    ballpark=Ballpark,
    policy=POLICY,
    sample_set="deep-drive-sample",
    generator="seasons.deep_drive.generate",
    narration=words.NARRATION,
    options=DeepDriveOptions,
    new_state=flow.new_state,
    start_game=flow.start_game,
    start_half=flow.start_half,
    end_half=flow.end_half,
    extra_inning_runner=flow.extra_inning_runner,
)
