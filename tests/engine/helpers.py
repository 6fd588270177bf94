"""Small teams for engine tests, made from the books' sample cards."""

from __future__ import annotations

import tomllib

import pytest

from cards import SAMPLE_SET
from cards.models import Ballpark, Batter, Pitcher
from cards.notation import Position
from engine.inside_pitch.options import InsidePitchOptions
from engine.setup import GameSetup, LineupSpot, TeamSetup

with (SAMPLE_SET / "books.toml").open("rb") as _f:
    BOOKS = tomllib.load(_f)

BENCH = Batter.model_validate(BOOKS["batter"][0])
SEAVER = Pitcher.model_validate(BOOKS["pitcher"][0])
SAN_DIEGO = Ballpark.model_validate(BOOKS["ballpark"][0])
CBP = Ballpark.model_validate(BOOKS["ballpark"][1])

FIELD = (
    ("C - 5/2 (19) -2", Position.C),
    ("1B - 3 (8)", Position.FIRST),
    ("2B - 4 (8) +1", Position.SECOND),
    ("3B - 4 (9)", Position.THIRD),
    ("SS - 4 (4) +1", Position.SHORT),
    ("LF - 3 (6) 0", Position.LEFT),
    ("CF - 4 (5) +1", Position.CENTER),
    ("RF - 3 (6) +1", Position.RIGHT),
)


def clone_batter(card: Batter, card_id: str, **changes: object) -> Batter:
    return Batter.model_validate({**card.model_dump(mode="json"), "id": card_id, "name": card_id, **changes})


def team(prefix: str, pitcher: Pitcher, batter: Batter = BENCH) -> TeamSetup:
    """Nine copies of one batter card, one at each position, batting in order."""
    spots = [
        LineupSpot(clone_batter(batter, f"{prefix}-{pos.value.lower()}", positions=[line]), pos) for line, pos in FIELD
    ]
    arm = Pitcher.model_validate({**pitcher.model_dump(mode="json"), "id": f"{prefix}-p", "name": f"{prefix} P"})
    pitcher_bats = clone_batter(batter, f"{prefix}-p-bats", positions=["P - 4 (3)"])
    spots.append(LineupSpot(pitcher_bats, Position.P))
    bench = tuple(clone_batter(batter, f"{prefix}-bench-{n}", positions=["3B - 3 (12)"]) for n in (1, 2))
    bullpen = tuple(
        Pitcher.model_validate(
            {
                **pitcher.model_dump(mode="json"),
                "id": f"{prefix}-rp{n}",
                "name": f"{prefix} RP{n}",
                "relief": "(50) 6 / 3",
            }
        )
        for n in (1, 2)
    )
    return TeamSetup(prefix, tuple(spots), arm, pitcher_bats, bench, bullpen)


def setup(options: InsidePitchOptions | None = None, park: Ballpark = SAN_DIEGO) -> GameSetup:
    return GameSetup(team("away", SEAVER), team("home", SEAVER), park, options or InsidePitchOptions())


# make test plays this many games of each 10,000-game property run; make soak plays the rest.
TESTED_GAMES = 2_000


def soak_batches(games: int, batch: int) -> list[object]:
    """The batches of a long property run: the first TESTED_GAMES in the slow tier, the rest ``soak``."""
    return [
        pytest.param(first, marks=pytest.mark.soak) if first >= TESTED_GAMES else first
        for first in range(0, games, batch)
    ]
