"""Drawing the table pictures: time per picture (p50, p99) and PNG size, every game at its largest
table, over the positions of a seeded game (figures, not a test). "first" is the game's first
picture, drawn with the kit's caches of glyphs and corners emptied (a fresh process); "cpu" is the
p50 and p99 of draw and encode in CPU time of the drawing thread, which a busy machine disturbs less.

    python -m tests.bench.bench_pictures [--positions N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.engine.state import project
from bot.pictures import draw_table, kit
from tests.pictures.positions import SETUPS, names, play


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=120, help="moves played per game (one picture each)")
    args = parser.parse_args()
    print(f"{'game':<10} {'players':>7} {'pictures':>8} {'draw p50':>9} {'draw p99':>9} {'png p50':>8} "
          f"{'png p99':>8} {'total p50':>9} {'total p99':>9} {'first':>7} {'cpu p50':>8} {'cpu p99':>8} {'largest':>8} "
          f"{'size':>11}")
    for game in SETUPS:
        for cache in (kit.text_width, kit._glyphs, kit._corners):
            cache.cache_clear()
        draw_ms: list[float] = []
        png_ms: list[float] = []
        cpu_ms: list[float] = []
        sizes: list[int] = []
        shape = (0, 0)
        for _, state in play(game, seed=3, moves=args.positions):
            public = project(state, None)["public"]
            cpu = time.thread_time()
            started = time.perf_counter()
            canvas = draw_table(game, public, names(game))
            drawn = time.perf_counter()
            assert canvas is not None
            png = canvas.png()
            draw_ms.append((drawn - started) * 1000)
            png_ms.append((time.perf_counter() - drawn) * 1000)
            cpu_ms.append((time.thread_time() - cpu) * 1000)
            sizes.append(len(png))
            shape = max(shape, (canvas.width, canvas.height), key=lambda s: s[1])
        total = [d + p for d, p in zip(draw_ms, png_ms, strict=True)]
        print(f"{game:<10} {SETUPS[game][0]:>7} {len(draw_ms):>8} {statistics.median(draw_ms):>7.1f}ms "
              f"{percentile(draw_ms, 0.99):>7.1f}ms {statistics.median(png_ms):>6.1f}ms {percentile(png_ms, 0.99):>6.1f}ms "
              f"{statistics.median(total):>7.1f}ms {percentile(total, 0.99):>7.1f}ms {total[0]:>5.1f}ms "
              f"{statistics.median(cpu_ms):>6.1f}ms {percentile(cpu_ms, 0.99):>6.1f}ms {max(sizes) // 1024:>6} KB "
              f"{shape[0]:>5}x{shape[1]}")


if __name__ == "__main__":
    main()
