"""Deep Drive's league policy (engine.policy): what a Deep Drive league does between games.

The league (league.starters, league.setups, league.rest) reaches these through
``ruleset(DEEP_DRIVE).policy``; the rest of the league (schedule, standings, stats, rosters) is
shared. Each reads plain values: cards, the engine's events, dice the league already rolled.

- **Starting Pitcher Rest** (DDB "Starting Pitcher Rest"): after a start, the number in his
  Usage box is his games of rest, one more with the asterisk when his Endurance fell to 0 or
  lower during the start (the engine's ``endurance`` readings say so). A starter whose card has
  no number (a RELIEVER without one, made to start) rests as the league's rules say.
- **Bullpen roles from Usage**: a reliever whose card says CLOSER closes unless his team gave
  him another role; everyone else keeps the team's order.
- **Post-Game Injuries** (DDB "Post-Game Injuries", ``charts.bench.post_game``): after each game,
  for each team, the red die names a position, the white die an inning; the man who was at that
  position when that inning began is checked on the Season Handbook's Training Room chart.
  The league rolls these dice (league.rest.post_game_dice: seeded by the game's seed, so storing
  a game twice gives the same days), not the engine: the game is over.
- **Using the Bench** (DDB "Using the Bench", ``charts.bench.bench_usage``): a league option;
  before an auto-managed game three dice per team name starters who sit unless their injury
  rating is sturdy enough. A sitting starting pitcher's turn is skipped and he rests the games
  in his Usage box from that day (:func:`starter_rest`, kept by the league's store when the game starts).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from cards.loader import GENERIC_PITCHER_BATTING
from cards.models import Batter  # the setup's type for a batting card (a Deep Drive one in play)
from engine.deep_drive import value
from engine.deep_drive.charts import bench
from engine.deep_drive.handbook import Handbook, handbook_of
from engine.events import Event, HalfInningStarted, Reading, Substitution
from engine.policy import PostGameInjury, Sitter

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDSetup, DDTeamSetup

ENDURANCE = "endurance"  # the engine's Reading card for a pitcher's Endurance count


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


def fielders_by_inning(setup_team: DDTeamSetup, side: str, events: Iterable[Event]) -> dict[int, dict[str, str]]:
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
    setups: Mapping[str, DDTeamSetup],
    events: Sequence[Event],
    handbook: Handbook,
    dice: Callable[[int], int],
    *,
    designated_hitter: bool,
    names: Mapping[str, str],
    grades: Mapping[str, str],
) -> list[PostGameInjury]:
    """DDB "Post-Game Injuries" for both teams: each team's red and white dice, the man checked, his days.

    ``dice(n)`` rolls 0..n-1 (league.rest.post_game_dice for a stored game); per team, in order: the red
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


class DeepDrivePolicy:
    """Deep Drive's league rules behind engine.policy.LeaguePolicy."""

    bench_chart = True  # DDB "Using the Bench"
    starter_card = "STARTER in the Usage boxes"

    def is_starter(self, pitcher: Any) -> bool:
        return bool(pitcher.usage.role == "STARTER")  # DDB "Cards": the Usage box

    def may_start(self, pitcher: Any) -> bool:
        return can_start(pitcher)  # DDB "Cards": a STARTER or a reliever with rest games

    def card_role(self, pitcher: Any) -> Literal["closer"] | None:
        return usage_role(pitcher)  # a CLOSER by his Usage box closes unless the team gave him a role

    def starter_rest(self, pitcher: Any, events: Sequence[Event], league_rest: int) -> int:
        # DDB "Starting Pitcher Rest": his Usage box, the asterisk
        return starter_rest(pitcher, endurance_fell_to_zero(events, pitcher.id), league_rest)

    def pitchers_batting(
        self, staff: Sequence[Any], batting_card_for: Callable[[Any], Batter | None]
    ) -> tuple[Batter | None, dict[str, Batter]]:
        # A Deep Drive pitcher bats with a batter card of his own name, else the generic one.
        cards = {p.id: batting_card_for(p) for p in staff}
        own = {pid: card for pid, card in cards.items() if card is not None and card.id != GENERIC_PITCHER_BATTING}
        generic = next((card for card in cards.values() if card and card.id == GENERIC_PITCHER_BATTING), None)
        return generic, own

    def bench_sitters(
        self, red: int, white: int, green: int, starters: Mapping[str, Any], *, designated_hitter: bool
    ) -> list[Sitter]:
        return bench_usage_sitters(red, white, green, starters, designated_hitter=designated_hitter)

    def bench_words(self, red: int, white: int, green: int, sitter: Sitter) -> str:
        return chart_words(red, white, green, sitter)

    def post_game_injuries(
        self, setup: DDSetup, events: Sequence[Event], dice: Callable[[int], int]
    ) -> list[PostGameInjury]:
        """DDB "Post-Game Injuries": the Training Room chart's days for the game's men."""
        setups = {"away": setup.away, "home": setup.home}
        cards: dict[str, Any] = {}
        for team in setups.values():
            for card in (*(s.batter for s in team.lineup), *team.bench, team.pitcher, *team.bullpen):
                cards[card.id] = card
        return post_game_injuries(
            setups,
            events,
            handbook_of(setup.handbook),
            dice,
            designated_hitter=setup.options.designated_hitter,
            names={cid: c.name for cid, c in cards.items()},
            grades={cid: c.injury for cid, c in cards.items() if hasattr(c, "injury")},
        )

    def pool_odds(
        self,
        batters: Sequence[Any],
        pitchers: Sequence[Any],
        ballparks: Sequence[Any],
        weights: Mapping[str, float],
        handbook: str = "",
    ) -> dict[str, tuple[float, ...]]:
        """Exact odds against the pool's average opponent (engine.deep_drive.value)."""
        return value.pool_odds(batters, pitchers, weights, handbook)  # parks: the handbook's average row


POLICY = DeepDrivePolicy()
