"""Apocrypha co-op end to end: one mission's end through the fake Discord, into the steps between
missions.

Ophelia (Alice), Frank (Bob) and Zeez (Carol) play Christmas in Candlepoint; every nexus but the
Chapel has been sacrificed and the Chapel is empty, so Alice seals it from her panel and the choir
wins. Each saint in turn picks a fragment from a select on their own DM panel (Alice first: she took
the last turn); Alice's halo is full, so her panel then asks which fragment gives way. Between
missions the choir rebuilds its decks: Alice puts a gift on the table from her panel and Bob takes it
from his; every saint says Done; the records come back with the fragment and the traded gift.
Bad input is refused only to its sender, and changes nothing: answering out of turn, trading a gift
you do not hold, taking a gift that is not on the table, trading while the mission is under way.
"""

from __future__ import annotations

from typing import Any

from bot.games.apocrypha import RULES
from bot.games.apocrypha.saints import SaintRecord
from tests.e2e.apocrypha_table import Table, only_apocrypha
from tests.e2e.harness import running_bot, settle
from tests.fakediscord import FakeDiscord

FULL = {"0": "death", "1": "death", "2": "death", "3": "death", "5": "death", "8": "death"}


async def test_a_won_mission_ends_and_the_choir_rebuilds_between_missions(
    fake_discord: FakeDiscord, tmp_path, monkeypatch
) -> None:
    only_apocrypha(monkeypatch)
    fake, w = fake_discord, fake_discord.world
    book = RULES.book
    async with running_bot(fake, tmp_path, seed=5) as bot:
        t = Table(fake, bot, fresh=True)
        run, state, refused, panel, options, click = t.run, t.state, t.refused, t.panel, t.options, t.click

        async def choose(user: Any, verb: str, value: str) -> Any:
            return await t.press(user, verb, [value])

        await t.make_saints()

        def full_halo(current: Any) -> Any:
            current.data = {**current.data, "halo": {**FULL, "6": "the_tale", "7": "the_cutting_room"}}
            return current

        await bot.service.update_record(w.guild.id, w.alice.id, "apocrypha", "saint", "Ophelia", full_halo)
        sid = await t.open_coop("christmas_in_candlepoint")
        await t.start_choir([(w.alice, "chapel"), (w.bob, "hospital"), (w.carol, "hospital")], first=w.alice)

        # Trading is for between missions only.
        await refused(w.alice, "apocrypha saint trade", "only between missions", give="Crowbar")

        # The last call: every nexus but the Chapel sacrificed, the Chapel empty, Alice investigating.
        row = await bot.service.store.get(sid, fresh=True)
        data = row.state
        for key, nexus in data["public"]["nexuses"].items():
            nexus["sealed"] = key != "chapel"
            data["secret"]["nexus_decks"][key] = []
        data["public"]["step"] = "investigate"
        row.state = data
        await bot.service.store.save(row)
        await run(w.alice, "apocrypha next")
        assert (await state())["public"]["step"] == "sanctify"
        await click(w.alice, "Attempt the seal")

        # -- Mission End: the fragments, each on its saint's own panel --------------------------------------
        public = (await state())["public"]
        assert public["outcome"] is None and public["between"]["stage"] == "fragments"
        display = public["between"]["display"]
        assert display[0] == "the_abandoned_house" and len(display) == 4 and public["pending"][0]["seat"] == 0
        table = fake.public_text(w.table)
        assert "Mission End" in table and "Fragments on display" in table
        labels = [o["label"] for o in options(w.alice, "pick")]
        assert labels[-1] == "No fragment" and labels[0] == f"Take {book.fragments[display[0]].name}"
        await refused(w.bob, "apocrypha answer", "waiting for", option=1)  # Alice chooses first
        await choose(w.alice, "pick", "0")
        # Alice's halo is full: her panel asks which fragment gives way.
        labels = [o["label"] for o in options(w.alice, "pick")]
        assert labels[:2] == ["Give up The Tale", "Give up The Cutting Room"]
        await choose(w.alice, "pick", "1")  # The Cutting Room gives way
        public = (await state())["public"]
        assert public["between"]["picks"]["0"] == f"{display[0]}@7"
        assert public["pending"][0]["seat"] == 1 and "pick" in repr(panel(w.bob).components)
        none = [o["label"] for o in options(w.bob, "pick")].index("No fragment")
        await choose(w.bob, "pick", str(none))
        carols = (await state())["public"]["between"]["display"][0]
        await choose(w.carol, "pick", "0")

        # -- between missions: trading gifts within the choir ----------------------------------------------
        public = (await state())["public"]
        assert public["between"]["stage"] == "rebuild"
        assert sorted(p["seat"] for p in public["pending"]) == [0, 1, 2]
        assert "your next deck" in panel(w.alice).text and "Rebuild your deck" in panel(w.alice).text
        offers = [o["value"] for o in options(w.alice, "offer")]
        bobs = [o["value"] for o in options(w.bob, "offer")]
        # A swap: Alice's gift for one of Bob's of the same virtue.
        gift, swap = next(
            (g, h)
            for g in offers
            for h in bobs
            if book.gifts[g].virtue == book.gifts[h].virtue and g not in bobs and h not in offers
        )
        other = next(g for g in sorted(book.gifts) if g not in offers)
        await refused(w.alice, "apocrypha saint trade", "You do not hold", give=book.gifts[other].name)
        await refused(w.bob, "apocrypha saint trade", "not on the table", take=book.gifts[gift].name)
        await choose(w.alice, "offer", gift)
        assert book.gifts[gift].name in fake.public_text(w.table)  # on the table, for everyone to see
        assert gift in [o["value"] for o in options(w.bob, "take")]
        await choose(w.bob, "take", gift)
        await run(w.bob, "apocrypha saint trade", give=book.gifts[swap].name)
        await choose(w.alice, "take", swap)
        # -- between missions: fragments sacrificed at will, from the panel or by command ----------------
        forget = [o["label"] for o in options(w.alice, "forget")]
        assert forget == ["Sacrifice The Tale", f"Sacrifice {book.fragments[display[0]].name}"]
        assert "Your fragments" in panel(w.alice).text
        await refused(w.alice, "apocrypha saint sacrifice", "a death stays in your halo", fragment="Death")
        await refused(w.bob, "apocrypha saint sacrifice", "not a fragment in your halo", fragment="The Tale")
        await choose(w.alice, "forget", display[0])
        assert f"sacrifices the fragment {book.fragments[display[0]].name}" in fake.public_text(w.table)
        assert [o["label"] for o in options(w.alice, "forget")] == ["Sacrifice The Tale"]
        ix = await run(w.carol, "apocrypha saint sacrifice", fragment=book.fragments[carols].name)
        assert ix.ephemeral and "You sacrifice it" in ix.text
        assert "forget" not in repr(panel(w.carol).components)
        for user in (w.alice, w.bob, w.carol):
            await click(user, "Done: my deck is ready")
        await refused(w.alice, "apocrypha saint sacrifice", "no game in this channel", fragment="The Tale")
        public = (await state())["public"]
        assert public["outcome"] == "won" and public["pending"] == []
        await settle(bot)
        assert "records are updated" in fake.last_message(w.table).text

        # -- the records the next mission starts from -------------------------------------------------------
        async def record(user: Any, name: str) -> SaintRecord:
            found = await bot.store.get_record(w.guild.id, user.id, "apocrypha", "saint", name)
            return SaintRecord.model_validate(found.data)

        ophelia, frank = await record(w.alice, "Ophelia"), await record(w.bob, "Frank")
        # The Cutting Room gave way for the new fragment, which Ophelia then sacrificed at will.
        assert 7 not in ophelia.halo and ophelia.halo[6] == "the_tale" and ophelia.missions == 1
        assert carols not in (await record(w.carol, "Zeez")).halo.values()
        assert gift in frank.gifts and swap in ophelia.gifts
        mine = public["between"]["held"]
        for seat, saint in (("0", "ophelia_willows"), ("1", "frank_block"), ("2", "dr_zeez")):
            assert mine[seat] == public["between"]["needs"][seat], saint

        # -- the chapter's divider, in pencil: on the table, in the records, in `saint show` ----------------
        assert "☑ Christmas saved" in fake.public_text(w.table)
        assert ophelia.pencil == frank.pencil == {"candlepoint": {"christmas_saved": 1}}
        ix = await run(w.alice, "apocrypha saint show", name="Ophelia")
        assert ix.ephemeral and "The Secrets of Candlepoint: Christmas saved" in ix.text
