"""A league game's setup as the teams stand today: starters, lineups, bench, bullpen, the bench chart.

A league service: pure code on what the store has read (each team's :class:`Club`: roster,
rotation, bullpen roles, saved lineups; who cannot play today; the real usage a team follows);
the game's ruleset's league policy (engine.policy) answers where the rulesets differ. No SQL here:
the store reads, calls :func:`game_setup`, and keeps what the game starts with.
"""

from __future__ import annotations

import random
from collections.abc import Container, Mapping
from dataclasses import dataclass
from typing import Any

from cards.models import Batter, Pitcher
from cards.notation import Position
from engine.boxscore import ordinal
from engine.lineup import best_fielder, hitting_score
from engine.policy import LeaguePolicy
from engine.rulesets import ruleset
from engine.setup import AnySetup, AnyTeamSetup, GameSetup, LineupSpot, SetupError, TeamSetup
from engine.substitutions import FIELD_POSITIONS
from league.cardpool import CardPool
from league.errors import GameError, LineupError
from league.lineups import check_lineup
from league.models import (
    DH_RULE,
    BullpenRoleName,
    GameRecord,
    Hand,
    League,
    Lineup,
    Replacement,
    RosterEntry,
    Rotation,
    SavedSpot,
    Team,
)
from league.names import plural
from league.starters import bullpen, next_starter
from league.usage import Pace, most_behind

SITTING_OUT = "sitting out"  # the reason of a man the Bench Usage Chart sits (Deep Drive)
BENCH_USAGE = "Bench Usage"  # how the line that tells of him begins


@dataclass(frozen=True)
class Club:
    """A team's plans as the store keeps them, read once for a game's setup."""

    team: Team
    roster: Mapping[str, RosterEntry]
    rotation: Rotation
    roles: Mapping[str, BullpenRoleName | None]
    lineups: Mapping[Hand, Lineup]  # saved lineups by the opposing starter's hand

    def lineup(self, hand: Hand) -> Lineup | None:
        """The lineup saved against ``hand``, else the other one (one lineup against every starter)."""
        return self.lineups.get(hand) or self.lineups.get("R" if hand == "L" else "L")


def hand(pitcher: Pitcher) -> Hand:
    return "L" if pitcher.throws.value == "L" else "R"


def stand_in(bench: list[Batter], position: Position) -> Batter:
    """The bench player with the best range at ``position``, else the best hitter (for the DH): the
    auto-manager's rule for a man hurt in a game (engine.inside_pitch.manager.best_at), which the
    league uses for both rulesets."""
    fielders = [b for b in bench if b.fielding(position) is not None]
    if fielders and position in FIELD_POSITIONS:
        return best_fielder(fielders, position)
    return max(bench, key=hitting_score)


def replaced_text(team: Team, name: str, why: str, instead: str, rest: str = "") -> str:
    """The line that tells the managers who replaces whom today, and why. A man the Bench Usage
    Chart sits reads "Bench Usage, Chicago Cubs: Anthony Rizzo sits today; Willson Contreras
    plays 1B (the dice ...)"; a starter it sits, "...; Kyle Hendricks starts (the dice ...); Jon
    Lester's turn is skipped: he rests 5 games" (``rest``)."""
    if why.startswith(SITTING_OUT):
        line = f"{BENCH_USAGE}, {team.name}: {name} sits today; {instead} {why.removeprefix(SITTING_OUT).strip()}"
        return f"{line}; {name}'s turn is skipped: he rests {rest}" if rest else line
    return f"{team.name}: {name} is {why}; {instead}"


def why_out(card_id: str, roster: Mapping[str, RosterEntry], unavailable: Mapping[str, str]) -> str | None:
    """Why a saved lineup's player cannot play today; None if he can."""
    entry = roster.get(card_id)
    if entry is None:
        return "no longer on the roster"
    if entry.status != "active":
        return "on the injured list"
    return unavailable.get(card_id)


