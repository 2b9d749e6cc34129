"""The DM panel each player has per session: stored once, moved by an upsert, read by another process."""

from __future__ import annotations

from bot.store import DmMessage, Store


async def test_a_dm_panel_is_inserted_then_replaced_in_one_row(store: Store) -> None:
    await store.put_dm(DmMessage(session_id=1, user_id=2**62, channel_id=10, message_id=100))
    await store.put_dm(DmMessage(session_id=1, user_id=2**62, channel_id=11, message_id=101))
    await store.put_dm(DmMessage(session_id=2, user_id=2**62, channel_id=12, message_id=102))
    other = Store(store.url)  # no cache: reads the database
    try:
        first = await other.get_dm(1, 2**62)
        assert first is not None and (first.channel_id, first.message_id) == (11, 101)
        second = await other.get_dm(2, 2**62)
        assert second is not None and second.message_id == 102
        assert await other.get_dm(3, 2**62) is None
    finally:
        await other.close()
