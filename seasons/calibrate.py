"""Calibrating a season's cards against the league's own games played with them.

The fit makes every card carry its player's rates against the league's average opponent,
read off the cards alone. What happens after the cards (range plays, errors, the fielders'
ratings, managers' intentional walks, parks, the rotation and bullpen a league uses) moves
the rates a little, the same way for everyone. So the generator writes the candidate set,
has a league play it (a :class:`LeaguePlayer`: ``dugout cards generate`` passes
``league.replay.play_season``, the league the fidelity benchmark plays), compares the
played league's rates with the real league's and fits again with each result's target
scaled (``seasons.fit.fit_season(adjust=...)``). Three groups of scales, one number each
for the whole league (players keep their differences):

- ``adjust``: the batting results per plate appearance (1B 2B 3B HR BB HBP K), everyone;
- ``pitchers``: the same results for pitchers batting (their own cards and the generic one),
  read from pitchers' plate appearances alone: what the games add to a batter (hits on
  balls in play the cards do not give) does not grow with his hitting, so the league-wide
  scale left pitchers hitting well above their real line;
- ``steals``: ``attempts`` (SB + CS per time on first) and ``success`` (SB / (SB + CS)),
  scaling the rate each runner's ATT and SB ratings are made from (``seasons.ratings``).

Each round's scale is real / k, where k (played per unit of scale) is pooled over the rounds
so far from the second on, weighted by their plate appearances (times on first, attempts):
the first, short round only finds the neighbourhood; the pooled later rounds (full seasons)
carry the precision. See docs/real-seasons/fit.md, "Calibration".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from seasons.stats import Batting, Season

# The results the fit takes targets for (its CATS without the outs, which are the rest).
RESULTS = ("1B", "2B", "3B", "HR", "BB", "HBP", "K")
STEALS = ("attempts", "success")
# The calibration rounds' lengths as shares of the real schedule: a quarter season to find
# the neighbourhood, then a half and two full seasons pooled (about 2.5 seasons: the SE of
# the pooled HR rate near 1 %, SB near 1.5 %, 3B near 2 % in 1970).
CALIBRATION_SCHEDULE = (0.25, 0.5, 1.0, 1.0)
POOL_FROM = 2  # rounds pooled from this one on (1-based)
# Pitchers' batting gets its own scales only from this many real and pooled played PA (a DH
# league's pitchers hardly bat: their scales stay the league's).
MIN_PITCHER_PA = 2000
# ... and within this factor of the league's scale either way: further down, pitchers' lines
# sit at the floor a batting card can hold (the pitcher and park cards' hits come whatever the
# batter), a lower scale no longer moves the pooled line and only takes hits from the pitchers
# who could hit (1970: the singles scale fell 0.61, 0.46, 0.39, 0.35 with the line unmoved).
PITCHER_SCALE_LIMIT = 1.25


class PlayedLeague(Protocol):
    """What a played league gives the calibration: its team games and each card's batting counts."""

    @property
    def team_games(self) -> int: ...

    @property
    def batting(self) -> Mapping[str, Mapping[str, int]]: ...


class LeaguePlayer(Protocol):
    """Plays a set folder's league, ``games_per_team`` games a team, from ``seed`` (replayable)."""

    def __call__(self, set_folder: Path, games_per_team: int, seed: int) -> PlayedLeague: ...


def uses_dh(year: int, league: str) -> bool:
    """The designated hitter: the AL from 1973, the NL in 2020 and from 2022."""
    if league == "AL":
        return year >= 1973
    return year == 2020 or year >= 2022


def games_per_team(season: Season) -> int:
    """The schedule's length: the most common number of games a team played."""
    counts: dict[int, int] = {}
    for team in season.teams.values():
        counts[team.g] = counts.get(team.g, 0) + 1
    return max(counts, key=lambda g: (counts[g], g))


def rates(b: Batting) -> dict[str, float]:
    """Per plate appearance (sacrifice bunts left out: they are the managers' calls)."""
    pa = b.ab + b.bb + b.hbp + b.sf
    if pa <= 0:
        return dict.fromkeys(RESULTS, 0.0)
    counts = {"1B": b.singles, "2B": b.doubles, "3B": b.triples, "HR": b.hr, "BB": b.bb, "HBP": b.hbp, "K": b.so}
    return {k: v / pa for k, v in counts.items()}


def times_on_first(b: Batting) -> int:
    """Singles, walks and hit batsmen: the times a runner stands on first with second open."""
    return b.singles + b.bb + b.hbp


def steal_rates(b: Batting) -> dict[str, float]:
    """Attempts (SB + CS) per time on first, and success SB / (SB + CS)."""
    attempts = b.sb + b.cs
    on_first = times_on_first(b)
    return {
        "attempts": attempts / on_first if on_first > 0 else 0.0,
        "success": b.sb / attempts if attempts > 0 else 0.0,
    }


def real_rates(season: Season) -> dict[str, float]:
    return rates(season.league_batting())


