"""Apocrypha end to end: a short guided session of "Taking the Plunge" through the fake Discord.

Alice guides; Bob brings Frank Block (made with `/apocrypha saint create`, joined by command) and
Carol brings Dr. Zeez (joined with the lobby's Bring a saint select). The guide reveals and
stacks nexuses, builds the clock, starts Frank's turn and presents the Gaunt; Zeez assists, the
guide mutates and fixes the dice, Frank fails and takes damage, Zeez gets The Playground, the
mission is won, both choose fragments, and the saints' records come back updated. All along,
no card the guide holds hidden reaches the table, the saints' DMs or their ephemeral replies.
"""

from __future__ import annotations

from typing import Any

from bot.engine.seats import GUIDE
from bot.games.apocrypha import RULES
from bot.games.apocrypha.cards import cached_book
from bot.games.apocrypha.saints import SaintRecord
from bot.games.apocrypha.state import card_id
from cogs.apocrypha.render import namer
from cogs.common.components import parse_custom_id
from tests.e2e.harness import answer, running_bot, settle
from tests.e2e.harness import ids_on as ids_in
from tests.e2e.surface import Surface, live_table, report
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord.state import embed_text


def component(msg: FakeMessage, verb: str) -> dict[str, Any]:
    for comp in ids_in(msg.components):
        if parse_custom_id(comp["custom_id"]).verb == verb:
            return comp
    raise LookupError(f"no {verb!r} on message {msg.id}: {[c['custom_id'] for c in ids_in(msg.components)]}")


def everything_seen(fake: FakeDiscord, user: Any) -> str:
    """What the user sees now plus every earlier version of those messages."""
    parts = [fake.seen_text(user)]
    for msg in fake.seen_by(user):
        for old in msg.history:
            parts.append(old.get("content") or "")
            for embed in old.get("embeds") or []:
                parts.extend(embed_text(embed))
    return "\n".join(parts)


def hidden_names(bot: Any, row: Any) -> set[str]:
    """Names of the cards and nexuses the guide holds hidden right now."""
    guide_view = bot.service.view_for(row, row.roles["guide"])
    name = namer(cached_book(), guide_view["public"])
    secret = guide_view["secret"]
    hidden = [u for deck in secret["nexus_decks"].values() for u in deck] + [
        c["card"] for c in secret["clock"]
    ]
    return {name(u) for u in hidden} | {n["name"] for n in secret["hidden_nexuses"].values()}


def own_names(bot: Any, row: Any, seat: int) -> set[str]:
    """Names of every card this saint may see now: the table's and their own hand's."""
    view = bot.service.view_for(row, row.seats[seat])
    name = namer(cached_book(), view["public"])
    text = str(view)
    book = cached_book()
    kinds = ("gifts", "threats", "omens", "fragments")
    return {name(cid) for kind in kinds for cid in getattr(book, kind) if f"'{cid}#" in text}


