"""Redraws waiting their turn, kept as keys, drained by a bounded set of workers.

A burst of 1,000 channels queued 3,000-4,000 redraws behind the pacer, each an asyncio task with
its coroutine frames, and the memory they held (and the fragmentation they left) was most of the
bot's peak. Here a queued redraw is only its key and its job: one per key (a surface: a table and
its prompt, a player's DM panel). A redraw asked for while one is queued for the same key is
absorbed, and the job that runs is the newest asked for, reading the newest state when it runs.
A redraw asked for while one of the same key is running runs once more after it, at the back of
its line: what changed meanwhile is drawn, and nothing is lost.

Two lines, served in order: the urgent one (what lets play go on: a table, a prompt, the panel of
a player the game waits on) before the rest (a lobby's edit, the panel of a player nobody waits
on); within a line, in the order first asked. A key asked for again when it has become urgent
moves to the urgent line. At most `workers` redraws run at once; a key whose channel has no room
yet (`room`, seconds to wait) is set aside until it has, so it does not hold a worker meanwhile.
Workers exist only while there is work: an idle bot has none.

A redraw that cannot finish (a lock or a database connection that does not come) must not hold
the queue: `run` may hand back the task of a drawing that has taken too long, and the worker goes
on to the next key while the key stays running, and done, when that task ends.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

Job = Callable[[], Awaitable[None]]
log = logging.getLogger(__name__)


class RedrawQueue:
    def __init__(
        self,
        run: Callable[[Hashable, Job], Awaitable[asyncio.Future[Any] | None]],
        *,
        workers: int,
        room: Callable[[Hashable], float] | None = None,
    ) -> None:
        self._run, self._room, self._max = run, room, workers
        self._queued: dict[Hashable, tuple[Job, int]] = {}  # key -> (its newest job, its entry's number)
        self._urgent_keys: set[Hashable] = set()  # queued keys whose entry is in the urgent line
        self._lines: tuple[deque[tuple[int, Hashable]], deque[tuple[int, Hashable]]] = (deque(), deque())
        self._running: dict[Hashable, Job | None] = {}  # key -> the job asked for while it ran, if any
        self._again_urgent: set[Hashable] = set()
        self._parked: dict[Hashable, asyncio.TimerHandle] = {}  # queued keys waiting for their channel's room
        self._workers: set[asyncio.Task[None]] = set()
        self._settled: dict[Hashable, list[asyncio.Future[None]]] = {}
        self._idle: list[asyncio.Future[None]] = []
        self._numbers = itertools.count()
        self._epoch = 0  # moved on by `cancel`: a cancelled worker's last steps touch nothing
        self._detached = 0  # keys whose drawing took too long and goes on without a worker

    # -- asking -------------------------------------------------------------------
    def push(self, key: Hashable, job: Job, *, urgent: bool = True) -> None:
        if key in self._running:
            self._running[key] = job
            if urgent:
                self._again_urgent.add(key)
            return
        known = self._queued.get(key)
        if known is not None:
            if urgent and key not in self._urgent_keys and key not in self._parked:
                self._line(key, job, urgent=True)  # it became urgent: the older entry is skipped
            else:
                self._queued[key] = (job, known[1])
                if urgent:
                    self._urgent_keys.add(key)  # set aside: back in the urgent line when it has room
            return
        self._line(key, job, urgent=urgent)
        self._staff()

    def _line(self, key: Hashable, job: Job, *, urgent: bool) -> None:
        number = next(self._numbers)
        self._queued[key] = (job, number)
        (self._urgent_keys.add if urgent else self._urgent_keys.discard)(key)
        self._lines[0 if urgent else 1].append((number, key))

    def _staff(self) -> None:
        """Start workers for the keys in line, up to the bound."""
        lined = len(self._queued) - len(self._parked)
        # Workers not running a key are about to take one from the line.
        while len(self._workers) < self._max and len(self._workers) - len(self._running) + self._detached < lined:
            task = asyncio.get_running_loop().create_task(self._work(), name="redraw-worker")
            self._workers.add(task)
            task.add_done_callback(self._workers.discard)

    # -- what is queued -----------------------------------------------------------
    def __contains__(self, key: Hashable) -> bool:
        return key in self._queued or key in self._running

    def keys(self) -> set[Hashable]:
        """Every key queued or running."""
        return {*self._queued, *self._running}

    def __len__(self) -> int:
        return len(self.keys())

    def waiting(self) -> tuple[int, int]:
        """Keys in line (not running): (urgent, the rest)."""
        urgent = len(self._urgent_keys)
        return urgent, len(self._queued) - urgent

    @property
    def workers(self) -> int:
        return len(self._workers)

    # -- working --------------------------------------------------------------------
    def _next(self) -> tuple[Hashable, Job] | None:
        for line in self._lines:
            while line:
                number, key = line.popleft()
                known = self._queued.get(key)
                if known is None or known[1] != number or key in self._parked:
                    continue  # an entry left behind when the key moved line, ran, or was set aside
                wait = self._room(key) if self._room is not None else 0.0
                if wait > 0:
                    self._parked[key] = asyncio.get_running_loop().call_later(wait, self._unpark, key)
                    continue
                del self._queued[key]
                self._urgent_keys.discard(key)
                return key, known[0]
        return None

    def _unpark(self, key: Hashable) -> None:
        self._parked.pop(key, None)
        known = self._queued.get(key)
        if known is None:
            return
        # Back at the head of its line: it waited its turn already, then for its channel.
        self._lines[0 if key in self._urgent_keys else 1].appendleft((known[1], key))
        self._staff()

    async def _work(self) -> None:
        epoch = self._epoch
        while (picked := self._next()) is not None:
            key, job = picked
            self._running[key] = None
            rest: asyncio.Future[Any] | None = None
            try:
                rest = await self._run(key, job)
            except Exception:
                log.exception("redrawing %s failed", key)
            finally:
                if rest is not None:  # still drawing: done when it ends, and this worker goes on
                    self._detached += 1
                    rest.add_done_callback(lambda _, key=key: self._done(key, epoch, detached=True))
                else:
                    self._done(key, epoch)
        self._leave()

    def _done(self, key: Hashable, epoch: int, *, detached: bool = False) -> None:
        if self._epoch != epoch:
            return  # dropped by `cancel` meanwhile
        if detached:
            self._detached -= 1
        again = self._running.pop(key, None)
        if again is not None:
            self._line(key, again, urgent=key in self._again_urgent)
            self._staff()
        self._again_urgent.discard(key)
        if key not in self._queued:
            self._resolve(self._settled.pop(key, []))
        if detached and not self._queued and not self._running:
            self._resolve(self._idle)
            self._idle = []

    def _leave(self) -> None:
        # Out of the count now, not by the done callback a turn later: a key pushed meanwhile
        # would find the bound reached and no worker left to take it.
        self._workers.discard(asyncio.current_task())  # type: ignore[arg-type]
        if not self._queued and not self._running:
            self._resolve(self._idle)
            self._idle = []

    @staticmethod
    def _resolve(waiters: list[asyncio.Future[None]]) -> None:
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    # -- waiting for it -----------------------------------------------------------
    async def settled(self, key: Hashable) -> None:
        """Wait until nothing of `key` is queued or running."""
        while key in self:
            waiter = asyncio.get_running_loop().create_future()
            self._settled.setdefault(key, []).append(waiter)
            await waiter

    async def drain(self) -> None:
        """Wait until nothing is queued or running."""
        while self._queued or self._running:
            waiter = asyncio.get_running_loop().create_future()
            self._idle.append(waiter)
            await waiter

    def cancel(self) -> None:
        """Drop everything queued and stop the running redraws (a crash, in tests)."""
        for handle in self._parked.values():
            handle.cancel()
        self._epoch += 1
        self._detached = 0
        for task in list(self._workers):
            task.cancel()
        self._workers.clear()
        self._queued.clear()
        self._urgent_keys.clear()
        self._running.clear()
        self._again_urgent.clear()
        self._parked.clear()
        for line in self._lines:
            line.clear()
        for waiters in self._settled.values():
            self._resolve(waiters)
        self._settled.clear()
        self._resolve(self._idle)
        self._idle = []
