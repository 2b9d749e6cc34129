"""A click or command answered first while the bot is busy waits for a work slot as a small record
(issue 11, memory: in a 1,000-channel burst thousands wait at once). What waits is the
interaction, with the clicked message cut down to its id and flags, and what to run: no task, no
View, no loaded session. Its result still follows through the interaction's token, a double click
is still refused, a stale one gets the current panel, and a restart after the save shows the move.
A command that only reads (its hand, the table) is not held back."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from cogs.common import replies
from cogs.common.replies import FIRST_BYTES, WORK_SLOTS
from tests.e2e.harness import running_bot, settle
from tests.e2e.test_answer_first import (
    DEFERRED_MESSAGE,
    after_restart_the_swap_stands,
    dies_before_publishing,
    started_with_panel,
)
from tests.e2e.test_races import DEFERRED_UPDATE
from tests.fakediscord import FakeDiscord

REFUSED_AGAIN = "You already did that: the second click was not applied."


@asynccontextmanager
async def every_slot_taken() -> AsyncIterator[asyncio.Event]:
    """All work slots held until the event is set: what the bot is busy with in a burst."""
    gate = asyncio.Event()
    entered = 0

    async def busy() -> None:
        nonlocal entered
        async with replies._slots().hold():
            entered += 1
            await gate.wait()

    holders = [asyncio.create_task(busy()) for _ in range(WORK_SLOTS)]
    while entered < WORK_SLOTS:
        await asyncio.sleep(0)
    try:
        yield gate
    finally:
        gate.set()
        await asyncio.gather(*holders)


def click_tasks() -> list[asyncio.Task[Any]]:
    """Tasks still handling a click or command (discord.py's, or a job's under way)."""
    names = ("discord-ui-", "CommandTree-invoker", replies.WORK_TASK)
    return [t for t in asyncio.all_tasks() if t.get_name().startswith(names) and not t.done()]


def busy(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on every interaction arrives at a busy bot: answered first, its work after."""
    monkeypatch.setattr(FIRST_BYTES, "busy", lambda _interaction: True)


