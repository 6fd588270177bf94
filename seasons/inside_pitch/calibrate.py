"""Inside Pitch's calibration: ``seasons.calibrate.Calibration``'s scales plus the sacrifice bunts.

The auto-manager sacrifices on the strategy roll by the batter's BNT (``engine.inside_pitch.strategy``),
and ``seasons.ratings`` makes BNT from the batter's sacrifices per plate appearance through estimated
situations (how often a man is on first with fewer than two out, how often the roll is read, how
many tries end as a sacrifice). The cards made at those estimates played 1985's AL with about 30 %
fewer sacrifice bunts than the real season. So each round also counts the league's sacrifice hits a
team game, and ``bunts`` ("sh") scales the rolls every BNT is made from: real / k as the other scales
(``seasons.calibrate.pooled_recalibrate``, pooled from the second round, weighted by team games),
within :data:`BUNT_SCALE_LIMITS`. Each league keeps its own where the leagues keep their levels apart
(the pitchers bat in one of them and bunt most). The real count is the season's sacrifice hits less
the played sacrifice flies in the years the flies were scored among them
(``seasons.deep_drive.bunting.real_bunts``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from seasons.calibrate import POOL_FROM, Calibration, PlayedLeague, pooled_recalibrate
from seasons.deep_drive.bunting import real_bunts
from seasons.stats import Batting, Season

# The bunting scale stays within these bounds: BNT is a small integer whose chart tops out (a position
# player's BNT 5 bunts on 4 rolls of 20), so the bunts answer a scale at less than its rate, and a
# far scale only turns more of the weak bunters into bunters.
BUNT_SCALE_LIMITS = (0.5, 3.0)


def bunts_a_game(played: PlayedLeague) -> tuple[float, float]:
    """The played league's sacrifice hits and sacrifice flies a team game."""
    games = played.team_games
    if games <= 0:
        return 0.0, 0.0
    sh = sum(line.get("sh", 0) for line in played.batting.values())
    sf = sum(line.get("sf", 0) for line in played.batting.values())
    return sh / games, sf / games


@dataclass
class InsidePitchCalibration(Calibration):
    """:class:`seasons.calibrate.Calibration` with the bunting scale (``bunts``: "sh")."""

    bunts: dict[str, float] = field(default_factory=dict)
    # per round: (the scale played with, sacrifice hits a team game, team games)
    bunt_history: list[tuple[dict[str, float], dict[str, float], float]] = field(default_factory=list)

    def for_league(self, league: str | None) -> InsidePitchCalibration:
        own = super().for_league(league)
        assert isinstance(own, InsidePitchCalibration)  # the leagues' are made as type(self)
        return own

    def _update_levels(
        self, played: PlayedLeague, pitcher_cards: Iterable[str], season: Season, pitchers_real: Batting
    ) -> None:
        super()._update_levels(played, pitcher_cards, season, pitchers_real)
        sh, sf = bunts_a_game(played)
        self.bunt_history.append((dict(self.bunts), {"sh": sh}, float(played.team_games)))
        start = POOL_FROM - 1 if len(self.bunt_history) >= POOL_FROM else 0
        got = pooled_recalibrate(self.bunt_history[start:], {"sh": real_bunts(season, sf)}, self.bunts)
        self.bunts = {k: min(max(v, BUNT_SCALE_LIMITS[0]), BUNT_SCALE_LIMITS[1]) for k, v in got.items()}

    def _describe_levels(self) -> list[str]:
        return [*super()._describe_levels(), *(f"bunts {v:.3f}" for v in self.bunts.values())]
