"""A game of Inside Pitch: its setup, seed and decision log, and what follows from them.

The game is replayed from the start whenever it is built or a manager answers:
the rules run, rolling the seeded dice, until a side that a person manages must
decide something. Answers of auto-managed sides are logged too, so a replay
never depends on the auto-manager's code of the day.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from cards.notation import Position
from engine.dice import Dice, ScriptedDice, SeededDice
from engine.events import Check, Decided, Event, Roll
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
from engine.setup import GameSetup, SetupError
from engine.situation import GAME, STOPS, Situation
from engine.state import GameState, Runner, TeamState

RULESET = "inside-pitch-2021"

# The values of every roll of one die and of red and white, built once: a game rolls
# some 400 dice and keeps every roll's event, so sharing these saves a tuple each.
_ONE_DIE = tuple((value,) for value in range(21))
_TWO_DICE = tuple(tuple((red, white) for white in range(7)) for red in range(7))


class _Suspend(Exception):
    def __init__(self, request: Request) -> None:
        self.request = request


class Game:
    """Play through :meth:`choose`; read :attr:`state`, :attr:`events`, :attr:`pending`."""

    # Record an event: the events list's own append, bound at each replay, so that the
    # thousand-odd events of a game go straight to the list without a method in between.
    emit: Callable[[Event], None]

    def __init__(
        self,
        setup: GameSetup,
        seed: int,
        log: Iterable[Decision] = (),
        managed: Iterable[str] = (),
        dice: Dice | None = None,
        auto_manager: Callable[[Request], str] | None = None,
        situation: Situation | None = None,
        until: str = GAME,
    ) -> None:
        """``situation`` starts the game at that moment (engine.situation); ``until`` stops it
        after one "plate_appearance", at the end of the "half_inning", at the end of the
        "game", or at the "start" with nothing played."""
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
        self.managed = set(managed)  # sides a person answers for; the rest are auto-managed
        self._fixed_dice = dice  # tests script the dice; play uses the seed
        self.pending: Request | None = None
        self.events: list[Event] = []
        self._replay()

    # --- running ---------------------------------------------------------------

    def fresh_state(self) -> GameState:
        def team(key: str) -> TeamState:
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
        from engine.inside_pitch.flow import play_game

        if isinstance(self._fixed_dice, ScriptedDice):
            self._fixed_dice.rewind()
        self.dice: Dice = self._fixed_dice or SeededDice(self.seed)
        self.state = self.fresh_state()
        self.events = []
        self.emit = self.events.append
        self.pending = None
        self._seq = 0
        try:
            play_game(self)
        except _Suspend as suspend:
            self.pending = suspend.request
        if self.pending is None and self._seq < len(self.log):
            raise ReplayMismatch(f"the log has {len(self.log)} decisions; the game asked {self._seq}")

    @property
    def over(self) -> bool:
        return self.state.over

    # --- dice and checks (every roll becomes an event) ---------------------------

    def d6(self, purpose: str) -> int:
        value = self.dice.roll(6)
        self.events.append(Roll("1d6", _ONE_DIE[value], purpose))
        return value

    def d20(self, purpose: str) -> int:
        value = self.dice.roll(20)
        self.events.append(Roll("1d20", _ONE_DIE[value], purpose))
        return value

    def two_d6(self, purpose: str) -> tuple[int, int]:
        """Red then white: column then row on a card."""
        roll = self.dice.roll
        red = roll(6)
        white = roll(6)
        self.events.append(Roll("2d6", _TWO_DICE[red][white], purpose))
        return red, white

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
        if seq >= len(self.log) and side not in self.managed and self.auto_manager is None:
            # The default auto-manager: its suggestion is built from the same legal moves.
            self.log.append(Decision(seq, side, kind, suggestion, "auto"))
            self.events.append(Decided(seq, side, kind, suggestion, "auto"))
            return suggestion
        listed = tuple(options() if callable(options) else options)
        keys = [o.key for o in listed]
        if suggestion not in keys:
            raise ValueError(f"suggestion {suggestion!r} is not among the options of {kind}")
        if seq < len(self.log):
            decision = self.log[seq]
            if decision.kind != kind or decision.side != side or decision.choice not in keys:
                raise ReplayMismatch(
                    f"decision {seq} answers {decision.kind} for {decision.side}; the game asks {kind}"
                )
            self.emit(Decided(seq, side, kind, decision.choice, decision.by))
            return decision.choice
        shown = prompt() if callable(prompt) else prompt
        extra = context() if callable(context) else context
        request = Request(seq, side, kind, shown, listed, suggestion, self.context(extra))
        if side in self.managed:
            raise _Suspend(request)
        assert self.auto_manager is not None
        choice = self.auto_manager(request)
        if choice not in keys:
            raise IllegalChoice(f"the auto-manager chose {choice!r} for {kind}; the options are {', '.join(keys)}")
        self.log.append(Decision(seq, side, kind, choice, "auto"))
        self.emit(Decided(seq, side, kind, choice, "auto"))
        return choice

    def context(self, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Where the game stands, as data: what a request's prompt says in words."""
        state = self.state
        offense, defense = state.batting, state.fielding
        up = offense.order[offense.up % len(offense.order)]
        pitcher = defense.pitcher
        stamina = defense.stamina()

        def runner(r: Runner) -> dict[str, Any]:
            card = r.card
            return {"id": card.id, "name": card.name, "br": card.br, "sb": card.sb, "att": card.att}

        data: dict[str, Any] = {
            "inning": state.inning,
            "top": state.top,
            "outs": state.outs,
            "score": {"away": state.away.runs, "home": state.home.runs},
            "batting": offense.key,
            "batter": {
                "id": up.batter.id,
                "name": up.batter.name,
                "bats": up.batter.bats.value,
                "position": up.position.value,
                "bnt": up.batter.bnt,
            },
            "pitcher": {
                "id": pitcher.id,
                "name": pitcher.name,
                "throws": pitcher.throws.value,
                "batters_faced": defense.batters_faced(),
                "tired": defense.tired(),
                "tired_at": stamina.tired if stamina else None,
            },
            "runners": {str(base): runner(r) for base, r in enumerate(state.bases, 1) if r is not None},
            "infield_depth": {p: state.depth(Position(p)) for p in ("1B", "2B", "3B", "SS")},
        }
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
        self._replay()

    def auto_answer(self, by: str = "timeout") -> None:
        """Answer the pending request with the auto-manager's suggestion (a manager who timed out)."""
        if self.pending is None:
            raise NoPendingRequest("nothing is waiting for an answer")
        self.choose(self.pending.side, self.pending.suggestion, by=by)

    def set_managed(self, side: str, managed: bool) -> None:
        """Hand a side to the auto-manager or take it back; the past stays as logged."""
        if managed:
            self.managed.add(side)
        else:
            self.managed.discard(side)
        if self.pending is not None and self.pending.side == side and not managed:
            self.auto_answer(by="auto")

    # --- persistence ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Everything the game is, as JSON-ready data: setup (cards in full), seed, decisions, who manages."""
        data = {
            "ruleset": RULESET,
            "setup": self.setup.to_dict(),
            "seed": self.seed,
            "log": self.log_to_json(),
            "managed": sorted(self.managed),
        }
        if self.situation is not None:
            data["situation"] = self.situation.to_dict()
            data["until"] = self.until
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Rebuild a game saved by :meth:`to_dict`; replaying it reaches the same state and request."""
        if data.get("ruleset") != RULESET:
            raise ValueError(f"this engine plays {RULESET}, not {data.get('ruleset')!r}")
        return cls(
            GameSetup.from_dict(data["setup"]),
            int(data["seed"]),
            cls.log_from_json(data["log"]),
            managed=data.get("managed", ()),
            situation=Situation.from_dict(data["situation"]) if data.get("situation") else None,
            until=data.get("until", GAME),
        )

    def log_to_json(self) -> list[dict[str, Any]]:
        return [d.to_dict() for d in self.log]

    @staticmethod
    def log_from_json(data: list[dict[str, Any]]) -> list[Decision]:
        return [Decision.from_dict(d) for d in data]
