"""The bot in a process of its own, pointed at a fake Discord: what the load benchmark measures.

    python -m tests.bench.bot_process <fake base url> <database url> <token> [pictures] [paced]

In production the bot's event loop serves only the bot; running it beside the fake in one
process would charge the fake's work to the bot. This runs the real TabletopBot (with the demo
game) exactly as `python -m bot` does, after pointing discord.py at the fake. `spawn` starts it
from a benchmark or a test (the two-shard test, the chaos run).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import time
import tracemalloc
from pathlib import Path

import discord.state

from bot.client import TabletopBot
from cogs.common.replies import FIRST_BYTES
from tests.e2e.harness import migrate, settings_for
from tests.fakediscord import patch_discord

ROOT = Path(__file__).resolve().parents[2]
STANDBY = "BOT_STANDBY"  # set: wait for a line on stdin before starting (see `spawn`)
ARRIVALS: list[float] = []  # each interaction's age when the bot parsed its gateway event
# BENCH_TRACEMALLOC=N: trace allocations (N frames) from the first interaction on (tracing the
# start would take minutes); the report then lists what is still held, by file and by line.
TRACEMALLOC = int(os.environ.get("BENCH_TRACEMALLOC") or 0)


def _trace_arrivals() -> None:
    """Record how old each interaction was when its gateway event was parsed: the wait before the
    bot's own code (the socket, the event loop's backlog), against FIRST_BYTES' wait to the answer."""
    parse = discord.state.ConnectionState.parse_interaction_create

    def traced(self: discord.state.ConnectionState, data: object) -> None:
        if TRACEMALLOC and not tracemalloc.is_tracing():
            tracemalloc.start(TRACEMALLOC)
        parse(self, data)  # type: ignore[arg-type]
        created = discord.utils.snowflake_time(int(data["id"]))  # type: ignore[index]
        ARRIVALS.append((discord.utils.utcnow() - created).total_seconds())

    discord.state.ConnectionState.parse_interaction_create = traced  # type: ignore[method-assign]


def report() -> str:
    """What the benchmark prints from the bot's side when it stops the process (SIGTERM)."""
    def pct(values: list[float], q: float) -> float:
        ordered = sorted(values) or [0.0]
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    cpu = time.process_time()
    grown = ""
    if tracemalloc.is_tracing():
        snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
        for key in ("filename", "lineno"):
            top = snapshot.statistics(key)[:25]
            grown += f"\n[bot] held since the first interaction, by {key}:\n" + "\n".join(f"  {s}" for s in top)
    return grown + "\n" + (
        f"[bot] interactions parsed: {len(ARRIVALS)}, age when parsed p50 {pct(ARRIVALS, 0.5):.0f} ms, "
        f"p99 {pct(ARRIVALS, 0.99):.0f} ms, max {pct(ARRIVALS, 1.0):.0f} ms; {FIRST_BYTES.summary()}; "
        f"CPU {cpu:.1f} s"
    )


async def spawn(
    base_url: str,
    database_url: str,
    token: str,
    *,
    cwd: Path | None = None,
    log: Path | None = None,
    env: dict[str, str] | None = None,
    command: list[str] | None = None,
    standby: bool = False,
    extra: tuple[str, ...] = (),
) -> asyncio.subprocess.Process:
    """Start the bot process; its output goes to `log` (appended) or to this process's own.

    A `standby` process loads its modules, then waits for a line on its stdin before it starts
    (`go`): a restart then costs what a restart costs the bot, not Python's imports."""
    environ = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {}), **({STANDBY: "1"} if standby else {})}
    argv = command or ["-m", "tests.bench.bot_process"]
    stdin = asyncio.subprocess.PIPE if standby else None
    if log is None:
        return await asyncio.create_subprocess_exec(sys.executable, *argv, base_url, database_url, token, *extra, cwd=cwd, env=environ, stdin=stdin)
    with open(log, "ab") as out:  # the child keeps its own copy of the file
        return await asyncio.create_subprocess_exec(
            sys.executable, *argv, base_url, database_url, token, *extra, cwd=cwd, env=environ, stdin=stdin, stdout=out, stderr=out
        )


async def go(process: asyncio.subprocess.Process) -> None:
    """Let a standby process start."""
    assert process.stdin is not None
    process.stdin.write(b"go\n")
    await process.stdin.drain()


async def main(base_url: str, database_url: str, token: str, pictures: bool = False, paced: bool = False) -> None:
    logging.basicConfig(level=logging.WARNING)
    patch_discord(base_url)
    settings = settings_for(Path("."), database_url=database_url, pictures=pictures, pace_redraws=paced)
    await migrate(database_url)
    _trace_arrivals()  # before the bot exists: its parsers are bound when it is made
    bot = TabletopBot(settings)
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, lambda: (print(report(), flush=True), os._exit(0)))
    async with bot:
        await bot.login(token)
        await bot.sync_commands()
        await bot.connect()


if __name__ == "__main__":
    if os.environ.get(STANDBY):
        sys.stdin.readline()
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], "pictures" in sys.argv[4:], "paced" in sys.argv[4:]))
