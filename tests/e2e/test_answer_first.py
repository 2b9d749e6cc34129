"""An action that will wait is answered first (issue 11, the action-latency ratio): when its save
is expected late (the changes ahead of it for the session's lock, then its own two writes, at
what a write takes now: `SessionService.wait_coming`), a click or command is deferred at once,
before its work, instead of when the guard fires; its result follows once saved. The deferral
says nothing happened yet, so a restart after it loses nothing the player was told, and a double
click is still applied once."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot import service as service_module
from cogs.common import replies
from cogs.common.replies import FIRST_BYTES
from tests.e2e.harness import running_bot, settle
from tests.e2e.test_races import DEFERRED_UPDATE, UPDATE_MESSAGE, start_highcard
from tests.fakediscord import FakeDiscord

DEFERRED_MESSAGE = 5


def slow_saves(bot: Any, fake: FakeDiscord, delay: float) -> list[tuple[float, float]]:
    """Every session save takes `delay` seconds more; returns (start, end) of each, in the fake's time."""
    real, took = bot.store.save, []

    async def slow(row: Any) -> Any:
        start = fake.loop_time()
        await asyncio.sleep(delay)
        saved = await real(row)
        took.append((start, fake.loop_time()))
        return saved

    bot.store.save = slow
    return took


def writes_take(monkeypatch: pytest.MonkeyPatch, bot: Any, seconds: float) -> None:
    """What a write takes lately (the store's moving average), as the action path reads it."""
    monkeypatch.setattr(bot.store, "write_time", lambda: seconds)


