"""The bot in a process of its own, pointed at a fake Discord: what the load benchmark measures.

    python -m tests.bench.bot_process <fake base url> <database url> <token> [pictures] [paced]

In production the bot's event loop serves only the bot; running it beside the fake in one
process would charge the fake's work to the bot. This runs the real TabletopBot (with the demo
game) exactly as `python -m bot` does, after pointing discord.py at the fake. `spawn` starts it
from a benchmark or a test (the two-shard test, the chaos run).
"""

from __future__ import annotations

import asyncio
import collections
import gc
import inspect
import logging
import os
import re
import signal
import sys
import time
import tracemalloc
from array import array
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import discord.state
import discord.webhook.async_
from sqlalchemy import event

from bot import memory, waits
from bot.client import TabletopBot
from bot.memory import limit_malloc_arenas
from bot.migrations import SchemaOutdated
from bot.store import Store
from cogs.common.components import parse_custom_id
from cogs.common.pacing import PacerStats
from cogs.common.replies import FIRST_BYTES
from tests.e2e.harness import settings_for
from tests.fakediscord.client import asked_trace, patch_discord, stamp_sends

ROOT = Path(__file__).resolve().parents[2]
STANDBY = "BOT_STANDBY"  # set: wait for a line on stdin before starting (see `spawn`)
# The benchmark's own figures are kept in arrays of floats (8 bytes each, a list's float takes 32):
# the process they live in is the one whose memory the benchmark measures.
ARRIVALS = array("d")  # each interaction's age when the bot parsed its gateway event
# BENCH_TRACEMALLOC=N: trace allocations (N frames) from the first interaction on (tracing the
# start would take minutes); the report then lists what is still held, by file and by line.
TRACEMALLOC = int(os.environ.get("BENCH_TRACEMALLOC") or 0)
CALLBACKS = array("d")  # how long each interaction callback request took (a free connection, the answer)
LAGS = array("d")  # how late the event loop woke a task that slept LAG_TICK (its queue of ready work)
LAG_TICK = 0.1
BOT: TabletopBot | None = None


def _trace_arrivals() -> None:
    """Record how old each interaction was when its gateway event was parsed: the wait before the
    bot's own code (the socket, the event loop's backlog), against FIRST_BYTES' wait to the answer."""
    parse = discord.state.ConnectionState.parse_interaction_create

    def traced(self: discord.state.ConnectionState, data: object) -> None:
        if TRACEMALLOC and not tracemalloc.is_tracing():
            tracemalloc.start(TRACEMALLOC)
        with waits.traced(int(data["id"]), _label(data)):  # type: ignore[index]
            parse(self, data)  # type: ignore[arg-type]
        created = discord.utils.snowflake_time(int(data["id"]))  # type: ignore[index]
        ARRIVALS.append((discord.utils.utcnow() - created).total_seconds())

    discord.state.ConnectionState.parse_interaction_create = traced  # type: ignore[method-assign]


LOBBY = ("new", "join", "start", "leave")
ACTIONS = {"move", "lobby", "form"}  # what the benchmark counts as session actions


def _label(data: Any) -> str:
    """What an interaction is, for the action waits' report: its first word is its kind."""
    inner = data.get("data") or {}
    if data.get("type") == 2:
        sub = next((o.get("name") for o in inner.get("options") or [] if o.get("type") in (1, 2)), None)
        name = f"/{inner.get('name')} {sub or ''}".strip()
        kind = "lobby" if sub in LOBBY else "ping" if name == "/ping" else "command"
        return f"{kind} {name}"
    if data.get("type") == 3:
        click = parse_custom_id(str(inner.get("custom_id", "")))
        verb = click.verb if click else "?"
        kind = "lobby" if verb in LOBBY else "hand" if verb == "hand" else "move"
        return f"{kind} {verb}"
    return "form" if data.get("type") == 5 else "other"


