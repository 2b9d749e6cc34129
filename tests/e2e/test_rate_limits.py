"""The fake Discord's rate limits: per-route buckets, X-RateLimit-* headers, 429 with retry_after."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import aiohttp
import discord

from tests.e2e.harness import running_bot, settle
from tests.e2e.test_races import haunted_two_player
from tests.fakediscord import FakeDiscord, run_client
from tests.fakediscord.ratelimit import Limit, RateLimits


async def test_a_bucket_past_its_limit_answers_429_with_retry_after(fake_discord: FakeDiscord) -> None:
    fake, w = fake_discord, fake_discord.world
    # A window of 2 s: three posts always fit in it, however slowly a loaded machine sends them.
    fake.rate_limits = RateLimits(limits={"message_send": Limit(2, 2.0)})
    url = f"{fake.base_url}/channels/{w.table.id}/messages"
    other = f"{fake.base_url}/channels/{w.lounge.id}/messages"
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {fake.token}"}) as http:
        answers = []
        for _ in range(3):
            async with http.post(url, json={"content": "hi"}) as resp:
                answers.append((resp.status, dict(resp.headers), await resp.json()))
        assert [a[0] for a in answers] == [200, 200, 429]
        assert answers[0][1]["X-RateLimit-Limit"] == "2" and answers[0][1]["X-RateLimit-Remaining"] == "1"
        assert answers[1][1]["X-RateLimit-Remaining"] == "0"
        status, headers, body = answers[2]
        assert body["message"] == "You are being rate limited." and body["global"] is False
        assert 0 < body["retry_after"] <= 2.0 and float(headers["Retry-After"]) == body["retry_after"]
        assert headers["X-RateLimit-Bucket"] == answers[0][1]["X-RateLimit-Bucket"]
        async with http.post(other, json={"content": "hi"}) as resp:  # another channel: its own bucket
            assert resp.status == 200
        await asyncio.sleep(body["retry_after"])
        async with http.post(url, json={"content": "hi"}) as resp:  # the window has reset
            assert resp.status == 200
    assert fake.rate_limits.refused == [("POST", f"/api/v10/channels/{w.table.id}/messages", body["retry_after"])]
    assert len([m for m in fake.messages(w.table) if m.content == "hi"]) == 3  # the refused one was not posted


async def test_the_global_limit_spares_interaction_endpoints() -> None:
    limits = RateLimits(global_per_second=1)
    assert limits.check("POST", "/api/v10/channels/1/messages", now=0.0)[1] is None
    assert limits.check("GET", "/api/v10/users/@me", now=0.1)[1] is not None  # the bot's budget is spent
    assert limits.check("POST", "/api/v10/interactions/5/tok/callback", now=0.2)[1] is None
    # The interaction's webhook: a follow-up, an edit of the original response, of a follow-up.
    assert limits.check("POST", "/api/v10/webhooks/9/tok", now=0.3)[1] is None
    assert limits.check("PATCH", "/api/v10/webhooks/9/tok/messages/@original", now=0.4)[1] is None
    assert limits.check("PATCH", "/api/v10/webhooks/9/tok/messages/77", now=0.5)[1] is None
    assert limits.check("DELETE", "/api/v10/channels/1/messages/2", now=0.6)[1] is not None  # still spent
    assert limits.check("GET", "/api/v10/users/@me", now=1.01)[1] is None  # a new second


async def test_a_request_counts_when_it_was_sent_not_when_a_starved_fake_reads_it(fake_discord: FakeDiscord) -> None:
    """On a starved machine the fake's handlers run late, so requests the bot spaced out (its pacer
    keeps under the global budget in any second) reached them bunched, in one of the fake's
    windows: the flaky global 429s of the busy-tables test below at load 20-25. The fake counts
    each request at the moment its sender wrote it (X-Sent-At), as Discord counts it on arrival."""
    fake, w = fake_discord, fake_discord.world
    fake.rate_limits = RateLimits(global_per_second=1)
    url = f"{fake.base_url}/channels/{w.table.id}/messages"
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {fake.token}"}) as http:

        async def post(sent_ago: float) -> int:
            stamp = {"X-Sent-At": repr(time.time() - sent_ago)}
            async with http.post(url, json={"content": "hi"}, headers=stamp) as resp:
                return resp.status

        # Sent 1.2 s apart, read by the fake at once: one each in two seconds of the budget.
        assert [await post(1.2), await post(0.0)] == [200, 200]
        fake.trust_sent_at = False  # counted when read, the two fell in one second
        await asyncio.sleep(1.1)
        assert [await post(1.2), await post(0.0)] == [200, 429]
    assert len(fake.rate_limits.refused) == 1


async def test_discord_py_waits_for_the_bucket_and_every_message_arrives(fake_discord: FakeDiscord) -> None:
    fake, w = fake_discord, fake_discord.world
    fake.rate_limits = RateLimits(limits={"message_send": Limit(2, 0.5)})
    async with run_client(fake, lambda: discord.Client(intents=discord.Intents.none())) as client:
        channel = client.get_channel(w.table.id)
        assert isinstance(channel, discord.TextChannel)
        started = time.monotonic()
        await asyncio.gather(*(channel.send(f"line {i}") for i in range(5)))
        elapsed = time.monotonic() - started
    assert sorted(m.content for m in fake.messages(w.table)) == [f"line {i}" for i in range(5)]
    assert elapsed >= 0.9  # five sends through a bucket of two per half second: three windows


def _drawn(embeds: list[discord.Embed]) -> list[dict[str, object]]:
    return [e.to_dict() for e in embeds]


async def test_busy_tables_under_discords_limits_get_no_429_and_end_on_the_newest_state(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Eight tables whose moves come far faster than Discord lets the bot redraw them (5 edits per
    5 s per channel, 50 requests per second in all): redraws wait for room, coalesced, and every
    table and DM panel ends on the newest state; no request, callback or other, gets a 429."""
    fake, w = fake_discord, fake_discord.world
    fake.rate_limits = RateLimits.discord()
    rooms = [(fake.add_channel(w.guild, f"busy-{n}"), fake.add_user(name=f"a{n}"), fake.add_user(name=f"b{n}")) for n in range(8)]
    for _room, *people in rooms:
        for user in people:
            fake.add_member(w.guild, user)
    async with running_bot(fake, tmp_path, seed=5, pace_redraws=True) as bot:
        sids = [await haunted_two_player(fake, bot, room, a, b) for room, a, b in rooms]
        start, moves, asked = len(fake.requests), [0] * len(sids), []

        async def play(n: int) -> None:
            rng, (room, *people) = random.Random(n), rooms[n]
            while moves[n] < 40:
                row = await bot.store.get(sids[n])
                if row.status != "running" or not row.waiting:
                    return
                seat = int(next(iter(row.waiting)))
                await bot.service.act(sids[n], row.seats[seat], rng.choice(bot.service.legal_actions(row, seat)))
                moves[n] += 1
                if moves[n] % 8 == 0:  # players ask for their hands meanwhile: interaction callbacks
                    asked.append(await fake.slash(people[moves[n] % 2], room, "haunted hand"))
                await asyncio.sleep(0.1)

        await asyncio.gather(*(play(n) for n in range(len(sids))))
        await asyncio.gather(*(ix.done() for ix in asked))
        await settle(bot)
        cog = bot.game_cog("haunted")
        for sid in sids:
            row = await bot.store.get(sid)
            pub = await bot.publisher.record(sid)
            assert pub["table_version"] == row.version
            assert fake.messages_by_id[pub["table"][1]].embeds == _drawn(cog.table_message(row)[0])
            for seat, user in enumerate(row.seats):
                dm = await bot.store.get_dm(sid, user)
                notes = bot.publisher.notes(sid, user)
                assert fake.messages_by_id[dm.message_id].embeds == _drawn(cog.private_message(row, seat, notes)[0])
    assert sum(moves) >= 150 and asked and all(ix.text and not ix.errors for ix in asked)
    assert fake.rate_limits.refused == []  # not on callbacks, not in a channel, not on the global budget
    tables = {f"/channels/{room.id}/messages" for room, _a, _b in rooms}
    writes = [r for r in fake.requests[start:] if r.method in ("POST", "PATCH") and r.path.removeprefix("/api/v10").startswith(tuple(tables))]
    assert len(writes) < sum(moves) / 2  # coalesced: far fewer table and prompt redraws than moves
