"""Chaos, small size: the real bot process killed with SIGKILL ten times during play of every game.

The full size (100 kills and more) is run by hand: `python -m tests.bench.chaos --kills 100`
(docs/performance.md). What is checked after each kill and restart is listed in
tests/bench/chaos.py: nothing acknowledged lost, nothing applied twice, the table, prompt,
mentions and DM panels current within seconds of the restart, old buttons answered.
"""

from __future__ import annotations

from pathlib import Path

from tests.bench.chaos import TABLES, Chaos, summary


async def test_ten_kills_lose_nothing_and_each_restart_repairs_what_players_see(tmp_path: Path) -> None:
    chaos = Chaos(tmp_path, f"sqlite+aiosqlite:///{tmp_path}/chaos.db", len(TABLES), seed=7, settle_seconds=20)
    figures = await chaos.run(10, play_seconds=(0.2, 1.2), finish=False)
    print("\n[chaos]", summary(figures))
    assert figures.kills == 10
    assert figures.problems == [], summary(figures)
    assert figures.acknowledged >= len(TABLES)  # every table played between the kills
    assert len(figures.repaired_within) == figures.kills + 1  # each restart's surface, then the end's
