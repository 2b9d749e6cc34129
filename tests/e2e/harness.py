"""Run the real bot (bot.client.TabletopBot) against the fake Discord in a test.

    async with running_bot(fake, tmp_path) as bot:
        ix = await fake.slash(alice, table, "highcard new")

`restart` closes the bot and starts a new process-like instance on the same
database, as a real restart would.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.client import TabletopBot
from bot.config import Settings
from bot.store import Store
from cogs.common.components import parse_custom_id
from cogs.common.replies import WORK_TASK, work_waiting
from tests.fakediscord import FakeDiscord, run_client

FAKE_TOKEN = "MTAxMDEwMTAxMDEwMTAxMDEw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123"


def settings_for(tmp_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "discord_token": FAKE_TOKEN,
        "database_url": f"sqlite+aiosqlite:///{tmp_path}/bot.db",
        "demo_game": True,
        "sweep_seconds": 3600,
        # Pictures cost CPU on every table and panel redraw; the tests that are about them turn them on,
        # and E2E_PICTURES=1 turns them on everywhere (to look at them in --transcripts pages).
        "pictures": os.environ.get("E2E_PICTURES") == "1",
        # The fake enforces no rate limits unless a test asks: redraws need not wait for Discord's buckets.
        "pace_redraws": False,
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, tmp_path: Path, *, seed: int = 1234, sync: bool = True, **overrides: Any) -> AsyncIterator[TabletopBot]:
    settings = settings_for(tmp_path, **overrides)
    await migrate(settings.database_url)

    def make() -> TabletopBot:
        bot = TabletopBot(settings, seed_source=lambda: seed)
        # Until every game's cog exists, load only the cogs that are there.
        bot.extensions_to_load = [e for e in bot.extensions_to_load if importlib.util.find_spec(e) is not None]
        return bot

    async with run_client(fake, make) as bot:
        # `ix.done()` of a deferred interaction returns once the bot has finished its work.
        fake.after_deferral = lambda: settle(bot)
        try:
            if sync:
                await bot.sync_commands()
            yield bot
            await bot.publisher.drain()
        finally:
            fake.after_deferral = None


async def migrate(database_url: str) -> None:
    """What `python -m bot --migrate` does: the bot itself refuses an unmigrated database."""
    store = Store(database_url)
    try:
        await store.migrate()
    finally:
        await store.close()


# The tasks discord.py runs an interaction's handler in (a slash command, a button or select of a
# view or a dynamic item, a modal, an `on_interaction` listener).
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-", "discord.py: on_interaction", WORK_TASK)
SETTLE_SECONDS = 120.0  # a bound for a hang only: a loaded machine can take many seconds


async def settle(bot: TabletopBot, timeout: float = SETTLE_SECONDS) -> None:
    """Wait until the bot has finished handling every interaction it received and has sent every
    message edit it scheduled. An answered interaction is not a finished one: a click the bot
    deferred (busy, or its save slow) is still being applied after its acknowledgement, and only
    then schedules its redraws."""

    async def until() -> None:
        me = asyncio.current_task()
        while True:
            handlers = [t for t in asyncio.all_tasks() if t is not me and not t.done() and t.get_name().startswith(HANDLER_TASKS)]
            if handlers:
                await asyncio.wait(handlers)
                continue
            if work_waiting():  # answered work in line for a slot (`replies.later`): its turn comes
                await asyncio.sleep(0.01)
                continue
            await bot.publisher.drain()
            if not any(not t.done() and t.get_name().startswith(HANDLER_TASKS) for t in asyncio.all_tasks()):
                return

    try:
        await asyncio.wait_for(until(), timeout)
    except TimeoutError:
        stuck = [t.get_name() for t in asyncio.all_tasks() if t.get_name().startswith(HANDLER_TASKS)]
        raise TimeoutError(f"the bot was still busy after {timeout} s: {stuck} or its redraws") from None


async def answer(fake: FakeDiscord, user: Any, asked: Any, label: str = "Confirm", *, followups: int = 0) -> Any:
    """Press Confirm (or Cancel) on the "Are you sure?" ephemeral that `asked` was answered with."""
    question = asked.original
    assert asked.ephemeral and "Are you sure?" in asked.text, asked.text
    return await (await fake.click(user, question, fake.find_button(question, label=label))).done(followups=followups)


async def highcard_lobby(fake: FakeDiscord, bot: TabletopBot) -> Any:
    """Alice opens a High Card game in the table channel and Bob joins it by command: the lobby message."""
    w = fake.world
    await (await fake.slash(w.alice, w.table, "highcard new")).done()
    await (await fake.slash(w.bob, w.table, "highcard join")).done()
    await settle(bot)
    [lobby] = [m for m in fake.messages(w.table) if m.components]
    return lobby


async def highcard_three(fake: FakeDiscord, bot: TabletopBot) -> list[Any]:
    """Alice, Bob (by command) and Carol (by the lobby's button) start a High Card game: the three
    players in turn order, the one the game waits on first."""
    w = fake.world
    lobby = await highcard_lobby(fake, bot)
    await (await fake.click(w.carol, lobby, fake.find_button(lobby, label="Join"))).done()
    await (await fake.slash(w.alice, w.table, "highcard start")).done(followups=1)
    await settle(bot)
    row = await bot.service.session_in(w.table.id)
    users = {u.id: u for u in (w.alice, w.bob, w.carol)}
    first = row.seats.index(row.seats[int(next(iter(row.waiting)))])
    return [users[row.seats[(first + k) % 3]] for k in range(3)]


def guests(fake: FakeDiscord, *names: str) -> list[Any]:
    """New users who are members of the test guild (more players than the world's three)."""
    users = [fake.add_user(name=name) for name in names]
    for user in users:
        fake.add_member(fake.world.guild, user)
    return users


def plain_id(cid: str) -> str:
    """A game custom id without the moment it was drawn for (`gm:3@7:pass` -> `gm:3:pass`)."""
    parts = parse_custom_id(cid)
    return cid if parts is None else str(replace(parts, moment=None))


def ids_on(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component with a custom id, nested rows flattened."""
    out: list[dict[str, Any]] = []
    for comp in components:
        if comp.get("custom_id"):
            out.append(comp)
        out.extend(ids_on(comp.get("components", [])))
    return out


def stamped(msg: Any, plain: str) -> str:
    """The real custom id on `msg` of the component whose id, without its moment, is `plain`."""
    for comp in ids_on(msg.components):
        if plain_id(comp["custom_id"]) == plain:
            return str(comp["custom_id"])
    raise LookupError(f"no component {plain!r} on message {msg.id}: {[c['custom_id'] for c in ids_on(msg.components)]}")


def private(ix: Any) -> bool:
    """Answered only to the user: an ephemeral reply, or only ephemeral follow-ups after a deferral
    (the bot defers when an answer could miss Discord's 3 seconds)."""
    return bool(ix.ephemeral or ix.followups and all(m.ephemeral for m in ix.followups))
