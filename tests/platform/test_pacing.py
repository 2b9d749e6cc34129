"""Redraws paced to Discord's buckets and coalesced to the newest state (cogs/common/pacing.py), on a fake clock."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from cogs.common import pacing
from cogs.common.pacing import IN_FLIGHT_POLL, Bucket, Pacer
from cogs.common.publisher import DiscordPublisher


class FakeClock:
    """Time moves only when every task is waiting on it: `sleep` parks until the driver reaches it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        until = self.now + seconds
        while self.now < until - 1e-9:
            await asyncio.sleep(0)

    async def drive(self, step: float = 0.01) -> None:
        while True:
            for _ in range(5):  # let every runnable task reach its next sleep
                await asyncio.sleep(0)
            self.now = round(self.now + step, 6)


async def test_a_channel_bucket_makes_the_next_request_wait_for_the_oldest_to_leave_the_window() -> None:
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={"edit": Bucket(5, 5.0), "send": Bucket(5, 5.0)}, global_bucket=None)
    for t in range(5):
        clock.now = t * 0.5
        pacer.spend(1, "edit")
    clock.now = 3.0
    assert pacer.channel_wait(1, {"edit": 1}) == 2.0  # the edit at 0.0 leaves the window at 5.0
    assert pacer.channel_wait(1, {"send": 2}) == 0  # sends have their own bucket
    assert pacer.channel_wait(2, {"edit": 1}) == 0  # and every channel its own
    clock.now = 5.0
    assert pacer.channel_wait(1, {"edit": 1}) == 0
    assert pacer.channel_wait(1, {"edit": 2}) == 0.5  # two need the first two gone


async def test_a_request_leaves_its_window_only_a_little_after_the_windows_length() -> None:
    """What the pacer lets go at a channel window's very edge may arrive at Discord a moment later,
    or a moment earlier than the request it replaces in the window did: the slack keeps it clear."""
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, buckets={"send": Bucket(2, 5.0)}, global_bucket=Bucket(3, 1.0), slack=0.1)
    pacer.spend(1, "send")
    pacer.spend(1, "send")
    pacer.spend(2, "edit")
    assert abs(pacer.channel_wait(1, {"send": 1}) - 5.1) < 1e-9
    assert abs(pacer.global_wait(1) - 1.0) < 1e-9  # the global budget keeps its margin in its size
    clock.now = 5.05  # past the window's length, within the slack: still counted
    assert abs(pacer.channel_wait(1, {"send": 1}) - 0.05) < 1e-9
    clock.now = 5.1
    assert pacer.channel_wait(1, {"send": 1}) == 0 and pacer.global_wait(3) == 0


async def test_a_request_counts_from_when_its_answer_came() -> None:
    """Let go at 0 s, answered at 0.6 s (discord.py's locks, a slow connection): Discord may have
    counted it as late as that, so the channel's next send waits for 0.6 s + the window."""
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, buckets={"send": Bucket(1, 5.0)}, global_bucket=None, slack=0)

    async def redraw() -> None:
        pacer.bind(await pacer.ready(7, {"send": 1}))
        await pacer.take(7, "send")
        clock.now = 0.6  # the answer comes back
        pacer.release(None)  # the redraw ends: its last request is counted from now

    await asyncio.create_task(redraw())
    assert abs(pacer.channel_wait(7, {"send": 1}) - 5.0) < 1e-9  # 0.6 + 5.0 - 0.6
    clock.now = 5.3
    assert abs(pacer.channel_wait(7, {"send": 1}) - 0.3) < 1e-9  # counted from 0 s it would be free


