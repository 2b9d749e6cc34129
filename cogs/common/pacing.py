"""The publisher's own account of Discord's rate limits, so a busy channel's redraws wait their turn
instead of queueing in discord.py behind 429s.

Discord counts a bot's requests per channel bucket (about 5 sends and 5 edits per 5 s) and
against one global budget (50 per second; interaction callbacks and the interaction webhook are
outside it). A redraw first waits here until its channel, and the bot's budget, have room for
the requests it is about to make, and only then reads the newest state and draws it: changes
made while it waited are drawn once, by that one redraw, not as a queue of old ones.

`ready` reserves the requests it waited for (a `Ticket`); `take` charges a request against the
ticket of the redraw making it, or, past what it reserved, waits for room as `ready` does (`spend`
charges the buckets without waiting). Waiters
for the global budget are served in arrival order, the urgent ones (what lets play go on: a
table, a prompt, the panel of a player the game waits on) before the rest (a lobby's edit, the
panel of a player nobody waits on), so in a burst of new tables the tables go first; a redraw
already under way that needs one request more than it reserved goes next, before both lines. A
redraw waiting under a name that becomes urgent meanwhile (`promote`: its player is now the one
the game waits on) moves to the back of the urgent line. Each
request is counted from its answer (`request`). `stats`, when set, keeps what the pacer did (the
load benchmark prints it). The clock and sleep are injectable (tests).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Bucket:
    requests: int
    per: float  # seconds


# Per channel, by kind of request: Discord's documented order of magnitude, kept a little under it.
CHANNEL_BUCKETS: dict[str, Bucket] = {"send": Bucket(5, 5.0), "edit": Bucket(5, 5.0), "delete": Bucket(5, 5.0)}
# The bot's global budget (50/s), less a margin for requests the publisher does not make.
GLOBAL_BUCKET = Bucket(40, 1.0)
# A request leaves its channel's window this much after the window's length (the global budget has
# its margin in its size): what the pacer counts when it
# lets a request go and what Discord counts when it arrives differ by the time between (discord.py's
# own locks, a free connection, the network), and a request let go right at the window's edge could
# arrive inside the old window (a 429 with retry_after 0.001 s, 1 in 5 runs at load 12).
SLACK = 0.1
# With the global budget held by requests let go more than a second ago and still unanswered, how
# often a waiter looks again (their answers free the room).
IN_FLIGHT_POLL = 0.05
FLYING_MAX = 30.0  # seconds after which a request's answer is no longer waited for (a lost count)
# How often the windows of channels that have gone quiet are dropped: one per channel and DM the
# bot ever wrote to would otherwise be kept for as long as the process runs.
FORGET_EVERY = 60.0


@dataclass
class Ticket:
    channel: Hashable
    reserved: dict[str, int] = field(default_factory=dict)
    at: float = 0.0  # when the reservation was counted
    urgent: bool = True  # its requests past the reservation wait in the urgent line too


@dataclass
class _Place:
    """A redraw waiting in `ready` under a name: whether it is urgent, and its turn once in line."""

    urgent: bool
    turn: asyncio.Future[float | None] | None = None


_TICKET: ContextVar[Ticket | None] = ContextVar("pacing_ticket", default=None)
# The request this task last let go, (channel, kind, when it was counted): recounted from when its
# answer came back (`sent`), once the task comes back for its next request or ends its redraw.
_PENDING: ContextVar[tuple[Hashable, str, float] | None] = ContextVar("pacing_pending", default=None)


@dataclass
class PacerStats:
    """What the pacer did, kept only when asked (the load benchmark sets `Pacer.stats`): when each
    request went out, how long each wait for room took and why, and each request's round trip."""

    went: list[float] = field(default_factory=list)  # when each request was let go
    # Per wait for room (`ready`): (seconds waiting for the channel's window, seconds waiting for the
    # global budget, waiters in line for the budget when it came, whether it was urgent).
    waits: list[tuple[float, float, int, bool]] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)  # let go -> answer: what counting from the answer holds
    unused: int = 0  # requests reserved and given back unspent (a redraw drew less than it reserved)
    promoted: int = 0  # waiters that became urgent while they waited (`Pacer.promote`)

    def summary(self) -> str:
        def pct(values: list[float], q: float) -> float:
            ordered = sorted(values) or [0.0]
            return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

        if not self.went:
            return "[bot] pacer: no request"
        start, end = self.went[0], self.went[-1]
        per_second: dict[int, int] = {}
        for t in self.went:
            per_second[int(t - start)] = per_second.get(int(t - start), 0) + 1
        seconds = [per_second.get(s, 0) for s in range(int(end - start) + 1)]
        busiest = max(sum(seconds[i:i + 30]) for i in range(max(1, len(seconds) - 29))) / min(30, len(seconds))
        channel = [w[0] for w in self.waits]
        budget = [w[1] for w in self.waits]
        depth = [float(w[2]) for w in self.waits]
        urgent = [w[1] for w in self.waits if w[3]]
        rest = [w[1] for w in self.waits if not w[3]]
        return (
            f"[bot] pacer: {len(self.went)} requests in {end - start:.1f} s, {len(self.went) / max(end - start, 1e-9):.1f}/s, "
            f"busiest 30 s {busiest:.1f}/s, busiest second {max(seconds)}; {self.unused} reserved and unused; "
            f"{self.promoted} waiters became urgent while they waited\n"
            f"[bot] pacer waits (n={len(self.waits)}): channel window p50 {pct(channel, 0.5):.2f} s p99 {pct(channel, 0.99):.2f} s; "
            f"global budget p50 {pct(budget, 0.5):.2f} s p99 {pct(budget, 0.99):.2f} s max {pct(budget, 1.0):.1f} s "
            f"(urgent p50 {pct(urgent, 0.5):.2f} s p99 {pct(urgent, 0.99):.2f} s, n={len(urgent)}; the rest p50 {pct(rest, 0.5):.2f} s "
            f"p99 {pct(rest, 0.99):.2f} s, n={len(rest)}); in line when it came p50 {pct(depth, 0.5):.0f} max {pct(depth, 1.0):.0f}; "
            f"round trip held p50 {pct(self.round_trips, 0.5) * 1000:.0f} ms p99 {pct(self.round_trips, 0.99) * 1000:.0f} ms"
        )


