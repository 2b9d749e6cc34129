"""Keeping the bot process's memory down (issue 11: RSS <= 200 MB at 1,000 busy channels).

glibc gives every thread that allocates its own malloc arena (up to 8 per core), and an arena
keeps what it once held: the store's connection threads (aiosqlite runs each connection in a
thread of its own) and the picture workers each grew one, and a burst left them all large.
Two arenas are plenty for a process whose Python code runs on one thread.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging

log = logging.getLogger(__name__)

M_ARENA_MAX = -8  # mallopt's parameter number, from glibc's malloc.h
ARENAS = 2


def limit_malloc_arenas(arenas: int = ARENAS) -> bool:
    """Cap glibc's malloc arenas before any thread starts. False where there is no glibc (musl,
    macOS), where it does not apply."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        return bool(libc.mallopt(M_ARENA_MAX, arenas))
    except (OSError, AttributeError):
        log.info("mallopt is not available here; malloc arenas are left as they are")
        return False
