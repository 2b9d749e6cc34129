"""Apocrypha end to end: a co-op game of Christmas in Candlepoint with three saints, to its end.

Alice, Bob and Carol make saints and join a co-op lobby. The choir chooses by the lobby's selects:
each saint's starting nexus, Carol to go first, and the seat order. The table shows the nexuses,
the clock, the displayed true threats and where each saint stands, never an archetype's place.
Out-of-step guard and seal attempts are refused in plain words and change nothing. Then the choir
lets the hours pass: every saint ends their turn until the clock runs out, the choir loses, the
saint whose turn it was chooses who takes the death, and the records come back with it.
"""

from __future__ import annotations

from bot.games.apocrypha.saints import SaintRecord
from tests.e2e.apocrypha_table import Table, only_apocrypha
from tests.e2e.harness import ids_on, running_bot, settle
from tests.e2e.surface import Surface, live_table, report
from tests.e2e.test_apocrypha_guided import component
from tests.fakediscord import FakeDiscord


async def test_co_op_christmas_in_candlepoint(fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    only_apocrypha(monkeypatch)
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=5) as bot:
        t = Table(fake, bot, watch=Surface(fake, bot, w.table))  # the channel is checked after every command
        run, state, refused, choose = t.run, t.state, t.refused, t.choose

        # -- saints, and the lobby ----------------------------------------------------------------
        await t.make_saints()
        ix = await (
            await fake.autocomplete(w.alice, w.table, "apocrypha new", focused="mission", mission="christ")
        ).done()
        assert [c["value"] for c in ix.choices] == ["christmas_in_candlepoint"]
        await run(w.alice, "apocrypha new", mode="coop", mission="christmas_in_candlepoint")
        table = fake.messages(w.table)[0]
        sid = t.read_sid()
        # Co-op plays against the game: the lobby offers no guide's seat, and typing one is refused.
        assert "guide" not in [f["name"].lower() for f in table.embeds[0]["fields"]]
        assert not [c for c in ids_on(table.components) if "guide" in (c.get("label") or "").lower()]
        await refused(w.carol, "apocrypha join", "has no guide", role="guide")
        await run(w.alice, "apocrypha join", saint="Ophelia")
        await run(w.bob, "apocrypha join", saint="Frank")

        # -- the choir's choices by selects (only the choir's own saints choose) ----------------------
        ix = await choose(w.carol, "choir_first", str(w.alice.id))
        assert ix.ephemeral and "join the lobby first" in ix.text.lower()
        await run(w.carol, "apocrypha join", saint="Zeez")
        await choose(w.alice, "choir_start", "chapel")
        await choose(w.bob, "choir_start", "chapel")
        await choose(w.carol, "choir_start", "hospital")
        ix = await choose(w.alice, "choir_first", str(w.carol.id))
        assert ix.ephemeral and f"<@{w.carol.id}> will go first" in ix.text
        table = fake.messages(w.table)[0]
        orders = component(table, "choir_order")["options"]
        clockwise = f"{w.alice.id}.{w.carol.id}.{w.bob.id}"
        assert clockwise in [o["value"] for o in orders]
        await choose(w.bob, "choir_order", clockwise)
        table = fake.messages(w.table)[0]
        assert "Corner" in table.text and "Starting:" in table.text

        await t.click_start(w.alice)
        public = (await state())["public"]
        assert public["active"] == 2 and public["order"] == [0, 2, 1]  # Carol (Zeez) first
        places = {s: v["nexus"] for s, v in public["saints"].items()}
        assert places == {"0": "chapel", "1": "chapel", "2": "hospital"}
        assert list(public["nexuses"]) == ["chapel", "hospital", "main_street", "manor"]
        text = (await live_table(fake, bot, w.table)).text
        assert (
            "True threats" in text
            and "Gryla: master" in text
            and "Yule Lads: minion A, archetypes 2, 3" in text
        )
        assert "clock 23 cards" in text and "Manor" in text and "Fun Park" not in text
        assert "archetype_" not in text and "archetype_" not in fake.public_text(w.table)

        # -- bad input: out of step, out of turn --------------------------------------------------------
        await refused(w.carol, "apocrypha seal", "none is under way", guard="hospital")
        await refused(w.alice, "apocrypha seal", "none is under way")
        await refused(w.alice, "apocrypha endturn", "turn")

        # -- the hours pass ------------------------------------------------------------------------------
        users = {0: w.alice, 1: w.bob, 2: w.carol}
        turns = 0
        while (await state())["public"]["step"] != "over" and turns < 40:
            public = (await state())["public"]
            active, order = public["active"], public["order"]
            await run(users[active], "apocrypha endturn")
            public = (await state())["public"]
            left = order[(order.index(active) + 1) % len(order)]
            assert public["step"] == "over" or public["active"] == left  # the turn passes to the left
            turns += 1
        public = (await state())["public"]
        assert public["step"] == "over" and turns == 24  # 24 omens: the 25th turn times out
        # The table shows the latest lines; the whole log is rebuilt from the moves.
        assert "timed out" in "\n".join(bot.service.history(await bot.store.get(sid)).lines)
        chooser = public["pending"][0]["seat"]
        await run(users[chooser], "apocrypha answer", option=2)  # the next saint clockwise takes it
        public = (await state())["public"]
        assert public["outcome"] is None and public["between"]["stage"] == "rebuild"
        takes = [s for s, v in public["saints"].items() if v["mission_deaths"]]
        assert takes and len(takes) == 1
        # Between missions: each saint says their deck is ready.
        for seat in sorted(p["seat"] for p in public["pending"]):
            await run(users[seat], "apocrypha answer", option=1)
        public = (await state())["public"]
        assert public["outcome"] == "lost" and public["pending"] == []
        await settle(bot)
        # The result post, then Mission End's records.
        report("apocrypha co-op", await t.watch.finish(after=1))
        assert "records are updated" in fake.last_message(w.table).text
        names = {"0": ("alice", "Ophelia"), "1": ("bob", "Frank"), "2": ("carol", "Zeez")}
        who, name = names[takes[0]]
        record = await bot.store.get_record(w.guild.id, getattr(w, who).id, "apocrypha", "saint", name)
        assert "death" in SaintRecord.model_validate(record.data).halo.values().__repr__()
