"""The fake Discord's world: one guild (more with `add_guild`, for sharding), its roles, channels
and members, the bot user, and the JSON payloads Discord would send for them.

Ids are fixed so that tests can name them; ids made while a test runs come from a
deterministic snowflake generator (one millisecond apart, in creation order).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import discord

DISCORD_EPOCH_MS = 1420070400000
Json = dict[str, Any]

# Fixed snowflakes of the world (they read as dates in 2024).
BOT_ID = 1200000000000000001  # the bot user; the application has the same id, as on Discord
GUILD_ID = 1200000000000000100
EVERYONE_ROLE_ID = GUILD_ID  # Discord gives @everyone the guild's id
COMMISSIONER_ROLE_ID = 1200000000000000201
MANAGER_ROLE_ID = 1200000000000000202
BOT_ROLE_ID = 1200000000000000203
GENERAL_ID = 1200000000000000301
LEAGUE_ID = 1200000000000000302
GAMES_ID = 1200000000000000303
COMMISSIONER_ID = 1200000000000000401
MANAGER_A_ID = 1200000000000000402
MANAGER_B_ID = 1200000000000000403
STRANGER_ID = 1200000000000000404

ALL_PERMISSIONS = discord.Permissions.all().value
ADMINISTRATOR = discord.Permissions(administrator=True).value
EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    use_application_commands=True,
).value
COMMISSIONER_PERMISSIONS = discord.Permissions(
    manage_guild=True, manage_channels=True, manage_messages=True, manage_threads=True, manage_roles=True
).value
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    manage_threads=True,
    manage_messages=True,
    manage_roles=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
).value

# Gateway intents that gate events (discord.Intents flag values).
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15


def snowflake_time(snowflake: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, tz=dt.UTC)


def iso(snowflake_or_time: int | dt.datetime) -> str:
    when = snowflake_or_time if isinstance(snowflake_or_time, dt.datetime) else snowflake_time(snowflake_or_time)
    return when.isoformat()


class Snowflakes:
    """Deterministic ids: each one a millisecond after the last, from 2025-01-01."""

    def __init__(self, start: dt.datetime = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)) -> None:
        self._ms = int(start.timestamp() * 1000) - DISCORD_EPOCH_MS

    def next(self) -> int:
        self._ms += 1
        return self._ms << 22


@dataclass
class FakeRole:
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False
    bot_id: int | None = None  # a bot's own managed role
    color: int = 0
    guild_id: int = GUILD_ID

    def payload(self) -> Json:
        data: Json = {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": self.color,
            "colors": {"primary_color": self.color, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"


@dataclass
class FakeUser:
    """A user; all the fake's users are members of its one guild unless `in_guild` is False."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    in_guild: bool = True
    joined_at: dt.datetime = dt.datetime(2024, 6, 1, tzinfo=dt.UTC)

    def payload(self) -> Json:
        data: Json = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "banner": None,
            "accent_color": None,
            "public_flags": 0,
            "avatar_decoration_data": None,
        }
        if self.bot:
            data["bot"] = True
        return data

    def member_payload(self, *, with_user: bool = True) -> Json:
        data: Json = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.payload()
        return data

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        return self.nick or self.global_name or self.username


@dataclass
class FakeChannel:
    """A guild text channel (type 0), a thread (11 public, 12 private) or a DM (1)."""

    id: int
    name: str
    type: int = 0
    guild_id: int | None = GUILD_ID
    position: int = 0
    topic: str | None = None
    parent_id: int | None = None
    owner_id: int | None = None  # threads
    auto_archive_duration: int = 1440
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    thread_members: set[int] = field(default_factory=set)
    recipient_id: int | None = None  # DMs
    overwrites: list[Json] = field(default_factory=list)  # {"id", "type" 0 role/1 member, "allow", "deny"}
    message_count: int = 0
    last_message_id: int | None = None

    @property
    def is_thread(self) -> bool:
        return self.type in (10, 11, 12)

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self, world: World | None = None) -> Json:
        data: Json = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "flags": 0,
        }
        if self.is_dm:
            data.pop("name")
            recipient = world.users[self.recipient_id] if world and self.recipient_id else None
            data["recipients"] = [recipient.payload()] if recipient else []
            return data
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.is_thread:
            data.update(
                parent_id=str(self.parent_id),
                owner_id=str(self.owner_id),
                message_count=self.message_count,
                total_message_sent=self.message_count,
                member_count=len(self.thread_members),
                rate_limit_per_user=0,
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso(self.id),
                    "locked": self.locked,
                    "invitable": self.invitable,
                    "create_timestamp": iso(self.id),
                },
            )
        else:
            data.update(
                position=self.position,
                topic=self.topic,
                nsfw=False,
                rate_limit_per_user=0,
                parent_id=str(self.parent_id) if self.parent_id else None,
                permission_overwrites=self.overwrites,
                default_auto_archive_duration=1440,
            )
        return data