def played_batting(played: PlayedLeague, card_ids: Iterable[str] | None = None) -> Batting:
    """The played lines summed as one Batting (only ``card_ids``' lines when given)."""
    wanted = None if card_ids is None else set(card_ids)
    total = Batting()
    for card_id, line in played.batting.items():
        if wanted is not None and card_id not in wanted:
            continue
        total = total + Batting(
            pa=line["pa"], ab=line["ab"], r=line["r"], h=line["h"], doubles=line["doubles"],
            triples=line["triples"], hr=line["hr"], bb=line["bb"], so=line["k"], hbp=line["hbp"],
            sf=line["sf"], sh=line["sh"], gidp=line["gidp"], sb=line["sb"], cs=line["cs"],
        )  # fmt: skip
    return total


def recalibrate(
    adjust: Mapping[str, float], played: Mapping[str, float], real: Mapping[str, float]
) -> dict[str, float]:
    """Each result's scale times real / played (a result the games never gave keeps its scale)."""
    return pooled_recalibrate([(adjust, played, 1.0)], real, adjust)


def pooled_recalibrate(
    rounds: Sequence[tuple[Mapping[str, float], Mapping[str, float], float]],
    real: Mapping[str, float],
    current: Mapping[str, float],
) -> dict[str, float]:
    """The scales that give ``real``, from rounds of (scales played with, rates played, weight).

    Played rates are taken as proportional to the scale (k x scale): k is pooled as
    sum(weight x played) / sum(weight x scale) over the rounds that played the result, and
    the new scale is real / k. One round: its scale times real / played. A result no round
    played (or with no real rate) keeps its ``current`` scale.
    """
    out = dict(current)
    for result in real:
        played_sum = scale_sum = 0.0
        for scales, played, weight in rounds:
            if played.get(result, 0.0) > 0:
                played_sum += weight * played[result]
                scale_sum += weight * scales.get(result, 1.0)
        if played_sum > 0 and real[result] > 0:
            out[result] = real[result] * scale_sum / played_sum
    return out


@dataclass
class Calibration:
    """The scales fitted so far and the rounds they came from."""

    adjust: dict[str, float] = field(default_factory=dict)  # batting results, everyone
    pitchers: dict[str, float] = field(default_factory=dict)  # batting results, pitchers batting
    steals: dict[str, float] = field(default_factory=dict)  # attempts, success
    # per round: the scales it played with, what it played, its weights
    history: list[dict[str, tuple[dict[str, float], dict[str, float], float]]] = field(default_factory=list)

    def update(
        self, played: PlayedLeague, pitcher_cards: Iterable[str], season: Season, pitchers_real: Batting
    ) -> None:
        """Add one played round and refit every scale from the rounds pooled (:data:`POOL_FROM` on)."""
        everyone = played_batting(played)
        pitching_batters = played_batting(played, pitcher_cards)
        self.history.append(
            {
                "adjust": (dict(self.adjust), rates(everyone), float(everyone.pa)),
                "pitchers": (dict(self.pitchers or self.adjust), rates(pitching_batters), float(pitching_batters.pa)),
                "attempts": (dict(self.steals), steal_rates(everyone), float(times_on_first(everyone))),
                "success": (dict(self.steals), steal_rates(everyone), float(everyone.sb + everyone.cs)),
            }
        )
        start = POOL_FROM - 1 if len(self.history) >= POOL_FROM else 0
        pooled = self.history[start:]
        real = season.league_batting()

        def group(key: str) -> list[tuple[Mapping[str, float], Mapping[str, float], float]]:
            return [r[key] for r in pooled]

        self.adjust = pooled_recalibrate(group("adjust"), rates(real), self.adjust)
        if min(pitchers_real.pa, sum(w for _, _, w in group("pitchers"))) >= MIN_PITCHER_PA:
            pitchers = pooled_recalibrate(group("pitchers"), rates(pitchers_real), self.pitchers or self.adjust)
            self.pitchers = {
                k: min(
                    max(v, self.adjust.get(k, 1.0) / PITCHER_SCALE_LIMIT), self.adjust.get(k, 1.0) * PITCHER_SCALE_LIMIT
                )
                for k, v in pitchers.items()
            }
        real_steals = steal_rates(real)
        attempts = pooled_recalibrate(group("attempts"), {"attempts": real_steals["attempts"]}, self.steals)
        success = pooled_recalibrate(group("success"), {"success": real_steals["success"]}, self.steals)
        self.steals = {"attempts": attempts.get("attempts", 1.0), "success": success.get("success", 1.0)}

    def describe(self) -> str:
        parts = [f"{k} {v:.3f}" for k, v in sorted(self.adjust.items())]
        parts += [f"pitchers' {k} {v:.3f}" for k, v in sorted(self.pitchers.items())]
        parts += [f"steal {k} {v:.3f}" for k, v in sorted(self.steals.items())]
        return ", ".join(parts)