async def test_a_ready_redraw_reserves_what_it_waited_for_and_its_requests_are_not_charged_twice() -> None:
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={"send": Bucket(5, 5.0)}, global_bucket=None)

    async def redraw() -> None:
        ticket = await pacer.ready(7, {"send": 2})
        pacer.bind(ticket)
        pacer.spend(7, "send")
        pacer.spend(7, "send")  # both within the reservation
        pacer.spend(7, "send")  # one more than reserved: charged

    await asyncio.create_task(redraw())
    assert pacer.channel_wait(7, {"send": 2}) == 0
    assert pacer.channel_wait(7, {"send": 3}) == 5.0  # 2 reserved + 1 extra are in the window


async def test_a_request_past_the_reservation_waits_for_the_global_budget() -> None:
    """A first DM panel reserves one request and makes two (the DM opened, then the panel sent): the
    second waits for room in the bot's global budget instead of going out past it."""
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={}, global_bucket=Bucket(2, 1.0))
    sent: list[tuple[str, float]] = []

    async def first_panel() -> None:
        pacer.bind(await pacer.ready(("dm", 1), {"edit": 1}))
        await pacer.take(("dm", 1), "open")  # not reserved: the budget's second request, at once
        sent.append(("open", clock.now))
        await pacer.take(("dm", 1), "send")  # a third in the same second: waits for the next
        sent.append(("send", clock.now))

    driver = asyncio.create_task(clock.drive())
    try:
        await asyncio.create_task(first_panel())
    finally:
        driver.cancel()
    assert sent[0] == ("open", 0.0)
    assert sent[1][0] == "send" and 1.0 <= sent[1][1] < 1.1


async def test_a_reserved_request_counts_from_when_it_goes_out() -> None:
    """Two edits reserved at 0 s but sent at 0.9 s (the redraw was slow to draw them) still fill the
    budget until 1.9 s: Discord counts them when they arrive."""
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={}, global_bucket=Bucket(2, 1.0))

    async def slow_redraw() -> None:
        pacer.bind(await pacer.ready(1, {"edit": 2}))
        clock.now = 0.9
        await pacer.take(1, "edit")
        await pacer.take(1, "edit")

    await asyncio.create_task(slow_redraw())
    clock.now = 1.0
    assert abs(pacer.global_wait(1) - 0.9) < 1e-9  # counted from 0 s, it would be 0 now


async def test_the_global_budget_serves_waiters_in_arrival_order() -> None:
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={}, global_bucket=Bucket(2, 1.0))
    served: list[tuple[int, float]] = []

    async def redraw(n: int) -> None:
        await pacer.ready(("channel", n), {"edit": 1})
        served.append((n, clock.now))

    driver = asyncio.create_task(clock.drive())
    try:
        await asyncio.gather(*(redraw(n) for n in range(6)))
    finally:
        driver.cancel()
    assert [n for n, _ in served] == list(range(6))
    times = [t for _, t in served]
    assert times[:2] == [0.0, 0.0] and 1.0 <= times[2] <= times[3] < 1.1 and 2.0 <= times[4] <= times[5] < 2.1
    for i in range(len(times) - 2):  # never 3 in one second
        assert times[i + 2] - times[i] >= 1.0 - 1e-6


async def test_a_request_unanswered_after_its_window_still_holds_its_room_until_its_answer() -> None:
    """A request let go and not answered a second later may not have reached Discord yet (a loaded
    event loop, a free connection): it keeps its room in the global budget until its answer, and
    is counted from then; let go at once, the next second's requests arrived with it (429s)."""
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={}, global_bucket=Bucket(1, 1.0))
    await pacer.take(("channel", 1), "send")
    clock.now = 1.5
    assert pacer.global_wait(1) == IN_FLIGHT_POLL  # its window has passed, its answer has not come
    pacer.sent()  # the answer, at 1.5 s
    assert pacer.global_wait(1) == 1.0  # counted from its answer: room again at 2.5 s


