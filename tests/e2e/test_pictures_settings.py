"""Pictures on Discord: /check gets its dice drawn, and /game settings turns pictures off."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import running_bot, settle
from tests.fakediscord import FakeDiscord


def _image(message) -> str:  # type: ignore[no-untyped-def]
    return ((message.embeds or [{}])[0].get("image") or {}).get("url", "")


async def test_check_dice_picture_and_the_settings_that_turn_it_off(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, pictures=True) as bot:
        check = await (await fake.slash(w.carol, w.table, "check", virtue="mind", dice=3, target=9)).done()
        await settle(bot)
        assert _image(check.original) == "attachment://dice.png"
        assert [a.get("filename") for a in check.original.attachments] == ["dice.png"]

        off = await (await fake.slash(w.carol, w.table, "game settings", pictures="off")).done()
        assert off.ephemeral and "off" in off.text and "for you" in off.text
        plain = await (await fake.slash(w.carol, w.table, "check", virtue="mind", dice=3)).done()
        await settle(bot)
        assert _image(plain.original) == "" and "Mind" in plain.text  # text only, still complete

        # Someone else still gets pictures; the whole server needs Manage Server.
        other = await (await fake.slash(w.bob, w.table, "check", virtue="body", dice=2)).done()
        await settle(bot)
        assert _image(other.original) == "attachment://dice.png"
        refused = await (
            await fake.slash(w.bob, w.table, "game settings", pictures="off", scope="server")
        ).done()
        assert refused.ephemeral and "Manage Server" in refused.text
        server = await (
            await fake.slash(w.alice, w.table, "game settings", pictures="off", scope="server", permissions=1 << 5)
        ).done()
        assert "this server" in server.text
        after = await (await fake.slash(w.bob, w.table, "check", virtue="body", dice=2)).done()
        await settle(bot)
        assert _image(after.original) == ""

    # The choice is stored: it holds after a restart.
    async with running_bot(fake, tmp_path, sync=False, pictures=True) as bot:
        again = await (await fake.slash(w.bob, w.table, "check", virtue="rage", dice=2)).done()
        await settle(bot)
        assert _image(again.original) == ""


async def test_the_table_and_each_hand_carry_their_pictures(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=20261122, pictures=True) as bot:
        # Carol wants text only in her DMs; the table keeps its picture for everyone else.
        await (await fake.slash(w.carol, w.table, "game settings", pictures="off")).done()
        await (await fake.slash(w.alice, w.table, "haunted new", short=True)).done()
        await settle(bot)
        lobby = next(m for m in fake.messages(w.table) if "Haunted" in m.text and m.components)
        for user in (w.bob, w.carol):
            await (await fake.click(user, lobby, fake.find_button(lobby, label="Join"))).done()
        await (await fake.click(w.alice, lobby, fake.find_button(lobby, label="Start"))).done()
        await settle(bot)
        tables = [m for m in fake.messages(w.table) if _image(m) == "attachment://table.png"]
        assert tables, "no table message carries the picture"
        assert [a.get("filename") for a in tables[-1].attachments] == ["table.png"]
        for user in (w.alice, w.bob):
            [panel] = fake.dm_messages(user)
            assert _image(panel) == "attachment://hand.png" and "Your hand" in panel.text
        [carols] = fake.dm_messages(w.carol)
        assert _image(carols) == "" and "Your hand" in carols.text
