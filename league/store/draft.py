"""The store of drafts (league.draft): a draft per league and season, its order, the teams' queues and
auto flags, and its picks. A pick is one transaction that checks whose turn it is and puts the card
on the team's roster (``sign``); the unique (draft, number) and (draft, card) back that check up."""

from __future__ import annotations

from collections.abc import Sequence

from league.draft import (
    Draft,
    DraftNotRunning,
    MadeBy,
    OutOfTurn,
    Pick,
    PlayerTaken,
    State,
    Style,
    slot,
)
from league.errors import NotFound
from league.store.base import Row, _check_id, _check_user
from league.store.teams import TeamStore

# --- SQL (parameters are ? placeholders)

# (league_id, season)
SELECT_DRAFT = "SELECT * FROM draft WHERE league_id = ? AND season = ?"
SELECT_DRAFT_BY_ID = "SELECT * FROM draft WHERE id = ?"
SELECT_RUNNING_DRAFTS = "SELECT * FROM draft WHERE state = 'running' ORDER BY id"
DELETE_DRAFT = "DELETE FROM draft WHERE id = ?"
# (league_id, season, style, rounds, clock)
INSERT_DRAFT = "INSERT INTO draft (league_id, season, style, rounds, clock) VALUES (?, ?, ?, ?, ?) RETURNING id"
# (state, deadline, remaining, id, expected state)
UPDATE_DRAFT_STATE = "UPDATE draft SET state = ?, deadline = ?, remaining = ? WHERE id = ? AND state = ?"
UPDATE_DRAFT_DEADLINE = "UPDATE draft SET deadline = ? WHERE id = ?"
SELECT_ORDER = "SELECT team_id FROM draft_order WHERE draft_id = ? ORDER BY slot"
INSERT_ORDER = "INSERT INTO draft_order (draft_id, slot, team_id) VALUES (?, ?, ?)"
SELECT_AUTO = "SELECT team_id FROM draft_auto WHERE draft_id = ?"
INSERT_AUTO = "INSERT INTO draft_auto (draft_id, team_id) VALUES (?, ?) ON CONFLICT DO NOTHING"
DELETE_AUTO = "DELETE FROM draft_auto WHERE draft_id = ? AND team_id = ?"
COUNT_PICKS = "SELECT count(*) FROM draft_pick WHERE draft_id = ?"
SELECT_PICKS = "SELECT * FROM draft_pick WHERE draft_id = ? ORDER BY number"
SELECT_PICK_OF_CARD = "SELECT * FROM draft_pick WHERE draft_id = ? AND card_id = ?"
INSERT_PICK = """
INSERT INTO draft_pick (draft_id, number, round, team_id, card_id, made_by, user_id, at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
"""
SELECT_QUEUE = "SELECT card_id FROM draft_queue WHERE draft_id = ? AND team_id = ? ORDER BY position"
INSERT_QUEUE = """
INSERT INTO draft_queue (draft_id, team_id, position, card_id)
VALUES (?, ?, (SELECT coalesce(max(position), 0) + 1 FROM draft_queue WHERE draft_id = ? AND team_id = ?), ?)
ON CONFLICT DO NOTHING
"""
DELETE_QUEUE = "DELETE FROM draft_queue WHERE draft_id = ? AND team_id = ? AND card_id = ?"
SELECT_ROSTERED = "SELECT card_id FROM roster WHERE league_id = ?"
SELECT_OWNER = "SELECT team_id FROM roster WHERE league_id = ? AND card_id = ?"
SELECT_PICK = "SELECT * FROM draft_pick WHERE draft_id = ? AND number = ?"


def _pick(row: Row) -> Pick:
    return Pick(row["number"], row["round"], row["team_id"], row["card_id"], row["made_by"], row["user_id"], row["at"])


