"""The benchmark's breakdown of where a first answer waited (bot/waits.py): off unless a collector
is installed, and each step counted only up to the first answer."""

from __future__ import annotations

import asyncio
import contextlib
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
    first, second = collector.traces[1], collector.traces[2]
    assert [name for name, _, _ in first.spans] == ["lock", "save"] and first.how == "answered"
    assert second.how == "deferred"  # the first answer only: the later one does not overwrite it
    assert first.answered is not None and second.answered is not None
    assert first.answered - first.arrived >= 0.07 > second.answered - second.arrived
    report = collector.report({"move"})
    assert "2 traced" in report and "answered by answered 1" in report
    save_line = next(line for line in report.splitlines() if line.strip().startswith("save:"))
    slowest_mean = float(save_line.split()[-1])
    assert slowest_mean >= 45  # the slowest (the first) waited for its save; the other answered before


def test_nothing_is_recorded_without_a_collector() -> None:
    assert waits.COLLECTOR is None
    with waits.traced(7, "move play"), waits.span("save"):
        waits.handling()
        waits.answered(7, "answered")
    assert waits._TRACE.get() is None


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