class Pacer:
    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        buckets: Mapping[str, Bucket] = CHANNEL_BUCKETS,
        global_bucket: Bucket | None = GLOBAL_BUCKET,
        slack: float = SLACK,
    ) -> None:
        self._slack = slack
        self._clock, self._sleep = clock, sleep
        self._buckets, self._global_bucket = dict(buckets), global_bucket
        self._spent: dict[tuple[Hashable, str], deque[float]] = {}
        self._global: deque[float] = deque()
        # Waiters for the global budget, in order: the urgent line is served first. One waiter at a
        # time holds the turn (it waits for room, then leaves and hands the turn on).
        self._queue: deque[tuple[asyncio.Future[float | None], int]] = deque()  # (waiter, requests)
        self._later: deque[tuple[asyncio.Future[float | None], int]] = deque()
        # Redraws under way that need a request past their reservation: served before both lines,
        # as they already waited their turn (at the back of a long line, a first DM panel's send
        # waited as long again as its open).
        self._going: deque[tuple[asyncio.Future[float | None], int]] = deque()
        self._holder: asyncio.Future[float | None] | None = None
        self._holding = 0  # the requests the holder of the turn waits to make
        self._named: dict[Hashable, _Place] = {}  # redraws waiting in `ready` under a name (`promote`)
        self.stats: PacerStats | None = None  # kept when set (the load benchmark)
        self._flying: list[float] = []  # when each request let go and not yet answered was counted
        self._swept = clock()

    # -- waiting ------------------------------------------------------------------
    def channel_wait(self, channel: Hashable, needs: Mapping[str, int]) -> float:
        """Seconds until `needs` (requests per kind) fit in the channel's buckets; 0 if now."""
        now = self._clock()
        wait = 0.0
        for kind, count in needs.items():
            bucket = self._buckets.get(kind)
            if bucket is None or count <= 0:
                continue
            times = self._window(self._spent.get((channel, kind)), bucket, now)
            if not times:
                self._spent.pop((channel, kind), None)  # an idle channel holds nothing
            over = len(times) + min(count, bucket.requests) - bucket.requests
            if over > 0:  # the over-th oldest request must leave the window first
                wait = max(wait, times[over - 1] + bucket.per + self._slack - now)
        return wait

    def global_wait(self, count: int) -> float:
        bucket = self._global_bucket
        if bucket is None or count <= 0:
            return 0.0
        now = self._clock()
        times = self._window(self._global, bucket, now, slack=0.0)  # its margin is in its size
        over = self._used(now) + min(count, bucket.requests) - bucket.requests
        if over <= 0:
            return 0.0
        if over <= len(times):
            return times[over - 1] + bucket.per - now
        return IN_FLIGHT_POLL  # the room is held by requests let go long ago and not yet answered

    def _used(self, now: float) -> int:
        """Requests the global budget holds now: those counted in its window, and those let go
        more than a window ago and still unanswered (Discord may not have them yet: discord.py's
        locks, a free connection; they are counted again from their answer)."""
        assert self._global_bucket is not None
        window = self._window(self._global, self._global_bucket, now, slack=0.0)
        gone = now - self._global_bucket.per
        if self._flying and self._flying[0] < now - FLYING_MAX:  # an answer never noted: not held forever
            self._flying = [at for at in self._flying if at >= now - FLYING_MAX]
        return len(window) + sum(1 for at in self._flying if at <= gone)

    async def ready(
        self, channel: Hashable, needs: Mapping[str, int], *, urgent: bool = True, going: bool = False,
        name: Hashable | None = None,
    ) -> Ticket:
        """Wait until the channel and the global budget have room for `needs`, and reserve it.
        `going`: for a redraw already under way (it goes before both lines). `name`: what `promote`
        knows this waiter by (the publisher's key for the redraw)."""
        came = self._clock()
        depth = sum(self.waiting())
        place = _Place(urgent)
        if name is not None:
            self._named[name] = place
        try:
            while (wait := self.channel_wait(channel, needs)) > 0:
                await self._sleep(wait)
            room = self._clock()
            counted = await self._global_turn(sum(needs.values()), place, going)
        finally:
            if name is not None and self._named.get(name) is place:
                del self._named[name]
        now = self._clock() if counted is None else counted
        if self.stats is not None:
            self.stats.waits.append((room - came, self._clock() - room, depth, place.urgent))
        for kind, count in needs.items():
            for _ in range(count):
                self._record(channel, kind, now, budget=False)
        return Ticket(channel, {k: n for k, n in needs.items() if n > 0}, now, place.urgent)

    def promote(self, name: Hashable) -> bool:
        """The redraw waiting in `ready` under `name` has become urgent: a DM panel that began to
        wait as not urgent (its player had acted) while the game now waits on its player (SCP:
        Apollyon's directors all act in one phase, then all are waited on in the next; the panel
        waited behind every urgent redraw of the burst, for a minute and more). It joins the back
        of the urgent line. True if it was waiting as not urgent."""
        place = self._named.get(name)
        if place is None or place.urgent:
            return False
        place.urgent = True
        waiter = next((w for w in self._later if w[0] is place.turn), None)
        if waiter is not None:  # else still waiting for its channel: it will join the urgent line
            self._later.remove(waiter)
            self._queue.append(waiter)
        if self.stats is not None:
            self.stats.promoted += 1
        return True

    def release(self, ticket: Ticket | None) -> None:
        """Give back what a redraw reserved and did not spend (it found nothing to draw, or drew
        less than reserved), so the budget goes to the next redraw instead."""
        self.sent()
        if ticket is None:
            return
        for kind, count in ticket.reserved.items():
            if self.stats is not None:
                self.stats.unused += count
            for _ in range(count):
                _discard(self._spent.get((ticket.channel, kind)) if kind in self._buckets else None, ticket.at)
                if self._global_bucket is not None:
                    _discard(self._global, ticket.at)
        ticket.reserved.clear()

    async def _global_turn(self, count: int, place: _Place, going: bool = False) -> float | None:
        """Wait in line for the global budget; the holder of the turn leaves once it has room.
        Returns when its requests were counted in the budget (None: there is no budget)."""
        if self._global_bucket is None:
            return None
        if self._holder is None and not self._going and not self._queue and not self._later and self.global_wait(count) <= 0:
            return self._count_global(count)
        turn: asyncio.Future[float | None] = asyncio.get_running_loop().create_future()
        place.turn = turn
        (self._going if going else self._queue if place.urgent else self._later).append((turn, count))
        if self._holder is None:
            self._pass_turn()
        try:
            granted = await turn
            if granted is not None:
                return granted
            while (wait := self.global_wait(count)) > 0:
                await self._sleep(wait)
            return self._count_global(count)  # before the turn passes on, in `finally`
        finally:
            for line in (self._going, self._queue, self._later):
                for waiter in [w for w in line if w[0] is turn]:
                    line.remove(waiter)
            if self._holder is turn:
                self._holder = None
                self._pass_turn()

    def _count_global(self, count: int) -> float:
        now = self._clock()
        for _ in range(count):
            self._global.append(now)
        return now

    def _pass_turn(self) -> None:
        """Let go at once every waiter in order whose requests fit in the budget now, counting them
        from now (each one woken in turn took a turn of the event loop, a tenth of a second and more
        in a busy moment: the budget was left unused between them); the first that does not fit
        takes the turn and waits for room. The order: redraws under way, the oldest urgent, the rest."""
        assert self._global_bucket is not None
        bucket = self._global_bucket
        now = self._clock()
        free = bucket.requests - self._used(now)
        for line in (self._going, self._queue, self._later):
            while line:
                turn, count = line[0]
                if turn.done():  # a cancelled waiter's future is done: skip it
                    line.popleft()
                    continue
                line.popleft()
                if min(count, bucket.requests) <= free:
                    free -= count
                    turn.set_result(self._count_global(count))
                    continue
                turn.set_result(None)
                self._holder, self._holding = turn, count
                return

    def backlog(self, *, urgent: bool = True, queued: int = 0) -> float:
        """Seconds a request asking now would wait for the global budget, by the requests the line
        ahead of it asks for (and `queued` more requests, of redraws not at the pacer yet). Counted
        in requests, not waiters: a table posted anew asks for four (until 2026-11-25 each waiter
        counted one, and a wait of over 30 s read as under 3 s: no early prompt was sent)."""
        bucket = self._global_bucket
        if bucket is None:
            return 0.0
        lines = (self._going, self._queue) + (() if urgent else (self._later,))
        held = self._holding if self._holder is not None else 0  # out of the lines, waiting for room
        ahead = held + sum(count for line in lines for turn, count in line if not turn.done()) + queued
        return ahead * bucket.per / bucket.requests

    def waiting(self) -> tuple[int, int]:
        """How many wait for the global budget: (urgent, the rest)."""
        return len(self._going) + len(self._queue), len(self._later)

    # -- charging -----------------------------------------------------------------
    @staticmethod
    def bind(ticket: Ticket | None) -> None:
        """The redraw running in this task holds `ticket`: its `spend`s are charged to it first."""
        _TICKET.set(ticket)

    def spend(self, channel: Hashable, kind: str) -> None:
        """A request of `kind` to `channel` is being made: charge the ticket's reservation, or the buckets."""
        ticket = _TICKET.get()
        if ticket is not None and ticket.channel == channel and ticket.reserved.get(kind, 0) > 0:
            ticket.reserved[kind] -= 1
            return
        self._record(channel, kind, self._clock())

    async def take(self, channel: Hashable, kind: str) -> None:
        """`spend`, except that a request past the ticket's reservation first waits for room, as
        `ready` does: what a redraw makes beyond its estimate (a first DM panel's open and send,
        a prompt posted anew) no longer goes out unpaced, in a burst past the global budget."""
        self.sent()
        ticket = _TICKET.get()
        if ticket is not None and ticket.channel == channel and ticket.reserved.get(kind, 0) > 0:
            ticket.reserved[kind] -= 1
            at = self._retime(channel, kind, ticket.at)
        else:
            urgent = ticket.urgent if ticket is not None else True
            at = (await self.ready(channel, {kind: 1}, urgent=urgent, going=ticket is not None)).at
        _PENDING.set((channel, kind, at))
        if self._global_bucket is not None:
            self._flying.append(at)
        if self.stats is not None:
            self.stats.went.append(at)

    @contextlib.asynccontextmanager
    async def request(self, channel: Hashable, kind: str) -> AsyncIterator[None]:
        """Around one request: wait for room (`take`), and count it from its answer (`sent`) as soon
        as the answer is back, not when the redraw next comes back to the pacer (after its saves)."""
        await self.take(channel, kind)
        try:
            yield
        finally:
            self.sent()

    def sent(self) -> None:
        """The request this task last let go (`take`) has had its answer: count it from now. What
        the pacer counts when it lets a request go and what Discord counts on its arrival differ by
        discord.py's locks, a free connection and the network, as long as a loaded event loop
        makes them; counted from its answer, the latest moment Discord can have counted it, the
        next request of a full window never arrives inside the old one (a 429 with retry_after
        0.001-0.014 s at load 12)."""
        pending = _PENDING.get()
        if pending is not None:
            _PENDING.set(None)
            with contextlib.suppress(ValueError):
                self._flying.remove(pending[2])
            answered = self._retime(*pending, only_if_counted=True)
            if self.stats is not None:
                self.stats.round_trips.append(answered - pending[2])

    def _retime(self, channel: Hashable, kind: str, at: float, *, only_if_counted: bool = False) -> float:
        """A reserved request goes out now, maybe long after it was reserved (drawing took time, or
        the machine was busy): Discord counts it when it arrives, so count it from now. Counted from
        its reservation, it could leave the window before it was even sent, and a second's worth of
        later requests would then arrive with it, past the global budget. Returns now."""
        now = self._clock()
        spent = self._spent.get((channel, kind)) if kind in self._buckets else None
        for times in (spent, self._global if self._global_bucket is not None else None):
            if times is None:
                continue
            try:
                times.remove(at)
            except ValueError:  # it has left the window already
                if only_if_counted and times is spent:
                    continue  # (the global budget counts it from its answer whenever that comes)
            times.append(now)
        return now

    def _record(self, channel: Hashable, kind: str, now: float, *, budget: bool = True) -> None:
        if kind in self._buckets:
            self._spent.setdefault((channel, kind), deque()).append(now)
        if budget and self._global_bucket is not None:
            self._global.append(now)
        if now - self._swept >= FORGET_EVERY:
            self.forget_idle(now)

    def forget_idle(self, now: float | None = None) -> int:
        """Drop the windows of channels whose every request has left them (they wait for nothing).
        Returns how many were dropped."""
        now = self._clock() if now is None else now
        self._swept = now
        idle = [
            key for key, times in self._spent.items()
            if not times or times[-1] <= now - self._buckets[key[1]].per - self._slack
        ]
        for key in idle:
            del self._spent[key]
        return len(idle)

    def windows(self) -> int:
        """How many channel windows are kept (a channel's kind of request each)."""
        return len(self._spent)

    def _window(self, times: deque[float] | None, bucket: Bucket, now: float, slack: float | None = None) -> deque[float]:
        if times is None:
            return deque()
        while times and times[0] <= now - bucket.per - (self._slack if slack is None else slack):
            times.popleft()
        return times


def _discard(times: deque[float] | None, at: float) -> None:
    if times:
        with contextlib.suppress(ValueError):
            times.remove(at)
