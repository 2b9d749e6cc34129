"""How long the dice expressions at the edge of what /roll accepts take (figures, not a test).

    python -m tests.bench.bench_dice
"""

from __future__ import annotations

import contextlib
import statistics
import time

from bot.rolling import DiceError, roll_expression

CASES = ["100d12e>1kh1", "1d2rr<3", "1d2e>0", "10d6e<7kh1", "10d6rr>0kh1", "+".join(["100d1000"] * 10)]


def main() -> None:
    for expression in CASES:
        times = []
        for _ in range(50):
            started = time.perf_counter()
            with contextlib.suppress(DiceError):
                roll_expression(expression)
            times.append((time.perf_counter() - started) * 1000)
        times.sort()
        print(f"{expression[:40]:<40} p50 {statistics.median(times):7.2f} ms   worst {times[-1]:7.2f} ms")


if __name__ == "__main__":
    main()
