"""The draft: a league picks players from its pool (league cards on no roster), team by team, on a clock.

A league service: the rules of a draft (its order, whose turn, the clock, who may do what) and the
steps the front ends call, Discord's ``/draft`` and the terminal's ``dugout draft`` alike. The store
(league.store.draft) keeps it; a pick is one transaction there, so two clicks never make two picks.

Time comes in as ``now`` (Unix seconds) from the caller: the service has no clock of its own. The
current pick's deadline is kept as an absolute time, so a restart finds it where it stood; when the
clock runs out (:func:`tick`), the team's queue picks for it, else the auto-drafter. A team on auto
picks as soon as its turn comes. The next team's clock starts when the pick before is made.
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal, get_args

from league.autodraft import best_rotation, choose_pick
from league.cardpool import CardPool
from league.errors import CardError, LeagueError, LineupError, NotAllowed, SettingsError
from league.lineups import SPOTS
from league.models import League, Team
from league.value import Values, player_values

if TYPE_CHECKING:
    from league.store import Store

Style = Literal["snake", "straight"]
State = Literal["setup", "running", "paused", "done"]
MadeBy = Literal["manager", "queue", "auto", "commissioner"]
OrderRule = Literal["random", "standings", "set"]

CLOCK_MIN = 2 * 60
CLOCK_MAX = 12 * 3600
DEFAULT_CLOCK = 4 * 3600


class DraftError(LeagueError):
    """A draft step that cannot be done as asked."""


class OutOfTurn(DraftError):
    """A pick by a team that is not on the clock (or a pick someone else just made)."""


class PlayerTaken(DraftError):
    """A player already drafted or on a roster."""


class DraftNotRunning(DraftError):
    """A pick, pause or tick asked of a draft that is not running (or not started, or done)."""


class ClockOutOfRange(DraftError, SettingsError):
    """A pick's clock outside 2 minutes to 12 hours."""


@dataclass(frozen=True)
class Pick:
    number: int  # overall, from 1
    round: int
    team_id: int
    card_id: str
    made_by: MadeBy
    user_id: int | None
    at: float


@dataclass(frozen=True)
class Draft:
    id: int
    league_id: int
    season: int
    style: Style
    rounds: int
    clock: int  # seconds a pick
    state: State
    deadline: float | None  # running: when the current pick's clock runs out
    remaining: float | None  # paused: the seconds its clock had left
    order: tuple[int, ...]  # team ids; the first picks first
    made: int  # picks made
    auto: frozenset[int] = frozenset()  # teams on auto

    @property
    def total(self) -> int:
        return self.rounds * len(self.order)

    @property
    def number(self) -> int | None:
        """The pick on the clock (1 …); None once every pick is made."""
        return self.made + 1 if self.made < self.total else None

    @property
    def on_clock(self) -> int | None:
        """The team whose pick it is; None once every pick is made."""
        number = self.number
        return None if number is None else slot(self.order, self.style, number)[1]

    def time_left(self, now: float) -> float | None:
        """Seconds left on the current pick's clock (paused: frozen); None when no clock runs."""
        if self.state == "running" and self.deadline is not None:
            return max(0.0, self.deadline - now)
        if self.state == "paused":
            return self.remaining
        return None


def slot(order: Sequence[int], style: str, number: int) -> tuple[int, int]:
    """Pick ``number``'s (round, team id): a snake draft's even rounds go back up the order."""
    teams = len(order)
    round_, index = divmod(number - 1, teams)
    if style == "snake" and round_ % 2 == 1:
        index = teams - 1 - index
    return round_ + 1, order[index]


# --- checks and parsing ---------------------------------------------------------------------

_CLOCK_PART = re.compile(r"(\d+)\s*([hms]?)")
_UNITS = {"h": 3600, "m": 60, "s": 1, "": 60}  # a bare number is minutes