def lineup_for_rule(
    lineup: Lineup,
    designated_hitter: bool,
    roster: Mapping[str, RosterEntry],
    unavailable: Mapping[str, str],
    pool: CardPool,
    team: Team,
    starter: Pitcher,
    where: str,
) -> tuple[Lineup, Replacement | None]:
    """A saved lineup turned to the game's rule where the two leagues differ (Dugout's rule; the books
    are silent): without the designated hitter the pitcher bats in the DH's spot (the DH sits); with
    it the pitcher's spot goes to the best hitter of the healthy bench (:func:`stand_in`: the auto-manager's
    DH), who bats there. A lineup already of the game's rule, or with nobody on the bench, is unchanged.

    With the lineup, the note for the managers (None when unchanged): who bats where and why, e.g.
    "No DH in NL parks: Bob Gibson bats 9th for St. Louis; Joe Torre (DH) sits"."""
    positions = [s.position for s in lineup.spots]
    if not designated_hitter and Position.DH in positions:
        spot = positions.index(Position.DH)
        sits = lineup.spots[spot].card_id
        spots = tuple(SavedSpot(None, Position.P) if s.position is Position.DH else s for s in lineup.spots)
        sitting = f"; {pool.name(sits)} (DH) sits" if sits is not None else ""
        text = f"No DH in {where}: {starter.name} bats {ordinal(spot + 1)} for {team.name}{sitting}"
        note = Replacement(team.name, Position.P, sits, starter.id, text, DH_RULE)
        return Lineup(lineup.team_id, lineup.vs_hand, spots), note
    if designated_hitter and Position.P in positions:
        taken = set(lineup.card_ids())
        bench = [
            pool.batter(e.card_id)
            for e in roster.values()
            if e.kind == "batter" and e.card_id not in taken and why_out(e.card_id, roster, unavailable) is None
        ]
        if not bench:
            return lineup, None  # check_lineup says what is wrong
        hitter = stand_in(bench, Position.DH)
        spot = positions.index(Position.P)
        spots = tuple(SavedSpot(hitter.id, Position.DH) if s.position is Position.P else s for s in lineup.spots)
        text = (
            f"The DH in {where}: {hitter.name} bats {ordinal(spot + 1)} for {team.name} as the DH; "
            f"{starter.name} does not bat"
        )
        note = Replacement(team.name, Position.DH, None, hitter.id, text, DH_RULE)
        return Lineup(lineup.team_id, lineup.vs_hand, spots), note
    return lineup, None


def fill_lineup(
    team: Team,
    lineup: Lineup,
    roster: Mapping[str, RosterEntry],
    unavailable: Mapping[str, str],
    pool: CardPool,
    replacements: list[Replacement],
    only: Container[str] | None = None,
) -> Lineup:
    """The saved lineup with each player who cannot play today replaced from the healthy bench,
    spot by spot in batting order, by the auto-manager's rule for a hurt player (:func:`stand_in`).
    With ``only``, just those players are replaced (the rest are left for check_lineup to refuse)."""
    taken = set(lineup.card_ids())
    bench = [
        pool.batter(e.card_id)
        for e in roster.values()
        if e.kind == "batter" and e.status == "active" and e.card_id not in unavailable and e.card_id not in taken
    ]
    spots = []
    for spot in lineup.spots:
        replace = spot.card_id is not None and (only is None or spot.card_id in only)
        why = why_out(spot.card_id, roster, unavailable) if replace and spot.card_id is not None else None
        if spot.card_id is None or why is None or not bench:
            spots.append(spot)  # check_lineup refuses what is still wrong
            continue
        player = stand_in(bench, spot.position)
        bench.remove(player)
        spots.append(SavedSpot(player.id, spot.position))
        text = replaced_text(team, pool.name(spot.card_id), why, f"{player.name} plays {spot.position.value}")
        replacements.append(Replacement(team.name, spot.position, spot.card_id, player.id, text))
    return Lineup(lineup.team_id, lineup.vs_hand, tuple(spots))


def pace_lineup(
    team: Team,
    lineup: Lineup,
    roster: Mapping[str, RosterEntry],
    unavailable: Mapping[str, str],
    pool: CardPool,
    pace: Pace,
    replacements: list[Replacement],
) -> Lineup:
    """The lineup with each regular ahead of his real pace resting, spot by spot in batting order: the
    healthy bench player most behind his pace whose card lists the position starts (league.usage)."""
    taken = set(lineup.card_ids())
    bench = [
        e.card_id
        for e in roster.values()
        if e.kind == "batter" and e.status == "active" and e.card_id not in unavailable and e.card_id not in taken
    ]
    spots = []
    for spot in lineup.spots:
        if spot.card_id is None or not pace.ahead(spot.card_id):
            spots.append(spot)
            continue
        position = spot.position

        def plays(card_id: str, position: Position = position) -> bool:
            return position is Position.DH or pool.batter(card_id).fielding(position) is not None

        sub = most_behind(pace, bench, plays)
        if sub is None:
            spots.append(spot)
            continue
        bench.remove(sub)
        spots.append(SavedSpot(sub, position))
        text = (
            f"{team.name}: {pool.name(spot.card_id)} rests ({pace.line(spot.card_id)}); "
            f"{pool.name(sub)} plays {position.value} ({pace.line(sub)})"
        )
        replacements.append(Replacement(team.name, position, spot.card_id, sub, text))
    return Lineup(lineup.team_id, lineup.vs_hand, tuple(spots))


