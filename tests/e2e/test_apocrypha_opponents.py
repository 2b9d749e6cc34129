"""Apocrypha end to end: several opponents at once in a guided session.

Alice guides; Bob's Frank Block and Carol's Dr. Zeez are at the Motel. The guide presents the
Motel's top card to Frank from the panel, then the next one to Zeez from the panel's "Another
opponent" select while Frank's confrontation runs. The guide mutates and retargets Zeez's waiting
confrontation by naming her saint. Zeez takes her turn at her card first (checks in any order),
is refused while Frank's check is being rolled, and Frank's confrontation goes on by itself when
Zeez's ends. Each saint's DM says what they may do.
"""

from __future__ import annotations

from typing import Any

from bot.games.apocrypha import RULES
from bot.games.apocrypha.state import card_id
from tests.e2e.apocrypha_table import Table
from tests.e2e.harness import running_bot
from tests.e2e.surface import live_table
from tests.e2e.test_apocrypha_guided import component
from tests.fakediscord import FakeDiscord
from tests.fakediscord.state import embed_text


async def test_two_saints_confront_different_cards_at_one_nexus(
    fake_discord: FakeDiscord, tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr("bot.client.all_rules", lambda: {RULES.key: RULES})
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=5) as bot:
        table = await Table(fake, bot).open()
        run, state, press = table.run, table.state, table.press

        def dm_text(user: Any) -> str:
            msg = fake.dm_messages(user)[-1]
            return "\n".join([msg.content or "", *(t for e in msg.embeds for t in embed_text(e))])

        await run(w.alice, "apocrypha guide reveal", nexus="motel")
        await run(w.alice, "apocrypha guide place", nexus="motel")
        await run(w.alice, "apocrypha guide stack", nexus="motel", cards="Gaunt, Strix")
        await press(w.alice, "g_start", ["0"])
        await press(w.alice, "g_present")
        public = (await state())["public"]
        assert card_id(public["confront"]["card"]) == "gaunt" and public["confront"]["seat"] == 0

        # Another opponent, from the panel: the Motel's next card for Zeez.
        options = component(fake.dm_messages(w.alice)[-1], "g_present")["options"]
        assert [o["label"] for o in options] == ["To Dr. Zeez"]
        await press(w.alice, "g_present", [options[0]["value"]])
        public = (await state())["public"]
        assert [(c["seat"], card_id(c["card"])) for c in public["opponents"]] == [(1, "strix")]
        live = await live_table(fake, bot, w.table)
        shown = "\n".join(t for e in live.embeds for t in embed_text(e))
        assert "Confrontations (2, checks in any order)" in shown and "waits at the avoid step" in shown

        # The guide aims at Zeez's waiting confrontation by naming her saint.
        await run(w.alice, "apocrypha guide mutate", mutation="Fiery", roll=2, saint="Dr. Zeez")
        await run(w.alice, "apocrypha guide target", by=-2, saint="Dr. Zeez")
        strix = (await state())["public"]["opponents"][0]
        assert strix["queued_mutations"] == ["fiery:2:"] and strix["target_adjust"] == -2
        ix = await run(w.alice, "apocrypha guide mutate", mutation="Fiery", saint="Nobody")
        assert ix.ephemeral and "no saint called nobody" in ix.text.lower(), ix.text

        # Zeez's DM tells her that her confrontation waits, and offers to take her turn at it.
        assert "You also confront Strix; it waits at its avoid step" in dm_text(w.carol)
        assert component(fake.dm_messages(w.carol)[-1], "focus")["label"] == "Take my turn vs. Strix"
        await press(w.carol, "focus")
        public = (await state())["public"]
        assert public["confront"]["seat"] == 1 and [c["seat"] for c in public["opponents"]] == [0]
        await press(w.carol, "next")
        await press(w.carol, "next")
        await press(w.carol, "attempt")
        assert (await state())["public"]["check"]["target"] == 9  # Soul 11, lowered by 2

        # Frank cannot take the focus back while Zeez's check is being rolled.
        before = await state()
        ix = await run(w.bob, "apocrypha next")
        assert ix.ephemeral and "check is decided" in ix.text, ix.text
        assert await state() == before

        await run(w.alice, "apocrypha guide dice", values="6, 6, 6, 6, 6, 6")
        await press(w.carol, "roll")
        assert [p["kind"] for p in (await state())["public"]["pending"]] == ["damage"]  # Fiery, rolled 2
        await press(w.carol, "answer")
        await press(w.carol, "keep")
        public = (await state())["public"]
        assert public["opponents"] == [] and public["confront"]["seat"] == 0
        assert card_id(public["confront"]["card"]) == "gaunt"
        row = await bot.service.store.get(table.sid)
        assert any("confrontation vs. Gaunt goes on" in line for line in row.log), row.log[-5:]
