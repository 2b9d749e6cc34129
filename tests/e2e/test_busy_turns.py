"""A turn that passes while the bot is far behind Discord's global budget (issue 11: at 200 busy
channels the prompt and the DM panels came more than 30 s late, and the player the game waited on
had nothing to click and no word of it). The prompt is posted at once as an interaction's
follow-up, the newly waited-on player gets their panel in the channel to them alone, and the player
who acted sees their next panel in the answer to their click: all outside the budget. Once the
budget has room, the channel is as always: one prompt, below the table, and nobody mentioned
twice. In a quiet moment nothing of this happens."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cogs.common import publisher as publishing
from tests.e2e.harness import highcard_lobby, highcard_three, running_bot, settle
from tests.e2e.surface import Surface
from tests.e2e.test_early_panels import busy_budget, early_panels  # noqa: F401 (a fixture)
from tests.fakediscord import FakeDiscord


def mentions_since(fake: FakeDiscord, start: int, user: Any, *, path: str = "") -> int:
    """Messages posted since request `start` (to a channel, or as a follow-up) that notify `user`."""
    count = 0
    for r in fake.requests[start:]:
        if r.method == "POST" and path in r.path and r.json and ("/channels/" in r.path or "/webhooks/" in r.path):
            users = (r.json.get("allowed_mentions") or {}).get("users") or []
            count += str(user.id) in {str(u) for u in users}
    return count


@pytest.mark.usefixtures("busy_budget")
async def test_a_busy_turn_is_told_at_once_through_follow_ups(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        first, after, _ = await highcard_three(fake, bot)  # started in a busy moment
        # Everyone asks something of the bot in the channel (a click or command is "heard").
        await (await fake.slash(after, w.table, "ping")).done()
        [clicked] = early_panels(fake, first)
        before = len(early_panels(fake, after))
        start = len(fake.requests)
        await (await fake.click(first, clicked, fake.find_button(clicked, label="Reveal"))).done()
        await settle(bot)

        # The clicked panel says what was done, and shows the player's panel as it is now.
        assert clicked.content.startswith("✓ ") and publishing.EARLY_PANEL in clicked.content
        assert clicked.embeds and clicked.embeds[0]["title"] == "Your card"
        # The next player got their panel, with their moves, to them alone.
        panels = early_panels(fake, after)
        assert len(panels) == before + 1
        assert fake.find_button(panels[-1], label="Reveal") and panels[-1].visible_to == after.id
        assert not any(publishing.EARLY_PANEL in m.text for m in fake.messages(w.table))
        assert not any(publishing.EARLY_PANEL in m.text for u in (w.outsider, first) for m in fake.ephemeral_by_user.get(u.id, []) if m in panels)
        # The prompt naming them went out as a follow-up, outside the budget, and they were
        # mentioned once in all: the prompt the channel's redraw posts below the new table
        # names them without mentioning them again.
        assert mentions_since(fake, start, after, path="/webhooks/") == 1
        assert mentions_since(fake, start, after) == 1
        assert mentions_since(fake, start, first) == 0
        watch = Surface(fake, bot, w.table)
        await watch.check()  # the table at the bottom, one prompt, naming whom the game waits on
        [prompt] = watch.prompts()
        assert f"<@{after.id}>" in prompt.content and f"<@{first.id}>" not in prompt.content


async def test_a_quiet_turn_is_told_by_the_channel_and_dm_only(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await highcard_lobby(fake, bot)
        await (await fake.slash(w.alice, w.table, "highcard start")).done(followups=1)
        await settle(bot)
        row = await bot.service.session_in(w.table.id)
        first, after = (w.alice, w.bob) if row.seats[int(next(iter(row.waiting)))] == w.alice.id else (w.bob, w.alice)
        await (await fake.slash(after, w.table, "ping")).done()
        [dm] = fake.dm_messages(first)
        start = len(fake.requests)
        await (await fake.click(first, dm, fake.find_button(dm, label="Reveal"))).done()
        await settle(bot)
        assert mentions_since(fake, start, after, path="/webhooks/") == 0
        assert mentions_since(fake, start, after) == 1
        assert not early_panels(fake, after) and fake.find_button(fake.dm_messages(after)[-1], label="Reveal")
