"""Substitutions in a Deep Drive game: pinch hitters and runners, defensive replacements, and the
players who must leave (hurt, or ejected: DDB "Choice Chart" 01 and 99, the Odd Play Book).

The book plays baseball's rules here (DDB "General Rules": "all rules from the sport apply"); the
shared state keeps the bench, the removed players and the unplaced substitutes (engine.state), and
the shared helpers of engine.inside_pitch.manager make the moves (``replace_player``,
``change_pitcher``), so box scores and narration read them as Inside Pitch's.

- **The offense's call** (manager.offense_call) lists "Pinch hitter..." when the bench has a man
  (for the pitcher's spot only while a reliever is left to follow him) and "Pinch runner..." for
  the runners on base. The steps: which runner (``who_leaves``, when more than one may be run
  for), then who comes in (``who_comes_in``), each with "back"; then the call is asked again.
- **The defense's call** at the start of each half (``defense``): "Defensive replacement...", then
  which fielder and who comes in, again with "back".
- **A substitute takes the field** at the start of his team's next defensive half
  (``defensive_position``, a forced move): he plays the position of the man he replaced (the DH
  stays the DH), or a bench player comes in there for him. For the pitcher's spot (no DH) a new
  pitcher comes in and bats there, or the manager makes a double switch: the substitute stays in at
  a position his card rates him at, that fielder leaves, and the new pitcher bats in his spot.
- **A player who must leave** (out for the game hurt, or ejected) is replaced at once by the bench
  player best rated at his position, who also takes his base if he is on one; a pitcher leaves at
  his team's next pitching call. With nobody left on the bench he stays in (Dugout's rule, so the
  game can finish); the words say so.

The auto-manager: it bats for the pitcher (no DH) from the 7th inning on when behind, with the bench's
best hitter; it runs for a slow runner (S, VS) who is the tying or winning run from the 7th on,
with the bench's fastest man if he is F or VF; a substitute stays in at the position he took over
when his card lists it, else the bench's best fielder there replaces him; no other changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cards.deep_drive.models import Batter, Pitcher
from cards.notation import Position
from engine.deep_drive import endurance
from engine.deep_drive.handbook import Handbook
from engine.deep_drive.odds import pa_odds, summary
from engine.deep_drive.relief import pick_reliever
from engine.deep_drive.state import dd
from engine.events import Reading, Substitution
from engine.game import NO_CHANGE as NO_CHANGE  # the answer that ends a call (the game does not ask it again)
from engine.requests import Option, card_line
from engine.setup import LineupSpot
from engine.substitutions import FIELD_POSITIONS, change_pitcher, replace_player

if TYPE_CHECKING:
    from engine.deep_drive.cards import DDGame, DDTeam

PINCH_HIT = "pinch_hit"
PINCH_RUN = "pinch_run"
FIELD = "field"
DOUBLE_SWITCH = "double"
BACK = "back"
WHO_LEAVES = "who_leaves"
WHO_COMES_IN = "who_comes_in"
FOLLOW_UPS = frozenset((WHO_LEAVES, WHO_COMES_IN))
LATE_INNING = 7
ROUNDS = 8  # changes in one call before it is asked without them (random answers end)
BASE_WORDS = {1: "first", 2: "second", 3: "third"}


# --- who is on the bench, and how good ------------------------------------------------------


def bench(team: DDTeam) -> list[Batter]:
    return team.available_bench()


def hitting_score(card: Batter) -> int:
    """The auto-manager's pinch hitter: the most numbers on his card for hits and walks (a deep drive
    counted three times, a single twice)."""
    score = 0
    for code, weight in (("DD", 3), ("SI+", 2), ("SI", 2), ("BB", 1), ("HBP", 1)):
        chance = card.chance(code)
        if chance is not None and chance.numbers is not None:
            score += weight * len(chance.numbers)
    return score


def defense_at(card: Batter, position: Position) -> int:
    line = card.fielding(position)
    return line.defense if line is not None else 0


def rating_words(card: Batter, position: Position, named: str | None = None) -> str:
    """A fielder's rating at a position in a request's words: "1B 4" (or ``named`` for the position:
    "defense 4"), or "no 1B rating" for a man not rated there, whom the request still offers."""
    rating = defense_at(card, position)
    return f"{named or position.value} {rating}" if rating else f"no {position.value} rating"


def best_at(cards: list[Batter], position: Position) -> Batter:
    """The bench player best rated at ``position`` (the first listed on ties); the best hitter for the DH."""
    if position not in FIELD_POSITIONS:
        return max(cards, key=lambda b: (hitting_score(b), -cards.index(b)))
    return max(cards, key=lambda b: (defense_at(b, position), -cards.index(b)))


def fastest(cards: list[Batter]) -> Batter:
    return max(cards, key=lambda b: (b.run.rank, b.steal.rating, -cards.index(b)))


def can_replace(team: DDTeam, spot: int) -> bool:
    """A spot may be batted or run for: the bench has a man, and for the pitcher's spot a reliever
    is left to pitch after him."""
    if not team.available_bench():
        return False
    return team.order[spot].position is not Position.P or bool(team.available_relievers())


def _spot(team: DDTeam) -> int:
    return team.up % len(team.order)


def runner_spots(g: DDGame) -> dict[int, int]:
    """Base -> order spot of each runner the offense may run for."""
    team = g.state.batting
    spots = {}
    for base in g.state.occupied():
        runner = g.state.runner_on(base)
        assert runner is not None
        spot = team.spot_of(runner.id)
        if spot is not None and can_replace(team, spot):
            spots[base] = spot
    return spots


# --- the offense ------------------------------------------------------------------------------


def offense_options(g: DDGame) -> list[Option]:
    team = g.state.batting
    options = []
    if can_replace(team, _spot(team)):
        options.append(Option(PINCH_HIT, "Pinch hitter..."))
    if runner_spots(g):
        options.append(Option(PINCH_RUN, "Pinch runner..."))
    return options


def _behind(g: DDGame, team: DDTeam) -> int:
    other = g.state.home if team is g.state.away else g.state.away
    return other.runs - team.runs


def tying_or_winning(g: DDGame, base: int) -> bool:
    """The runner on ``base`` is the tying or the winning run: the runs his team is behind, counting
    the runners on his base and ahead of him."""
    behind = _behind(g, g.state.batting)
    ahead = sum(1 for b in g.state.occupied() if b >= base)
    return behind >= 0 and ahead in (behind, behind + 1)


def suggest_pinch_hitter(g: DDGame) -> Batter | None:
    state = g.state
    team = state.batting
    spot = _spot(team)
    if state.inning < LATE_INNING or _behind(g, team) <= 0:
        return None
    if team.order[spot].batter.id != team.pitcher.id or not can_replace(team, spot):
        return None  # only the pitcher himself (no DH), not a man who already batted for him
    cards = bench(team)
    return max(cards, key=lambda b: (hitting_score(b), -cards.index(b)))


def suggest_pinch_runner(g: DDGame) -> tuple[int, Batter] | None:
    state = g.state
    if state.inning < LATE_INNING:
        return None
    spots = runner_spots(g)
    for base in sorted(spots, reverse=True):
        runner = state.runner_on(base)
        assert runner is not None
        if runner.card.run.rank > 1 or not tying_or_winning(g, base):
            continue
        quick = fastest(bench(state.batting))
        if quick.run.rank >= 3:
            return base, quick
    return None


def suggest_offense(g: DDGame) -> str | None:
    """The auto-manager's change in the offense's call, or None."""
    if suggest_pinch_hitter(g) is not None:
        return PINCH_HIT
    if suggest_pinch_runner(g) is not None:
        return PINCH_RUN
    return None


def _who_comes_in(
    g: DDGame,
    team: DDTeam,
    change: str,
    prompt: str,
    cards: list[Batter],
    suggestion: Batter,
    words: Callable[[Batter], str],
) -> Batter | None:
    choice = g.ask(
        team.key,
        WHO_COMES_IN,
        prompt,
        lambda: [*(Option(b.id, words(b)) for b in cards), Option(BACK, "Back")],
        suggestion.id,
        lambda: {"change": change},
    )
    return next((b for b in cards if b.id == choice), None)


def pinch_hit(g: DDGame) -> bool:
    """The offense's "Pinch hitter...": who bats for the man up. False when backed out of."""
    team = g.state.batting
    spot = _spot(team)
    cards = bench(team)
    up = team.order[spot].batter
    suggestion = suggest_pinch_hitter(g) or max(cards, key=lambda b: (hitting_score(b), -cards.index(b)))
    pitcher = g.state.fielding.pitcher

    def words(b: Batter) -> str:
        line = matchup_line(g, b, pitcher)
        return f"{b.name} ({b.bats.value}){f', OBP/SLG {line}' if line else ''}, RUN {b.run.value}"

    prompt = f"Who bats for {up.name} against {pitcher.name} ({pitcher.throws.value})?"
    new = _who_comes_in(g, team, PINCH_HIT, prompt, cards, suggestion, words)
    if new is None:
        return False
    replace_player(g, team, spot, new, team.order[spot].position, "pinch_hitter")
    return True