async def test_guided_taking_the_plunge(fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    # Only this game's rules and cog: other games' packages may be half-built in the same tree.
    monkeypatch.setattr("bot.client.all_rules", lambda: {RULES.key: RULES})
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=11) as bot:
        sid = 0
        legit: dict[int, set[str]] = {0: set(), 1: set()}  # names each saint has rightly seen
        watch = Surface(fake, bot, w.table)  # the channel is checked after every command

        async def note() -> None:
            row = await bot.service.store.get(sid)
            if row.state is not None:
                for seat in legit:
                    legit[seat] |= own_names(bot, row, seat)

        async def run(user: Any, command: str, **options: Any) -> Any:
            ix = await (await fake.slash(user, w.table, command, **options)).done()
            await settle(bot)
            if sid:
                await note()
                await watch.check()
            return ix

        async def refused(user: Any, command: str, words: str, **options: Any) -> None:
            before = (await bot.service.store.get(sid)).state
            ix = await run(user, command, **options)
            assert ix.ephemeral and words.lower() in ix.text.lower(), ix.text
            assert (await bot.service.store.get(sid)).state == before

        shown: set[str] = set()  # hidden cards the guide has since put face up (a confronted card)

        async def leaks() -> list[str]:
            row = await bot.service.store.get(sid)
            found = []
            for seat, user in enumerate((w.bob, w.carol)):
                seen = everything_seen(fake, user) + fake.public_text(w.table)
                found += [
                    f"{user.name}: {n}" for n in hidden_names(bot, row) - shown - legit[seat] if n in seen
                ]
            return found

        # -- saints are made, and kept per server and user -------------------------------------
        ix = await run(w.bob, "apocrypha saint create", saint="frank_block")
        assert ix.ephemeral and "Frank Block is ready" in ix.text and "Deaths: 0/9" in ix.text
        await run(w.carol, "apocrypha saint create", saint="Dr. Zeez", name="Zeez")
        ix = await (
            await fake.autocomplete(w.carol, w.table, "apocrypha join", focused="saint", saint="ze")
        ).done()
        assert [c["value"] for c in ix.choices] == ["Zeez"]
        ix = await run(w.carol, "apocrypha saint create", saint="frank_block", name="zeez")
        assert ix.ephemeral and "already have a saint called Zeez" in ix.text

        # -- the lobby: Alice guides; Bob joins by command, Carol with the select ------------------
        await run(w.alice, "apocrypha new", mode="guided", mission="taking_the_plunge")
        table = fake.messages(w.table)[0]
        sid = parse_custom_id(component(table, "start")["custom_id"]).session_id
        await run(w.bob, "apocrypha join", saint="Frank Block")
        ix = await (await fake.click(w.carol, table, component(table, "bring")["custom_id"])).done()
        pick = ix.original
        await (await fake.select(w.carol, pick, component(pick, "bring_pick")["custom_id"], ["Zeez"])).done()
        await settle(bot)
        assert "Zeez" in table.text and "Frank Block" in table.text
        await (await fake.click(w.alice, table, component(table, "start")["custom_id"])).done()
        await watch.check()
        await note()
        row = await bot.service.store.get(sid)
        assert row.status == "running" and row.seats == [w.bob.id, w.carol.id]
        public = row.state["public"]
        assert public["saints"]["0"]["name"] == "Frank Block" and public["saints"]["1"]["name"] == "Dr. Zeez"
        assert not await leaks()

        # -- a guide command from a saint, and impossible instructions ------------------------------
        await refused(w.bob, "apocrypha guide delay", "only the guide")
        await refused(
            w.alice, "apocrypha guide stack", "no nexus called nowhere", nexus="nowhere", cards="Gaunt"
        )
        await refused(
            w.alice,
            "apocrypha guide present",
            "no card called excalibur",
            saint="Frank Block",
            card="excalibur",
        )

        ix = await run(w.alice, "apocrypha guide notes")
        assert ix.ephemeral and "Candlepoint" in ix.text and "Delays" in ix.text
        ix = await run(w.alice, "apocrypha guide notes", nexus="motel")
        assert ix.ephemeral and "Mr. Bear is on top" in ix.text
        await refused(w.carol, "apocrypha guide notes", "only the guide")

        # -- the guide sets the scene ---------------------------------------------------------------------
        await run(w.alice, "apocrypha guide reveal", nexus="motel")
        await run(w.alice, "apocrypha guide place", nexus="The Harlequin Hotel")
        await run(w.alice, "apocrypha guide prepare", name="Bloodgroom Bridge", description="Ice and people.")
        await run(w.alice, "apocrypha guide orient", nexus="motel", side="hope")
        await run(w.alice, "apocrypha guide stack", nexus="motel", cards="Strix")
        ix = await run(w.alice, "apocrypha guide clock", cards="Gaunt", after_turns=3)
        assert ix.ephemeral
        guide_dm = fake.dm_messages(w.alice)[-1]
        assert (
            "Strix" in guide_dm.text and "Bloodgroom Bridge" in guide_dm.text and "Clock (27" in guide_dm.text
        )
        # Saints are named, never numbered: a seat number is refused, typed or not.
        await refused(w.alice, "apocrypha guide start", "no saint called 2", saint="2")
        await refused(w.alice, "apocrypha guide start", "no saint called seat:0", saint="seat:0")
        await refused(w.bob, "apocrypha guide start", "only the guide", saint="Frank Block")
        await run(w.alice, "apocrypha guide start", saint="frank")
        await refused(w.carol, "apocrypha next", "turn")
        await run(w.alice, "apocrypha guide present", saint="Frank Block", nexus="motel", card="gaunt")
        row = await bot.service.store.get(sid)
        assert card_id(row.state["public"]["confront"]["card"]) == "gaunt"
        assert "Gaunt" in (await live_table(fake, bot, w.table)).text
        shown.add("Gaunt")
        assert not await leaks()

        # -- the confrontation: Frank's power (once a step), Zeez assists, a mutation, fixed dice -------
        await run(w.bob, "apocrypha next")  # avoid -> initiate
        hand = bot.service.view_for(row := await bot.service.store.get(sid), w.bob.id)["private"]["hand"]
        name = namer(cached_book(), row.state["public"])
        ix = await run(w.bob, "apocrypha play", card="saint", cards=name(hand[0]))
        assert ix.ephemeral and ix.text == "Played.", ix.text
        await refused(w.bob, "apocrypha play", "already used Frank Block", card="saint", cards=name(hand[1]))
        await run(w.bob, "apocrypha next")  # initiate -> act
        bob_dm = fake.dm_messages(w.bob)[-1]
        await (await fake.click(w.bob, bob_dm, component(bob_dm, "attempt")["custom_id"])).done()
        await settle(bot)
        row = await bot.service.store.get(sid)
        check = row.state["public"]["check"]
        assert check["virtue"] == "body" and check["seat"] == 0
        bob_dm = fake.dm_messages(w.bob)[-1]
        ask = fake.find_button(bob_dm, label="Ask for an assist")
        asked = await (await fake.click(w.bob, bob_dm, ask)).done()
        assert asked.ephemeral and f"<@{w.carol.id}>" in asked.text
        assert f"<@{w.bob.id}> asks for help with a Body check: <@{w.carol.id}>" in fake.public_text(w.table)
        await refused(w.carol, "apocrypha assist", "only assist with that virtue", virtue="rage")
        await run(w.carol, "apocrypha assist", virtue="body")
        bob_dm = fake.dm_messages(w.bob)[-1]
        assert "Accept the assist" in bob_dm.text
        await (await fake.click(w.bob, bob_dm, component(bob_dm, "answer")["custom_id"])).done()
        await run(w.alice, "apocrypha guide mutate", mutation="Rock Solid", roll=3)
        await run(w.alice, "apocrypha guide dice", values="1, 1, 1, 1, 1, 1, 1, 1, 1, 1")
        await run(w.bob, "apocrypha roll")
        await run(w.bob, "apocrypha keep")
        row = await bot.service.store.get(sid)
        assert "Failure" in "\n".join(row.log) or "failure" in "\n".join(row.log).lower()
        if any(p["seat"] == 0 for p in row.state["public"]["pending"]):
            await run(w.bob, "apocrypha answer")  # take the waiting damage
        row = await bot.service.store.get(sid)
        frank = row.state["public"]["saints"]["0"]
        assert frank["hand_count"] < 4 or frank["fading"] or row.state["players"]["0"]["buried"]
        assert not await leaks()

        # -- Zeez's turn: Frank's Soul sits at his bottom, so it cannot assist her --------------------------
        panel = fake.dm_messages(w.alice)[-1]  # the guide's DM panel: end the turn with its button
        await (await fake.click(w.alice, panel, component(panel, "g_end_turn")["custom_id"])).done()
        await settle(bot)
        assert (await bot.service.store.get(sid)).state["public"]["active"] is None
        await run(w.alice, "apocrypha guide start", saint="Zeez", draw=False)
        await run(w.alice, "apocrypha guide present", saint="Dr. Zeez", card="Strix")
        shown.add("Strix")
        await run(w.carol, "apocrypha next")
        await run(w.carol, "apocrypha next")
        await run(w.carol, "apocrypha attempt", virtue="soul")
        await refused(w.bob, "apocrypha assist", "does not point at", virtue="soul")
        # -- a fragment, the end of the turn and of the mission -----------------------------------------------
        await run(w.alice, "apocrypha guide fragment", saint="Dr. Zeez", fragment="The Playground")
        await run(w.alice, "apocrypha guide endturn")
        assert not await leaks()
        for user in (w.bob, w.carol):  # the guide's own notes stay with the guide
            assert "will show" not in everything_seen(fake, user)
            assert "Mr. Bear is on top" not in everything_seen(fake, user)
        await watch.check()
        # Guided Mission End is the guide's: one fragment per saint, handed out by the guide.
        await run(w.alice, "apocrypha guide fragment", saint="Frank", name="The Lobby", text="Neon and rain.")
        asked = await run(w.alice, "apocrypha guide endmission", outcome="won")
        await answer(fake, w.alice, asked)
        await settle(bot)
        # The result post, then Mission End's records.
        report("apocrypha", await watch.finish(after=1))
        await refused(w.carol, "apocrypha next", "no game")
        assert "Fragments on display" not in fake.public_text(w.table)
        assert "records are updated" in fake.last_message(w.table).text

        # -- the records: a mission played, fragments slotted, gifts kept ----------------------------------------
        guild = w.guild.id
        frank = SaintRecord.model_validate(
            (await bot.store.get_record(guild, w.bob.id, "apocrypha", "saint", "Frank Block")).data
        )
        zeez = SaintRecord.model_validate(
            (await bot.store.get_record(guild, w.carol.id, "apocrypha", "saint", "Zeez")).data
        )
        assert frank.missions == 1 and zeez.missions == 1
        assert "custom_the_lobby" in frank.halo.values()
        assert frank.custom["custom_the_lobby"] == {"name": "The Lobby", "text": "Neon and rain."}
        assert "the_playground" in zeez.halo.values()
        assert len(frank.gifts) == 11 and not frank.dead  # Frank's virtues: 4 + 3 + 3 + 1
        ix = await run(w.carol, "apocrypha saint show", name="Zeez")
        assert "Missions played: 1" in ix.text and "The Playground" in ix.text
        assert GUIDE == -1


