"""The work slots of interactions answered first (cogs/common/replies.py): a Start's work goes
before the moves that waited first, so a burst of new games gets its tables and first panels.
Work waits as a task (`hold`) or as a job (`queue`, a record with no task until its turn)."""

from __future__ import annotations

import asyncio
import contextvars
from types import SimpleNamespace

from cogs.common.replies import Job, WorkSlots


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


def job(name: str, order: list[str], *, fails: bool = False) -> Job:
    async def run(_interaction: object) -> None:
        order.append(name)
        if fails:
            raise RuntimeError("the work failed")

    return Job(SimpleNamespace(id=name), run, contextvars.copy_context())  # type: ignore[arg-type]


async def test_jobs_wait_in_the_same_line_as_tasks_a_start_first_and_no_task_until_their_turn() -> None:
    slots = WorkSlots(1)
    order: list[str] = []
    gate = asyncio.Event()

    async def held(name: str) -> None:
        async with slots.hold():
            order.append(name)
            if name == "busy":
                await gate.wait()

    busy = asyncio.create_task(held("busy"))
    await asyncio.sleep(0)
    tasks_before = len(asyncio.all_tasks())
    slots.queue(job("move-0", order))
    waiter = asyncio.create_task(held("move-1"))
    await asyncio.sleep(0)
    slots.queue(job("move-2", order, fails=True))  # a failed job is logged and gives its slot back
    slots.queue(job("start", order), first=True)
    slots.queue(job("move-3", order))
    assert slots.waiting() == 5 and len(asyncio.all_tasks()) == tasks_before + 1  # only `held`'s task
    gate.set()
    await asyncio.gather(busy, waiter)
    while slots.waiting() or slots._running:
        await asyncio.sleep(0)
    assert order == ["busy", "start", "move-0", "move-1", "move-2", "move-3"]
    assert not slots.locked()


async def test_work_in_a_job_takes_no_second_slot() -> None:
    """The job's own `in_time` (a click's act) runs in the slot the job holds."""
    from cogs.common import replies

    slots = replies._slots()
    done = asyncio.Event()
    interaction = SimpleNamespace(id=1, extras={}, response=SimpleNamespace(is_done=lambda: True))

    async def work() -> str:
        return "applied"

    async def run(it: object) -> None:
        assert await replies.in_time(it, work()) == "applied"  # type: ignore[arg-type]
        done.set()

    for _ in range(replies.WORK_SLOTS - 1):
        slots._free -= 1  # every slot but one taken
    try:
        slots.queue(Job(interaction, run, contextvars.copy_context()))  # type: ignore[arg-type]
        await asyncio.wait_for(done.wait(), 5)
    finally:
        slots._free += replies.WORK_SLOTS - 1
