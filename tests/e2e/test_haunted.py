"""Haunted end to end: a whole 3-player short game through the fake Discord, by slash commands and clicks.

Alice and Bob play from their DM panels (selects and buttons); Carol's DMs are
closed, so she plays with `/haunted play`, `/haunted pass`, `/haunted discard`
and the buttons of her `/haunted hand` panel. Every move is the one a seeded
random player picks from the engine's legal actions, so the game is the same
on every run.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from tests.e2e.harness import ids_on as ids_in
from tests.e2e.harness import plain_id, running_bot, settle, stamped
from tests.e2e.surface import Surface, live_table, report
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord.proofread import texts_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "haunted"))

from haunted_driver import named_in, pick_action  # noqa: E402

from bot.engine.prng import Rng  # noqa: E402
from bot.games.haunted import RULES  # noqa: E402
from bot.games.haunted.cards import catalogue  # noqa: E402
from bot.games.haunted.commands import Choose, Discard, Pass, Play, Redraw  # noqa: E402
from cogs.haunted.views import PASS_LABEL, play_arg  # noqa: E402

MAX_MOVES = 400



def component(msg: FakeMessage, prefix: str, value: str | None = None) -> str:
    for comp in ids_in(msg.components):
        cid = comp["custom_id"]
        if plain_id(cid).startswith(prefix) and (
            value is None or value in {o["value"] for o in comp.get("options", [])}
        ):
            return cid
    raise LookupError(
        f"no component {prefix!r} ({value}) on message {msg.id}: {[c['custom_id'] for c in ids_in(msg.components)]}"
    )


class Table:
    def __init__(self, fake: FakeDiscord, bot: Any, sid: int, users: list[Any]) -> None:
        self.fake, self.bot, self.sid, self.users = fake, bot, sid, users
        self.w = fake.world

    async def panel(self, user: Any) -> FakeMessage:
        """Alice and Bob: their DM panel. Carol: a fresh `/haunted hand` reply."""
        if user is self.w.carol:
            ix = await (await self.fake.slash(user, self.w.table, "haunted hand")).done()
            assert ix.ephemeral and ix.original is not None
            return ix.original
        [dm] = self.fake.dm_messages(user)
        return dm

    async def ok(self, ix: Any) -> Any:
        await ix.done()
        if ix.ephemeral and ix.original is not None and not ix.original.components:
            text = ix.original.content  # a refusal is plain words; the hand embed quotes card texts
            assert not any(w in text for w in ("not ", "cannot", "Sorry")), f"refused: {text}"
        return ix

    async def perform(self, seat: int, action: Any) -> None:
        fake, user = self.fake, self.users[seat]
        carol = user is self.w.carol
        if isinstance(action, Play):
            if carol:
                target = self.users[action.target]
                opts: dict[str, Any] = {"card": action.card, "line": action.line, "player": target}
                if action.mode:
                    opts["mode"] = action.mode
                await self.ok(await fake.slash(user, self.w.table, "haunted play", **opts))
            else:
                panel = await self.panel(user)
                ix = await self.ok(
                    await fake.select(user, panel, component(panel, f"gms:{self.sid}:pick"), [action.card])
                )
                where = ix.original
                assert where is not None and where.ephemeral
                await self.ok(await fake.click(user, where, stamped(where, f"gm:{self.sid}:play:{play_arg(action)}")))
                # The answered follow-up shrinks to one line in the game's words: the DM keeps one live panel.
                place = "your line" if action.target == seat else f"{self.users[action.target].name}, line"
                assert where.content.startswith(f"✓ {catalogue().name(action.card)} → {place} {action.line}"), where.content
                assert not where.embeds and not where.components
                assert len(self.fake.dm_messages(user)) == 1
        elif isinstance(action, Pass):
            if carol:
                await self.ok(await fake.slash(user, self.w.table, "haunted pass"))
            else:
                panel = await self.panel(user)
                step = (await self.row()).state["public"]["step"]
                await self.ok(await fake.click(user, panel, fake.find_button(panel, label=PASS_LABEL[step])))
        elif isinstance(action, Discard):
            if carol:
                await self.ok(await fake.slash(user, self.w.table, "haunted discard", card=action.card))
            else:
                panel = await self.panel(user)
                await self.ok(
                    await fake.select(user, panel, component(panel, f"gms:{self.sid}:discard"), [action.card])
                )
        elif isinstance(action, Redraw):
            panel = await self.panel(user)
            await self.ok(await fake.click(user, panel, component(panel, f"gm:{self.sid}:redraw")))
        elif isinstance(action, Choose):
            panel = await self.panel(user)
            button = f"gm:{self.sid}:choose:{action.option}"
            if any(plain_id(c["custom_id"]) == button for c in ids_in(panel.components)):
                await self.ok(await fake.click(user, panel, stamped(panel, button)))
            else:
                cid = component(panel, f"gms:{self.sid}:choose", action.option)
                await self.ok(await fake.select(user, panel, cid, [action.option]))
        await settle(self.bot)

    async def row(self) -> Any:
        return await self.bot.store.get(self.sid)


async def test_a_whole_three_player_game(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    fake.close_dms(w.carol)
    async with running_bot(fake, tmp_path, seed=20261122) as bot:
        watch = Surface(fake, bot, w.table)
        ix = await (await fake.slash(w.alice, w.table, "haunted new", short=True)).done()
        assert "Haunted: lobby" in ix.text and "short game" in ix.text
        await settle(bot)
        lobby = next(m for m in fake.messages(w.table) if "Haunted" in m.text and m.components)
        for user in (w.bob, w.carol):
            await (await fake.click(user, lobby, fake.find_button(lobby, label="Join"))).done()
        await (await fake.click(w.alice, lobby, fake.find_button(lobby, label="Start"))).done()
        await settle(bot)
        row = await bot.service.session_in(w.table.id)
        table = Table(fake, bot, row.id, [w.alice, w.bob, w.carol])

        # Hands went by DM to Alice and Bob; Carol is told to use /haunted hand.
        assert "Your hand (9 cards)" in fake.dm_messages(w.alice)[0].text
        assert fake.dm_messages(w.carol) == []
        assert f"<@{w.carol.id}>, I can't send you direct messages" in fake.public_text(w.table)

        # No card dealt into a hand is named in public (the first-player draw was shown on purpose).
        state = RULES.load_state(row.state)
        shown = named_in(next(t for t in row.log if "goes first" in t))
        dealt = {s: set(h.cards) for s, h in state.players.items()}
        secret = set().union(*dealt.values()) - shown
        assert not named_in(fake.public_text(w.table)) & secret

        rng = Rng.from_seed(99)
        pinged = set()
        for _ in range(MAX_MOVES):
            row = await table.row()
            if row.status != "running":
                break
            state = RULES.load_state(row.state)
            seat = RULES.waiting_for(state)[0]
            if f"<@{table.users[seat].id}>:" in fake.public_text(w.table):
                pinged.add(seat)
            action = pick_action(rng, RULES.legal_actions(state, seat))
            await table.perform(seat, action)
            await watch.check()
            # Cards that have never left the hand they were dealt to stay out of every public message.
            now = RULES.load_state((await table.row()).state).players
            dealt = {s: dealt[s] & (set(now[s].cards) - set(now[s].stuck)) for s in dealt}
            leaked = named_in(fake.public_text(w.table)) & (set().union(*dealt.values()) - shown)
            assert not leaked, f"public text names {[catalogue().name(c) for c in leaked]}"

        row = await table.row()
        assert row.status == "finished", "the game did not finish"
        final = await live_table(fake, bot, w.table)
        assert "Game over" in final.text and "Score:" in final.text and "(lost)" in final.text
        assert not final.components
        assert pinged, "nobody was mentioned when the game waited on them"
        # Line buttons (DMs, private replies) name players as they joined ("bob · line 1"), never "Player 2".
        labels = [
            t for u in (w.alice, w.bob, w.carol) for m in fake.seen_by(u) for v in [*m.history, m.snapshot()] for t in texts_of(v)
        ]
        assert any("bob · line" in t or "carol · line" in t for t in labels)
        assert not [t for t in labels if re.search(r"Player \d · line", t)]
        # The table titles each player's field with their name.
        assert "Player 2" not in final.text and all(n in final.text for n in ("alice", "bob", "carol"))
        report("haunted", await watch.finish())


async def test_bad_input_is_refused_privately_and_changes_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=5) as bot:
        await (await fake.slash(w.alice, w.table, "haunted new")).done()
        await settle(bot)
        lobby = next(m for m in fake.messages(w.table) if "Haunted" in m.text and m.components)
        await (await fake.click(w.bob, lobby, fake.find_button(lobby, label="Join"))).done()
        await (await fake.click(w.alice, lobby, fake.find_button(lobby, label="Start"))).done()
        await settle(bot)
        row = await bot.service.session_in(w.table.id)
        state = RULES.load_state(row.state)
        users = [w.alice, w.bob]
        active = state.public.active
        mover, other = users[active], users[1 - active]
        theirs = state.players[1 - active].cards[0]
        version = row.version

        out_of_turn = await (
            await fake.slash(
                other, w.table, "haunted play", card=state.players[1 - active].cards[0], line=1, player=mover
            )
        ).done()
        assert out_of_turn.ephemeral and "turn" in out_of_turn.text
        not_held = await (
            await fake.slash(mover, w.table, "haunted play", card=theirs, line=1, player=other)
        ).done()
        assert not_held.ephemeral and f"You do not hold {catalogue().name(theirs)}." in not_held.text
        unknown = await (
            await fake.slash(mover, w.table, "haunted play", card="Bat Swarm", line=2, player=other)
        ).done()
        assert unknown.ephemeral and "no Haunted card called" in unknown.text
        early = await (
            await fake.slash(mover, w.table, "haunted discard", card=state.players[active].cards[0])
        ).done()
        assert early.ephemeral and "step 4" in early.text
        assert (await bot.service.session_in(w.table.id)).version == version

        # Autocomplete offers only the cards the player may play now; /haunted card explains any card.
        ix = await (await fake.autocomplete(mover, w.table, "haunted play", focused="card", line=1)).done()
        legal = {a.card for a in RULES.legal_actions(state, active) if isinstance(a, Play)}
        assert {c["value"] for c in ix.choices} == legal
        shown = await (await fake.slash(other, w.table, "haunted card", name="garroted")).done()
        assert shown.ephemeral and "Garrotted" in shown.text and "strangler" in shown.text
