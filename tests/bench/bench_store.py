"""Store benchmark: how many session saves per second N concurrent writers get, and their p99.

    DATABASE_URL=postgresql+asyncpg://... .venv/bin/python -m tests.bench.bench_store [--writers 200] [--saves 20] [--fresh]

Each writer owns one session (a state of a few KB, as the games save) and saves it `--saves`
times in a row, all writers at once on one event loop, as the bot's channels do. With `--fresh`
each save is preceded by a load from the database (through SQLAlchemy), not from the row cache.
Not part of the test run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time

from sqlalchemy import text
from sqlmodel import SQLModel

from bot.store import GameSession, Store


async def main(writers: int, saves: int, fresh: bool = False) -> None:
    url = os.environ.get("DATABASE_URL") or f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/store.db"
    store = Store(url)
    if not url.startswith("sqlite"):
        async with store.engine.begin() as conn:
            await conn.run_sync(SQLModel.metadata.drop_all)
            await conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    await store.migrate()
    state = {"public": {"log": ["a line of the game's public log"] * 60}, "rng": {"seed": 1, "calls": 0}}
    ids = [
        (await store.create(GameSession(channel_id=i + 1, game="bench", host_id=1, status="running", state=state))).id
        for i in range(writers)
    ]
    waits: list[float] = []
    loads: list[float] = []

    async def writer(session_id: int) -> None:
        for n in range(saves):
            started = time.perf_counter()
            row = await store.get(session_id, fresh=fresh)
            loads.append(time.perf_counter() - started)
            assert row is not None
            row.state = {**state, "rng": {"seed": 1, "calls": n}}
            started = time.perf_counter()
            await store.save(row)
            waits.append(time.perf_counter() - started)

    started = time.perf_counter()
    await asyncio.gather(*(writer(i) for i in ids))  # type: ignore[arg-type]
    elapsed = time.perf_counter() - started
    await store.close()
    waits.sort()
    loads.sort()
    print(
        f"{url.split('://')[0]}: {writers} writers x {saves} saves: {len(waits) / elapsed:.0f} saves/s, "
        f"save p50 {waits[len(waits) // 2] * 1000:.1f} ms, p99 {waits[int(len(waits) * 0.99)] * 1000:.1f} ms"
        + (f"; load from the database p50 {loads[len(loads) // 2] * 1000:.1f} ms, p99 {loads[int(len(loads) * 0.99)] * 1000:.1f} ms" if fresh else "")
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--writers", type=int, default=200)
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--fresh", action="store_true", help="load each row from the database before saving it")
    args = parser.parse_args()
    asyncio.run(main(args.writers, args.saves, args.fresh))
