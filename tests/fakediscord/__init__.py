"""A loopback fake of Discord's REST API and gateway for end-to-end tests of the bot."""

from .client import patch_discord, run_client, unpatch
from .interactions import Interaction
from .rest import RecordedRequest
from .server import FakeDiscord, Violation
from .state import FakeChannel, FakeGuild, FakeMessage, FakeUser

__all__ = [
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeUser",
    "Interaction",
    "RecordedRequest",
    "Violation",
    "patch_discord",
    "run_client",
    "unpatch",
]
