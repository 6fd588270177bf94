"""`FakeDiscord`: Discord's REST API and Gateway on 127.0.0.1, for the real discord.py client.

    async with FakeDiscord() as fake, fake.running(MyClient(...)) as client:
        handle = await fake.slash(fake.manager_a, "league", "create", options={"name": "AL"})
        reply = await handle.response()
        assert "AL" in reply.text and not reply.ephemeral

Everything the client sends is recorded (`requests`, `messages`, `attachments`, the
synced commands); routes the fake does not know answer 404 and are listed in
`unknown_routes`; payloads breaking Discord's limits answer 400 as Discord would.
Tests wait on recorded state with `wait_for`, never on sleeps.

Discord failing (faults.py): `fail` and `hold` make the next calls of a route kind
answer 5xx/4xx/429, drop the connection or answer late; `delete_message`,
`archive_thread`, `lock_thread` and `delete_thread` act as a moderator would, with the
Gateway events and the errors that follow. `FakeDiscord(rate_limits=True)` enforces
Discord's rate limits with their headers (ratelimits.py). `mark`, `rest_calls`,
`calls_by_route` and `rate_limited` count what the bot called.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import logging
import math
import mimetypes
import re
import socket
import threading
import traceback
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from typing import Any, TypeVar

import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import BodyPartReader, web

from tests.fakediscord import world as w
from tests.fakediscord.faults import (
    MISSING_PERMISSIONS,
    THREAD_ARCHIVED,
    UNKNOWN_CHANNEL,
    Fault,
)
from tests.fakediscord.gateway import Gateway
from tests.fakediscord.ratelimits import VIA, RateLimiter
from tests.fakediscord.records import (
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    COMPONENTS_V2,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    EPHEMERAL,
    LOADING,
    MODAL,
    UPDATE_MESSAGE,
    InteractionHandle,
    InteractionReply,
    RecordedAttachment,
    RecordedMessage,
    RecordedRequest,
    walk_components,
)
from tests.fakediscord.validate import command_problems, components_problems, message_problems
from tests.fakediscord.world import FakeChannel, FakeRole, FakeUser, Json

API_PREFIX = "/api/v10"
ATTACHMENT_SIZE_LIMIT = 25 * 1024 * 1024
WATCHED_LOGGERS = ("discord", "bot")
RECHECK_SECONDS = 0.01
T = TypeVar("T")

# Interaction types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, APPLICATION_COMMAND_AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, MODAL},
    APPLICATION_COMMAND_AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE},
}
SELECT_TYPES = {3: None, 5: 6, 6: 8, 7: 9, 8: 7}  # select component type -> option type of its values
MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")


class Reject(Exception):
    """An answer Discord gives to a request it will not carry out."""

    def __init__(self, status: int, code: int, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.problems = status, code, message, problems or []


def _json(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py does not parse "application/json; charset=utf-8".
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def _no_content() -> web.Response:
    return web.Response(status=204)


def _image_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        return int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    return None


class _ErrorLogCollector(logging.Handler):
    def __init__(self, fake: FakeDiscord) -> None:
        super().__init__(logging.ERROR)
        self.fake = fake

    def emit(self, record: logging.LogRecord) -> None:
        self.fake.error_logs.append(record)
        self.fake._notify()


def format_log_records(records: list[logging.LogRecord]) -> str:
    formatter = logging.Formatter("%(levelname)s %(name)s: %(message)s")
    return "\n".join(formatter.format(r) for r in records)


class FakeDiscord:
    """A fake Discord for one test: start it with `async with FakeDiscord() as fake`."""

    def __init__(
        self, *, fail_fast_on_error_logs: bool = True, rate_limits: bool | RateLimiter = False, shard_count: int = 1
    ) -> None:
        """``rate_limits``: enforce Discord's rate limits with its headers (see ratelimits.py);
        a `RateLimiter` of one's own sets other limits (a test's shorter windows). ``shard_count``:
        the shards GET /gateway/bot recommends (the Gateway takes any count a client identifies with)."""
        self.shard_count = shard_count
        self.world = w.World.default()
        self.ids = w.Snowflakes()
        self.fail_fast_on_error_logs = fail_fast_on_error_logs

        # The cast, with fixed ids.
        users, roles, channels = self.world.users, self.world.roles, self.world.channels
        self.bot_user: FakeUser = self.world.bot
        self.application_id: int = w.BOT_ID
        self.guild_id: int = w.GUILD_ID
        self.commissioner: FakeUser = users[w.COMMISSIONER_ID]
        self.manager_a: FakeUser = users[w.MANAGER_A_ID]
        self.manager_b: FakeUser = users[w.MANAGER_B_ID]
        self.stranger: FakeUser = users[w.STRANGER_ID]
        self.everyone_role: FakeRole = roles[w.EVERYONE_ROLE_ID]
        self.commissioner_role: FakeRole = roles[w.COMMISSIONER_ROLE_ID]
        self.manager_role: FakeRole = roles[w.MANAGER_ROLE_ID]
        self.bot_role: FakeRole = roles[w.BOT_ROLE_ID]
        self.general: FakeChannel = channels[w.GENERAL_ID]
        self.league_channel: FakeChannel = channels[w.LEAGUE_ID]
        self.games_channel: FakeChannel = channels[w.GAMES_ID]

        # What the clients did.
        self.requests: list[RecordedRequest] = []
        self.unknown_routes: list[str] = []
        self.rejected: list[tuple[RecordedRequest, str]] = []  # 4xx answers the fake gave, with the reason
        self.errors: list[str] = []  # the fake's own failures: tracebacks
        self.error_logs: list[logging.LogRecord] = []  # ERROR records from the discord and bot loggers
        self.messages: defaultdict[int, list[RecordedMessage]] = defaultdict(list)  # by channel id
        self.messages_by_id: dict[int, RecordedMessage] = {}
        self.attachments: dict[int, RecordedAttachment] = {}
        self.global_commands: list[Json] = []
        self.guild_commands: dict[int, list[Json]] = {}
        self.interactions: dict[str, InteractionHandle] = {}  # by token
        self.interactions_by_id: dict[int, InteractionHandle] = {}
        self.faults: list[Fault] = []  # injected with `fail`, spent ones included
        self.rate_limiter: RateLimiter | None = (
            rate_limits if isinstance(rate_limits, RateLimiter) else RateLimiter() if rate_limits else None
        )
        self.deleted_channels: dict[int, FakeChannel] = {}  # threads deleted with `delete_thread`

        self.port = 0
        self.gateway = Gateway(self.world, lambda: self.gateway_url, self._notify)
        self._waiters: set[asyncio.Event] = set()
        self._clients: list[tuple[discord.Client, asyncio.Task[None]]] = []
        self._runner: web.AppRunner | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.get_ident()
        self._log_handler = _ErrorLogCollector(self)
        self._routes: list[tuple[str, re.Pattern[str], Callable[..., Awaitable[web.StreamResponse]], str]] = []
        self._add_routes()

    # -- lifecycle -----------------------------------------------------------------------

    async def __aenter__(self) -> FakeDiscord:
        self._loop = asyncio.get_running_loop()
        self._thread = threading.get_ident()
        app = web.Application(client_max_size=ATTACHMENT_SIZE_LIMIT * 2)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        for name in WATCHED_LOGGERS:
            logging.getLogger(name).addHandler(self._log_handler)
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        try:
            for client, task in list(self._clients):
                await client.close()
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await asyncio.wait_for(task, 5)
            self._clients.clear()
            await self.gateway.close()
            if self._runner is not None:
                await self._runner.cleanup()
        finally:
            for name in WATCHED_LOGGERS:
                logging.getLogger(name).removeHandler(self._log_handler)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    @contextlib.contextmanager
    def point_client_here(self) -> Iterator[None]:
        """Send discord.py's REST calls (webhooks and interaction callbacks included) and its
        Gateway connection here, restoring the previous values afterwards."""
        route, ws = discord.http.Route, discord.gateway.DiscordWebSocket
        saved = route.BASE, ws.DEFAULT_GATEWAY
        route.BASE = self.api_url
        ws.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            route.BASE, ws.DEFAULT_GATEWAY = saved

    @contextlib.asynccontextmanager
    async def running(
        self,
        client: discord.Client,
        *,
        token: str = "fake-bot-token",
        timeout: float = 5.0,
        guild_ready_timeout: float | None = 0.05,
    ) -> AsyncIterator[discord.Client]:
        """Log the client in (its setup_hook runs), connect it and wait until it is ready;
        close it on the way out. `guild_ready_timeout` (default 0.05 s) replaces discord.py's
        2 s wait after the last GUILD_CREATE; None keeps the client's own value."""
        if guild_ready_timeout is not None:
            client._connection.guild_ready_timeout = guild_ready_timeout
        with self.point_client_here():
            try:
                await client.login(token)
            except BaseException:
                await client.close()
                raise
            task = asyncio.create_task(client.connect(reconnect=True), name="fake-discord client")
            task.add_done_callback(lambda _: self._notify())
            entry = (client, task)
            self._clients.append(entry)
            try:
                await self._wait_until_ready(client, task, timeout)
                yield client
            finally:
                with contextlib.suppress(ValueError):
                    self._clients.remove(entry)
                await client.close()
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await asyncio.wait_for(task, timeout)

    async def _wait_until_ready(self, client: discord.Client, task: asyncio.Task[None], timeout: float) -> None:
        ready = asyncio.create_task(client.wait_until_ready())
        try:
            await asyncio.wait({ready, task}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            ready.cancel()
        self._check_health()
        if not client.is_ready():
            raise AssertionError(f"the client was not ready after {timeout}s; requests: {self.requests}")

    # -- waiting -------------------------------------------------------------------------

    def _notify(self) -> None:
        if threading.get_ident() != self._thread and self._loop is not None:
            self._loop.call_soon_threadsafe(self._notify)
            return
        for event in self._waiters:
            event.set()

    def _check_health(self) -> None:
        for _client, task in self._clients:
            if task.done():
                exc = None if task.cancelled() else task.exception()
                raise AssertionError(f"the discord.py client stopped: {exc!r}") from exc
        if self.fail_fast_on_error_logs and self.error_logs:
            raise AssertionError("ERROR logged while waiting:\n" + format_log_records(self.error_logs))
        if self.errors:
            raise AssertionError("the fake Discord failed:\n" + "\n".join(self.errors))

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = 5.0, what: str | None = None) -> T:
        """Wait until predicate() is truthy (checked whenever the fake records something,
        and every 10 ms) and return its value. Fails at once if the client dies, an ERROR is logged, or the
        fake itself fails; on timeout, fails listing the latest requests."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        event = asyncio.Event()
        self._waiters.add(event)
        try:
            while True:
                self._check_health()
                value = predicate()
                if value:
                    return value
                remaining = deadline - loop.time()
                if remaining <= 0:
                    recent = "\n  ".join(str(r) for r in self.requests[-15:])
                    raise AssertionError(
                        f"timed out after {timeout}s waiting for {what or predicate}; "
                        f"unknown routes: {self.unknown_routes}; rejected: {[r for _, r in self.rejected]}; "
                        f"latest requests:\n  {recent}"
                    )
                event.clear()
                # Woken by anything the fake records; the short cap re-checks predicates
                # on the client's own state (its caches), which the fake cannot see change.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), min(remaining, RECHECK_SECONDS))
        finally:
            self._waiters.discard(event)

    # -- what was recorded ---------------------------------------------------------------

    def channel(self, channel: FakeChannel | int) -> FakeChannel:
        cid = channel if isinstance(channel, int) else channel.id
        try:
            return self.world.channels[cid]
        except KeyError:
            raise LookupError(f"no channel {cid}") from None

    def user(self, user: FakeUser | int) -> FakeUser:
        uid = user if isinstance(user, int) else user.id
        return self.world.users[uid]

    def messages_in(
        self, channel: FakeChannel | int, *, include_ephemeral: bool = True, include_deleted: bool = False
    ) -> list[RecordedMessage]:
        """Messages in a channel or thread, oldest first (ephemeral ones included unless asked)."""
        cid = channel if isinstance(channel, int) else channel.id
        return [
            m
            for m in self.messages.get(cid, [])
            if (include_ephemeral or not m.ephemeral) and (include_deleted or not m.deleted)
        ]

    def last_message(self, channel: FakeChannel | int) -> RecordedMessage | None:
        found = self.messages_in(channel)
        return found[-1] if found else None

    def message(self, message_id: int) -> RecordedMessage:
        return self.messages_by_id[message_id]

    @property
    def threads(self) -> list[FakeChannel]:
        return [c for c in self.world.channels.values() if c.is_thread]

    def thread_named(self, name: str) -> FakeChannel | None:
        return next((t for t in self.threads if t.name == name), None)

    def commands(self, guild_id: int | None = None) -> list[Json]:
        """The synced commands: global ones, or a guild's."""
        return self.global_commands if guild_id is None else self.guild_commands.get(guild_id, [])

    def requests_to(self, method: str, path_pattern: str) -> list[RecordedRequest]:
        pattern = re.compile(path_pattern)
        return [r for r in self.requests if r.method == method and pattern.fullmatch(r.path)]

    # -- acting as users -----------------------------------------------------------------

    async def slash(
        self,
        user: FakeUser | int,
        name: str,
        *subcommands: str,
        options: dict[str, Any] | None = None,
        channel: FakeChannel | int | None = None,
    ) -> InteractionHandle:
        """Run a synced chat-input command, e.g. slash(u, "league", "create", options={...}).
        Options are checked against the synced definition (names, required, choices, types);
        users, channels, roles and attachments (as (filename, bytes)) are resolved."""
        cmd = self._find_command(name, guild_id=self._guild_of(channel))
        data, full_name = self._command_data(cmd, subcommands, options or {}, focused=None, partial="")
        return await self._interact(APPLICATION_COMMAND, user, channel, data, name=full_name)

    async def autocomplete(
        self,
        user: FakeUser | int,
        name: str,
        *subcommands: str,
        focused: str,
        value: str = "",
        options: dict[str, Any] | None = None,
        channel: FakeChannel | int | None = None,
        timeout: float = 5.0,
    ) -> list[Json]:
        """Type `value` into option `focused`; return the choices the bot offers."""
        cmd = self._find_command(name, guild_id=self._guild_of(channel))
        data, full_name = self._command_data(cmd, subcommands, options or {}, focused=focused, partial=value)
        handle = await self._interact(APPLICATION_COMMAND_AUTOCOMPLETE, user, channel, data, name=full_name)
        reply = await handle.response(timeout)
        return reply.choices

    async def click(self, user: FakeUser | int, message: RecordedMessage | int, custom_id: str) -> InteractionHandle:
        """Press a button (it must be on the message and enabled)."""
        msg = self._component_message(user, message)
        comp = msg.component(custom_id)
        if comp.get("type") != 2:
            raise ValueError(f"{custom_id!r} is not a button: {comp}")
        if comp.get("disabled"):
            raise AssertionError(f"button {custom_id!r} is disabled; Discord would not send the click")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(MESSAGE_COMPONENT, user, msg.channel_id, data, name=custom_id, message=msg)

    async def select(
        self, user: FakeUser | int, message: RecordedMessage | int, custom_id: str, values: list[Any]
    ) -> InteractionHandle:
        """Choose values in a select menu (string values; users, roles or channels for the others)."""
        msg = self._component_message(user, message)
        comp = msg.component(custom_id)
        kind = comp.get("type", 0)
        if kind not in SELECT_TYPES:
            raise ValueError(f"{custom_id!r} is not a select menu: {comp}")
        if comp.get("disabled"):
            raise AssertionError(f"select {custom_id!r} is disabled")
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {custom_id!r} takes {low}-{high} values, not {len(values)}")
        data: Json = {"custom_id": custom_id, "component_type": kind}
        option_type = SELECT_TYPES[kind]
        if option_type is None:
            offered = [o["value"] for o in comp.get("options", [])]
            if any(v not in offered for v in values):
                raise ValueError(f"select {custom_id!r} offers {offered}, not {values}")
            data["values"] = list(values)
        else:
            resolved: Json = {}
            data["values"] = [self._option_value({"type": option_type, "name": custom_id}, v, resolved) for v in values]
            data["resolved"] = resolved
        return await self._interact(MESSAGE_COMPONENT, user, msg.channel_id, data, name=custom_id, message=msg)

    async def submit_modal(
        self, user: FakeUser | int, modal_from: InteractionHandle, values: dict[str, str | list[str]]
    ) -> InteractionHandle:
        """Fill in and submit the modal the bot answered `modal_from` with (custom_id -> value)."""
        modal = modal_from.modal
        if modal is None:
            raise AssertionError(f"{modal_from.name!r} was not answered with a modal")
        unknown = set(values) - {c.get("custom_id") for c in walk_components(modal["components"])}
        if unknown:
            raise ValueError(f"the modal has no inputs {sorted(unknown)}")

        def answer(comp: Json) -> Json:
            if comp.get("type") == 1:
                return {"type": 1, "components": [answer(c) for c in comp.get("components", [])]}
            if comp.get("type") == 18:
                return {"type": 18, "id": comp.get("id", 0), "component": answer(comp["component"])}
            out: Json = {"type": comp["type"], "id": comp.get("id", 0)}
            if "custom_id" in comp:
                out["custom_id"] = comp["custom_id"]
                given = values.get(comp["custom_id"], comp.get("value", "") if comp["type"] == 4 else [])
                if comp["type"] == 4:
                    out["value"] = given
                else:
                    out["values"] = given if isinstance(given, list) else [given]
            return out

        data = {"custom_id": modal["custom_id"], "components": [answer(c) for c in modal["components"]]}
        message = self.messages_by_id.get(modal_from.message_id) if modal_from.message_id else None
        return await self._interact(
            MODAL_SUBMIT, user, modal_from.channel_id, data, name=modal["custom_id"], message=message
        )

    async def post_message(self, user: FakeUser | int, channel: FakeChannel | int, content: str) -> RecordedMessage:
        """A user writes in a channel: recorded and sent to the bot as MESSAGE_CREATE."""
        author, ch = self.user(user), self.channel(channel)
        msg = self._store_message(
            RecordedMessage(
                id=self.ids.next(), channel_id=ch.id, guild_id=ch.guild_id, author_id=author.id, content=content
            )
        )
        await self._dispatch_message("MESSAGE_CREATE", msg)
        return msg

    def add_guild(self, name: str, *, shard: int = 0, shard_count: int = 1) -> dict[str, FakeChannel]:
        """Another server, before any client connects, whose id Discord puts on ``shard`` of ``shard_count``:
        its channels general, league-office and games by name (``channel.guild_id`` is its id). The same
        users are its members, the commissioner its owner; roles are its @everyone and the bot's own."""
        gid = self.ids.next()
        while (gid >> 22) % shard_count != shard:
            gid = self.ids.next()
        return self.world.add_guild(gid, name, self.ids)

    async def add_user(self, username: str, *, roles: list[int] | None = None) -> FakeUser:
        """A new member joins the guild (GUILD_MEMBER_ADD)."""
        user = FakeUser(self.ids.next(), username, username.title(), roles=list(roles or []))
        self.world.users[user.id] = user
        await self.gateway.dispatch("GUILD_MEMBER_ADD", {**user.member_payload(), "guild_id": str(self.guild_id)})
        return user

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close the client's websocket as an outage would; discord.py reconnects and RESUMEs."""
        await self.gateway.drop(code)

    async def delete_message(self, message: RecordedMessage | int) -> None:
        """A moderator deletes a message (the scoreboard, a prompt): MESSAGE_DELETE, then 404 10008 for it."""
        msg = self.messages_by_id[message if isinstance(message, int) else message.id]
        if msg.deleted:
            raise AssertionError(f"message {msg.id} is already deleted")
        await self._delete(msg)

    async def archive_thread(self, thread: FakeChannel | int, *, locked: bool = False) -> None:
        """A moderator archives a thread (and locks it with ``locked``): THREAD_UPDATE.

        Afterwards a message the bot posts there unarchives it, unless it is locked (400
        50083 "Thread is archived"); edits there answer 400 50083 until it is unarchived."""
        await self.update_thread(thread, archived=True, locked=locked or None)

    async def lock_thread(self, thread: FakeChannel | int) -> None:
        """A moderator locks a thread, leaving it active: only members with Manage Threads post there."""
        await self.update_thread(thread, locked=True)

    async def update_thread(
        self, thread: FakeChannel | int, *, archived: bool | None = None, locked: bool | None = None
    ) -> None:
        ch = self.channel(thread)
        if not ch.is_thread:
            raise ValueError(f"channel {ch.id} is not a thread")
        if archived is not None:
            ch.archived = archived
        if locked is not None:
            ch.locked = locked
        await self.gateway.dispatch("THREAD_UPDATE", ch.payload(self.world))

    async def delete_thread(self, thread: FakeChannel | int) -> None:
        """A moderator deletes a thread: THREAD_DELETE, then 404 10003 Unknown Channel for every call
        on it. Its messages stay recorded (``messages_in`` still lists them) for the test to read."""
        ch = self.channel(thread)
        if not ch.is_thread:
            raise ValueError(f"channel {ch.id} is not a thread")
        del self.world.channels[ch.id]
        self.deleted_channels[ch.id] = ch
        data = {"id": str(ch.id), "guild_id": str(ch.guild_id), "parent_id": str(ch.parent_id), "type": ch.type}
        await self.gateway.dispatch("THREAD_DELETE", data)

    # -- faults and counting -------------------------------------------------------------

    @property
    def route_kinds(self) -> list[str]:
        """Every route the fake serves, as `fail` and `RecordedRequest.route` name them."""
        return sorted({kind for *_, kind in self._routes})

    def fail(
        self,
        route: str,
        *,
        status: int | None = 503,
        times: int = 1,
        code: int = 0,
        message: str | None = None,
        after: bool = False,
        disconnect: bool = False,
        hold: float = 0.0,
        retry_after: float = 0.05,
        channel: FakeChannel | int | None = None,
        skip: int = 0,
        where: Callable[[RecordedRequest], bool] | None = None,
    ) -> Fault:
        """Answer the next ``times`` calls of ``route`` (in ``channel`` only, if given) with a failure.

        ``fail("POST /channels/{id}/messages", status=503)``: one 503 with Discord's body;
        ``code``/``message`` give a 4xx its JSON error (e.g. 404, code 10008); ``after``: the
        call is carried out, then answered with the failure; ``disconnect``: the connection
        is closed with no answer; ``hold``: the answer waits that many seconds (``status=None``:
        then the call is answered as usual; see `hold`); ``skip``: the first that many matching
        calls go through; ``where``: only calls it is true of. See faults.py."""
        if route not in self.route_kinds:
            raise ValueError(f"the fake serves no route {route!r}; it serves {self.route_kinds}")
        cid = channel if channel is None or isinstance(channel, int) else channel.id
        fault = Fault(route, status, times, code, message, after, disconnect, hold, retry_after, cid, skip, where)
        self.faults.append(fault)
        return fault

    def hold(
        self,
        route: str,
        seconds: float,
        *,
        times: int = 1,
        after: bool = False,
        channel: FakeChannel | int | None = None,
        skip: int = 0,
        where: Callable[[RecordedRequest], bool] | None = None,
    ) -> Fault:
        """Answer the next ``times`` calls of ``route`` as usual, but ``seconds`` late: a caller that
        gives up sooner has timed out on a call Discord carries out anyway (``after``: carried out
        at once, only the answer late)."""
        return self.fail(
            route, status=None, times=times, hold=seconds, after=after, channel=channel, skip=skip, where=where
        )

    def mark(self) -> int:
        """Where the request log stands now: pass it as ``since`` to count what follows."""
        return len(self.requests)

    def rest_calls(
        self, since: int = 0, *, channels: Iterable[FakeChannel | int] | None = None, interactions: bool = True
    ) -> list[RecordedRequest]:
        """The REST calls the bot made since ``mark()``: every request under /api/v10 to a route the fake
        knows (files fetched from its CDN are not calls), failed and rate-limited ones included.

        ``channels``: only calls acting in these channels or threads (interaction answers count
        for the channel the interaction came from); ``interactions=False`` leaves out interaction
        callbacks and their webhooks (the answers to people's clicks and commands)."""
        wanted = None if channels is None else {c if isinstance(c, int) else c.id for c in channels}
        found = []
        for rec in self.requests[since:]:
            if not rec.api or not rec.route:
                continue
            if not interactions and rec.route.startswith(("POST /interactions/", "GET /webhooks/", "POST /webhooks/",
                                                          "PATCH /webhooks/", "DELETE /webhooks/")):  # fmt: skip
                continue
            if wanted is not None and rec.channel_id not in wanted:
                continue
            found.append(rec)
        return found

    def calls_by_route(self, since: int = 0, **which: Any) -> dict[str, int]:
        """``rest_calls`` counted by route kind, most frequent first."""
        counts = Counter(r.route for r in self.rest_calls(since, **which))
        return dict(counts.most_common())

    def rate_limited(self, since: int = 0) -> list[RecordedRequest]:
        """The calls answered 429, rate limits and injected 429s alike."""
        return [r for r in self.requests[since:] if r.status == 429]

    # -- interactions --------------------------------------------------------------------

    def _guild_of(self, channel: FakeChannel | int | None) -> int | None:
        return self.guild_id if channel is None else self.channel(channel).guild_id

    def _find_command(self, name: str, kind: int = 1, *, guild_id: int | None = None) -> Json:
        commands = [*self.guild_commands.get(guild_id or self.guild_id, []), *self.global_commands]
        for cmd in commands:
            if cmd["name"] == name and cmd.get("type", 1) == kind:
                return cmd
        synced = sorted({c["name"] for c in commands})
        raise LookupError(f"/{name} is not synced (synced: {synced}); sync the command tree first")

    def _command_data(
        self, cmd: Json, path: tuple[str, ...], options: dict[str, Any], *, focused: str | None, partial: str
    ) -> tuple[Json, str]:
        data: Json = {"id": cmd["id"], "name": cmd["name"], "type": cmd.get("type", 1), "options": []}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        resolved: Json = {}
        level: list[Json] = data["options"]
        schema: list[Json] = cmd.get("options") or []
        where = "/" + cmd["name"]
        for sub in path:
            node = next((o for o in schema if o["name"] == sub and o["type"] in (1, 2)), None)
            if node is None:
                subs = [o["name"] for o in schema if o["type"] in (1, 2)]
                raise LookupError(f"{where} has no subcommand {sub!r} (it has {subs})")
            entry: Json = {"type": node["type"], "name": sub, "options": []}
            level.append(entry)
            level, schema, where = entry["options"], node.get("options") or [], f"{where} {sub}"
        if any(o["type"] in (1, 2) for o in schema):
            raise LookupError(f"{where} needs a subcommand: {[o['name'] for o in schema]}")
        known = {o["name"] for o in schema}
        unknown = (set(options) | ({focused} if focused is not None else set())) - known
        if unknown:
            raise LookupError(f"{where} has no options {sorted(unknown)} (it has {sorted(known)})")
        for opt in schema:
            oname = opt["name"]
            if oname == focused:
                level.append({"type": opt["type"], "name": oname, "value": partial, "focused": True})
            elif oname in options:
                value = self._option_value(opt, options[oname], resolved)
                level.append({"type": opt["type"], "name": oname, "value": value})
            elif opt.get("required") and focused is None:
                raise ValueError(f"{where} needs option {oname!r}")
        if resolved:
            data["resolved"] = resolved
        return data, where[1:]

    def _option_value(self, opt: Json, value: Any, resolved: Json) -> Any:
        kind, name = opt["type"], opt["name"]

        def check(ok: bool, wanted: str) -> None:
            if not ok:
                raise TypeError(f"option {name!r} takes {wanted}, not {value!r}")

        if kind == 3:
            check(isinstance(value, str), "a string")
            check(opt.get("min_length", 0) <= len(value) <= opt.get("max_length", 6000), "a string of allowed length")
        elif kind == 4:
            check(isinstance(value, int) and not isinstance(value, bool), "an integer")
        elif kind == 5:
            check(isinstance(value, bool), "a boolean")
        elif kind == 10:
            check(isinstance(value, int | float) and not isinstance(value, bool), "a number")
        if kind in (4, 10):
            check(opt.get("min_value", value) <= value <= opt.get("max_value", value), "a number in range")
        if opt.get("choices"):
            offered = [c["value"] for c in opt["choices"]]
            check(value in offered, f"one of {offered}")
        if kind in (3, 4, 5, 10):
            return value
        if kind == 11:
            filename, data = value if isinstance(value, tuple) else (value.filename, value.data)
            att = self._new_attachment(filename, data, None, channel_id=None)
            resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
            return str(att.id)
        if isinstance(value, FakeRole) or (isinstance(value, int) and value in self.world.roles and kind in (8, 9)):
            check(kind in (8, 9), "a role")
            role = self.world.roles[value if isinstance(value, int) else value.id]
            resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            return str(role.id)
        if isinstance(value, FakeChannel) or (isinstance(value, int) and kind == 7):
            check(kind == 7, "a channel")
            ch = self.channel(value)
            perms = self.world.permissions_in(self.bot_user, ch)
            resolved.setdefault("channels", {})[str(ch.id)] = {**ch.payload(self.world), "permissions": str(perms)}
            return str(ch.id)
        check(kind in (6, 9) and isinstance(value, FakeUser | int), "a user")
        user = self.user(value)
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        if user.in_guild:
            member = {**user.member_payload(with_user=False), "permissions": str(self.world.base_permissions(user))}
            resolved.setdefault("members", {})[str(user.id)] = member
        return str(user.id)

    def _component_message(self, user: FakeUser | int, message: RecordedMessage | int) -> RecordedMessage:
        msg = self.messages_by_id[message if isinstance(message, int) else message.id]
        if msg.deleted:
            raise AssertionError(f"message {msg.id} was deleted")
        if msg.ephemeral and msg.interaction_id is not None:
            owner = self.interactions_by_id[msg.interaction_id].user
            if owner.id != self.user(user).id:
                raise AssertionError(f"only {owner.username} can see ephemeral message {msg.id}")
        return msg

    async def _interact(
        self,
        kind: int,
        user: FakeUser | int,
        channel: FakeChannel | int | None,
        data: Json,
        *,
        name: str,
        message: RecordedMessage | None = None,
    ) -> InteractionHandle:
        member, ch = self.user(user), self.channel(channel if channel is not None else self.general)
        if not any(s.connected for s in self.gateway.holding(ch.guild_id)):
            raise RuntimeError("no discord.py client is connected to the fake Gateway (on the guild's shard)")
        iid = self.ids.next()
        token = f"fake-interaction-token-{iid}"
        perms = self.world.permissions_in(member, ch)
        payload: Json = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": kind,
            "token": token,
            "version": 1,
            "channel_id": str(ch.id),
            "channel": {**ch.payload(self.world), "permissions": str(perms)},
            "app_permissions": str(self.world.permissions_in(self.bot_user, ch)),
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "data": data,
        }
        if ch.guild_id is not None:
            payload.update(
                guild_id=str(ch.guild_id),
                guild={"id": str(ch.guild_id), "locale": "en-US", "features": []},
                guild_locale="en-US",
                member={**member.member_payload(), "permissions": str(perms)},
                authorizing_integration_owners={"0": str(ch.guild_id)},
                context=0,
            )
        else:
            payload.update(user=member.payload(), authorizing_integration_owners={"1": str(member.id)}, context=1)
        if message is not None:
            payload["message"] = self.message_payload(message)
        handle = InteractionHandle(
            fake=self,
            id=iid,
            token=token,
            type=kind,
            user=member,
            channel_id=ch.id,
            payload=payload,
            name=name,
            message_id=message.id if message is not None else None,
        )
        self.interactions[token] = handle
        self.interactions_by_id[iid] = handle
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return handle

    # -- messages ------------------------------------------------------------------------

    def message_payload(self, msg: RecordedMessage, *, with_member: bool = False) -> Json:
        author = self.world.users[msg.author_id]
        data: Json = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "author": author.payload(),
            "content": msg.content,
            "timestamp": w.iso(msg.id),
            "edited_timestamp": w.iso(msg.edited_at) if msg.edited_at else None,
            "tts": msg.tts,
            "mention_everyone": "@everyone" in msg.content,
            "mentions": [
                self.world.users[int(u)].payload() for u in MENTION.findall(msg.content) if int(u) in self.world.users
            ],
            "mention_roles": ROLE_MENTION.findall(msg.content),
            "attachments": [a.payload() for a in msg.attachments],
            "embeds": msg.embeds,
            "components": msg.components,
            "pinned": False,
            "type": msg.type,
            "flags": msg.flags,
        }
        if msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
            if with_member and author.in_guild:
                data["member"] = author.member_payload(with_user=False)
        if msg.webhook_id is not None:
            data["webhook_id"] = str(msg.webhook_id)
            data["application_id"] = str(self.application_id)
        handle = self.interactions_by_id.get(msg.interaction_id or 0)
        if handle is not None:
            meta: Json = {
                "id": str(handle.id),
                "type": handle.type,
                "user": handle.user.payload(),
                "authorizing_integration_owners": handle.payload.get("authorizing_integration_owners", {}),
            }
            if handle.message_id is not None:
                meta["interacted_message_id"] = str(handle.message_id)
            if handle.original_id is not None and handle.original_id != msg.id:
                meta["original_response_message_id"] = str(handle.original_id)
            data["interaction_metadata"] = meta
            if handle.type == APPLICATION_COMMAND:
                data["interaction"] = {"id": str(handle.id), "type": 2, "name": handle.name, "user": meta["user"]}
        if msg.reference is not None:
            data["message_reference"] = msg.reference
            referenced = self.messages_by_id.get(int(msg.reference.get("message_id", 0)))
            if referenced is not None and referenced.id != msg.id:
                data["referenced_message"] = self.message_payload(referenced)
        thread = self.world.channels.get(msg.thread_id or 0)
        if thread is not None:
            data["thread"] = thread.payload(self.world)
        return data

    async def _dispatch_message(self, event: str, msg: RecordedMessage) -> None:
        if msg.ephemeral:
            return  # Discord sends no events for ephemeral messages
        payload = self.message_payload(msg, with_member=True)
        author = self.world.users[msg.author_id]
        for session in self.gateway.holding(msg.guild_id):
            if not session.wants(event, payload):
                continue
            shown = payload
            mentioned = str(self.bot_user.id) in MENTION.findall(msg.content)
            private = msg.guild_id is None or author.id == self.bot_user.id or mentioned
            if not private and not session.intents & w.INTENT_MESSAGE_CONTENT:
                # without the message content intent, others' messages come without content
                shown = {**payload, "content": "", "embeds": [], "attachments": [], "components": []}
            await session.dispatch(event, shown)
        self._notify()

    def _store_message(self, msg: RecordedMessage) -> RecordedMessage:
        self.messages[msg.channel_id].append(msg)
        self.messages_by_id[msg.id] = msg
        ch = self.world.channels.get(msg.channel_id)
        if ch is not None and not msg.ephemeral:
            ch.last_message_id = msg.id
            ch.message_count += 1
        self._notify()
        return msg

    def _new_attachment(
        self, filename: str, data: bytes, description: str | None, *, channel_id: int | None
    ) -> RecordedAttachment:
        aid = self.ids.next()
        size = _image_size(data)
        att = RecordedAttachment(
            id=aid,
            filename=filename,
            data=bytes(data),
            content_type=mimetypes.guess_type(filename)[0] or "application/octet-stream",
            description=description,
            url=f"{self.base_url}/attachments/{channel_id or 0}/{aid}/{filename}",
            width=size[0] if size else None,
            height=size[1] if size else None,
            channel_id=channel_id,
        )
        self.attachments[aid] = att
        return att

    def _attachments_for(
        self, body: Json, uploads: dict[int, RecordedAttachment], channel_id: int, existing: list[RecordedAttachment]
    ) -> list[RecordedAttachment]:
        """The attachments a create or edit leaves: kept old ones by id, new uploads by index."""
        listed = body.get("attachments")
        if listed is None:
            listed = [{"id": i} for i in sorted(uploads)]
            keep_existing = True
        else:
            keep_existing = False
        by_id = {a.id: a for a in existing}
        result = list(existing) if keep_existing else []
        for entry in listed:
            ref = int(entry["id"])
            if ref in uploads:
                up = uploads[ref]
                filename = entry.get("filename") or up.filename
                result.append(self._new_attachment(filename, up.data, entry.get("description"), channel_id=channel_id))
            elif ref in by_id:
                if not keep_existing:
                    result.append(by_id[ref])
            else:
                raise Reject(400, 50035, "Invalid Form Body", [f"attachments: unknown attachment id {ref}"])
        return result

    def _create_message(
        self,
        channel: FakeChannel,
        body: Json,
        uploads: dict[int, RecordedAttachment],
        *,
        kind: int = 0,
        handle: InteractionHandle | None = None,
        flags: int | None = None,
        check: bool = True,
    ) -> RecordedMessage:
        if check:
            problems = message_problems(body, has_files=bool(uploads), editing=False)
            if problems:
                code = 50006 if problems == ["Cannot send an empty message"] else 50035
                raise Reject(
                    400, code, "Cannot send an empty message" if code == 50006 else "Invalid Form Body", problems
                )
        allowed = (1 << 2) | (1 << 12) | COMPONENTS_V2 | (EPHEMERAL if handle is not None else 0)
        reference = body.get("message_reference")
        msg = RecordedMessage(
            content=body.get("content") or "",
            embeds=copy.deepcopy(body.get("embeds") or []),
            components=copy.deepcopy(body.get("components") or []),
            flags=flags if flags is not None else int(body.get("flags") or 0) & allowed,
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author_id=self.bot_user.id,
            type=19 if reference else kind,
            webhook_id=self.application_id if handle is not None else None,
            interaction_id=handle.id if handle is not None else None,
            reference=reference,
            tts=bool(body.get("tts")),
        )
        msg.attachments = self._attachments_for(body, uploads, channel.id, [])
        self._resolve_attachment_urls(msg)
        return self._store_message(msg)

    @staticmethod
    def _resolve_attachment_urls(msg: RecordedMessage) -> None:
        """Discord replaces attachment://name in embeds by the uploaded file's URL."""
        by_name = {a.filename: a for a in msg.attachments}
        for embed in msg.embeds:
            for key, url_key in (
                ("image", "url"),
                ("thumbnail", "url"),
                ("author", "icon_url"),
                ("footer", "icon_url"),
            ):
                part = embed.get(key)
                url = part.get(url_key) if isinstance(part, dict) else None
                if not isinstance(part, dict) or not isinstance(url, str) or not url.startswith("attachment://"):
                    continue
                att = by_name.get(url[len("attachment://") :])
                if att is None:
                    continue
                part[url_key] = att.url
                part["proxy_" + url_key] = att.url
                if key in ("image", "thumbnail") and att.width is not None:
                    part.update(width=att.width, height=att.height)

    def _edit_message(self, msg: RecordedMessage, body: Json, uploads: dict[int, RecordedAttachment]) -> None:
        problems = message_problems(body, has_files=bool(uploads), editing=True)
        if problems:
            raise Reject(400, 50035, "Invalid Form Body", problems)
        msg.versions.append(msg.snapshot())
        if "content" in body:
            msg.content = body["content"] or ""
        if "embeds" in body:
            msg.embeds = copy.deepcopy(body["embeds"] or [])
        if "components" in body:
            msg.components = copy.deepcopy(body["components"] or [])
        if "attachments" in body or uploads:
            msg.attachments = self._attachments_for(body, uploads, msg.channel_id, msg.attachments)
        self._resolve_attachment_urls(msg)
        if "flags" in body and body["flags"] is not None:
            changeable = (1 << 2) | COMPONENTS_V2
            msg.flags = (msg.flags & ~changeable) | (int(body["flags"]) & changeable)
        msg.flags &= ~LOADING
        msg.edited_at = w.snowflake_time(self.ids.next())
        self._notify()

    def _visible_message(self, channel_id: int, message_id: int) -> RecordedMessage:
        msg = self.messages_by_id.get(message_id)
        if msg is None or msg.deleted or msg.ephemeral or msg.channel_id != channel_id:
            raise Reject(404, 10008, "Unknown Message")
        return msg

    async def _writable_channel(self, cid: int) -> FakeChannel:
        """The channel the bot posts in. As on Discord (docs: topics/threads "Active & Archived
        Threads", "Locked Threads"): a message in an archived thread unarchives it (THREAD_UPDATE),
        unless the thread is also locked (400 50083: the bot must unarchive it first, which it
        may with Manage Threads); only members with Manage Threads post in a locked thread."""
        ch = self.world.channels.get(cid)
        if ch is None:
            raise Reject(404, UNKNOWN_CHANNEL, "Unknown Channel")
        perms = discord.Permissions(self.world.permissions_in(self.bot_user, ch))
        can_send = perms.send_messages_in_threads if ch.is_thread else perms.send_messages
        if not (perms.view_channel and can_send):
            raise Reject(403, MISSING_PERMISSIONS, "Missing Permissions")
        if ch.is_thread and ch.archived and ch.locked:
            raise Reject(400, THREAD_ARCHIVED, "Thread is archived")
        if ch.is_thread and ch.locked and not perms.manage_threads:
            raise Reject(403, MISSING_PERMISSIONS, "Missing Permissions")
        if ch.is_thread and ch.archived:
            ch.archived = False
            await self.gateway.dispatch("THREAD_UPDATE", ch.payload(self.world))
        return ch

    def _check_not_archived(self, channel_id: int) -> None:
        """Nobody edits a message in an archived thread (docs: topics/threads)."""
        ch = self.world.channels.get(channel_id)
        if ch is not None and ch.is_thread and ch.archived:
            raise Reject(400, THREAD_ARCHIVED, "Thread is archived")

    # -- HTTP ----------------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/" and request.headers.get("Upgrade", "").lower() == "websocket":
            return await self.gateway.handle(request)
        api = path.startswith(API_PREFIX + "/")
        rel = path[len(API_PREFIX) :] if api else path
        rec = RecordedRequest(
            request.method,
            rel,
            dict(request.query),
            authorization=request.headers.get("Authorization"),
            at=asyncio.get_running_loop().time(),
            api=api,
        )
        self.requests.append(rec)
        response: web.StreamResponse
        limit_headers: dict[str, str] = {}
        try:
            rec.json, uploads = await self._read_body(request)
            rec.files = list(uploads.values())
            for method, pattern, handler, kind in self._routes:
                match = pattern.fullmatch(rel)
                if match and method == request.method:
                    params = match.groupdict()
                    rec.route = kind
                    rec.channel_id = self._channel_of(rec, params)
                    if self.rate_limiter is not None and api:
                        verdict = self.rate_limiter.check(kind, self._major(params), rec.at)
                        limit_headers = verdict.headers
                        if verdict.limited:
                            rec.limited = "global" if verdict.is_global else "user"
                            response = _json(verdict.body(), 429)
                            break
                    fault = next((f for f in self.faults if f.matches(rec)), None)
                    if fault is not None:
                        fault.hits += 1
                        rec.fault = True
                        if fault.hold and not fault.after:
                            await asyncio.sleep(fault.hold)
                    if fault is None or fault.after or (fault.status is None and not fault.disconnect):
                        if rec.channel_id in self.deleted_channels:
                            raise Reject(404, UNKNOWN_CHANNEL, "Unknown Channel")
                        response = await handler(rec, uploads, **params)
                    if fault is not None:
                        if fault.hold and fault.after:
                            await asyncio.sleep(fault.hold)
                        if fault.disconnect:
                            # Close the socket without an answer: the client sees the server disconnect
                            # (aiohttp then fails quietly to write the response returned below).
                            request.protocol.force_close()
                            rec.status = -1
                            self._notify()
                            return web.Response(status=503)
                        if fault.status is not None:
                            response = self._fault_answer(fault)
                    break
            else:
                self.unknown_routes.append(f"{request.method} {rel}")
                response = _json({"message": "404: Not Found", "code": 0}, 404)
        except Reject as e:
            reason = f"{e.status} {e.message}" + (f": {'; '.join(e.problems)}" if e.problems else "")
            self.rejected.append((rec, reason))
            body: Json = {"message": e.message, "code": e.code}
            if e.problems:
                body["errors"] = {"fake_discord": {"_errors": [{"code": "INVALID", "message": p} for p in e.problems]}}
            response = _json(body, e.status)
        except Exception:
            # Never a 5xx: discord.py retries those with sleeps. Tests fail on `errors`.
            self.errors.append(f"{request.method} {rel}:\n{traceback.format_exc()}")
            response = _json({"message": "fake Discord failed; see FakeDiscord.errors", "code": 0}, 400)
        response.headers.update(limit_headers)
        rec.status = response.status
        self._notify()
        return response

    @staticmethod
    def _fault_answer(fault: Fault) -> web.Response:
        assert fault.status is not None
        response = _json(fault.body(), fault.status)
        if fault.status == 429:
            response.headers.update(
                {
                    "Retry-After": str(max(1, math.ceil(fault.retry_after))),
                    "X-RateLimit-Scope": "shared",
                    "Via": VIA,
                }
            )
        return response

    def _channel_of(self, rec: RecordedRequest, params: dict[str, str]) -> int | None:
        if "cid" in params:
            return int(params["cid"])
        token = params.get("token")
        handle = self.interactions.get(token) if token else None
        if handle is None:
            return None
        thread_id = rec.query.get("thread_id")
        return int(thread_id) if thread_id else handle.channel_id

    @staticmethod
    def _major(params: dict[str, str]) -> str:
        """The top-level resource Discord keys a route's bucket by: channel, guild or webhook."""
        for key in ("cid", "gid"):
            if key in params:
                return params[key]
        if "token" in params:
            return f"{params.get('app') or params.get('iid')}:{params['token']}"
        return ""

    async def _read_body(self, request: web.Request) -> tuple[Any, dict[int, RecordedAttachment]]:
        uploads: dict[int, RecordedAttachment] = {}
        if request.content_type == "application/json":
            return await request.json(), uploads
        if request.content_type.startswith("multipart/"):
            payload: Any = None
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                assert isinstance(part, BodyPartReader)
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                elif part.name and part.name.startswith("files["):
                    index = int(part.name[len("files[") : -1])
                    data = bytes(await part.read(decode=False))
                    filename = part.filename or f"file{index}"
                    uploads[index] = RecordedAttachment(id=index, filename=filename, data=data)
            return payload, uploads
        if request.can_read_body:
            return await request.text(), uploads
        return None, uploads

    def _add_routes(self) -> None:
        me = re.escape("@me")
        table: list[tuple[str, str, Callable[..., Awaitable[web.StreamResponse]]]] = [
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway),
            ("GET", f"/users/{me}", self._get_me),
            ("GET", "/users/{uid}", self._get_user),
            ("POST", f"/users/{me}/channels", self._create_dm),
            ("GET", f"/oauth2/applications/{me}", self._get_application),
            ("GET", f"/applications/{me}", self._get_application),
            ("GET", "/applications/{app}/commands", self._get_commands),
            ("PUT", "/applications/{app}/commands", self._put_commands),
            ("POST", "/applications/{app}/commands", self._post_command),
            ("GET", "/applications/{app}/guilds/{gid}/commands", self._get_commands),
            ("PUT", "/applications/{app}/guilds/{gid}/commands", self._put_commands),
            ("POST", "/applications/{app}/guilds/{gid}/commands", self._post_command),
            ("POST", "/interactions/{iid}/{token}/callback", self._interaction_callback),
            ("POST", "/webhooks/{app}/{token}", self._webhook_execute),
            ("GET", "/webhooks/{app}/{token}/messages/{mid}", self._webhook_get),
            ("PATCH", "/webhooks/{app}/{token}/messages/{mid}", self._webhook_edit),
            ("DELETE", "/webhooks/{app}/{token}/messages/{mid}", self._webhook_delete),
            ("GET", "/channels/{cid}", self._get_channel),
            ("DELETE", "/channels/{cid}", self._delete_channel),
            ("PATCH", "/channels/{cid}", self._patch_channel),
            ("GET", "/channels/{cid}/messages", self._get_history),
            ("POST", "/channels/{cid}/messages", self._post_message),
            ("GET", "/channels/{cid}/messages/{mid}", self._get_message),
            ("PATCH", "/channels/{cid}/messages/{mid}", self._patch_message),
            ("DELETE", "/channels/{cid}/messages/{mid}", self._delete_message),
            ("POST", "/channels/{cid}/threads", self._create_thread),
            ("POST", "/channels/{cid}/messages/{mid}/threads", self._create_thread),
            ("PUT", "/channels/{cid}/thread-members/{uid}", self._thread_member),
            ("DELETE", "/channels/{cid}/thread-members/{uid}", self._thread_member),
            ("POST", "/channels/{cid}/typing", self._typing),
            ("PUT", "/channels/{cid}/messages/{mid}/reactions/{emoji}/{who}", self._reaction),
            ("DELETE", "/channels/{cid}/messages/{mid}/reactions/{emoji}/{who}", self._reaction),
            ("GET", "/guilds/{gid}", self._get_guild),
            ("GET", "/guilds/{gid}/channels", self._get_guild_channels),
            ("GET", "/guilds/{gid}/roles", self._get_roles),
            ("GET", "/guilds/{gid}/members", self._get_members),
            ("GET", "/guilds/{gid}/members/{uid}", self._get_member),
            ("PUT", "/guilds/{gid}/members/{uid}/roles/{rid}", self._member_role),
            ("DELETE", "/guilds/{gid}/members/{uid}/roles/{rid}", self._member_role),
            ("GET", "/attachments/{cid}/{aid}/{filename}", self._get_attachment),
        ]
        groups = {
            "token": r"[^/]+",
            "mid": r"@original|\d+",
            "uid": r"@me|\d+",
            "emoji": r"[^/]+",
            "who": r"@me|\d+",
            "filename": r"[^/]+",
        }
        for method, pattern, handler in table:
            regex = re.sub(r"\{(\w+)\}", lambda m: f"(?P<{m[1]}>{groups.get(m[1], r'[0-9]+')})", pattern)
            kind = re.sub(r"\{(\w+)\}", lambda m: "{token}" if m[1] == "token" else "{id}", pattern)
            self._routes.append((method, re.compile(regex), handler, f"{method} {kind.replace('@me', '{id}')}"))

    # -- REST: identity ------------------------------------------------------------------

    async def _get_gateway(self, rec: RecordedRequest, uploads: Any) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return _json({"url": self.gateway_url.rstrip("/"), "shards": self.shard_count, "session_start_limit": limit})

    async def _get_me(self, rec: RecordedRequest, uploads: Any) -> web.Response:
        if not (rec.authorization or "").startswith("Bot "):
            raise Reject(401, 0, "401: Unauthorized")
        return _json({**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def _get_user(self, rec: RecordedRequest, uploads: Any, uid: str) -> web.Response:
        user = self.world.users.get(int(uid))
        if user is None:
            raise Reject(404, 10013, "Unknown User")
        return _json(user.payload())

    async def _create_dm(self, rec: RecordedRequest, uploads: Any) -> web.Response:
        recipient = int(rec.json["recipient_id"])
        if recipient not in self.world.users:
            raise Reject(404, 10013, "Unknown User")
        dm = next((c for c in self.world.channels.values() if c.is_dm and c.recipient_id == recipient), None)
        if dm is None:
            dm = FakeChannel(self.ids.next(), "", type=1, guild_id=None, recipient_id=recipient)
            self.world.channels[dm.id] = dm
        return _json(dm.payload(self.world))

    async def _get_application(self, rec: RecordedRequest, uploads: Any) -> web.Response:
        return _json(self.world.application_payload())

    # -- REST: commands ------------------------------------------------------------------

    def _check_app(self, app: str, gid: str | None) -> None:
        if int(app) != self.application_id:
            raise Reject(403, 50001, "Missing Access")
        if gid is not None and int(gid) not in self.world.guild_ids:
            raise Reject(403, 50001, "Missing Access")

    async def _get_commands(self, rec: RecordedRequest, uploads: Any, app: str, gid: str | None = None) -> web.Response:
        self._check_app(app, gid)
        return _json(self.commands(int(gid) if gid else None))

    async def _put_commands(self, rec: RecordedRequest, uploads: Any, app: str, gid: str | None = None) -> web.Response:
        self._check_app(app, gid)
        guild_id = int(gid) if gid else None
        stored = self._echo_commands(rec.json, guild_id, self.commands(guild_id))
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[guild_id] = stored
        return _json(stored)

    async def _post_command(self, rec: RecordedRequest, uploads: Any, app: str, gid: str | None = None) -> web.Response:
        self._check_app(app, gid)
        guild_id = int(gid) if gid else None
        current = self.commands(guild_id)
        key = (rec.json["name"], rec.json.get("type", 1))
        others = [c for c in current if (c["name"], c.get("type", 1)) != key]
        [stored] = self._echo_commands([rec.json], guild_id, current)
        if guild_id is None:
            self.global_commands = [*others, stored]
        else:
            self.guild_commands[guild_id] = [*others, stored]
        return _json(stored, 201)

    def _echo_commands(self, body: list[Json], guild_id: int | None, current: list[Json]) -> list[Json]:
        problems = [p for cmd in body for p in command_problems(cmd, "/")]
        keys = [(c["name"], c.get("type", 1)) for c in body]
        if len(set(keys)) != len(keys):
            problems.append("two commands share a name")
        if problems:
            raise Reject(400, 50035, "Invalid Form Body", problems)
        old = {(c["name"], c.get("type", 1)): c for c in current}
        stored = []
        for cmd in body:
            c = copy.deepcopy(cmd)
            c.setdefault("type", 1)
            c.setdefault("description", "")
            c.setdefault("options", [])
            c.setdefault("default_member_permissions", None)
            if c["default_member_permissions"] is not None:
                # A permission bitfield: Discord takes a number or a string of digits and answers with a string.
                if not str(c["default_member_permissions"]).isdigit():
                    raise Reject(400, 50035, "Invalid Form Body", ["default_member_permissions: a bitfield"])
                c["default_member_permissions"] = str(c["default_member_permissions"])
            c.setdefault("nsfw", False)
            previous = old.get((c["name"], c["type"]))
            c["id"] = previous["id"] if previous else str(self.ids.next())
            c["application_id"] = str(self.application_id)
            c["version"] = str(self.ids.next())
            if guild_id is not None:
                c["guild_id"] = str(guild_id)
            stored.append(c)
        self._notify()
        return stored

    # -- REST: interactions and their webhooks -------------------------------------------

    def _handle_for(self, token: str, *, app: str | None = None, iid: str | None = None) -> InteractionHandle:
        handle = self.interactions.get(token)
        if handle is None or (iid is not None and handle.id != int(iid)):
            raise Reject(404, 10062, "Unknown interaction")
        if app is not None and int(app) != self.application_id:
            raise Reject(404, 10015, "Unknown Webhook")
        return handle

    async def _interaction_callback(
        self, rec: RecordedRequest, uploads: dict[int, RecordedAttachment], iid: str, token: str
    ) -> web.Response:
        handle = self._handle_for(token, iid=iid)
        if handle.callback is not None:
            raise Reject(400, 40060, "Interaction has already been acknowledged.")
        body: Json = rec.json or {}
        kind = int(body.get("type", 0))
        if kind not in ALLOWED_CALLBACKS.get(handle.type, set()):
            raise Reject(400, 50035, "Invalid Form Body", [f"callback type {kind} not allowed for {handle.type}"])
        data: Json = body.get("data") or {}
        channel = self.channel(handle.channel_id)
        resource: Json | None = None
        message: RecordedMessage | None = None
        if kind == CHANNEL_MESSAGE:
            message = self._create_message(
                channel, data, uploads, kind=20 if handle.type == APPLICATION_COMMAND else 0, handle=handle
            )
            handle.original_id = message.id
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            msg_type = 20 if handle.type == APPLICATION_COMMAND else 0
            message = self._create_message(channel, {}, {}, kind=msg_type, handle=handle, flags=flags, check=False)
            handle.original_id = message.id
        elif kind in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            if handle.message_id is None:
                raise Reject(400, 50035, "Invalid Form Body", ["no message to update"])
            message = self.messages_by_id[handle.message_id]
            if kind == UPDATE_MESSAGE:
                self._edit_message(message, data, uploads)
            handle.original_id = message.id
        elif kind == AUTOCOMPLETE_RESULT:
            choices = data.get("choices") or []
            if len(choices) > 25:
                raise Reject(400, 50035, "Invalid Form Body", ["choices: at most 25"])
        elif kind == MODAL:
            problems = components_problems(data.get("components") or [], v2=True)
            if not data.get("custom_id") or not 1 <= len(data.get("title") or "") <= 45:
                problems.append("a modal needs a custom_id and a title of 1-45 characters")
            if problems:
                raise Reject(400, 50035, "Invalid Form Body", problems)
        handle.callback = body
        if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE, DEFERRED_UPDATE_MESSAGE) and message is not None:
            s = message.snapshot()
            handle.reply = InteractionReply(
                s.content, s.embeds, s.components, s.attachments, s.flags, type=kind, message=message
            )
        elif kind == AUTOCOMPLETE_RESULT:
            handle.reply = InteractionReply(type=kind, choices=list(data.get("choices") or []))
        elif kind == MODAL:
            handle.reply = InteractionReply(type=kind, modal=data)
        if message is not None:
            if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
                await self._dispatch_message("MESSAGE_CREATE", message)
            elif kind == UPDATE_MESSAGE:
                await self._dispatch_message("MESSAGE_UPDATE", message)
            resource = {"type": kind}
            if kind != DEFERRED_UPDATE_MESSAGE:
                resource["message"] = self.message_payload(message)
        self._notify()
        if rec.query.get("with_response") not in ("1", "true", "True"):
            return _no_content()
        interaction: Json = {"id": str(handle.id), "type": handle.type, "activity_instance_id": None}
        if message is not None:
            interaction.update(
                response_message_id=str(message.id),
                response_message_loading=kind == DEFERRED_CHANNEL_MESSAGE,
                response_message_ephemeral=message.ephemeral,
            )
        answer: Json = {"interaction": interaction}
        if resource is not None:
            answer["resource"] = resource
        return _json(answer)

    def _webhook_message(self, handle: InteractionHandle, mid: str) -> RecordedMessage:
        if mid == "@original":
            msg = handle.original
        else:
            msg = self.messages_by_id.get(int(mid))
            if msg is not None and msg.id not in (handle.original_id, *handle.followup_ids):
                msg = None
        if msg is None or msg.deleted:
            raise Reject(404, 10008, "Unknown Message")
        return msg

    async def _webhook_execute(
        self, rec: RecordedRequest, uploads: dict[int, RecordedAttachment], app: str, token: str
    ) -> web.Response:
        handle = self._handle_for(token, app=app)
        if handle.callback is None:
            raise Reject(404, 10015, "Unknown Webhook")  # followups need an acknowledged interaction
        body: Json = rec.json or {}
        original = handle.original
        if handle.callback_type == DEFERRED_CHANNEL_MESSAGE and original is not None and original.loading:
            # The first followup after "thinking..." replaces it (keeping the defer's ephemerality).
            self._edit_message(original, body, uploads)
            handle.followup_ids.append(original.id)
            await self._dispatch_message("MESSAGE_UPDATE", original)
            msg = original
        else:
            thread_id = rec.query.get("thread_id")
            channel = self.channel(int(thread_id)) if thread_id else self.channel(handle.channel_id)
            kind = 20 if handle.type == APPLICATION_COMMAND else 0
            msg = self._create_message(channel, body, uploads, kind=kind, handle=handle)
            handle.followup_ids.append(msg.id)
            await self._dispatch_message("MESSAGE_CREATE", msg)
        if rec.query.get("wait") in ("1", "true", "True"):
            return _json(self.message_payload(msg))
        return _no_content()

    async def _webhook_get(self, rec: RecordedRequest, uploads: Any, app: str, token: str, mid: str) -> web.Response:
        return _json(self.message_payload(self._webhook_message(self._handle_for(token, app=app), mid)))

    async def _webhook_edit(
        self, rec: RecordedRequest, uploads: dict[int, RecordedAttachment], app: str, token: str, mid: str
    ) -> web.Response:
        msg = self._webhook_message(self._handle_for(token, app=app), mid)
        if not msg.ephemeral:
            self._check_not_archived(msg.channel_id)
        self._edit_message(msg, rec.json or {}, uploads)
        await self._dispatch_message("MESSAGE_UPDATE", msg)
        return _json(self.message_payload(msg))

    async def _webhook_delete(self, rec: RecordedRequest, uploads: Any, app: str, token: str, mid: str) -> web.Response:
        msg = self._webhook_message(self._handle_for(token, app=app), mid)
        await self._delete(msg)
        return _no_content()

    async def _delete(self, msg: RecordedMessage) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            data: Json = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id is not None:
                data["guild_id"] = str(msg.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", data)
        self._notify()

    # -- REST: channels and messages -----------------------------------------------------

    async def _get_channel(self, rec: RecordedRequest, uploads: Any, cid: str) -> web.Response:
        ch = self.world.channels.get(int(cid))
        if ch is None:
            raise Reject(404, 10003, "Unknown Channel")
        return _json(ch.payload(self.world))

    async def _delete_channel(self, rec: RecordedRequest, uploads: Any, cid: str) -> web.Response:
        """Delete a thread (what Dugout deletes): it leaves the world, and THREAD_DELETE goes out."""
        ch = self.world.channels.get(int(cid))
        if ch is None:
            raise Reject(404, UNKNOWN_CHANNEL, "Unknown Channel")
        if not ch.is_thread:
            raise Reject(400, 50024, "Cannot execute action on this channel type")  # the fake deletes threads only
        if not discord.Permissions(self.world.permissions_in(self.bot_user, ch)).manage_threads:
            raise Reject(403, 50013, "Missing Permissions")
        payload = ch.payload(self.world)
        del self.world.channels[ch.id]
        data: Json = {"id": str(ch.id), "guild_id": str(ch.guild_id), "parent_id": str(ch.parent_id), "type": ch.type}
        await self.gateway.dispatch("THREAD_DELETE", data)
        self._notify()
        return _json(payload)

    async def _patch_channel(self, rec: RecordedRequest, uploads: Any, cid: str) -> web.Response:
        """Edit a thread (name, archived, locked, auto_archive_duration) as docs: topics/threads
        "Editing & Deleting Threads" allows: its creator or Manage Threads changes name, archived
        and the archive duration (a locked thread included); locking needs Manage Threads."""
        ch = self.world.channels.get(int(cid))
        if ch is None:
            raise Reject(404, UNKNOWN_CHANNEL, "Unknown Channel")
        if not ch.is_thread:
            raise Reject(403, MISSING_PERMISSIONS, "Missing Permissions")  # the bot edits only its threads
        body: Json = rec.json or {}
        perms = discord.Permissions(self.world.permissions_in(self.bot_user, ch))
        creator = ch.owner_id == self.bot_user.id
        if "locked" in body and bool(body["locked"]) != ch.locked and not perms.manage_threads:
            raise Reject(403, MISSING_PERMISSIONS, "Missing Permissions")
        if ("name" in body or "auto_archive_duration" in body or "archived" in body) and not (
            creator or perms.manage_threads
        ):
            raise Reject(403, MISSING_PERMISSIONS, "Missing Permissions")
        if ch.archived and body.get("archived") is not False:
            raise Reject(400, THREAD_ARCHIVED, "Thread is archived")  # only unarchiving changes an archived thread
        if "name" in body:
            ch.name = str(body["name"])
        if "auto_archive_duration" in body:
            ch.auto_archive_duration = int(body["auto_archive_duration"])
        if "locked" in body:
            ch.locked = bool(body["locked"])
        if "archived" in body:
            ch.archived = bool(body["archived"])
        await self.gateway.dispatch("THREAD_UPDATE", ch.payload(self.world))
        return _json(ch.payload(self.world))

    async def _get_history(self, rec: RecordedRequest, uploads: Any, cid: str) -> web.Response:
        ch = self.channel(int(cid))
        found = self.messages_in(ch, include_ephemeral=False)
        q = rec.query
        if "before" in q:
            found = [m for m in found if m.id < int(q["before"])]
        if "after" in q:
            found = [m for m in found if m.id > int(q["after"])]
        limit = int(q.get("limit", 50))
        newest_first = list(reversed(found))
        if "after" in q:
            newest_first = newest_first[-limit:]
        return _json([self.message_payload(m) for m in newest_first[:limit]])

    async def _post_message(
        self, rec: RecordedRequest, uploads: dict[int, RecordedAttachment], cid: str
    ) -> web.Response:
        ch = await self._writable_channel(int(cid))
        body: Json = rec.json or {}
        reference = body.get("message_reference")
        if reference:
            target = self.messages_by_id.get(int(reference["message_id"]))
            if target is None or target.deleted or target.ephemeral:
                if reference.get("fail_if_not_exists", True):
                    raise Reject(400, 50035, "Invalid Form Body", ["message_reference: Unknown message"])
                body = {k: v for k, v in body.items() if k != "message_reference"}
        msg = self._create_message(ch, body, uploads)
        await self._dispatch_message("MESSAGE_CREATE", msg)
        return _json(self.message_payload(msg))

    async def _get_message(self, rec: RecordedRequest, uploads: Any, cid: str, mid: str) -> web.Response:
        return _json(self.message_payload(self._visible_message(int(cid), int(mid))))

    async def _patch_message(
        self, rec: RecordedRequest, uploads: dict[int, RecordedAttachment], cid: str, mid: str
    ) -> web.Response:
        msg = self._visible_message(int(cid), int(mid))
        if msg.author_id != self.bot_user.id:
            raise Reject(403, 50005, "Cannot edit a message authored by another user")
        self._check_not_archived(msg.channel_id)
        self._edit_message(msg, rec.json or {}, uploads)
        await self._dispatch_message("MESSAGE_UPDATE", msg)
        return _json(self.message_payload(msg))

    async def _delete_message(self, rec: RecordedRequest, uploads: Any, cid: str, mid: str) -> web.Response:
        msg = self._visible_message(int(cid), int(mid))
        ch = self.channel(int(cid))
        if msg.author_id != self.bot_user.id and not self.world.permissions_in(self.bot_user, ch) & (1 << 13):
            raise Reject(403, 50013, "Missing Permissions")
        await self._delete(msg)
        return _no_content()

    async def _create_thread(
        self, rec: RecordedRequest, uploads: Any, cid: str, mid: str | None = None
    ) -> web.Response:
        parent = self.world.channels.get(int(cid))
        if parent is None:
            raise Reject(404, 10003, "Unknown Channel")
        if parent.is_thread or parent.is_dm:
            raise Reject(400, 50024, "Cannot execute action on this channel type")
        body: Json = rec.json or {}
        name = body.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise Reject(400, 50035, "Invalid Form Body", ["name: 1-100 characters"])
        starter = None
        if mid is not None:
            starter = self._visible_message(parent.id, int(mid))
            if starter.thread_id is not None:
                raise Reject(400, 160004, "A thread has already been created for this message")
            kind = 11
        else:
            kind = int(body.get("type") or 12)
        perms = discord.Permissions(self.world.permissions_in(self.bot_user, parent))
        if not (perms.create_public_threads if kind == 11 else perms.create_private_threads):
            raise Reject(403, 50013, "Missing Permissions")
        thread = FakeChannel(
            id=starter.id if starter else self.ids.next(),
            name=name,
            type=kind,
            parent_id=parent.id,
            guild_id=parent.guild_id,
            owner_id=self.bot_user.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            invitable=bool(body.get("invitable", True)),
            thread_members={self.bot_user.id},
        )
        self.world.channels[thread.id] = thread
        if starter is not None:
            starter.thread_id = thread.id
        payload = thread.payload(self.world)
        payload["member"] = {
            "id": str(thread.id),
            "user_id": str(self.bot_user.id),
            "join_timestamp": w.iso(thread.id),
            "flags": 0,
        }
        await self.gateway.dispatch("THREAD_CREATE", {**payload, "newly_created": True})
        return _json(payload, 201)

    async def _thread_member(self, rec: RecordedRequest, uploads: Any, cid: str, uid: str) -> web.Response:
        thread = self.world.channels.get(int(cid))
        if thread is None or not thread.is_thread:
            raise Reject(404, 10003, "Unknown Channel")
        user_id = self.bot_user.id if uid == "@me" else int(uid)
        if user_id not in self.world.users:
            raise Reject(404, 10013, "Unknown User")
        if rec.method == "PUT":
            thread.thread_members.add(user_id)
        else:
            thread.thread_members.discard(user_id)
        self._notify()
        return _no_content()

    async def _typing(self, rec: RecordedRequest, uploads: Any, cid: str) -> web.Response:
        self.channel(int(cid))
        return _no_content()

    async def _reaction(
        self, rec: RecordedRequest, uploads: Any, cid: str, mid: str, emoji: str, who: str
    ) -> web.Response:
        msg = self._visible_message(int(cid), int(mid))
        if rec.method == "PUT" and emoji not in msg.reactions:
            msg.reactions.append(emoji)
        elif rec.method == "DELETE" and emoji in msg.reactions:
            msg.reactions.remove(emoji)
        self._notify()
        return _no_content()

    async def _get_attachment(
        self, rec: RecordedRequest, uploads: Any, cid: str, aid: str, filename: str
    ) -> web.Response:
        att = self.attachments.get(int(aid))
        if att is None:
            raise Reject(404, 0, "404: Not Found")
        return web.Response(body=att.data, headers={"Content-Type": att.content_type or "application/octet-stream"})

    # -- REST: the guild -----------------------------------------------------------------

    def _check_guild(self, gid: str) -> None:
        if int(gid) not in self.world.guild_ids:
            raise Reject(404, 10004, "Unknown Guild")

    def _member(self, uid: str) -> FakeUser:
        user = self.world.users.get(int(uid))
        if user is None or not user.in_guild:
            raise Reject(404, 10007, "Unknown Member")
        return user

    async def _get_guild(self, rec: RecordedRequest, uploads: Any, gid: str) -> web.Response:
        self._check_guild(gid)
        data = self.world.guild_payload(with_members=False, guild_id=int(gid))
        for key in ("channels", "threads", "members", "voice_states", "presences"):
            data.pop(key)
        return _json(data)

    async def _get_guild_channels(self, rec: RecordedRequest, uploads: Any, gid: str) -> web.Response:
        self._check_guild(gid)
        return _json(self.world.guild_payload(with_members=False, guild_id=int(gid))["channels"])

    async def _get_roles(self, rec: RecordedRequest, uploads: Any, gid: str) -> web.Response:
        self._check_guild(gid)
        return _json([r.payload() for r in self.world.roles.values() if r.guild_id == int(gid)])

    async def _get_members(self, rec: RecordedRequest, uploads: Any, gid: str) -> web.Response:
        self._check_guild(gid)
        after = int(rec.query.get("after", 0))
        limit = int(rec.query.get("limit", 1))
        members = sorted((u for u in self.world.users.values() if u.in_guild and u.id > after), key=lambda u: u.id)
        return _json([u.member_payload() for u in members[:limit]])

    async def _get_member(self, rec: RecordedRequest, uploads: Any, gid: str, uid: str) -> web.Response:
        self._check_guild(gid)
        return _json(self._member(uid).member_payload())

    async def _member_role(self, rec: RecordedRequest, uploads: Any, gid: str, uid: str, rid: str) -> web.Response:
        self._check_guild(gid)
        user = self._member(uid)
        role = self.world.roles.get(int(rid))
        if role is None or role.guild_id != int(gid):
            raise Reject(404, 10011, "Unknown Role")
        top = max(self.world.roles[r].position for r in self.bot_user.roles if self.world.roles[r].guild_id == int(gid))
        if not self.world.base_permissions(self.bot_user, int(gid)) & (1 << 28) or role.position >= top or role.managed:
            raise Reject(403, 50013, "Missing Permissions")
        if rec.method == "PUT" and role.id not in user.roles:
            user.roles.append(role.id)
        elif rec.method == "DELETE" and role.id in user.roles:
            user.roles.remove(role.id)
        await self.gateway.dispatch("GUILD_MEMBER_UPDATE", {**user.member_payload(), "guild_id": gid})
        return _no_content()