async def test_when_room_comes_every_waiter_that_fits_goes_at_once() -> None:
    """Waiters woken one at a time each took a turn of the event loop (a tenth of a second and more
    in a busy moment), and the budget stayed unused between them: when room comes, all that fit go
    together, counted from then; the next one holds the turn and waits for more room."""
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={}, global_bucket=Bucket(3, 1.0))
    for _ in range(3):
        pacer.spend(("channel", 0), "edit")  # the budget is full until 1.0 s
    waiters = [asyncio.create_task(pacer.ready(("channel", n), {"edit": 1})) for n in range(1, 5)]
    for _ in range(5):
        await asyncio.sleep(0)
    assert pacer.waiting() == (3, 0) and not any(w.done() for w in waiters)  # one holds the turn, three in line
    clock.now = 1.0
    for _ in range(4):  # a busy event loop: each of its turns takes a tenth of a second
        await asyncio.sleep(0)
        clock.now = round(clock.now + 0.1, 6)
    assert [w.done() for w in waiters] == [True, True, True, False]
    assert [w.result().at for w in waiters[:3]] == [1.0, 1.0, 1.0]  # not 1.0, 1.1, 1.2
    assert pacer.waiting() == (0, 0)  # the fourth holds the turn, until 2.0 s
    waiters[3].cancel()


async def test_urgent_waiters_for_the_global_budget_go_before_the_rest_that_came_first() -> None:
    """A burst of lobby edits (not urgent) queued first; the tables that came after them still go
    first, then the lobbies, each line in its own order, never past the budget; a redraw under
    way that needs a request more goes before the line."""
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={}, global_bucket=Bucket(2, 1.0))
    served: list[tuple[str, float]] = []

    async def redraw(name: str, urgent: bool) -> None:
        ticket = await pacer.ready(("channel", name), {"edit": 1}, urgent=urgent)
        served.append((name, clock.now))
        pacer.bind(ticket)
        if name == "table-0":  # a request past its reservation waits in the urgent line too
            await pacer.take(("channel", name), "send")
            served.append(("table-0 prompt", clock.now))

    driver = asyncio.create_task(clock.drive())
    try:
        lobbies = [asyncio.create_task(redraw(f"lobby-{n}", False)) for n in range(4)]
        for _ in range(5):
            await asyncio.sleep(0)  # the lobbies are in line first
        assert pacer.waiting() == (0, 1)  # two went at once; lobby-2 holds the turn, lobby-3 is in line
        tables = [asyncio.create_task(redraw(f"table-{n}", True)) for n in range(3)]
        await asyncio.gather(*lobbies, *tables)
    finally:
        driver.cancel()
    order = [name for name, _ in served]
    assert order[:3] == ["lobby-0", "lobby-1", "lobby-2"]  # the budget was free, or the turn theirs
    # table-0's prompt, past its reservation, goes next after the one holding the turn (table-1),
    # before the tables in line behind it
    assert order[3:7] == ["table-0", "table-1", "table-0 prompt", "table-2"]
    assert order[7:] == ["lobby-3"]
    times = [t for _, t in served]
    for i in range(len(times) - 2):  # never 3 in one second
        assert times[i + 2] - times[i] >= 1.0 - 1e-6


async def test_the_backlog_counts_the_requests_in_line_not_the_waiters() -> None:
    """Two tables posted anew (four requests each) waiting for a budget of 2 a second hold the line
    for 4 s, not 1 s; the rest's line counts only for a request that is not urgent."""
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={}, global_bucket=Bucket(2, 1.0))
    first = asyncio.create_task(pacer.ready("busy", {"send": 2}))  # takes the budget's whole second
    await asyncio.sleep(0)
    waiters = [asyncio.create_task(pacer.ready(f"table-{n}", {"send": 2, "delete": 2})) for n in range(2)]
    later = asyncio.create_task(pacer.ready("lobby", {"edit": 1}, urgent=False))
    for _ in range(5):
        await asyncio.sleep(0)
    assert first.done() and pacer.waiting() == (1, 1)  # table-0 holds the turn, table-1 is in line
    assert pacer.backlog() == 4.0  # 8 requests at 2 a second
    assert pacer.backlog(queued=2) == 5.0
    assert pacer.backlog(urgent=False) == 4.5
    for task in (*waiters, later):
        task.cancel()
    await asyncio.gather(*waiters, later, return_exceptions=True)


