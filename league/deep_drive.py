"""What a Deep Drive league does between games, where its rules differ from Inside Pitch's.

The store (:mod:`league.store`) calls these for a league whose ruleset is Deep Drive; the rest
of the league (schedule, standings, stats, rosters) is shared. Each reads plain values: cards,
the engine's events, dice already rolled.

- **Starting Pitcher Rest** (DDB "Starting Pitcher Rest"): after a start, the number in his
  Usage box is his games of rest, one more with the asterisk when his Endurance fell to 0 or
  lower during the start (the engine's ``endurance`` readings say so). A starter whose card has
  no number (a RELIEVER without one, made to start) rests as the league's rules say.
- **Bullpen roles from Usage**: a reliever whose card says CLOSER closes unless his team gave
  him another role; everyone else keeps the team's order.
- **Post-Game Injuries** (DDB "Post-Game Injuries", ``charts.bench.post_game``): after each game,
  for each team, the red die names a position, the white die an inning; the man who was at that
  position when that inning began is checked on the Season Handbook's Training Room chart.
  The league rolls these dice (seeded by the game's seed, so storing a game twice gives the
  same days), not the engine: the game is over.
- **Using the Bench** (DDB "Using the Bench", ``charts.bench.bench_usage``): a league option;
  before an auto-managed game three dice per team name starters who sit unless their injury
  rating is sturdy enough. A sitting starting pitcher's turn is skipped and he rests the games
  in his Usage box from that day (:func:`starter_rest`, kept by ``Store.start_game``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from cards.deep_drive.models import Batter, Pitcher
from engine.deep_drive.charts import bench
from engine.deep_drive.handbook import Handbook
from engine.events import Event, HalfInningStarted, Reading, Substitution
from engine.setup import TeamSetup

ENDURANCE = "endurance"  # the engine's Reading card for a pitcher's Endurance count


def is_deep_drive_card(card: Any) -> bool:
    return isinstance(card, (Batter, Pitcher))


def can_start(pitcher: Any) -> bool:
    """A pitcher who may make a spot start: a STARTER, or a reliever whose Usage box has rest games."""
    usage = pitcher.usage
    return bool(usage.role == "STARTER" or usage.rest is not None)


def usage_role(pitcher: Any) -> Literal["closer"] | None:
    """The bullpen role his card gives him: "closer" for CLOSER, else none."""
    return "closer" if pitcher.usage.role == "CLOSER" else None


def endurance_fell_to_zero(events: Iterable[Event], pitcher_id: str) -> bool:
    """Whether the engine counted his Endurance down to 0 or lower in this game (DDB "Pitcher Endurance")."""
    for event in events:
        if isinstance(event, Reading) and event.card == ENDURANCE and event.owner == pitcher_id:
            try:
                if int(event.result) <= 0:
                    return True
            except ValueError:
                continue
    return False


def starter_rest(pitcher: Any, fell_to_zero: bool, league_default: int) -> int:
    """DDB "Starting Pitcher Rest": the Usage box's games of rest, +1 with the asterisk when his
    Endurance fell to 0 in the start; ``league_default`` when his card has no number."""
    usage = pitcher.usage
    if usage.rest is None:
        return league_default
    return int(usage.rest) + (1 if usage.tiring and fell_to_zero else 0)


def post_game_dice(seed: int) -> Callable[[int], int]:
    """The league's dice for a game's Post-Game Injuries: seeded by the game's seed, so the same
    stored game always gives the same days."""
    return random.Random(f"post-game-injuries:{seed}").randrange


@dataclass(frozen=True)
class PostGameInjury:
    """A player the Training Room chart sits for ``days`` games after this one."""

    side: str  # "away" or "home"
    player: str  # card id
    name: str
    position: str
    inning: int
    days: int


def fielders_by_inning(setup_team: TeamSetup, side: str, events: Iterable[Event]) -> dict[int, dict[str, str]]:
    """Who was at each position (and DH) when each inning began, for one team: inning -> position -> id.

    Read from the setup and the engine's substitutions; the snapshot is taken at the top of each inning."""
    at: dict[str, str] = {spot.position.value: spot.batter.id for spot in setup_team.lineup}
    at["P"] = setup_team.pitcher.id  # the pitcher on the mound, batting or not
    out: dict[int, dict[str, str]] = {}
    for event in events:
        if isinstance(event, HalfInningStarted) and event.top and event.inning not in out:
            out[event.inning] = dict(at)
        elif isinstance(event, Substitution) and event.team == side and event.position in at:
            # a new pitcher or fielder, or a pinch hitter taking a position ("PH", "PR" until then)
            at[event.position] = event.player_in
    return out


def post_game_injuries(
    setups: Mapping[str, TeamSetup],
    events: Sequence[Event],
    handbook: Handbook,
    dice: Callable[[int], int],
    *,
    designated_hitter: bool,
    names: Mapping[str, str],
    grades: Mapping[str, str],
) -> list[PostGameInjury]:
    """DDB "Post-Game Injuries" for both teams: each team's red and white dice, the man checked, his days.

    ``dice(n)`` rolls 0..n-1 (:func:`post_game_dice` for a stored game); per team, in order: the red
    die (position), the white die (inning), then the Training Room chart's red-and-white roll 00-99.
    ``grades`` are the players' injury ratings by id; ``names`` their names. A roll naming the DH in
    a game without one, or an inning the game did not reach, checks nobody."""
    out: list[PostGameInjury] = []
    for side in ("away", "home"):
        red, white = dice(10), dice(10)
        check = bench.post_game(red, white)
        roll = dice(100)  # the Training Room chart's red and white dice
        if check.position == "DH" and not designated_hitter:
            continue
        innings = fielders_by_inning(setups[side], side, events)
        player = innings.get(check.inning, {}).get(check.position)
        if player is None or player not in grades:
            continue
        days = handbook.training_room(roll, grades[player])
        if days > 0:
            out.append(PostGameInjury(side, player, names.get(player, player), check.position, check.inning, days))
    return out


@dataclass(frozen=True)
class Sitter:
    """A starter the Bench Usage Chart sits today."""

    player: str
    position: str
    grade: str
    needs: str  # the rating he needed to play anyway


def chart_words(red: int, white: int, green: int, sitter: Sitter) -> str:
    """Why the Bench Usage Chart sits him, in the words the managers are told."""
    return (
        f"Bench Usage Chart: the dice {red}-{white}-{green} call for injury rating {sitter.needs} or better; "
        f"his is {sitter.grade}"
    )


def bench_usage_sitters(
    red: int, white: int, green: int, starters: Mapping[str, Any], *, designated_hitter: bool
) -> list[Sitter]:
    """DDB "Bench Usage Chart": ``starters`` are the cards by position ("P", "C", ... "DH"); those the
    three dice name who are not sturdy enough sit (the caller applies the book's exception: nobody
    else rated at the position)."""
    out = []
    for call in bench.bench_usage(red, white, green):
        if call.position == "DH" and not designated_hitter:
            continue
        card = starters.get(call.position)
        if card is None:
            continue
        if call.sits(card.injury):
            out.append(Sitter(card.id, call.position, card.injury, call.at_least))
    return out
