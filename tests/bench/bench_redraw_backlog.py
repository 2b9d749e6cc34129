"""What a backlog of redraws waiting for the pacer's global budget holds in memory: kept as keys in
the redraw queue (the publisher's way), against one task per redraw waiting in the pacer (its way
before the queue, kept here for comparison).

    .venv/bin/python -m tests.bench.bench_redraw_backlog [--games 1000] [--players 4]

Each game asks for its table and every player's first DM panel at once, as at a burst of Starts;
each redraw makes the requests it reserved (a 50 ms round trip each) under the real budget of 40
requests a second, so nearly all of them wait. Python memory (tracemalloc) is read once every
redraw has reached its wait, then the backlog is dropped.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import tracemalloc
from types import SimpleNamespace

from cogs.common.pacing import _TICKET, Pacer
from cogs.common.publisher import DiscordPublisher


async def backlog(games: int, players: int, *, as_tasks: bool) -> str:
    rows = {
        sid: {"status": "running", "seats": [sid * 100 + p for p in range(players)], "roles": {}, "waiting": {"0": "t"}}
        for sid in range(games)
    }
    store = SimpleNamespace(peek=rows.get, dm_known=lambda _sid, _user: False)
    publisher = DiscordPublisher(SimpleNamespace(service=SimpleNamespace(store=store)))  # type: ignore[arg-type]
    publisher.pacer = Pacer()
    drawn = 0

    async def draw() -> None:
        nonlocal drawn
        ticket = _TICKET.get()
        assert ticket is not None
        for kind, count in dict(ticket.reserved).items():
            for _ in range(count):
                async with publisher.pacer.request(ticket.channel, kind):
                    await asyncio.sleep(0.05)
        drawn += 1

    tasks: list[asyncio.Task[None]] = []

    def ask(key: tuple[object, ...]) -> None:
        if as_tasks:
            tasks.append(asyncio.create_task(publisher._redraw(key, draw)))
        else:
            publisher.schedule(key, draw)

    gc.collect()
    tracemalloc.start()
    before_tasks = len(asyncio.all_tasks())
    for sid, row in rows.items():
        publisher._pubs[sid] = {"pending": {f"dm:{user}": 1 for user in row["seats"]}}
    base = tracemalloc.get_traced_memory()[0]
    for sid, row in rows.items():
        ask(("channel", sid))
        for user in row["seats"]:
            ask(("dm", sid, user))
    for _ in range(50):
        await asyncio.sleep(0)  # every redraw reaches its wait
    held = tracemalloc.get_traced_memory()[0] - base
    running = len(asyncio.all_tasks()) - before_tasks
    tracemalloc.stop()
    for task in tasks:
        task.cancel()
    publisher.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    way = "one task per redraw" if as_tasks else "keys in the redraw queue"
    return f"{way:<26} {games * (players + 1):>8} {held / 2**20:>9.1f} MB {running:>7} {drawn:>6}"


async def main(games: int, players: int) -> None:
    print(f"{'backlog kept as':<26} {'redraws':>8} {'Python memory':>12} {'tasks':>7} {'drawn':>6}")
    print(await backlog(games, players, as_tasks=True))
    print(await backlog(games, players, as_tasks=False))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.players))
