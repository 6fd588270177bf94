"""Faults the fake Discord can inject: a failed, held or dropped answer to the next calls of a route.

A route is named by its kind, ``"METHOD /path"`` with every id written ``{id}`` and an
interaction token ``{token}`` (``@original`` and ``@me`` count as ids), for example

    "POST /channels/{id}/messages"                    a message posted in a channel or thread
    "PATCH /channels/{id}/messages/{id}"              a message edited
    "POST /channels/{id}/messages/{id}/threads"       a thread started from a message
    "POST /channels/{id}/threads"                     a thread started without one
    "POST /interactions/{id}/{token}/callback"        an interaction answered
    "POST /webhooks/{id}/{token}"                     an interaction's followup
    "PATCH /webhooks/{id}/{token}/messages/{id}"      an interaction's message edited

`FakeDiscord.fail` registers a `Fault`; `FakeDiscord.route_kinds` lists the kinds the fake serves.

How discord.py 2.7 meets each answer (so a test knows what the bot sees):

- 500, 502, 504 (and 524) on the bot's own REST calls are retried by discord.py itself,
  sleeping 1, 3, 5, 7 s; 503 and other 5xx raise ``DiscordServerError`` at once.
- Interaction callbacks and followups (its webhook adapter) retry every 5xx the same way.
- A 429 is waited out (``retry_after``) and retried, but only if the answer has a ``Via``
  header, as Discord's do; without it discord.py takes it for a Cloudflare ban. The fake's
  429s always carry it.
- A dropped connection raises ``aiohttp.ServerDisconnectedError``: what a call that timed out
  looks like to the bot (discord.py's own timeout is aiohttp's five minutes; ``hold`` delays
  an answer for a bot that sets a shorter one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus

from tests.fakediscord.records import RecordedRequest

# Discord's JSON error codes the fake answers with (docs: topics/opcodes-and-status-codes "JSON").
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
MISSING_PERMISSIONS = 50013
THREAD_ARCHIVED = 50083
ERROR_MESSAGES = {
    UNKNOWN_CHANNEL: "Unknown Channel",
    UNKNOWN_MESSAGE: "Unknown Message",
    UNKNOWN_WEBHOOK: "Unknown Webhook",
    UNKNOWN_INTERACTION: "Unknown interaction",
    MISSING_PERMISSIONS: "Missing Permissions",
    THREAD_ARCHIVED: "Thread is archived",
}


@dataclass
class Fault:
    """What to do to the next ``times`` calls of ``route`` (optionally only in ``channel_id``).

    - ``status`` (default 503): the answer, with Discord's JSON body: ``{"message", "code"}``
      (``code`` 0 for a 5xx, else the one given; a 429 also gets ``retry_after`` and the
      rate-limit headers); None: the call is carried out and answered as usual (with ``hold``);
    - ``after``: carry the call out first (the message is posted, the thread made) and
      answer the failure anyway: Discord did it, the bot cannot know;
    - ``disconnect``: close the connection without any answer (instead of ``status``);
    - ``hold``: seconds to wait before answering (before carrying it out, unless ``after``);
    - ``skip``: let that many matching calls through first (the fault strikes the next ones);
    - ``where``: only calls for which it is true (``lambda rec: "Final" in str(rec.json)``).
    """

    route: str
    status: int | None = 503
    times: int = 1
    code: int = 0
    message: str | None = None
    after: bool = False
    disconnect: bool = False
    hold: float = 0.0
    retry_after: float = 0.05
    channel_id: int | None = None
    skip: int = 0
    where: Callable[[RecordedRequest], bool] | None = None
    hits: int = 0  # calls it has answered so far
    passed: int = 0  # matching calls it let through (``skip``)

    @property
    def spent(self) -> bool:
        return self.hits >= self.times

    def matches(self, rec: RecordedRequest) -> bool:
        """Whether this fault answers ``rec`` (counting a call it lets through as skipped)."""
        if self.spent or rec.route != self.route:
            return False
        if self.channel_id is not None and rec.channel_id != self.channel_id:
            return False
        if self.where is not None and not self.where(rec):
            return False
        if self.passed < self.skip:
            self.passed += 1
            return False
        return True

    def body(self) -> dict[str, object]:
        assert self.status is not None
        if self.status == 429:
            return {"message": "You are being rate limited.", "retry_after": self.retry_after, "global": False}
        message = self.message or ERROR_MESSAGES.get(self.code)
        if message is None:
            phrase = HTTPStatus(self.status).phrase if self.status in HTTPStatus._value2member_map_ else "Error"
            message = f"{self.status}: {phrase}"
        return {"message": message, "code": self.code}
