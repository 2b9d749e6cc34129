"""Pictures on a player's own replies: `/<game> hand` and the "My hand" button answer with the hand
drawn (every game), following the pictures setting; an Apocrypha check's dice are drawn on the
panels of the saints in it and of the guide, and nowhere else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cogs.common.pictures import seat_names
from tests.e2e.harness import ids_on, running_bot, settle
from tests.fakediscord import FakeDiscord, transcript


def images(message: Any) -> list[str]:
    return [(e.get("image") or {}).get("url", "") for e in message.embeds if e.get("image")]


def files(message: Any) -> list[str]:
    return [a.get("filename") for a in message.attachments]


@pytest.mark.parametrize(("game", "options"), [("haunted", {}), ("apollyon", {}), ("catharsis", {}), ("faith", {"players": 2})])
async def test_the_hand_reply_carries_the_hand_picture(
    fake_discord: FakeDiscord, tmp_path: Path, game: str, options: dict[str, Any]
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=7, pictures=True) as bot:
        await (await fake.slash(w.alice, w.table, f"{game} new", **options)).done()
        await (await fake.slash(w.bob, w.table, f"{game} join")).done()
        started = await (await fake.slash(w.alice, w.table, f"{game} start")).done()
        await settle(bot)
        assert not started.ephemeral and started.embeds, started.text  # the Start is answered with the table
        if game == "catharsis":  # each hero first chooses a role: its six powers are what they hold
            for user in (w.alice, w.bob):
                [panel] = fake.dm_messages(user)
                role = next(c for c in ids_on(panel.components) if ":role" in c["custom_id"])
                await (await fake.select(user, panel, role["custom_id"], [role["options"][0]["value"]])).done()
                await settle(bot)

        reply = await (await fake.slash(w.bob, w.table, f"{game} hand")).done()
        assert reply.ephemeral and reply.original.visible_to == w.bob.id
        await settle(bot)  # the picture follows the words in the background
        assert images(reply.original)[:1] == ["attachment://hand.png"] and files(reply.original)[:1] == ["hand.png"]
        [panel] = fake.dm_messages(w.bob)
        assert files(panel)[:1] == ["hand.png"]  # the same hand as on his DM panel
        assert [c.get("custom_id") for c in ids_on(reply.original.components)] == [
            c.get("custom_id") for c in ids_on(panel.components)
        ]  # and its controls, kept when the picture was added

        # Pictures off for Alice: the same reply in words only.
        await (await fake.slash(w.alice, w.table, "game settings", pictures="off")).done()
        plain = await (await fake.slash(w.alice, w.table, f"{game} hand")).done()
        await settle(bot)
        assert plain.ephemeral and plain.original.embeds and images(plain.original) == [] and files(plain.original) == []

        # A non-player asking gets a plain refusal, and no picture.
        refused = await (await fake.slash(w.carol, w.table, f"{game} hand")).done()
        await settle(bot)
        assert refused.ephemeral and "not playing" in refused.text and files(refused.original) == []


async def test_the_my_hand_button_answers_with_the_picture(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    fake.keep_files = True  # as under --transcripts: the pages then show the pictures
    async with running_bot(fake, tmp_path, seed=20261122, pictures=True) as bot:
        await (await fake.slash(w.alice, w.table, "haunted new", short=True)).done()
        await (await fake.slash(w.bob, w.table, "haunted join")).done()
        await (await fake.slash(w.alice, w.table, "haunted start")).done()
        await settle(bot)
        table = next(m for m in reversed(fake.messages(w.table)) if "attachment://table.png" in images(m))
        click = await (await fake.click(w.bob, table, fake.find_button(table, label="My hand"))).done()
        await settle(bot)
        assert click.ephemeral and images(click.original)[:1] == ["attachment://hand.png"]
        assert files(table) == ["table.png"]  # the clicked table keeps its own picture: no hand on it
        # The hand drawn is Bob's own: the panel's words name his cards, and the picture is his DM's.
        [panel] = fake.dm_messages(w.bob)
        assert click.text.split("\n")[0] == panel.text.split("\n")[0]
        assert panel.files["hand.png"] == click.original.files["hand.png"]  # the same picture, byte for byte
        page = transcript.page(fake, w.bob.id, "bob")
        assert page.count('alt="attachment://hand.png" src="data:image/png;base64,') == 2  # panel and reply
        assert 'alt="attachment://table.png"' in page
        # Alice's page holds one hand picture, her own panel's: Bob's reply was for him only.
        assert transcript.page(fake, w.alice.id, "alice").count('alt="attachment://hand.png"') == 1


async def test_apocrypha_check_dice_on_the_saints_and_the_guides_panels(fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: Any) -> None:
    from bot.games.apocrypha import RULES

    monkeypatch.setattr("bot.client.all_rules", lambda: {RULES.key: RULES})
    fake, w = fake_discord, fake_discord.world
    fake.keep_files = True  # to compare the pictures themselves
    async with running_bot(fake, tmp_path, seed=11, pictures=True) as bot:

        async def run(user: Any, command: str, **options: Any) -> Any:
            ix = await (await fake.slash(user, w.table, command, **options)).done()
            await settle(bot)
            return ix

        await run(w.bob, "apocrypha saint create", saint="frank_block")
        await run(w.carol, "apocrypha saint create", saint="dr_zeez", name="Zeez")
        await run(w.alice, "apocrypha new", mode="guided", mission="taking_the_plunge")
        await run(w.bob, "apocrypha join", saint="Frank Block")
        await run(w.carol, "apocrypha join", saint="Zeez")
        await run(w.alice, "apocrypha start")
        started = await bot.service.session_in(w.table.id)
        assert seat_names(started) == ["bob", "carol"]  # the pictures name the players, not "Player 2"
        await run(w.alice, "apocrypha guide start", saint="Frank Block")
        await run(w.alice, "apocrypha guide check", saint="Frank Block", virtue="body", target=10)
        [bob_panel] = fake.dm_messages(w.bob)
        assert "dice.png" not in files(bob_panel)  # called, not rolled: no dice yet

        await run(w.bob, "apocrypha roll")
        [bob_panel] = fake.dm_messages(w.bob)
        assert images(bob_panel) == ["attachment://hand.png", "attachment://dice.png"]
        assert files(bob_panel) == ["hand.png", "dice.png"] and "The dice" in bob_panel.text
        [carol_panel] = fake.dm_messages(w.carol)
        assert "dice.png" not in files(carol_panel)  # Zeez is not in this check
        assert all("dice.png" not in files(m) for m in fake.messages(w.table))
        # The guide runs the check: their panel shows the same dice, the same picture byte for byte.
        [guide_panel] = fake.dm_messages(w.alice)
        assert "attachment://dice.png" in images(guide_panel) and "The dice" in guide_panel.text
        assert guide_panel.files["dice.png"] == bob_panel.files["dice.png"]

        hand = await run(w.bob, "apocrypha hand")
        assert hand.ephemeral and files(hand.original) == ["hand.png", "dice.png"]

        await run(w.bob, "apocrypha keep")  # a bare check ends with its result: its dice go with it
        row = await bot.service.session_in(w.table.id)
        assert row.state["public"]["check"] is None
        [bob_panel] = fake.dm_messages(w.bob)
        assert files(bob_panel) == ["hand.png"] and "The dice" not in bob_panel.text
        [guide_panel] = fake.dm_messages(w.alice)
        assert "dice.png" not in files(guide_panel) and "The dice" not in guide_panel.text