def parse_clock(text: str | int) -> int:
    """A pick's clock in seconds from "90m", "2h", "1h30m", "45" (minutes) or seconds as an int; checked."""
    if isinstance(text, int) and not isinstance(text, bool):
        seconds = text
    else:
        spoken = str(text).strip().lower().replace(" ", "")
        parts = _CLOCK_PART.findall(spoken)
        if not spoken or "".join(n + u for n, u in parts) != spoken:
            raise ClockOutOfRange(f"a pick's clock is a time like 2m, 90m, 4h or 1h30m; not {str(text)[:40]!r}")
        seconds = sum(int(n) * _UNITS[u] for n, u in parts)
    if not CLOCK_MIN <= seconds <= CLOCK_MAX:
        raise ClockOutOfRange(f"a pick's clock is 2 minutes to 12 hours; not {clock_text(seconds)}")
    return seconds


def clock_text(seconds: float) -> str:
    """4h, 2m, 1h30m, 45s: how long, as the clock is typed."""
    total = max(0, int(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    text = (f"{hours}h" if hours else "") + (f"{minutes}m" if minutes else "") + (f"{secs}s" if secs else "")
    return text or "0s"


def check_style(style: str) -> Style:
    if style not in get_args(Style):
        raise SettingsError(f"a draft is snake or straight; not {style[:40]!r}")
    return style  # type: ignore[return-value]


def check_rounds(rounds: int, room: int) -> int:
    """Rounds a draft has: at least one, and no more than the roster room every team has."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise SettingsError(f"a draft has 1 round or more; not {rounds!r}")
    if rounds > room:
        raise SettingsError(
            f"{rounds} rounds would put more players on a roster than the league's limit allows; at most {room}"
        )
    return rounds


def draw_order(team_ids: Sequence[int], seed: int | None) -> list[int]:
    """The teams in a random order; the same seed draws the same order."""
    drawn = list(team_ids)
    random.Random(seed).shuffle(drawn)
    return drawn


def require_commissioner(league: League, by: int | None, what: str) -> None:
    """``by`` None: the terminal, whose user holds the league's file and runs it."""
    if by is not None and by not in league.commissioners:
        raise NotAllowed(f"only a commissioner of {league.name} may {what}")


def players(pool: CardPool) -> list[str]:
    """Every player the league may draft, best first: the cards league.value rates (a pitcher's own
    batting card comes with him, and a generated set's composite depth card is nobody to draft)."""
    return list(player_values(pool).ranked)


# --- the service ----------------------------------------------------------------------------


@dataclass
class Progress:
    """What a step did: the draft as it stands after it, and the picks it made (its own and any that
    followed at once: teams on auto, clocks run out)."""

    draft: Draft
    picks: list[Pick]


async def current(store: Store, league_id: int) -> Draft:
    """The league's draft of its current season; NotFound-like refusal when there is none."""
    found = await store.draft(league_id)
    if found is None:
        league = await store.league(league_id)
        raise DraftNotRunning(f"{league.name} has no draft for season {league.season}; a commissioner sets one up")
    return found


async def setup(
    store: Store,
    league_id: int,
    *,
    by: int | None,
    order: str | Sequence[int] = "random",
    style: str = "snake",
    rounds: int | None = None,
    clock: str | int = DEFAULT_CLOCK,
    seed: int | None = None,
) -> Draft:
    """Set up (or set up again, before it starts) the season's draft.

    ``order``: "random" (drawn with ``seed``), "standings" (the reverse of last season's
    standings: the worst team first) or the team ids in order. ``rounds`` defaults to the
    roster room every team has (the league's roster limit less its biggest roster), or fewer
    when the pool runs short."""
    league = await store.league(league_id)
    require_commissioner(league, by, "set up the draft")
    seconds = parse_clock(clock)
    chosen_style = check_style(style)
    teams = await store.teams(league_id)
    if len(teams) < 2:
        raise SettingsError(f"{league.name} has {len(teams)} team(s); a draft needs two or more")
    biggest = max([len(await store.roster(t.id)) for t in teams])
    room = league.rules.roster_limit - biggest
    if room < 1:
        raise SettingsError(f"a team of {league.name} has a full roster; release players before a draft")
    pool = len(await available(store, league_id))
    count = check_rounds(min(room, pool // len(teams)) if rounds is None else rounds, room)
    if pool < count * len(teams):
        raise SettingsError(
            f"the pool has {pool} players; {len(teams)} teams × {count} rounds need {count * len(teams)}: "
            "fewer rounds, or add a card set"
        )
    ids = [t.id for t in teams]
    if isinstance(order, str):
        if order == "random":
            ordered = draw_order(ids, seed)
        elif order == "standings":
            ordered = await standings_order(store, league, teams)
        else:
            raise SettingsError(f"a draft's order is random, standings, or the teams in order; not {order[:40]!r}")
    else:
        ordered = list(order)
        if sorted(ordered) != sorted(ids):
            names = ", ".join(t.abbreviation for t in teams)
            raise SettingsError(f"a draft's order names every team of {league.name} once: {names}")
    return await store.create_draft(league_id, league.season, chosen_style, count, seconds, ordered)


async def standings_order(store: Store, league: League, teams: Sequence[Team]) -> list[int]:
    """The reverse of last season's final standings: the team with the worst record picks first."""
    if league.season < 2:
        raise SettingsError(
            f"{league.name} is in its first season, so it has no last season's standings; draw the order or set it"
        )
    table = (await store.standings(league.id, league.season - 1))["overall"]
    by_abbreviation = {t.abbreviation: t.id for t in teams}
    worst_first = [by_abbreviation[row.team] for row in reversed(table) if row.team in by_abbreviation]
    return worst_first + [t.id for t in teams if t.id not in worst_first]  # a team new this season: last


async def start(store: Store, league_id: int, now: float, *, by: int | None) -> Progress:
    league = await store.league(league_id)
    require_commissioner(league, by, "start the draft")
    draft = await current(store, league_id)
    if draft.state != "setup":
        raise DraftNotRunning(f"{league.name}'s draft has already started ({draft.state})")
    await store.set_draft_state(draft.id, "setup", "running", deadline=now + draft.clock)
    return await advance(store, league_id, now)


async def pause(store: Store, league_id: int, now: float, *, by: int | None) -> Draft:
    """Stop the clock; it keeps the seconds it had left until :func:`resume`."""
    league = await store.league(league_id)
    require_commissioner(league, by, "pause the draft")
    draft = await _running(store, league)
    left = draft.time_left(now)
    return await store.set_draft_state(draft.id, "running", "paused", remaining=left)


async def resume(store: Store, league_id: int, now: float, *, by: int | None) -> Progress:
    league = await store.league(league_id)
    require_commissioner(league, by, "resume the draft")
    draft = await current(store, league_id)
    if draft.state != "paused":
        raise DraftNotRunning(f"{league.name}'s draft is not paused ({draft.state})")
    left = draft.remaining if draft.remaining is not None else draft.clock
    await store.set_draft_state(draft.id, "paused", "running", deadline=now + left)
    return await advance(store, league_id, now)


async def _running(store: Store, league: League) -> Draft:
    draft = await current(store, league.id)
    if draft.state != "running":
        words = {"setup": "has not started", "paused": "is paused", "done": "is over"}.get(draft.state, draft.state)
        raise DraftNotRunning(f"{league.name}'s draft {words}")
    return draft


async def pick(
    store: Store, league_id: int, card_id: str, now: float, *, by: int | None, team_id: int | None = None
) -> Progress:
    """The team on the clock takes a player. ``by``: who asks (None: the terminal); a manager picks for
    his own team, a commissioner for whichever is on the clock. ``team_id``: the team that means to pick
    (refused unless it is on the clock)."""
    league = await store.league(league_id)
    draft = await _running(store, league)
    number, on_clock = draft.number, draft.on_clock
    assert number is not None and on_clock is not None  # a running draft has a pick to make
    team = await store.team(on_clock)
    if team_id is not None and team_id != on_clock:
        mine = await store.team(team_id)
        raise OutOfTurn(f"it is {team.name}'s pick (number {number}), not {mine.name}'s")
    made_by: MadeBy = "commissioner"
    if by is not None and by in team.managers:
        made_by = "manager"
    elif by is not None and by not in league.commissioners:
        raise OutOfTurn(f"it is {team.name}'s pick (number {number}); only its manager or a commissioner makes it")
    await _check_draftable(store, league, card_id)
    made = await store.make_pick(draft.id, number, on_clock, card_id, made_by, by, now, now + draft.clock)
    progress = await advance(store, league_id, now)
    progress.picks.insert(0, made)
    return progress


async def set_auto(store: Store, league_id: int, team_id: int, on: bool, now: float, *, by: int | None) -> Progress:
    """A team hands its picks to the auto-drafter (``on``), or takes them back."""
    league = await store.league(league_id)
    team = await store.team(team_id)
    if by is not None and by not in team.managers and by not in league.commissioners:
        raise NotAllowed(f"only the manager of {team.name} (or a commissioner) may do that")
    draft = await current(store, league_id)
    await store.set_draft_auto(draft.id, [team_id], on)
    return await advance(store, league_id, now)


async def auto_all(store: Store, league_id: int, now: float, *, by: int | None) -> Progress:
    """The commissioner runs the whole draft at once: every team on auto, every pick made now (a draft
    still being set up starts first)."""
    league = await store.league(league_id)
    require_commissioner(league, by, "run the whole draft automatically")
    draft = await current(store, league_id)
    await store.set_draft_auto(draft.id, draft.order, True)
    if draft.state == "setup":
        return await start(store, league_id, now, by=by)
    return await advance(store, league_id, now)


# --- queues ---------------------------------------------------------------------------------


async def _queue_team(store: Store, league_id: int, team_id: int, by: int | None) -> tuple[Draft, Team]:
    league = await store.league(league_id)
    team = await store.team(team_id)
    if team.league_id != league_id:
        raise NotAllowed(f"{team.name} is not a team of {league.name}")
    if by is not None and by not in team.managers and by not in league.commissioners:
        raise NotAllowed(f"only the manager of {team.name} (or a commissioner) may see or change its queue")
    return await current(store, league_id), team


async def queue_add(store: Store, league_id: int, team_id: int, card_id: str, *, by: int | None) -> list[str]:
    draft, _ = await _queue_team(store, league_id, team_id, by)
    await _check_draftable(store, await store.league(league_id), card_id)
    return await store.draft_queue_add(draft.id, team_id, card_id)


async def queue_remove(store: Store, league_id: int, team_id: int, card_id: str, *, by: int | None) -> list[str]:
    draft, _ = await _queue_team(store, league_id, team_id, by)
    return await store.draft_queue_remove(draft.id, team_id, card_id)


async def queue(store: Store, league_id: int, team_id: int, *, by: int | None) -> list[str]:
    """The team's queue, first first, without the players drafted since they were queued."""
    draft, _ = await _queue_team(store, league_id, team_id, by)
    taken = await store.taken_cards(league_id)
    return [c for c in await store.draft_queue(draft.id, team_id) if c not in taken]


async def _check_draftable(store: Store, league: League, card_id: str) -> None:
    """A player's card of the league's sets that the draft offers (not a ballpark, a pitcher's batting
    card or a composite depth card); whether someone took him is the pick's own check."""
    pool = await store.card_pool(league.id)
    name = pool.card(card_id).name  # CardError for a card the league's sets lack
    if card_id not in player_values(pool):
        raise CardError(f"{name} ({card_id}) is not a player the draft offers; pick from the pool")
    newest = pool.newest(card_id)
    if newest != card_id:
        raise CardError(f"{name} plays on his newest card, {newest}, not {card_id}; pick that one")


# --- the clock and the auto-drafter -----------------------------------------------------------


async def available(store: Store, league_id: int) -> list[str]:
    """The pool, best first: each player on no roster (on none of his cards), offered once, on his newest
    card; when the season took its cards from a set (season new --cards), only that set's players."""
    pool = await store.card_pool(league_id)
    taken = {(pool.person(c), pool.card(c).kind) for c in await store.taken_cards(league_id)}
    current = (await store.season(league_id)).card_set
    return [
        c
        for c in players(pool)
        if (pool.person(c), pool.card(c).kind) not in taken
        and pool.newest(c) == c
        and (current is None or pool.set_of(c) == current)
    ]


async def _choice(
    store: Store, draft: Draft, team_id: int, values: Values, left: set[str], roster: Sequence[str]
) -> tuple[str, MadeBy]:
    """The queue's first player still there, else the auto-drafter's (league.autodraft)."""
    for card_id in await store.draft_queue(draft.id, team_id):
        if card_id in left:
            return card_id, "queue"
    number = draft.number
    assert number is not None
    picks_left = draft.rounds - slot(draft.order, draft.style, number)[0] + 1  # this one included
    return choose_pick(values, roster, left, picks_left=picks_left), "auto"


def due(draft: Draft, now: float) -> bool:
    """Whether the pick on the clock is to be made now: its team is on auto, or its clock ran out."""
    if draft.state != "running" or draft.on_clock is None:
        return False
    return draft.on_clock in draft.auto or (draft.deadline is not None and draft.deadline <= now)


async def advance(store: Store, league_id: int, now: float) -> Progress:
    """Make every pick due now; when the last is made, the teams get their lineups and rotations.

    The picks of one round at most share a transaction (one commit to the disk instead of thirty, so a
    whole draft takes seconds): a kill loses at most the round being made, which the next step makes
    again from the file. A pick refused in between (someone else picked first) is read again."""
    draft = await current(store, league_id)
    made: list[Pick] = []
    # Read once for the step and kept up to date as it picks (a refused pick reads them again):
    left: set[str] | None = None  # the pool
    rosters: dict[int, list[str]] = {}
    values = player_values(await store.card_pool(league_id))
    while due(draft, now) and left != set():  # an empty pool (a card set taken away): the clock stays
        async with store.transaction():
            for _ in draft.order:
                if not due(draft, now):
                    break
                number, team_id = draft.number, draft.on_clock
                assert number is not None and team_id is not None
                if left is None:
                    left = set(await available(store, league_id))
                if not left:
                    break
                if team_id not in rosters:
                    rosters[team_id] = [e.card_id for e in await store.roster(team_id)]
                card_id, made_by = await _choice(store, draft, team_id, values, left, rosters[team_id])
                try:
                    done = await store.make_pick(
                        draft.id, number, team_id, card_id, made_by, None, now, now + draft.clock
                    )
                except (OutOfTurn, PlayerTaken):  # refused before it wrote anything: read again, go on
                    left, rosters = None, {}
                    draft = await current(store, league_id)
                    continue
                left.discard(card_id)
                rosters[team_id].append(card_id)
                made.append(done)
                draft = _after(draft, now)
    if made and draft.state == "done":
        await fill_teams(store, draft)
    return Progress(draft, made)


def _after(draft: Draft, now: float) -> Draft:
    """The draft once its pick on the clock is made at ``now``, as the store leaves it (make_pick)."""
    if draft.made + 1 == draft.total:
        return replace(draft, made=draft.made + 1, state="done", deadline=None)
    return replace(draft, made=draft.made + 1, deadline=now + draft.clock)


async def tick(store: Store, now: float, leagues: Collection[int] | None = None) -> list[Progress]:
    """Every running draft's due picks (the front ends' loop calls this every few seconds); ``leagues``:
    only those leagues' drafts (a sharded bot process runs its own servers' leagues only)."""
    done = []
    for draft in await store.running_drafts():
        if due(draft, now) and (leagues is None or draft.league_id in leagues):
            progress = await advance(store, draft.league_id, now)
            if progress.picks:
                done.append(progress)
    return done


# --- after the draft ------------------------------------------------------------------------


async def fill_teams(store: Store, draft: Draft) -> list[str]:
    """Lineups against both hands and a rotation for each team of the draft that has none saved, or one a
    redraft left short (its released players' spots gone); what was made, in words. A team the
    auto-manager cannot field yet (no batters) is left to its manager."""
    values = player_values(await store.card_pool(draft.league_id))
    said = []
    for team_id in draft.order:
        team = await store.team(team_id)
        for hand in ("R", "L"):
            saved = await store.lineup(team_id, hand)
            if saved is None or len(saved.spots) < SPOTS:
                try:
                    await store.save_auto_lineup(team_id, hand)
                    said.append(f"{team.name}: lineup against {'right' if hand == 'R' else 'left'}-handers")
                except LineupError:
                    pass
        active = [e.card_id for e in await store.roster(team_id) if e.status == "active"]
        starters = best_rotation(values, active)
        if len((await store.rotation(team_id)).starters) < len(starters):
            await store.set_rotation(team_id, starters)
            said.append(f"{team.name}: rotation")
    return said


def names(pool: CardPool, card_ids: Iterable[str]) -> str:
    return ", ".join(pool.name(c) for c in card_ids) or "nobody"