def _note_handlers() -> None:
    """Note when each interaction's handler first runs: a game click, a slash command, a form."""
    game_click = TabletopBot.on_game_component

    async def on_game_component(self: TabletopBot, *args: Any, **kwargs: Any) -> None:
        waits.handling()
        await game_click(self, *args, **kwargs)

    TabletopBot.on_game_component = on_game_component  # type: ignore[method-assign]
    answer_first = TabletopBot._answer_first

    async def first(self: TabletopBot, interaction: discord.Interaction) -> bool:
        waits.handling()
        return await answer_first(self, interaction)

    TabletopBot._answer_first = first  # type: ignore[method-assign]
    submitted = discord.ui.Modal._scheduled_task

    async def scheduled(self: discord.ui.Modal, *args: Any, **kwargs: Any) -> None:
        waits.handling()
        await submitted(self, *args, **kwargs)

    discord.ui.Modal._scheduled_task = scheduled  # type: ignore[method-assign]


STORE_CALLS: dict[str, array[float]] = {}  # Store method -> seconds each call took (its awaits included)
SQL_STATEMENTS: dict[str, int] = {}  # statements SQLAlchemy sent, by verb and table


def _time_the_store(store: Store) -> None:
    """Count and time every Store call, and count the statements SQLAlchemy sends (the fast paths
    send one each): where a save or a load costs more on one backend than on the other."""
    for name in [n for n in dir(store) if not n.startswith("_") and n not in ("init", "migrate", "close")]:
        method = getattr(store, name)
        if not inspect.iscoroutinefunction(method):
            continue

        async def timed(*args: object, _name: str = name, _method: object = method, **kwargs: object) -> object:
            started = time.perf_counter()
            try:
                return await _method(*args, **kwargs)  # type: ignore[operator]
            finally:
                STORE_CALLS.setdefault(_name, array("d")).append(time.perf_counter() - started)

        setattr(store, name, timed)

    @event.listens_for(store.engine.sync_engine, "before_cursor_execute")
    def counted(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        words = statement.split()
        table = next((w for w, prev in zip(words[1:], words, strict=False) if prev.upper() in ("FROM", "INTO", "UPDATE")), "?")
        key = f"{words[0].upper()} {table}"
        SQL_STATEMENTS[key] = SQL_STATEMENTS.get(key, 0) + 1


PG_CALLS: dict[str, int] = {}  # asyncpg calls that each cost a round trip to PostgreSQL, by method


def _count_round_trips() -> None:
    """Count asyncpg's public calls (each one round trip, or a prepare and an execute the first time
    a connection sees a statement), both SQLAlchemy's and the store's fast path's."""
    import asyncpg.connection
    import asyncpg.prepared_stmt

    for cls, names in (
        (asyncpg.connection.Connection, ("execute", "fetch", "fetchrow", "fetchval", "prepare")),
        (asyncpg.prepared_stmt.PreparedStatement, ("fetch", "fetchrow", "fetchval")),
    ):
        for name in names:
            method = getattr(cls, name)

            async def counted(self: object, *args: object, _key: str = f"{cls.__name__}.{name}", _m: object = method, **kwargs: object) -> object:
                PG_CALLS[_key] = PG_CALLS.get(_key, 0) + 1
                return await _m(self, *args, **kwargs)  # type: ignore[operator]

            setattr(cls, name, counted)


def store_report() -> str:
    lines = []
    for name, took in sorted(STORE_CALLS.items(), key=lambda kv: -sum(kv[1])):
        ordered = sorted(took)
        lines.append(
            f"  {name}: {len(took)} calls, p50 {ordered[len(ordered) // 2] * 1000:.1f} ms, "
            f"p99 {ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000:.1f} ms, total {sum(took):.1f} s"
        )
    sql = ", ".join(f"{k} {n}" for k, n in sorted(SQL_STATEMENTS.items(), key=lambda kv: -kv[1]))
    pg = ", ".join(f"{k} {n}" for k, n in sorted(PG_CALLS.items(), key=lambda kv: -kv[1]))
    return (
        "[bot] store calls:\n" + "\n".join(lines) + f"\n[bot] statements through SQLAlchemy: {sql or 'none'}"
        + (f"\n[bot] PostgreSQL round trips: {sum(PG_CALLS.values())} ({pg})" if PG_CALLS else "")
    )


def _time_callbacks() -> None:
    """Record how long each interaction callback request took, from the call to the answer: the
    wait for a free HTTP connection and the round trip (the first answer's own cost on the wire)."""
    adapter = discord.webhook.async_.AsyncWebhookAdapter
    create = adapter.create_interaction_response

    def timed(self: object, *args: object, **kwargs: object) -> object:
        request = create(self, *args, **kwargs)  # type: ignore[arg-type]

        async def run() -> object:
            start = time.monotonic()
            try:
                return await request
            finally:
                CALLBACKS.append(time.monotonic() - start)

        return run()

    adapter.create_interaction_response = timed  # type: ignore[method-assign,assignment]


async def _watch_lag() -> None:
    """How late the event loop runs a task that asked to wake in LAG_TICK: the work queued ahead."""
    loop = asyncio.get_running_loop()
    while True:
        start = loop.time()
        await asyncio.sleep(LAG_TICK)
        LAGS.append(loop.time() - start - LAG_TICK)


def _tasks_by_place() -> dict[str, int]:
    """Every task, counted by its outermost and innermost frames."""
    counts: dict[str, int] = {}
    for task in asyncio.all_tasks():
        frames, awaited = [], task.get_coro()
        while awaited is not None:
            frame = getattr(awaited, "cr_frame", None) or getattr(awaited, "ag_frame", None) or getattr(awaited, "gi_frame", None)
            if frame is not None:
                frames.append(f"{Path(frame.f_code.co_filename).name}:{frame.f_lineno} {frame.f_code.co_name}")
            awaited = getattr(awaited, "cr_await", None) or getattr(awaited, "ag_await", None) or getattr(awaited, "gi_yieldfrom", None)
        key = f"{frames[0] if frames else '?'} ... {' < '.join(frames[-4:][::-1])}"
        counts[key] = counts.get(key, 0) + 1
    return counts


def dump_tasks() -> None:
    """SIGUSR1: where every task waits now, counted by its outermost and innermost frames (what
    a backlog of first answers waits on: a lock, the store's pool, a slot, the HTTP pool)."""
    counts = _tasks_by_place()
    connector = BOT.http.connector if BOT is not None else None
    pool = f"; HTTP pool: {len(connector._acquired)} in use, {sum(len(w) for w in connector._waiters.values())} waiting" if connector else ""
    print(f"[bot] tasks at {time.monotonic():.1f}: {sum(counts.values())}{pool}", flush=True)
    for key, n in sorted(counts.items(), key=lambda kv: -kv[1])[:15]:
        print(f"  {n:5d} {key}", flush=True)


PEAK: list[str] = []  # what the process held when its RSS was highest (`_watch_peak`)
PEAK_STEP = 8.0  # MB of new high RSS worth a new look


def _connections() -> str:
    """The store's open database connections: SQLAlchemy's pool and, on PostgreSQL, the fast
    path's asyncpg pool (each connection keeps its statement caches and buffers)."""
    if BOT is None:
        return ""
    pool = BOT.store.engine.sync_engine.pool
    parts = [f"SQLAlchemy pool {pool.checkedout()} in use + {pool.checkedin()} idle" if hasattr(pool, "checkedout") else ""]
    fast = getattr(BOT.store._fast, "_pool", None)
    if fast is not None:
        parts.append(f"asyncpg pool {fast.get_size()} open, {fast.get_idle_size()} idle")
    return ", ".join(p for p in parts if p)


async def _watch_peak(every: float = 1.0) -> None:
    """Look at what the process holds each time its RSS reaches a new high (by PEAK_STEP MB): the
    run's peak, not what is left after the burst. Cheap enough to run during the burst: no walk of
    the heap, only the tasks and the bot's own counts."""
    highest = _rss_mb() + PEAK_STEP
    while True:
        await asyncio.sleep(every)
        rss = _rss_mb()
        if rss < highest:
            continue
        highest = rss + PEAK_STEP
        counts = _tasks_by_place()
        lines = [f"[bot] at the peak so far: RSS {rss:.0f} MB, {sum(counts.values())} tasks; {_connections()}"]
        if BOT is not None:
            lines[0] += f"; redraws queued or running {len(BOT.publisher.pending())}; interactions unanswered {len(FIRST_BYTES._unanswered)}"
        lines += [f"  {n:5d} {key}" for key, n in sorted(counts.items(), key=lambda kv: -kv[1])[:6]]
        PEAK[:] = lines


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _pymalloc_arenas() -> str:
    """Python's small-object allocator in one line, from `sys._debugmallocstats` (which writes to
    the C stderr): how many arenas it holds and how full their pools are. A mostly empty arena
    cannot be given back while one object in it lives: the RSS a burst leaves behind."""
    import tempfile

    with tempfile.TemporaryFile() as out:
        saved = os.dup(2)
        try:
            sys.stderr.flush()
            os.dup2(out.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        text = out.read().decode(errors="replace")
    found = {}
    for line in text.splitlines():
        if "=" in line:
            key, value = line.split("=", 1)
            key = " ".join(re.sub(r"^#|^\d+ (?=unused pools)|\*.*$", "", key.strip()).split())
            number = value.strip().replace(",", "")
            if number.isdigit():
                found[key] = int(number)
    if "arenas allocated current" not in found:
        return ""
    def mb(key: str) -> str:
        return f"{found.get(key, 0) / 2**20:.1f} MB"
    return (f"{found['arenas allocated current']} arenas of 1 MB now (highest {found.get('arenas highwater mark', '?')}): "
            f"{mb('bytes in allocated blocks')} in live objects, {mb('bytes in available blocks')} free in used pools, "
            f"{mb('unused pools')} in empty pools")


def memory_report(trim: bool = False) -> str:
    """SIGUSR2: where the process's memory is (the benchmark asks after start and after the burst).
    Python's own objects (blocks pymalloc hands out, objects the collector tracks, by type), what
    glibc holds in use and free, the bot's caches by size; with `trim` (when stopped), RSS before
    and after `malloc_trim(0)`: what the allocator kept of the burst and gives back when asked."""
    gc.collect()
    kinds = collections.Counter(type(o).__name__ for o in gc.get_objects())
    lines = [
        f"[bot] memory: RSS {_rss_mb():.0f} MB; Python blocks allocated {sys.getallocatedblocks():,}; "
        f"objects tracked by gc {len(gc.get_objects()):,}; tasks {len(asyncio.all_tasks())}",
        "[bot] objects by type: " + ", ".join(f"{k} {n:,}" for k, n in kinds.most_common(15)),
    ]
    timing = collections.Counter()
    for task in asyncio.all_tasks():
        frame = getattr(task.get_coro(), "cr_frame", None)
        view = frame.f_locals.get("self") if frame is not None and "timeout_task" in frame.f_code.co_name else None
        if view is not None:
            timing[f"{type(view).__module__}.{type(view).__name__} timeout {view.timeout} items {len(view.children)}"] += 1
    if timing:
        lines.append("[bot] views waiting for their timeout: " + ", ".join(f"{k}: {n}" for k, n in timing.most_common(8)))
    if tracemalloc.is_tracing():
        current, peak = tracemalloc.get_traced_memory()
        lines.append(f"[bot] tracemalloc: {current / 2**20:.1f} MB held, {peak / 2**20:.1f} MB peak")
    arenas = _pymalloc_arenas()
    if arenas:
        lines.append(f"[bot] pymalloc: {arenas}")
    libc = memory.libc()
    info = memory.heap_info()
    if info is not None:
        lines.append(
            f"[bot] glibc: heap {info.arena / 2**20:.0f} MB (in use {info.uordblks / 2**20:.0f} MB, free {info.fordblks / 2**20:.0f} MB "
            f"in {info.ordblks} chunks), mmapped {info.hblkhd / 2**20:.0f} MB in {info.hblks} blocks"
        )
    if BOT is not None:
        store, pub = BOT.store, BOT.publisher
        sizes = {
            "store rows": len(store._rows), "store channels": len(store._active),
            "store DM panels": sum(len(users) for users in store._dms.values()), "store ended ids": len(store._ended),
            "store record lists": len(store._records), "publisher records": len(pub._pubs),
            "publisher locks": len(pub._locks), "publisher redraws queued or running": len(pub.pending()), "redraw workers": pub._redraws.workers,
            "service locks": len(BOT.service._locks),
        }
        lines.append("[bot] caches: " + ", ".join(f"{k} {v}" for k, v in sizes.items()) + f"; connections: {_connections()}")
    if trim and libc is not None and hasattr(libc, "malloc_trim"):
        before = _rss_mb()
        libc.malloc_trim(0)
        lines.append(f"[bot] malloc_trim(0): RSS {before:.0f} -> {_rss_mb():.0f} MB")
    return "\n".join(lines)


def report() -> str:
    """What the benchmark prints from the bot's side when it stops the process (SIGTERM)."""
    def pct(values: Iterable[float], q: float) -> float:
        ordered = sorted(values) or [0.0]
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    cpu = time.process_time()
    grown = ""
    if tracemalloc.is_tracing():
        snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
        for key in ("filename", "lineno"):
            top = snapshot.statistics(key)[:25]
            grown += f"\n[bot] held since the first interaction, by {key}:\n" + "\n".join(f"  {s}" for s in top)
    return grown + "\n" + "\n".join(PEAK) + "\n" + memory_report(trim=True) + "\n" + (
        f"[bot] interactions parsed: {len(ARRIVALS)}, age when parsed p50 {pct(ARRIVALS, 0.5):.0f} ms, "
        f"p99 {pct(ARRIVALS, 0.99):.0f} ms, max {pct(ARRIVALS, 1.0):.0f} ms; {FIRST_BYTES.summary()}; "
        f"CPU {cpu:.1f} s\n"
        f"[bot] interaction callbacks: n={len(CALLBACKS)}, request p50 {pct(CALLBACKS, 0.5):.0f} ms, "
        f"p99 {pct(CALLBACKS, 0.99):.0f} ms, max {pct(CALLBACKS, 1.0):.0f} ms; event loop lag p50 "
        f"{pct(LAGS, 0.5):.0f} ms, p99 {pct(LAGS, 0.99):.0f} ms, max {pct(LAGS, 1.0):.0f} ms\n"
    ) + waits.COLLECTOR.report(ACTIONS) + "\n" + waits.COLLECTOR.report({"ping"}).replace("action waits", "/ping waits") + "\n" + store_report() + ("\n" + BOT.publisher.pacer.stats.summary() if BOT is not None and BOT.publisher.pacer.stats else "")


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


async def migrated(database_url: str) -> None:
    """Migrate the database if it needs it, in a process of its own as `python -m bot --migrate`
    does: the bot only checks the schema, and Alembic's modules (12 MB) are not charged to it."""
    store = Store(database_url)
    try:
        await store.init()
        return
    except SchemaOutdated:
        pass
    finally:
        await store.close()
    code = "import asyncio, sys; from tests.e2e.harness import migrate; asyncio.run(migrate(sys.argv[1]))"
    child = await asyncio.create_subprocess_exec(sys.executable, "-c", code, database_url, env={**os.environ, "PYTHONPATH": str(ROOT)})
    if await child.wait() != 0:
        raise SystemExit("migrating the database failed")


async def main(base_url: str, database_url: str, token: str, pictures: bool = False, paced: bool = False) -> None:
    logging.basicConfig(level=logging.WARNING)
    limit_malloc_arenas()  # as `python -m bot` does
    patch_discord(base_url)
    stamp_sends()  # the fake counts each request when this process wrote it (`trust_sent_at`)
    settings = settings_for(Path("."), database_url=database_url, pictures=pictures, pace_redraws=paced)
    await migrated(database_url)
    _trace_arrivals()  # before the bot exists: its parsers are bound when it is made
    _time_callbacks()
    lag = asyncio.create_task(_watch_lag())  # noqa: F841 (kept alive until the process exits)
    peak = asyncio.create_task(_watch_peak())  # noqa: F841
    global BOT
    waits.COLLECTOR = waits.Waits()
    _note_handlers()
    bot = BOT = TabletopBot(settings)
    bot.publisher.pacer.stats = PacerStats()
    _time_the_store(bot.store)
    if database_url.startswith("postgresql"):
        _count_round_trips()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGUSR1, dump_tasks)
    loop.add_signal_handler(signal.SIGUSR2, lambda: print(memory_report(), flush=True))
    loop.add_signal_handler(signal.SIGTERM, lambda: (print(report(), flush=True), os._exit(0)))
    async with bot:
        await bot.login(token)
        # Every request also says when it was asked for: the fake then splits its wait for a pooled
        # connection from its time on the wire (tests/bench/request_waits.py).
        trace = asked_trace()
        assert bot._answers is not None
        for session in (bot._answers.first, bot._answers.edits, bot.http._HTTPClient__session):  # type: ignore[attr-defined]
            session._trace_configs.append(trace)
        await bot.sync_commands()
        await bot.connect()


if __name__ == "__main__":
    if os.environ.get(STANDBY):
        sys.stdin.readline()
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], "pictures" in sys.argv[4:], "paced" in sys.argv[4:]))
