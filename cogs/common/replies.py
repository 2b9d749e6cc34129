"""Answering interactions: within 3 seconds, once, ephemeral for a player's mistakes.

Discord drops an interaction not acknowledged within 3 seconds of its creation. `in_time` runs
work that may wait (the session lock, a save) and defers first if it is not done by `DEFER_AT`;
the answer then goes as a follow-up. Quick work is answered directly, with no extra request.
`FIRST_BYTES` records how long each interaction waited for its first answer.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections import deque
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

log = logging.getLogger(__name__)
T = TypeVar("T")

DEFER_AT = 1.5  # seconds after the interaction's creation: past this, defer before answering
LATE = 2.5  # a first answer later than this is logged as a warning: it nearly missed the deadline
DEADLINE = 3.0  # Discord drops an interaction not answered this long after its creation
# The bot is busy when this many interactions wait for their first answer, or when one reaches its
# handler this old: then every interaction is acknowledged before any work of its own, and the
# work waits for one of WORK_SLOTS, so that the event loop's turns go to first answers first.
BUSY_BACKLOG, BUSY_AGE, WORK_SLOTS = 32, DEFER_AT, 8


class FirstBytes:
    """How long interactions waited for their first answer, measured from their snowflake time."""

    def __init__(self, kept: int = 20_000) -> None:
        self.waits: deque[float] = deque(maxlen=kept)
        self.total = 0
        self.deferred = 0
        self.late = 0
        self._unanswered: dict[int, float] = {}  # interaction id -> when its event arrived (monotonic)

    def arrived(self, interaction_id: int) -> None:
        """The gateway delivered an interaction (called before discord.py dispatches it)."""
        self._unanswered[interaction_id] = time.monotonic()

    def backlog(self) -> int:
        """Interactions received but not answered yet (those past Discord's deadline are forgotten)."""
        stale = time.monotonic() - DEADLINE
        for key in [k for k, t in self._unanswered.items() if t < stale]:
            del self._unanswered[key]
        return len(self._unanswered)

    def busy(self, interaction: discord.Interaction) -> bool:
        return len(self._unanswered) >= BUSY_BACKLOG and self.backlog() >= BUSY_BACKLOG or age(interaction) >= BUSY_AGE

    def note(self, interaction: discord.Interaction, *, deferred: bool = False) -> None:
        if interaction.response.is_done():
            return
        self._unanswered.pop(interaction.id, None)
        wait = age(interaction)
        self.waits.append(wait)
        self.total += 1
        self.deferred += deferred
        if wait > LATE:
            self.late += 1
            log.warning("interaction %s first answered after %.2f s", interaction.id, wait)

    def summary(self) -> str:
        waits = sorted(self.waits)
        if not waits:
            return "first answers: none yet"

        def pct(q: float) -> float:
            return waits[min(len(waits) - 1, int(q * len(waits)))]

        return (
            f"first answers: n={len(waits)} p50={pct(0.5) * 1000:.0f} ms p99={pct(0.99) * 1000:.0f} ms "
            f"max={waits[-1] * 1000:.0f} ms deferred={self.deferred} later than {LATE} s={self.late}"
        )


FIRST_BYTES = FirstBytes()
_WORK: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


def age(interaction: discord.Interaction) -> float:
    """Seconds since Discord created the interaction."""
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


async def defer(interaction: discord.Interaction, *, public: bool = False) -> None:
    """Acknowledge now and answer later: a click keeps its message, a command shows "thinking"
    only to the user (a late answer from a command is private), unless the answer is `public`
    (a new game's lobby)."""
    if interaction.response.is_done():
        return
    FIRST_BYTES.note(interaction, deferred=True)
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=not public, thinking=True)


async def in_time(interaction: discord.Interaction, work: Awaitable[T], *, public: bool = False) -> T:
    """Await `work`; if it is not done by DEFER_AT after the interaction's creation, defer first.
    When the bot is busy, defer before the work starts, and run it in one of WORK_SLOTS."""
    if not interaction.response.is_done() and FIRST_BYTES.busy(interaction):
        await defer(interaction, public=public)
    if interaction.response.is_done():
        slots = _WORK.setdefault(asyncio.get_running_loop(), asyncio.Semaphore(WORK_SLOTS))
        async with slots:
            return await work
    task = asyncio.ensure_future(work)
    budget = DEFER_AT - age(interaction)
    if budget > 0:
        await asyncio.wait({task}, timeout=budget)
    if not task.done():
        await defer(interaction, public=public)
    return await task

APOLOGY = "Sorry, something went wrong on my side. The game is safe; please try again in a moment."


async def say(
    interaction: discord.Interaction, text: str = "", *, ephemeral: bool = True, **kwargs: Any
) -> None:
    """Reply whether or not the interaction was already acknowledged."""
    kwargs = {k: v for k, v in kwargs.items() if v is not None}
    if interaction.response.is_done():
        await interaction.followup.send(text or discord.utils.MISSING, ephemeral=ephemeral, **kwargs)
    else:
        FIRST_BYTES.note(interaction)
        await interaction.response.send_message(text or None, ephemeral=ephemeral, **kwargs)


async def edit_clicked(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Edit the message whose button was clicked (an ephemeral panel), acknowledged or not yet."""
    if interaction.response.is_done():  # deferred first (the bot was busy, or the work slow)
        await interaction.edit_original_response(**kwargs)
    else:
        FIRST_BYTES.note(interaction)
        await interaction.response.edit_message(**kwargs)


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """A player's mistake: one plain sentence only they see."""
    await say(interaction, text, ephemeral=True)


def expired(error: BaseException | None) -> bool:
    """Discord no longer knows the interaction (10062): it was not answered within 3 seconds."""
    return isinstance(error, discord.NotFound) and error.code == 10062


async def apologise(interaction: discord.Interaction, where: str, error: BaseException | None = None) -> None:
    """An error the player did not cause: log it (with `where`, naming the session) and say sorry."""
    if expired(error):
        # One line, no traceback and no apology (it could not be delivered): when the bot is late,
        # formatting tracebacks for every expired interaction would make it later still.
        log.warning("interaction %s (%s) expired before it was answered, %.1f s old", interaction.id, where, age(interaction))
        return
    log.error("unexpected error in %s", where, exc_info=error or True)
    try:
        await say(interaction, APOLOGY, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not send the apology for %s", where)


async def ack(interaction: discord.Interaction) -> None:
    """Acknowledge a component click without a new message (the table is edited separately)."""
    if not interaction.response.is_done():
        FIRST_BYTES.note(interaction)
        await interaction.response.defer()
