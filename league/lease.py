"""One owner for a live game: a lease in the database (table ``game_lease``), issue 26.

The process that plays a live game holds its lease: it takes it (:meth:`Store.take_lease`, in the
transaction that starts or resumes the game), renews it while it plays (a :class:`Heartbeat`, or
:meth:`Store.renew_lease` from a task of the bot's), and releases it when it stops. Another process
that wants the game is refused with :class:`league.errors.GameBusy`, which says who holds it and
since when, and leaves the game alone. A lease nobody renews lapses after ``LEASE_SECONDS``, and
one whose holder is gone (same host, no such process) is taken over at once: a killed process
never leaves its game stuck.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from league import db
from league.errors import DatabaseError

# --- SQL (parameters are ? placeholders)

# (expires_at, game_id, owner): no row changed when another owner holds it now
RENEW_GAME_LEASE = "UPDATE game_lease SET expires_at = ? WHERE game_id = ? AND owner = ?"


LEASE_SECONDS = 60.0  # how long a lease lasts without a renewal
HEARTBEAT_SECONDS = 15.0  # how often its holder renews it: four chances before it lapses


@dataclass(frozen=True)
class Owner:
    """A process that may hold leases: its host, its pid and a random token (two stores in one
    process, or a pid the system reused, are two owners)."""

    host: str
    pid: int
    token: str

    @classmethod
    def this_process(cls) -> Owner:
        return cls(socket.gethostname(), os.getpid(), secrets.token_hex(4))

    @property
    def id(self) -> str:
        return f"{self.host}:{self.pid}:{self.token}"


@dataclass(frozen=True)
class GameLease:
    """Who holds a live game's lease, since when, and until when unless renewed (Unix times)."""

    game_id: int
    owner: str
    host: str
    pid: int
    taken_at: float
    expires_at: float

    @classmethod
    def from_row(cls, row: Any) -> GameLease:
        return cls(
            row["game_id"], row["owner"], row["host"], int(row["pid"]), float(row["taken_at"]), float(row["expires_at"])
        )

    def holder_text(self) -> str:
        """ "another dugout process (pid 1234 on host x) since 2024-05-01 12:03:04 UTC" """
        since = datetime.fromtimestamp(self.taken_at, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        return f"another dugout process (pid {self.pid} on host {self.host}) since {since}"

    def free_for(self, owner: Owner, now: float) -> bool:
        """Whether ``owner`` may take it: its own, lapsed, or its holder's process is gone."""
        return self.owner == owner.id or self.expires_at <= now or holder_gone(self)


def holder_gone(lease: GameLease) -> bool:
    """The lease's process is known to be gone: it ran on this host and no process has its pid.
    (A pid the system gave to another process counts as alive: the lease then waits to lapse.)"""
    if lease.host != socket.gethostname():
        return False
    try:
        os.kill(lease.pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # PermissionError: a process of another user has the pid
        return False
    return False


class Heartbeat:
    """Renews a lease every ``interval`` seconds from a thread with its own connection (and event loop), while the
    holder plays in blocking code (the terminal waiting for an answer). ``lost`` turns true if the
    lease is no longer the owner's (it lapsed and another process took it over): stop playing then."""

    def __init__(
        self,
        target: str | Path,
        game_id: int,
        owner: Owner,
        *,
        interval: float = HEARTBEAT_SECONDS,
        seconds: float = LEASE_SECONDS,
    ) -> None:
        self.url, self.game_id, self.owner = db.url_of(target), game_id, owner
        self.interval, self.seconds = interval, seconds
        self.lost = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"dugout-lease-{game_id}", daemon=True)

    def __enter__(self) -> Heartbeat:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        asyncio.run(self._beat())

    async def _beat(self) -> None:
        conn: db.Connection | None = None
        try:
            while not await asyncio.to_thread(self._stop.wait, self.interval):
                try:
                    # Opened at the first beat, and again after a failed open: a database that cannot be
                    # reached for a moment (a busy file, a restarting server) is tried at the next beat.
                    conn = conn or await db.Connection.open(self.url)
                    await conn.begin(write=True)
                    renewed = await conn.execute(
                        RENEW_GAME_LEASE, (time.time() + self.seconds, self.game_id, self.owner.id)
                    )
                    await conn.commit()
                except DatabaseError:  # busy for longer than the timeout: try again at the next beat
                    if conn is not None and conn.in_transaction:
                        await conn.rollback()
                    continue
                if renewed == 0:
                    self.lost = True
                    return
        finally:
            if conn is not None:
                await conn.close()
