"""How long this thread has waited for a CPU: the share of a wall-clock interval that belongs to the
machine's load, not to the code under test.

Discord gives a bot 3 seconds of wall-clock time to acknowledge an interaction. In a test, the fake,
the bot and the test share one process and one event loop; on a machine shared with other work
(CI, or several people's test runs on two cores) that loop can wait seconds for a CPU between two
of its own steps. Linux counts that wait per thread (`/proc/.../schedstat`, second field: time spent
runnable on a run queue). The fake can then hold the bot to Discord's deadline in the bot's own time:
wall-clock time less the time the loop was kept off the CPU. CPU the bot burns itself, and time it
sleeps or waits on I/O, still count. Where the figure is not available it is 0 (no allowance).
"""

from __future__ import annotations

import threading


def cpu_wait() -> float:
    """Seconds the calling thread has spent runnable but waiting for a CPU, since it started."""
    try:
        with open(f"/proc/self/task/{threading.get_native_id()}/schedstat", "rb") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0
