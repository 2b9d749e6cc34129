"""The work slots of interactions answered first (cogs/common/replies.py): a Start's work goes
before the moves that waited first, so a burst of new games gets its tables and first panels."""

from __future__ import annotations

import asyncio

from cogs.common.replies import WorkSlots


async def test_a_start_waiting_for_a_slot_goes_before_the_moves_that_came_first() -> None:
    slots = WorkSlots(1)
    order: list[str] = []
    gate = asyncio.Event()

    async def work(name: str, first: bool = False) -> None:
        async with slots.hold(first=first):
            order.append(name)
            if name == "busy":
                await gate.wait()

    busy = asyncio.create_task(work("busy"))
    await asyncio.sleep(0)
    moves = [asyncio.create_task(work(f"move-{n}")) for n in range(3)]
    await asyncio.sleep(0)
    start = asyncio.create_task(work("start", first=True))
    await asyncio.sleep(0)
    assert slots.locked() and order == ["busy"]
    gate.set()
    await asyncio.gather(busy, *moves, start)
    assert order == ["busy", "start", "move-0", "move-1", "move-2"]
    assert not slots.locked()


async def test_a_waiter_cancelled_in_line_takes_no_slot_with_it() -> None:
    slots = WorkSlots(1)
    gate = asyncio.Event()
    done: list[str] = []

    async def work(name: str) -> None:
        async with slots.hold():
            if name == "busy":
                await gate.wait()
            done.append(name)

    busy = asyncio.create_task(work("busy"))
    await asyncio.sleep(0)
    gone, kept = asyncio.create_task(work("gone")), asyncio.create_task(work("kept"))
    await asyncio.sleep(0)
    gone.cancel()
    await asyncio.sleep(0)
    gate.set()
    await asyncio.gather(busy, kept)
    assert done == ["busy", "kept"] and gone.cancelled()
    assert not slots.locked()  # every slot came back
    async with slots.hold():
        assert slots.locked()
