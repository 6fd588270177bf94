"""A fake Discord (REST + Gateway on 127.0.0.1) for end-to-end tests of the real discord.py client.

See server.py for `FakeDiscord` and fixtures.py for the pytest fixtures. Nothing here
reaches discord.com: the real client is pointed at this server on 127.0.0.1.
"""

from tests.fakediscord.records import (
    InteractionHandle,
    InteractionReply,
    MessageState,
    RecordedAttachment,
    RecordedMessage,
    RecordedRequest,
)
from tests.fakediscord.server import FakeDiscord
from tests.fakediscord.world import FakeChannel, FakeRole, FakeUser

__all__ = [
    "FakeChannel",
    "FakeDiscord",
    "FakeRole",
    "FakeUser",
    "InteractionHandle",
    "InteractionReply",
    "MessageState",
    "RecordedAttachment",
    "RecordedMessage",
    "RecordedRequest",
]
