"""First panels in a busy moment (issue 11, the 1,000-channel burst): a first DM panel costs two
requests under the bot's global budget (the DM opened, the panel sent), so a burst of new games
queues them for a minute or more. At a Start, when the budget's line is longer than PANEL_LATE,
each player's panel is shown at once to them alone in the channel, through a follow-up of their own
newest interaction there (outside the budget); the DM panel still follows. In a quiet moment
nothing changes: the panels come by DM only."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs.common import publisher as publishing
from tests.e2e.harness import highcard_lobby, running_bot, settle
from tests.fakediscord import FakeDiscord


def early_panels(fake: FakeDiscord, user: object) -> list[object]:
    return [m for m in fake.ephemeral_by_user.get(user.id, []) if publishing.EARLY_PANEL in m.text]  # type: ignore[attr-defined]


@pytest.fixture
def busy_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget's line reads as long whatever it holds: every panel and prompt counts as late."""
    monkeypatch.setattr(publishing, "PANEL_LATE", -1.0)


@pytest.mark.usefixtures("busy_budget")
async def test_a_busy_start_shows_each_player_their_panel_in_the_channel_alone(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        lobby = await highcard_lobby(fake, bot)
        await (await fake.click(w.carol, lobby, fake.find_button(lobby, label="Join"))).done()  # a click is heard too
        await (await fake.slash(w.alice, w.table, "highcard start")).done(followups=1)
        await settle(bot)
        for user in (w.alice, w.bob, w.carol):
            [panel] = early_panels(fake, user)
            # Only its player sees it: their own card (as their DM panel, which follows as usual
            # shows it), with the moves they may make.
            assert panel.ephemeral and panel.visible_to == user.id  # type: ignore[attr-defined]
            dm = fake.dm_messages(user)
            assert dm, f"{user.name} got no DM panel"
            assert panel.embeds[0]["title"] == "Your card" and panel.embeds == dm[-1].embeds  # type: ignore[attr-defined]
            assert panel.components == dm[-1].components  # type: ignore[attr-defined]
        # Nobody sees another player's early panel, and nothing of it reached the channel.
        assert not any(publishing.EARLY_PANEL in m.text for m in fake.messages(w.table))
        assert not early_panels(fake, w.outsider)
        # A move from the early panel is applied like one from the DM panel.
        row = await bot.service.session_in(w.table.id)
        [waited] = [u for u in (w.alice, w.bob, w.carol) if str(row.seats.index(u.id)) in row.waiting]
        [panel] = early_panels(fake, waited)
        before = row.version
        await (await fake.click(waited, panel, fake.find_button(panel, label="Reveal"))).done()
        await settle(bot)
        assert (await bot.service.session_in(w.table.id)).version == before + 1


async def test_a_quiet_start_sends_the_panels_by_dm_only(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await (await fake.slash(w.alice, w.table, "highcard new")).done()
        await (await fake.slash(w.bob, w.table, "highcard join")).done()
        await (await fake.slash(w.alice, w.table, "highcard start")).done(followups=1)
        await settle(bot)
        for user in (w.alice, w.bob):
            assert not early_panels(fake, user) and fake.dm_messages(user)
