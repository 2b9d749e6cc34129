"""Catharsis end to end with a duo power: Alice and Bob pair up in the lobby's select (Carol, not in the
lobby, is refused), start as Leme and Maladaum, and play to the end from their DM panels, using both
halves of their shared Briar Vow and taking damage on it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import bot.games.catharsis  # noqa: F401  registers the game before the bot starts
from bot.engine.prng import Rng
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.state import CatharsisState
from tests.e2e.catharsis_party import Party, play_out
from tests.e2e.harness import running_bot, settle, stamped
from tests.e2e.surface import Surface
from tests.fakediscord import FakeDiscord


async def test_a_duo_power_from_the_lobby_to_the_end(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=20261124) as bot:
        watch = Surface(fake, bot, w.table)
        await (await fake.slash(w.alice, w.table, "catharsis new", boss="corrupted-horse", difficulty="new-questors")).done()
        await settle(bot)
        lobby = next(m for m in fake.messages(w.table) if "Catharsis" in m.text and m.components)
        await (await fake.click(w.bob, lobby, fake.find_button(lobby, label="Join"))).done()
        await settle(bot)
        row = await bot.service.session_in(w.table.id)
        sid = row.id

        async def ask(user, partner: str) -> str:
            ix = await fake.select(user, lobby, stamped(lobby, f"gms:{sid}:duo_ask"), [partner])
            await ix.done()
            await settle(bot)
            return ix.original.text if ix.original is not None else ""

        assert "Join the lobby first" in await ask(w.carol, str(w.alice.id))
        assert "pick someone else" in await ask(w.alice, str(w.alice.id))
        assert "once they pick you too" in await ask(w.alice, str(w.bob.id))
        assert f"<@{w.alice.id}> asks <@{w.bob.id}>" in fake.public_text(w.table)
        assert "will share a duo power" in await ask(w.bob, str(w.alice.id))
        assert f"Duo: <@{w.alice.id}> and <@{w.bob.id}>" in fake.public_text(w.table)
        await (await fake.click(w.alice, lobby, fake.find_button(lobby, label="Start"))).done()
        await settle(bot)
        party = Party(fake, bot, sid, [w.alice, w.bob])
        await party.perform(0, c.ChooseRole(role="leme"))
        await party.perform(1, c.ChooseRole(role="maladaum"))
        assert "share the duo power Briar Vow" in fake.public_text(w.table)
        assert "Briar Vow" in party.panel(0).text and "shared with bob" in party.panel(0).text

        rng = Rng.from_seed(5)
        halves: set[str] = set()
        wounded = together = False

        async def duo_first(state: CatharsisState, seat: int, actions: list[Any]) -> Any:
            nonlocal wounded
            takes = [a for a in actions if isinstance(a, c.Take) and a.points is None]
            if together and not wounded and takes and not state.public.duos[0].gone:
                # Choose where the damage lands from the wound select: the first point on the shared power.
                panel, n = party.panel(seat), len(takes[0].slots)
                hero = state.public.heroes[seat]
                values = ["-1", *[str(i) for i, sl in enumerate(hero.board) if sl.ready][: n - 1]]
                if n and len(values) == n:
                    wound = stamped(panel, f"gms:{sid}:wound:{takes[0].packet}")
                    await party.ok(await fake.select([w.alice, w.bob][seat], panel, wound, values))
                    await settle(bot)
                    wounded = True
                    before, after = state.public.duos[0], RULES.load_state((await party.row()).state).public.duos[0]
                    assert (before.ready, after.ready, after.gone) in ((True, False, False), (False, False, True))
                    return None
            return rng.choice([a for a in actions if isinstance(a, c.DuoUse)] or actions)

        async def see_halves(seat: int, action: Any, before: CatharsisState, after: CatharsisState, _: Any) -> None:
            nonlocal together
            if isinstance(action, c.DuoUse):
                halves.add(action.half)
                together = together or (bool(before.public.duos[0].paid) and not after.public.duos[0].ready)

        await play_out(party, watch, rng, choose=duo_first, after=see_halves)
        public = fake.public_text(w.table)
        assert halves == {"top", "bottom"}, halves
        assert together, "both halves were never used in one round"
        assert wounded, "damage never landed on the shared power"
        assert "Briar Vow" in public
        await watch.finish()
