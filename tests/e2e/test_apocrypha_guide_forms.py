"""Apocrypha end to end: the guide's panel stops one power of a card, writes a mutation and hands a
fragment, each by its control (a select, or a form opened from the panel), as the matching
`/apocrypha guide` command would. A saint sending those controls is refused; a half-filled form is
refused in plain words and changes nothing. The bot keeps nothing of an open form: its answer works
after a restart, waits as a small record when the bot is busy, and a stale one is refused.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord.webhook.async_

from bot.games.apocrypha import RULES
from bot.games.apocrypha.state import card_id
from cogs.common import replies
from cogs.common.forms import STALE_FORM
from tests.e2e.apocrypha_table import Table
from tests.e2e.harness import answer, running_bot, settle
from tests.e2e.test_answer_first import DEFERRED_MESSAGE
from tests.e2e.test_apocrypha_guided import component
from tests.e2e.test_waiting_clicks import busy, click_tasks, every_slot_taken
from tests.fakediscord import FakeDiscord
from tests.fakediscord.interactions import MODAL
from tests.fakediscord.server import MESSAGE_COMPONENT


async def test_the_guides_panel_stops_one_power_writes_a_mutation_and_hands_a_fragment(
    fake_discord: FakeDiscord, tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr("bot.client.all_rules", lambda: {RULES.key: RULES})
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=5) as bot:
        table = Table(fake, bot)
        run, state = table.run, table.state

        async def press(verb: str, values: list[str] | None = None) -> Any:
            return await table.press(w.alice, verb, values)

        async def submit(opened: Any, answers: dict[str, str]) -> Any:
            ix = await (await fake.submit_modal(opened, answers)).done()
            await settle(bot)
            return ix

        def inputs(opened: Any) -> dict[str, str]:
            """The form's inputs by label -> custom id."""
            found = {}
            for row in opened.modal["components"]:
                for comp in row.get("components", [row.get("component", row)]):
                    if comp.get("custom_id"):
                        found[comp["label"]] = comp["custom_id"]
            return found

        await table.open()
        await run(w.alice, "apocrypha guide reveal", nexus="motel")
        await run(w.alice, "apocrypha guide place", nexus="motel")
        await press("g_start", ["0"])
        ix = await run(w.alice, "apocrypha guide present", saint="Frank Block", nexus="precinct", card="Authorities")
        assert ix.text == "Presented.", ix.text

        # One power of the Authorities, by the panel's select (the other stays in force).
        options = component(fake.dm_messages(w.alice)[-1], "g_stop")["options"]
        assert [o["value"] for o in options] == ["all", "0", "1"]
        await press("g_stop", ["1"])
        assert (await state())["public"]["confront"]["stopped"] == [1]

        # A mutation written on the spot, from the mutation select's first option.
        opened = await press("g_mutate", ["__write"])
        assert opened.modal is not None and opened.modal["title"] == "Write a mutation"
        ids = inputs(opened)
        await submit(opened, {ids["Its name"]: "Sirens", ids["What it does (a ruling you apply)"]: "No one hears."})
        written = (await state())["public"]["confront"]["written"]
        assert [(m["side"], m["text"]) for m in written] == [("Sirens", "No one hears.")]

        # A fragment handed to a saint by the panel's form; a form with both a box name and a written
        # name is refused and nothing changes.
        opened = await press("g_fragment_form")
        ids = inputs(opened)
        assert "Dr. Zeez" in str(opened.modal) and "The Playground" in str(opened.modal)
        before = await state()
        ix = await submit(
            opened,
            {ids["Saint"]: "Zeez", ids["A fragment from the box or your mission"]: "The Playground",
             ids["Or write your own: its name"]: "Two names"},
        )
        assert ix.ephemeral and "name one fragment" in ix.text.lower(), ix.text
        assert await state() == before
        opened = await press("g_fragment_form")
        ids = inputs(opened)
        await submit(opened, {ids["Saint"]: "Zeez", ids["A fragment from the box or your mission"]: "The Playground"})
        halo = (await state())["public"]["saints"]["1"]["halo"]
        assert [card_id(u) for u in halo.values()] == ["the_playground"]

        # A saint's client sending the guide's form button: refused, no form.
        panel = fake.dm_messages(w.alice)[-1]
        own = fake.dm_messages(w.bob)[-1]
        payload = fake._base_payload(MESSAGE_COMPONENT, w.bob, own.channel_id, None, "en-US")
        payload["message"] = {**fake.message_payload(panel), "channel_id": str(own.channel_id)}
        payload["data"] = {"custom_id": component(panel, "g_fragment_form")["custom_id"], "component_type": 2}
        ix = await (await fake._dispatch(payload, own)).done()
        assert ix.modal is None and ix.ephemeral and "only the guide" in ix.text.lower(), ix.text


