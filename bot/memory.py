"""Keeping the bot process's memory down (issue 11: RSS <= 200 MB at 1,000 busy channels).

glibc gives every thread that allocates its own malloc arena (up to 8 per core), and an arena
keeps what it once held: the store's connection threads (aiosqlite runs each connection in a
thread of its own) and the picture workers each grew one, and a burst left them all large.
Two arenas are plenty for a process whose Python code runs on one thread.

What a burst frees inside glibc's heap stays mapped until `malloc_trim` gives it back: the bot asks
every TRIM_EVERY seconds, in a worker thread (ctypes lets go of the GIL), when at least TRIM_FREE
bytes lie free (`trim_forever`). Elsewhere than glibc these do nothing.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import functools
import logging

log = logging.getLogger(__name__)

M_ARENA_MAX = -8  # mallopt's parameter number, from glibc's malloc.h
ARENAS = 2
TRIM_EVERY = 10.0  # seconds
TRIM_FREE = 8 << 20  # bytes free in glibc's heap worth giving back


class Mallinfo2(ctypes.Structure):
    """glibc's `struct mallinfo2` (glibc 2.33 and later)."""

    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]


@functools.cache
def libc() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        return ctypes.CDLL(name)
    except OSError:
        return None


def heap_info() -> Mallinfo2 | None:
    """glibc's heap figures; None without glibc 2.33 or later."""
    lib = libc()
    if lib is None or not hasattr(lib, "mallinfo2"):
        return None
    lib.mallinfo2.restype = Mallinfo2
    return lib.mallinfo2()


def trim(min_free: int = TRIM_FREE) -> bool:
    """Give back to the system what glibc's heap holds free, if at least `min_free` bytes (it
    walks the heap: not worth it for a little). True if it trimmed."""
    lib = libc()
    if lib is None or not hasattr(lib, "malloc_trim"):
        return False
    info = heap_info()
    if info is not None and info.fordblks < min_free:
        return False
    lib.malloc_trim(0)
    return True


async def trim_forever(every: float = TRIM_EVERY) -> None:
    """Run by the bot for as long as it runs: `trim` off the event loop, every `every` seconds."""
    if libc() is None or not hasattr(libc(), "malloc_trim"):
        return
    while True:
        await asyncio.sleep(every)
        try:
            await asyncio.to_thread(trim)
        except Exception:
            log.exception("malloc_trim failed")


def limit_malloc_arenas(arenas: int = ARENAS) -> bool:
    """Cap glibc's malloc arenas before any thread starts. False where there is no glibc (musl,
    macOS), where it does not apply."""
    lib = libc()
    if lib is None:
        return False
    try:
        return bool(lib.mallopt(M_ARENA_MAX, arenas))
    except AttributeError:
        log.info("mallopt is not available here; malloc arenas are left as they are")
        return False
