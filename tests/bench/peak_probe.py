"""The benchmark's bot with a look at its memory at the peak of the burst (a dev tool, issue 11).

    BENCH_BOT="-m tests.bench.peak_probe" BENCH_PEAK_TASKS=600 [BENCH_TRACEMALLOC=8] \
        python -m tests.bench.bench_sessions --channels 300 ...

Runs `tests.bench.bot_process` as the benchmark does; the first time the bot holds
BENCH_PEAK_TASKS tasks and jobs (work waiting for a slot as a record) it prints what they wait on, the objects by type, what one waiting
click keeps alive (its coroutine chain's frames and what each local reaches), and with
tracemalloc on, what is held grouped by traceback. Then it looks again each time that count
passes its highest by BENCH_PEAK_STEP (default 500).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import os
import sys
import time
import tracemalloc
import types
from pathlib import Path
from typing import Any

import discord

from cogs.common import replies
from tests.bench import bot_process

THRESHOLD = int(os.environ.get("BENCH_PEAK_TASKS") or 600)
STEP = int(os.environ.get("BENCH_PEAK_STEP") or 500)
SAMPLE = 20  # waiting clicks measured one by one


def _chain(task: asyncio.Task[Any]) -> list[types.FrameType]:
    frames, awaited = [], task.get_coro()
    while awaited is not None:
        frame = getattr(awaited, "cr_frame", None) or getattr(awaited, "ag_frame", None) or getattr(awaited, "gi_frame", None)
        if frame is not None:
            frames.append(frame)
        awaited = getattr(awaited, "cr_await", None) or getattr(awaited, "ag_await", None) or getattr(awaited, "gi_yieldfrom", None)
    return frames


def _stops() -> set[int]:
    """Objects shared by the whole bot: a walk from one task stops there."""
    bot = bot_process.BOT
    shared: list[Any] = [bot, asyncio.get_running_loop(), sys.modules, discord.utils.MISSING]
    if bot is not None:
        shared += [bot._connection, bot.http, bot.store, bot.service, bot.publisher, bot.tree, *bot.cogs.values()]
        shared += [getattr(bot, "_answers", None), bot.store._rows, bot.store._active, bot.service._locks]
    return {id(o) for o in shared if o is not None}


STOP_TYPES = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.CodeType, asyncio.AbstractEventLoop)
# Shared by many tasks, reached through one: the view store, the work slots' queue, SQLAlchemy's
# class bookkeeping behind a row, the guild and its channels, the client's own user.
STOP_NAMES = {"ViewStore", "WorkSlots", "ClassManager", "Mapper", "Guild", "TextChannel", "DMChannel",
              "ClientUser", "ConnectionState", "HTTPClient", "CommandTree", "Waits", "FirstBytes",
              "DiscordPublisher", "SessionService", "Store", "ClientSession", "Settings"}


def _walk(roots: list[Any], stops: set[int], seen: set[int]) -> collections.Counter[str]:
    """Bytes (sys.getsizeof) of every object reached from `roots`, by type, not through `stops`."""
    sizes: collections.Counter[str] = collections.Counter()
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or id(obj) in stops or isinstance(obj, STOP_TYPES) or type(obj).__name__ in STOP_NAMES:
            continue
        if isinstance(obj, asyncio.Task) and obj is not roots[0]:
            continue  # another task: its own
        seen.add(id(obj))
        with contextlib.suppress(TypeError):
            sizes[type(obj).__name__] += sys.getsizeof(obj)
        todo.extend(gc.get_referents(obj))
    return sizes


def one_click(task: asyncio.Task[Any], stops: set[int]) -> str:
    """What a waiting task keeps: its frames, and the bytes each frame's locals reach first."""
    seen: set[int] = set()
    lines = []
    total: collections.Counter[str] = collections.Counter()
    frames = _chain(task)
    for frame in frames:
        name = f"{Path(frame.f_code.co_filename).name}:{frame.f_lineno} {frame.f_code.co_name}"
        seen.add(id(frame))
        own = sys.getsizeof(frame)
        per_local = []
        for key, value in frame.f_locals.items():
            got = _walk([value], stops, seen)
            if got:
                per_local.append((sum(got.values()), key, type(value).__name__))
                total += got
        per_local.sort(reverse=True)
        lines.append(f"    {name} ({own} B): " + ", ".join(f"{k}:{t} {n / 1024:.1f} KB" for n, k, t in per_local[:6]))
    rest = _walk([task], stops, seen)
    total += rest
    head = f"  task {task.get_name()}: {len(frames)} frames, {sum(total.values()) / 1024:.1f} KB reached ({sum(rest.values()) / 1024:.1f} KB outside the frames' locals)"
    by_type = ", ".join(f"{k} {v / 1024:.1f}" for k, v in total.most_common(12))
    return head + "\n" + "\n".join(lines) + f"\n    by type (KB): {by_type}"