def pinch_run(g: DDGame) -> bool:
    """The offense's "Pinch runner...": for which runner (when more than one), then who. False when backed out of."""
    state = g.state
    team = state.batting
    spots = runner_spots(g)
    auto = suggest_pinch_runner(g)
    lead = max(spots)
    if len(spots) > 1:

        def runners() -> list[Option]:
            listed = []
            for base in sorted(spots, reverse=True):
                runner = state.runner_on(base)
                assert runner is not None
                listed.append(Option(str(base), f"{runner.name} on {BASE_WORDS[base]} ({runner.card.run.value})"))
            return [*listed, Option(BACK, "Back")]

        choice = g.ask(
            team.key,
            WHO_LEAVES,
            "Run for which runner?",
            runners,
            str(auto[0] if auto else lead),
            {"change": PINCH_RUN},
        )
        if choice == BACK:
            return False
        base = int(choice)
    else:
        base = lead
    runner = state.runner_on(base)
    assert runner is not None
    cards = bench(team)
    suggestion = auto[1] if auto and auto[0] == base else fastest(cards)
    new = _who_comes_in(
        g,
        team,
        PINCH_RUN,
        f"Who runs for {runner.name} on {BASE_WORDS[base]}?",
        cards,
        suggestion,
        lambda b: f"{b.name} (RUN {b.run.value}, STEAL {b.steal})",
    )
    if new is None:
        return False
    replace_player(g, team, spots[base], new, team.order[spots[base]].position, "pinch_runner")
    return True


