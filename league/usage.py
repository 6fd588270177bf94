"""Real playing time: the auto-manager keeps each player near his real share of starts.

A team made from a card set entry with usage targets (``games`` and ``starts``, see
``cards.teams``) remembers them (the ``team_usage`` table). Before an auto-made game
(``Store.playable_setup``, the regular season only) the team's starts so far are compared
with each player's real pace, his real starts over the real season's games times the games
the team has played: a share, so a 60-game league plays a 162-game season's shares.

- **Ahead.** A player is ahead of his pace when his starts so far exceed his pace through
  today's game (``share * (played + 1)``): starting today would put him more than one
  start ahead. A player without a target is never ahead and never called on.
- **Lineups.** A lineup regular ahead of his pace rests today; the healthy, rested bench
  player whose card lists the position and who is most behind his own pace starts in his
  place (behind: his pace through today's game is above his starts). Nobody behind: the
  regular plays. The position's card rating is the engine's business; a man whose card
  does not list the position never replaces, so a rest never costs a catcher's mask.
- **At-bats.** When every batter with a target has his real at-bats (his card's stats), the
  lineups pace by them instead of starts: a man's share is his real at-bats over those of the
  team's batters with targets, his pace that share of their at-bats so far, and through
  today's game an average game's more. A start is not the same playing time in every spot:
  a regular plays nine innings and bats where the order puts him, where the season's regulars
  were pinch-hit for and replaced late and its bench men batted off the bench, so equal
  starts gave the best hitters about a tenth more at-bats than they had and the bench less.
- **Starters.** The rotation man whose turn it is, ahead of his pace, is skipped for the
  rested, healthy pitcher of the staff most behind his own pace (rotation men and swingmen
  alike); nobody behind: he pitches. The league's rest and fatigue rules still decide who
  is ready: only those ready are looked at.
- **The era's rest.** A replay of a real season (``league.replay``) rests its starters as the
  era did (:func:`era_starter_rest`): a four-man rotation's ace made 40 starts, which four days'
  rest in a 181-day schedule (at most 36) cannot give him.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Pace:
    """A team's usage targets and its starts so far this season."""

    games: int  # the real season's games
    targets: Mapping[str, int]  # real starts by card id
    played: int  # the team's games so far this season (regular phase)
    started: Mapping[str, int]  # starts so far by card id
    real_at_bats: Mapping[str, int] = field(default_factory=dict)  # batters paced by at-bats: real AB by card id
    at_bats: Mapping[str, int] = field(default_factory=dict)  # their at-bats so far

    def share(self, card_id: str) -> float:
        return self.targets.get(card_id, 0) / self.games

    def at_bat_pace(self, card_id: str, today: bool = True) -> float | None:
        """His real share of the paced batters' at-bats so far (with ``today``, an average game's more); None if
        he is paced by starts."""
        real = self.real_at_bats.get(card_id)
        if real is None:
            return None
        team = float(sum(self.at_bats.get(c, 0) for c in self.real_at_bats))
        if today and self.played:
            team += team / self.played
        return real / sum(self.real_at_bats.values()) * team

    def pace(self, card_id: str, games: int | None = None) -> float:
        """His real pace after ``games`` games (default: those played)."""
        return self.share(card_id) * (self.played if games is None else games)

    def ahead(self, card_id: str) -> bool:
        return card_id in self.targets and self.behind(card_id) < 0

    def behind(self, card_id: str) -> float:
        """How far his starts (at-bats, when paced by them) are behind his pace through today's game (> 0: behind)."""
        if card_id not in self.targets:
            return 0.0
        at_bats = self.at_bat_pace(card_id)
        if at_bats is not None:
            return at_bats - self.at_bats.get(card_id, 0)
        return self.pace(card_id, self.played + 1) - self.started.get(card_id, 0)

    def line(self, card_id: str) -> str:
        """ "120 starts in 128 games, his real pace 125" (at-bats: "480 at-bats in 128 games, his real pace 470")"""
        at_bats = self.at_bat_pace(card_id, today=False)
        if at_bats is None:
            n, what, pace = self.started.get(card_id, 0), "start", self.pace(card_id)
        else:
            n, what, pace = self.at_bats.get(card_id, 0), "at-bat", at_bats
        return (
            f"{n} {what}{'' if n == 1 else 's'} in {self.played} game{'' if self.played == 1 else 's'}, "
            f"his real pace {pace:.0f}"
        )


def most_behind(pace: Pace, candidates: Iterable[str], can: Callable[[str], bool] = lambda _: True) -> str | None:
    """The candidate most behind his pace (the first of equals), among those behind; None if nobody is."""
    best: tuple[float, str] | None = None
    for card_id in candidates:
        gap = pace.behind(card_id)
        if gap > 0 and can(card_id) and (best is None or gap > best[0]):
            best = (gap, card_id)
    return best[1] if best else None


def era_starter_rest(share: float, games: int, days: int, most: int) -> int:
    """A starter's days of rest in a replay of a real season: the most, up to ``most`` (the league's own
    rule), that still lets the season's busiest starter (``share``: his real starts over his team's real
    games) make his share of ``games`` games in a schedule of ``days`` days, at least one.

    Resting r days he can start every r + 1 days: 1970's Gaylord Perry (41 of 162) needs a start every
    4.4 days of a 181-day schedule, so three days of rest, the four-man rotation of his time; 2023's
    busiest (34 of 162) every 5.3, so four. A lower rest starts nobody more: the pace rule keeps each
    man to his own share."""
    starts = share * games
    if starts <= 0:
        return most
    return max(1, min(most, math.floor(days / starts) - 1))