def look(tasks_now: int) -> None:
    started = time.monotonic()
    gc.collect()
    tasks = list(asyncio.all_tasks())
    print(f"[peak] {tasks_now} tasks, RSS {bot_process._rss_mb():.0f} MB", flush=True)
    bot_process.dump_tasks()
    print(bot_process.memory_report(), flush=True)
    kinds = collections.Counter(type(o).__name__ for o in gc.get_objects())
    print("[peak] gc objects by type: " + ", ".join(f"{k} {n:,}" for k, n in kinds.most_common(40)), flush=True)
    clicks = [t for t in tasks if any(f.f_code.co_name == "on_game_component" for f in _chain(t))]
    commands = [t for t in tasks if any(f.f_code.co_name in ("_call", "_invoke_with_namespace") for f in _chain(t))]
    print(f"[peak] tasks in a game click: {len(clicks)}; in a slash command: {len(commands)}", flush=True)
    stops = _stops()
    sums: list[float] = []
    printed = 0
    for task in clicks[:: max(1, len(clicks) // SAMPLE)][:SAMPLE]:
        text = one_click(task, stops)
        sums.append(float(text.split(" KB reached")[0].rsplit(" ", 1)[1]))
        if printed < 6:
            print(text, flush=True)
            printed += 1
    if sums:
        sums.sort()
        print(f"[peak] a waiting click reaches p50 {sums[len(sums) // 2]:.1f} KB, max {sums[-1]:.1f} KB "
              f"(x {len(clicks)} clicks = {sums[len(sums) // 2] * len(clicks) / 1024:.0f} MB at p50)", flush=True)
    for task in commands[:2]:
        print(one_click(task, stops), flush=True)
    slots = replies._slots()
    jobs = [j for j in (*slots._first, *slots._rest) if isinstance(j, replies.Job)]
    sizes = []
    for job in jobs[:: max(1, len(jobs) // SAMPLE)][:SAMPLE]:
        got = _walk([job], stops, set())
        sizes.append(sum(got.values()) / 1024)
        if len(sizes) <= 2:
            print(f"  a job waiting ({job.interaction.type.name}): {sizes[-1]:.1f} KB: "
                  + ", ".join(f"{k} {v / 1024:.1f}" for k, v in got.most_common(14)), flush=True)
    if sizes:
        sizes.sort()
        print(f"[peak] {len(jobs)} jobs waiting for a work slot, each reaches p50 {sizes[len(sizes) // 2]:.1f} KB, "
              f"max {sizes[-1]:.1f} KB", flush=True)
    if tracemalloc.is_tracing():
        snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
        print("[peak] tracemalloc by traceback:", flush=True)
        for stat in snapshot.statistics("traceback")[:25]:
            print(f"  {stat.size / 2**20:.1f} MB in {stat.count} blocks", flush=True)
            for line in stat.traceback.format(limit=8, most_recent_first=True)[::2]:
                print(f"      {line.strip()}", flush=True)
        print("[peak] tracemalloc by line:", flush=True)
        for stat in snapshot.statistics("lineno")[:25]:
            print(f"  {stat}", flush=True)
    print(f"[peak] looked in {time.monotonic() - started:.1f} s", flush=True)


async def watch() -> None:
    highest = THRESHOLD - STEP
    while True:
        await asyncio.sleep(1)
        n = len(asyncio.all_tasks()) + replies.work_waiting()
        if n >= highest + STEP:
            highest = n
            look(n)


async def main(*args: Any) -> None:
    watcher = asyncio.ensure_future(watch())  # noqa: F841 (runs until the process ends)
    await bot_process.main(*args)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], "pictures" in sys.argv[4:], "paced" in sys.argv[4:]))
