"""After every move, every player's DM panel and the channel's prompt show the game as it is now,
including for players the move did not concern (issue 11: a Haunted "Now" line lagged behind, and a
prompt kept its first wording while the same players stayed awaited)."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import running_bot, settle
from tests.e2e.surface import Surface
from tests.fakediscord import FakeDiscord


async def test_every_haunted_panel_and_the_prompt_follow_each_move(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=8) as bot:
        await (await fake.slash(w.alice, w.table, "haunted new")).done()
        await (await fake.slash(w.bob, w.table, "haunted join")).done()
        await (await fake.slash(w.carol, w.table, "haunted join")).done()
        await (await fake.slash(w.alice, w.table, "haunted start")).done()
        await settle(bot)
        sid = (await bot.service.session_in(w.table.id)).id
        cog, watch, rng = bot.game_cog("haunted"), Surface(fake, bot, w.table), random.Random(2)
        reworded = 0  # moves after which the same players stayed awaited, in other words
        for _ in range(60):
            row = await bot.store.get(sid)
            if row.status != "running":
                break
            seat = int(next(iter(row.waiting)))
            before = cog.waiting_prompt(row), set(row.waiting)
            await bot.service.act(sid, row.seats[seat], rng.choice(bot.service.legal_actions(row, seat)))
            await settle(bot)
            row = await bot.store.get(sid)
            for n, user in enumerate(row.seats):
                dm = await bot.store.get_dm(sid, user)
                shown = fake.messages_by_id[dm.message_id].embeds
                drawn = [e.to_dict() for e in cog.private_message(row, n, bot.publisher.notes(sid, user))[0]]
                assert shown == drawn, f"seat {n}'s panel after move {len(row.moves)}: {shown[0]['fields'][0]} != {drawn[0]['fields'][0]}"
            if row.status == "running" and row.waiting:
                await watch.check()
                [prompt] = watch.prompts()
                assert cog.waiting_prompt(row) in prompt.content, f"{prompt.content!r} after move {len(row.moves)}"
                reworded += (cog.waiting_prompt(row), set(row.waiting)) != before and set(row.waiting) == before[1]
        assert len(row.moves) >= 30 and reworded