async def test_a_form_sent_back_before_the_bot_read_its_opening_is_still_answered(
    fake_discord: FakeDiscord, tmp_path, monkeypatch
) -> None:
    """In a burst the bot reads Discord's acknowledgement of the callback that opened a form late;
    a form filled in and sent back before that must still reach its handler (it was dropped: the
    guide saw "thinking" for ever and the fragment was lost)."""
    monkeypatch.setattr("bot.client.all_rules", lambda: {RULES.key: RULES})
    adapter = discord.webhook.async_.AsyncWebhookAdapter
    real = adapter.create_interaction_response
    read: list[float] = []

    async def read_late(self: Any, *args: Any, **kwargs: Any) -> Any:
        answer = await real(self, *args, **kwargs)
        if kwargs["params"].payload["type"] == MODAL:
            await asyncio.sleep(1.0)  # the event loop is busy: the answer is read a second later
            read.append(fake.loop_time())
        return answer

    monkeypatch.setattr(adapter, "create_interaction_response", read_late)
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=5) as bot:
        table = Table(fake, bot)
        await table.open()
        await table.run(w.alice, "apocrypha guide reveal", nexus="motel")
        await table.run(w.alice, "apocrypha guide place", nexus="motel")
        await table.press(w.alice, "g_start", ["0"])
        panel = table.panel(w.alice)
        opened = await (await fake.click(w.alice, panel, component(panel, "g_fragment_form")["custom_id"])).done(settle=False)
        assert opened.modal is not None and not read  # on screen; the bot has not read its answer yet
        ids = {c["label"]: c["custom_id"] for row in opened.modal["components"] for c in row["components"]}
        answers = {ids["Saint"]: "Zeez", ids["A fragment from the box or your mission"]: "The Playground"}
        sent = await fake.submit_modal(opened, answers)
        await sent.done(followups=0)
        await settle(bot)
        assert read and sent.dispatched_at < read[0]
        assert sent.text == "Fragment given." and sent.ephemeral, sent.text
        halo = (await table.state())["public"]["saints"]["1"]["halo"]
        assert [card_id(u) for u in halo.values()] == ["the_playground"]


async def guide_ready(fake: FakeDiscord, bot: Any) -> Table:
    """A guided mission under way (the guide Alice, saints Frank Block and Zeez), at the motel."""
    table = await Table(fake, bot).open()
    await table.run(fake.world.alice, "apocrypha guide reveal", nexus="motel")
    await table.run(fake.world.alice, "apocrypha guide place", nexus="motel")
    await table.press(fake.world.alice, "g_start", ["0"])
    return table


async def fragment_form_opened(fake: FakeDiscord, table: Table) -> tuple[Any, dict[str, str]]:
    """The guide opens the fragment form from her panel: the form on screen, and her answers to it
    (Zeez gets The Playground)."""
    panel = table.panel(fake.world.alice)
    opened = await (await fake.click(fake.world.alice, panel, component(panel, "g_fragment_form")["custom_id"])).done()
    assert opened.modal is not None
    ids = {c["label"]: c["custom_id"] for row in opened.modal["components"] for c in row["components"]}
    return opened, {ids["Saint"]: "Zeez", ids["A fragment from the box or your mission"]: "The Playground"}


