"""SCP: Apollyon end to end: a whole 2-director game through the fake Discord with a fixed seed.

Alice and Bob play every move from their DM panels (selects whose options are
the engine's commands, and buttons for Done and Resolve). Moves are picked by a
seeded policy among what the panel offers, so the game is the same on every run.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.e2e.harness import ids_on as components
from tests.e2e.harness import plain_id, running_bot, settle
from tests.e2e.surface import Surface, live_table, report
from tests.fakediscord import FakeDiscord, FakeMessage

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "apollyon"))

from apollyon_driver import hidden_names, purposeful  # noqa: E402

import bot.games.apollyon  # noqa: E402, F401  (registers the game, so the bot loads cogs.apollyon)
from bot.engine.prng import Rng  # noqa: E402
from bot.games.apollyon import RULES  # noqa: E402
from cogs.apollyon.views import encode  # noqa: E402

MAX_MOVES = 1000




def offered(panel: FakeMessage) -> dict[str, tuple[str, str | None]]:
    """What a panel offers: command JSON (or a button id) -> (custom id, select value)."""
    out: dict[str, tuple[str, str | None]] = {}
    for comp in components(panel.components):
        if comp.get("options"):
            for opt in comp["options"]:
                out[opt["value"]] = (comp["custom_id"], opt["value"])
        else:
            out[plain_id(comp["custom_id"])] = (comp["custom_id"], None)
    return out


def key_of(sid: int, action: Any) -> str:
    if action.type == "ready":
        return f"gm:{sid}:ready"
    if action.type == "resolve":
        return f"gm:{sid}:resolve:{action.mtf}"
    return encode(action)


async def test_a_whole_two_director_game(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=7) as bot:
        watch = Surface(fake, bot, w.table)
        # Hard keeps the two-director game short (the easier levels let it run on for months).
        ix = await (await fake.slash(w.alice, w.table, "apollyon new", difficulty="hard")).done()
        assert "SCP: Apollyon: lobby" in ix.text
        await settle(bot)
        lobby = next(m for m in fake.messages(w.table) if "SCP: Apollyon" in m.text and m.components)
        await (await fake.click(w.bob, lobby, fake.find_button(lobby, label="Join"))).done()
        await (await fake.click(w.alice, lobby, fake.find_button(lobby, label="Start"))).done()
        await settle(bot)
        row = await bot.service.session_in(w.table.id)
        sid = row.id
        users = [w.alice, w.bob]

        # The table shows the tracker and the face-down Apollyon; hands went by DM, and stay out of public.
        public = fake.public_text(w.table)
        assert "Masquerade" in public and "Face down" in public and "│" in public
        assert "Your garrison (2 characters)" in fake.dm_messages(w.alice)[0].text
        state = RULES.load_state(row.state)
        hidden = hidden_names(state)
        assert not any(name in public for name in hidden)

        # Acting outside your phase is refused privately and changes nothing.
        version = row.version
        bad = await (await fake.slash(w.bob, w.table, "apollyon ready")).done()
        assert bad.ephemeral and "not something you can do in the setup phase" in bad.text
        assert (await bot.store.get(sid)).version == version

        rng = Rng.from_seed(11)
        pinged = False
        details_seen = False
        for _ in range(MAX_MOVES):
            row = await bot.store.get(sid)
            if row.status != "running":
                break
            state = RULES.load_state(row.state)
            seat = RULES.waiting_for(state)[0]
            user = users[seat]
            pinged = pinged or f"<@{user.id}>" in fake.public_text(w.table)
            [panel] = fake.dm_messages(user)
            shown = offered(panel)
            actions = [a for a in RULES.legal_actions(state, seat) if key_of(sid, a) in shown]
            assert actions, f"the panel of seat {seat} offers nothing: {list(shown)[:5]}"
            action = purposeful(state, seat, actions, rng)
            cid, value = shown[key_of(sid, action)]
            if value is None:
                ix = await fake.click(user, panel, cid)
            else:
                assert json.loads(value)["type"] == action.type
                ix = await fake.select(user, panel, cid, [value])
            await ix.done()
            await watch.check()
            row = await bot.store.get(sid)
            if not details_seen and row.status == "running" and row.state["public"]["phase"] == "site":
                # Site details: every anomaly's numbers, only to the clicker (even a spectator), nothing changes.
                table = await live_table(fake, bot, w.table)
                ix = await (await fake.click(w.carol, table, fake.find_button(table, label="Site details"))).done()
                assert ix.ephemeral and "Site 1" in ix.text and "Site 2" in ix.text and "threat" in ix.text
                assert (await bot.store.get(sid)).version == row.version
                details_seen = True
            after = RULES.load_state((await bot.store.get(sid)).state)
            still_hidden = hidden & hidden_names(after)
            leaked = [n for n in still_hidden if n in fake.public_text(w.table)]
            assert not leaked, f"public text names {leaked}"
            hidden = still_hidden

        row = await bot.store.get(sid)
        assert row.status == "finished", "the game did not finish"
        assert row.result and row.result.startswith("The Foundation")
        final = fake.messages(w.table)
        assert any("Game over" in m.text for m in final)
        assert pinged, "nobody was mentioned when the game waited on them"
        assert details_seen, "the game never reached a Site phase"
        report("apollyon", await watch.finish())
        assert not fake.take_violations()
