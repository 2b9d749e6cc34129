"""A click on the player's own DM panel is answered with that panel redrawn, inside the interaction
(an update of the clicked message: outside the bot's global budget of 50 requests a second), and
the publisher does not edit it again (issue 11, the 1,000-channel burst)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import running_bot, settle
from tests.e2e.test_races import UPDATE_MESSAGE, start_highcard
from tests.fakediscord import FakeDiscord


async def test_a_click_on_a_dm_panel_is_answered_with_the_panel_redrawn_and_not_edited_again(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid = await start_highcard(fake, bot)
        [panel] = [m for m in fake.dm_messages(w.alice) if m.components]
        before = len(fake.requests)
        click = await (await fake.click(w.alice, panel, fake.find_button(panel, label="Swap"))).done()
        await settle(bot)
        assert click.response_type == UPDATE_MESSAGE and not click.errors and click.original is panel
        # The panel shows the new state, with the private line only its owner saw.
        notes = bot.publisher.notes(sid, w.alice.id)
        assert notes and notes[-1] in panel.text
        hand = await (await fake.slash(w.alice, w.table, "highcard hand")).done()
        assert [e.get("description") for e in hand.embeds] == [e.get("description") for e in panel.embeds]
        assert not any(c.get("label") == "Swap" for row in panel.components for c in row.get("components", []))
        # No channel edit of that panel: the answer drew it, and the record says so.
        edits = [r for r in fake.requests[before:] if r.method == "PATCH" and r.path.endswith(f"/messages/{panel.id}")]
        assert edits == []
        pub = await bot.publisher.record(sid)
        assert f"dm:{w.alice.id}" not in pub.get("pending", {})
        # Alice's private line went to her panel only.
        assert fake.dm_messages(w.bob) and not any(notes[-1] in m.text for m in fake.dm_messages(w.bob))
