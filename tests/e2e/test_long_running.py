"""A bot that runs for weeks: what it keeps of each panel it drew (issue 11, memory)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.e2e.harness import running_bot, settle
from tests.e2e.surface import live_table
from tests.e2e.test_platform import start_two_player_game
from tests.fakediscord import FakeDiscord


def views_kept_for_a_timeout() -> list[Any]:
    """The views discord.py keeps alive with a timeout task of their own (an ephemeral message's
    view gets 15 minutes), found through those tasks."""
    views = []
    for task in asyncio.all_tasks():
        frame = getattr(task.get_coro(), "cr_frame", None)
        if frame is not None and frame.f_code.co_name.endswith("__timeout_task_impl"):
            views.append(frame.f_locals["self"])
    return views


async def test_a_private_panel_is_not_kept_by_discord_py_and_its_buttons_work(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await start_two_player_game(fake, bot)
        hand = await (await fake.slash(w.alice, w.table, "highcard hand")).done()
        assert hand.ephemeral and fake.find_button(hand.original, label="Reveal")
        await settle(bot)
        # discord.py keeps an ephemeral message's view for 15 minutes (a task each): 1,100 were held
        # after a 200-channel burst. Its items are dynamic, so nothing needs it kept.
        assert views_kept_for_a_timeout() == []
        ix = await (await fake.click(w.alice, hand.original, fake.find_button(hand.original, label="Reveal"))).done()
        assert ix.errors == [] and "reveals" in ix.text + fake.public_text(w.table)
        await settle(bot)
        assert (await bot.service.session_in(w.table.id)).state["public"]["turn"] == 1


async def play_to_the_end(fake: FakeDiscord, bot: Any) -> tuple[int, Any]:
    """Alice opens, Bob joins, Alice starts; Alice reveals on the table, Bob looks at his hand,
    then reveals on his DM panel. Returns the game's id and the hand Bob looked at (kept as shown)."""
    w = fake.world
    lobby = (await (await fake.slash(w.alice, w.table, "highcard new")).done()).original
    await (await fake.click(w.bob, lobby, fake.find_button(lobby, label="Join"))).done()
    await (await fake.click(w.alice, lobby, fake.find_button(lobby, label="Start"))).done()
    table = await live_table(fake, bot, w.table)
    session_id = (await bot.store.last_in_channel(w.table.id)).id
    await (await fake.click(w.alice, table, fake.find_button(table, label="Reveal"))).done()
    await settle(bot)
    hand = (await (await fake.slash(w.bob, w.table, "highcard hand")).done()).original
    panel = fake.dm_messages(w.bob)[-1]
    await (await fake.click(w.bob, panel, fake.find_button(panel, label="Reveal"))).done()
    await settle(bot)
    return session_id, hand


def cached_sessions(bot: Any) -> dict[str, set[int]]:
    """Which sessions each of the bot's per-session caches holds."""
    store, pub = bot.store, bot.publisher
    return {
        "store rows": set(store._rows),
        "store channels": set(store._active.values()),
        "store DM panels": set(store._dms),
        "store: no publication yet": set(store._no_publication),
        "store: no DM yet": set(store._no_dms),
        "publisher records": set(pub._pubs) | set(pub._written) | set(pub._channel_of) | set(pub._used),
        "publisher locks": set(pub._locks),
        "publisher redraws": {key[1] for key in pub.pending() if isinstance(key, tuple)} | set(pub._starting) | {s for s, _ in pub._held},
        "service locks": {key[1] for key in bot.service._locks if isinstance(key, tuple) and key[0] == "session"},
    }


async def test_games_played_to_the_end_leave_nothing_in_the_process_caches(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        ended = []
        for _ in range(3):
            session_id, hand = await play_to_the_end(fake, bot)
            assert (await bot.store.get(session_id)).status == "finished"
            ended.append(session_id)
        # A fourth game, still running, keeps what it needs.
        await (await fake.slash(w.alice, w.table, "highcard new")).done()
        running = (await bot.store.last_in_channel(w.table.id)).id
        await bot.publisher.drain()
        assert bot.publisher.forget_idle(older_than=0) == len(ended)  # what the sweep does, 10 minutes on
        caches = cached_sessions(bot)
        assert {name: held & set(ended) for name, held in caches.items() if held & set(ended)} == {}
        assert running in caches["store rows"] and running in caches["publisher records"]
        # A late click on an ended game's panel reads the game anew, and is refused in plain words.
        version = (await bot.store.get(ended[-1])).version
        late = await (await fake.click(w.bob, hand, fake.find_button(hand, label="Reveal"))).done()
        assert late.ephemeral and "not applied" in late.text and late.errors == []
        assert (await bot.store.get(ended[-1])).version == version
        assert ended[-1] not in bot.store._rows  # and does not cache it again
