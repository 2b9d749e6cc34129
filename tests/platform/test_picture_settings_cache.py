"""The per-server and per-user picture choices kept in memory are bounded: the least recently
asked about are dropped, and read from the store again when asked."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from cogs.common.pictures import SERVER, PictureSettings


class Records:
    def __init__(self, off: set[int]) -> None:
        self.off, self.reads = off, 0

    async def get_record(self, guild_id: int, user_id: int, *_: Any) -> Any:
        self.reads += 1
        return SimpleNamespace(data={"on": False}) if user_id in self.off else None


async def test_choices_of_users_not_asked_about_lately_are_dropped_and_read_again() -> None:
    store = Records(off={7})
    bot = SimpleNamespace(settings=SimpleNamespace(pictures=True), service=SimpleNamespace(store=store))
    settings = PictureSettings(bot, known_max=10)  # type: ignore[arg-type]
    assert not await settings.enabled(1, 7)  # user 7 said off
    for user in range(100, 120):  # twenty other players seen since
        assert await settings.enabled(1, user)
        assert not await settings.enabled(1, 7)  # asked about often: kept
    assert len(settings._known) == 10
    reads = store.reads
    assert not await settings.enabled(1, 7)
    assert (1, SERVER) in settings._known  # the server's own choice, asked each time, is kept too
    assert store.reads == reads  # answered from memory
    assert await settings.enabled(1, 100)  # dropped long ago: read again, same answer
    assert store.reads == reads + 1
