"""The transcript viewer draws what each user saw: messages, edits, embeds, components, DMs, ephemerals."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from tests.fakediscord import FakeDiscord, transcript
from tests.fakediscord.interactions import MESSAGE_COMPONENT


async def test_a_page_per_user_draws_what_they_saw(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    table = fake.new_message(
        w.table,
        fake.bot_user.id,
        {
            "content": f"**Hello** <@{w.alice.id}>",
            "embeds": [
                {
                    "title": "Board",
                    "description": "line one",
                    "color": 0x57F287,
                    "fields": [{"name": "Score", "value": "3 points", "inline": True}],
                    "footer": {"text": "R = resolve"},
                }
            ],
            "components": [
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 1, "label": "Join", "custom_id": "join"},
                        {"type": 2, "style": 4, "label": "Leave", "custom_id": "leave", "disabled": True},
                    ],
                },
                {
                    "type": 1,
                    "components": [
                        {
                            "type": 3,
                            "custom_id": "pick",
                            "placeholder": "Pick a card",
                            "max_values": 2,
                            "options": [
                                {"label": "Fire", "value": "fire", "description": "Burns a line"},
                                {"label": "Frost", "value": "f2"},
                            ],
                        }
                    ],
                },
            ],
        },
    )
    table.apply_edit({"content": "**Hello** again"})
    fake.new_message(fake.dm_channel(w.bob), fake.bot_user.id, {"content": "your secret hand"})
    fake.new_message(w.table, fake.bot_user.id, {"content": "only alice"}, flags=64, visible_to=w.alice.id)
    gone = fake.new_message(w.table, fake.bot_user.id, {"content": "an old prompt"})
    fake.delete(gone)

    paths = transcript.write(fake, tmp_path, "demo")
    assert {p.name for p in paths} == {"bob.html"}  # only bob has a DM; nobody acted
    alice = transcript.page(fake, w.alice.id, "demo")
    bob = (tmp_path / "bob.html").read_text()
    assert "<b>Hello</b> again" in alice and "earlier versions (1)" in alice and "@alice" in alice
    assert "border-left-color:#57f287" in alice and "R = resolve" in alice and "3 points" in alice
    assert '<button class="btn primary">Join</button>' in alice
    assert '<button class="btn danger" disabled>Leave</button>' in alice
    assert "Pick a card" in alice and "<small>Burns a line</small>" in alice
    assert "only alice" in alice and "Only you can see this" in alice
    assert "deleted message" in alice and "an old prompt" in alice
    assert "your secret hand" not in alice and "your secret hand" in bob and "only alice" not in bob
    # Messages come oldest first.
    assert alice.index("<b>Hello</b> again") < alice.index("only alice") < alice.index("an old prompt")
    # A pick is told by the labels the player saw, not the menu's values.
    payload = {"message": fake.message_payload(table), "data": {"custom_id": "pick", "component_type": 3, "values": ["f2", "fire"]}}
    ix = SimpleNamespace(type=MESSAGE_COMPONENT, payload=payload, channel_id=w.table.id, user_id=w.alice.id)
    assert "picked <b>Frost, Fire</b> in Pick a card" in transcript._action(fake, ix)