# --- the defense --------------------------------------------------------------------------------


def fielder_spots(team: DDTeam) -> list[int]:
    """Order spots of the fielders a defensive replacement may take out (placed, at a field position)."""
    return [i for i, s in enumerate(team.order) if s.position in FIELD_POSITIONS and i not in team.unplaced]


def defense_call(g: DDGame) -> None:
    """At the start of a half: "Defensive replacement..." while the bench has a man (the auto-manager makes none)."""
    team = g.state.fielding
    for _ in range(ROUNDS):
        if not team.available_bench() or not fielder_spots(team):
            return
        choice = g.ask(
            team.key,
            "defense",
            "Any defensive changes?",
            [Option(NO_CHANGE, "No change"), Option(FIELD, "Defensive replacement...")],
            NO_CHANGE,
        )
        if choice == NO_CHANGE:
            return
        defensive_replacement(g, team)


def which_fielder(
    g: DDGame, team: DDTeam, spots: list[int], prompt: str, words: Callable[[Batter, Position], str], change: str
) -> int | None:
    """A change's step "which fielder leaves": the order spot of the man chosen among ``spots``
    (each option his position, his name and ``words``), None for "back"."""

    def fielders() -> list[Option]:
        listed = []
        for i in spots:
            position = team.order[i].position
            card = team.order[i].batter
            listed.append(Option(position.value, f"{position.value}: {card.name}{words(card, position)}"))
        return [*listed, Option(BACK, "Back")]

    choice = g.ask(team.key, WHO_LEAVES, prompt, fielders, team.order[spots[0]].position.value, {"change": change})
    return next((i for i in spots if team.order[i].position.value == choice), None)


def defensive_replacement(g: DDGame, team: DDTeam) -> bool:
    spots = fielder_spots(team)

    def words(card: Batter, position: Position) -> str:
        return f" ({rating_words(card, position, 'defense')})"

    spot = which_fielder(g, team, spots, "Replace which fielder?", words, FIELD)
    if spot is None:
        return False
    position = team.order[spot].position
    cards = bench(team)
    new = _who_comes_in(
        g,
        team,
        FIELD,
        f"Who plays {position.value}?",
        cards,
        best_at(cards, position),
        lambda b: f"{b.name} ({rating_words(b, position)})",
    )
    if new is None:
        return False
    replace_player(g, team, spot, new, position, "defense")
    return True


