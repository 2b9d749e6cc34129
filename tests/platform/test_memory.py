"""What keeps the bot process's memory down (bot/memory.py, the store's read connections)."""

from __future__ import annotations

import platform

import pytest
from sqlalchemy import text

from bot import memory
from bot.store import READ_CACHE_KB, Store


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc arenas are glibc's")
def test_glibc_takes_the_arena_cap() -> None:
    assert memory.limit_malloc_arenas() is True


def test_without_a_c_library_nothing_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory.ctypes.util, "find_library", lambda _name: None)
    assert memory.limit_malloc_arenas() is False


async def test_a_pooled_sqlite_read_connection_keeps_a_small_page_cache(tmp_path: object) -> None:
    store = Store(f"sqlite+aiosqlite:///{tmp_path}/memory.db")
    try:
        async with store.engine.connect() as conn:
            assert (await conn.execute(text("PRAGMA cache_size"))).scalar() == -READ_CACHE_KB
    finally:
        await store.close()
