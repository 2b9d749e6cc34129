"""Apocrypha end to end: the guide runs a turn from the DM panel's controls alone.

Saints draw from the clock, a waiting threat retreats, a turn starts, a card is presented, its
powers stopped and a mutation added, and the mission is called won through Confirm, each by a click
that does what the matching `/apocrypha guide` command does. A saint clicking the guide's panel is
refused in plain words and nothing changes.
"""

from __future__ import annotations

from typing import Any

from bot.games.apocrypha import RULES
from bot.games.apocrypha.state import card_id
from bot.games.apocrypha.table import Table
from tests.e2e.apocrypha_table import Table as E2eTable
from tests.e2e.apocrypha_table import only_apocrypha
from tests.e2e.harness import answer, running_bot, settle
from tests.e2e.test_apocrypha_guided import component
from tests.fakediscord import FakeDiscord
from tests.fakediscord.server import MESSAGE_COMPONENT


async def test_the_guide_runs_a_turn_from_the_panel(fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    only_apocrypha(monkeypatch)
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=5) as bot:
        t = await E2eTable(fake, bot).open()
        sid, state = t.sid, t.state

        async def press(user: Any, verb: str, values: list[str] | None = None) -> Any:
            if user is w.alice:
                return await t.press(user, verb, values)
            # A saint's client sending the guide's control from its own DM.
            panel = t.panel(w.alice)
            return await forged(user, panel, component(panel, verb)["custom_id"], values)

        async def forged(user: Any, panel: Any, custom: str, values: list[str] | None) -> Any:
            own = fake.dm_messages(user)[-1]
            payload = fake._base_payload(MESSAGE_COMPONENT, user, own.channel_id, None, "en-US")
            payload["message"] = {**fake.message_payload(panel), "channel_id": str(own.channel_id)}
            payload["data"] = {"custom_id": custom, "component_type": 2 if values is None else 3}
            if values is not None:
                payload["data"]["values"] = values
            ix = await (await fake._dispatch(payload, own)).done()
            await settle(bot)
            return ix

        await t.run(w.alice, "apocrypha guide reveal", nexus="motel")
        await t.run(w.alice, "apocrypha guide place", nexus="motel")
        await t.run(w.alice, "apocrypha guide stack", nexus="motel", cards="Strix")

        # A saint pressing the guide's controls: refused in plain words, nothing changes.
        before = await state()
        ix = await press(w.bob, "g_draw", ["0"])
        assert ix.ephemeral and "only the guide" in ix.text.lower(), ix.text
        ix = await press(w.carol, "g_rest")
        assert ix.ephemeral and "only the guide" in ix.text.lower(), ix.text
        assert await state() == before

        # Start: both saints draw from the clock, as `/apocrypha guide draw` does.
        public = before["public"]
        hands = [public["saints"][s]["hand_count"] for s in ("0", "1")]
        await press(w.alice, "g_draw", ["0", "1"])
        public = (await state())["public"]
        assert public["clock_count"] == before["public"]["clock_count"] - 2
        assert [public["saints"][s]["hand_count"] for s in ("0", "1")] == [hands[0] + 1, hands[1] + 1]

        # A threat waiting on top of the motel retreats into it.
        assert card_id((await state())["secret"]["nexus_decks"]["motel"][0]) == "strix"
        await press(w.alice, "g_retreat", ["motel"])
        row = await bot.service.store.get(sid)
        assert "The threat retreats into the shadows of the nexus." in row.log[-1]
        assert sorted(row.state["secret"]["nexus_decks"]["motel"]) == sorted(
            before["secret"]["nexus_decks"]["motel"]
        )

        # Confront: a turn, a presented card, its powers stopped, a mutation from the box.
        await press(w.alice, "g_start", ["0"])
        assert (await state())["public"]["active"] == 0
        await press(w.alice, "g_present")
        confront = (await state())["public"]["confront"]
        assert confront is not None and confront["seat"] == 0
        row = await bot.service.store.get(sid)
        powers = Table(RULES.load_state(row.state), RULES.book).card(confront["card"]).powers
        await press(w.alice, "g_stop")
        assert (await state())["public"]["confront"]["stopped"] == list(range(len(powers)))
        await press(w.alice, "g_mutate", ["rock_solid"])
        queued = (await state())["public"]["confront"]["queued_mutations"]
        assert [q.split(":")[0] for q in queued] == ["rock_solid"]

        # End: calling the mission won asks Confirm first; a saint cannot call it.
        before = await state()
        ix = await press(w.bob, "g_won")
        assert ix.ephemeral and ix.text == "Only the guide can end the mission.", ix.text
        assert await state() == before
        asked = await press(w.alice, "g_won")
        assert (await bot.service.store.get(sid)).state is not None
        await answer(fake, w.alice, asked)
        await settle(bot)
        assert "records are updated" in fake.last_message(w.table).text
