"""The benchmark's breakdown of where a first answer waited (bot/waits.py): off unless a collector
is installed, and each step counted only up to the first answer."""

from __future__ import annotations

import asyncio
import contextlib
from types import SimpleNamespace
from typing import Any

import pytest

from bot import waits
from bot.store import GameSession, Store


async def test_steps_are_traced_per_interaction_and_cut_at_the_first_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    collector = waits.Waits()
    monkeypatch.setattr(waits, "COLLECTOR", collector)

    async def handler(interaction_id: int, answer_after_save: bool) -> None:
        waits.handling()
        with waits.span("lock"):
            await asyncio.sleep(0.02)
        if not answer_after_save:
            waits.answered(interaction_id, "deferred")
        with waits.span("save"):
            await asyncio.sleep(0.05)
        waits.answered(interaction_id, "answered")

    tasks = []
    for interaction_id, after in ((1, True), (2, False)):
        with waits.traced(interaction_id, "move play"):  # as the gateway parses it: its tasks trace it
            tasks.append(asyncio.create_task(handler(interaction_id, after)))
    with waits.span("save"):  # outside any traced interaction: nothing recorded
        pass
    await asyncio.gather(*tasks)
    second, first = collector.slowest({"move"})  # kept whole: the slowest last
    assert [name for name, _, _ in first.spans] == ["lock", "save"] and first.how == "answered"
    assert second.how == "deferred"  # the first answer only: the later one does not overwrite it
    assert first.answered is not None and second.answered is not None
    assert first.answered - first.arrived >= 0.07 > second.answered - second.arrived
    report = collector.report({"move"})
    assert "2 traced" in report and "answered by answered 1" in report
    save_line = next(line for line in report.splitlines() if line.strip().startswith("save:"))
    slowest_mean = float(save_line.split()[-1])
    assert slowest_mean >= 45  # the slowest (the first) waited for its save; the other answered before
    assert collector.report({"ping"}) == "[bot] action waits: none traced"


async def test_a_step_under_way_at_the_first_answer_counts_up_to_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard defers a click while it waits for a work slot: the slot's wait so far is the
    click's wait, not "other"."""
    collector = waits.Waits()
    monkeypatch.setattr(waits, "COLLECTOR", collector)

    async def handler() -> None:
        waits.handling()
        with waits.span("work slot"):
            await asyncio.sleep(0.05)
            waits.answered(1, "deferred by the guard")
            await asyncio.sleep(0.05)

    with waits.traced(1, "move play"):
        task = asyncio.create_task(handler())
    await task
    took = collector.slowest()[0].before_answer()
    assert 0.045 <= took["work slot"] < 0.09 and took["other"] < 0.01
    slot_line = next(line for line in collector.report().splitlines() if line.strip().startswith("work slot:"))
    assert 45 <= float(slot_line.split()[-1]) < 90


def test_answered_interactions_are_kept_as_rows_and_only_the_slowest_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """The collector must not weigh on the memory it measures: after the first answer an
    interaction is a row of numbers, and only the slowest few per kind stay whole."""
    collector = waits.Waits()
    now = [0.0]
    monkeypatch.setattr(waits, "time", SimpleNamespace(monotonic=lambda: now[0]))
    for i in range(200):
        now[0] = i * 10.0
        collector.begin(i, "ping /ping" if i % 2 else "move play")
        now[0] += i % 7  # a wait of 0-6 s
        collector.answered(i, "answered")
    assert len(collector.rows) == 200 and not collector._unanswered
    assert sum(len(heap) for heap in collector._slowest.values()) == 2 * waits.SLOWEST
    slowest = collector.slowest({"move"})
    assert [t.kind for t in slowest] == ["move"] * waits.SLOWEST
    assert [t.answered - t.arrived for t in slowest] == [6.0] * waits.SLOWEST  # type: ignore[operator]
    assert all(t.kind == "ping" for t in collector.slowest({"ping"}))
    report = collector.report({"move"})
    assert "100 traced" in report and "p50 3000 ms p99 6000 ms" in report
    assert "ping" not in report


def test_a_trace_never_answered_is_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    collector = waits.Waits()
    now = [0.0]
    monkeypatch.setattr(waits, "time", SimpleNamespace(monotonic=lambda: now[0]))
    for i in range(3000):
        now[0] = i * 0.1  # 300 s of arrivals, none answered
        collector.begin(i, "move play")
    assert len(collector._unanswered) < 2 * 600  # about a minute of them, and a sweep's growth
    assert min(t.arrived for t in collector._unanswered.values()) >= now[0] - 2 * waits.UNANSWERED_KEPT
    collector.answered(0, "answered")  # forgotten: nothing to record
    assert len(collector.rows) == 0


async def test_the_store_tells_what_a_write_takes_lately(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """`write_time` (which `SessionService.wait_coming` reads) follows the writes: it grows while
    they are slow (a queue), and comes back down as they get quick again."""
    assert store.write_time() == 0.0
    row = await store.create(GameSession(guild_id=1, channel_id=2, game="g", host_id=3))
    fast = store._fast
    assert fast is not None
    real = fast._use_connection

    @contextlib.asynccontextmanager
    async def queued() -> Any:
        await asyncio.sleep(0.2)  # waiting for the connection behind other writes
        async with real() as conn:
            yield conn

    monkeypatch.setattr(fast, "_use_connection", queued)
    for _ in range(5):
        row = await store.save(row)
    slow = store.write_time()
    assert slow > 0.1
    monkeypatch.setattr(fast, "_use_connection", real)
    for _ in range(10):
        row = await store.save(row)
    assert store.write_time() < slow / 4
