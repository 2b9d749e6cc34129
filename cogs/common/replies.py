"""Answering interactions: within 3 seconds, once, ephemeral for a player's mistakes.

Discord drops an interaction not acknowledged within 3 seconds of its creation. `in_time` runs
work that may wait (the session lock, a save) and defers first if it is not done by `DEFER_AT`;
the answer then goes as a follow-up. Quick work is answered directly, with no extra request.
`FIRST_BYTES` records how long each interaction waited for its first answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
import weakref
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from bot import waits

log = logging.getLogger(__name__)
T = TypeVar("T")

DEFER_AT = 1.5  # seconds after the interaction's creation: past this, defer before answering
LATE = 2.5  # a first answer later than this is logged as a warning: it nearly missed the deadline
DEADLINE = 3.0  # Discord drops an interaction not answered this long after its creation
# The bot is busy when this many interactions wait for their first answer, or when one reaches its
# handler this old: then every interaction is acknowledged before any work of its own, and the
# work waits for one of WORK_SLOTS, so that the event loop's turns go to first answers first.
BUSY_BACKLOG, BUSY_AGE, WORK_SLOTS = 32, DEFER_AT, 8
ANSWER_WITHIN = 0.8  # seconds after an interaction arrives: with no first answer yet, it is deferred
PARSED_KEPT = 60.0  # seconds an arrival is remembered for the in-bot wait of its first answer


class FirstBytes:
    """How long interactions waited for their first answer, measured from their snowflake time."""

    def __init__(self, kept: int = 20_000) -> None:
        self.waits: deque[float] = deque(maxlen=kept)
        self.total = 0
        self.deferred = 0
        self.guarded = 0  # of them, deferred by the guard (`guard`), not by their handler
        self.late = 0
        self._unanswered: dict[int, float] = {}  # interaction id -> when its event arrived (monotonic)
        # How long after its event arrived each first answer went out: the bot's own share of the
        # wait (the age at arrival is the network's and the gateway's). Kept past the deadline too.
        self.in_bot: deque[float] = deque(maxlen=kept)
        self._parsed: dict[int, float] = {}
        self._parsed_order: deque[tuple[float, int]] = deque()

    def arrived(self, interaction_id: int) -> None:
        """The gateway delivered an interaction (called before discord.py dispatches it)."""
        now = time.monotonic()
        self._unanswered[interaction_id] = now
        self._parsed[interaction_id] = now
        self._parsed_order.append((now, interaction_id))
        while self._parsed_order and self._parsed_order[0][0] < now - PARSED_KEPT:
            self._parsed.pop(self._parsed_order.popleft()[1], None)

    def backlog(self) -> int:
        """Interactions received but not answered yet (those past Discord's deadline are forgotten)."""
        stale = time.monotonic() - DEADLINE
        for key in [k for k, t in self._unanswered.items() if t < stale]:
            del self._unanswered[key]
        return len(self._unanswered)

    def busy(self, interaction: discord.Interaction) -> bool:
        return (
            len(self._unanswered) >= BUSY_BACKLOG and self.backlog() >= BUSY_BACKLOG
            or age(interaction) >= BUSY_AGE
            or work_queued()
        )

    def waiting(self, interaction_id: int) -> bool:
        """The interaction arrived and no first answer has been started for it (nor has it expired)."""
        return interaction_id in self._unanswered

    def note(self, interaction: discord.Interaction, *, deferred: bool = False, how: str = "") -> None:
        if interaction.response.is_done():
            return
        waits.answered(interaction.id, how or ("deferred" if deferred else "answered"))
        self._unanswered.pop(interaction.id, None)
        parsed = self._parsed.pop(interaction.id, None)
        if parsed is not None:
            self.in_bot.append(time.monotonic() - parsed)
        wait = age(interaction)
        self.waits.append(wait)
        self.total += 1
        self.deferred += deferred
        if wait > LATE:
            self.late += 1
            log.warning("interaction %s first answered after %.2f s", interaction.id, wait)

    def summary(self) -> str:
        waits, in_bot = sorted(self.waits), sorted(self.in_bot) or [0.0]
        if not waits:
            return "first answers: none yet"

        def pct(values: list[float], q: float) -> float:
            return values[min(len(values) - 1, int(q * len(values)))] * 1000

        return (
            f"first answers: n={len(waits)} p50={pct(waits, 0.5):.0f} ms p99={pct(waits, 0.99):.0f} ms "
            f"max={waits[-1] * 1000:.0f} ms deferred={self.deferred} (by the guard {self.guarded}) later than {LATE} s={self.late}; "
            f"after arriving p50={pct(in_bot, 0.5):.0f} ms p99={pct(in_bot, 0.99):.0f} ms max={in_bot[-1] * 1000:.0f} ms"
        )


FIRST_BYTES = FirstBytes()
_GATE = "first answer under way"  # interaction.extras key: the guard's deferral, until it lands
_PUBLIC_THINKING = "public thinking"  # interaction.extras key: deferred publicly, "thinking" not filled in yet
_GUARDS: set[asyncio.Task[None]] = set()  # the guards' deferrals in flight (a task needs a reference)
_WORK: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, WorkSlots] = weakref.WeakKeyDictionary()


