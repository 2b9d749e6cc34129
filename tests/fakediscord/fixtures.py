"""Pytest fixtures; import them into a folder's conftest.py:

from tests.fakediscord.fixtures import fake_discord  # noqa: F401
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from . import proofread, transcript
from .client import stamp_sends
from .server import FakeDiscord
from .state import FakeChannel, FakeGuild, FakeUser


@dataclass
class World:
    """The people and places the `fake_discord` fixture sets up."""

    guild: FakeGuild
    table: FakeChannel
    lounge: FakeChannel
    thread: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser
    # Not a member of the guild; only DMs reach them.
    outsider: FakeUser


@pytest.fixture
async def fake_discord(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord with one guild (`fake.world`): three members, two channels, a thread.

    At teardown it fails the test if the bot broke a Discord rule; a test that provokes a
    violation on purpose takes it with `fake.take_violations()`.
    """
    fake = FakeDiscord()
    alice, bob, carol = fake.add_user(name="alice"), fake.add_user(name="bob"), fake.add_user(name="carol")
    outsider = fake.add_user(name="outsider")
    guild = fake.add_guild("Game Night", members=[alice, bob, carol])
    table = fake.add_channel(guild, "table")
    lounge = fake.add_channel(guild, "lounge")
    thread = fake.add_thread(table, "side-quest", owner=alice)
    fake.world = World(guild, table, lounge, thread, alice, bob, carol, outsider)
    # The fake shares this process with the bot: on a loaded machine, time spent waiting for a CPU
    # is the machine's, not the bot's (see cpuwait.py).
    fake.excuse_cpu_wait = True
    # Nor is the time a request the bot sent waits for the fake's turn of the event loop: rate
    # limits count each request when the bot wrote it (bunched by the wait, spaced requests hit
    # the global limit: the flaky test_busy_tables_under_discords_limits... at load 20-25).
    stamp_sends()
    fake.trust_sent_at = True
    fake.keep_files = bool(request.config.getoption("--transcripts", default=None))
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
        out = request.config.getoption("--transcripts", default=None)
        if out:
            name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid.split("/")[-1])
            transcript.write(fake, Path(out) / name, request.node.nodeid)
    assert not fake.violations, "the bot broke Discord's rules:\n" + "\n".join(map(str, fake.violations))
    slips = proofread.findings(fake)
    assert not slips, "the bot's messages need proofreading:\n" + "\n".join(slips)
