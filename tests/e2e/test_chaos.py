"""Chaos, small size: the real bot process killed with SIGKILL ten times during play of every game.

The full size (100 kills and more) is run by hand: `python -m tests.bench.chaos --kills 100`
(docs/performance.md). What is checked after each kill and restart is listed in
tests/bench/chaos.py: nothing acknowledged lost, nothing applied twice, the table, prompt,
mentions and DM panels current within seconds of the restart, old buttons answered.
"""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from tests.bench.chaos import TABLES, Chaos, summary

# Ten kills take about a minute on a quiet machine; past this the run is hung, and the watchdog
# says where (the run's phase and every task's stack) instead of letting CI run out of time.
WATCHDOG_SECONDS = 420


def _stacks() -> str:
    out = io.StringIO()
    for task in asyncio.all_tasks():
        task.print_stack(limit=8, file=out)
    return out.getvalue()


async def test_ten_kills_lose_nothing_and_each_restart_repairs_what_players_see(tmp_path: Path) -> None:
    chaos = Chaos(tmp_path, f"sqlite+aiosqlite:///{tmp_path}/chaos.db", len(TABLES), seed=7, settle_seconds=20)
    run = asyncio.ensure_future(chaos.run(10, play_seconds=(0.2, 1.2), finish=False))
    done, _ = await asyncio.wait({run}, timeout=WATCHDOG_SECONDS)
    if not done:
        report = f"the chaos run hung while {chaos.phase}; tasks:\n{_stacks()}"
        run.cancel()
        await asyncio.wait({run}, timeout=30)
        pytest.fail(report)
    figures = run.result()
    print("\n[chaos]", summary(figures))
    assert figures.kills == 10
    assert figures.problems == [], summary(figures)
