"""Apocrypha end to end: at co-op Mission End, a saint whose halo is full chooses which fragment
gives way to the one they pick from the display (or keeps their halo and leaves it on display).

Winning a co-op mission by play takes an hour of turns, so the session is finished as won directly
in the store; everything from the display on goes through the fake Discord: the display's select,
the full halo's question, a refusal for another player, and the record written back.
"""

from __future__ import annotations

from typing import Any

from bot.games.apocrypha import RULES
from bot.games.apocrypha.saints import SaintRecord
from bot.service import Result
from bot.store import Status
from tests.e2e.harness import running_bot, settle
from tests.e2e.test_apocrypha_guided import component
from tests.fakediscord import FakeDiscord

FULL = {"0": "death", "1": "death", "2": "death", "3": "death", "5": "death", "8": "death"}


async def test_a_full_halo_chooses_what_to_give_up(fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("bot.client.all_rules", lambda: {RULES.key: RULES})
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=5) as bot:

        async def run(user: Any, command: str, **options: Any) -> Any:
            ix = await (await fake.slash(user, w.table, command, **options)).done()
            await settle(bot)
            return ix

        async def pick(user: Any, verb: str, value: str) -> Any:
            msg = next(m for m in reversed(fake.messages(w.table)) if m.components)
            ix = await (await fake.select(user, msg, component(msg, verb)["custom_id"], [value])).done()
            await settle(bot)
            return ix

        await run(w.alice, "apocrypha saint create", saint="frank_block", name="Frank")
        await run(w.bob, "apocrypha saint create", saint="dr_zeez", name="Zeez")

        def full_halo(current: Any) -> Any:
            current.data = {**current.data, "halo": {**FULL, "6": "the_tale", "7": "the_cutting_room"}}
            return current

        await bot.service.update_record(w.guild.id, w.alice.id, "apocrypha", "saint", "Frank", full_halo)
        await run(w.carol, "apocrypha new", mode="guided", mission="taking_the_plunge")
        await run(w.alice, "apocrypha join", saint="Frank")
        await run(w.bob, "apocrypha join", saint="Zeez")
        await run(w.carol, "apocrypha start")
        row = await bot.service.store.active_in_channel(w.table.id)
        # The mission ends won as a co-op one (the display is co-op's), Frank having taken the last turn.
        row.state["public"].update(mode="coop", outcome="won", result="The choir wins the mission.", last_active=0)
        row.status = Status.FINISHED.value
        row = await bot.service.store.save(row)
        bot.get_cog("ApocryphaCog").on_result(Result(session=row))
        await settle(bot)

        display = next(m for m in reversed(fake.messages(w.table)) if m.components)
        assert "Fragments on display" in display.text and f"<@{w.alice.id}>, choose" in display.text
        ix = await pick(w.alice, "frag", "the_playground")
        question = fake.messages(w.table)[-1] if fake.messages(w.table)[-1].components else display
        text = fake.messages_by_id[question.id].text
        assert "your halo is full" in text and "The Playground" in text, text
        labels = [o["label"] for o in component(fake.messages_by_id[question.id], "frag_give")["options"]]
        assert labels == ["Give up The Tale", "Give up The Cutting Room", "Keep my halo; leave The Playground"]

        # Bob cannot answer for Frank; nothing changes.
        ix = await pick(w.bob, "frag_give", "7")
        assert ix.ephemeral and "halo is full" in ix.text, ix.text

        await pick(w.alice, "frag_give", "7")  # The Cutting Room gives way
        after = fake.messages_by_id[question.id].text
        assert f"<@{w.bob.id}>, choose" in after and "The Playground" not in after.split("display:")[1]
        await pick(w.bob, "frag", "-")
        await settle(bot)
        record = await bot.store.get_record(w.guild.id, w.alice.id, "apocrypha", "saint", "Frank")
        halo = SaintRecord.model_validate(record.data).halo
        assert halo[7] == "the_playground" and halo[6] == "the_tale"
