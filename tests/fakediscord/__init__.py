"""A fake Discord (REST + Gateway on 127.0.0.1) for end-to-end tests of the real discord.py client.

See server.py for `FakeDiscord`, fixtures.py for the pytest fixtures, and
/work/shared/design/fake-discord.md for why the tests work this way.
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