async def test_a_busy_click_waits_as_a_record_and_its_result_follows(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid, panel = await started_with_panel(fake, bot)
        busy(monkeypatch)
        async with every_slot_taken() as gate:
            click = await fake.click(w.alice, panel, fake.find_button(panel, label="Swap"))
            await click.done(settle=False)
            assert click.response_type == DEFERRED_UPDATE and not click.followups
            # discord.py's task for the click has ended: the click waits as a job, not as a task.
            await fake.wait_for(lambda: not click_tasks())
            assert replies.work_waiting() == 1
            job = replies._slots()._rest[0]
            assert isinstance(job, replies.Job) and job.interaction.id == click.id
            message = job.interaction.message
            assert message is not None and message.flags.ephemeral  # what the answer reads is kept
            assert message.components == [] and message.embeds == []  # the rest is let go
            assert (await bot.store.get(sid)).moves == []  # nothing done yet
            gate.set()
        await settle(bot)
        # Its result followed through the token: the panel shrank to the clicked label (read before
        # the message was cut down), and the move is saved.
        assert click.original.content == "✓ Swap"
        assert [m["command"]["type"] for m in (await bot.store.get(sid)).moves] == ["swap"]
        assert replies.work_waiting() == 0 and not replies._slots().locked()


async def test_double_and_stale_clicks_waiting_in_line_are_refused_with_the_current_panel(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid, panel = await started_with_panel(fake, bot)
        busy(monkeypatch)
        async with every_slot_taken():
            swap = fake.find_button(panel, label="Swap")
            first = await fake.click(w.alice, panel, swap)
            second = await fake.click(w.alice, panel, swap)
            stale = await fake.click(w.alice, panel, fake.find_button(panel, label="Reveal"))
            for ix in (first, second, stale):
                await ix.done(settle=False)
                assert ix.response_type == DEFERRED_UPDATE
            await fake.wait_for(lambda: replies.work_waiting() == 3)
        await settle(bot)
        row = await bot.store.get(sid)
        assert [m["command"]["type"] for m in row.moves] == ["swap"]  # applied once
        assert first.original.content == "✓ Swap"
        assert REFUSED_AGAIN in second.text and "Here is your current panel." in second.text
        assert "You have acted since that panel was drawn" in stale.text and "Here is your current panel." in stale.text
        assert all(m.ephemeral for ix in (second, stale) for m in ix.followups)


async def test_a_restart_after_a_waiting_click_was_saved_shows_the_move(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The click was answered first and waited in line; its turn came, the move was saved, and the
    process died before publishing it. After a restart the move is there, the table shows it, and
    the old button is refused as the double click it now is."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid, panel = await started_with_panel(fake, bot)
        busy(monkeypatch)
        published = dies_before_publishing(monkeypatch, bot)
        async with every_slot_taken():
            click = await fake.click(w.alice, panel, fake.find_button(panel, label="Swap"))
            await click.done(settle=False)
            assert click.response_type == DEFERRED_UPDATE
            await fake.wait_for(lambda: replies.work_waiting() == 1)
        await fake.wait_for(lambda: bool(published))
        assert not click.followups
        for task in click_tasks():
            task.cancel()  # the dead process's work
        await asyncio.sleep(0)
    await after_restart_the_swap_stands(fake, tmp_path, sid, panel)


async def test_a_busy_command_waits_as_a_record_and_a_reading_one_does_not(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid, _panel = await started_with_panel(fake, bot)
        busy(monkeypatch)
        async with every_slot_taken() as gate:
            reveal = await fake.slash(w.alice, w.table, "highcard reveal")
            await reveal.done(settle=False)
            assert reveal.response_type == DEFERRED_MESSAGE and reveal.ephemeral  # "thinking", only for her
            await fake.wait_for(lambda: not click_tasks())
            assert replies.work_waiting() == 1 and (await bot.store.get(sid)).moves == []
            # Her hand is only read: answered at once, while every slot is still taken.
            hand = await fake.slash(w.bob, w.table, "highcard hand")
            await hand.done(followups=1, settle=False)
            assert hand.ephemeral and hand.followups and replies.work_waiting() == 1
            gate.set()
        await settle(bot)
        assert reveal.text == "You revealed your card."
        assert [m["command"]["type"] for m in (await bot.store.get(sid)).moves] == ["reveal"]
        # The same command again, in line behind nothing: refused in plain words, nothing applied twice.
        again = await fake.slash(w.alice, w.table, "highcard reveal")
        await again.done(followups=1)
        await settle(bot)
        assert again.ephemeral and again.text.startswith("It is not your turn")
        assert [m["command"]["type"] for m in (await bot.store.get(sid)).moves] == ["reveal"]


async def test_a_busy_start_waits_as_a_record_ahead_of_the_moves_and_its_table_follows(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await (await fake.slash(w.alice, w.table, "highcard new")).done()
        await (await fake.slash(w.bob, w.table, "highcard join")).done()
        busy(monkeypatch)
        async with every_slot_taken():
            leave = await fake.slash(w.bob, w.table, "highcard leave")  # a lobby change, in line first
            start = await fake.slash(w.alice, w.table, "highcard start")
            for ix in (leave, start):
                await ix.done(settle=False)
                assert ix.response_type == DEFERRED_MESSAGE
            await fake.wait_for(lambda: replies.work_waiting() == 2)
            assert isinstance(replies._slots()._first[0], replies.Job)  # the Start goes first
        await start.done(followups=1)
        await settle(bot)
        # The Start ran before Bob's leave: the game started with both, and Bob can no longer leave.
        row = await bot.service.session_in(w.table.id)
        assert row.status == "running" and len(row.seats) == 2
        assert not start.ephemeral and start.followups  # the table, for everyone
        assert "already started" in leave.text
