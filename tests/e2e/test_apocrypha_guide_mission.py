"""Apocrypha end to end: a guided session of a mission the guide wrote, with five saints.

Alice composes "Cold Night" from the box and saves it on the server; five players bring saints.
Two saints draw from the clock and one takes the turn; the guide presents the Authorities with two
mutations of her own, stops its Win power, calls a bare check, gives a card, ends the turn (the
saint resets and every other saint resets too), starts a second saint's turn from the clock, hands
each saint a fragment and calls the mission won. Bad input is refused privately and changes
nothing; no saint's view ever carries what the guide keeps hidden.
"""

from __future__ import annotations

import json
from typing import Any

from bot.games.apocrypha import RULES
from bot.games.apocrypha.saints import SaintRecord
from bot.games.apocrypha.state import card_id
from bot.games.apocrypha.table import Table
from tests.e2e.harness import answer, guests, running_bot, settle
from tests.fakediscord import FakeDiscord

LOWDOWN = "The mayor feeds the lake; the saints must stop the plunge."


async def test_a_guide_made_mission_with_five_saints(
    fake_discord: FakeDiscord, tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr("bot.client.all_rules", lambda: {RULES.key: RULES})
    fake, w = fake_discord, fake_discord.world
    dave, erin, fay = guests(fake, "dave", "erin", "fay")
    players = [w.bob, w.carol, dave, erin, fay]
    async with running_bot(fake, tmp_path, seed=21) as bot:
        sid = 0

        async def run(user: Any, command: str, **options: Any) -> Any:
            ix = await (await fake.slash(user, w.table, command, **options)).done()
            await settle(bot)
            return ix

        async def refused(user: Any, command: str, words: str, **options: Any) -> None:
            before = (await bot.service.store.get(sid)).state if sid else None
            ix = await run(user, command, **options)
            assert ix.ephemeral and words.lower() in ix.text.lower(), ix.text
            if sid:
                assert (await bot.service.store.get(sid)).state == before

        async def state() -> dict[str, Any]:
            return (await bot.service.store.get(sid)).state

        async def nothing_hidden_in_views() -> None:
            """Every saint's projected view: no unrevealed nexus, no mission secret."""
            row = await bot.service.store.get(sid)
            secret = row.state["secret"]
            words = [w for k, n in secret["hidden_nexuses"].items() for w in (k, n["name"])]
            words += [LOWDOWN, "Smoke rises"]
            given = row.state["public"]["fragments_given"]
            words += [] if "custom_the_mayor" in given else ["The Mayor"]
            for user in players:
                seen = json.dumps(bot.service.view_for(row, user.id))
                assert not [x for x in words if x in seen], user.name

        # -- the guide writes the mission before the session ------------------------------------------
        ix = await run(w.alice, "apocrypha mission create", name="Cold Night", lowdown=LOWDOWN, clock_omens=6)
        assert ix.ephemeral and "Cold Night saved" in ix.text
        ix = await run(
            w.alice,
            "apocrypha mission edit",
            name="Cold Night",
            nexus="motel",
            cards="Authorities, Gaunt",
            mutations="Rock Solid, Fiery",
            notes="Smoke rises from the roof.",
        )
        assert ix.ephemeral and "Authorities, Gaunt" in ix.text
        await run(
            w.alice, "apocrypha mission edit", name="Cold Night", nexus_name="Frozen Pier", description="Ice."
        )
        await run(
            w.alice,
            "apocrypha mission edit",
            name="Cold Night",
            fragment="The Mayor",
            fragment_text="He smiled.",
        )
        await refused(
            w.alice,
            "apocrypha mission edit",
            "no card called excalibur",
            name="Cold Night",
            nexus="motel",
            cards="Excalibur",
        )
        # A threat stacked in the clock to come up after three turns (and one taken out again).
        ix = await (
            await fake.autocomplete(
                w.alice, w.table, "apocrypha mission edit", focused="clock_cards", name="Cold Night", clock_cards="Gau"
            )
        ).done()
        assert {"name": "Gaunt", "value": "gaunt"} in ix.choices
        await run(w.alice, "apocrypha mission edit", name="Cold Night", clock_cards="gaunt, Strix", after_turns=3)
        ix = await run(w.alice, "apocrypha mission edit", name="Cold Night", clock_cards="Strix", remove_clock=True)
        assert ix.ephemeral and "Stacked in the clock: Gaunt after 3 turns" in ix.text, ix.text
        await refused(
            w.alice,
            "apocrypha mission edit",
            "not stacked in this mission's clock",
            name="Cold Night",
            clock_cards="Strix",
            remove_clock=True,
        )
        await refused(
            w.alice, "apocrypha mission edit", "no card called excalibur", name="Cold Night", clock_cards="Excalibur"
        )
        await refused(
            w.bob,
            "apocrypha mission edit",
            "only the guide who wrote",
            name="Cold Night",
            lowdown="Mine now.",
        )
        await refused(
            w.alice, "apocrypha mission create", "already has a mission", name="Cold Night", lowdown="x"
        )
        ix = await run(w.bob, "apocrypha mission list")
        assert ix.ephemeral and "Cold Night (2 nexuses)" in ix.text
        ix = await run(w.alice, "apocrypha mission show", name="cold night")
        assert ix.ephemeral and "Frozen Pier" in ix.text and "The Mayor" in ix.text
        await refused(w.bob, "apocrypha mission show", "only the guide who wrote", name="Cold Night")
        await refused(w.bob, "apocrypha new", "only the guide who wrote", mode="guided", mission="Cold Night")
        ix = await (
            await fake.autocomplete(w.alice, w.table, "apocrypha new", focused="mission", mission="cold")
        ).done()
        assert {"name": "Cold Night", "value": "Cold Night"} in ix.choices

        # -- five saints join the guide's mission -------------------------------------------------------
        saints = ["Dr. Zeez", "Frank Block", "Ophelia Willows", "Wren Okafor", "Nell Brightwater"]
        for user, saint in zip(players, saints, strict=True):
            await run(user, "apocrypha saint create", saint=saint)
        await run(w.alice, "apocrypha new", mode="guided", mission="Cold Night")
        table = fake.messages(w.table)[0]
        sid = int(
            next(c for r in table.components for c in r["components"] if ":start" in c["custom_id"])[
                "custom_id"
            ].split(":")[1]
        )
        for user, saint in zip(players, saints, strict=True):
            await run(user, "apocrypha join", saint=saint)
        assert "the guide's own mission" not in table.text and "Cold Night" in table.text
        ix = await run(w.alice, "apocrypha start")
        # The Start is answered with the table, for everyone, and the prompt as its follow-up.
        assert not ix.ephemeral and ix.embeds and ix.embeds[0]["title"].startswith("Apocrypha") and "([table](" in ix.text
        public = (await state())["public"]
        assert [public["saints"][str(i)]["name"] for i in range(5)] == saints
        assert public["mission_name"] == "Cold Night" and public["clock_count"] == 7
        clock = (await state())["secret"]["clock"]
        assert card_id(clock[3]["card"]) == "gaunt" and clock[3]["after_turns"] == 3
        await nothing_hidden_in_views()

        # -- bad input: a saint using a guide tool, a saint that does not exist, the guide as a saint -----
        await refused(w.bob, "apocrypha guide draw", "only the guide", saints="Dr. Zeez")
        await refused(w.alice, "apocrypha guide draw", "no saint called hollis", saints="Hollis Crane")
        await refused(
            w.alice,
            "apocrypha guide give",
            "no gift or omen called excalibur",
            saint="Zeez",
            card="Excalibur",
        )
        await refused(w.alice, "apocrypha next", "only a saint")

        # -- two saints draw from the clock, one takes the turn ----------------------------------------------
        await run(w.alice, "apocrypha guide reveal", nexus="motel")
        await run(w.alice, "apocrypha guide place", nexus="motel")
        hands = [(await state())["public"]["saints"][str(s)]["hand_count"] for s in range(5)]
        await run(w.alice, "apocrypha guide draw", saints="Dr. Zeez, Frank Block")
        public = (await state())["public"]
        assert [public["saints"][str(s)]["hand_count"] for s in range(5)] == [
            hands[0] + 1,
            hands[1] + 1,
            *hands[2:],
        ]
        assert public["clock_count"] == 5
        await run(w.alice, "apocrypha guide start", saint="Dr. Zeez", draw=False)
        await nothing_hidden_in_views()

        # -- the Authorities, built up with two mutations of the guide's, its Win power stopped ---------------
        await run(w.alice, "apocrypha guide present", saint="Dr. Zeez", nexus="motel")
        assert card_id((await state())["public"]["confront"]["card"]) == "authorities"
        await run(
            w.alice, "apocrypha guide mutate", name="Slick Ice", text="The floor is frozen: no running."
        )
        await run(w.alice, "apocrypha guide mutate", mutation="Rock Solid", roll=6, name="Frozen Stiff")
        ix = await (
            await fake.autocomplete(w.alice, w.table, "apocrypha guide stop", focused="power", power="win")
        ).done()
        assert [c["value"] for c in ix.choices] == ["1"]
        await run(w.alice, "apocrypha guide stop", power="1")
        await run(w.bob, "apocrypha next")  # initiate: the Authorities recycle a card at random
        await run(w.bob, "apocrypha next")
        await run(w.bob, "apocrypha attempt", virtue="mind")
        await run(w.alice, "apocrypha guide dice", values="6, 6, 6, 6, 6, 6, 6, 6")
        await run(w.bob, "apocrypha roll")
        check = (await state())["public"]["check"]
        assert [m["side"] for m in check["mutations"]][:1] == ["Slick Ice"]
        assert any(m["side"].startswith("Frozen Stiff") for m in check["mutations"])
        before = (await state())["public"]["saints"]["0"]["hand_count"]
        await run(w.bob, "apocrypha keep")
        row = await bot.service.store.get(sid)
        assert row.state["public"]["confront"] is None and "wins vs. Authorities" in "\n".join(row.log)
        assert (
            row.state["public"]["saints"]["0"]["hand_count"] == before
        )  # no gift from the stopped Win power

        # -- a bare check, a given card ------------------------------------------------------------------------
        await run(w.alice, "apocrypha guide check", saint="Frank", virtue="body", target=10, skill="strike")
        check = (await state())["public"]["check"]
        assert check["seat"] == 1 and check["purpose"] == "guide" and check["skills"] == ["strike"]
        await refused(w.bob, "apocrypha roll", "only the saint")
        await run(w.carol, "apocrypha roll")
        await run(w.carol, "apocrypha keep")
        assert (await state())["public"]["check"] is None
        row = await bot.service.store.get(sid)
        t = Table(RULES.load_state(row.state), RULES.book)
        gift = next(g for g in sorted(RULES.book.gifts) if t.box_has(g))
        await run(w.alice, "apocrypha guide give", saint="Wren Okafor", card=gift)
        assert any(card_id(u) == gift for u in (await state())["players"]["3"]["hand"])

        # -- the guide ends the turn; everyone resets ---------------------------------------------------------
        await refused(w.carol, "apocrypha endturn", "after the active saint resets")
        await run(w.alice, "apocrypha guide endturn")
        assert (await state())["public"]["reset_open"] == [1, 2, 3, 4]
        for user in players[1:]:
            ix = await run(user, "apocrypha endturn")
            assert ix.ephemeral and "you reset" in ix.text.lower(), ix.text
        public = (await state())["public"]
        assert public["reset_open"] == []
        for s in range(5):
            assert (
                public["saints"][str(s)]["hand_count"]
                == RULES.book.saints[public["saints"][str(s)]["saint_id"]].hand_size
            )

        # -- a second saint starts a turn from the clock ----------------------------------------------------------
        await run(w.alice, "apocrypha guide start", saint="Ophelia")
        public = (await state())["public"]
        assert public["active"] == 2 and public["clock_count"] == 4
        # Three cards have come off the clock: the Gaunt the guide stacked is next.
        assert card_id((await state())["secret"]["clock"][0]["card"]) == "gaunt"
        await run(w.alice, "apocrypha guide endturn")
        await nothing_hidden_in_views()

        # -- guided Mission End: the guide hands each saint a fragment and calls it won ---------------------------
        await run(w.alice, "apocrypha guide fragment", saint="Dr. Zeez", fragment="The Mayor")
        for saint, name in zip(saints[1:], ("The Ice", "The Bell", "The Rope", "The Song"), strict=True):
            await run(w.alice, "apocrypha guide fragment", saint=saint, name=name, text="A cold memory.")
        await refused(
            w.alice, "apocrypha guide fragment", "already been given", saint="Frank", fragment="The Mayor"
        )
        await answer(fake, w.alice, await run(w.alice, "apocrypha guide endmission", outcome="won"))
        await settle(bot)
        assert "Fragments on display" not in fake.public_text(w.table)
        assert "records are updated" in fake.last_message(w.table).text
        for user, saint in zip(players, saints, strict=True):
            record = SaintRecord.model_validate(
                (await bot.store.get_record(w.guild.id, user.id, "apocrypha", "saint", saint)).data
            )
            assert record.missions == 1 and len(record.fragments()) == 1 and record.deaths() == 0
        zeez = await bot.store.get_record(w.guild.id, w.bob.id, "apocrypha", "saint", "Dr. Zeez")
        assert "custom_the_mayor" in zeez.data["halo"].values()