@dataclass
class World:
    """The guild and everything in it; `other_guilds` (added with `add_guild`): more servers, by id and name,
    whose members are the same users (with roles of their own guild only) and the same owner."""

    guild_id: int = GUILD_ID
    guild_name: str = "Dugout Test League"
    other_guilds: dict[int, str] = field(default_factory=dict)
    owner_id: int = COMMISSIONER_ID
    bot: FakeUser = field(default_factory=lambda: FakeUser(BOT_ID, "Dugout", bot=True, roles=[BOT_ROLE_ID]))
    users: dict[int, FakeUser] = field(default_factory=dict)
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)

    @classmethod
    def default(cls) -> World:
        world = cls()
        for role in (
            FakeRole(EVERYONE_ROLE_ID, "@everyone", EVERYONE_PERMISSIONS, position=0),
            FakeRole(MANAGER_ROLE_ID, "Manager", 0, position=1, color=0x1F8B4C),
            FakeRole(COMMISSIONER_ROLE_ID, "Commissioner", COMMISSIONER_PERMISSIONS, position=2, color=0xC27C0E),
            FakeRole(BOT_ROLE_ID, "Dugout", BOT_PERMISSIONS, position=3, managed=True, bot_id=BOT_ID),
        ):
            world.roles[role.id] = role
        for user in (
            world.bot,
            FakeUser(COMMISSIONER_ID, "commish", "The Commissioner", roles=[COMMISSIONER_ROLE_ID]),
            FakeUser(MANAGER_A_ID, "skipper_a", "Skipper A", roles=[MANAGER_ROLE_ID]),
            FakeUser(MANAGER_B_ID, "skipper_b", "Skipper B", roles=[MANAGER_ROLE_ID]),
            FakeUser(STRANGER_ID, "lurker", "Lurker"),
        ):
            world.users[user.id] = user
        for position, (cid, name, topic) in enumerate(
            (
                (GENERAL_ID, "general", None),
                (LEAGUE_ID, "league-office", "Commissioner business"),
                (GAMES_ID, "games", "Live games, one thread each"),
            )
        ):
            world.channels[cid] = FakeChannel(cid, name, position=position, topic=topic)
        return world

    @property
    def guild_ids(self) -> list[int]:
        return [self.guild_id, *self.other_guilds]

    def add_guild(self, guild_id: int, name: str, ids: Snowflakes) -> dict[str, FakeChannel]:
        """Another server with an @everyone role, the bot's managed role and the channels general,
        league-office and games (new ids from ``ids``); its channels by name."""
        self.other_guilds[guild_id] = name
        self.roles[guild_id] = FakeRole(guild_id, "@everyone", EVERYONE_PERMISSIONS, guild_id=guild_id)
        bot_role = FakeRole(ids.next(), "Dugout", BOT_PERMISSIONS, 3, managed=True, bot_id=BOT_ID, guild_id=guild_id)
        self.roles[bot_role.id] = bot_role
        self.bot.roles.append(bot_role.id)
        made = {}
        for position, channel_name in enumerate(("general", "league-office", "games")):
            made[channel_name] = FakeChannel(ids.next(), channel_name, guild_id=guild_id, position=position)
            self.channels[made[channel_name].id] = made[channel_name]
        return made

    # -- permissions -------------------------------------------------------------------

    def base_permissions(self, user: FakeUser, guild_id: int | None = None) -> int:
        gid = guild_id or self.guild_id
        if user.id == self.owner_id:
            return ALL_PERMISSIONS
        perms = self.roles[gid].permissions
        for rid in user.roles:
            if self.roles[rid].guild_id == gid:
                perms |= self.roles[rid].permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def permissions_in(self, user: FakeUser, channel: FakeChannel) -> int:
        """Discord's permission algorithm (threads take their parent's overwrites)."""
        if channel.is_dm:
            return EVERYONE_PERMISSIONS
        gid = channel.guild_id or self.guild_id
        perms = self.base_permissions(user, gid)
        if perms == ALL_PERMISSIONS:
            return perms
        source = self.channels.get(channel.parent_id or 0, channel) if channel.is_thread else channel
        by_id = {int(o["id"]): o for o in source.overwrites}
        everyone = by_id.get(gid)
        if everyone:
            perms = (perms & ~int(everyone["deny"])) | int(everyone["allow"])
        allow = deny = 0
        for rid in user.roles:
            o = by_id.get(rid)
            if o and o.get("type", 0) == 0:
                allow |= int(o["allow"])
                deny |= int(o["deny"])
        perms = (perms & ~deny) | allow
        mine = by_id.get(user.id)
        if mine and mine.get("type", 1) == 1:
            perms = (perms & ~int(mine["deny"])) | int(mine["allow"])
        return perms

    # -- payloads ----------------------------------------------------------------------

    def guild_payload(self, *, with_members: bool, guild_id: int | None = None) -> Json:
        gid = guild_id or self.guild_id
        members = [u for u in self.users.values() if u.in_guild]
        shown = members if with_members else [self.bot]
        channels = [c for c in self.channels.values() if c.guild_id == gid]
        general = next((c.id for c in channels if c.name == "general" and not c.is_thread), None)
        return {
            "id": str(gid),
            "name": self.guild_name if gid == self.guild_id else self.other_guilds[gid],
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "system_channel_id": str(general) if general else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "features": [],
            "roles": [r.payload() for r in self.roles.values() if r.guild_id == gid],
            "emojis": [],
            "stickers": [],
            "channels": [c.payload(self) for c in channels if not c.is_thread and not c.is_dm],
            "threads": [c.payload(self) for c in channels if c.is_thread and not c.archived],
            "members": [u.member_payload() for u in shown],
            "member_count": len(members),
            "large": False,
            "unavailable": False,
            "joined_at": iso(self.bot.joined_at),
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "premium_progress_bar_enabled": False,
        }

    def application_payload(self) -> Json:
        owner = self.users[self.owner_id]
        return {
            "id": str(self.bot.id),
            "name": self.bot.username,
            "description": "Dugout, under test",
            "icon": None,
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": 1,
            "bot": self.bot.payload(),
        }