async def test_a_lost_mission_slots_the_ninth_death(fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("bot.client.all_rules", lambda: {RULES.key: RULES})
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=5) as bot:

        async def run(user: Any, command: str, **options: Any) -> Any:
            ix = await (await fake.slash(user, w.table, command, **options)).done()
            await settle(bot)
            return ix

        await run(w.bob, "apocrypha saint create", saint="Frank Block", name="Frank")

        def eight_deaths(current: Any) -> Any:
            record = SaintRecord.model_validate(current.data)
            record.halo = {slot: "death" for slot in (0, 1, 2, 3, 5, 6, 7, 8)}
            current.data = record.model_dump(mode="json")
            return current

        await bot.service.update_record(w.guild.id, w.bob.id, "apocrypha", "saint", "Frank", eight_deaths)
        ix = await run(w.bob, "apocrypha saint list")
        assert "8 deaths" in ix.text
        await run(w.alice, "apocrypha new", mode="guided")
        ix = await run(w.bob, "apocrypha start")
        assert ix.ephemeral and "Only the host" in ix.text
        await run(w.bob, "apocrypha join")  # no saint named: his only saint comes along at start
        ix = await run(w.alice, "apocrypha start")
        # The Start is answered with the table, for everyone, and the prompt as its follow-up.
        assert not ix.ephemeral and ix.embeds and ix.embeds[0]["title"].startswith("Apocrypha") and "([table](" in ix.text
        ix = await (
            await fake.autocomplete(w.alice, w.table, "apocrypha guide start", focused="saint")
        ).done()
        assert ix.choices == [{"name": "Frank Block", "value": "Frank Block"}]
        ix = await (
            await fake.autocomplete(
                w.alice, w.table, "apocrypha guide stack", focused="cards", nexus="x", cards="Gaunt, Str"
            )
        ).done()
        assert {"name": "Gaunt, Strix", "value": "Gaunt, strix"} in ix.choices
        version = (await bot.service.session_in(w.table.id)).version
        asked = await run(w.alice, "apocrypha guide endmission", outcome="lost")
        cancelled = await answer(fake, w.alice, asked, "Cancel")
        assert "nothing changed" in cancelled.text
        assert (await bot.service.session_in(w.table.id)).version == version  # asked, then cancelled
        await answer(fake, w.alice, await run(w.alice, "apocrypha guide endmission", outcome="lost"))
        await settle(bot)
        assert "gone for good" in fake.last_message(w.table).text
        record = await bot.store.get_record(w.guild.id, w.bob.id, "apocrypha", "saint", "Frank")
        assert SaintRecord.model_validate(record.data).dead
        ix = await run(w.bob, "apocrypha saint show")
        assert "dead for good" in ix.text
        await run(w.alice, "apocrypha new", mode="guided")
        ix = await run(w.bob, "apocrypha join", saint="Frank")
        assert ix.ephemeral and "Frank is dead" in ix.text
        ix = await answer(fake, w.bob, await run(w.bob, "apocrypha saint retire", name="frank"))
        assert "Frank retires" in ix.text
        ix = await run(w.bob, "apocrypha saint list")
        assert "no saints" in ix.text
        # Someone else can be named to guide; the creator then plays a saint.
        await (await fake.slash(w.carol, w.lounge, "apocrypha new", mode="guided", guide=w.alice)).done()
        await fake.wait_for(lambda: f"<@{w.alice.id}>" in fake.public_text(w.lounge))
        await settle(bot)
        lobby = await bot.service.store.active_in_channel(w.lounge.id)
        assert lobby.roles == {"guide": w.alice.id} and lobby.seats == [w.carol.id]
