"""Apocrypha end to end: The Hunter's Moon (the Skinwalkers chapter) with two saints, to its end.

The table shows the chapter and its power (Lycanthropy) and the novem at large (The Moon-Eater:
no saint can give cards), beside the structures and the true threats. A give in Transfer is refused
by the golden rules, naming the Moon-Eater, and changes nothing. The choir lets the hours pass
until the clock runs out and the mission is lost.
"""

from __future__ import annotations

from tests.e2e.apocrypha_table import Table, only_apocrypha
from tests.e2e.harness import running_bot, settle
from tests.e2e.surface import Surface, live_table, report
from tests.fakediscord import FakeDiscord


async def test_co_op_the_hunters_moon(fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    only_apocrypha(monkeypatch)
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=9) as bot:
        t = Table(fake, bot, watch=Surface(fake, bot, w.table))
        run, state = t.run, t.state

        await t.make_saints(2)
        ix = await (
            await fake.autocomplete(w.alice, w.table, "apocrypha new", focused="mission", mission="hunter")
        ).done()
        assert [c["value"] for c in ix.choices] == ["the_hunters_moon"]
        sid = await t.open_coop("the_hunters_moon", joins=2)
        await t.click_start(w.alice)

        text = (await live_table(fake, bot, w.table)).text
        assert "Chapter: Skinwalkers · Lycanthropy: No saint can avoid a Lycanthrope." in text
        assert "The Moon-Eater: novem, master" in text
        assert "The Moon-Eater, one of the novem, is at large. No saint can give cards." in text
        assert "archetype_" not in fake.public_text(w.table)
        assert "The Skinwalkers chapter's cards join the box." in "\n".join(
            bot.service.history(await bot.store.get(sid)).lines
        )

        # The novem at large forbids giving: a give in Transfer is refused in plain words, naming it.
        users = {0: w.alice, 1: w.bob}
        public = (await state())["public"]
        active = public["active"]
        other = 1 - active
        assert public["saints"][str(active)]["nexus"] == public["saints"][str(other)]["nexus"]
        while (await state())["public"]["step"] != "transfer":
            await run(users[active], "apocrypha next")
        before = await state()
        card = before["players"][str(active)]["hand"][0].split("#")[0]
        ix = await t.refused(
            users[active], "apocrypha give", "The Moon-Eater says", card=card, to=users[other]
        )
        assert ix.text == "The Moon-Eater says you cannot give cards.", ix.text

        turns = 0
        while (await state())["public"]["step"] != "over" and turns < 40:
            public = (await state())["public"]
            if public["pending"]:
                await run(users[public["pending"][0]["seat"]], "apocrypha answer", option=1)
                continue
            await run(users[public["active"]], "apocrypha endturn")
            turns += 1
        public = (await state())["public"]
        assert public["step"] == "over" and turns == 28  # 22 + 3 candles a saint: the 29th turn times out
        while (await state())["public"]["pending"]:
            seat = (await state())["public"]["pending"][0]["seat"]
            await run(users[seat], "apocrypha answer", option=1)
        assert (await state())["public"]["outcome"] == "lost"
        await settle(bot)
        report("apocrypha chapter", await t.watch.finish(after=1))
        assert "records are updated" in fake.last_message(w.table).text
