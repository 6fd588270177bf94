"""What the fake Discord records: requests, messages, attachments, interactions."""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord
    from tests.fakediscord.world import FakeUser

Json = dict[str, Any]

EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# Interaction callback types
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9


DEFERRED_ANSWER_TIMEOUT = 60.0  # seconds the fake waits for a deferred command's answer


@dataclass
class RecordedRequest:
    """One HTTP request the client made (path relative to /api/v10 for REST)."""

    method: str
    path: str
    query: dict[str, str]
    json: Any = None
    files: list[RecordedAttachment] = field(default_factory=list)
    authorization: str | None = None
    status: int = 0  # -1: the connection was dropped without an answer (a fault)
    route: str = ""  # its kind, "POST /channels/{id}/messages"; "" for a route the fake does not know
    channel_id: int | None = None  # the channel or thread it acts in, where the route names one
    at: float = 0.0  # when it arrived (the event loop's clock)
    api: bool = True  # under /api/v10 (False: a file fetched from the fake's CDN)
    fault: bool = False  # answered by an injected fault
    limited: str = ""  # answered 429 by the rate-limit mode: "user" (a route's bucket) or "global"

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


@dataclass
class RecordedAttachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    url: str = ""
    width: int | None = None
    height: int | None = None
    channel_id: int | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> Json:
        data: Json = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "flags": 0,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.width is not None:
            data["width"] = self.width
            data["height"] = self.height
        return data


def walk_components(components: list[Json]) -> Iterator[Json]:
    """Every component, depth first, through action rows, sections, containers and labels."""
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def embed_text(embed: Json) -> str:
    parts = [embed.get("title") or "", embed.get("description") or ""]
    for f in embed.get("fields") or []:
        parts += [f.get("name") or "", f.get("value") or ""]
    parts += [(embed.get("author") or {}).get("name") or "", (embed.get("footer") or {}).get("text") or ""]
    return "\n".join(p for p in parts if p)


def components_text(components: list[Json]) -> str:
    parts = []
    for comp in walk_components(components):
        for key in ("content", "label", "placeholder"):
            if isinstance(comp.get(key), str):
                parts.append(comp[key])
    return "\n".join(parts)


@dataclass
class MessageState:
    """The visible part of a message at one moment."""

    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[RecordedAttachment] = field(default_factory=list)
    flags: int = 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def embed(self) -> Json | None:
        """The first embed, or None."""
        return self.embeds[0] if self.embeds else None

    @property
    def text(self) -> str:
        """Content, embed texts and component labels and text displays, one per line: for `in` checks."""
        parts = [self.content, *(embed_text(e) for e in self.embeds), components_text(self.components)]
        return "\n".join(p for p in parts if p)

    def all_components(self) -> list[Json]:
        return list(walk_components(self.components))

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def component(self, custom_id: str) -> Json:
        for comp in walk_components(self.components):
            if comp.get("custom_id") == custom_id:
                return comp
        raise LookupError(f"no component with custom_id {custom_id!r}; the message has {self.custom_ids}")

    def snapshot(self) -> MessageState:
        return MessageState(
            self.content, copy.deepcopy(self.embeds), copy.deepcopy(self.components), list(self.attachments), self.flags
        )


@dataclass
class RecordedMessage(MessageState):
    """A message in a channel, as it stands now; `versions` holds what it was before each edit."""

    id: int = 0
    channel_id: int = 0
    guild_id: int | None = None
    author_id: int = 0
    type: int = 0
    webhook_id: int | None = None
    interaction_id: int | None = None
    reference: Json | None = None
    thread_id: int | None = None
    deleted: bool = False
    edited_at: dt.datetime | None = None
    versions: list[MessageState] = field(default_factory=list)
    reactions: list[str] = field(default_factory=list)
    tts: bool = False

    @property
    def edits(self) -> int:
        return len(self.versions)

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        return f"<RecordedMessage {self.id} in {self.channel_id}{flags} edits={self.edits} text={self.text[:60]!r}>"


@dataclass
class InteractionReply(MessageState):
    """How an interaction was answered: the callback type, and what the user saw.

    For types 4 and 7 the message as the callback left it; for type 5 the message that
    replaced "thinking..." (an edit of @original or the first followup); for 6 the
    component's message as it stood; for 8 the `choices`; for 9 the `modal`."""

    type: int = 0
    message: RecordedMessage | None = None
    choices: list[Json] = field(default_factory=list)
    modal: Json | None = None

    @property
    def deferred(self) -> bool:
        return self.type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)


@dataclass
class InteractionHandle:
    """An interaction the fake sent; await `response()` for how the bot answered."""

    fake: FakeDiscord
    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    payload: Json
    name: str = ""  # "demo ping" for commands, the custom_id for components
    message_id: int | None = None  # a component's message
    callback: Json | None = None  # the body of the callback POST
    original_id: int | None = None  # the message @original names
    followup_ids: list[int] = field(default_factory=list)
    reply: InteractionReply | None = None

    @property
    def callback_type(self) -> int | None:
        return None if self.callback is None else int(self.callback["type"])

    @property
    def original(self) -> RecordedMessage | None:
        return self.fake.messages_by_id.get(self.original_id) if self.original_id else None

    @property
    def followups(self) -> list[RecordedMessage]:
        return [self.fake.messages_by_id[i] for i in self.followup_ids]

    @property
    def modal(self) -> Json | None:
        if self.callback is not None and self.callback["type"] == MODAL:
            data: Json = self.callback["data"]
            return data
        return None

    async def response(self, timeout: float = 5.0) -> InteractionReply:
        """Wait for the callback (and, after a type 5 defer, for the message that replaces it)."""
        await self.fake.wait_for(lambda: self.callback is not None, timeout, what=f"a response to {self.name!r}")
        assert self.callback is not None
        kind = int(self.callback["type"])
        if kind == DEFERRED_CHANNEL_MESSAGE:

            def answered() -> bool:
                original = self.original
                return bool(self.followup_ids) or (original is not None and not original.loading)

            # A deferred command has 15 minutes in Discord; heavy ones (a league made from a 30-team season's
            # set: 3-4 s on a busy two-core machine) must not fail the test at the first response's 5 s.
            await self.fake.wait_for(
                answered, max(timeout, DEFERRED_ANSWER_TIMEOUT), what=f"the answer after {self.name!r} deferred"
            )
            original = self.original
            message = original if original is not None and not original.loading else self.followups[0]
            return self._reply_from(kind, message)
        if self.reply is not None:
            return self.reply
        return self._reply_from(kind, self.original)

    async def followup(self, index: int = 0, timeout: float = 5.0) -> RecordedMessage:
        """Wait for the index-th followup message."""
        await self.fake.wait_for(
            lambda: len(self.followup_ids) > index, timeout, what=f"followup #{index} to {self.name!r}"
        )
        return self.followups[index]

    def _reply_from(self, kind: int, message: RecordedMessage | None) -> InteractionReply:
        if message is None:
            return InteractionReply(type=kind)
        s = message.snapshot()
        return InteractionReply(s.content, s.embeds, s.components, s.attachments, s.flags, type=kind, message=message)