async def test_redraws_of_a_busy_table_are_coalesced_within_the_channel_bucket_and_show_the_newest_state() -> None:
    clock = FakeClock()
    no_rows = SimpleNamespace(peek=lambda _sid: None)  # no row cached: every redraw counts as urgent
    publisher = DiscordPublisher(SimpleNamespace(service=SimpleNamespace(store=no_rows)))  # type: ignore[arg-type]
    publisher.pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={"edit": Bucket(5, 5.0)}, global_bucket=None)
    publisher._channel_of[1] = 500
    state = {"version": 0}
    drawn: list[tuple[float, int, int]] = []  # (when, version drawn, newest version then)

    async def draw() -> None:
        version = state["version"]  # read when the redraw runs, as `_update_channel` reads the store
        publisher.pacer.spend(500, "edit")
        await clock.sleep(0.05)  # the edit's round trip
        drawn.append((clock.now, version, state["version"]))

    driver = asyncio.create_task(clock.drive())
    try:
        for _ in range(40):  # a move every quarter second for ten seconds, each asking for a redraw
            state["version"] += 1
            publisher.schedule(("channel", 1), draw)
            await clock.sleep(0.25)
        await publisher.drain()
    finally:
        driver.cancel()
    times = [t for t, _, _ in drawn]
    assert len(drawn) <= 5 + 5 + 2  # one bucket in each 5 s window of the 10 s, and the last one
    assert len(drawn) < 40
    for i in range(len(times) - 5):  # the channel's bucket: never six edits within 5 s
        assert times[i + 5] - times[i] >= 5.0 - 0.06
    assert drawn[-1][1] == 40  # the final table shows the newest state
    versions = [v for _, v, _ in drawn]
    assert versions == sorted(set(versions))  # each redraw newer than the one before: no queue of old ones
    # A redraw that waited for room drew the state as it was when room came, not when it was asked for.
    waited = [(v, newest) for t, v, newest in drawn if t >= 5.0]
    assert waited and all(newest - v <= 1 for v, newest in waited)


def test_what_lets_play_go_on_is_urgent_and_a_lobby_or_an_idle_players_panel_is_not() -> None:
    rows = {
        1: {"status": "lobby", "seats": [10], "roles": {}, "waiting": {}},
        2: {"status": "running", "seats": [10, 20, 30], "roles": {"guide": 40}, "waiting": {"1": "t", "-1": "t"}},
    }
    publisher = DiscordPublisher(SimpleNamespace(service=SimpleNamespace(store=SimpleNamespace(peek=rows.get))))  # type: ignore[arg-type]
    assert not publisher._urgent(("channel", 1))  # a lobby's edit
    assert publisher._urgent(("channel", 2))  # a running game's table and prompt
    assert publisher._urgent(("dm", 2, 20))  # the game waits on seat 1
    assert not publisher._urgent(("dm", 2, 10)) and not publisher._urgent(("dm", 2, 30))
    assert publisher._urgent(("dm", 2, 40))  # the guide (seat -1) is waited on
    assert publisher._urgent(("channel", 3))  # not cached: drawn as before, in the urgent line


def test_the_windows_of_channels_gone_quiet_are_dropped_and_a_busy_ones_kept() -> None:
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={"edit": Bucket(5, 5.0)}, global_bucket=None)
    for channel in range(1000):  # a burst over a thousand channels
        pacer.spend(channel, "edit")
    assert pacer.windows() == 1000
    clock.now = 30.0
    pacer.spend("busy", "edit")
    assert pacer.windows() == 1001  # not yet a sweep's time
    clock.now = pacing.FORGET_EVERY + 1
    pacer.spend("busy", "edit")  # the next request after a minute sweeps
    assert pacer.windows() == 1  # only the channel written to within its window
    assert pacer.channel_wait("busy", {"edit": 4}) == 0  # its count is intact: room for 3 more, then a wait
    assert pacer.channel_wait("busy", {"edit": 5}) > 0