def team_setup(
    club: Club,
    pool: CardPool,
    policy: LeaguePolicy,
    starter: Pitcher,
    opposing_hand: Hand,
    unavailable: Mapping[str, str],
    designated_hitter: bool,
    replacements: list[Replacement] | None = None,
    pace: Pace | None = None,
    sitting: Mapping[str, str] | None = None,
    told: list[Replacement] | None = None,
    where: str = "this league",
) -> AnyTeamSetup:
    """The team as it takes the field: saved lineup for the opposing hand, bench, bullpen by role.

    With ``replacements`` (a list to note them in), a player of the saved lineup who
    cannot play today is replaced from the bench (:func:`fill_lineup`) instead of refusing.
    Without, only the men the Bench Usage Chart sits today (``sitting``, Deep Drive) are
    replaced so (noted in ``told``, for the managers); anyone else who cannot play is refused.
    ``designated_hitter`` is the game's rule (its home team's league's): a lineup saved for the
    other rule is turned to it (:func:`lineup_for_rule`), and the managers are told so (noted in
    ``replacements``, else ``told``: "No DH in NL parks: ..."); ``where`` names whose rule it is in
    those words ("NL parks").
    """
    team, roster, dh = club.team, club.roster, designated_hitter
    lineup = club.lineup(opposing_hand)
    if lineup is None:
        raise LineupError(f"{team.name} has no saved lineup; save one (or let the auto-manager pick one)")
    lineup, turned = lineup_for_rule(lineup, dh, roster, unavailable, pool, team, starter, where)
    notes = replacements if replacements is not None else told
    if turned is not None and notes is not None:
        notes.append(turned)
    if replacements is None and sitting:
        lineup = fill_lineup(team, lineup, roster, unavailable, pool, [] if told is None else told, only=sitting)
    if replacements is not None:
        lineup = fill_lineup(team, lineup, roster, unavailable, pool, replacements)
        if pace is not None:
            lineup = pace_lineup(team, lineup, roster, unavailable, pool, pace, replacements)
    try:
        check_lineup(
            team.name,
            lineup.spots,
            designated_hitter=dh,
            roster=roster,
            unavailable=unavailable,
            name=pool.name,
        )
    except LineupError as exc:
        raise type(exc)(
            f"{exc} (in the lineup against {'left' if lineup.vs_hand == 'L' else 'right'}-handers)"
        ) from exc
    batting = pool.batting_card_for(starter)
    if batting is None and not dh:
        raise LineupError(f"{starter.name} bats, but the card sets have no batting card for him")
    spots = []
    for spot in lineup.spots:
        if spot.card_id is None:
            assert batting is not None
            spots.append(LineupSpot(batting, Position.P))
        else:
            spots.append(LineupSpot(pool.batter(spot.card_id), spot.position))
    healthy = [e for e in roster.values() if e.status == "active" and e.card_id not in unavailable]
    in_lineup = set(lineup.card_ids())
    bench = tuple(pool.batter(e.card_id) for e in healthy if e.kind == "batter" and e.card_id not in in_lineup)
    rotation = set(club.rotation.starters)
    # Starters stay out of the bullpen: they pitch on their turn.
    relievers = [
        e.card_id for e in healthy if e.kind == "pitcher" and e.card_id != starter.id and e.card_id not in rotation
    ]
    pen = tuple(pool.pitcher(c) for c in bullpen(relievers, club.roles, pool, policy))
    generic, own = policy.pitchers_batting((starter, *pen), pool.batting_card_for)
    return TeamSetup(team.name, tuple(spots), starter, generic, bench, pen, own)


