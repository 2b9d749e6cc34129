"""Catharsis end to end: each later Boss deck is chosen in the lobby, looked up, and played to its end."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.games.catharsis  # noqa: F401  registers the game before the bot starts
from bot.engine.prng import Rng
from bot.games.catharsis.cards import content
from tests.e2e.catharsis_party import open_party, play_out
from tests.e2e.harness import running_bot
from tests.e2e.surface import Surface
from tests.fakediscord import FakeDiscord

# deck: a phrase its Boss card's lookup must show (the deck's own mechanic, in words)
MECHANIC = {
    "godmind": "Its blows grow by 1 for every 2 powers the party has passed",
    "holy-assassins": "every hero discards 1 power; the party loses 3 Morale",
    "kings-guard": "Frenzy (once his guard can rise no more)",
    "verminologist": "it calls up a Gnawing Rat",
}


@pytest.mark.parametrize("deck", sorted(MECHANIC))
async def test_a_boss_deck_plays_to_its_end(fake_discord: FakeDiscord, tmp_path: Path, deck: str) -> None:
    fake, w = fake_discord, fake_discord.world
    boss = content().encounters[content().decks[deck].boss].name
    async with running_bot(fake, tmp_path, seed=20261124) as bot:
        offered = await (await fake.autocomplete(w.alice, w.table, "catharsis new", focused="boss", boss="")).done()
        assert deck in {c["value"] for c in offered.choices}
        card = await (await fake.slash(w.carol, w.table, "catharsis card", name=boss)).done()
        assert card.ephemeral and MECHANIC[deck] in card.text
        watch = Surface(fake, bot, w.table)
        party = await open_party(fake, bot, deck, "new-questors")
        await play_out(party, watch, Rng.from_seed(5))
        assert boss in ((await party.row()).result or "")
        await watch.finish()
