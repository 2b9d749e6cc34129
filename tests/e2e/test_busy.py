"""A busy bot answers first: with many interactions waiting for their first answer, every command
and click is acknowledged before any store, rendering or REST work of its own (issue 11, the
1,000-channel burst), and is then answered as usual."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from cogs.common import replies
from cogs.common.replies import FIRST_BYTES
from tests.e2e.harness import running_bot, settle
from tests.e2e.test_races import DEFERRED_UPDATE, start_highcard
from tests.fakediscord import FakeDiscord

DEFERRED_MESSAGE = 5


async def test_when_busy_a_click_a_command_and_a_new_game_are_deferred_before_any_work(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid = await start_highcard(fake, bot)
        panel = (await (await fake.slash(w.alice, w.table, "highcard hand")).done()).original
        monkeypatch.setattr(replies, "BUSY_BACKLOG", 0)  # as if a burst were waiting
        deferred = FIRST_BYTES.deferred
        # The store is slow now: a deferral that waited for it would come late.
        real_get, loads = bot.store.get, []

        async def slow_get(session_id: int) -> Any:
            loads.append(fake.loop_time())
            await asyncio.sleep(0.3)
            return await real_get(session_id)

        bot.store.get = slow_get
        click = await fake.click(w.alice, panel, fake.find_button(panel, label="Swap"))
        await click.done()
        # Acknowledged before the session was even loaded.
        assert click.response_type == DEFERRED_UPDATE and click.responded_at is not None
        assert loads and click.responded_at <= loads[0]
        command = await fake.slash(w.alice, w.table, "highcard reveal")
        await command.done(followups=1)
        assert command.response_type == DEFERRED_MESSAGE and command.ephemeral
        bot.store.get = real_get
        await settle(bot)  # the deferred click's panel shrinks to its line once applied
        assert click.original.content == "✓ Swap"
        assert command.text == "You revealed your card."
        row = await bot.store.get(sid)
        assert [m["command"]["type"] for m in row.moves] == ["swap", "reveal"]
        assert FIRST_BYTES.deferred == deferred + 2
        # Instant commands are answered at once even so; others are acknowledged first, then answered.
        ping = await (await fake.slash(w.bob, w.table, "ping")).done()
        assert ping.response_type == 4 and ping.text == "Pong."
        log = await (await fake.slash(w.bob, w.table, "game log")).done(followups=1)
        assert log.response_type == DEFERRED_MESSAGE and log.ephemeral and "The log of High Card game" in log.text
        assert [a["filename"] for m in log.messages for a in m.attachments] == [f"highcard-{sid}.log"]
        # A new game in another channel: deferred publicly, its lobby posted for everyone after.
        room = fake.add_channel(w.guild, "busy-new")
        new = await (await fake.slash(w.carol, room, "highcard new")).done(followups=1)
        assert new.response_type == DEFERRED_MESSAGE and not new.ephemeral
        await settle(bot)
        [lobby] = [m for m in fake.messages(room) if m.components]
        assert "High Card: lobby" in lobby.text and not lobby.ephemeral


async def test_a_busy_bot_counts_what_waits_for_a_first_answer() -> None:
    bytes_ = replies.FirstBytes()
    for n in range(3):
        bytes_.arrived(n)
    assert bytes_.backlog() == 3
    bytes_._unanswered[0] -= replies.DEADLINE + 1  # Discord dropped it long ago: forgotten
    assert bytes_.backlog() == 2


async def test_a_handler_stuck_before_its_first_answer_is_deferred_by_the_guard_then_answered(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Whatever a handler waits for before answering (here the store, for 2 s), the guard defers
    its interaction ANSWER_WITHIN after it arrived; the answer then follows, once, with no error."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await start_highcard(fake, bot)
        real = bot.service.session_in

        async def stuck(*args: Any, **kwargs: Any) -> Any:
            await asyncio.sleep(2.0)
            return await real(*args, **kwargs)

        bot.service.session_in = stuck  # type: ignore[method-assign]
        guarded = FIRST_BYTES.guarded
        status = await fake.slash(w.bob, w.table, "highcard status")
        await status.done(followups=1)
        assert status.response_type == DEFERRED_MESSAGE and status.ephemeral
        assert status.latency is not None and status.latency < 2.0 and not status.errors
        assert "High Card" in status.text and FIRST_BYTES.guarded == guarded + 1
        # A public answer (a roll) is deferred publicly, so its follow-up is for everyone.
        real_roll = bot.get_cog("Dice").roll.callback  # type: ignore[union-attr]

        async def slow_roll(cog: Any, interaction: Any, **kwargs: Any) -> None:
            await asyncio.sleep(1.5)
            await real_roll(cog, interaction, **kwargs)

        bot.get_cog("Dice").roll._callback = slow_roll  # type: ignore[union-attr]
        roll = await (await fake.slash(w.bob, w.table, "roll", expression="1d6")).done(followups=1)
        assert roll.response_type == DEFERRED_MESSAGE and not roll.ephemeral and not roll.errors
        assert "1d6" in roll.text
        # Answered at once, the guard does nothing.
        bot.service.session_in = real  # type: ignore[method-assign]
        quick = await (await fake.slash(w.bob, w.table, "highcard status")).done()
        await asyncio.sleep(replies.ANSWER_WITHIN + 0.2)
        assert quick.response_type == 4 and not quick.errors and FIRST_BYTES.guarded == guarded + 2