def place(g: DDGame, team: DDTeam) -> None:
    """Each pinch hitter or runner still in the game takes the field (a forced move, one request each)."""
    for spot in sorted(team.unplaced):
        if spot in team.unplaced:
            _place(g, team, spot)


def _place(g: DDGame, team: DDTeam, spot: int) -> None:
    sub = team.order[spot].batter
    vacated = team.order[spot].position
    if vacated is Position.P:
        _place_pitchers_spot(g, team, spot, sub)
        return
    cards = bench(team)

    def rated(card: Batter) -> str:  # the DH fields nowhere: no rating to tell
        return "" if vacated is Position.DH else f" ({rating_words(card, vacated)})"

    options = [Option(f"position:{vacated.value}", f"{sub.name} plays {vacated.value}{rated(sub)}")]
    options += [Option(f"replace:{b.id}", f"{b.name} in at {vacated.value} for {sub.name}{rated(b)}") for b in cards]
    suggestion = f"position:{vacated.value}"
    if vacated is not Position.DH and sub.fielding(vacated) is None:
        fielders = [b for b in cards if b.fielding(vacated) is not None]
        if fielders:
            suggestion = f"replace:{best_at(fielders, vacated).id}"
    choice = g.ask(
        team.key,
        "defensive_position",
        f"{sub.name} came in for the {vacated.value} and stays in the game: where does he play?",
        options,
        suggestion,
    )
    if choice.startswith("position:"):
        team.order[spot] = LineupSpot(sub, vacated)
        team.unplaced.discard(spot)
        g.emit(Substitution(team.key, "position", sub.id, sub.id, vacated.value, spot + 1))
        return
    new = next(b for b in cards if b.id == choice.split(":", 1)[1])
    replace_player(g, team, spot, new, vacated, "defense")


def _switch_spots(team: DDTeam, sub: Batter) -> list[int]:
    """The fielders a substitute in the pitcher's spot may replace in a double switch: placed men at
    the positions his card rates him at."""
    return [i for i in fielder_spots(team) if sub.fielding(team.order[i].position) is not None]


def _place_pitchers_spot(g: DDGame, team: DDTeam, spot: int, sub: Batter) -> None:
    """The man who batted or ran for the pitcher: a new pitcher bats in his spot, or (a double switch,
    baseball's rule the book leaves to the sport) he stays in the field for a fielder his card rates
    him at, and the new pitcher bats in that fielder's spot. The switch's steps, which fielder leaves
    and who pitches, each have "back": the question is then asked again."""
    pen = team.available_relievers()
    if not pen:  # the offense may bat for the pitcher only while a reliever is left
        team.unplaced.discard(spot)
        return
    pick = pick_reliever(g, team) or pen[0]
    for _ in range(ROUNDS):

        def options() -> list[Option]:
            listed = [Option(f"relief:{p.id}", f"{pen_words(p)}: pitches and bats for {sub.name}") for p in pen]
            if _switch_spots(team, sub):
                listed.append(Option(DOUBLE_SWITCH, f"Double switch: {sub.name} stays in the field..."))
            return listed

        choice = g.ask(
            team.key,
            "defensive_position",
            f"{sub.name} batted for the pitcher: who pitches now?",
            options,
            f"relief:{pick.id}",
        )
        if choice != DOUBLE_SWITCH:
            bring_in(g, team, next(p for p in pen if p.id == choice.split(":", 1)[1]))
            return
        if _double_switch(g, team, spot, sub, pen, pick):
            return
    bring_in(g, team, pick)  # backed out of every double switch


