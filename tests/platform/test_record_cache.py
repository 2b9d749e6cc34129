"""Players' records (Apocrypha's saints, Faith's decklists) cached per player, write-through: a lobby
reads them for every player who joins, and in a burst those reads queued on the pool."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest

from bot.service import SessionService
from bot.store import PlayerRecord, StaleWrite, Store
from tests.platform.test_channel_cache import statements

SAINT = dict(guild_id=1, user_id=2, game="apocrypha", kind="saint")


def names(records: list[PlayerRecord]) -> list[str]:
    return [r.name for r in records]


async def test_a_players_records_are_read_once_and_every_change_is_seen(store: Store) -> None:
    await store.save_record(PlayerRecord(**SAINT, name="Julian", data={"halo": 1}))
    assert names(await store.list_records(1, 2, "apocrypha", "saint")) == ["Julian"]
    with statements(store) as sent:
        assert names(await store.list_records(1, 2, "apocrypha", "saint")) == ["Julian"]
        julian = await store.get_record(1, 2, "apocrypha", "saint", "Julian")
        assert julian is not None and julian.data == {"halo": 1}
        assert await store.get_record(1, 2, "apocrypha", "saint", "julian") is None  # names match exactly
        # A change: the next read shows it, still with no query.
        julian.data = {"halo": 2}
        await store.save_record(julian)
        assert (await store.get_record(1, 2, "apocrypha", "saint", "Julian")).data == {"halo": 2}  # type: ignore[union-attr]
        await store.save_record(PlayerRecord(**SAINT, name="Agnes"))
        assert names(await store.list_records(1, 2, "apocrypha", "saint")) == ["Agnes", "Julian"]
    assert sent == []
    await store.delete_record(julian)
    assert names(await store.list_records(1, 2, "apocrypha", "saint")) == ["Agnes"]
    assert names(await store.list_records(1, 3, "apocrypha", "saint")) == []  # another player's are their own
    # What is cached is what the database holds.
    fresh = Store(store.url)
    try:
        assert [(r.name, r.data, r.version) for r in await fresh.list_records(1, 2, "apocrypha", "saint")] == [
            (r.name, r.data, r.version) for r in await store.list_records(1, 2, "apocrypha", "saint")
        ]
    finally:
        await fresh.close()


async def test_a_cached_record_handed_out_can_be_changed_without_changing_the_cache(store: Store) -> None:
    await store.save_record(PlayerRecord(**SAINT, name="Julian", data={"deck": [1, 2]}))
    first = await store.get_record(1, 2, "apocrypha", "saint", "Julian")
    assert first is not None
    first.data["deck"].append(3)
    assert (await store.get_record(1, 2, "apocrypha", "saint", "Julian")).data == {"deck": [1, 2]}  # type: ignore[union-attr]


async def test_a_write_another_process_made_is_read_after_the_next_write_here_loses(store: Store) -> None:
    other = Store(store.url)
    try:
        await store.save_record(PlayerRecord(**SAINT, name="Julian", data={"halo": 1}))
        mine = await store.get_record(1, 2, "apocrypha", "saint", "Julian")
        theirs = await other.get_record(1, 2, "apocrypha", "saint", "Julian")
        assert mine is not None and theirs is not None
        theirs.data = {"halo": 5}
        await other.save_record(theirs)
        mine.data = {"halo": 2}
        with pytest.raises(StaleWrite):
            await store.save_record(mine)
        assert (await store.get_record(1, 2, "apocrypha", "saint", "Julian")).data == {"halo": 5}  # type: ignore[union-attr]
        # The service's update retries from the fresh record, so the change is made on top of theirs.
        service = SessionService(store, {})

        def bump(current: PlayerRecord | None) -> PlayerRecord:
            assert current is not None
            current.data = {"halo": current.data["halo"] + 1}
            return current

        theirs.data = {"halo": 7}
        await other.save_record(theirs)
        await service.update_record(1, 2, "apocrypha", "saint", "Julian", bump)
        assert (await store.get_record(1, 2, "apocrypha", "saint", "Julian")).data == {"halo": 8}  # type: ignore[union-attr]
        fresh = Store(store.url)
        assert (await fresh.get_record(1, 2, "apocrypha", "saint", "Julian")).data == {"halo": 8}  # type: ignore[union-attr]
        await fresh.close()
    finally:
        await other.close()


async def test_the_cache_keeps_a_bounded_number_of_players(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.store.RECORD_GROUPS_KEPT", 2)
    for user in (1, 2, 3):
        await store.list_records(1, user, "apocrypha", "saint")
    assert list(store._records) == [(1, 2, "apocrypha", "saint"), (1, 3, "apocrypha", "saint")]


async def test_a_read_a_write_to_the_same_records_overlapped_is_not_cached(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = asyncio.Event()
    opened = store._sessions

    @contextlib.asynccontextmanager
    async def held() -> AsyncIterator[object]:
        await gate.wait()  # the reads wait here, under way, while the write goes through
        async with opened() as db:
            yield db

    monkeypatch.setattr(store, "_sessions", held)
    mine = asyncio.create_task(store.list_records(1, 2, "apocrypha", "saint"))
    others = asyncio.create_task(store.list_records(1, 3, "apocrypha", "saint"))
    await asyncio.sleep(0)
    await store.save_record(PlayerRecord(**SAINT, name="Julian"))  # player 2's
    gate.set()
    await asyncio.gather(mine, others)
    assert (1, 2, "apocrypha", "saint") not in store._records  # may predate the write: read again next time
    assert (1, 3, "apocrypha", "saint") in store._records  # another player's write does not matter
    assert store._record_reads == {}
    assert names(await store.list_records(1, 2, "apocrypha", "saint")) == ["Julian"]
    assert (1, 2, "apocrypha", "saint") in store._records
