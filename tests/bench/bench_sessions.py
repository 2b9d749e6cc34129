"""Load benchmark: the real bot against the fake Discord, N channels acting at once.

    .venv/bin/python -m tests.bench.bench_sessions [--channels 200] [--rounds 5]
    DATABASE_URL=postgresql+asyncpg://... .venv/bin/python -m tests.bench.bench_sessions

Each channel opens a High Card lobby, then for every round: a player joins, rolls a
`/check`, leaves, and someone sends the bare `/ping`. Prints p50/p99 latency from
INTERACTION_CREATE to the bot's callback for session actions, for /check and for /ping (all
measured in the same run, on the same event loop), the ratio of action p99 to ping p99,
actions per second, and any failed interaction. Not part of the test run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy.ext.asyncio import create_async_engine
from sqlmodel import SQLModel

from tests.fakediscord import FakeDiscord, Interaction


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def channel_loop(
    fake: FakeDiscord,
    channel: object,
    host: object,
    guest: object,
    rounds: int,
    out: dict[str, list[Interaction]],
) -> None:
    async def send(kind: str, user: object, command: str, **options: object) -> None:
        ix = await fake.slash(user, channel, command, **options)
        with contextlib.suppress(TimeoutError):  # counted as failed below: no accepted response
            await ix.done(timeout=30)
        out[kind].append(ix)

    await send("action", host, "highcard new")
    for _ in range(rounds):
        await send("action", guest, "highcard join")
        await send("check", guest, "check", virtue="soul", dice=4, target=13)
        await send("action", guest, "highcard leave")
        await send("ping", host, "ping")


async def main(channels: int, rounds: int) -> None:
    logging.basicConfig(level=logging.WARNING)
    fake = FakeDiscord()
    hosts = [fake.add_user(name=f"host{i}") for i in range(channels)]
    guests = [fake.add_user(name=f"guest{i}") for i in range(channels)]
    guild = fake.add_guild("Bench", members=hosts + guests)
    rooms = [fake.add_channel(guild, f"table-{i}") for i in range(channels)]
    await fake.start()
    tmp = Path(tempfile.mkdtemp())
    url = os.environ.get("DATABASE_URL") or f"sqlite+aiosqlite:///{tmp}/bench.db"
    backend = url.split("://")[0]
    if not url.startswith("sqlite"):  # a clean PostgreSQL database for every run
        engine = create_async_engine(url)
        async with engine.begin() as conn:
            await conn.run_sync(SQLModel.metadata.drop_all)
        await engine.dispose()
    # The bot runs in its own process, as in production; this process is Discord and the players.
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        *(os.environ.get("BENCH_BOT", "-m tests.bench.bot_process").split()),
        fake.base_url,
        url,
        fake.token,
    )
    try:
        await fake.wait_ready(timeout=60)
        await fake.wait_for(lambda: fake.commands.get(None), timeout=60)
        out: dict[str, list[Interaction]] = {"action": [], "check": [], "ping": []}
        started = time.perf_counter()
        await asyncio.gather(
            *(channel_loop(fake, rooms[i], hosts[i], guests[i], rounds, out) for i in range(channels))
        )
        elapsed = time.perf_counter() - started
    finally:
        if proc.returncode is None:
            proc.terminate()
        await proc.wait()
        await fake.stop()
    every = [ix for group in out.values() for ix in group]
    failed = [
        ix for ix in every if ix.latency is None or ix.errors or (ix.ephemeral and "wrong" in ix.text.lower())
    ]
    refused = [
        ix for ix in out["action"] if ix.ephemeral and "joined" not in ix.text and "left" not in ix.text
    ]
    print(
        f"backend: {backend}; channels: {channels}; rounds: {rounds}; interactions: {len(every)} in {elapsed:.1f} s"
    )
    for name in ("action", "check", "ping"):
        lat = [ix.latency for ix in out[name] if ix.latency is not None] or [0.0]
        print(
            f"{name:>7}: n={len(lat):5d}  p50 {pct(lat, 0.50):7.1f} ms  p99 {pct(lat, 0.99):7.1f} ms  mean {statistics.mean(lat) * 1000:7.1f} ms"
        )
    act = [ix.latency for ix in out["action"] if ix.latency is not None] or [0.0]
    ping = [ix.latency for ix in out["ping"] if ix.latency is not None] or [1e-9]
    print(f"session-action p99 / ping p99: {pct(act, 0.99) / pct(ping, 0.99):.2f} (target <= 2.0)")
    print(
        f"interactions per second: {len(every) / elapsed:.0f}; session actions per second: {len(out['action']) / elapsed:.0f}"
    )
    print(
        f"failed interactions: {len(failed)}; refused session actions: {len(refused)}; fake-Discord violations: {len(fake.violations)}"
    )
    for ix in (failed + refused)[:5]:
        print("  e.g.", ix.errors or ix.text[:120])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--channels", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(main(args.channels, args.rounds))