def forms_kept(bot: Any) -> int:
    """Forms discord.py keeps in memory for their answer (each with its inputs and a timeout task)."""
    return len(bot._connection._view_store._modals)


async def test_an_open_form_is_kept_nowhere_and_still_answered_after_a_restart(
    fake_discord: FakeDiscord, tmp_path, monkeypatch
) -> None:
    """The bot keeps nothing of a form while the guide writes (discord.py kept each 15 minutes: 689
    at a 1,000-channel peak); its answer carries what it is for, so it works after a restart."""
    monkeypatch.setattr("bot.client.all_rules", lambda: {RULES.key: RULES})
    fake = fake_discord
    async with running_bot(fake, tmp_path, seed=5) as bot:
        table = await guide_ready(fake, bot)
        opened, answers = await fragment_form_opened(fake, table)
        assert forms_kept(bot) == 0
        assert opened.modal["custom_id"] == f"gmf:{table.sid}:g_fragment_form"
    async with running_bot(fake, tmp_path, seed=5) as bot:
        await bot.wait_until_ready()
        table.bot = bot
        sent = await (await fake.submit_modal(opened, answers)).done()
        await settle(bot)
        assert sent.text == "Fragment given." and sent.ephemeral, sent.text
        halo = (await table.state())["public"]["saints"]["1"]["halo"]
        assert [card_id(u) for u in halo.values()] == ["the_playground"]
        assert forms_kept(bot) == 0


async def test_a_form_answered_while_the_bot_is_busy_waits_as_a_record_and_its_result_follows(
    fake_discord: FakeDiscord, tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr("bot.client.all_rules", lambda: {RULES.key: RULES})
    fake = fake_discord
    async with running_bot(fake, tmp_path, seed=5) as bot:
        table = await guide_ready(fake, bot)
        opened, answers = await fragment_form_opened(fake, table)
        busy(monkeypatch)
        async with every_slot_taken() as gate:
            sent = await fake.submit_modal(opened, answers)
            await sent.done(settle=False)
            assert sent.response_type == DEFERRED_MESSAGE and not sent.followups
            # No task waits for it (discord.py's listener has returned): a job with the typed text.
            await fake.wait_for(lambda: replies.work_waiting() == 1 and not click_tasks())
            job = replies._slots()._rest[0]
            assert isinstance(job, replies.Job) and job.interaction.id == sent.id
            assert forms_kept(bot) == 0
            assert (await table.state())["public"]["saints"]["1"]["halo"] == {}  # nothing done yet
            gate.set()
        await settle(bot)
        assert sent.text == "Fragment given." and sent.ephemeral, sent.text
        halo = (await table.state())["public"]["saints"]["1"]["halo"]
        assert [card_id(u) for u in halo.values()] == ["the_playground"]
        assert replies.work_waiting() == 0


async def test_a_stale_form_is_refused_in_plain_words(fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    """A form sent before a restart by a bot that kept it in memory (a random custom id nobody
    knows now), and a form whose game has ended: each refused in plain words, only to its sender."""
    monkeypatch.setattr("bot.client.all_rules", lambda: {RULES.key: RULES})
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=5) as bot:
        table = await guide_ready(fake, bot)
        opened, answers = await fragment_form_opened(fake, table)
        before = await table.state()
        old = {**opened.modal, "custom_id": "5f1c0e9a2b7d4e6f8a9b0c1d2e3f4a5b"}
        monkeypatch.setattr(opened, "modal", old)
        ix = await (await fake.submit_modal(opened, answers)).done()
        assert ix.ephemeral and ix.text == STALE_FORM, ix.text
        assert await table.state() == before

        monkeypatch.setattr(opened, "modal", {**old, "custom_id": f"gmf:{table.sid}:g_fragment_form"})
        await answer(fake, w.alice, await table.run(w.alice, "game end"))
        await settle(bot)
        assert (await bot.store.get(table.sid)).status not in ("lobby", "running")
        ix = await (await fake.submit_modal(opened, answers)).done()
        assert ix.ephemeral and "ended" in ix.text.lower(), ix.text