class DraftStore(TeamStore):
    """Drafts, their queues and picks."""

    async def _draft_of(self, row: Row) -> Draft:
        draft_id = row["id"]
        order = tuple(r["team_id"] for r in await self._all(SELECT_ORDER, (draft_id,)))
        auto = frozenset(r["team_id"] for r in await self._all(SELECT_AUTO, (draft_id,)))
        made = int(await self._value(COUNT_PICKS, (draft_id,)))
        return Draft(
            draft_id,
            row["league_id"],
            row["season"],
            row["style"],
            row["rounds"],
            row["clock"],
            row["state"],
            row["deadline"],
            row["remaining"],
            order,
            made,
            auto,
        )

    async def _draft(self, draft_id: int) -> Draft:
        row = await self._one(SELECT_DRAFT_BY_ID, (_check_id(draft_id, "draft"),))
        if row is None:
            raise NotFound(f"no draft with id {draft_id}")
        return await self._draft_of(row)

    async def draft(self, league_id: int, season: int | None = None) -> Draft | None:
        """The league's draft of a season (default: its current one), if it has one."""
        async with self.transaction(write=False):
            league = await self._league(league_id)
            row = await self._one(SELECT_DRAFT, (league_id, league.season if season is None else season))
            return None if row is None else await self._draft_of(row)

    async def running_drafts(self) -> list[Draft]:
        async with self.transaction(write=False):
            return [await self._draft_of(r) for r in await self._all(SELECT_RUNNING_DRAFTS)]

    async def create_draft(
        self, league_id: int, season: int, style: Style, rounds: int, clock: int, order: Sequence[int]
    ) -> Draft:
        """A new draft in setup (replacing one still in setup; queues and auto flags start afresh)."""
        async with self.transaction():
            league = await self._league(league_id)
            old = await self._one(SELECT_DRAFT, (league_id, season))
            if old is not None:
                if old["state"] != "setup":
                    raise DraftNotRunning(
                        f"{league.name}'s draft for season {season} has started; it cannot be set up again"
                    )
                await self._run(DELETE_DRAFT, (old["id"],))
            draft_id = await self._value(INSERT_DRAFT, (league_id, season, style, rounds, clock))
            for number, team_id in enumerate(order, start=1):
                team = await self._team(team_id)
                if team.league_id != league_id:
                    raise NotFound(f"{team.name} is not a team of {league.name}")
                await self._run(INSERT_ORDER, (draft_id, number, team_id))
            return await self._draft(draft_id)

    async def set_draft_state(
        self,
        draft_id: int,
        expected: State,
        state: State,
        *,
        deadline: float | None = None,
        remaining: float | None = None,
    ) -> Draft:
        """Move the draft from ``expected`` to ``state``; refused if another step moved it first."""
        async with self.transaction():
            draft = await self._draft(draft_id)
            if await self._run(UPDATE_DRAFT_STATE, (state, deadline, remaining, draft_id, expected)) != 1:
                raise DraftNotRunning(f"the draft is {draft.state} now, not {expected}")
            return await self._draft(draft_id)

    async def set_draft_auto(self, draft_id: int, team_ids: Sequence[int], on: bool) -> Draft:
        async with self.transaction():
            draft = await self._draft(draft_id)
            for team_id in team_ids:
                if team_id not in draft.order:
                    raise NotFound(f"{(await self._team(team_id)).name} is not in this draft")
                await self._run(INSERT_AUTO if on else DELETE_AUTO, (draft_id, team_id))
            return await self._draft(draft_id)

    async def draft_picks(self, draft_id: int) -> list[Pick]:
        async with self.transaction(write=False):
            return [_pick(r) for r in await self._all(SELECT_PICKS, (_check_id(draft_id, "draft"),))]

    async def taken_cards(self, league_id: int) -> set[str]:
        """The cards on the league's rosters: not in the draft's pool."""
        async with self.transaction(write=False):
            return {r["card_id"] for r in await self._all(SELECT_ROSTERED, (league_id,))}

    async def make_pick(
        self,
        draft_id: int,
        number: int,
        team_id: int,
        card_id: str,
        made_by: MadeBy,
        user_id: int | None,
        at: float,
        next_deadline: float,
    ) -> Pick:
        """Pick ``number`` by ``team_id``: refused unless the draft is running, that pick is the one on
        the clock and it is that team's, and the player is on no roster. The card joins the team's
        roster; the next pick's clock runs out at ``next_deadline``; the last pick ends the draft."""
        _check_user(user_id, "user id of who picked")
        async with self.transaction():
            draft = await self._draft(draft_id)
            league = await self._league(draft.league_id)
            if draft.state != "running":
                raise DraftNotRunning(f"{league.name}'s draft is {draft.state}, not running")
            on_clock = draft.number
            if on_clock is None:
                raise DraftNotRunning(f"{league.name}'s draft is over")
            round_, whose = slot(draft.order, draft.style, on_clock)
            if on_clock != number or whose != team_id:
                team = await self._team(whose)
                raise OutOfTurn(f"it is {team.name}'s pick now (number {on_clock}); that pick was not yours to make")
            pool = await self._league_pool(league)
            name = pool.card(card_id).name  # CardError for a card the league's sets lack
            owner = await self._value(SELECT_OWNER, (league.id, card_id))
            if owner is not None:
                raise PlayerTaken(f"{name} is already on the {(await self._team(owner)).name} roster; pick another")
            if await self._one(SELECT_PICK_OF_CARD, (draft_id, card_id)) is not None:
                raise PlayerTaken(f"{name} was drafted already; pick another")
            await self._run(INSERT_PICK, (draft_id, number, round_, team_id, card_id, made_by, user_id, at))
            await self.sign(team_id, card_id, by=user_id)
            if number == draft.total:
                await self._run(UPDATE_DRAFT_STATE, ("done", None, None, draft_id, "running"))
            else:
                await self._run(UPDATE_DRAFT_DEADLINE, (next_deadline, draft_id))
            row = await self._one(SELECT_PICK, (draft_id, number))
            assert row is not None
            return _pick(row)

    # --- queues -----------------------------------------------------------------------

    async def draft_queue(self, draft_id: int, team_id: int) -> list[str]:
        async with self.transaction(write=False):
            return [r["card_id"] for r in await self._all(SELECT_QUEUE, (draft_id, team_id))]

    async def draft_queue_add(self, draft_id: int, team_id: int, card_id: str) -> list[str]:
        """Put a player at the end of the team's queue (once)."""
        async with self.transaction():
            draft = await self._draft(draft_id)
            league = await self._league(draft.league_id)
            name = (await self._league_pool(league)).card(card_id).name
            if await self._value(SELECT_OWNER, (league.id, card_id)):
                raise PlayerTaken(f"{name} is already on a roster; queue another")
            await self._run(INSERT_QUEUE, (draft_id, team_id, draft_id, team_id, card_id))
            return [r["card_id"] for r in await self._all(SELECT_QUEUE, (draft_id, team_id))]

    async def draft_queue_remove(self, draft_id: int, team_id: int, card_id: str) -> list[str]:
        async with self.transaction():
            draft = await self._draft(draft_id)
            if not await self._run(DELETE_QUEUE, (draft_id, team_id, card_id)):
                pool = await self._league_pool(await self._league(draft.league_id))
                raise NotFound(f"{pool.name(card_id)} is not in the team's queue")
            return [r["card_id"] for r in await self._all(SELECT_QUEUE, (draft_id, team_id))]