def age(interaction: discord.Interaction) -> float:
    """Seconds since Discord created the interaction."""
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


class WorkSlots:
    """WORK_SLOTS places for the work of interactions answered first; waiters are served in order,
    the Starts' before the rest: a Start's work deals the game and draws the new table and its
    players' first panels, and in a burst of new games it queued behind every move (the table came
    6-15 s after the Start, and the players' panels after it).

    Work waits in line in one of two forms: a task awaiting its place (`hold`), or a `Job` (`queue`),
    a small record that becomes a task only when a slot is handed to it. In a burst thousands of
    answered clicks wait here: as tasks, each kept its parsed interaction, the clicked message and
    its View, the loaded session and a chain of eleven coroutines (about 50 KB a click)."""

    def __init__(self, slots: int) -> None:
        self._free = slots
        self._first: deque[asyncio.Future[None] | Job] = deque()
        self._rest: deque[asyncio.Future[None] | Job] = deque()
        self._running: set[asyncio.Task[None]] = set()  # jobs under way (a task needs a reference)

    def locked(self) -> bool:
        return self._free <= 0

    def waiting(self) -> int:
        """Work in line for a slot (tasks and jobs)."""
        return len(self._first) + len(self._rest)

    @contextlib.asynccontextmanager
    async def hold(self, *, first: bool = False) -> AsyncIterator[None]:
        if self._free > 0 and not self._first and not self._rest:
            self._free -= 1
        else:
            place: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            (self._first if first else self._rest).append(place)
            try:
                with waits.span("work slot"):
                    await place  # a slot handed over by the work that left it
            except asyncio.CancelledError:
                if place.done() and not place.cancelled():
                    self._leave()  # handed over just as this waiter was cancelled: pass it on
                raise
        try:
            yield
        finally:
            self._leave()

    def queue(self, job: Job, *, first: bool = False) -> None:
        """Run `job` in a slot: now if one is free and nobody waits, else when its turn comes."""
        if self._free > 0 and not self._first and not self._rest:
            self._free -= 1
            self._start(job)
        else:
            (self._first if first else self._rest).append(job)

    def _start(self, job: Job) -> None:
        """Run a job in the slot it was given, in the context it was queued from."""
        task = asyncio.get_running_loop().create_task(
            self._run(job), name=f"{WORK_TASK}{job.interaction.id}", context=job.context
        )
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _run(self, job: Job) -> None:
        _IN_SLOT.set(True)  # in the job's own context: its `in_time` needs no second slot
        try:
            await job.run(job.interaction)
        except Exception:
            log.exception("work for interaction %s failed", job.interaction.id)
        finally:
            self._leave()

    def _leave(self) -> None:
        for line in (self._first, self._rest):
            while line:
                place = line.popleft()
                if isinstance(place, Job):
                    self._start(place)  # the slot passes to it
                    return
                if not place.done():  # a cancelled waiter's place is done: skip it
                    place.set_result(None)
                    return
        self._free += 1


