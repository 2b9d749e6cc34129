"""Catharsis through the fake Discord: a party of players acting from their DM panels."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.engine.prng import Rng
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import content
from bot.games.catharsis.state import CatharsisState
from cogs.catharsis.views import encode
from tests.e2e.harness import ids_on as ids_in
from tests.e2e.harness import plain_id, settle, stamped
from tests.e2e.surface import Surface
from tests.fakediscord import FakeDiscord, FakeMessage


def find(msg: FakeMessage, cid: str) -> dict[str, Any] | None:
    return next((comp for comp in ids_in(msg.components) if plain_id(comp["custom_id"]) == cid), None)


class Party:
    def __init__(self, fake: FakeDiscord, bot: Any, sid: int, users: list[Any]) -> None:
        self.fake, self.bot, self.sid, self.users = fake, bot, sid, users

    aims = 0  # answered follow-up questions (which dice, which power, which pool dice go to whom)

    def used(self, seat: int, a: Any) -> str:
        """What an aimed action uses, as its answered question names it."""
        if isinstance(a, c.Activate):
            return f"{content().card_name(self.board[a.slot]['card'])} ({a.half})"
        if isinstance(a, c.DuoUse):
            from bot.games.catharsis.duo import cards

            shared = next(d for d in self.duos if seat in d["seats"])
            return f"{cards()[shared['card']].name} ({a.half})"
        return "Passive" if isinstance(a, c.Passive) else "Role card flipped"

    def panel(self, seat: int) -> FakeMessage:
        [dm] = self.fake.dm_messages(self.users[seat])
        return dm

    def offered(self, seat: int, action: Any) -> bool:
        """Whether the seat's panel shows a control for this action."""
        panel, sid = self.panel(seat), self.sid
        if isinstance(action, (c.Activate, c.Passive, c.Flip, c.Bind, c.DuoUse)):
            use = find(panel, f"gms:{sid}:use")
            return use is not None and encode(action) in {o["value"] for o in use["options"]}
        return True

    async def ok(self, ix: Any) -> Any:
        await ix.done()
        await settle(self.bot)  # a click deferred while it waited is answered after its acknowledgement
        answered = ix.original is not None and ix.original.content.startswith("✓")
        if ix.ephemeral and ix.original is not None and not ix.original.components and not answered:
            raise AssertionError(f"refused: {ix.original.text}")
        return ix

    async def perform(self, seat: int, a: Any, aim_values: list[str] | None = None) -> None:
        """Play `a` from the seat's panel; a follow-up aim select is answered with `aim_values`, or
        else its first options."""
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
        elif isinstance(a, c.Claim) and not a.discard:  # a blessing: nothing given up, one button
            await click(f"gm:{sid}:claim")
        elif isinstance(a, c.Claim):
            await pick(f"gms:{sid}:claim", [str(i) for i in a.discard])
        elif isinstance(a, c.Recover):
            if a.slots:
                await pick(f"gms:{sid}:recover", [str(i) for i in a.slots])
            else:
                await click(f"gm:{sid}:recover")
        else:
            pub = (await self.row()).state["public"]
            self.board, self.duos = pub["heroes"][seat]["board"], pub.get("duos", [])
            ix = await pick(f"gms:{sid}:use", [encode(a)])
            aim = ix.original
            if ix.ephemeral and aim is not None and aim.components:
                [select] = ids_in(aim.components)
                values = aim_values or [o["value"] for o in select["options"]][: select.get("min_values", 1)]
                labels = [o["label"] for o in select["options"] if o["value"] in values]
                await self.ok(await fake.select(user, aim, select["custom_id"], values))
                # The answered question shrinks to one line in the game's words: what was used, on what.
                assert aim.content == f"✓ {self.used(seat, a)}: {', '.join(labels)}", aim.content
                assert not aim.embeds and not aim.components
                self.aims += 1
        await settle(self.bot)

    async def row(self) -> Any:
        return await self.bot.store.get(self.sid)



MAX_MOVES = 600


async def open_party(fake: FakeDiscord, bot: Any, boss: str, difficulty: str) -> Party:
    """Alice opens a lobby against `boss`, Bob joins, Alice starts: both get their role panels."""
    w = fake.world
    ix = await (await fake.slash(w.alice, w.table, "catharsis new", boss=boss, difficulty=difficulty)).done()
    assert "Catharsis: lobby" in ix.text
    assert content().decks[boss].name.removeprefix("the ") in ix.text
    await settle(bot)
    lobby = next(m for m in fake.messages(w.table) if "Catharsis" in m.text and m.components)
    await (await fake.click(w.bob, lobby, fake.find_button(lobby, label="Join"))).done()
    await (await fake.click(w.alice, lobby, fake.find_button(lobby, label="Start"))).done()
    await settle(bot)
    row = await bot.service.session_in(w.table.id)
    party = Party(fake, bot, row.id, [w.alice, w.bob])
    assert "your role" in party.panel(0).text
    return party


def hidden_names(state: Any) -> set[str]:
    """Names of cards still face down (a card whose twin was already revealed is public by name)."""
    boss = content().decks[state.public.deck].boss
    shown = {content().card_name(x) for x in state.public.revealed}
    hidden = {content().card_name(x) for x in state.secret.boss_deck if x != boss}
    hidden |= {content().card_name(x) for deck in state.secret.decks.values() for x in deck}
    # Fizzleboom & Burrr's Flip puts a known discard under their deck: everyone saw it go there.
    shown |= {content().card_name(x) for h in state.public.heroes for x in h.returned}
    return hidden - shown


# Picks one of the offered actions for a seat, or makes the move itself (a select) and returns None.
Choose = Callable[[CatharsisState, int, list[Any]], Awaitable[Any]]
# Sees each move made with the states before and after it, and the moves made before it.
After = Callable[[int, Any, CatharsisState, CatharsisState, list[Any]], Awaitable[None]]


async def play_out(
    party: Party, watch: Surface, rng: Rng, *, choose: Choose | None = None, after: After | None = None
) -> list[Any]:
    """Seeded legal moves the panels offer (at random unless `choose` picks) until the game ends;
    checks the surface and that no face-down card is named in public after every move. Returns the
    actions taken."""
    taken: list[Any] = []
    for _ in range(MAX_MOVES):
        row = await party.row()
        if row.status != "running":
            break
        state = RULES.load_state(row.state)
        seat = rng.choice(RULES.waiting_for(state))
        actions = [a for a in RULES.legal_actions(state, seat) if party.offered(seat, a)]
        action = rng.choice(actions) if choose is None else await choose(state, seat, actions)
        if action is None:
            continue
        await party.perform(seat, action)
        await watch.check()
        now = RULES.load_state((await party.row()).state)
        if after is not None:
            await after(seat, action, state, now, taken)
        taken.append(action)
        public = party.fake.public_text(party.fake.world.table)
        leaked = [name for name in hidden_names(now) if name in public]
        assert not leaked, f"a hidden card was named in public: {leaked}"
    row = await party.row()
    assert row.status == "finished", "the game did not finish"
    return taken
