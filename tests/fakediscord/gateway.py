"""The fake Gateway: one websocket endpoint speaking Discord's JSON protocol (no compression).

HELLO on connect; heartbeats acknowledged; IDENTIFY answered with READY and a GUILD_CREATE
for each guild of the session; RESUME replays what a session missed, then RESUMED;
REQUEST_GUILD_MEMBERS answered with one GUILD_MEMBERS_CHUNK. Events are sent only to sessions
whose intents ask for them, as Discord does.

Shards, as Discord has them: a session identified with ``shard: [id, count]`` holds the guilds
with ``(guild_id >> 22) % count == id`` and gets only their events (READY, GUILD_CREATE,
interactions and the rest); events of no guild (direct messages) go to shard 0. A session
without ``shard`` holds every guild, as before.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.fakediscord import world as w

Json = dict[str, Any]

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT = 0, 1, 2, 3, 4, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41250


@dataclass
class GatewaySession:
    session_id: str
    intents: int
    token: str
    shard: list[int] | None = None
    seq: int = 0
    events: list[Json] = field(default_factory=list)  # every dispatch, for RESUME
    ws: web.WebSocketResponse | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    resumes: int = 0
    ended: bool = False  # the client closed it (1000/1001); a dropped session stays resumable

    @property
    def connected(self) -> bool:
        return self.ws is not None and not self.ws.closed

    def holds(self, guild_id: int | None) -> bool:
        """Does this session's shard hold the guild (None: no guild, a direct message's events)?"""
        if self.shard is None:
            return True
        shard, count = self.shard
        return (0 if guild_id is None else shard_of(guild_id, count)) == shard

    def wants(self, event: str, data: Json) -> bool:
        needed = intent_for(event, data)
        return needed is None or bool(self.intents & needed)

    async def dispatch(self, event: str, data: Json) -> None:
        async with self.lock:
            self.seq += 1
            frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
            self.events.append(frame)
            if self.connected:
                assert self.ws is not None
                await self.ws.send_str(json.dumps(frame))


def shard_of(guild_id: int, count: int) -> int:
    """Discord's sharding formula."""
    return (guild_id >> 22) % count


def guild_of(data: Json) -> int | None:
    """The guild an event belongs to (None: a direct message's, or no guild's)."""
    gid = data.get("guild_id")
    return int(gid) if gid else None


def intent_for(event: str, data: Json) -> int | None:
    if event.startswith("MESSAGE_"):
        return w.INTENT_GUILD_MESSAGES if data.get("guild_id") else w.INTENT_DIRECT_MESSAGES
    if event.startswith("GUILD_MEMBER"):
        return w.INTENT_GUILD_MEMBERS
    if event.startswith(("THREAD_", "CHANNEL_", "GUILD_")):
        return w.INTENT_GUILDS
    return None


class Gateway:
    def __init__(self, world: w.World, url: Callable[[], str], notify: Callable[[], None]) -> None:
        self.world = world
        self._url = url
        self._notify = notify
        self.sessions: list[GatewaySession] = []
        self.sockets: set[web.WebSocketResponse] = set()
        self.received: list[Json] = []  # every frame a client sent
        self._session_counter = 0
        self._dropped: set[web.WebSocketResponse] = set()

    @property
    def active(self) -> list[GatewaySession]:
        """Sessions with a client connected now."""
        return [s for s in self.sessions if s.connected]

    @property
    def live(self) -> list[GatewaySession]:
        """Sessions not ended by their client: connected, or dropped and waiting to RESUME."""
        return [s for s in self.sessions if not s.ended]

    async def dispatch(self, event: str, data: Json) -> None:
        """Send an event to every live session that holds its guild (queued for RESUME while one is
        disconnected)."""
        for session in self.holding(guild_of(data)):
            if session.wants(event, data):
                await session.dispatch(event, data)
        self._notify()

    def holding(self, guild_id: int | None) -> list[GatewaySession]:
        """The live sessions whose shard holds the guild."""
        return [s for s in self.live if s.holds(guild_id)]

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.sockets.add(ws)
        session: GatewaySession | None = None
        await self._send(ws, {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                self.received.append(frame)
                op, d = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    await self._send(ws, {"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
                elif op == IDENTIFY:
                    session = await self._identify(ws, d)
                elif op == RESUME:
                    session = await self._resume(ws, d)
                elif op == REQUEST_MEMBERS and session is not None:
                    await self._members_chunk(session, d)
                self._notify()
        finally:
            self.sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
                if ws.close_code in (1000, 1001) and not self._closing_by_us(ws):
                    session.ended = True
            self._notify()
        return ws

    async def drop(self, code: int = 4000) -> None:
        """Close every client's websocket as a Discord outage would (4000: the client resumes)."""
        for ws in list(self.sockets):
            self._dropped.add(ws)
            await ws.close(code=code, message=b"fake outage")

    def _closing_by_us(self, ws: web.WebSocketResponse) -> bool:
        return ws in self._dropped

    async def reconnect(self) -> None:
        """Send op 7 RECONNECT to every connected session (the client resumes)."""
        for session in self.active:
            assert session.ws is not None
            await self._send(session.ws, {"op": RECONNECT, "d": None, "s": None, "t": None})

    async def close(self) -> None:
        for ws in list(self.sockets):
            await ws.close(code=1001, message=b"fake discord stopped")

    @staticmethod
    async def _send(ws: web.WebSocketResponse, frame: Json) -> None:
        await ws.send_str(json.dumps(frame))

    async def _identify(self, ws: web.WebSocketResponse, d: Json) -> GatewaySession:
        self._session_counter += 1
        session = GatewaySession(
            session_id=f"fake-session-{self._session_counter}",
            intents=int(d.get("intents", 0)),
            token=d.get("token", ""),
            shard=d.get("shard"),
            ws=ws,
        )
        self.sessions.append(session)
        guilds = [gid for gid in self.world.guild_ids if session.holds(gid)]
        ready: Json = {
            "v": 10,
            "user": {**self.world.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0, "email": None},
            "guilds": [{"id": str(gid), "unavailable": True} for gid in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self._url(),
            "application": {"id": str(self.world.bot.id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["fake-discord"],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        await session.dispatch("READY", ready)
        with_members = bool(session.intents & w.INTENT_GUILD_MEMBERS)
        for gid in guilds:
            await session.dispatch("GUILD_CREATE", self.world.guild_payload(with_members=with_members, guild_id=gid))
        return session

    async def _resume(self, ws: web.WebSocketResponse, d: Json) -> GatewaySession | None:
        session = next((s for s in self.sessions if s.session_id == d.get("session_id")), None)
        if session is None or session.connected:
            await self._send(ws, {"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        seq = int(d.get("seq") or 0)
        async with session.lock:
            session.ws = ws
            session.resumes += 1
            for frame in session.events:
                if frame["s"] > seq:
                    await self._send(ws, frame)
        await session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        return session

    async def _members_chunk(self, session: GatewaySession, d: Json) -> None:
        members = [u for u in self.world.users.values() if u.in_guild]
        ids = d.get("user_ids")
        if ids:
            wanted = {int(i) for i in ids}
            members = [u for u in members if u.id in wanted]
        query = (d.get("query") or "").lower()
        if query:
            members = [u for u in members if u.username.lower().startswith(query)]
        chunk: Json = {
            "guild_id": str(d.get("guild_id") or self.world.guild_id),
            "members": [u.member_payload() for u in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
