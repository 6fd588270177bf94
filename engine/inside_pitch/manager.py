"""The managers' calls before each pitch: strategy, pitching changes and substitutions.

Before every plate appearance (IP2021 "Strategy Roll", "Fatigue"; baseball's
substitution rules where the books are silent):

1. Forced moves, each a request with only legal answers: a hurt player's
   replacement (``injury_replacement``: a pinch runner for a man on base), a
   position for each pinch hitter or runner still in the game as his team takes
   the field (``defensive_position``: stay in at an open position, a bench player
   in for him, or for the pitcher's spot a new pitcher or a double switch), and a
   new pitcher when the one on the mound is exhausted or hurt (``pitching_change``).
2. The strategy roll: 1d20, rolled whenever runners are on and the run difference
   plus the inning is 10 or less, whoever manages, so a replay never depends on
   who managed. It is the auto-manager's suggestion; with the hard-rules option
   it is the only play the offense may call (substitutions aside).
3. The defense (``defense``), first and without seeing the offense's call: pitch,
   intentional walk, pickoff, "Pitching change..." or "Defensive change...". With
   runners on and fewer than two outs the pitch names the infield's alignment
   (``pitch:<alignment>``, depth.py), so the offense sees where the fielders stand.
4. The offense (``offense``): swing away, a steal, hit and run, sacrifice, squeeze,
   bunt for a hit, "Pinch hitter..." or "Pinch runner...". Not asked after an
   intentional walk (the batter is awarded first at once).

A change comes in steps (issue 12: short menus, never more than 25 options):
``who_leaves`` when there is a choice (a fielder by position, a runner by base) and
``who_comes_in`` (a player id), each with "back" to return to the call; then the call
is asked again. The steps are asked of a person only when he chose the change himself
(engine.inside_pitch.asking). How often each call is asked: asking.py.

Option keys: ``relief``, ``field``, ``pinch_hit``, ``pinch_run`` and ``double`` open a
change; the forced moves name their player: ``relief:<pitcher>``, ``injury:<player>``,
``position:<position>``, ``replace:<player>:<position>``; steals read ``steal:1+2``.

The auto-manager's policy (Dugout's own, where the books give none):

- A pitcher leaves when exhausted (the exhausted option), when hurt, or when
  his runs + hits + unintentional walks pass his pull rating (the pull option).
- The bullpen by inning and score (:func:`auto_reliever`). The bullpen is listed
  long man first, then middle men, setup men, and the closer last (the league's
  order); the engine reads the roles from those places: the last listed is the
  closer, the two before him the setup men, the first the long man, the rest the
  middle men. In a save situation (a lead of one to three, from as many innings
  before the end of regulation as the closer's RELIEF line covers at 4.3 batters
  an inning: the ninth for a one-inning closer, the eighth for a two-inning
  fireman, never before the seventh) the closer comes in; late and close (from two innings before
  the last, tied, ahead by up to three or behind by one) a setup man; before the
  sixth inning the long man; otherwise a middle man. When that role has nobody
  left the next one is tried (save: setup, middle, long; late and close: middle,
  long, closer; early: middle, setup, closer; otherwise: long, setup, closer).
  Within a role, the first listed who throws with the hand the next batter bats
  from, else the first listed. A depth arm (``Pitcher.depth_arm``: a generated set's
  card for the innings of the many pitchers no roster holds) comes in first early and
  otherwise, wherever he is listed: his work is those men's mop-up and middle innings.
- Planned changes (:func:`planned_change`, with the pull option), before an inning's first batter
  (nobody out, nobody on, no runs in): in a save situation the closer replaces
  any reliever and a tired starter; a fresh starter finishes his game unless the
  closer is a one-inning man (his RELIEF line tired by his fifth batter: today's
  closer, where a fireman of two or three innings was the older eras'); late
  (from the seventh), a tired pitcher is replaced (a setup man when close).
  Starters pitch in relief only when no reliever is left.
- From the seventh inning on, a pitcher due up with his team behind or tied is
  batted for by the best hitter on the bench (``engine.lineup.hitting_score``)
  when he is tired; a pitcher not yet tired only when two or more runs behind
  (a workhorse goes on pitching in a close game, as the 1920s-70s aces did).
- A hurt player is replaced by the bench player with the best range at his
  position, else the best hitter; a hurt runner by the best runner (BR, then SB).
- A pinch hitter or runner stays in at an open position his card lists (the
  replaced man's first); if he plays none, the bench's best fielder there comes in
  for him; if nobody does, he plays it anyway. Batted or run for, the pitcher is
  followed by a new one from the bullpen in the same spot (no double switch).
- No intentional walks. Pickoffs and the offense's plays as the strategy roll says.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from cards.models import Batter, Pitcher
from cards.notation import Position
from engine.bases import only_the_extra_inning_runner
from engine.events import Fatigue, Substitution
from engine.inside_pitch import asking, depth, strategy
from engine.lineup import best_fielder, hitting_score
from engine.requests import Option
from engine.setup import LineupSpot
from engine.substitutions import FIELD_POSITIONS, change_pitcher, replace_player

if TYPE_CHECKING:
    from engine.inside_pitch.cards import IPGame, IPSpot, IPTeam

PITCH = "pitch"
SWING = "swing"
INTENTIONAL_WALK = "intentional_walk"
PICKOFF = "pickoff"
BUNTS = ("sacrifice", "squeeze", "bunt_for_hit")
HIT_AND_RUN = "hit_and_run"
# Forced moves that bring a player in name him in their key (the calls' changes: CHANGES).
SUBSTITUTIONS = ("relief:", "replace:")
# Dugout's auto-manager: late-inning pinch hitting and the bullpen by inning and score.
PINCH_HIT_FROM_INNING = 7
FRESH_BEHIND = 2  # a pitcher not yet tired is batted for late only this many runs behind
CLOSER_LEADS = range(1, 4)  # a save situation's lead
SETUP_MEN = 2  # the relievers listed just before the closer
LATE_INNINGS = 2  # late: from this many innings before the last (the 7th of nine)
CLOSE_LEADS = range(-1, 4)  # late and close: behind by one to ahead by three
LONG_RELIEF_BEFORE = 6  # a starter gone before this inning: the long man
BATTERS_PER_INNING = 4.3  # about what an inning takes in any era: a RELIEF line's innings
# A one-inning closer: his RELIEF line tires him by his fifth batter (one inning's 4.3 and the margin
# a generated line adds). 2023's closers tire at 4-5 (28 of 30), 1970's firemen at 5-9 (1 of 24 at 5),
# 1927's at 8-15.
ONE_INNING_CLOSER = 5
BASE_WORDS = {1: "first", 2: "second", 3: "third", 4: "home"}


# --- substitutions -----------------------------------------------------------------------


def _bench(team: IPTeam, key: str) -> Batter:
    return next(b for b in team.available_bench() if b.id == key)


def _reliever(team: IPTeam, key: str) -> Pitcher:
    return next(p for p in team.available_relievers() if p.id == key)


# --- forced moves ------------------------------------------------------------------------


def forced_moves(g: IPGame) -> None:
    """Hurt players leave; substitutes get positions as their team takes the field; a pitcher
    who must leave is replaced before the next pitch."""
    if g.state.injured:
        for player in g.state.injured:
            for team in (g.state.away, g.state.home):
                if team.spot_of(player) is not None or player == team.pitcher.id:
                    replace_injured(g, team, player)
        g.state.injured.clear()
    team = g.state.fielding
    if team.unplaced:
        place_substitutes(g, team)
    if must_change_pitcher(team) and team.available_relievers():
        why = "exhausted" if team.exhausted else "out of the game"
        options = [Option(f"relief:{p.id}", asking.pitcher_label(team, p)) for p in team.available_relievers()]
        choice = g.ask(
            team.key,
            "pitching_change",
            f"{team.pitcher.name} is {why}: who pitches now? {asking.score_line(g)}.",
            options,
            f"relief:{auto_reliever(g, team).id}",
        )
        change_pitcher(g, team, _reliever(team, choice.split(":", 1)[1]))


def must_change_pitcher(team: IPTeam) -> bool:
    return team.exhausted or team.pitcher.id in team.removed


def replace_injured(g: IPGame, team: IPTeam, player: str) -> None:
    """IP2021 "Injuries": a hurt player leaves the game (substitutions by OBR 5.10).

    - A hurt pitcher leaves the mound: the pitching change comes before the next
      pitch (for a batting team, as it takes the field). With no reliever left he
      stays in and pitches on (Dugout's rule, as for an exhausted pitcher).
    - A hurt runner (the batter hit by a pitch included) gets a pinch runner from
      the bench, who takes his base and later a position (:func:`place_substitutes`).
    - Anyone else is replaced in the order at his position by a bench player.
    - With nobody left on the bench he plays on, on base or in the field (Dugout's rule).
    """
    if player == team.pitcher.id:
        if not team.available_relievers():
            return
        team.removed.add(player)
    spot = team.spot_of(player)
    bench = team.available_bench()
    if spot is None or not bench:
        return
    name = team.order[spot].batter.name
    options = [Option(f"injury:{b.id}", b.name) for b in bench]
    on_base = team is g.state.batting and any(r is not None and r.id == player for r in g.state.bases)
    if on_base:
        prompt = f"{name} is hurt: who runs for him?"
        best = best_runner(bench)
    elif player == team.pitcher.id:
        return  # the new pitcher takes his place in the order (change_pitcher)
    else:
        position = team.order[spot].position
        prompt = f"{name} is hurt: who replaces him at {position.value}?"
        best = best_at(bench, position)
    choice = g.ask(team.key, "injury_replacement", prompt, options, f"injury:{best.id}")
    replace_player(g, team, spot, _bench(team, choice.split(":", 1)[1]), team.order[spot].position, "injury")


def best_runner(bench: list[Batter]) -> Batter:
    """The auto-manager's pinch runner: the best BR, then the best steal rating."""
    return max(bench, key=lambda b: (b.br, b.sb))


# --- positions at the change of sides ---------------------------------------------------------


def place_substitutes(g: IPGame, team: IPTeam) -> None:
    """As a team takes the field, each pinch hitter or runner still in the game is put somewhere
    (OBR 5.10: a substitute takes the place of the man he replaced, or the manager moves him).

    One ``defensive_position`` request per substitute, with legal answers only:
    ``position:<pos>`` (he plays an open position), ``replace:<player>`` (a bench player
    comes in at the open position and the substitute leaves), and for the pitcher's spot
    ``relief:<pitcher>`` (a new pitcher bats there) or ``double:<pitcher>:<pos>`` (a double
    switch: the substitute stays in at <pos>, whose fielder leaves, and the new pitcher
    bats in that fielder's spot).
    """
    for spot in sorted(team.unplaced):
        if spot not in team.unplaced:
            continue  # placed by an earlier answer
        for _ in range(len(team.setup.bullpen) + 2):
            if _place(g, team, spot):
                break
        else:
            change_pitcher(g, team, auto_reliever(g, team))  # backed out of every double switch


def _place(g: IPGame, team: IPTeam, spot: int) -> bool:
    """One ``defensive_position`` request for the substitute in ``spot``; False when a double
    switch was backed out of (the question is asked again)."""
    sub = team.order[spot].batter
    vacated = team.order[spot].position
    options: list[Option] | Callable[[], list[Option]]
    if vacated is Position.P:
        # A new pitcher bats there: the relief and double-switch options are built only if a person asks.
        options, suggestion = partial(_pitcher_spot_options, team, sub), f"relief:{auto_reliever(g, team).id}"
    else:
        options, suggestion = _position_options(team, spot, sub)
    prompt = f"{sub.name} came in for the {vacated.value} and stays in the game: where does he play?"
    choice = g.ask(team.key, "defensive_position", prompt, options, suggestion)
    kind, _, rest = choice.partition(":")
    if kind == "position":
        team.order[spot] = LineupSpot(sub, Position(rest))
        team.unplaced.discard(spot)
        g.emit(Substitution(team.key, "position", sub.id, sub.id, rest, spot + 1))
    elif kind == "replace":
        player, position = rest.split(":")
        replace_player(g, team, spot, _bench(team, player), Position(position), "defense")
    elif kind == "relief":
        change_pitcher(g, team, _reliever(team, rest))
    else:
        return _double_switch(g, team, spot, sub)
    return True


def _open_positions(team: IPTeam, spot: int) -> list[Position]:
    """Where the substitute in ``spot`` may play: the DH's spot stays the DH; otherwise any field
    position nobody placed holds (the vacated one first: swaps between substitutes are allowed)."""
    vacated = team.order[spot].position
    if vacated is Position.DH:
        return [vacated]
    held = {s.position for i, s in enumerate(team.order) if i not in team.unplaced}
    free = [p for p in FIELD_POSITIONS if p not in held]
    return sorted(free, key=lambda p: p is not vacated)


def _position_options(team: IPTeam, spot: int, sub: Batter) -> tuple[list[Option], str]:
    open_positions = _open_positions(team, spot)
    options = [Option(f"position:{p.value}", f"{sub.name} plays {p.value}") for p in open_positions]
    first = open_positions[0]
    bench = team.available_bench()
    options += [Option(f"replace:{b.id}:{first.value}", f"{b.name} in at {first.value} for {sub.name}") for b in bench]
    # The auto-manager keeps him in where his card lets him field; else a bench fielder comes in.
    suggestion = f"position:{first.value}"
    plays = [p for p in open_positions if p is Position.DH or sub.fielding(p) is not None]
    fielders = [b for b in bench if b.fielding(first) is not None]
    if plays:
        suggestion = f"position:{plays[0].value}"
    elif fielders:
        suggestion = f"replace:{best_fielder(fielders, first).id}:{first.value}"
    return options, suggestion


def _switch_positions(team: IPTeam, sub: Batter) -> list[tuple[int, IPSpot]]:
    """The fielders a substitute in the pitcher's spot may replace in a double switch: positions his card lists."""
    return [
        (i, s)
        for i, s in enumerate(team.order)
        if i not in team.unplaced and s.position in FIELD_POSITIONS and sub.fielding(s.position) is not None
    ]


def _pitcher_spot_options(team: IPTeam, sub: Batter) -> list[Option]:
    """A new pitcher bats in the pitcher's spot, or "Double switch..." (its steps follow: who leaves, who pitches)."""
    relievers = team.available_relievers()
    # The offense may bat or run for the pitcher only while a reliever is left (offense_options).
    assert relievers, "the pitcher's spot was batted for with nobody left to pitch"
    options = [
        Option(f"relief:{p.id}", f"{asking.pitcher_label(team, p)}: pitches and bats for {sub.name}") for p in relievers
    ]
    if _switch_positions(team, sub):
        options.append(Option(DOUBLE_SWITCH, f"Double switch: {sub.name} stays in the field..."))
    return options


def _double_switch(g: IPGame, team: IPTeam, spot: int, sub: Batter) -> bool:
    """The two steps of a double switch: which fielder the substitute replaces, then who pitches
    (batting in that fielder's spot). False when either step was backed out of."""
    fielded = _switch_positions(team, sub)

    def leaves() -> list[Option]:
        return [
            Option(
                s.position.value,
                f"{s.position.value}: {s.batter.name}; {sub.name} {asking.fielding_text(sub, s.position)}",
            )
            for _, s in fielded
        ]

    position = _step(
        g,
        team,
        asking.WHO_LEAVES,
        DOUBLE_SWITCH,
        lambda: f"Double switch: {sub.name} replaces which fielder?",
        leaves,
        fielded[0][1].position.value,
    )
    pitcher = _who_pitches(g, team, DOUBLE_SWITCH) if position is not None else None
    if position is None or pitcher is None:
        return False
    _switch(g, team, spot, sub, position, pitcher)
    return True


def _switch(g: IPGame, team: IPTeam, spot: int, sub: Batter, position: str, pitcher: Pitcher) -> None:
    at = next(i for i, s in enumerate(team.order) if s.position.value == position and i not in team.unplaced)
    gone = team.order[at].batter
    team.order[spot] = LineupSpot(sub, Position(position))
    team.unplaced.discard(spot)
    g.emit(Substitution(team.key, "position", sub.id, gone.id, position, spot + 1))
    change_pitcher(g, team, pitcher, spot=at)


def best_at(bench: list[Batter], position: Position) -> Batter:
    """The bench player with the best range at ``position``, else the best hitter (for DH and PH)."""
    fielders = [b for b in bench if b.fielding(position) is not None]
    if fielders and position in FIELD_POSITIONS:
        return best_fielder(fielders, position)
    return max(bench, key=hitting_score)  # rare: only when someone is hurt


def bullpen_roles(team: IPTeam) -> dict[str, list[Pitcher]]:
    """The bullpen's roles read from its order (long first, closer last; the league's BULLPEN_ORDER):
    "closer" the last listed, "setup" the up to SETUP_MEN before him, "long" the first, "middle" the rest.
    Relievers without a RELIEF line count only when nobody has one."""
    pen = [p for p in team.setup.bullpen if p.relief is not None] or list(team.setup.bullpen)
    n = len(pen)
    if n < 2:
        return {"closer": [], "setup": [], "long": pen, "middle": []}
    first_setup = max(1, n - 1 - SETUP_MEN)
    return {"closer": pen[-1:], "setup": pen[first_setup:-1], "long": pen[:1], "middle": pen[1:first_setup]}


def _lead(g: IPGame, team: IPTeam) -> int:
    return team.runs - (g.state.batting if team is g.state.fielding else g.state.fielding).runs


def closer_from_inning(g: IPGame, team: IPTeam) -> int:
    """The first inning of the closer's save situations: as many innings before the end of
    regulation as his RELIEF line's batters cover (BATTERS_PER_INNING to an inning, at least one),
    so a two-inning fireman comes in for the eighth and a one-inning closer for the ninth."""
    closer = bullpen_roles(team)["closer"]
    line = closer[0].relief if closer else None
    innings = max(1, math.floor(line.tired / BATTERS_PER_INNING + 0.5)) if line is not None else 1
    return g.setup.options.innings - min(innings, LATE_INNINGS + 1) + 1


def _save_situation(g: IPGame, team: IPTeam) -> bool:
    return _lead(g, team) in CLOSER_LEADS and g.state.inning >= closer_from_inning(g, team)


def _late_and_close(g: IPGame, team: IPTeam) -> bool:
    return g.state.inning >= g.setup.options.innings - LATE_INNINGS and _lead(g, team) in CLOSE_LEADS


# The roles the auto-manager looks to, in turn, for a reliever in each situation (Dugout's policy).
ROLES_BY_SITUATION = {
    "save": ("closer", "setup", "middle", "long"),
    "late and close": ("setup", "middle", "long", "closer"),
    "early": ("long", "middle", "setup", "closer"),
    "otherwise": ("middle", "long", "setup", "closer"),
}


def _situation(g: IPGame, team: IPTeam) -> str:
    if _save_situation(g, team):
        return "save"
    if _late_and_close(g, team):
        return "late and close"
    return "early" if g.state.inning < LONG_RELIEF_BEFORE else "otherwise"


# The situations a depth arm (a card of many men's innings, ``Pitcher.depth_arm``) takes first.
DEPTH_ARM_SITUATIONS = ("early", "otherwise")


def auto_reliever(g: IPGame, team: IPTeam) -> Pitcher:
    """The auto-manager's reliever: by inning and score, the role's man facing the batter's side;
    early and otherwise (not a save, not late and close) a depth arm first, when one is left."""
    relievers = team.available_relievers()
    available = {p.id for p in relievers}
    situation = _situation(g, team)
    if situation in DEPTH_ARM_SITUATIONS and (arm := next((p for p in relievers if p.depth_arm), None)):
        return arm
    roles = bullpen_roles(team)
    batter_hand = None
    if team is g.state.fielding:
        batting = g.state.batting
        batter_hand = batting.order[batting.up % len(batting.order)].batter.bats.value
    for role in ROLES_BY_SITUATION[situation]:
        men = [p for p in roles[role] if p.id in available]
        if men:
            return next((p for p in men if p.throws.value == batter_hand), men[0])
    return relievers[0]  # relievers without RELIEF lines, when those with one are used


def planned_change(g: IPGame, team: IPTeam) -> bool:
    """A pitching change the auto-manager makes before an inning's first batter (Dugout's policy):
    the closer in a save situation (for any reliever, a tired starter, or any starter when the closer
    is a one-inning man); late, a tired pitcher
    leaves (for a setup man when close, else by :func:`auto_reliever`'s roles)."""
    state = g.state
    if not before_first_batter(g) or team is not state.fielding:
        return False
    if not team.available_relievers():
        return False
    if _save_situation(g, team):
        closer = bullpen_roles(team)["closer"]
        if not closer or closer[0].id in team.used_pitchers:
            return False
        starter = team.pitcher.id == team.setup.pitcher.id
        # A one-inning closer takes the last inning even from a fresh starter, as today's do; a fireman
        # of more innings relieves only a tired one (a fresh starter finishes, as in his day).
        line = closer[0].relief
        one_inning = line is not None and line.tired <= ONE_INNING_CLOSER
        return team.tired() or not starter or one_inning
    return g.state.inning >= g.setup.options.innings - LATE_INNINGS and team.tired()


def before_first_batter(g: IPGame) -> bool:
    """No batter has come up in this half: no outs, no runs, nobody on but the extra-inning
    runner still on second (``GameOptions.extra_inning_runner``), who came there "on an error"."""
    return only_the_extra_inning_runner(g)


# --- fatigue ------------------------------------------------------------------------------


def note_fatigue(g: IPGame, team: IPTeam, tired_reading: bool) -> None:
    """After a plate appearance: tired, past the pull rating, or exhausted (IP2021 "Fatigue")."""
    pitcher = team.pitcher
    faced = team.batters_faced()
    count = team.pull_count.get(pitcher.id, 0)
    line = team.stamina()
    if line is not None and faced == line.tired:
        g.emit(Fatigue(pitcher.id, "tired", faced, count))
    if tired_reading and g.setup.options.exhausted and not team.exhausted:
        # IP2021: a tired pitcher's (??), (S1) or K(W) exhausts him.
        team.exhausted = True
        g.emit(Fatigue(pitcher.id, "exhausted", faced, count))


def count_for_pull(team: IPTeam, pitcher: str, mark: str | None, runs: int) -> int:
    """Add a plate appearance's runs, hit or unintentional walk to the pitcher's pull count; returns it."""
    added = runs + (mark in ("1B", "2B", "3B", "HR")) + (mark == "BB")
    team.pull_count[pitcher] = team.pull_count.get(pitcher, 0) + added
    return team.pull_count[pitcher]


# --- the two steps of a change ---------------------------------------------------------------

# Call keys that open a change: the change's own questions follow (who leaves, who comes in).
RELIEF = "relief"
FIELD = "field"
PINCH_HIT = "pinch_hit"
PINCH_RUN = "pinch_run"
DOUBLE_SWITCH = "double"
CHANGES = frozenset((RELIEF, FIELD, PINCH_HIT, PINCH_RUN, DOUBLE_SWITCH))
BACK = "back"  # in a change's steps: back to the call, nothing changed
_BACK = Option(BACK, "Back: no change")


def _step(
    g: IPGame,
    team: IPTeam,
    kind: str,
    move: str,
    prompt: Callable[[], str],
    options: Callable[[], list[Option]],
    suggestion: str,
    **extra: object,
) -> str | None:
    """One step of a change (``asking.WHO_LEAVES`` or ``WHO_COMES_IN``): the key chosen, or None for back."""
    choice = g.ask(
        team.key,
        kind,
        prompt,
        lambda: [*options(), _BACK],
        suggestion,
        lambda: {"change": move, "step": kind, **extra},
    )
    return None if choice == BACK else choice


def _who_pitches(g: IPGame, team: IPTeam, move: str = RELIEF) -> Pitcher | None:
    """Who comes in to pitch (step two of a pitching change; the pitcher on the mound is the one who leaves)."""
    old = team.pitcher

    def prompt() -> str:
        up = _batter_up(g, team)
        facing = f" {up.name} ({up.bats.value}) is up: his OBP/SLG against each." if up is not None else ""
        return f"Who pitches for {old.name} ({asking.pitcher_fatigue(team)})?{facing} {asking.score_line(g)}."

    def options() -> list[Option]:
        return [Option(p.id, asking.pitcher_label(team, p, _facing(g, team, p))) for p in team.available_relievers()]

    choice = _step(g, team, asking.WHO_COMES_IN, move, prompt, options, auto_reliever(g, team).id, leaves=old.id)
    return None if choice is None else _reliever(team, choice)


def _batter_up(g: IPGame, team: IPTeam) -> Batter | None:
    """The batter ``team``'s new pitcher would face: the man up, when ``team`` is in the field."""
    if team is not g.state.fielding:
        return None
    offense = g.state.batting
    return offense.order[offense.up % len(offense.order)].batter


def _facing(g: IPGame, team: IPTeam, pitcher: Pitcher) -> str:
    """ "Bench .280/.390": the batter up's line against ``pitcher`` by the cards (his surname: the prompt names him)."""
    up = _batter_up(g, team)
    line = "" if up is None else asking.matchup_line(g, pitcher, up)
    return f"{up.name.split()[-1]} {line}" if up is not None and line else ""


def _defensive_change(g: IPGame, team: IPTeam) -> None:
    """A bench player in at a position: who leaves, then who comes in."""
    fielders = [(i, s) for i, s in enumerate(team.order) if s.position in FIELD_POSITIONS]

    def leaves() -> list[Option]:
        return [
            Option(
                s.position.value,
                f"{s.position.value}: {s.batter.name} ({s.batter.bats.value}), "
                f"{asking.fielding_text(s.batter, s.position)}",
            )
            for _, s in fielders
        ]

    def leaves_prompt() -> str:
        return f"Defensive change: who leaves the field? {asking.score_line(g)}."

    position = _step(g, team, asking.WHO_LEAVES, FIELD, leaves_prompt, leaves, fielders[0][1].position.value)
    if position is None:
        return
    at = Position(position)
    spot = next(i for i, s in fielders if s.position is at)
    out = team.order[spot].batter
    bench = team.available_bench()

    def comes_in() -> list[Option]:
        return [Option(b.id, asking.bench_label(b, at)) for b in bench]

    def comes_prompt() -> str:
        return f"Who plays {at.value} for {out.name}?"

    choice = _step(g, team, asking.WHO_COMES_IN, FIELD, comes_prompt, comes_in, best_at(bench, at).id, leaves=out.id)
    if choice is not None:
        replace_player(g, team, spot, _bench(team, choice), at, "defense")


def _pinch_hit(g: IPGame, team: IPTeam, suggested: Batter | None) -> None:
    spot = team.up % len(team.order)
    up = team.order[spot]
    bench = team.available_bench()
    pitcher = g.state.fielding.pitcher

    def prompt() -> str:
        return (
            f"Who bats for {up.batter.name} ({up.batter.bats.value}) "
            f"against {pitcher.name} ({pitcher.throws.value})? {asking.score_line(g)}."
        )

    def options() -> list[Option]:
        tired = g.state.fielding.tired()
        lines = {b.id: asking.matchup_line(g, pitcher, b, tired=tired) for b in bench}
        return [Option(b.id, asking.bench_label(b, hitting=lines[b.id] and f"OBP/SLG {lines[b.id]}")) for b in bench]

    best = suggested or best_hitter(team, bench)
    choice = _step(g, team, asking.WHO_COMES_IN, PINCH_HIT, prompt, options, best.id, leaves=up.batter.id)
    if choice is not None:
        replace_player(g, team, spot, _bench(team, choice), up.position, "pinch_hitter")


def _runnable(g: IPGame, team: IPTeam) -> list[int]:
    """The bases whose runners may be run for: nobody runs for the pitcher unless a reliever is left."""
    state = g.state
    relievers = bool(team.available_relievers())
    bases = []
    for base in state.occupied():
        runner = state.runner_on(base)
        assert runner is not None
        if team.spot_of(runner.id) is not None and (runner.id != team.pitcher.id or relievers):
            bases.append(base)
    return bases


def _pinch_run(g: IPGame, team: IPTeam) -> None:
    state = g.state
    bases = _runnable(g, team)
    base = bases[0]
    if len(bases) > 1:

        def leaves() -> list[Option]:
            out = []
            for b in bases:
                r = state.runner_on(b)
                assert r is not None
                ratings = f"BR {r.card.br}, SB {r.card.sb}, ATT {r.card.att}"
                out.append(Option(str(b), f"{r.name} on {BASE_WORDS[b]} ({ratings})"))
            return out

        def leaves_prompt() -> str:
            return f"Pinch runner: for whom? {asking.score_line(g)}."

        chosen = _step(g, team, asking.WHO_LEAVES, PINCH_RUN, leaves_prompt, leaves, str(base))
        if chosen is None:
            return
        base = int(chosen)
    runner = state.runner_on(base)
    assert runner is not None
    bench = team.available_bench()
    catcher = state.fielding.fielder(Position.C)

    def prompt() -> str:
        return (
            f"Who runs for {runner.name} on {BASE_WORDS[base]} (BR {runner.card.br}, SB {runner.card.sb}, "
            f"ATT {runner.card.att})? Catcher {catcher.name}, arm {catcher.arm:+d}."
        )

    def options() -> list[Option]:
        return [Option(b.id, asking.bench_label(b, running=True)) for b in bench]

    choice = _step(
        g, team, asking.WHO_COMES_IN, PINCH_RUN, prompt, options, best_runner(bench).id, leaves=runner.id, base=base
    )
    if choice is not None:
        spot = team.spot_of(runner.id)
        assert spot is not None
        replace_player(g, team, spot, _bench(team, choice), team.order[spot].position, "pinch_runner")


# --- the defense ------------------------------------------------------------------------------


def defense_options(g: IPGame, team: IPTeam) -> list[Option]:
    """The defense's call: pitch (with the infield's alignment when it sets it), intentional walk,
    pickoff, and a change of pitcher or fielder (each a step of its own after)."""
    if depth.set_with_call(g):
        aligned = depth.alignment_options(g)
        options = [Option(f"{PITCH}:{key}", f"Pitch, {label[0].lower()}{label[1:]}") for key, label in aligned]
    else:
        options = [Option(PITCH, "Pitch to him")]
    options.append(Option(INTENTIONAL_WALK, "Intentional walk"))
    if g.state.occupied():
        options.append(Option(PICKOFF, "Try a pickoff"))
    if team.available_relievers():
        options.append(Option(RELIEF, "Pitching change..."))
    if team.available_bench():
        options.append(Option(FIELD, "Defensive change..."))
    return options


def defense(g: IPGame, strategy_roll: int | None) -> str:
    """The defense's call before the pitch, made first: "pitch", "intentional_walk" or "pickoff".

    With runners on and fewer than two outs the call sets the infield too ("pitch:<alignment>";
    a pickoff or intentional walk keeps the alignment the auto-manager would set). A change
    of pitcher or fielder is asked in steps, then the call is asked again.
    """
    team = g.state.fielding
    for _ in range(2 * (len(team.setup.bullpen) + len(team.setup.bench)) + 2):
        with_infield = depth.set_with_call(g)
        if not with_infield and g.state.infield_depth:
            depth.play_back(g)  # the offense sees the infield as it will play
        alignment = depth.call_alignment(g) if with_infield else ""
        suggestion = f"{PITCH}:{alignment}" if with_infield else PITCH
        # Past his pull rating, or a planned change (the closer, a setup man): the pull option's.
        if g.setup.options.pull and ((team.past_pull() and team.available_relievers()) or planned_change(g, team)):
            suggestion = RELIEF
        elif strategy_roll is not None and strategy.suggest_pickoff(strategy_roll):
            suggestion = PICKOFF
        choice = g.ask(
            team.key,
            "defense",
            partial(_defense_prompt, g),
            partial(defense_options, g, team),
            suggestion,
            partial(_defense_context, g),
        )
        if choice == RELIEF:
            new = _who_pitches(g, team)
            if new is not None:
                change_pitcher(g, team, new)
        elif choice == FIELD:
            _defensive_change(g, team)
        else:
            call, _, chosen = choice.partition(":")
            if with_infield:
                depth.set_alignment(g, chosen or alignment)
                depth.tell_holding(g)
            return call
    return PITCH


def is_substitution(key: str) -> bool:
    """A pitching change or a substitution (front ends list these apart)."""
    return key in CHANGES or key.startswith(SUBSTITUTIONS)


# --- the offense ------------------------------------------------------------------------------


def offense_plays(g: IPGame) -> list[Option]:
    """The plays the offense may call now: swing away, steals, hit and run, bunts (no substitutions)."""
    state = g.state
    options = [Option(SWING, "Swing away")]
    for key in strategy.steal_options(g):
        bases = strategy.steal_bases(key)
        words = " and ".join(f"{_runner_name(g, b)} steals {BASE_WORDS[b + 1]}" for b in bases)
        options.append(Option(key, f"Steal: {words}"))
    if state.runner_on(1) is not None:
        options.append(Option(HIT_AND_RUN, "Hit and run"))
    if state.occupied() and state.outs < 2:
        options.append(Option("sacrifice", "Sacrifice bunt"))
    if state.runner_on(3) is not None and state.outs < 2:
        options.append(Option("squeeze", "Squeeze"))
    options.append(Option("bunt_for_hit", "Bunt for a hit"))
    return options


def offense_options(g: IPGame, team: IPTeam, hard_call: str | None = None) -> list[Option]:
    """The offense's legal calls; with the strategy roll as a hard rule, only its call (and substitutions)."""
    options = offense_plays(g)
    if hard_call is not None:
        options = [o for o in options if o.key == hard_call] or [Option(SWING, "Swing away")]
    if team.available_bench():
        up = team.order[team.up % len(team.order)]
        if up.position is not Position.P or team.available_relievers():
            options.append(Option(PINCH_HIT, "Pinch hitter..."))
        if _runnable(g, team):
            options.append(Option(PINCH_RUN, "Pinch runner..."))
    return options


def offense(g: IPGame, strategy_roll: int | None) -> str:
    """The offense's call before the pitch, made after the defense's (see the module docstring);
    changes are asked in steps, then the call again."""
    team = g.state.batting
    state = g.state
    for _ in range(2 * len(team.setup.bench) + 4):
        batter, pitcher_up = strategy.batter_up(g)
        call = SWING
        as_rules = g.setup.options.strategy_rolls == "rules"
        if strategy_roll is not None:
            call = strategy.suggest_offense(g, strategy_roll, pitcher_up, batter, sensible=not as_rules)
        suggestion = call
        hitter: Batter | None = None
        # Late, behind or tied: bat for a tired pitcher; for a fresh one only two runs behind
        # (the bench is looked at only then).
        behind = state.fielding.runs - state.batting.runs
        if pitcher_up and state.inning >= PINCH_HIT_FROM_INNING and behind >= (0 if team.tired() else FRESH_BEHIND):
            bench = team.available_bench()
            if bench and team.available_relievers():
                hitter = best_hitter(team, bench)
                suggestion = PINCH_HIT
        hard = call if as_rules and strategy_roll is not None else None
        options = partial(offense_options, g, team, hard)
        prompt, context = partial(_offense_prompt, g), partial(_offense_context, g)
        choice = g.ask(team.key, "offense", prompt, options, suggestion, context)
        if choice == PINCH_HIT:
            _pinch_hit(g, team, hitter)
        elif choice == PINCH_RUN:
            _pinch_run(g, team)
        else:
            return choice
    return SWING


# --- the whole sequence -----------------------------------------------------------------------


def before_pitch(g: IPGame, roll_strategy: Callable[[IPGame], int | None]) -> tuple[str, str]:
    """Forced moves, the strategy roll, then the defense's and the offense's calls."""
    forced_moves(g)
    roll = roll_strategy(g)
    call = defense(g, roll)
    return call, SWING if call == INTENTIONAL_WALK else offense(g, roll)


def best_hitter(team: IPTeam, players: list[Batter]) -> Batter:
    """The best hitter by ``engine.lineup.hitting_score``, remembered with the setup (it reads every cell)."""
    scores = team.setup.hitting_scores
    for b in players:
        if b.id not in scores:
            scores[b.id] = hitting_score(b)
    return max(players, key=lambda b: scores[b.id])


def _defense_prompt(g: IPGame) -> str:
    """The defense's question: score, bases, the matchup with hands, the pitcher's fatigue; not the offense's call."""
    team = g.state.fielding
    return (
        f"{asking.score_line(g)}, {asking.bases_text(g)}. {asking.matchup(g)}; "
        f"{team.pitcher.name}: {asking.pitcher_fatigue(team)}. Your call, {team.name}."
    )


def _defense_context(g: IPGame) -> dict[str, object]:
    team = g.state.fielding
    line = team.stamina()
    return {
        "pull_count": team.pull_count.get(team.pitcher.id, 0),
        "pull": line.pull if line else None,
        "past_pull": team.past_pull(),
        "relievers": len(team.available_relievers()),
        "bench": len(team.available_bench()),
    }


def _offense_prompt(g: IPGame) -> str:
    """The offense's question: what the defense shows (the infield), the matchup, the runners' and
    catcher's ratings for a steal and the batter's BNT for a bunt."""
    state = g.state
    up = state.batting.order[state.batting.up % len(state.batting.order)].batter
    text = f"{asking.score_line(g)}, {asking.bases_text(g)}. {asking.matchup(g)}, BNT {up.bnt}."
    if state.runners_on():
        catcher = state.fielding.fielder(Position.C)
        runners = "; ".join(
            f"{r.name} ATT {r.card.att}, SB {r.card.sb}, BR {r.card.br}" for r in state.bases if r is not None
        )
        pitcher = state.fielding.pitcher
        text += f" {runners}; {catcher.name} catching, arm {catcher.arm:+d}; {pitcher.name} HLD {pitcher.hold:+d}."
        infield = depth.alignment_text(g)
        text += f" The infield: {infield[0].lower()}{infield[1:]}."
    return f"{text} Your call, {state.batting.name}."


def _offense_context(g: IPGame) -> dict[str, object]:
    state = g.state
    catcher = state.fielding.fielder(Position.C)
    return {
        "alignment": depth.alignment_of(g),
        "alignment_text": depth.alignment_text(g),
        "catcher": {"id": catcher.id, "name": catcher.name, "arm": catcher.arm},
        "hold": state.fielding.pitcher.hold,
        "bench": len(state.batting.available_bench()),
    }


def _runner_name(g: IPGame, base: int) -> str:
    runner = g.state.runner_on(base)
    return runner.name if runner else "nobody"
