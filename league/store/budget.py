"""The bot's request budget, shared by every bot process through the database (issue 30).

Discord counts a bot's requests against one global limit whatever process makes them, so
sharded processes take their requests from one table: ``request_budget`` holds, per bot and
time slot, how many requests have been granted. A grant is one small write transaction: it reads
the slot's count, grants what is left of the batch asked for, and writes it back with an upsert
whose guard refuses to pass the slot's budget (so even a writer outside the store's write lock
could not overspend). Slots long gone are pruned when a slot's first grant is written.
"""

from __future__ import annotations

from league.errors import SettingsError
from league.store.base import StoreBase

# --- SQL (parameters are ? placeholders)

# (bot, slot)
SELECT_USED = "SELECT used FROM request_budget WHERE bot = ? AND slot = ?"
# (bot, slot, granted, budget): all or nothing, never past the budget
UPSERT_USED = """
INSERT INTO request_budget (bot, slot, used) VALUES (?, ?, ?)
ON CONFLICT (bot, slot) DO UPDATE SET used = request_budget.used + excluded.used
WHERE request_budget.used + excluded.used <= ?
"""
# (bot, oldest slot kept)
DELETE_OLD = "DELETE FROM request_budget WHERE bot = ? AND slot < ?"

KEEP_SLOTS = 50  # slots kept behind the current one (a few seconds: enough to look at, little to scan)


class BudgetStore(StoreBase):
    async def grant_requests(self, bot: int, slot: int, wanted: int, budget: int) -> int:
        """Up to ``wanted`` of the ``budget`` requests bot ``bot`` may make in ``slot``: how many are granted
        (0 once the slot's budget is spent). Every store on the database shares the slot's budget."""
        for value, what in ((bot, "bot"), (slot, "slot"), (wanted, "wanted"), (budget, "budget")):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise SettingsError(f"a request budget's {what} is a whole number, 0 or more; not {value!r}")
        async with self.transaction():
            used = await self._value(SELECT_USED, (bot, slot))
            granted = min(wanted, budget - (used or 0))
            if granted <= 0:
                return 0
            if not await self._run(UPSERT_USED, (bot, slot, granted, budget)):
                return 0  # the guard: someone else's grant came first (not under the store's write lock)
            if used is None:
                await self._run(DELETE_OLD, (bot, slot - KEEP_SLOTS))
            return granted