def bench_usage(
    game: GameRecord,
    pool: CardPool,
    policy: LeaguePolicy,
    unavailable: Mapping[str, str],
    designated_hitter: bool,
    *teams: tuple[Club, Pitcher],
) -> dict[str, str]:
    """DDB "Using the Bench" (the policy's bench_sitters): per team, three dice against its saved
    lineup (against the other starter's hand) and its starter; who sits, with the reason. The
    book's exception: a player sits only if someone else available is rated at his position (any
    batter for the DH; another ready starter for the pitcher). The dice are seeded by the game, so
    building the same game's setup again sits the same men."""
    rng = random.Random(f"bench-usage:{game.id}")
    sitting: dict[str, str] = {}
    opponents = {teams[0][0].team.id: teams[1][1], teams[1][0].team.id: teams[0][1]}
    for club, starter in teams:
        red, white, green = rng.randrange(10), rng.randrange(10), rng.randrange(10)
        lineup = club.lineup(hand(opponents[club.team.id]))
        roster = club.roster
        starters: dict[str, Any] = {"P": starter}
        if lineup is not None:
            for spot in lineup.spots:
                if spot.card_id is not None and why_out(spot.card_id, roster, unavailable) is None:
                    starters[spot.position.value] = pool.batter(spot.card_id)
        taken = {card.id for card in starters.values()}
        for sitter in policy.bench_sitters(red, white, green, starters, designated_hitter=designated_hitter):
            if sitter.position == "P":
                ready = [
                    c for c in club.rotation.starters if c != sitter.player and why_out(c, roster, unavailable) is None
                ]
                if not ready:
                    continue
            else:
                position = Position(sitter.position)
                bench = [
                    e.card_id
                    for e in roster.values()
                    if e.kind == "batter" and e.card_id not in taken and why_out(e.card_id, roster, unavailable) is None
                ]
                if not any(position is Position.DH or pool.batter(c).fielding(position) for c in bench):
                    continue
            sitting[sitter.player] = f"{SITTING_OUT} ({policy.bench_words(red, white, green, sitter)})"
    return sitting


def game_setup(
    league: League,
    game: GameRecord,
    pool: CardPool,
    away: Club,
    home: Club,
    unavailable: Mapping[str, str],
    paces: tuple[Pace | None, Pace | None] = (None, None),
    replacements: list[Replacement] | None = None,
    told: list[Replacement] | None = None,
) -> AnySetup:
    """The game's setup: next starters, the bench chart's sitters, both teams, the home park.

    ``paces`` are the teams' real usage (away, home) when the auto-manager follows it; with
    ``replacements`` whoever cannot play is replaced (``Store.playable_setup``), else refused, and
    the bench chart's replacements are noted in ``told``."""
    if home.team.ballpark is None:
        raise GameError(f"{home.team.name} has no ballpark; set one before it plays at home")
    policy = ruleset(league.ruleset).policy
    options = league.options.at_home_of(home.team.subleague)  # the DH as the home team's league plays it
    dh = options.designated_hitter
    away_pace, home_pace = paces

    def starter(club: Club, out: Mapping[str, str], pace: Pace | None) -> Pitcher:
        return next_starter(club.team, club.rotation, club.roster, club.roles, pool, policy, out, replacements, pace)

    away_starter = starter(away, unavailable, away_pace)
    home_starter = starter(home, unavailable, home_pace)
    sitting: dict[str, str] = {}
    if policy.bench_chart and league.rules.bench_usage:
        # DDB "Using the Bench": the league's option, rolled for every game (auto-played or started
        # with /game start) before the lineups are made; the men the dice sit are unavailable today.
        sitting = bench_usage(game, pool, policy, unavailable, dh, (away, away_starter), (home, home_starter))
        if sitting:
            unavailable = {**unavailable, **sitting}
            for club, pitcher in ((away, away_starter), (home, home_starter)):
                if pitcher.id in sitting:
                    other = starter(club, unavailable, None)
                    # "assume their turn in the rotation is being skipped and force them to rest the
                    # number of games indicated": his Usage box's, as after a start (start_game keeps it).
                    rest = policy.starter_rest(pitcher, (), league.rules.starter_rest_days)
                    team = club.team
                    text = replaced_text(
                        team, pitcher.name, sitting[pitcher.id], f"{other.name} starts", plural(rest, "game")
                    )
                    notes = replacements if replacements is not None else told
                    if notes is not None:
                        notes.append(Replacement(team.name, Position.P, pitcher.id, other.id, text, rest=rest))
                    if club is away:
                        away_starter = other
                    else:
                        home_starter = other
    subleague = home.team.subleague
    where = f"{subleague} parks" if options.dh_leagues and subleague else "this league"
    setup = GameSetup(
        away=team_setup(
            away,
            pool,
            policy,
            away_starter,
            hand(home_starter),
            unavailable,
            dh,
            replacements,
            away_pace,
            sitting,
            told,
            where,
        ),
        home=team_setup(
            home,
            pool,
            policy,
            home_starter,
            hand(away_starter),
            unavailable,
            dh,
            replacements,
            home_pace,
            sitting,
            told,
            where,
        ),
        ballpark=pool.ballpark(home.team.ballpark),
        options=options,
        ruleset=league.ruleset,
        handbook=pool.handbook(),
    )
    try:
        setup.validate()
    except SetupError as exc:
        raise LineupError(str(exc)) from exc
    return setup
