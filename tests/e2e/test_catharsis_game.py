"""Catharsis end to end: two heroes hunt the Corrupted Horse through the fake Discord, with a fixed seed.

Alice and Bob play from their DM panels. Every move is one a seeded random
player picks among the engine's legal actions that the panel offers, so the
game is the same on every run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import bot.games.catharsis  # noqa: F401  registers the game before the bot starts
from bot.engine.prng import Rng
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import content
from cogs.catharsis.views import encode
from tests.e2e.harness import ids_on as ids_in
from tests.e2e.harness import plain_id, running_bot, settle, stamped
from tests.e2e.surface import Surface, report
from tests.fakediscord import FakeDiscord, FakeMessage

MAX_MOVES = 600




def find(msg: FakeMessage, cid: str) -> dict[str, Any] | None:
    return next((comp for comp in ids_in(msg.components) if plain_id(comp["custom_id"]) == cid), None)


class Party:
    def __init__(self, fake: FakeDiscord, bot: Any, sid: int, users: list[Any]) -> None:
        self.fake, self.bot, self.sid, self.users = fake, bot, sid, users

    def panel(self, seat: int) -> FakeMessage:
        [dm] = self.fake.dm_messages(self.users[seat])
        return dm

    def offered(self, seat: int, action: Any) -> bool:
        """Whether the seat's panel shows a control for this action."""
        panel, sid = self.panel(seat), self.sid
        if isinstance(action, (c.Activate, c.Passive, c.Flip)):
            use = find(panel, f"gms:{sid}:use")
            return use is not None and encode(action) in {o["value"] for o in use["options"]}
        return True

    async def ok(self, ix: Any) -> Any:
        await ix.done()
        answered = ix.original is not None and ix.original.content.startswith("✓")
        if ix.ephemeral and ix.original is not None and not ix.original.components and not answered:
            raise AssertionError(f"refused: {ix.original.text}")
        return ix

    async def perform(self, seat: int, a: Any) -> None:
        fake, user, sid, panel = self.fake, self.users[seat], self.sid, self.panel(seat)

        async def click(cid: str) -> Any:
            return await self.ok(await fake.click(user, panel, stamped(panel, cid)))

        async def pick(cid: str, values: list[str]) -> Any:
            return await self.ok(await fake.select(user, panel, stamped(panel, cid), values))

        if isinstance(a, c.ChooseRole):
            await pick(f"gms:{sid}:role", [a.role])
        elif isinstance(a, c.Take):
            await click(f"gm:{sid}:take:{a.packet}.{'' if a.points is None else a.points}")
        elif isinstance(a, c.CastVote):
            await click(f"gm:{sid}:vote:{a.option}")
        elif isinstance(a, c.Roll):
            await click(f"gm:{sid}:roll")
        elif isinstance(a, c.Reroll):
            await pick(f"gms:{sid}:reroll", [str(i) for i in a.dice])
        elif isinstance(a, c.Done):
            await click(f"gm:{sid}:done")
        elif isinstance(a, c.Pass):
            await click(f"gm:{sid}:pass")
        elif isinstance(a, c.Claim):
            await pick(f"gms:{sid}:claim", [str(i) for i in a.discard])
        elif isinstance(a, c.Recover):
            if a.slots:
                await pick(f"gms:{sid}:recover", [str(i) for i in a.slots])
            else:
                await click(f"gm:{sid}:recover")
        else:
            ix = await pick(f"gms:{sid}:use", [encode(a)])
            aim = ix.original
            if ix.ephemeral and aim is not None and aim.components:
                [select] = ids_in(aim.components)
                values = [o["value"] for o in select["options"]][: select.get("min_values", 1)]
                await self.ok(await fake.select(user, aim, select["custom_id"], values))
        await settle(self.bot)

    async def row(self) -> Any:
        return await self.bot.store.get(self.sid)


async def test_two_heroes_hunt_the_corrupted_horse(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=20261122) as bot:
        watch = Surface(fake, bot, w.table)
        ix = await (
            await fake.slash(
                w.alice, w.table, "catharsis new", boss="corrupted-horse", difficulty="new-questors"
            )
        ).done()
        assert "Catharsis: lobby" in ix.text and "Corrupted Horse" in ix.text
        await settle(bot)
        lobby = next(m for m in fake.messages(w.table) if "Catharsis" in m.text and m.components)
        await (await fake.click(w.bob, lobby, fake.find_button(lobby, label="Join"))).done()
        await (await fake.click(w.alice, lobby, fake.find_button(lobby, label="Start"))).done()
        await settle(bot)
        row = await bot.service.session_in(w.table.id)
        party = Party(fake, bot, row.id, [w.alice, w.bob])
        assert "your role" in party.panel(0).text

        rng = Rng.from_seed(7)
        seen_roll = seen_vote = False
        for _ in range(MAX_MOVES):
            row = await party.row()
            if row.status != "running":
                break
            state = RULES.load_state(row.state)
            seat = rng.choice(RULES.waiting_for(state))
            actions = [a for a in RULES.legal_actions(state, seat) if party.offered(seat, a)]
            action = rng.choice(actions)
            seen_vote |= isinstance(action, c.CastVote)
            await party.perform(seat, action)
            await watch.check()
            if isinstance(action, c.Roll) and not seen_roll:
                # Bad input: a second roll is refused privately and changes nothing.
                version = (await party.row()).version
                again = await (await fake.slash(party.users[seat], w.table, "catharsis roll")).done()
                assert again.ephemeral and "already rolled" in again.text
                assert (await party.row()).version == version
            seen_roll |= isinstance(action, c.Roll)
            state = RULES.load_state((await party.row()).state)
            boss = content().decks[state.public.deck].boss
            hidden = {content().card_name(x) for x in state.secret.boss_deck if x != boss}
            hidden |= {content().card_name(x) for deck in state.secret.decks.values() for x in deck}
            public = fake.public_text(w.table)
            assert not any(name in public for name in hidden), "a hidden card was named in public"

        row = await party.row()
        assert row.status == "finished", "the game did not finish"
        assert seen_roll and seen_vote
        table = next(m for m in fake.messages(w.table) if "Catharsis: the hunt" in m.text)
        assert "Game over" in table.text and "Morale" in table.text and not table.components
        assert "Corrupted Horse" in (row.result or "")
        report("catharsis", await watch.finish())