@dataclass(slots=True)
class Job:
    """Work for an interaction already answered, waiting for a slot: the interaction (slimmed by
    `later`) and what to run with it."""

    interaction: discord.Interaction
    run: Callable[[discord.Interaction], Awaitable[None]]
    context: contextvars.Context


_IN_SLOT: ContextVar[bool] = ContextVar("in_work_slot", default=False)
WORK_TASK = "interaction-work-"  # a running job's task name, then the interaction's id


def work_waiting() -> int:
    """Work in line for a slot now (for the tests' `settle`)."""
    return _slots().waiting()


def later(
    interaction: discord.Interaction, run: Callable[[discord.Interaction], Awaitable[None]], *, first: bool = False
) -> None:
    """Run `run(interaction)` in a work slot, after the interaction's first answer (the caller has
    deferred it), and return at once: what waits is a `Job`, and the clicked message it keeps is
    cut down to what the answer reads (its id and flags), so the task that parsed it, its View and
    its embeds and components are freed. Read anything else from the message before."""
    message = interaction.message
    if message is not None:
        message.embeds, message.components, message.attachments = [], [], []
    _slots().queue(Job(interaction, run, contextvars.copy_context()), first=first)


def _slots() -> WorkSlots:
    return _WORK.setdefault(asyncio.get_running_loop(), WorkSlots(WORK_SLOTS))


def work_queued() -> bool:
    """Every work slot is taken: new work would wait for one, so its interaction is answered first."""
    try:
        return _slots().locked()
    except RuntimeError:  # no running loop (a unit test of the counters)
        return False


async def fresh(interaction: discord.Interaction) -> bool:
    """True when the caller is to give the interaction's first answer: none has gone out or is
    under way. The caller then sends it before its next await. When the guard's deferral is under
    way, waits for it to land (so a follow-up never overtakes it) and says False."""
    gate = interaction.extras.get(_GATE)
    if gate is not None and not gate.done():
        await asyncio.shield(gate)
    return not interaction.response.is_done()


def guard(interaction: discord.Interaction, *, public: bool) -> None:
    """Called as the gateway delivers an interaction: if no first answer has gone out ANSWER_WITHIN
    after it arrived (or DEFER_AT after Discord created it, if sooner), defer it then, whatever
    its handler is waiting for (the store, a lock, a work slot, the event loop's turn)."""
    loop = asyncio.get_running_loop()
    loop.call_later(max(0.0, min(ANSWER_WITHIN, DEFER_AT - age(interaction))), _guard_fires, interaction, public)


def _guard_fires(interaction: discord.Interaction, public: bool) -> None:
    if interaction.response.is_done() or _GATE in interaction.extras or not FIRST_BYTES.waiting(interaction.id):
        return  # answered, or its answer is on its way
    gate = asyncio.get_running_loop().create_future()
    interaction.extras[_GATE] = gate
    task = asyncio.create_task(_guard_defers(interaction, public, gate))
    _GUARDS.add(task)
    task.add_done_callback(_GUARDS.discard)


async def _guard_defers(interaction: discord.Interaction, public: bool, gate: asyncio.Future[None]) -> None:
    try:
        FIRST_BYTES.guarded += 1
        await _deferral(interaction, public, how="deferred by the guard")
    except discord.HTTPException as exc:
        if not expired(exc):
            log.warning("could not defer interaction %s in time: %s", interaction.id, exc)
        else:
            log.warning("interaction %s expired before it was answered, %.1f s old", interaction.id, age(interaction))
    finally:
        gate.set_result(None)


async def _deferral(interaction: discord.Interaction, public: bool, how: str = "") -> None:
    FIRST_BYTES.note(interaction, deferred=True, how=how)
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        interaction.extras[_PUBLIC_THINKING] = public
        await interaction.response.defer(ephemeral=not public, thinking=True)


async def defer(interaction: discord.Interaction, *, public: bool = False, how: str = "deferred, busy") -> None:
    """Acknowledge now and answer later: a click keeps its message, a command shows "thinking"
    only to the user (a late answer from a command is private), unless the answer is `public`
    (a new game's lobby)."""
    if await fresh(interaction):
        await _deferral(interaction, public, how)


