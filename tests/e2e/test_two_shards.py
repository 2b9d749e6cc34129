"""Two bot processes, one shard each, share one PostgreSQL; a kill -9 of one loses nothing acknowledged.

Runs in CI against the PostgreSQL that .ci/run starts (TEST_POSTGRES_URL); skipped without it.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlmodel import SQLModel

from bot.store import Store
from tests.bench.bot_process import spawn
from tests.conftest import POSTGRES_URL
from tests.e2e.harness import FAKE_TOKEN, migrate
from tests.fakediscord import FakeDiscord
from tests.fakediscord.gateway import shard_of
from tests.fakediscord.state import FakeChannel, FakeMessage

pytestmark = pytest.mark.postgres


async def start_shard(fake: FakeDiscord, shard: int, tmp_path: Path) -> asyncio.subprocess.Process:
    env = {"SHARD_IDS": str(shard), "SHARD_COUNT": "2"}
    return await spawn(fake.base_url, POSTGRES_URL or "", FAKE_TOKEN, cwd=tmp_path, log=tmp_path / f"shard{shard}.log", env=env)


async def wait_shards_ready(fake: FakeDiscord, shards: int, ready_before: int) -> None:
    async def until() -> None:
        while not (
            fake.gateway.ready_count >= ready_before + shards
            and all(s.ws is not None and not s.ws.closed for s in fake.gateway.shards.values())
            and any(name == "highcard" for name, _t in fake.commands.get(None, {}))
        ):
            await asyncio.sleep(0.05)

    await asyncio.wait_for(until(), 60)


def table_of(fake: FakeDiscord, channel: FakeChannel) -> FakeMessage:
    return next(m for m in fake.messages(channel) if "High Card" in m.text)


async def reveal(fake: FakeDiscord, user: object, channel: FakeChannel) -> None:
    ix = await (await fake.slash(user, channel, "highcard reveal")).done()
    assert "revealed" in ix.text.lower() or ix.response_type in (4, 5, 6, 7), ix.text


async def test_two_shards_play_at_once_and_survive_a_kill(tmp_path: Path) -> None:
    assert POSTGRES_URL
    reset = Store(POSTGRES_URL)
    async with reset.engine.begin() as conn:
        await conn.run_sync(SQLModel.metadata.drop_all)
        await conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    await reset.close()
    await migrate(POSTGRES_URL)

    fake = FakeDiscord(token=FAKE_TOKEN)
    fake.shard_count = 2
    alice, bob, carol = (fake.add_user(name=n) for n in ("alice", "bob", "carol"))
    # One guild on each shard: Discord routes a guild by (id >> 22) % shard_count.
    guilds = [fake.add_guild(f"Shard {s}", members=[alice, bob, carol], id=(1_000_000 + s) << 22) for s in (0, 1)]
    assert [shard_of(g.id, 2) for g in guilds] == [0, 1]
    tables = [fake.add_channel(g, "table") for g in guilds]
    await fake.start()
    procs = []
    try:
        procs = [await start_shard(fake, s, tmp_path) for s in (0, 1)]
        await wait_shards_ready(fake, 2, 0)
        # Each process was given only its own shard's guild.
        ready = {f["d"]["shard"][0]: f["d"] for s in fake.gateway.shards.values() for f in s.sent if f["t"] == "READY"}
        assert {s: [g["id"] for g in d["guilds"]] for s, d in ready.items()} == {0: [str(guilds[0].id)], 1: [str(guilds[1].id)]}

        async def open_and_start(channel: FakeChannel) -> None:
            ix = await (await fake.slash(alice, channel, "highcard new")).done()
            assert "High Card: lobby" in ix.text
            for user in (bob, carol):
                await (await fake.slash(user, channel, "highcard join")).done()
            started = await (await fake.slash(alice, channel, "highcard start")).done()
            # The Start is answered with the table itself (docs/platform.md).
            assert "Waiting for" in started.text and "Reveal" in started.text, started.text

        await asyncio.gather(*(open_and_start(t) for t in tables))  # both shards at once
        await asyncio.gather(*(reveal(fake, alice, t) for t in tables))

        # kill -9 the second shard right after an acknowledged move in its guild.
        procs[1].send_signal(signal.SIGKILL)
        await procs[1].wait()
        store = Store(POSTGRES_URL)
        try:
            sessions = {row.guild_id: row for row in await store.list_active()}
            assert set(sessions) == {g.id for g in guilds}
            assert [m["command"]["type"] for m in sessions[guilds[1].id].moves] == ["reveal"]

            # The first shard plays on while the second is down.
            await reveal(fake, bob, tables[0])
            await reveal(fake, carol, tables[0])
            over = await store.get(sessions[guilds[0].id].id, fresh=True)  # type: ignore[arg-type]
            assert over is not None and over.status == "finished" and len(over.moves) == 3

            # The second comes back, its game as the dead process left it, and finishes.
            ready_before = fake.gateway.ready_count
            procs[1] = await start_shard(fake, 1, tmp_path)
            await wait_shards_ready(fake, 1, ready_before)
            await reveal(fake, bob, tables[1])
            await reveal(fake, carol, tables[1])
            done = await store.get(sessions[guilds[1].id].id, fresh=True)  # type: ignore[arg-type]
            assert done is not None and done.status == "finished"
            assert [m["seat"] for m in done.moves] == [0, 1, 2]  # nothing lost, nothing applied twice
        finally:
            await store.close()
        assert not fake.violations, [str(v) for v in fake.violations]
    finally:
        for proc in procs:
            if proc.returncode is None:
                proc.terminate()
                await proc.wait()
        await fake.stop()
