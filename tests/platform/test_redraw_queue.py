"""The redraw queue: redraws kept as keys, coalesced, drained by a bounded set of workers in order."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from types import SimpleNamespace

import pytest

from cogs.common import publisher as publisher_module
from cogs.common.pacing import Pacer
from cogs.common.publisher import REDRAW_WORKERS, DiscordPublisher
from cogs.common.redraw_queue import Job, RedrawQueue


async def _run(key: Hashable, job: Job) -> None:
    await job()


async def test_a_redraw_asked_for_while_one_is_queued_is_absorbed_and_the_newest_job_runs() -> None:
    drawn: list[str] = []
    queue = RedrawQueue(_run, workers=1)

    def job(name: str) -> Job:
        async def draw() -> None:
            drawn.append(name)
        return draw

    for n in range(5):
        queue.push("table", job(f"v{n}"))
    assert len(queue) == 1
    await queue.drain()
    assert drawn == ["v4"]
    assert len(queue) == 0 and queue.workers == 0  # an idle queue holds no worker


async def test_a_redraw_asked_for_while_it_runs_runs_once_more_after_it_so_the_last_state_is_drawn() -> None:
    state = {"version": 1}
    drawn: list[int] = []
    started = asyncio.Event()
    go_on = asyncio.Event()
    running = 0
    most = 0

    async def draw() -> None:
        nonlocal running, most
        running += 1
        most = max(most, running)
        seen = state["version"]
        started.set()
        await go_on.wait()
        drawn.append(seen)
        running -= 1

    queue = RedrawQueue(_run, workers=4)
    queue.push("table", draw)
    await started.wait()
    for version in (2, 3, 4):  # changes while the first redraw is under way
        state["version"] = version
        queue.push("table", draw)
    go_on.set()
    await queue.drain()
    assert drawn == [1, 4]  # one more redraw, of the newest state: nothing lost, nothing repeated
    assert most == 1  # redraws of one key never race, though workers were free


async def test_urgent_redraws_go_first_then_the_rest_each_in_the_order_first_asked() -> None:
    order: list[str] = []
    queue = RedrawQueue(_run, workers=1)

    def job(name: str) -> Job:
        async def draw() -> None:
            order.append(name)
        return draw

    queue.push("lobby 1", job("lobby 1"), urgent=False)
    queue.push("idle panel 2", job("idle panel 2"), urgent=False)
    queue.push("table 3", job("table 3"))
    queue.push("waited panel 4", job("waited panel 4"))
    queue.push("idle panel 5", job("idle panel 5"), urgent=False)
    queue.push("idle panel 5", job("idle panel 5 (now waited on)"))  # its player is now waited on
    queue.push("table 3", job("table 3 again"))  # absorbed, keeps its place
    assert queue.waiting() == (3, 2)
    await queue.drain()
    assert order == ["table 3 again", "waited panel 4", "idle panel 5 (now waited on)", "lobby 1", "idle panel 2"]


async def test_at_most_the_bound_of_redraws_run_at_once_and_a_thousand_queued_are_not_tasks() -> None:
    gate = asyncio.Event()
    running = 0
    most = 0
    done: list[int] = []

    def job(n: int) -> Job:
        async def draw() -> None:
            nonlocal running, most
            running += 1
            most = max(most, running)
            await gate.wait()
            running -= 1
            done.append(n)
        return draw

    queue = RedrawQueue(_run, workers=8)
    tasks_before = len(asyncio.all_tasks())
    for n in range(1000):
        queue.push(("dm", 1, n), job(n))
    await asyncio.sleep(0.01)
    assert queue.workers == 8
    assert len(asyncio.all_tasks()) - tasks_before == 8  # 992 wait as keys, not as tasks
    assert most == 8
    gate.set()
    await queue.drain()
    assert sorted(done) == list(range(1000)) and most == 8


async def test_a_key_whose_channel_has_no_room_is_set_aside_and_does_not_hold_a_worker() -> None:
    loop = asyncio.get_running_loop()
    opens_at = loop.time() + 0.2
    order: list[str] = []

    def room(key: Hashable) -> float:
        return max(0.0, opens_at - loop.time()) if key == "busy channel" else 0.0

    def job(name: str) -> Job:
        async def draw() -> None:
            order.append(name)
        return draw

    queue = RedrawQueue(_run, workers=1, room=room)
    queue.push("busy channel", job("busy channel"))
    queue.push("quiet channel", job("quiet channel"))
    await asyncio.sleep(0.05)
    assert order == ["quiet channel"]  # went meanwhile, on the one worker
    queue.push("busy channel", job("busy channel, newest"))  # absorbed while set aside
    await queue.drain()
    assert order == ["quiet channel", "busy channel, newest"]
    assert loop.time() >= opens_at


async def test_settled_waits_for_the_key_and_cancel_drops_everything() -> None:
    gate = asyncio.Event()

    async def slow() -> None:
        await gate.wait()

    queue = RedrawQueue(_run, workers=2)
    queue.push("a", slow)
    queue.push("b", slow)
    waiter = asyncio.create_task(queue.settled("a"))
    await asyncio.sleep(0)
    assert not waiter.done()
    gate.set()
    await asyncio.wait_for(waiter, 1)
    await queue.drain()

    gate.clear()
    queue.push("c", slow)
    queue.push("d", slow)
    await asyncio.sleep(0)
    queue.cancel()
    assert len(queue) == 0 and queue.workers == 0
    await asyncio.wait_for(queue.drain(), 1)
    done: list[str] = []

    async def quick() -> None:
        done.append("e")

    queue.push("e", quick)  # the queue works on after a cancel
    await asyncio.wait_for(queue.drain(), 1)
    assert done == ["e"]


async def test_the_publisher_keeps_a_burst_of_redraws_as_keys_in_a_bounded_set_of_workers() -> None:
    rows = {sid: {"status": "running", "seats": [sid], "roles": {}, "waiting": {}} for sid in range(500)}
    store = SimpleNamespace(peek=rows.get, dm_known=lambda _sid, _user: True)
    publisher = DiscordPublisher(SimpleNamespace(service=SimpleNamespace(store=store)))  # type: ignore[arg-type]
    publisher.pacer = Pacer(buckets={}, global_bucket=None)
    gate = asyncio.Event()
    drawn: list[tuple[str, int]] = []

    def job(kind: str, sid: int) -> Job:
        async def draw() -> None:
            await gate.wait()
            drawn.append((kind, sid))
        return draw

    tasks_before = len(asyncio.all_tasks())
    for sid in range(500):
        publisher.schedule(("channel", sid), job("channel", sid))
        publisher.schedule(("channel", sid), job("channel", sid))  # coalesced
        publisher._pubs[sid] = {"pending": {f"dm:{sid}": 1}}
        publisher.schedule(("dm", sid, sid), job("dm", sid))
    await asyncio.sleep(0.01)
    assert len(publisher.pending()) == 1000
    assert len(asyncio.all_tasks()) - tasks_before == 2 * REDRAW_WORKERS  # each worker and its drawing
    gate.set()
    await publisher.drain()
    assert sorted(drawn) == sorted([("channel", s) for s in range(500)] + [("dm", s) for s in range(500)])
    # The tables (urgent) went before the panels of players nobody waits on.
    assert all(kind == "channel" for kind, _ in drawn[:500 - REDRAW_WORKERS])  # all but those drawn at once
    assert publisher.pending() == set()


async def test_a_drawing_that_cannot_finish_does_not_hold_the_queue(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(publisher_module, "DRAW_STUCK", 0.05)
    monkeypatch.setattr(publisher_module, "REDRAW_WORKERS", 1)
    rows = {sid: {"status": "running", "seats": [sid], "roles": {}, "waiting": {}} for sid in range(3)}
    publisher = DiscordPublisher(SimpleNamespace(service=SimpleNamespace(store=SimpleNamespace(peek=rows.get))))  # type: ignore[arg-type]
    publisher.pacer = Pacer(buckets={}, global_bucket=None)
    stuck = asyncio.Event()  # a lock or a connection that does not come
    drawn: list[str] = []

    def job(name: str, wait: bool = False) -> Job:
        async def draw() -> None:
            if wait:
                await stuck.wait()
            drawn.append(name)
        return draw

    publisher.schedule(("channel", 0), job("table 0", wait=True))
    publisher.schedule(("channel", 1), job("table 1"))
    publisher.schedule(("channel", 2), job("table 2"))
    await asyncio.sleep(0.3)
    assert drawn == ["table 1", "table 2"]  # the one worker went on without the stuck drawing
    publisher.schedule(("channel", 0), job("table 0, newest"))  # asked again while it still runs
    assert ("channel", 0) in publisher.pending()
    stuck.set()
    await asyncio.wait_for(publisher.drain(), 2)
    assert drawn == ["table 1", "table 2", "table 0", "table 0, newest"]  # then once more, the newest
    assert publisher.pending() == set()


async def test_a_cancel_stops_the_drawings_under_way_too() -> None:
    rows = {0: {"status": "running", "seats": [0], "roles": {}, "waiting": {}}}
    publisher = DiscordPublisher(SimpleNamespace(service=SimpleNamespace(store=SimpleNamespace(peek=rows.get))))  # type: ignore[arg-type]
    publisher.pacer = Pacer(buckets={}, global_bucket=None)
    never = asyncio.Event()
    finished: list[str] = []

    async def draw() -> None:
        await never.wait()
        finished.append("drawn by a dead process")

    publisher.schedule(("channel", 0), draw)
    await asyncio.sleep(0.05)
    assert len(publisher._drawings) == 1
    publisher.cancel()  # a crash, in tests
    await asyncio.sleep(0.05)
    never.set()
    await asyncio.sleep(0.05)
    assert finished == [] and not publisher._drawings and publisher.pending() == set()
