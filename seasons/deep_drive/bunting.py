"""The era's bunting for a generated Deep Drive set: how weak a hitter the auto-manager sacrifices with.

The book leaves the sacrifice to the managers (DDB "Sacrifice Bunt"), and Dugout's Deep Drive
auto-manager bunts late in a close game only: about 0.2 times a team game, which is the modern
game's rate but a quarter of 1927's. Fewer bunts there mean more batters swinging, so every count a
game runs high. A set states the era's bunting as ``auto_bunt_below`` (``dd_auto_bunt_below`` of
``engine.deep_drive.options``): with nobody out, a man on first or second and third open, in a game within
two runs, the auto-manager also sacrifices with any batter whose card reaches base on fewer of its
50 numbers.

:class:`BuntFit` fits that number in the calibration's rounds to the season's sacrifice bunts a team
game (:func:`real_bunts`). The model: bunts a game = the late-and-close bunts (``base``, played by
the rounds without a number: the first, and any after it that stated none) + ``spots`` × the share
of the league's plate appearances taken by batters under the number (:func:`share_below`: the cards
weighted by their real PA, the pitchers' generic card by theirs). ``spots`` starts at :data:`SPOTS`
and is refitted from the rounds that bunted by the number, within a factor of
:data:`SPOTS_FACTOR` of it; at most :data:`MOST_SHARE` of the plate appearances are bunted for. A
season whose late bunts come within :data:`MIN_EXTRA` a game of its own states nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from cards.deep_drive.models import Batter
from seasons.calibrate import PlayedLeague
from seasons.stats import Season, sac_flies_among_sacrifice_hits

# Bunting spots a team game, weighted as the cards' plate appearances are: measured on a 1927 set
# (0.26, 0.42 and 0.87 more bunts a game at 12, 15 and 18 numbers, with 22 %, 37 % and 64 % of the
# PA under them). Only the first guess: the rounds refit it.
SPOTS = 1.2
# The refitted spots stay within this factor of SPOTS: a short round whose bunts land at the late
# ones alone would otherwise put the spots near 0 and the number above every card (all bunt).
SPOTS_FACTOR = 2.0
# At most this share of the plate appearances is bunted for: the best hitters always swing.
MOST_SHARE = 0.8
# A card has 50 numbers: a number is at most 50 (every card under it but one that is all on base).
MOST = 50
# Fewer extra bunts a team game than this are left to the late ones: a round's bunts wander by
# about 0.03-0.05 a game (2016's rounds at one number: 0.22-0.26), so a smaller gap is noise, and
# chasing it swung 2016's number between 1 and 3 (its SH 0.21 a game, the late bunts 0.18).
MIN_EXTRA = 0.1


def real_bunts(season: Season, played_sac_flies: float) -> float:
    """The season's sacrifice bunts a team game: its sacrifice hits, less the league's own sacrifice
    flies a game (``played_sac_flies``, from its rounds) in the years the flies were scored as
    sacrifice hits (``seasons.stats.sac_flies_among_sacrifice_hits``)."""
    games = sum(t.g for t in season.teams.values())
    if not games:
        return 0.0
    bunts = season.league_batting().sh / games
    if sac_flies_among_sacrifice_hits(season.year):
        bunts -= played_sac_flies
    return max(bunts, 0.0)


def share_below(cards: Iterable[Batter], weights: Mapping[str, float], below: int) -> float:
    """The share of the cards' plate appearances (``weights`` by card id) whose card reaches base on
    fewer than ``below`` numbers."""
    total = under = 0.0
    for card in cards:
        weight = weights.get(card.id, 0.0)
        total += weight
        if card.on_base_numbers() < below:
            under += weight
    return under / total if total else 0.0


@dataclass
class BuntFit:
    """The auto-manager's ``auto_bunt_below`` fitted round by round (0: late and close only)."""

    below: int = 0
    base: float | None = None  # late-and-close bunts a team game (the rounds played without a number)
    spots: float = SPOTS
    target: float = 0.0
    # per round: (the number played, its share of PA, bunts a team game, team games)
    rounds: list[tuple[int, float, float, int]] = field(default_factory=list)

    def update(
        self, played: PlayedLeague, season: Season, cards: Iterable[Batter], weights: Mapping[str, float]
    ) -> None:
        """Add one played round and choose the number for the next."""
        cards = list(cards)
        games = played.team_games or 1
        bunts = sum(line.get("sh", 0) for line in played.batting.values()) / games
        flies = sum(line.get("sf", 0) for line in played.batting.values()) / games
        share = share_below(cards, weights, self.below) if self.below else 0.0
        self.rounds.append((self.below, share, bunts, played.team_games))
        self.target = real_bunts(season, flies)
        late = [(b, g) for n, _, b, g in self.rounds if not n]
        self.base = sum(b * g for b, g in late) / (sum(g for _, g in late) or 1)
        bunted = [(s, b, g) for n, s, b, g in self.rounds if n and s > 0]
        if bunted:
            weight = sum(s * g for s, _, g in bunted)
            fitted = sum((b - self.base) * g for _, b, g in bunted) / weight
            self.spots = min(max(fitted, SPOTS / SPOTS_FACTOR), SPOTS * SPOTS_FACTOR)
        if self.target - self.base < MIN_EXTRA:
            self.below = 0
            return
        wanted = min((self.target - self.base) / self.spots, MOST_SHARE)
        self.below = min(range(1, MOST + 1), key=lambda n: (abs(share_below(cards, weights, n) - wanted), n))

    def describe(self) -> str:
        if not self.rounds:
            return ""  # not fitted (a league's own part of a split calibration, or no rounds yet)
        played = self.rounds[-1][2]
        if not self.below:
            return f"bunting late and close only ({played:.2f} a team game, the season {self.target:.2f})"
        return (
            f"bunting below {self.below} on-base numbers (the last round {played:.2f} a team game, "
            f"the season {self.target:.2f})"
        )
