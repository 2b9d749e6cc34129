"""The table as the Start's answer (issue 11, the 1,000-channel burst): `/x start` and the lobby's
Start button are answered with the new table, for everyone, and the prompt naming whom the game
waits on follows as the answer's follow-up. Both are interaction answers, outside the bot's
global budget of requests, where a burst of new tables queued for minutes. The lobby stays above,
closed; a busy Start is deferred publicly, and a refusal stays private even then."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cogs.common import replies
from tests.e2e.harness import highcard_lobby, running_bot, settle
from tests.e2e.surface import Surface
from tests.fakediscord import FakeDiscord

DEFERRED_MESSAGE = 5


def channel_posts(fake: FakeDiscord, channel: Any, since: int) -> list[str]:
    """Messages the bot posted in the channel by the channel route since request `since`."""
    path = f"/channels/{channel.id}/messages"
    return [r.json.get("content") or "table" for r in fake.requests[since:] if r.method == "POST" and r.path.endswith(path)]


async def test_start_is_answered_with_the_table_and_the_prompt_follows(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        lobby = await highcard_lobby(fake, bot)
        before = len(fake.requests)
        started = await (await fake.slash(w.alice, w.table, "highcard start")).done(followups=1)
        await settle(bot)
        # The answer is the table, for everyone; its follow-up names Alice, whose move it is, and may
        # notify her.
        table, prompt = started.messages
        assert not started.ephemeral and table.embeds and "Waiting for" in table.text
        assert fake.find_button(table, label="Reveal") and fake.find_button(table, label="My hand")
        assert not prompt.ephemeral and prompt.content.startswith(f"<@{w.alice.id}>: ") and f"<@{w.bob.id}>" not in prompt.content
        assert f"/{table.id})" in prompt.content  # the prompt links the table
        followup = next(r for r in fake.requests[before:] if r.method == "POST" and "/webhooks/" in r.path)
        assert {int(u) for u in followup.json["allowed_mentions"]["users"]} == {w.alice.id}
        # No table or prompt went through the channel route (the global budget); the lobby is closed.
        assert channel_posts(fake, w.table, before) == []
        assert "This lobby is closed." in lobby.text and not lobby.components
        # What a player sees from here is as for every game: the live table, one prompt naming them.
        watch = Surface(fake, bot, w.table)
        await watch.check()
        row = await bot.service.session_in(w.table.id)
        pub = await bot.publisher.record(row.id)
        assert pub["table"][1] == table.id and pub["prompt"][1] == prompt.id and "channel" not in pub["pending"]
        # Play goes on from it: a click on the answered table works, and the turn passes as usual.
        await (await fake.click(w.alice, table, fake.find_button(table, label="Reveal"))).done()
        await watch.check()


async def test_the_lobbys_start_button_is_answered_with_the_table_under_it(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await (await fake.slash(w.alice, w.table, "highcard new")).done()
        await settle(bot)
        [lobby] = [m for m in fake.messages(w.table) if m.components]
        await (await fake.click(w.bob, lobby, fake.find_button(lobby, label="Join"))).done()
        not_host = await (await fake.click(w.bob, lobby, fake.find_button(lobby, label="Start"))).done()
        assert not_host.ephemeral and "Only the host can start" in not_host.text
        click = await (await fake.click(w.alice, lobby, fake.find_button(lobby, label="Start"))).done(followups=1)
        await settle(bot)
        table = click.original
        assert table is not None and not table.ephemeral and table is not lobby and "Waiting for" in table.text
        assert "This lobby is closed." in lobby.text and not lobby.components
        messages = fake.messages(w.table)
        assert messages.index(lobby) < messages.index(table)  # the table under the lobby
        await Surface(fake, bot, w.table).check()


async def test_a_busy_start_is_deferred_publicly_and_a_refusal_then_stays_private(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await highcard_lobby(fake, bot)
        monkeypatch.setattr(replies, "BUSY_BACKLOG", 0)  # as if a burst were waiting
        refused = await fake.slash(w.bob, w.table, "highcard start")
        await refused.done(followups=1)
        assert refused.response_type == DEFERRED_MESSAGE
        # The public "thinking" line is gone; the refusal reached Bob only.
        assert refused.original is not None and refused.original.deleted
        [line] = refused.messages
        assert line.ephemeral and "Only the host can start" in line.text
        started = await fake.slash(w.alice, w.table, "highcard start")
        await started.done(followups=2)
        await settle(bot)
        assert started.response_type == DEFERRED_MESSAGE
        table, prompt = started.messages
        assert not table.ephemeral and "Waiting for" in table.text and not table.loading
        assert not prompt.ephemeral and f"<@{w.alice.id}>" in prompt.content
        await Surface(fake, bot, w.table).check()


async def test_a_start_whose_answer_fails_is_drawn_by_the_publisher(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """If the Start's answer cannot carry the table (it expired, Discord refused it), the game is
    saved all the same and the table and prompt are posted in the channel as before."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await highcard_lobby(fake, bot)

        async def cannot_answer(_interaction: Any, _session_id: int) -> bool:
            return False  # as for a Start deferred privately: no public answer possible

        bot.publisher.answer_start = cannot_answer  # type: ignore[method-assign]
        before = len(fake.requests)
        started = await (await fake.slash(w.alice, w.table, "highcard start")).done()
        await settle(bot)
        assert started.ephemeral and "The game has started." in started.text
        assert len(channel_posts(fake, w.table, before)) == 2  # the table and the prompt, as before
        await Surface(fake, bot, w.table).check()


async def test_a_lobby_redraw_that_runs_late_leaves_the_new_table_to_the_starts_answer(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """On a loaded machine a join's lobby redraw can still be waiting when the host starts, and run
    after the Start is saved but before it is answered: it must not post the new table itself (the
    Start would then be answered "The game has started." and the prompt never follow it)."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await highcard_lobby(fake, bot)
        row = await bot.service.session_in(w.table.id)
        answer = bot.publisher.answer_start

        async def a_late_redraw_first(interaction: Any, session_id: int) -> bool:
            await bot.publisher._update_channel(session_id)  # the join's redraw, run in the window
            return await answer(interaction, session_id)

        bot.publisher.answer_start = a_late_redraw_first  # type: ignore[method-assign]
        before = len(fake.requests)
        started = await (await fake.slash(w.alice, w.table, "highcard start")).done(followups=1)
        await settle(bot)
        table, prompt = started.messages
        assert not table.ephemeral and "Waiting for" in table.text and f"<@{w.alice.id}>" in prompt.content
        assert channel_posts(fake, w.table, before) == []  # neither went through the channel route
        assert (await bot.publisher.record(row.id))["table"][1] == table.id
        await Surface(fake, bot, w.table).check()
