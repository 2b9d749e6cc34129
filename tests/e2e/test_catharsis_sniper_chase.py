"""Catharsis end to end: two heroes chase the Demon-eyed Sniper through her deck on Discord."""

from __future__ import annotations

from pathlib import Path

import bot.games.catharsis  # noqa: F401  registers the game before the bot starts
from bot.engine.prng import Rng
from bot.games.catharsis import RULES
from tests.e2e.catharsis_party import open_party, play_out
from tests.e2e.harness import running_bot
from tests.e2e.surface import Surface
from tests.fakediscord import FakeDiscord


async def test_two_heroes_chase_the_demon_eyed_sniper(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=20261123) as bot:
        watch = Surface(fake, bot, w.table)
        party = await open_party(fake, bot, "demon-eyed-sniper", "new-questors")
        # She is the first card: the hunt opens with a fight against her.
        assert "Demon-eyed Sniper" in fake.public_text(w.table)
        await play_out(party, watch, Rng.from_seed(4))  # a seeded party that lets her slip away (roles are picked at random)
        row = await party.row()
        state = RULES.load_state(row.state)
        assert state.public.quarry is not None, "she never slipped away"
        assert "Demon-eyed Sniper" in (row.result or "")
        await watch.finish()