def deferrals(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """How each interaction deferred from now on was deferred (busy, a wait coming, the guard...)."""
    real, hows = replies._deferral, []

    async def recorded(interaction: Any, public: bool, how: str = "") -> None:
        hows.append(how)
        await real(interaction, public, how)

    monkeypatch.setattr(replies, "_deferral", recorded)
    return hows


def dies_before_publishing(monkeypatch: pytest.MonkeyPatch, bot: Any) -> list[int]:
    """The process dies right after a save, before it publishes anything; returns the versions saved."""
    published: list[int] = []

    async def dies(result: Any) -> None:
        published.append(result.session.version)
        await asyncio.Event().wait()  # the process is gone: nothing after the save happens

    monkeypatch.setattr(bot.publisher, "publish", dies)
    return published


async def after_restart_the_swap_stands(fake: FakeDiscord, tmp_path: Path, sid: int, panel: Any) -> None:
    """After a restart the saved swap is there, the repair redrew the table, and the old panel's Swap
    is refused as the double click it now is."""
    w = fake.world
    table_before = [m.text for m in fake.messages(w.table)]
    async with running_bot(fake, tmp_path) as bot:
        await bot.wait_until_ready()
        await settle(bot)
        assert [m["command"]["type"] for m in (await bot.store.get(sid)).moves] == ["swap"]
        assert [m.text for m in fake.messages(w.table)] != table_before  # the repair redrew the table
        again = await (await fake.click(w.alice, panel, fake.find_button(panel, label="Swap"))).done()
        assert "You already did that: the second click was not applied." in again.text
        assert [m["command"]["type"] for m in (await bot.store.get(sid)).moves] == ["swap"]


async def started_with_panel(fake: FakeDiscord, bot: Any) -> tuple[int, Any]:
    """A High Card game under way, and Alice's panel (her hand, only for her)."""
    sid = await start_highcard(fake, bot)
    return sid, (await (await fake.slash(fake.world.alice, fake.world.table, "highcard hand")).done()).original


async def test_a_click_whose_save_would_queue_is_answered_first_and_its_result_follows(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid, panel = await started_with_panel(fake, bot)
        # Quiet: answered with the panel itself, no deferral.
        assert not bot.service.wait_coming(sid)
        # Writes queue now (as in a burst: each takes 0.2 s end to end), and this save is slow.
        writes_take(monkeypatch, bot, 0.2)
        assert bot.service.wait_coming(sid) and bot.service.wait_coming()
        saves = slow_saves(bot, fake, 0.6)
        real_save, free_slots = bot.store.save, []

        async def save(row: Any) -> Any:
            free_slots.append(replies._slots()._free)
            return await real_save(row)

        bot.store.save = save
        guarded, deferred = FIRST_BYTES.guarded, FIRST_BYTES.deferred
        click = await fake.click(w.alice, panel, fake.find_button(panel, label="Swap"))
        await click.done(settle=False)
        # Deferred at once, before the save began to end, and not by the guard.
        assert click.response_type == DEFERRED_UPDATE and click.latency is not None
        assert click.latency < replies.ANSWER_WITHIN
        assert FIRST_BYTES.guarded == guarded and FIRST_BYTES.deferred == deferred + 1
        assert not saves or click.responded_at < saves[0][1]  # type: ignore[operator]
        await settle(bot)
        # The result follows, after the save: the panel shrinks to its line, the move is kept.
        assert saves and click.responded_at < saves[0][1]  # type: ignore[operator]
        assert click.original.content == "✓ Swap"
        row = await bot.store.get(sid)
        assert [m["command"]["type"] for m in row.moves] == ["swap"]
        # It waited for the store, not for the event loop: it took none of the work slots.
        assert free_slots == [replies.WORK_SLOTS]
        # A command waits the same way: deferred privately at once, its notice follows.
        command = await fake.slash(w.alice, w.table, "highcard reveal")
        await command.done(settle=False)
        assert command.response_type == DEFERRED_MESSAGE and command.latency is not None
        assert command.latency < replies.ANSWER_WITHIN and FIRST_BYTES.guarded == guarded
        await command.done(followups=1)
        assert command.ephemeral and command.text == "You revealed your card."
        writes_take(monkeypatch, bot, 0.002)
        # Quiet again: the next click is answered with its panel, not deferred for a wait. (On a
        # loaded machine the guard may still defer it: the event loop, not the store, was late.)
        panel = (await (await fake.slash(w.bob, w.table, "highcard hand")).done()).original
        hows = deferrals(monkeypatch)
        quick = await (await fake.click(w.bob, panel, fake.find_button(panel, label="Reveal"))).done()
        assert "deferred, a wait coming" not in hows and quick.original.content == "✓ Reveal"
        assert quick.response_type == (DEFERRED_UPDATE if hows else UPDATE_MESSAGE)


async def test_a_second_click_behind_the_first_ones_save_is_deferred_at_once_and_refused(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid, panel = await started_with_panel(fake, bot)
        # A write takes 0.1 s now: an action alone expects its two by 0.2 s, under LATE_SAVE.
        writes_take(monkeypatch, bot, 0.1)
        assert 2 * 0.1 < service_module.LATE_SAVE <= 3 * 0.1
        assert not bot.service.wait_coming(sid)
        # The first click holds the session's lock through a slow save: a change ahead of the second.
        slow_saves(bot, fake, 0.6)
        swap = fake.find_button(panel, label="Swap")
        first = await fake.click(w.alice, panel, swap)
        await fake.wait_for(lambda: bot.service._changing.get(sid) == 1)
        assert bot.service.wait_coming(sid) and not bot.service.wait_coming(sid + 1)
        second = await fake.click(w.alice, panel, swap)
        await second.done(settle=False)
        assert second.response_type == DEFERRED_UPDATE and second.latency is not None
        assert second.latency < replies.ANSWER_WITHIN and not first.followups
        await settle(bot)
        row = await bot.store.get(sid)
        assert [m["command"]["type"] for m in row.moves] == ["swap"]
        assert first.original.content == "✓ Swap"
        assert "You already did that: the second click was not applied." in second.text
        assert bot.service._changing == {}


async def test_a_restart_after_the_answer_first_loses_nothing_the_player_was_told(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deferral went out before the save; the process then saved the move and died before it
    published anything. After a restart the move is there, the table shows it, and the old panel's
    button is refused as the double click it now is."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid, panel = await started_with_panel(fake, bot)
        writes_take(monkeypatch, bot, 0.2)
        saves = slow_saves(bot, fake, 0.3)
        published = dies_before_publishing(monkeypatch, bot)
        click = await fake.click(w.alice, panel, fake.find_button(panel, label="Swap"))
        await click.done(settle=False)
        assert click.response_type == DEFERRED_UPDATE and not click.followups
        await fake.wait_for(lambda: bool(published))
        assert saves and click.responded_at < saves[0][1]  # type: ignore[operator]
        for task in [t for t in asyncio.all_tasks() if t.get_name().startswith("discord-ui")]:
            task.cancel()  # the dead process's handler
    await after_restart_the_swap_stands(fake, tmp_path, sid, panel)
