"""The store: the SQLite fast save writes what SQLAlchemy reads back; the row cache never hides a newer write."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest
from sqlalchemy import text

from bot.store import ChannelBusy, GameSession, PlayerRecord, StaleWrite, Status, Store


async def test_saved_row_reads_back_identically_from_the_database(store: Store) -> None:
    row = await store.create(GameSession(guild_id=2**62, channel_id=2**61, game="g", host_id=2**60))
    row.seats = [2**59, 7]
    row.roles = {"guide": 2**58}
    row.state = {"nested": {"list": [1, "two", None, True]}, "text": "é ✓"}
    row.waiting = {"0": datetime(2026, 1, 1, tzinfo=UTC).isoformat()}
    row.status = Status.RUNNING.value
    await store.save(row)
    fresh = await store.get(row.id, fresh=True)  # type: ignore[arg-type]
    assert fresh is not None
    for field in (
        "guild_id",
        "channel_id",
        "host_id",
        "seats",
        "roles",
        "state",
        "waiting",
        "status",
        "version",
    ):
        assert getattr(fresh, field) == getattr(row, field), field
    assert abs((fresh.updated_at.replace(tzinfo=UTC) - row.updated_at).total_seconds()) < 1


async def test_a_second_process_write_is_never_hidden_by_the_cache(store: Store) -> None:
    other = Store(store.url)
    await other.init()
    try:
        mine = await store.create(GameSession(channel_id=1, game="g", host_id=1))
        theirs = await other.get(mine.id)  # type: ignore[arg-type]
        assert theirs is not None
        theirs.seats = [1, 2]
        await other.save(theirs)
        stale = await store.get(mine.id)  # type: ignore[arg-type]
        assert stale is not None and stale.seats == []  # cached, not yet known to be old
        stale.seats = [1, 3]
        with pytest.raises(StaleWrite):
            await store.save(stale)
        assert (await store.get(mine.id)).seats == [1, 2]  # type: ignore[union-attr]
    finally:
        await other.close()


async def test_reopening_a_finished_channel_is_allowed_but_two_active_are_not(store: Store) -> None:
    first = await store.create(GameSession(channel_id=5, game="g", host_id=1))
    with pytest.raises(ChannelBusy):
        await store.create(GameSession(channel_id=5, game="g", host_id=2))
    first.status = Status.FINISHED.value
    await store.save(first)
    assert await store.active_in_channel(5) is None
    second = await store.create(GameSession(channel_id=5, game="g", host_id=2))
    assert (await store.active_in_channel(5)).id == second.id  # type: ignore[union-attr]
    first.status = Status.LOBBY.value  # reviving the old one would make two active games
    with pytest.raises(ChannelBusy):
        await store.save(first)


async def test_a_publication_record_is_stored_and_replaced(store: Store) -> None:
    """What the Discord layer has shown of a session: written whole, read back after a restart."""
    assert await store.get_publication(7) == {}
    await store.put_publication(7, {"table": [1, 2], "notes": {"5": ["Only you saw this."]}})
    await store.put_publication(7, {"table": [1, 3], "pending": {"channel": 4}})
    assert await store.get_publication(7) == {"table": [1, 3], "pending": {"channel": 4}}


async def test_a_write_after_close_still_lands_on_a_connection_of_its_own(store: Store) -> None:
    # A click handler can finish while the bot shuts down: its write must land, and must not
    # reopen the store's own connection (left open, it is garbage-collected in some later test).
    row = await store.create(GameSession(channel_id=5, game="g", host_id=1))
    assert row.id is not None
    await store.close()
    await store.put_publication(row.id, {"table": 42})
    assert store._fast is not None and getattr(store._fast, "_conn", None) is None
    assert getattr(store._fast, "_pool", None) is None
    assert await store.get_publication(row.id) == {"table": 42}  # reads too, each on a passing connection
    other = Store(store.url)
    try:
        assert await other.get_publication(row.id) == {"table": 42}
    finally:
        await other.close()


async def test_close_lets_a_running_read_hand_its_connection_back_before_the_pool_goes(store: Store) -> None:
    # A handler that has answered may still be reading when the bot shuts down. Were the pool
    # disposed under it, its connection would go back to the discarded pool and stay open until
    # garbage collection (a ResourceWarning in some later test).
    started, release = asyncio.Event(), asyncio.Event()

    async def slow_read() -> None:
        async with store.engine.connect() as conn:
            started.set()
            await release.wait()
            await conn.execute(text("SELECT 1"))

    reading = asyncio.create_task(slow_read())
    await started.wait()
    pool = store.engine.sync_engine.pool
    closing = asyncio.create_task(store.close())
    await asyncio.sleep(0.05)
    assert not closing.done()  # it waits for the read
    release.set()
    await reading
    await closing
    assert pool.checkedin() == 0 and pool.checkedout() == 0  # nothing parked in the old pool


async def test_player_records_save_in_one_statement_with_the_version_check(store: Store) -> None:
    saint = PlayerRecord(guild_id=1, user_id=2, game="apocrypha", kind="saint", name="Julian", data={"deck": [1, 2]})
    saved = await store.save_record(saint)
    assert saved.id is not None and saved.version == 0
    with pytest.raises(StaleWrite):  # the same name twice for one player
        await store.save_record(PlayerRecord(guild_id=1, user_id=2, game="apocrypha", kind="saint", name="Julian"))
    # An update bumps the version; one from an older copy loses.
    old = PlayerRecord(**saved.model_dump())
    saved.data = {"deck": [3]}
    await store.save_record(saved)
    assert saved.version == 1
    old.data = {"deck": [4]}
    with pytest.raises(StaleWrite):
        await store.save_record(old)
    # What SQLAlchemy reads back is what the fast path wrote.
    found = await store.get_record(1, 2, "apocrypha", "saint", "Julian")
    assert found is not None and found.id == saved.id and found.data == {"deck": [3]} and found.version == 1
    assert [r.name for r in await store.list_records(1, 2, "apocrypha", "saint")] == ["Julian"]


async def test_on_postgresql_a_save_and_a_read_each_cost_one_round_trip(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """No BEGIN/ROLLBACK around a read, no pre-ping, no connection reset after a write: a round trip
    to PostgreSQL costs the most of anything on the path of a click (docs/performance.md)."""
    if not store.url.startswith("postgresql"):
        pytest.skip("PostgreSQL only: SQLite runs in the bot's own process")
    import asyncpg.connection
    import asyncpg.prepared_stmt

    sent: list[str] = []
    for cls, names in (
        (asyncpg.connection.Connection, ("execute", "fetch", "fetchrow", "fetchval", "prepare")),
        (asyncpg.prepared_stmt.PreparedStatement, ("fetch", "fetchrow", "fetchval")),
    ):
        for name in names:

            async def counted(self: object, *args: object, _m: object = getattr(cls, name), _n: str = name, **kw: object) -> object:
                sent.append(_n)
                return await _m(self, *args, **kw)  # type: ignore[operator]

            monkeypatch.setattr(cls, name, counted)
    row = await store.create(GameSession(channel_id=9, game="g", host_id=1))
    for _ in range(2):  # the first time a pooled connection sees a statement, it prepares it too
        await store.save(row)
        await store.get(row.id, fresh=True)  # type: ignore[arg-type]
    sent.clear()
    await store.save(row)
    assert sent == ["execute"]
    sent.clear()
    await store.get(row.id, fresh=True)  # type: ignore[arg-type]
    assert sent == ["fetch"]
