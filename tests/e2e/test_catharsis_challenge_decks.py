"""Catharsis end to end with the challenge decks: chosen in the lobby's Boss select, seated by their own
player limits, looked up, shown on the table, and played to the end through the players' DM panels."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.games.catharsis  # noqa: F401  registers the game before the bot starts
from bot.engine.prng import Rng
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import content
from tests.e2e.catharsis_party import Party, open_party, play_out
from tests.e2e.harness import guests, running_bot, settle
from tests.e2e.surface import Surface
from tests.fakediscord import FakeDiscord

# deck: a card of it and a phrase its lookup must show (the deck's own structure, in words)
STRUCTURE = {
    "summoner": ("The Summoner", "calls back the summon beaten most recently"),
    "priest-of-the-unknown": ("Priest of the Unknown", "Each villager saved takes 1/2/3/4 health off him"),
    "dragon-and-lich": ("Blessing of the Aurora", "paid by the next living hero after the one who claims it"),
    "avatar": ("The Shimmering Rift", "A crossroads: the party votes which realm to enter"),
}


@pytest.mark.parametrize("deck", sorted(STRUCTURE))
async def test_a_challenge_deck_is_offered_and_plays_to_its_end(
    fake_discord: FakeDiscord, tmp_path: Path, deck: str
) -> None:
    fake, w = fake_discord, fake_discord.world
    boss = content().encounters[content().decks[deck].boss].name
    async with running_bot(fake, tmp_path, seed=20261124) as bot:
        offered = await (await fake.autocomplete(w.alice, w.table, "catharsis new", focused="boss", boss="")).done()
        line = next(c["name"] for c in offered.choices if c["value"] == deck)
        assert "(challenge" in line and len(line) <= 100
        name, phrase = STRUCTURE[deck]
        card = await (await fake.slash(w.carol, w.table, "catharsis card", name=name)).done()
        assert card.ephemeral and phrase in card.text
        watch = Surface(fake, bot, w.table)
        party = await open_party(fake, bot, deck, "new-questors")
        await play_out(party, watch, Rng.from_seed(5))
        assert boss.removeprefix("The ") in ((await party.row()).result or "")
        await watch.finish()


async def test_six_heroes_sit_down_against_the_summoner_but_a_boss_deck_seats_four(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, w = fake_discord, fake_discord.world
    extra = guests(fake, "dave", "erin", "frank", "grace")
    async with running_bot(fake, tmp_path, seed=20261124) as bot:
        # A Boss deck (in the lounge): the fifth player is refused in plain words, and nothing changes.
        await (await fake.slash(w.alice, w.lounge, "catharsis new", boss="corrupted-horse")).done()
        await settle(bot)
        lobby = next(m for m in fake.messages(w.lounge) if "Catharsis: lobby" in m.text and m.components)
        assert "Players (1/4" in lobby.text
        for u in (w.bob, w.carol, extra[0]):
            await (await fake.click(u, lobby, fake.find_button(lobby, label="Join"))).done()
        refused = await (await fake.click(extra[1], lobby, fake.find_button(lobby, label="Join"))).done()
        assert refused.ephemeral and "at most 4 players with these options" in refused.text
        row = await bot.service.session_in(w.lounge.id)
        assert len(row.seats) == 4

        # The Summoner: six sit down, the seventh is refused; the lobby says 6.
        ix = await (await fake.slash(w.alice, w.table, "catharsis new", boss="summoner")).done()
        assert "challenge deck for 1-6 heroes" in ix.text and "up to 6 against the Summoner" in ix.text
        await settle(bot)
        lobby = [m for m in fake.messages(w.table) if "Catharsis: lobby" in m.text and m.components][-1]
        users = [w.alice, w.bob, w.carol, *extra[:3]]
        for u in users[1:]:
            await (await fake.click(u, lobby, fake.find_button(lobby, label="Join"))).done()
        await settle(bot)
        assert "Players (6/6" in lobby.text
        refused = await (await fake.click(extra[3], lobby, fake.find_button(lobby, label="Join"))).done()
        assert refused.ephemeral and "table is full" in refused.text
        await (await fake.click(w.alice, lobby, fake.find_button(lobby, label="Start"))).done()
        await settle(bot)
        row = await bot.service.session_in(w.table.id)
        party = Party(fake, bot, row.id, users)
        watch = Surface(fake, bot, w.table)
        roles = ["unmei", "leme", "maladaum", "tenzin", "jaden", "hidorian"]
        for seat, role in enumerate(roles):
            assert "your role" in party.panel(seat).text
            await party.perform(seat, c.ChooseRole(role=role))
            await watch.check()
        row = await party.row()
        heroes = row.state["public"]["heroes"]
        assert [h["role"] for h in heroes] == roles and row.state["public"]["party_size"] == 6
        table = fake.public_text(w.table)
        for role in roles:
            assert content().roles[role].name in table
        # Random panel moves to the end (no face-down card named in public): the rush, for six heroes.
        await play_out(party, watch, Rng.from_seed(9))
        row = await party.row()
        assert row.status == "finished" and row.state["public"]["summoned"] >= 1
        await watch.finish()


async def test_a_blessing_is_taken_with_one_click_and_the_next_player_pays_its_price(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=20261124) as bot:
        party = await open_party(fake, bot, "dragon-and-lich", "adventurers")
        await party.perform(0, c.ChooseRole(role="unmei"))
        row = await bot.service.store.get(party.sid, fresh=True)
        deck = row.state["secret"]["boss_deck"]
        deck.remove("blessing-of-the-aurora")
        deck.insert(0, "blessing-of-the-aurora")  # the first card Bob's choice of role reveals
        await bot.service.store.save(row)
        await party.perform(1, c.ChooseRole(role="leme"))
        panel = party.panel(0)
        assert "Blessing of the Aurora: take it to heal 6 (yourself), draw a power" in panel.text
        assert "if you take it, bob (the next hero after you) pays its price: 2 damage to bob" in panel.text
        alice, bob = (f"<@{u.id}>" for u in party.users)
        assert f"{bob} pays if {alice} takes it; {alice} pays if {bob} takes it" in fake.public_text(w.table)
        # Bob is asked too, but the price would then fall on Alice; Alice takes it.
        await party.perform(0, c.Claim(discard=[]))
        table = fake.public_text(w.table)
        assert "takes Blessing of the Aurora" in table and "The price of Blessing of the Aurora falls on" in table
        state = RULES.load_state((await party.row()).state)
        [packet] = state.public.packets
        assert packet.seat == 1 and packet.amount == 2
        assert not any(isinstance(a, c.Take) for a in RULES.legal_actions(state, 0))
        take = next(a for a in RULES.legal_actions(state, 1) if isinstance(a, c.Take))
        await party.perform(1, take)
        state = RULES.load_state((await party.row()).state)
        assert state.public.heroes[1].health == 12 - 2 and state.public.card != "blessing-of-the-aurora"