async def test_a_waiter_that_becomes_urgent_goes_before_the_rest_that_came_first() -> None:
    """A DM panel that began to wait as not urgent (its player had acted) and whose player the game
    now waits on (SCP: Apollyon's next phase waits on every director) goes before the not urgent
    waiters that came before it, behind the urgent ones."""
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={}, global_bucket=Bucket(1, 1.0))
    pacer.spend(("channel", 0), "edit")  # the budget is full until 1.0 s
    served: list[str] = []

    async def redraw(name: str, urgent: bool) -> None:
        ticket = await pacer.ready(("dm", name), {"edit": 1}, urgent=urgent, name=name)
        served.append(name)
        assert ticket.urgent == (name in ("table", "panel-a"))  # its requests past the reservation too

    driver = asyncio.create_task(clock.drive())
    try:
        waiters = []
        for name, urgent in (("panel-b", False), ("panel-c", False), ("panel-a", False), ("table", True)):
            waiters.append(asyncio.create_task(redraw(name, urgent)))
            for _ in range(3):
                await asyncio.sleep(0)  # in line in this order
        assert pacer.waiting() == (1, 2)  # panel-b holds the turn; table urgent; panel-c, panel-a not
        assert pacer.promote("panel-a")
        assert not pacer.promote("panel-a") and not pacer.promote("table")  # urgent already
        assert not pacer.promote("nobody")
        assert pacer.waiting() == (2, 1)
        await asyncio.gather(*waiters)
    finally:
        driver.cancel()
    assert served == ["panel-b", "table", "panel-a", "panel-c"]
    assert not pacer._named  # nothing kept once served


async def test_a_players_panel_waiting_as_not_urgent_is_promoted_when_the_game_comes_to_wait_on_them() -> None:
    """The publisher's side: a DM panel's redraw asked for again once its player is waited on moves
    ahead of the other idle players' panels already waiting for the global budget."""
    clock = FakeClock()
    row = {"status": "running", "seats": [11, 12, 13], "roles": {}, "waiting": {}}
    store = SimpleNamespace(peek=lambda _sid: row, dm_known=lambda _sid, _user: True)
    publisher = DiscordPublisher(SimpleNamespace(service=SimpleNamespace(store=store)))  # type: ignore[arg-type]
    publisher.pacer = Pacer(clock=clock, sleep=clock.sleep, slack=0, buckets={}, global_bucket=Bucket(1, 1.0))
    publisher.pacer.spend(("channel", 0), "edit")  # the budget is full until 1.0 s
    publisher._pubs[1] = {"pending": {f"dm:{user}": 1 for user in row["seats"]}}
    drawn: list[int] = []

    def job(user: int):  # noqa: ANN202
        async def draw() -> None:
            drawn.append(user)
            del publisher._pubs[1]["pending"][f"dm:{user}"]  # drawn, as `_update_dm` records it

        return draw

    driver = asyncio.create_task(clock.drive())
    try:
        for user in (12, 13, 11):  # nobody is waited on: each panel waits as not urgent
            publisher.schedule(("dm", 1, user), job(user))
            for _ in range(5):
                await asyncio.sleep(0)
        assert publisher.pacer.waiting() == (0, 2)  # 12 holds the turn; 13 and 11 in the later line
        row["waiting"] = {"0": "t"}  # the game now waits on seat 0 (user 11)
        publisher.schedule(("dm", 1, 11), job(11))
        await publisher.drain()
    finally:
        driver.cancel()
    assert drawn == [12, 11, 13]
