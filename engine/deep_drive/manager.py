"""The managers' calls in a Deep Drive game, each a request with the auto-manager's suggestion.

- The defense before a batter: a pitching change (always offered when the man on the mound is
  fatigued, and at the start of each half; before any other batter, the defense's call
  ``before_batter`` lists "Pitching change..." and "Defensive replacement..."); the infield in,
  or in at the corners, with a runner on third and fewer than two out (DDB "Infield In",
  "Infield In at the Corners"); the outfield in, from the bottom of the last inning on with the
  winning run on third (DDB "Outfield In").
- The offense before a batter with runners on: swing away, play it safe (DDB "Playing it Safe",
  not with the bases loaded), the sacrifice bunt, the suicide squeeze, the hit and run, a steal
  (manual steals, DDB "Stealing Bases" (2)); with or without runners, a pinch hitter or runner
  (engine.deep_drive.substitutes, which also holds the defense's replacements).

The auto-manager: a fatigued pitcher leaves while the bullpen has a man (the tired one stays
when it is empty, so every game finishes); the closer comes in for a save in the last inning;
the infield comes in late with the tying or go-ahead run on third; the outfield comes in when it
may; the offense bunts late in a close game (and, in an era that bunted, the weak hitters in any
close game: the option ``dd_auto_bunt_below``), sends a runner on good odds (manual steals), bats for
the pitcher and runs for a slow tying or winning run late (substitutes), otherwise swings away.
A pitcher hurt or ejected cannot stay: "stay" is not offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards.deep_drive.models import Pitcher
from engine.deep_drive import endurance, prepitch, relief, strategy, substitutes
from engine.deep_drive.handbook import Handbook
from engine.deep_drive.relief import pick_reliever, save_situation
from engine.deep_drive.state import CORNERS_IN, INFIELD_IN, NORMAL, Alignment, dd
from engine.deep_drive.substitutes import pen_words
from engine.requests import Option

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDTeam

STAY = "stay"
DEFENSE = "defense"  # the defense's call (engine.game.CALLS: a manager who called time is asked it)
RELIEF = "relief"
SWING = "swing"
SAFE = "safe"
STEAL = "steal"
BASE_WORDS = {2: "second", 3: "third"}
LATE_INNING = 7
ERA_BUNT_MARGIN = 2  # the era's bunt is for a close game: the score within this many runs


def _suggest_change(g: DDGame, team: DDTeam, start_of_half: bool) -> Pitcher | None:
    arm = endurance.arm_of(g, team)
    if arm.fatigued() or team.pitcher.id in dd(g).hurt:
        return pick_reliever(g, team)
    current = team.pitcher
    late = g.state.inning >= g.setup.options.innings
    if start_of_half and late and current.usage.role != "CLOSER" and save_situation(g, team):
        closer = next((p for p in team.available_relievers() if p.usage.role == "CLOSER"), None)
        if closer is not None:
            return closer
    return None


def pitching_change(g: DDGame, start_of_half: bool = False) -> bool:
    """Offer the defense a new pitcher: at the start of a half, or whenever the man on the mound is
    fatigued (or hurt). Whether it was offered."""
    team = g.state.fielding
    pen = team.available_relievers()
    if not pen:
        return False  # the tired man stays: the game must finish
    fatigued = endurance.arm_of(g, team).fatigued() or team.pitcher.id in dd(g).hurt
    if not (start_of_half or fatigued):
        return False
    new = _suggest_change(g, team, start_of_half)
    suggestion = f"relief:{new.id}" if new is not None else STAY
    current = team.pitcher

    must = team.pitcher.id in dd(g).hurt  # hurt or ejected: he cannot stay
    if must and new is None:
        new = pick_reliever(g, team)
        suggestion = f"relief:{new.id}" if new is not None else STAY

    def options() -> list[Option]:
        listed = [] if must else [Option(STAY, f"Stay with {current.name}")]
        for p in pen:
            listed.append(Option(f"relief:{p.id}", pen_words(p, substitutes.facing(g, p))))
        return listed

    arm = endurance.arm_of(g, team)
    choice = g.ask(
        team.key,
        "pitching_change",
        lambda: (
            f"{current.name} has {arm.endurance} Endurance left{' (fatigued)' if fatigued else ''}: a new pitcher?"
            + _facing_words(g)
        ),
        options,
        suggestion,
        lambda: {"endurance": arm.endurance, "fatigued": fatigued},
    )
    if choice != STAY:
        substitutes.bring_in(g, team, next(p for p in pen if p.id == choice.split(":", 1)[1]))
    return True


def before_batter(g: DDGame) -> None:
    """The defense's call before a batter other than the half's first (who comes after the calls at
    the start of the half): "No change", "Pitching change..." while the bullpen has a man,
    "Defensive replacement..." while the bench has one; asked again after a change (or "back").

    The book lets a manager change pitchers at any time (DDB "Pitcher Endurance" counts "a pitcher
    who entered mid-inning"). The auto-manager makes no change here: its pitching changes are the
    fatigued or hurt man's (``pitching_change``, offered before this call, which is then not asked),
    so a person at "matters" is asked this call only when he called time (engine.game.Game.call_time).

    A log made before this call existed has another answer where it now comes (never this call for
    this side: the side's next "defense" answer in such a log, at the start of a half, comes after
    an "offense" answer of his own): the game then plays as that engine did, without the call
    (``older_log``), so stored games replay as they were played.
    """
    team = g.state.fielding
    note = dd(g)
    for _ in range(substitutes.ROUNDS):
        if note.older_log:
            return
        options = [Option(substitutes.NO_CHANGE, "No change")]
        pen = team.available_relievers()
        if pen:
            options.append(Option(RELIEF, "Pitching change..."))
        if team.available_bench() and substitutes.fielder_spots(team):
            options.append(Option(substitutes.FIELD, "Defensive replacement..."))
        if len(options) == 1:
            return
        logged = g.next_logged()
        if logged is not None and (logged.kind, logged.side) != (DEFENSE, team.key):
            note.older_log = True
            return
        choice = g.ask(team.key, DEFENSE, "Any changes before the next batter?", options, substitutes.NO_CHANGE)
        if choice == substitutes.NO_CHANGE:
            return
        if choice == RELIEF:
            relieve(g, team, pen)
        else:
            substitutes.defensive_replacement(g, team)


def _facing_words(g: DDGame) -> str:
    """What the relievers' lines (``substitutes.facing``) are, for the question; "" when they show none."""
    if not isinstance(dd(g).handbook, Handbook):
        return ""
    up = substitutes.batter_up(g)
    return f" {up.name} ({up.bats.value}) is up: his OBP/SLG against each."


def relieve(g: DDGame, team: DDTeam, pen: list[Pitcher]) -> bool:
    """The defense's "Pitching change...": who comes in (the auto-manager's man suggested). False when backed out of."""
    pick = pick_reliever(g, team) or pen[0]
    current = team.pitcher
    arm = endurance.arm_of(g, team)
    choice = g.ask(
        team.key,
        substitutes.WHO_COMES_IN,
        lambda: f"Who pitches for {current.name} ({arm.endurance} Endurance left)?" + _facing_words(g),
        lambda: [
            *(Option(f"relief:{p.id}", pen_words(p, substitutes.facing(g, p))) for p in pen),
            Option(substitutes.BACK, "Back"),
        ],
        f"relief:{pick.id}",
        {"change": RELIEF},
    )
    if choice == substitutes.BACK:
        return False
    substitutes.bring_in(g, team, next(p for p in pen if p.id == choice.split(":", 1)[1]))
    return True


def outfield_in_allowed(g: DDGame) -> bool:
    """DDB "Outfield In": the bottom of the last inning or later, the winning run on third."""
    state = g.state
    return (
        not state.top
        and state.inning >= g.setup.options.innings
        and state.runner_on(3) is not None
        and state.home.runs == state.away.runs
    )


def align(g: DDGame) -> None:
    """The defense's and offense's calls for the coming batter (``dd(g).alignment``)."""
    state = g.state
    plan = Alignment()
    dd(g).alignment = plan
    third = state.runner_on(3) is not None
    if third and state.outs < 2:
        defense = state.fielding
        lead = relief.lead(g, defense)
        late_close = state.inning >= LATE_INNING and -1 <= lead <= 1
        corners = state.runner_on(1) is not None
        suggestion = (CORNERS_IN if corners else INFIELD_IN) if late_close else NORMAL
        plan.infield = g.ask(
            defense.key,
            "infield",
            "Runner on third: where does the infield play?",
            [
                Option(NORMAL, "Normal depth"),
                Option(INFIELD_IN, "Infield in (cut the run off at the plate)"),
                Option(CORNERS_IN, "Corners in (the middle infielders stay back for the double play)"),
            ],
            suggestion,
        )
    if outfield_in_allowed(g):
        plan.outfield_in = (
            g.ask(
                state.fielding.key,
                "outfield",
                "The winning run is on third: bring the outfield in?",
                [Option("in", "Outfield in"), Option(NORMAL, "Normal depth")],
                "in",
            )
            == "in"
        )
    offense_call(g, plan)


PLAY_WORDS = {
    strategy.SACRIFICE: "Sacrifice bunt",
    strategy.SQUEEZE: "Suicide squeeze (the runner on third goes)",
    strategy.HIT_AND_RUN: "Hit and run",
}


def offense_call(g: DDGame, plan: Alignment) -> None:
    """The offense's call: swing away, play it safe, bunt, squeeze, hit and run, steal (manual
    steals), or a pinch hitter or runner (engine.deep_drive.substitutes; the call is asked again
    after one). Asked with runners on, or when a pinch hitter may bat."""
    state = g.state
    for round_ in range(substitutes.ROUNDS + 1):
        changes = substitutes.offense_options(g) if round_ < substitutes.ROUNDS else []
        options = [Option(SWING, "Swing away")]
        if state.runners_on():
            if len(state.occupied()) < 3:
                options.append(Option(SAFE, "Play it safe (runners stay close)"))
            options += [Option(call, words) for call, words in PLAY_WORDS.items() if strategy.legal(g, call)]
            target = prepitch.steal_target(g) if prepitch.manual_steals(g) else None
            if target is not None:
                runner = target[1]
                options.append(Option(STEAL, f"Steal: {runner.name} goes for {BASE_WORDS[target[0] + 1]}"))
        options += changes
        if len(options) == 1:
            return
        call = g.ask(
            state.batting.key,
            "offense",
            "The offense's call?",
            options,
            _suggest_offense(g, changes),
            lambda: {"infield": plan.infield},
        )
        if call == substitutes.PINCH_HIT:
            substitutes.pinch_hit(g)
            continue
        if call == substitutes.PINCH_RUN:
            substitutes.pinch_run(g)
            continue
        plan.safe = call == SAFE
        plan.steal = call == STEAL
        plan.call = call if call in strategy.PLAYS else SWING
        return


def _suggest_offense(g: DDGame, changes: list[Option]) -> str:
    """The auto-manager's call: a pinch hitter or runner when substitutes.suggest_offense says so;
    the sacrifice in a bunting spot (:func:`_sacrifice_spot`);
    a manual steal when the chart's odds are good (prepitch.suggest_manual_steal); otherwise it
    swings away (playing it safe would give up the sacrifice fly)."""
    state = g.state
    change = substitutes.suggest_offense(g) if changes else None
    if change is not None:
        return change
    if not state.runners_on():
        return SWING
    if _sacrifice_spot(g):
        return strategy.SACRIFICE
    if prepitch.manual_steals(g) and prepitch.suggest_manual_steal(g):
        return STEAL
    return SWING


def _sacrifice_spot(g: DDGame) -> bool:
    """The auto-manager's bunt: nobody out, a man on first or second and third open; late (7th on) and
    tied or a run behind; or, in an era that bunted (the option ``dd_auto_bunt_below``), within two
    runs with a batter whose card reaches base on fewer numbers than the option says."""
    state = g.state
    if state.outs or state.runner_on(3) is not None or not strategy.legal(g, strategy.SACRIFICE):
        return False
    behind = -relief.lead(g, state.batting)
    if state.inning >= LATE_INNING and 0 <= behind <= 1:
        return True
    below = g.setup.options.dd_auto_bunt_below
    if not below or abs(behind) > ERA_BUNT_MARGIN:
        return False
    team = state.batting
    return team.order[team.up % len(team.order)].batter.on_base_numbers() < below
