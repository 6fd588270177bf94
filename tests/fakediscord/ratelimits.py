"""The fake Discord's rate-limit mode: Discord's per-route buckets and global limit, with its headers.

Discord publishes no fixed numbers (docs: topics/rate-limits: "should not be hard coded")
and tells clients to read the headers; these are the limits bots observe, which the fake
enforces when started with ``FakeDiscord(rate_limits=True)``:

- a message posted in a channel or thread: 5 per 5 s per channel (``POST /channels/{id}/messages``);
- a message edited: 5 per 5 s per channel, a bucket of its own;
- a message deleted: 5 per 1 s per channel; a reaction: 1 per 0.25 s per channel;
- a thread started: 5 per 5 s per parent channel;
- every other route: 50 per 1 s per route and top-level resource (channel, guild, webhook);
- globally: 50 requests per second for the bot, interaction callbacks and followups
  excepted ("Interaction endpoints are not bound to the bot's Global Rate Limit").

Windows are fixed: a bucket's window opens with its first call and holds ``limit`` calls
until it resets ``per`` seconds later. Every answer on a bucket carries
``X-RateLimit-Limit``, ``-Remaining``, ``-Reset`` (epoch seconds), ``-Reset-After`` and
``-Bucket``; a 429 adds ``Retry-After`` and ``X-RateLimit-Scope: user`` (or, for the
global limit, ``X-RateLimit-Global: true`` and ``X-RateLimit-Scope: global`` without the
bucket's headers), ``Via`` (discord.py retries a 429 only with it), and the body
``{"message": "You are being rate limited.", "retry_after": s, "global": bool}``.

discord.py 2.7 keeps a bucket per route and top-level resource, reads these headers and,
when ``Remaining`` reaches 0, waits ``Reset-After`` before the next call; so a bot that
goes through discord.py never meets a route's 429 unless it runs two callers on one bucket
that discord.py does not know are shared. It has no such guard for the global limit: only
a 429 with ``global`` makes it pause every call.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limit:
    limit: int
    per: float  # seconds


ROUTE_LIMITS: dict[str, Limit] = {
    "POST /channels/{id}/messages": Limit(5, 5.0),
    "PATCH /channels/{id}/messages/{id}": Limit(5, 5.0),
    "DELETE /channels/{id}/messages/{id}": Limit(5, 1.0),
    "PUT /channels/{id}/messages/{id}/reactions/{id}/{id}": Limit(1, 0.25),
    "DELETE /channels/{id}/messages/{id}/reactions/{id}/{id}": Limit(1, 0.25),
    "POST /channels/{id}/threads": Limit(5, 5.0),
    "POST /channels/{id}/messages/{id}/threads": Limit(5, 5.0),
}
DEFAULT_LIMIT = Limit(50, 1.0)
GLOBAL_LIMIT = Limit(50, 1.0)
VIA = "1.1 google"  # what Discord's answers carry; discord.py trusts a 429 only with a Via header


def exempt_from_global(route: str) -> bool:
    """Interaction endpoints: the callback and the interaction's webhook (followups, @original)."""
    return route.startswith(("POST /interactions/", "GET /webhooks/", "POST /webhooks/", "PATCH /webhooks/")) or (
        route.startswith("DELETE /webhooks/")
    )


@dataclass
class Window:
    limit: int
    per: float
    remaining: int = 0
    reset_at: float = 0.0  # loop time

    def refresh(self, now: float) -> None:
        if now >= self.reset_at:
            self.remaining, self.reset_at = self.limit, now + self.per


@dataclass
class Verdict:
    """The headers for one call, and whether it was refused (a 429)."""

    headers: dict[str, str]
    limited: bool = False
    is_global: bool = False
    retry_after: float = 0.0

    def body(self) -> dict[str, object]:
        return {"message": "You are being rate limited.", "retry_after": self.retry_after, "global": self.is_global}


@dataclass
class RateLimiter:
    """Buckets by (route, top-level resource) and the global window; `check` counts one call."""

    route_limits: dict[str, Limit] = field(default_factory=lambda: dict(ROUTE_LIMITS))
    default_limit: Limit = DEFAULT_LIMIT
    global_limit: Limit = GLOBAL_LIMIT
    buckets: dict[tuple[str, str], Window] = field(default_factory=dict)
    global_window: Window = field(init=False)

    def __post_init__(self) -> None:
        self.global_window = Window(self.global_limit.limit, self.global_limit.per)

    @staticmethod
    def bucket_hash(route: str) -> str:
        return hashlib.sha1(route.encode()).hexdigest()[:16]

    def check(self, route: str, major: str, now: float) -> Verdict:
        limit = self.route_limits.get(route, self.default_limit)
        bucket = self.buckets.get((route, major))
        if bucket is None:
            bucket = self.buckets[(route, major)] = Window(limit.limit, limit.per)
        bucket.refresh(now)
        exempt = exempt_from_global(route)
        if not exempt:
            self.global_window.refresh(now)
            if self.global_window.remaining <= 0:
                wait = round(self.global_window.reset_at - now, 3)
                headers = {
                    "Retry-After": str(max(1, math.ceil(wait))),
                    "X-RateLimit-Global": "true",
                    "X-RateLimit-Scope": "global",
                    "Via": VIA,
                }
                return Verdict(headers, limited=True, is_global=True, retry_after=wait)
        if bucket.remaining <= 0:
            verdict = Verdict(self._headers(route, bucket, now), limited=True)
            verdict.retry_after = float(verdict.headers["X-RateLimit-Reset-After"])
            verdict.headers.update(
                {"Retry-After": str(max(1, math.ceil(verdict.retry_after))), "X-RateLimit-Scope": "user", "Via": VIA}
            )
            return verdict
        bucket.remaining -= 1
        if not exempt:
            self.global_window.remaining -= 1
        return Verdict(self._headers(route, bucket, now))

    def _headers(self, route: str, bucket: Window, now: float) -> dict[str, str]:
        reset_after = max(0.0, bucket.reset_at - now)
        return {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(bucket.remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": self.bucket_hash(route),
            "Via": VIA,
        }
