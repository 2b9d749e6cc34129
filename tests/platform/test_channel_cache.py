"""Each channel's game cached in the bot process: a channel with no game costs no query once every
game is known (`Store.know_active`), and a stale entry never lets a command act on a game another
process ended, nor on another channel's game."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import event

from bot.engine.errors import GameError
from bot.store import ChannelBusy, DmMessage, GameSession, Status, Store
from tests.platform.test_service import BEA, CHANNEL, HOST, make_service, open_game


@contextmanager
def statements(store: Store) -> Iterator[list[str]]:
    """The SQL statements the store's reads send while inside (the fast path's writes are not SQL reads)."""
    sent: list[str] = []

    def count(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        sent.append(statement)

    event.listen(store.engine.sync_engine, "before_cursor_execute", count)
    try:
        yield sent
    finally:
        event.remove(store.engine.sync_engine, "before_cursor_execute", count)


async def test_once_every_game_is_known_a_channel_without_one_costs_no_query(store: Store) -> None:
    before = await store.create(GameSession(guild_id=1, channel_id=1, game="g", host_id=HOST))
    assert await store.know_active() == 1
    with statements(store) as sent:
        assert await store.active_in_channel(2) is None
        assert (await store.active_in_channel(1)).id == before.id  # type: ignore[union-attr]
        opened = await store.create(GameSession(guild_id=1, channel_id=2, game="g", host_id=HOST))
        assert (await store.active_in_channel(2)).id == opened.id  # type: ignore[union-attr]
        opened.status = Status.FINISHED.value
        await store.save(opened)
        assert await store.active_in_channel(2) is None
    assert sent == []


async def test_a_store_that_has_not_read_every_game_still_asks_the_database(store: Store) -> None:
    other = Store(store.url)
    await other.init()
    try:
        theirs = await other.create(GameSession(guild_id=1, channel_id=3, game="g", host_id=HOST))
        with statements(store) as sent:
            assert (await store.active_in_channel(3)).id == theirs.id  # type: ignore[union-attr]
        assert sent  # not known to have every game: it read
    finally:
        await other.close()


async def test_a_stale_entry_never_acts_on_a_game_another_process_ended(store: Store) -> None:
    service = make_service(store)
    await store.know_active()
    sid = await open_game(service)
    await service.start(sid, HOST)
    other = Store(store.url)
    await other.init()
    try:
        theirs = await other.get(sid)
        assert theirs is not None
        theirs.status, theirs.waiting = Status.ABANDONED.value, {}
        await other.save(theirs)
        # This process has not heard: its entry still names the game as running...
        stale = await service.session_in(CHANNEL)
        assert stale.id == sid and stale.status == Status.RUNNING.value
        # ...but acting on it reloads on the lost write and refuses, and nothing is saved.
        with pytest.raises(GameError, match="has ended"):
            await service.act(sid, HOST, {"type": "reveal"})
        assert (await other.get(sid, fresh=True)).version == theirs.version  # type: ignore[union-attr]
        # The channel is read from the database again: it has no game now.
        with pytest.raises(GameError, match="no game in this channel"):
            await service.session_in(CHANNEL)
    finally:
        await other.close()


async def test_a_game_another_process_opened_in_a_known_channel_is_read_not_assumed_absent(store: Store) -> None:
    service = make_service(store)
    await store.know_active()
    other = Store(store.url)
    await other.init()
    try:
        await other.create(GameSession(guild_id=1, channel_id=CHANNEL, game="highcard", host_id=BEA))
        with pytest.raises(GameError, match="already has a High Card game"):
            await service.new(guild_id=1, channel_id=CHANNEL, game="highcard", host_id=HOST)
        assert (await service.session_in(CHANNEL)).host_id == BEA
    finally:
        await other.close()


async def test_an_entry_names_only_its_own_channels_game(store: Store) -> None:
    service = make_service(store)
    await store.know_active()
    sid = await open_game(service)
    # A corrupted entry pointing channel 7 at this channel's game is not believed.
    store._active[7] = sid
    with statements(store) as sent:
        assert await store.active_in_channel(7) is None
    assert sent  # checked against the database instead
    assert (await service.session_in(CHANNEL)).id == sid


async def test_an_older_read_never_replaces_a_newer_save_in_the_cache(store: Store) -> None:
    row = await store.create(GameSession(guild_id=1, channel_id=4, game="g", host_id=HOST))
    old = await store.get(row.id)  # type: ignore[arg-type]
    row.status = Status.FINISHED.value
    await store.save(row)
    assert old is not None and old.status == Status.LOBBY.value
    store._remember(old)  # a read that began before the save lands after it
    assert (await store.get(row.id)).status == Status.FINISHED.value  # type: ignore[union-attr]
    assert await store.active_in_channel(4) is None


async def test_a_sole_writer_reads_no_publication_or_dm_of_a_game_it_opened(store: Store) -> None:
    store.sole_writer()
    row = await store.create(GameSession(guild_id=1, channel_id=5, game="g", host_id=HOST))
    assert row.id is not None
    with statements(store) as sent:
        assert await store.get_publication(row.id) == {}
        assert await store.get_dm(row.id, BEA) is None
    assert sent == []
    await store.put_publication(row.id, {"table": [5, 6]})
    assert await store.get_publication(row.id) == {"table": [5, 6]}  # written: read back
    with pytest.raises(ChannelBusy):
        await store.create(GameSession(guild_id=1, channel_id=5, game="g", host_id=BEA))


async def test_an_ended_game_leaves_nothing_cached_and_is_read_from_the_database(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    store.sole_writer()
    monkeypatch.setattr("bot.store.ENDED_REMEMBERED", 2)
    ended = []
    for channel in (11, 12, 13):
        row = await store.create(GameSession(guild_id=1, channel_id=channel, game="g", host_id=HOST))
        assert row.id is not None
        await store.put_dm(DmMessage(session_id=row.id, user_id=BEA, channel_id=90, message_id=91))
        assert row.id in store._rows and row.id in store._dms
        row.status = Status.FINISHED.value
        await store.save(row)
        ended.append(row.id)
        assert row.id not in store._rows and row.id not in store._dms
        assert row.id not in store._no_dms and row.id not in store._no_publication
    assert list(store._ended) == ended[1:]  # bounded: the newest ends only
    with statements(store) as sent:
        dm = await store.get_dm(ended[0], BEA)
        assert (await store.get(ended[0])).status == Status.FINISHED.value  # type: ignore[union-attr]
    assert dm is not None and (dm.channel_id, dm.message_id) == (90, 91) and len(sent) == 2
    assert ended[0] not in store._rows and ended[0] not in store._dms  # read, not cached again
