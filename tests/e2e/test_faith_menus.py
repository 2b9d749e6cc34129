"""Faith through the fake Discord on a crowded table: a choice too long for one select opens a
private menu with pages, and the `/faith` move commands autocomplete from the legal actions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import bot.games.faith  # noqa: F401  (registers the game for the bot under test)
from bot.games.faith import RULES
from bot.games.faith.state import FaithState
from cogs.faith.views import decode
from tests.e2e.harness import ids_on, private, running_bot, settle
from tests.e2e.test_refusals import forged, new_game
from tests.fakediscord import FakeDiscord
from tests.games.faith.faith_builder import table, uid_of

MINE = [("isaac-son-of-promise", {})] * 11
THEIRS = [("korah-rebel", {})] * 11


async def crowd(bot: Any, sid: int) -> FaithState:
    """Put the running game on a crowded table: 11 characters a side, and Alice (seat 1) to act
    with Sowing Discord (121 target pairs) and 29 more cards in hand."""
    st = table(
        hands={0: ["sowing-discord"] + ["adam-god-breathed"] * 29}, fields={0: MINE, 1: THEIRS}, light=9, dark=9
    )
    row = await bot.service.store.get(sid)
    row.state = st.model_dump(mode="json")
    row.waiting = {"0": bot.service.clock().isoformat()}
    await bot.service.store.save(row)
    return st


async def test_a_long_choice_opens_a_menu_with_pages(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid = await new_game(fake, bot, w.table, "faith", w.alice, w.bob, players=2)
        st = await crowd(bot, sid)
        discord_uid = uid_of(st, 0, "sowing-discord", "hand")
        shown = await (await fake.slash(w.alice, w.table, "faith hand")).done()
        [panel] = shown.messages
        plays = next(c for c in ids_on(panel.components) if ":do:1" in c["custom_id"])
        values = [o["value"] for o in plays["options"]]
        assert len(values) == 25 and values[-1] == "gp:1"  # 24 and "More…"
        opened = await (await fake.select(w.alice, panel, plays["custom_id"], [f"gp:1.c{discord_uid}"])).done()
        # 121 target pairs, each with two ways to pay the neutral cost: three pages.
        assert private(opened) and "242 choices (page 1 of 3)" in opened.text, opened.text
        assert "Pay 0☉ 1☾ · Isaac - Son of Promise #1 (yours) and Korah - Rebel #1 (bob)" in opened.text
        [menu] = opened.messages
        assert len([c for c in ids_on(menu.components) if c.get("options")]) == 4
        for page in (2, 3):
            turned = await (await fake.click(w.alice, menu, fake.find_button(menu, label="Next ▶"))).done()
            assert f"page {page} of 3" in turned.text
            menu = fake.messages_by_id[menu.id]  # edited in place
        last = [c for c in ids_on(menu.components) if c.get("options")]
        assert [len(c["options"]) for c in last] == [25, 17]
        last = last[1:]
        value = last[0]["options"][-1]["value"]
        chosen = decode(value)
        assert chosen and chosen["card"] == discord_uid
        done = await (await fake.select(w.alice, menu, last[0]["custom_id"], [value])).done()
        assert private(done)
        await settle(bot)
        after = RULES.load_state((await bot.service.session(sid)).state)
        assert discord_uid in [h.uid for h in after.public.seats[0].exile]
        # The last choice pays the neutral cost with light: 1 dark and 1 light spent.
        assert chosen["neutral_light"] == 1
        assert (after.public.seats[0].light, after.public.seats[0].dark) == (8, 8)

        # Bob cannot open Alice's menus or act out of turn.
        menu_id = plays["custom_id"].replace("@0:", "@1:")  # drawn for the moment after Alice's play
        late = await forged(fake, w.bob, w.table, menu_id, ["gp:1"], message=panel)
        assert private(late) and "Sowing" not in late.text and "Adam" not in late.text, late.text
        stale = await forged(fake, w.alice, w.table, plays["custom_id"], ["gp:1"], message=panel)
        assert private(stale) and "out of date" in stale.text, stale.text


async def test_move_commands_autocomplete_from_the_legal_actions(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid = await new_game(fake, bot, w.table, "faith", w.alice, w.bob, players=2)
        st = await crowd(bot, sid)
        typed = await (
            await fake.autocomplete(w.alice, w.table, "faith challenge", focused="attacker", attacker="isaac")
        ).done()
        names = [c["name"] for c in typed.choices or []]
        assert names[0] == "Isaac - Son of Promise #1" and names[1] == "Isaac - Son of Promise #2" and len(names) == 11
        attacker = typed.choices[3]["value"]
        targets = await (
            await fake.autocomplete(
                w.alice, w.table, "faith challenge", focused="target", attacker=attacker, target=""
            )
        ).done()
        assert len(targets.choices or []) == 11
        assert [c["name"] for c in targets.choices][:2] == [
            "Challenge Korah - Rebel #1 (bob)",
            "Challenge Korah - Rebel #2 (bob)",
        ]
        # Bob is not to move: his suggestions are empty and his command is refused.
        bobs = await (
            await fake.autocomplete(w.bob, w.table, "faith pray", focused="character", character="")
        ).done()
        assert not bobs.choices
        refused = await (await fake.slash(w.bob, w.table, "faith pray", character="Korah")).done()
        assert private(refused) and "not your move" in refused.text
        # A typo is refused plainly and changes nothing; an ambiguous name asks to pick.
        typo = await (await fake.slash(w.alice, w.table, "faith pray", character="Isaak")).done()
        assert private(typo) and "not a character you can choose" in typo.text
        vague = await (await fake.slash(w.alice, w.table, "faith pray", character="Isaac")).done()
        assert private(vague) and "several" in vague.text
        needs = await (await fake.slash(w.alice, w.table, "faith challenge", attacker=attacker)).done()
        assert private(needs) and "11 ways" in needs.text
        # A picked attacker and target: the challenge is made.
        target = targets.choices[0]["value"]
        made = await (await fake.slash(w.alice, w.table, "faith challenge", attacker=attacker, target=target)).done()
        assert private(made) and "Challenge with Isaac" in made.text, made.text
        await settle(bot)
        after = RULES.load_state((await bot.service.session(sid)).state)
        # Isaac (strength 1, health 2) and Korah (strength 2) trade blows: Isaac falls, Korah is hurt.
        assert int(attacker[1:]) in [h.uid for h in after.public.seats[0].exile]
        korah = decode(target)
        assert korah and next(ip for ip in after.public.seats[1].field if ip.uid == korah["target"]).damage == 1
        # Praying by name: the first ready Isaac by its numbered label.
        prayed = await (await fake.slash(w.alice, w.table, "faith pray", character="Isaac - Son of Promise #1")).done()
        assert private(prayed), prayed.text
        assert st.public.seats[0].faith < RULES.load_state((await bot.service.session(sid)).state).public.seats[0].faith


async def test_the_player_chooses_which_energy_pays_for_a_neutral_location(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid = await new_game(fake, bot, w.table, "faith", w.alice, w.bob, players=2)
        st = table(
            fields={
                0: ["hannah-prayerful-mother", "noah-captain-of-the-ark", "the-wilderness", "garden-of-eden"]
            },
            light=2,
            dark=2,
        )
        row = await bot.service.store.get(sid)
        row.state = st.model_dump(mode="json")
        row.waiting = {"0": bot.service.clock().isoformat()}
        await bot.service.store.save(row)
        hannah, wild = uid_of(st, 0, "hannah-prayerful-mother"), uid_of(st, 0, "the-wilderness")
        # The panel offers the move to The Wilderness once per colour, each saying what it costs.
        shown = await (await fake.slash(w.alice, w.table, "faith hand")).done()
        [panel] = shown.messages
        moves = next(c for c in ids_on(panel.components) if ":do:2" in c["custom_id"])
        to_wild = {
            o["label"]: o
            for o in moves["options"]
            if o["label"].startswith("Move Hannah") and "Wilderness" in o["label"]
        }
        assert set(to_wild) == {
            "Move Hannah - Prayerful Mother to The Wilderness (yours), pay 1☉",
            "Move Hannah - Prayerful Mother to The Wilderness (yours), pay 1☾",
        }, list(to_wild)
        dark = to_wild["Move Hannah - Prayerful Mother to The Wilderness (yours), pay 1☾"]
        assert dark["description"].startswith("Costs 1 dark energy"), dark["description"]
        done = await (await fake.select(w.alice, panel, moves["custom_id"], [dark["value"]])).done()
        assert private(done), done.text
        await settle(bot)
        after = RULES.load_state((await bot.service.session(sid)).state)
        assert (after.public.seats[0].light, after.public.seats[0].dark) == (2, 1)
        assert next(ip for ip in after.public.seats[0].field if ip.uid == hannah).location == wild
        # By slash command: Noah's ways to The Wilderness name the colour; light is picked.
        ways = await (
            await fake.autocomplete(
                w.alice, w.table, "faith move", focused="location", character="Noah", location=""
            )
        ).done()
        names = [c["name"] for c in ways.choices or []]
        assert (
            "Pay 1☉ · to The Wilderness (yours)" in names and "Pay 1☾ · to The Wilderness (yours)" in names
        ), names
        # Typing only the place, where both colours are held, asks which and changes nothing.
        vague = await (
            await fake.slash(w.alice, w.table, "faith move", character="Noah", location="Wilderness")
        ).done()
        assert private(vague) and "several" in vague.text, vague.text
        light = next(c["value"] for c in ways.choices if c["name"] == "Pay 1☉ · to The Wilderness (yours)")
        moved = await (
            await fake.slash(w.alice, w.table, "faith move", character="Noah", location=light)
        ).done()
        assert private(moved) and "pay 1☉" in moved.text, moved.text
        await settle(bot)
        after = RULES.load_state((await bot.service.session(sid)).state)
        assert (after.public.seats[0].light, after.public.seats[0].dark) == (1, 1)