async def in_time(
    interaction: discord.Interaction, work: Awaitable[T], *, public: bool = False, first: bool = False, late: bool = False
) -> T:
    """Await `work`; if it is not done by DEFER_AT after the interaction's creation, defer first.
    When the bot is busy, defer before the work starts and run it in one of WORK_SLOTS (`first`:
    before the work waiting without it, as a Start's). When the caller knows the work will wait
    for the store (`late`: `SessionService.wait_coming`), defer before it too, but run it at once:
    in a slot, slow saves held every slot and the rest of the burst queued behind them."""
    store_wait = False
    try:
        if await fresh(interaction) and FIRST_BYTES.busy(interaction):
            await defer(interaction, public=public)
        elif late and await fresh(interaction):
            await defer(interaction, public=public, how="deferred, a wait coming")
            store_wait = True
        answered = not await fresh(interaction)
    except BaseException:
        if asyncio.iscoroutine(work):
            work.close()  # never started: no "never awaited" warning
        raise
    if store_wait:  # it waits for the store, not for the event loop's turns: no work slot
        return await work
    if answered:
        if _IN_SLOT.get():  # already the work of a `later` job, which holds its slot
            return await work
        async with _slots().hold(first=first):
            return await work
    task = asyncio.ensure_future(work)
    budget = DEFER_AT - age(interaction)
    if budget > 0:
        await asyncio.wait({task}, timeout=budget)
    if not task.done():
        await defer(interaction, public=public, how="deferred, work not done in time")
    return await task

APOLOGY = "Sorry, something went wrong on my side. The game is safe; please try again in a moment."


async def say(
    interaction: discord.Interaction, text: str = "", *, ephemeral: bool = True, **kwargs: Any
) -> None:
    """Reply whether or not the interaction was already acknowledged."""
    kwargs = {k: v for k, v in kwargs.items() if v is not None}
    if await fresh(interaction):
        FIRST_BYTES.note(interaction)
        await interaction.response.send_message(text or None, ephemeral=ephemeral, **kwargs)
    else:
        await followup(interaction, text or discord.utils.MISSING, ephemeral=ephemeral, **kwargs)


async def followup(
    interaction: discord.Interaction, text: Any = discord.utils.MISSING, *, ephemeral: bool, **kwargs: Any
) -> discord.WebhookMessage:
    """A follow-up after a deferral. The first one fills in the deferral's "thinking" line, which is
    public or private as the deferral was: a private answer to a command deferred publicly (a
    refusal of `/x new` in a busy moment) deletes that line and goes apart, only to its user."""
    if interaction.extras.pop(_PUBLIC_THINKING, False) and ephemeral:
        with contextlib.suppress(discord.NotFound):
            await interaction.delete_original_response()
    return await interaction.followup.send(text, ephemeral=ephemeral, wait=True, **kwargs)


async def answer_publicly(interaction: discord.Interaction, **kwargs: Any) -> discord.Message | None:
    """Answer with a message for everyone in the channel, and return it; None when the interaction
    was deferred privately (its answer can only be private now)."""
    if await fresh(interaction):
        FIRST_BYTES.note(interaction)
        callback = await interaction.response.send_message(**kwargs)
        if isinstance(callback.resource, discord.InteractionMessage):
            return callback.resource
        return await interaction.original_response()
    if interaction.type is not discord.InteractionType.component and not interaction.extras.get(_PUBLIC_THINKING):
        return None  # a command deferred privately
    return await followup(interaction, ephemeral=False, **kwargs)


async def edit_clicked(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Edit the message whose button was clicked (an ephemeral panel), acknowledged or not yet."""
    if await fresh(interaction):
        FIRST_BYTES.note(interaction)
        await interaction.response.edit_message(**kwargs)
    else:  # deferred first (the bot was busy, or the work slow)
        await interaction.edit_original_response(**kwargs)


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
    if await fresh(interaction):
        FIRST_BYTES.note(interaction)
        await interaction.response.defer()
