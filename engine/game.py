"""A game: its setup, seed and decision log, and what follows from them.

The game is replayed from the start when it is built or loaded: the rules run,
rolling the seeded dice, until a side that a person manages must decide something.
Answers of auto-managed sides are logged too, so a replay never depends on the
auto-manager's code of the day. An answer does not replay the game: while a person
may be asked, the game keeps a checkpoint at each plate appearance's start (the
state, the ruleset's state, the dice's position, the events and the log read so far)
and an answer goes on from the checkpoint of the plate appearance where it was
asked, the log answering the questions already answered. A game that nobody asks
(the benchmark, a simulated season) keeps none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass
from typing import Any, Generic, TypeAlias

from cards.base import BatterT, ParkT, PitcherT
from cards.notation import Position
from engine import innings
from engine.dice import Dice, ScriptedDice, SeededDice
from engine.events import Check, Decided, Event, shared_roll
from engine.requests import (
    Decision,
    IllegalChoice,
    NoPendingRequest,
    NotYourTurn,
    Option,
    ReplayMismatch,
    Request,
    StaleRequest,
)
from engine.rulesets import DEFAULT, Ruleset, ruleset
from engine.setup import GameOptions, GameSetup, OptionsT, SetupError
from engine.situation import GAME, STOPS, Situation
from engine.state import AnyState, GameState, TeamState

# The values of every roll of one die and of red and white, built once: a game rolls
# some 400 dice and keeps every roll's event, so sharing these saves a tuple each.
_ONE_DIE = tuple((value,) for value in range(21))
_TWO_DICE = tuple(tuple((red, white) for white in range(7)) for red in range(7))


# How often a side is asked (Game.asking): every request; only those that matter
# (engine.inside_pitch.asking.matters); none (the auto-manager answers them all).
EVERY = "every"
MATTERS = "matters"
NEVER = "never"
ASKING_LEVELS = (EVERY, MATTERS, NEVER)
# The level a front end offers a person by default (issue 12): asked when it matters.
PERSON_DEFAULT = MATTERS
# The calls before a pitch that a manager who called time is asked (Game.call_time).
CALLS = frozenset(("defense", "offense"))
# The answer that ends a call (Deep Drive's "No change"): the call is not asked again after it.
NO_CHANGE = "none"


def _side(side: str) -> str:
    if side not in ("away", "home"):
        raise SetupError(f"a side is away or home, not {side!r}")
    return side


def _level(level: str) -> str:
    if level not in ASKING_LEVELS:
        raise SetupError(f"how often a side is asked is one of {', '.join(ASKING_LEVELS)}, not {level!r}")
    return level


class _Suspend(Exception):
    def __init__(self, request: Request) -> None:
        self.request = request


@dataclass(slots=True)
class _Checkpoint:
    """Where a game stood as a plate appearance began: what an answer goes on from."""

    state: AnyState
    ruleset_state: Any
    dice: int  # where the dice were (SeededDice.save)
    events: int  # how many events there were
    seq: int  # the log position: the next question's seq


class Game(Generic[BatterT, PitcherT, ParkT, OptionsT]):
    """Play through :meth:`choose`; read :attr:`state`, :attr:`events`, :attr:`pending`.

    Generic in its cards' types (cards.base): a ruleset's package names its own games
    (``Game[Batter, Pitcher, Ballpark, Options]`` of its card and options models); shared code keeps them open."""

    # Record an event: the events list's own append, bound at each replay, so that the
    # thousand-odd events of a game go straight to the list without a method in between.
    emit: Callable[[Event], None]

    def __init__(
        self,
        setup: GameSetup[BatterT, PitcherT, ParkT, OptionsT],
        seed: int,
        log: Iterable[Decision] = (),
        managed: Iterable[str] = (),
        dice: Dice | None = None,
        auto_manager: Callable[[Request], str] | None = None,
        situation: Situation | None = None,
        until: str = GAME,
        asking: Mapping[str, str] | None = None,
        time_called: Iterable[str] = (),
        person: Callable[[Request], str] | None = None,
    ) -> None:
        """``situation`` starts the game at that moment (engine.situation); ``until`` stops it
        after one "plate_appearance", at the end of the "half_inning", at the end of the
        "game", or at the "start" with nothing played.

        How often each side is asked: ``asking`` gives a side's level ("every", "matters" or
        "never": see :data:`ASKING_LEVELS`; :data:`PERSON_DEFAULT` is the one to offer a
        person first). ``managed`` sides without a level are asked "every" question, as
        before the levels existed (games stored then resume as they were played); the
        others are auto-managed ("never"). ``time_called`` holds the sides
        whose next call before a pitch is asked whatever the level (:meth:`call_time`).
        ``person`` answers the questions a person would be asked without suspending the
        game (the benchmark and tests play a whole game that way); logged as a manager's.
        """
        self.rules: Ruleset = ruleset(setup.ruleset)
        setup.validate()
        if until not in STOPS:
            raise SetupError(f"until is one of {', '.join(STOPS)}, not {until!r}")
        if situation is not None:
            situation.validate(setup)
        self.situation = situation
        self.until = until
        # Answers for the sides nobody manages; by default the request's suggestion.
        # Tests pass other policies (random legal choices) to reach every path.
        self.auto_manager = auto_manager
        self.setup = setup
        self.seed = seed
        self.log: list[Decision] = list(log)
        # How often each side is asked (ASKING_LEVELS); "never" is the auto-manager.
        self.asking = {"away": NEVER, "home": NEVER}
        for side in managed:
            self.asking[_side(side)] = EVERY
        for side, level in (asking or {}).items():
            self.asking[_side(side)] = _level(level)
        self.time_called = {_side(side) for side in time_called}
        self.person = person
        self._fixed_dice = dice  # tests script the dice; play uses the seed
        self.pending: Request | None = None
        self.events: list[Event] = []
        # The ruleset's own per-game state (Ruleset.new_state), made as play starts.
        self.ruleset_state: Any = None
        self._checkpoints: list[_Checkpoint] = []
        self._unchanging: dict[int, Any] | None = None  # what a checkpoint shares: see _memo
        # True while the options of a request that nobody reads are built (the log answers it, or an
        # auto-manager function does), so what is costly to work out for a label (a matchup's odds)
        # may be left out: with the odds, 40 property games with random answers took 8 times as long.
        self.unread = False
        self._replay()

    # --- running ---------------------------------------------------------------

    def fresh_state(self) -> GameState[BatterT, PitcherT]:
        def team(key: str) -> TeamState[BatterT, PitcherT]:
            s = self.setup.away if key == "away" else self.setup.home
            team = TeamState(key, s, list(s.lineup), s.pitcher, used_pitchers=[s.pitcher.id])
            # The pitcher's spot bats with the pitchers' card under the name of whoever pitches.
            team.order = [team.pitcher_spot(s.pitcher) if p.position is Position.P else p for p in team.order]
            return team

        state = GameState(team("away"), team("home"))
        if self.situation is not None:
            self.situation.apply(self.setup, state)
        return state

    def _replay(self) -> None:
        """The game from its first roll: built, loaded, or taken back before every checkpoint."""
        if isinstance(self._fixed_dice, ScriptedDice):
            self._fixed_dice.rewind()
        dice = self._fixed_dice or SeededDice(self.seed)
        self.dice: Dice = dice
        # The dice a checkpoint can save: a test's own dice may not go back (the game then replays).
        self._saved_dice = dice if isinstance(dice, (SeededDice, ScriptedDice)) else None
        self.state = self.fresh_state()
        self.events = []
        self._seq = 0
        self._checkpoints = []
        self._play(innings.play)

    def _go_on(self) -> None:
        """Play on from the last checkpoint the log still reaches, the log answering the questions
        already answered: the plate appearance where the question was asked, not the first roll."""
        checkpoints = self._checkpoints
        while checkpoints and checkpoints[-1].seq > len(self.log):
            checkpoints.pop()  # taken back (take_back): the log no longer reaches it
        if not checkpoints:
            self._replay()
            return
        point = checkpoints.pop()  # kept again as its plate appearance starts
        self.state = point.state
        self.ruleset_state = point.ruleset_state
        dice = self._saved_dice
        assert dice is not None
        dice.restore(point.dice)
        self.events = self.events[: point.events]
        self._seq = point.seq
        self._play(innings.play_on)

    def _play(self, play: Callable[[Game[BatterT, PitcherT, ParkT, OptionsT]], None]) -> None:
        self.emit = self.events.append
        self.pending = None
        try:
            play(self)
        except _Suspend as suspend:
            self.pending = suspend.request
        if self.pending is None and self._seq < len(self.log):
            raise ReplayMismatch(f"the log has {len(self.log)} decisions; the game asked {self._seq}")

    def may_suspend(self) -> bool:
        """Whether a person may be asked without a ``person`` to answer: then the game keeps
        checkpoints (:meth:`checkpoint`). An auto-managed game keeps none and loses no time."""
        asking = self.asking
        return (
            self.person is None
            and self._saved_dice is not None
            and (asking["away"] != NEVER or asking["home"] != NEVER or bool(self.time_called))
        )

    def checkpoint(self) -> None:
        """Keep where the game stands as a plate appearance starts (engine.innings): an answer to a
        question asked in it goes on from here (:meth:`_go_on`)."""
        dice = self._saved_dice
        assert dice is not None
        state, ruleset_state = deepcopy((self.state, self.ruleset_state), self._memo())
        self._checkpoints.append(_Checkpoint(state, ruleset_state, dice.save(), len(self.events), self._seq))

    def _memo(self) -> dict[int, Any]:
        """A deepcopy memo that shares what play never changes (the setup, its cards, the lineup
        spots and the cards of men in the game) instead of copying it."""
        keep = self._unchanging
        if keep is None:
            setup = self.setup
            keep = {id(setup): setup, id(setup.ballpark): setup.ballpark, id(setup.options): setup.options}
            for team in (setup.away, setup.home):
                cards: list[Any] = [team, team.pitcher, team.pitcher_batting, *team.bench, *team.bullpen]
                cards += [*team.own_batting.values(), *team.lineup, *(spot.batter for spot in team.lineup)]
                keep.update((id(card), card) for card in cards if card is not None)
            self._unchanging = keep
        memo = dict(keep)
        for team_state in (self.state.away, self.state.home):
            memo[id(team_state.pitcher)] = team_state.pitcher
            for spot in team_state.order:
                memo[id(spot)] = spot
                memo[id(spot.batter)] = spot.batter
        return memo

    @property
    def managed(self) -> set[str]:
        """The sides a person answers for (asked at "every" or "matters")."""
        return {side for side, level in self.asking.items() if level != NEVER}

    @property
    def over(self) -> bool:
        return self.state.over

    # --- dice and checks (every roll becomes an event) ---------------------------

    def d6(self, purpose: str) -> int:
        value = self.dice.roll(6)
        self.events.append(shared_roll("1d6", _ONE_DIE[value], purpose))
        return value

    def d20(self, purpose: str) -> int:
        value = self.dice.roll(20)
        self.events.append(shared_roll("1d20", _ONE_DIE[value], purpose))
        return value

    def two_d6(self, purpose: str) -> tuple[int, int]:
        """Red then white: column then row on a card."""
        roll = self.dice.roll
        red = roll(6)
        white = roll(6)
        self.events.append(shared_roll("2d6", _TWO_DICE[red][white], purpose))
        return red, white

    def d10(self, purpose: str) -> int:
        """One ten-sided die read 0-9 (its "10" face, as Deep Drive's dice print it, is a 0)."""
        value = self.dice.roll(10) % 10
        self.events.append(shared_roll("1d10", _ONE_DIE[value], purpose))
        return value

    def two_d10(self, purpose: str) -> tuple[int, int]:
        """Red (tens) and white (ones): a reading 00-99 is ``10 * red + white`` (DDB "Dice")."""
        roll = self.dice.roll
        red = roll(10) % 10
        white = roll(10) % 10
        self.events.append(shared_roll("2d10", (red, white), purpose))
        return red, white

    def three_d10(self, purpose: str) -> tuple[int, int, int]:
        """Red, white and the green mod die, rolled together for a plate appearance (DDB "Dice")."""
        roll = self.dice.roll
        red = roll(10) % 10
        white = roll(10) % 10
        green = roll(10) % 10
        self.events.append(shared_roll("3d10", (red, white, green), purpose))
        return red, white, green

    def check(self, name: str, rating: int, modifiers: Sequence[tuple[str, int]] = (), die: int = 20) -> bool:
        """Roll 1d20 (or 1d6) against rating + modifiers; success on roll <= target."""
        roll = self.d20(name) if die == 20 else self.d6(name)
        target = rating
        for _, value in modifiers:
            target += value
        success = roll <= target
        self.events.append(Check(name, rating, tuple(modifiers), roll, success))
        return success

    # --- decisions -------------------------------------------------------------

    def ask(
        self,
        side: str,
        kind: str,
        prompt: str | Callable[[], str],
        options: Sequence[Option] | Callable[[], Sequence[Option]],
        suggestion: str,
        context: Mapping[str, Any] | Callable[[], Mapping[str, Any]] | None = None,
    ) -> str:
        """The answer to a manager's decision: from the log, the auto-manager, or a person (suspends).

        ``prompt`` and ``options`` may be functions that build them: a game the
        default auto-manager plays alone then never builds text nobody reads.
        ``context`` adds what the question is about to :meth:`context` (the ball in play);
        like ``prompt``, it may be a function, called only when a request is made.
        """
        seq = self._seq
        self._seq += 1
        log = self.log
        if seq >= len(log):
            level = self.asking[side]
            asked = level == EVERY or (level == MATTERS and self._matters(seq, side, kind, suggestion))
            if not asked and side in self.time_called and kind in CALLS:
                asked = True  # the manager called time: the full call, whatever the level
            if not asked and self.auto_manager is None:
                # The default auto-manager: its suggestion is built from the same legal moves.
                log.append(Decision(seq, side, kind, suggestion, "auto"))
                self.events.append(Decided(seq, side, kind, suggestion, "auto"))
                return suggestion
        else:
            asked = False
        self.unread = seq < len(log) or not asked
        try:
            listed = tuple(options() if callable(options) else options)
        finally:
            self.unread = False
        keys = [o.key for o in listed]
        if suggestion not in keys:
            raise ValueError(f"suggestion {suggestion!r} is not among the options of {kind}")
        if seq < len(log):
            decision = log[seq]
            if decision.kind != kind or decision.side != side or decision.choice not in keys:
                raise ReplayMismatch(
                    f"decision {seq} answers {decision.kind} for {decision.side}; the game asks {kind}"
                )
            self.emit(Decided(seq, side, kind, decision.choice, decision.by))
            return decision.choice
        shown = self.rules.words(self, kind, prompt() if callable(prompt) else prompt)
        extra = context() if callable(context) else context
        request = Request(seq, side, kind, shown, listed, suggestion, self.context(extra))
        if asked:
            if self.person is None:
                raise _Suspend(request)
            choice, by = self.person(request), "manager"
            if kind in CALLS:
                self.time_called.discard(side)
        else:
            assert self.auto_manager is not None
            choice, by = self.auto_manager(request), "auto"
        if choice not in keys:
            raise IllegalChoice(f"the {by} manager chose {choice!r} for {kind}; the options are {', '.join(keys)}")
        log.append(Decision(seq, side, kind, choice, by))
        self.emit(Decided(seq, side, kind, choice, by))
        return choice

    def next_logged(self) -> Decision | None:
        """The logged decision the next request will replay; None past the end of the log.

        A ruleset that adds a request reads it to play a log an earlier engine made as it was
        (engine.deep_drive.manager.before_batter): that log has no answer where the request now comes.
        """
        return self.log[self._seq] if self._seq < len(self.log) else None

    def _matters(self, seq: int, side: str, kind: str, suggestion: str) -> bool:
        """Whether a side at "matters" is asked this request (the ruleset's ``matters``)."""
        follow_ups = self.rules.follow_ups
        last = self.log[seq - 1] if seq > 0 else None
        # The steps of a change a person chose, and his call asked again after it (or after "back"),
        # not after "none" (Deep Drive's "No change": the call is over, the next one is the next batter's).
        his = last is not None and last.side == side and last.by == "manager"
        again = last is not None and (last.kind in follow_ups or (last.kind == kind and last.choice != NO_CHANGE))
        if his and (kind in follow_ups or (kind in CALLS and again)):
            return True
        if kind in follow_ups:
            return False
        return self.rules.matters(self, side, kind, suggestion)

    def context(self, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Where the game stands, as data: what a request's prompt says in words (the ruleset's context)."""
        data = self.rules.context(self)
        if extra:
            data.update(extra)
        return data

    def choose(self, side: str, choice: str, seq: int | None = None, by: str = "manager") -> None:
        """Answer the pending request; refuses a wrong side, an old request or an illegal choice."""
        request = self.pending
        if request is None:
            raise NoPendingRequest("nothing is waiting for an answer")
        if seq is not None and seq != request.seq:
            raise StaleRequest(f"request {seq} has already been answered")
        if side != request.side:
            raise NotYourTurn(f"the {request.side} manager decides this, not the {side}")
        if choice not in request.option_keys():
            raise IllegalChoice(f"{choice!r} is not an option; choose one of {', '.join(request.option_keys())}")
        self.log.append(Decision(request.seq, side, request.kind, choice, by))
        if request.kind in CALLS:
            self.time_called.discard(side)  # time was called for this one, if at all
        if by != "auto":
            # Nothing takes back an answer but the auto-manager's (take_back), so the log never again
            # falls short of this one: only the last checkpoint, where it was asked, can be gone on from.
            del self._checkpoints[:-1]
        self._go_on()

    def auto_answer(self, by: str = "timeout") -> None:
        """Answer the pending request with the auto-manager's suggestion (a manager who timed out)."""
        if self.pending is None:
            raise NoPendingRequest("nothing is waiting for an answer")
        self.choose(self.pending.side, self.pending.suggestion, by=by)

    def set_managed(self, side: str, managed: bool, level: str = EVERY) -> None:
        """Hand a side to the auto-manager ("never") or take it back at ``level``; the past stays as logged."""
        if not managed:
            self.set_asking(side, NEVER)
        elif self.asking[_side(side)] == NEVER:
            self.set_asking(side, level)

    def set_asking(self, side: str, level: str, seen: int | None = None) -> None:
        """How often ``side`` is asked from now on ("every", "matters" or "never"); the past stays as logged.

        A question already waiting stays asked unless the side goes to "never" (the
        auto-manager answers it). ``seen``: see :meth:`take_back`.
        """
        self.asking[_side(side)] = _level(level)
        if level == NEVER:
            self.time_called.discard(side)
            if self.pending is not None and self.pending.side == side:
                self.auto_answer(by="auto")
        elif seen is not None:
            self.take_back(seen)

    def call_time(self, side: str, seen: int | None = None) -> None:
        """The manager of ``side`` calls time: his next call before a pitch (``defense`` or
        ``offense``) is asked in full, with every play and substitution, whatever his level.

        A front end calls it between questions, with ``seen`` the number of events it has
        shown (:meth:`take_back`), so the call comes before the next pitch he sees. The flag
        is kept (:meth:`to_dict`) until that call is answered; a call already waiting is that call.
        """
        if self.asking[_side(side)] == NEVER:
            raise NotYourTurn(f"nobody manages the {side} side: the auto-manager makes its calls")
        self.time_called.add(side)
        if seen is not None:
            self.take_back(seen)

    def take_back(self, seen: int) -> None:
        """Take back the auto-manager's answers after the first ``seen`` events, and play on again.

        The engine plays ahead to the next question a person must answer, while a front
        end shows the plays at its pace; answers nobody has seen yet are provisional, so a
        manager who calls time or changes how often he is asked gets the next call after
        the plays he has seen. A person's answer is never taken back.
        """
        after = next((e.seq for e in self.events[seen:] if isinstance(e, Decided)), None)
        if after is None:
            return
        people = [d.seq for d in self.log[after:] if d.by != "auto"]
        keep = people[-1] + 1 if people else after
        if keep < len(self.log):
            del self.log[keep:]
            self._go_on()

    # --- persistence ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Everything the game is, as JSON-ready data: setup (cards in full), seed, decisions, who manages
        and how often each side is asked."""
        data = {
            "ruleset": self.setup.ruleset,
            "setup": self.setup.to_dict(),
            "seed": self.seed,
            "log": self.log_to_json(),
            "managed": sorted(self.managed),
            "asking": dict(self.asking),
            "time_called": sorted(self.time_called),
        }
        if self.situation is not None:
            data["situation"] = self.situation.to_dict()
            data["until"] = self.until
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AnyGame:
        """Rebuild a game saved by :meth:`to_dict`; replaying it reaches the same state and request."""
        name = data.get("ruleset", DEFAULT)
        ruleset(name)  # an unknown ruleset is refused by name
        return cls(
            GameSetup.from_dict(data["setup"], name),
            int(data["seed"]),
            cls.log_from_json(data["log"]),
            managed=data.get("managed", ()),  # games stored before the levels: those sides at "every"
            asking=data.get("asking"),
            time_called=data.get("time_called", ()),
            situation=Situation.from_dict(data["situation"]) if data.get("situation") else None,
            until=data.get("until", GAME),
        )

    def log_to_json(self) -> list[dict[str, Any]]:
        return [d.to_dict() for d in self.log]

    @staticmethod
    def log_from_json(data: list[dict[str, Any]]) -> list[Decision]:
        return [Decision.from_dict(d) for d in data]


# A game of any ruleset, as code every ruleset shares takes it (a ruleset names its own: IPGame, DDGame).
AnyGame: TypeAlias = Game[Any, Any, Any, GameOptions]
