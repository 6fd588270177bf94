"""Live games (being written)."""

from __future__ import annotations

from typing import Any


class Sessions:
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def resume_all(self) -> int:
        return 0

    async def stop_all(self) -> None:
        pass
