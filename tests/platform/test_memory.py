"""What keeps the bot process's memory down (bot/memory.py, the store's read connections)."""

from __future__ import annotations

import asyncio
import platform
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from bot import memory
from bot.store import READ_CACHE_KB, GameSession, Store, _duplicate_key


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc arenas are glibc's")
def test_glibc_takes_the_arena_cap() -> None:
    assert memory.limit_malloc_arenas() is True


async def test_without_a_c_library_nothing_is_capped_or_trimmed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory.ctypes.util, "find_library", lambda _name: None)
    memory.libc.cache_clear()
    try:
        assert memory.limit_malloc_arenas() is False
        assert memory.trim(min_free=0) is False
        assert memory.heap_info() is None
        await asyncio.wait_for(memory.trim_forever(every=0.01), 1)  # returns at once: nothing to do
    finally:
        memory.libc.cache_clear()


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_what_a_burst_freed_in_glibcs_heap_is_given_back_only_when_worth_it() -> None:
    kept, freed = [], []
    for i in range(60_000):  # blocks over 512 bytes come from glibc, not Python's own allocator
        (kept if i % 8 == 0 else freed).append(bytearray(2_000))
    freed.clear()
    before = memory.heap_info()
    assert before is not None and before.fordblks > 50 << 20
    assert memory.trim(min_free=before.fordblks * 2) is False  # too little free: left alone
    rss = _rss_kb()
    assert memory.trim(min_free=1 << 20) is True
    # The free chunks stay in the heap's lists, but their pages go back to the system: RSS falls
    # by most of the 100 MB freed (between blocks still in use).
    assert rss - _rss_kb() > 40_000
    assert len(kept) == 7_500


def _rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


async def test_a_pooled_sqlite_read_connection_keeps_a_small_page_cache(tmp_path: object) -> None:
    store = Store(f"sqlite+aiosqlite:///{tmp_path}/memory.db")
    try:
        async with store.engine.connect() as conn:
            assert (await conn.execute(text("PRAGMA cache_size"))).scalar() == -READ_CACHE_KB
    finally:
        await store.close()


def test_a_sqlite_bot_loads_neither_pillow_nor_asyncpg_at_start() -> None:
    """Pillow loads at the first picture, asyncpg and SQLAlchemy's PostgreSQL dialect only for
    PostgreSQL: 3, 3 and 4 MB a bot may never need."""
    code = (
        "import importlib, sys\n"
        "from bot.client import CORE_EXTENSIONS\n"
        "from bot.games import all_rules\n"
        "from bot.store import Store\n"
        "Store('sqlite+aiosqlite:///unused.db')  # makes no file until used\n"
        "for name in [*CORE_EXTENSIONS, *(f'cogs.{key}' for key in all_rules())]:\n"
        "    importlib.import_module(name)\n"
        "print(sorted({'PIL', 'asyncpg', 'sqlalchemy.dialects.postgresql'} & set(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path(__file__).parents[2])
    assert out.stdout.strip() == "[]"


async def test_a_postgresql_store_gives_the_one_active_game_index_its_clause() -> None:
    """The models' partial index gets PostgreSQL's WHERE with the first PostgreSQL store (not at
    import, see `_on_postgresql`): `create_all` on PostgreSQL still makes it partial."""
    from sqlalchemy.dialects import postgresql
    from sqlalchemy.schema import CreateIndex

    store = Store("postgresql+asyncpg://nobody@127.0.0.1:1/none")  # no connection is made
    try:
        index = next(i for i in GameSession.__table__.indexes if i.name == "one_active_game_per_channel")  # type: ignore[attr-defined]
        ddl = str(CreateIndex(index).compile(dialect=postgresql.dialect()))
        assert "WHERE status IN ('lobby', 'running')" in ddl and "UNIQUE" in ddl
    finally:
        await store.close()


def test_a_duplicate_key_is_recognised_from_either_database() -> None:
    import asyncpg  # as PostgreSQL loads it

    assert {sqlite3.IntegrityError, asyncpg.UniqueViolationError} <= set(_duplicate_key())
