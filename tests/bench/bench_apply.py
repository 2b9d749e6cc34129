"""Pure rules benchmark: `apply` p50/p99 and the largest state, per game, with no I/O at all.

    .venv/bin/python -m tests.bench.bench_apply [--games 20] [--moves 200]

Each game is dealt at its usual table with fixed seeds and played by seeded legal moves
(tests/bench/play.py); every `apply` is timed, and every state is measured as the JSON the
store saves. Times are this thread's CPU time, so other processes on a shared machine do not
inflate them (the wall-clock cost under load is in the load benchmark). Targets: apply p50 <= 1 ms, p99 <= 5 ms; every state <= 32 KB.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from bot.engine.errors import GameError
from bot.games import all_rules
from tests.bench.play import USUAL_TABLES, choose


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(games: int, moves: int) -> None:
    rules_by_key = all_rules()
    print(f"{'game':<10} {'players':>7} {'applies':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'largest state':>14}")
    for table in USUAL_TABLES:
        rules = rules_by_key[table.game]
        options = rules.parse_options(dict(table.options))
        times: list[float] = []
        largest = 0
        for n in range(games):
            state = rules.setup(options, table.players, 1000 + n, {r: r in table.roles for r in rules.roles}).state
            rng = random.Random(n)
            for _ in range(moves):
                if rules.result(state) is not None:
                    break
                pick = choose(rules, state, rng)
                if pick is None:
                    break
                started = time.thread_time()
                try:
                    state = rules.apply(state, *pick).state
                except GameError:
                    continue
                finally:
                    times.append(time.thread_time() - started)
                largest = max(largest, len(json.dumps(state.model_dump(mode="json"))))
        print(
            f"{table.game:<10} {table.players:>7} {len(times):>8} {pct(times, 0.5) * 1000:>7.2f} "
            f"{pct(times, 0.99) * 1000:>7.2f} {max(times) * 1000:>7.2f} {largest / 1024:>11.1f} KB"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per game type")
    parser.add_argument("--moves", type=int, default=200, help="moves per game at most")
    args = parser.parse_args()
    main(args.games, args.moves)