def _double_switch(g: DDGame, team: DDTeam, spot: int, sub: Batter, pen: list[Pitcher], pick: Pitcher) -> bool:
    """Which fielder leaves, then who pitches (batting in that fielder's spot). False when backed out of."""
    prompt = f"Double switch: {sub.name} replaces which fielder?"
    at = which_fielder(
        g, team, _switch_spots(team, sub), prompt, lambda _, p: f"; {sub.name} {rating_words(sub, p)}", DOUBLE_SWITCH
    )
    if at is None:
        return False
    gone = team.order[at].batter
    choice = g.ask(
        team.key,
        WHO_COMES_IN,
        f"Double switch: who pitches, batting for {gone.name}?",
        lambda: [*(Option(p.id, pen_words(p)) for p in pen), Option(BACK, "Back")],
        pick.id,
        {"change": DOUBLE_SWITCH},
    )
    if choice == BACK:
        return False
    position = team.order[at].position
    team.order[spot] = LineupSpot(sub, position)
    team.unplaced.discard(spot)
    g.emit(Substitution(team.key, "position", sub.id, gone.id, position.value, spot + 1))
    bring_in(g, team, next(p for p in pen if p.id == choice), spot=at)
    return True


def bring_in(g: DDGame, team: DDTeam, pitcher: Pitcher, spot: int | None = None) -> None:
    """A reliever takes the mound (and the pitcher's spot, or ``spot`` in a double switch)."""
    change_pitcher(g, team, pitcher, spot=spot)
    endurance.enter(g, team, pitcher, starter=False)


def pen_words(p: Pitcher, facing: str = "") -> str:
    """ "Andrew Miller (L), ERA 1.45, Rizzo .262/.401, RELIEVER, Endurance 2": the ERA his card prints and
    ``facing``, the batter up's line against him (:func:`facing`), before his usage and Endurance."""
    era = f", ERA {p.stats.era}" if p.stats is not None and p.stats.era else ""
    facing = f", {facing}" if facing else ""
    return f"{p.name} ({p.throws.value}){era}{facing}, {p.usage}, Endurance {p.endurance}"


def matchup_line(g: DDGame, batter: Batter, pitcher: Pitcher) -> str:
    """ ".312/.405": the batter's on-base and slugging against this pitcher by the two cards' exact odds
    (:func:`engine.deep_drive.odds.pa_odds`, with average fielders and park); "" for a request nobody
    reads (``Game.unread``: the log or an auto-manager function answers it) and under a rule test's
    hand-made charts, which have no Season Handbook to work them from."""
    hb = dd(g).handbook
    return card_line(summary(pa_odds(batter, pitcher, hb))) if isinstance(hb, Handbook) and not g.unread else ""


def batter_up(g: DDGame) -> Batter:
    offense = g.state.batting
    return offense.order[offense.up % len(offense.order)].batter


def facing(g: DDGame, pitcher: Pitcher) -> str:
    """ "Rizzo .262/.401": the batter up's line against a new pitcher (his surname: the question names him)."""
    up = batter_up(g)
    line = matchup_line(g, up, pitcher)
    return f"{up.name.split()[-1]} {line}" if line else ""


# --- players who must leave -------------------------------------------------------------------


def leave(g: DDGame, team: DDTeam, player: str, name: str, kind: str) -> None:
    """``player`` is out of the game (``kind`` "injury" or "ejection"): the bench's best man at his
    position takes his place (and his base); a pitcher leaves at his team's next pitching call, and
    if he is on base a pinch runner takes his base (his spot gets the new pitcher then)."""
    spot = team.spot_of(player)
    if player == team.pitcher.id:
        dd(g).hurt.add(player)
        state = g.state
        on_base = any(r is not None and r.id == player for r in state.bases)
        if spot is None or not on_base or not can_replace(team, spot):
            return
        replace_player(g, team, spot, fastest(bench(team)), Position.P, "pinch_runner")
        return
    if spot is None:
        return
    cards = bench(team)
    if not cards:
        g.emit(Reading(kind, name, "", "nobody left on the bench: he stays in the game"))
        return
    unplaced = spot in team.unplaced
    position = team.order[spot].position
    replace_player(g, team, spot, best_at(cards, position), position, kind)
    if unplaced:
        team.unplaced.add(spot)  # he came in for a substitute not yet placed: placed with the team
    else:
        team.unplaced.discard(spot)  # he takes the position of the man who left


def eject(g: DDGame, team: DDTeam, player: str, name: str) -> None:
    """DDB "Choice Chart" 01 and 99, the Odd Play Book's ejections: he leaves the game."""
    g.emit(Reading("ejection", name, "", "ejected"))
    leave(g, team, player, name, "ejection")
